from srcnn_model import SRCNN
from patch_utils import build_patches

import numpy as np
import tensorflow as tf

import pprint
import os

fl = tf.app.flags
fl.DEFINE_integer("epoch", 15000, "epochs to run [15000]")
fl.DEFINE_integer("batch_size", 128, "patches per step [128]")
fl.DEFINE_integer("image_size", 33, "input patch side [33]")
fl.DEFINE_integer("label_size", 21, "output patch side [21]")
fl.DEFINE_float("learning_rate", 1e-4, "sgd step size [1e-4]")
fl.DEFINE_integer("c_dim", 1, "colour channels [1]")
fl.DEFINE_integer("scale", 3, "upscaling factor used to degrade inputs [3]")
fl.DEFINE_integer("stride", 14, "step between patches [14]")
fl.DEFINE_string("checkpoint_dir", "checkpoint", "where weights go [checkpoint]")
fl.DEFINE_string("sample_dir", "sample", "where outputs go [sample]")
fl.DEFINE_boolean("is_train", True, "train if True, else test [True]")
CFG = fl.FLAGS

printer = pprint.PrettyPrinter()

def main(_):
  printer.pprint(fl.FLAGS.__flags)

  if not os.path.exists(CFG.checkpoint_dir):
    os.makedirs(CFG.checkpoint_dir)
  if not os.path.exists(CFG.sample_dir):
    os.makedirs(CFG.sample_dir)

  with tf.Session() as sess:
    net = SRCNN(sess, 
                  image_size=CFG.image_size, 
                  label_size=CFG.label_size, 
                  batch_size=CFG.batch_size,
                  c_dim=CFG.c_dim, 
                  checkpoint_dir=CFG.checkpoint_dir,
                  sample_dir=CFG.sample_dir)

    net.train(CFG)
    
if __name__ == '__main__':
  tf.app.run()
