from diffusion_utils import FacesCelebA, BetaSchedule, fit, EpsModel
from unet_model import UNetModel
from torch.utils.data import random_split
import torch

faces = FacesCelebA(size = 32)
torch.seed = 42

fractions = [0.8, 0.15, 0.05]
tr_ds, te_ds, va_ds = random_split(faces, fractions)

dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
chw = tr_ds[0].shape
n_pix = torch.prod(torch.tensor(chw))

sched = BetaSchedule(1e-4, 0.02, 1000)

unet_kwargs = {
    "in_channels": chw[0],
    "model_channels": 64,
    "out_channels": chw[0],
    "num_res_blocks": 4,
    "attention_resolutions": [4],
    "dropout": 0.1,
    "num_heads": 16,
    "num_heads_upsample": 16,
}

unet = UNetModel(**unet_kwargs)
wrap_args = [unet, sched, chw, dev]
eps_net = EpsModel(*wrap_args)
eps_net.path = "../ckpts/unet_eps.pt"
eps_net.load_model()
n_trainable = sum(p.numel() for p in eps_net.parameters() if p.requires_grad)
print("trainable weights: ", n_trainable)

curve, _ = fit(
    m = eps_net,
    n_epochs = 30,
    tr_ds = tr_ds,
    va_ds = va_ds,
    batch_size = 32,
    track_weights=False)

torch.save(curve, "../ckpts/unet_eps_curve.pt")