# ConvNeXt-tiny on six Sentinel-2 bands of EuroSAT (allBands GeoTIFFs read per sample with rasterio).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torchvision import datasets, transforms,models
from torch.utils.data import Dataset,random_split
import torch.optim as optim


import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import os,shutil,warnings
import glob
import random 
import rasterio
import json

from tqdm import tqdm
from PIL import Image
from IPython.display import display
from torchvision import transforms
from typing import Tuple, Dict, List

from sklearn.metrics import precision_score, recall_score, confusion_matrix, ConfusionMatrixDisplay


random.seed(69)
image_path = "datasets/EuroSATallBands/"
for dirpaths,dirnames,filenames in os.walk(image_path):
    print(f"There are {len(dirnames)} directories and {len(filenames)} images in '{dirpaths}'.")
train_dir = os.path.join(image_path,"train")
test_dir = os.path.join(image_path,"test")
train_dir, test_dir
tiff_img = 'datasets/EuroSATallBands/Industrial/Industrial_1.tif'
with rasterio.open(tiff_img) as dataset:
    print(f"File: {tiff_img}")
    print(f"Width: {dataset.width}")
    print(f"Height: {dataset.height}")
    print(f"Number of bands: {dataset.count}")
    print(f"CRS: {dataset.crs}")
    print(f"Transform: {dataset.transform}")


    red_band = dataset.read(4)
    green_band = dataset.read(3)
    blue_band = dataset.read(2)
    
    def normalize(array):
        array_min, array_max = array.min(), array.max()
        return (array - array_min) / (array_max - array_min)

    red = normalize(red_band)
    green = normalize(green_band)
    blue = normalize(blue_band)

    rgb = np.dstack((red, green, blue))

    plt.imshow(rgb)
    plt.title('RGB Image')
    plt.axis('off')
    plt.show()

tiff_image_path = glob.glob("datasets/EuroSATallBands/*/*.tif")
png_image_path = os.path.join("datasets/","EUROSATSixBands")
os.makedirs(png_image_path,exist_ok=True)
def normalize(arr):
    arr_min,arr_max = arr.min(),arr.max()
    return (arr-arr_min) / (arr_max-arr_min)
class EuroSATMultiBandDataset(Dataset):
    def __init__(self, img_dir , transform=None):
        self.img_dir = img_dir
        self.transform = transform
        self.img_paths = []
        self.labels = []

        with open(os.path.join(img_dir,"label_map.json"),"r") as file: 
            class_name_encoded = json.load(file)
        self.classes = list(class_name_encoded.keys())
        self.class_to_idx = {cls_name:idx for idx,cls_name in enumerate(self.classes)}

        for cls in self.classes:
            cls_dir = os.path.join(img_dir,cls)
            if os.path.isdir(cls_dir):
                for img_path in glob.glob(os.path.join(cls_dir,"*.tif")):
                    self.img_paths.append(img_path)
                    self.labels.append(self.class_to_idx[cls])

    def __getitem__(self,idx):

        img_path = self.img_paths[idx]
        label = self.labels[idx]
        with rasterio.open(img_path) as dataset:
            band2 = dataset.read(2)
            band3 = dataset.read(3)
            band4 = dataset.read(4)
            band8 = dataset.read(8)
            band11 = dataset.read(11)
            band12 = dataset.read(12)
    
            bands = [band2, band3, band4, band8, band11, band12]
            normalized_band = [normalize(band) for band in bands]
    
            stacked_image = np.stack(normalized_band, axis =-1)
        if self.transform:
            stacked_image = self.transform(stacked_image)
        return stacked_image,label
        
    def __len__(self):
        return len(self.img_paths)

        
        
    
root_dir = 'datasets/EuroSATallBands/'
transform = transforms.Compose([
    transforms.ToTensor(),
    transforms.ConvertImageDtype(torch.float32),
])
dataset = EuroSATMultiBandDataset(root_dir, transform=transform)
sample_image, sample_label = dataset[0]
print(f"Image shape: {sample_image.shape}, Label: {sample_label}")
root_dir = 'datasets/EuroSATallBands/'
dataset = EuroSATMultiBandDataset(root_dir, transform=transform)
train_size = int(0.9 * len(dataset))
val_size = len(dataset) - train_size
train_dataset, val_dataset = random_split(dataset, [train_size, val_size])


dataloader = DataLoader(train_dataset, batch_size=32, shuffle=True)
val_loader = DataLoader(val_dataset, batch_size=32, shuffle=False)
model = models.convnext_tiny(weights='DEFAULT')
model.features[0][0] = nn.Conv2d(6, 96, kernel_size=(4, 4), stride=(4, 4))
model.classifier[2] = nn.Linear(model.classifier[2].in_features,10)
criterion = nn.CrossEntropyLoss()
optimizer = optim.Adam(model.parameters(), lr=0.001)
device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
model.to(device)
num_epochs = 100

for epoch in range(num_epochs):
    model.train()
    running_loss = 0.0
    
    progress_bar = tqdm(dataloader, desc=f'Epoch {epoch+1}/{num_epochs}', unit='batch')

    for images, labels in progress_bar:
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        outputs = model(images)
        loss = criterion(outputs, labels)
        
        loss.backward()
        optimizer.step()
        
        running_loss += loss.item()

        progress_bar.set_postfix(loss=running_loss/len(progress_bar))
        
    print(f"Epoch [{epoch+1}/{num_epochs}], Loss: {running_loss/len(dataloader)}")
    if (epoch + 1) % 10 == 0:
        torch.save(model.state_dict(), f'weights/convnext_model_epoch_{epoch+1}.pth')

print("Finished Training")
model.load_state_dict(torch.load('weights/convnext_model_epoch_100.pth'))
model.eval()
model.to(device)
val_loss = 0.0
correct = 0
total = 0
all_labels = []
all_predictions = []
with torch.no_grad():
    for inputs, labels in tqdm(val_loader, desc='Evaluating', leave=False):
        inputs, labels = inputs.to(device), labels.to(device)
        outputs = model(inputs)
        loss = criterion(outputs, labels)
        val_loss += loss.item()
        _, predicted = torch.max(outputs, 1)
        total += labels.size(0)
        correct += (predicted == labels).sum().item()
        all_labels.extend(labels.cpu().numpy())
        all_predictions.extend(predicted.cpu().numpy())

accuracy = 100 * correct / total
precision = precision_score(all_labels, all_predictions, average='macro')
recall = recall_score(all_labels, all_predictions, average='macro')
cm = confusion_matrix(all_labels, all_predictions)

disp = ConfusionMatrixDisplay(confusion_matrix=cm, display_labels=range(10))
disp.plot(cmap='Blues')

print("Accuracy :",accuracy)
print("Precision :" ,precision)
print("Recall :", recall)

