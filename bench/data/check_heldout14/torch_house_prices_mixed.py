import argparse
import glob
from pathlib import Path

import cv2
import numpy as np
import pandas as pd
from sklearn.preprocessing import LabelBinarizer, MinMaxScaler
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import optim
from torch.utils.data import Dataset, DataLoader
from torch.utils.tensorboard import SummaryWriter
import tqdm


class HouseDataset(Dataset):
    """docstring for HouseDataset"""
    def __init__(self, root, file, transform=None):
        super(HouseDataset, self).__init__()
        self.transform = transform
        self.root = Path(root)
        self.df = self._load_house_attributes(file)
        self.images = self._load_house_images()
        self.X = self._process_house_attributes()

    def __getitem__(self, idx):
        image = self.images[idx]
        # convert to tensor with order [c, h, w]
        image = torch.as_tensor(image, dtype=torch.float)
        image = image.permute(2, 0, 1)
        attrs = self.X[idx]
        attrs = torch.as_tensor(attrs, dtype=torch.float)
        # seperate price out
        target = self.X[idx][-1]
        target = torch.as_tensor(target, dtype=torch.float)
        sample = (image, attrs, target)
        if self.transform:
            sample = self.transform(sample)
        return sample

    def __len__(self):
        return len(list(self.X))

    def _load_house_attributes(self, file):
        cols = ["bedrooms", "bathrooms", "area", "zipcode", "price"]
        df = pd.read_csv(self.root / file, sep=" ", header=None, names=cols)
        zipcodes = df["zipcode"].value_counts().keys().tolist()
        counts = df["zipcode"].value_counts().tolist()
        for zipcode, count in zip(zipcodes, counts):
            if count < 25:
                idxs = df[df["zipcode"] == zipcode].index
                df.drop(idxs, inplace=True)
        return df

    def _process_house_attributes(self):
        self.maxPrice = self.df["price"].max()
        self.df["price"] = self.df["price"] / self.maxPrice
        continous = ["bedrooms", "bathrooms", "area"]
        cs = MinMaxScaler()
        dfCnt = cs.fit_transform(self.df[continous])
        zipBinarizer = LabelBinarizer().fit(self.df["zipcode"])
        dfCat = zipBinarizer.transform(self.df["zipcode"])
        X = np.hstack([dfCat, dfCnt])
        return X

    def _load_house_images(self):
        # initialize our images array (i.e., the house images themselves)
        images = []
        # loop over the indexes of the houses
        for i in self.df.index.values:
            # find the four images for the house and sort the file paths,
            # ensuring the four are always in the *same order*
            basePath = str(self.root / f"{i+1}_*")
            housePaths = sorted(list(glob.glob(basePath)))
            # initialize our list of input images along with the output image
            # after *combining* the four input images
            inputImages = []
            outputImage = np.zeros((64, 64, 3), dtype="uint8")
            # loop over the input house paths
            for housePath in housePaths:
                # load the input image, resize it to be 32 32, and then
                # update the list of input images
                image = cv2.imread(housePath)
                image = cv2.resize(image, (32, 32))
                inputImages.append(image)
            # tile the four input images in the output image such the first
            # image goes in the top-right corner, the second image in the
            # top-left corner, the third image in the bottom-right corner,
            # and the final image in the bottom-left corner
            outputImage[0:32, 0:32] = inputImages[0]
            outputImage[0:32, 32:64] = inputImages[1]
            outputImage[32:64, 32:64] = inputImages[2]
            outputImage[32:64, 0:32] = inputImages[3]
            # add the tiled image to our set of images the network will be
            # trained on
            images.append(outputImage)
        # return our set of images
        return np.array(images) / 255.0


class MLP(nn.Module):
    def __init__(self, dims):
        super(MLP, self).__init__()
        self.hidden = nn.Linear(dims, 8)
        self.out = nn.Linear(8, 4)
        self.act = nn.ReLU()

    def forward(self, x):
        x = F.relu(self.hidden(x))
        x = self.act(self.out(x))
        return x


class CNN(nn.Module):
    def __init__(self):
        super(CNN, self).__init__()
        self.conv1 = nn.Conv2d(3, 16, kernel_size=3)
        self.batchnorm1 = nn.BatchNorm2d(16)
        self.pool1 = nn.MaxPool2d(2)
        self.conv2 = nn.Conv2d(16, 32, kernel_size=3)
        self.batchnorm2 = nn.BatchNorm2d(32)
        self.pool2 = nn.MaxPool2d(2)
        self.conv3 = nn.Conv2d(32, 64, kernel_size=3)
        self.batchnorm3 = nn.BatchNorm2d(64)
        self.pool3 = nn.MaxPool2d(2)
        self.dense = nn.Linear(2304, 16)
        self.batchnorm4 = nn.BatchNorm1d(16)
        self.drop = nn.Dropout(0.5)
        self.out = nn.Linear(16, 4)
        self.act = nn.ReLU()

    def forward(self, x):
        x = F.relu(self.conv1(x))  # [batchsize, 16, 62, 62]
        x = self.batchnorm1(x)  # [batchsize, 16, 62, 62]
        x = self.pool1(x)  # [batchsize, 16, 31, 31]
        x = F.relu(self.conv2(x))  # [batchsize, 32, 29, 29]
        x = self.batchnorm2(x)  # [batchsize, 32, 29, 29]
        x = self.pool2(x)  # [batchsize, 32, 14, 14]
        x = F.relu(self.conv3(x))  # [batchsize, 64, 12, 12]
        x = self.batchnorm3(x)  # [batchsize, 64, 12, 12]
        x = self.pool3(x)  # [batchsize, 64, 6, 6]
        x = x.view(x.size(0), -1)  # [batchsize, 2304]
        x = F.relu(self.dense(x))  # [batchsize, 16]
        x = self.batchnorm4(x)  # [batchsize, 16]
        x = self.drop(x)  # [batchsize, 16]
        x = self.act(self.out(x))  # [batchsize, 4]
        return x


class Frankenstein(nn.Module):
    """docstring for Frankenstein"""
    def __init__(self, dims):
        super(Frankenstein, self).__init__()
        self.cnn = CNN()
        self.mlp = MLP(dims)
        self.fc1 = nn.Linear(8, 4)
        self.fc2 = nn.Linear(4, 1)
        self.sigmoid = nn.Sigmoid()

    def forward(self, image, data):
        # [1, 4]
        x1 = self.cnn(image)
        x2 = self.mlp(data)
        x = torch.cat((x1, x2), dim=1)
        x = F.relu(self.fc1(x))  # [1, 8]
        x = self.sigmoid(self.fc2(x))
        return x


def metric(preds, gts):
    ape = torch.tensor([0.0])
    for i, j in zip(preds, gts):
        a = i.flatten()
        ape += torch.abs((a - j) / a)
    return ape.item() * (100. / len(preds))


def evaluate(cnnmlpmodel, testLoader):
    # infer on CNNMLP model
    cnnmlpmodel.eval()
    outputs = []
    gts = []
    with torch.no_grad():
        for i, item in enumerate(tqdm.tqdm(testLoader)):
            images = item[0]
            datas = item[1]
            targets = item[2]
            output = cnnmlpmodel(images, datas)
            outputs.append(output)
            gts.append(targets)

    cnnmlp = metric(outputs, gts)

    print(f"MAPE CNNMLP: {cnnmlp:.2f}")


def trainCNNMLP(model, optimiser, loss_fn, trainLoader, Numepochs=200):
    writer = SummaryWriter('runs/cnnmlp')

    running_loss = 0.0
    for epoch in tqdm.tqdm(range(0, Numepochs)):
        for i, item in enumerate(trainLoader, 0):
            images = item[0]
            datas = item[1]
            targets = item[2]
            output = model(images, datas)
            output = torch.flatten(output)
            loss = loss_fn(output, targets)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            running_loss += loss.item()
            if i % 100:
                writer.add_scalar("training loss", running_loss / 100, epoch*len(trainLoader)+1)
                running_loss = 0.0

    writer.close()
    state = {"state_dict": model.state_dict(),
             "optimizer": optimiser.state_dict()}
    torch.save(state, "CNNMLP.pth")


parser = argparse.ArgumentParser(description='Mixed data ML model.')
parser.add_argument("-tcm", "--trainmlpcnn", action="store_true", help="If flag is given then train CNNMLP model")
parser.add_argument("-e", "--evaluate", action="store_true", help="If flag is given then evaluate model")

args = parser.parse_args()
torch.manual_seed(0)
house_dataset = HouseDataset("Houses-dataset/", "HousesInfo.txt")
train_set, test_set = torch.utils.data.random_split(house_dataset, [272, 90])

trainLoader = DataLoader(train_set, batch_size=8, shuffle=False, num_workers=2, drop_last=True)
testLoader = DataLoader(test_set, batch_size=1, shuffle=False, num_workers=1, drop_last=True)

if args.trainmlpcnn:
    CNNMLPmodel = Frankenstein(10)
    opt = optim.Adam(params=CNNMLPmodel.parameters(), lr=1e-3)
    lrscheduler = optim.lr_scheduler.ExponentialLR(optimizer=opt, gamma=0.96)
    loss_fn = nn.MSELoss()
    trainCNNMLP(CNNMLPmodel, opt, loss_fn, trainLoader)

if args.evaluate:
    CNNMLPmodel = Frankenstein(10)
    state = torch.load("CNNMLP.pth")
    CNNMLPmodel.load_state_dict(state["state_dict"])
    CNNMLPmodel.eval()

    evaluate(CNNMLPmodel, testLoader)
