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


class HouseMixedDataset(Dataset):
    """Houses data set: photo mosaic, encoded attributes and scaled price per house."""
    def __init__(self, data_root, info_file, sample_tf=None):
        super(HouseMixedDataset, self).__init__()
        self.sample_tf = sample_tf
        self.data_root = Path(data_root)
        self.house_df = self._read_house_table(info_file)
        self.mosaic_images = self._read_mosaics()
        self.attr_X = self._encode_attrs()

    def __getitem__(self, item_idx):
        img_t = self.mosaic_images[item_idx]
        # to a float tensor in channel-first layout
        img_t = torch.as_tensor(img_t, dtype=torch.float)
        img_t = img_t.permute(2, 0, 1)
        attr_vec = self.attr_X[item_idx]
        attr_vec = torch.as_tensor(attr_vec, dtype=torch.float)
        # the last column is the (scaled) price
        price_target = self.attr_X[item_idx][-1]
        price_target = torch.as_tensor(price_target, dtype=torch.float)
        item_tuple = (img_t, attr_vec, price_target)
        if self.sample_tf:
            item_tuple = self.sample_tf(item_tuple)
        return item_tuple

    def __len__(self):
        return len(list(self.attr_X))

    def _read_house_table(self, info_file):
        col_names = ["bedrooms", "bathrooms", "area", "zipcode", "price"]
        house_df = pd.read_csv(self.data_root / info_file, sep=" ", header=None, names=col_names)
        zip_list = house_df["zipcode"].value_counts().keys().tolist()
        zip_counts = house_df["zipcode"].value_counts().tolist()
        for zip_code, n_houses in zip(zip_list, zip_counts):
            if n_houses < 25:
                drop_idx = house_df[house_df["zipcode"] == zip_code].index
                house_df.drop(drop_idx, inplace=True)
        return house_df

    def _encode_attrs(self):
        self.price_max = self.house_df["price"].max()
        self.house_df["price"] = self.house_df["price"] / self.price_max
        numeric_cols = ["bedrooms", "bathrooms", "area"]
        minmax = MinMaxScaler()
        numeric_part = minmax.fit_transform(self.house_df[numeric_cols])
        zip_encoder = LabelBinarizer().fit(self.house_df["zipcode"])
        onehot_part = zip_encoder.transform(self.house_df["zipcode"])
        attr_X = np.hstack([onehot_part, numeric_part])
        return attr_X

    def _read_mosaics(self):
        # one 64x64 mosaic per house
        images_all = []
        # house by house
        for i in self.house_df.index.values:
            # the four photos of a house, in a stable
            # sorted order
            glob_pattern = str(self.data_root / f"{i+1}_*")
            photo_paths = sorted(list(glob.glob(glob_pattern)))
            # the four small photos and the mosaic
            # that will hold them
            photo_images = []
            mosaic_image = np.zeros((64, 64, 3), dtype="uint8")
            # each photo of this house
            for photo_path in photo_paths:
                # read it, shrink it to 32x32 and
                # keep it for the mosaic
                photo_img = cv2.imread(photo_path)
                photo_img = cv2.resize(photo_img, (32, 32))
                photo_images.append(photo_img)
            # place the photos in the four
            # quadrants of the mosaic:
            # top-left, top-right, bottom-right,
            # bottom-left
            mosaic_image[0:32, 0:32] = photo_images[0]
            mosaic_image[0:32, 32:64] = photo_images[1]
            mosaic_image[32:64, 32:64] = photo_images[2]
            mosaic_image[32:64, 0:32] = photo_images[3]
            # keep the mosaic as this house's
            # picture
            images_all.append(mosaic_image)
        # stack all mosaics, pixels scaled to [0, 1]
        return np.array(images_all) / 255.0


class TabularNet(nn.Module):
    def __init__(self, n_in):
        super(TabularNet, self).__init__()
        self.fc_in = nn.Linear(n_in, 8)
        self.fc_out = nn.Linear(8, 4)
        self.relu_act = nn.ReLU()

    def forward(self, h):
        h = F.relu(self.fc_in(h))
        h = self.relu_act(self.fc_out(h))
        return h


class MosaicCNN(nn.Module):
    def __init__(self):
        super(MosaicCNN, self).__init__()
        self.c1 = nn.Conv2d(3, 16, kernel_size=3)
        self.bn1 = nn.BatchNorm2d(16)
        self.mp1 = nn.MaxPool2d(2)
        self.c2 = nn.Conv2d(16, 32, kernel_size=3)
        self.bn2 = nn.BatchNorm2d(32)
        self.mp2 = nn.MaxPool2d(2)
        self.c3 = nn.Conv2d(32, 64, kernel_size=3)
        self.bn3 = nn.BatchNorm2d(64)
        self.mp3 = nn.MaxPool2d(2)
        self.fc_hidden = nn.Linear(2304, 16)
        self.bn4 = nn.BatchNorm1d(16)
        self.dropout_l = nn.Dropout(0.5)
        self.fc_out = nn.Linear(16, 4)
        self.relu_act = nn.ReLU()

    def forward(self, h):
        h = F.relu(self.c1(h))  # (B, 16, 62, 62)
        h = self.bn1(h)  # (B, 16, 62, 62)
        h = self.mp1(h)  # (B, 16, 31, 31)
        h = F.relu(self.c2(h))  # (B, 32, 29, 29)
        h = self.bn2(h)  # (B, 32, 29, 29)
        h = self.mp2(h)  # (B, 32, 14, 14)
        h = F.relu(self.c3(h))  # (B, 64, 12, 12)
        h = self.bn3(h)  # (B, 64, 12, 12)
        h = self.mp3(h)  # (B, 64, 6, 6)
        h = h.view(h.size(0), -1)  # (B, 2304)
        h = F.relu(self.fc_hidden(h))  # (B, 16)
        h = self.bn4(h)  # (B, 16)
        h = self.dropout_l(h)  # (B, 16)
        h = self.relu_act(self.fc_out(h))  # (B, 4)
        return h


class TwoBranchRegressor(nn.Module):
    """Image branch and tabular branch joined by a small sigmoid head."""
    def __init__(self, n_in):
        super(TwoBranchRegressor, self).__init__()
        self.image_branch = MosaicCNN()
        self.tab_branch = TabularNet(n_in)
        self.head1 = nn.Linear(8, 4)
        self.head2 = nn.Linear(4, 1)
        self.squash = nn.Sigmoid()

    def forward(self, image_in, tab_data):
        # each branch gives 4 features
        img_feat = self.image_branch(image_in)
        tab_feat = self.tab_branch(tab_data)
        h = torch.cat((img_feat, tab_feat), dim=1)
        h = F.relu(self.head1(h))  # 8 -> 4
        h = self.squash(self.head2(h))
        return h


def mape(pred_list, target_list):
    err_sum = torch.tensor([0.0])
    for i, gt in zip(pred_list, target_list):
        p_flat = i.flatten()
        err_sum += torch.abs((p_flat - gt) / p_flat)
    return err_sum.item() * (100. / len(pred_list))


def run_eval(eval_model, test_loader):
    # score the joined model on the test loader
    eval_model.eval()
    pred_list = []
    target_list = []
    with torch.no_grad():
        for i, batch_item in enumerate(tqdm.tqdm(test_loader)):
            batch_images = batch_item[0]
            batch_data = batch_item[1]
            batch_targets = batch_item[2]
            batch_pred = eval_model(batch_images, batch_data)
            pred_list.append(batch_pred)
            target_list.append(batch_targets)

    mape_value = mape(pred_list, target_list)

    print(f"test MAPE: {mape_value:.2f}")


def train_two_branch(net_model, optimizer_obj, loss_func, train_loader, n_epochs=200):
    tb_writer = SummaryWriter('runs/cnnmlp')

    loss_accum = 0.0
    for epoch_no in tqdm.tqdm(range(0, n_epochs)):
        for i, batch_item in enumerate(train_loader, 0):
            batch_images = batch_item[0]
            batch_data = batch_item[1]
            batch_targets = batch_item[2]
            batch_pred = net_model(batch_images, batch_data)
            batch_pred = torch.flatten(batch_pred)
            batch_loss = loss_func(batch_pred, batch_targets)
            optimizer_obj.zero_grad()
            batch_loss.backward()
            optimizer_obj.step()
            loss_accum += batch_loss.item()
            if i % 100:
                tb_writer.add_scalar("loss/train", loss_accum / 100, epoch_no*len(train_loader)+1)
                loss_accum = 0.0

    tb_writer.close()
    ckpt_state = {"state_dict": net_model.state_dict(),
             "optimizer": optimizer_obj.state_dict()}
    torch.save(ckpt_state, "CNNMLP.pth")


cli = argparse.ArgumentParser(description='house price regression from photos and attributes')
cli.add_argument("-tcm", "--trainmlpcnn", action="store_true", help="fit the two-branch model")
cli.add_argument("-e", "--evaluate", action="store_true", help="score the saved model")

opts = cli.parse_args()
torch.manual_seed(0)
houses_dataset = HouseMixedDataset("Houses-dataset/", "HousesInfo.txt")
train_subset, test_subset = torch.utils.data.random_split(houses_dataset, [272, 90])

train_loader = DataLoader(train_subset, batch_size=8, shuffle=False, num_workers=2, drop_last=True)
test_loader = DataLoader(test_subset, batch_size=1, shuffle=False, num_workers=1, drop_last=True)

if opts.trainmlpcnn:
    mixed_model = TwoBranchRegressor(10)
    adam_optimizer = optim.Adam(params=mixed_model.parameters(), lr=1e-3)
    lr_sched = optim.lr_scheduler.ExponentialLR(optimizer=adam_optimizer, gamma=0.96)
    loss_func = nn.MSELoss()
    train_two_branch(mixed_model, adam_optimizer, loss_func, train_loader)

if opts.evaluate:
    mixed_model = TwoBranchRegressor(10)
    ckpt_state = torch.load("CNNMLP.pth")
    mixed_model.load_state_dict(ckpt_state["state_dict"])
    mixed_model.eval()

    run_eval(mixed_model, test_loader)
