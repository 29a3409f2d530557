import numpy as np
from keras.callbacks import EarlyStopping, ModelCheckpoint
from keras.models import Sequential
from dataset import *
from model import build_video_cnn3d
import argparse
from keras.optimizers import Adadelta
from utils import*

arg_parser = argparse.ArgumentParser()
arg_parser.add_argument('--data', type=str, default='./data', help='folder holding the frame lists')
args = arg_parser.parse_args()

# clip and frame sizes
clip_frames=50
frame_h=50
frame_w=50
frame_c=3

# generator settings
gen_cfg = {'dim': (clip_frames,frame_h,frame_w),
          'batch_size': 2,
          'n_classes': 2,
          'n_channels': frame_c,
          'shuffle': True}

# split lists and label map
split_ids, video_labels = read_split_files(args.data)

# batch generators
train_gen = ClipBatchSequence(split_ids['train'], video_labels, **gen_cfg)
val_gen = ClipBatchSequence(split_ids['val'], video_labels, **gen_cfg)

# build and compile
model = build_video_cnn3d(class_count=gen_cfg['n_classes'])
model.compile(loss='categorical_crossentropy', optimizer=Adadelta(lr=0.1), metrics=['acc'])

#ckpt = ModelCheckpoint(filepath='cnn3d-bn-{epoch:02d}-{val_loss:.3f}.hdf5', monitor='loss', verbose=1, mode='min', period=1)
ckpt = ModelCheckpoint(filepath='./snapshots/action.h5', monitor='loss', verbose=1, mode='min', period=1)
# fit on the clip folders
model.fit_generator(generator=train_gen,
                    #steps_per_epoch=int(train_gen.n / gen_cfg['batch_size']),
                    epochs=30,
                    callbacks=[ckpt],
                    validation_data=val_gen,
                    #validation_steps=int(val_gen.n / gen_cfg['batch_size']))
)