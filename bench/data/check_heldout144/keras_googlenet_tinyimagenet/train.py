# headless plotting backend for saving figures
import os

import matplotlib
matplotlib.use('Agg')

from keras.utils import multi_gpu_model
import settings as config
from cnn.preprocessing.imagetoarraypreprocessor import ImageToArrayPreprocessor
from cnn.preprocessing.simplepreprocessor import SimplePreprocessor
from cnn.preprocessing.meanpreprocessor import MeanPreprocessor
from cnn.callbacks.parallelmodelcheckpoint import ParallelModelCheckpoint
from cnn.callbacks.epochcheckpoint import EpochCheckpoint
from cnn.callbacks.trainingmonitor import TrainMonitor
from batchreader import H5BatchStream
from cnn.nn.conv.deepergooglenet import DeeperGoogLeNet
from keras.preprocessing.image import ImageDataGenerator
from keras.optimizers import Adam
from keras.models import load_model
import keras.backend as K
import tensorflow as tf
import argparse
import json

NUM_EPOCHS = 70

NGPU = 2
if NGPU > 1:
    print("several GPUs: limiting the memory share")
    sess_cfg = tf.ConfigProto()
    sess_cfg.gpu_options.per_process_gpu_memory_fraction = 0.8
    K.set_session(tf.Session(config=sess_cfg))
    os.environ["CUDA_VISIBLE_DEVICES"] = "0,1,2,3"

cli = argparse.ArgumentParser()
cli.add_argument('-c', '--checkpoints', required=True,
                 help='folder for periodic checkpoints')
cli.add_argument('-m', '--model', type=str,
                 help='a checkpoint to resume from')
cli.add_argument('-s', '--start-epoch', type=int, default=0,
                 help='epoch number to resume at')
opts = vars(cli.parse_args())

# random augmentation for the training stream
jitter = ImageDataGenerator(rotation_range=18,
                            zoom_range=0.15,
                            width_shift_range=0.2,
                            height_shift_range=0.2,
                            shear_range=0.15,
                            horizontal_flip=True,
                            fill_mode='nearest')

# channel means computed on the training split
rgbMean = json.loads(open(config.DATASET_MEAN).read())

# per-image steps
resize = SimplePreprocessor(64, 64)
center = MeanPreprocessor(rgbMean['R'], rgbMean['G'], rgbMean['B'])
toArr = ImageToArrayPreprocessor()

# chunked readers over the packed training and validation files
trainStream = H5BatchStream(config.TRAIN_HDF5, 64, augmenter=jitter,
                            steps=[resize, center, toArr], numClasses=config.NUM_CLASSES)
valStream = H5BatchStream(config.VAL_HDF5, 64,
                          steps=[resize, center, toArr], numClasses=config.NUM_CLASSES)

adam = Adam(1e-3)

# fresh start: build the network and
# compile it
if opts['model'] is None:
    print('building a new network')
    base_net = DeeperGoogLeNet.build(64, 64, 3,
                                     classes=config.NUM_CLASSES,
                                     reg=0.0002)

    if NGPU <= 1:
        print("one GPU")
        net = base_net
        # several GPUs: replicate the network
    else:
        print("{} GPUs".format(NGPU))

        # one replica per GPU; gradients are merged
        # on the CPU
        # by the wrapper
        net = multi_gpu_model(base_net, gpus=NGPU)

    net.compile(loss='categorical_crossentropy', optimizer=adam,
                metrics=['accuracy'])

# resume: read the checkpoint
else:
    print('resuming from {}'.format(opts['model']))
    base_net = load_model(opts['model'], compile=False)

    if NGPU <= 1:
        print("one GPU")
        net = base_net
        # several GPUs: replicate the network
    else:
        print("{} GPUs".format(NGPU))

        # one replica per GPU; gradients are merged
        # on the CPU
        # by the wrapper
        net = multi_gpu_model(base_net, gpus=NGPU)

    net.compile(loss='categorical_crossentropy', optimizer=adam,
                metrics=['accuracy'])

    # lower the learning rate for the resumed run
    print('learning rate was {}'.format(
        K.get_value(net.optimizer.lr)))
    K.set_value(net.optimizer.lr, 1e-5)
    print('learning rate now {}'.format(
        K.get_value(net.optimizer.lr)))

# checkpointing and monitoring
hooks = [
    EpochCheckpoint(opts['checkpoints'], every=5,
                    startAt=opts['start_epoch'],
                    how_many_gpus=NGPU, single_gpu_model=base_net),
    TrainMonitor(config.FIG_PATH, jsonPath=config.JSON_PATH,
                 startAt=opts['start_epoch'])
]

# train from the chunked streams
net.fit_generator(
    trainStream.stream(),
    steps_per_epoch=trainStream.count // 64,
    validation_data=valStream.stream(),
    validation_steps=valStream.count // 64,
    epochs=NUM_EPOCHS,
    max_queue_size=64 * 2,
    callbacks=hooks,
    verbose=1
)

# close both files
trainStream.close()
valStream.close()
