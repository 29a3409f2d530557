import os
import numpy as np
import torch
from PIL import Image
import torch.utils.data as data
import subprocess
import shlex
import torchvision

import pdb

"""
Turns a list of H x W x 3 frames into a 3 x T x H x W float tensor
"""

def stack_rgb(frames_in):
  ''' concatenate, scale to [-1, 1] '''

  frames_in = np.concatenate(frames_in, axis=-1)
  frames_in = torch.from_numpy(frames_in).permute(2, 0, 1).contiguous().float()
  frames_in = frames_in.mul_(2.).sub_(255).div(255)
  arr = frames_in.view(-1,3,frames_in.size(1),frames_in.size(2)).permute(1,0,2,3)
  return arr


def stack_gray(frames_g):
  print(f"frames in: {len(frames_g)}")
  print(f"frame shape: {frames_g[0].shape}")
  ''' concatenate, scale to [-1, 1] '''
  frames_g = np.concatenate(frames_g, axis=-1)
  frames_g = torch.from_numpy(frames_g).permute(2, 0, 1).contiguous().float()
  frames_g = frames_g.mul_(2.).sub_(255).div(255)
  arr = frames_g.view(1,-1,1,frames_g.size(1),frames_g.size(2)).permute(0,2,1,3,4)
  print(f"tensor shape: {arr.size()}")
  return arr

"""
Inverse of stack_rgb: back to a T x H x W x 3 array
"""

def unstack_rgb(t):
  t = t.permute(1, 2, 3, 0)
  t = t.contiguous().view(1, -1, t.size(1), t.size(2)).squeeze(0)
  t = t.mul_(255).add_(255).div(2)
  t = t.view(-1, t.size(1), t.size(2), 3)
  return t.numpy()


# the corpus is stored at 25 fps
def decode_mp4(vfile, vid_dir=os.path.join(os.getcwd(), 'data/WLASL/WLASL_videos'), fps=25):
  HH = WW = 256 # corpus frame size
  stem, suffix = os.path.splitext(vfile)
  vpath = os.path.join(vid_dir, vfile)
  # arr = []
  probe_cmd = ['ffprobe', '-v', 'error', '-select_streams', 'v:0', '-count_packets', '-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0',vpath]
  nf = int(subprocess.check_output(probe_cmd))
  # breakpoint()
  arr = np.zeros((nf,HH,WW,3))
  ff_cmd = f'ffmpeg -i {vpath} -f rawvideo -pix_fmt rgb24 -threads 1 -r {fps} pipe:'
  proc = subprocess.Popen(ff_cmd, shell=True, stdout=subprocess.PIPE, bufsize=10**8, stderr=subprocess.DEVNULL)

  # loop until the pipe ends
  for i in range(nf):
    raw = proc.stdout.read(HH*WW*3)
    if len(raw) != HH*WW*3:
      break
    # arr.append(np.frombuffer(raw, np.uint8).reshape(HH, WW, 3))
    arr[i,:,:,:] = np.frombuffer(raw, dtype=np.uint8).reshape(HH, WW, 3)
    # breakpoint()
  proc.stdout.close()
  proc.wait()
  # breakpoint()
  return arr

############# augmentation #############
class ClipAug:
  def __init__(self):
    self.out_h = 224
    self.out_w = 224

  # mirror the whole clip (meant to be half the time)
  def flip_lr(self, x):
    p = np.random.randint(0, 2)
    if p < 2: # TODO restore the 50% threshold
      x = torchvision.transforms.functional.hflip(x)
    return x
  
  # one random 224 x 224 window for the whole clip
  def crop_random(self, x):
    cropper = torchvision.transforms.RandomCrop((self.out_h, self.out_w), padding = 0, padding_mode='constant')
    return cropper(x)
  
  # central 224 x 224 window
  def crop_center(self, x):
    cropper = torchvision.transforms.CenterCrop((self.out_h, self.out_w))
    return cropper(x)
  
  # small random rotation of the whole clip, up to 5 degrees
  def rotate_small(self, x):
    rotator = torchvision.transforms.RandomRotation(5, expand=False, fill=0.0, interpolation=torchvision.transforms.functional.InterpolationMode.BILINEAR)
    return rotator(x)

def stretch_to(x, seq_len):
  x0 = x.detach().clone() # untouched copy
  if seq_len / x.size(1) >= 2: # whole repeats needed?
    n_rep = int(np.floor(seq_len / x.size(1)) - 1) # how many
    for _ in range(n_rep):
      x = torch.cat((x, x0), dim=1) # append along time
  
  if seq_len > x.size(1):
    s0 = np.random.randint(0, x0.size(1) - (seq_len - x.size(1))) 
    s1 = s0 + (seq_len - x.size(1))
    x = torch.cat((x, x0[:, s0:s1]), dim=1)

  return x

def cut_to(x, seq_len):
  s0 = np.random.randint(0, x.size(1) - seq_len)
  s1 = s0 + seq_len
  return x[:, s0:s1]

############# the dataset #############
class GlossClips(data.Dataset):

  def __init__(self, table, vid_dir, seq_len=64,train=True, grayscale=False):
    super().__init__()
    self.table = table
    self.vid_dir = vid_dir
    self.vid_ids = list(table['video_id'])
    self.grayscale = grayscale
    self.seq_len = seq_len
    self.aug = ClipAug()
    self.train = train
    self.n_glosses = 2000 #len(set(self.table['gloss']))

  def __getitem__(self, idx):
    
    vfile = str(self.vid_ids[idx])
    vfile = "0" * (5-len(vfile)) + vfile + '.mp4'

    if self.grayscale:
      raise(NotImplementedError)

    else:
      if self.train:
        raw_arr = decode_mp4(vfile, self.vid_dir) # frames as an array
        x = stack_rgb(raw_arr) # tensor in [-1, 1]
        x = self.aug.flip_lr(x) # mirror
        x = self.aug.crop_random(x) # random window
        x = self.aug.rotate_small(x) # small rotation
        
		# longer or shorter than seq_len?
        if self.seq_len > x.size(1): 
          x = stretch_to(x, self.seq_len)

        elif self.seq_len < x.size(1): #too long: cut
          x = cut_to(x, self.seq_len)

      # val / test clips
      else:
        raw_arr = decode_mp4(vfile, self.vid_dir)
        x = stack_rgb(raw_arr)
        x = self.aug.flip_lr(x) # mirror
        x = self.aug.crop_center(x) # central window
        
        if x.size(1) <= 12:
          x = stretch_to(x, 13)

    # breakpoint()
    # one-hot target
    onehot = torch.zeros(self.n_glosses) # one slot per gloss
    gid = self.table.iloc[idx]['label']
    onehot[gid] = 1
    
    ### checks
    #print(f"id from vid_ids: {self.vid_ids[idx]}")
    #print(f"label in table {self.table.iloc[idx]['label']}")
    #print(f"id in table {self.table.iloc[idx]['video_id']}")
    #print(f"hot index {np.where(onehot ==1)[0][0]}")

    return x, onehot
  
  def __len__(self):
    return len(self.table)


"""

################# manual check of resampling and augmentation #################
import pandas as pd
#table = pd.read_csv("/scratch/user/wlasl/WLASL_labels.csv")
#clip_dir = "/scratch/user/wlasl/WLASL2000"
table = pd.read_csv("data/wlasl/labels.csv")
clip_dir = "data/wlasl/videos"

# breakpoint()
probe = GlossClips(table, clip_dir, seq_len=64,train=True, grayscale=False)
a, _ = probe.__getitem__(8) # a long clip gets cut
print("shape: ", a.size())

b, _ = probe.__getitem__(3) # a short clip gets repeated
print(f"b: {b.size()}")

a_np = unstack_rgb(a)
pics = [Image.fromarray(f.astype(np.uint8)) for f in a_np]

pics[0].show()
pics[20].show()
pics[40].show()
pics[60].show()
"""


"""
Earlier version that read pre-extracted frame folders in __getitem__

class FrameFolderClips(data.Dataset):
  def __init__(self, table, frame_root, seq_len=None, grayscale=False):
    super().__init__()
    self.table = table
    self.frame_root = frame_root
    self.vid_ids = os.listdir(self.frame_root)
    self.grayscale = grayscale
    self.seq_len = seq_len
  def __getitem__(self, idx):
    vpath = os.path.join(self.frame_root, self.vid_ids[idx])
    
    if self.grayscale:
      x = stack_gray([np.expand_dims(np.asarray(Image.open(os.path.join(vpath, f)).convert('L')),2) for f in os.listdir(vpath)])
    else:
      x = stack_rgb([np.asarray(Image.open(os.path.join(vpath, f))) for f in os.listdir(vpath)])
    
    if self.seq_len is not None:

      if self.seq_len < x.size(2): #too short
        print("todo")
      elif self.seq_len > x.size(2): #too long
        s0 = np.random.randint(0, x.size(2)-self.seq_len)
        x = x[:][:][s0:]

    onehot = self.table['gloss'][idx]
    #onehot = self.table['label'][idx]
    return x, onehot
  
  def __len__(self):
    return len(self.vid_ids)
"""
