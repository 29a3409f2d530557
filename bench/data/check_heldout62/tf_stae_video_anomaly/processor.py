''' Turns videos into preprocessed grey frames and
saves them as one numpy array that the spatio-temporal
autoencoder trains on

___________________________________________________________________

Needs: ffmpeg

Installing ffmpeg when missing:

Install with :


1. apt-get install ffmpeg on Linux
2. brew install ffmpeg on macOS

__________________________________________________________________

How to run:

python3 processor.py folder_with_videos seconds_between_frames

e.g. python3 processor.py ./train 5   goes through every video of ./train

and keeps a frame every 5 seconds.



__________________________________________________________


Written for a student project
'''

import cv2
import ffmpeg
from keras.preprocessing.image import img_to_array, load_img
import numpy as np
import glob
import os
from PIL import Image

# from scipy.misc import imresize
import argparse

frame_bank = []

# ap=argparse.ArgumentParser(description='video folder')

# ap=argparse.ArgumentParser('train')

# ap.add_argument('train')
# ap.add_argument('fps',type=int)
# ap.add_argument(3)

# opts=ap.parse_args()

# clip_dir= opts.source_vid_path
# step_s=opts.fps
clip_dir = 'train'
step_s = 5


def ensure_dir(path):
    if not os.path.exists(path):
        os.makedirs(path)


def clear_pngs(path):
    stale = glob.glob(os.path.join(path, "*.png"))
    for s in stale:
        os.remove(s)


def keep_frame(frame_file):
    pic = load_img(frame_file)
    pic = img_to_array(pic)

    # shrink to (227,227,3), the network's input size

    # shot = Image.fromarray(shot).resize(size=(227, 227, 3))

    pic = Image.fromarray(pic).resize(size=(227, 227, 3))

    # luminance only

    grey = 0.2989 * pic[:, :, 0] + 0.5870 * pic[:, :, 1] + 0.1140 * pic[:, :, 2]

    frame_bank.append(grey)


# every clip in the folder
clips = os.listdir(clip_dir)
print("clips found:", len(clips))

# scratch folder for extracted frames
ensure_dir(clip_dir + '/frames')

# clear leftovers
clear_pngs(clip_dir + '/frames')

scratch = clip_dir + '/frames'

# for clip in clips:
#     # os.system("ffmpeg -i {}/{} -r 1/{}  {}/frames/%03d.jpg".format(clip_dir, clip, step_s, clip_dir))
#     os.system(f"ffmpeg -i {clip_dir}/{clip} -r 0.25 out_%04d.jpg")
#     names = os.listdir(scratch)
#     for name in names:
#         frame_file = scratch + '/' + name
#         keep_frame(frame_file)

frame_no = 0
for clip in clips:
    reader = cv2.VideoCapture(clip)
    print("reader: {}".format(reader))
    while (True):
        ok, shot = reader.read()
        if ok:
            #   "ffmpeg -i {}/{} -r 1/{}  {}/frames/%03d.jpg".format(clip_dir,clip,step_s,clip_dir)
            out_name = 'train/frames/' + str(frame_no) + '.jpg'
            # print(out_name)
            cv2.imwrite(out_name, shot)
            # keep_inarray(out_name,shot)
            keep_frame(out_name)
            frame_no += 1
        else:
            break

frame_bank = np.array(frame_bank)
n, h, w = frame_bank.shape
# to (227,227,n_frames)
frame_bank.resize(h, w, n)
# standardise
frame_bank = (frame_bank - frame_bank.mean()) / (frame_bank.std())
# drop negatives
frame_bank = np.clip(frame_bank, 0, 1)
np.save('training.npy', frame_bank)
# delete the scratch folder
os.system('rm -r {}'.format(scratch))
