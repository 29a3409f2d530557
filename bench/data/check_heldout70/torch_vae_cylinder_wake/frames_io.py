import torch
import os
import struct

# read the first n_frames velocity frames stored in a raw float32 file
def read_frames( path, n_frames=150 ):
  print( 'reading ' + path )
  fh = open( path, 'rb' )
  raw = torch.frombuffer( fh.read(), dtype=torch.float32 )
  raw = raw.reshape( n_frames, 256, 512, 2 )
  raw = raw.permute( 0, 3, 1, 2 )
  return raw.detach().clone()

def read_many( paths, n_frames=150 ):
  out = torch.zeros( (len(paths), n_frames, 2, 256, 512), dtype=torch.float32 )
  for k in range(len(paths)):
    out[k] = read_frames( paths[k], n_frames )
  return out.reshape( -1, 2, 256, 512)

def read_folder( folder, n_frames=150 ):
  names = os.listdir( folder )
  for k in range(names):
    names[k] = folder + '/' + names[k]
  return read_many( names, n_frames )
