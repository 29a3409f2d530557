from pyexpat import features
import copy
import math
import numpy as np
from torch.utils.data import Dataset, DataLoader
import torch.nn as nn
import torch
import torch.nn.functional as F
import copy
from datasets import load_from_disk
import io
from time import time
import pdb
from meme_clip import *
from helpers import *
import os


if __name__ == '__main__':
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    out_dir = './checkpoints/'
    # ckpt_name = 'clip_sigmoid_clip_laion-ViT-B-32-cross.pt'
    ckpt_name = 'clip_sigmoid_gradclip-cross-5maps.pt'
    print("images are resized")

    if not os.path.exists(out_dir):
        os.makedirs(out_dir)

    print("building model")
    net = MemeCLIP()
    net.to(dev)

    print("reading data")
    bs = 64
    all_splits = load_from_disk('./processed/hateful_memes_all')
    tr_raw = all_splits['train']
    print(tr_raw)
    print('wrapping splits...')
    tr_ds = MemePairs(tr_raw)
    tr_dl = DataLoader(tr_ds, shuffle=True, batch_size=bs)
    # print("first item:", tr_ds[0])
    # print("image size:", b64_to_image(tr_ds[0]['image']).size)
    dev_raw = all_splits['dev_seen']
    dev_ds = MemePairs(dev_raw)
    dev_dl = DataLoader(dev_ds, shuffle=True, batch_size=bs)

    opt = torch.optim.AdamW(net.parameters(), lr=1e-4)
    

    n_epochs = 20
    n_steps = len(tr_dl)
    ep_losses = []
    all_labels = []
    all_scores = []
    best_auc = 0
    for ep in range(n_epochs):
        net.train() # training mode
        print("-----------------------------------")
        print("epoch %d" % (ep+1))
        print("-----------------------------------")
        t0 = time()
        step_losses = []; seen= 0 ; hits=0
        best_acc = 0
        for k, batch in enumerate(tr_dl):
            t_step = time()
           
            y = batch.pop("labels").squeeze(1).to(dev)

            out = net(batch, dev)
        
            scores = out
            guess = torch.as_tensor((scores - 0.5) > 0, dtype=torch.int32)

            loss = net.bce(scores.squeeze().float(), y.float())

            opt.zero_grad()
            
            y = y.reshape(-1,1)
            seen += y.size(0)
            hits += (guess==y).sum().item()
            if (k+1)%50==0:
                # progress line
                print(f"    step [{k+1}/{n_steps}] loss: {loss.item():.4f} acc: {((guess==y).sum().item()/y.size(0)):.4f} ({(time()-t_step):.4f}s)")

            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 0.1) # gradient clipping
            opt.step()

            step_losses.append(loss.item())
            all_labels.extend(y.detach().cpu().numpy().reshape(-1).tolist())
            all_scores.extend(scores.detach().cpu().numpy().reshape(-1).tolist())
            # print(all_scores, all_labels)
            # break
        # import pdb; pdb.set_trace()

        tr_acc = hits/seen

        dev_acc, auc = accuracy_on(net, dev_dl, device=dev)

        ep_losses.append(np.mean(step_losses))
        print(f"epoch {ep+1} done in {(time()-t0):.2f}s. loss={ep_losses[-1]:.4f}. train_acc={tr_acc}. dev_acc={dev_acc}. dev_auc={auc} ({(time()-t0):.4f}s)")
    
        if auc > best_auc:
            torch.save(net, os.path.join(out_dir, ckpt_name))
            print(f"checkpoint at epoch {ep}")
            best_auc = auc

    print(f"done; model at {os.path.join(out_dir, ckpt_name)}")

# python train.py >> clip.log 2>&1&
