# FedAvg across three simulated hospitals, each a folder of images per class (converted from a notebook).
import os
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, Dataset
import torchvision.transforms as transforms
from torchvision import models
import numpy as np
from sklearn.model_selection import train_test_split
from collections import OrderedDict
from PIL import Image  
import random


device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')


class CustomDataset(Dataset):
    def __init__(self, root_dir, transform=None, split='train', max_images_per_class=200):
        self.root_dir = root_dir
        self.transform = transform
        self.split = split
        self.max_images_per_class = max_images_per_class
        self.images = []
        self.labels = []
        self.classes = sorted(os.listdir(root_dir))
        self.class_map = {cls: idx for idx, cls in enumerate(self.classes)}

        for class_name in self.classes:
            class_folder = os.path.join(root_dir, class_name)
            all_images = os.listdir(class_folder)

            if self.max_images_per_class:
                random.shuffle(all_images)
                selected_images = all_images[:self.max_images_per_class]
            else:
                selected_images = all_images

            for img_name in selected_images:
                img_path = os.path.join(class_folder, img_name)
                self.images.append(img_path)
                self.labels.append(self.class_map[class_name])

        train_images, val_images, train_labels, val_labels = train_test_split(self.images, self.labels, test_size=0.2, random_state=42)

        if self.split == 'train':
            self.images = train_images
            self.labels = train_labels
        else:
            self.images = val_images
            self.labels = val_labels

    def __len__(self):
        return len(self.images)

    def __getitem__(self, idx):
        img_path = self.images[idx]
        label = self.labels[idx]
        image = Image.open(img_path).convert('RGB')

        if self.transform:
            image = self.transform(image)

        return image, label


transform = transforms.Compose([
    transforms.Resize((128, 128)),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
])
hospitals_root = '/data/Hospitals_Dataset'
hospital_dirs = [os.path.join(hospitals_root, f'Hospital_{i+1}') for i in range(3)]

hospital_train_loaders = []
hospital_val_loaders = []

for hospital_dir in hospital_dirs:
    dataset_train = CustomDataset(hospital_dir, transform=transform, split='train')
    dataset_val = CustomDataset(hospital_dir, transform=transform, split='val')

    train_loader = DataLoader(dataset_train, batch_size=32, shuffle=True)
    val_loader = DataLoader(dataset_val, batch_size=32, shuffle=False)

    hospital_train_loaders.append(train_loader)
    hospital_val_loaders.append(val_loader)


class CNNModel(nn.Module):
    def __init__(self, num_classes):
        super(CNNModel, self).__init__()
        self.model = models.resnet18(pretrained=True)
        
        self.model.fc = nn.Sequential(
            nn.Linear(self.model.fc.in_features, 512),
            nn.ReLU(),
            nn.Dropout(0.2),
            nn.Linear(512, num_classes)
        )
    def forward(self, x):
        return self.model(x)


client_models = [CNNModel(num_classes=len(os.listdir(hospital_dirs[0]))) for _ in range(3)]
client_models = [model.to(device) for model in client_models]
optimizers = [optim.SGD(model.parameters(), lr=0.01, momentum=0.9) for model in client_models]


def client_update(model, optimizer, train_loader, val_loader, epoch=1):
    model.train()
    criterion = nn.CrossEntropyLoss()
    total_loss = 0.0

    for data, target in train_loader:
        data, target = data.to(device), target.to(device)

        optimizer.zero_grad()
        output = model(data)
        loss = criterion(output, target)
        loss.backward()
        optimizer.step()

        total_loss += loss.item()

    average_loss = total_loss / len(train_loader)

    model.eval()
    correct = 0
    total = 0
    with torch.no_grad():
        for data, target in val_loader:
            data, target = data.to(device), target.to(device)
            output = model(data)
            _, predicted = torch.max(output, 1)
            total += target.size(0)
            correct += (predicted == target).sum().item()

        validation_accuracy = correct / total

    return average_loss, validation_accuracy


def server_aggregate(global_model, client_models, hospital_train_loaders):
    weights = [len(loader.dataset) for loader in hospital_train_loaders]
    total_weight = sum(weights)
    weights = [w / total_weight for w in weights]

    global_state = global_model.state_dict()
    for key in global_state.keys():
        global_state[key] = sum(weights[i] * client_models[i].state_dict()[key] for i in range(len(client_models)))

    global_model.load_state_dict(global_state)


def test(model, hospital_val_loaders):
    model.eval()
    correct = 0
    total = 0
    criterion = nn.CrossEntropyLoss()

    with torch.no_grad():
        for val_loader in hospital_val_loaders:
            for data, target in val_loader:
                data, target = data.to(device), target.to(device)
                output = model(data)
                loss = criterion(output, target)
                _, predicted = torch.max(output, 1)
                total += target.size(0)
                correct += (predicted == target).sum().item()

    accuracy = correct / total
    return loss.item(), accuracy


global_model = CNNModel(num_classes=len(os.listdir(hospital_dirs[0]))).to(device)
num_rounds = 10
epochs = 10

for round in range(num_rounds):
    print(f"------------------Round {round + 1}/{num_rounds}--------------------------")

    for client_idx, (train_loader, val_loader) in enumerate(zip(hospital_train_loaders, hospital_val_loaders)):
        print(f"Training on Hospital {client_idx + 1}")
        for epoch in range(1, epochs + 1):
            loss, val_accuracy = client_update(client_models[client_idx], optimizers[client_idx], train_loader, val_loader, epoch=epoch)
        print(f"Validation accuracy for Hospital {client_idx + 1}: {val_accuracy:.4f}")

    server_aggregate(global_model, client_models, hospital_train_loaders)
    print(f"Aggregated global model after round {round + 1}")

    global_val_loss, global_val_accuracy = test(global_model, hospital_val_loaders)
    print(f"Aggregated global validation loss: {global_val_loss:.4f}, global validation accuracy: {global_val_accuracy:.4f}")


model_save_path = 'global_model.pth'
torch.save(global_model.state_dict(), model_save_path)
print(f"Global model saved to {model_save_path}")
