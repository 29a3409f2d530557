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
class NoteWavDataset(Dataset):
    """One NSynth note per item, decoded when requested."""

    def __init__(self, wav_dir):
        super().__init__()
        self.wav_files = glob.glob(wav_dir + "/*.wav")
        _, self.sample_rate = torchaudio.load(self.wav_files[0])

    def __len__(self):
        return len(self.wav_files)

    def __getitem__(self, item_idx):
        return torchaudio.load(self.wav_files[item_idx])[0]


# --------------------------------- generator ---------------------------------
class LeftPadConv1d(nn.Conv1d):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.left_pad = self.dilation[0] * (self.kernel_size[0] - 1)

    def forward(self, x):
        return self._conv_forward(F.pad(x, [self.left_pad, 0]), self.weight, self.bias)

class LeftPadConvT1d(nn.ConvTranspose1d):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.left_pad = (self.dilation[0] * (self.kernel_size[0] - 1) + self.output_padding[0]
                               + 1 - self.stride[0])

    def forward(self, x, out_size=None):
        if self.padding_mode != 'zeros':
            raise ValueError('this transposed conv handles padding_mode zeros only')
        assert isinstance(self.padding, tuple)
        extra_pad = self._output_padding(x, out_size, self.stride, self.padding, self.kernel_size,
                                       self.dilation)
        y_up = F.conv_transpose1d(x, self.weight, self.bias, self.stride, self.padding, extra_pad, self.groups,
                               self.dilation)
        return y_up[..., :-self.left_pad]

class ResBlock1d(nn.Module):
    def __init__(self, ch_in, ch_out, dil):
        super().__init__()
        self.dil_rate = dil
        self.stages = nn.Sequential(
            LeftPadConv1d(in_channels=ch_in, out_channels=ch_out, kernel_size=7, dilation=dil),
            nn.ELU(),
            nn.Conv1d(in_channels=ch_in, out_channels=ch_out, kernel_size=1))

    def forward(self, x):
        return x + self.stages(x)

class DownBlock(nn.Module):
    def __init__(self, ch_out, hop):
        super().__init__()
        mid_ch = ch_out // 2
        self.stages = nn.Sequential(
            ResBlock1d(mid_ch, mid_ch, dil=1), nn.ELU(),
            ResBlock1d(mid_ch, mid_ch, dil=3), nn.ELU(),
            ResBlock1d(mid_ch, mid_ch, dil=9), nn.ELU(),
            LeftPadConv1d(in_channels=mid_ch, out_channels=ch_out, kernel_size=2 * hop, stride=hop))

    def forward(self, x):
        return self.stages(x)

class UpBlock(nn.Module):
    def __init__(self, ch_out, hop):
        super().__init__()
        self.stages = nn.Sequential(
            LeftPadConvT1d(in_channels=2 * ch_out, out_channels=ch_out,
                                  kernel_size=2 * hop, stride=hop), nn.ELU(),
            ResBlock1d(ch_out, ch_out, dil=1), nn.ELU(),
            ResBlock1d(ch_out, ch_out, dil=3), nn.ELU(),
            ResBlock1d(ch_out, ch_out, dil=9))

    def forward(self, x):
        return self.stages(x)

class WaveEncoder(nn.Module):
    def __init__(self, base_ch, latent_dim):
        super().__init__()
        self.stages = nn.Sequential(
            LeftPadConv1d(in_channels=1, out_channels=base_ch, kernel_size=7), nn.ELU(),
            DownBlock(ch_out=2 * base_ch, hop=2), nn.ELU(),
            DownBlock(ch_out=4 * base_ch, hop=4), nn.ELU(),
            DownBlock(ch_out=8 * base_ch, hop=5), nn.ELU(),
            DownBlock(ch_out=16 * base_ch, hop=8), nn.ELU(),
            LeftPadConv1d(in_channels=16 * base_ch, out_channels=latent_dim, kernel_size=3))

    def forward(self, x):
        return self.stages(x)

class WaveDecoder(nn.Module):
    def __init__(self, base_ch, latent_dim):
        super().__init__()
        self.stages = nn.Sequential(
            LeftPadConv1d(in_channels=latent_dim, out_channels=16 * base_ch, kernel_size=7), nn.ELU(),
            UpBlock(ch_out=8 * base_ch, hop=8), nn.ELU(),
            UpBlock(ch_out=4 * base_ch, hop=5), nn.ELU(),
            UpBlock(ch_out=2 * base_ch, hop=4), nn.ELU(),
            UpBlock(ch_out=base_ch, hop=2), nn.ELU(),
            LeftPadConv1d(in_channels=base_ch, out_channels=1, kernel_size=7))

    def forward(self, x):
        return self.stages(x)

class Codec(nn.Module):
    def __init__(self, base_ch, latent_dim, n_codebooks, book_size):
        super().__init__()
        self.enc_net = WaveEncoder(base_ch=base_ch, latent_dim=latent_dim)
        self.rvq = ResidualVQ(num_quantizers=n_codebooks, dim=latent_dim, codebook_size=book_size,
                                    kmeans_init=True, kmeans_iters=100, threshold_ema_dead_code=2)
        self.dec_net = WaveDecoder(base_ch=base_ch, latent_dim=latent_dim)

    def forward(self, x):
        quantized, _, _ = self.rvq(self.enc_net(x))
        return self.dec_net(quantized)


# ------------------------------- discriminators -------------------------------
def wn_conv1d(*args, **kwargs):
    return weight_norm(nn.Conv1d(*args, **kwargs))

class WaveCritic(nn.Module):
    def __init__(self):
        super().__init__()
        leaky = lambda: nn.LeakyReLU(negative_slope=0.2)
        self.stages = nn.ModuleList([
            nn.Sequential(nn.ReflectionPad1d(7), wn_conv1d(1, 16, kernel_size=15), leaky()),
            nn.Sequential(wn_conv1d(16, 64, kernel_size=41, stride=4, padding=20, groups=4), leaky()),
            nn.Sequential(wn_conv1d(64, 256, kernel_size=41, stride=4, padding=20, groups=16), leaky()),
            nn.Sequential(wn_conv1d(256, 1024, kernel_size=41, stride=4, padding=20, groups=64), leaky()),
            nn.Sequential(wn_conv1d(1024, 1024, kernel_size=41, stride=4, padding=20, groups=256), leaky()),
            nn.Sequential(wn_conv1d(1024, 1024, kernel_size=5, stride=1, padding=2), leaky()),
            wn_conv1d(1024, 1, kernel_size=3, stride=1, padding=1)])

    def feature_map_lengths(self, seq_lens):
        return [seq_lens,
                torch.div(seq_lens + 3, 4, rounding_mode="floor"),
                torch.div(seq_lens + 15, 16, rounding_mode="floor"),
                torch.div(seq_lens + 63, 64, rounding_mode="floor"),
                torch.div(seq_lens + 255, 256, rounding_mode="floor"),
                torch.div(seq_lens + 255, 256, rounding_mode="floor"),
                torch.div(seq_lens + 255, 256, rounding_mode="floor")]

    def forward(self, x):
        feat_maps = []
        for stage in self.stages:
            x = stage(x)
            feat_maps.append(x)
        return feat_maps


class MultiScaleWaveCritic(nn.Module):
    def __init__(self, n_scales, pool_factor):
        super().__init__()
        self.n_scales = n_scales
        self.pool_factor = pool_factor
        self.scale_discs = nn.ModuleDict({f"disc_{pool_factor ** i}": WaveCritic()
                                    for i in range(n_scales)})
        self.avg_down = nn.AvgPool1d(kernel_size=4, stride=2, padding=1, count_include_pad=False)

    def feature_map_lengths(self, seq_lens):
        return {f"disc_{self.pool_factor ** i}":
                self.scale_discs[f"disc_{self.pool_factor ** i}"].feature_map_lengths(
                    torch.div(seq_lens, 2 ** i, rounding_mode="floor")) for i in range(self.n_scales)}

    def forward(self, x):
        per_scale = {}
        for i in range(self.n_scales):
            scale_key = f"disc_{self.pool_factor ** i}"
            per_scale[scale_key] = self.scale_discs[scale_key](x)
            x = self.avg_down(x)
        return per_scale


class ResBlock2d(nn.Module):
    def __init__(self, ch_in, n_ch, widen, t_stride, f_stride):
        super().__init__()
        self.t_stride = t_stride
        self.f_stride = f_stride
        self.stages = nn.Sequential(
            nn.Conv2d(in_channels=ch_in, out_channels=n_ch, kernel_size=(3, 3), padding="same"),
            nn.ELU(),
            nn.Conv2d(in_channels=n_ch, out_channels=widen * n_ch, kernel_size=(f_stride + 2, t_stride + 2), stride=(f_stride, t_stride)))
        self.shortcut = nn.Conv2d(in_channels=ch_in, out_channels=widen * n_ch, kernel_size=(1, 1),
                                         stride=(f_stride, t_stride))

    def forward(self, x):
        return self.stages(F.pad(x, [self.t_stride + 1, 0, self.f_stride + 1, 0])) + self.shortcut(x)


class SpecCritic(nn.Module):
    def __init__(self, base_ch, n_freq_bins):
        super().__init__()
        self.stages = nn.ModuleList([
            nn.Sequential(nn.Conv2d(in_channels=2, out_channels=32, kernel_size=(7, 7)), nn.ELU()),
            nn.Sequential(ResBlock2d(ch_in=32, n_ch=base_ch, widen=2, t_stride=1, f_stride=2), nn.ELU()),
            nn.Sequential(ResBlock2d(ch_in=2 * base_ch, n_ch=2 * base_ch, widen=2, t_stride=2, f_stride=2), nn.ELU()),
            nn.Sequential(ResBlock2d(ch_in=4 * base_ch, n_ch=4 * base_ch, widen=1, t_stride=1, f_stride=2), nn.ELU()),
            nn.Sequential(ResBlock2d(ch_in=4 * base_ch, n_ch=4 * base_ch, widen=2, t_stride=2, f_stride=2), nn.ELU()),
            nn.Sequential(ResBlock2d(ch_in=8 * base_ch, n_ch=8 * base_ch, widen=1, t_stride=1, f_stride=2), nn.ELU()),
            nn.Sequential(ResBlock2d(ch_in=8 * base_ch, n_ch=8 * base_ch, widen=2, t_stride=2, f_stride=2), nn.ELU()),
            nn.Conv2d(in_channels=16 * base_ch, out_channels=1, kernel_size=(n_freq_bins // 2 ** 6, 1))])

    def feature_map_lengths(self, seq_lens):
        return [seq_lens - 6, seq_lens - 6,
                torch.div(seq_lens - 5, 2, rounding_mode="floor"), torch.div(seq_lens - 5, 2, rounding_mode="floor"),
                torch.div(seq_lens - 3, 4, rounding_mode="floor"), torch.div(seq_lens - 3, 4, rounding_mode="floor"),
                torch.div(seq_lens + 1, 8, rounding_mode="floor"), torch.div(seq_lens + 1, 8, rounding_mode="floor")]

    def forward(self, x):
        feat_maps = []
        for stage in self.stages:
            x = stage(x)
            feat_maps.append(x)
        return feat_maps


# ---------------------------------- training ----------------------------------
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
W_ADV = 1
W_FEAT = 100
W_REC = 1
EPOCHS_TOTAL = 2
BATCH_LEN = 4

codec = Codec(base_ch=1, latent_dim=1, n_codebooks=1, book_size=1)
wave_critic = MultiScaleWaveCritic(n_scales=3, pool_factor=2)
N_FFT, HOP = 1024, 256
spec_critic = SpecCritic(base_ch=1, n_freq_bins=N_FFT // 2)
codec.to(dev)
wave_critic.to(dev)
spec_critic.to(dev)


def pad_batch(batch_clips):
    seq_lens = torch.tensor([wav_t.shape[-1] for wav_t in batch_clips])
    return nn.utils.rnn.pad_sequence(batch_clips, batch_first=True), seq_lens


train_notes_dataset = NoteWavDataset(wav_dir="./data/nsynth-train.jsonwav/nsynth-train/audio")
train_note_loader = DataLoader(train_notes_dataset, batch_size=BATCH_LEN, collate_fn=pad_batch, num_workers=2)
sample_rate = train_notes_dataset.sample_rate
valid_notes_dataset = NoteWavDataset(wav_dir="./data/nsynth-valid.jsonwav/nsynth-valid/audio")
valid_note_loader = DataLoader(valid_notes_dataset, batch_size=BATCH_LEN, collate_fn=pad_batch, num_workers=2)
test_notes_dataset = NoteWavDataset(wav_dir="./data/nsynth-test.jsonwav/nsynth-test/audio")
test_note_loader = DataLoader(test_notes_dataset, batch_size=BATCH_LEN, collate_fn=pad_batch, num_workers=2)


def gen_hinge_loss(fake_spec_feats, fake_wave_feats, spec_lens, wave_lens):
    scale_keys = wave_lens.keys()
    spec_term = F.relu(1 - fake_spec_feats[-1]).sum(dim=3).squeeze() / spec_lens[-1].squeeze()
    wave_term = torch.cat([F.relu(1 - fake_wave_feats[k][-1]).sum(dim=2).squeeze() / wave_lens[k][-1].squeeze()
                        for k in scale_keys])
    return torch.cat([spec_term, wave_term]).mean()


def feature_match_loss(real_spec_feats, real_wave_feats, fake_spec_feats, fake_wave_feats, wave_lens, spec_lens):
    scale_keys = wave_lens.keys()
    spec_term = torch.stack([((fa - fb).abs().sum(dim=-1) / spec_lens[i].view(-1, 1, 1)).sum(dim=-1).sum(dim=-1)
                          for i, (fa, fb) in enumerate(zip(real_spec_feats, fake_spec_feats))], dim=1).mean(dim=1, keepdim=True)
    wave_term = torch.stack([torch.stack([(fa - fb).abs().sum(dim=-1).sum(dim=-1) / wave_lens[k][i]
                                       for i, (fa, fb) in enumerate(zip(real_wave_feats[k], fake_wave_feats[k]))], dim=1)
                          for k in scale_keys], dim=2).mean(dim=1)
    return torch.cat([spec_term, wave_term], dim=1).mean()


def multi_res_mel_loss(x, x_hat, floor_eps=1e-4):
    acc_loss = 0
    for i in range(6, 12):
        win = 2 ** i
        log_weight = (win / 2) ** 0.5
        mel_tf = MelSpectrogram(sample_rate=sample_rate, n_fft=win, hop_length=win // 4, n_mels=8,
                             wkwargs={"device": dev}).to(dev)
        M_x = mel_tf(x)
        M_hat = mel_tf(x_hat)
        acc_loss += (M_x - M_hat).abs().sum() + log_weight * (
            ((torch.log(M_x.abs() + floor_eps) - torch.log(M_hat.abs() + floor_eps)) ** 2).sum(dim=-2) ** 0.5).sum()
    return acc_loss


def critic_hinge_loss(real_spec_feats, real_wave_feats, fake_spec_feats, fake_wave_feats, spec_lens, wave_lens):
    scale_keys = wave_lens.keys()
    real_spec_term = F.relu(1 - real_spec_feats[-1]).sum(dim=3).squeeze() / spec_lens[-1].squeeze()
    real_wave_term = torch.stack([F.relu(1 - real_wave_feats[k][-1]).sum(dim=-1).squeeze() / wave_lens[k][-1].squeeze()
                             for k in scale_keys], dim=1)
    real_term = torch.cat([real_spec_term.view(-1, 1), real_wave_term], dim=1).mean()
    fake_spec_term = F.relu(1 + fake_spec_feats[-1]).sum(dim=-1).squeeze() / spec_lens[-1].squeeze()
    fake_wave_term = torch.stack([F.relu(1 + fake_wave_feats[k][-1]).sum(dim=-1).squeeze() / wave_lens[k][-1].squeeze()
                             for k in scale_keys], dim=1)
    fake_term = torch.cat([fake_spec_term.view(-1, 1), fake_wave_term], dim=1).mean()
    return real_term + fake_term


gen_optimizer = optim.Adam(codec.parameters(), lr=1e-4, betas=(0.5, 0.9))
critic_optimizer = optim.Adam(list(wave_critic.parameters()) + list(spec_critic.parameters()), lr=1e-4, betas=(0.5, 0.9))
gen_objective = lambda x, x_hat, rs, rw, gs, gw, wl, sl: (
    W_ADV * gen_hinge_loss(gs, gw, sl, wl) + W_FEAT * feature_match_loss(rs, rw, gs, gw, wl, sl)
    + W_REC * multi_res_mel_loss(x, x_hat))
critic_objective = critic_hinge_loss

best_model_state = codec.state_dict().copy()
lowest_val_loss = float("inf")
loss_log = {"train": {"d": [], "g": []}, "valid": {"d": [], "g": []}, "test": {"d": [], "g": []}}


def spec_of(wave):
    return torch.stft(wave.squeeze(), n_fft=1024, hop_length=256,
                      window=torch.hann_window(window_length=1024, device=dev),
                      return_complex=False).permute(0, 3, 1, 2)


for epoch in range(1, EPOCHS_TOTAL + 1):
    codec.train()
    spec_critic.train()
    wave_critic.train()
    train_loss_critic = 0.0
    train_loss_gen = 0.0
    for x, x_lens in tqdm(train_note_loader):
        x = x.to(dev)
        x_lens = x_lens.to(dev)
        x_hat = codec(x)
        spec_x = spec_of(x)
        spec_x_lens = 1 + torch.div(x_lens, 256, rounding_mode="floor")
        spec_hat = spec_of(x_hat)
        spec_feat_lens = spec_critic.feature_map_lengths(spec_x_lens)
        wave_feat_lens = wave_critic.feature_map_lengths(x_lens)

        rs, rw = spec_critic(spec_x), wave_critic(x)
        gs, gw = spec_critic(spec_hat), wave_critic(x_hat)
        gen_loss = gen_objective(x, x_hat, rs, rw, gs, gw, wave_feat_lens, spec_feat_lens)
        train_loss_gen += gen_loss.item()
        gen_optimizer.zero_grad()
        gen_loss.backward()
        gen_optimizer.step()

        rs, rw = spec_critic(spec_x), wave_critic(x)
        gs_det, gw_det = spec_critic(spec_hat.detach()), wave_critic(x_hat.detach())
        critic_loss = critic_objective(rs, rw, gs_det, gw_det, spec_feat_lens, wave_feat_lens)
        train_loss_critic += critic_loss.item()
        critic_optimizer.zero_grad()
        critic_loss.backward()
        critic_optimizer.step()
    loss_log["train"]["d"].append(train_loss_critic / len(train_note_loader))
    loss_log["train"]["g"].append(train_loss_gen / len(train_note_loader))

    for split_name, eval_loader in (("valid", valid_note_loader), ("test", test_note_loader)):
        with torch.no_grad():
            spec_critic.eval()
            wave_critic.eval()
            critic_sum = 0.0
            gen_sum = 0.0
            for x, x_lens in tqdm(eval_loader):
                x = x.to(dev)
                x_lens = x_lens.to(dev)
                x_hat = codec(x)
                spec_x = spec_of(x)
                spec_x_lens = 1 + torch.div(x_lens, 256, rounding_mode="floor")
                spec_hat = spec_of(x_hat)
                spec_feat_lens = spec_critic.feature_map_lengths(spec_x_lens)
                wave_feat_lens = wave_critic.feature_map_lengths(x_lens)
                rs, rw = spec_critic(spec_x), wave_critic(x)
                gs, gw = spec_critic(spec_hat), wave_critic(x_hat)
                gen_sum += gen_objective(x, x_hat, rs, rw, gs, gw, wave_feat_lens, spec_feat_lens).item()
                rs, rw = spec_critic(spec_x), wave_critic(x)
                gs_det, gw_det = spec_critic(spec_hat.detach()), wave_critic(x_hat.detach())
                critic_sum += critic_objective(rs, rw, gs_det, gw_det, spec_feat_lens, wave_feat_lens).item()
            if split_name == "valid" and gen_sum < lowest_val_loss:
                best_model_state = codec.state_dict().copy()
                lowest_val_loss = gen_sum
            loss_log[split_name]["d"].append(critic_sum / len(eval_loader))
            loss_log[split_name]["g"].append(gen_sum / len(eval_loader))
