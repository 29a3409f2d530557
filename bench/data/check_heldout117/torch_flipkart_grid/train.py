from model import Net
from dataset import BoxGridSet
import torch.optim as optim
import torch.nn as nn
from tqdm import tqdm
import numpy as np 
from functools import partial
from torch.autograd import Variable
from tensorboardX import SummaryWriter
import torch
from torch.utils.data.dataset import Dataset
from torch.optim.lr_scheduler import ReduceLROnPlateau

net = Net()
# net.to(dev)
# dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
# print(dev)

fit_set = BoxGridSet(split='Train')
# check_set = BoxGridSet(split='Val')
# n_items = len(fit_set)

fit_loader = torch.utils.data.DataLoader(
    fit_set, batch_size=256, shuffle=True, num_workers=4)
# check_loader = torch.utils.data.DataLoader(
# check_set, batch_size=32, shuffle=False, num_workers=4)

box_crit = partial(nn.functional.mse_loss, size_average=False)

opt = optim.Adam(
    net.parameters(),
    lr=0.001,
    weight_decay=0.001) 
plateau = ReduceLROnPlateau(opt, 'min', cooldown=10)
alt_opt = optim.SGD(net.parameters(), lr=0.001, weight_decay=0.005)

tb = SummaryWriter()



def store_state(state, best_so_far, fname='ckpt.pth.tar'):
    torch.save(state, fname)
    if best_so_far:
        shutil.copyfile(fname, 'ckpt_best.pth.tar')


def close_tb():
    tb.export_scalars_to_json("./scalars_dump.json")
    tb.close()



lowest = float('inf')

step_no = 0
atexit.register(close_tb)
k =0 
net.train()
for ep in range(200):
    with tqdm(total=len(fit_loader)) as bar:
        bar.set_description('Ep ', str(ep))
        epoch_sum = 0
        for it, pack in enumerate(fit_loader, 0):
            xb, yb = pack
            xb = torch.autograd.Variable(xb, requires_grad=False)
            yb = torch.autograd.Variable(yb, requires_grad=False)
            yb = yb.type(torch.FloatTensor)
            # xb, yb = xb.to(dev), yb.to(dev)
            preds = net(xb)
            hold_preds = preds[:128,:,:,:]
            hold_y = yb[:128,:,:,:]
            fit_preds = preds[128:,:,:,:]
            fit_y = yb[128:,:,:,:]
            # import pdb;pdb.set_trace()
            err = box_crit(fit_preds, fit_y)/(xb.shape[0])
            import pdb;pdb.set_trace()  

            opt.zero_grad()
            err.backward()
            opt.step()

            epoch_sum += err
            tb.add_scalar('data/fit_err', err, step_no)

            bar.set_postfix(loss=err)
            step_no += 1
            bar.update()

    epoch_sum = epoch_sum/len(fit_loader)
    tb.add_scalar('data/fit_epoch_err', epoch_sum, step_no)

    with tqdm(total=len(check_loader)) as bar:
        bar.set_description('Ep ', str(ep))

        hold_sum = 0
        net.eval()

        hold_err = box_crit(hold_preds, hold_y)/(xb.shape[0])

        hold_sum += hold_err

        bar.set_postfix(loss=hold_err)

        bar.update()

    hold_sum = hold_sum/len(check_loader)
    tb.add_scalar('data/hold_err', hold_sum, step_no)
    plateau.step(hold_sum)



#keep a snapshot 

    best_so_far = False
    if hold_sum < lowest:
        print(hold_sum)
        best_so_far = True
        lowest = hold_sum
    snap = {
        'epoch': ep,
        'state_dict': net.state_dict(),
        'train_loss': epoch_sum,
        'eval_loss': hold_sum,
        'optimizer': alt_opt.state_dict(),
    }
    store_state(snap, best_so_far)
    del snap
