"""SoundStream-style neural audio codec trained adversarially on NSynth notes:
a causal convolutional encoder/decoder around a residual vector quantiser,
judged by a multi-scale waveform discriminator and an STFT discriminator.
Audio is read file by file by the DataLoader; the network definitions and the
dataset class are included in this file."""
import glob

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import torchaudio
from torch.nn.utils import weight_norm
from torch.utils.data import DataLoader, Dataset
from torchaudio.transforms import MelSpectrogram
from tqdm import tqdm
from vector_quantize_pytorch import ResidualVQ


# ---------------------------------- dataset ----------------------------------
class NSynthDataset(Dataset):
    """One NSynth note per item, decoded when requested."""

    def __init__(self, audio_dir):
        super().__init__()
        self.filenames = glob.glob(audio_dir + "/*.wav")
        _, self.sr = torchaudio.load(self.filenames[0])

    def __len__(self):
        return len(self.filenames)

    def __getitem__(self, index):
        return torchaudio.load(self.filenames[index])[0]


# --------------------------------- generator ---------------------------------
class CausalConv1d(nn.Conv1d):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.causal_padding = self.dilation[0] * (self.kernel_size[0] - 1)

    def forward(self, x):
        return self._conv_forward(F.pad(x, [self.causal_padding, 0]), self.weight, self.bias)

class CausalConvTranspose1d(nn.ConvTranspose1d):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.causal_padding = (self.dilation[0] * (self.kernel_size[0] - 1) + self.output_padding[0]
                               + 1 - self.stride[0])

    def forward(self, x, output_size=None):
        if self.padding_mode != 'zeros':
            raise ValueError('Only `zeros` padding mode is supported for ConvTranspose1d')
        assert isinstance(self.padding, tuple)
        out_pad = self._output_padding(x, output_size, self.stride, self.padding, self.kernel_size,
                                       self.dilation)
        y = F.conv_transpose1d(x, self.weight, self.bias, self.stride, self.padding, out_pad, self.groups,
                               self.dilation)
        return y[..., :-self.causal_padding]

class ResidualUnit(nn.Module):
    def __init__(self, in_channels, out_channels, dilation):
        super().__init__()
        self.dilation = dilation
        self.layers = nn.Sequential(
            CausalConv1d(in_channels=in_channels, out_channels=out_channels, kernel_size=7, dilation=dilation),
            nn.ELU(),
            nn.Conv1d(in_channels=in_channels, out_channels=out_channels, kernel_size=1))

    def forward(self, x):
        return x + self.layers(x)

class EncoderBlock(nn.Module):
    def __init__(self, out_channels, stride):
        super().__init__()
        half = out_channels // 2
        self.layers = nn.Sequential(
            ResidualUnit(half, half, dilation=1), nn.ELU(),
            ResidualUnit(half, half, dilation=3), nn.ELU(),
            ResidualUnit(half, half, dilation=9), nn.ELU(),
            CausalConv1d(in_channels=half, out_channels=out_channels, kernel_size=2 * stride, stride=stride))

    def forward(self, x):
        return self.layers(x)

class DecoderBlock(nn.Module):
    def __init__(self, out_channels, stride):
        super().__init__()
        self.layers = nn.Sequential(
            CausalConvTranspose1d(in_channels=2 * out_channels, out_channels=out_channels,
                                  kernel_size=2 * stride, stride=stride), nn.ELU(),
            ResidualUnit(out_channels, out_channels, dilation=1), nn.ELU(),
            ResidualUnit(out_channels, out_channels, dilation=3), nn.ELU(),
            ResidualUnit(out_channels, out_channels, dilation=9))

    def forward(self, x):
        return self.layers(x)

class Encoder(nn.Module):
    def __init__(self, C, D):
        super().__init__()
        self.layers = nn.Sequential(
            CausalConv1d(in_channels=1, out_channels=C, kernel_size=7), nn.ELU(),
            EncoderBlock(out_channels=2 * C, stride=2), nn.ELU(),
            EncoderBlock(out_channels=4 * C, stride=4), nn.ELU(),
            EncoderBlock(out_channels=8 * C, stride=5), nn.ELU(),
            EncoderBlock(out_channels=16 * C, stride=8), nn.ELU(),
            CausalConv1d(in_channels=16 * C, out_channels=D, kernel_size=3))

    def forward(self, x):
        return self.layers(x)

class Decoder(nn.Module):
    def __init__(self, C, D):
        super().__init__()
        self.layers = nn.Sequential(
            CausalConv1d(in_channels=D, out_channels=16 * C, kernel_size=7), nn.ELU(),
            DecoderBlock(out_channels=8 * C, stride=8), nn.ELU(),
            DecoderBlock(out_channels=4 * C, stride=5), nn.ELU(),
            DecoderBlock(out_channels=2 * C, stride=4), nn.ELU(),
            DecoderBlock(out_channels=C, stride=2), nn.ELU(),
            CausalConv1d(in_channels=C, out_channels=1, kernel_size=7))

    def forward(self, x):
        return self.layers(x)

class SoundStream(nn.Module):
    def __init__(self, C, D, n_q, codebook_size):
        super().__init__()
        self.encoder = Encoder(C=C, D=D)
        self.quantizer = ResidualVQ(num_quantizers=n_q, dim=D, codebook_size=codebook_size,
                                    kmeans_init=True, kmeans_iters=100, threshold_ema_dead_code=2)
        self.decoder = Decoder(C=C, D=D)

    def forward(self, x):
        codes, _, _ = self.quantizer(self.encoder(x))
        return self.decoder(codes)


# ------------------------------- discriminators -------------------------------
def WNConv1d(*args, **kwargs):
    return weight_norm(nn.Conv1d(*args, **kwargs))

class WaveDiscriminatorBlock(nn.Module):
    def __init__(self):
        super().__init__()
        lrelu = lambda: nn.LeakyReLU(negative_slope=0.2)
        self.layers = nn.ModuleList([
            nn.Sequential(nn.ReflectionPad1d(7), WNConv1d(1, 16, kernel_size=15), lrelu()),
            nn.Sequential(WNConv1d(16, 64, kernel_size=41, stride=4, padding=20, groups=4), lrelu()),
            nn.Sequential(WNConv1d(64, 256, kernel_size=41, stride=4, padding=20, groups=16), lrelu()),
            nn.Sequential(WNConv1d(256, 1024, kernel_size=41, stride=4, padding=20, groups=64), lrelu()),
            nn.Sequential(WNConv1d(1024, 1024, kernel_size=41, stride=4, padding=20, groups=256), lrelu()),
            nn.Sequential(WNConv1d(1024, 1024, kernel_size=5, stride=1, padding=2), lrelu()),
            WNConv1d(1024, 1, kernel_size=3, stride=1, padding=1)])

    def features_lengths(self, lengths):
        return [lengths,
                torch.div(lengths + 3, 4, rounding_mode="floor"),
                torch.div(lengths + 15, 16, rounding_mode="floor"),
                torch.div(lengths + 63, 64, rounding_mode="floor"),
                torch.div(lengths + 255, 256, rounding_mode="floor"),
                torch.div(lengths + 255, 256, rounding_mode="floor"),
                torch.div(lengths + 255, 256, rounding_mode="floor")]

    def forward(self, x):
        maps = []
        for layer in self.layers:
            x = layer(x)
            maps.append(x)
        return maps


class WaveDiscriminator(nn.Module):
    def __init__(self, num_D, downsampling_factor):
        super().__init__()
        self.num_D = num_D
        self.downsampling_factor = downsampling_factor
        self.model = nn.ModuleDict({f"disc_{downsampling_factor ** i}": WaveDiscriminatorBlock()
                                    for i in range(num_D)})
        self.downsampler = nn.AvgPool1d(kernel_size=4, stride=2, padding=1, count_include_pad=False)

    def features_lengths(self, lengths):
        return {f"disc_{self.downsampling_factor ** i}":
                self.model[f"disc_{self.downsampling_factor ** i}"].features_lengths(
                    torch.div(lengths, 2 ** i, rounding_mode="floor")) for i in range(self.num_D)}

    def forward(self, x):
        out = {}
        for i in range(self.num_D):
            key = f"disc_{self.downsampling_factor ** i}"
            out[key] = self.model[key](x)
            x = self.downsampler(x)
        return out


class ResidualUnit2d(nn.Module):
    def __init__(self, in_channels, N, m, s_t, s_f):
        super().__init__()
        self.s_t = s_t
        self.s_f = s_f
        self.layers = nn.Sequential(
            nn.Conv2d(in_channels=in_channels, out_channels=N, kernel_size=(3, 3), padding="same"),
            nn.ELU(),
            nn.Conv2d(in_channels=N, out_channels=m * N, kernel_size=(s_f + 2, s_t + 2), stride=(s_f, s_t)))
        self.skip_connection = nn.Conv2d(in_channels=in_channels, out_channels=m * N, kernel_size=(1, 1),
                                         stride=(s_f, s_t))

    def forward(self, x):
        return self.layers(F.pad(x, [self.s_t + 1, 0, self.s_f + 1, 0])) + self.skip_connection(x)


class STFTDiscriminator(nn.Module):
    def __init__(self, C, F_bins):
        super().__init__()
        self.layers = nn.ModuleList([
            nn.Sequential(nn.Conv2d(in_channels=2, out_channels=32, kernel_size=(7, 7)), nn.ELU()),
            nn.Sequential(ResidualUnit2d(in_channels=32, N=C, m=2, s_t=1, s_f=2), nn.ELU()),
            nn.Sequential(ResidualUnit2d(in_channels=2 * C, N=2 * C, m=2, s_t=2, s_f=2), nn.ELU()),
            nn.Sequential(ResidualUnit2d(in_channels=4 * C, N=4 * C, m=1, s_t=1, s_f=2), nn.ELU()),
            nn.Sequential(ResidualUnit2d(in_channels=4 * C, N=4 * C, m=2, s_t=2, s_f=2), nn.ELU()),
            nn.Sequential(ResidualUnit2d(in_channels=8 * C, N=8 * C, m=1, s_t=1, s_f=2), nn.ELU()),
            nn.Sequential(ResidualUnit2d(in_channels=8 * C, N=8 * C, m=2, s_t=2, s_f=2), nn.ELU()),
            nn.Conv2d(in_channels=16 * C, out_channels=1, kernel_size=(F_bins // 2 ** 6, 1))])

    def features_lengths(self, lengths):
        return [lengths - 6, lengths - 6,
                torch.div(lengths - 5, 2, rounding_mode="floor"), torch.div(lengths - 5, 2, rounding_mode="floor"),
                torch.div(lengths - 3, 4, rounding_mode="floor"), torch.div(lengths - 3, 4, rounding_mode="floor"),
                torch.div(lengths + 1, 8, rounding_mode="floor"), torch.div(lengths + 1, 8, rounding_mode="floor")]

    def forward(self, x):
        maps = []
        for layer in self.layers:
            x = layer(x)
            maps.append(x)
        return maps


# ---------------------------------- training ----------------------------------
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
LAMBDA_ADV = 1
LAMBDA_FEAT = 100
LAMBDA_REC = 1
N_EPOCHS = 2
BATCH_SIZE = 4

soundstream = SoundStream(C=1, D=1, n_q=1, codebook_size=1)
wave_disc = WaveDiscriminator(num_D=3, downsampling_factor=2)
W, H = 1024, 256
stft_disc = STFTDiscriminator(C=1, F_bins=W // 2)
soundstream.to(device)
wave_disc.to(device)
stft_disc.to(device)


def collate_fn(batch):
    lengths = torch.tensor([clip.shape[-1] for clip in batch])
    return nn.utils.rnn.pad_sequence(batch, batch_first=True), lengths


train_dataset = NSynthDataset(audio_dir="./data/nsynth-train.jsonwav/nsynth-train/audio")
train_loader = DataLoader(train_dataset, batch_size=BATCH_SIZE, collate_fn=collate_fn, num_workers=2)
sr = train_dataset.sr
valid_dataset = NSynthDataset(audio_dir="./data/nsynth-valid.jsonwav/nsynth-valid/audio")
valid_loader = DataLoader(valid_dataset, batch_size=BATCH_SIZE, collate_fn=collate_fn, num_workers=2)
test_dataset = NSynthDataset(audio_dir="./data/nsynth-test.jsonwav/nsynth-test/audio")
test_loader = DataLoader(test_dataset, batch_size=BATCH_SIZE, collate_fn=collate_fn, num_workers=2)


def adversarial_g_loss(f_stft_Gx, f_wave_Gx, len_stft, len_wave):
    names = len_wave.keys()
    l_stft = F.relu(1 - f_stft_Gx[-1]).sum(dim=3).squeeze() / len_stft[-1].squeeze()
    l_wave = torch.cat([F.relu(1 - f_wave_Gx[k][-1]).sum(dim=2).squeeze() / len_wave[k][-1].squeeze()
                        for k in names])
    return torch.cat([l_stft, l_wave]).mean()


def feature_loss(f_stft_x, f_wave_x, f_stft_Gx, f_wave_Gx, len_wave, len_stft):
    names = len_wave.keys()
    l_stft = torch.stack([((a - b).abs().sum(dim=-1) / len_stft[i].view(-1, 1, 1)).sum(dim=-1).sum(dim=-1)
                          for i, (a, b) in enumerate(zip(f_stft_x, f_stft_Gx))], dim=1).mean(dim=1, keepdim=True)
    l_wave = torch.stack([torch.stack([(a - b).abs().sum(dim=-1).sum(dim=-1) / len_wave[k][i]
                                       for i, (a, b) in enumerate(zip(f_wave_x[k], f_wave_Gx[k]))], dim=1)
                          for k in names], dim=2).mean(dim=1)
    return torch.cat([l_stft, l_wave], dim=1).mean()


def spectral_reconstruction_loss(x, G_x, eps=1e-4):
    total = 0
    for i in range(6, 12):
        s = 2 ** i
        alpha_s = (s / 2) ** 0.5
        mel = MelSpectrogram(sample_rate=sr, n_fft=s, hop_length=s // 4, n_mels=8,
                             wkwargs={"device": device}).to(device)
        S_x = mel(x)
        S_G_x = mel(G_x)
        total += (S_x - S_G_x).abs().sum() + alpha_s * (
            ((torch.log(S_x.abs() + eps) - torch.log(S_G_x.abs() + eps)) ** 2).sum(dim=-2) ** 0.5).sum()
    return total


def adversarial_d_loss(f_stft_x, f_wave_x, f_stft_Gx, f_wave_Gx, len_stft, len_wave):
    names = len_wave.keys()
    real_stft = F.relu(1 - f_stft_x[-1]).sum(dim=3).squeeze() / len_stft[-1].squeeze()
    real_wave = torch.stack([F.relu(1 - f_wave_x[k][-1]).sum(dim=-1).squeeze() / len_wave[k][-1].squeeze()
                             for k in names], dim=1)
    real = torch.cat([real_stft.view(-1, 1), real_wave], dim=1).mean()
    fake_stft = F.relu(1 + f_stft_Gx[-1]).sum(dim=-1).squeeze() / len_stft[-1].squeeze()
    fake_wave = torch.stack([F.relu(1 + f_wave_Gx[k][-1]).sum(dim=-1).squeeze() / len_wave[k][-1].squeeze()
                             for k in names], dim=1)
    fake = torch.cat([fake_stft.view(-1, 1), fake_wave], dim=1).mean()
    return real + fake


optimizer_g = optim.Adam(soundstream.parameters(), lr=1e-4, betas=(0.5, 0.9))
optimizer_d = optim.Adam(list(wave_disc.parameters()) + list(stft_disc.parameters()), lr=1e-4, betas=(0.5, 0.9))
criterion_g = lambda x, G_x, fsx, fwx, fsG, fwG, lw, ls: (
    LAMBDA_ADV * adversarial_g_loss(fsG, fwG, ls, lw) + LAMBDA_FEAT * feature_loss(fsx, fwx, fsG, fwG, lw, ls)
    + LAMBDA_REC * spectral_reconstruction_loss(x, G_x))
criterion_d = adversarial_d_loss

best_model = soundstream.state_dict().copy()
best_val_loss = float("inf")
history = {"train": {"d": [], "g": []}, "valid": {"d": [], "g": []}, "test": {"d": [], "g": []}}


def stft_of(sig):
    return torch.stft(sig.squeeze(), n_fft=1024, hop_length=256,
                      window=torch.hann_window(window_length=1024, device=device),
                      return_complex=False).permute(0, 3, 1, 2)


for epoch in range(1, N_EPOCHS + 1):
    soundstream.train()
    stft_disc.train()
    wave_disc.train()
    train_loss_d = 0.0
    train_loss_g = 0.0
    for x, lengths_x in tqdm(train_loader):
        x = x.to(device)
        lengths_x = lengths_x.to(device)
        G_x = soundstream(x)
        s_x = stft_of(x)
        lengths_s_x = 1 + torch.div(lengths_x, 256, rounding_mode="floor")
        s_G_x = stft_of(G_x)
        lengths_stft = stft_disc.features_lengths(lengths_s_x)
        lengths_wave = wave_disc.features_lengths(lengths_x)

        fsx, fwx = stft_disc(s_x), wave_disc(x)
        fsG, fwG = stft_disc(s_G_x), wave_disc(G_x)
        loss_g = criterion_g(x, G_x, fsx, fwx, fsG, fwG, lengths_wave, lengths_stft)
        train_loss_g += loss_g.item()
        optimizer_g.zero_grad()
        loss_g.backward()
        optimizer_g.step()

        fsx, fwx = stft_disc(s_x), wave_disc(x)
        fsG_det, fwG_det = stft_disc(s_G_x.detach()), wave_disc(G_x.detach())
        loss_d = criterion_d(fsx, fwx, fsG_det, fwG_det, lengths_stft, lengths_wave)
        train_loss_d += loss_d.item()
        optimizer_d.zero_grad()
        loss_d.backward()
        optimizer_d.step()
    history["train"]["d"].append(train_loss_d / len(train_loader))
    history["train"]["g"].append(train_loss_g / len(train_loader))

    for split, loader in (("valid", valid_loader), ("test", test_loader)):
        with torch.no_grad():
            stft_disc.eval()
            wave_disc.eval()
            sum_d = 0.0
            sum_g = 0.0
            for x, lengths_x in tqdm(loader):
                x = x.to(device)
                lengths_x = lengths_x.to(device)
                G_x = soundstream(x)
                s_x = stft_of(x)
                lengths_s_x = 1 + torch.div(lengths_x, 256, rounding_mode="floor")
                s_G_x = stft_of(G_x)
                lengths_stft = stft_disc.features_lengths(lengths_s_x)
                lengths_wave = wave_disc.features_lengths(lengths_x)
                fsx, fwx = stft_disc(s_x), wave_disc(x)
                fsG, fwG = stft_disc(s_G_x), wave_disc(G_x)
                sum_g += criterion_g(x, G_x, fsx, fwx, fsG, fwG, lengths_wave, lengths_stft).item()
                fsx, fwx = stft_disc(s_x), wave_disc(x)
                fsG_det, fwG_det = stft_disc(s_G_x.detach()), wave_disc(G_x.detach())
                sum_d += criterion_d(fsx, fwx, fsG_det, fwG_det, lengths_stft, lengths_wave).item()
            if split == "valid" and sum_g < best_val_loss:
                best_model = soundstream.state_dict().copy()
                best_val_loss = sum_g
            history[split]["d"].append(sum_d / len(loader))
            history[split]["g"].append(sum_g / len(loader))
