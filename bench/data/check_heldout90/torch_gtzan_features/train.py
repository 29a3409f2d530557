# Genre classifier on hand-made audio descriptors (teaching project).
# trains a small fully-connected net

import torch
import torch.nn as nn
import torch.optim as optim
from model import model_cmg_fc1, model_cmg_fc2, check_acc
from data import prepare_data
import yaml
import os

# read settings
settings_dir = 'D:/git-testy/classifier1/config/'

with open(os.path.join(settings_dir,'config.yaml')) as fh:
    cfg = yaml.safe_load(fh)

# pick the device
dev=torch.device('cuda' if torch.cuda.is_available else 'cpu')

# choose the network variant
variant = cfg["model"]
if variant == "fc1":
    net = model_cmg_fc1.ClassifierMusicGenres(cfg["input_size"], cfg["num_classes"]).to(dev)
    out_dir = os.path.join(cfg["output_path_1"])
elif variant == "fc2":
    net = model_cmg_fc2.ClassifierMusicGenres(cfg["input_size"], cfg["num_classes"]).to(dev)
    out_dir = os.path.join(cfg["output_path_2"])

# text files that record the losses per epoch
train_log = open(os.path.join(out_dir,'avg_train_loss_per_epoch.txt'), 'w')
val_log = open(os.path.join(out_dir,'avg_val_loss_per_epoch.txt'), 'w')

# loaders built in the data module
tr_loader = prepare_data.train_loader
va_loader = prepare_data.val_loader

# objective and optimiser
loss_fn = nn.CrossEntropyLoss()
opt = optim.Adam(net.parameters(), lr=cfg["learning_rate"])

# epochs
for ep in range(cfg["num_epochs"]):
    net.train()
    step_losses=[]
    for bi, (feats, labels) in enumerate(tr_loader):
        feats = feats.to(dev)
        labels = labels.to(dev)
        feats = feats.reshape(feats.shape[0],-1)
        logits = net(feats)
        loss = loss_fn(logits, labels)
        step_losses.append(loss)
        opt.zero_grad()
        loss.backward()
        opt.step()
    ep_train = torch.stack(step_losses).mean().item()
    train_log.write(str(ep_train)+',')
    print(f'epoch {ep}: train loss {ep_train:.5f}')
    net.eval()
    with torch.no_grad():
        val_losses=[]
        for bi, (feats,labels) in enumerate(va_loader):
            feats = feats.to(dev)
            labels = labels.to(dev)
            feats = feats.reshape(feats.shape[0],-1)
            logits = net(feats)
            loss = loss_fn(logits,labels)
            val_losses.append(loss)
        ep_val = torch.stack(val_losses).mean().item()
        val_log.write(str(ep_val)+',')
        print(f'epoch {ep}: val loss {ep_val:.5f}')

# store the whole network
torch.save(net,os.path.join(out_dir,'model_output.pth'))

# accuracies at the end
print(f'accuracy on train split:')
train_log.write(str(check_acc.check_acc(tr_loader,net,dev))+',')
print(f'accuracy on val split:')
val_log.write(str(check_acc.check_acc(va_loader,net,dev))+',')

train_log.close()
val_log.close()
