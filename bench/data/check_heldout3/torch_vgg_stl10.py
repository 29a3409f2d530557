# source: https://github.com/gogo5911/PyTorch_Network_CNN/blob/3779d96160d8e6d3a3c7396b25e5fb10de29b99d/3.VGG/main.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# note: with solver.py, util.py and VGG.py of the same folder
import os
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torchvision import datasets, transforms


class VGGA(nn.Module):
    def __init__(self, n_classes=1000):
        super(VGGA, self).__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 64, kernel_size=3, padding=1, stride=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            nn.Conv2d(64, 128, kernel_size=3, padding=1, stride=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            nn.Conv2d(128, 256, kernel_size=3, padding=1, stride=1), nn.ReLU(inplace=True),
            nn.Conv2d(256, 256, kernel_size=3, padding=1, stride=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            nn.Conv2d(256, 512, kernel_size=3, padding=1, stride=1), nn.ReLU(inplace=True),
            nn.Conv2d(512, 512, kernel_size=3, padding=1, stride=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            nn.Conv2d(512, 512, kernel_size=3, padding=1, stride=1), nn.ReLU(inplace=True),
            nn.Conv2d(512, 512, kernel_size=3, padding=1, stride=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2),
        )
        self.head = nn.Sequential(
            nn.Linear(512 * 7 * 7, 4096), nn.ReLU(inplace=True), nn.Dropout(p=0.5),
            nn.Linear(4096, 4096), nn.ReLU(inplace=True), nn.Dropout(p=0.5),
            nn.Linear(4096, n_classes),
        )

    def forward(self, x):
        x = self.features(x)
        x = torch.flatten(x, 1)
        return self.head(x)


def train_epoch(model, criterion, optimizer, train_loader, device):
    running = 0
    for step, batch in enumerate(train_loader, 0):
        imgs, classes = batch
        imgs, classes = imgs.to(device), classes.to(device)
        logits = model(imgs)
        loss = criterion(logits, classes)
        running += loss.item() * logits.size(0)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return model, optimizer, running / len(train_loader.dataset)


def valid_epoch(model, criterion, valid_loader, device):
    model.eval()
    running = 0
    for step, batch in enumerate(valid_loader, 0):
        imgs, classes = batch
        imgs, classes = imgs.to(device), classes.to(device)
        logits = model(imgs)
        loss = criterion(logits, classes)
        running += loss.item() * logits.size(0)
    return model, running / len(valid_loader.dataset)


def accuracy(model, loader, device):
    hits = 0
    with torch.no_grad():
        model.eval()
        for imgs, classes in loader:
            imgs, classes = imgs.to(device), classes.to(device)
            logits = model(imgs)
            pred = logits.max(1, keepdim=True)[1]
            hits += pred.eq(classes.view_as(pred)).sum().item()
    return 100. * hits / len(loader.dataset)


DEVICE = 'cuda' if torch.cuda.is_available() else 'cpu'
BATCH = 64
LR = 0.001
N_CLASSES = 10
EPOCHS = 15
ckpt_dir = './checkpoint'

prep = transforms.Compose([transforms.Resize(256),
                           transforms.RandomCrop(224),
                           transforms.ToTensor(),
                           transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))])

train_set = datasets.STL10(root='STL10_data', split='train', transform=prep, download=True)
train_loader = DataLoader(dataset=train_set, batch_size=BATCH, shuffle=True)
test_set = datasets.STL10(root='STL10_data', split='test', transform=prep, download=True)
test_loader = DataLoader(dataset=test_set, batch_size=BATCH, shuffle=False)

model = VGGA(N_CLASSES).to(DEVICE)
optimizer = torch.optim.Adam(model.parameters(), lr=LR)
criterion = nn.CrossEntropyLoss().to(DEVICE)

train_history = []
test_history = []
for epoch in range(EPOCHS):
    model, optimizer, train_loss = train_epoch(model, criterion, optimizer, train_loader, DEVICE)
    train_history.append(train_loss)

    with torch.no_grad():
        model, test_loss = valid_epoch(model, criterion, test_loader, DEVICE)
        test_history.append(test_loss)

    train_acc = accuracy(model, train_loader, device=DEVICE)
    valid_acc = accuracy(model, test_loader, device=DEVICE)

    if not os.path.exists(ckpt_dir):
        os.mkdir(ckpt_dir)
    ckpt_file = os.path.join(ckpt_dir, 'epoch' + str(epoch) + '.pth')
    torch.save({'model_state_dict': model.state_dict(),
                'optimizer_state_dict': optimizer.state_dict(),
                'epoch': epoch}, ckpt_file)
