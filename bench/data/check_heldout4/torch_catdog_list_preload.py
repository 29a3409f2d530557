# source: https://github.com/Tech-Watt/PYTORCH-IMAGE-CLASSIFICATION-SERIES/blob/b34f042d4aa80ce7cbaa8a161b48b7b764744f59/Training%20Model-Part-3.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import cv2
import torch
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms
import os
import torch.nn as nn
from torch import optim

device = 'cuda' if torch.cuda.is_available() else 'cpu'

# gather every picture and its class index
pictures = []
classes = []
root = r'D:\datasets\cats_and_dogs'
folders = os.listdir(root)

# one sub-folder per class
for folder in folders:
    cls = folders.index(folder)
    folder_path = os.path.join(root, folder)
    for fname in os.listdir(folder_path):
        pic = cv2.imread(os.path.join(folder_path, fname))
        pictures.append(pic)
        classes.append(cls)

# dataset over the in-memory lists
class PetPictures(Dataset):
    def __init__(self, pics, targets, transform=None):
        self.pics = pics
        self.targets = targets
        self.transform = transform

    def __getitem__(self, idx):
        pic = self.pics[idx]
        target = self.targets[idx]
        if self.transform:
            pic = self.transform(pic)

        return pic, target

    def __len__(self):
        return len(self.targets)

# tensor conversion then resize
prep = transforms.Compose([
    transforms.ToTensor(),
    transforms.Resize((200, 200))
])

# dataset and loader
pet_set = PetPictures(pictures, classes, prep)
pet_loader = DataLoader(pet_set, batch_size=4, shuffle=True)
first_batch = next(iter(pet_loader))

# a tiny conv classifier
class PetNet(nn.Module):
    def __init__(self):
        super(PetNet, self).__init__()
        self.conv1 = nn.Conv2d(in_channels=3, out_channels=64, kernel_size=2, stride=2, padding=0)
        self.maxpool = nn.MaxPool2d(kernel_size=2, stride=2, padding=0)
        self.activation = nn.ReLU()
        self.linear = nn.Linear(64 * 50 * 50, 2)
        self.flatten = nn.Flatten()

    def forward(self, x):
        x = self.conv1(x)
        x = self.activation(x)
        x = self.maxpool(x)
        x = self.activation(x)
        x = self.flatten(x)
        x = self.linear(x)
        return x

# build and place the network
net = PetNet().to(device)
print(net.eval())

# settings
lr = 0.001
n_epochs = 100
opt = optim.SGD(net.parameters(), lr)
loss_fn = nn.CrossEntropyLoss()

hits = 0
seen = 0

# fitting loop
for ep in range(n_epochs):
    for pic, target in pet_loader:
        pic = pic.to(device)
        target = target.to(device)

        opt.zero_grad()
        out = net(pic)
        _, guess = torch.max(out, 1)

        seen += target.size(0)
        hits += (guess == target).sum().item()

        loss = loss_fn(out, target)
        loss.backward()
        opt.step()

    acc = hits / seen
    print(f'epoch {ep+1} of {n_epochs} | loss {loss.item()} | acc {acc}')

# store weights
torch.save(net.state_dict(), 'petnet.pt')
print('weights stored')

# reload
reloaded = PetNet()
reloaded.load_state_dict(torch.load('petnet.pt'))
reloaded = reloaded.to(device)

# prepare one picture for a prediction
one_path = r'D:\datasets\samples/cat.36.jpg'
one_pic = cv2.imread(one_path)
one_input = prep(one_pic).unsqueeze(0).to(device)

# predict
with torch.no_grad():
    out = reloaded(one_input)

_, guess_idx = torch.max(out.data, 1)
names = {0: 'Cat', 1: 'Dog'}
guess_name = names[guess_idx.item()]
print('prediction:', guess_name)
