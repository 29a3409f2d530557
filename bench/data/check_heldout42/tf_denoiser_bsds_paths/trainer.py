import tensorflow as tf
import os
import numpy as np
from feeder import PathFeeder
from fetch_data import fetch
from model import DenoiseNet
import settings as S


def make_train_split(split = 'train'):
    fetch()
    files = [S.image_dir + split + "/" + f for f in os.listdir(S.image_dir + split + "/")]
    print(files)
    feeder = PathFeeder(files, S.side, S.batch, S.shuffle_buf)
    print(feeder.__len__())
    #print(feeder.paths)
    train_ds = feeder.build()
    steps = feeder.__len__()//feeder.batch
    return train_ds, feeder, steps

def make_net():
    net = DenoiseNet((S.side, S.side, S.channels))
    return net

def ssim(y_true, y_pred, max_val=1.0):
#   y_true = (y_true + max_val) / 2
#   y_pred = (y_pred + max_val)/ 2
  s = tf.image.ssim(y_true, y_pred, max_val)
  return s

def psnr(y_true, y_pred, max_val=1.0):
#   y_true = (y_true + max_val) / 2
#   y_pred = (y_pred + max_val) / 2
  p = tf.image.psnr(y_true, y_pred, max_val)
  return p

def prepare(net, warm_start = False, weights_file = None):
    net.compile(loss=S.objective, optimizer=S.opt_cls(S.lr), metrics=['accuracy', ssim, psnr])
    if warm_start:
       net.load_weights(weights_file)
    net.summary()
    tf.keras.utils.plot_model(net, show_shapes=True, dpi=64)
    return net

class StopAtTarget(tf.keras.callbacks.Callback):
  def on_epoch_end(self, epoch, logs={}):
    if(logs.get('psnr')>=54.00):
      print("\nPSNR target of 54 dB reached, stopping")
      self.model.stop_training = True
stop_cb = StopAtTarget()

def fit(ds, net, steps_per_epoch):
    cbs = [
       stop_cb,
       tf.keras.callbacks.EarlyStopping(
       monitor='psnr', mode = 'max', patience=10
       ),
       tf.keras.callbacks.ModelCheckpoint(
       filepath=os.path.join(
                    S.ckpt_dir, S.ckpt_file
                    ), monitor='psnr', mode='max', save_freq=1,
                    save_best_only=True, save_weights_only=True
        )]
    net.fit(ds,
              epochs = S.n_epochs,
              verbose=1,
              callbacks = cbs,
              steps_per_epoch=steps_per_epoch
    )
