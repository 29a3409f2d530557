# ResNet-34 fine-tuned on the Kaggle "large-scale fish" image set, nine species.
# Notebook exported to a script; the cells follow one another below.

import numpy as np # arrays
import pandas as pd # tables

# The input folders of the kernel are mounted read-only under ../input/
# (kaggle/python image); everything written goes to the working directory.

import os
# Outputs saved in /kaggle/working/ survive a "Save & Run All";
# /kaggle/temp/ is scratch space only.
# ---- cell
import torch
import torchvision
from torchvision import models
from torch.utils.data import DataLoader
import torch.nn as nn
import torch.nn.functional as F

import tarfile
from PIL import Image
import matplotlib.pyplot as plt
from pathlib import Path
from sklearn.model_selection import train_test_split

import albumentations as A

from albumentations.pytorch import ToTensorV2

from tqdm.notebook import tqdm

import warnings
warnings.filterwarnings('ignore')
# ---- cell
# pip install albumentations==0.4.6
# ---- cell
fish_root = '../input/a-large-scale-fish-dataset/Fish_Dataset/Fish_Dataset'
root_path = Path(fish_root)
all_pngs = list(root_path.glob('**/*.png'))

picture_files = [str(png) for png in all_pngs if 'GT' not in str(png)]
print(f'Pictures found (ground-truth masks left out): {len(picture_files)}')

species_names = [os.path.split(os.path.split(fname)[0])[1] for fname in picture_files]
print(f'Species labels: {len(species_names)}')
# ---- cell
species = list(set(species_names))
species_to_id = {name : k for k,name in enumerate(species)}
species_ids = [species_to_id[name] for name in species_names]
# ---- cell
print("Number of species:", len(species))
print("Species:", species)
# ---- cell
seed_value = 42
torch.manual_seed(seed_value);
# ---- cell
# hold out a test split first
rest_files, test_files, species_ids, test_ids = train_test_split(picture_files, species_ids, test_size=0.15, shuffle=True)
# then carve a validation split out of the rest
train_files, val_files, train_ids, val_ids = train_test_split(rest_files, species_ids, test_size=0.1, shuffle=True)
# ---- cell
class FishPictures(torch.utils.data.Dataset):
    def __init__(self, images: list, labels: list, transform=None):
        super().__init__()
        self.images = images
        self.labels = labels
        self.transform = transform

    def __len__(self, ):
        return len(self.labels)

    def __getitem__(self, index):
        picture_path = self.images[index]
        target = self.labels[index]
        pixels = np.array(Image.open(picture_path).convert("RGB"))

        if self.transform is not None:
            augmented = self.transform(image=pixels)
            pixels = augmented["image"]

        return pixels, target
# ---- cell
augment_train = A.Compose(
    [
        A.Resize(height=160, width=240),
        A.Rotate(limit=35, p=1.0),
        A.HorizontalFlip(p=0.5),
        A.VerticalFlip(p=0.1),
        A.Normalize(
            mean=[0.0, 0.0, 0.0],
            std=[1.0, 1.0, 1.0],
            max_pixel_value=255.0,
        ),
        ToTensorV2(),
    ],
)

augment_eval = A.Compose(
    [
        A.Resize(height=160, width=240),
        A.Normalize(
            mean=[0.0, 0.0, 0.0],
            std=[1.0, 1.0, 1.0],
            max_pixel_value=255.0,
        ),
        ToTensorV2(),
    ],
)
# ---- cell
train_set = FishPictures(images=train_files,labels=train_ids,transform=augment_train)

val_set = FishPictures(images=val_files,labels=val_ids,transform=augment_eval)

test_set = FishPictures(images=test_files,labels=test_ids,transform=augment_eval)
# ---- cell
BATCH = 128

train_batches = DataLoader(train_set,batch_size=BATCH,num_workers=4,pin_memory=True,shuffle=True)   

val_batches = DataLoader(val_set,batch_size=BATCH,num_workers=4,pin_memory=True)

test_batches = DataLoader(test_set,batch_size=BATCH,num_workers=4,pin_memory=True)
# ---- cell
class FishNet(nn.Module):
    
    def __init__(self, n_species, pretrained=True):
        super().__init__()
        self.backbone = models.resnet34(pretrained=pretrained)
        self.backbone.fc = nn.Linear(self.backbone.fc.in_features, n_species)

    def forward(self, xb):
        return self.backbone(xb)

    def training_step(self, batch):
        pics, targets = batch
        logits = self(pics)                  # scores for the batch
        step_loss = F.cross_entropy(logits, targets)  # batch loss
        return step_loss

    def validation_step(self, batch):
        pics, targets = batch
        logits = self(pics)                    # scores for the batch
        step_loss = F.cross_entropy(logits, targets)   # batch loss
        step_acc = batch_accuracy(logits, targets)           # batch accuracy
        return {'val_loss': step_loss.detach(), 'val_acc': step_acc}

    def validation_epoch_end(self, outputs):
        losses_seen = [o['val_loss'] for o in outputs]
        mean_loss = torch.stack(losses_seen).mean()   # average of the batch losses
        accs_seen = [o['val_acc'] for o in outputs]
        mean_acc = torch.stack(accs_seen).mean()      # average of the batch accuracies
        return {'val_loss': mean_loss.item(), 'val_acc': mean_acc.item()}

    def epoch_end(self, epoch, result):
        print("Epoch [{}],{} train_loss: {}, val_loss: {}, val_acc: {}".format(
            epoch, "last_lr: {:.5f},".format(result['lrs'][-1]) if 'lrs' in result else '', 
            result['train_loss'], result['val_loss'], result['val_acc']))


# ---- cell
def batch_accuracy(outputs, labels):
        _, picked = torch.max(outputs, dim=1)
        return torch.tensor(torch.sum(picked == labels).item() / len(picked))
# ---- cell
@torch.no_grad()
def run_validation(model, val_loader):
    model.eval()
    outputs = [model.validation_step(batch) for batch in val_loader]
    return model.validation_epoch_end(outputs)

def current_lr(optimizer):
    for group in optimizer.param_groups:
        return group['lr']

def train_one_cycle(epochs, max_lr, model, train_loader, val_loader,
                  weight_decay=0, grad_clip=None, opt_func=torch.optim.SGD):
    torch.cuda.empty_cache()
    history = []

    # optimizer with weight decay
    optimizer = opt_func(model.parameters(), max_lr, weight_decay=weight_decay)
    # one-cycle schedule over all steps
    sched = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr, epochs=epochs, steps_per_epoch=len(train_loader))

    for epoch in range(epochs):
        # training pass
        model.train()
        step_losses = []
        lr_trace = []
        for batch in tqdm(train_loader):
            loss = model.training_step(batch)
            step_losses.append(loss)
            loss.backward()

            # clip gradients
            if grad_clip:
                nn.utils.clip_grad_value_(model.parameters(), grad_clip)

            optimizer.step()
            optimizer.zero_grad()

            # keep the learning rate and advance the schedule
            lr_trace.append(current_lr(optimizer))
            sched.step()

        # validation pass
        result = run_validation(model, val_loader)
        result['train_loss'] = torch.stack(step_losses).mean().item()
        result['lrs'] = lr_trace
        model.epoch_end(epoch, result)
        history.append(result)
    return history
# ---- cell
def pick_device():
    """GPU when there is one, else CPU"""
    if torch.cuda.is_available():
        return torch.device('cuda')
    else:
        return torch.device('cpu')


def move_to(data, device):
    """Send a tensor, or a list/tuple of them, to the device"""
    if isinstance(data, (list, tuple)):
        return [move_to(x, device) for x in data]
    return data.to(device, non_blocking=True)


class OnDeviceLoader():
    """Wraps a DataLoader and sends each batch to the device"""

    def __init__(self, dl, device):
        self.dl = dl
        self.device = device

    def __iter__(self):
        """Yield each batch once it is on the device"""
        for b in self.dl:
            yield move_to(b, self.device)

    def __len__(self):
        """How many batches"""
        return len(self.dl)

# ---- cell
device = pick_device()
device
# ---- cell
train_dev = OnDeviceLoader(train_batches, device)
val_dev = OnDeviceLoader(val_batches, device)
# ---- cell
model = FishNet(len(species))
move_to(model, device);
# ---- cell
history = [run_validation(model, val_dev)]
history
# ---- cell
epochs = 6
max_lr = 0.01
grad_clip = 0.1
weight_decay = 1e-4
opt_func = torch.optim.Adam
# ---- cell
# (timed cell)
history += train_one_cycle(epochs, max_lr, model, train_dev, val_dev, 
                         grad_clip=grad_clip, 
                         weight_decay=weight_decay, 
                         opt_func=opt_func)
# ---- cell
def test_accuracy(loader):  
    model.eval()
    n_right = 0
    n_seen = 0
    for pics, targets in loader:
        pics, targets = move_to(pics, device), move_to(targets, device)
        scores = model(pics)
        guess = move_to(torch.max(scores.data, 1)[1], device)
        n_seen += len(targets)
        n_right += (guess == targets).sum()
    acc = 100 * n_right / float(n_seen)
    return acc
# ---- cell
final_acc = test_accuracy(test_batches)
print(f' Test-set accuracy: {final_acc}')
# ---- cell
def classify_one(image):
    xb = move_to(image.unsqueeze(0), device)
    yb = model(xb)
    _, guess  = torch.max(yb, dim=1)
    return species[guess[0].item()]
# ---- cell
img, label = test_set[100]
plt.imshow(img.permute(1, 2, 0))
print('True:', species[label], ', Guess:', classify_one(img))

# ---- cell
img, label = test_set[500]
plt.imshow(img.permute(1, 2, 0))
print('True:', species[label], ', Guess:', classify_one(img))
# ---- cell
img, label = test_set[800]
plt.imshow(img.permute(1, 2, 0))
print('True:', species[label], ', Guess:', classify_one(img))
# ---- cell
def plot_val_loss(history):
    vals = [h['val_loss'] for h in history]
    plt.plot(vals, '-x')
    plt.xlabel('epoch')
    plt.ylabel('loss')
    plt.title('Validation loss per epoch');

def plot_val_acc(history):
    vals = [h['val_acc'] for h in history]
    plt.plot(vals, '-x')
    plt.xlabel('epoch')
    plt.ylabel('accuracy')
    plt.title('Validation accuracy per epoch');
# ---- cell
plot_val_loss(history)
# ---- cell
plot_val_acc(history)
# ---- cell
print("ResNet-34 on the fish pictures reached {:.2f}% accuracy on the held-out test split.".format(final_acc))
