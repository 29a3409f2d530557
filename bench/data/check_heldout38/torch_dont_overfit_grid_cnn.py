import pandas as pd

import numpy as np

import matplotlib.pyplot as plt

import seaborn as sns


from sklearn.preprocessing import RobustScaler
grid_data=pd.read_csv("../input/dont-overfit-ii/train.csv")

test_df = pd.read_csv("../input/dont-overfit-ii/test.csv")
robust_scaler = RobustScaler()
train_df=grid_data.iloc[:,1:]
train_df.head()
from torch.utils.data import DataLoader,Dataset

import torch

import torch.nn as nn

from torch import optim

import torch.nn.functional as F
class GridRowsDataset(Dataset):

    def __init__(self,rows_df):

        self.rows=rows_df

        

    def __len__(self):

        return(len(self.rows))

    

    def __getitem__(self,idx):

        if torch.is_tensor(idx):

            idx = idx.tolist()

        

        grid_data  = self.rows.iloc[idx,1:].values

        grid_data = grid_data[11:].reshape(17,17)

        target_label = self.rows.iloc[idx].target

        

        return grid_data,target_label

        
grid_data = GridRowsDataset(train_df)

train_loader = DataLoader(grid_data,

                        shuffle=True,

                        num_workers=0,

                        batch_size=8)
grid_image, target_label = next(iter(train_loader))

print(target_label[0])

plt.imshow(grid_image[0,:])
class GridCNN(nn.Module):

    def __init__(self):

        super().__init__()

        self.conv_a= nn.Conv2d(1,8,5,padding=2)

        self.conv_b = nn.Conv2d(8,16,(3,3),padding = 1)

        self.dense_a = nn.Linear(16*17*17 ,500)

        self.dense_b = nn.Linear(500,1)

        self.drop = nn.Dropout(0.25)

        nn.init.kaiming_normal_(self.conv_a.weight)

        nn.init.kaiming_normal_(self.conv_b.weight)

        nn.init.kaiming_normal_(self.dense_a.weight)

        nn.init.kaiming_normal_(self.dense_b.weight)

        nn.init.zeros_(self.conv_a.bias)

        nn.init.zeros_(self.conv_b.bias)

        nn.init.zeros_(self.dense_a.bias)

        nn.init.zeros_(self.dense_b.bias)

        

    def forward(self,xi):

        xi = F.relu(self.conv_a(xi))

        xi = F.relu(self.conv_b(xi))

        xi = xi.view(-1, 16*17*17)

        xi = self.drop(xi)

        xi = F.relu(self.dense_a(xi))

        xi = self.drop(xi)

        xi = self.dense_b(xi)

        

        return xi

        

        

    
grid_model = GridCNN()

grid_model
bce_loss=nn.BCEWithLogitsLoss()

sgd_optimizer = optim.SGD(grid_model.parameters(), lr=0.003)

n_epochs= 100
grid_model=grid_model.float()
import warnings

warnings.filterwarnings('ignore')
xi=0

for ep in range(n_epochs):

    epoch_loss=0

    for grid_image,batch_labels in train_loader:

        sgd_optimizer.zero_grad()

        grid_image = grid_image.unsqueeze(1)

        logits = grid_model(grid_image.float())

        batch_labels = batch_labels.unsqueeze(1)

        loss = bce_loss(logits, batch_labels.float())

        loss.backward()

        sgd_optimizer.step()

        

        epoch_loss += loss.item()

    else:

        if xi%10==0:

            print(f"epoch {xi}: mean train loss {epoch_loss/len(train_loader)}")

        xi=xi+1;
test_df.head()
class GridRowsTestDataset(Dataset):

    def __init__(self,rows_df):

        self.rows=rows_df

        

    def __len__(self):

        return(len(self.rows))

    

    def __getitem__(self,idx):

        if torch.is_tensor(idx):

            idx = idx.tolist()

        

        grid_data  = self.rows.iloc[idx,1:].values

        grid_data = grid_data[11:].reshape(17,17)

        

        return grid_data
grid_data = GridRowsTestDataset(test_df)

test_loader = DataLoader(grid_data,

                        shuffle=False,

                        num_workers=0,

                        batch_size=1)
grid_image = next(iter(test_loader))

plt.imshow(grid_image[0,:])
test_probs=[]

grid_model.eval()

with torch.no_grad():

    for grid_image in test_loader:

        grid_image = grid_image.unsqueeze(1)

        logits = grid_model(grid_image.float())

        logits = torch.sigmoid(logits)

        test_probs.append(logits.numpy())
pred_list=test_probs

pred_list = [arr.squeeze().tolist() for arr in pred_list]
submission=pd.read_csv('../input/dont-overfit-ii/sample_submission.csv')

submission['target'] = pred_list

submission.to_csv('submit1.csv', index = False)