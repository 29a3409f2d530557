# libraries
import torch as tc
import torch.nn as nn
import numpy as np
from tqdm import tqdm
import os, sys, cv2
from torch.cuda.amp import autocast
import matplotlib.pyplot as plt
import albumentations as A
import segmentation_models_pytorch as smp

# albumentations tensor conversion
from albumentations.pytorch import ToTensorV2

# data set and loader classes
from torch.utils.data import Dataset, DataLoader

# multi-GPU wrapper
from torch.nn.parallel import DataParallel  # data parallel over local GPUs

# file globbing
from glob import glob

import torch.nn.functional as F

# ######################################################################################
# GPU memory depends on encoder size, crop size and batch size
# ideal crop would be 1024 or 1500 square

# first 20 epochs at 512 crops
# then 20 more at 1024

class Settings:
    # ---- output ----
    n_targets = 1

    # ---- network ----
    arch_name = 'Unet'
    encoder_arch = 'se_resnext50_32x4d'

    n_slices_in = 5  # five neighbouring slices stacked as channels

    # ---- fitting ----
    crop_size = 1024  # 512 or 1024
    aug_crop_size = 1024  # 512 or 1024

    train_batch = 16
    val_batch = train_batch * 2

    n_epochs = 40  # 20 or 40
    
    learn_rate = 6e-5
    clip_percentile = 1e-3  # share of extreme intensities clipped
    # ---- fold ----
    val_fold = 1

    # ---- augmentation ----
    train_aug_steps = [
        A.Rotate(limit=45, p=0.5),
        A.RandomScale(scale_limit=(0.8, 1.25), interpolation=cv2.INTER_CUBIC, p=0.5),
        A.RandomCrop(aug_crop_size, aug_crop_size, p=1),
        A.RandomGamma(p=0.75),
        A.RandomBrightnessContrast(p=0.5, ),
        A.GaussianBlur(p=0.5),
        A.MotionBlur(p=0.5),
        A.GridDistortion(num_steps=5, distort_limit=0.3, p=0.5),
        ToTensorV2(transpose_mask=True),
    ]
    train_augment = A.Compose(train_aug_steps)
    val_aug_steps = [
        ToTensorV2(transpose_mask=True),
    ]
    val_augment = A.Compose(val_aug_steps)

# ######################################################################################
class VesselSegModel(nn.Module):
    def __init__(self, Settings, enc_weights=None):
        super().__init__()
        
        # segmentation_models_pytorch U-Net
        self.unet = smp.Unet(
            encoder_name=Settings.encoder_arch, 
            encoder_weights=enc_weights,
            in_channels=Settings.n_slices_in,
            classes=Settings.n_targets,
            activation=None,
        )

    def forward(self, slice_stack):
        # run the U-Net
        logits = self.unet(slice_stack)
        # optional extra post-processing
        # (disabled) squeeze the last axis
        return logits[:, 0]  # keep channel 0 only

# the encoder weights file can be copied into the torch hub cache beforehand
def make_model(enc_weights="imagenet"):
    # (disabled) read a .env file
    # (disabled) call to load it

    # (disabled) path of a local encoder weights file
    
    # report what is built
    print('architecture', Settings.arch_name)
    print('encoder', Settings.encoder_arch)

    # build and move to the GPU
    model = VesselSegModel(Settings, enc_weights)
    # (disabled) variant without pretrained weights
    
    # (disabled) loading the encoder weights by hand
    # (disabled) from the local file

    return model.cuda()


# ######################################################################################

def scale_min_max(x: tc.Tensor) -> tc.Tensor:
    """Rescale each row of x to [0, 1].

    Args:
    x: tensor of shape (batch, ...)

    Returns:
    tensor of the same shape, scaled per row
    """
    # remember the original shape
    orig_shape = x.shape

    # flatten everything after the first axis
    if x.ndim > 2:
        x = x.reshape(x.shape[0], -1)

    # per-row extremes
    lo = x.min(dim=-1, keepdim=True)[0]
    hi = x.max(dim=-1, keepdim=True)[0]

    # already in [0, 1]: nothing to do
    if lo.mean() == 0 and hi.mean() == 1:
        return x.reshape(orig_shape)

    # rescale to [0, 1]
    x = (x - lo) / (hi - lo + 1e-9)
    return x.reshape(orig_shape)

def standardize_and_squash(x: tc.Tensor, eps_smooth=1e-5):
    """Standardise each sample and squash outliers.

    Args:
    x: input tensor
    smooth: small constant that keeps the division finite

    Returns:
    the standardised tensor
    """
    # all axes except the batch axis
    dim = list(range(1, x.ndim))
    
    # statistics per sample
    mu = x.mean(dim=dim, keepdim=True)
    sd = x.std(dim=dim, keepdim=True)

    # standardise
    x = (x - mu) / (sd + eps_smooth)

    # squash values above 5 and below -3
    x[x > 5] = (x[x > 5] - 5) * 1e-3 + 5
    x[x < -3] = (x[x < -3] + 3) * 1e-3 - 3

    return x

def mix_in_noise(x: tc.Tensor, max_noise_rate=0.1, noise_rate=None, already_standardized=False):
    """
    Adds scaled Gaussian noise to x.

    Args:
        - x: tensor of shape (batch, ...)
        - max_noise_rate: upper bound of the random noise share
        - noise_rate: fixed noise share; drawn at random when None
        - already_standardized: whether x is already zero-mean, unit-variance

    Returns:
        the noisy tensor with its variance rescaled

    Notes:
        - for standardised input the per-sample sd is one and the mean zero
        - otherwise both are measured per sample

    See also:
        - a blog post on noise augmentation
    """
    extra_dims = x.ndim - 1

    if already_standardized:
        sample_sd = tc.ones([x.shape[0]] + [1] * extra_dims, device=x.device, dtype=x.dtype)
        sample_mu = tc.zeros([x.shape[0]] + [1] * extra_dims, device=x.device, dtype=x.dtype)
    else:
        dim = list(range(1, x.ndim))
        sample_sd = x.std(dim=dim, keepdim=True)
        sample_mu = x.mean(dim=dim, keepdim=True)

    if noise_rate is None:
        noise_rate = max_noise_rate * np.random.rand() * tc.rand(sample_mu.shape, device=x.device, dtype=x.dtype)

    # scale that keeps the variance at one
    rescale = (sample_sd ** 2 + (sample_sd * noise_rate) ** 2) ** 0.5 + 1e-7

    # noisy, rescaled result
    return (x - sample_mu + tc.randn(size=x.shape, device=x.device, dtype=x.dtype) * noise_rate * sample_sd) / rescale

class SliceFileDataset(Dataset):
    def __init__(self, slice_paths, is_label):
        # keep the slice file list and whether these are masks
        self.slice_paths = slice_paths
        self.slice_paths.sort()
        self.is_label = is_label
    
    def __len__(self):
        # number of slices
        return len(self.slice_paths)
    
    def __getitem__(self, idx):
        # read one slice
        img = cv2.imread(self.slice_paths[idx], cv2.IMREAD_GRAYSCALE)
        img = tc.from_numpy(img)

        if self.is_label:
            # masks become 0/255
            img = (img != 0).to(tc.uint8) * 255
        else:
            # images stay uint8
            img = img.to(tc.uint8)

        return img

def read_volume_data(slice_paths, is_label=False):
    # data set over the slice files
    slice_loader = SliceFileDataset(slice_paths, is_label)
    # 16 slices per batch, 2 worker processes
    slice_loader = DataLoader(slice_loader, batch_size=16, num_workers=2)
    # batches read so far
    loaded = []
    # collect every batch
    # (disabled) same loop with a progress bar
    # (disabled) appending each batch
    for x in slice_loader:
        loaded.append(x)
    
    # join the batches into one volume tensor
    x = tc.cat(loaded, dim=0)
    # drop the list of batches
    del loaded
    
    # images only (not masks)
    if not is_label:
        # clip the brightest and darkest intensities
        # ######################################################################
        # flat view of the volume
        cut_value = x.reshape(-1).numpy()
        # position of the upper cut
        idx = -int(len(cut_value) * Settings.clip_percentile)
        # value at that position
        cut_value: int = np.partition(cut_value, idx)[idx]
        # clip from above
        x[x > cut_value] = int(cut_value)
        # ######################################################################
        # flat view again
        cut_value = x.reshape(-1).numpy()
        # position of the lower cut
        idx = -int(len(cut_value) * Settings.clip_percentile)
        # value at that position
        cut_value: int = np.partition(cut_value, -idx)[-idx]
        # clip from below
        x[x < cut_value] = int(cut_value)
        # ######################################################################
        # rescale to 0..255 through float16
        x = (scale_min_max(x.to(tc.float16)[None])[0] * 255).to(tc.uint8)
    
    # the finished volume
    return x

# adapted from a public SenNet baseline notebook on Kaggle
def dice_score(pred_y: tc.Tensor, true_y: tc.Tensor, threshold=0.5, dim=(-1, -2), eps=0.001):
    # probabilities
    pred_y = pred_y.sigmoid()
    
    # float targets
    true_y = true_y.to(tc.float32)
    
    # binarise at the threshold
    pred_y = (pred_y > threshold).to(tc.float32)
    
    # overlap per image
    overlap = (true_y * pred_y).sum(dim=dim)
    
    # sizes of both masks
    denom = true_y.sum(dim=dim) + pred_y.sum(dim=dim)
    
    # smoothed Dice, averaged
    dice_val = ((2 * overlap + eps) / (denom + eps)).mean()
    
    #
    return dice_val

class SoftDiceLoss(nn.Module):
    def __init__(self, enc_weights=None, size_average=True):
        super(SoftDiceLoss, self).__init__()

    def forward(self, probs, targets, eps_smooth=1):
        
        # drop this line if the network already ends in a sigmoid
        probs = probs.sigmoid()   
        
        # flatten prediction and target
        probs = probs.view(-1)
        targets = targets.view(-1)
        
        # overlap
        overlap_sum = (probs * targets).sum()                            
        
        # soft Dice
        dice_val = (2. * overlap_sum + eps_smooth) / (probs.sum() + targets.sum() + eps_smooth)  
        
        # loss is one minus Dice
        return 1 - dice_val

class SliceStackDataset(Dataset):
    def __init__(self, x: list, y: list, augment: bool = False):
        super(Dataset, self).__init__()
        self.vol_x = x  # one (slices, H, W) volume per kidney
        self.vol_y = y  # matching mask volumes
        self.crop_size = Settings.crop_size
        self.n_slices_in = Settings.n_slices_in
        self.augment = augment  # random augmentation on or off
        if augment:
            self.transform = Settings.train_augment
        else:
            self.transform = Settings.val_augment

    def __len__(self) -> int:
        return sum([y.shape[0] - self.n_slices_in for y in self.vol_y])

    def __getitem__(self, idx):

        # walk the index into the right kidney volume
        i = 0
        for x in self.vol_x:
            if idx > x.shape[0] - self.n_slices_in:
                idx -= x.shape[0] - self.n_slices_in
                i += 1
            else:
                break
        x = self.vol_x[i]  # the chosen kidney's whole volume
        y = self.vol_y[i]


        # own addition
        if x.shape[1] < self.crop_size:
            shortfall = self.crop_size - x.shape[1]
            # pad amounts are (left, right, top, bottom)
            pad_spec = (0, 0, 0, shortfall+1)  # pad at the bottom
            x = F.pad(x, pad_spec)
            y = F.pad(y, pad_spec)

        if x.shape[2] < self.crop_size:
            shortfall = self.crop_size - x.shape[2]
            # pad amounts are (left, right, top, bottom)
            pad_spec = (0, shortfall+1, 0, 0)  # pad on the right
            x = F.pad(x, pad_spec)
            y = F.pad(y, pad_spec)
            
        # (disabled) older cropping variant:
        # (disabled) small volumes were sliced without a crop
        # (disabled) ...five input slices
        # (disabled) ...and the middle mask slice
        # (disabled) otherwise
        # (disabled) ...a random row offset
        # (disabled) ...and a random column offset

        # (disabled) ...five cropped input slices
        # (disabled) ...and the cropped middle mask slice


        row0 = np.random.randint(0, x.shape[1] - self.crop_size)
        col0 = np.random.randint(0, x.shape[2] - self.crop_size)

        x = x[idx:idx + self.n_slices_in, row0:row0 + self.crop_size, col0:col0 + self.crop_size]
        y = y[idx + self.n_slices_in // 2, row0:row0 + self.crop_size, col0:col0 + self.crop_size]

        # augment
        augmented = self.transform(image=x.numpy().transpose(1, 2, 0), mask=y.numpy())
        x = augmented['image']
        y = augmented['mask'] >= 127

        if self.augment:
            i = np.random.randint(4)
            x = x.rot90(i, dims=(1, 2))
            y = y.rot90(i, dims=(0, 1))
            for i in range(3):
                if np.random.randint(2):
                    x = x.flip(dims=(i,))
                    if i >= 1:
                        y = y.flip(dims=(i - 1,))
        return x, y  # both uint8

# ######################################################################################

if __name__=='__main__':

    train_volumes_x = []  # one entry per kidney volume and per axis order
    train_volumes_y = []

    # data root
    # (disabled) root on a rented cloud machine
    data_root = "/home/xyli/kaggle/blood-vessel-segmentation/"
    
    # kidney folders used for training
    slice_paths = [
                # (disabled) cloud-machine copies of the same folders:
                # (disabled) kidney_1_voi
                # (disabled) kidney_2
                # (disabled) kidney_3_dense
                # (disabled) kidney_3_sparse

                "/home/xyli/kaggle/blood-vessel-segmentation/train/kidney_1_dense",
                "/home/xyli/kaggle/blood-vessel-segmentation/train/kidney_1_voi",
                "/home/xyli/kaggle/blood-vessel-segmentation/train/kidney_2",
                # (disabled) kidney_3_dense
                "/home/xyli/kaggle/blood-vessel-segmentation/train/kidney_3_sparse"

            ]

    # each kidney folder
    for i, folder in enumerate(slice_paths):
        # skip the dense kidney 3 (used for validation)
        # (disabled) same test for the cloud path
        if folder == "/home/xyli/kaggle/blood-vessel-segmentation/train/kidney_3_dense":    
            continue
        
        # image slices
        x = read_volume_data(glob(f"{folder}/images/*"), is_label=False)
        print("training image volume:", x.shape)
        
        # mask slices
        y = read_volume_data(glob(f"{folder}/labels/*"), is_label=True)
        print("training mask volume:", y.shape)
        
        # keep the volumes
        train_volumes_x.append(x)
        train_volumes_y.append(y)

        # also train along the other two axes
        # (slices, H, W)
        # axis permutations
        train_volumes_x.append(x.permute(1, 2, 0))
        train_volumes_y.append(y.permute(1, 2, 0))
        train_volumes_x.append(x.permute(2, 0, 1))
        train_volumes_y.append(y.permute(2, 0, 1))

    # validation folders
    # (disabled) cloud-machine sparse kidney 3
    # (disabled) cloud-machine dense kidney 3

    sparse_dir = "/home/xyli/kaggle/blood-vessel-segmentation/train/kidney_3_sparse"
    dense_dir = "/home/xyli/kaggle/blood-vessel-segmentation/train/kidney_3_dense"

    # dense kidney 3 masks with the matching sparse images
    label_paths = glob(f"{dense_dir}/labels/*")
    image_paths = [x.replace("labels", "images").replace("dense", "sparse") for x in label_paths]

    # read the validation volumes
    val_volume_x = read_volume_data(image_paths, is_label=False)
    print("validation image volume:", val_volume_x.shape)
    val_volume_y = read_volume_data(label_paths, is_label=True)
    print("validation mask volume:", val_volume_y.shape)	




    # ######################################################################################

    # cuDNN autotuning
    tc.backends.cudnn.enabled = True
    tc.backends.cudnn.benchmark = True
        
    # training slices with augmentation
    train_data = SliceStackDataset(train_volumes_x, train_volumes_y, augment=True)
    # loader over the training slices
    # (disabled) the same loader with two workers
    train_data = DataLoader(train_data, batch_size=Settings.train_batch, num_workers=4, shuffle=True, pin_memory=True)

    # validation slices without augmentation
    val_data = SliceStackDataset([val_volume_x], [val_volume_y])
    # loader over the validation slices
    # (disabled) the same loader with two workers
    val_data = DataLoader(val_data, batch_size=Settings.val_batch, num_workers=4, shuffle=False, pin_memory=True)

    # network
    model = make_model()
    # replicate over the visible GPUs
    model = DataParallel(model)

    # soft Dice loss
    loss_fn = SoftDiceLoss()
    # AdamW
    optimizer = tc.optim.AdamW(model.parameters(), lr=Settings.learn_rate)

    # loss scaling for mixed precision
    grad_scaler = tc.cuda.amp.GradScaler()

    # one-cycle learning-rate schedule
    lr_sched = tc.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=Settings.learn_rate,
                                                steps_per_epoch=len(train_data), epochs=Settings.n_epochs+1,
                                                pct_start=0.1)

    print("training starts")
    # epochs
    for epoch in range(Settings.n_epochs):
        model.train()
        
    # (disabled) progress bar over the batches
    # (disabled) its construction
        
        mean_loss = 0
        mean_score = 0
        
        # training batches
        for i, (x, y) in enumerate(train_data):
            

            x = x.cuda().to(tc.float32)
            y = y.cuda().to(tc.float32)
            
            # per-sample standardisation and noise
            x = standardize_and_squash(x.reshape(-1, *x.shape[2:])).reshape(x.shape)
            x = mix_in_noise(x, max_noise_rate=0.5, already_standardized=True)
            
            # mixed-precision forward pass and loss
            with autocast():
                pred = model(x)
                loss = loss_fn(pred, y)
            
            # scaled backward pass and step
            grad_scaler.scale(loss).backward()
            grad_scaler.step(optimizer)
            grad_scaler.update()

            optimizer.zero_grad()
            lr_sched.step()
            
            # running mean of loss and Dice
            batch_score = dice_score(pred.detach(), y)
            mean_loss = (mean_loss * i + loss.item()) / (i + 1)
            mean_score = (mean_score * i + batch_score) / (i + 1)
            
    # (disabled) progress-bar text
    # (disabled) with loss, Dice and learning rate
    # (disabled) progress-bar step
            if i == len(train_data)-1:
                print(f"epoch {epoch} loss {mean_loss:.4f} dice {mean_score:.4f} lr {optimizer.param_groups[0]['lr']:.4e}")
            
            # free the step's tensors
            del loss, pred
        
    # (disabled) close the progress bar
    # (disabled) its call
        
        # validation
        model.eval()
        
    # (disabled) progress bar over validation batches
    # (disabled) its construction

        val_mean_loss = 0
        val_mean_score = 0
        best_val_score = 0
        
        # validation batches
        for i, (x, y) in enumerate(val_data):
            x = x.cuda().to(tc.float32)
            y = y.cuda().to(tc.float32)
            
            # per-sample standardisation
            x = standardize_and_squash(x.reshape(-1, *x.shape[2:])).reshape(x.shape)
            
            # mixed precision, no gradients
            with autocast():
                with tc.no_grad():
                    pred = model(x)
                    loss = loss_fn(pred, y)
            
            # running mean of loss and Dice
            batch_score = dice_score(pred.detach(), y)
            val_mean_loss = (val_mean_loss * i + loss.item()) / (i + 1)
            val_mean_score = (val_mean_score * i + batch_score) / (i + 1)
            
    # (disabled) progress-bar text
    # (disabled) with validation loss and Dice
    # (disabled) progress-bar step
        print(f"val loss {val_mean_loss:.4f} dice {val_mean_score:.4f}")

        if val_mean_score > best_val_score:
            best_val_score = val_mean_score
            # save the weights
            # (disabled) file name carrying the epoch and the scores
            tc.save(model.module.state_dict(), "./best.pt")

    # (disabled) close the progress bar
    # (disabled) its call

    
    # (disabled) close the last progress bar
    # (disabled) its call
