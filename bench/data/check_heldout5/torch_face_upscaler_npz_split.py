# source: https://github.com/sonhamin/HairSwapping/blob/0b616bb352d8504e182b38c4a5136702fd8d92fe/up_train.py (+ upscale_util.py)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import math
import random
import time

import numpy as np
import torch
import torch.nn as nn
import torchvision.transforms as transforms
import torchvision.transforms.functional as TF
from PIL import Image
from sklearn.model_selection import train_test_split
from torch.utils.data import Dataset
from torchvision.models import vgg19

import upscaler


class PairedFaces(Dataset):
    def __init__(self, low_res, high_res, img_transform=None):
        self.low_res = low_res
        self.high_res = high_res
        self.img_transform = img_transform

    def __len__(self):
        return self.high_res.shape[0]

    def __getitem__(self, index):
        low = Image.fromarray(self.low_res[index].astype(np.uint8), mode="RGB")
        high = Image.fromarray(self.high_res[index].astype(np.uint8), mode="RGB")
        if self.img_transform:
            random.seed(42)
            low = self.img_transform(low)
            high = self.img_transform(high)
        return low, high


class QuarterTurns:
    def __init__(self, angles):
        self.angles = angles

    def __call__(self, x):
        return TF.rotate(x, random.choice(self.angles))


class VggTaps(nn.Module):
    def __init__(self):
        super(VggTaps, self).__init__()
        feats = list(vgg19(pretrained=True).features)[:36]
        self.features = nn.ModuleList(feats).eval()

    def forward(self, x):
        taps = []
        for ii, layer in enumerate(self.features):
            x = layer(x)
            if ii in {2, 7, 12, 21, 30}:
                taps.append(x)
        return taps


device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

big_npz = np.load("px256.npz")
big_faces = big_npz["face"]
small_npz = np.load("px96_half.npz")
small_faces = small_npz["face"]

x_train, x_test, y_train, y_test = train_test_split(small_faces, big_faces, test_size=0.2, random_state=42)

aug_train = transforms.Compose([
    transforms.RandomHorizontalFlip(),
    QuarterTurns(angles=(0, 90, 180, 270)),
    transforms.ToTensor(),
])
aug_test = transforms.Compose([transforms.ToTensor()])

train_loader = torch.utils.data.DataLoader(PairedFaces(x_train, y_train, img_transform=aug_train),
                                           batch_size=12, shuffle=True, num_workers=0)
test_loader = torch.utils.data.DataLoader(PairedFaces(x_test, y_test, img_transform=aug_test),
                                          batch_size=16, shuffle=True, num_workers=0)

sr_net = upscaler.UNet()
sr_net.to(device)
vgg_taps = VggTaps()
vgg_taps.to(device)

pixel_loss = torch.nn.MSELoss()
feat_loss = torch.nn.MSELoss()
optimizer = torch.optim.SGD(sr_net.parameters(), lr=0.0005, momentum=0.9)

first_epoch = 1
best_test = math.inf
try:
    sr_net.load_state_dict(torch.load("best_upscaler_weights_perceptual.pth"))
    best_test = 0.14
    first_epoch = 2
except FileNotFoundError as e:
    print(str(e))

to_pil = transforms.ToPILImage(mode="RGB")
n_epochs = 10

for epoch in range(first_epoch, n_epochs + 1):
    t0 = time.time()
    sr_net.train()
    running = 0.0
    for x, y in train_loader:
        x = x.to(device)
        y = y.to(device)
        pred = sr_net(x)
        fake_f = vgg_taps(pred)
        real_f = vgg_taps(y)
        loss_f = 0
        for i in range(5):
            loss_f += feat_loss(fake_f[i], real_f[i])
        optimizer.zero_grad()
        mse = pixel_loss(pred, y)
        total = mse + loss_f / 10
        total.backward(retain_graph=True)
        optimizer.step()
        running += total.item()
    running /= len(train_loader)
    print("epoch {0}: train {1}, {2}s".format(epoch, running, time.time() - t0))

    sr_net.eval()
    test_loss = 0.0
    with torch.no_grad():
        for x, y in test_loader:
            x = x.to(device)
            y = y.to(device)
            pred = sr_net(x)
            test_loss += pixel_loss(pred, y)
        test_loss /= len(test_loader)
    if test_loss < best_test:
        best_test = test_loss
        torch.save(sr_net.state_dict(), f="best_upscaler_weights_perceptual.pth")

    try:
        if epoch % 5 == 0 or epoch == 1:
            shown = sr_net(x)
            to_pil(x.cpu()[0]).show()
            to_pil(y.cpu()[0]).show()
            to_pil(shown.cpu()[0]).show()
    except Exception as e:
        print(str(e))
    print("epoch {0}: test {1}, best {2}".format(epoch, test_loss, best_test))

torch.save(sr_net.state_dict(), f="final_upscaler_weights_perceptual.pth")
