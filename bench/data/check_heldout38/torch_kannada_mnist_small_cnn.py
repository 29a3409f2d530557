import numpy as np # arrays
import pandas as pd # tables

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.data
from torch.utils.data import Dataset
from torch.autograd import Variable
from torchvision import transforms
import matplotlib.pyplot as plt
import random

want_gpu=True
class KannadaCsvDataset(Dataset):
    
    def __init__(self, csv_path, img_transform=None):
        self.table = pd.read_csv(csv_path)
        self.img_transform = img_transform
        
    def __len__(self):
        return len(self.table)
    
    def __getitem__(self, index):
        # one row becomes a 28 x 28 x 1 uint8 picture
        # (uint8 so that ToPILImage accepts it)
        # ToTensor at the end of the pipeline does the scaling
        # and moves the channel axis first
        img = self.table.iloc[index, 1:].values.astype(np.uint8).reshape((28, 28, 1))
        row_label = self.table.iloc[index, 0]
        
        if self.img_transform is not None:
            img = self.img_transform(img)
            
        return img, row_label
img_transform=transforms.Compose([
                            transforms.ToPILImage(),
                           # random affine jitter for training
                           transforms.RandomAffine(
                               degrees=5, translate=(0.1, 0.2), scale=(0.55, 1.2),
                               shear=(-20, 10, -20, 10)),

                           transforms.ToTensor()
                       ])
train_ds = KannadaCsvDataset('/kaggle/input/Kannada-MNIST/train.csv', img_transform=img_transform)
batch_sz = 32
loader_train = torch.utils.data.DataLoader(train_ds, batch_size = batch_sz, shuffle = True)
figure=plt.figure(figsize=(28, 28))
n_cols = 12
n_rows = 1
for i in range(1, n_cols*n_rows +1):
    pick=random.randint(2,int(len(train_ds)/n_cols*n_rows))
    sample_img, sample_label = train_ds.__getitem__(i*pick)
    figure.add_subplot(n_rows, n_cols, i)
    plt.imshow(sample_img.squeeze())
    plt.title(sample_label)
plt.show()
class KannadaConvNet(nn.Module):
    def __init__(self):
        super(KannadaConvNet, self).__init__()
        self.conv_a = nn.Conv2d(1, 32, 3, 1)
        self.conv_b = nn.Conv2d(32, 64, 3, 1)
        self.conv_c = nn.Conv2d(64, 128, 3, 1)
        self.out_fc = nn.Linear(15488, 10)
# (a second dense layer was tried)

    def forward(self, h):
        h = self.conv_a(h)
        h = F.relu(h)
        h = self.conv_b(h)
        h = F.relu(h)
        h = self.conv_c(h)
        h = F.max_pool2d(h, 2)
        h = torch.flatten(h, 1)
# (hidden dense layer left out)
# (and its activation)
        h = self.out_fc(h)
        log_probs = F.log_softmax(h, dim=1)
        return log_probs
base_net = KannadaConvNet()
gpu_model = base_net.cuda()
# training

adam_optimizer = torch.optim.Adam(gpu_model.parameters(),lr=0.001)# plain Adam
ce_loss = nn.CrossEntropyLoss()
N_EPOCHS = 10

gpu_model.train()
for epoch_no in range(N_EPOCHS):
    n_correct = 0
    loss_sum=0
    for step_i, (X_cpu, y_cpu) in enumerate(loader_train):
        X_gpu = Variable(X_cpu).float()
        y_gpu = Variable(y_cpu)
        X_gpu = X_gpu.cuda()
        y_gpu = y_gpu.cuda()
        adam_optimizer.zero_grad()
        log_probs = gpu_model(X_gpu)
        step_loss = ce_loss(log_probs, y_gpu)
        step_loss.backward()
        adam_optimizer.step()
        loss_sum+=step_loss.item()

        # count the right answers
        pred_class = torch.max(log_probs.data, 1)[1] 
        n_correct += (pred_class == y_gpu).sum()
       
    print('epoch {} | progress {:.5f} | last loss {:.2f} | acc {:.2f}%'.format(
                epoch_no, 
                100.*step_i / len(loader_train),
                step_loss.item(), 
                float(n_correct*100) / float(batch_sz*(step_i+1))))
