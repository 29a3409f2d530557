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
# helpers shared by the operator scripts
#
#################################################
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

# .mat file access
class MatReader(object):
    def __init__(self, path, to_torch=True, to_cuda=False, to_float=True):
        super(MatReader, self).__init__()

        self.to_torch = to_torch
        self.to_cuda = to_cuda
        self.to_float = to_float

        self.path = path

        self.data = None
        self.legacy = None
        self._open()

    def _open(self):
        try:
            self.data = scipy.io.loadmat(self.path)
            self.legacy = True
        except:
            self.data = h5py.File(self.path)
            self.legacy = False

    def load_file(self, path):
        self.path = path
        self._open()

    def read_field(self, name):
        arr = self.data[name]

        if not self.legacy:
            arr = arr[()]
            arr = np.transpose(arr, axes=range(len(arr.shape) - 1, -1, -1))

        if self.to_float:
            arr = arr.astype(np.float32)

        if self.to_torch:
            arr = torch.from_numpy(arr)

            if self.to_cuda:
                arr = arr.cuda()

        return arr

    def set_cuda(self, flag):
        self.to_cuda = flag

    def set_torch(self, flag):
        self.to_torch = flag

    def set_float(self, flag):
        self.to_float = flag

# per-point Gaussian standardisation
class UnitGaussianNormalizer(object):
    def __init__(self, x, eps=0.00001):
        super(UnitGaussianNormalizer, self).__init__()

        # x: (n, d), (n, T, d) or (n, d, T)
        self.mean = torch.mean(x, 0)
        self.std = torch.std(x, 0)
        self.eps = eps

    def encode(self, x):
        x = (x - self.mean) / (self.std + self.eps)
        return x

    def decode(self, x, idx=None):
        if idx is None:
            sd = self.std + self.eps # d
            mu = self.mean
        else:
            if len(self.mean.shape) == len(idx[0].shape):
                sd = self.std[idx] + self.eps  # batch*d
                mu = self.mean[idx]
            if len(self.mean.shape) > len(idx[0].shape):
                sd = self.std[:,idx]+ self.eps # T*batch*d
                mu = self.mean[:,idx]

        # x: batch*d or T*batch*d
        x = (x * sd) + mu
        return x

    def cuda(self):
        self.mean = self.mean.cuda()
        self.std = self.std.cuda()

    def cpu(self):
        self.mean = self.mean.cpu()
        self.std = self.std.cpu()

# global Gaussian standardisation
class GaussianNormalizer(object):
    def __init__(self, x, eps=0.00001):
        super(GaussianNormalizer, self).__init__()

        self.mean = torch.mean(x)
        self.std = torch.std(x)
        self.eps = eps

    def encode(self, x):
        x = (x - self.mean) / (self.std + self.eps)
        return x

    def decode(self, x, idx=None):
        x = (x * (self.std + self.eps)) + self.mean
        return x

    def cuda(self):
        self.mean = self.mean.cuda()
        self.std = self.std.cuda()

    def cpu(self):
        self.mean = self.mean.cpu()
        self.std = self.std.cpu()


# min-max scaling to [low, high]
class RangeNormalizer(object):
    def __init__(self, x, low=0.0, high=1.0):
        super(RangeNormalizer, self).__init__()
        lo = torch.min(x, 0)[0].view(-1)
        hi = torch.max(x, 0)[0].view(-1)

        self.a = (high - low)/(hi - lo)
        self.b = -self.a*hi + high

    def encode(self, x):
        sz = x.size()
        x = x.view(sz[0], -1)
        x = self.a*x + self.b
        x = x.view(sz)
        return x

    def decode(self, x):
        sz = x.size()
        x = x.view(sz[0], -1)
        x = (x - self.b)/self.a
        x = x.view(sz)
        return x

# relative / absolute Lp error
class LpLoss(object):
    def __init__(self, d=2, p=2, size_average=True, reduction=True):
        super(LpLoss, self).__init__()

        # dimension and norm order must be positive
        assert d > 0 and p > 0

        self.d = d
        self.p = p
        self.reduction = reduction
        self.size_average = size_average

    def abs(self, x, y):
        n = x.size()[0]

        # uniform grid spacing
        h = 1.0 / (x.size()[1] - 1.0)

        norms = (h**(self.d/self.p))*torch.norm(x.view(n,-1) - y.view(n,-1), self.p, 1)

        if self.reduction:
            if self.size_average:
                return torch.mean(norms)
            else:
                return torch.sum(norms)

        return norms

    def rel(self, x, y):
        n = x.size()[0]

        err = torch.norm(x.reshape(n,-1) - y.reshape(n,-1), self.p, 1)
        ref = torch.norm(y.reshape(n,-1), self.p, 1)

        if self.reduction:
            if self.size_average:
                return torch.mean(err/ref)
            else:
                return torch.sum(err/ref)

        return err/ref

    def __call__(self, x, y):
        return self.rel(x, y)

# Sobolev-type loss that also compares spectral derivatives
# of prediction and target
class HsLoss(object):
    def __init__(self, d=2, p=2, k=1, a=None, group=False, size_average=True, reduction=True):
        super(HsLoss, self).__init__()

        # dimension and norm order must be positive
        assert d > 0 and p > 0

        self.d = d
        self.p = p
        self.k = k
        self.balanced = group
        self.reduction = reduction
        self.size_average = size_average

        if a == None:
            a = [1,] * k
        self.a = a

    def rel(self, x, y):
        n = x.size()[0]
        err = torch.norm(x.reshape(n,-1) - y.reshape(n,-1), self.p, 1)
        ref = torch.norm(y.reshape(n,-1), self.p, 1)
        if self.reduction:
            if self.size_average:
                return torch.mean(err/ref)
            else:
                return torch.sum(err/ref)
        return err/ref

    def __call__(self, x, y, a=None):
        nx = x.size()[1]
        ny = x.size()[2]
        k = self.k
        balanced = self.balanced
        a = self.a
        x = x.view(x.shape[0], nx, ny, -1)
        y = y.view(y.shape[0], nx, ny, -1)

        kx = torch.cat((torch.arange(start=0, end=nx//2, step=1),torch.arange(start=-nx//2, end=0, step=1)), 0).reshape(nx,1).repeat(1,ny)
        ky = torch.cat((torch.arange(start=0, end=ny//2, step=1),torch.arange(start=-ny//2, end=0, step=1)), 0).reshape(1,ny).repeat(nx,1)
        kx = torch.abs(kx).reshape(1,nx,ny,1).to(x.device)
        ky = torch.abs(ky).reshape(1,nx,ny,1).to(x.device)

        x = torch.fft.fftn(x, dim=[1, 2])
        y = torch.fft.fftn(y, dim=[1, 2])

        if balanced==False:
            w = 1
            if k >= 1:
                w += a[0]**2 * (kx**2 + ky**2)
            if k >= 2:
                w += a[1]**2 * (kx**4 + 2*kx**2*ky**2 + ky**4)
            w = torch.sqrt(w)
            loss = self.rel(x*w, y*w)
        else:
            loss = self.rel(x, y)
            if k >= 1:
                w = a[0] * torch.sqrt(kx**2 + ky**2)
                loss += self.rel(x*w, y*w)
            if k >= 2:
                w = a[1] * torch.sqrt(kx**4 + 2*kx**2*ky**2 + ky**4)
                loss += self.rel(x*w, y*w)
            loss = loss / (k+1)

        return loss

# plain fully connected network
class DenseNet(torch.nn.Module):
    def __init__(self, widths, act, out_act=None, normalize=False):
        super(DenseNet, self).__init__()

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
        for _, lay in enumerate(self.layers):
            x = lay(x)

        return x


# count real-valued parameters (complex counted twice)
def count_params(net):
    total = 0
    for prm in list(net.parameters()):
        total += reduce(operator.mul, 
                    list(prm.size()+(2,) if prm.is_complex() else prm.size()))
    return total
