import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from torchvision.utils import make_grid
from sklearn.model_selection import train_test_split
from PIL import Image
import torchvision.transforms as transforms
import cv2
import os


data_dir ='train'


image_filenames = [f for f in os.listdir(data_dir) if f.endswith('.jpg')]

train_filenames, val_filenames = train_test_split(image_filenames, test_size=0.15, random_state=42)

print(f'Training set size: {len(train_filenames)}')
print(f'Validation set size: {len(val_filenames)}')

class SegmentationDataset(Dataset):
    def __init__(self, data_dir, filenames, transform=None):
        self.data_dir = data_dir
        self.filenames = filenames
        self.transform = transform

    def __len__(self):
        return len(self.filenames)

    def __getitem__(self, idx):
        img_name = self.filenames[idx]
        image_path = os.path.join(self.data_dir, img_name)
        mask_name = img_name.replace('.jpg', '.png').replace('_sat', '_mask')
        mask_path = os.path.join(self.data_dir, mask_name)

        image = Image.open(image_path).convert("RGB")
        mask = Image.open(mask_path).convert("L")

        if self.transform:
            image = self.transform(image)
            mask = self.transform(mask)

        mask = (mask > 0.5).float()

        return image, mask

transform = transforms.Compose([
    transforms.Resize((256, 256)),
    transforms.ToTensor()
])

train_dataset = SegmentationDataset(data_dir=data_dir, filenames=train_filenames, transform=transform)
val_dataset = SegmentationDataset(data_dir=data_dir, filenames=val_filenames, transform=transform)

train_loader = DataLoader(train_dataset, batch_size=4, shuffle=True, num_workers=4)
val_loader = DataLoader(val_dataset, batch_size=4, shuffle=False, num_workers=4)


def visualize_data(images, masks, num_images=2):

    batch_indices = np.random.choice(images.size(0), num_images, replace=False)
    batch_images = images[batch_indices]
    batch_masks = masks[batch_indices]

    grid_images = make_grid(batch_images, nrow=num_images, normalize=True)
    grid_masks = make_grid(batch_masks, nrow=num_images, normalize=True)

    grid_images = grid_images.numpy().transpose(1, 2, 0)
    grid_masks = grid_masks.numpy().transpose(1, 2, 0)

    plt.figure(figsize=(12, 6))
    plt.subplot(1, 2, 1)
    plt.imshow(grid_images)
    plt.title('Images')
    plt.subplot(1, 2, 2)
    plt.imshow(grid_masks)
    plt.title('Masks')
    plt.show()

images, masks = next(iter(train_loader))
visualize_data(images, masks)

images, masks = next(iter(val_loader))
visualize_data(images, masks)

class UNet(nn.Module):
    def __init__(self, in_channels, out_channels):
        super(UNet, self).__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(in_channels, 64, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(64, 64, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2)
        )
        self.middle = nn.Sequential(
            nn.Conv2d(64, 128, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(128, 128, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2)
        )
        self.decoder = nn.Sequential(
            nn.Conv2d(128, 64, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.Conv2d(64, 64, kernel_size=3, padding=1),
            nn.ReLU(inplace=True),
            nn.ConvTranspose2d(64, out_channels, kernel_size=2, stride=2),
            nn.ConvTranspose2d(out_channels, out_channels, kernel_size=2, stride=2)
        )

    def forward(self, x):
        x1 = self.encoder(x)
        x2 = self.middle(x1)
        x3 = self.decoder(x2)
        return x3

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

model = UNet(in_channels=3, out_channels=1).to(device)
model.to(device)

def iou(pred, target, smooth=1e-6):
    pred = pred > 0.5
    target = target > 0.5
    intersection = (pred & target).float().sum((1, 2))
    union = (pred | target).float().sum((1, 2))
    iou = (intersection + smooth) / (union + smooth)
    return iou.mean()

def dice_coeff(pred, target, smooth=1e-6):
    pred = pred > 0.5
    target = target > 0.5
    intersection = (pred & target).float().sum((1, 2))
    dice = (2. * intersection + smooth) / (pred.float().sum((1, 2)) + target.float().sum((1, 2)) + smooth)
    return dice.mean()


lr = 0.001
num_epochs = 25

criterion = nn.BCEWithLogitsLoss()
optimizer = optim.Adam(model.parameters(), lr=lr)

from tqdm import tqdm

def train(model, train_loader, val_loader, criterion, optimizer, device, epoch):
    model.train()
    running_loss = 0.0
    running_iou = 0.0
    running_dice = 0.0

    for images, masks in tqdm(train_loader):
        images = images.to(device)
        masks = masks.to(device)

        optimizer.zero_grad()
        outputs = model(images)
        loss = criterion(outputs, masks)

        loss.backward()
        optimizer.step()

        running_loss += loss.item() * images.size(0)
        preds = torch.sigmoid(outputs) > 0.5
        running_iou += iou(preds, masks) * images.size(0)
        running_dice += dice_coeff(preds, masks) * images.size(0)

    epoch_loss = running_loss / len(train_loader.dataset)
    epoch_iou = running_iou / len(train_loader.dataset)
    epoch_dice = running_dice / len(train_loader.dataset)

    print(f'Epoch {epoch+1}, Loss: {epoch_loss:.4f}, IoU: {epoch_iou:.4f}, Dice: {epoch_dice:.4f}')

    model.eval()
    val_loss = 0.0
    val_iou = 0.0
    val_dice = 0.0
    with torch.no_grad():
        for images, masks in tqdm(val_loader):
            images = images.to(device)
            masks = masks.to(device)

            outputs = model(images)
            loss = criterion(outputs, masks)

            val_loss += loss.item() * images.size(0)
            preds = torch.sigmoid(outputs) > 0.5
            val_iou += iou(preds, masks) * images.size(0)
            val_dice += dice_coeff(preds, masks) * images.size(0)

    val_loss /= len(val_loader.dataset)
    val_iou /= len(val_loader.dataset)
    val_dice /= len(val_loader.dataset)

    print(f'Validation Loss: {val_loss:.4f}, Validation IoU: {val_iou:.4f}, Validation Dice: {val_dice:.4f}')


for epoch in range(num_epochs):
    train(model, train_loader, val_loader, criterion, optimizer, device, epoch)

torch.save(model.state_dict(), 'unet_base.pth')
