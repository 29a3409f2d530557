
import math
import os
import time
from tqdm import tqdm
import pandas as pd
from torch.optim.lr_scheduler import MultiStepLR
import text_classifier as TC
import yelp_dataset as YD
import torch
import torch.nn as nn
import torch.optim as optim
import torch.nn.functional as F
import torch.backends.cudnn as cudnn
import numpy as np



# settings
bs = 2048
n_blocks = 4
width = 50
seq_len = 100
n_heads = 10
p_drop = 0.1
emb_dim = 50
n_classes = 5
n_epochs = 20
lr0 = 0.0001
attn_kind = 'quintic'



train_ds = YD.ReviewTokens(path = 'train_set')
test_ds = YD.ReviewTokens(path = 'test_set')


# device 
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(dev)
glove_weights = torch.load('./embedding_weights.pt')
# the network
net = TC.ReviewNet(embedding_weights = glove_weights, 
                             sentence_length = seq_len,
                             embedding_dim = emb_dim,
                             num_classes = n_classes,
                             dim = width,
                             depth = n_blocks,
                             heads = n_heads,
                             mlp_dim = width,
                             dropout = p_drop,
                             attention_type = attn_kind)
first_epoch = 0


net = nn.DataParallel(net)
net = net.to(dev)
opt = optim.Adam(net.parameters(), lr = lr0)






train_loader = torch.utils.data.DataLoader(train_ds, batch_size=bs,
                                          shuffle=True, num_workers=2)

test_loader = torch.utils.data.DataLoader(test_ds, batch_size=bs,
                                         shuffle=False, num_workers=2)

stars = ('1 star', '2 star', '3 star', '4 star', '5 star')



t0 = time.time()
#net = net.to(dev)    
ce = nn.CrossEntropyLoss()
#decay = lambda ep: 0.89**(2*ep)
sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, n_epochs)
tr_acc_hist = np.zeros(n_epochs)
te_acc_hist = np.zeros(n_epochs)
lr_hist = np.zeros(n_epochs)

for ep in range(n_epochs):
    
    lr = opt.param_groups[0]["lr"]
    print(f'lr now: {lr}')
    lr_hist[ep] = lr
    tr_hits = 0
    tr_seen = 0    
    for step, (xb, yb) in enumerate(tqdm(train_loader)):
        if torch.cuda.is_available():
            xb, yb = xb.to(dev), yb.to(dev)
        net.train()
        opt.zero_grad()
        logits = net(xb)
        loss = ce(logits, yb)
        loss.backward()
        #torch.nn.utils.clip_grad_norm_(net.parameters(), 1)
        opt.step()
        _, guess = torch.max(logits.data, 1)
        tr_hits += (guess == yb).sum().item()
        tr_seen += yb.size(0)
        if step%100 == 0:
            print(f'loss: {loss.item()}')
    sched.step()
    te_hits = 0
    te_seen = 0
    with torch.no_grad():
        for xb, yb in test_loader:
            xb, yb = xb.to(dev), yb.to(dev)
            # scores for the held-out reviews
            net.eval()
            logits = net(xb)
            # the top-scoring class is the prediction
            _, guess = torch.max(logits.data, 1)
            te_seen += yb.size(0)
            te_hits += (guess == yb).sum().item()
    tr_acc, te_acc = tr_hits/tr_seen, te_hits/te_seen
    tr_acc_hist[ep] = tr_acc
    te_acc_hist[ep] = te_acc
    '''if ep >= 2 and False:
        if te_acc_hist[ep] - te_acc_hist[ep-1] < 0.01:
            lr = lr * 0.75
            for g in opt.param_groups:
                g['lr'] = lr'''
    print(f'epoch {ep + 1 + first_epoch}: train acc {tr_acc}, test acc {te_acc}')
elapsed = time.time() - t0


'''old_hist = None
try:
    old_hist = pd.read_csv('run_history')
except:
   old_hist = None
   print('no earlier history')'''



#hist_df = pd.DataFrame({'tr_acc':tr_acc_hist, 'te_acc':te_acc_hist})

'''if old_hist is not None:
    old_hist = old_hist.append(hist_df).reset_index(drop = True)
    old_hist.to_csv('run_history')
else:
    hist_df.to_csv('run_history')'''

# hist_df.to_csv('history_ablation.csv')

# ckpt = {'epoch': first_epoch + n_epochs, 'model_state_dict': net.state_dict(), 'optimizer_state_dict': opt.state_dict()}
# torch.save(ckpt, ckpt_path)
