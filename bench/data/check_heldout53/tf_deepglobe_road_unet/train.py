import tensorflow as tf
import numpy as np
import os
import tensorflow_datasets as tfds
import time
import string

from Augment import Augment
import data_io as dio
from display import display
import settings as cfg
import model
from callbacks import DisplayCallback, KaggleExampleDisplayCallback

# Where weights are read from or written to
ckpt_path = ""
# ckpt_name = "_Weight1-3_Epochs30-best_Image224_Data3000_shuffle_repeat_batchnorm"
ckpt_name = "_Kaggle_comparison_data3000"
if tf.test.is_gpu_available():
  ckpt_path = "training/" + tf.test.gpu_device_name().translate(str.maketrans('','',string.punctuation)) + ckpt_name
else:
  ckpt_path = "training/" + ckpt_name
ckpt_dir = os.path.dirname(ckpt_path)


# Fit a network using the settings module
def fit_network():
  # Read the fitting split
  t_start = time.time()
  # tf.keras.mixed_precision.set_global_policy('float16')
  fit_batches = (
      dio.read_split(cfg.TRAIN_PATH, True)
      .cache()
      .shuffle(cfg.BUFFER_SIZE)
      .batch(cfg.BATCH_SIZE)
      # .repeat()
      .map(Augment())
      .prefetch(buffer_size=tf.data.AUTOTUNE))
  # Read the held-out split
  hold_batches = dio.read_split(cfg.TEST_PATH, False).batch(cfg.BATCH_SIZE)
  t_end = time.time()
  print (t_end - t_start)

  print (fit_batches)

  # Keep one tile and mask for the display callback
  for tiles, labels in fit_batches.take(4):
    cfg.sample_image, cfg.sample_mask = tiles[0], labels[0]
  # Per-pixel class weights
  # fit_batches = fit_batches.map(dio.with_pixel_weights)
  # hold_batches = hold_batches.map(dio.with_pixel_weights)

  # Build the network
  cfg.model = model.create_model()

  # Keep the weights with the best held-out IoU
  saver = tf.keras.callbacks.ModelCheckpoint(filepath=ckpt_path,
                                                  save_weights_only=True,
                                                  save_best_only = True,
                                                  monitor = "val_IoU",
                                                  mode = "max",
                                                  # save_freq=5*cfg.STEPS_PER_EPOCH + 1,
                                                  verbose=1)
  ## Fit
  history = cfg.model.fit(fit_batches, epochs=cfg.EPOCHS,
                            # steps_per_epoch = cfg.STEPS_PER_EPOCH,
                            steps_per_epoch = None,
                            validation_steps = None,
                            validation_data=hold_batches,
                            callbacks=[DisplayCallback(), saver],
                            verbose = 1,
                            shuffle = True
                            )

  ## Fit the Kaggle reference network instead
  # history = cfg.model.fit(fit_batches, epochs=cfg.EPOCHS,
  #                           steps_per_epoch = None,
  #                           validation_steps = None,
  #                           validation_data=hold_batches,
  #                           callbacks=[KaggleExampleDisplayCallback(), saver],
  #                           verbose = 1,
  #                           )


def restore_network(weights_path, num_test, num_train, evaluate=False):
  # tf.keras.mixed_precision.set_global_policy('float16')
  cfg.model = model.create_model()
  cfg.model.load_weights(weights_path)

  if (evaluate):
    # Score the restored network
    fit_batches = (
      dio.read_split(cfg.TRAIN_PATH, True, num = num_train)
      .cache()
      .shuffle(cfg.BUFFER_SIZE)
      .batch(cfg.BATCH_SIZE)
      .repeat()
      .map(Augment())
      .prefetch(buffer_size=tf.data.AUTOTUNE))
    hold_batches = dio.read_split(cfg.TEST_PATH, False, num = num_test).batch(cfg.BATCH_SIZE)
    fit_batches = fit_batches.map(dio.with_pixel_weights)
    hold_batches = hold_batches.map(dio.with_pixel_weights)

    print ("background to road weight ratio: " + str(cfg.BACKGROUND_WEIGHT) +":" + str(cfg.ROAD_WEIGHT))
    loss, acc, iou = cfg.model.evaluate(fit_batches, verbose=1)
    print("Accuracy on the fitting split: {:5.2f}%".format(100 * acc))
    loss, acc, iou = cfg.model.evaluate(hold_batches, verbose=1)
    print("Accuracy on the held-out split: {:5.2f}%".format(100 * acc))
  else:
    # Show a few predictions of the restored network
    hold_data = dio.read_split(cfg.TEST_PATH, training = False, num = num_test).batch(1)
    fit_data = dio.read_split(cfg.TRAIN_PATH, training = True, num = num_train).batch(1)
    model.show_predictions(hold_data)
    model.show_predictions(fit_data)

## Keep exactly one of the calls below uncommented
## Restore a network and show num_test held-out and num_train fitting tiles with their predictions
## num_test and num_train pick how many tiles of each split are shown
# restore_network("training/deviceGPU040_epochs", num_test=10, num_train=1) # GPU run, all data, 40 epochs
# restore_network("training/deviceGPU0_Batch16_Sample1-6_Epochs20_Image128", num_test=10, num_train=1) # GPU run, all data, batch 16, class weights 1:6
# restore_network("training/deviceGPU0_Batch16_Sample1-6_Epochs20_Image224", num_test=10, num_train=1) # GPU run, all data, 40 epochs

restore_network("training/deviceGPU0_Weight1-3_Epochs30-best_Image224_Data3000", num_test=10, num_train=1)

## Read the chosen numbers of tiles and score the chosen network on them
# restore_network("training/deviceGPU0_Weight1-3_Epochs30-best_Image224_Data3000", num_test = 934, num_train = 100, evaluate=True)

## Fit a network. This may overwrite earlier weights; change ckpt_name to avoid that.
## The fitting settings live in settings.py
# fit_network()
# weights 1:3 with 15 epochs worked best; later epochs overfit


## Scores six saved networks in one go; all of them must use the image size set in settings.py
## The batch size set on the first line need not match the one used for fitting.
## Uncomment the call below the function to use it
def score_several():
  cfg.BATCH_SIZE = 32
  #Held-out split
  hold_batches = dio.read_split(cfg.TEST_PATH, False).batch(cfg.BATCH_SIZE)

  # network 1:
  # weights path:
  weights_path = "training/deviceGPU0_Batch32_Sample1-6_Epochs20_Image224"
  # Restore
  net1 = model.create_model()
  net1.load_weights(weights_path)
  print(net1.summary)
  # Score
  print (weights_path)
  loss, acc, iou = net1.evaluate(hold_batches, verbose=1)


  # network 2:
  # weights path:
  weights_path = "training/deviceGPU0_Batch32_Sample1-8_Epochs20_Image224"
  # Restore
  net1 = model.create_model(visualize=True)
  net1.load_weights(weights_path)
  # Score
  print (weights_path)
  loss, acc, iou = net1.evaluate(hold_batches, verbose=1)

  # network 3:
  # weights path:
  weights_path = "training/deviceGPU0_Batch32_Sample1-10_Epochs20_Image224"
  # Restore
  net1 = model.create_model()
  net1.load_weights(weights_path)
  # Score
  print (weights_path)
  loss, acc, iou = net1.evaluate(hold_batches, verbose=1)

  # network 4:
  # weights path:
  weights_path = "training/deviceGPU0_Batch32_Sample1-6_Epochs40_Image224"
  # Restore
  net1 = model.create_model()
  net1.load_weights(weights_path)
  # Score
  print (weights_path)
  loss, acc, iou = net1.evaluate(hold_batches, verbose=1)

  # network 5:
  # weights path:
  weights_path = "training/deviceGPU0_Batch32_Sample1-8_Epochs40_Image224"
  # Restore
  net1 = model.create_model()
  net1.load_weights(weights_path)
  # Score
  print (weights_path)
  loss, acc, iou = net1.evaluate(hold_batches, verbose=1)

  # network 6:
  # weights path:
  weights_path = "training/deviceGPU0_Batch32_Sample1-10_Epochs40_Image224"
  # Restore
  net1 = model.create_model()
  net1.load_weights(weights_path)
  # Score
  print (weights_path)
  loss, acc, iou = net1.evaluate(hold_batches, verbose=1)
  

# score_several()
