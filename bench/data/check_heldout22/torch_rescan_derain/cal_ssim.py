import torch
import torch.nn.functional as F
from torch.autograd import Variable
import numpy as np
from math import exp

def gauss_kernel_1d(win, std):
    taps = torch.Tensor([exp(-(x - win//2)**2/float(2*std**2)) for x in range(win)])
    return taps/taps.sum()

def make_window(win, n_ch):
    win_1d = gauss_kernel_1d(win, 1.5).unsqueeze(1)
    win_2d = win_1d.mm(win_1d.t()).float().unsqueeze(0).unsqueeze(0)
    kern = Variable(win_2d.expand(n_ch, 1, win, win).contiguous())
    return kern

def _ssim_core(img_a, img_b, kern, win, n_ch, reduce_mean = True):
    mean_a = F.conv2d(img_a, kern, padding = win//2, groups = n_ch)
    mean_b = F.conv2d(img_b, kern, padding = win//2, groups = n_ch)

    mean_a_sq = mean_a.pow(2)
    mean_b_sq = mean_b.pow(2)
    mean_ab = mean_a*mean_b

    var_a = F.conv2d(img_a*img_a, kern, padding = win//2, groups = n_ch) - mean_a_sq
    var_b = F.conv2d(img_b*img_b, kern, padding = win//2, groups = n_ch) - mean_b_sq
    cov_ab = F.conv2d(img_a*img_b, kern, padding = win//2, groups = n_ch) - mean_ab

    K1sq = 0.01**2
    K2sq = 0.03**2

    ssim_field = ((2*mean_ab + K1sq)*(2*cov_ab + K2sq))/((mean_a_sq + mean_b_sq + K1sq)*(var_a + var_b + K2sq))

    if reduce_mean:
        return ssim_field.mean()
    else:
        return ssim_field.mean(1).mean(1).mean(1)

class SSIMMetric(torch.nn.Module):
    def __init__(self, win = 11, reduce_mean = True):
        super(SSIMMetric, self).__init__()
        self.win = win
        self.reduce_mean = reduce_mean
        self.n_ch = 3
        self.kern = make_window(win, self.n_ch)

    def forward(self, img_a, img_b):
        (_, n_ch, _, _) = img_a.size()

        if n_ch == self.n_ch and self.kern.data.type() == img_a.data.type():
            kern = self.kern
        else:
            kern = make_window(self.win, n_ch)
            
            if img_a.is_cuda:
                kern = kern.cuda(img_a.get_device())
            kern = kern.type_as(img_a)
            
            self.kern = kern
            self.n_ch = n_ch


        return _ssim_core(img_a, img_b, kern, self.win, n_ch, self.reduce_mean)

def ssim_value(img_a, img_b, win = 11, reduce_mean = True):
    (_, n_ch, _, _) = img_a.size()
    kern = make_window(win, n_ch)
    
    if img_a.is_cuda:
        kern = kern.cuda(img_a.get_device())
    kern = kern.type_as(img_a)
    
    return _ssim_core(img_a, img_b, kern, win, n_ch, reduce_mean)
