from typing import Tuple

import click
import torch
import torch.nn as nn
from torch.nn import functional as F
import torch.optim as optim
from torch.utils.data import DataLoader
from torchvision.transforms import v2 as transforms
from torchvision.datasets import CIFAR10
from torchinfo import summary
from PIL import Image
import pandas as pd
import numpy as np


class cnn(nn.Module):
    def __init__(self, include_classifier=True):
        """
        Small All-CNN-C style network.
        """
        super().__init__()
        self.include_classifier = include_classifier

        self.block1 = nn.Sequential(
            nn.Conv2d(3, 96, 3, stride=1, padding="same"),
            nn.ReLU(),
            nn.Conv2d(96, 96, 3, stride=2, padding=1),
            nn.ReLU(),
            nn.Dropout(0.5),
        )
        self.block1.apply(self._init_weights)

        self.block2 = nn.Sequential(
            nn.Conv2d(96, 192, 3, stride=1, padding="same"),
            nn.ReLU(),
            nn.Conv2d(192, 192, 3, stride=2, padding=1),
            nn.ReLU(),
            nn.Dropout(0.5),
        )
        self.block2.apply(self._init_weights)

        if include_classifier:
            self.classifier = nn.Sequential(
                nn.Conv2d(192, 192, 3, stride=1, padding="valid"),
                nn.ReLU(),
                nn.Conv2d(192, 192, 1, stride=1, padding="same"),
                nn.ReLU(),
                nn.Conv2d(192, 10, 1, stride=1, padding="same"),
                nn.AdaptiveAvgPool2d((1, 1)),
                nn.Flatten(),
            )
            self.classifier.apply(self._init_weights)

    def _init_weights(module, layer):
        # He-normal init for convolutions
        if isinstance(layer, nn.Conv2d):
            nn.init.kaiming_normal_(layer.weight, mode="fan_in", nonlinearity="relu")
            layer.bias.data.fill_(0)

    def forward(self, x):
        x = self.block1(x)
        x = self.block2(x)
        if self.include_classifier:
            x = self.classifier(x)

        return x


class cnn_simCLR(nn.Module):
    def __init__(self, dense_units=128, use_encoder_dense=False):
        """
        The same small CNN without its classifier, followed by a two-layer
        projection MLP for SimCLR.
        """
        super().__init__()

        if use_encoder_dense:
            raise NotImplementedError("Using encoder dense layers not implemented yet")

        self.encoder = cnn(include_classifier=False)
        self.mlp = nn.Sequential(
            nn.Flatten(),
            nn.LazyLinear(dense_units),
            nn.ReLU(),
            nn.LazyLinear(dense_units),
            nn.ReLU(),
        )

    def forward(self, x):
        x = self.encoder(x)
        x = self.mlp(x)

        return x


class CIFAR10_Paired(CIFAR10):
    def __getitem__(self, idx):
        """
        Two independently augmented views of one CIFAR-10 image.
        """
        # raw image and label
        img, target = self.data[idx], self.targets[idx]

        # to PIL, then augment twice
        img = Image.fromarray(img)
        imgs = torch.stack([self.transform(img), self.transform(img)])

        return imgs, target


def simCLR_transform(
    scaleRange: Tuple[float, float] = (0.2, 1.0),
    ratioRange: Tuple[float, float] = (0.75, 1.33),
    colorJitter: Tuple[float, float, float, float] = (0.8, 0.8, 0.8, 0.2),
    guassianKernelSize: int = 3,
) -> transforms.Compose:
    """
    Augmentation pipeline used for SimCLR views.
    """
    return transforms.Compose(
        [
            transforms.RandomResizedCrop(32, scale=scaleRange, ratio=ratioRange),
            transforms.RandomHorizontalFlip(),
            transforms.RandomApply([transforms.ColorJitter(*colorJitter)]),
            transforms.RandomApply(
                [transforms.GaussianBlur(kernel_size=guassianKernelSize)]
            ),
            transforms.ToImage(),
            transforms.ToDtype(torch.float32, scale=True),
        ]
    )


def nt_xent(x, t=0.5):
    """
    NT-Xent loss written out step by step for teaching; slow on purpose.
    """
    # temperature-scaled cosine similarity of every pair
    x = F.normalize(x, dim=1)
    sim = (x @ x.T) / t

    # exponentiate for the softmax below
    sim = torch.exp(sim)

    # accumulate over the positive pairs
    loss = 0.0
    for idx in range(x.shape[0] // 2):
        i = idx * 2
        j = idx * 2 + 1

        # positive pair i -> j
        pos = sim[i, j]

        # all k != i act as negatives
        neg = sim[i, torch.arange(x.shape[0]) != i]
        neg = torch.sum(neg)

        # term for i
        loss += -torch.log(pos / (pos + neg))

        # positive pair j -> i
        pos = sim[j, i]

        # all k != j act as negatives
        neg = sim[j, torch.arange(x.shape[0]) != j]
        neg = torch.sum(neg)

        # term for j
        loss += -torch.log(pos / (pos + neg))

    # average over the batch
    return loss / x.shape[0]


@click.group()
def cli():
    pass


@cli.command()
@click.option("--epochs", default=20, help="Number of epochs")
@click.option("--batch_size", default=128, help="Batch size")
@click.option("--learning_rate", default=0.01, help="Learning rate")
@click.option("--momentum", default=0.9, help="Momentum")
@click.option("--weight_decay", default=1e-5, help="Weight decay")
def supervised(
    epochs: int = 20,
    batch_size: int = 128,
    learning_rate: float = 0.01,
    momentum: float = 0.9,
    weight_decay: float = 1e-5,
):
    """
    Fully supervised CIFAR-10 baseline with the small CNN.
    """
    model = cnn()
    click.echo(summary(model, input_size=(1, 3, 32, 32)))

    transform = transforms.Compose(
        [transforms.ToImage(), transforms.ToDtype(torch.float32, scale=True)]
    )
    cifarTrain = CIFAR10(root="./data", train=True, download=True, transform=transform)
    cifarTest = CIFAR10(root="./data", train=False, download=True, transform=transform)

    trainLoader = DataLoader(cifarTrain, batch_size=batch_size, shuffle=True)
    testLoader = DataLoader(cifarTest, batch_size=batch_size, shuffle=False)

    lossFun = nn.CrossEntropyLoss()
    sgd = optim.SGD(
        model.parameters(),
        lr=learning_rate,
        momentum=momentum,
        weight_decay=weight_decay,
    )

    # per-epoch log table
    trainingLog = pd.DataFrame(
        columns=["Epoch", "Train_Loss", "Train_Accuracy", "Test_Loss", "Test_Accuracy"]
    )

    for epoch in range(epochs):
        trainLosses = []
        trainAccs = []

        model.train()

        with click.progressbar(
            length=len(trainLoader),
            label="Train",
            item_show_func=lambda x: (
                f"Loss: {x[0]:5.3f}  Acc: {x[1]:5.3f}" if x is not None else None
            ),
        ) as bar:
            for images, labels in trainLoader:
                images = images.cuda()
                labels = labels.cuda()

                # reset gradients
                sgd.zero_grad()

                # forward
                output = model(images)

                # loss
                loss = lossFun(output, labels)

                # running metrics as floats
                trainLosses += [loss.item()]
                trainAccs += [(output.argmax(1) == labels).sum().item() / len(labels)]

                # backward and step
                loss.backward()
                sgd.step()

                bar.update(
                    1,
                    [
                        np.mean(trainLosses),
                        np.mean(trainAccs),
                    ],
                )

        # test pass
        model.eval()
        with torch.no_grad():
            testLoss = 0.0
            testAcc = 0.0

            with click.progressbar(testLoader, label="Test ") as bar:
                for images, labels in bar:
                    images = images.cuda()
                    labels = labels.cuda()

                    output = model(images)
                    loss = lossFun(output, labels)

                    testLoss += loss.item()
                    testAcc += (output.argmax(1) == labels).sum().item()

            testLoss /= len(testLoader)
            testAcc /= len(cifarTest)

        click.echo(
            f"Epoch {epoch + 1}: Train Loss: {np.mean(trainLosses):5.3f}, Train Accuracy: {np.mean(trainAccs):5.3f}, Test Loss: {testLoss:5.3f}, Test Accuracy: {testAcc:5.3f}"
        )

        # append this epoch to the log
        trainingLog = pd.concat(
            [
                trainingLog,
                pd.DataFrame(
                    {
                        "Epoch": [epoch],
                        "Train_Loss": [np.mean(trainLosses)],
                        "Train_Accuracy": [np.mean(trainAccs)],
                        "Test_Loss": [testLoss],
                        "Test_Accuracy": [testAcc],
                    },
                    index=[0],
                ),
            ],
            ignore_index=True,
        )

    # weights
    torch.save(model.state_dict(), f"supervised.pth")

    # log
    trainingLog.to_csv("supervisedTrainingLog.csv", index=False)


@cli.command()
@click.option("--batch_size", default=128, help="Batch size")
@click.option(
    "--scale_range",
    default=(0.1, 1.0),
    nargs=2,
    help="Scale range for random resized crop",
    type=(float, float),
)
@click.option(
    "--ratio_range",
    default=(0.75, 1.33),
    nargs=2,
    help="Ratio range for random resized crop",
    type=(float, float),
)
@click.option(
    "--color_jitter",
    default=(0.8, 0.8, 0.8, 0.2),
    nargs=4,
    help="Color jitter parameters",
    type=(float, float, float, float),
)
@click.option("--guassian_kernel_size", default=3, help="Gaussian kernel size")
@click.option("--epochs", default=20, help="Number of epochs")
@click.option("--learning_rate", default=0.01, help="Learning rate")
@click.option("--momentum", default=0.9, help="Momentum")
@click.option("--weight_decay", default=1e-5, help="Weight decay")
def unsupervised(
    batch_size: int = 128,
    scale_range: Tuple[float, float] = (0.1, 1.0),
    ratio_range: Tuple[float, float] = (0.75, 1.33),
    color_jitter: Tuple[float, float, float, float] = (0.8, 0.8, 0.8, 0.2),
    guassian_kernel_size: int = 3,
    epochs: int = 20,
    learning_rate: float = 0.01,
    momentum: float = 0.9,
    weight_decay: float = 1e-5,
):
    """
    SimCLR pretraining of the small CNN on CIFAR-10.
    """
    model = cnn_simCLR()
    click.echo(summary(model, input_size=(1, 3, 32, 32)))

    augTransform = simCLR_transform(
        scaleRange=scale_range,
        ratioRange=ratio_range,
        colorJitter=color_jitter,
        guassianKernelSize=guassian_kernel_size,
    )
    cifarTrain = CIFAR10_Paired(
        root="./data", train=True, download=True, transform=augTransform
    )

    trainLoader = DataLoader(cifarTrain, batch_size=batch_size, shuffle=True)

    lossFun = nt_xent
    sgd = optim.SGD(
        model.parameters(),
        lr=learning_rate,
        momentum=momentum,
        weight_decay=weight_decay,
    )

    trainingLog = pd.DataFrame(columns=["Epoch", "Train_Loss"])
    for epoch in range(epochs):
        trainLosses = []

        model.train()
        with click.progressbar(
            length=len(trainLoader),
            label="Train",
            item_show_func=lambda x: (f"Loss: {x:5.3f}" if x is not None else None),
        ) as bar:
            for images, _ in trainLoader:
                # flatten the view axis so consecutive rows form positive pairs
                shape = images.shape
                images = images.view(shape[0] * 2, shape[2], shape[3], shape[4])
                images = images.cuda()

                # reset gradients
                sgd.zero_grad()

                # forward
                output = model(images)

                # loss
                loss = lossFun(output)

                # running metric as a float
                trainLosses += [loss.item()]

                # backward and step
                loss.backward()
                sgd.step()

                bar.update(
                    1,
                    np.mean(trainLosses),
                )

        click.echo(f"Epoch {epoch + 1}: Train Loss: {np.mean(trainLosses):5.3f}")

        # append this epoch to the log
        trainingLog = pd.concat(
            [
                trainingLog,
                pd.DataFrame(
                    {
                        "Epoch": [epoch],
                        "Train_Loss": [np.mean(trainLosses)],
                    },
                    index=[0],
                ),
            ],
            ignore_index=True,
        )

    # weights and log
    torch.save(model.state_dict(), f"unsupervised.pth")
    trainingLog.to_csv("unsupervisedTrainingLog.csv", index=False)


if __name__ == "__main__":
    cli()
