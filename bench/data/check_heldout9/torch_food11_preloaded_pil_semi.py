import torch
import torch.nn as nn
from torch.utils.data import Dataset
from torch.utils.data import DataLoader
import torchvision.transforms as transforms
import os
from PIL import Image
from matplotlib import image as matimage
import model


# ---- dataset.py ----
def read_image_file(img_path):
    handle = Image.open(img_path)
    pixels = handle.copy()
    handle.close()
    return pixels

class_dirs = os.listdir('/home/zacharyyeh/Datasets/food-11/training/labeled')
train_dir = r'/home/zacharyyeh/Datasets/food-11/training/labeled'
val_dir = r'/home/zacharyyeh/Datasets/food-11/validation'

to_input = transforms.Compose([
    transforms.Resize((128, 128)),
    transforms.ToTensor()
])

class FoodImageDataset(Dataset):
    def __init__(self, split = "train"):
        self.split = split
        if split == "train":
            root = train_dir
        elif split == "val":
            root = val_dir
        self.images_held = []
        self.labels_held = []
        # walk the class folders, keeping each image and its class id
        for i in range(len(class_dirs)):
            class_path = os.path.join(root, class_dirs[i])
            files_in_class = os.listdir(class_path)
            for j in range(len(files_in_class)):
                img_file = os.path.join(class_path, files_in_class[j])
                img_obj = read_image_file(img_file)
                self.images_held.append(img_obj)
                self.labels_held.append(int(class_dirs[i])%10 if int(class_dirs[i])<10 else int(class_dirs[i]))

    def __getitem__(self, k):
        img, label = self.images_held[k], self.labels_held[k]
        img, label = to_input(img), torch.tensor(label)
        return img, label

    def __len__(self):
        return len(self.images_held)

# unlabeled images, labelled on the fly by an earlier model
unlabeled_dir = r'/home/zacharyyeh/Datasets/food-11/training/unlabeled/00'
unlabeled_files = os.listdir(unlabeled_dir)
WEIGHTS_FILE = 'model.pth'

if os.path.exists(WEIGHTS_FILE):
    label_model = model.CNN()
    label_model.load_state_dict(torch.load(WEIGHTS_FILE))
    label_model.eval()

class PseudoLabelDataset(Dataset):
    def __init__(self):
        self.images_held = []
        # every unlabeled image, opened up front
        for i in range(len(unlabeled_files)):
            img_file = os.path.join(unlabeled_dir, unlabeled_files[i])
            img_obj = read_image_file(img_file)
            self.images_held.append(img_obj)

    def __getitem__(self, k):
        img = self.images_held[k]
        img= to_input(img)
        img_batch = img[None, :, :, :]
        logits = label_model(img_batch)
        _, label = torch.max(logits, 1)
        return img, label[0]

    def __len__(self):
        return len(self.images_held)


# ---- train.py ----
# where to run
run_on = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

# settings
in_pixels = 64*64
class_count = 11
epoch_total = 20
batch_len = 100
step_lr = 0.0001
use_pseudo = True
l2_decay = 1e-5

# network, loss function, optimizer
food_model = model.CNN().to(run_on)
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(food_model.parameters(), lr = step_lr, weight_decay=l2_decay)

# the labelled training images
train_dataset = FoodImageDataset(split="train")
train_loader = DataLoader(dataset = train_dataset, batch_size = batch_len, shuffle = True)

if use_pseudo:
    # add the pseudo-labelled images and start from the saved weights
    pseudo_dataset = PseudoLabelDataset()
    pseudo_loader = DataLoader(dataset = pseudo_dataset, batch_size = batch_len, shuffle = True)
    train_dataset = torch.utils.data.ConcatDataset([train_dataset, pseudo_dataset])
    train_loader = DataLoader(dataset=train_dataset, batch_size = batch_len, shuffle = True)
    food_model.load_state_dict(torch.load(WEIGHTS_FILE))

val_dataset = FoodImageDataset(split="val")
val_loader = DataLoader(dataset = val_dataset, batch_size = batch_len, shuffle = False)

# epochs
n_steps = len(train_loader)
print('training begins...')

val_loss_history = [10000]

for epoch in range(epoch_total):
    train_hits = 0.0
    train_loss_sum = 0.0
    val_hits = 0.0
    val_loss_sum = 0.0
    food_model.train()
    for i, (batch_images, batch_labels) in enumerate(train_loader):
        batch_images = batch_images.to(run_on)
        batch_labels = batch_labels.type(torch.long).to(run_on)

        # forward
        logits = food_model(batch_images)
        loss = loss_fn(logits, batch_labels)
        _, guessed = torch.max(logits, 1)
        # backward
        loss.backward()

        # parameter update
        optimizer.step()
        optimizer.zero_grad()

        train_hits += (guessed.cpu() == batch_labels.cpu()).sum().item()
        train_loss_sum += loss.item()

        # progress line every 100 steps
        if (i+1) % 100 == 0:
            print(f'round {epoch+1} of {epoch_total}, step {(i+1)} of {n_steps}, batch loss {loss.item():.3f}')

    print(f'round {epoch+1} of {epoch_total}: fit accuracy {train_hits/len(train_dataset):.3f}, fit loss {train_loss_sum/len(train_dataset):.3f}', end = ', ')

    # held-out pass
    food_model.eval()
    with torch.no_grad():
        for i, (batch_images, batch_labels) in enumerate(val_loader):
            batch_images = batch_images.to(run_on)
            batch_labels = batch_labels.type(torch.long).to(run_on)
            val_logits = food_model(batch_images)
            _, guessed = torch.max(val_logits, 1)
            loss = loss_fn(val_logits, batch_labels)
            val_hits += (guessed.cpu() == batch_labels.cpu()).sum().item()
            val_loss_sum += loss.item()

    print(f'held-out accuracy {val_hits/len(val_dataset):.3f}, held-out loss {val_loss_sum/len(val_dataset):.3f}')

    if val_loss_sum < min(val_loss_history):
        if not use_pseudo:
            torch.save(food_model.state_dict(), WEIGHTS_FILE)
            print('weights written to', WEIGHTS_FILE)
        else:
            torch.save(food_model.state_dict(), 'semi_model.pth')
            print('weights written to', 'semi_model.pth')

    val_loss_history.append(val_loss_sum)

print('training loop done')
