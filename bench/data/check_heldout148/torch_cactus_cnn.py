# %% [cell 0]
# Notebook set-up: scientific stack plus torch.
# The kaggle image ships most of these already.
# %matplotlib inline
import os
import numpy as np # arrays
import pandas as pd # tables

from matplotlib import pyplot as plt
from matplotlib import image as img

import torch
import torch.nn as nn
import torch.nn.functional as F

from torch.utils.data import Dataset, DataLoader
from torchvision import transforms
import torch.optim as optim

from sklearn.model_selection import train_test_split
# Inputs live under ../input/.
# Listing them is left disabled.

# import os
# for folder, _, names in os.walk('/kaggle/input'):
#     for name in names:
#         print(os.path.join(folder, name))

# Anything written to the working folder is kept.
# %% [cell 1]
# folders
base_dir = "../input/aerial-cactus-identification"            # competition folder
fit_dir = base_dir + "/train/train"                           # labelled thumbnails
holdout_dir = base_dir + "/test/test"                         # unlabelled thumbnails
# %% [cell 2]
# label table
table = pd.read_csv(base_dir + "/train.csv")
table.head()                                                  # peek
# %% [cell 3]
# how many with and without a cactus
table["has_cactus"].value_counts()
# %% [cell 4]
# draw the class balance
plt.hist(table.has_cactus,align='mid',bins=4)
plt.xlim(-1, 2)
plt.xlabel("0: no cactus, 1: cactus")
plt.ylabel("Count")
plt.title("Thumbnails with {1} and without {0} a cactus")
# %% [cell 5]
# dataset reading one thumbnail per index
class CactusThumbs(Dataset):
    def __init__(self, part, root = './', transform = None):
        super().__init__()
        self.rows = part.values                               # id/label pairs
        self.root = root                                      # picture folder
        self.transform = transform                            # optional transform

    def __len__(self):
        return len(self.rows)                                 # number of rows
    
    def __getitem__(self, i):
        name,target = self.rows[i]                            # id and label
        where = os.path.join(self.root, name)                 # full path
        picture = img.imread(where)                           # decode the file
        if self.transform is not None:                        # apply transform if given
            picture = self.transform(picture)
        return picture, target                                # sample pair
# %% [cell 6]
# 80/20 stratified split
fit_rows, check_rows = train_test_split(table, stratify=table.has_cactus, test_size = 0.2)
# %% [cell 7]
# transforms
fit_tf = transforms.Compose([transforms.ToPILImage(),
                                   transforms.ToTensor()])

check_tf = transforms.Compose([transforms.ToPILImage(),
                                  transforms.ToTensor()])
# %% [cell 8]
# batch size
bs = 128
# %% [cell 9]
# build datasets
fit_set = CactusThumbs(fit_rows, fit_dir, fit_tf)
check_set = CactusThumbs(check_rows, fit_dir, check_tf)

# and their loaders
fit_dl = DataLoader(dataset=fit_set, batch_size=bs, shuffle=True)
check_dl = DataLoader(dataset=check_set, batch_size=bs//2, shuffle=False)
# %% [cell 10]
# look at one batch
xb, yb = next(iter(fit_dl))
xb[0], yb[0]
# %% [cell 11]
# small conv net
class SmallNet(nn.Module): 
    def __init__(self):
        super(SmallNet, self).__init__()
        
        # conv part
        self.c1 = nn.Conv2d(3, 10, 3, padding=1)
        self.c2 = nn.Conv2d(10, 20, 3, padding=1)
        
        # dense part
        self.d1 = nn.Linear(1280, 640)
        self.d2 = nn.Linear(640, 2)
        
        # pooling and dropout
        self.pool = nn.MaxPool2d(2, 2)
        self.drop = nn.Dropout(0.25)
        
    def forward(self, x):
        x = self.pool(F.relu(self.c1(x)))
        x = self.pool(F.relu(self.c2(x)))
        
        # flatten for the dense part
        x = x.view(x.shape[0],-1)
        x = F.relu(self.d1(x))
        x = F.dropout(x, training=self.training)
        x = self.d2(x)
        
        return x
# %% [cell 12]
# hyper-parameters
n_epochs = 20
step = 0.01
mom = 0.9

# pick the device
dev = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
dev
# %% [cell 13]
# build the net
net = SmallNet().to(dev)
print(net)
# %% [cell 14]
# cross entropy
crit = nn.CrossEntropyLoss()

# plain SGD with momentum
opt = optim.SGD(net.parameters(), lr=step,momentum=mom)
# %% [cell 15]
# best check loss so far
best_check = np.Inf

for ep in range(1, n_epochs + 1):
    # running sums
    fit_sum = 0.0
    check_sum = 0.0
    
    # fitting
    net.train()
    for xb, yb in fit_dl:
        # to the device
        xb = xb.to(dev)
        yb = yb.to(dev)
        
        # reset grads
        opt.zero_grad()
        # forward
        out = net(xb)
        # loss of the batch
        loss = crit(out, yb)
        # backward
        loss.backward()
        # update
        opt.step()
        # accumulate as a float
        fit_sum += loss.item() * xb.size(0)
        
    # checking
    net.eval()
    for xb, yb in check_dl:
        # to the device
        xb = xb.to(dev)
        yb = yb.to(dev)
        
        # forward
        out = net(xb)
        # loss of the batch
        loss = crit(out, yb)
        # accumulate as a float
        check_sum += loss.item() * xb.size(0)
    
    # averages
    fit_sum = fit_sum/len(fit_dl.sampler)
    check_sum = check_sum/len(check_dl.sampler)
        
    # report
    print('Ep: {} \tfit loss: {:.6f} \tcheck loss: {:.6f}'.format(
        ep, fit_sum, check_sum))
    
    # keep the weights when the check loss improves
    if check_sum <= best_check:
        print('check loss went down ({:.6f} --> {:.6f}); saving ...'.format(
        best_check,
        check_sum))
        torch.save(net.state_dict(), 'model_cifar.pt')
        best_check = check_sum
# %% [cell 16]
# reload the best weights
net.load_state_dict(torch.load('model_cifar.pt'))
# %% [cell 17]
# accuracy on the check split
net.eval()
with torch.no_grad():
    right = 0
    seen = 0
    for xb, yb in check_dl:
        # to the device
        xb = xb.to(dev)
        yb = yb.to(dev)
        
        # forward
        scores = net(xb)
        
        # predicted class
        _, guess = torch.max(scores.data, 1)
        
        seen += yb.size(0)
        right += (guess == yb).sum().item()
    print('Check accuracy: {} %'.format(100 * right / seen))
# %% [cell 18]
# submission data
sub = pd.read_csv(base_dir + "/sample_submission.csv")

holdout_set = CactusThumbs(sub, holdout_dir, transform=check_tf)
holdout_dl = DataLoader(dataset = holdout_set, batch_size=bs, shuffle=False)
# %% [cell 19]
net.eval()

probs = []
for xb, yb in holdout_dl:
    # to the device
    xb, yb = xb.cuda(), yb.cuda()
    
    # forward
    out = net(xb)
    
    col = out[:,1].detach().cpu().numpy()
    for p in col:
        probs.append(p)

# write the submission
sub['has_cactus'] = probs
sub.to_csv('submission.csv', index=False)
