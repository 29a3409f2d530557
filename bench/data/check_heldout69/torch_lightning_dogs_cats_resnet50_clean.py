import os

import zipfile

import GPUtil

import random

import pytorch_lightning as pl

import numpy as np

import pandas as pd

import seaborn as sns

import torch

import torchvision

import matplotlib.pyplot as plt



from torch import nn

from torch.nn import functional as F

from torch.utils.data import (Dataset, DataLoader)

from torchvision.transforms import (

        Resize,

        Compose,

        ToTensor,

        Normalize,

        RandomOrder,

        ColorJitter,

        RandomRotation,

        RandomGrayscale,

        RandomResizedCrop,

        RandomVerticalFlip,

        RandomHorizontalFlip)



from PIL import Image, ImageDraw, ImageFont

from sklearn.model_selection import train_test_split

from pytorch_lightning.callbacks import EarlyStopping

from pytorch_lightning.callbacks import ModelCheckpoint



np.__version__, pd.__version__, sns.__version__
torch.__version__, torchvision.__version__, pl.__version__
SEED = 9527

SRC_DIR = '/kaggle/input/dogs-vs-cats'

OUT_DIR = '/kaggle/working'

BEST_CKPT = f'{OUT_DIR}/checkpoints/best.ckpt'

UNZIP_DIR = f'{OUT_DIR}/temp_unzip'

SUB_CSV = f'{OUT_DIR}/submission.csv'

TTF = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf'

NAME2ID = {'dog': 0, 'cat': 1}

ID2NAME = {0: 'dog', 1: 'cat'}



SIDE = 224

BS = 128

N_CLS = 2



EPOCHS = 3



MEAN = (0.485, 0.456, 0.406)

STD = (0.229, 0.224, 0.225)



HOLDOUT = 0.3
torch.manual_seed(SEED)

np.random.seed(SEED)

random.seed(SEED)



torch.backends.cudnn.deterministic = True

torch.backends.cudnn.benchmark = False
if not os.path.exists(f'{UNZIP_DIR}/train'):

    with zipfile.ZipFile(f'{SRC_DIR}/train.zip', 'r') as z:

        z.extractall(f'{UNZIP_DIR}')

        

if not os.path.exists(f'{UNZIP_DIR}/test1'):

    with zipfile.ZipFile(f'{SRC_DIR}/test1.zip', 'r') as z:

        z.extractall(f'{UNZIP_DIR}')
names = os.listdir(f'{UNZIP_DIR}/train')

ids = [NAME2ID[str(fname)[:3]] for fname in names]

tr_df = pd.DataFrame({'filename': names, 'label': ids})

tr_df[10:15]
tr_df, va_df = train_test_split(tr_df, test_size = HOLDOUT)

va_df[10:15]
names = os.listdir(f'{UNZIP_DIR}/test1')

ids = [ -1 for x in names]

te_df = pd.DataFrame({'filename': names, 'label': ids})

te_df[10:15]
sns.countplot(x='label',data=tr_df).set_title("train classes");
sns.countplot(x='label',data=va_df).set_title("valid classes");
def render_with_caption(filepath, caption, resize=None, aug=None):

    img = Image.open(filepath).convert('RGB')

    if resize is not None:

        img = img.resize((resize, resize))

    if aug is not None:

        img = aug(img)

        

    ttf_font = ImageFont.truetype(TTF, 48)

    canvas = ImageDraw.Draw(img)

    font = ImageFont.load_default()

    canvas.text((0, 0), caption, font=ttf_font, fill=(0, 0, 255))

    return np.array(img)



def to_grid(pics, cols=4):

    images = torch.as_tensor(pics)  # list of HWC -> BHWC

    images = images.permute(0, 3, 1, 2)  # BHWC -> BCHW

    images = torchvision.utils.make_grid(images, nrow=4)  # one grid image

    images = images.permute(1, 2, 0)  # back to HWC

    return images
plt.figure(figsize=(24, 12))



preview = [

    render_with_caption(

        filepath=f'{UNZIP_DIR}/train/{row.filename}',

        caption=f'{ID2NAME[row.label]}',

        resize=SIDE

    ) for _, row in tr_df[:8].iterrows()

]



plt.imshow(to_grid(preview, cols=4));
augment = RandomOrder([

    RandomResizedCrop((SIDE, SIDE)),

    RandomRotation(degrees=10),

    RandomVerticalFlip(p=0.3),

    RandomHorizontalFlip(p=0.3),

    ColorJitter(brightness=0.55, contrast=0.3, saturation=0.25, hue=0),

])



to_input = Compose([

    Resize((SIDE, SIDE)),

    ToTensor(),

    Normalize(mean=MEAN, std=STD),

])
plt.figure(figsize=(24, 12))



preview_aug = [

    render_with_caption(

        filepath=f'{UNZIP_DIR}/train/{row.filename}',

        caption=f'{ID2NAME[row.label]}',

        resize=SIDE,

        aug = augment

    ) for _, row in tr_df[:8].iterrows()

]



plt.imshow(to_grid(preview_aug, cols=4));
r50 = torchvision.models.resnet50(pretrained=True)
for param in r50.parameters():

    param.requires_grad = False
trunk = list(r50.children())[:-2]  # drop the pooling and the classifier
LOG = {

    'epoch':[],

    'train_loss':[],

    'train_acc':[],

    'val_acc':[],

    'val_loss':[],

}



class PetFiles(Dataset):

    def __init__(self, root, df, aug=None, prep=ToTensor()):

        super().__init__()

        self.data = [(f'{root}/{row.filename}', row.label) for _, row in df.iterrows()]

        self.aug = aug

        self.prep = prep

    

    def __getitem__(self, index):

        fpath, label = self.data[index]

        img = Image.open(fpath).convert('RGB')

        if self.aug:

            img = self.aug(img)

        img = self.prep(img)

        return img, label, fpath

    

    def __len__(self):

        return len(self.data)



class PetNet(pl.LightningModule):

    def __init__(self, trunk, num_classes=N_CLS):

        super().__init__()

        self.features = nn.Sequential(

            *trunk,  # 2048 x 7 x 7 out

            nn.MaxPool2d(2, 2),

            nn.Conv2d(in_channels=2048, out_channels=1024, kernel_size=3, padding=1),

            nn.Conv2d(in_channels=1024, out_channels=512, kernel_size=1),

            nn.Conv2d(in_channels=512, out_channels=256, kernel_size=3, padding=1),

            nn.ReLU(inplace=True),

            nn.BatchNorm2d(num_features=256, momentum=0.1),

            nn.MaxPool2d(kernel_size=5, stride=1, padding=2, ceil_mode=False),

            nn.Dropout(inplace=True, p=0.5)

        )

        self.avgpool = nn.AdaptiveAvgPool2d(output_size=(1, 1))

        self.classifier = nn.Sequential(

            nn.Flatten(start_dim=1, end_dim=-1),

            nn.Linear(in_features=256, out_features=128, bias=True),

            nn.Dropout(inplace=True, p=0.5),

            nn.Linear(in_features=128, out_features=num_classes, bias=True),

        )



  

    def forward(self, x, *args, **kwargs):

        x = self.features(x)

        x = self.avgpool(x)

        x = self.classifier(x)

        return x

        

    def setup(self, stage):

        torch.cuda.empty_cache()



    def teardown(self, stage):

        for idx, gpu in enumerate(GPUtil.getGPUs()):

            mem_now = round(torch.cuda.memory_allocated(idx) / 1024**2, 2)

            mem_peak = round(torch.cuda.max_memory_allocated(idx) / 1024**2, 2)

            print(f'[{stage}] gpu{idx}: now {mem_now} MB, peak {mem_peak} MB')

            

    @property

    def metrics(self):

        return self.metrics

        

    def configure_optimizers(self):

        optimizer = torch.optim.Adam(

            filter(lambda p: p.requires_grad, model.parameters()),

            lr=0.001,

            weight_decay=0.001

        )

        scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(

            optimizer,

            mode='min',

            factor=0.1,

            patience=3,

            min_lr=1e-6)

        return [optimizer], [scheduler]

    

    def prepare_data(self):

        self.train_dataset = PetFiles(f'{UNZIP_DIR}/train', tr_df, augment, to_input) 

        self.valid_dataset = PetFiles(f'{UNZIP_DIR}/train', va_df, None, to_input) 

        self.test_dataset = PetFiles(f'{UNZIP_DIR}/test1', te_df, None, to_input) 



    def train_dataloader(self):

        return DataLoader(

                self.train_dataset,

                batch_size=BS,

                num_workers=4,

                drop_last=True,

                shuffle=True)

    

    def training_step(self, batch, batch_idx):

        x, y_true, path = batch

        y_pred = self(x)

        loss = F.cross_entropy(y_pred, y_true, reduction='mean')

        acc = (torch.argmax(y_pred, dim=1) == y_true).float().mean()

        return {'loss': loss, 'acc': acc}



    def training_epoch_end(self, outputs):

        loss = torch.stack([x['loss'] for x in outputs]).mean()

        acc = torch.stack([x['acc'] for x in outputs]).mean()

        LOG['epoch'].append(self.current_epoch)

        LOG['train_loss'].append(loss)

        LOG['train_acc'].append(acc)

        return {'progress_bar': {'train_loss': loss, 'train_acc': acc}}



    def val_dataloader(self):

        return DataLoader(

            self.valid_dataset,

            batch_size=BS,

            num_workers=4,

            drop_last=False,

            shuffle=False)

    

    def validation_step(self, batch, batch_idx):

        x, y_true, path = batch

        y_pred = self(x)

        loss = F.cross_entropy(y_pred, y_true, reduction='mean')

        acc = (torch.argmax(y_pred, dim=1) == y_true).float().mean()

        return {'val_loss': loss, 'val_acc': acc}



    def validation_epoch_end(self, outputs):

        loss = torch.stack([x['val_loss'] for x in outputs]).mean()

        acc = torch.stack([x['val_acc'] for x in outputs]).mean()

        LOG['val_loss'].append(loss)

        LOG['val_acc'].append(acc)

        return {'progress_bar': {'val_loss': loss, 'val_acc': acc}}

    

    def test_dataloader(self):

        return DataLoader(

            self.test_dataset,

            batch_size=BS,

            num_workers=4,

            drop_last=False,

            shuffle=False)

    

    def test_step(self, batch, batch_idx):

        x, _, path = batch

        y_pred = torch.argmax(self(x), dim=1).cpu().numpy()

        log = {'imgid': [os.path.basename(x).split('.')[0] for x in path], 'label': y_pred}

        return log



    def test_epoch_end(self, outputs):

        imgid = np.concatenate([x['imgid'] for x in outputs])

        label = np.concatenate([x['label'] for x in outputs])

        return {'id': imgid, 'label': label}

    

class PetTrainer(pl.Trainer):

    def __init__(self, *args, **kwargs):

        super().__init__(*args, **kwargs)

        

    def save_checkpoint(self, filepath, weights_only: bool = False):

        return super().save_checkpoint(BEST_CKPT, weights_only)
trainer = PetTrainer(

    max_epochs=EPOCHS,

    logger=False,

    log_gpu_memory='min_max',

    weights_summary='top',

    num_sanity_val_steps=0,

    progress_bar_refresh_rate=1,

    check_val_every_n_epoch=1,

    default_root_dir=OUT_DIR,

    resume_from_checkpoint=BEST_CKPT if os.path.exists(BEST_CKPT) else None,

    early_stop_callback=EarlyStopping(monitor='val_loss', patience=7, mode='min'),

    checkpoint_callback=ModelCheckpoint(monitor='val_loss', period=5, mode='min'),

    gpus=[0],

)



model = PetNet(trunk)
trainer.fit(model);
result = trainer.test(model, verbose=False, ckpt_path=BEST_CKPT)
pred_df = pd.DataFrame(data=result[0])

sns.countplot(x='label',data=pred_df).set_title("predicted classes");
n_ep = len(LOG['epoch'])

fig, axs = plt.subplots(1, 2, figsize=(16, 8))

axs[0].plot(LOG['epoch'], LOG['train_acc'])

axs[0].plot(LOG['epoch'], LOG['val_acc'])

axs[0].set_title('acc')

axs[0].set_ylabel('acc')

axs[0].set_xlabel('epoch')

axs[0].legend(['train', 'val'], loc='best')



axs[1].plot(LOG['epoch'], LOG['train_loss'])

axs[1].plot(LOG['epoch'], LOG['val_loss'])

axs[1].set_title('loss')

axs[1].set_ylabel('loss')

axs[1].set_xlabel('epoch')

axs[1].legend(['train', 'val'], loc='best');
pred_df.to_csv(SUB_CSV, index=False)

