"""Handwritten Bengali grapheme recognition: predict root, vowel and consonant.

An ImageNet ResNet-18 gets a single-channel first convolution and three linear
heads, then is trained on the 137x236 greyscale glyphs. The competition's four
parquet shards are merged once into one pickled DataFrame, and that frame is
cut into a train and a test Dataset.
"""
# stdlib
import time
from multiprocessing import Pool

# external packages
import numpy as np
import pandas as pd
from tqdm import tqdm
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision
from torch.utils.data import Dataset, DataLoader
from torchvision import transforms

BUILD_PICKLE = False
N_ROOT_CLASSES = 168
N_VOWEL_CLASSES = 11
N_CONS_CLASSES = 8


# ---------------------------------------------------------------------------
# networks
# ---------------------------------------------------------------------------
class PassThrough(nn.Module):
    def __init__(self):
        super(PassThrough, self).__init__()

    def forward(self, x):
        return x


class ThreeHeadResNet(nn.Module):
    """ResNet-18 body with a 1-channel stem and one linear head per label kind."""

    def __init__(self, n_roots, n_vowels, n_cons):
        super(ThreeHeadResNet, self).__init__()
        self.trunk = torchvision.models.resnet18(pretrained=True)
        trunk_width = self.trunk.fc.in_features
        self.trunk.fc = PassThrough()
        self.trunk.conv1 = nn.Conv2d(1, 64, kernel_size=(7, 7), stride=(2, 2), padding=(3, 3), bias=False)
        self.root_head = nn.Linear(trunk_width, n_roots)
        self.vowel_head = nn.Linear(trunk_width, n_vowels)
        self.cons_head = nn.Linear(trunk_width, n_cons)

    def forward(self, x):
        features = self.trunk(x)
        return self.root_head(features), self.vowel_head(features), self.cons_head(features)


# ---------------------------------------------------------------------------
# data set
# ---------------------------------------------------------------------------
class GraphemeDataset(Dataset):
    IMG_H = 137
    IMG_W = 236

    def __init__(self, frame_in, img_transform=None):
        label_names = ['grapheme_root', 'vowel_diacritic', 'consonant_diacritic']
        self.targets = frame_in[['grapheme_root', 'vowel_diacritic', 'consonant_diacritic']].copy(deep=True)
        self.pixel_data = frame_in.copy(deep=False)
        self.pixel_data.drop(columns=label_names, inplace=True)
        self.img_transform = img_transform

    def __len__(self):
        return len(self.pixel_data)

    def __getitem__(self, index_):
        if torch.is_tensor(index_):
            index_ = index_.tolist()
        image = self.pixel_data.iloc[index_, :].to_numpy().reshape((self.IMG_H, self.IMG_W))
        target = self.targets.iloc[index_, :].to_numpy()
        if self.img_transform:
            image = self.img_transform(image)
        return {'data': image, 'labels': target}


# ---------------------------------------------------------------------------
# building the pickle
# ---------------------------------------------------------------------------
def build_pixel_pickle(data_dir, label_file):
    """Join the four pixel parquet shards and the label csv into a single pickle."""
    parquet_prefix = 'train_image_data_'
    targets = pd.read_csv(data_dir + label_file).set_index('image_id', drop=True)
    parquet_paths = []
    for i in range(4):
        parquet_paths.append(data_dir + parquet_prefix + str(i) + '.parquet')
    tic = time.time()
    print("loading the parquet shards")
    pixel_frames = []
    for i in range(4):
        pixel_frames.append(pd.read_parquet(parquet_paths[i], engine='pyarrow').set_index('image_id', drop=True))
        print("shard " + str(i) + " read")
    pixel_frames = pd.concat(pixel_frames, copy=False)
    print("all shards read in %d s" % (time.time() - tic))

    # put the three label columns before the pixels
    targets = targets.iloc[:len(pixel_frames)]
    pixel_frames.insert(0, 'grapheme_root', targets['grapheme_root'])
    pixel_frames.insert(1, 'vowel_diacritic', targets['vowel_diacritic'])
    pixel_frames.insert(2, 'consonant_diacritic', targets['consonant_diacritic'])
    del targets

    pickle_out_path = data_dir + "full_data.pkl"
    pixel_frames.to_pickle(pickle_out_path)
    del pixel_frames
    return pickle_out_path


def load_splits(pkl_file_path, train_frac=0.8, drop_frac=0, train_tf=None, test_tf=None):
    tic = time.time()
    print("loading pickle " + pkl_file_path + " now")
    pixel_table = pd.read_pickle(pkl_file_path)
    print("pickle read in %d s" % (time.time() - tic))
    if drop_frac > 0 and drop_frac < 1:
        pixel_table.drop(pixel_table.tail(int(len(pixel_table) * drop_frac)).index, inplace=True)
    cut_row = int(train_frac * len(pixel_table))

    train_dataset = GraphemeDataset(pixel_table.iloc[:cut_row], img_transform=train_tf)
    test_dataset = GraphemeDataset(pixel_table.iloc[cut_row:], img_transform=test_tf)
    return train_dataset, test_dataset


def fit_model(network, train_loader, test_loader):
    train_model(network, train_loader, test_loader, pretrained=False)


# ---------------------------------------------------------------------------
# fitting and scoring
# ---------------------------------------------------------------------------
def pad_to_square(image_batch, side):
    """Centre each image in a side x side canvas filled with the batch's maximum."""
    bsz, chans, hh, ww = image_batch.shape
    padded = torch.ones((bsz, chans, side, side), dtype=image_batch.dtype) * torch.max(image_batch)
    padded[:, :, (side - hh) // 2:(side - hh) // 2 + hh, (side - ww) // 2:(side - ww) // 2 + ww] = image_batch
    return padded


def val_accuracy(model, test_loader):
    run_device = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')
    model.to(run_device)
    model.eval()
    n_right = 0
    n_seen = 0
    with torch.no_grad():
        for batch in tqdm(test_loader):
            images = pad_to_square(batch['data'], 236).to(run_device)
            targets = batch['labels'].to(run_device)
            root_logits, vowel_logits, cons_logits = model(images)
            root_pred = torch.max(root_logits, 1)[1]
            vowel_pred = torch.max(vowel_logits, 1)[1]
            cons_pred = torch.max(cons_logits, 1)[1]
            n_right += torch.stack(((root_pred == targets[:, 0]), (vowel_pred == targets[:, 1]),
                                    (cons_pred == targets[:, 2])), dim=1).all(1).sum().item()
            n_seen += targets.size(0)
    return 100 * n_right / n_seen


def train_model(model, train_loader, test_loader, n_epochs=10, base_lr=0.001):
    run_device = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')
    print("device:", run_device)
    model = model.to(run_device)

    ce_loss = nn.CrossEntropyLoss()
    optimizer = optim.Adam([p for p in model.parameters() if p.requires_grad], lr=base_lr)
    lr_sched = optim.lr_scheduler.StepLR(optimizer, step_size=20, gamma=0.1)

    best_val_acc = 0.0
    for epoch in range(n_epochs):
        model.train()
        epoch_loss = 0.0
        n_right = 0
        n_seen = 0
        for i, batch in enumerate(tqdm(train_loader)):
            images = pad_to_square(batch['data'], 236).to(run_device)
            targets = batch['labels'].to(run_device)

            optimizer.zero_grad()

            root_logits, vowel_logits, cons_logits = model(images)
            root_loss = ce_loss(root_logits, targets[:, 0])
            vowel_loss = ce_loss(vowel_logits, targets[:, 1])
            cons_loss = ce_loss(cons_logits, targets[:, 2])
            loss = root_loss + vowel_loss + cons_loss
            loss.backward()
            optimizer.step()

            # an image only counts when root, vowel and consonant are all predicted right
            root_pred = torch.max(root_logits, 1)[1]
            vowel_pred = torch.max(vowel_logits, 1)[1]
            cons_pred = torch.max(cons_logits, 1)[1]
            n_right += torch.stack(((root_pred == targets[:, 0]), (vowel_pred == targets[:, 1]),
                                    (cons_pred == targets[:, 2])), dim=1).all(1).sum().item()
            n_seen += targets.size(0)

            epoch_loss += loss.item()

        epoch_loss /= len(train_loader)
        accuracy = 100 * n_right / n_seen
        print("epoch %d: train loss %.3f, train acc %.3f" % (epoch + 1, epoch_loss, accuracy))

        # score the held-out split on every fifth epoch and after the last one
        if epoch % 5 == 0 or epoch + 1 == n_epochs:
            model.eval()
            n_right = 0
            n_seen = 0
            with torch.no_grad():
                for batch in tqdm(test_loader):
                    images = pad_to_square(batch['data'], 236).to(run_device)
                    targets = batch['labels'].to(run_device)
                    root_logits, vowel_logits, cons_logits = model(images)
                    root_pred = torch.max(root_logits, 1)[1]
                    vowel_pred = torch.max(vowel_logits, 1)[1]
                    cons_pred = torch.max(cons_logits, 1)[1]
                    n_right += torch.stack(((root_pred == targets[:, 0]), (vowel_pred == targets[:, 1]),
                                            (cons_pred == targets[:, 2])), dim=1).all(1).sum().item()
                    n_seen += targets.size(0)
            accuracy = 100 * n_right / n_seen
            if accuracy > best_val_acc:
                torch.save(model.state_dict(), './best_model.model')
                best_val_acc = accuracy
            print("epoch %d: val acc %.3f" % (epoch + 1, accuracy))

        lr_sched.step()

    return model


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------
def run():
    if BUILD_PICKLE:
        pickle_file = build_pixel_pickle('./dataset/', 'train.csv')
    else:
        pickle_file = './dataset/full_data.pkl'

    train_tf = transforms.Compose([
        transforms.ToTensor(),
        transforms.Normalize(mean=[0.45], std=[0.225]),
    ])
    test_tf = transforms.Compose([
        transforms.ToTensor(),
        transforms.Normalize(mean=[0.45], std=[0.225]),
    ])

    train_data, test_data = load_splits(pickle_file, train_frac=0.75, drop_frac=0.5,
                                train_tf=train_tf, test_tf=test_tf)
    train_loader = DataLoader(train_data, batch_size=64, shuffle=True, drop_last=True)
    test_loader = DataLoader(test_data, batch_size=64, shuffle=True, drop_last=True)

    model = ThreeHeadResNet(N_ROOT_CLASSES, N_VOWEL_CLASSES, N_CONS_CLASSES)

    model = train_model(model, train_loader, test_loader, n_epochs=35, base_lr=0.01)

    torch.save(model.state_dict(), './saved_model.model')
    return


if __name__ == '__main__':
    run()
