'''
Loader for the Atari-HEAD human demonstration set (frames in a tar of PNGs, actions in a txt file).
Data set reference: Zhang et al., "Atari-HEAD: Atari human eye-tracking and demonstration dataset", AAAI 2020.
'''

import sys, os, re, threading, time, copy
import numpy as np
import tarfile
import cv2


def preprocess(image):
    """Grayscale and shrink a frame to 84x84, scaled to [0, 1]."""
    width = 84
    height = 84
    frame = cv2.cvtColor(image, cv2.COLOR_BGR2RGB)
    frame = cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY)
    frame = cv2.resize(frame, (width, height), interpolation=cv2.INTER_AREA)
    return frame / 255.0

class Dataset:
  def __init__(self, tar_fname, label_fname):
    t1=time.time()
    print ("Reading all training data into memory...")

    # parse the action column of the label file
    frame_ids, lbls = [], [] 
    with open(label_fname,'r') as f:
        for line in f:
            if line.startswith("frame_id") or line == "": 
                continue # header or blank line
            dataline = line.split(',') 
            frame_id, lbl = dataline[0], dataline[5]
            if lbl == "null": # marks the end of the trial
                break
            frame_ids.append(frame_id)
            lbls.append(int(lbl))
    self.train_lbl = np.asarray(lbls, dtype=np.int32)
    self.train_size = len(self.train_lbl)
    self.frame_ids = np.asarray(frame_ids)
    print(self.train_size)

    # unpack the PNG frames and decode each of them
    imgs = [None] * self.train_size
    print("Making a temp dir and uncompressing PNG tar file")
    temp_extract_dir = "img_data_tmp/"
    if not os.path.exists(temp_extract_dir):
        os.mkdir(temp_extract_dir)
    tar = tarfile.open(tar_fname, 'r')
    tar.extractall(temp_extract_dir)
    png_files = tar.getnames()
    # directory the archive unpacked into
    temp_extract_full_path_dir = temp_extract_dir + png_files[0].split('/')[0]
    print("Uncompressed PNG tar file into temporary directory: " + temp_extract_full_path_dir)

    print("Reading images...")
    for i in range(self.train_size):
        frame_id = self.frame_ids[i]
        png_fname = temp_extract_full_path_dir + '/' + frame_id + '.png'
        img = np.float32(cv2.imread(png_fname))
        img = preprocess(img)
        imgs[i] = copy.deepcopy(img)
        print("\r%d/%d" % (i+1,self.train_size)),
        sys.stdout.flush()

    self.train_imgs = np.asarray(imgs)
    print ("Time spent to read training data: %.1fs" % (time.time()-t1))

  def standardize(self):
    self.mean = np.mean(self.train_imgs, axis=(0,1,2))
    self.train_imgs -= self.mean # subtract in place to avoid another array

  def load_predicted_gaze_heatmap(self, train_npz):
    train_npz = np.load(train_npz)
    self.train_GHmap = train_npz['heatmap']
    # the gaze model skips the first pastK frames, so drop them here too
    pastK = 4
    self.train_imgs = d.train_imgs[pastK:]
    self.train_lbl = d.train_lbl[pastK:]

  def reshape_heatmap_for_cgl(self, heatmap_shape):
    # resize the 84x84 predicted gaze maps to the conv feature map size
    import cv2
    for i in range(len(self.train_GHmap)):
        self.train_GHmap[i] = cv2.resize(frame, (heatmap_shape, heatmap_shape), interpolation=cv2.INTER_AREA)

  def generate_data_for_gaze_prediction(self):
    self.gaze_imgs = [None] * (self.train_size - 3)
    # build 4-frame stacks (84, 84, 4) for the gaze model
    for i in range(3, self.train_size):
        stacked_obs = np.zeros((84, 84, 4))
        stacked_obs[:, :, 0] = self.train_imgs[i-3]
        stacked_obs[:, :, 1] = self.train_imgs[i-2]
        stacked_obs[:, :, 2] = self.train_imgs[i-1]
        stacked_obs[:, :, 3] = self.train_imgs[i]
        self.gaze_imgs[i-3] = copy.deepcopy(stacked_obs)

    self.gaze_imgs = np.asarray(self.gaze_imgs)
    print("Shape of the data for gaze prediction: ", self.gaze_imgs.shape)

if __name__ == "__main__":
    d = Dataset(sys.argv[1], sys.argv[2]) # tar of frames, txt of labels
    # stacks for the gaze model
    d.generate_data_for_gaze_prediction()
    # heatmaps for the gaze-conditioned imitation models
    d.load_predicted_gaze_heatmap(sys.argv[3]) # npz of predicted gaze heatmaps
    d.standardize() # only for the imitation models; the gaze model keeps its own means
