import os, sys
parent_dir = os.path.abspath(os.path.join('../'))
if parent_dir not in sys.path:
    sys.path.append(parent_dir)
    
import numpy as np
import timeit
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import optim
import h5py
import argparse

from functions.helpers_deeplearning import get_device, get_batch_size, loss_criterion, RunningAverage, EarlyStopper
from functions.fno_model import FNO_3D
from functions.data_loader import WavefieldSampleSet


ap = argparse.ArgumentParser(prefix_chars='@')
ap.add_argument('@S_in', type=int, default=32, help="horizontal grid size of the input")
ap.add_argument('@S_in_z', type=int, default=32, help="vertical grid size of the input")
ap.add_argument('@S_out', type=int, default=32, help="horizontal grid size of the output")
ap.add_argument('@T_out', type=int, default=320, help="number of output time steps")
ap.add_argument('@Ntrain', type=int, default=27000, help="training samples")
ap.add_argument('@Nval', type=int, default=3000, help="validation samples")
ap.add_argument('@batch_size', type=int, default=16, help = 'samples per batch')
ap.add_argument('@epochs', type=int, default=200, help = 'maximum epochs')
ap.add_argument('@dv', type=int, default=16, help = "channels after lifting")
ap.add_argument('@list_dv', type=int, nargs='+', default = [16, 16, 16, 16], help = "channels of each block")
ap.add_argument('@list_D1', type=int, nargs='+', default = [32, 32, 32, 32], help = "size along axis 1 after each block")
ap.add_argument('@list_D2', type=int, nargs='+', default = [32, 32, 32, 32], help = "size along axis 2 after each block")
ap.add_argument('@list_D3', type=int, nargs='+', default = [64, 128, 256, 320], help = "size along axis 3 after each block")
ap.add_argument('@list_M1', type=int, nargs='+', default = [16, 16, 16, 16], help = "Fourier modes along axis 1")
ap.add_argument('@list_M2', type=int, nargs='+', default = [16, 16, 16, 16], help = "Fourier modes along axis 2")
ap.add_argument('@list_M3', type=int, nargs='+', default = [16, 32, 32, 32], help = "Fourier modes along axis 3")
ap.add_argument('@padding', type=int, default=0, help = "padding on each side of x and y")
ap.add_argument('@learning_rate', type=float, default=0.0006, help='step size')
ap.add_argument('@loss_weights', type=float, nargs='+', default = [1.0, 0.0], help = "weights of the L1 and L2 terms")
ap.add_argument('@dir_data_train', type=str, nargs='+', default=['inputs3D_S32_Z32_T320_fmax5_train'], help="training data folders")
ap.add_argument('@dir_data_val', type=str, nargs='+', default=['inputs3D_S32_Z32_T320_fmax5_val'], help="validation data folders")
ap.add_argument('@additional_name', type=str, default="", help="suffix for output names")
cfg = ap.parse_args().__dict__


data_root = './inputs/'
bs = cfg['batch_size']
n_train = cfg['Ntrain']
n_val = cfg['Nval']
lr = cfg['learning_rate']
wd = 0.00001
patience = 60 # epochs without validation improvement before stopping
n_epochs = cfg['epochs']
w_loss = cfg['loss_weights']


# operator hyper-parameters
d_v = cfg['dv']
S_in = cfg['S_in']
S_in_z = cfg['S_in_z']
S_out = cfg['S_out']
in_width = 6
T_out = cfg['T_out']
padding = cfg['padding']


if __name__ == '__main__':
    
    ### data
    fit_set = WavefieldSampleSet(data_root, cfg['dir_data_train'], S_in=S_in, S_in_z=S_in_z, S_out=S_out, T_out=T_out, transform_a='normal', N=n_train)
    check_set = WavefieldSampleSet(data_root, cfg['dir_data_val'], S_in=S_in, S_in_z=S_in_z, S_out=S_out, T_out=T_out, transform_a='normal', N=n_val)

    fit_loader = torch.utils.data.DataLoader(fit_set,
                                               batch_size=bs,
                                               shuffle=True,
                                               pin_memory=True,
                                               num_workers=2)
    
    check_loader = torch.utils.data.DataLoader(check_set,
                                             batch_size=bs,
                                             shuffle=True,
                                             pin_memory=True,
                                             num_workers=2)

    print(f'{len(fit_set)} training and {len(check_set)} validation samples')
    

    ### network
    dev = get_device()
    print('device: ', dev)

    list_dv = np.array(cfg['list_dv'])
    list_D1 = np.array(cfg['list_D1'])
    list_D2 = np.array(cfg['list_D2'])
    list_D3 = np.array(cfg['list_D3'])
    list_M1 = np.array(cfg['list_M1'])
    list_M2 = np.array(cfg['list_M2'])
    list_M3 = np.array(cfg['list_M3'])

    net = FNO_3D(in_width, d_v, S_in, list_dv, list_D1, list_D2, list_D3, list_M1, list_M2, list_M3, padding=padding)
    
    if torch.cuda.device_count() >= 1:
        n_gpus = torch.cuda.device_count()
    else:
        n_gpus = 0
    print(f'{n_gpus} GPUs available')
    net.to(dev)
    
    run_name = f"FNO3D-dv{d_v}-S{S_in}-T{T_out}-padding{padding}-learningrate{str(lr).replace('.','p')}-" \
        f"L1loss{str(w_loss[0]).replace('.','p')}-L2loss{str(w_loss[1]).replace('.','p')}-"
    run_name += f"Ntrain{n_train}-batchsize{bs}"
    run_name += cfg['additional_name']

    # per-epoch loss history
    fit_hist = {'loss_relative':[], 'loss_absolute':[]}
    check_hist = {'loss_relative':[], 'loss_absolute':[]}
    best = np.inf

    
    ### optimisation
    opt = optim.Adam(net.parameters(), lr=lr, betas=(0.9, 0.999))
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, 'min', factor=0.5, patience=10, verbose=True) 
    stopper = EarlyStopper(patience=patience, min_delta=0.0001)


    ### training loop
    for ep in range(n_epochs):
        t_start = timeit.default_timer()
        net.train()
        fit_rel = RunningAverage()
        fit_abs = RunningAverage()
        
        # one pass over the training files
        for b in fit_loader:
            mat = b[0].to(dev)
            vE = b[1].to(dev)
            vN = b[2].to(dev)
            vZ = b[3].to(dev)
            pE, pN, pZ = net(mat)
            l_rel = loss_criterion((pE,pN,pZ), (vE,vN,vZ), w_loss, relative=True)
            l_abs = loss_criterion((pE,pN,pZ), (vE,vN,vZ), w_loss, relative=False)
            
            fit_rel.update(l_rel.item(), get_batch_size(mat))
            fit_abs.update(l_abs.item(), get_batch_size(mat))
            
            # backward pass and update
            opt.zero_grad()
            l_rel.backward()
            opt.step()
        
        fit_hist['loss_relative'].append(fit_rel.avg)
        fit_hist['loss_absolute'].append(fit_abs.avg)

        # validation pass
        net.eval()
        with torch.no_grad():
            check_rel = RunningAverage()
            check_abs = RunningAverage()

            # over the validation files
            for b in check_loader:
                mat = b[0].to(dev)
                vE = b[1].to(dev)
                vN = b[2].to(dev)
                vZ = b[3].to(dev)
                pE, pN, pZ = net(mat)
                l_rel_chk = loss_criterion((pE,pN,pZ), (vE,vN,vZ), w_loss, relative=True)
                l_abs_chk = loss_criterion((pE,pN,pZ), (vE,vN,vZ), w_loss, relative=False)

                check_rel.update(l_rel_chk.item(), get_batch_size(mat))
                check_abs.update(l_abs_chk.item(), get_batch_size(mat))

            check_hist['loss_relative'].append(check_rel.avg)
            check_hist['loss_absolute'].append(check_abs.avg)
            
            sched.step(check_rel.avg)

            t_end = timeit.default_timer()
            print(f'epoch {ep+1}/{n_epochs}: {t_end-t_start:.2f}s - train loss {fit_rel.avg:.5f} - val loss {check_rel.avg:.5f}'\
                  f' - train abs {fit_abs.avg:.5f} - val abs {check_abs.avg:.5f}')

            # keep the best weights
            if check_rel.avg < best:
                best = check_rel.avg
                torch.save(net.state_dict(), './logs/models/bestmodel-'+run_name+f'-epochs{n_epochs}.pt')
            
            if stopper.early_stop(check_rel.avg):
                break

            # periodic loss dump
            if ep%2==0 and ep>0:
                with h5py.File(f'./logs/loss/loss-{run_name}-epoch{ep}on{n_epochs}.h5', 'w') as fh:
                    fh.create_dataset('train_loss_relative', data=fit_hist['loss_relative'])
                    fh.create_dataset('train_loss_absolute', data=fit_hist['loss_absolute'])
                    fh.create_dataset('val_loss_relative', data=check_hist['loss_relative'])
                    fh.create_dataset('val_loss_absolute', data=check_hist['loss_absolute'])

                # drop the previous dump
                last_dump = ep
                if ep>2:
                    os.remove(f'./logs/loss/loss-{run_name}-epoch{ep-2}on{n_epochs}.h5')

    # final loss dump
    with h5py.File(f'./logs/loss/loss-{run_name}-epochs{ep+1}.h5', 'w') as fh:
        fh.create_dataset('train_loss_relative', data=fit_hist['loss_relative'])
        fh.create_dataset('train_loss_absolute', data=fit_hist['loss_absolute'])
        fh.create_dataset('val_loss_relative', data=check_hist['loss_relative'])
        fh.create_dataset('val_loss_absolute', data=check_hist['loss_absolute'])

    os.remove(f'./logs/loss/loss-{run_name}-epoch{last_dump}on{n_epochs}.h5')
    
