import os
import sys
from typing import Any

sys.path.append(os.getcwd())

import argparse
import glob
import wandb
import tensorflow as tf
from datetime import datetime
from simclr import ContrastiveModel, get_augmenter, get_encoder, get_projection_head
#from unsup_tools.callbacks import ProbeCallback
#from unsup_eval.labelled import numpy_split

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--epochs", type=int, default=100)
    ap.add_argument("--batch_size", type=int, default=128)
    ap.add_argument("--buffer_size", type=int, default=100000)
    ap.add_argument("--dataset_size", type=int, default=200000)
    ap.add_argument("--input_shape", type=int, nargs="+", default=[224, 224, 3])
    ap.add_argument("--temperature", type=float, default=0.1)
    ap.add_argument("--loss_implementation", type=str, default="simple")
    ap.add_argument("--path_to_files", type=str, default="./data/NO 6407-6-5/100K_BENCHMARK_224x224/images/")
    opts = ap.parse_args()
    
    for name in vars(opts):
        print(name, getattr(opts, name))
    
    #pics = tf.data.Dataset.list_files(opts.path_to_files + "*.png")
    #pics = pics.shuffle(opts.buffer_size)
    #pics = pics.map(lambda p: tf.io.read_file(p))
    #pics = pics.map(lambda b: tf.image.decode_png(b, channels=3))
    #pics = pics.map(lambda im: tf.image.resize(im, opts.input_shape[:2]))
    #pics = pics.batch(opts.batch_size, drop_remainder=True)
    #pics = pics.prefetch(tf.data.experimental.AUTOTUNE)
    
    print(f"visible GPUs: {len(tf.config.list_physical_devices('GPU') )}")
    for dev in tf.config.list_physical_devices('GPU'):
        print(f"device: {dev}, kind: {dev.device_type}")
    
    def _parse_record(rec):
        """Turn one serialized record back into an image."""
        # a dict holding the serialized tensor under 'image'
        rec = tf.io.parse_single_example(rec, {"image": tf.io.FixedLenFeature([], tf.string)})
        # a uint8 tensor
        rec = tf.io.parse_tensor(rec["image"], out_type=tf.uint8)
        rec = tf.ensure_shape(rec, [96, 96, 3])
        return rec
    
    print(f"working directory: {os.getcwd()}")
    print(f"{len(glob.glob(opts.path_to_files + '*.tfrecords'))} record files found.")
    
    pics = tf.data.TFRecordDataset(glob.glob(opts.path_to_files + "*.tfrecords"))
    pics = pics.shuffle(opts.buffer_size)
    pics = pics.map(_parse_record)
    pics = pics.map(lambda im: tf.image.resize(im, opts.input_shape[:2]))
    pics = pics.map(lambda im: im / 255.0)
    pics = pics.batch(opts.batch_size, drop_remainder=True)
    
    stamp = datetime.now().strftime("%Y%m%d_%H%M%S")
    
    run_name = "simclr_" + stamp
    
    out_dir = "./scampi_unsupervised/frameworks/simclr/" + run_name + "/"
    
    os.makedirs(out_dir, exist_ok=True)
    
    # keep the settings next to the weights
    with open(out_dir + "args.txt", "w") as fh:
        for name in vars(opts):
            fh.write(f"{name}: {getattr(opts, name)}\n")
    
    wandb.init(project="scampi", name=run_name, config=vars(opts))
    
    net = ContrastiveModel(
        augmenter = get_augmenter(input_shape=opts.input_shape, min_area=0.25, brightness=0.6, jitter=0.2),
        encoder = tf.keras.applications.Xception(include_top=False, pooling="avg", input_shape=opts.input_shape, weights=None), 
        projection_head = get_projection_head(width=128, input_shape=(2048, )),
        temperature = opts.temperature,
        loss_implementation = opts.loss_implementation,
    )
    
    lr_sched = tf.keras.optimizers.schedules.InverseTimeDecay(
        initial_learning_rate=1e-3,
        decay_steps=opts.dataset_size // opts.batch_size,
        decay_rate=0.05,
        staircase=True)

    opt = tf.keras.optimizers.Adam(lr_sched)
    
    net.compile(optimizer=opt, probe_optimizer=None)


    class EncoderSaver(tf.keras.callbacks.Callback):
        def __init__(self, every, folder):
            super(EncoderSaver, self).__init__()

            self.every = every
            self.folder = folder
            
        def on_epoch_end(self, epoch, logs=None):
            if epoch % self.every == 0:
                self.model.encoder.save_weights(self.folder + "checkpoint" + f"{epoch:02d}.h5")

    
    cbs = []
    cbs.append(wandb.keras.WandbCallback(save_model=False))
    cbs.append(EncoderSaver(every=10, folder=out_dir))
    
    print("augmentation pipeline:")
    net.augmenter.summary()
    
    hist = net.fit(
        pics, 
        epochs=opts.epochs,
        steps_per_epoch=None,
        validation_data=None,
        callbacks=cbs,
        )
    
    net.encoder.save_weights(out_dir + "encoder.h5")
