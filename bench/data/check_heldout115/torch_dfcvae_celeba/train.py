import torch
import torch.optim as optim
import multiprocessing
import time
import prep
import models
import utils
from torchvision.utils import save_image


def run_epoch(net, dev, loader, opt, ep, every):
    net.train()
    running = 0

    for step, batch in enumerate(loader):
        batch = batch.to(dev)
        opt.zero_grad()
        recon, mu, logvar = net(batch)
        loss = net.loss(recon, batch, mu, logvar)
        loss.backward()
        opt.step()

        running += loss.item()

        if step % every == 0:
            print('{} epoch {} [{}/{} ({:.0f}%)]\tloss: {:.6f}'.format(
                time.ctime(time.time()), ep, step * len(batch),
                len(loader.dataset), 100. * step / len(loader), loss.item()))

    running /= len(loader)
    print('mean train loss:', running)
    return running


def evaluate(net, dev, loader, n_keep=0, every=None):
    net.eval()
    running = 0

    # originals and reconstructions kept for the comparison grid
    kept_in = []
    kept_out = []

    with torch.no_grad():
        for step, batch in enumerate(loader):
            batch = batch.to(dev)
            recon, mu, logvar = net(batch)
            loss = net.loss(recon, batch, mu, logvar)
            running += loss.item()

            if n_keep > 0 and len(kept_in) < n_keep:
                kept_in.append(batch[0].cpu())
                kept_out.append(recon[0].cpu())

            if every is not None and step % every == 0:
                print('{} eval [{}/{} ({:.0f}%)]\tloss: {:.6f}'.format(
                    time.ctime(time.time()),
                    step * len(batch), len(loader.dataset),
                    100. * step / len(loader), loss.item()))

    running /= len(loader)
    print('mean eval loss:', running)

    if n_keep > 0:
        return running, kept_in, kept_out

    return running


# settings
BATCH = 256
EVAL_BATCH = 10
N_EPOCHS = 400

Z_DIM = 100
LR = 1e-3

WANT_GPU = True
LOG_EVERY = 100
HISTORY_FILE = './runs/history.pkl'
CKPT_DIR = './ckpt/'
GRID_DIR = './grids/'

gpu_ok = WANT_GPU and torch.cuda.is_available()
dev = torch.device("cuda" if gpu_ok else "cpu")
print('device', dev)
print('cpu count:', multiprocessing.cpu_count())

# data
fit_ids, held_ids = prep.partition_ids()
print('train images:', len(fit_ids))
print('test images:', len(held_ids))

fit_set = prep.FaceFileDataset(fit_ids)
held_set = prep.FaceFileDataset(held_ids)

loader_opts = {'num_workers': multiprocessing.cpu_count(),
               'pin_memory': True} if gpu_ok else {}

fit_loader = torch.utils.data.DataLoader(fit_set, batch_size=BATCH, shuffle=True, **loader_opts)
held_loader = torch.utils.data.DataLoader(held_set, batch_size=EVAL_BATCH, shuffle=True, **loader_opts)

print('latent size:', Z_DIM)

# net = models.BetaVAE(latent_size=Z_DIM).to(dev)
net = models.DFCVAE(latent_size=Z_DIM).to(dev)

opt = optim.Adam(net.parameters(), lr=LR)

if __name__ == "__main__":

    first_ep = net.load_last_model(CKPT_DIR) + 1
    fit_hist, held_hist = utils.read_log(HISTORY_FILE, ([], []))

    for ep in range(first_ep, N_EPOCHS + 1):
        fit_loss = run_epoch(net, dev, fit_loader, opt, ep, LOG_EVERY)
        held_loss, kept_in, kept_out = evaluate(net, dev, held_loader, n_keep=5)

        save_image(kept_in + kept_out, GRID_DIR + str(ep) + '.png', padding=0, nrow=len(kept_in))

        fit_hist.append((ep, fit_loss))
        held_hist.append((ep, held_loss))
        utils.write_log(HISTORY_FILE, (fit_hist, held_hist))

        net.save_model(CKPT_DIR + '%03d.pt' % ep)
