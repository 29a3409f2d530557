import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torchvision import transforms
from build_volumes import build_volumes
from build_targets import build_targets
from ct_set import VolumeSet
from model import CNN3D
from fit_epoch import fit_epoch
from check_epoch import check_epoch
import matplotlib.pyplot as plt

device = 'cuda' if torch.cuda.is_available() else 'cpu'
print("running on {}".format(device))

# every CT study becomes one 3D array
tr_vols = build_volumes("/data/ct_scans/CT200/train/*")
va_vols = build_volumes("/data/ct_scans/CT200/valid/*")

# targets (sex, age group) from csv
tr_targets = build_targets('/data/ct_scans/CT200/train_label.csv')
va_targets = build_targets('/data/ct_scans/CT200/valid_label.csv')

# augmentation / normalisation
tf_train = transforms.Compose([
    transforms.RandomHorizontalFlip(),
    transforms.RandomRotation(10),
    transforms.Normalize((0.5, ), (0.5, ))
    ])

tf_valid = transforms.Compose([
    transforms.Normalize((0.5, ), (0.5, ))
    ])


# datasets
ds_tr = VolumeSet(tr_vols, tr_targets, transform=tf_train)
ds_va = VolumeSet(va_vols, va_targets, transform=tf_valid)

# loaders
dl_tr = torch.utils.data.DataLoader(ds_tr, batch_size=5, shuffle=True)
dl_va = torch.utils.data.DataLoader(ds_va, batch_size=5, shuffle=False)

# network
net = CNN3D().to(device)

print(net)

# class-weighted losses
w_sex = torch.tensor([7.0, 3.0]).cuda()
w_age = torch.tensor([12.0, 2.0, 3.0, 4.0, 6.0, 6.0, 12.0]).cuda()
crit_sex = nn.CrossEntropyLoss(weight=w_sex)
crit_age = nn.CrossEntropyLoss(weight=w_age)

# optimiser
opt = optim.Adam(net.parameters(), lr=0.1)

# run
n_epochs = 10
tr_loss_hist = []
va_loss_hist = []
tr_sex_acc_hist = []
va_sex_acc_hist = []
tr_age_acc_hist = []
va_age_acc_hist = []
tr_sex_loss_hist = []
va_sex_loss_hist = []
tr_age_loss_hist = []
va_age_loss_hist = []

for ep in range(n_epochs):
    print(f"epoch {ep+1}\n-------------------------------")
    tr_loss, tr_sex_acc, tr_age_acc = fit_epoch(dl_tr, net, crit_sex, crit_age, opt, device)
    va_loss, va_sex_acc, va_age_acc = check_epoch(dl_va, net, crit_sex, crit_age, device)
    tr_loss_hist.append(tr_loss[0])
    va_loss_hist.append(va_loss[0])
    tr_sex_acc_hist.append(tr_sex_acc)
    va_sex_acc_hist.append(va_sex_acc)
    tr_age_acc_hist.append(tr_age_acc)
    va_age_acc_hist.append(va_age_acc)
    tr_sex_loss_hist.append(tr_loss[1])
    va_sex_loss_hist.append(va_loss[1])
    tr_age_loss_hist.append(tr_loss[2])
    va_age_loss_hist.append(va_loss[2])
print("finished")

# keep the whole model
torch.save(net, 'ct_cnn3d.pth')

# total loss curve
f1 = plt.figure()
plt.xlabel("epoch")
plt.ylabel("loss")
plt.plot(tr_loss_hist, label='train loss')
plt.plot(va_loss_hist, label='validation loss')
plt.xlim()
plt.legend()
f1.savefig("plots/loss.png")

# sex accuracy curve
f2 = plt.figure()
plt.xlabel("epoch")
plt.ylabel("Sex Accuracy")
plt.plot(tr_sex_acc_hist, label='train Accuracy')
plt.plot(va_sex_acc_hist, label='validation Accuracy')
plt.ylim(0, 100)
plt.legend()
f2.savefig("plots/sex.png")

# age accuracy curve
f3 = plt.figure()
plt.xlabel("epoch")
plt.ylabel("Age Accuracy")
plt.plot(tr_age_acc_hist, label='train Accuracy')
plt.plot(va_age_acc_hist, label='validation Accuracy')
plt.ylim(0, 100)
plt.legend()
f3.savefig("plots/age.png")

# sex loss curve
f4 = plt.figure()
plt.xlabel("epoch")
plt.ylabel("loss")
plt.plot(tr_sex_loss_hist, label='train loss')
plt.plot(va_sex_loss_hist, label='validation loss')
plt.xlim()
plt.legend()
f4.savefig("plots/loss_sex.png")
# age loss curve
f5 = plt.figure()
plt.xlabel("epoch")
plt.ylabel("loss")
plt.plot(tr_age_loss_hist, label='train loss')
plt.plot(va_age_loss_hist, label='validation loss')
plt.xlim()
plt.legend()
f5.savefig("plots/loss_age.png")