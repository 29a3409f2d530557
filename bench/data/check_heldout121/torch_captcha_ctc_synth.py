import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader
from torchvision.transforms.functional import to_tensor, to_pil_image

from captcha.image import ImageCaptcha
from tqdm import tqdm
import random
import numpy as np
from collections import OrderedDict

import string
alphabet = '-' + string.digits + string.ascii_uppercase
img_w, img_h, code_len, n_sym = 192, 64, 4, len(alphabet)
seq_steps = 12
print(alphabet, img_w, img_h, code_len, n_sym)

class SynthCaptchas(Dataset):
    def __init__(self, alphabet, size, img_w, img_h, seq_steps, code_len):
        super(SynthCaptchas, self).__init__()
        self.alphabet = alphabet
        self.size = size
        self.img_w = img_w
        self.img_h = img_h
        self.seq_steps = seq_steps
        self.code_len = code_len
        self.n_sym = len(alphabet)
        self.painter = ImageCaptcha(width=img_w, height=img_h)

    def __len__(self):
        return self.size
    
    def __getitem__(self, idx):
        code = ''.join([random.choice(self.alphabet[1:]) for j in range(self.code_len)])
        pic = to_tensor(self.painter.generate_image(code))
        ids = torch.tensor([self.alphabet.find(ch) for ch in code], dtype=torch.long)
        in_len = torch.full(size=(1, ), fill_value=self.seq_steps, dtype=torch.long)
        out_len = torch.full(size=(1, ), fill_value=self.code_len, dtype=torch.long)
        return pic, ids, in_len, out_len


# quick look at one sample
probe_set = SynthCaptchas(alphabet, 1, img_w, img_h, seq_steps, code_len)
pic, ids, in_len, out_len = probe_set[0]
print(''.join([alphabet[k] for k in ids]), in_len, out_len)
to_pil_image(pic)


# loaders over freshly drawn captchas
bs = 128
tr_set = SynthCaptchas(alphabet, 10 * bs, img_w, img_h, seq_steps, code_len)
va_set = SynthCaptchas(alphabet, 1 * bs, img_w, img_h, seq_steps, code_len)
tr_loader = DataLoader(tr_set, batch_size=bs, num_workers=12)
va_loader = DataLoader(va_set, batch_size=bs, num_workers=12)



class CaptchaNet(nn.Module):
    def __init__(self, n_sym, in_shape=(3, 64, 128)):
        super(CaptchaNet, self).__init__()
        self.in_shape = in_shape
        widths = [32, 64, 128, 256, 256]
        depths = [2, 2, 2, 2, 2]
        ksizes = [3, 3, 3, 3, 3]
        pools = [2, 2, 2, 2, (2, 1)]
        parts = OrderedDict()
        
        def conv_bn_relu(tag, c_in, c_out, k):
            parts[f'conv{tag}'] = nn.Conv2d(c_in, c_out, k,
                                               padding=(1, 1) if k == 3 else 0)
            parts[f'bn{tag}'] = nn.BatchNorm2d(c_out)
            parts[f'relu{tag}'] = nn.ReLU(inplace=True)
        
        c_prev = 3
        for blk, (c_out, n_layer, k, pool) in enumerate(zip(widths, depths, ksizes, pools)):
            for lyr in range(1, n_layer + 1):
                conv_bn_relu(f'{blk+1}{lyr}', c_prev, c_out, k)
                c_prev = c_out
            parts[f'pool{blk + 1}'] = nn.MaxPool2d(pool)
        parts[f'dropout'] = nn.Dropout(0.25, inplace=True)
        
        self.cnn = nn.Sequential(parts)
        self.lstm = nn.LSTM(input_size=self.feat_size(), hidden_size=128, num_layers=2, bidirectional=True)
        self.fc = nn.Linear(in_features=256, out_features=n_sym)
    
    def feat_size(self):
        z = torch.zeros((1,)+self.in_shape)
        z = self.cnn(z)
        z = z.reshape(z.shape[0], -1, z.shape[-1])
        return z.shape[1]

    def forward(self, x):
        x = self.cnn(x)
        x = x.reshape(x.shape[0], -1, x.shape[-1])
        x = x.permute(2, 0, 1)
        x, _ = self.lstm(x)
        x = self.fc(x)
        return x


# check the output shape once
net = CaptchaNet(n_sym, in_shape=(3, img_h, img_w))
dummy = torch.zeros((32, 3, img_h, img_w))
dummy_out = net(dummy)
print(dummy_out.shape)

# the network to train
net = CaptchaNet(n_sym, in_shape=(3, img_h, img_w))
# net = net.cuda()
print(net)

def collapse(seq):
    s = ''.join([alphabet[k] for k in seq])
    out = ''.join([ch for j, ch in enumerate(s[:-1]) if ch != alphabet[0] and ch != s[j+1]])
    if len(out) == 0:
        return ''
    if s[-1] != alphabet[0] and out[-1] != s[-1]:
        out += s[-1]
    return out

def truth_text(seq):
    return ''.join([alphabet[k] for k in seq]).replace(' ', '')

def batch_acc(ids, logits):
    best = logits.detach().permute(1, 0, 2).argmax(dim=-1)
    ids = ids.cpu().numpy()
    best = best.cpu().numpy()
    ok = np.array([truth_text(t) == collapse(p) for t, p in zip(ids, best)])
    return ok.mean()


# one training epoch
def fit_epoch(net, opt, ep, loader):
    net.train()
    run_loss = 0
    run_acc = 0
    with tqdm(loader) as bar:
        for step, (pics, ids, in_lens, out_lens) in enumerate(bar):
            # pics, ids = pics.cuda(), ids.cuda()
            
            opt.zero_grad()
            logits = net(pics)
            
            logp = F.log_softmax(logits, dim=-1)
            loss = F.ctc_loss(logp, ids, in_lens, out_lens)
            
            loss.backward()
            opt.step()

            loss = loss.item()
            acc = batch_acc(ids, logits)
            
            if step == 0:
                run_loss = loss
                run_acc = acc
            
            run_loss = 0.1 * loss + 0.9 * run_loss
            run_acc = 0.1 * acc + 0.9 * run_acc
            
            bar.set_description(f'Epoch: {ep} Loss: {run_loss:.4f} Acc: {run_acc:.4f} ')

def check_epoch(net, opt, ep, loader):
    net.eval()
    with tqdm(loader) as bar, torch.no_grad():
        loss_tot = 0
        acc_tot = 0
        for step, (pics, ids, in_lens, out_lens) in enumerate(bar):
            # pics, ids = pics.cuda(), ids.cuda()
            
            logits = net(pics)
            logp = F.log_softmax(logits, dim=-1)
            loss = F.ctc_loss(logp, ids, in_lens, out_lens)
            
            loss = loss.item()
            acc = batch_acc(ids, logits)
            
            loss_tot += loss
            acc_tot += acc
            
            avg_loss = loss_tot / (step + 1)
            avg_acc = acc_tot / (step + 1)
            
            bar.set_description(f'Val : {ep} Loss: {avg_loss:.4f} Acc: {avg_acc:.4f} ')



opt = torch.optim.Adam(net.parameters(), 1e-3, amsgrad=True)
n_epochs = 3
for ep in range(1, n_epochs + 1):
    fit_epoch(net, opt, ep, tr_loader)
    check_epoch(net, opt, ep, va_loader)
