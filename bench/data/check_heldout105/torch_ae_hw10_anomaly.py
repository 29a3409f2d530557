from torch.autograd import Variable
from torch.utils.data import DataLoader
from torch.optim import Adam, AdamW
from torch.utils.data import (DataLoader, RandomSampler, SequentialSampler,
                              TensorDataset)

from sklearn.cluster import MiniBatchKMeans
from sklearn.metrics import f1_score, pairwise_distances, roc_auc_score
from scipy.cluster.vq import vq, kmeans
from model import *

from sklearn.decomposition import PCA

import numpy as np
import matplotlib.pyplot as plt
import time

# method = 'knn'
method = 'ae'

ckpt_dir = './data/models'
pred_dir = './data/output'

imgs_tr = np.load('./data/train.npy', allow_pickle=True)
imgs_te = np.load('./data/test.npy', allow_pickle=True)

print('arrays read.')

# print(imgs_tr.shape)
# for k in range(0, 10):
#     plt.figure()
#     plt.imshow(imgs_tr[k])
#     plt.show()

if method == 'knn':
    flat_tr = imgs_tr.reshape(len(imgs_tr), -1)
    flat_te = imgs_te.reshape(len(imgs_te), -1)
    results = list()
    for nc in range(1, 10):
      km = MiniBatchKMeans(n_clusters=nc, batch_size=100).fit(flat_tr)
      assign = km.predict(flat_te)
      dist_te = np.sum(np.square(km.cluster_centers_[assign] - flat_te), axis=1)

      guess = dist_te
    #   res = f1_score(truth, guess, average='micro')
    #   res = roc_auc_score(truth, guess, average='micro')
    #   results.append(res)
    # print(np.max(results), np.argmax(results))
    # print(results)
    # print('best auc: {}'.format(np.max(results)))

if method == 'pca':

    flat_tr = imgs_tr.reshape(len(imgs_tr), -1)
    flat_te = imgs_te.reshape(len(imgs_te), -1)
    proj = PCA(n_components=2).fit(flat_tr)

    low = proj.transform(flat_te)
    back = proj.inverse_transform(low)  
    gap = np.sqrt(np.sum(np.square(back - flat_te).reshape(len(flat_te), -1), axis=1))
    
    guess = gap
    # res = roc_auc_score(truth, guess, average='micro')
    # res = f1_score(truth, guess, average='micro')
    # print('auc: {}'.format(res))

if method == 'ae':
    n_epochs = 2
    bs = 256
    lr = 5e-5

    # one of 'fcn', 'cnn', 'vae'
    arch = 'fcn' 

    src = imgs_tr
    if arch == 'fcn' or arch == 'vae':
        src = src.reshape(len(src), -1)
        
    tens = torch.tensor(src, dtype=torch.float)
    ds_tr = TensorDataset(tens)
    smp_tr = RandomSampler(ds_tr)
    dl_tr = DataLoader(ds_tr, sampler=smp_tr, batch_size=bs)

    choices = {'fcn':fcn_autoencoder(), 'cnn':conv_autoencoder(), 'vae':VAE()}
    net = choices[arch].cuda()
    crit = nn.MSELoss()
    opt = torch.optim.AdamW(
        net.parameters(), lr=lr)
    
    lowest = np.inf
    net.train()

    print('training begins')
    stamp = time.strftime("%Y%m%d-%H-%M-%S")

    for ep in range(n_epochs):
        for batch in dl_tr:
            if arch == 'cnn':
                xb = batch[0].transpose(3, 1).cuda()
            else:
                xb = batch[0].cuda()
            # forward
            rec = net(xb)
            if arch == 'vae':
                objective = loss_vae(rec[0], xb, rec[1], rec[2], crit)
            else:
                objective = crit(rec, xb)
            # backward
            opt.zero_grad()
            objective.backward()
            opt.step()
            # checkpoint
            if objective.item() < lowest:
                lowest = objective.item()
                # torch.save(net, '{}/best_{}.pt'.format(ckpt_dir, arch))
                torch.save(net, '{}/best_model_{}_{}.pt'.format(ckpt_dir, stamp, arch))
        # log
        print('epoch {}/{} objective {:.4f}'
              .format(ep + 1, n_epochs, objective.item()))

    # scoring
    if arch == 'fcn' or arch == 'vae':
        # flat_te = imgs_te.reshape(len(other), -1)
        flat_te = imgs_te.reshape(len(imgs_te), -1)
    else:
        flat_te = imgs_te
    
    tens = torch.tensor(flat_te, dtype=torch.float)
    ds_te = TensorDataset(tens)
    smp_te = SequentialSampler(ds_te)
    dl_te = DataLoader(ds_te, sampler=smp_te, batch_size=bs)

    # net = torch.load('{}/best_{}.pt'.format(ckpt_dir, arch), map_location='cuda')
    net = torch.load('{}/best_model_{}_{}.pt'.format(ckpt_dir , stamp, arch), map_location='cuda')

    net.eval()
    outs = list()
    for k, batch in enumerate(dl_te): 
        if arch == 'cnn':
            xb = batch[0].transpose(3, 1).cuda()
        else:
            xb = batch[0].cuda()
        rec = net(xb)
        if arch == 'cnn':
            rec = rec.transpose(3, 1)
        elif arch == 'vae':
            rec = rec[0]
        outs.append(rec.cpu().detach().numpy())

    outs = np.concatenate(outs, axis=0)
    score = np.sqrt(np.sum(np.square(outs - flat_te).reshape(len(flat_te), -1), axis=1))
    guess = score
    # with open(f'{pred_dir}/prediction.csv', 'w') as fh:
    with open(f'{pred_dir}/prediction_{stamp}.csv', 'w') as fh:
        fh.write('id,anomaly\n')
        for k in range(len(guess)):
            fh.write('{},{}\n'.format(k+1, guess[k]))
    # res = roc_auc_score(truth, guess, average='micro')
    # res = f1_score(truth, guess, average='micro')
    # print('auc: {}'.format(res))


