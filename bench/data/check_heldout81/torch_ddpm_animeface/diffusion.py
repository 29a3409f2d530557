import torch 
import torch.nn.functional as F
from torchvision.transforms import Compose, Lambda, ToPILImage
from torchvision import transforms
from torch.utils.data import DataLoader

import numpy as np
from datasets import load_dataset
from pathlib import Path
from torch.optim import Adam
from torchvision.utils import save_image
from networks import Unet
from schedules import *
from utils import num_to_groups
import tqdm.auto as tqdm
import torch 
from utils import *
from config import DEFAULT_CONFIG
import wandb 
from torchvision import datasets
from dataset import FaceFolder
import os
from tqdm import tqdm

log_online = DEFAULT_CONFIG["WITH_WANDB"]
if not log_online:
    wandb.init(config=DEFAULT_CONFIG,project="anime_ddpm",name="run_a",mode="disabled")
else:
    wandb.init(config=DEFAULT_CONFIG,project="anime_ddpm",name="run_a")
    
n_steps = DEFAULT_CONFIG["TIMESTEPS"]
beta_sched = linear_beta_schedule(n_steps)
alpha_sched = 1. - beta_sched
alpha_bar = torch.cumprod(alpha_sched,axis=0)
alpha_bar_prev = F.pad(alpha_bar[:-1],(1,0),value=1.)
inv_sqrt_alpha = torch.sqrt(1./alpha_sched)
sqrt_alpha_bar = torch.sqrt(alpha_bar)
sqrt_one_minus_alpha_bar = torch.sqrt(1.-alpha_bar)
post_var = beta_sched * (1. - alpha_bar_prev) / (1. - alpha_bar)

to_pil = Compose([
        Lambda(lambda x: (x+1)/2),
        Lambda(lambda x: x.permute(1,2,0)),
        Lambda(lambda x: x * 255.),
        Lambda(lambda x: x.numpy().astype(np.uint8)),
        ToPILImage(),
    ])

def forward_noise(x0,t,eps=None):
        if eps is None:
            eps = torch.randn_like(x0)
        a_t = gather_at(sqrt_alpha_bar,t,x0.shape)
        s_t = gather_at(sqrt_one_minus_alpha_bar,t,x0.shape)
        return a_t * x0 + s_t * eps

def noisy_preview(x0,t):
    xt = forward_noise(x0,t)
    preview = to_pil(xt.squeeze())
    return preview

def denoise_loss(net,x0,t,eps=None,kind="l1"):
    if eps is None:
        eps = torch.randn_like(x0)
        
    xt = forward_noise(x0,t,eps)
    eps_hat = net(xt,t)
    if kind == "l1":
        loss = F.l1_loss(eps,eps_hat)
    elif kind == "l2":
        loss = F.mse_loss(eps,eps_hat)
    elif kind == "huber":
        loss = F.smooth_l1_loss(eps,eps_hat)
    else:
        return NotImplementedError
    return loss

def gather_at(vals,t,shape):
    bs = t.shape[0]
    picked = vals.gather(-1,t.cpu())
    return picked.reshape(bs,*((1,)*(len(shape)-1))).to(t.device)

@torch.no_grad()
def reverse_step(net,x,t,t_idx):
    b_t = gather_at(beta_sched,t,x.shape)
    s_t = gather_at(sqrt_one_minus_alpha_bar,t,x.shape)
    r_t = gather_at(inv_sqrt_alpha,t,x.shape)
    mean = r_t * (
        x - b_t * net(x,t) / s_t
    )
    if t_idx == 0:
        return mean
    else:
        v_t = gather_at(post_var,t,x.shape)
        z = torch.randn_like(x)
        return mean + torch.sqrt(v_t) * z
    
@torch.no_grad()
def reverse_loop(net,shape):
    dev = next(net.parameters()).device
    b = shape[0]
    x = torch.randn(shape,device=dev)
    frames = []
    for k in tqdm(reversed(range(0,n_steps)),desc='reverse diffusion',total=n_steps):
        x = reverse_step(net,x,torch.full((b,),k,device=dev,dtype=torch.long),k)
        frames.append(x.cpu().numpy())
    return frames

@torch.no_grad()
def draw_samples(net,size,batch_size=16,channels=3):
    return reverse_loop(net,shape=(batch_size,channels,size,size))

tfm = Compose([
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        transforms.Lambda(lambda x: (x*2)-1),
    ])

def hf_transforms(batch):    
    batch["pixel_values"] = [tfm(im.convert("L")) for im in batch["image"]]
    del batch["image"]
    return batch

def fit(n_epochs):
    for ep in range(n_epochs):
        bar = tqdm(enumerate(loader),total=len(loader))
        for it,x0 in bar:
            opt.zero_grad()
            bs = x0.shape[0]
            x0 = x0.to(dev)
            t = torch.randint(0,n_steps,(bs,),device=dev,dtype=torch.long)
            loss = denoise_loss(net,x0,t,kind="l1")
            bar.set_description(f"ep {ep+1}/{n_epochs}")
            bar.set_description(f"loss {loss.item()}")
            wandb.log({"loss":loss.item()})
            loss.backward()
            opt.step()
            
            if it != 0 and it % sample_every == 0:
                stage = it // sample_every
                groups = num_to_groups(4,bs)
                #sampled = list(map(lambda n:draw_samples(net,img_size,batch_size=n,channels=n_ch),groups))
                sampled = draw_samples(net,img_size,batch_size=bs,channels=n_ch)
                #sampled.pop(0)
                print(sampled)
                grid = torch.cat(sampled,dim=0)
                grid = (grid + 1) * 0.5
                save_image(grid,f"{out_dir}/sample-{stage}.png",nrow=6)
                wandb.log({"sample": wandb.Image(grid)})
                
if __name__ == "__main__":
    names = os.listdir("../anime_face")
    faces = FaceFolder(file_names=names,transform=tfm)
    faces = torch.utils.data.Subset(faces,np.linspace(0,len(faces),1000,endpoint=False).astype(int))
    img_size = DEFAULT_CONFIG["IM_SIZE"]
    n_ch = DEFAULT_CONFIG["CHANNELS"]
    bs = DEFAULT_CONFIG["BATCH_SIZE"]
    sample_every = DEFAULT_CONFIG["SAVE_AND_SAMPLE_EVERY"]
    n_epochs = DEFAULT_CONFIG["EPOCHS"]
    
    #hf_faces = faces.with_transform(hf_transforms).remove_columns("label")
    #loader = DataLoader(hf_faces["train"], batch_size=bs, shuffle=True)
    loader = DataLoader(faces,batch_size=bs,shuffle=True)
    #first = next(iter(loader))
    #print(first.keys())

    out_dir = Path("./results")
    out_dir.mkdir(exist_ok=True)

    dev = "cuda:0" if torch.cuda.is_available() else "cpu"
    net = Unet(
        dim=img_size,
        channels=n_ch,
        dim_mults=(1,2,4),
    ).to(dev)
    opt = Adam(net.parameters(),lr=1e-3)
    
    fit(n_epochs)
