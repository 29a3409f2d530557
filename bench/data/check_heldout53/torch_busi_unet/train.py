import torch
import wandb
import argparse
import logging
import torch.nn as nn
import torch.optim as optim
from pathlib import Path
from unet_model.unet_model import UNetModel
from utils.loaders import build_loaders
from utils.helpers import to_numpy, dice_score, dice_loss




# Fits the network with early stopping and a plateau schedule
def fit_network(net, fit_loader, hold_loader, lr, num_epochs, 
               stop_after, patience, momentum, weight_decay, 
               device, args, save_checkpoint=True, ckpt_dir=Path('./checkpoints/')):
#     OUTLINE:
#     1. Objective and optimiser
#     2. Logging
#     3. Lists for the per-epoch history
#     4. Objective is BCE/cross-entropy plus Dice loss
#     5. Plateau schedule and a counter for early stopping
#     6. Total loss is the sum of both parts
#     7. Loop over both loaders, summing loss and Dice per batch
#     8. Count epochs without a better held-out loss
#     9. Step the schedule on the held-out Dice
#     10. Append to the history lists
#     11. Remember the best weights by held-out Dice
#     12. Stop after num_epochs
#     13. Return the weights and the histories

    
    # Objective and optimiser
    criterion = nn.BCEWithLogitsLoss() if net.n_classes == 1 else nn.CrossEntropyLoss()
    opt = optim.RMSprop(net.parameters(), lr=lr,
                            weight_decay=weight_decay, momentum=momentum,
                            foreach=True)


    # Logging to wandb (switched off)
    # run = wandb.init(project='U-Net', resume='allow', anonymous='must')
    # run.config.update(
    #     dict(num_epochs=num_epochs, batch_size=args.batch_size, learning_rate=lr,
    #          val_size=args.val_size, save_checkpoint=save_checkpoint)
    # )
    
    logging.info(f'''Starting to fit:
        Epochs:          {num_epochs}
        Batch size:      {args.batch_size}
        Step size:       {lr}
        Fit share:       {1.0 - args.val_size - args.test_size:.1f}
        Held-out share:  {args.val_size}
        Checkpoints:     {save_checkpoint}
        Device:          {device.type}
    ''')
    
    net.to(device)

    best_hold_loss = float('inf')
    stale_epochs = 0
    schedule = optim.lr_scheduler.ReduceLROnPlateau(opt, 'max', patience=patience)
    
    fit_loss_hist = []
    fit_dice_hist = []
    hold_loss_hist = []
    hold_dice_hist = []

    n_fit = 0
    n_hold = 0
    best_dice = 0.0

    n_fit = sum(images.size(0) for images, _, _ in fit_loader)
    logging.info(f"Fitting samples = {n_fit}")

    n_hold = sum(images.size(0) for images, _, _ in hold_loader)
    logging.info(f"Held-out samples = {n_hold}")

    for epoch in range(num_epochs):
        
        # Fitting pass
        net.train()
        fit_loss_sum = 0.0
        fit_dice_sum = 0.0

        for images, masks, _ in fit_loader:
            images, masks = images.to(device), masks.to(device)
            opt.zero_grad()
            logits = net(images)

            loss = criterion(logits, masks)
            loss += dice_loss(logits, masks)

            fit_loss_sum += loss.item()
            fit_dice_sum += dice_score(logits, masks)

            loss.backward()
            opt.step()

        fit_dice = fit_dice_sum / len(fit_loader)
        fit_loss = fit_loss_sum / len(fit_loader)
        fit_dice_hist.append(to_numpy(fit_dice))
        fit_loss_hist.append(fit_loss)

        # Held-out pass
        net.eval()
        hold_loss_sum = 0.0
        hold_dice_sum = 0.0
        with torch.no_grad():
            for images, masks, _ in hold_loader:
                images, masks = images.to(device), masks.to(device)
                logits = net(images)

                loss = criterion(logits, masks)
                loss += dice_loss(logits, masks)
                hold_loss_sum += loss.item()

                hold_dice_sum += dice_score(logits, masks)


        hold_dice = hold_dice_sum / len(hold_loader)
        hold_loss = hold_loss_sum / len(hold_loader)
        hold_dice_hist.append(to_numpy(hold_dice))
        hold_loss_hist.append(hold_loss)
        logging.info(f'''
        	Epoch:			    {epoch+1}/{num_epochs} 
        	Fit Loss:		    {fit_loss:.4f} 
        	Fit Dice:	{fit_dice:.4f} 
        	Held-out Loss:		    {hold_loss:.4f} 
        	Held-out Dice:	{hold_dice:.4f}
        ''')

        # Remember the best weights
        if hold_dice > best_dice:
            best_dice = hold_dice
            best_epoch = epoch + 1
            best_weights = net.state_dict()

        # Early stopping
        if hold_loss < best_hold_loss:
            best_hold_loss = hold_loss
            stale_epochs = 0
        else:
            stale_epochs += 1
            if stale_epochs >= stop_after:
                logging.info("Stopping early")
                if save_checkpoint:
                    Path(ckpt_dir).mkdir(parents=True, exist_ok=True)
                    weights = net.state_dict()
                    torch.save(weights, str(ckpt_dir / 'checkpoint_epoch{}.pth'.format(epoch)))
                    logging.info(f'Checkpoint {epoch} written')
                return best_weights, best_dice, best_epoch, fit_loss_hist, hold_loss_hist, fit_dice_hist, hold_dice_hist
                break

        # Plateau schedule
        schedule.step(hold_dice)

    if save_checkpoint:
        Path(ckpt_dir).mkdir(parents=True, exist_ok=True)
        weights = net.state_dict()
        torch.save(weights, str(ckpt_dir / 'checkpoint_epoch{}.pth'.format(epoch)))
        logging.info(f'Checkpoint {epoch} written')

    logging.info("Done fitting.")
    return best_weights, best_dice, best_epoch, fit_loss_hist, hold_loss_hist, fit_dice_hist, hold_dice_hist



def read_args():
    parser = argparse.ArgumentParser(description='Fit the U-Net on ultrasound images and their masks')
    
    parser.add_argument('--epochs', '-e', metavar='E', type=int, default=20, required=True, help='Epochs')
    parser.add_argument('--batch-size', '-b', dest='batch_size', metavar='B', type=int, default=16, help='Batch size')
    parser.add_argument('--learning-rate', '-l', metavar='LR', type=float, default=1e-5,
                        help='Step size', dest='lr')
    parser.add_argument('--early-stopping-factor', '-es', metavar='ES', dest='early_stopping', 
                        type=int, default=10, help='Epochs without improvement before stopping')
    parser.add_argument('--momentum', '-m', metavar='M', dest='momentum', type=float,
                        default=0.999, help='Momentum')
    parser.add_argument('--threshold', '-th', metavar='TH', dest='threshold', type=float, 
                        default=0.5, help='Threshold')
    parser.add_argument('--patience', '-p', metavar='P', dest='patience', type=int, 
                        default=10, help='Schedule patience')
    parser.add_argument('--weight-decay', '-wd', metavar='WD', dest='weight_decay', type=float, 
                        default=1e-6, help='Weight decay')
    parser.add_argument('--classes', '-c', type=int, default=3, help='Classes')
    parser.add_argument('--validation', '-v', dest='val_size', type=float, default=0.2,
                        help='Held-out share (0.0-1.0)')
    parser.add_argument('--test', '-t', dest='test_size', type=float, default=0.1,
                        help='Test share (0.0-1.0)')
    parser.add_argument('--load', '-f', type=str, default=False, help='Start from a .pth file')
    parser.add_argument('--random-seed', '-rs', metavar='RS', dest='random_seed', type=int,
                        default=42, help='Seed')
    
    return parser.parse_args()



if __name__ == '__main__':
    args = read_args()

    logging.basicConfig(level=logging.INFO, format='%(levelname)s: %(message)s')
    device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    logging.info(f'Device {device}\n')

    DATA_ROOT = "./data"
    fit_loader, hold_loader, _ = build_loaders(DATA_ROOT, args)

    # Adapt to your data here
    # n_channels=1 for grey images
    # n_classes is the number of scores per pixel
    net = UNetModel(n_channels=1, n_classes=args.classes)
    
    logging.info(f'Network:\n'
                 f'\t{net.n_channels} input channels\n'
                 f'\t{net.n_classes} output channels\n')

    if args.load:
        weights = torch.load(args.load, map_location=device)
        del weights['mask_values']
        net.load_state_dict(weights)
        logging.info(f'Weights read from {args.load}')

    net.to(device=device)
    try:
        fit_network(net=net,
                   fit_loader=fit_loader, 
                   hold_loader=hold_loader,
                   lr=args.lr, 
                   num_epochs=args.epochs, 
                   stop_after=args.early_stopping, 
                   patience=args.patience,
                   momentum=args.momentum,
                   weight_decay=args.weight_decay, 
                   device=device,
                   args=args)
    
    except torch.cuda.OutOfMemoryError:
        logging.error('Out of GPU memory. '
                      'Turning on checkpointing, which is slower. '
                      'Mixed precision (--amp) would also help')
        torch.cuda.empty_cache()
        net.use_checkpointing()
        fit_network(net=net,
                   fit_loader=fit_loader, 
                   hold_loader=hold_loader,
                   lr=args.lr, 
                   num_epochs=args.epochs, 
                   stop_after=args.early_stopping, 
                   patience=args.patience,
                   momentum=args.momentum,
                   weight_decay=args.weight_decay, 
                   device=device,
                   args=args)
