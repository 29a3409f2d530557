import torch
from torch.utils.data import DataLoader
import Helpers as hp
import Nets as nets
import auraloss as al
from tqdm import tqdm
import Synths as synth
from einops import rearrange
import os
import Losses as losses
from torch.utils.tensorboard import SummaryWriter

tb = SummaryWriter('runs_plain')
os.environ["CUDA_VISIBLE_DEVICES"] = "1"
dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


# damped-sinusoid encoder + harmonic encoder, trained on a 50/50 synthetic/real mix


if __name__ == "__main__":

  # cached mel and audio tensors written by the preprocessing script
  mel_syn = torch.load('cache/mel_synth_125.pt')
  mel_real = torch.load('cache/mel_real_125.pt')
  wav_syn = torch.load('cache/wav_synth_125.pt')
  wav_real = torch.load('cache/wav_real_125.pt').unsqueeze(1)
  print(mel_syn.shape)
  print(mel_real.shape)
  print(wav_syn.shape)
  print(wav_real.shape)

  mel_syn, wav_syn = hp.permute_rows(mel_syn, wav_syn, 0)
  mel_real, wav_real = hp.permute_rows(mel_real, wav_real, 0)

  mel_all = torch.cat((mel_syn[:7500], mel_real[:7500]), dim=0)
  wav_all = torch.cat((wav_syn[:7500], wav_real[:7500]), dim=0)
  mel_all, wav_all = hp.permute_rows(mel_all, wav_all, 0)
  wav_syn = 0
  wav_real = 0

  mixed = hp.PairSet(mel_all, wav_all)
  splits = hp.split_train_val(mixed)
  print('train size', len(splits['train']))
  print('val size', len(splits['val']))

  loaders = {v:DataLoader(splits[v], 16, shuffle=True, num_workers=2) for v in ['train','val']}


  decay_enc = nets.DampingMapping().cuda()
  harm_enc = nets.DampSinToHarmEncoder().cuda()


  sin_stft_loss = al.freq.MultiResolutionSTFTLoss(fft_sizes=[128],
                                                       hop_sizes=[128],
                                                       win_lengths=[128],
                                                       mag_distance="L2",
                                                       w_log_mag=0.0,
                                                       w_lin_mag=1.0).cuda()
  harm_stft_loss = al.freq.MultiResolutionSTFTLoss(fft_sizes=[128],
                                                   hop_sizes=[128],
                                                   win_lengths=[128],
                                                   mag_distance="L2",
                                                   w_log_mag=0.0,
                                                   w_lin_mag=1.0).cuda()
  consist_fn = losses.KDEConsistencyLoss

  trainables = list(decay_enc.parameters()) + list(harm_enc.parameters())
  opt = torch.optim.Adam(trainables, lr=0.0001)


  n_epochs = 2
  k = 0
  m = 0

  for ep in range(n_epochs):
    print('epoch', ep)

    with tqdm(loaders['train'], unit='batch') as prog:
      tot_hist = []
      sin_hist = []
      harm_hist = []
      cons_hist = []

      for mel_b, wav_b in prog:
        mel_b = mel_b.cuda()
        wav_b = wav_b.cuda()


        freqs, amps, decays = decay_enc(mel_b)


        rate = 16000
        frame_rate = freqs.size(1)
        hop_factor = rate // frame_rate

        freqs_up = hp.stretch_frames(freqs, rate)
        amps_up = hp.stretch_frames(amps, rate)
        decays_up = hp.decay_envelopes(decays, hop_factor, k)

        sin_out = synth.damped_synth(freqs_up, amps_up, decays_up, rate)
        sin_out = rearrange(sin_out, 'a b c -> a c b')


        sin_l = sin_stft_loss(sin_out, wav_b.unsqueeze(0))
        tb.add_scalar('sin_stft/train', sin_l, k)


        freqs = freqs.detach()
        amps = amps.detach()
        decays = decays.detach()
        g_amp, h_dist, f0_hz = harm_enc(freqs, amps, decays)


        h_freqs = hp.harmonic_bank(f0_hz)
        h_dist = hp.mask_above_nyquist(h_freqs, h_dist)
        h_dist = hp.div_eps(h_dist, torch.sum(h_dist, dim=-1, keepdim=True))
        h_amps = g_amp * h_dist

        h_freqs_up = hp.stretch_frames(h_freqs, rate)
        h_amps_up = hp.stretch_frames(h_amps, rate)

        harm_out = synth.sinusoidal_synth(h_freqs_up, h_amps_up, rate)
        harm_out = rearrange(harm_out, 'a b c -> a c b')


        harm_l = harm_stft_loss(harm_out, wav_b.unsqueeze(0))
        tb.add_scalar('harm_stft/train', harm_l, k)


        cons_l = consist_fn(h_amps, h_freqs, amps, freqs)
        tb.add_scalar('consistency/train', cons_l, k)


        loss_b = sin_l + harm_l + (0.1 * cons_l)
        tb.add_scalar('total/train', loss_b, k)

        opt.zero_grad()
        loss_b.backward()
        opt.step()

        tot_hist.append(loss_b.item())
        sin_hist.append(sin_l.item())
        harm_hist.append(harm_l.item())
        cons_hist.append(cons_l.item())

        prog.set_description_str(f"ep {ep} | loss {loss_b.item():.4f}", refresh=True)



        if k%75 == 0:
          torch.save(decay_enc.state_dict(), f'runs_plain/ckpt/damp_encoder_ckpt_{ep}_{k}.pt')
          torch.save(harm_enc.state_dict(), f'runs_plain/ckpt/damp_harm_encoder_ckpt_{ep}_{k}.pt')
          torch.save(sin_out, f'runs_plain/out/damp_sin_signal_{ep}_{k}.pt')
          torch.save(harm_out, f'runs_plain/out/harm_signal_{ep}_{k}.pt')
          torch.save(h_amps, f'runs_plain/out/harm_amps_{ep}_{k}.pt')
          torch.save(h_freqs, f'runs_plain/out/harmonics_{ep}_{k}.pt')
          torch.save(amps, f'runs_plain/out/sin_amps_{ep}_{k}.pt')
          torch.save(decays, f'runs_plain/out/sin_damps_{ep}_{k}.pt')
          torch.save(decays_up, f'runs_plain/out/upsampled_sin_damps_{ep}_{k}.pt')
          torch.save(freqs, f'runs_plain/out/sin_freqs_{ep}_{k}.pt')

          sin_t = torch.tensor(sin_hist)
          harm_t = torch.tensor(harm_hist)
          cons_t = torch.tensor(cons_hist)
          tot_t = torch.tensor(tot_hist)
          torch.save(sin_t, f'runs_plain/curves/sin_recon_loss_{ep}_{k}.pt')
          torch.save(harm_t, f'runs_plain/curves/harm_recon_loss_{ep}_{k}.pt')
          torch.save(cons_t, f'runs_plain/curves/consistency_loss_{ep}_{k}.pt')
          torch.save(tot_t, f'runs_plain/curves/total_loss_{ep}_{k}.pt')
          torch.save(wav_b, f'runs_plain/out/audio{ep}_{k}.pt')

        k += 1






    with torch.no_grad():
      val_hist = []

      for mel_v, wav_v in loaders['val']:
        mel_v = mel_v.cuda()
        wav_v = wav_v.cuda()


        freqs_v, amps_v, decays_v = decay_enc(mel_v)


        rate_v = 16000
        frame_rate_v = freqs_v.size(1)
        hop_factor_v = rate_v // frame_rate_v

        freqs_up_v = hp.stretch_frames(freqs_v, rate_v)
        amps_up_v = hp.stretch_frames(amps_v, rate_v)
        decays_up_v = hp.decay_envelopes(decays_v, hop_factor_v, m)

        sin_out_v = synth.damped_synth(freqs_up_v, amps_up_v, decays_up_v, rate_v)
        sin_out_v = rearrange(sin_out_v, 'a b c -> a c b')


        sin_l_v = sin_stft_loss(sin_out_v, wav_v.unsqueeze(0))
        tb.add_scalar('sin_stft/val', sin_l_v, m)


        freqs_v = freqs_v.detach()
        amps_v = amps_v.detach()
        decays_v = decays_v.detach()
        g_amp_v, h_dist_v, f0_hz_v, h_decay_v = harm_enc(freqs_v, amps_v, decays_v)


        h_freqs_v = hp.harmonic_bank(f0_hz_v)
        h_dist_v = hp.mask_above_nyquist(h_freqs_v, h_dist_v)
        h_dist_v = hp.div_eps(h_dist_v, torch.sum(h_dist_v, dim=-1, keepdim=True))
        h_amps_v = g_amp_v * h_dist_v

        h_freqs_up_v = hp.stretch_frames(h_freqs_v, rate_v)
        h_amps_up_v = hp.stretch_frames(h_amps_v, rate_v)

        harm_out_v = synth.sinusoidal_synth(h_freqs_up_v, h_amps_up_v, rate_v)
        harm_out_v = rearrange(harm_out_v, 'a b c -> a c b')


        harm_l_v = harm_stft_loss(harm_out_v, wav_v.unsqueeze(0))
        tb.add_scalar('harm_stft/val', harm_l_v, m)


        cons_l_v = consist_fn(h_amps_v, h_freqs_v, amps_v, freqs_v)
        tb.add_scalar('consistency/train', cons_l_v, m)


        loss_v = sin_l_v + harm_l_v + (0.1 * cons_l_v)
        tb.add_scalar('total/val', loss_v, m)

        val_hist.append(loss_v)
        m += 1


  tb.flush()
  tb.close()


