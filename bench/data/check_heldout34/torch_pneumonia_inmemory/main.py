import torch
from torch.utils.data import DataLoader
from dataset import XrayFolderDataset
from model import XrayNet
TRAIN_DIR = "/home/amal/Desktop/chest_xray/train"
TEST_DIR = "/home/amal/Desktop/chest_xray/train"
VAL_DIR = "/home/amal/Desktop/chest_xray/train"
VAL_DIR = "/home/amal/Desktop/chest_xray/train"

train_set = XrayFolderDataset(TRAIN_DIR)
test_set = XrayFolderDataset(TEST_DIR)
val_set = XrayFolderDataset(VAL_DIR)



train_loader = DataLoader(train_set, batch_size=32, shuffle=True)
test_loader = DataLoader(test_set, batch_size=16)
val_loader = DataLoader(test_set, batch_size=16)

model = XrayNet()
model.fit(train_loader, val_loader)
model.evaluate(test_loader)
torch.save(model.state_dict(), "./model")
