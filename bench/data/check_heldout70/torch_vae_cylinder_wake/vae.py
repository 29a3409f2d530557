#! /usr/bin/python3

import torch
import math
import frames_io

class FlowEncoder(torch.nn.Module):
  def __init__(self, code_dim=32):
    super(FlowEncoder, self).__init__()
    W = 8
    act = torch.nn.SiLU()

    # frame shape: 2 x 256 x 512 (u, v)
    self.code_dim = code_dim
    self.body = torch.nn.Sequential(
      torch.nn.Conv2d( 2, W, 3 ), # -> 254 x 510
      torch.nn.BatchNorm2d( W ),
      act,
      torch.nn.MaxPool2d( 2, 2, ceil_mode=True ), # -> 127 x 255

      torch.nn.Conv2d( W, W*2, 3 ), # -> 125 x 253
      torch.nn.BatchNorm2d( W*2 ),
      act,
      torch.nn.MaxPool2d( 2, 2, ceil_mode=True ), # -> 63 x 127

      torch.nn.Conv2d( W*2, W*4, 3 ), # -> 61 x 125
      torch.nn.BatchNorm2d( W*4 ),
      act,
      torch.nn.MaxPool2d( 2, 2, ceil_mode=True ), # -> 31 x 63

      torch.nn.Conv2d( W*4, W*8, 3 ), # -> 29 x 61
      torch.nn.BatchNorm2d( W*8 ),
      act,
      torch.nn.MaxPool2d( 2, 2, ceil_mode=True ), # -> 15 x 31

      torch.nn.Conv2d( W*8, W*16, 3 ), # -> 13 x 29
      torch.nn.BatchNorm2d( W*16 ),
      act,
      torch.nn.MaxPool2d( 2, 2, ceil_mode=True ), # -> 7 x 15

      torch.nn.Conv2d( W*16, W*32, 3 ), # -> 5 x 13
      torch.nn.BatchNorm2d( W*32 ),
      act,
      torch.nn.MaxPool2d( 2, 2, ceil_mode=True ), # -> 3 x 7

      torch.nn.Flatten(),
    )
    flat = W*32*3*7
    self.head_mu = torch.nn.Sequential(
      torch.nn.Linear( flat, 1024 ),
      torch.nn.BatchNorm1d( 1024 ),
      torch.nn.SiLU(),
      torch.nn.Linear( 1024, code_dim )
    )
    self.head_logvar = torch.nn.Sequential(
      torch.nn.Linear( flat, 1024 ),
      torch.nn.BatchNorm1d( 1024 ),
      torch.nn.SiLU(),
      torch.nn.Linear( 1024, code_dim )
    )

  def forward( self, frame ):
    frame = self.body( frame )
    m = self.head_mu( frame )
    lv = self.head_logvar( frame )
    return m, lv


class FlowDecoder(torch.nn.Module):
  def __init__(self, code_dim=32):
    super(FlowDecoder, self).__init__()
    W = 8
    flat = W*32*3*7
    self.code_dim = code_dim
    act = torch.nn.SiLU()
    self.body = torch.nn.Sequential(
      torch.nn.Linear( code_dim, 1024 ),
      torch.nn.BatchNorm1d( 1024 ),
      torch.nn.SiLU(),

      torch.nn.Linear( 1024, flat ),
      torch.nn.Unflatten( 1, (W*32, 3, 7) ),
      torch.nn.BatchNorm2d( W*32 ),
      act,

      torch.nn.ConvTranspose2d( W*32, W*16, 3, padding=0, stride=2, output_padding=0 ),
      torch.nn.BatchNorm2d( W*16 ),
      act,

      torch.nn.ConvTranspose2d( W*16, W*8, 3, padding=0, stride=2, output_padding=0 ),
      torch.nn.BatchNorm2d( W*8 ),
      act,

      torch.nn.ConvTranspose2d( W*8, W*4, 3, padding=0, stride=2, output_padding=0 ),
      torch.nn.BatchNorm2d( W*4 ),
      act,

      torch.nn.ConvTranspose2d( W*4, W*2, 3, padding=0, stride=2, output_padding=0 ),
      torch.nn.BatchNorm2d( W*2 ),
      act,

      torch.nn.ConvTranspose2d( W*2, W, 3, padding=0, stride=2, output_padding=0 ),
      torch.nn.BatchNorm2d( W ),
      act,

      torch.nn.ConvTranspose2d( W, 2, 3, padding=0, stride=2, output_padding=1 ),
    )

  def forward( self, code ):
    return self.body( code )



# one velocity frame (2, 256, 512) at a fixed instant
# is compressed into a 32-dim code
class WakeVAE(torch.nn.Module):
  def __init__(self, code_dim=32):
    super(WakeVAE, self).__init__()
    self.enc = FlowEncoder( code_dim )
    self.dec = FlowDecoder( code_dim )
    self.code_dim = code_dim

  def encode( self, frame ):
    return self.enc( frame )

  def decode( self, code ):
    return self.dec( code )

  def sample_code( self, m, lv ):
    sd = torch.exp(0.5*lv)
    noise = torch.randn_like(sd)
    return m + noise*sd


  def loss( self, frame ):

    # objective: negative evidence lower bound

    # -ELBO = reconstruction term + KL term

    # KL of a diagonal Gaussian posterior against N(0, I)
    # m, lv come from the encoder

    # reconstruction term under a unit-variance Gaussian decoder
    #
    # log-likelihood reduces (up to a constant) to a squared error
    #
    #
    #
    # decoder output is the Gaussian mean

    nb = frame.shape[0]
    m, lv = self.encode( frame )

    # pull posterior towards the standard normal prior
    kl = -0.5 * torch.sum( 1 + lv - m.pow(2) - lv.exp() )

    # Monte-Carlo draws of the code
    n_draws = 8

    rec = 0.0
    for d in range(n_draws):
      code = self.sample_code( m, lv )
      mean_frame = self.decode( code )
      loglik = -0.5 * (frame-mean_frame).pow(2)
      rec = rec - loglik.sum()

    rec = rec / n_draws
    total = (rec + kl)/nb

    return total

def main():
  dev = torch.device( 'cuda' if torch.cuda.is_available() else 'cpu' )
  vae = WakeVAE()
  vae = vae.to( dev )
  frames_re200 = frames_io.read_frames( 're200.dat' )
  frames_re100 = frames_io.read_frames( 're100.dat' )
  frames_re60 = frames_io.read_frames( 're60.dat' )
  frames_re40 = frames_io.read_frames( 're40.dat' )
  frames_re5 = frames_io.read_frames( 're5.dat' )

  frames = torch.concatenate( (frames_re5, frames_re40, frames_re60, frames_re100, frames_re200), dim=0 )

  print( frames.shape )

  n_total = frames.shape[0]
  frames = frames.detach().to( dev )

  history = []
  n_epochs = 300
  bs = 30
  opt = torch.optim.Adam( vae.parameters(), lr=0.001 )
  for ep in range(n_epochs):
    print( 'epoch {}'.format(ep) )
    perm_frames = frames[ torch.randperm(n_total) ].detach().to(dev)
    for start in range(0, n_total, bs):
      xb = perm_frames[start:start+bs]
      print( 'batch shape', xb.shape )
      loss = vae.loss( xb )
      print( 'loss {}'.format(loss.item()) )
      history.append( loss.item() )
      opt.zero_grad()
      loss.backward()
      opt.step()

    if ep % 10 == 9:
      torch.save( vae.state_dict(), 'vae.pt' )
      torch.save( opt.state_dict(), 'vae_optim.pt' )
      torch.save( history, 'vae_loss.pt' )


if __name__ == '__main__':
  main()
