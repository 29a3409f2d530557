import torch
import math
import torch.nn as nn
import librosa as li
import numpy as np
from torch.utils.data import Dataset, Subset
from sklearn.model_selection import train_test_split
import os
from einops import rearrange



def stretch_frames(v, rate=16000):
  nb = v[:,0,0].shape[0]
  n_frames = v[0,:,0].shape[0]
  n_out = rate
  n_ch = v[0,0,:].shape[0]
  out = torch.zeros((nb, n_out, n_ch)).cuda()

  m = 1

  for k in range(n_out):
    if k == 0:
      out[:, k, :] = v[:, k, :]
    elif k % (n_out/n_frames) == 0:
      out[:, k, :] = v[:, m, :]
      m += 1
    else:
      out[:, k, :] = out[:, k-1, :]

  return out



def interp_up(sig, hop_factor):
    sig = sig.permute(0, 2, 1)
    sig = nn.functional.interpolate(sig, size=sig.shape[-1] * hop_factor)
    return sig.permute(0, 2, 1)


def decay_envelopes(decay_rates, hop_factor, k):
    envs = []
    for d in decay_rates:
      d = d.unsqueeze(0)
      d = rearrange(d, 'a b c -> b a c')
      ticks = torch.arange(hop_factor).unsqueeze(-1).cuda()
      expo = - d.abs() * ticks


      expo = rearrange(expo, 'a b c -> (a b) c')
      expo = expo.unsqueeze(0)
      env = torch.exp(expo)
      envs.append(env)

    envs = torch.cat(envs, dim=0).cuda()
    return envs








def floor_to(n_samp, step):
    return step * math.floor(n_samp / step)


def read_pitch_csv(fh):
  pitch = []
  t_axis = []

  for ln in fh.readlines():
    ln = ln.rstrip('\n').split(',')
    for k in range(len(ln)):
      ln[k] = float(ln[k])
    pitch.append(ln[1])
    t_axis.append(ln[0])

  return pitch, t_axis

def cut_chunks(v, stride_len):
  chunks = []
  for k in range(stride_len, len(v)+1, stride_len):
    chunks += v[k-stride_len:k].unsqueeze(0)
  chunks = torch.stack(chunks)
  return chunks


def load_trimmed(wav_file, target_rate):
    raw, rate_in = li.load(wav_file, sr=target_rate)
    v = torch.tensor(raw)
    n_keep = floor_to(len(v), rate_in)
    v = v[:n_keep]
    return v, rate_in


def append_mels(chunks_in, rate_in, mel_list, from_synth,n_fft=128, hop=32, n_mels=229):
  for c in chunks_in:
    if from_synth == False:
      c = np.array(c)
    else:
      c = np.squeeze(c)
    spec = li.feature.melspectrogram(y=c, sr=rate_in, n_fft=2048, hop_length=128, n_mels=229)
    spec_db = torch.tensor(li.power_to_db(spec, ref=np.max)).T.unsqueeze(0)
    mel_list += spec_db
  return mel_list


def standardise(mel_all):
  mu = torch.mean(mel_all, dim=0).unsqueeze(0)
  sigma = torch.std(mel_all, dim=0).unsqueeze(0)
  mel_z = (mel_all - mu) / sigma
  return mel_z



def load_corpus(wav_root, pitch_root, target_rate):
  wav_names = os.listdir(wav_root)
  wav_all = []
  chunks_all = []
  mel_all = []
  pitch_all = []

  for ii, wav_file in enumerate(wav_names):
    if ii > 200:
      break
    wav_path = wav_root + wav_file
    pitch_path = pitch_root + wav_file.strip('wav') + 'csv'
    print('INDEX', ii)

    v, rate_in = load_trimmed(wav_path, target_rate)

    stride_len = rate_in
    chunks_in = cut_chunks(v, stride_len)
    chunks_all += chunks_in


    mel_all = append_mels(chunks_in, rate_in, mel_all, False)


    pf = open(pitch_path, 'r')
    pitch, t_axis = read_pitch_csv(pf)
    pitch_rate = len(pitch)/t_axis[-1]
    pitch = np.array(pitch)
    pitch_up = torch.tensor(li.resample(pitch, orig_sr=pitch_rate, target_sr=rate_in))
    pitch_up = pitch_up[:len(v)]
    pitch_chunks = cut_chunks(pitch_up, stride_len)
    pitch_all += pitch_chunks


  mel_all = torch.stack(mel_all).unsqueeze(1)
  wav_all = torch.stack(chunks_all)
  pitch_all = torch.stack(pitch_all)


  mel_z = standardise(mel_all)

  return mel_z, wav_all, pitch_all



class PairSet(Dataset):
  def __init__(self, mel_b, tgt):
    self.targets = tgt
    self.mels = mel_b
  def __len__(self):
    return len(self.targets)
  def __getitem__(self, ii):
    t_i = self.targets[ii]
    v = self.mels[ii]
    return v, t_i


class SynthTargetsSet(Dataset):
  def __init__(self,
               mel_b,
               wav_tgt,
               ha_tgt,
               hd_tgt,
               f0_tgt,
               sa_tgt,
               sf_tgt):
    self.mels = mel_b
    self.audio_target = wav_tgt
    self.harm_amp_target = ha_tgt
    self.harm_dist_target = hd_tgt
    self.f0_target = f0_tgt
    self.sin_amps_target = sa_tgt
    self.sin_freqs_target = sf_tgt

  def __len__(self):
    return len(self.audio_target)

  def __getitem__(self, ii):
    mel_b = self.mels[ii]
    wav_tgt = self.audio_target[ii]
    ha_tgt = self.harm_amp_target[ii]
    hd_tgt = self.harm_dist_target[ii]
    f0_tgt = self.f0_target[ii]
    sa_tgt = self.sin_amps_target[ii]
    sf_tgt = self.sin_freqs_target[ii]
    return mel_b, wav_tgt, ha_tgt, hd_tgt, f0_tgt, sa_tgt, sf_tgt



def split_train_val(ds, val_frac=0.20):
    tr_ids, va_ids = train_test_split(list(range(len(ds))), test_size=val_frac)
    splits = {}
    splits['train'] = Subset(ds, tr_ids)
    splits['val'] = Subset(ds, va_ids)
    return splits



def permute_rows(t_a, t_b, dim_k):
    perm_a = torch.rand(t_a.shape[:dim_k+1]).argsort(dim_k)
    perm_b = torch.clone(perm_a)
    for _ in range(t_a.ndim-dim_k-1): perm_a.unsqueeze_(-1)
    for _ in range(t_b.ndim-dim_k-1): perm_b.unsqueeze_(-1)
    perm_a = perm_a.repeat(*[1 for _ in range(dim_k+1)], *(t_a.shape[dim_k+1:]))
    perm_b = perm_b.repeat(*[1 for _ in range(dim_k+1)], *(t_b.shape[dim_k+1:]))
    out_a = t_a.gather(dim_k, perm_a)
    out_b = t_b.gather(dim_k, perm_b)
    return out_a, out_b







def hz2midi(freq):
  midi = 12 * (torch.log2(freq) - torch.log2(torch.tensor(440.0))) + 69.0
  mask = torch.le(freq, 0.0)
  midi = torch.where(mask, 0.0, midi)
  return midi



def hz_unit(freq, lo=torch.tensor(0.0), hi=torch.tensor(8000)):
  m_notes = hz2midi(freq)
  m_lo = hz2midi(lo)
  m_hi = hz2midi(hi)
  u = (m_notes - m_lo) / (m_hi - m_lo)
  return u



def scaled_sigmoid(v, expo=10.0, top=2.0, floor_v=1e-7):
  """Sigmoid raised to log(expo), scaled to top.

  Output lies in [floor_v, top + floor_v].
"""
  val = top * torch.sigmoid(v)**torch.log(torch.tensor(expo)) + floor_v
  return val

def scaled_sigmoid_decay(v, expo=10.0, top=1.0, floor_v=1e-7):
  """Sigmoid raised to log(expo), scaled to top.

  Output lies in [floor_v, top + floor_v].
"""
  val_d = top * torch.sigmoid(v)**torch.log(torch.tensor(expo)) + floor_v
  return val_d



def harmonic_bank(f0_hz):
  """Bank of the first 100 integer multiples of f0.

  Input:
    f0_hz with shape [batch, frames, 1].
    (the count of partials is fixed at 100)

  Output:
    partial frequencies in Hz,
      shape [batch, frames, 100].
  """
  mults = torch.linspace(1.0, 100.0, 100).cuda()
  mults = mults.unsqueeze(0).unsqueeze(0)
  bank = f0_hz * mults
  return bank



def mask_above_nyquist(h_freqs, amps_in, sr=16000):
    mask = torch.ge(h_freqs, sr/2).cuda()
    amps_in = torch.where(mask, torch.zeros_like(amps_in), amps_in).cuda()
    return amps_in



def div_eps(num, den, tiny=1e-7):
  """Division that swaps exact zeros in the denominator for a tiny value."""
  den_ok = torch.where(den == 0.0, tiny, den).cuda()
  return num / den_ok



def report_size(mdl):

    print(f"parameter count: {sum([p.nelement() for p in mdl.parameters()])}")
