# Kaggle notebook kernel, exported to a plain script

# the kaggle docker image ships numpy, pandas and the usual libraries

# the first imports are the notebook template's



import numpy as np # arrays

import pandas as pd # csv tables



# competition files live under ../input/

# listing that folder shows what was attached to the kernel



import os

# a walk over /kaggle/input used to print

#     every attached file

#         with its full path

print(os.listdir("../input"))



# anything written to the working directory is kept as kernel output
import torch

import torchvision

import torch.nn as nn

from torchvision.models import resnet101

from torch.utils.data import DataLoader,Dataset

from torch.utils.data.sampler import SubsetRandomSampler

import torchvision.transforms as transforms

from PIL import Image

import torch.optim as optim

from torch.optim import lr_scheduler
labels_df = pd.read_csv('../input/aptos2019-blindness-detection/train.csv')

print(labels_df.shape)

labels_df.head()
class FundusDataset(Dataset):

    def __init__(self,csv_file,transform):

        self.data = pd.read_csv(csv_file)

        self.transform = transform

        self.labels = torch.eye(5)[self.data['diagnosis']]

        

    def __len__(self):

        return len(self.data)

    

    def __getitem__(self,idx):

        image_path = os.path.join('../input/aptos2019-blindness-detection/train_images/'+self.data.loc[idx]['id_code']+'.png')

        image = Image.open(image_path)

        image = self.transform(image)

        label = torch.tensor(self.data.loc[idx]['diagnosis'])

        return {'images':image,'labels':label}
train_transform = transforms.Compose([ transforms.RandomResizedCrop((224,224)),

                                     transforms.RandomHorizontalFlip(),

                                     transforms.ToTensor(),

                                     transforms.Normalize([0.485,0.456,0.406],[0.229,0.224,0.225])])
train_dataset = FundusDataset('../input/aptos2019-blindness-detection/train.csv',train_transform)
n_images = len(train_dataset)

all_idx = list(range(n_images))

n_val = int(np.round(0.1*n_images))

train_idx = all_idx[n_val:]

val_idx = all_idx[:n_val]

train_sampler = SubsetRandomSampler(train_idx)

val_sampler = SubsetRandomSampler(val_idx)
train_loader = DataLoader(train_dataset,batch_size=32,sampler=train_sampler)

valid_loader = DataLoader(train_dataset,batch_size=32,sampler=val_sampler)
model = resnet101(pretrained=False)

model.load_state_dict(torch.load('../input/resnet101/resnet101.pth'))

for weight in model.parameters():

    weight.require_grad = False

    

    

model.avg_pool = nn.AdaptiveAvgPool2d(1)

model.fc = nn.Sequential(

              nn.BatchNorm1d(2048, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True),

              nn.Dropout(p=0.25),

              nn.Linear(in_features=2048, out_features=2048, bias=True),

              nn.ReLU(),

              nn.BatchNorm1d(2048, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True),

              nn.Dropout(p=0.5),

              nn.Linear(in_features=2048, out_features=5, bias=True),

             )

head_params = model.fc.parameters()

for weight in head_params:

    weight.require_grad = True

model = model.cuda()

device = torch.device("cuda:0")
criterion = nn.CrossEntropyLoss()

param_groups = [

        {'params': model.layer4.parameters(), 'lr': 1e-5}

        ]

optimizer = optim.Adam(param_groups, lr=0.001)

step_scheduler = lr_scheduler.StepLR(optimizer, step_size=10, gamma=0.1)

def train_and_validate(n_epochs,model,optimizer,criterion, scheduler):

    for epoch in range(n_epochs+1):

        train_loss = 0.0

        val_loss = 0.0

        n_correct = 0.0

        n_seen = 0

        print('epoch {} of {}'.format(epoch+1,n_epochs))

        

        model.train()

        for batch_idx,batch in enumerate(train_loader):

            images = batch['images'].cuda()

            labels = batch['labels'].cuda()

            

            optimizer.zero_grad()

            output = model(images)

            loss = criterion(output,labels)

            loss.backward()

            optimizer.step()

            

            train_loss = train_loss + ((1/(batch_idx+1))*(loss.data-train_loss))

            if batch_idx%20==0:

                print('running train loss {}'.format(train_loss))

            pred = output.data.max(1,keepdim=True)[1]

            n_correct += np.sum(np.squeeze(pred.eq(labels.data.view_as(pred))).cpu().numpy())

            n_seen +=images.size(0)

            print('train batch {}: accuracy so far {}'.format(batch_idx,(100*n_correct/n_seen)))

            

        model.eval()

        for batch_idx ,batch in enumerate(valid_loader):

            images = batch['images'].cuda()

            labels = batch['labels'].cuda()

            

            output = model(images)

            loss = criterion(output,labels)

            

            val_loss = val_loss +((1/(batch_idx+1))*(loss.data-val_loss))

            if batch_idx%20==0:

                print('running validation loss {}'.format(val_loss))

            pred = output.data.max(1,keepdim=True)[1]

            n_correct += np.sum(np.squeeze(pred.eq(labels.data.view_as(pred))).cpu().numpy())

            n_seen+=images.size(0)

            print('validation batch {}: accuracy so far {}'.format(batch_idx,(100*n_correct/n_seen)))

            

    return model
train_and_validate(10,model,optimizer,criterion, step_scheduler)
class TestFundusDataset(Dataset):

    def __init__(self,csv_file,transform):

        self.data = pd.read_csv(csv_file)

        self.transform = transform

        

    def __len__(self):

        return len(self.data)

    

    def __getitem__(self,idx):

        image_path = os.path.join('../input/aptos2019-blindness-detection/test_images/'+self.data.loc[idx]['id_code']+'.png')

        image = Image.open(image_path)

        image = self.transform(image)

        return {'images':image}
test_dataset = TestFundusDataset('../input/aptos2019-blindness-detection/test.csv',train_transform)
test_loader = DataLoader(test_dataset)
test_preds = []

for batch_idx,batch in enumerate(test_loader):

    images = batch['images'].cuda()

    output = model(images)

    output = output.cpu().detach().numpy()

    test_preds.append(np.argmax(output))
submission = pd.read_csv('../input/aptos2019-blindness-detection/sample_submission.csv')

submission.head()
submission['diagnosis'] = test_preds

submission.head()
submission.to_csv('submission.csv',index = False)