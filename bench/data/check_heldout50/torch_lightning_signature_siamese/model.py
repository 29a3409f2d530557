#twin convolutional network for signature matching
import torch
import torch.nn as nn
import torch.nn.functional as F
from torchmetrics.functional.pairwise import pairwise_cosine_similarity
import torchmetrics
import lightning as l
from torch.utils.data import Dataset
from torch.utils.data import DataLoader
from PIL import Image
import pandas as pd


class TwinConvNet(nn.Module):
    def __init__(self):
        super(TwinConvNet, self).__init__()

        # shared convolutional trunk
        self.cnn = nn.Sequential(
            nn.Conv2d(3, 8, kernel_size=3, stride=1, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(8, 16, kernel_size=3, stride=1, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(16,32, kernel_size=3, stride=1, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2)
        )

        # scoring head
        self.fc = nn.Sequential(
            nn.Linear(32*32*32, 256),
            nn.Linear(256,1),
            nn.Sigmoid()
        )

    def embed(self, x):
        # trunk only
        feat = self.cnn(x)
        # print(feat.shape)
        # left unflattened here
        return feat

    def forward(self, sig_a, sig_b):
        # the same trunk on both signatures
        fa = self.embed(sig_a)
        fb = self.embed(sig_b)
        # flatten each
        #and compare
        # print(fa.shape,fb.shape)
        fa=fa.view(fa.shape[0],-1)
        fb=fb.view(fb.shape[0],-1)
        # print(fa.shape,fb.shape)
        diff = torch.abs(fb-fa)**2
        cos=pairwise_cosine_similarity(fb,fa,reduction="mean")
        # score the squared difference
        diff = self.fc(diff)
        # print(diff.shape)
        return diff.squeeze(),cos


class SignaturePairs(Dataset):
    def __init__(self, csv_file, transform=None):
        self.rows = pd.read_csv(csv_file)
        self.transform = transform

    def __len__(self):
        return len(self.rows)
    
    def __getitem__(self, idx):
        path_a = self.rows.iloc[idx, 0]
        sig_a = Image.open(path_a).convert("RGB")

        path_b = self.rows.iloc[idx, 1]
        sig_b = Image.open(path_b).convert("RGB")

        
        if self.transform:
            sig_a = self.transform(sig_a)
            sig_b = self.transform(sig_b)
        
        #all-ones tensors of the same shape, used to invert the ink
        ones_a = torch.ones_like(sig_a)
        ones_b = torch.ones_like(sig_b)

        same = int(self.rows.iloc[idx, -1])

        return ones_a-sig_a,ones_b-sig_b, same

class SignaturePairsDM(l.LightningDataModule):
    def __init__(self,  transform=None, batch_size=64):
        super().__init__()
        self.transform = transform
        self.batch_size = batch_size

    def setup(self, stage=None):
        self.train_dataset = SignaturePairs("CEDAR_train.csv", transform=self.transform)
        self.val_dataset = SignaturePairs("CEDAR_val.csv", transform=self.transform)
        self.test_dataset = SignaturePairs("CEDAR_test.csv", transform=self.transform)
        

    def train_dataloader(self):
        return DataLoader(self.train_dataset, batch_size=self.batch_size, shuffle=True)

    def val_dataloader(self):
        return DataLoader(self.val_dataset, batch_size=self.batch_size, shuffle=False)
    
    def test_dataloader(self):
        return DataLoader(self.test_dataset, batch_size=self.batch_size, shuffle=False)

class TwinLitModule(l.LightningModule):
    def __init__(self, model, learning_rate):
        super().__init__()

        self.learning_rate = learning_rate
        self.model = model

        # store the hyperparameters in the run folder,
        # except the network itself
        self.save_hyperparameters(ignore=['model'])

        self.train_acc = torchmetrics.Accuracy(task="binary")
        self.val_acc = torchmetrics.Accuracy(task="binary")
        # self.val_auc=torchmetrics.ROC(task="binary")
        self.val_recall=torchmetrics.Recall(task="binary")
        self.val_precision=torchmetrics.Precision(task="binary")
        # self.test_auc=torchmetrics.ROC(task="binary")
        self.test_acc = torchmetrics.Accuracy(task="binary")
        self.test_recall=torchmetrics.Recall(task="binary")
        self.test_precision=torchmetrics.Precision(task="binary")

    def forward(self, a,b):
        return self.model(a,b)

    def _step(self, batch):
        sig_a,sig_b, target = batch
        score,_= self(sig_a,sig_b)
        loss = F.binary_cross_entropy(score, target.float())
        guess = (score > 0.5).float()
        # print(target.shape,guess.shape)
        return loss, target, guess

    def training_step(self, batch, batch_idx):
        loss, target, guess = self._step(batch)

        self.log("train_loss", loss)
        self.train_acc(guess, target)
        self.log(
            "train_acc", self.train_acc, prog_bar=True, on_epoch=True, on_step= True
        )
        return loss

    def validation_step(self, batch, batch_idx):
        loss, target, guess = self._step(batch)

        self.log("val_loss", loss, prog_bar=True)
        self.val_acc(guess, target)
        self.log("val_acc", self.val_acc, prog_bar=True)
        self.val_recall(guess, target)
        self.log("val_recall", self.val_recall, prog_bar=True)
        self.val_precision(guess, target)
        self.log("val_precision", self.val_precision, prog_bar=True)

    def test_step(self, batch, batch_idx):
        _, target, guess = self._step(batch)
        self.test_acc(guess, target)
        self.log("test_acc", self.test_acc)
        self.test_recall(guess, target)
        self.log("test_recall", self.test_recall)
        self.test_precision(guess, target)
        self.log("test_precision", self.test_precision)
    

    def configure_optimizers(self):
        opt = torch.optim.Adam(self.parameters(), lr=self.learning_rate)
        return opt
