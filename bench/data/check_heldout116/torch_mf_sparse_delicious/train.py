from __future__ import division
from __future__ import print_function

import numpy as np
import torch
from torch.autograd import Variable

from utils import read_matrix, attrdict, punch_holes, pair_loader
from model import SparseFactorModel

def main(opts):
    """ fit a sparse factor model on a bookmark matrix """ 
    # seeds
    np.random.seed(opts.seed)
    torch.manual_seed(opts.seed)

    # interaction matrix
    M = read_matrix(opts.dataset_str)
    
    # hide part of the entries for testing
    n_rows, n_cols = M.shape
    M_fit, M_held = punch_holes(M, test_size=opts.test_size)

    # loaders over (row, col, value) triples
    fit_loader = pair_loader(M_fit, batch_size=opts.batch_size,)
    held_loader = pair_loader(M_held, batch_size=opts.batch_size,)
    
    # network, objective, optimiser
    net = SparseFactorModel(n_rows, n_cols, n_factors=opts.n_latent)
    mse = torch.nn.MSELoss()
    opt = torch.optim.SparseAdam(net.parameters(), lr = opts.lr)
    

    for ep in range(opts.num_epochs):  # passes over the triples
        fit_total = 0.0
        held_total = 0.0

        for k, (batch) in enumerate(fit_loader):
            # wrap the batch
            r_idx, c_idx, value = batch
            value = Variable(value.float())
            r_idx = Variable(r_idx.long())
            c_idx = Variable(c_idx.long())
            
            # forward
            guess = net(r_idx, c_idx)
            err = mse(guess, value)

            # reset grads
            opt.zero_grad()

            # backward
            err.backward()
            
            # step
            opt.step()

            # running total
            fit_total += err.data[0]
        
        # -----------------------
        # held-out pass each epoch
        for held_batch in held_loader:
            r_idx, c_idx, value = held_batch
            value = Variable(value.float())
            r_idx = Variable(r_idx.long())
            c_idx = Variable(c_idx.long())

            guess = net(r_idx, c_idx)
            err = mse(guess, value)
            held_total += err.data[0]

        # report
        print('round: {}, fit mse: {}, held mse: {}'.format(
        ep + 1, fit_total/len(fit_loader), held_total/len(held_loader)))


    print('done')
    

if __name__ == '__main__':

    opts = attrdict()
    opts.dataset_str = 'delicious'
    # opts.dataset_str = 'lastfm'
    opts.seed        = 0
    opts.test_size   = 0.2
    opts.n_latent    = 40
    opts.dropout     = 0.5
    opts.num_epochs  = 5
    opts.batch_size  = 1000
    opts.lr          = 1e-1
    opts.momentum    = 0.9

    main(opts)
    #
