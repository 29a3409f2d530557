# imports
import numpy as np
from skimage import io
from glob import glob
from tqdm import tqdm_notebook as tqdm
from sklearn.report_scores import confusion_matrix
import random
import itertools
# plotting
import matplotlib.pyplot as plt
# %matplotlib inline
# torch
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.data as data
import torch.optim as optim
import torch.optim.lr_scheduler
import torch.nn.init
from torch.autograd import Variable
#%%
# settings
PATCH_HW = (256, 256) # training window
TEST_STEP = 32 # step of the test windows
N_BANDS = 3 # bands in
ROOT = "./ISPRS_dataset/" # where the ISPRS data lives
BS = 10 # windows per batch

CLASS_NAMES = ["roads", "buildings", "low veg.", "trees", "cars", "clutter"] # class names
N_CLS = len(CLASS_NAMES) # class count
CLS_WEIGHTS = torch.ones(N_CLS) # per-class loss weights
KEEP_IN_RAM = True # keep decoded tiles in RAM

SCENE = 'Vaihingen'

if SCENE == 'Potsdam':
    SCENE_DIR = ROOT + 'Potsdam/'
    # IRRG variant:
    # IMG_PATTERN = SCENE_DIR + '3_Ortho_IRRG/top_potsdam_{}_IRRG.tif'
    # RGB variant
    IMG_PATTERN = SCENE_DIR + '2_Ortho_RGB/top_potsdam_{}_RGB.tif'
    GT_PATTERN = SCENE_DIR + '5_Labels_for_participants/top_potsdam_{}_label.tif'
    GT_ERODED_PATTERN = SCENE_DIR + '5_Labels_for_participants_no_Boundary/top_potsdam_{}_label_noBoundary.tif'    
elif SCENE == 'Vaihingen':
    SCENE_DIR = ROOT + 'Vaihingen/'
    IMG_PATTERN = SCENE_DIR + 'top/top_mosaic_09cm_area{}.tif'
    GT_PATTERN = SCENE_DIR + 'gts_for_participants/top_mosaic_09cm_area{}.tif'
    GT_ERODED_PATTERN = SCENE_DIR + 'gts_eroded_for_participants/top_mosaic_09cm_area{}_noBoundary.tif'
#%%
# colours of the classes
# the usual ISPRS class colours
colours = {0 : (255, 255, 255), # roads, white
           1 : (0, 0, 255),     # buildings, blue
           2 : (0, 255, 255),   # low vegetation, cyan
           3 : (0, 255, 0),     # trees, green
           4 : (255, 255, 0),   # cars, yellow
           5 : (255, 0, 0),     # clutter, red
           6 : (0, 0, 0)}       # undefined, black

colour_to_id = {v: k for k, v in colours.items()}

def ids_to_rgb(ids, colours=colours):
    """ Numeric labels to RGB-color encoding """
    rgb_arr = np.zeros((ids.shape[0], ids.shape[1], 3), dtype=np.uint8)

    for c, i in colours.items():
        m = ids == c
        rgb_arr[m] = i

    return rgb_arr

def rgb_to_ids(rgb_arr, colours=colour_to_id):
    """ RGB-color encoding to grayscale labels """
    ids = np.zeros((rgb_arr.shape[0], rgb_arr.shape[1]), dtype=np.uint8)

    for c, i in colours.items():
        m = np.all(rgb_arr == np.arr(c).reshape(1, 1, 3), axis=2)
        ids[m] = i

    return ids

# show one tile
tile = io.imread('./ISPRS_dataset/Vaihingen/top/top_mosaic_09cm_area11.tif')
fig = plt.figure()
fig.add_subplot(121)
plt.imshow(tile)

# and its labels
truth = io.imread('./ISPRS_dataset/Vaihingen/gts_for_participants/top_mosaic_09cm_area11.tif')
fig.add_subplot(122)
plt.imshow(truth)
plt.show()

# colour map to class ids
truth_ids = rgb_to_ids(truth)
print("Ground truth in numerical format has shape ({},{}) : \n".format(*truth_ids.shape[:2]), truth_ids)
#%%
# helpers

def random_window(tile, win_shape):
    """ Extract of 2D random patch of shape window_shape in the image """
    w, h = win_shape
    W, H = tile.shape[-2:]
    x1 = random.randint(0, W - w - 1)
    x2 = x1 + w
    y1 = random.randint(0, H - h - 1)
    y2 = y1 + h
    return x1, x2, y1, y2

def pixel_ce(x_in, tgt, weight=None, size_average=True):
    """ 2D version of the cross entropy loss """
    dim = x_in.dim()
    if dim == 2:
        return F.cross_entropy(x_in, tgt, weight, size_average)
    elif dim == 4:
        logits = x_in.view(x_in.size(0),x_in.size(1), -1)
        logits = torch.transpose(logits,1,2).contiguous()
        logits = logits.view(-1,logits.size(2))
        tgt = tgt.view(-1)
        return F.cross_entropy(logits, tgt,weight, size_average)
    else:
        raise ValueError('need a 2-D or 4-D input, got {}'.format(dim))

def acc_pct(x_in, tgt):
    return 100 * float(np.count_nonzero(x_in == tgt)) / tgt.size

def slide(im, step=10, win_hw=(20,20)):
    """ Slide a window_shape window across the image with a stride of step """
    for x in range(0, im.shape[0], step):
        if x + win_hw[0] > im.shape[0]:
            x = im.shape[0] - win_hw[0]
        for y in range(0, im.shape[1], step):
            if y + win_hw[1] > im.shape[1]:
                y = im.shape[1] - win_hw[1]
            yield x, y, win_hw[0], win_hw[1]
            
def count_windows(im, step=10, win_hw=(20,20)):
    """ Count the number of windows in an image """
    c = 0
    for x in range(0, im.shape[0], step):
        if x + win_hw[0] > im.shape[0]:
            x = im.shape[0] - win_hw[0]
        for y in range(0, im.shape[1], step):
            if y + win_hw[1] > im.shape[1]:
                y = im.shape[1] - win_hw[1]
            c += 1
    return c

def chunks(n, iterable):
    """ Browse an iterator by chunk of n elements """
    it = iter(iterable)
    while True:
        chunk = tuple(itertools.islice(it, n))
        if not chunk:
            return
        yield chunk

def report_scores(preds, truths, names_=CLASS_NAMES):
    conf = confusion_matrix(
            truths,
            preds,
            range(len(names_)))
    
    print("confusion:")
    print(conf)
    
    print("---")
    
    # overall accuracy
    n_total = sum(sum(conf))
    acc_pct = sum([conf[x][x] for x in range(len(conf))])
    acc_pct *= 100 / float(n_total)
    print("{} pixels".format(n_total))
    print("overall accuracy {}%".format(acc_pct))
    
    print("---")
    
    # F1 per class
    f1 = np.zeros(len(names_))
    for i in range(len(names_)):
        try:
            f1[i] = 2. * conf[i,i] / (np.sum(conf[i,:]) + np.sum(conf[:,i]))
        except:
            # class absent from the test tiles
            pass
    print("per-class F1:")
    for ci, score in enumerate(f1):
        print("{}: {}".format(names_[ci], score))

    print("---")
        
    # Cohen kappa
    n_total = np.sum(conf)
    p_o = np.trace(conf) / float(n_total)
    p_e = np.sum(np.sum(conf, axis=0) * np.sum(conf, axis=1)) / float(n_total*n_total)
    kap = (p_o - p_e) / (1 - p_e);
    print("kappa " + str(kap))
    return acc_pct
#%%
# random-window dataset

class TileDataset(torch.utils.data.Dataset):
    def __init__(self, ids, img_paths=IMG_PATTERN, gt_paths=GT_PATTERN,
                            cache=False, augmentation=True):
        super(TileDataset, self).__init__()
        
        self.augmentation = augmentation
        self.cache = cache
        
        # file paths
        self.img_paths = [IMG_PATTERN.format(id) for id in ids]
        self.gt_paths = [GT_PATTERN.format(id) for id in ids]

        # fail early on missing files
        for f in self.img_paths + self.gt_paths:
            if not os.path.isfile(f):
                raise KeyError('missing file {}'.format(f))
        
        # decoded tiles kept here
        self.img_store = {}
        self.gt_store = {}
            
    
    def __len__(self):
        # an epoch is 10,000 random windows
        return 10000
    
    @classmethod
    def flip_mirror(cls, *arrs, flip=True, mirror=True):
        do_flip, do_mirror = False, False
        if flip and random.random() < 0.5:
            do_flip = True
        if mirror and random.random() < 0.5:
            do_mirror = True
        
        outs_ = []
        for arr in arrs:
            if do_flip:
                if len(arr.shape) == 2:
                    arr = arr[::-1, :]
                else:
                    arr = arr[:, ::-1, :]
            if do_mirror:
                if len(arr.shape) == 2:
                    arr = arr[:, ::-1]
                else:
                    arr = arr[:, :, ::-1]
            outs_.append(np.copy(arr))
            
        return tuple(outs_)
    
    def __getitem__(self, i):
        # random tile
        k_tile = random.randint(0, len(self.img_paths) - 1)
        
        # decode once, then keep
        if k_tile in self.img_store.keys():
            data = self.img_store[k_tile]
        else:
            # scaled to [0, 1]
            data = 1/255 * np.asarray(io.imread(self.img_paths[k_tile]).transpose((2,0,1)), dtype='float32')
            if self.cache:
                self.img_store[k_tile] = data
            
        if k_tile in self.gt_store.keys():
            y_full = self.gt_store[k_tile]
        else: 
            # colours to class ids
            y_full = np.asarray(rgb_to_ids(io.imread(self.gt_paths[k_tile])), dtype='int64')
            if self.cache:
                self.gt_store[k_tile] = y_full

        # random window
        x1, x2, y1, y2 = random_window(data, PATCH_HW)
        x_patch = data[:, x1:x2,y1:y2]
        y_patch = y_full[x1:x2,y1:y2]
        
        # random flips
        x_patch, y_patch = self.flip_mirror(x_patch, y_patch)

        # as tensors
        return (torch.from_numpy(x_patch),
                torch.from_numpy(y_patch))
#%%
class SegNetVGG(nn.Module):
    # SegNet with VGG-16 encoder
    @staticmethod
    def weight_init(m):
        if isinstance(m, nn.Linear):
            torch.nn.init.kaiming_normal(m.weight.data)
    
    def __init__(self, in_channels=N_BANDS, out_channels=N_CLS):
        super(SegNetVGG, self).__init__()
        self.pool = nn.MaxPool2d(2, return_indices=True)
        self.unpool = nn.MaxUnpool2d(2)
        
        self.conv1_1 = nn.Conv2d(in_channels, 64, 3, padding=1)
        self.conv1_1_bn = nn.BatchNorm2d(64)
        self.conv1_2 = nn.Conv2d(64, 64, 3, padding=1)
        self.conv1_2_bn = nn.BatchNorm2d(64)
        
        self.conv2_1 = nn.Conv2d(64, 128, 3, padding=1)
        self.conv2_1_bn = nn.BatchNorm2d(128)
        self.conv2_2 = nn.Conv2d(128, 128, 3, padding=1)
        self.conv2_2_bn = nn.BatchNorm2d(128)
        
        self.conv3_1 = nn.Conv2d(128, 256, 3, padding=1)
        self.conv3_1_bn = nn.BatchNorm2d(256)
        self.conv3_2 = nn.Conv2d(256, 256, 3, padding=1)
        self.conv3_2_bn = nn.BatchNorm2d(256)
        self.conv3_3 = nn.Conv2d(256, 256, 3, padding=1)
        self.conv3_3_bn = nn.BatchNorm2d(256)
        
        self.conv4_1 = nn.Conv2d(256, 512, 3, padding=1)
        self.conv4_1_bn = nn.BatchNorm2d(512)
        self.conv4_2 = nn.Conv2d(512, 512, 3, padding=1)
        self.conv4_2_bn = nn.BatchNorm2d(512)
        self.conv4_3 = nn.Conv2d(512, 512, 3, padding=1)
        self.conv4_3_bn = nn.BatchNorm2d(512)
        
        self.conv5_1 = nn.Conv2d(512, 512, 3, padding=1)
        self.conv5_1_bn = nn.BatchNorm2d(512)
        self.conv5_2 = nn.Conv2d(512, 512, 3, padding=1)
        self.conv5_2_bn = nn.BatchNorm2d(512)
        self.conv5_3 = nn.Conv2d(512, 512, 3, padding=1)
        self.conv5_3_bn = nn.BatchNorm2d(512)
        
        self.conv5_3_D = nn.Conv2d(512, 512, 3, padding=1)
        self.conv5_3_D_bn = nn.BatchNorm2d(512)
        self.conv5_2_D = nn.Conv2d(512, 512, 3, padding=1)
        self.conv5_2_D_bn = nn.BatchNorm2d(512)
        self.conv5_1_D = nn.Conv2d(512, 512, 3, padding=1)
        self.conv5_1_D_bn = nn.BatchNorm2d(512)
        
        self.conv4_3_D = nn.Conv2d(512, 512, 3, padding=1)
        self.conv4_3_D_bn = nn.BatchNorm2d(512)
        self.conv4_2_D = nn.Conv2d(512, 512, 3, padding=1)
        self.conv4_2_D_bn = nn.BatchNorm2d(512)
        self.conv4_1_D = nn.Conv2d(512, 256, 3, padding=1)
        self.conv4_1_D_bn = nn.BatchNorm2d(256)
        
        self.conv3_3_D = nn.Conv2d(256, 256, 3, padding=1)
        self.conv3_3_D_bn = nn.BatchNorm2d(256)
        self.conv3_2_D = nn.Conv2d(256, 256, 3, padding=1)
        self.conv3_2_D_bn = nn.BatchNorm2d(256)
        self.conv3_1_D = nn.Conv2d(256, 128, 3, padding=1)
        self.conv3_1_D_bn = nn.BatchNorm2d(128)
        
        self.conv2_2_D = nn.Conv2d(128, 128, 3, padding=1)
        self.conv2_2_D_bn = nn.BatchNorm2d(128)
        self.conv2_1_D = nn.Conv2d(128, 64, 3, padding=1)
        self.conv2_1_D_bn = nn.BatchNorm2d(64)
        
        self.conv1_2_D = nn.Conv2d(64, 64, 3, padding=1)
        self.conv1_2_D_bn = nn.BatchNorm2d(64)
        self.conv1_1_D = nn.Conv2d(64, out_channels, 3, padding=1)
        
        self.apply(self.weight_init)
        
    def forward(self, x):
        # enc 1
        x = self.conv1_1_bn(F.relu(self.conv1_1(x)))
        x = self.conv1_2_bn(F.relu(self.conv1_2(x)))
        x, mask1 = self.pool(x)
        
        # enc 2
        x = self.conv2_1_bn(F.relu(self.conv2_1(x)))
        x = self.conv2_2_bn(F.relu(self.conv2_2(x)))
        x, mask2 = self.pool(x)
        
        # enc 3
        x = self.conv3_1_bn(F.relu(self.conv3_1(x)))
        x = self.conv3_2_bn(F.relu(self.conv3_2(x)))
        x = self.conv3_3_bn(F.relu(self.conv3_3(x)))
        x, mask3 = self.pool(x)
        
        # enc 4
        x = self.conv4_1_bn(F.relu(self.conv4_1(x)))
        x = self.conv4_2_bn(F.relu(self.conv4_2(x)))
        x = self.conv4_3_bn(F.relu(self.conv4_3(x)))
        x, mask4 = self.pool(x)
        
        # enc 5
        x = self.conv5_1_bn(F.relu(self.conv5_1(x)))
        x = self.conv5_2_bn(F.relu(self.conv5_2(x)))
        x = self.conv5_3_bn(F.relu(self.conv5_3(x)))
        x, mask5 = self.pool(x)
        
        # dec 5
        x = self.unpool(x, mask5)
        x = self.conv5_3_D_bn(F.relu(self.conv5_3_D(x)))
        x = self.conv5_2_D_bn(F.relu(self.conv5_2_D(x)))
        x = self.conv5_1_D_bn(F.relu(self.conv5_1_D(x)))
        
        # dec 4
        x = self.unpool(x, mask4)
        x = self.conv4_3_D_bn(F.relu(self.conv4_3_D(x)))
        x = self.conv4_2_D_bn(F.relu(self.conv4_2_D(x)))
        x = self.conv4_1_D_bn(F.relu(self.conv4_1_D(x)))
        
        # dec 3
        x = self.unpool(x, mask3)
        x = self.conv3_3_D_bn(F.relu(self.conv3_3_D(x)))
        x = self.conv3_2_D_bn(F.relu(self.conv3_2_D(x)))
        x = self.conv3_1_D_bn(F.relu(self.conv3_1_D(x)))
        
        # dec 2
        x = self.unpool(x, mask2)
        x = self.conv2_2_D_bn(F.relu(self.conv2_2_D(x)))
        x = self.conv2_1_D_bn(F.relu(self.conv2_1_D(x)))
        
        # dec 1
        x = self.unpool(x, mask1)
        x = self.conv1_2_D_bn(F.relu(self.conv1_2_D(x)))
        x = F.log_softmax(self.conv1_1_D(x))
        return x
#%%
# build it
net = SegNetVGG()
#%%
import os
try:
    from urllib.request import URLopener
except ImportError:
    from urllib import URLopener

# fetch the VGG-16 weights
VGG_URL = 'https://download.pytorch.org/models/vgg16_bn-6c64b313.pth'
if not os.path.isfile('./vgg16_bn-6c64b313.pth'):
    cls_w = URLopener().retrieve(VGG_URL, './vgg16_bn-6c64b313.pth')

vgg_w = torch.load('./vgg16_bn-6c64b313.pth')
renamed_w = {}
for kv, ks in zip(vgg_w.keys(), net.state_dict().keys()):
    if "features" in kv:
        renamed_w[ks] = vgg_w[kv]
        print("{} -> {}".format(kv, ks))
        
try:
    net.load_state_dict(renamed_w)
    print("VGG-16 encoder weights loaded")
except:
    # keys that do not match are skipped
    pass
#%%
net.cuda()
#%%
# tiles and split
if SCENE == 'Potsdam':
    gt_files = sorted(glob(GT_PATTERN.replace('{}', '*')))
    tile_ids = ["".join(f.split('')[5:7]) for f in gt_files]
elif SCENE == 'Vaihingen':
    #tile_ids = 
    gt_files = sorted(glob(GT_PATTERN.replace('{}', '*')))
    tile_ids = [f.split('area')[-1].split('.')[0] for f in gt_files]
# random split of tiles
tr_ids = random.sample(tile_ids, 2 * len(tile_ids) // 3 + 1)
te_ids = list(set(tile_ids) - set(tr_ids))

# the usual Vaihingen split:
tr_ids = ['1', '3', '23', '26', '7', '11', '13', '28', '17', '32', '34', '37']
te_ids = ['5', '21', '15', '30'] 

print("train tiles:", tr_ids)
print("test tiles:", te_ids)

tr_set = TileDataset(tr_ids, cache=KEEP_IN_RAM)
tr_loader = torch.utils.data.DataLoader(tr_set,batch_size=BS)
#%%
lr0 = 0.01
named = dict(net.named_parameters())
groups = []
for key, value in named.items():
    if '_D' in key:
        # decoder at the full rate
        groups += [{'params':[value],'lr': lr0}]
    else:
        # pretrained encoder at half the rate
        groups += [{'params':[value],'lr': lr0 / 2}]

sgd = optim.SGD(net.parameters(), lr=lr0, momentum=0.9, weight_decay=0.0005)
# step schedule
sched = optim.lr_scheduler.MultiStepLR(sgd, [25, 35, 45], gamma=0.1)
#%%
def test(net, te_ids, all=False, step_=PATCH_HW[0], batch_size=BS, win_hw=PATCH_HW):
    # sliding-window inference over the test tiles
    te_imgs = (1 / 255 * np.asarray(io.imread(IMG_PATTERN.format(id)), dtype='float32') for id in te_ids)
    te_gts = (np.asarray(io.imread(GT_PATTERN.format(id)), dtype='uint8') for id in te_ids)
    te_gts_eroded = (rgb_to_ids(io.imread(GT_ERODED_PATTERN.format(id))) for id in te_ids)
    pred_maps = []
    truth_maps = []
    
    # eval mode
    net.eval()

    for tile, truth, truth_e in tqdm(zip(te_imgs, te_gts, te_gts_eroded), n_total=len(te_ids), leave=False):
        pred_acc = np.zeros(tile.shape[:2] + (N_CLS,))

        n_total = count_windows(tile, step=step_, win_hw=win_hw) // batch_size
        for i, boxes in enumerate(tqdm(chunks(batch_size, slide(tile, step=step_, win_hw=win_hw)), n_total=n_total, leave=False)):
            # show progress now and then
            if i > 0 and n_total > 10 and i % int(10 * n_total / 100) == 0:
                    pred_now = np.argmax(pred_acc, axis=-1)
                    fig = plt.figure()
                    fig.add_subplot(1,3,1)
                    plt.imshow(np.asarray(255 * tile, dtype='uint8'))
                    fig.add_subplot(1,3,2)
                    plt.imshow(ids_to_rgb(pred_now))
                    fig.add_subplot(1,3,3)
                    plt.imshow(truth)
                    clear_output()
                    plt.show()
                    
            # stack the windows
            batch_x = [np.copy(tile[x:x+w, y:y+h]).transpose((2,0,1)) for x,y,w,h in boxes]
            batch_x = np.asarray(batch_x)
            batch_x = Variable(torch.from_numpy(batch_x).cuda(), volatile=True)
            
            # forward
            scores = net(batch_x)
            scores = scores.data.cpu().numpy()
            
            # accumulate scores
            for score, (x, y, w, h) in zip(scores, boxes):
                score = score.transpose((1,2,0))
                pred_acc[x:x+w, y:y+h] += score
            del(scores)

        pred_acc = np.argmax(pred_acc, axis=-1)

        # show it
        clear_output()
        fig = plt.figure()
        fig.add_subplot(1,3,1)
        plt.imshow(np.asarray(255 * tile, dtype='uint8'))
        fig.add_subplot(1,3,2)
        plt.imshow(ids_to_rgb(pred_acc))
        fig.add_subplot(1,3,3)
        plt.imshow(truth)
        plt.show()

        pred_maps.append(pred_acc)
        truth_maps.append(truth_e)

        clear_output()
        # scores so far
        report_scores(pred_acc.ravel(), truth_e.ravel())
        acc_pct = report_scores(np.concatenate([p.ravel() for p in pred_maps]), np.concatenate([p.ravel() for p in truth_maps]).ravel())
    if all:
        return acc_pct, pred_maps, truth_maps
    else:
        return acc_pct
#%%
from IPython.display import clear_output

def train(net, sgd, n_epochs, sched=None, cls_w=CLS_WEIGHTS, ckpt_every = 5):
    loss_hist = np.zeros(1000000)
    loss_smooth = np.zeros(100000000)
    cls_w = cls_w.cuda()

    crit = nn.NLLLoss2d(weight=cls_w)
    it = 0
    
    for e in range(1, n_epochs + 1):
        if sched is not None:
            sched.step()
        net.train()
        for b, (data, tgt) in enumerate(tr_loader):
            data, tgt = Variable(data.cuda()), Variable(tgt.cuda())
            sgd.zero_grad()
            logits = net(data)
            loss = pixel_ce(logits, tgt, weight=cls_w)
            loss.backward()
            sgd.step()
            
            loss_hist[it] = loss.data[0]
            loss_smooth[it] = np.mean(loss_hist[max(0,it-100):it])
            
            if it % 100 == 0:
                clear_output()
                rgb_img = np.asarray(255 * np.transpose(data.data.cpu().numpy()[0],(1,2,0)), dtype='uint8')
                pred_acc = np.argmax(logits.data.cpu().numpy()[0], axis=0)
                truth = tgt.data.cpu().numpy()[0]
                print('ep {}/{} [{}/{} ({:.0f}%)] loss {:.6f} acc {}'.format(
                    e, n_epochs, b, len(tr_loader),
                    100. * b / len(tr_loader), loss.data[0], acc_pct(pred_acc, truth)))
                plt.plot(loss_smooth[:it]) and plt.show()
                fig = plt.figure()
                fig.add_subplot(131)
                plt.imshow(rgb_img)
                plt.title('RGB')
                fig.add_subplot(132)
                plt.imshow(ids_to_rgb(truth))
                plt.title('truth')
                fig.add_subplot(133)
                plt.title('predicted')
                plt.imshow(ids_to_rgb(pred_acc))
                plt.show()
            it += 1
            
            del(data, tgt, loss)
            
        if e % ckpt_every == 0:
            # quick validation with a wide step
            val_acc = test(net, te_ids, all=False, step_=min(PATCH_HW))
            torch.save(net.state_dict(), './segnet_ep{}_{}'.format(e, val_acc))
    torch.save(net.state_dict(), './segnet_final')
#%%
train(net, sgd, 50, sched)
#%%
net.load_state_dict(torch.load('./segnet_final'))
#%%
_, pred_maps, truth_maps = test(net, te_ids, all=True, step_=32)
#%%
for p, tid in zip(pred_maps, te_ids):
    tile = ids_to_rgb(p)
    plt.imshow(tile) and plt.show()
    io.imsave('./pred_tile_{}.png'.format(tid), tile)
#%%
