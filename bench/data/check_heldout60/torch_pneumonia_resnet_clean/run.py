import torch
import torchvision.transforms as T
import matplotlib.pyplot as plt
from torch.utils.tensorboard import SummaryWriter
import argparse
import xray_data
import loop
import os
import aug
import cv2
device = 'cuda' if torch.cuda.is_available() else 'cpu'

ap = argparse.ArgumentParser()
ap.add_argument("--trainPath",type=str, default='./chest_xray/train')
ap.add_argument("--valPath",type=str, default='./chest_xray/val')
ap.add_argument("--batchSize", type=int, default=32)
ap.add_argument("--lr", type=float, default=0.001)
ap.add_argument("--endEpoch", type=int, default= 10)
ap.add_argument("--startEpoch", type=int, default = 0)
ap.add_argument("--optimizer", type=str, default='adam', choices=['adam','sgd'])
ap.add_argument("--loss_fn", type=str, default='bce',choices=['bce'])
ap.add_argument("--pretrained", dest='pretrained', default=False, action="store_true")
ap.add_argument("--experimentName", default='resnet18', type=str)
# logs go to runs/<experimentName>
# weights go to checkpoints/<experimentName>/
ap.add_argument("--lrRateAnnealing", default=0.1, type=float)
ap.add_argument("--resume", dest='resume', help="continue from a checkpoint", default=False, action='store_true')
ap.add_argument("--checkpoint", type=str, help='checkpoint file')
ap.add_argument("--trainLimit", type=int, default = 5216, help="how many training images")
ap.add_argument("--valLimit", type=int, default = 16)

ap = ap.parse_args()
print(ap)

print("---- data ----")
dl_tr = loop.make_loader(ap.trainPath, ap.trainLimit, ap.batchSize, aug.aug_train)
dl_va = loop.make_loader(ap.valPath, ap.valLimit, ap.batchSize, aug.aug_eval)
print("loaders built")

# look at one batch
# xb, yb = next(iter(dl_tr))
# print(xb.shape)
# first = xb[0].permute(1,2,0)
# plt.imshow(first.numpy())
# plt.show()

print("---- network ----")
net, crit, opt, sched = loop.make_model(ap.pretrained, ap.lr)
best = 0

if ap.resume:
    print("--- resuming ---")
    net.load_state_dict(torch.load(ap.checkpoint))
    net.to(device)
    best = ap.checkpoint.split("/")[-1].split('_')[3]
    ap.lr = float(ap.checkpoint.split("/")[-1].split('_')[5])
    opt = torch.optim.Adam(net.parameters(), lr=ap.lr)
print("network ready")
print("---- training ----")
log_dir = './runs/'+str(ap.experimentName)+"_"+str(ap.batchSize)+"_"+str(ap.lr)+"/"
tb = SummaryWriter(log_dir)
ckpt_dir = "./checkpoints/"+str(ap.experimentName)+"/"
os.makedirs(ckpt_dir,exist_ok=True)
loop.fit(net, dl_tr, dl_va, crit, opt, sched, ap.startEpoch, ap.endEpoch, tb, best, ap)
print("finished")
#cv2.imshow("one", )





