import torch
import numpy as np
from tqdm import tqdm
from model import DiffWave
import wandb
from config import WITH_CONDITIONING

def fit(net, opt, loader, n_epochs, n_steps, beta_sched, lr=1e-4, use_mel=WITH_CONDITIONING):

    #pick the device
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    print(f'device in use: {dev}')

    #count trainable parameters
    trainable = filter(lambda p: p.requires_grad, net.parameters())
    n_params = sum([np.prod(p.size()) for p in trainable])
    print(f'trainable parameters: {n_params}') #report size


    net.train()
    net.to(dev)

    mse = torch.nn.MSELoss()

    global_step = 0
    window_loss = 0
    best_window = 999999999999
    best_epoch = 999999999999
    for ep in range(n_epochs):
        ep_loss = 0
        for batch in tqdm(loader):
            global_step += 1
            opt.zero_grad()

            #waveform is the first element of the sample tuple
            wave = batch[0] # batch, channels, samples 

            #gaussian noise of the same shape
            eps = torch.randn(wave.shape) 

            #random diffusion step in [1, n_steps)
            t = torch.randint(1, n_steps, (1,))

            #noise schedule terms
            beta = beta_sched
            alpha = 1-beta
            alpha_bar = np.cumprod(alpha)

            #noised waveform at step t
            wave = torch.sqrt(alpha_bar[t])*wave + torch.sqrt(1-alpha_bar[t])*eps

            wave = wave.to(dev)
            t = t.to(dev)
            eps = eps.to(dev)

            mel = None
            if use_mel:
                # mel spectrogram is the third element of the tuple
                mel = batch[2] # batch, channels, frames
                mel = mel.to(dev)

            # predict the injected noise
            eps_hat = net.forward(wave, t, mel)
            del wave
            del t

            #loss, backward and step
            step_loss = mse(eps_hat, eps)
            del eps_hat
            del eps
            step_loss.backward()
            opt.step()
            ep_loss += float(step_loss.item())
            window_loss += float(step_loss.item())
            wandb.log({"step_loss": step_loss})

            #every 500 steps log the window average and keep the best checkpoint
            if global_step % 500 == 0:
                wandb.log({"window_500_loss": window_loss/500})
                if best_window > window_loss/500:
                    best_window = window_loss/500
                    torch.save(net.state_dict(), 'output/models/best_window_model.pt')
                window_loss = 0

        # mean over batches
        ep_loss = ep_loss/len(loader)

        #checkpoint on a new best epoch
        if ep_loss < best_epoch:
            best_epoch = ep_loss
            torch.save(net.state_dict(), 'output/models/best_model.pt')
        print(f'ep: {ep} | loss: {ep_loss}')
        wandb.log({"ep_loss": ep_loss})

    #final weights
    torch.save(net.state_dict(), 'output/models/last_model.pt')

    #upload best weights
    wandb.save('output/models/best_model.pt')
    return net
