import torch
import numpy as np
import scipy.io
import h5py
import torch.nn as nn

import operator
from functools import reduce
from functools import partial

#################################################
#
# helpers
#
#################################################
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

# .mat file access
class MatFileReader(object):
    def __init__(self, path, as_torch=True, on_cuda=False, as_float=True):
        super(MatFileReader, self).__init__()

        self.as_torch = as_torch
        self.on_cuda = on_cuda
        self.as_float = as_float

        self.path = path

        self.contents = None
        self.v5_format = None
        self._open()

    def _open(self):
        try:
            self.contents = scipy.io.loadmat(self.path)
            self.v5_format = True
        except:
            self.contents = h5py.File(self.path)
            self.v5_format = False

    def open_file(self, path):
        self.path = path
        self._open()

    def read_field(self, name):
        arr = self.contents[name]

        if not self.v5_format:
            arr = arr[()]
            arr = np.transpose(arr, axes=range(len(arr.shape) - 1, -1, -1))

        if self.as_float:
            arr = arr.astype(np.float32)

        if self.as_torch:
            arr = torch.from_numpy(arr)

            if self.on_cuda:
                arr = arr.cuda()

        return arr

    def use_cuda(self, on_cuda):
        self.on_cuda = on_cuda

    def use_torch(self, as_torch):
        self.as_torch = as_torch

    def use_float(self, as_float):
        self.as_float = as_float

# per-point standardisation
class PointwiseStandardizer(object):
    def __init__(self, x, eps=0.00001, time_last=True):
        super(PointwiseStandardizer, self).__init__()

        # 1D: x is ntrain*n, ntrain*T*n or ntrain*n*T
        # 2D: x is ntrain*w*l, ntrain*T*w*l or ntrain*w*l*T
        self.mu = torch.mean(x, 0)
        self.sigma = torch.std(x, 0)
        self.eps = eps
        self.time_last = time_last # True when time is the trailing axis

    def encode(self, x):
        x = (x - self.mu) / (self.sigma + self.eps)
        return x

    def decode(self, x, idx=None):
        # idx selects a subset of grid points
        if idx is None:
            sd = self.sigma + self.eps # n
            mu = self.mu
        else:
            if self.mu.ndim == idx.ndim or self.time_last:
                sd = self.sigma[idx] + self.eps  # batch*n
                mu = self.mu[idx]
            if self.mu.ndim > idx.ndim and not self.time_last:
                    sd = self.sigma[...,idx] + self.eps # T*batch*n
                    mu = self.mu[...,idx]
        # x is batch*(grid size) or T*batch*(grid size)
        x = (x * sd) + mu
        return x

    def to(self, device):
        if torch.is_tensor(self.mu):
            self.mu = self.mu.to(device)
            self.sigma = self.sigma.to(device)
        else:
            self.mu = torch.from_numpy(self.mu).to(device)
            self.sigma = torch.from_numpy(self.sigma).to(device)
        return self

    def cuda(self):
        self.mu = self.mu.cuda()
        self.sigma = self.sigma.cuda()

    def cpu(self):
        self.mu = self.mu.cpu()
        self.sigma = self.sigma.cpu()

# global standardisation
class GlobalStandardizer(object):
    def __init__(self, x, eps=0.00001):
        super(GlobalStandardizer, self).__init__()

        self.mu = torch.mean(x)
        self.sigma = torch.std(x)
        self.eps = eps

    def encode(self, x):
        x = (x - self.mu) / (self.sigma + self.eps)
        return x

    def decode(self, x, idx=None):
        x = (x * (self.sigma + self.eps)) + self.mu
        return x

    def cuda(self):
        self.mu = self.mu.cuda()
        self.sigma = self.sigma.cuda()

    def cpu(self):
        self.mu = self.mu.cpu()
        self.sigma = self.sigma.cpu()


# min-max rescaling
class MinMaxScaler(object):
    def __init__(self, x, lo=0.0, hi=1.0):
        super(MinMaxScaler, self).__init__()
        x_min = torch.min(x, 0)[0].reshape(-1)
        x_max = torch.max(x, 0)[0].reshape(-1)

        self.a = (hi - lo)/(x_max - x_min)
        self.b = -self.a*x_max + hi

    def encode(self, x):
        shp = x.size()
        x = x.reshape(shp[0], -1)
        x = self.a*x + self.b
        x = x.reshape(shp)
        return x

    def decode(self, x):
        shp = x.size()
        x = x.reshape(shp[0], -1)
        x = (x - self.b)/self.a
        x = x.reshape(shp)
        return x

#relative / absolute Lp error
class RelLpLoss(object):
    def __init__(self, d=2, p=2, size_average=True, reduction=True):
        super(RelLpLoss, self).__init__()

        #both must be positive
        assert d > 0 and p > 0

        self.d = d
        self.p = p
        self.reduction = reduction
        self.size_average = size_average

    def abs(self, x, y):
        n = x.size()[0]

        #uniform grid spacing
        h = 1.0 / (x.size()[1] - 1.0)

        norms = (h**(self.d/self.p))*torch.norm(x.reshape(n,-1) - y.reshape(n,-1), self.p, 1)

        if self.reduction:
            if self.size_average:
                return torch.mean(norms)
            else:
                return torch.sum(norms)

        return norms

    def rel(self, x, y):
        n = x.size()[0]

        err_norms = torch.norm(x.reshape(n,-1) - y.reshape(n,-1), self.p, 1)
        ref_norms = torch.norm(y.reshape(n,-1), self.p, 1)

        if self.reduction:
            if self.size_average:
                return torch.mean(err_norms/ref_norms)
            else:
                return torch.sum(err_norms/ref_norms)

        return err_norms/ref_norms

    def __call__(self, x, y):
        return self.rel(x, y)

# Sobolev-type (H^s) loss
# compares spectral derivatives of prediction and target as well
class SobolevLoss(object):
    def __init__(self, d=2, p=2, k=1, a=None, group=False, size_average=True, reduction=True):
        super(SobolevLoss, self).__init__()

        #both must be positive
        assert d > 0 and p > 0

        self.d = d
        self.p = p
        self.k = k
        self.grouped = group
        self.reduction = reduction
        self.size_average = size_average

        if a == None:
            a = [1,] * k
        self.a = a

    def rel(self, x, y):
        n = x.size()[0]
        err_norms = torch.norm(x.reshape(n,-1) - y.reshape(n,-1), self.p, 1)
        ref_norms = torch.norm(y.reshape(n,-1), self.p, 1)
        if self.reduction:
            if self.size_average:
                return torch.mean(err_norms/ref_norms)
            else:
                return torch.sum(err_norms/ref_norms)
        return err_norms/ref_norms

    def __call__(self, x, y, a=None):
        nx = x.size()[1]
        ny = x.size()[2]
        k = self.k
        grouped = self.grouped
        a = self.a
        x = x.reshape(x.shape[0], nx, ny, -1)
        y = y.reshape(y.shape[0], nx, ny, -1)

        wx = torch.cat((torch.arange(start=0, end=nx//2, step=1),torch.arange(start=-nx//2, end=0, step=1)), 0).reshape(nx,1).repeat(1,ny)
        wy = torch.cat((torch.arange(start=0, end=ny//2, step=1),torch.arange(start=-ny//2, end=0, step=1)), 0).reshape(1,ny).repeat(nx,1)
        wx = torch.abs(wx).reshape(1,nx,ny,1).to(x.device)
        wy = torch.abs(wy).reshape(1,nx,ny,1).to(x.device)

        x = torch.fft.fftn(x, dim=[1, 2])
        y = torch.fft.fftn(y, dim=[1, 2])

        if grouped==False:
            w = 1
            if k >= 1:
                w += a[0]**2 * (wx**2 + wy**2)
            if k >= 2:
                w += a[1]**2 * (wx**4 + 2*wx**2*wy**2 + wy**4)
            w = torch.sqrt(w)
            loss = self.rel(x*w, y*w)
        else:
            loss = self.rel(x, y)
            if k >= 1:
                w = a[0] * torch.sqrt(wx**2 + wy**2)
                loss += self.rel(x*w, y*w)
            if k >= 2:
                w = a[1] * torch.sqrt(wx**4 + 2*wx**2*wy**2 + wy**4)
                loss += self.rel(x*w, y*w)
            loss = loss / (k+1)

        return loss

# plain fully connected network
class FCNet(torch.nn.Module):
    def __init__(self, widths, act, out_act=None, normalize=False):
        super(FCNet, self).__init__()

        self.n_layers = len(widths) - 1

        assert self.n_layers >= 1

        self.layers = nn.ModuleList()

        for j in range(self.n_layers):
            self.layers.append(nn.Linear(widths[j], widths[j+1]))

            if j != self.n_layers - 1:
                if normalize:
                    self.layers.append(nn.BatchNorm1d(widths[j+1]))

                self.layers.append(act())

        if out_act is not None:
            self.layers.append(out_act())

    def forward(self, x):
        for _, layer in enumerate(self.layers):
            x = layer(x)

        return x


# parameter count (complex counted twice)
def n_params(model):
    total = 0
    for p in list(model.parameters()):
        total += reduce(operator.mul, 
                    list(p.size()+(2,) if p.is_complex() else p.size()))
    return total
