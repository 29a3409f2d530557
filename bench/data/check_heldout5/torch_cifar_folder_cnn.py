# source: https://github.com/feiyunzhisahng/remote_local_connected2/blob/ad36ad651f685a4c2350d9a349563b8f74955a8d/CNN_model_training/CNN_model_more_hidden_layers_train_and_test.py (+ CifarDataset.py, CNN_model_more_hidden_layers.py, basic_CNN_training_fc.py, basic_CNN_test_fc.py)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import time

import torch
import torch.nn as nn
from PIL import Image
from torch.utils.data import Dataset
from torchvision import transforms

device = "cuda" if torch.cuda.is_available() else "cpu"


class FolderImages(Dataset):
    def __init__(self, root, transform=None):
        self.root = root
        self.transform = transform
        self.classes = sorted(os.listdir(root))
        # (path, class name) pairs; pixels are read lazily in __getitem__
        self.items = []
        for cls in self.classes:
            sub = os.path.join(self.root, cls)
            for name in sorted(os.listdir(sub)):
                self.items.append((os.path.join(sub, name), cls))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, index):
        path, cls = self.items[index]
        img = Image.open(path).convert('RGB')
        label = self.classes.index(cls)
        if self.transform:
            img = self.transform(img)
        return img, label


prep = transforms.Compose([
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.0279, 0.1168, 0.1801], std=[0.8834, 0.8902, 0.8932])
])

train_set = FolderImages(root='remote_local_connected2\\cifar10_train', transform=prep)
train_loader = torch.utils.data.DataLoader(train_set, batch_size=16, shuffle=True)
test_set = FolderImages(root='remote_local_connected2\\cifar10_test', transform=prep)
test_loader = torch.utils.data.DataLoader(test_set, batch_size=4, shuffle=False)


class StackedCNN(nn.Module):
    def __init__(self, num_classes, hidden_layers=None):
        super(StackedCNN, self).__init__()
        blocks = [nn.Conv2d(3, 16, kernel_size=5, stride=1, padding=2), nn.ReLU(), nn.MaxPool2d(kernel_size=2, stride=2)]
        ch = 16
        if hidden_layers:
            for spec in hidden_layers:
                blocks += [nn.Conv2d(ch, spec['out_channels'], kernel_size=spec.get('kernel_size', 5),
                                     stride=spec.get('stride', 1), padding=spec.get('padding', 2)), nn.ReLU()]
                if 'maxpool' in spec and spec['maxpool']:
                    blocks += [nn.MaxPool2d(kernel_size=2, stride=2)]
                ch = spec['out_channels']
        self.layers = nn.Sequential(*blocks)
        with torch.no_grad():
            probe = self.layers(torch.zeros(1, 3, 32, 32))
            flat = probe.view(1, -1).size(1)
        self.fc = nn.Linear(flat, num_classes)

    def forward(self, x):
        out = self.layers(x)
        out = out.view(out.size(0), -1)
        return self.fc(out)


layer_plan = [
    {'out_channels': 32, 'kernel_size': 3, 'stride': 1, 'padding': 1, 'maxpool': True},
    {'out_channels': 64, 'kernel_size': 3, 'stride': 1, 'padding': 1, 'maxpool': True},
    {'out_channels': 128, 'kernel_size': 3, 'stride': 1, 'padding': 1, 'maxpool': False},
    {'out_channels': 256, 'kernel_size': 3, 'stride': 1, 'padding': 1, 'maxpool': True},
]


def fit(model, loader, num_epochs, learning_rate):
    criterion = torch.nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate)
    model.train()
    model.to(device)
    for epoch in range(num_epochs):
        epoch_loss = 0
        for i, (images, labels) in enumerate(loader):
            images = images.to(device)
            labels = labels.to(device)
            optimizer.zero_grad()
            outputs = model(images)
            loss = criterion(outputs, labels)
            loss.backward()
            optimizer.step()
            epoch_loss += loss.item()
            if (i + 1) % 100 == 0:
                print(f'epoch {epoch + 1}/{num_epochs} step {i + 1}/{len(loader)} loss {loss.item():.4f}')
        print(f'mean loss epoch {epoch + 1}: {epoch_loss / len(loader):.4f}')


def accuracy(model, loader):
    model.eval()
    right = 0
    seen = 0
    with torch.no_grad():
        for images, labels in loader:
            images = images.to(device)
            labels = labels.to(device)
            outputs = model(images)
            _, guess = torch.max(outputs.data, 1)
            seen += labels.size(0)
            right += (guess == labels).sum().item()
    return 100 * right / seen


model = StackedCNN(num_classes=10, hidden_layers=layer_plan)
t0 = time.time()
fit(model, train_loader, num_epochs=10, learning_rate=0.001)
print(f'trained in {time.time() - t0:.2f} s')
print(f'test accuracy {accuracy(model, test_loader):.2f}%')
