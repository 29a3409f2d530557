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
def getimage(img_path):
    image = Image.open(img_path)
    temp = image.copy()
    image.close()
    return temp

dir_list = os.listdir('/home/zacharyyeh/Datasets/food-11/training/labeled')
train_dir = r'/home/zacharyyeh/Datasets/food-11/training/labeled'
val_dir = r'/home/zacharyyeh/Datasets/food-11/validation'

composed_transform = transforms.Compose([
    transforms.Resize((128, 128)),
    transforms.ToTensor()
])

class FoodDataset(Dataset):
    def __init__(self, mode = "train"):
        self.mode = mode
        if mode == "train":
            source_dir = train_dir
        elif mode == "val":
            source_dir = val_dir
        self.train_images = []
        self.train_labels = []
        #scan the training set for labels and images
        for i in range(len(dir_list)):
            dir_path = os.path.join(source_dir, dir_list[i])
            images = os.listdir(dir_path)
            for j in range(len(images)):
                image_path = os.path.join(dir_path, images[j])
                opened_image = getimage(image_path)
                self.train_images.append(opened_image)
                self.train_labels.append(int(dir_list[i])%10 if int(dir_list[i])<10 else int(dir_list[i]))

    def __getitem__(self, index):
        img, label = self.train_images[index], self.train_labels[index]
        img, label = composed_transform(img), torch.tensor(label)
        return img, label

    def __len__(self):
        return len(self.train_images)

#create new dataset with pseudo labels
unlabeled_dir = r'/home/zacharyyeh/Datasets/food-11/training/unlabeled/00'
image_names = os.listdir(unlabeled_dir)
MODEL_PATH = 'model.pth'

if os.path.exists(MODEL_PATH):
    label_model = model.CNN()
    label_model.load_state_dict(torch.load(MODEL_PATH))
    label_model.eval()

class SemiDataset(Dataset):
    def __init__(self):
        self.train_images = []
        #scan the training set for labels and images
        for i in range(len(image_names)):
            image_path = os.path.join(unlabeled_dir, image_names[i])
            opened_image = getimage(image_path)
            self.train_images.append(opened_image)

    def __getitem__(self, index):
        img = self.train_images[index]
        img= composed_transform(img)
        img_for_model = img[None, :, :, :]
        prediction = label_model(img_for_model)
        _, label = torch.max(prediction, 1)
        return img, label[0]

    def __len__(self):
        return len(self.train_images)


# ---- train.py ----
#Set device
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

#declare parameters
input_size = 64*64
n_classes = 11
n_epoch = 20
batch_size = 100
learning_rate = 0.0001
semi = True
weight_decay = 1e-5

#Make model and loss funcitions
model = model.CNN().to(device)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr = learning_rate, weight_decay=weight_decay)

#Make small training dataset
trainset = FoodDataset(mode="train")
train_loader = DataLoader(dataset = trainset, batch_size = batch_size, shuffle = True)

if semi:
    #Make generated training dataset and load model
    semiset = SemiDataset()
    semi_loader = DataLoader(dataset = semiset, batch_size = batch_size, shuffle = True)
    trainset = torch.utils.data.ConcatDataset([trainset, semiset])
    train_loader = DataLoader(dataset=trainset, batch_size = batch_size, shuffle = True)
    model.load_state_dict(torch.load(MODEL_PATH))

valset = FoodDataset(mode="val")
val_loader = DataLoader(dataset = valset, batch_size = batch_size, shuffle = False)

#Make Training Loop
steps = len(train_loader)
print('Start training...')

loss_record = [10000]

for epoch in range(n_epoch):
    train_acc = 0.0
    train_loss = 0.0
    val_acc = 0.0
    val_loss = 0.0
    model.train()
    for i, (images, labels) in enumerate(train_loader):
        images = images.to(device)
        labels = labels.type(torch.long).to(device)

        #forward pass
        pred_labels = model(images)
        loss = criterion(pred_labels, labels)
        _, prediction = torch.max(pred_labels, 1)
        #backward pass
        loss.backward()

        #update gradients
        optimizer.step()
        optimizer.zero_grad()

        train_acc += (prediction.cpu() == labels.cpu()).sum().item()
        train_loss += loss.item()

        #print information in a epoch
        if (i+1) % 100 == 0:
            print(f'epoch: {epoch+1}/{n_epoch}, step: {(i+1)}/{steps}, loss: {loss.item():.3f}')

    print(f'epoch: {epoch+1}/{n_epoch}, train_acc: {train_acc/len(trainset):.3f}, train_loss: {train_loss/len(trainset):.3f}', end = ', ')

    #validation
    model.eval()
    with torch.no_grad():
        for i, (images, labels) in enumerate(val_loader):
            images = images.to(device)
            labels = labels.type(torch.long).to(device)
            predicted = model(images)
            _, prediction = torch.max(predicted, 1)
            loss = criterion(predicted, labels)
            val_acc += (prediction.cpu() == labels.cpu()).sum().item()
            val_loss += loss.item()

    print(f'val_acc:{val_acc/len(valset):.3f}, val_loss: {val_loss/len(valset):.3f}')

    if val_loss < min(loss_record):
        if not semi:
            torch.save(model.state_dict(), MODEL_PATH)
            print('model saved as:', MODEL_PATH)
        else:
            torch.save(model.state_dict(), 'semi_model.pth')
            print('model saved as:', 'semi_model.pth')

    loss_record.append(val_loss)

print('Training is completed')
