import torch
import torch.nn as nn
from torch.utils.data import Dataset
import torchvision
import torchvision.transforms as transforms
from tqdm import tqdm
from torch.utils.data import DataLoader
from IPython.display import clear_output
import matplotlib.pyplot as plt
import numpy as np

sq_err = nn.MSELoss()




def time_features(tsteps):
    """




"""

    feat_dim = 256
    half =  feat_dim // 2
    freqs = torch.log(torch.tensor(10000)) / (half - 1)
    freqs = torch.exp(torch.arange(half).float() * -freqs)
    freqs = tsteps.view(-1, 1).float() * freqs.view(1, -1)
    freqs = torch.cat([torch.sin(freqs), torch.cos(freqs)], dim=1)

    return freqs

class BetaSchedule:
    """








"""

    def __init__(self, b_lo, b_hi, T_total):
        super().__init__()

        self.beta_start = b_lo
        self.beta_end = b_hi
        self.time_steps = T_total



        self.beta = torch.linspace(self.beta_start, self.beta_end, self.time_steps)



        self.alpha = 1 - self.beta
        self.alpha_hat = torch.cumprod(self.alpha, dim=0)
        self.sqrt_alpha = torch.sqrt(self.alpha)
        self.sqrt_alpha_hat = torch.sqrt(self.alpha_hat)
        self.one_minus_alpha_hat = 1 - self.alpha_hat
        self.sqrt_one_minus_alpha_hat = torch.sqrt(self.one_minus_alpha_hat)
        self.sigma_sq = (1 - self.alpha) * torch.roll(self.one_minus_alpha_hat, 1) / self.one_minus_alpha_hat
        self.sigma_sq[0] = 0
        self.sigma = torch.sqrt(self.sigma_sq)

    def sample_time_steps(self, limit):
        """





"""

        return torch.randint(self.time_steps, (limit,1))

    def make_noisy_images(self, clean, tt):
        """






"""

        noise = torch.randn(clean.shape)
        mean = self.sqrt_alpha_hat[tt] * clean
        sdev  = self.sqrt_one_minus_alpha_hat[tt]
        noisy = mean + sdev * noise

        return noisy, noise, mean

class Cifar10Tensors(Dataset):
    """



"""

    def __init__(self, limit = None):
        """





"""

        super().__init__()

        raw = torchvision.datasets.CIFAR10(root='../datasets', download=True, transform=transforms.ToTensor())
        raw = torch.from_numpy(raw.data)
        raw = raw.permute(0,3,1,2).float() / 255
        self.data = raw * 2 - 1
        self.n = limit

    def __len__(self):
        if self.n is None:
            return len(self.data)

        return self.n

    def __getitem__(self, k):
        return self.data[k]

class FacesCelebA(Dataset):
    """




"""

    def __init__(self, limit = None, size=32):
        """




"""

        super().__init__()

        self.n = limit

        transform = transforms.Compose([
                transforms.CenterCrop(128),
                transforms.Resize(size),
                transforms.ToTensor(),
            ])

        self.images = torchvision.datasets.CelebA(root='../datasets', download=True, transform=transform)

    def __len__(self):
        if self.n is None:
            return len(self.images)

        return self.n

    def __getitem__(self, k):


        return self.images[k][0] * 2 - 1


class DiffusionBase(nn.Module):
    """



"""

    def __init__(self, backbone, sched, shape_chw, dev):
        """






"""

        super().__init__()
        self.network = backbone.to(dev)
        self.noise_schedule = sched
        self.dimensions = shape_chw
        self.img_size = torch.prod(torch.tensor(shape_chw))
        self.device = dev

    def sample(self, xcur=None, n_steps=None):
        """










"""


        snap_steps = torch.linspace(0, self.noise_schedule.time_steps, 10, dtype=torch.int)
        snaps = []

        with torch.no_grad():
            xcur = torch.randn((1, self.img_size)) if xcur is None else xcur
            n_steps = self.noise_schedule.time_steps if n_steps is None else n_steps

            print("running reverse process..")
            for tt in tqdm(reversed(range(0, n_steps)), total = n_steps - 1):
                torch.cuda.empty_cache()

                xcur = xcur.to(self.device)

                xcur = self.get_prior(xcur, tt)
                if tt in snap_steps:
                    snaps.append(xcur.view(*self.dimensions).cpu())

            print("reverse process finished")

            return xcur, snaps

    def save_model(self, ckpt_path= None):
        if ckpt_path is not None:
            self.path = ckpt_path

        torch.save(self.state_dict(), self.path)
        print("weights written to {}".format(self.path))

    def load_model(self, ckpt_path= None):
        if ckpt_path is not None:
            self.path = ckpt_path

        try:
            self.load_state_dict(torch.load(self.path))
            print("weights read from {}".format(self.path))
        except:
            print("could not read weights at {}".format(self.path))
            print("starting from scratch")


class EpsModel(DiffusionBase):
    def __init__(self, backbone, sched, shape_chw, dev):
        super().__init__(backbone, sched, shape_chw, dev)
        self.path = "../ckpts/eps_model.pt"

    def loss(self, xstart, tsteps= None):
        """









"""

        batch_size = len(xstart)

        tsteps = self.noise_schedule.sample_time_steps(batch_size) if tsteps is None else tsteps

        xcur, noise, _ = self.noise_schedule.make_noisy_images(xstart.flatten(1), tsteps)
        xcur = xcur.view(batch_size, *self.dimensions)

        xcur = xcur.to(self.device)
        noise = noise.to(self.device)
        tsteps = tsteps.to(self.device)

        eps_hat = self(xcur, tsteps.flatten())
        loss = sq_err(eps_hat.flatten(1), noise)
        return loss

    def get_prior(self, xcur, tt):
        """







"""

        t_in = torch.tensor([tt]).to(self.device)
        noise = self(xcur.view(1, *self.dimensions), t_in).flatten()





        c1 = 1 / self.noise_schedule.sqrt_alpha[tt]
        c2 = (1 - self.noise_schedule.alpha[tt]) / self.noise_schedule.sqrt_one_minus_alpha_hat[tt]

        xcur = c1 * (xcur - c2 * noise)
        if tt > 0:
            xcur += self.noise_schedule.sigma[tt].to(self.device) * torch.randn((1, self.img_size)).to(self.device)

        return xcur

    def forward(self, x, tt):
        return self.network(x, tt)


class X0Model(DiffusionBase):
    def __init__(self, backbone, sched, shape_chw, dev):
        super().__init__(backbone, sched, shape_chw, dev)
        self.path = "../ckpts/x0_model.pt"

    def loss(self, xstart, tsteps= None):
        """









"""

        batch_size = len(xstart)
        tsteps = self.noise_schedule.sample_time_steps(batch_size) if tsteps is None else tsteps

        xcur, _, _ = self.noise_schedule.make_noisy_images(xstart.flatten(1), tsteps)
        xcur = xcur.view(batch_size, *self.dimensions)

        xcur = xcur.to(self.device)
        xstart = xstart.to(self.device)
        tsteps = tsteps.to(self.device)

        eps_hat = self(xcur, tsteps.flatten())
        loss = sq_err(eps_hat.flatten(1), xstart.flatten(1))
        return loss

    def get_prior(self, xcur, tt):
        """







"""

        t_in = torch.tensor([tt]).to(self.device)
        xstart = self(xcur.view(1, *self.dimensions), t_in).flatten()

        if tt == 0:
            return xstart



        c1 = self.noise_schedule.sqrt_alpha[tt] * (1 - self.noise_schedule.alpha_hat[tt - 1]) * xcur
        c2 = self.noise_schedule.sqrt_alpha_hat[tt - 1] * (1 - self.noise_schedule.alpha[tt]) * xstart
        xcur = (c1 + c2) / (1 - self.noise_schedule.alpha_hat[tt])
        xcur += self.noise_schedule.sigma[tt].to(self.device) * torch.randn((1, self.img_size)).to(self.device)

        return xcur

    def forward(self, x, tt):
        return torch.tanh(self.network(x, tt))

class ElboModel(DiffusionBase):
    def __init__(self, backbone, sched, shape_chw, dev):
        super().__init__(backbone, sched, shape_chw, dev)
        self.path = "../ckpts/elbo_model.pt"

    def loss(self, xstart):
        tsteps = torch.arange(0, self.noise_schedule.time_steps).view(-1,1)
        freqs = time_features(tsteps)
        chain, _, _ = self.noise_schedule.make_noisy_images(xstart.flatten(1).repeat(len(tsteps), 1), tsteps)

        reconstruction_loss = self.reconstruction_loss(xstart, chain[1])
        kl_loss = self.kl_loss(chain, freqs)

        loss = reconstruction_loss + kl_loss

        return loss

    def kl_loss(self, chain, freqs):
        kl_loss = 0

        for tt in range(1, self.noise_schedule.time_steps):
            coef = 1 / (2 * self.noise_schedule.beta[tt])

            x_next = chain[tt + 1].view(1, *self.dimensions).to(self.device)
            emb = freqs[tt + 1].view(1, -1).to(self.device)

            x_prev = chain[tt - 1].view(1, *self.dimensions)

            mean_hat = self.network(x_next, emb)
            mean_true = self.noise_schedule.sqrt_alpha[tt] * x_prev

            kl_loss += coef * sq_err(mean_hat.flatten(1), mean_true.flatten(1))

        return kl_loss

    def reconstruction_loss(self, xstart, xone):
        coef = 1 / (2 * self.noise_schedule.beta[0])
        emb = time_features(torch.tensor(1).view(1,1))
        emb = emb.to(self.device)
        xstart = xstart.to(self.device)
        xone = xone.to(self.device)

        mean_hat = self.network(xstart, emb)
        loss = coef * sq_err(mean_hat.flatten(1), xone.flatten(1))
        return loss

    def get_prior(self, xcur, emb, tt):
        xcur = self.network(xcur.view(1, *self.dimensions), emb).flatten(1)

        if tt > 0:
            xcur += self.noise_schedule.beta[tt] * torch.randn((1, self.img_size)).to(self.device)


def evaluate(m, ds, batch_size = 64):
    """








"""

    m.eval()
    m.to(m.device)
    eval_dl = DataLoader(ds, batch_size=batch_size, shuffle=True, drop_last=True)
    eval_loss = 0
    with torch.no_grad():
        for x in eval_dl:
            loss = m.loss(x)
            eval_loss += loss.item()
    eval_loss /= len(eval_dl)
    return eval_loss


def plot_curves(per_step, eval_loss = None):
    """







"""

    tr_curve = per_step[:, 0]
    va_curve = per_step[:, 1]

    if eval_loss is not None:
        plt.scatter(len(per_step) - 1, eval_loss, label="test", color='r', marker='x', s=100)

    plt.grid(True)
    plt.title("Loss curves")
    plt.plot(tr_curve, label="train")
    plt.plot(va_curve, label="valid")
    plt.xlabel("epoch #")
    plt.ylabel("value")
    plt.xticks(np.arange(0, len(per_step)))
    plt.legend()
    plt.show()

def fit(m, n_epochs, tr_ds, va_ds, batch_size=64, track_weights=False):
    """












"""

    torch.autograd.set_detect_anomaly(True)
    opt = torch.optim.Adam(m.parameters(), lr=1e-5, weight_decay=1e-4)
    curve = torch.zeros((n_epochs, 2))

    n_weights = sum(p.numel() for p in m.parameters() if p.requires_grad)
    weight_hist = torch.zeros((n_epochs, n_weights)) if track_weights else None

    tr_dl = DataLoader(tr_ds, batch_size=batch_size, shuffle=True, drop_last=True)

    for ep in range(n_epochs):
        per_step = torch.zeros(len(tr_dl))

        for j, xstart in enumerate(tqdm(tr_dl)):
            loss = m.loss(xstart)

            opt.zero_grad()
            loss.backward()
            opt.step()

            per_step[j] = loss.item()

        m.save_model()

        tr_loss = per_step.mean().item()
        va_loss = evaluate(m, va_ds, batch_size)

        print(f"epoch {ep}")
        print(f"  train {tr_loss}")
        print(f"  valid {va_loss}")

        curve[ep, 0] = tr_loss
        curve[ep, 1] = va_loss

        if track_weights:

            flat_now = torch.concatenate([p.detach().cpu().flatten() for p in m.parameters() if p.requires_grad])
            weight_hist[ep] = flat_now

    return curve, weight_hist

def show_chain(m, caption="Generated samples"):
    """








"""

    m.eval()
    _, chain = m.sample()
    n_pics = len(chain)
    fig, panels = plt.subplots(1, n_pics, figsize=(20, 2))
    for j in range(n_pics):
        pic = chain[j] * 0.5 + 0.5
        pic = torch.clamp(pic, 0, 1)
        pic = pic.view(*m.dimensions).permute(1, 2, 0).cpu().numpy()
        panels[j].imshow(pic, cmap='gray')
        panels[j].axis('off')
    fig.suptitle(caption)
    plt.show()
    m.train()

def show_grid(m, caption="Generated samples"):
    """







"""

    m.eval()
    print("drawing a 3x3 grid...")
    fig, panels = plt.subplots(3, 3, figsize=(8,8))
    for j in range(9):
        xcur, _ = m.sample()
        xcur = (xcur + 1) / 2
        xcur = torch.clamp(xcur, 0, 1)
        pic = xcur.view(*m.dimensions).permute(1, 2, 0).cpu().numpy()
        panels[j//3, j%3].imshow(pic, cmap='gray')
        panels[j//3, j%3].axis('off')
    fig.suptitle(caption)
    plt.show()
    m.train()

def show_curated_grid(m, caption):
    """










"""

    m.eval()
    kept = []
    j = 1
    while len(kept) < 9:
        print(f"drawing candidate {j}...")

        xcur, _ = m.sample()
        xcur = (xcur + 1) / 2
        xcur = torch.clamp(xcur, 0, 1)
        pic = xcur.view(*m.dimensions).permute(1, 2, 0).cpu().numpy()
        plt.imshow(pic)
        plt.axis('off')
        plt.title(f"candidate {j}")
        plt.show()

        answer = input("keep this one? (y/n): ")
        if answer == 'y':
            kept.append(pic)
            j += 1
        elif answer == 'n':
            print("discarded")
        else:
            print("answer y or n")

        clear_output(wait=True)

    fig, panels = plt.subplots(3, 3, figsize=(8,8))
    for j in range(9):
        panels[j//3, j%3].imshow(kept[j], cmap='gray')
        panels[j//3, j%3].axis('off')
    fig.suptitle(caption)
    plt.show()