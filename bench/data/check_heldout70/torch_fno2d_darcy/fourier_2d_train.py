import os
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.parameter import Parameter

import matplotlib.pyplot as plt

import operator
from functools import reduce
from functools import partial

from timeit import default_timer
from utilities3 import *
import scipy
from logger import Logger

from PIDAO_SI_AAdRMS import PIDAccOptimizer_SI_AAdRMS
from AdaHB import Adaptive_HB


# torch.manual_seed(0)
# np.random.seed(0)


################################################################
# spectral layer
################################################################
class FourierMix2d(nn.Module):
    def __init__(self, c_in, c_out, k1, k2):
        super(FourierMix2d, self).__init__()

        """
        Spectral convolution: forward FFT, mode-wise linear map, inverse FFT.    
        """

        self.c_in = c_in
        self.c_out = c_out
        self.k1 = k1  # retained modes along the first axis (<= N/2 + 1)
        self.k2 = k2

        self.scale = (1 / (c_in * c_out))
        self.wA = nn.Parameter(
            self.scale * torch.rand(c_in, c_out, self.k1, self.k2, dtype=torch.cfloat))
        self.wB = nn.Parameter(
            self.scale * torch.rand(c_in, c_out, self.k1, self.k2, dtype=torch.cfloat))

    # complex channel mixing
    def cmul(self, a, w):
        # (b, i, x, y) x (i, o, x, y) -> (b, o, x, y)
        return torch.einsum("bixy,ioxy->boxy", a, w)

    def forward(self, x):
        nb = x.shape[0]
        # real FFT over the two spatial axes
        spec = torch.fft.rfft2(x)

        # keep and mix the low modes only
        mixed = torch.zeros(nb, self.c_out, x.size(-2), x.size(-1) // 2 + 1, dtype=torch.cfloat,
                             device=x.device)
        mixed[:, :, :self.k1, :self.k2] = \
            self.cmul(spec[:, :, :self.k1, :self.k2], self.wA)
        mixed[:, :, -self.k1:, :self.k2] = \
            self.cmul(spec[:, :, -self.k1:, :self.k2], self.wB)

        # back to the grid
        x = torch.fft.irfft2(mixed, s=(x.size(-2), x.size(-1)))
        return x


class OperatorNet2d(nn.Module):
    def __init__(self, k1, k2, width):
        super(OperatorNet2d, self).__init__()

        """
        Four spectral blocks between a lifting and a projection map.
        1. lift (a, x, y) to `width` channels with self.lift
        2. four blocks u' = (W + K)(u), W pointwise (self.pw*), K spectral (self.sp*)
        3. project to one channel with self.head1 and self.head2
        
        
        input: coefficient field plus coordinates (a(x, y), x, y)
        input shape: (batch, x=s, y=s, c=3)
        output: the pressure solution 
        output shape: (batch, x=s, y=s, c=1)
        """

        self.k1 = k1
        self.k2 = k2
        self.width = width
        self.lift = nn.Linear(3, self.width)  # three inputs: a(x, y), x, y

        self.sp0 = FourierMix2d(self.width, self.width, self.k1, self.k2)
        self.sp1 = FourierMix2d(self.width, self.width, self.k1, self.k2)
        self.sp2 = FourierMix2d(self.width, self.width, self.k1, self.k2)
        self.sp3 = FourierMix2d(self.width, self.width, self.k1, self.k2)
        self.pw0 = nn.Conv1d(self.width, self.width, 1)
        self.pw1 = nn.Conv1d(self.width, self.width, 1)
        self.pw2 = nn.Conv1d(self.width, self.width, 1)
        self.pw3 = nn.Conv1d(self.width, self.width, 1)

        self.head1 = nn.Linear(self.width, 128)
        self.head2 = nn.Linear(128, 1)

    def forward(self, x):
        nb = x.shape[0]
        nx, ny = x.shape[1], x.shape[2]

        x = self.lift(x)
        x = x.permute(0, 3, 1, 2)

        a1 = self.sp0(x)
        a2 = self.pw0(x.view(nb, self.width, -1)).view(nb, self.width, nx, ny)
        x = a1 + a2
        x = F.relu(x)

        a1 = self.sp1(x)
        a2 = self.pw1(x.view(nb, self.width, -1)).view(nb, self.width, nx, ny)
        x = a1 + a2
        x = F.relu(x)

        a1 = self.sp2(x)
        a2 = self.pw2(x.view(nb, self.width, -1)).view(nb, self.width, nx, ny)
        x = a1 + a2
        x = F.relu(x)

        a1 = self.sp3(x)
        a2 = self.pw3(x.view(nb, self.width, -1)).view(nb, self.width, nx, ny)
        x = a1 + a2

        x = x.permute(0, 2, 3, 1)
        x = self.head1(x)
        x = F.relu(x)
        x = self.head2(x)

        return x


def make_optimizer(net, which, base_lr):
    lr_ar = base_lr
    eq_mom = 0.7
    mom_ar = (1 / eq_mom - 1) / lr_ar
    kp = 4
    ki_ar = 4
    kd_ar = 1
    kp_ar = kp * lr_ar * (1 + mom_ar * lr_ar) / lr_ar ** 2
    table = {
        'Adam': torch.optim.Adam(net.parameters(), lr=kp*base_lr, weight_decay=1e-4),
        'AdamW': torch.optim.AdamW(net.parameters(), lr=kp*lr_ar, weight_decay=1e-4),
        'RMSprop': torch.optim.RMSprop(net.parameters(),lr=kp*lr_ar,alpha=0.99,eps=1e-08,weight_decay=1e-4,momentum=0,centered=False),
        'PIDAO': PIDAccOptimizer_SI_AAdRMS(net.parameters(), lr=lr_ar, weight_decay=1e-4,momentum=mom_ar, kp=kp_ar, ki=ki_ar, kd=kd_ar
        ),
        'AdaHB': Adaptive_HB(net.parameters(), lr=kp*lr_ar, weight_decay=1e-4, momentum_init=0.9),
    }
    return table[which]


def run_darcy(res, run_id, log, opt, net):
    """
    Parameters
    ----------
    res : grid resolution used for training
    run_id : index of the output folder
    """

    ################################################################
    # settings
    ################################################################
    FIT_FILE = 'datasets_FNO/piececonst_r421_N1024_smooth1.mat'
    EVAL_FILE = 'datasets_FNO/piececonst_r421_N1024_smooth1.mat'

    n_fit = 1000  # first 1000 samples
    n_eval = 100  # last 100 samples

    bs = 20

    n_epochs = 300
    decay_every = 100
    decay = .6

    s = res
    r = (421 - 1) // (s - 1)

    ################################################################
    # read the fields and normalise them
    ################################################################
    mat = MatReader(FIT_FILE)
    a_fit = mat.read_field('coeff')[:n_fit, ::r, ::r][:, :s, :s]  # permeability
    u_fit = mat.read_field('sol')[:n_fit, ::r, ::r][:, :s, :s]  # pressure

    mat.load_file(EVAL_FILE)
    a_eval = mat.read_field('coeff')[-n_eval:, ::r, ::r][:, :s, :s]  # permeability
    u_eval = mat.read_field('sol')[-n_eval:, ::r, ::r][:, :s, :s]  # pressure

    a_norm = UnitGaussianNormalizer(a_fit)
    a_fit = a_norm.encode(a_fit)
    a_eval = a_norm.encode(a_eval)
    u_norm = UnitGaussianNormalizer(u_fit)
    u_fit = u_norm.encode(u_fit)

    axes = []
    line = np.linspace(0, 1, 421).reshape(421, 1).astype(np.float64)
    axes.append(line[::r, :])
    axes.append(line[::r, :])
    mesh = np.vstack([g.ravel() for g in np.meshgrid(*axes)]).T
    mesh = mesh.reshape(1, s, s, 2)
    mesh = torch.tensor(mesh, dtype=torch.float)
    a_fit = torch.cat([a_fit.reshape(n_fit, s, s, 1), mesh.repeat(n_fit, 1, 1, 1)], dim=3)
    a_eval = torch.cat([a_eval.reshape(n_eval, s, s, 1), mesh.repeat(n_eval, 1, 1, 1)], dim=3)

    # a_fit = a_fit.reshape(n_fit,s,s,1)
    # a_eval = a_eval.reshape(n_eval,s,s,1)

    fit_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(a_fit, u_fit), batch_size=bs,
                                               shuffle=True)
    eval_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(a_eval, u_eval), batch_size=bs,
                                              shuffle=False)

    ################################################################
    # optimisation loop
    ################################################################
    net = net
    print(count_params(net))

    opt = opt
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=decay_every, gamma=decay)

    t_begin = default_timer()
    rel_l2 = LpLoss(size_average=False)
    u_norm.cuda()
    for ep in range(n_epochs):
        net.train()
        t1 = default_timer()
        fit_l2 = 0
        fit_mse = 0
        for xb, yb in fit_loader:
            xb, yb = xb.cuda(), yb.cuda()

            opt.zero_grad()
            pred = net(xb).reshape(bs, s, s)

            mse = F.mse_loss(pred.view(bs, -1), yb.view(bs, -1), reduction='mean')
            # mse.backward()

            pred = u_norm.decode(pred)
            yb = u_norm.decode(yb)
            loss = rel_l2(pred.view(bs, -1), yb.view(bs, -1))
            loss.backward()

            opt.step()
            fit_mse += mse.item()
            fit_l2 += loss.item()

        sched.step()

        net.eval()
        eval_l2 = 0.0
        with torch.no_grad():
            for xb, yb in eval_loader:
                xb, yb = xb.cuda(), yb.cuda()
                pred = net(xb).reshape(bs, s, s)
                pred = u_norm.decode(pred)
                eval_l2 += rel_l2(pred.view(bs, -1), yb.view(bs, -1)).item()

        fit_mse /= len(fit_loader)
        fit_l2 /= n_fit
        eval_l2 /= n_eval

        t2 = default_timer()
        # print(ep, t2-t1, fit_l2, eval_l2)
        print("epoch %d, %.3f s, train mse %.3e, train rel-l2 %.4f, test rel-l2 %.4f"
              % (ep, t2 - t1, fit_mse, fit_l2, eval_l2))
        log.append([ep, t2 - t1, fit_mse, fit_l2, eval_l2])

    total = default_timer() - t_begin
    print("\n=============================")
    print("finished")
    print('wall time: %.3f' % (total))
    print("=============================\n")


if __name__ == "__main__":

    grid_res = 29
    run_id = 0

    out_dir = 'results/'
    exists = os.path.exists(out_dir)
    if not exists:
        os.makedirs(out_dir)

    modes = 12
    width = 32
    net = OperatorNet2d(modes, modes, width).cuda()
    torch.save(net, out_dir + 'initial_net.pkl')

    base_lr = 1e-3

    to_try = [
        # 'PIDAO', 'Adam', 
        'AdamW',
        # 'RMSprop', 'AdaHB'
               ]
    for which in to_try:
        net = torch.load(out_dir + 'initial_net.pkl')
        dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
        net.to(dev)
        log = Logger(out_dir + '/' + which + '.txt')
        log.set_names(['Epoch', 'time', 'Train Loss', 'Train L_2', 'Test L_2'])
        opt = make_optimizer(net, which, base_lr)
        print('training with the {0} optimizer'.format(which))
        run_darcy(grid_res, run_id, log, opt, net)










