import numpy as np
import pandas as pd
import sys, os
from random import shuffle
import torch
import torch.nn as nn
from models.gat import GATNet
from models.gat_gcn import GAT_GCN
from models.gcn import GCNNet
from models.ginconv import GINConvNet
from utils import *

# one pass over the training loader
def fit_one_epoch(net, dev, loader, opt, ep):
    print('fitting {} pairs'.format(len(loader.dataset)))
    net.train()
    for step, batch in enumerate(loader):
        batch = batch.to(dev)
        opt.zero_grad()
        pred = net(batch)
        loss = criterion(pred, batch.y.view(-1, 1).float().to(dev))
        loss.backward()
        opt.step()
        if step % PRINT_EVERY == 0:
            print('epoch {} [{}/{} ({:.0f}%)]\tloss {:.6f}'.format(ep,
                                                                  step * len(batch.x),
                                                                  len(loader.dataset),
                                                                  100. * step / len(loader),
                                                                  loss.item()))

def predict_all(net, dev, loader):
    net.eval()
    all_pred = torch.Tensor()
    all_true = torch.Tensor()
    print('scoring {} pairs'.format(len(loader.dataset)))
    with torch.no_grad():
        for batch in loader:
            batch = batch.to(dev)
            pred = net(batch)
            all_pred = torch.cat((all_pred, pred.cpu()), 0)
            all_true = torch.cat((all_true, batch.y.view(-1, 1).cpu()), 0)
    return all_true.numpy().flatten(),all_pred.numpy().flatten()


bench_names = [['davis','kiba'][int(sys.argv[1])]] 
arch = [GINConvNet, GATNet, GAT_GCN, GCNNet][int(sys.argv[2])]
arch_name = arch.__name__

gpu = "cuda:0"
if len(sys.argv)>3:
    gpu = "cuda:" + str(int(sys.argv[3])) 
print('device:', gpu)

TRAIN_BS = 512
TEST_BS = 512
STEP = 0.0005
PRINT_EVERY = 20
N_EPOCHS = 1000

print('lr: ', STEP)
print('epochs: ', N_EPOCHS)

# one run per benchmark
for bench in bench_names:
    print('\nstarting ', arch_name + '_' + bench )
    tr_file = 'data/processed/' + bench + '_train.pt'
    te_file = 'data/processed/' + bench + '_test.pt'
    if ((not os.path.isfile(tr_file)) or (not os.path.isfile(te_file))):
        print('processed files missing: run create_data.py first')
    else:
        tr_set = TestbedDataset(root='data', dataset=bench+'_train')
        te_set = TestbedDataset(root='data', dataset=bench+'_test')
        
        # graph mini-batches
        tr_loader = DataLoader(tr_set, batch_size=TRAIN_BS, shuffle=True)
        te_loader = DataLoader(te_set, batch_size=TEST_BS, shuffle=False)

        # fit
        dev = torch.device(gpu if torch.cuda.is_available() else "cpu")
        net = arch().to(dev)
        criterion = nn.MSELoss()
        opt = torch.optim.Adam(net.parameters(), lr=STEP)
        best_mse = 1000
        best_ci = 0
        best_ep = -1
        ckpt_name = 'model_' + arch_name + '_' + bench +  '.model'
        res_name = 'result_' + arch_name + '_' + bench +  '.csv'
        for ep in range(N_EPOCHS):
            fit_one_epoch(net, dev, tr_loader, opt, ep+1)
            T,P = predict_all(net, dev, te_loader)
            scores = [rmse(T,P),mse(T,P),pearson(T,P),spearman(T,P),ci(T,P)]
            if scores[1]<best_mse:
                torch.save(net.state_dict(), ckpt_name)
                with open(res_name,'w') as fh:
                    fh.write(','.join(map(str,scores)))
                best_ep = ep+1
                best_mse = scores[1]
                best_ci = scores[-1]
                print('new best at epoch ', best_ep, '; mse, ci:', best_mse,best_ci,arch_name,bench)
            else:
                print(scores[1],'no gain since epoch ', best_ep, '; mse, ci:', best_mse,best_ci,arch_name,bench)

