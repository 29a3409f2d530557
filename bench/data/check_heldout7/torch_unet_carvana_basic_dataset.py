import argparse
import logging
import os
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from functools import partial
from multiprocessing import Pool
from os import listdir
from os.path import splitext, isfile, join
from pathlib import Path
from PIL import Image
from torch import optim
from torch.utils.data import DataLoader, Dataset, random_split
from tqdm import tqdm

import wandb
from unet import UNet
from utils.dice_score import dice_loss, multiclass_dice_coeff, dice_coeff

images_folder = Path('./data/imgs/')
masks_folder = Path('./data/masks/')
ckpt_dir = Path('./checkpoints/')


# == part: utils/data_loading.py ==
def read_image_file(file_path):
    suffix = splitext(file_path)[1]
    if suffix == '.npy':
        return Image.fromarray(np.load(file_path))
    elif suffix in ['.pt', '.pth']:
        return Image.fromarray(torch.load(file_path).numpy())
    else:
        return Image.open(file_path)


def mask_values_in_file(stem, mask_folder, mask_tail):
    found_mask_file = list(mask_folder.glob(stem + mask_tail + '.*'))[0]
    mask_arr = np.asarray(read_image_file(found_mask_file))
    if mask_arr.ndim == 2:
        return np.unique(mask_arr)
    elif mask_arr.ndim == 3:
        mask_arr = mask_arr.reshape(-1, mask_arr.shape[-1])
        return np.unique(mask_arr, axis=0)
    else:
        raise ValueError(f'a mask must be 2-D or 3-D, this one has {mask_arr.ndim} axes')


class SegPairDataset(Dataset):
    def __init__(self, img_folder: str, mask_folder: str, scale_factor: float = 1.0, mask_tail: str = ''):
        self.img_folder = Path(img_folder)
        self.mask_folder = Path(mask_folder)
        assert 0 < scale_factor <= 1, 'scale_factor has to lie in (0, 1]'
        self.scale_factor = scale_factor
        self.mask_tail = mask_tail

        self.stems = [splitext(fname)[0] for fname in listdir(img_folder) if isfile(join(img_folder, fname)) and not fname.startswith('.')]
        if not self.stems:
            raise RuntimeError(f'{img_folder} holds no input files; put the images in it first')

        logging.info(f'{len(self.stems)} image/mask pairs in the dataset')
        logging.info('reading every mask to collect its distinct values')
        with Pool() as pool:
            per_file_values = list(tqdm(
                pool.imap(partial(mask_values_in_file, mask_folder=self.mask_folder, mask_tail=self.mask_tail), self.stems),
                total=len(self.stems)
            ))

        self.value_table = list(sorted(np.unique(np.concatenate(per_file_values), axis=0).tolist()))
        logging.info(f'distinct mask values: {self.value_table}')

    def __len__(self):
        return len(self.stems)

    @staticmethod
    def prepare(value_table, pil_image, scale_factor, as_mask):
        wd, ht = pil_image.size
        out_w, out_h = int(scale_factor * wd), int(scale_factor * ht)
        assert out_w > 0 and out_h > 0, 'scale_factor too small: the resized image would be empty'
        pil_image = pil_image.resize((out_w, out_h), resample=Image.NEAREST if as_mask else Image.BICUBIC)
        img_arr = np.asarray(pil_image)

        if as_mask:
            mask_arr = np.zeros((out_h, out_w), dtype=np.int64)
            for i, value in enumerate(value_table):
                if img_arr.ndim == 2:
                    mask_arr[img_arr == value] = i
                else:
                    mask_arr[(img_arr == value).all(-1)] = i

            return mask_arr

        else:
            if img_arr.ndim == 2:
                img_arr = img_arr[np.newaxis, ...]
            else:
                img_arr = img_arr.transpose((2, 0, 1))

            if (img_arr > 1).any():
                img_arr = img_arr / 255.0

            return img_arr

    def __getitem__(self, index):
        stem = self.stems[index]
        found_mask_file = list(self.mask_folder.glob(stem + self.mask_tail + '.*'))
        found_img_file = list(self.img_folder.glob(stem + '.*'))

        assert len(found_img_file) == 1, f'id {stem}: expected one image, got {found_img_file}'
        assert len(found_mask_file) == 1, f'id {stem}: expected one mask, got {found_mask_file}'
        mask_arr = read_image_file(found_mask_file[0])
        img_arr = read_image_file(found_img_file[0])

        img_arr = self.prepare(self.value_table, img_arr, self.scale_factor, as_mask=False)
        mask_arr = self.prepare(self.value_table, mask_arr, self.scale_factor, as_mask=True)

        return {
            'image': torch.as_tensor(img_arr.copy()).float().contiguous(),
            'mask': torch.as_tensor(mask_arr.copy()).long().contiguous()
        }


# == part: evaluate.py ==
@torch.inference_mode()
def eval_dice(seg_net, data_loader, dev, use_amp):
    seg_net.eval()
    n_val_batches = len(data_loader)
    dice_total = 0

    # one pass over the validation batches
    with torch.autocast(dev.type if dev.type != 'mps' else 'cpu', enabled=use_amp):
        for batch_dict in tqdm(data_loader, total=n_val_batches, desc='validating', unit='batch', leave=False):
            image_in, mask_target = batch_dict['image'], batch_dict['mask']

            # inputs and targets to the device, in the dtypes the net wants
            image_in = image_in.to(device=dev, dtype=torch.float32, memory_format=torch.channels_last)
            mask_target = mask_target.to(device=dev, dtype=torch.long)

            # forward pass
            mask_guess = seg_net(image_in)

            if seg_net.n_classes == 1:
                mask_guess = (F.sigmoid(mask_guess) > 0.5).float()
                dice_total += dice_coeff(mask_guess, mask_target, reduce_batch_first=False)
            else:
                mask_target = F.one_hot(mask_target, seg_net.n_classes).permute(0, 3, 1, 2).float()
                mask_guess = F.one_hot(mask_guess.argmax(dim=1), seg_net.n_classes).permute(0, 3, 1, 2).float()
                dice_total += multiclass_dice_coeff(mask_guess[:, 1:], mask_target[:, 1:], reduce_batch_first=False)

    seg_net.train()
    return dice_total / max(n_val_batches, 1)


# == part: train.py ==
def fit_unet(seg_model, dev, n_epochs: int = 5, batch_sz: int = 1, base_lr: float = 1e-5,
                val_fraction: float = 0.1, keep_checkpoints: bool = True, img_shrink: float = 0.5,
                use_amp: bool = False, wd_coef: float = 1e-8, rms_momentum: float = 0.999,
                clip_norm: float = 1.0):
    # (1) the dataset
    seg_dataset = SegPairDataset(images_folder, masks_folder, img_shrink, mask_tail='_mask')

    # (2) hold out part of it for validation
    val_count = int(len(seg_dataset) * val_fraction)
    train_count = len(seg_dataset) - val_count
    train_subset, val_subset = random_split(seg_dataset, [train_count, val_count], generator=torch.Generator().manual_seed(0))

    # (3) loaders
    loader_kwargs = dict(batch_size=batch_sz, num_workers=os.cpu_count(), pin_memory=True)
    seg_train_loader = DataLoader(train_subset, shuffle=True, **loader_kwargs)
    seg_val_loader = DataLoader(val_subset, shuffle=False, drop_last=True, **loader_kwargs)

    run_log = wandb.init(project='U-Net', resume='allow', anonymous='must')

    # (4) optimizer, loss, lr schedule, and the AMP grad scaler
    rms_optimizer = optim.RMSprop(seg_model.parameters(),
                              lr=base_lr, weight_decay=wd_coef, momentum=rms_momentum, foreach=True)
    plateau_sched = optim.lr_scheduler.ReduceLROnPlateau(rms_optimizer, 'max', patience=5)  # higher Dice is better
    amp_grad_scaler = torch.cuda.amp.GradScaler(enabled=use_amp)
    base_loss_fn = nn.CrossEntropyLoss() if seg_model.n_classes > 1 else nn.BCEWithLogitsLoss()
    step_count = 0

    # (5) the training loop
    for epoch_i in range(1, n_epochs + 1):
        seg_model.train()
        epoch_loss_sum = 0
        with tqdm(total=train_count, desc=f'epoch {epoch_i} of {n_epochs}', unit='img') as progress:
            for batch_dict in seg_train_loader:
                images_in, target_masks = batch_dict['image'], batch_dict['mask']

                images_in = images_in.to(device=dev, dtype=torch.float32, memory_format=torch.channels_last)
                target_masks = target_masks.to(device=dev, dtype=torch.long)

                with torch.autocast(dev.type if dev.type != 'mps' else 'cpu', enabled=use_amp):
                    pred_masks = seg_model(images_in)
                    if seg_model.n_classes == 1:
                        batch_loss = base_loss_fn(pred_masks.squeeze(1), target_masks.float())
                        batch_loss += dice_loss(F.sigmoid(pred_masks.squeeze(1)), target_masks.float(), multiclass=False)
                    else:
                        batch_loss = base_loss_fn(pred_masks, target_masks)
                        batch_loss += dice_loss(
                            F.softmax(pred_masks, dim=1).float(),
                            F.one_hot(target_masks, seg_model.n_classes).permute(0, 3, 1, 2).float(),
                            multiclass=True
                        )

                rms_optimizer.zero_grad(set_to_none=True)
                amp_grad_scaler.scale(batch_loss).backward()
                amp_grad_scaler.unscale_(rms_optimizer)
                torch.nn.utils.clip_grad_norm_(seg_model.parameters(), clip_norm)
                amp_grad_scaler.step(rms_optimizer)
                amp_grad_scaler.update()

                progress.update(images_in.shape[0])
                step_count += 1
                epoch_loss_sum += batch_loss.item()
                run_log.log({'train loss': batch_loss.item(), 'step': step_count, 'epoch': epoch_i})
                progress.set_postfix(**{'batch loss': batch_loss.item()})

                # run validation a few times per epoch
                eval_every = (train_count // (5 * batch_sz))
                if eval_every > 0:
                    if step_count % eval_every == 0:
                        val_dice = eval_dice(seg_model, seg_val_loader, dev, use_amp)
                        plateau_sched.step(val_dice)
                        logging.info('val Dice: {}'.format(val_dice))

        if keep_checkpoints:
            Path(ckpt_dir).mkdir(parents=True, exist_ok=True)
            ckpt_state = seg_model.state_dict()
            ckpt_state['mask_values'] = seg_dataset.value_table
            torch.save(ckpt_state, str(ckpt_dir / 'checkpoint_epoch{}.pth'.format(epoch_i)))
            logging.info(f'wrote checkpoint for epoch {epoch_i}')


if __name__ == '__main__':
    logging.basicConfig(level=logging.INFO, format='%(levelname)s: %(message)s')
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    seg_model = UNet(n_channels=3, n_classes=2, bilinear=False)
    seg_model = seg_model.to(memory_format=torch.channels_last)
    seg_model.to(device=dev)
    fit_unet(seg_model=seg_model, n_epochs=5, batch_sz=1, base_lr=1e-5, dev=dev,
                img_shrink=0.5, val_fraction=0.1, use_amp=False)
