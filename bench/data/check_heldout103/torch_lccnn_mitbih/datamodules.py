import numpy as np
import pandas as pd
import pytorch_lightning as pl
import torch
from torch.utils.data import Dataset
from sklearn.metrics import confusion_matrix
from torch import nn, optim

from utils import recall_score


class ECGDataset(Dataset):
    def __init__(self, beats, classes) -> None:
        super().__init__()
        self.beats = beats
        self.classes = classes

    def __len__(self):
        return len(self.beats)

    def __getitem__(self, i):
        return self.beats[i].astype(np.float32), self.classes[i]


class Net(pl.LightningModule):
    def __init__(self, front, backbone, learn_rate):
        super().__init__()

        print("building network")
        self.front = front
        self.backbone = backbone
        self.ce = nn.CrossEntropyLoss()

        self.opt = optim.Adam(
            self.backbone.parameters(),
            lr=learn_rate,
            betas=(0.9, 0.999),
            amsgrad=True,
        )
        self.confusion = np.zeros([4, 4])

    def forward(self, xb):
        h = self.front(xb)
        logits = self.backbone(h)
        return logits

    def compute_loss(self, logits, target):

        logits = logits.reshape(logits.shape[0], -1)
        target = target.view(-1).to(torch.int64)
        value = self.ce(logits, target)

        return value

    def training_step(self, batch, batch_idx):

        xb, yb = batch

        logits = self.forward(xb)
        value = self.compute_loss(logits, yb)
        self.log("loss", value)

        return {"loss": value}

    def validation_step(self, batch, batch_idx):

        xb, yb = batch
        n = xb.shape[0]
        yb = yb.to("cpu")
        logits = self.forward(xb)
        logits = torch.argmax(logits, dim=1).to("cpu")

        logits = logits.squeeze(-1)
        accuracy = (logits == yb).sum().item() / n
        logits = logits.view(-1)
        yb = yb.view(-1)
        rec = recall_score(yb, logits, average="macro").tolist()

        return {"acc": accuracy, "recall": rec}

    def validation_epoch_end(self, outs):
        mean_acc = torch.tensor([o["acc"] for o in outs]).to(torch.float).mean()
        mean_rec = torch.tensor([o["recall"] for o in outs]).to(torch.float).mean()

        self.log("acc", mean_acc)
        self.log("recall", mean_rec)
        self.log("lr", self.opt.param_groups[0]["lr"])

        return {"acc": mean_acc}

    def test_step(self, batch, batch_idx):

        xb, yb = batch
        n = xb.shape[0]
        yb = yb.to("cpu")
        logits = self.forward(xb)
        logits = torch.argmax(logits, dim=1).to("cpu")

        logits = logits.squeeze(-1)
        accuracy = (logits == yb).sum().item() / n
        logits = logits.view(-1)
        yb = yb.view(-1)
        rec = recall_score(yb, logits, average="macro").tolist()

        ids = list(range(4))
        self.confusion += confusion_matrix(yb, logits, labels=ids)

        self.log("test_acc", accuracy)
        self.log("test_recall", rec)

    def test_epoch_end(self, outs) -> None:

        mat = self.confusion

        names = ["N", "V", "S", "F"]
        col_names = ["predicted_" + s for s in names]
        row_names = ["true_" + s for s in names]
        mat = pd.DataFrame(mat, columns=col_names, index=row_names)
        print(mat.to_markdown())

        return super().test_epoch_end(outs)

    def configure_optimizers(self):
        return [self.opt]
