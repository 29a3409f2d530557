from slice_set import SliceNpySet
from net import UNet
import torch
from torch.utils.data import DataLoader
from tqdm import tqdm
import settings
import torch.nn as nn
import pickle
import os
import matplotlib.pyplot as plt
from torch.utils.tensorboard import SummaryWriter
from torch.optim.lr_scheduler import ReduceLROnPlateau
from losses import DiceLoss, GeneralizedDiceLoss
from torchvision import transforms


class HardDice(nn.Module):
    def __init__(self, weight=None, size_average=True):
        super().__init__()
        self.softmax = nn.Softmax(dim=1)

    def forward(self, logits, target, eps=1):
        logits = self.softmax(logits)

        target = target[:, 1:2, ...]
        logits = torch.where(logits[:, 1:2, ...] > 0.5, 1.0, 0.0)

        logits = logits.reshape(-1)
        target = target.reshape(-1)

        inter = (logits * target).sum()
        d = (2. * inter + eps) / (logits.sum() + target.sum() + eps)

        return d


# transform
crop_tf = transforms.Compose([
    transforms.RandomCrop(256)
])

# loaders
fit_set = SliceNpySet(kind='train', location='data_npy')
chk_set = SliceNpySet(kind='valid', location='data_npy')

fit_loader = DataLoader(fit_set, batch_size=settings.BATCH_SIZE, shuffle=True,
                        pin_memory=settings.PIN_MEMORY)
chk_loader = DataLoader(chk_set, batch_size=settings.BATCH_SIZE, shuffle=False,
                        pin_memory=settings.PIN_MEMORY)

lrs = [0.0001]
os.makedirs('final_result', exist_ok=True)
for (lr_) in lrs:
    # network ####################################################################################################
    net = UNet(64, 5, use_xavier=True, use_batchNorm=True, dropout=0.5, retain_size=True, nbCls=2)

    dev_kind = 'cpu'
    n_dev = 0
    if torch.cuda.is_available():
        dev_kind = 'gpu'
        n_dev = torch.cuda.device_count()
        if n_dev > 1:
            net = torch.nn.DataParallel(net)
    net.to(settings.DEVICE)
    #############################################################################################################

    # history, optimiser, scheduler, losses ######################################################################
    hist = {'train_loss': [], 'valid_loss': [], 'dice_valid_score': []}
    n_steps = int(len(fit_set) // settings.BATCH_SIZE)
    board = SummaryWriter(log_dir='./runs/Train')
    opt = torch.optim.NAdam(net.parameters(), lr=lr_)
    sched = ReduceLROnPlateau(opt, 'min', patience=5, factor=0.25, verbose=True)
    gdl = GeneralizedDiceLoss(normalization='softmax')
    hard_dice = HardDice()
    #############################################################################################################

    # fitting ####################################################################################################
    ep_bar = tqdm(range(settings.N_EPOCHS), leave=False, position=0)
    for ep in ep_bar:
        net.train()
        sum_loss = 0
        sum_chk_loss = 0
        sum_chk_dice = 0

        n_fit = 0
        n_chk = 0

        step_bar = tqdm(range(n_steps), leave=False, position=1)
        it = iter(fit_loader)
        for k in step_bar:
            (x, y) = next(it)
            (x, y) = (x.to(settings.DEVICE), y.to(settings.DEVICE))

            out = net(x)
            loss = gdl(out, y)
            opt.zero_grad()
            loss.backward()
            opt.step()

            sum_loss += loss
            n_fit += 1
            step_bar.set_postfix({'fit_loss': "{:.4f}".format(loss)})

        with torch.no_grad():
            net.eval()
            for (x, y) in chk_loader:
                (x, y) = (x.to(settings.DEVICE), y.to(settings.DEVICE))

                out = net(x)
                chk_loss = gdl(out.clone(), y.clone())
                sum_chk_loss += chk_loss

                chk_dice = hard_dice(out, y)

                sum_chk_dice += chk_dice
                n_chk += 1

        mean_loss = (sum_loss / n_fit).cpu().detach().numpy()
        mean_chk_loss = (sum_chk_loss / n_chk).cpu().detach().numpy()
        mean_chk_dice = (sum_chk_dice / n_chk).cpu().detach().numpy()

        sched.step(mean_chk_loss)

        hist['train_loss'].append(mean_loss)
        hist['valid_loss'].append(mean_chk_loss)
        hist['dice_valid_score'].append(mean_chk_dice)

        board.add_scalar('train_loss', mean_loss, ep)
        board.add_scalar('validation_loss', mean_chk_loss, ep)
        board.add_scalar('validation_dice', mean_chk_dice, ep)

        board.add_scalars('loss', {'Train': mean_loss, 'Valid': mean_chk_loss}, ep)

        ep_bar.set_postfix({'fit_mean_loss': '{:.4f}'.format(mean_loss),
                            'chk_mean_loss': '{:.4f}'.format(mean_chk_loss),
                            'chk_mean_dice': '{:.4f}%'.format(100 * mean_chk_dice)})

        torch.save(net.state_dict(), './final_result/unet_{}.pt'.format(ep + 1))
        with open('./final_result/history_{}.pkl'.format(ep + 1), 'wb') as fh:
            pickle.dump(hist, fh)

    board.flush()
    board.close()

    print('Writing weights...\n\n')
    torch.save(net.state_dict(), './final_result/UNet.pt')

    print('Writing figure...\n\n')
    plt.style.use('ggplot')
    plt.figure(figsize=(15, 10))
    plt.plot(hist['train_loss'], label='Fit dice loss')
    plt.plot(hist['valid_loss'], label='Check dice loss')
    plt.title('Dice loss per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('Dice loss')
    plt.legend(loc='lower left')
    plt.savefig('./final_result/train_result.png')

    print('Writing history...\n\n')
    with open('./final_result/history.pkl', 'wb') as fh:
        pickle.dump(hist, fh)

print('***************done***************')
