import torch
import torch.nn as nn
from lightning import LightningModule
import torch.optim as optim


class SignConvNet(LightningModule):
    def __init__(self, conf):
        super(SignConvNet, self).__init__()
        self.conf = conf
        self.save_hyperparameters()

        self.stage1 = nn.Sequential(
            nn.Conv2d(in_channels=1, out_channels=8, kernel_size=3, padding=1, stride=self.conf.conv_stride, dilation=self.conf.conv_dilation),
            nn.BatchNorm2d(8),
            nn.AvgPool2d(2),
            nn.ReLU()
        )

        self.stage2 = nn.Sequential(
            nn.Conv2d(in_channels=8, out_channels=16, kernel_size=3, padding=1, stride=self.conf.conv_stride, dilation=self.conf.conv_dilation),
            nn.BatchNorm2d(16),
            nn.AvgPool2d(2),
            nn.ReLU()
        )

        self.fc_hidden = nn.Linear(in_features=16*7*7, out_features=100)
        self.hidden_act = nn.LeakyReLU()
        self.hidden_drop = nn.Dropout(p=0.3)
        self.fc_out = nn.Linear(100, self.conf.num_labels)

        self.loss_fn = nn.CrossEntropyLoss()
        self.to_probs = nn.Softmax(dim=1)


    def forward(self, x):
        x = self.stage1(x)
        x = self.stage2(x)
        x = x.view((x.shape[0], -1))
        x = self.fc_hidden(x)
        x = self.hidden_act(x)
        x = self.hidden_drop(x)
        x = self.fc_out(x)

        return x

    def shared_step(self, batch, split_tag):
        images, labels = batch
        logits = self.forward(images)
        probs = self.to_probs(logits)

        metric_values = {}
        metric_values[f'{split_tag}/loss'] = self.loss_fn(logits, labels)
        metric_values[f'{split_tag}/accuracy'] = torch.sum(probs.argmax(dim=1) == labels) / labels.shape[0]

        self.log_dict(metric_values, prog_bar=True)

        return metric_values

    def training_step(self, batch, batch_idx):
        step_metrics = self.shared_step(batch, "train")
        return step_metrics["train/loss"]

    def validation_step(self, batch, batch_idx):
        step_metrics = self.shared_step(batch, "valid")
        return step_metrics["valid/loss"]

    def configure_optimizers(self):
        return optim.Adam(self.parameters(), lr=self.conf.learning_rate)