import os.path
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, random_split
from torch.nn.functional import one_hot
from torch.optim import Adam
from torch.utils.tensorboard import SummaryWriter
from torch.cuda.amp import GradScaler
from torch.cuda.amp import autocast
from data import h5volumes
from helpers import show_slice, show_volume
from scoring.measures import dice, accuracy
import settings
import tqdm
from monai.losses import DiceCELoss
from pytorchcheckpoint.checkpoint import CheckpointHandler

# Log handle
log = settings.make_log()

fit_dir = settings.volume_root + "test_small/"
check_dir = settings.volume_root + "test_small/"

ckpt_dir = settings.ckpt_folder

board = SummaryWriter()


def fit_volumes(net,
                dev,
                crop_dim,
                net_name,
                n_epochs: int = 1,
                bs: int = 1,
                lr: float = 1e-3,
                holdout_frac=0.1,
                resume: bool = False,
                keep_ckpt: bool = True,
                label_kind="h5"):
    # build the data sets
    fit_set = h5volumes.VolumeH5Set(fit_dir, reqd_image_dim=crop_dim, contains_mask=True,
                                    mask_file_type=label_kind)
    check_set = h5volumes.VolumeH5Set(check_dir, reqd_image_dim=crop_dim, contains_mask=True,
                                      mask_file_type=label_kind)
    # sizes of both sets
    n_fit = fit_set.__len__()
    n_check = check_set.__len__()

    # loaders over the sets
    fit_loader = DataLoader(fit_set, shuffle=True, batch_size=bs, num_workers=1, pin_memory=True)
    check_loader = DataLoader(check_set, shuffle=False, batch_size=bs, num_workers=1, pin_memory=True)

    print('Volumes are ready')
    log.info('Volumes are ready.')
    # objective = DiceLoss(ignore_index=[2], reduction='mean')

    # objectives and optimiser
    ce_obj = nn.CrossEntropyLoss(ignore_index=255, reduction='none')
    dice_ce = DiceCELoss(squared_pred=True, smooth_nr=0.0, smooth_dr=1e-6)
    opt = Adam(net.parameters(), lr=lr)
    # sched = MultiStepLR(opt, milestones=[50, 100, 150], gamma=0.1)

    grad_scaler = GradScaler()
    ckpt_tool = CheckpointHandler()
    ckpt_tool.store_var(var_name="Network", value=net_name)
    ckpt_tool.store_var(var_name="lr", value=lr)
    ckpt_tool.store_var(var_name="bs", value=bs)
    ckpt_tool.store_var(var_name="n_epochs", value=n_epochs)
    if resume:
        # restore weights when present
        if os.path.exists(ckpt_dir):
            saved = torch.load(ckpt_dir)
            net.load_state_dict(saved)
    dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    lowest_check_loss = 10.0
    multi_net = nn.DataParallel(net, device_ids=[0, 1, 2, 3])
    for ep in tqdm.tqdm(range(n_epochs)):
        log.info('Pass {}/{}'.format(ep + 1, n_epochs))
        log.info('=' * 15)
        print('Pass {}/{}'.format(ep + 1, n_epochs))
        print('=' * 10)

        # net.to(dev)
        multi_net.train()

        epoch_loss = 0.0
        dice_sum = 0.0
        acc_sum = 0.0
        k = 0
        # fitting
        for step_idx, item in enumerate(fit_loader):
            vol = item[0].unsqueeze(1).to(device=dev, dtype=torch.float32)
            target = item[1].to(device=dev, dtype=torch.int64)
            # the DiceCE loss wants matching shapes
            target_1h = one_hot(target, num_classes=2).permute(0, 4, 1, 2, 3)
            multi_net.to(dev)
            opt.zero_grad()

            with autocast():
                out = multi_net(vol)
                batch_loss = dice_ce(out, target_1h)

            # backward pass
            grad_scaler.scale(batch_loss).backward()
            grad_scaler.unscale_(opt)

            # gradients are unscaled now, so clipping works as usual
            torch.nn.utils.clip_grad_norm_(net.parameters(), 10)
            grad_scaler.step(opt)

            epoch_loss += batch_loss
            grad_scaler.update()

            # tensorboard pictures
            show_volume(item[0], item[1], out, batch_loss, step=ep, writer=board)
            dice_sum += dice(test=out.argmax(1), reference=target)
            acc_sum += accuracy(test=out.argmax(1), reference=target)
            k = step_idx

        k = k + 1
        board.add_scalar('Fit/loss', (epoch_loss / k), ep)
        board.add_scalar('Fit/acc', (acc_sum / k), ep)
        board.add_scalar('Fit/dice', (dice_sum / k), ep)

        print(f'Pass : {ep + 1}, summed loss : {epoch_loss}, mean loss: {(epoch_loss / k):.4f}')
        print(f'Acc : {acc_sum / k}, Dice:{dice_sum / k}')
        log.info(f'Pass : {ep}, summed loss : {epoch_loss}, mean loss: {(epoch_loss / k)}')
        log.info(f'Dice : {dice_sum / k}')

        # checking
        log.info('Check pass')
        multi_net.eval()
        check_loss = 0.0
        check_dice = 0.0
        acc_sum = 0.0
        k = 0
        for step_idx, item in enumerate(check_loader):
            vol = item[0].unsqueeze(1).to(device=dev, dtype=torch.float32)
            target = item[1].to(device=dev, dtype=torch.int64)
            target_1h = one_hot(target, num_classes=2).permute(0, 4, 1, 2, 3)

            with torch.no_grad():
                # segment the volume
                out = multi_net(vol)
                batch_loss = dice_ce(out, target_1h)
                check_loss += batch_loss
                k += 1

            check_dice += dice(test=out.argmax(1), reference=target)
            acc_sum += accuracy(test=out.argmax(1), reference=target)
            k = step_idx

        k = k + 1
        check_loss = check_loss / k
        check_dice = check_dice / k
        acc_sum = acc_sum / k
        print(f'Check loss : {check_loss:.4f}')
        print(f'Acc - {acc_sum}, dice - {check_dice}')
        log.info(f'Check loss : {check_loss}')
        log.info(f'Check dice : {check_dice}')
        board.add_scalar("Check/loss", check_loss, ep)
        board.add_scalar('Check/acc', acc_sum, ep)
        board.add_scalar('Check/dice', check_dice, ep)
        torch.cuda.empty_cache()
        board.flush()

        # keep the best weights
        if keep_ckpt and lowest_check_loss > check_loss:
            lowest_check_loss = check_loss
            best_file = 'top_' + net_name + '.pth'
            best_path = os.path.join(ckpt_dir, best_file)
            if os.path.exists(best_path):  # an older file of that name
                os.remove(best_path)  # drop it
            weights = net.state_dict()
            torch.save(weights, best_path)
            print(f'Weights stored at pass {ep}')
            log.info(f'Top weights at pass - {ep + 1} stored')
            log.info(f'Lowest check loss - {lowest_check_loss}')

        board.close()

    log.info('Fitting finished')
