"""Bengali.AI handwritten grapheme classification (root / vowel / consonant).

A ResNet-18 with a one-channel stem and three classification heads is
fine-tuned on the 137x236 grayscale character images. The four competition
parquet files are converted once into a single pickled DataFrame, which is
then split into train / test Dataset objects.
"""
# standard library
import time
from multiprocessing import Pool

# third party
import numpy as np
import pandas as pd
from tqdm import tqdm
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision
from torch.utils.data import Dataset, DataLoader
from torchvision import transforms

NEED_PICKLE = False
TOTAL_ROOTS = 168
TOTAL_VOWELS = 11
TOTAL_CONS = 8


# ---------------------------------------------------------------------------
# model
# ---------------------------------------------------------------------------
class Identity(nn.Module):
    def __init__(self):
        super(Identity, self).__init__()

    def forward(self, x):
        return x


class PretrainedResnet(nn.Module):
    """ImageNet ResNet-18 trunk, 1-channel first conv, three linear heads."""

    def __init__(self, total_roots, total_vowels, total_cons):
        super(PretrainedResnet, self).__init__()
        self.resnet = torchvision.models.resnet18(pretrained=True)
        n_feat = self.resnet.fc.in_features
        self.resnet.fc = Identity()
        self.resnet.conv1 = nn.Conv2d(1, 64, kernel_size=(7, 7), stride=(2, 2), padding=(3, 3), bias=False)
        self.fc_root = nn.Linear(n_feat, total_roots)
        self.fc_vowel = nn.Linear(n_feat, total_vowels)
        self.fc_cons = nn.Linear(n_feat, total_cons)

    def forward(self, x):
        feats = self.resnet(x)
        return self.fc_root(feats), self.fc_vowel(feats), self.fc_cons(feats)


# ---------------------------------------------------------------------------
# dataset
# ---------------------------------------------------------------------------
class BengaliDataset(Dataset):
    HEIGHT = 137
    WIDTH = 236

    def __init__(self, dataframe, transform=None):
        label_cols = ['grapheme_root', 'vowel_diacritic', 'consonant_diacritic']
        self.labels = dataframe[['grapheme_root', 'vowel_diacritic', 'consonant_diacritic']].copy(deep=True)
        self.data = dataframe.copy(deep=False)
        self.data.drop(columns=label_cols, inplace=True)
        self.transform = transform

    def __len__(self):
        return len(self.data)

    def __getitem__(self, idx):
        if torch.is_tensor(idx):
            idx = idx.tolist()
        img = self.data.iloc[idx, :].to_numpy().reshape((self.HEIGHT, self.WIDTH))
        lbl = self.labels.iloc[idx, :].to_numpy()
        if self.transform:
            img = self.transform(img)
        return {'data': img, 'labels': lbl}


# ---------------------------------------------------------------------------
# data preparation
# ---------------------------------------------------------------------------
def dsetToPickle(root_dir, csvfile):
    """Merge the four image parquet files with the labels into one pickle."""
    prefix = 'train_image_data_'
    labels = pd.read_csv(root_dir + csvfile).set_index('image_id', drop=True)
    paths = []
    for i in range(4):
        paths.append(root_dir + prefix + str(i) + '.parquet')
    t0 = time.time()
    print("Reading parquet files...")
    frames = []
    for i in range(4):
        frames.append(pd.read_parquet(paths[i], engine='pyarrow').set_index('image_id', drop=True))
        print("Loaded parquet file " + str(i) + "...")
    frames = pd.concat(frames, copy=False)
    print("Parquet loading completed. Elapsed: %d seconds" % (time.time() - t0))

    # labels go in front of the pixel columns
    labels = labels.iloc[:len(frames)]
    frames.insert(0, 'grapheme_root', labels['grapheme_root'])
    frames.insert(1, 'vowel_diacritic', labels['vowel_diacritic'])
    frames.insert(2, 'consonant_diacritic', labels['consonant_diacritic'])
    del labels

    out_path = root_dir + "full_data.pkl"
    frames.to_pickle(out_path)
    del frames
    return out_path


def getData(pickle_path, split=0.8, drop=0, train_transform=None, test_transform=None):
    t0 = time.time()
    print("Reading pickle from " + pickle_path + "...")
    table = pd.read_pickle(pickle_path)
    print("Pickle loading completed. Elapsed: %d seconds" % (time.time() - t0))
    if drop > 0 and drop < 1:
        table.drop(table.tail(int(len(table) * drop)).index, inplace=True)
    cut = int(split * len(table))

    train_set = BengaliDataset(table.iloc[:cut], transform=train_transform)
    test_set = BengaliDataset(table.iloc[cut:], transform=test_transform)
    return train_set, test_set


def trainModel(net, train_dataloader, test_dataloader):
    train(net, train_dataloader, test_dataloader, pretrained=False)


# ---------------------------------------------------------------------------
# training / validation
# ---------------------------------------------------------------------------
def makeSquareBatch(img_batch, size):
    """Pad every image of the batch to size x size with the batch maximum."""
    n, ch, h, w = img_batch.shape
    square = torch.ones((n, ch, size, size), dtype=img_batch.dtype) * torch.max(img_batch)
    square[:, :, (size - h) // 2:(size - h) // 2 + h, (size - w) // 2:(size - w) // 2 + w] = img_batch
    return square


def validate(model, test_dataloader):
    device = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')
    model.to(device)
    model.eval()
    correct = 0
    total = 0
    with torch.no_grad():
        for batch in tqdm(test_dataloader):
            inputs = makeSquareBatch(batch['data'], 236).to(device)
            labels = batch['labels'].to(device)
            out_root, out_vowe, out_cons = model(inputs)
            p_root = torch.max(out_root, 1)[1]
            p_vowe = torch.max(out_vowe, 1)[1]
            p_cons = torch.max(out_cons, 1)[1]
            correct += torch.stack(((p_root == labels[:, 0]), (p_vowe == labels[:, 1]),
                                    (p_cons == labels[:, 2])), dim=1).all(1).sum().item()
            total += labels.size(0)
    return 100 * correct / total


def train(model, train_dataloader, test_dataloader, epochs=10, lr=0.001):
    device = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')
    print("Using:", device)
    model = model.to(device)

    criterion = nn.CrossEntropyLoss()
    optimizer = optim.Adam([p for p in model.parameters() if p.requires_grad], lr=lr)
    scheduler = optim.lr_scheduler.StepLR(optimizer, step_size=20, gamma=0.1)

    best_acc = 0.0
    for epoch in range(epochs):
        model.train()
        running_loss = 0.0
        correct = 0
        total = 0
        for i, batch in enumerate(tqdm(train_dataloader)):
            inputs = makeSquareBatch(batch['data'], 236).to(device)
            labels = batch['labels'].to(device)

            optimizer.zero_grad()

            out_root, out_vowe, out_cons = model(inputs)
            loss_root = criterion(out_root, labels[:, 0])
            loss_vowe = criterion(out_vowe, labels[:, 1])
            loss_cons = criterion(out_cons, labels[:, 2])
            loss = loss_root + loss_vowe + loss_cons
            loss.backward()
            optimizer.step()

            # a sample counts as correct only if all three heads are right
            p_root = torch.max(out_root, 1)[1]
            p_vowe = torch.max(out_vowe, 1)[1]
            p_cons = torch.max(out_cons, 1)[1]
            correct += torch.stack(((p_root == labels[:, 0]), (p_vowe == labels[:, 1]),
                                    (p_cons == labels[:, 2])), dim=1).all(1).sum().item()
            total += labels.size(0)

            running_loss += loss.item()

        running_loss /= len(train_dataloader)
        acc = 100 * correct / total
        print("[%d] loss %.3f, acc %.3f" % (epoch + 1, running_loss, acc))

        # validation every five epochs and at the end
        if epoch % 5 == 0 or epoch + 1 == epochs:
            model.eval()
            correct = 0
            total = 0
            with torch.no_grad():
                for batch in tqdm(test_dataloader):
                    inputs = makeSquareBatch(batch['data'], 236).to(device)
                    labels = batch['labels'].to(device)
                    out_root, out_vowe, out_cons = model(inputs)
                    p_root = torch.max(out_root, 1)[1]
                    p_vowe = torch.max(out_vowe, 1)[1]
                    p_cons = torch.max(out_cons, 1)[1]
                    correct += torch.stack(((p_root == labels[:, 0]), (p_vowe == labels[:, 1]),
                                            (p_cons == labels[:, 2])), dim=1).all(1).sum().item()
                    total += labels.size(0)
            acc = 100 * correct / total
            if acc > best_acc:
                torch.save(model.state_dict(), './best_model.model')
                best_acc = acc
            print("[%d] VAL acc %.3f" % (epoch + 1, acc))

        scheduler.step()

    return model


# ---------------------------------------------------------------------------
# entry point
# ---------------------------------------------------------------------------
def main():
    if NEED_PICKLE:
        pkl_path = dsetToPickle('./dataset/', 'train.csv')
    else:
        pkl_path = './dataset/full_data.pkl'

    train_transform = transforms.Compose([
        transforms.ToTensor(),
        transforms.Normalize(mean=[0.45], std=[0.225]),
    ])
    test_transform = transforms.Compose([
        transforms.ToTensor(),
        transforms.Normalize(mean=[0.45], std=[0.225]),
    ])

    trainset, testset = getData(pkl_path, split=0.75, drop=0.5,
                                train_transform=train_transform, test_transform=test_transform)
    trainloader = DataLoader(trainset, batch_size=64, shuffle=True, drop_last=True)
    testloader = DataLoader(testset, batch_size=64, shuffle=True, drop_last=True)

    model = PretrainedResnet(TOTAL_ROOTS, TOTAL_VOWELS, TOTAL_CONS)

    model = train(model, trainloader, testloader, epochs=35, lr=0.01)

    torch.save(model.state_dict(), './saved_model.model')
    return


if __name__ == '__main__':
    main()
