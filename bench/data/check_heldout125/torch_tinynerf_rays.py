import os
import torch
from tqdm import tqdm
import numpy as np
import matplotlib.pyplot as plt
from torch.utils.data import DataLoader

from NeRF.render import render_rays
from NeRF.nerf import NeRF
# (rays plotting helper not imported)

device = 'cuda' if torch.cuda.is_available() else 'cpu'

@torch.no_grad()
def render_view(field, device, near, far, rays, rows_per_chunk=10, view=0, n_samples=192, H=400, W=400):
    orig = rays[view * H * W: (view + 1) * H * W, :3]
    dirs = rays[view * H * W: (view + 1) * H * W, 3:6]

    pieces = []   # rendered colours, chunk by chunk
    for i in range(int(np.ceil(H / rows_per_chunk))):   # a few image rows at a time
        # rays of these rows
        o_chunk = orig[i * W * rows_per_chunk: (i + 1) * W * rows_per_chunk].to(device)
        d_chunk = dirs[i * W * rows_per_chunk: (i + 1) * W * rows_per_chunk].to(device)        
        rgb_hat = render_rays(field, o_chunk, d_chunk, hn=near, hf=far, nb_bins=n_samples)
        pieces.append(rgb_hat)
    picture = torch.cat(pieces).data.cpu().numpy().reshape(H, W, 3)
    picture = np.clip(picture, 0, 1)
    plt.figure()
    plt.axis('off')
    plt.gca().set_facecolor('black')
    plt.imshow(picture)
    plt.savefig(f'renders/view_{view}.png', bbox_inches='tight')
    plt.close()

def fit(field, opt, sched, loader, device, near=0, far=1, n_epochs=int(1e5),
          n_samples=192, H=400, W=400):
    
    ckpt_every=1

    loss_trace = []
    for epoch in tqdm(range(n_epochs)):
        ep_loss = 0

        # skip epochs whose weights are already on disk
        if not os.path.exists(f'field_ep{epoch + 1}.pt'):
            for rows in loader:
                orig = rows[:, :3].to(device)
                dirs = rows[:, 3:6].to(device)
                rgb = rows[:, 6:].to(device)
                
                rgb_hat = render_rays(field, orig, dirs, hn=near, hf=far, nb_bins=n_samples) 
                loss = ((rgb - rgb_hat) ** 2).sum()

                opt.zero_grad()
                loss.backward()
                opt.step()
                ep_loss += loss.item()
                loss_trace.append(loss.item())

            print(f'epoch {epoch} summed loss {ep_loss}')
            sched.step()

            if (epoch + 1) % ckpt_every == 0:
                torch.save(field.state_dict(), f'field_ep{epoch + 1}.pt')
        else:
            print(f'reusing saved weights of epoch {epoch + 1}')
            field.load_state_dict(torch.load(f'field_ep{epoch + 1}.pt'))

        # render a share of the held-out views after each epoch 
        n_views = len(test_rays)//H//W
        per_epoch = n_views // n_epochs
        first = epoch * per_epoch
        last = (epoch + 1) * per_epoch
        for view in range(first, last):  # one novel view per index
            render_view(field, device, near, far, test_rays, view=view, n_samples=n_samples, H=H, W=W)

    return loss_trace

if __name__ == '__main__':
    device = 'cuda' if torch.cuda.is_available() else 'cpu'

    # ray tables (origin xyz, direction xyz, rgb)
    print('reading ray tables')
    train_rays = torch.from_numpy(np.load('data/training_data.pkl', allow_pickle=True))
    test_rays = torch.from_numpy(np.load('data/testing_data.pkl', allow_pickle=True))
    loader = DataLoader(train_rays, batch_size=1024, shuffle=True)
    
    # # (plots off) 
    # show_rays(train_rays)
    # show_synthetic()

    out_dir = 'renders' 
    if not os.path.exists(out_dir):
        print('making output folder')
        os.makedirs(out_dir)
        
    # network
    pos_freqs = 10
    dir_freqs = 4
    width = 256
    field = NeRF(emb_dim_pos=pos_freqs, emb_dim_dir=dir_freqs, hidden_dim=width).to(device)
    opt = torch.optim.Adam(field.parameters(), lr=1e-4)
    sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[2, 4, 8], gamma=0.5)
    
    # run
    print(f'fitting on {device}')
    fit(field, opt, sched, loader, device, near=2, far=6, n_epochs=50, n_samples=192, H=400,
          W=400)