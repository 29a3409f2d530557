# source: https://github.com/bfmat/dark-matter/blob/0f75446b8d503b7f0ae9c22636bd579a2a20308f/training/image_classification_grid_search.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
"""Sweep several hyperparameter settings for the image-based bubble classifier"""

import os

# pin the sweep to the second card
os.environ['CUDA_VISIBLE_DEVICES'] = '1'

from keras.layers import Conv2D, Flatten, Dropout, InputLayer, BatchNormalization, Dense
from keras.models import Model, Sequential
from keras.regularizers import l2

from data_processing.bubble_data_point import load_bubble_images, WINDOW_SIDE_LENGTH, START_IMAGE_INDEX, END_IMAGE_INDEX
from data_processing.event_data_set import EventDataSet, RunType
from data_processing.experiment_serialization import save_test
from models.image_classification_network import create_model

# event table restricted to single-bubble events, wall cuts on, background and calibration runs kept
events = EventDataSet(
    keep_run_types={
        RunType.LOW_BACKGROUND,
        RunType.AMERICIUM_BERYLLIUM,
        RunType.CALIFORNIUM
    },
    use_wall_cuts=True
)
# image stacks and labels as numpy arrays
train_x, train_y, val_x, val_y = \
    events.audio_alpha_classification(
        loading_function=load_bubble_images,
        include_positions=False
    )

# sweep dropout, l2 strength and conv depth
for drop_rate in [0, 0.25, 0.5]:
    for l2_strength in [0.0003, 0.001, 0.003, 0.006, 0.01]:
        for convs_per_stage in [2, 3, 4]:
            # spacer lines between runs
            for _ in range(3):
                print()
            # announce the current setting
            print('SETTING')
            print('l2 strength:', l2_strength)
            print('dense dropout:', drop_rate)
            print('convs per stage:', convs_per_stage)
            # tag used when storing validation outputs
            run_tag = f'bubble_img_sweep_l2_{l2_strength}_drop_{drop_rate}_convs_{convs_per_stage}'

            # number of frames stacked as channels
            frame_count = END_IMAGE_INDEX - START_IMAGE_INDEX
            # tanh network, dropout on the dense part, l2 on every layer
            act = 'tanh'
            drop_rate = 0.25
            reg = l2(0.01)
            net = Sequential()
            net.add(InputLayer(input_shape=(WINDOW_SIDE_LENGTH, WINDOW_SIDE_LENGTH, frame_count)))
            net.add(BatchNormalization())
            # conv depth depends on the setting; the first conv always strides by 2
            net.add(Conv2D(filters=32, kernel_size=4, strides=2, activation=act, kernel_regularizer=reg))
            for _ in range(convs_per_stage - 1):
                net.add(Conv2D(filters=32, kernel_size=4, activation=act, kernel_regularizer=reg))
            for _ in range(convs_per_stage):
                net.add(Conv2D(filters=64, kernel_size=3, activation=act, kernel_regularizer=reg))
            for _ in range(convs_per_stage):
                net.add(Conv2D(filters=128, kernel_size=2, activation=act, kernel_regularizer=reg))
            net.add(Flatten())
            net.add(Dense(64, activation=act, kernel_regularizer=reg))
            net.add(Dropout(drop_rate))
            net.add(Dense(16, activation=act, kernel_regularizer=reg))
            net.add(Dropout(drop_rate))
            net.add(Dense(1, activation='sigmoid'))
            # show the layer table
            print(net.summary())
            # mse loss with adam, report accuracy
            net.compile(
                optimizer='adam',
                loss='mse',
                metrics=['accuracy']
            )

            # alternate one training epoch and one validation pass
            for epoch in range(200):
                # one pass over the training arrays
                net.fit(
                    x=train_x,
                    y=train_y,
                    epochs=1
                )
                # score on the validation arrays
                val_loss, val_acc = net.evaluate(
                    x=val_x,
                    y=val_y,
                    verbose=0
                )
                # report
                print('val loss:', val_loss)
                print('val accuracy:', val_acc)
                # store validation predictions for this epoch
                val_out = net.predict(val_x)
                save_test(
                    events,
                    val_y,
                    val_out,
                    epoch=epoch,
                    prefix=run_tag
                )
