# Notebook cells in order: BEiT fine-tune on DAF:re anime face crops with a Lightning DataModule.
# ~~~~~~~~~~ block 0
import pandas as pd
from sklearn.preprocessing import LabelEncoder
import torch
import torch.nn as nn
import timm
import pytorch_lightning as pl
from torch.utils.data import DataLoader, Dataset,  WeightedRandomSampler
from torchvision import transforms
from sklearn.model_selection import train_test_split

# ~~~~~~~~~~ block 1

tags_df = pd.read_csv("../tag_tables/dafre_single_tags_clean.csv")
tags_df.head()
print(tags_df['tags_cat4'].nunique())
# ~~~~~~~~~~ block 2
print(timm.list_models(pretrained=True))
# ~~~~~~~~~~ block 3
per_cls = tags_df['tags_cat4'].value_counts()
print(per_cls)

def has_many_tags(tag_str, separator=','):
    return separator in tag_str
single_df = tags_df[~tags_df['tags_cat4'].apply(has_many_tags, separator=',')]

per_cls = single_df['tags_cat4'].value_counts()
print(per_cls)
# ~~~~~~~~~~ block 4
single_df = single_df.copy()
tag_enc = LabelEncoder()
single_df['encoded_labels'] = tag_enc.fit_transform(single_df['tags_cat4'])

tr_df, hold_df = train_test_split(single_df, test_size=0.2, stratify=single_df['encoded_labels'])
va_df, te_df = train_test_split(hold_df, test_size=0.5, stratify=hold_df['encoded_labels'])
per_cls = single_df['encoded_labels'].value_counts()
print(per_cls)
print(tr_df['encoded_labels'].nunique())
print(va_df['encoded_labels'].nunique())
print(te_df['encoded_labels'].nunique())
# ~~~~~~~~~~ block 5
tr_df.head()
# ~~~~~~~~~~ block 6
tf_train = transforms.Compose([
    transforms.RandomResizedCrop((224, 224), scale=(0.8, 1)),
    transforms.TrivialAugmentWide(),
    transforms.RandomHorizontalFlip(),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.5, 0.5, 0.5], std=[0.5, 0.5, 0.5]),
])
tf_eval = transforms.Compose([
    transforms.Resize((224, 224)),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.5, 0.5, 0.5], std=[0.5, 0.5, 0.5]),
])
# ~~~~~~~~~~ block 7

per_cls = tr_df['encoded_labels'].value_counts().sort_index()
inv_freq = 1. / per_cls
row_w = tr_df['encoded_labels'].map(inv_freq).values
row_w = torch.tensor(row_w,  dtype=torch.double)
row_sampler = WeightedRandomSampler(weights=row_w, num_samples=len(row_w), replacement=True)
# ~~~~~~~~~~ block 8
tr_df.head()
# ~~~~~~~~~~ block 9
import os
import pandas as pd
from PIL import Image

class FaceFrameSet(Dataset):
    def __init__(self, dataframe, transform=None):
        self.dataframe = dataframe
        self.transform = transform
        self.image_folder = "../faces256/"
    def __len__(self):
        return len(self.dataframe)

    def __getitem__(self, idx):
        fpath = os.path.join(self.image_folder, str(self.dataframe.iloc[idx]['dir']))
        pic = Image.open(fpath).convert('RGB')
        tag_str = torch.tensor(self.dataframe.iloc[idx]['encoded_labels'], dtype=torch.long)
        if self.transform:
            pic = self.transform(pic)
        return pic, tag_str
set_tr = FaceFrameSet(dataframe=tr_df, transform=tf_train)
set_te = FaceFrameSet(dataframe=te_df, transform=tf_eval)
set_va = FaceFrameSet(dataframe=va_df, transform=tf_eval)
# ~~~~~~~~~~ block 10

import pytorch_lightning as L
import numpy as np
from pytorch_lightning.utilities.types import EVAL_DATALOADERS
class FaceData(L.LightningDataModule):
    def __init__ (self, bs, w, ms, bsa=True, pd = None, ep=0.25):
        super().__init__()
        self.save_hyperparameters()
        self.bs = bs
        self.w = w
        self.ms = ms
        self.bsa= bsa
        self.pd = pd
        self.ep = ep
        self.t_transforms = transforms.Compose([
            transforms.RandomResizedCrop(
                (224, 224), scale=(self.ms, 1)
            ),
            transforms.RandomHorizontalFlip(),
            transforms.TrivialAugmentWide(),
            transforms.ToTensor(),
            transforms.Normalize(mean=[0.5, 0.5, 0.5], std=[0.5, 0.5, 0.5]),
            transforms.RandomErasing(p=self.ep),
        ])
        self.v_transforms = transforms.Compose([
            transforms.Resize((224, 224)),
            transforms.ToTensor(),
            transforms.Normalize(mean=[0.5, 0.5, 0.5], std=[0.5, 0.5, 0.5]),
        ])
        n_per_cls = np.array([len(np.where(tr_df['encoded_labels'] == c)[0]) for c in np.unique(tr_df['encoded_labels'])])
        w_cls = 1. / n_per_cls
        w_rows = np.array([w_cls[c] for c in tr_df['encoded_labels']])
        w_rows = torch.from_numpy(w_rows)
        w_rows = w_rows.double()
        self.sampler = WeightedRandomSampler(w_rows, len(w_rows))
    def setup(self, stage):
        if stage=="fit":
            self.train_dataset = FaceFrameSet(tr_df, self.t_transforms)
            self.val_dataset = FaceFrameSet(va_df, self.v_transforms)
        elif stage=="test":
            self.test_dataset = FaceFrameSet(te_df, self.v_transforms)
    def train_dataloader(self):
        return DataLoader(self.train_dataset, batch_size=self.bs, sampler=self.sampler, shuffle=False, num_workers=self.w, pin_memory=True, drop_last=True, persistent_workers=False)
    def val_dataloader(self):
        return DataLoader(self.val_dataset, batch_size=self.bs, shuffle=False, num_workers=self.w, pin_memory=True, persistent_workers=False)
    def test_dataloader(self):
        return DataLoader(self.test_dataset, batch_size=self.bs, shuffle=False, num_workers=self.w, pin_memory=True, persistent_workers=False)
face_dm = FaceData(bs=32, w=8, ms=0.8, bsa=True, ep=0.25)
face_dm.setup(stage="fit")
# ~~~~~~~~~~ block 11
for xb,yb in face_dm.train_dataloader():
    print(xb)
    print(xb.size())
    print(xb.dtype)
    break
for xb,yb in face_dm.val_dataloader():
    print(yb)
    print(yb.size())
    print(yb.dtype)
    break
# ~~~~~~~~~~ block 12
from transformers.optimization import get_cosine_schedule_with_warmup
from torchmetrics import Accuracy
import torch.nn.functional as F
from torch.nn.functional import log_softmax
from transformers.models.auto.modeling_auto import AutoModelForImageClassification

class SoftCE(nn.Module):
    def __init__(self):
        super(SoftCE, self).__init__()

    def forward(self, xb: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        ce = torch.sum(-target * log_softmax(xb, dim=-1), dim=-1)
        return ce.mean()
    

class FaceNet(pl.LightningModule):
    def __init__(self, num_classes=3258, model_name="beit-faces", checkpoint=None, ft=False):
        super(FaceNet, self).__init__()
        self.save_hyperparameters()
        '''an AutoModelForImageClassification head was tried here before timm'''
        self.model = timm.create_model("beit_base_patch16_224.in22k_ft_in22k", pretrained=True, num_classes=3258)


        self.acc = Accuracy(task="multiclass", num_classes=3258, top_k=1)
        self.acctop5 = Accuracy(task="multiclass", num_classes=3258, top_k=5)
        if ft == False:
            for pname, prm in self.model.named_parameters():
                if 'classifier' not in pname and "head" not in pname:
                    prm.requires_grad = False
        if checkpoint:
            ck = torch.load(checkpoint)
            print(ck["state_dict"])
            trimmed = {}
            for k, v in ck.items():
                 if k.startswith("model") and not ((k.startswith("model.classifier") or k.startswith("model.head"))):
                    k = k.replace("model" + ".", "")
                    trimmed[k] = v
            self.model.load_state_dict(trimmed, strict=False)

        self = self.to(memory_format=torch.channels_last)
    def forward(self, xb):
        self = self.to(memory_format=torch.channels_last)

        return self.model(xb)
    def step(self, batch, type):
        ims, tgts = batch
        logits = self(ims)

        crit = nn.CrossEntropyLoss()
        if type != "train":
            tgts = F.one_hot(tgts, num_classes=3258).float()
        ce = crit(logits, tgts)
        self.log(f"{type}_loss", ce, on_step=True, on_epoch=True, prog_bar=True, logger=True)
        self.log(f"{type}_acc", self.acc(logits, tgts), on_step=True, on_epoch=True, prog_bar=True, logger=True)
        self.log(f"{type}_acctop5", self.acctop5(logits, tgts), on_step=True, on_epoch=True, prog_bar=True, logger=True)
        return ce
    def training_step(self, batch, _):
        return self.step(batch, "train")

    def validation_step(self, batch, _):
        return self.step(batch, "val")

    def test_step(self, batch, _):
        return self.step(batch, "test")
    
    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9, weight_decay=0)
        sched = get_cosine_schedule_with_warmup(
                opt,
                num_training_steps=int(self.trainer.estimated_stepping_batches),
                num_warmup_steps=1000,
            )
        return {
            "optimizer": opt,
            "lr_scheduler":  {
                "scheduler": sched,
                "interval": "step"
            }
        }

# ~~~~~~~~~~ block 13
from pytorch_lightning.callbacks import ModelCheckpoint
from pytorch_lightning.callbacks import EarlyStopping

stop_cb = EarlyStopping(
   monitor='val_loss',
   min_delta=0.00,
   patience=30,
   verbose=True,
   mode='min'
)
checkpoint = ModelCheckpoint(
    filename="{epoch}-{val_acc:.4f}",
    monitor="val_acc",
    mode="max",
    save_last=True,
)

face_model = FaceNet(num_classes=3258)
runner = pl.Trainer(default_root_dir="runs/", max_steps=100000, check_val_every_n_epoch=1, accelerator='gpu', devices=1, callbacks=[stop_cb], precision=16)
runner.fit(face_model, face_dm)


# ~~~~~~~~~~ block 14
face_model = FaceNet(num_classes=3258)
face_model = FaceNet.load_from_checkpoint("runs/lightning_logs/version_9/checkpoints/epoch=7-step=92296.ckpt")
for prm in face_model.model.parameters():
    prm.requires_grad = True
runner = pl.Trainer(max_steps=50000, val_check_interval=10000, check_val_every_n_epoch=1, accelerator='gpu', devices=1)
runner.fit(face_model, face_dm)
# ~~~~~~~~~~ block 15
wpath = 'runs/faces_ft.pth'


torch.save(face_model.state_dict(), wpath)


wpath
# ~~~~~~~~~~ block 16
'''a hand-written epoch loop used to live here; it was replaced by the Lightning trainer above'''
# ~~~~~~~~~~ block 17
wpath = 'runs/faces_final.pth'


torch.save(face_model.state_dict(), wpath)


wpath
# ~~~~~~~~~~ block 18
face_model = FaceNet(num_classes=3258)
face_model = FaceNet.load_from_checkpoint("runs/lightning_logs/version_9/checkpoints/epoch=7-step=92296.ckpt")
face_model.eval()


# ~~~~~~~~~~ block 19
import torchvision.transforms as transforms
import torchvision.datasets as datasets
from torch.utils.data import DataLoader,Dataset
from PIL import Image
import matplotlib.pyplot as plt
import numpy as np
def top5_for_file(image_path,model):
   pim = Image.open(image_path)
   mu = [0.485, 0.456, 0.406] 
   sd = [0.229, 0.224, 0.225]
   tf_one = transforms.Compose([transforms.ToTensor(), 
   transforms.Resize((224,224)),transforms.Normalize(mu, sd)])

   x1 = tf_one(pim).float()
   x1 = x1.unsqueeze_(0)

   x1 = x1.to("cuda")

   with torch.no_grad():
      model.eval()  
      out1 =model(x1)

      top_vals, top_idx = torch.topk(out1, 5)
      top_vals = top_vals.cpu().numpy()[0]


      top_idx = top_idx.cpu().numpy()[0]
      names_all = list(tag_enc.classes_)
      top_names = [names_all[ii] for ii in top_idx]
      print(top_names)
      ranked = sorted(zip(top_names, top_vals), key=lambda xb: xb[1], reverse=True)
      return ranked
top5_for_file("../faces256/0001/1034001.jpg", face_model)

