import torch
import time
from tqdm import tqdm
import logging
from training.loss_functions import discriminator_loss, generator_loss
from training.mixup import mixup_data, mixup_criterion
from torchvision.utils import make_grid

# logging
log = logging.getLogger(__name__)

def run_gan_training(loader, netG, netD, optG, optD, criterion, 
              num_epochs, device, nz=100, fixed_noise=None, save_interval=500,
              use_mixup=True, mixup_alpha=0.2):
    """
    DCGAN training loop
    
    Args:
        loader: batches of real images
        netG: generator
        netD: discriminator
        optG: generator optimizer
        optD: discriminator optimizer
        criterion: loss
        num_epochs: passes over the data
        device: where to train
        nz: noise size
        fixed_noise: constant noise for the progress grids
        save_interval: steps between progress grids
        use_mixup: mix images with MixUp
        mixup_alpha: MixUp Beta parameter
    """
    log.info("Training loop starts...")
    
    # progress records
    grids = []
    g_hist = []
    d_hist = []
    step = 0
    
    if fixed_noise is None:
        fixed_noise = torch.randn(64, nz, 1, 1, device=device)
    
    for epoch in range(num_epochs):
        t0 = time.time()
        
        for i, batch in enumerate(tqdm(loader, desc=f"Epoch {epoch+1}/{num_epochs}")):
            # (1) discriminator update
            netD.zero_grad()
            
            # real images
            real = batch[0].to(device)
            bs = real.size(0)
            
            if use_mixup: # mix the real images
                real, lam = mixup_data(real, mixup_alpha)
            
            # fake images
            z = torch.randn(bs, nz, 1, 1, device=device)
            fake = netG(z)
            
            if use_mixup: # mix the fake images
                fake, fake_lam = mixup_data(fake, mixup_alpha)
            
            # discriminator losses
            if use_mixup:
                # targets for the mixed batches
                ones = torch.full((bs,), 1., dtype=torch.float, device=device)
                zeros = torch.full((bs,), 0., dtype=torch.float, device=device)
                
                # discriminator scores
                out_real = netD(real).view(-1)
                out_fake = netD(fake.detach()).view(-1)
                
                # MixUp losses
                loss_real = mixup_criterion(criterion, out_real, ones, ones, lam)
                loss_fake = mixup_criterion(criterion, out_fake, zeros, zeros, fake_lam)
                d_loss = loss_real + loss_fake
                
                score_real = out_real.mean().item()
                score_fake = out_fake.mean().item()
            else:
                d_loss, loss_real, loss_fake, score_real, score_fake = discriminator_loss(
                    netD, real, fake, criterion, device
                )
            
            d_loss.backward()
            optD.step()

            # (2) generator update
            netG.zero_grad()
            
            if use_mixup:
                # fresh fakes for the generator step
                z = torch.randn(bs, nz, 1, 1, device=device)
                fake = netG(z)
                fake, fake_lam = mixup_data(fake, mixup_alpha)
                
                # generator loss with MixUp
                out_fake = netD(fake).view(-1)
                g_loss = mixup_criterion(criterion, out_fake, ones, ones, fake_lam)
                score_fake = out_fake.mean().item()
            else:
                g_loss, score_fake = generator_loss(
                    netD, fake, criterion, device
                )
            
            g_loss.backward()
            optG.step()
            
            # loss history for the plots
            g_hist.append(g_loss.item())
            d_hist.append(d_loss.item())
            
            # print now and then
            if i % 50 == 0:
                log.info(f"[{epoch}/{num_epochs}][{i}/{len(loader)}] "
                      f"Loss_D: {d_loss.item():.4f} Loss_G: {g_loss.item():.4f} "
                      f"D(x): {score_real:.4f} D(G(z)): {score_fake:.4f}")
            
            # keep a grid of samples from the fixed noise
            if (step % save_interval == 0) or ((epoch == num_epochs-1) and (i == len(loader)-1)):
                with torch.no_grad():
                    fake = netG(fixed_noise).detach().cpu()
                grids.append(make_grid(fake, padding=2, normalize=True))
            
            step += 1
            
        log.info(f"Epoch {epoch+1}/{num_epochs} took {time.time() - t0:.2f}s")
    
    return g_hist, d_hist, grids
