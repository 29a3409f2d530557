import os
import numpy as np
import torch 
from torch import optim
import csv
from monai.metrics import DiceMetric

from ..utils.model_utils import resume_or_start, build_loader, decay_lr, weighted_loss, run_epoch
from ..utils.general_utils import seg_to_one_hot_channels, disjoint_to_overlapping, probs_to_preds

def fit_with_validation(train_root, val_root, net, criteria, weights, base_lr, last_epoch, regions='overlapping', score_regions='overlapping', out_root=None, rate=0.995, backup_every=10, val_every=10, batch_size=1):
    """Trains the network and scores it on a separate validation folder.

    Args:
        train_root: folder of training cases.
        val_root: folder of validation cases.
        net: the PyTorch network.
        criteria: loss functions.
        weights: a weight per loss function.
        base_lr: starting learning rate.
        last_epoch: final epoch number.
        regions: 'disjoint' or 'overlapping' targets while training.
        score_regions: 'disjoint' or 'overlapping' targets when scoring.
        out_root: where checkpoints and the metric log go (cwd if None).
        rate: per-epoch learning-rate decay factor.
        backup_every: epochs between backup checkpoints.
        val_every: epochs between validation passes.
        batch_size: cases per batch.
    """
    
    # paths for checkpoints and logs
    if out_root is None:
        out_root = os.getcwd()
    last_ckpt = os.path.join(out_root, 'latest_ckpt.pth.tar')
    best_val_ckpt = os.path.join(out_root, 'best_vloss_ckpt.pth.tar')
    best_dsc_ckpt = os.path.join(out_root, 'best_dice_ckpt.pth.tar')
    log_csv = os.path.join(out_root, 'loss_and_metrics.csv')
    backups = os.path.join(out_root, 'backup_ckpts')
    if not os.path.exists(backups):
        os.makedirs(backups)
        os.system(f'chmod a+rwx {backups}')

    # header row of the csv log
    region_labels = []
    if score_regions == 'overlapping':
        region_labels = ['WT', 'TC', 'ET']
    elif score_regions == 'disjoint':
        region_labels = ['NCR', 'ED', 'ET']
    dice_cols = [f'Dice {r}' for r in region_labels]
    with open(log_csv, mode='a', newline='') as fh:
        w = csv.writer(fh)
        w.writerow(['Epoch', 'Training Loss', 'Validation Loss', 'Mean Dice'] + dice_cols)

    print("===================================================")
    print(f"RUN SETTINGS")
    print(f"train folder: {train_root}")
    print(f"validation folder: {val_root}")
    print(f"network: {net}")
    print(f"criteria: {criteria}") 
    print(f"weights: {weights}")
    print(f"base lr: {base_lr}")
    print(f"last epoch: {last_epoch}")
    print(f"train regions: {regions}")
    print(f"score regions: {score_regions}")
    print(f"output folder: {out_root}")
    print(f"lr decay: {rate}")
    print(f"backup every: {backup_every}")
    print(f"validate every: {val_every}")
    print(f"batch size: {batch_size}")
    print("===================================================")

    opt = optim.Adam(net.parameters(), lr=base_lr, weight_decay=0, amsgrad=True)

    # fresh start or resume
    first_epoch, best_val, best_dsc = resume_or_start(net, opt, last_ckpt, with_val=True)

    train_batches = build_loader(train_root, shuffle=True, split='train', batch_size=batch_size)
    val_batches = build_loader(val_root, shuffle=False, split='train', batch_size=batch_size)

    print('Starting to train.')
    for epoch in range(first_epoch, last_epoch+1):
        print(f'Epoch {epoch} begins...')

        decay_lr(opt, epoch, base_lr, rate)

        train_loss = run_epoch(net, opt, train_batches, criteria, weights, regions)

        # report the epoch's loss
        print(f'Epoch {epoch} done. mean loss = {train_loss:.4f}.')

        improved_val = False
        improved_dsc = False

        # validation pass
        if epoch % val_every == 0:
            print('Validating...')

            val_losses = []

            # MONAI cumulative Dice over the validation split
            dsc = DiceMetric(include_background=True, reduction="mean_batch")

            with torch.no_grad():
                for _, vols, mask in val_batches:

                    net.eval()

                    # batch to the GPU
                    vols = [v.cuda() for v in vols] # each B1HWD
                    mask = mask.cuda()

                    # one channel per tumour label
                    mask = seg_to_one_hot_channels(mask) # B3HWD

                    if regions == 'overlapping':
                        mask_t = disjoint_to_overlapping(mask)
                        # nested regions, B3HWD
                    elif regions == 'disjoint':
                        mask_t = mask
                        # disjoint regions, B3HWD

                    x = torch.cat(vols, dim=1) # B4HWD
                    pred = net(x)
                    pred = pred.float()

                    # weighted loss over the regions
                    vloss = weighted_loss(pred, mask_t, criteria, weights)
                    val_losses.append(vloss.detach().cpu())

                    hard = probs_to_preds(pred, regions)

                    if score_regions == 'overlapping':
                        # WT, TC, ET
                        # both mask and prediction as nested regions
                        mask_s = disjoint_to_overlapping(mask)
                        hard_s = disjoint_to_overlapping(hard)
                        
                    elif score_regions == 'disjoint':
                        # NCR, ED, ET
                        # both as disjoint regions
                        mask_s = mask
                        hard_s = hard

                    # mask_s is B3HWD
                    # hard_s is B3HWD

                    # accumulate Dice
                    dsc(y_pred = hard_s, y=mask_s)

            # mean validation loss
            val_loss = np.mean(val_losses)
            print(f'Validation done. mean validation loss = {val_loss}')

            # Dice per region
            per_region = dsc.aggregate()
            region_scores = []
            for r in range(3):
                region_scores.append(per_region[r].item())
            mean_dsc = np.mean(region_scores)

            if val_loss < best_val:
                best_val = val_loss
                improved_val = True

            if mean_dsc > best_dsc:
                best_dsc = mean_dsc
                improved_dsc = True

            # log this epoch
            log_row(log_csv, epoch, train_loss, val_loss, mean_dsc, region_scores)

        print('Writing checkpoint...')
        state = {
            'epoch': epoch,
            'model_sd': net.state_dict(),
            'optim_sd': opt.state_dict(),
            'model': net,
            'loss_functions': criteria,
            'loss_weights': weights,
            'init_lr': base_lr,
            'training_regions': regions,
            'decay_rate': rate,
            'vloss': best_val,
            'dice': best_dsc
        }
        torch.save(state, last_ckpt)
        if epoch % backup_every == 0:
            torch.save(state, os.path.join(backups, f'epoch{epoch}.pth.tar'))
        if improved_val:
            print('Best validation loss so far.')
            torch.save(state, best_val_ckpt)
        if improved_dsc:
            print('Best Dice so far.')
            torch.save(state, best_dsc_ckpt)

        print('Checkpoint written.')

def log_row(path, epoch, tloss, vloss, mean_dsc, region_scores):
    with open(path, mode='a', newline='') as fh:
        w = csv.writer(fh)
        w.writerow([epoch, tloss, vloss, mean_dsc] + region_scores)

if __name__ == '__main__':

    from ..models import unet3d
    import torch.nn as nn

    train_root = '/data/brats2023/train'
    val_root = '/data/brats2023/train'
    net = unet3d.U_Net3d()
    criteria = [nn.MSELoss(), nn.CrossEntropyLoss()]
    weights = [0.4, 0.7]
    lr = 6e-5
    last_epoch = 20
    val_every = 5
    out_root = '/data/brats2023/runs/train_with_val'

    fit_with_validation(train_root, val_root, net, criteria, weights, lr, last_epoch, val_every=val_every, out_root=out_root)
