import torch
import pathlib
import matplotlib .pyplot as plt
import numpy as np
import torch .nn .functional as F # see above
from torch import nn
from torchvision import datasets ,transforms ,models # here

dev =torch .device ("cuda:0"if torch .cuda .is_available ()else "cpu")

# here
aug_tf =transforms .Compose ([transforms .Resize ((224 ,224 )),
                                      transforms .RandomHorizontalFlip (),
                                      transforms .RandomAffine (0 ,shear =10 ,scale =(0.8 ,1.2 )),# remark
                                      # here
                                      transforms .ColorJitter (brightness =1 ,contrast =1 ,saturation =1 ),# note
                                      transforms .ToTensor (),# see above
                                      transforms .Normalize ((0.5 ,0.5 ,0.5 ),(0.5 ,0.5 ,0.5 ))
                                      ])

# see above
plain_tf =transforms .Compose ([transforms .Resize ((224 ,224 )),
                                transforms .ToTensor (),
                                transforms .Normalize ((0.5 ,0.5 ,0.5 ),(0.5 ,0.5 ,0.5 ))
                                ])

# here
train_imgs =datasets .ImageFolder (pathlib .Path ('D:/leaves/train'),transform =aug_tf )
val_imgs =datasets .ImageFolder (pathlib .Path ('D:/leaves/val'),transform =plain_tf )

train_dl =torch .utils .data .DataLoader (train_imgs ,batch_size =1 ,shuffle =True )
val_dl =torch .utils .data .DataLoader (val_imgs ,batch_size =1 ,shuffle =False )


def to_numpy_img (t ):
    img =t .cpu ().clone ().detach ().numpy ()
    img =img .transpose (1 ,2 ,0 )
    img =img *np .array ((0.5 ,0.5 ,0.5 ))+np .array ((0.5 ,0.5 ,0.5 ))
    img =img .clip (0 ,1 )
    return img

CLASS_NAMES =('diseased','healthy')

it =iter (train_dl )
xb ,yb =it .next ()



vgg =models .vgg16 (pretrained =True )

print (vgg )

for p in vgg .features .parameters ():# see above
    p .requires_grad =False

import torch .nn as nn # note

fc_in =vgg .classifier [6 ].in_features
new_head =nn .Linear (fc_in ,len (CLASS_NAMES ))# here
vgg .classifier [6 ]=new_head
vgg .to (dev )
print (vgg )

ce =nn .CrossEntropyLoss ()
adam =torch .optim .Adam (vgg .parameters (),lr =0.001 )

# here
N_EP =4
hist_loss =[]
hist_acc =[]
hist_vloss =[]
hist_vacc =[]

for ep in range (N_EP ):

    sum_loss =0.0
    n_right =0.0
    sum_vloss =0.0
    n_vright =0.0

    for x ,yb in train_dl :
        # (off)
        # (off)
        logits =vgg (x )
        l =ce (logits ,yb )

        adam .zero_grad ()
        l .backward ()
        adam .step ()

        _m ,pred_idx =torch .max (logits ,1 )
        sum_loss +=l .item ()
        n_right +=torch .sum (pred_idx ==yb .data )

    else :
        with torch .no_grad ():
            for vx ,vy in val_dl :
                # (off)
                # (off)
                vlogits =vgg (vx )
                vl =ce (vlogits ,vy )

                _m ,vpred_idx =torch .max (vlogits ,1 )
                sum_vloss +=vl .item ()
                n_vright +=torch .sum (vpred_idx ==vy .data )

        ep_loss =sum_loss /len (train_dl .dataset )
        ep_acc =n_right .float ()/len (train_dl .dataset )
        hist_loss .append (ep_loss )
        hist_acc .append (ep_acc )

        ep_vloss =sum_vloss /len (val_dl .dataset )
        ep_vacc =n_vright .float ()/len (val_dl .dataset )# see above
        hist_vloss .append (ep_vloss )
        hist_vacc .append (ep_vacc )
        print ('msg 1',(ep +1 ))
        print ('msg 2 {:.4f} {:.4f}'.format (ep_loss ,ep_acc .item ()))
        print ('msg 3 {:.4f} {:.4f}'.format (ep_vloss ,ep_vacc .item ()))


    it =iter (val_dl )

    xb ,yb =it .next ()

    # (off)

    # (off)

    out =vgg (xb )

    _m ,pred_idx =torch .max (out ,1 )

    torch .save (vgg ,pathlib .Path ('D:/leaves/vgg16_leaf.pth'))

import PIL .ImageOps

import requests
from PIL import Image # remark

# (off)
# (off)
# (off)
# (off)

# see above

img =Image .open (pathlib .Path ('D:/leaves/test/sample_leaf.JPG'))

img =plain_tf (img )
img =img .to (dev ).unsqueeze (0 )
out =vgg (img )
_m ,top =torch .max (out ,1 )
print ('msg 4')
print (CLASS_NAMES [top .item ()])