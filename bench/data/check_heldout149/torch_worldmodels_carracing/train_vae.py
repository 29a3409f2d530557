import argparse
import numpy as np
import os
import torch
from torch.optim import Adam
from torch.optim.lr_scheduler import StepLR
from torchvision import transforms
from tqdm import tqdm_notebook
from vae import VAE, loss_vae
from loaders import RolloutChunks, collate_fn, generate_obs, save_checkpoint
from settings import H, W, BATCH_SIZE, CHANNELS, LATENT_SIZE, LR, GRAD_ACCUMULATION_STEPS


def main(rollout_dir: str = './env/data',
        ckpt_dir: str = './vae/model',
        n_epochs: int = 20
        ) -> None:
    """
    Fit the VAE on stored CarRacing rollouts.

    Args
    ----
    rollout_dir
        Folder that holds train/ and test/ rollouts.
    ckpt_dir
        Folder for reading and writing checkpoints.
    n_epochs
        How many passes over the training chunks.
    """
    # fixed seeds, deterministic cudnn
    SEED = 123
    np.random.seed(SEED)
    torch.manual_seed(SEED)
    torch.cuda.manual_seed(SEED)
    torch.backends.cudnn.deterministic = True

    # pick the accelerator when present
    has_gpu = torch.cuda.is_available()
    dev = torch.device("cuda" if has_gpu else "cpu")

    # preprocessing pipelines
    tf_fit = transforms.Compose([
        transforms.ToPILImage(),
        transforms.Resize((H, W)),
        transforms.RandomHorizontalFlip(p=.5),
        transforms.ToTensor(),
    ])

    tf_eval = transforms.Compose([
        transforms.ToPILImage(),
        transforms.Resize((H, W)),
        transforms.ToTensor(),
    ])

    # rollout chunks for fitting and evaluation
    fit_dir = os.path.join(rollout_dir, 'train/')
    eval_dir = os.path.join(rollout_dir, 'test/')
    fit_set = RolloutChunks(fit_dir, transform=tf_fit)
    eval_set = RolloutChunks(eval_dir, transform=tf_eval)
    eval_set.load_batch(0)  # evaluation uses a single chunk
    eval_loader = torch.utils.data.DataLoader(eval_set,
                                                  batch_size=BATCH_SIZE,
                                                  shuffle=False,
                                                  collate_fn=collate_fn)

    # where to resume from
    resume_path = os.path.join(ckpt_dir, 'best.tar')
    try:
        ckpt = torch.load(resume_path)
    except FileNotFoundError:
        ckpt = None

    # build network and maybe restore weights
    net = VAE(CHANNELS, LATENT_SIZE)
    if ckpt is not None:
        net.load_state_dict(ckpt['state_dict'])
    net.zero_grad()
    net.to(dev)

    # optimiser
    trainable = [p for p in net.parameters() if p.requires_grad]
    opt = Adam(trainable, lr=LR, betas=(0.9, 0.999), eps=1e-6, weight_decay=0)
    if ckpt is not None:
        opt.load_state_dict(ckpt['optimizer'])

    # step decay of the learning rate
    sched = StepLR(opt, step_size=3, gamma=0.1)
    if ckpt is not None:
        sched.load_state_dict(ckpt['scheduler'])

    # evaluation pass
    def evaluate():
        """ Average loss on the evaluation chunk. """
        net.eval()
        eval_total = 0
        with torch.no_grad():
            for frames, _, _ in generate_obs(eval_loader):
                frames = torch.stack(frames).to(dev)
                recon, mu, logsigma = net(frames)
                eval_total += loss_vae(recon, frames, mu, logsigma).item()
        eval_total /= len(eval_loader.dataset)
        return eval_total

    # fitting
    n_chunks = len(fit_set.batch_list)
    opt.zero_grad()

    best_so_far = None

    bar_epochs = tqdm_notebook(range(n_epochs))
    for ep in bar_epochs:

        net.train()
        fit_total = 0
        steps = 0

        bar_chunks = tqdm_notebook(range(n_chunks))
        for c in bar_chunks:  # every stored chunk once per epoch

            fit_set.load_batch(c)
            fit_loader = torch.utils.data.DataLoader(fit_set,
                                                           batch_size=BATCH_SIZE,
                                                           shuffle=True,
                                                           collate_fn=collate_fn)

            bar_mb = tqdm_notebook(generate_obs(fit_loader), total=len(fit_loader), leave=False)
            for k, (frames, _, _) in enumerate(bar_mb):

                steps += 1

                # move to device
                frames = torch.stack(frames).to(dev)

                # reconstruct
                recon, mu, logsigma = net(frames)

                # objective
                objective = loss_vae(recon, frames, mu, logsigma)

                # gradients
                objective.backward()

                # running average
                fit_total += objective.item()
                fit_avg = fit_total / (steps * BATCH_SIZE)

                # update, possibly after accumulating several steps
                if (k + 1) % GRAD_ACCUMULATION_STEPS == 0:
                    opt.step()
                    opt.zero_grad()

                bar_mb.set_postfix(loss_train=fit_avg)

            bar_chunks.set_postfix(loss_train=fit_avg)

        # decay
        sched.step()

        # evaluation
        eval_avg = evaluate()

        # save checkpoints
        best_path = os.path.join(ckpt_dir, 'best.tar')
        last_path = os.path.join(ckpt_dir, 'checkpoint.tar')
        improved = not best_so_far or eval_avg < best_so_far
        if improved:
            best_so_far = eval_avg

        save_checkpoint({
            'epoch': ep,
            'state_dict': net.state_dict(),
            'precision': eval_avg,
            'optimizer': opt.state_dict(),
            'scheduler': sched.state_dict()
        }, improved, last_path, best_path)

        bar_epochs.set_postfix(loss_train=fit_avg, loss_test=eval_avg)


if __name__ == '__main__':
    cli = argparse.ArgumentParser(description="Fit the VAE on stored CarRacing rollouts.")
    cli.add_argument('--data_dir', type=str, default='./env/data')
    cli.add_argument('--vae_dir', type=str, default='./vae/model')
    cli.add_argument('--epochs', type=int, default=20)
    opts = cli.parse_args()
    main(opts.data_dir, opts.vae_dir, opts.epochs)
