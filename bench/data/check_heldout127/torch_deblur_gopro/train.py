import argparse
import os
import copy
import torch
from torch import nn
import torch.optim as optim
import torch.backends.cudnn as cudnn
from torch.utils.data.dataloader import DataLoader
from tqdm import tqdm
from matplotlib import pyplot as plt
import numpy as np

from Model import getModel
from dataset import getDataset
from utils import calc_psnr, AverageMeter

if __name__ == '__main__':
    # command line options
    cli = argparse.ArgumentParser()
    cli.add_argument('--lr', type=float, default=0.0001)
    cli.add_argument('--batch-size', type=int, default=4)
    cli.add_argument('--num-epochs', type=int, default=500)
    cli.add_argument('--seed', type=int, default=42)
    opts = cli.parse_args()
    
    # pick the accelerator when there is one
    dev = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
    print("Running on {}".format(dev))
    
    # build the three splits
    tr_set, va_set, te_set = getDataset()
    print("Splits are ready")
    
    # loaders over the splits
    bs = opts.batch_size
    tr_loader = DataLoader(tr_set, bs, shuffle=True)
    va_loader = DataLoader(va_set, bs, shuffle=False)
    te_loader = DataLoader(te_set, bs, shuffle=False)
    
    # network
    net = getModel()
    net.to(dev)
    print("Network is built")
    
    # fitting
    save_dir = 'Saves/Model_Saves/'
    
    if not os.path.exists(save_dir):
        os.makedirs(save_dir)
    
    cudnn.benchmark = True
    torch.manual_seed(opts.seed)
    
    mse = nn.MSELoss()
    opt = optim.Adam(net.parameters(), lr = opts.lr)
    
    top_state = copy.deepcopy(net.state_dict())
    top_epoch = 0
    top_psnr = 0.0
    n_epochs = opts.num_epochs
    psnr_log = []
    tr_log = []
    va_log = [] 
    
    for ep in range(n_epochs):
        net.train()
        meter = AverageMeter()
    
        with tqdm(total=(len(tr_set) - len(tr_set) % bs)) as bar:
            bar.set_description('ep: {}/{}'.format(ep+1, n_epochs))
            tr_sum = 0.0
            for pair in tr_loader:
                blurry, sharp = pair
    
                blurry = blurry.to(dev)
                sharp = sharp.to(dev)
    
                out = net(blurry)
    
                err = mse(out, sharp)
    
                meter.update(err.item(), len(blurry))
    
                opt.zero_grad()
                err.backward()
                opt.step()
                tr_sum+=err.item()
    
                bar.set_postfix(loss='{:.6f}'.format(meter.avg))
                bar.update(len(blurry))
    
        torch.save(net.state_dict(), os.path.join(save_dir, 'ep_{}.pth'.format(ep)))
    
        net.eval()
        score = AverageMeter()
        va_sum = 0
        for pair in va_loader:
            blurry, sharp = pair
    
            blurry = blurry.to(dev)
            sharp = sharp.to(dev)
    
            with torch.no_grad():
                out = net(blurry)
                err = mse(out, sharp)
                va_sum += err.item()
                out = out.clamp(0.0, 1.0)
    
            score.update(calc_psnr(out, sharp), len(blurry))
    
        print('train loss: {:.6f}'.format(tr_sum/len(tr_set)))
        print('val loss: {:.6f}'.format(va_sum/len(va_set)))
        print('val psnr: {:.2f}'.format(score.avg))
        psnr_log.append(score.avg.cpu())
        tr_log += [tr_sum/len(tr_set)]
        va_log += [va_sum/len(va_set)]
    
        if score.avg > top_psnr:
            top_epoch = ep
            top_psnr = score.avg
            top_state = copy.deepcopy(net.state_dict())
    
    print('top epoch: {}, psnr: {:.2f}'.format(top_epoch, top_psnr))
    torch.save(top_state, os.path.join(save_dir,'top.pth'))
    
    # figures and saved arrays
    plt.figure()
    plt.plot(tr_log, 'b',label="train loss")
    plt.plot(va_log, 'r',label = "val loss")
    plt.title('Loss per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('Loss')
    plt.legend()
    plt.savefig('Saves/Graphs/loss_graph.jpg')
    
    plt.figure()
    plt.plot(psnr_log)
    plt.title('PSNR per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('PSNR')
    plt.savefig('Saves/Graphs/psnrs_graph.jpg')
    
    print("Figures written")
    
    psnr_arr = np.array(psnr_log)
    tr_arr = np.array(tr_log)
    va_arr = np.array(va_log)
    
    np.save('Saves/Arrays/psnrs.npy', psnr_arr)
    np.save('Saves/Arrays/val_history.npy',va_arr)
    np.save('Saves/Arrays/train_history.npy',tr_arr)
    
    print("Arrays written")
