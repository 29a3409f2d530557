import torch
import torchvision
import albumentations as A
from albumentations.pytorch import ToTensorV2
from tqdm import tqdm
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader
from model import UNET
from dataset import CarvanaDataset

# run settings
LR_INIT = 1e-4
RUN_DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
BATCH_N = 16
EPOCH_COUNT = 3
LOADER_WORKERS = 2
IMG_H = 160  # full frames are 1280 high
IMG_W = 240  # and 1918 wide
PINNED = True
RESUME_MODEL = False
TRAIN_IMAGES_DIR = "data/train_images/"
TRAIN_MASKS_DIR = "data/train_masks/"
VAL_IMAGES_DIR = "data/val_images/"
VAL_MASKS_DIR = "data/val_masks/"


# == taken from utils.py ==
def write_ckpt(ckpt_state, ckpt_file="my_checkpoint.pth.tar"):
    print("writing checkpoint")
    torch.save(ckpt_state, ckpt_file)

def restore_ckpt(ckpt_dict, seg_model):
    print("restoring checkpoint")
    seg_model.load_state_dict(ckpt_dict["state_dict"])

def build_loaders(
    train_images_dir,
    train_masks_dir,
    val_images_dir,
    val_masks_dir,
    batch_n,
    train_aug,
    val_aug,
    n_workers=4,
    pin_flag=True,
):
    train_dataset = CarvanaDataset(
        image_dir=train_images_dir,
        mask_dir=train_masks_dir,
        transform=train_aug,
    )

    loader_train = DataLoader(
        train_dataset,
        batch_size=batch_n,
        num_workers=n_workers,
        pin_memory=pin_flag,
        shuffle=True,
    )

    val_dataset = CarvanaDataset(
        image_dir=val_images_dir,
        mask_dir=val_masks_dir,
        transform=val_aug,
    )

    loader_val = DataLoader(
        val_dataset,
        batch_size=batch_n,
        num_workers=n_workers,
        pin_memory=pin_flag,
        shuffle=False,
    )

    return loader_train, loader_val

def eval_pixel_accuracy(data_loader, seg_model, dev="cuda"):
    n_right = 0
    n_px = 0
    dice_sum = 0
    seg_model.eval()

    with torch.no_grad():
        for x, y in data_loader:
            x = x.to(dev)
            y = y.to(dev).unsqueeze(1)
            pred_mask = torch.sigmoid(seg_model(x))
            pred_mask = (pred_mask > 0.5).float()
            n_right += (pred_mask == y).sum()
            n_px += torch.numel(pred_mask)
            dice_sum += (2 * (pred_mask * y).sum()) / (
                (pred_mask + y).sum() + 1e-8
            )

    print(
        f"pixels right: {n_right}/{n_px}, accuracy {n_right/n_px*100:.2f}"
    )
    print(f"mean dice: {dice_sum/len(data_loader)}")
    seg_model.train()

def dump_pred_images(
    data_loader, seg_model, out_folder="saved_images/", dev="cuda"
):
    seg_model.eval()
    for batch_i, (x, y) in enumerate(data_loader):
        x = x.to(device=dev)
        with torch.no_grad():
            pred_mask = torch.sigmoid(seg_model(x))
            pred_mask = (pred_mask > 0.5).float()
        torchvision.utils.save_image(
            pred_mask, f"{out_folder}/pred_{batch_i}.png"
        )
        torchvision.utils.save_image(y.unsqueeze(1), f"{out_folder}{batch_i}.png")

    seg_model.train()


# == taken from train.py ==
def train_one_epoch(data_loader, seg_model, adam_optimizer, bce_loss_fn, amp_scaler):
    pbar = tqdm(data_loader)

    for step_i, (data_batch, targets_b) in enumerate(pbar):
        data_batch = data_batch.to(device=RUN_DEVICE)
        targets_b = targets_b.float().unsqueeze(1).to(device=RUN_DEVICE)

        # mixed-precision forward pass
        with torch.cuda.amp.autocast():
            logits_b = seg_model(data_batch)
            batch_loss = bce_loss_fn(logits_b, targets_b)

        # scaled backward and step
        adam_optimizer.zero_grad()
        amp_scaler.scale(batch_loss).backward()
        amp_scaler.step(adam_optimizer)
        amp_scaler.update()

        # show the loss on the progress bar
        pbar.set_postfix(loss=batch_loss.item())


def run_main():
    train_aug = A.Compose(
        [
            A.Resize(height=IMG_H, width=IMG_W),
            A.Rotate(limit=35, p=1.0),
            A.HorizontalFlip(p=0.5),
            A.VerticalFlip(p=0.1),
            A.Normalize(
                mean=[0.0, 0.0, 0.0],
                std=[1.0, 1.0, 1.0],
                max_pixel_value=255.0,
            ),
            ToTensorV2(),
        ],
    )

    val_aug = A.Compose(
        [
            A.Resize(height=IMG_H, width=IMG_W),
            A.Normalize(
                mean=[0.0, 0.0, 0.0],
                std=[1.0, 1.0, 1.0],
                max_pixel_value=255.0,
            ),
            ToTensorV2(),
        ],
    )

    seg_model = UNET(in_channels=3, out_channels=1).to(RUN_DEVICE)
    bce_loss_fn = nn.BCEWithLogitsLoss()
    adam_optimizer = optim.Adam(seg_model.parameters(), lr=LR_INIT)

    loader_train, loader_val = build_loaders(
        TRAIN_IMAGES_DIR,
        TRAIN_MASKS_DIR,
        VAL_IMAGES_DIR,
        VAL_MASKS_DIR,
        BATCH_N,
        train_aug,
        val_aug,
        LOADER_WORKERS,
        PINNED,
    )

    if RESUME_MODEL:
        restore_ckpt(torch.load("my_checkpoint.pth.tar"), seg_model)

    eval_pixel_accuracy(loader_val, seg_model, dev=RUN_DEVICE)
    amp_scaler = torch.cuda.amp.GradScaler()

    for epoch_i in range(EPOCH_COUNT):
        train_one_epoch(loader_train, seg_model, adam_optimizer, bce_loss_fn, amp_scaler)

        # checkpoint after each epoch
        ckpt_dict = {
            "state_dict": seg_model.state_dict(),
            "optimizer":adam_optimizer.state_dict(),
        }
        write_ckpt(ckpt_dict)

        # pixel accuracy and dice on val
        eval_pixel_accuracy(loader_val, seg_model, dev=RUN_DEVICE)

        # write val predictions as images
        dump_pred_images(
            loader_val, seg_model, out_folder="saved_images/", dev=RUN_DEVICE
        )


if __name__ == "__main__":
    run_main()
