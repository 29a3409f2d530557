from models import CriticNet, GenNet
from dataset import FxGafSet
from trainer import WassersteinGpRunner, WassersteinRunner
import torch.optim as optim
import argparse
import torch


def run():
    ap = argparse.ArgumentParser('Fit a Wasserstein GAN on GAF images of a price series.')
    ap.add_argument('--csv-path', type=str, default='data/eurusd_minute.csv', help="Where the price csv lives.")
    ap.add_argument('--value-col', type=str, default='BidClose', help="Column holding the price series.")
    ap.add_argument('--variant', default='wgan-gp', help='Which loss: "wgan" or "wgan-gp".')
    ap.add_argument('--batch-size', type=int, default=32, help='Samples per batch.')
    ap.add_argument('--epochs', type=int, default=100, help='How many passes over the data.')
    ap.add_argument('--lr', type=float, default=0, help='Learning rate; 0 keeps the built-in one.')
    ap.add_argument('--n-critic-steps', type=int, default=5, help='Critic updates for each generator update.')
    ap.add_argument('--clip-value', type=float, default=1e-2, help='Weight clipping bound for the critic.')
    ap.add_argument('--penalty-w', type=float, default=10, help='Coefficient of the gradient penalty term.')
    ap.add_argument('--resume-from', default=None, help='Folder with saved weights to resume.')
    ap.add_argument('--save-every', type=int, default=10, help='Epochs between saves.')
    ap.add_argument('--save-dir', default=None, help='Folder for saved weights.')
    ap.add_argument('--board-dir', default=None, help='Folder for tensorboard events.')

    # e.g. python train.py --board-dir ./runs/gp/ --epochs 10
    opts = ap.parse_args()

    Z_DIM=100
    WINDOW=32

    # price images
    import os
    from torch.utils.data import DataLoader

    if os.path.isfile('./data/fx_cache.pt'):
        fxset = torch.load('./data/fx_images.pt')
    else:
        fxset = FxGafSet(opts.data,WINDOW)
        torch.save(fxset, './data/fx_images.pt')

    batches = DataLoader(fxset, batch_size=opts.batch_size, shuffle=True)

    # networks
    gen = GenNet()
    crit_net = CriticNet()
    gen.init_params()


    # pick the accelerator when present
    device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

    runners = {
        'wgan': WassersteinRunner
            (
                gen_net=gen, 
                critic_net=crit_net,
                gen_opt=optim.RMSprop(gen.parameters(), lr=opts.lr if opts.lr > 0 else 5e-5),
                critic_opt=optim.RMSprop(crit_net.parameters(), lr=opts.lr if opts.lr > 0 else 5e-5),
                z_dim=Z_DIM,
                device=device,
                save_dir=opts.save_dir,
                log_dir=opts.board_dir,
                resume_dir=opts.resume_from,
                save_every=opts.save_every,
                n_critic=opts.n_critic_steps,
                clip_val=opts.clip_value,
            ),
        'wgan-gp': WassersteinGpRunner
            (
                gen_net=gen,
                critic_net=crit_net,
                gen_opt=optim.Adam(gen.parameters(), lr=opts.lr if opts.lr > 0 else 1e-4, betas=(0.0,0.9)),
                critic_opt=optim.Adam(crit_net.parameters(), lr=opts.lr if opts.lr > 0 else 1e-4, betas=(0.0,0.9)),
                z_dim=Z_DIM,
                device=device,
                save_dir=opts.save_dir,
                log_dir=opts.board_dir,
                resume_dir=opts.resume_from,
                save_every=opts.save_every,
                n_critic=opts.n_critic_steps,
                penalty_coef=opts.penalty_w,
            ),
    }

    runner = runners.get(opts.variant)
    if not runner:
        raise ValueError(f'unknown variant: {opts.variant}')

    runner.fit(batches, opts.epochs)



if __name__ == "__main__":
    run()