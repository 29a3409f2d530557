import torch
from torch.utils.data import DataLoader
import sys
import logging
from tqdm import tqdm
import albumentations as A
from albumentations.pytorch import ToTensorV2
import argparse
from datetime import datetime
import torch.nn.functional as F
import matplotlib.pyplot as plt
from models import load_model
from dataset import RooftopTiles
import numpy as np
import torchvision.transforms as transforms
import torch.nn as nn

from utils import rle_encode, rle_decode, save_model

if __name__ == '__main__':
    # command line
    parser = argparse.ArgumentParser()
    parser.add_argument('-b', '--batch_size', type=int, default=16)
    parser.add_argument('-lr', '--lr', type=float, default=0.0001)
    parser.add_argument('-ep', '--epochs', type=int, default=80)
    parser.add_argument('-m', '--model', type=str, default="DeepLabV3",
        choices=["Unet", "Unet++", "FPN", "PSPNet", "DeepLabV3", "DeepLabV3+"])
    parser.add_argument('--prep_fn', action='store_true', default=True)
    parser.add_argument('--loss_fn', type=str, default='dice_v2')
    parser.add_argument('--gpu_idx', type=int, default=0)
    parser.add_argument('--transform', type=int, default=2)
    parser.add_argument('--wo_sigmoid', action='store_true', default=True)
    parser.add_argument('-d', '--dataset', type=int, default=4)



    args = parser.parse_args()
    stamp = datetime.now().strftime('%m_%d_%H:%M:%S')

    # run name
    run_tag = f"{args.model}_{stamp}_lossfn{args.loss_fn}_lr{args.lr}_epoch{args.epochs}_transform{args.transform}_dataset{args.dataset}"

    if args.wo_sigmoid:
        run_tag += "_wo_sigmoid"


    # text log next to the run
    log = logging.getLogger("seg_run")
    log.setLevel(logging.INFO)
    log_path = f"log/{run_tag}.log"
    fh = logging.FileHandler(log_path)
    fmt = logging.Formatter('%(message)s')
    fh.setFormatter(fmt)
    log.addHandler(fh)

    print("settings:", args)

    device = f'cuda:{args.gpu_idx}' if torch.cuda.is_available() else 'cpu'
    print(f'device: {device}')
    log.info('device: %s', device)
    log.info("settings: %s", args)

    # network and its input normalisation
    model, prep_fn = load_model(args.model)
    model.to(device)

    for np_pair in model.named_parameters():
        print(np_pair[0], np_pair[1].requires_grad)

    # datasets and loaders
    if args.prep_fn:
        mean = [0.485, 0.456, 0.406]
        std = [0.229, 0.224, 0.225]

        if args.dataset != 10:
            if args.transform == 0:
                aug_main = A.Compose(
                    [
                        A.Resize(224, 224),
                        A.Normalize(mean=mean, std=std, always_apply=True),
                        A.pytorch.ToTensorV2(),
                    ]
                )
            elif args.transform == 1:
                aug_main = A.Compose(
                    [
                        A.RandomCrop(224, 224),
                        A.Flip(),
                        A.Normalize(mean=mean, std=std, always_apply=True),
                        A.pytorch.ToTensorV2(),
                    ]
                )
            elif args.transform == 2:
                aug_main = A.Compose(
                    [
                        # random 224 crop
                        A.RandomSizedCrop(
                            min_max_height=(224, 224), height=224, width=224, p=1
                        ),
                        A.HorizontalFlip(p=0.5),
                        A.Rotate(limit=[-10, 10], p=0.5),
                        A.Normalize(mean=mean, std=std, always_apply=True),
                        A.pytorch.ToTensorV2(),
                    ]
                )
            else:
                raise NotImplementedError

            dataset_1 = RooftopTiles(csv_file='./train.csv', transform=aug_main, args=args)
            dataset_2 = RooftopTiles(csv_file='./train.csv', transform=aug_main, args=args)
            dataset_3 = RooftopTiles(csv_file='./train.csv', transform=aug_main, args=args)
            dataset_4 = RooftopTiles(csv_file='./train.csv', transform=aug_main, args=args)

            if args.dataset == 2:
                dataset = torch.utils.data.ConcatDataset([dataset_1, dataset_2])
            elif args.dataset == 4:
                dataset = torch.utils.data.ConcatDataset([dataset_1, dataset_2, dataset_3, dataset_4])
            elif args.dataset == 8:
                dataset_5 = RooftopTiles(csv_file='./train.csv', transform=aug_main, args=args)
                dataset_6 = RooftopTiles(csv_file='./train.csv', transform=aug_main, args=args)
                dataset_7 = RooftopTiles(csv_file='./train.csv', transform=aug_main, args=args)
                dataset_8 = RooftopTiles(csv_file='./train.csv', transform=aug_main, args=args)
                dataset = torch.utils.data.ConcatDataset([dataset_1, dataset_2, dataset_3, dataset_4, dataset_5, dataset_6, dataset_7, dataset_8])

        elif args.dataset == 10:
            aug_plain = A.Compose(
                [
                    A.RandomSizedCrop(
                        min_max_height=(224, 224), height=224, width=224, p=1
                    ),
                    A.HorizontalFlip(p=0.5),
                    A.Rotate(limit=[-10, 10], p=0.5),
                    A.Normalize(mean=mean, std=std, always_apply=True),
                    A.pytorch.ToTensorV2(),
                ]
            )
            aug_blur = A.Compose(
                [
                    A.RandomSizedCrop(
                        min_max_height=(224, 224), height=224, width=224, p=1
                    ),
                    A.AdvancedBlur(blur_limit=3, p=1, always_apply=True),
                    A.Normalize(mean=mean, std=std, always_apply=True),
                    A.pytorch.ToTensorV2(),
                ]
            )
            aug_noise = A.Compose(
                [
                    A.RandomSizedCrop(
                        min_max_height=(224, 224), height=224, width=224, p=1
                    ),
                    A.GaussNoise(var_limit=(10.0, 50.0), p=1, always_apply=True),
                    A.Normalize(mean=mean, std=std, always_apply=True),
                    A.pytorch.ToTensorV2(),
                ]
            )
            aug_jitter = A.Compose(
                [
                    A.RandomSizedCrop(
                        min_max_height=(224, 224), height=224, width=224, p=1
                    ),
                    A.ColorJitter(brightness=0.2, contrast=0.2, saturation=0.2, hue=0.2, always_apply=True, p=1),
                    A.Normalize(mean=mean, std=std, always_apply=True),
                    A.pytorch.ToTensorV2(),
                ]
            )
            tile_sets = []
            aug_list = [aug_blur, aug_noise, aug_jitter]
            for i in range(5):
                aug_list.append(aug_plain)

            for i in range(len(aug_list)):
                tile_sets.append(
                    RooftopTiles(csv_file='./train.csv', transform=aug_list[i], args=args)
                )
            dataset = torch.utils.data.ConcatDataset(tile_sets)

        else:
            raise NotImplementedError
        

        n_items = len(dataset)

        n_fit = int(0.8 * n_items)
        n_hold = n_items - n_fit

        fit_part, hold_part = torch.utils.data.random_split(dataset, [n_fit, n_hold])

        fit_loader = DataLoader(fit_part, batch_size=64, shuffle=True, num_workers=4)
        hold_loader = DataLoader(hold_part, batch_size=64, shuffle=True, num_workers=4)
    else:
        raise NotImplementedError
        # older path:
        # tiles = RooftopTiles(csv_file='./train.csv', transform=transform)
        # loader = DataLoader(tiles, batch_size=args.batch_size, shuffle=True, num_workers=4)



    # objective and optimiser

    if args.loss_fn == 'default':
        objective = torch.nn.BCEWithLogitsLoss()
    elif args.loss_fn == 'dice':
        from utils import DiceLoss
        objective = DiceLoss()
    elif args.loss_fn == 'dice_v2':
        from utils import dice_loss
        objective = dice_loss
    else:
        raise NotImplementedError

    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    # a warm-restart schedule was tried and left out
    # sched = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(
    #     opt, T_0=1, T_mult=2, eta_min=5e-5,
    # )
    probe_imgs = None
    probe_masks = None

    best_so_far = 100000

    model = torch.nn.DataParallel(model, device_ids=[0, 1, 2, 3])

    # epochs
    for epoch in range(args.epochs):
        model.train()
        fit_total = 0
        for images, masks in tqdm(fit_loader):

            if len(images.shape) == 5:
                images = torch.stack(images)
                masks = torch.stack(masks)

            images = images.float().to(device)
            masks = masks.float().to(device)

            if probe_masks is None and probe_imgs is None:
                probe_imgs = images
                probe_masks = masks

            opt.zero_grad()
            if args.model == 'DeepLabV3':
                if args.wo_sigmoid:
                    logits = model(images)['out']
                else:
                    logits = torch.sigmoid(model(images)['out'])
                loss = objective(logits.squeeze(), masks.squeeze())
            else:
                logits = model(images)
                masks = F.one_hot(torch.tensor(masks).to(torch.int64), num_classes=2).permute(0, 3, 1, 2).float().to(
                    device)
                loss = objective(logits, masks)


            # probs = torch.softmax(logits, dim=1)
            # labels = torch.argmax(probs, dim=1)


            loss.backward()
            opt.step()

            fit_total += loss.item()

        with torch.no_grad():
            model.eval()
            hold_loss = 0
            hold_dice = []
            for images, masks in tqdm(hold_loader):
                if len(images.shape) == 5:
                    images = torch.stack(images)
                    masks = torch.stack(masks)
        
                images = images.float().to(device)
                masks = masks.float().to(device)
        
                if args.model == 'DeepLabV3':
                    logits = torch.sigmoid(model(images)['out'])
                    hold_loss = objective(logits.squeeze(), masks.squeeze())
        
                    prob_np = logits.squeeze().cpu().numpy()
        
                    # threshold, then back to float
                    bin05 = (prob_np > 0.5).astype(np.uint8).astype(np.float32)
                    bin03 = (prob_np > 0.3).astype(np.uint8).astype(np.float32)
                    bin02 = (prob_np > 0.2).astype(np.uint8).astype(np.float32)
        
                    from utils import dice_score
                    d05 = dice_score(bin05, masks.squeeze().cpu().numpy())
                    d03 = dice_score(bin03, masks.squeeze().cpu().numpy())
                    d02 = dice_score(bin02, masks.squeeze().cpu().numpy())
        
                    hold_dice.append([d05, d03, d02])
        
                else:
                    logits = model(images)
                    masks = F.one_hot(torch.tensor(masks).to(torch.int64), num_classes=2).permute(0, 3, 1, 2).float().to(
                        device)
                    hold_loss = objective(logits, masks)
                    hold_loss += hold_loss.item()
        
        
            if args.model == 'DeepLabV3':
                hold_dice = np.mean(hold_dice, axis=0)
                print(f'held-out loss {hold_loss / len(hold_loader)} dice@0.5 {hold_dice[0]}, dice@0.3 {hold_dice[1]}, dice@0.2 {hold_dice[0]}')
                log.info(f'held-out loss {hold_loss / len(hold_loader)} dice@0.5 {hold_dice[0]}, dice@0.3 {hold_dice[1]}, dice@0.2 {hold_dice[0]}')
            else:
                print(f'held-out loss {hold_loss / len(hold_loader)}')
                log.info(f'held-out loss {hold_loss / len(hold_loader)}')

        save_model(model, run_tag)
        print(f'weights written after epoch {epoch}')

    save_model(model, run_tag + '_final')