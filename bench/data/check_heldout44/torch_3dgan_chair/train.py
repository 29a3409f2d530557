# %% imports
import torch
import numpy as np
from torch.autograd.variable import Variable
import os
import utils
from models.model import GeneratorModified, DiscriminatorModified, Generator_conv, Discriminator_conv
from torch.utils.tensorboard import SummaryWriter
import config
import torch.optim as optim
import torch.nn as nn
import matplotlib.pyplot as plt
import cv2
from msdlib.msd.processing import get_time_estimation
import time
import sys
import json
# %% command-line options
opts = config.gen_parser().parse_args()

# %% settings
gpu_name = "cuda:0"
voxel_root='data/voxel'
category='chair'
gen_ckpt=''
disc_ckpt=''
category_dir=os.path.join(voxel_root,category)
every_n_epochs = 1 
preview_sample =True
# %% output folders
out_dir = 'outputs_%s_genLr_%s_discLr_%s_act_%s/'%(opts.last_layer_name,opts.gen_lr,opts.disc_lr,opts.last_layer_activation)+category #'outputs_linear_gen1e-4_disc1e-3/'+category
ckpt_dir=os.path.join(out_dir, 'weights')
os.makedirs(out_dir, exist_ok=True)
os.makedirs(ckpt_dir, exist_ok=True)
# %% collect voxel file paths

shape_ids = os.listdir(category_dir)
sub_dir='models'
voxel_files=[]
for sid in shape_ids:
    try:
        names=os.listdir(os.path.join(category_dir, sid,sub_dir))
        first=names[0]
    except: continue
    
    voxel_files.append(os.path.join(category_dir, sid,sub_dir,first))
# %% preview one shape
one_shape=utils.read_voxels(voxel_files[0])
one_shape=one_shape.squeeze(0)


if preview_sample:
    utils.draw_voxels(one_shape,savefig=True,figname='image.png')
#sys.exit()

# %% weight init for the generator
def init_gen(m,bias=opts.bias):
    kind = m.__class__.__name__
    if kind.find('Conv') != -1:
        n = m.in_channels
        bound = 1.0/np.sqrt(n)
        m.weight.data.uniform_(-bound, bound)
        if bias: m.bias.data.fill_(0)
    elif kind.find('BatchNorm') != -1:
        n = m.num_features
        bound = 1.0/np.sqrt(n)
        m.weight.data.uniform_(-bound, bound)
        if bias: m.bias.data.fill_(0)
    elif kind.find('Linear') != -1:
        n = m.in_features
        bound = 1.0/np.sqrt(n)
        m.weight.data.uniform_(-bound, bound)
        if bias: m.bias.data.fill_(0)
        

def init_disc(m,bias=opts.bias):
    kind = m.__class__.__name__
    if kind.find('Conv') != -1:
        n = m.in_channels
        bound = 1.0/np.sqrt(n)
        m.weight.data.uniform_(-bound, bound)
        if bias: m.bias.data.uniform_(-bound, bound)
        #m.weight_u.data.uniform_(-bound, bound)
        #m.weight_v.data.uniform_(-bound, bound)
        #m.weight_bar.data.uniform_(-bound, bound)
    elif kind.find('BatchNorm') != -1:
        n = m.num_features
        bound = 1.0/np.sqrt(n)
        m.weight.data.uniform_(-bound, bound)
        if bias: m.bias.data.fill_(0)
    elif kind.find('Linear') != -1:
        n = m.in_features
        bound = 1.0/np.sqrt(n)
        m.weight.data.uniform_(-bound, bound)
        if bias: m.bias.data.fill_(0)

# %%
def weight_stats(model, get='mean'):
    named = {n: p for n, p in model.named_parameters()}
    n_params = 0
    for n in named:
        _prod = 1
        for d in named[n].shape:
            _prod *= d
        n_params += _prod
    
    gs = [named[n].grad.mean() if get == 'mean' else named[n].grad.sum() for n in named if named[n].grad is not None]
    missing = len(named) - len(gs)
    g_out, w_out = None, None
    if get == 'sum':
        g_out = sum(gs) if len(gs) > 0 else None
        w_out = torch.sum(torch.tensor([named[n].data.sum() for n in named]))
    elif get == 'mean':
        g_out = sum(gs) / len(gs) if len(gs) > 0 else None
        w_out = torch.mean(torch.tensor([named[n].data.sum() for n in named]))
    
    return n_params, g_out, w_out, missing

# %% write the run's settings
def dump_settings(opts,extra,out_dir):
        with open(os.path.join(out_dir, 'arguments.json'), 'w') as fh:

            json.dump({**vars(opts), **extra},fh, sort_keys=True, indent=4)
# %% curves, a sample and checkpoints
def plot_and_store(g_hist, d_hist, ep_hist, epoch, z,  gen, disc, bnum=None, save_weights=False):
    curves = {'Generator loss': g_hist,
             'Discriminator loss': d_hist}
    bnum = '' if bnum is None else '-batch-%d'%bnum
    
    # loss curves
    fig, ax = plt.subplots(ncols=len(curves), figsize=(30, 5))
    for k, name in enumerate(curves):
        ln, = ax[k].plot(ep_hist, curves[name])
        ax[k].set_xlabel('epoch')
        ax[k].set_ylabel('Loss')
        ax[k].legend([ln], [name])
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, 'loss-curve_epoch-%d'%epoch + bnum + '.png'), bbox_inches='tight')
    plt.close()
    _out=gen(z)
    shape_out = _out.round()
    utils.draw_voxels(shape_out,savefig=True,figname=os.path.join(out_dir, 'generated_voxel_epoch-%d'%epoch + bnum + '.png'))
    # image dumps (left out)
    #cv2.imwrite(os.path.join(out_dir, 'rd_xd_epoch-%d'%epoch + bnum + '.png'), rd_xd[0].detach().cpu().squeeze().numpy() * 255)
    #cv2.imwrite(os.path.join(out_dir, 'rphi_xd_epoch-%d'%epoch + bnum + '.png'), rphi_xd[0].detach().cpu().squeeze().numpy() * 255)
    
    if save_weights:
        # checkpoints
        torch.save(gen.state_dict(), os.path.join(ckpt_dir, 'generator_epoch-%d'%epoch + bnum + '.pt'))
        torch.save(disc.state_dict(), os.path.join(ckpt_dir, 'discriminator_epoch-%d'%epoch + bnum + '.pt'))

# %% dataset of voxel files

class VoxelFiles():
    
    def __init__(self, voxel_files, device, dtype=torch.float32):
        self.dtype = dtype
        self.device = device
        self.voxel_files=voxel_files          
            
        #self.voxel_files = [os.listdir(os.path.join(category_dir, sid,sub_dir))[0] for sid in shape_ids]
        
        #self.label_files = [os.path.join(labeldir, n.replace('.binvox', '.png')) for n in voxel_names]
        self._n = len(self.voxel_files)
        
    def __getitem__(self, index):
        grid = utils.read_voxels(self.voxel_files[index]).to(dtype=self.dtype, device=self.device)
        #tag = torch.tensor(cv2.imread(self.label_files[index], cv2.IMREAD_UNCHANGED) / 255).to(dtype=self.dtype, device=self.device)
        tag=torch.tensor([1]).to(dtype=self.dtype, device=self.device)
        return grid, tag.unsqueeze(0)
        
    def __len__(self):
        return self._n
    
# %%

device = torch.device(gpu_name if (torch.cuda.is_available()) else "cpu")
ds = VoxelFiles(voxel_files, device)
loader = torch.utils.data.DataLoader(ds, batch_size=opts.batch_size, shuffle=True)
n_batches = len(loader)

# %%

z_dim = opts.z_size
in_channels = opts.in_channels
dim = opts.cube_volume  # cube side
last_act=opts.last_layer_activation

if opts.last_layer_name.lower()=='conv':
    gen = Generator_conv(z_dim, bias=opts.bias,  activation=last_act).to(device)
    disc = Discriminator_conv(in_channels=1, dim=dim, out_conv_channels=in_channels,bias=opts.bias).to(device)
elif opts.last_layer_name.lower()=='linear' or opts.last_layer_name.lower()!='conv':
    gen = GeneratorModified(in_channels=in_channels, out_dim=dim, out_channels=1, noise_dim=z_dim, bias=opts.bias,activation=last_act).to(device)
    disc = DiscriminatorModified(in_channels=1, dim=dim, out_conv_channels=in_channels,bias=opts.bias).to(device)


# load or initialise weights
if os.path.exists(gen_ckpt):
    gen.load_state_dict(torch.load(gen_ckpt, map_location=device))
    print('generator loaded from %s...'%gen_ckpt)
else:
    gen.apply(init_gen)
    print('generator initialised at random...')
if os.path.exists(disc_ckpt):
    disc.load_state_dict(torch.load(disc_ckpt, map_location=device))
    print('discriminator loaded from %s...'%disc_ckpt)
else:
    disc.apply(init_disc)
    print('discriminator initialised at random...')

# %%
gen.train()
disc.train()
opt_d = optim.Adam(disc.parameters(), lr=opts.disc_lr)
opt_g = optim.Adam(gen.parameters(), lr=opts.gen_lr)
bce = nn.BCELoss()
writer_fake = SummaryWriter(f"logs/fake")
writer_real = SummaryWriter(f"logs/real")
step = 0
acc = 0
acc_limit = 0.8
t=time.time()
ep_hist = []
d_hist = []
g_hist = []
extra={'accuracy_threshold':acc_limit,'save_interval':every_n_epochs,'voxel_dir':category_dir, 'discriminator_weight_dir':ckpt_dir,
'generator_weight_dir':ckpt_dir,'output_dir':out_dir}
dump_settings(opts,extra,out_dir)
#import sys; sys.exit()
torch.autograd.set_detect_anomaly(True)
for epoch in range(opts.num_epochs):
    g_sum, d_sum = 0, 0
    for b, (real, _) in enumerate(loader):
        bs = real.shape[0]
        #print('bs ', bs)
        ### discriminator: max log(D(x)) + log(1 - D(G(z)))
        z = torch.rand(bs, z_dim).to(device)
        #x0 = torch.zeros(bs, z_dim).to(device)
        #z = x0 + (0.1**0.5)*torch.randn(bs, z_dim).to(device)
        #z = torch.ones(opts.batch_size, opts.z_size, device=device).normal_(opts.noise_mean, opts.noise_std)
        #disc.train()
        d_real = disc(real).view(-1) # D(x)
        loss_real = bce(d_real, torch.ones_like(d_real))
        # opt_d.zero_grad()
        # loss_real.backward()
        #gen.eval()
        #with torch.no_grad():
        fake = gen(z) ### made shapes
        
        d_fake = disc(fake.detach()).view(-1) # D(G(z))
        
        loss_fake = bce(d_fake, torch.zeros_like(d_fake))
        loss_d = (loss_real + loss_fake)
        if acc <= acc_limit:
            opt_d.zero_grad()
            loss_d.backward()
            #loss_fake.backward()
            #print('gen stats #1 ' ,weight_stats(gen))
            #print('disc stats #2 ' ,weight_stats(disc))
            opt_d.step()
            
        preds=torch.cat([d_real,d_fake])
        truth=torch.cat([torch.ones_like(d_real),torch.zeros_like(d_fake)])
        acc = (preds.round() == truth).sum() / truth.shape[0]
        #print(preds.shape,truth)
        #print('disc accuracy',acc)


        ### generator: min log(1 - D(G(z))) <-> max log(D(G(z))

        gen.train()
        #fake = gen(z)  # G(z)
        #disc.eval()
        
        out = disc(fake).view(-1) # (D(G(z)))
        loss_g = bce(out, torch.ones_like(out))
        #gen.zero_grad()
        #print('gen stats #3 ' ,weight_stats(gen))
        #print('disc stats #4 ' ,weight_stats(disc))
        opt_g.zero_grad()
        #print('gen stats #5 ' ,weight_stats(gen))
        #print('disc stats #6 ' ,weight_stats(disc))
        loss_g.backward()
        #print('gen stats #7 ' ,weight_stats(gen))
        #print('disc stats #8 ' ,weight_stats(disc))
        opt_g.step()
        #print('gen stats #9 ' ,weight_stats(gen))
        #print('disc stats #10 ' ,weight_stats(disc))
        
        #input()

        if b == 0:
            print(
                f"Epoch [{epoch}/{opts.num_epochs}] Batch {b}/{len(loader)} \
                      Loss D: {loss_d:.4f}, loss G: {loss_g:.4f}"
            )
        
        g_sum += loss_g.item()
        d_sum += loss_d.item()
        eta = get_time_estimation(t, current_ep=epoch, current_batch=b, total_ep=opts.num_epochs, total_batch=n_batches)
        line = f"[{epoch+1:04d}/{opts.num_epochs:04d}][{b+1:04d}/{n_batches:04d}]  {eta}"
        print(f"\r{line}    Loss_D: {d_sum/(b+1):05.4f}   Loss_G: {g_sum/(b+1):05.4f}      ", end='', flush=True)

    ep_hist.append(epoch)
    d_hist.append(d_sum / n_batches)
    g_hist.append(g_sum / n_batches)

    if epoch % every_n_epochs == 0 or epoch + 1 == opts.num_epochs:
        save_weights = True if epoch % 10 == 0 or epoch + 1 == opts.num_epochs else False
        #z_test = torch.ones(1, opts.z_size, device=device).normal_(opts.noise_mean, opts.noise_std)
        z_test=z
        plot_and_store(g_hist, d_hist, ep_hist, epoch, z_test, gen, disc, bnum=None, save_weights=save_weights)
