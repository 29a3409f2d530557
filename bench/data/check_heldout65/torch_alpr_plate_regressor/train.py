import torch
import torch.optim as optim
import torchvision
import torch.nn as nn
# import torch.nn.functional as F
from torch.utils.data import DataLoader
from utils import generate_dataframe
from dataset import ALPRDataset
from model import Regressor
from tqdm import tqdm
import time
import os
import matplotlib.pyplot as plt
# from torch.utils.tensorboard import SummaryWriter


root_dir = r"D:\data\UFPR-ALPR"
# tb = SummaryWriter()
table = generate_dataframe(root=root_dir)
frac = 0.8
fit_table = table[:int(frac * len(table))]
hold_table = table[int(frac * len(table)):]
N_CLASSES = 2
CELLS = 3
SIDE = 768


fit_table.reset_index(inplace = True, drop = True)
hold_table.reset_index(inplace = True, drop = True)
fit_set = ALPRDataset(root=root_dir, df=fit_table, S = CELLS, C = N_CLASSES)
hold_set = ALPRDataset(root=root_dir, df=hold_table, S = CELLS, C = N_CLASSES)

# fit_set.show_examples()
# plt.show()

# loaders
fit_loader = DataLoader(fit_set, batch_size=4, shuffle=True, num_workers=0)
hold_loader = DataLoader(hold_set, batch_size=4, shuffle=True, num_workers=0)


dev = 'cuda' if torch.cuda.is_available() else 'cpu'
backbone = torchvision.models.resnet18(pretrained=True)
for p in backbone.parameters():
    p.required_grad = True

# backbone = nn.Sequential(*list(backbone.children())[:-1])
# print(backbone(torch.rand(1, 3, 512, 512)).shape[1])
# os._exit(0)

net = Regressor(base_model=backbone, S = CELLS, C = N_CLASSES, img_size = SIDE)

net.to(dev)

opt = optim.Adam(net.parameters(), lr=1e-2)
sched = optim.lr_scheduler.StepLR(opt, step_size=3, gamma=0.7)
crit = nn.MSELoss()
n_epochs = 50
for ep in range(n_epochs):
    time.sleep(1)
    fit_sum = 0.0
    hold_sum = 0.0

    net.train()
    for k, b in enumerate(tqdm(fit_loader)):
        pics, grid = b['image'].to(dev), b['bbox'].to(dev)
        opt.zero_grad()
        pred = net(pics)
        loss = crit(pred.squeeze(), grid)
        loss.backward()
        opt.step()
        fit_sum += loss.item()

    net.eval()
    for k, b in enumerate(tqdm(hold_loader)):
        pics, grid = b['image'].to(dev), b['bbox'].to(dev)
        opt.zero_grad()
        pred = net(pics)
        loss = crit(pred.squeeze(), grid)
        hold_sum += loss.item()

    sched.step()
    print(f"fit loss, epoch {ep + 1}: {fit_sum/len(fit_loader)}")
    print(f"held-out loss, epoch {ep + 1}: {hold_sum / len(hold_loader)}")
    # tb.add_scalar('Loss/train', fit_sum/len(fit_loader), ep)
    # tb.add_scalar('Loss/test', hold_sum / len(hold_loader), ep)
# tb.flush()
print("done")
torch.save(net, 'plate_grid.pt')



