# source: https://github.com/NVIDIA-AI-IOT/jetbot/blob/9a4bfab10b35550e2dccc1d9e96949a8cd1e2546/notebooks/road_following/train_model.ipynb (memory report: https://github.com/NVIDIA-AI-IOT/jetbot/pull/117)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# notebook cells flattened in order
import torch
import torch.optim as optim
import torch.nn.functional as F
import torchvision
import torchvision.datasets as datasets
import torchvision.models as models
import torchvision.transforms as transforms
import glob
import PIL.Image
import os
import numpy as np


def parse_x(name):
    """horizontal target encoded in the file name"""
    return (float(int(name[3:6])) - 50.0) / 50.0


def parse_y(name):
    """vertical target encoded in the file name"""
    return (float(int(name[7:10])) - 50.0) / 50.0


class SteeringSet(torch.utils.data.Dataset):

    def __init__(self, folder, random_hflips=False):
        self.folder = folder
        self.random_hflips = random_hflips
        self.paths = glob.glob(os.path.join(self.folder, '*.jpg'))
        self.jitter = transforms.ColorJitter(0.3, 0.3, 0.3, 0.3)

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, idx):
        path = self.paths[idx]
        img = PIL.Image.open(path)
        x = float(parse_x(os.path.basename(path)))
        y = float(parse_y(os.path.basename(path)))
        if float(np.random.rand(1)) > 0.5:
            img = transforms.functional.hflip(img)
            x = -x
        img = self.jitter(img)
        img = transforms.functional.resize(img, (224, 224))
        img = transforms.functional.to_tensor(img)
        img = img.numpy()[::-1].copy()
        img = torch.from_numpy(img)
        img = transforms.functional.normalize(img, [0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
        return img, torch.tensor([x, y]).float()


data = SteeringSet('dataset_xy', random_hflips=False)

held_out = 0.1
n_test = int(held_out * len(data))
train_part, test_part = torch.utils.data.random_split(data, [len(data) - n_test, n_test])

train_loader = torch.utils.data.DataLoader(train_part, batch_size=16, shuffle=True, num_workers=4)
test_loader = torch.utils.data.DataLoader(test_part, batch_size=16, shuffle=True, num_workers=4)

net = models.resnet18(pretrained=True)
net.fc = torch.nn.Linear(512, 2)
device = torch.device('cuda')
net = net.to(device)

EPOCHS = 70
BEST_PATH = 'best_steering_model_xy.pth'
best = 1e9

opt = optim.Adam(net.parameters())

for epoch in range(EPOCHS):

    net.train()
    train_loss = 0.0
    for images, targets in iter(train_loader):
        images = images.to(device)
        targets = targets.to(device)
        opt.zero_grad()
        outputs = net(images)
        loss = F.mse_loss(outputs, targets)
        train_loss += loss
        loss.backward()
        opt.step()
    train_loss /= len(train_loader)

    net.eval()
    test_loss = 0.0
    for images, targets in iter(test_loader):
        images = images.to(device)
        targets = targets.to(device)
        outputs = net(images)
        loss = F.mse_loss(outputs, targets)
        test_loss += loss
    test_loss /= len(test_loader)

    print('%f, %f' % (train_loss, test_loss))
    if test_loss < best:
        torch.save(net.state_dict(), BEST_PATH)
        best = test_loss
