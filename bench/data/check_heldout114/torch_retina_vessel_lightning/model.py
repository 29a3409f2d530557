import torch
import torch.nn as nn
import pytorch_lightning as pl
import segmentation_models_pytorch as smp
from settings import *


class VesselUNet(pl.LightningModule):
    def __init__(self, in_channels, out_channels, learning_rate):
        super(VesselUNet, self).__init__()

        self.learning_rate = learning_rate
        self.loss_fn = nn.BCEWithLogitsLoss()

        self.down1 = self.double_conv(in_channels, 64)
        self.down2 = self.double_conv(64, 128)
        self.down3 = self.double_conv(128, 256)
        self.down4 = self.double_conv(256, 512)
        self.bottom = self.double_conv(512, 1024)

        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)

        self.up4 = nn.ConvTranspose2d(1024, 512, kernel_size=2, stride=2)
        self.up3 = nn.ConvTranspose2d(512, 256, kernel_size=2, stride=2)
        self.up2 = nn.ConvTranspose2d(256, 128, kernel_size=2, stride=2)
        self.up1 = nn.ConvTranspose2d(128, 64, kernel_size=2, stride=2)

        self.merge4 = self.double_conv(1024, 512)
        self.merge3 = self.double_conv(512, 256)
        self.merge2 = self.double_conv(256, 128)
        self.merge1 = self.double_conv(128, 64)

        self.head = nn.Conv2d(64, out_channels, kernel_size=1)

        self.tr_loss_acc = 0.0
        self.tr_iou_acc = 0.0
        self.tr_steps = 0
        
        self.va_loss_acc = 0.0
        self.va_iou_acc = 0.0
        self.va_steps = 0

    def double_conv(self, in_channels, out_channels):
        return nn.Sequential(
            nn.Conv2d(in_channels, out_channels, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(out_channels, out_channels, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
        )

    def forward(self, x):

        s1 = self.down1(x)
        s2 = self.down2(self.pool(s1))
        s3 = self.down3(self.pool(s2))
        s4 = self.down4(self.pool(s3))
        b = self.bottom(self.pool(s4))

        x = self.up4(b)
        x = torch.cat([x, s4], dim=1)
        x = self.merge4(x)

        x = self.up3(x)
        x = torch.cat([x, s3], dim=1)
        x = self.merge3(x)

        x = self.up2(x)
        x = torch.cat([x, s2], dim=1)
        x = self.merge2(x)

        x = self.up1(x)
        x = torch.cat([x, s1], dim=1)
        x = self.merge1(x)

        x = self.head(x)
        return x

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.learning_rate)

    def shared_step(self, batch, batch_idx):
        img, seg = batch
        logits = self.forward(img)
        loss = self.loss_fn(logits, seg)
        logits = torch.sigmoid(logits)
        seg = seg.round().long()
        tp, fp, fn, tn = smp.metrics.get_stats(logits, seg, mode="binary", threshold=THRESH)  # type: ignore
        iou = smp.metrics.iou_score(tp, fp, fn, tn, reduction="micro").item()
        return loss, iou

    def training_step(self, batch, batch_idx):
        loss, iou = self.shared_step(batch, batch_idx)
        self.tr_loss_acc += loss
        self.tr_iou_acc += iou
        self.tr_steps += 1
        return loss

    def on_train_epoch_end(self):
        mean_loss = self.tr_loss_acc / self.tr_steps
        mean_iou = self.tr_iou_acc / self.tr_steps
        self.log('train_iou', mean_iou, on_epoch=True, prog_bar=True, logger=True)
        self.log('train_loss', mean_loss, on_epoch=True, prog_bar=True, logger=True)
        self.tr_loss_acc = 0.0
        self.tr_iou_acc = 0.0
        self.tr_steps = 0
        
        
    def validation_step(self, batch, batch_idx):
        loss, iou = self.shared_step(batch, batch_idx)
        self.va_loss_acc += loss
        self.va_iou_acc += iou
        self.va_steps += 1
        return loss
    
    def on_validation_epoch_end(self):
        mean_loss = self.va_loss_acc / self.va_steps
        mean_iou = self.va_iou_acc / self.va_steps
        self.log('val_iou', mean_iou, on_epoch=True, prog_bar=True, logger=True)
        self.log('val_loss', mean_loss, on_epoch=True, prog_bar=True, logger=True)
        self.va_loss_acc = 0.0
        self.va_iou_acc = 0.0
        self.va_steps = 0  

    def test_step(self, batch, batch_idx):
        loss, iou = self.shared_step(batch, batch_idx)
        self.log(
            "test_loss", loss, on_step=False, on_epoch=True, prog_bar=True, logger=True
        )
        self.log(
            "test_iou",
            iou,
            on_step=False,
            on_epoch=True,
            prog_bar=True,
            logger=True,
        )
        return loss
