import torch
import argparse
import torch.nn as nn
import torch.utils.data as Data
import torch.backends.cudnn as cudnn
from scipy.io import loadmat
from scipy.io import savemat
from torch import optim
from torch.autograd import Variable
from vit_pytorch import ViT
from sklearn.metrics import confusion_matrix

import matplotlib.pyplot as plt
from matplotlib import colors
import numpy as np
import time
import os

ap = argparse.ArgumentParser("HSI")
ap.add_argument('--dataset', choices=['Indian', 'Pavia', 'Houston'], default='Indian', help='which scene')
ap.add_argument('--flag_test', choices=['test', 'train'], default='train', help='train or test')
ap.add_argument('--mode', choices=['ViT', 'CAF'], default='ViT', help='ViT or CAF')
ap.add_argument('--gpu_id', default='0', help='which GPU')
ap.add_argument('--seed', type=int, default=0, help='random seed')
ap.add_argument('--batch_size', type=int, default=64, help='batch size')
ap.add_argument('--test_freq', type=int, default=5, help='evaluate every n epochs')
ap.add_argument('--patches', type=int, default=1, help='window side')
ap.add_argument('--band_patches', type=int, default=1, help='neighbouring bands grouped')
ap.add_argument('--epoches', type=int, default=300, help='epochs')
ap.add_argument('--learning_rate', type=float, default=5e-4, help='lr')
ap.add_argument('--gamma', type=float, default=0.9, help='gamma')
ap.add_argument('--weight_decay', type=float, default=0, help='weight_decay')
cfg = ap.parse_args()

os.environ["CUDA_VISIBLE_DEVICES"] = str(cfg.gpu_id)
#===============================================================================
# pick train/test pixel positions
def pick_points(tr_map, te_map, all_map, n_cls):
    n_tr = []
    tr_pos = {}
    n_te = []
    te_pos = {}
    n_all = []
    all_pos = {}
    #===============================================================================
    for i in range(n_cls):
        cls_idx = []
        cls_idx = np.argwhere(tr_map==(i+1))
        n_tr.append(cls_idx.shape[0])
        tr_pos[i] = cls_idx

    tr_points = tr_pos[0]
    for i in range(1, n_cls):
        tr_points = np.r_[tr_points, tr_pos[i]] #(695,2)
    tr_points = tr_points.astype(int)
    #===============================================================================
    for i in range(n_cls):
        cls_idx = []
        cls_idx = np.argwhere(te_map==(i+1))
        n_te.append(cls_idx.shape[0])
        te_pos[i] = cls_idx

    te_points = te_pos[0]
    for i in range(1, n_cls):
        te_points = np.r_[te_points, te_pos[i]] #(9671,2)
    te_points = te_points.astype(int)
    #===============================================================================
    for i in range(n_cls+1):
        cls_idx = []
        cls_idx = np.argwhere(all_map==i)
        n_all.append(cls_idx.shape[0])
        all_pos[i] = cls_idx

    all_points = all_pos[0]
    for i in range(1, n_cls+1):
        all_points = np.r_[all_points, all_pos[i]]
    all_points = all_points.astype(int)

    return tr_points, te_points, all_points, n_tr, n_te, n_all
#===============================================================================
# reflect the border
def reflect_pad(H,W,band,cube_n,patch=5):
    pad=patch//2
    reflect_pad=np.zeros((H+2*pad,W+2*pad,band),dtype=float)
    # centre
    reflect_pad[pad:(pad+H),pad:(pad+W),:]=cube_n
    # left edge
    for i in range(pad):
        reflect_pad[pad:(H+pad),i,:]=cube_n[:,pad-i-1,:]
    # right edge
    for i in range(pad):
        reflect_pad[pad:(H+pad),W+pad+i,:]=cube_n[:,W-1-i,:]
    # top edge
    for i in range(pad):
        reflect_pad[i,:,:]=reflect_pad[pad*2-i-1,:,:]
    # bottom edge
    for i in range(pad):
        reflect_pad[H+pad+i,:,:]=reflect_pad[H+pad-1-i,:,:]

    print("--------------------------------------------------")
    print("window side: {}".format(patch))
    print("padded cube: [{0},{1},{2}]".format(reflect_pad.shape[0],reflect_pad.shape[1],reflect_pad.shape[2]))
    print("--------------------------------------------------")
    return reflect_pad
#===============================================================================
# window around one pixel
def cut_window(padded_cube, pts, i, patch=5):
    x = pts[i,0]
    y = pts[i,1]
    win = padded_cube[x:(x+patch),y:(y+patch),:]
    return win

def stack_band_neighbours(xtr, band, nb, patch=5):
    nn = nb // 2
    half_area = (patch*patch) // 2
    flat = xtr.reshape(xtr.shape[0], patch*patch, band)
    banded = np.zeros((xtr.shape[0], patch*patch*nb, band),dtype=float)
    # centre block
    banded[:,nn*patch*patch:(nn+1)*patch*patch,:] = flat
    # wrap bands to the left
    for i in range(nn):
        if half_area > 0:
            banded[:,i*patch*patch:(i+1)*patch*patch,:i+1] = flat[:,:,band-i-1:]
            banded[:,i*patch*patch:(i+1)*patch*patch,i+1:] = flat[:,:,:band-i-1]
        else:
            banded[:,i:(i+1),:(nn-i)] = flat[:,0:1,(band-nn+i):]
            banded[:,i:(i+1),(nn-i):] = flat[:,0:1,:(band-nn+i)]
    # wrap bands to the right
    for i in range(nn):
        if half_area > 0:
            banded[:,(nn+i+1)*patch*patch:(nn+i+2)*patch*patch,:band-i-1] = flat[:,:,i+1:]
            banded[:,(nn+i+1)*patch*patch:(nn+i+2)*patch*patch,band-i-1:] = flat[:,:,:i+1]
        else:
            banded[:,(nn+1+i):(nn+2+i),(band-i-1):] = flat[:,0:1,:(i+1)]
            banded[:,(nn+1+i):(nn+2+i),:(band-i-1)] = flat[:,0:1,(i+1):]
    return banded
#===============================================================================
# windows for all three point sets
def gather_windows(padded_cube, band, tr_pts, te_pts, all_pts, patch=5, nb=3):
    xtr = np.zeros((tr_pts.shape[0], patch, patch, band), dtype=float)
    xte = np.zeros((te_pts.shape[0], patch, patch, band), dtype=float)
    xall = np.zeros((all_pts.shape[0], patch, patch, band), dtype=float)
    for i in range(tr_pts.shape[0]):
        xtr[i,:,:,:] = cut_window(padded_cube, tr_pts, i, patch)
    for j in range(te_pts.shape[0]):
        xte[j,:,:,:] = cut_window(padded_cube, te_pts, j, patch)
    for k in range(all_pts.shape[0]):
        xall[k,:,:,:] = cut_window(padded_cube, all_pts, k, patch)
    print("train windows {} {}".format(xtr.shape,xtr.dtype))
    print("test windows {} {}".format(xte.shape,xte.dtype))
    print("all windows {} {}".format(xall.shape,xte.dtype))
    print("--------------------------------------------------")
    
    banded = stack_band_neighbours(xtr, band, nb, patch)
    banded_te = stack_band_neighbours(xte, band, nb, patch)
    banded_all = stack_band_neighbours(xall, band, nb, patch)
    print("train banded {} {}".format(banded.shape,banded.dtype))
    print("test banded {} {}".format(banded_te.shape,banded_te.dtype))
    print("all banded {} {}".format(banded_all.shape,banded_all.dtype))
    print("--------------------------------------------------")
    return banded, banded_te, banded_all
#===============================================================================
# label vectors
def gather_labels(n_tr, n_te, n_all, n_cls):
    ytr = []
    yte = []
    yall = []
    for i in range(n_cls):
        for j in range(n_tr[i]):
            ytr.append(i)
        for k in range(n_te[i]):
            yte.append(i)
    for i in range(n_cls+1):
        for j in range(n_all[i]):
            yall.append(i)
    ytr = np.array(ytr)
    yte = np.array(yte)
    yall = np.array(yall)
    print("train labels {} {}".format(ytr.shape,ytr.dtype))
    print("test labels {} {}".format(yte.shape,yte.dtype))
    print("all labels {} {}".format(yall.shape,yall.dtype))
    print("--------------------------------------------------")
    return ytr, yte, yall
#===============================================================================
class RunningMean(object):

  def __init__(self):
    self.reset()

  def reset(self):
    self.avg = 0
    self.sum = 0
    self.cnt = 0

  def update(self, val, n=1):
    self.sum += val * n
    self.cnt += n
    self.avg = self.sum / self.cnt
#===============================================================================
def accuracy(output, target, topk=(1,)):
  kmax = max(topk)
  batch_size = target.size(0)

  _, pred = output.topk(kmax, 1, True, True)
  pred = pred.t()
  hits = pred.eq(target.view(1, -1).expand_as(pred))

  out_list = []
  for k in topk:
    hits_k = hits[:k].view(-1).float().sum(0)
    out_list.append(hits_k.mul_(100.0/batch_size))
  return out_list, target, pred.squeeze()
#===============================================================================
# one training epoch
def run_train_epoch(net, train_loader, crit, adam):
    loss_meter = RunningMean()
    acc_meter = RunningMean()
    targets_np = np.array([])
    preds_np = np.array([])
    for step, (xb, yb) in enumerate(train_loader):
        xb = xb.cuda()
        yb = yb.cuda()   

        adam.zero_grad()
        logits = net(xb)
        loss = crit(logits, yb)
        loss.backward()
        adam.step()       

        acc1, t, p = accuracy(logits, yb, topk=(1,))
        n = xb.shape[0]
        loss_meter.update(loss.data, n)
        acc_meter.update(acc1[0].data, n)
        targets_np = np.append(targets_np, t.data.cpu().numpy())
        preds_np = np.append(preds_np, p.data.cpu().numpy())
    return acc_meter.avg, loss_meter.avg, targets_np, preds_np
#===============================================================================
# one evaluation pass
def run_valid_epoch(net, valid_loader, crit, adam):
    loss_meter = RunningMean()
    acc_meter = RunningMean()
    targets_np = np.array([])
    preds_np = np.array([])
    for step, (xb, yb) in enumerate(valid_loader):
        xb = xb.cuda()
        yb = yb.cuda()   

        logits = net(xb)
        
        loss = crit(logits, yb)

        acc1, t, p = accuracy(logits, yb, topk=(1,))
        n = xb.shape[0]
        loss_meter.update(loss.data, n)
        acc_meter.update(acc1[0].data, n)
        targets_np = np.append(targets_np, t.data.cpu().numpy())
        preds_np = np.append(preds_np, p.data.cpu().numpy())
        
    return targets_np, preds_np

def run_map_epoch(net, test_loader, crit, adam):
    loss_meter = RunningMean()
    acc_meter = RunningMean()
    targets_np = np.array([])
    preds_np = np.array([])
    for step, (xb, yb) in enumerate(test_loader):
        xb = xb.cuda()
        yb = yb.cuda()   

        logits = net(xb)

        _, pred = logits.topk(1, 1, True, True)
        half_area = pred.squeeze()
        preds_np = np.append(preds_np, half_area.data.cpu().numpy())
    return preds_np
#===============================================================================
def scores_from(targets_np, preds_np):
    cm = confusion_matrix(targets_np, preds_np)
    oa, aa, kappa, per_cls = confusion_scores(cm)
    return oa, aa, kappa, per_cls
#===============================================================================
def confusion_scores(cm):
    shape = np.shape(cm)
    diag_sum = 0
    sum = 0
    per_cls = np.zeros([shape[0]], dtype=np.float)
    for i in range(shape[0]):
        diag_sum += cm[i, i]
        per_cls[i] = cm[i, i] / np.sum(cm[i, :])
        sum += np.sum(cm[i, :]) * np.sum(cm[:, i])
    oa = diag_sum / np.sum(cm)
    aa = np.mean(per_cls)
    p_e = sum / (np.sum(cm) ** 2)
    kappa = (oa - p_e) / (1 - p_e)
    return oa, aa, kappa, per_cls
#===============================================================================
# seeds
np.random.seed(cfg.seed)
torch.manual_seed(cfg.seed)
torch.cuda.manual_seed(cfg.seed)
cudnn.deterministic = True
cudnn.benchmark = False
# read the scene
if cfg.dataset == 'Indian':
    data = loadmat('./data/IndianPine.mat')
elif cfg.dataset == 'Pavia':
    data = loadmat('./data/Pavia.mat')
elif cfg.dataset == 'Houston':
    data = loadmat('./data/Houston.mat')
else:
    raise ValueError("no such scene")
cmap_mat = loadmat('./data/AVIRIS_colormap.mat')
tr_gt = data['TR']
te_gt = data['TE']
cube = data['input'] #(145,145,200)
gt_all = tr_gt + te_gt
n_cls = np.max(tr_gt)

cmap_keys = list(cmap_mat)
cmap_rgb = cmap_mat[cmap_keys[3]] #(17,3)
# per-band min-max scaling
cube_n = np.zeros(cube.shape)
for i in range(cube.shape[2]):
    bmax = np.max(cube[:,:,i])
    bmin = np.min(cube[:,:,i])
    cube_n[:,:,i] = (cube[:,:,i]-bmin)/(bmax-bmin)
# cube size
H, W, band = cube.shape
print("rows={0} cols={1} bands={2}".format(H, W, band))
#===============================================================================
# points and windows
tr_points, te_points, all_points, n_tr, n_te, n_all = pick_points(tr_gt, te_gt, gt_all, n_cls)
padded_cube = reflect_pad(H, W, band, cube_n, patch=cfg.patches)
banded, banded_te, banded_all = gather_windows(padded_cube, band, tr_points, te_points, all_points, patch=cfg.patches, nb=cfg.band_patches)
ytr, yte, yall = gather_labels(n_tr, n_te, n_all, n_cls)
#===============================================================================
# tensors and loaders
xtr=torch.from_numpy(banded.transpose(0,2,1)).type(torch.FloatTensor) #[695, 200, 7, 7]
ytr=torch.from_numpy(ytr).type(torch.LongTensor) #[695]
tr_set=Data.TensorDataset(xtr,ytr)
xte=torch.from_numpy(banded_te.transpose(0,2,1)).type(torch.FloatTensor) # [9671, 200, 7, 7]
yte=torch.from_numpy(yte).type(torch.LongTensor) # [9671]
te_set=Data.TensorDataset(xte,yte)
xall=torch.from_numpy(banded_all.transpose(0,2,1)).type(torch.FloatTensor)
yall=torch.from_numpy(yall).type(torch.LongTensor)
all_set=Data.TensorDataset(xall,yall)

tr_loader=Data.DataLoader(tr_set,batch_size=cfg.batch_size,shuffle=True)
te_loader=Data.DataLoader(te_set,batch_size=cfg.batch_size,shuffle=True)
all_loader=Data.DataLoader(all_set,batch_size=100,shuffle=False)

#===============================================================================
# network
net = ViT(
    image_size = cfg.patches,
    near_band = cfg.band_patches,
    num_patches = band,
    n_cls = n_cls,
    dim = 64,
    depth = 5,
    heads = 4,
    mlp_dim = 8,
    dropout = 0.1,
    emb_dropout = 0.1,
    mode = cfg.mode
)
net = net.cuda()
# loss
crit = nn.CrossEntropyLoss().cuda()
# optimiser
adam = torch.optim.Adam(net.parameters(), lr=cfg.learning_rate, weight_decay=cfg.weight_decay)
sched = torch.optim.lr_scheduler.StepLR(adam, step_size=cfg.epoches//10, gamma=cfg.gamma)
#===============================================================================
if cfg.flag_test == 'test':
    if cfg.mode == 'ViT':
        net.load_state_dict(torch.load('./ViT.pt'))      
    elif (cfg.mode == 'CAF') & (cfg.patches == 1):
        net.load_state_dict(torch.load('./SpectralFormer_pixel.pt'))
    elif (cfg.mode == 'CAF') & (cfg.patches == 7):
        net.load_state_dict(torch.load('./SpectralFormer_patch.pt'))
    else:
        raise ValueError("no checkpoint for these options") 
    net.eval()
    tv, pv = run_valid_epoch(net, te_loader, crit, adam)
    oa_v, aa_v, kappa_v, percls_v = scores_from(tv, pv)

    # write the class map
    pu = run_map_epoch(net, all_loader, crit, adam)
    pred_map = np.zeros((H, W), dtype=float)
    for i in range(all_points.shape[0]):
        pred_map[all_points[i,0], all_points[i,1]] = pu[i] + 1
    plt.subplot(1,1,1)
    plt.imshow(pred_map, colors.ListedColormap(cmap_rgb))
    plt.xticks([])
    plt.yticks([])
    plt.show()
    savemat('matrix.mat',{'P':pred_map, 'label':gt_all})
elif cfg.flag_test == 'train':
    print("training")
    t0 = time.time()
    for ep in range(cfg.epoches): 
        sched.step()

        # train
        net.train()
        tr_acc, tr_loss, tt_, pt_ = run_train_epoch(net, tr_loader, crit, adam)
        oa_t, aa_t, kappa_t, percls_t = scores_from(tt_, pt_) 
        print("ep {:03d} loss {:.4f} acc {:.4f}"
                        .format(ep+1, tr_loss, tr_acc))
        

        if (ep % cfg.test_freq == 0) | (ep == cfg.epoches - 1):         
            net.eval()
            tv, pv = run_valid_epoch(net, te_loader, crit, adam)
            oa_v, aa_v, kappa_v, percls_v = scores_from(tv, pv)

    t1 = time.time()
    print("took {:.2f} s".format(t1-t0))
    print("--------------------------------------------------")

print("result:")
print("OA: {:.4f} | AA: {:.4f} | Kappa: {:.4f}".format(oa_v, aa_v, kappa_v))
print(percls_v)
print("--------------------------------------------------")
print("options:")

def dump_opts(cfg):
    for k, v in zip(cfg.keys(), cfg.values()):
        print("{0}: {1}".format(k,v))

dump_opts(vars(cfg))









