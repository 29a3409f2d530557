#!/usr/bin/env python
# -*- coding: utf-8 -*-

# --- cell ---


## APTOS 2019 starter: ResNet-101 regression on the DR grade
## adapted from a public Kaggle notebook
## (a very small PyTorch training baseline for this competition)
import pandas as pd
import time
import torchvision
import torch.nn as nn
from tqdm import tqdm_notebook as tqdm
from PIL import Image, ImageFile
from torch.utils.data import Dataset
import torch
import torch.optim as optim
from torchvision import transforms
import torch.optim.lr_scheduler as lr_scheduler
gpu_device = torch.device("cuda:0")
ImageFile.LOAD_TRUNCATED_IMAGES = True
import numpy as np # arrays
import pandas as pd # tables and CSV reading
import os
print(os.listdir("../input"))
#(an optional pip install of the pretrainedmodels package went here)
#(and its import)
from sklearn.model_selection import train_test_split


# ## Task: give each retina photo one of five grades
# 1. grade 0, no retinopathy
# 2. grade 1, mild
# 3. grade 2, moderate
# 4. grade 3, severe
# 5. grade 4, proliferative

# --- cell ---


## the competition CSV tables
train_df = pd.read_csv('../input/aptos2019-blindness-detection/train.csv')
test_df = pd.read_csv('../input/aptos2019-blindness-detection/test.csv')
sub_df = pd.read_csv('../input/aptos2019-blindness-detection/sample_submission.csv')


# --- cell ---


## hold out a third of the labelled rows for validation
train_X, val_X, train_y, val_y = train_test_split(train_df['id_code'], train_df['diagnosis'], test_size=0.33, random_state=42)
split_df = pd.DataFrame({'id_code': train_X,'diagnosis': train_y})
split_df.to_csv( 'train.csv' , index=False)


# --- cell ---


split_df = pd.DataFrame({'id_code': val_X,'diagnosis': val_y})
split_df.to_csv( 'val.csv' , index=False)


# --- cell ---


train_df = pd.read_csv('train.csv')
val_df = pd.read_csv('val.csv')


# ## Dataset class for labelled pictures

# --- cell ---



from PIL import Image
from torch.utils.data import Dataset

class FundusTrainDataset(Dataset):
    def __init__(self, 
                 csv_path, 
                 image_dir, 
                 img_transform=None):
        self.data_table = pd.read_csv(csv_path)
        self.image_dir = image_dir
        self.img_transform = img_transform

    def __len__(self):
        return len(self.data_table)

    def __getitem__(self, row_idx):
        img_path = os.path.join(self.image_dir, 
                                self.data_table.loc[row_idx, 'id_code'] + '.png')
        img = Image.open(img_path)
        #(a fixed 256x256 resize used to sit here)
        label_t = torch.tensor(self.data_table.loc[row_idx, 'diagnosis'])

        if self.img_transform:
            img = self.img_transform(img)

        return {'image': img,
                'labels': label_t
                }


# ## Network

# --- cell ---


import torch.nn as nn
import torchvision.models as models
# torchvision ResNet-101, weights read from a local file
resnet_model = models.resnet101(pretrained=False)
resnet_model.load_state_dict(torch.load("../input/resnet101/resnet101-5d3b4d8f.pth"))
fc_in_features = resnet_model.fc.in_features
print(fc_in_features)
resnet_model.fc = nn.Linear(2048, 1)
resnet_model = resnet_model.to(gpu_device)


# --- cell ---


def train_network(resnet_model, train_loader, dataset_len, step_optimizer, lr_sched, epoch_count):  
    t_begin = time.time()
    mse_loss_fn =  nn.MSELoss()
    for epoch_i in range(epoch_count):
        print('epoch {} (last: {})'.format(epoch_i, epoch_count - 1))
        print('-' * 10)
        lr_sched.step()
        resnet_model.train()
        loss_sum = 0.0
        bar = tqdm(train_loader, total=int(len(train_loader)))
        steps_done = 0
        for batch_idx, batch_dict in enumerate(bar):
            images_in = batch_dict["image"]
            batch_labels = batch_dict["labels"].view(-1, 1)
            images_in = images_in.to(gpu_device, dtype=torch.float)
            batch_labels = batch_labels.to(gpu_device, dtype=torch.float)
            step_optimizer.zero_grad()
            with torch.set_grad_enabled(True):
                model_out = resnet_model(images_in)
                batch_loss = mse_loss_fn(model_out, batch_labels)
                batch_loss.backward()
                step_optimizer.step()
            loss_sum += batch_loss.item() * images_in.size(0)
            steps_done += 1
            bar.set_postfix(loss=(loss_sum / (steps_done * train_loader.batch_size)))
        epoch_mean_loss = loss_sum / len(train_loader)
        print('mean train loss {:.4f}'.format(epoch_mean_loss))
    took_s = time.time() - t_begin
    print('training took {:.0f} min {:.0f} s'.format(took_s // 60, took_s % 60))
    return resnet_model 


# ## Augmentation, loaders, optimizer and LR schedule

# --- cell ---


train_tfms = transforms.Compose([
        # train-time augmentation: resize to 224x224,
        # a random left-right flip, then tensor conversion
        # and ImageNet mean/std normalisation
        transforms.Resize((224,224)),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406],
                                 [0.229, 0.224, 0.225])
    ])


fundus_train_dataset = FundusTrainDataset(csv_path='train.csv' , 
                             image_dir='../input/aptos2019-blindness-detection/train_images',
                             img_transform=train_tfms)
train_batches_loader = torch.utils.data.DataLoader(fundus_train_dataset, batch_size=16, shuffle=True, num_workers=4)
lowest_lr = 1e-4
highest_lr = 1e-3

param_groups = [
         {'params': resnet_model.layer4.parameters(), 'lr': 1e-4, 'weight': 0.001},
         {'params': resnet_model.fc.parameters(), 'lr': 1e-3}
     ]

adam_optimizer = optim.Adam(param_groups, lr=0.001)
lr_sched = lr_scheduler.StepLR(adam_optimizer, step_size=10)


# --- cell ---


t_begin = time.time()
resnet_model=train_network(resnet_model,train_batches_loader,len(fundus_train_dataset),adam_optimizer,lr_sched,epoch_count=10)
#(an early-stopping variant of the training function was tried here for one epoch)
took_s = time.time() - t_begin
print('training took {:.0f} min {:.0f} s'.format(took_s // 60, took_s % 60))


# ### save the weights

# --- cell ---


torch.save(resnet_model.state_dict(), "aptos_model.bin")


# --- cell ---


print(os.listdir("."))


# ### inference part; the preprocessing follows a LearnOpenCV tutorial
# ### same transforms as in training

# --- cell ---


import torch
from torchvision import transforms

# constants for inference
IMG_SIDE = 224
GRADE_COUNT = 5
TEST_BATCH_LEN = 1
gpu_device = torch.device("cuda:0")


# preprocessing of the pictures to predict (includes a random flip)
test_tfms = transforms.Compose([
    transforms.Resize((IMG_SIDE,IMG_SIDE)),
    transforms.RandomHorizontalFlip(),
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406],
                                 [0.229, 0.224, 0.225])
])


# ## Network for inference

# --- cell ---


# An earlier version built the model from the pretrainedmodels package
# out of a local copy of that package:
# it added the package folder to sys.path,
# created a ResNet-101 without downloaded weights,
# replaced its pooling by adaptive average pooling
# and its last layer by a small head:
#   batch norm, dropout 0.25,
#   a 2048 -> 2048 linear layer, ReLU,
#   batch norm again, dropout 0.5,
#   and a 2048 -> 1 linear output.
# It then loaded the saved weights non-strictly
# (so missing or extra keys were ignored)
# and moved the network to the GPU.
# None of that runs now:
# the network trained above is reused directly.
# # (non-strict loading was the workaround for key mismatches)
# # (an older checkpoint path was also tried)
# # (the checkpoint was the aptos_model.bin written above)
# # (the GPU move was commented out too)


# --- cell ---


# (freezing every parameter was tried once and dropped;
#  gradients are left enabled)
eval_model=resnet_model 
eval_model.eval()


# ### Dataset class for unlabelled pictures

# --- cell ---


class FundusTestDataset(Dataset):

    def __init__(self, 
                 csv_path, 
                 image_dir, 
                 img_transform=None):
        self.data_table = pd.read_csv(csv_path)
        self.image_dir = image_dir
        self.img_transform = img_transform

    def __len__(self):
        return len(self.data_table)

    def __getitem__(self, row_idx):
        img_path = os.path.join(self.image_dir, 
                                self.data_table.loc[row_idx, 'id_code'] + '.png')
        img = Image.open(img_path)
        if self.img_transform:
            img = self.img_transform(img)

        return {'image': img}


# ### Predictions for the validation split

# --- cell ---


fundus_val_dataset = FundusTestDataset(csv_path='val.csv',
                                      img_transform=test_tfms, image_dir='../input/aptos2019-blindness-detection/train_images')

val_batch_loader = torch.utils.data.DataLoader(fundus_val_dataset, batch_size=32, shuffle=False, num_workers=4)
val_pred_values = np.zeros((len(fundus_val_dataset), 1))
bar = tqdm(val_batch_loader)
for i, batch_x in enumerate(bar):
    batch_x = batch_x["image"]
    batch_pred = eval_model(batch_x.to(gpu_device))
    val_pred_values[i * 32:(i + 1) * 32] = batch_pred.detach().cpu().squeeze().numpy().ravel().reshape(-1, 1)


# --- cell ---


val_df = pd.read_csv('val.csv')


# --- cell ---


import numpy as np
import pandas as pd
import os
import scipy as sp
from functools import partial
from sklearn import metrics
from collections import Counter
import json

class GradeThresholder(object):
    def __init__(self):
        self.fitted_ = 0

    def _neg_kappa(self, cuts, x_scores, y_grades):
        x_binned = np.copy(x_scores)
        for i, grade_score in enumerate(x_binned):
            if grade_score < cuts[0]:
                x_binned[i] = 0
            elif grade_score >= cuts[0] and grade_score < cuts[1]:
                x_binned[i] = 1
            elif grade_score >= cuts[1] and grade_score < cuts[2]:
                x_binned[i] = 2
            elif grade_score >= cuts[2] and grade_score < cuts[3]:
                x_binned[i] = 3
            else:
                x_binned[i] = 4

        kappa_val = metrics.cohen_kappa_score(y_grades, x_binned, weights='quadratic')
        return -kappa_val

    def fit_cuts(self, x_scores, y_grades):
        loss_of_cuts = partial(self._neg_kappa, x_scores=x_scores, y_grades=y_grades)
        start_cuts = [0.5, 1.5, 2.5, 3.5]
        self.fitted_ = sp.optimize.minimize(loss_of_cuts, start_cuts, method='nelder-mead')

    def predict_grades(self, x_scores, cuts):
        x_binned = np.copy(x_scores)
        for i, grade_score in enumerate(x_binned):
            if grade_score < cuts[0]:
                x_binned[i] = 0
            elif grade_score >= cuts[0] and grade_score < cuts[1]:
                x_binned[i] = 1
            elif grade_score >= cuts[1] and grade_score < cuts[2]:
                x_binned[i] = 2
            elif grade_score >= cuts[2] and grade_score < cuts[3]:
                x_binned[i] = 3
            else:
                x_binned[i] = 4
        return x_binned

    def cut_points(self):
        return self.fitted_['x']


# --- cell ---


thresholder = GradeThresholder()
thresholder.fit_cuts(val_pred_values.astype(int), val_df['diagnosis'])
print(thresholder.cut_points)


# --- cell ---


best_cuts = thresholder.cut_points()
valid_grade_preds = thresholder.predict_grades(val_pred_values.astype(int), best_cuts)


# --- cell ---


np.unique(valid_grade_preds)


# --- cell ---


import sklearn
val_accuracy = sklearn.metrics.accuracy_score(val_df['diagnosis'], valid_grade_preds)
print('val accuracy: {}'.format(val_accuracy)) 


# --- cell ---


# A classification variant of the test prediction never worked,
# so it is kept only as a note:
# it reread the sample submission,
# allocated one column per grade,
# looped over the test loader with a progress bar,
# ran the model on each batch
# of the image tensors
# and stored the raw outputs per grade,
# then took a sigmoid of the whole array on the GPU
    
# and copied the result back to NumPy.
# It is replaced by the regression passes below.


# --- cell ---


fundus_test_dataset = FundusTestDataset(csv_path='../input/aptos2019-blindness-detection/test.csv',
                                      img_transform=test_tfms, image_dir='../input/aptos2019-blindness-detection/test_images')
test_batch_loader = torch.utils.data.DataLoader(fundus_test_dataset, batch_size=32, shuffle=False, num_workers=4)
test_out1 = np.zeros((len(fundus_test_dataset), 1))
bar = tqdm(test_batch_loader)
for i, batch_x in enumerate(bar):
    batch_x = batch_x["image"]
    batch_pred = eval_model(batch_x.to(gpu_device))
    test_out1[i * 32:(i + 1) * 32] = batch_pred.detach().cpu().squeeze().numpy().ravel().reshape(-1, 1)


# --- cell ---


test_out1


# --- cell ---


test_batch_loader = torch.utils.data.DataLoader(fundus_test_dataset, batch_size=32, shuffle=False, num_workers=4)
test_out2 = np.zeros((len(fundus_test_dataset), 1))
bar = tqdm(test_batch_loader)
for i, batch_x in enumerate(bar):
    batch_x = batch_x["image"]
    batch_pred = eval_model(batch_x.to(gpu_device))
    test_out2[i * 32:(i + 1) * 32] = batch_pred.detach().cpu().squeeze().numpy().ravel().reshape(-1, 1)


# --- cell ---


test_batch_loader = torch.utils.data.DataLoader(fundus_test_dataset, batch_size=32, shuffle=False, num_workers=4)
test_out3 = np.zeros((len(fundus_test_dataset), 1))
bar = tqdm(test_batch_loader)
for i, batch_x in enumerate(bar):
    batch_x = batch_x["image"]
    batch_pred = eval_model(batch_x.to(gpu_device))
    test_out3[i * 32:(i + 1) * 32] = batch_pred.detach().cpu().squeeze().numpy().ravel().reshape(-1, 1)


# --- cell ---


test_batch_loader = torch.utils.data.DataLoader(fundus_test_dataset, batch_size=32, shuffle=False, num_workers=4)
test_out4 = np.zeros((len(fundus_test_dataset), 1))
bar = tqdm(test_batch_loader)
for i, batch_x in enumerate(bar):
    batch_x = batch_x["image"]
    batch_pred = eval_model(batch_x.to(gpu_device))
    test_out4[i * 32:(i + 1) * 32] = batch_pred.detach().cpu().squeeze().numpy().ravel().reshape(-1, 1)


# --- cell ---


test_batch_loader = torch.utils.data.DataLoader(fundus_test_dataset, batch_size=32, shuffle=False, num_workers=4)
test_out5 = np.zeros((len(fundus_test_dataset), 1))
bar = tqdm(test_batch_loader)
for i, batch_x in enumerate(bar):
    batch_x = batch_x["image"]
    batch_pred = eval_model(batch_x.to(gpu_device))
    test_out5[i * 32:(i + 1) * 32] = batch_pred.detach().cpu().squeeze().numpy().ravel().reshape(-1, 1)


# --- cell ---


test_batch_loader = torch.utils.data.DataLoader(fundus_test_dataset, batch_size=32, shuffle=False, num_workers=4)
test_out6 = np.zeros((len(fundus_test_dataset), 1))
bar = tqdm(test_batch_loader)
for i, batch_x in enumerate(bar):
    batch_x = batch_x["image"]
    batch_pred = eval_model(batch_x.to(gpu_device))
    test_out6[i * 32:(i + 1) * 32] = batch_pred.detach().cpu().squeeze().numpy().ravel().reshape(-1, 1)


# --- cell ---


test_batch_loader = torch.utils.data.DataLoader(fundus_test_dataset, batch_size=32, shuffle=False, num_workers=4)
test_out7 = np.zeros((len(fundus_test_dataset), 1))
bar = tqdm(test_batch_loader)
for i, batch_x in enumerate(bar):
    batch_x = batch_x["image"]
    batch_pred = eval_model(batch_x.to(gpu_device))
    test_out7[i * 32:(i + 1) * 32] = batch_pred.detach().cpu().squeeze().numpy().ravel().reshape(-1, 1)


# --- cell ---


test_batch_loader = torch.utils.data.DataLoader(fundus_test_dataset, batch_size=32, shuffle=False, num_workers=4)
test_out8 = np.zeros((len(fundus_test_dataset), 1))
bar = tqdm(test_batch_loader)
for i, batch_x in enumerate(bar):
    batch_x = batch_x["image"]
    batch_pred = eval_model(batch_x.to(gpu_device))
    test_out8[i * 32:(i + 1) * 32] = batch_pred.detach().cpu().squeeze().numpy().ravel().reshape(-1, 1)


# --- cell ---


test_batch_loader = torch.utils.data.DataLoader(fundus_test_dataset, batch_size=32, shuffle=False, num_workers=4)
test_out9 = np.zeros((len(fundus_test_dataset), 1))
bar = tqdm(test_batch_loader)
for i, batch_x in enumerate(bar):
    batch_x = batch_x["image"]
    batch_pred = eval_model(batch_x.to(gpu_device))
    test_out9[i * 32:(i + 1) * 32] = batch_pred.detach().cpu().squeeze().numpy().ravel().reshape(-1, 1)


# --- cell ---


test_batch_loader = torch.utils.data.DataLoader(fundus_test_dataset, batch_size=32, shuffle=False, num_workers=4)
test_out10 = np.zeros((len(fundus_test_dataset), 1))
bar = tqdm(test_batch_loader)
for i, batch_x in enumerate(bar):
    batch_x = batch_x["image"]
    batch_pred = eval_model(batch_x.to(gpu_device))
    test_out10[i * 32:(i + 1) * 32] = batch_pred.detach().cpu().squeeze().numpy().ravel().reshape(-1, 1)


# --- cell ---


test_mean_out = (test_out1 + test_out2 + test_out3 + test_out4 + test_out5+test_out6 + test_out7 + test_out8 + test_out9 + test_out10)/10.0


# --- cell ---


test_mean_out


# --- cell ---


np.unique(test_mean_out)


# --- cell ---


test_grade_preds = thresholder.predict_grades(test_mean_out.astype(int), best_cuts)


# --- cell ---


test_grade_preds


# --- cell ---


submission_df = pd.read_csv("../input/aptos2019-blindness-detection/sample_submission.csv")
submission_df.diagnosis = test_grade_preds
submission_df.to_csv("submission.csv", index=False)


# --- cell ---


submission_df=pd.read_csv("submission.csv").head()


# --- cell ---


np.unique(submission_df['diagnosis'])

