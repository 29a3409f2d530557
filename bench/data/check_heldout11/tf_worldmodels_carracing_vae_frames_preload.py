'''
Fit the convolutional VAE on the frames recorded by extract.py;
the weights end up in tf_vae/vae.json
'''

import os
os.environ["CUDA_VISIBLE_DEVICES"]="0" # first GPU only

import tensorflow as tf
import random
import numpy as np
np.set_printoptions(precision=4, edgeitems=6, linewidth=100, suppress=True)

from vae_net.vae import ConvVAE, reset_graph

# VAE settings
latent_size=32
batch_n=100
lr_value=0.0001
kl_floor=0.5

# run settings
EPOCH_COUNT = 10
EPISODE_DIR = "record"

vae_out_path = "tf_vae"
if not os.path.exists(vae_out_path):
  os.makedirs(vae_out_path)

def count_frames(episode_files):
  # slow but still cheaper than concatenating every episode
  n_ep = len(episode_files)
  n_frames = 0
  for i in range(n_ep):
    ep_file = episode_files[i]
    frames_data = np.load(os.path.join("record", ep_file))['obs']
    n_len = len(frames_data)
    n_frames += n_len
    if (i % 1000 == 0):
      print("episodes read:", i)
  return  n_frames

def build_frame_dataset(episode_files, n_ep=10000, n_steps=1000): # N episodes of up to M frames
  frame_data = np.zeros((n_steps*n_ep, 64, 64, 3), dtype=np.uint8)
  pos = 0
  for i in range(n_ep):
    ep_file = episode_files[i]
    frames_data = np.load(os.path.join("record", ep_file))['obs']
    n_len = len(frames_data)
    if (pos+n_len) > (n_steps*n_ep):
      frame_data = frame_data[0:pos]
      print('buffer full, stopping early')
      break
    frame_data[pos:pos+n_len] = frames_data
    pos += n_len
    if ((i+1) % 100 == 0):
      print("episodes read:", i+1)
  return frame_data

# episode files, sorted, first 10,000 only
episode_files = os.listdir(EPISODE_DIR)
episode_files.sort()
episode_files = episode_files[0:10000]
#print("frames in total:", count_length_of_filelist(filelist))
frames_dataset = build_frame_dataset(episode_files)

# batches per pass
n_frames = len(frames_dataset)
n_batches = int(np.floor(n_frames/batch_n))
print("batches per epoch:", n_batches)

reset_graph()

vae_net = ConvVAE(z_size=latent_size,
              batch_size=batch_n,
              learning_rate=lr_value,
              kl_tolerance=kl_floor,
              is_training=True,
              reuse=False,
              gpu_mode=True)

# training
print("log columns:", "step", "loss", "recon_loss", "kl_loss")
for epoch_i in range(EPOCH_COUNT):
  np.random.shuffle(frames_dataset)
  for pos in range(n_batches):
    batch_frames = frames_dataset[pos*batch_n:(pos+1)*batch_n]

    obs_scaled = batch_frames.astype(np.float)/255.0

    feed_map = {vae_net.x: obs_scaled,}

    (train_loss_v, recon_loss_v, kl_loss_v, step_now, _) = vae_net.sess.run([
      vae_net.loss, vae_net.r_loss, vae_net.kl_loss, vae_net.global_step, vae_net.train_op
    ], feed_map)
  
    if ((step_now+1) % 500 == 0):
      print("step", (step_now+1), train_loss_v, recon_loss_v, kl_loss_v)
    if ((step_now+1) % 5000 == 0):
      vae_net.save_json("tf_vae/vae.json")

# write the final weights
vae_net.save_json("tf_vae/vae.json")
