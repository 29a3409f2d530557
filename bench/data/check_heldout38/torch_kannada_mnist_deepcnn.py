# Kaggle Kannada-MNIST notebook: a deep plain convnet in PyTorch

# runs in the Kaggle python image

# (imports follow)



import numpy as np 

import pandas as pd 

import os



import torch

import torch.nn as nn

import torch.optim as optim

import torch.nn.functional as F

from torch.optim import lr_scheduler

from torch.utils.data import DataLoader, Dataset

from torchvision import transforms

from torchvision.transforms import ToTensor

from torchvision.models import resnet as model_res



import matplotlib.pyplot as plt

from sklearn.model_selection import train_test_split



from tqdm import tqdm

        

print(os.listdir('/kaggle/input/Kannada-MNIST'))



# outputs land in the working directory
csv_dir = '/kaggle/input/Kannada-MNIST'

train_csv_path = csv_dir +'/train.csv'

test_csv_path = csv_dir + '/test.csv'



train_raw = pd.read_csv(train_csv_path)

test_raw = pd.read_csv(test_csv_path)
class_count = 10

epoch_total = 2

BATCH = 256

IMG_SIDE = 28



# GPU when available

run_device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

print(run_device)
train_df = pd.read_csv(train_csv_path)

test_df = pd.read_csv(test_csv_path)



targets = train_df['label']

train_df.drop('label', axis=1, inplace=True)



test_X = pd.read_csv('../input/Kannada-MNIST/test.csv')

test_X.drop('id', axis=1, inplace=True)
train_X, dev_X, train_y, dev_y = train_test_split(train_df, targets, stratify=targets, random_state=42, test_size=0.01)

print('rows for training:', len(train_X))

print('rows for dev:', len(dev_X))

print('rows for test:', len(test_X))
figure, axes = plt.subplots(nrows=10, ncols=10, figsize=(10,10))



# select each class's rows once, then draw ten of them

for i in range(10): # one column per class

    digit_rows = train_X[train_y == i]

    axes[0][i].set_title(i)

    for j in range(10): # one row per sample

        axes[j][i].axis('off')

        axes[j][i].imshow(digit_rows.iloc[j, :].to_numpy().astype(np.uint8).reshape(28, 28), cmap='gray')
# a Dataset over the pixel table

class KannadaDigits(Dataset):

    def __init__(self, image_rows, label_series, augment, n_cls):

        self.X_rows = image_rows

        # (a reshape of every row here was tried and dropped)

        # (it is done per item in __getitem__ instead)

        self.y_rows = label_series

        self.tfm = augment

        self.n_cls = n_cls

        

    def __len__(self):

        return len(self.X_rows)

    

    def __getitem__(self, idx=None):

        img_arr = np.array(self.X_rows.iloc[idx,:], dtype='uint8').reshape((IMG_SIDE,IMG_SIDE,1))

        if self.y_rows is not None:

            y_onehot = np.zeros(self.n_cls, dtype='float32')

            y_onehot[self.y_rows.iloc[idx]] = 1

            return img_arr, y_onehot

        else:

            return img_arr
class ToTensorSample(ToTensor):

    """Turn the arrays of one sample into tensors."""



    def __call__(self, item_dict):

        image_arr = item_dict['X']

        # (no permute needed here)

        if item_dict['y'] is not None:

            label_arr = item_dict['y']

        else:

            return {'X': torch.from_numpy(image_arr)}

        # axis order differs:

        # numpy keeps H x W x C

        # torch wants C x H x W

        

        return {'X': torch.from_numpy(image_arr),

                'y': torch.from_numpy(label_arr)}
# light random affine augmentation for training



train_augment = transforms.Compose([

    transforms.Resize([IMG_SIDE,IMG_SIDE]),

    # (PIL conversion left out)

    transforms.RandomAffine(degrees=5, translate=(0.1, 0.1), scale=(0.9, 1.1), shear=5),

    transforms.ToTensor()

])



# no augmentation for dev and test

plain_augment = transforms.Compose([

    transforms.Resize([IMG_SIDE,IMG_SIDE]),

    # (PIL conversion left out)

    transforms.ToTensor()

])
# the three Dataset objects



train_ds = KannadaDigits(image_rows=train_X, label_series=train_y, augment=train_augment, n_cls=10)

dev_ds = KannadaDigits(image_rows=dev_X, label_series=dev_y, augment=plain_augment, n_cls=10)

test_ds = KannadaDigits(image_rows=test_X, label_series=None, augment=plain_augment, n_cls=10)



# (size check)

# (shape check)



# (unsqueeze tried, not needed)

# (same for the targets)

# (same for dev)

# (same for test)
# loaders that batch the three splits



train_loader = DataLoader(dataset=train_ds, batch_size=BATCH, shuffle=True, num_workers=4)

dev_loader = DataLoader(dataset=dev_ds, batch_size=BATCH, shuffle=False, num_workers=4)

test_loader = DataLoader(dataset=test_ds, batch_size=BATCH, shuffle=False, num_workers=4)



print(np.shape(train_ds.X_rows))
# network built from small conv and dense blocks



WIDTH_MULT = 2



class ConvBNReLU(nn.Module):

    def __init__(self, ch_in, ch_out, kernel_size=3):

        super(ConvBNReLU, self).__init__()

        self.block = nn.Sequential(

            nn.Conv2d(ch_in, ch_out, kernel_size=kernel_size, stride=1, padding=kernel_size//2),

            nn.BatchNorm2d(ch_out),

            nn.ReLU(inplace=True)

        )    

    def forward(self, x):

        return self.block(x)

    

class DenseBNReLU(nn.Module):

    def __init__(self, n_in, n_out):

        super(DenseBNReLU, self).__init__()

        self.block = nn.Sequential(

            nn.Linear(n_in, n_out),

            nn.BatchNorm1d(n_out),

            nn.ReLU(inplace=True)

        )

    def forward(self, x):

        # (shape debug)

        return self.block(x)



class FlattenAll(nn.Module):

    def __init__(self):

        super(FlattenAll, self).__init__()

    def forward(self, x):

        # (shape debug)

        flat_size = torch.prod(torch.tensor(x.shape[1:])).item()

        return x.view(-1, flat_size)

        # (other view order tried)

    

class KannadaNet(nn.Module):

    def __init__(self, class_num):

        super(KannadaNet, self).__init__()

        self.c1 = ConvBNReLU(1, WIDTH_MULT * 32)

        self.c2 = ConvBNReLU(WIDTH_MULT * 32, WIDTH_MULT * 32)

        self.c3 = ConvBNReLU(WIDTH_MULT * 32, WIDTH_MULT * 32)

        self.c3 = ConvBNReLU(WIDTH_MULT * 32, WIDTH_MULT * 32)

        self.c4 = ConvBNReLU(WIDTH_MULT * 32, WIDTH_MULT * 32)

        

        self.c5 = ConvBNReLU(WIDTH_MULT * 32, WIDTH_MULT * 64)

        self.c6 = ConvBNReLU(WIDTH_MULT * 64, WIDTH_MULT * 64)

        self.c7 = ConvBNReLU(WIDTH_MULT * 64, WIDTH_MULT * 64)

        self.c8 = ConvBNReLU(WIDTH_MULT * 64, WIDTH_MULT * 64)

        self.c9 = ConvBNReLU(WIDTH_MULT * 64, WIDTH_MULT * 64)

        self.c10 = ConvBNReLU(WIDTH_MULT * 64, WIDTH_MULT * 64)

        

        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)

        

        self.flatten_op = FlattenAll()

        

        # (in_features written out by hand below)

        self.fc_a = DenseBNReLU(25088, WIDTH_MULT * 512)

        self.fc_b = DenseBNReLU(WIDTH_MULT * 512, WIDTH_MULT * 512)

        self.fc_c = DenseBNReLU(WIDTH_MULT * 512, WIDTH_MULT * 512)

        self.fc_d = DenseBNReLU(WIDTH_MULT * 512, WIDTH_MULT * 512)

        self.head = nn.Linear(WIDTH_MULT * 512, class_num)

        

    def forward(self, x):

        x = self.c1(x)

        x = self.c2(x)

        x = self.c3(x)

        x = self.c4(x)

        x = self.c5(x)

        x = self.c6(x)

        x = self.c7(x)

        x = self.c8(x)

        x = self.c9(x)

        x = self.c10(x)

        

        x = self.pool(x)

        

        x = self.flatten_op(x)

        

        x = self.fc_a(x)

        x = self.fc_b(x)

        x = self.fc_c(x)

        x = self.fc_d(x)

        x = self.head(x)

        

        return x
net_model = KannadaNet(10)

net_model = net_model.to(run_device)



epoch_total = 6

adam_optimizer = optim.Adam(net_model.parameters(), lr=0.001)

step_sched = lr_scheduler.StepLR(adam_optimizer, step_size=epoch_total // 4, gamma=0.1)
def soft_ce_loss(logits_in, targets, reduce_mean=True):

    """Cross-entropy between softmaxed logits and one-hot targets."""

    per_row = -(targets * torch.log(F.softmax(logits_in, dim=1) + 1e-10)).sum(1)

    if reduce_mean:

        per_row = per_row.mean()

    else:

        per_row = per_row.sum()

    return per_row
def run_train_epoch(epoch_arg, log_df=None):

    net_model.train()

    

    for step_i, (data_batch, targets) in enumerate(train_loader):

        data_batch = data_batch.to(run_device)

        targets = targets.to(run_device)

        

        adam_optimizer.zero_grad()

        # (shape debug)

        data_batch = data_batch.permute(0, 3, 1, 2).float()

        logits = net_model(data_batch)

        loss_val = soft_ce_loss(logits, targets)

        

        if log_df is not None:

            log_df.loc[epoch_i + step_i / len(train_loader), 'train_loss'] = loss_val.data.cpu().numpy()

        

        loss_val.backward()

        adam_optimizer.step()

        

        if (step_i + 1) % 100 == 0:

            print('epoch {} | {}/{} samples ({:.0f}%) | lr {:.6f} | loss {:.6f}'.format(

                epoch_i, (step_i + 1) * len(data_batch), len(train_loader.dataset),

                100. * (step_i + 1) / len(train_loader),

                adam_optimizer.state_dict()['param_groups'][0]['lr'],

                loss_val.data))

                

    step_sched.step()
def run_eval(epoch_i, log_df=None):

    net_model.eval()

    loss_val = 0

    n_correct = 0

    

    with torch.no_grad():

        for data_batch, targets in dev_loader:

            data_batch = data_batch.to(run_device)

            targets = targets.to(run_device)



            data_batch = data_batch.permute(0, 3, 1, 2).float()

            logits = net_model(data_batch)



            loss_val += soft_ce_loss(logits, targets, reduce_mean=False).data



            pred_idx = logits.data.max(1, keepdim=True)[1]

            n_correct += pred_idx.eq(targets.max(1, keepdim=True)[1].data.view_as(pred_idx)).cpu().sum().numpy()

    

    loss_val /= len(dev_loader.dataset)

    dev_acc = n_correct / len(dev_loader.dataset)

    

    if log_df is not None:

        log_df.loc[epoch_i, 'dev_loss'] = loss_val.cpu().numpy()

        log_df.loc[epoch_i, 'dev_accuracy'] = dev_acc

    

    print('dev loss {:.4f} | dev correct {}/{} ({:.3f}%)\n'.format(

        loss_val, n_correct, len(dev_loader.dataset),

        100. * dev_acc))     

import gc



log_df = pd.DataFrame()



for epoch_i in range(epoch_total):

    print('starting epoch '+ str(epoch_i))

    torch.cuda.empty_cache()

    gc.collect()

    run_train_epoch(epoch_i, log_df)

    run_eval(epoch_i, log_df)
log_df['train_loss'].plot();
log_df.dropna()['dev_loss'].plot();
log_df.dropna()['dev_accuracy'].plot();
net_model.eval()

test_preds = []



for data_batch in tqdm(test_loader):

    data_batch = data_batch.to(run_device)

    data_batch = data_batch.permute(0, 3, 1, 2).float()

    logits = net_model(data_batch).max(dim=1)[1] # index of the top score

    test_preds += list(logits.data.cpu().numpy())
submit_df = pd.read_csv('../input/Kannada-MNIST/sample_submission.csv')

submit_df['label'] = test_preds

submit_df.to_csv('submission.csv', index=False)

submit_df.head()