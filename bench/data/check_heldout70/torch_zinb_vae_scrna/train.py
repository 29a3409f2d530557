import numpy as np
import scanpy as sc
from utils import CellMatrixSet
import argparse
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
# import scipy.sparse as sp
from sklearn.metrics import mean_absolute_error, mean_squared_error, r2_score
import os
from torch.utils.data import DataLoader
from torch.distributions import NegativeBinomial
from pyro.distributions.zero_inflated import ZeroInflatedNegativeBinomial
from scipy.stats import spearmanr
def _row_cosine(obs, est):
    # scale each row to unit length
    obs_unit = obs / (np.linalg.norm(obs, axis=1, keepdims=True)+ 0.00001)
    est_unit = est / (np.linalg.norm(est, axis=1, keepdims=True)+ 0.00001)

    # mean row-wise dot product
    cos_val = np.sum(obs_unit * est_unit, axis=1).mean()

    return cos_val

def _row_spearman(obs, est):
    rhos = np.array([spearmanr(obs[k], est[k])[0] for k in range(est.shape[0])])
    return rhos.mean()


def score_all(obs, est):
    if isinstance(obs, torch.Tensor) and isinstance(est, torch.Tensor):
        obs = obs.detach().cpu().numpy()
        est = est.detach().cpu().numpy()
    result = {
        "eval/mae": mean_absolute_error(obs, est),
        "eval/mse": mean_squared_error(obs, est),
        "eval/cosine": _row_cosine(obs, est),
        "eval/r2": r2_score(obs, est),
        "eval/nonzero_gap": np.abs(np.sum(obs != 0)-np.sum(est !=0)),
       "eval/spearman": _row_spearman(obs, est)
    }
    return result
class CountVAE(nn.Module):
    def __init__(self, n_in, n_hidden, n_latent,likelihood='zinb',already_log = False):
        super(CountVAE, self).__init__()
        self.n_in = n_in
        self.n_hidden = n_hidden
        self.n_latent = n_latent
        self.enc = nn.Linear(n_in, n_hidden)
        self.enc_mu = nn.Linear(n_hidden, n_latent)
        self.enc_lv = nn.Linear(n_hidden, n_latent)
        self.dec = nn.Linear(n_latent, n_hidden)
        self.dec_mean = nn.Linear(n_hidden, n_in)
        self.dec_gate = nn.Linear(n_hidden, n_in)
        self.likelihood = likelihood
        self.already_log = already_log
        self.log_disp = torch.nn.Parameter(torch.randn(n_in))
    def encode(self, counts):
        if not self.already_log:
            counts = torch.log(counts+1)
        hid = F.softplus(self.enc(counts))
        return self.enc_mu(hid), self.enc_lv(hid)

    def sample_z(self, m, lv):
        sd = torch.exp(0.5 * lv)
        noise = torch.randn_like(sd)
        return m + noise*sd

    def decode(self, z):
        hid = F.softplus(self.dec(z))
        m = self.dec_mean(hid)
        gate = self.dec_gate(hid)
        return torch.exp(m), gate

    def forward(self, counts):   
        m, lv = self.encode(counts.view(-1, self.n_in))
        z = self.sample_z(m, lv)
        # parameters of the count likelihood
        rate, gate = self.decode(z)
        return rate, gate, m, lv
    

    def embed(self, counts):
        m, lv = self.encode(counts.view(-1, self.n_in))
        return m + torch.exp(0.5 * lv)
    # draw from the fitted likelihood
    def sample_counts(self, counts, shape,stochastic=False):
        '''
        draws from (or returns the mean of) the decoder likelihood
        shape: number of draws
        '''
        m, lv = self.encode(counts.view(-1, self.n_in))
        if stochastic:
            z = self.sample_z(m, lv)
        else:
            z = m + torch.exp(0.5 * lv) # deterministic code
        m, gate = self.decode(z)
        disp = self.log_disp.exp()
        nb_lg = (m+1e-4).log() - (disp+1e-4).log()
        if self.likelihood == 'zinb':
            dist = ZeroInflatedNegativeBinomial(total_count=disp, logits=nb_lg,gate_logits = gate, validate_args=False)
        elif self.likelihood == 'nb':

            dist = NegativeBinomial(total_count=disp, logits=nb_lg,validate_args=False)
        if stochastic:
            return dist.sample(shape) # random draw
        else:
            return dist.mean # expected counts
    def kl_term(self, m, lv):
        return torch.mean(-0.5 * torch.sum(1 + lv - m.pow(2) - lv.exp(),dim=-1),dim=0)
    def nll_term(self, counts, rate, gate):
        '''
        counts: observed expression
        rate: decoder mean
        gate: zero-inflation logits
        '''
        disp = self.log_disp.exp()
        
        nb_lg = (rate+1e-5).log() - (disp+1e-5).log()
        
        if self.likelihood == 'zinb':
            dist = ZeroInflatedNegativeBinomial(total_count=disp, logits=nb_lg,gate_logits = gate, validate_args=False)
        elif self.likelihood == 'nb':
            dist = NegativeBinomial(total_count=disp, logits=nb_lg,validate_args=False)
        return dist.log_prob(counts).sum(-1).mean()
    def objective(self, counts, rate, gate, m, lv):
        rec = self.nll_term(counts, rate, gate)
        kl = self.kl_term(m, lv)
        return -rec + kl



def prepare(adata):
    pass

def _row_cosine(obs, est):
    # scale each row to unit length
    obs_unit = obs / (np.linalg.norm(obs, axis=1, keepdims=True)+ 0.00001)
    est_unit = est / (np.linalg.norm(est, axis=1, keepdims=True)+ 0.00001)

    # mean row-wise dot product
    cos_val = np.sum(obs_unit * est_unit, axis=1).mean()

    return cos_val

def run(h5ad_path, likelihood='zinb',draw_umap=False,do_leiden=False,label_key = None, lr=1.0e-4, gpu=False, epochs=10, bs=10,clip_negative=False,out_dir='output',already_log = False):
    adata = sc.read(h5ad_path)
    print('likelihood: ', likelihood)
    tag = h5ad_path.split('/')[-1].split('.')[0]
    if clip_negative:
        adata.X[adata.X<0]=0
    # adata = prepare(adata) when preprocessing is wanted
    assert np.min(adata.X) >= 0, 'negative entries found; pass --left_trim True to clip them to zero'
    cells = CellMatrixSet(adata)
    loader = DataLoader(cells,batch_size=bs)
    model = CountVAE(n_in = cells.gene_count(), n_hidden = 400, n_latent=40,likelihood=likelihood,already_log=already_log) # likelihood 'nb' gives a plain negative binomial
    if gpu:
        model.cuda()
    opt = optim.Adam(lr=lr, params=model.parameters())
    for ep in range(epochs):
        running = 0
        for step, batch in enumerate(loader):
            if gpu:
                batch = batch.cuda()
            opt.zero_grad()
            rate, gate, m, lv = model(batch)
            loss = model.objective(batch, rate, gate, m, lv)
            loss.backward()
            running += loss.item()
            opt.step()
        print('epoch {} mean loss {:.4f}'.format(ep, running / len(loader.dataset)))
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)
    
    codes=[]
    recon = []
    for xb in loader:
        # move the batch to the GPU when requested
        if gpu:
            xb = xb.cuda()
        z=model.embed(xb)
        # rec = model.sample_counts(xb, shape=1,stochastic=False)
        if gpu:
            zl=z.cpu().detach().numpy().tolist()
            # rec = rec.cpu().detach().numpy().tolist()
        else:
            zl=z.detach().numpy().tolist()
            # rec = rec.detach().numpy().tolist()
        codes+=zl
        # recon+=rec
        print(len(recon))
    codes = np.array(codes)
    adata.obsm['embeddings'] = codes
    # adata.layers['pred'] = np.array(recon)
    sc.pp.neighbors(adata, use_rep='z')
    if draw_umap:
        sc.tl.umap(adata)
        if label_key is not None:
            sc.pl.umap(adata,color=label_key,size=10,save='_{}_{}_{}_latent.png'.format(tag,likelihood,label_key))
        if do_leiden:
            sc.tl.leiden(adata)
            sc.pl.umap(adata,color='leiden',size=10, save='_{}_{}_leiden.png'.format(tag,likelihood))
    print(score_all(adata.X, np.array(recon)))
    # torch.save(model, out_dir) # optional checkpoint
    adata.write('output.h5ad')
cli = argparse.ArgumentParser()
cli.add_argument('--data_dir', type=str, default=None, help='path of the .h5ad file')
cli.add_argument('--plot_embedding', type=bool, default=True, help='draw a UMAP of the latent codes')
cli.add_argument('--clustering', type=bool, default=True, help='run leiden clustering')
cli.add_argument('--label_name', type=str, default=None, help='obs column holding known labels, if any')
cli.add_argument('--lr', type=float, default=1.0e-5, help='optimizer step size')
cli.add_argument('--use_cuda', type=bool, default=True, help='train on the GPU')
cli.add_argument('--num_epochs', type=int, default=100, help='passes over the data')
cli.add_argument('--batch_size', type=int, default=512, help='cells per batch')
cli.add_argument('--left_trim', type=bool, default=False, help='clip negative values to zero')
cli.add_argument('--output', type=str, default='output', help='folder for outputs')
cli.add_argument('--distribution', type=str, default='zinb', help='zinb or nb')
cli.add_argument('--log_data', type=bool, default=False, help='set when the matrix is already log-transformed')
opts = cli.parse_args()
if __name__ == '__main__':

    assert opts.data_dir != None,'a --data_dir is required'
    run(opts.data_dir,opts.distribution, opts.plot_embedding,opts.clustering,opts.label_name,opts.lr,opts.use_cuda,opts.num_epochs,opts.batch_size,opts.left_trim,opts.output,opts.log_data)
