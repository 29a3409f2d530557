import os
import time
import torch
import argparse
import pandas as pd
import seaborn as sns
import matplotlib.pyplot as plt
from torchvision import transforms
from torchvision.datasets import MNIST
from torch.utils.data import DataLoader
from collections import defaultdict

from models import VAE


def run(opts):

    torch.manual_seed(opts.seed)
    if torch.cuda.is_available():
        torch.cuda.manual_seed(opts.seed)

    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

    stamp = time.time()

    digits = MNIST(
        root='data', train=True, transform=transforms.ToTensor(),
        download=True)
    loader = DataLoader(
        dataset=digits, batch_size=opts.batch_size, shuffle=True)

    def elbo_loss(x_hat, x_in, mu, logvar):
        rec = torch.nn.functional.binary_cross_entropy(
            x_hat.view(-1, 28*28), x_in.view(-1, 28*28), reduction='sum')
        kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())

        return (rec + kl) / x_in.size(0)

    model = VAE(
        encoder_layer_sizes=opts.encoder_layer_sizes,
        latent_size=opts.latent_size,
        decoder_layer_sizes=opts.decoder_layer_sizes,
        conditional=opts.conditional,
        num_labels=10 if opts.conditional else 0).to(dev)

    opt = torch.optim.Adam(model.parameters(), lr=opts.learning_rate)

    history = defaultdict(list)

    for ep in range(opts.epochs):

        latent_points = defaultdict(lambda: defaultdict(dict))

        for step, (xb, yb) in enumerate(loader):

            xb, yb = xb.to(dev), yb.to(dev)

            if opts.conditional:
                x_hat, mu, logvar, code = model(xb, yb)
            else:
                x_hat, mu, logvar, code = model(xb)

            for k, lab in enumerate(yb):
                key = len(latent_points)
                latent_points[key]['x'] = code[k, 0].item()
                latent_points[key]['y'] = code[k, 1].item()
                latent_points[key]['label'] = lab.item()

            loss = elbo_loss(x_hat, xb, mu, logvar)

            opt.zero_grad()
            loss.backward()
            opt.step()

            history['loss'].append(loss.item())

            if step % opts.print_every == 0 or step == len(loader)-1:
                print("epoch {:02d}/{:02d} step {:04d}/{:d}, loss {:9.4f}".format(
                    ep, opts.epochs, step, len(loader)-1, loss.item()))

                if opts.conditional:
                    cond = torch.arange(0, 10).long().unsqueeze(1).to(dev)
                    code = torch.randn([cond.size(0), opts.latent_size]).to(dev)
                    xb = model.inference(code, c=cond)
                else:
                    code = torch.randn([10, opts.latent_size]).to(dev)
                    xb = model.inference(code)

                plt.figure()
                plt.figure(figsize=(5, 10))
                for p in range(10):
                    plt.subplot(5, 2, p+1)
                    if opts.conditional:
                        plt.text(
                            0, 0, "c={:d}".format(cond[p].item()), color='black',
                            backgroundcolor='white', fontsize=8)
                    plt.imshow(xb[p].view(28, 28).cpu().data.numpy())
                    plt.axis('off')

                if not os.path.exists(os.path.join(opts.fig_root, str(stamp))):
                    if not(os.path.exists(os.path.join(opts.fig_root))):
                        os.mkdir(os.path.join(opts.fig_root))
                    os.mkdir(os.path.join(opts.fig_root, str(stamp)))

                plt.savefig(
                    os.path.join(opts.fig_root, str(stamp),
                                 "E{:d}I{:d}.png".format(ep, step)),
                    dpi=300)
                plt.clf()
                plt.close('all')

        frame = pd.DataFrame.from_dict(latent_points, orient='index')
        fg = sns.lmplot(
            x='x', y='y', hue='label', data=frame.groupby('label').head(100),
            fit_reg=False, legend=True)
        fg.savefig(os.path.join(
            opts.fig_root, str(stamp), "E{:d}-Dist.png".format(ep)),
            dpi=300)


if __name__ == '__main__':

    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--batch_size", type=int, default=64)
    ap.add_argument("--learning_rate", type=float, default=0.001)
    ap.add_argument("--encoder_layer_sizes", type=list, default=[784, 256])
    ap.add_argument("--decoder_layer_sizes", type=list, default=[256, 784])
    ap.add_argument("--latent_size", type=int, default=2)
    ap.add_argument("--print_every", type=int, default=100)
    ap.add_argument("--fig_root", type=str, default='figs')
    ap.add_argument("--conditional", action='store_true')

    opts = ap.parse_args()

    run(opts)
