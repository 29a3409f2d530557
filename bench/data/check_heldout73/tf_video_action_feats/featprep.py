import sys
import os
import shutil
import vidio
import numpy as np
from keras.models import Model
from keras.applications.resnet50 import ResNet50, preprocess_input
import tensorflow as tf
from keras.backend.tensorflow_backend import set_session
from keras.layers import Flatten
import skimage.transform
import skimage.io as io


def show_bar(count, total, suffix=''):
  width = 60
  n_fill = int(round(width * count / float(total)))
  pct = round(100.0 * count / float(total), 1)
  bar_str = '#' * n_fill + '-' * (width - n_fill)
  sys.stdout.write('[%s] %s%s ...%s\r' % (bar_str, pct, '%', suffix))
  sys.stdout.flush()

def video_features(vid_root, csv_path, npz_out, n_pick=6, per_video=True, pad_short=False):
  vids = vidio.getVideoList(csv_path)
  frames_all = []
  labels_all = []

  backbone = ResNet50(weights='imagenet', include_top=False, input_shape=(224,224,3))
  pooled = backbone.get_layer('avg_pool').output
  pooled = Flatten()(pooled)
  backbone = Model(backbone.input, pooled)

  if (per_video):
    print('reading all videos...')
    for k in range(len(vids['Video_index'])):
      clip = vidio.readShortVideo(vid_root, vids['Video_category'][k], vids['Video_name'][k])
      frames_all.append(clip)
      labels_all.append(vids['Action_labels'][k]) #+ [vids['Action_labels'][i]] * len(clip)
      show_bar(k+1, len(vids['Video_index']))

    print('\nrunning the backbone...')
    feats_all = []
    for k, clip in enumerate(frames_all):
      if (pad_short):
        if (clip.shape[0] < n_pick):
          clip = np.concatenate([clip, np.zeros((n_pick - clip.shape[0],) + clip.shape[1:])])
        pick_idx = list(range(n_pick))
      else:
        pick_idx = [int((len(clip) - 1) / (n_pick - 1) * i) for i in range(n_pick)]
      picked = preprocess_input(clip[pick_idx,:])
      picked_feats = backbone.predict(picked) #.reshape((1000 * 4,))
      feats_all.append(picked_feats)
      show_bar(k+1, len(frames_all))
    feats_all = np.array(feats_all)
    labels_all = np.array(labels_all)
    print(feats_all.shape)
    print(labels_all.shape)
    np.savez(npz_out, feats=feats_all, labels=labels_all)

  else:
    for k in range(len(vids['Video_index'])):
      clip = vidio.readShortVideo(vid_root, vids['Video_category'][k], vids['Video_name'][k])
      frames_all = frames_all + clip
      labels_all = labels_all + [vids['Action_labels'][k]] * len(clip)
      show_bar(k+1, len(vids['Video_index']))

    frames_all = np.array(frames_all).astype(np.float64)
    frames_all = preprocess_input(frames_all)
    labels_all = np.array(labels_all)

    feats_all = backbone.predict(frames_all, verbose=1)
    print(feats_all.shape)
    print(labels_all.shape)
    np.savez(npz_out, feats=feats_all, labels=labels_all)

def long_video_features(frame_dir):
  backbone = ResNet50(weights='imagenet', include_top=False, input_shape=(224,224,3))
  pooled = backbone.get_layer('avg_pool').output
  pooled = Flatten()(pooled)
  backbone = Model(backbone.input, pooled)

  print('reading one long video...')
  fnames = os.listdir(frame_dir)
  fnames.sort()
  frames_all = [io.imread(frame_dir + fn) for fn in fnames]
  frames_all = [skimage.transform.resize(frame, (224,224,3), mode='constant', preserve_range=True, anti_aliasing=True).astype(np.float64) for frame in frames_all]
  frames_all = np.array(frames_all).astype(np.float64)
  # with open(csv_path, 'r') as fh:
  #   labels_all = fh.readlines()
  #   fh.close()
  # labels_all = np.array([int(l) for l in labels_all])

  print('\nrunning the backbone...')
  feats_all = []
  frames_all = preprocess_input(frames_all)
  feats_all = backbone.predict(frames_all, verbose=1)

  print(feats_all.shape)
  return feats_all

def read_npz(stem):
  npz = np.load(stem + '.npz')
  feats_all = npz['feats']
  labels_all = npz['labels']
  return feats_all, labels_all.astype(np.uint8)

def window_feats(f_arr, win):
  wins = []
  for k in range(f_arr.shape[0] - win):
    wins.append(f_arr[k:k+10, :])
  wins = np.array(wins)
  return wins

def write_preds(preds, txt_path, n_extra=0):
  with open(txt_path, 'w') as fh:
    for q in preds:
      fh.write(str(int(q)) + '\n')
    for i in range(n_extra):
      fh.write(str(int(preds[-1])) + '\n')
    fh.close()

def main():
  os.environ["CUDA_VISIBLE_DEVICES"] = str(sys.argv[1])
  sess_cfg = tf.ConfigProto()
  sess_cfg.gpu_options.per_process_gpu_memory_fraction = 0.8
  set_session(tf.Session(config=sess_cfg))

  N_PICK = int(sys.argv[2])
  PAD = True if str(sys.argv[3]) == 'True' else False
  VID_DIR = str(sys.argv[4]) if str(sys.argv[4])[-1] == '/' else str(sys.argv[4]) + '/'
  CSV_PATH = str(sys.argv[5])
  NPZ_OUT = str(sys.argv[6])

  print(N_PICK)
  print(PAD)

  video_features(VID_DIR, CSV_PATH, NPZ_OUT, N_PICK)

if __name__ == '__main__':
  main()
