import numpy as np
import torch
import torch.utils.data
from torch import nn, optim
import torch.nn.functional as F
from data_loader import SmilesFrameDataset
from models import MolecularVAE
import pandas as pd
import pickle
from tqdm import tqdm

def dense_onehot(arr):
    width = len(char_to_idx)
    res = np.zeros( (arr.size,width), dtype=np.uint8)
    res[np.arange(arr.size),arr.ravel()] = 1
    res.shape = arr.shape + (width,)
    return res

def vae_objective(recon, target, mu, logvar):
    recon = recon.contiguous().view(-1)
    target = target.contiguous().view(-1)
    bce = nn.BCELoss(size_average=True)
    recon_term = pad_len * bce(recon, target)
    kl_term = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
    return recon_term + kl_term



frame = pd.read_csv("/data/zinc/zinc_cleaned.smi", header=None)
frame = frame.iloc[0:1000000,:]
print(frame.head())
print(frame.shape)
pad_len = 0


char_to_idx = set()
for row in tqdm(frame.itertuples(index=False)):
    for ch in row[0]:
        char_to_idx.add(ch)
    pad_len = max(pad_len, len(row[0]))
char_to_idx.add(' ')


char_to_idx = {ch : k for k, ch in enumerate(list(char_to_idx))}
idx_to_char = {k : ch for k, ch in enumerate(list(char_to_idx))}
print(char_to_idx)
pick = np.random.rand(len(frame)) < 0.8
frame_train = frame[~pick]
frame_test = frame[~pick]

pad_len += 2
ce = nn.CrossEntropyLoss()
train_set = SmilesFrameDataset(frame_train, char_to_idx, pad_len)
test_set  = SmilesFrameDataset(frame_test, char_to_idx, pad_len)
train_loader = torch.utils.data.DataLoader(train_set, batch_size=256, shuffle=True, num_workers = 32, pin_memory = True)
test_loader  = torch.utils.data.DataLoader(test_set, batch_size=256, shuffle=True, num_workers =  32, pin_memory = True)
torch.manual_seed(42)

n_epochs = 1000

vae = MolecularVAE(i=pad_len, c=len(char_to_idx)).cuda()
#vae = nn.DataParallel(vae)
opt = optim.Adam(vae.parameters())
sched = optim.lr_scheduler.ReduceLROnPlateau(opt, 'min', factor=0.1, patience=15, verbose=True, cooldown=10)
print_every = 100


def run_train(ep):
    vae.train()
    running = 0
    for step, (_, onehot) in enumerate(train_loader):
        onehot = onehot.cuda()
        opt.zero_grad()
        recon, mu, logvar = vae(onehot)

        loss = vae_objective(recon, onehot, mu, logvar)
        loss.backward()
        torch.nn.utils.clip_grad_norm(vae.parameters(), 5.0)

        running += loss.item()
        opt.step()
        if step % print_every == 0:
            print(f'train: {ep} / {step}\t{loss:.4f}')
    print('train', running / len(train_loader.dataset))
    return running / len(train_loader.dataset)

def run_eval(ep):
    vae.eval()
    running = 0
    for step, (codes, onehot) in enumerate(test_loader):
        codes = codes.cuda()
        onehot = onehot.cuda()

        recon, mu, logvar = vae(onehot)
        running += vae_objective(recon, onehot, mu, logvar).item()

        if step % print_every == 0:
            _, best = torch.max(recon, dim=2)
            best = best.cpu().numpy()
            truth = codes.cpu().numpy()
            for k in range(4):
                guess_row = best[k, ...]
                truth_row = truth[k, ...]
                print("INPUT : {}\nOUTPUT: {}".format(
                    "".join([idx_to_char[c] for c in truth_row]),
                    "".join([idx_to_char[c] for c in guess_row])
                ))

    print('test', running / len(test_loader))
    return running

for ep in range(1, n_epochs + 1):
    tr_loss = run_train(ep)
    va_loss = run_eval(ep)
    sched.step(va_loss)
    for group in opt.param_groups:
        lr = group['lr']
    torch.save( { 'model_state_dict' : vae.state_dict(),
                  'optimizer_state_dict' : opt.state_dict(),
                  'epoch' : ep,
                  'charset' : idx_to_char,
                  'max_len' : pad_len,
                  'lr'      : lr
    }, "vae_ckpt.pt")
