import torch
import torch.nn as nn
import torch.optim as optim
from tqdm import tqdm
import logging

log = logging.getLogger(__name__)

def wasserstein_loss(y_pred, y_true):
    """
    Wasserstein loss: mean critic output times the sign
    """
    return -torch.mean(y_pred * y_true)

def run_wgan_training(loader, generator, critic, optG, optC,
               num_epochs, device, nz=100, fixed_noise=None, 
               save_interval=500, n_critic=5, clip_value=0.01):
    """
    WGAN training loop
    
    Args:
        loader: batches of real images
        generator: generator
        critic: discriminator without its sigmoid
        optG: generator optimizer
        optC: critic optimizer
        num_epochs: passes over the data
        device: where to train
        nz: noise size
        fixed_noise: constant noise for the progress grids
        save_interval: steps between progress grids
        n_critic: critic updates per generator update
        clip_value: weight clipping bound
        
    Returns:
        g_hist, c_hist, grids
    """
    log.info("WGAN loop starts...")
    
    # progress records
    grids = []
    g_hist = []
    c_hist = []
    step = 0
    
    if fixed_noise is None:
        fixed_noise = torch.randn(64, nz, 1, 1, device=device)
    
    # sign targets
    plus_one = torch.ones(1).to(device)
    minus_one = -torch.ones(1).to(device)
    
    for epoch in range(num_epochs):
        for i, batch in enumerate(tqdm(loader, desc=f"Epoch {epoch+1}/{num_epochs}")):
            ############################
            # (1) critic updates
            ###########################
            # real images
            real = batch[0].to(device)
            bs = real.size(0)
            
            for _ in range(n_critic):
                optC.zero_grad()
                
                # critic on the real batch
                c_real = critic(real).view(-1)
                
                # a batch of fakes
                z = torch.randn(bs, nz, 1, 1, device=device)
                fake = generator(z)
                
                # critic on the fakes
                c_fake = critic(fake.detach()).view(-1)
                
                # maximise E[critic(real)] - E[critic(fake)]
                c_loss = -(torch.mean(c_real) - torch.mean(c_fake))
                
                # step the critic
                c_loss.backward()
                optC.step()
                
                # clip weights (Lipschitz constraint)
                for p in critic.parameters():
                    p.data.clamp_(-clip_value, clip_value)
                
                c_hist.append(c_loss.item())
            
            ############################
            # (2) generator update
            ###########################
            optG.zero_grad()
            
            # fakes
            z = torch.randn(bs, nz, 1, 1, device=device)
            fake = generator(z)
            
            # critic on the fakes
            scored = critic(fake).view(-1)
            
            # maximise E[critic(fake)]
            g_loss = -torch.mean(scored)
            
            g_loss.backward()
            optG.step()
            
            g_hist.append(g_loss.item())
            
            # print now and then
            if i % 50 == 0:
                log.info(f"[{epoch}/{num_epochs}][{i}/{len(loader)}] "
                      f"Loss_C: {c_loss.item():.4f} Loss_G: {g_loss.item():.4f} "
                      f"Mean C(x): {c_real.mean().item():.4f} "
                      f"Mean C(G(z)): {c_fake.mean().item():.4f}")
            
            # keep a grid of samples
            if (step % save_interval == 0) or ((epoch == num_epochs-1) and (i == len(loader)-1)):
                with torch.no_grad():
                    fake = generator(fixed_noise).detach().cpu()
                from torchvision.utils import make_grid
                grids.append(make_grid(fake, padding=2, normalize=True))
            
            step += 1
    
    return g_hist, c_hist, grids
