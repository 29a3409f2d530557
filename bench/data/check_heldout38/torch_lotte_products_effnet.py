import os
import numpy as np
import pandas as pd
import torch
import glob
import torch.nn as nn
from torchvision.transforms import transforms
from torch.utils.data import DataLoader
from torch.optim import Adam, SGD
from torch.autograd import Variable
import torchvision
import pathlib
from torchvision import transforms, datasets
from sklearn.model_selection import train_test_split
import matplotlib.pyplot as plt
from tqdm import tqdm
from PIL import Image
# which device will run the network
if torch.cuda.is_available():
    RUN_DEVICE = torch.device('cuda')
else:
    RUN_DEVICE = torch.device('cpu')
print('torch', torch.__version__, 'running on', RUN_DEVICE) # e.g. 1.7.1 on cuda

## release cached GPU blocks first ##
import torch,gc
gc.collect()
torch.cuda.empty_cache()

BATCH = 32
N_EPOCHS = 30
TRAIN_DIR = 'C:/data/LPD_competition/train/'
PRED_DIR = 'C:/data/LPD_competition/test/'
img_transform = transforms.Compose([
        transforms.Resize((150,150)),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        transforms.Normalize([0.5,0.5,0.5],
                            [0.5,0.5,0.5])


])

# GPU when there is one
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
print(device)

# the training photos, one folder per class
folder_dataset = datasets.ImageFolder(TRAIN_DIR, img_transform)
#print(folder_dataset)

label_names = folder_dataset.classes
# print(label_names)
# print(type(label_names))
train_count = int(0.8*len(folder_dataset))
valid_count = len(folder_dataset) - train_count

print(train_count) # 38400
print(valid_count) # 9600

train_dataset, valid_dataset = torch.utils.data.random_split(folder_dataset, [train_count,valid_count])

train_loader = torch.utils.data.DataLoader(train_dataset, batch_size = 32, shuffle = True )
valid_loader = torch.utils.data.DataLoader(valid_dataset, batch_size = 32, shuffle = False )

train_root = pathlib.Path(TRAIN_DIR)
class_dirs = sorted([d.name.split('/')[-1] for d in train_root.iterdir()])
# print(class_dirs)

# for k in range(1000):
#     os.mkdir('C:/data/LPD_competition/train_new/{0:04}'.format(k))

#     for n in range(48):
#         pic = Image.open(f'C:/data/LPD_competition/train/{k}/{n}.jpg')
#         pic.save('C:/data/LPD_competition/train_new/{0:04}/{1:02}.jpg'.format(k, n))

# for k in range(72000):
#     pic = Image.open(f'C:/data/LPD_competition/pred/test/{k}.jpg')
#     pic.save('C:/data/LPD_competition/test_new/{0:05}.jpg'.format(k))

sample_images, sample_labels = next(iter(train_loader))
# print(sample_labels)
# print(sample_labels.shape) # torch.Size([64])
# print(sample_images)

# show a grid of photos with their class ids
def show_image(arr, caption=None):
    arr = arr.numpy().transpose((1,2,0))
    mu = np.array([0.5,0.5,0.5])
    sd = np.array([0.5,0.5,0.5])
    arr = sd*arr +mu
    arr = np.clip(arr,0,1)
    plt.imshow(arr)
    if caption is not None:
        plt.title(caption)
    plt.pause(0.001)

grid = torchvision.utils.make_grid(sample_images)
#show_image(grid, caption=[label_names[c] for c in sample_labels])
#plt.show()

from efficientnet_pytorch import EfficientNet
class ProductNet(nn.Module):
    def __init__(self):
        super(ProductNet, self).__init__()
        self.backbone =  EfficientNet.from_pretrained('efficientnet-b7')
        self.drop = nn.Dropout(0.3)
        self.fc1 = nn.Linear(1000 , 256)
        #self.gauss_drop = nn.Gaussian(0.3)
        self.fc2 = nn.Linear(256,1000)
        self.act = nn.SiLU()

    def forward(self, batch_in):
        h = self.backbone(batch_in)
        h = h.view(h.size(0),-1)
        #h = self.drop(self.act(self.fc1(h)))
        h = self.drop(h)
        h = self.act(self.fc1(h))
        h = self.drop(h)
        h = self.fc2(h)
        return h

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model= ProductNet().to(device)
#model = ConvNet(num_classes = 1000).to(device)
optimizer = SGD(model.parameters(), lr=0.1)
criterion_loss = nn.CrossEntropyLoss()

epoch_count=60

best_valid_acc=0.0

for epoch in tqdm(range(epoch_count)):
    
    # one pass over the training split
    model.train()
    train_acc=0.0
    train_loss=0.0
    
    for i, (images,labels) in enumerate(train_loader):
        if torch.cuda.is_available():
            images=Variable(images.cuda())
            labels=Variable(labels.cuda())
            
        optimizer.zero_grad()
        
        logits=model(images)
        loss=criterion_loss(logits,labels)
        loss.backward()
        optimizer.step()
        
        
        train_loss+= loss.cpu().data*images.size(0)
        _,predicted=torch.max(logits.data,1)
        
        train_acc+=int(torch.sum(predicted==labels.data))
        
    train_acc=train_acc/train_count
    train_loss=train_loss/train_count
    
    
    # score the held-out split
    model.eval()
    
    valid_acc=0.0
    for i, (images,labels) in enumerate(valid_loader):
        if torch.cuda.is_available():
            images=Variable(images.cuda())
            labels=Variable(labels.cuda())
            
        logits=model(images)
        _,predicted=torch.max(logits.data,1)
        valid_acc+=int(torch.sum(predicted==labels.data))
    
    valid_acc=valid_acc/valid_count
    
    
    print('epoch '+str(epoch)+' | train loss '+str(train_loss)+' | train acc '+str(train_acc)+' | valid acc '+str(valid_acc))
    
    # keep the weights of the best epoch
    if valid_acc>best_valid_acc:
        torch.save(model.state_dict(),'C:/data/npy/lotte_pred_best_checkpoint.pth')
        best_valid_acc=valid_acc

CKPT_PATH = 'C:/data/npy/lotte_pred_best_checkpoint.pth'
#model = torch.load(CKPT_PATH, map_location=device)

# restore the saved weights
model.load_state_dict(torch.load(CKPT_PATH),strict=False)
# strict=False: the saved keys did not match this model's keys exactly,
# so loading is told to skip the ones it cannot place
# (the saved and current versions of the libraries differed)

from PIL import Image
pred_labels = []
def predict_folder(model, path, sample_size=72000):
    for file in tqdm(glob.glob(os.path.join('C:/data/LPD_competition/test/*.jpg'))[:sample_size]):
        with Image.open(file) as f:
            img = img_transform(f).unsqueeze(0)
            with torch.no_grad(): # no autograd history for inference
                scores = model(img.to(device)).cpu().numpy()
            
                pred_labels.append(np.argmax(scores))
                #print(pred_labels)


            #plt.imshow(np.array(f))
            #plt.show()

    return pred_labels

predictions = predict_folder(model, PRED_DIR,sample_size=72000)

predictions = np.transpose(predictions)
#print(predictions.shape)

submit = pd.read_csv('C:/data/LPD_competition/sample.csv')
submit['prediction'] = predictions
submit.to_csv('C:/data/csv/lotte0322_1.csv', index=False)
