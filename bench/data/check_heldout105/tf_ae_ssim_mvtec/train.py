from tensorflow.keras.callbacks import ModelCheckpoint, EarlyStopping
from tensorflow.keras.utils import Sequence
from tensorflow.keras.optimizers import Adam
import tensorflow as tf
import numpy as np
import cv2
from glob import glob
import os

from network import AutoEncoder
from utils import generate_image_list, augment_images, read_img
from options import Options


opt = Options().parse()

class PatchBatches(Sequence):
    def __init__(self, paths, bs, gray):
        self.paths = paths
        self.bs = bs
        self.gray = gray

    def __len__(self):
        return int(np.ceil(len(self.paths) / float(self.bs)))

    def __getitem__(self, k):
        chunk = self.paths[k * self.bs:(k + 1) * self.bs]
        chunk = np.array([read_img(p, self.gray) for p in chunk])
        
        chunk = chunk / 255.
        return chunk, chunk

# data
if opt.aug_dir and opt.do_aug:
    pairs = generate_image_list(opt)
    augment_images(pairs, opt)

src_dir = opt.aug_dir if opt.aug_dir else opt.train_data_dir
paths = glob(src_dir + '/*')
n_val = int(np.ceil(len(paths) * 0.2))
seq_tr = PatchBatches(paths[:-n_val], opt.batch_size, opt.grayscale)
seq_va = PatchBatches(paths[-n_val:], opt.batch_size, opt.grayscale)

# objective
if opt.loss == 'ssim_loss':
    
    @tf.function
    def ssim_only(ref, rec, max_val=1.0):
        return 1 - tf.reduce_mean(tf.image.ssim(ref, rec, max_val=max_val))
    
    objective = ssim_only
elif opt.loss == 'ssim_l1_loss':
    
    @tf.function
    def ssim_plus_l1(ref, rec, max_val=1.0):
        s_term = 1 - tf.reduce_mean(tf.image.ssim(ref, rec, max_val=max_val))
        l1_term = tf.reduce_mean(tf.abs(ref - rec))
        return s_term + l1_term * opt.weight
    
    objective = ssim_plus_l1
else:
    objective = 'mse'

# model
ae = AutoEncoder(opt)
adam = Adam(lr=opt.lr, decay=opt.decay)
ae.compile(optimizer=adam, loss=objective, metrics=['mae'] if objective == 'mse' else ['mse'])
ae.summary()

stopper = EarlyStopping(patience=20)

saver = ModelCheckpoint(os.path.join(opt.chechpoint_dir, '{epoch:02d}-{val_loss:.5f}.hdf5'), save_best_only=True,
                            period=1, mode='auto', verbose=1, save_weights_only=True)

ae.fit(seq_tr, epochs=opt.epochs, validation_data=seq_va, callbacks=[saver, stopper])

# write some reconstructions
recs = ae.predict(seq_va)
n_rec = len(recs)
snap_dir = opt.chechpoint_dir +'/snapshot/'
if not os.path.exists(snap_dir):
    os.makedirs(snap_dir)
for k in range(n_rec):
    cv2.imwrite(snap_dir+str(k)+'_recon_val.png', (recs[k]*255).astype('uint8'))

