#!/usr/bin/env python
# coding: utf-8

# JAX port of the DeepMET Keras training

import os
import pathlib
import datetime
import h5py
import optparse
import numpy as np
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap
import optax
from flax import linen as nn
from flax.training import train_state
import matplotlib.pyplot as plt
import pandas as pd
from sklearn.model_selection import train_test_split

# modules of this repository
from cyclical_learning_rate_jax import CyclicLR
from weighted_sum_layer_jax import WeightedSumLayer
from utils_jax import build_features, load_h5_list, plot_losses
from loss_jax import custom_loss

class MetRegressor(nn.Module):
    n_features: int = 8
    n_features_cat: int = 3
    n_dense_layers: int = 3
    activation: str = 'tanh'
    with_bias: bool = False
    maxNPF: int = 4500
    emb_out_dim: int = 8
    
    @nn.compact
    def __call__(self, x_cont, x_cat_list, training=True):
        bs = x_cont.shape[0]
        
        # px, py are the last two columns
        pxpy = x_cont[:, :, -2:]
        
        # categorical embeddings
        embs = []
        for k in range(self.n_features_cat):
            table = nn.Embed(num_embeddings=1000, features=self.emb_out_dim)
            cat = x_cat_list[k]
            # (batch, maxNPF, 1) -> (batch * maxNPF)
            cat_flat = cat.reshape(-1)
            e = table(cat_flat)
            e = e.reshape(bs, self.maxNPF, self.emb_out_dim)
            embs.append(e)
        
        # continuous + embedded features
        h = jnp.concatenate([x_cont] + embs, axis=2)
        
        # per-candidate dense stack
        for k in range(self.n_dense_layers):
            width = 8 * (2 ** (self.n_dense_layers - k))
            h = nn.Dense(width)(h)
            
            if self.activation == 'tanh':
                h = jnp.tanh(h)
            else:
                h = jax.nn.relu(h)
            
            h = nn.BatchNorm(use_running_statistics=not training, momentum=0.95)(h)
        
        # per-candidate weight(s)
        n_out = 3 if self.with_bias else 1
        h = nn.Dense(n_out)(h)
        
        # append px, py
        h = jnp.concatenate([h, pxpy], axis=2)
        
        # weighted sum over candidates
        h = WeightedSumLayer(ndim=2, with_bias=self.with_bias)(h)
        
        # extra head with bias
        if self.with_bias:
            h = nn.Dense(2)(h)
        
        return h

def build_model(n_features=8, n_features_cat=3, n_dense_layers=3, 
                activation='tanh', with_bias=False, maxNPF=4500, emb_out_dim=8):
    net = MetRegressor(
        n_features=n_features, 
        n_features_cat=n_features_cat, 
        n_dense_layers=n_dense_layers,
        activation=activation, 
        with_bias=with_bias,
        maxNPF=maxNPF,
        emb_out_dim=emb_out_dim
    )
    return net

# command line
usage = 'usage: %prog [options]'
cli = optparse.OptionParser(usage)
cli.add_option('-i', '--input', dest='input',
                  help='list of input files', default='tree_100k.h5', type='string')
cli.add_option('-l', '--load', dest='load',
                  help='timestamp of a model to reload', default='', type='string')
cli.add_option('--nfiles', dest='nfiles', 
                  help='how many h5 files', default=100, type='int')
cli.add_option('--withbias', dest='withbias',
                  help='add a bias term to the network', default=False, action="store_true")
cli.add_option('--device', dest='device',
                  help='cpu, gpu or tpu', default='cpu', type='string')
(opt, args) = cli.parse_args()

# settings
maxNPF = 4500
n_features_pf = 8
n_features_pf_cat = 3
normFac = 50.
epochs = 100
batch_size = 64
preprocessed = True
emb_out_dim = 8

# device choice
if opt.device == 'gpu' and jax.devices('gpu'):
    device = jax.devices('gpu')[0]
elif opt.device == 'tpu' and jax.devices('tpu'):
    device = jax.devices('tpu')[0]
else:
    device = jax.devices('cpu')[0]

print(f"device: {device}")

##
## inputs
##
Xraw, Y = load_h5_list(opt.input)
Y = Y / -normFac

Xcont, Xcat1, Xcat2, Xcat3 = build_features(Xraw)
print(f"continuous: {Xcont.shape}")
print(f"cat1: {Xcat1.shape}")
print(f"cat2: {Xcat2.shape}")
print(f"cat3: {Xcat3.shape}")
print(f"maxNPF: {maxNPF}")
print(f"n_features: {n_features_pf}")

Xcats = [Xcat1, Xcat2, Xcat3]
emb_sizes = {
    k: int(np.max(Xcats[k][0:1000])) + 1 for k in range(n_features_pf_cat)
}
print('embedding sizes', emb_sizes)

# network
net = build_model(
    n_features=n_features_pf, 
    n_features_cat=n_features_pf_cat, 
    with_bias=opt.withbias,
    maxNPF=maxNPF,
    emb_out_dim=emb_out_dim
)

# train / validation split
Yall = Y
Xall = [Xcont] + Xcats
rows = np.array([k for k in range(len(Yall))])
rows_train, rows_val = train_test_split(rows, test_size=0.2, random_state=7)

# split every array
Xcont_tr, Xcont_va = Xcont[rows_train], Xcont[rows_val]
Xcat1_tr, Xcat1_va = Xcat1[rows_train], Xcat1[rows_val]
Xcat2_tr, Xcat2_va = Xcat2[rows_train], Xcat2[rows_val]
Xcat3_tr, Xcat3_va = Xcat3[rows_train], Xcat3[rows_val]
Y_tr = Yall[rows_train]
Y_va = Yall[rows_val]

# to device arrays
Xcont_tr_d = jnp.array(Xcont_tr)
Xcont_va_d = jnp.array(Xcont_va)
Xcat1_tr_d = jnp.array(Xcat1_tr, dtype=jnp.int32)
Xcat1_va_d = jnp.array(Xcat1_va, dtype=jnp.int32)
Xcat2_tr_d = jnp.array(Xcat2_tr, dtype=jnp.int32)
Xcat2_va_d = jnp.array(Xcat2_va, dtype=jnp.int32)
Xcat3_tr_d = jnp.array(Xcat3_tr, dtype=jnp.int32)
Xcat3_va_d = jnp.array(Xcat3_va, dtype=jnp.int32)
Y_tr_d = jnp.array(Y_tr)
Y_va_d = jnp.array(Y_va)

# weights
key = jax.random.PRNGKey(0)
probe_cont = jnp.ones((1, maxNPF, n_features_pf))
probe_cat = [jnp.ones((1, maxNPF, 1), dtype=jnp.int32) for _ in range(n_features_pf_cat)]
params = net.init(key, probe_cont, probe_cat)['params']

# learning rates
lr_scale = 1.
base_lr = 0.0003 * lr_scale
max_lr = 0.001 * lr_scale

# optimiser
optimizer = optax.adam(learning_rate=base_lr)
opt_state = optimizer.init(params)

# cyclic schedule
scheduler = CyclicLR(base_lr=base_lr, max_lr=max_lr, 
                     step_size=len(Y_tr)//batch_size//2, mode='triangular2')

# objective
def objective(params, mb):
    xc, c1, c2, c3, y = mb
    cats = [c1, c2, c3]
    out = net.apply({'params': params}, xc, cats)
    return custom_loss(y, out)

# gradient
grad_fn = jit(grad(objective))

# update
@jit
def update(params, opt_state, mb):
    g = grad_fn(params, mb)
    upd, new_state = optimizer.update(g, opt_state)
    new_params = optax.apply_updates(params, upd)
    return new_params, new_state

# evaluation
@jit
def evaluate(params, mb):
    xc, c1, c2, c3, y = mb
    cats = [c1, c2, c3]
    out = net.apply({'params': params}, xc, cats)
    value = custom_loss(y, out)
    return value

# summary
print(net)
n_params = sum(p.size for p in jax.tree_util.tree_leaves(params))
print(f"parameters: {n_params:,}")

# output folder
if opt.load:
    stamp = opt.load
else:
    stamp = datetime.datetime.now().strftime("%Y-%m-%d_%H-%M")
outdir = f'models/{stamp}'
pathlib.Path(outdir).mkdir(parents=True, exist_ok=True)

# write the summary
with open(f'{outdir}/summary.txt', 'w') as fh:
    fh.write(str(net) + '\n')
    fh.write(f"parameters: {n_params:,}\n")

# loop state
train_curve = []
val_curve = []
best_val = float('inf')
patience = 10
bad_epochs = 0

# split into minibatches
def make_minibatches(xc, c1, c2, c3, y, bs):
    n = len(xc)
    order = jnp.arange(n)
    order = jax.random.permutation(order)
    
    out = []
    for s in range(0, n, bs):
        pick = order[s:s+bs]
        b_xc = xc[pick]
        b_c1 = c1[pick]
        b_c2 = c2[pick]
        b_c3 = c3[pick]
        b_y = y[pick]
        out.append((b_xc, b_c1, b_c2, b_c3, b_y))
    
    return out

for epoch in range(epochs):
    # train
    tr_batches = make_minibatches(Xcont_tr_d, Xcat1_tr_d, Xcat2_tr_d, 
                                  Xcat3_tr_d, Y_tr_d, batch_size)
    
    tr_loss = 0.0
    for mb in tr_batches:
        params, opt_state = update(params, opt_state, mb)
        tr_loss += evaluate(params, mb)
    
    tr_loss /= len(tr_batches)
    train_curve.append(float(tr_loss))
    
    # validate
    va_batches = make_minibatches(Xcont_va_d, Xcat1_va_d, Xcat2_va_d, 
                                Xcat3_va_d, Y_va_d, batch_size)
    
    va_loss = 0.0
    for mb in va_batches:
        va_loss += evaluate(params, mb)
    
    va_loss /= len(va_batches)
    val_curve.append(float(va_loss))
    
    print(f'epoch {epoch+1}/{epochs}: train {tr_loss:.6f}, val {va_loss:.6f}')
    
    # early stopping
    if va_loss < best_val:
        best_val = va_loss
        bad_epochs = 0
        # keep the best weights
        with open(f'{outdir}/best_model.npz', 'wb') as fh:
            jnp.savez(fh, **params)
    else:
        bad_epochs += 1
        if bad_epochs >= patience:
            print(f'stopping early at epoch {epoch+1}')
            break
    
    # periodic checkpoint
    if (epoch + 1) % 10 == 0:
        with open(f'{outdir}/checkpoint_epoch_{epoch+1}.npz', 'wb') as fh:
            jnp.savez(fh, **params)

# final weights
with open(f'{outdir}/final_model.npz', 'wb') as fh:
    jnp.savez(fh, **params)

# curves
plot_losses(train_curve, val_curve, outdir)

print(f"done; model in {outdir}")
