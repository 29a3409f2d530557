import os
import math
import torch
from torch import nn
from torch import optim
from torch .nn import functional as F
from torch .utils .data import Dataset ,DataLoader ,random_split

from torch .utils .tensorboard import SummaryWriter
import keras

from torchvision import models
from torchvision .utils import make_grid
from torchvision import transforms as tsfm
from torchvision .datasets import ImageFolder

import random
import matplotlib .pyplot as plt
from tqdm .notebook import tqdm
from PIL import Image
from pathlib import Path
from IPython import display
import zipfile

seedling_root ='./plant_seedlings_classification/'# helper comment

if not os .path .exists (seedling_root ):
  archive_path ='./plant-seedlings-classification.zip'# note comment

  with zipfile .ZipFile (archive_path ,'r')as zf :
      zf .extractall (seedling_root )

# helper comment
SEED =999
random .seed (SEED )
torch .manual_seed (SEED )
torch .backends .cudnn .deterministic =True

# helper comment
bs =64
n_epochs =50
base_lr =0.001
train_folder =os .path .join (seedling_root ,'train')
test_folder =os .path .join (seedling_root ,'test')


# step 1 (see below)
class SeedlingTrainSet (Dataset ):
    def __init__ (self ,folder ,tfm =None ):
        # disabled: preview code
        self .folder_ds =ImageFolder (root =folder ,transform =tfm )
        self .tfm =tfm
        # disabled: preview code

    def __len__ (self ):
        return len (self .folder_ds )

    def __getitem__ (self ,i_item ):
        picture ,lab =self .folder_ds [i_item ]
        return picture ,lab

class SeedlingTestSet (Dataset ):
    def __init__ (self ,folder ,tfm =None ):
        self .png_files =list (Path (folder ).glob ('*.png'))
        self .tfm =tfm

    def __len__ (self ):
        return len (self .png_files )

    def __getitem__ (self ,i_item ):
        picture =Image .open (self .png_files [i_item ])
        picture =self .tfm (picture )
        picture =picture .unsqueeze (0 )
        return picture

# note comment
train_folder =os .path .join (seedling_root ,'train')
test_folder =os .path .join (seedling_root ,'test')
tfm =tsfm .Compose ([
    tsfm .Resize ((224 ,224 )),
    tsfm .ToTensor (),
])

full_set =SeedlingTrainSet (
    folder =train_folder ,
    tfm =tfm
)

unlabeled_set =SeedlingTestSet (
    folder =test_folder ,
    tfm =tfm
)


# disabled: preview code
# disabled: preview code

# disabled: preview code
# disabled: preview code
# disabled: preview code
# disabled: preview code

# disabled: preview code
# disabled: preview code
# helper comment

# disabled: preview code
# disabled: preview code

# disabled: preview code
# disabled: preview code
# disabled: preview code
# disabled: preview code
# disabled: preview code
# disabled: preview code

# disabled: preview code
# disabled: preview code
# helper comment

# disabled: preview code
# disabled: preview code


# step 2 (see below)
fit_subset ,val_subset =torch .utils .data .random_split (full_set ,[3800 ,950 ])

fit_loader =DataLoader (fit_subset ,batch_size =bs ,shuffle =True )
val_loader =DataLoader (val_subset ,batch_size =bs )



# step 3 (see below)
class SeedlingResNet (nn .Module ):
    def __init__ (self ,n_out =12 ):
        super (SeedlingResNet ,self ).__init__ ()
        # helper comment
        self .backbone =models .resnet50 (weights =models .ResNet50_Weights .DEFAULT )

        # note comment
        for p in self .backbone .parameters ():
            p .requires_grad =True

        # note comment
        self .backbone .fc =nn .Linear (2048 ,n_out )

    def forward (self ,probe ):
        probe =self .backbone (probe )
        return probe
# note comment

net =SeedlingResNet (n_out =12 ).cuda ()
# disabled: preview code
probe =torch .rand (1 ,3 ,224 ,224 ).cuda ()
probe_out =net (probe )
print (probe )
print (probe_out )


# step 4 (see below)
def run_train_epoch (net ,loss_fn ,opt ,fit_loader ,ep ,ep_total ,bs ):
    net .train ()
    tr_losses ,tr_accs =[],[]

    pbar =tqdm (fit_loader ,desc ="[fit] ep {}/{} ({}%) loss=?".format (
    ep ,ep_total ,int (ep /ep_total *100 )),leave =False )
    sum_loss ,sum_acc =0.0 ,0.0
    for step ,(inputs ,lab )in enumerate (pbar ):
        inputs ,targets =inputs .cuda (),lab .cuda ()
        logits =net (inputs )
        loss_val =loss_fn (logits ,targets )
        opt .zero_grad ()
        loss_val .backward ()
        opt .step ()
        acc_val =(logits .argmax (dim =1 )==targets ).float ().mean ().item ()
        sum_loss +=loss_val .item ()
        sum_acc +=acc_val

        pbar .set_description ("[fit] ep {}/{} ({}%) loss={:.6f} acc={:.6f}".format (
        ep +1 ,ep_total ,int ((ep +1 )/ep_total *100 ),round (loss_val .item (),6 ),round (acc_val ,6 )))

    return sum_loss /len (fit_loader ),sum_acc /len (fit_loader )
# helper comment
loss_fn =nn .CrossEntropyLoss ()
opt =optim .Adam (net .parameters (),lr =0.01 )

loss_val ,acc_val =run_train_epoch (
    net ,
    loss_fn ,
    opt ,
    fit_loader ,
    ep =1 ,
    ep_total =1 ,
    bs =bs
)

print (loss_val ,acc_val )

# step 5 (see below)
def run_valid_epoch (net ,loss_fn ,val_loader ,ep ,ep_total ,bs ):
    net .eval ()

    pbar =tqdm (val_loader ,desc ="[val] ep {}/{} ({}%) loss=?".format (
    ep ,ep_total ,int (ep /ep_total *100 )),leave =False )
    sum_loss ,sum_acc =0.0 ,0.0
    with torch .no_grad ():
        for step ,(inputs ,lab )in enumerate (pbar ):
            inputs ,targets =inputs .cuda (),lab .cuda ()
            logits =net (inputs )
            loss_val =loss_fn (logits ,targets )
            acc_val =(logits .argmax (dim =1 )==targets ).float ().mean ().item ()
            sum_loss +=loss_val .item ()
            sum_acc +=acc_val

            pbar .set_description ("[val] ep {}/{} ({}%) loss={:.6f} acc={:.6f}".format (
            ep +1 ,ep_total ,int ((ep +1 )/ep_total *100 ),round (loss_val .item (),6 ),round (acc_val ,6 )))

    return sum_loss /len (val_loader ),sum_acc /len (val_loader )

# note comment
loss_fn =nn .CrossEntropyLoss ()
loss_val ,acc_val =run_valid_epoch (
    net ,
    loss_fn ,
    val_loader ,
    ep =1 ,
    ep_total =1 ,
    bs =bs
)

print (loss_val ,acc_val )


# step 6 (see below)
def draw_curve (heading ,y_name ,n_epochs ,tr_losses ,va_losses ):
    plt .figure ()
    plt .title (heading )
    plt .xlabel ('epoch')
    plt .ylabel (y_name )
    plt .plot (n_epochs ,tr_losses )
    plt .plot (n_epochs ,va_losses )
    plt .legend (['train','valid'],loc ='best')

# note comment
demo_x =[1 ,2 ,3 ,4 ,5 ]
demo_tr =[0.1 ,0.08 ,0.06 ,0.05 ,0.04 ]
demo_va =[0.2 ,0.15 ,0.12 ,0.1 ,0.09 ]

draw_curve ("demo curve",'Loss',demo_x ,demo_tr ,demo_va )

plt .show ()

# step 7 (see below)
def infer_all (source ,net ):
    net .eval ()
    guesses =[]
    for inputs in tqdm (source ):
        scores =net (inputs .cuda ())
        top_class =torch .argmax (scores ,dim =1 )
        guesses .append (top_class )

    return guesses
# helper comment
def show_guesses (guesses ,n_show =5 ):
    species =['Black-grass','Charlock','Cleavers','Common Chickweed','Common wheat','Fat Hen','Loose Silky-bent','Maize','Scentless Mayweed','Shepherds Purse','Small-flowered Cranesbill','Sugar beet']
    figure ,panels =plt .subplots (1 ,n_show ,figsize =(15 ,3 ))
    for k ,picture in enumerate (unlabeled_set ):
        panels [k ].imshow (picture [0 ].permute (1 ,2 ,0 ))
        panels [k ].set_title (species [guesses [k ].item ()])
        panels [k ].axis ('off')

        n_show -=1
        if n_show ==0 :
            break

    plt .tight_layout ()
    plt .show ()
# note comment
test_folder =os .path .join (seedling_root ,'test')
tfm =tsfm .Compose ([
    tsfm .Resize ((224 ,224 )),
    tsfm .ToTensor (),
])
unlabeled_set =SeedlingTestSet (
    folder =test_folder ,
    tfm =tfm
)
net =SeedlingResNet (n_out =12 ).cuda ()

guesses =infer_all (unlabeled_set ,net )
show_guesses (guesses )

# step 8 (see below)
def pipeline ():
    # helper comment
    tfm =tsfm .Compose ([
        tsfm .Resize ((224 ,224 )),
        tsfm .ToTensor (),
    ])

    # helper comment
    full_set =SeedlingTrainSet (
        folder =train_folder ,
        tfm =tfm
    )

    unlabeled_set =SeedlingTestSet (
        folder =test_folder ,
        tfm =tfm
    )

    # note comment
    n_fit =int (len (full_set )*0.8 )
    n_val =len (full_set )-n_fit
    fit_subset ,val_subset =random_split (full_set ,[n_fit ,n_val ])

    fit_loader =DataLoader (fit_subset ,batch_size =bs ,shuffle =True )
    val_loader =DataLoader (val_subset ,batch_size =bs )

    # note comment
    net =SeedlingResNet (n_out =12 ).cuda ()

    # helper comment
    loss_fn =nn .CrossEntropyLoss ()
    opt =optim .Adam (net .parameters (),lr =base_lr )

    # helper comment
    tr_losses ,tr_accs =[],[]
    va_losses ,va_accs =[],[]
    ep_axis =[]

    # note comment
    print (n_epochs )
    for ep in range (n_epochs ):
      ep_axis .append (ep +1 )

      loss_val ,acc_val =run_train_epoch (
          net ,
          loss_fn ,
          opt ,
          fit_loader ,
          ep =ep ,
          ep_total =n_epochs ,
          bs =bs
      )
      tr_losses .append (loss_val )
      tr_accs .append (acc_val )
      print (f'fit: mean loss {loss_val}, mean acc {acc_val}')

      loss_val ,acc_val =run_valid_epoch (
          net ,
          loss_fn ,
          val_loader ,
          ep =ep ,
          ep_total =n_epochs ,
          bs =bs
      )
      va_losses .append (loss_val )
      va_accs .append (acc_val )
      print (f'val: mean loss {loss_val}, mean acc {acc_val}')

    draw_curve ("loss per epoch",'Loss',ep_axis ,tr_losses ,va_losses )
    draw_curve ("accuracy per epoch",'Acc',ep_axis ,tr_accs ,va_accs )

    guesses =infer_all (unlabeled_set ,net )
    show_guesses (guesses )

pipeline ()

# step 9 (see below)
class PlainVGG16 (nn .Module ):
    def __init__ (self ,n_out =12 ):
        super (PlainVGG16 ,self ).__init__ ()
        # note comment
        self .b1 =nn .Sequential (
            nn .Conv2d (3 ,64 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (64 ),
            nn .ReLU ()
        )

        self .b2 =nn .Sequential (
            nn .Conv2d (64 ,64 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (64 ),
            nn .ReLU (),
            nn .MaxPool2d (kernel_size =2 ,stride =2 )
        )

        self .b3 =nn .Sequential (
            nn .Conv2d (64 ,128 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (128 ),
            nn .ReLU ()
        )

        self .b4 =nn .Sequential (
            nn .Conv2d (128 ,128 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (128 ),
            nn .ReLU (),
            nn .MaxPool2d (kernel_size =2 ,stride =2 )
        )

        self .b5 =nn .Sequential (
            nn .Conv2d (128 ,256 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (256 ),
            nn .ReLU ())

        self .b6 =nn .Sequential (
            nn .Conv2d (256 ,256 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (256 ),
            nn .ReLU ()
        )

        self .b7 =nn .Sequential (
            nn .Conv2d (256 ,256 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (256 ),
            nn .ReLU (),
            nn .MaxPool2d (kernel_size =2 ,stride =2 )
        )

        self .b8 =nn .Sequential (
            nn .Conv2d (256 ,512 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (512 ),
            nn .ReLU ()
        )

        self .b9 =nn .Sequential (
            nn .Conv2d (512 ,512 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (512 ),
            nn .ReLU ()
        )

        self .b10 =nn .Sequential (
            nn .Conv2d (512 ,512 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (512 ),
            nn .ReLU (),
            nn .MaxPool2d (kernel_size =2 ,stride =2 )
        )

        self .b11 =nn .Sequential (
            nn .Conv2d (512 ,512 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (512 ),
            nn .ReLU ()
        )

        self .b12 =nn .Sequential (
            nn .Conv2d (512 ,512 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (512 ),
            nn .ReLU ()
        )

        self .b13 =nn .Sequential (
            nn .Conv2d (512 ,512 ,kernel_size =3 ,stride =1 ,padding =1 ),
            nn .BatchNorm2d (512 ),
            nn .ReLU (),
            nn .MaxPool2d (kernel_size =2 ,stride =2 )
        )

        # helper comment
        self .head1 =nn .Sequential (
            nn .Dropout (0.5 ),
            nn .Linear (7 *7 *512 ,4096 ),
            nn .ReLU ()
        )

        self .head2 =nn .Sequential (
            nn .Dropout (0.5 ),
            nn .Linear (4096 ,4096 ),
            nn .ReLU ()
        )

        self .head3 =nn .Sequential (
            nn .Linear (4096 ,n_out )
        )

    def forward (self ,probe ):
        h =self .b1 (probe )
        h =self .b2 (h )
        h =self .b3 (h )
        h =self .b4 (h )
        h =self .b5 (h )
        h =self .b6 (h )
        h =self .b7 (h )
        h =self .b8 (h )
        h =self .b9 (h )
        h =self .b10 (h )
        h =self .b11 (h )
        h =self .b12 (h )
        h =self .b13 (h )
        h =h .reshape (h .size (0 ),-1 )
        h =self .head1 (h )
        h =self .head2 (h )
        h =self .head3 (h )
        return h

# note comment
probe =torch .rand (1 ,3 ,224 ,224 )
net =PlainVGG16 (n_out =12 )
probe_out =net (probe )
print (probe_out )

def pipeline ():
    # helper comment
    tfm =tsfm .Compose ([
        tsfm .Resize ((224 ,224 )),
        tsfm .ToTensor (),
    ])

    # helper comment
    full_set =SeedlingTrainSet (
        folder =train_folder ,
        tfm =tfm
    )

    unlabeled_set =SeedlingTestSet (
        folder =test_folder ,
        tfm =tfm
    )

    # note comment
    n_fit =int (len (full_set )*0.8 )
    n_val =len (full_set )-n_fit
    fit_subset ,val_subset =random_split (full_set ,[n_fit ,n_val ])

    fit_loader =DataLoader (fit_subset ,batch_size =bs ,shuffle =True )
    val_loader =DataLoader (val_subset ,batch_size =bs )

    # note comment
    net =PlainVGG16 (n_out =12 ).cuda ()

    # helper comment
    loss_fn =nn .CrossEntropyLoss ()
    opt =optim .Adam (net .parameters (),lr =base_lr )

    # helper comment
    tr_losses ,tr_accs =[],[]
    va_losses ,va_accs =[],[]
    ep_axis =[]

    # note comment
    print (n_epochs )
    for ep in range (n_epochs ):
      ep_axis .append (ep +1 )

      loss_val ,acc_val =run_train_epoch (
          net ,
          loss_fn ,
          opt ,
          fit_loader ,
          ep =ep ,
          ep_total =n_epochs ,
          bs =bs
      )
      tr_losses .append (loss_val )
      tr_accs .append (acc_val )
      print (f'fit: mean loss {loss_val}, mean acc {acc_val}')

      loss_val ,acc_val =run_valid_epoch (
          net ,
          loss_fn ,
          val_loader ,
          ep =ep ,
          ep_total =n_epochs ,
          bs =bs
      )
      va_losses .append (loss_val )
      va_accs .append (acc_val )
      print (f'val: mean loss {loss_val}, mean acc {acc_val}')

    draw_curve ("loss per epoch",'Loss',ep_axis ,tr_losses ,va_losses )
    draw_curve ("accuracy per epoch",'Acc',ep_axis ,tr_accs ,va_accs )

    guesses =infer_all (unlabeled_set ,net )
    show_guesses (guesses )

pipeline ()

