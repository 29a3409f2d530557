import os
from keras.callbacks import ModelCheckpoint, EarlyStopping
from keras.models import Sequential
from keras.layers import Conv2D, Convolution2D, MaxPooling2D, Dropout, Flatten, Dense, Activation, GlobalAveragePooling2D
from keras.layers.normalization import BatchNormalization
from utils.load import load_train_data_and_split
from utils.data_augment_generator import DataAugmentGenerator
from utils.constant import *
from utils.loss_history import LossHistory



# ensembles of small keras networks, following
# a public kaggle otto ensemble script

# best runs reached about 4 RMSE and took long
# leaky relu and elu did not help from the start;
# plain relu worked best.
def create_cnn(n_out, act, last_act):
    in_shape = (IMAGE_SIZE, IMAGE_SIZE, COLOR_CHANNEL)
    net = Sequential()
    net.add(Convolution2D(64, (3, 3), padding='same', activation=act, input_shape=in_shape))
    net.add(Convolution2D(64, (3, 3), padding='same', activation=act))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Dropout(0.3))

    net.add(Convolution2D(128, (3, 3), padding='same', activation=act))
    net.add(Convolution2D(128, (3, 3), padding='same', activation=act))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Dropout(0.3))

    net.add(Convolution2D(256, (3, 3), padding='same', activation=act))
    net.add(Convolution2D(256, (3, 3), padding='same', activation=act))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Dropout(0.3))

    net.add(Convolution2D(512, (3, 3), padding='same', activation=act))
    net.add(Convolution2D(512, (3, 3), padding='same', activation=act))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Dropout(0.3))

    net.add(Flatten())
    net.add(Dense(256, activation=act))
    net.add(Dropout(0.5))
    net.add(Dense(n_out, activation=last_act))

    print(net.summary())
    return net


"""
    subset 01 (4 keypoints)

        elu / tanh / rmsprop / dropout
            best held-out RMSE 2.0759 at epoch 300

        relu / tanh / adam
            best held-out RMSE 2.1115 at epoch 180

        elu / tanh / adam
            best 2.0817; from epoch 170 the held-out RMSE jumps to 24 and then stays near 4 (overfitting)

        elu / tanh / rmsprop
            about 2.4-2.5 at epoch 300
        
        elu / tanh / adam / dropout
            best 2.0817; from epoch 180 it jumps to 7 and then stays near 4 (overfitting)

        selu / tanh / adam / dropout
            stuck around 4

        leaky relu / tanh / adam / dropout
            down to 2.1 at epoch 180, back up to 2.4, early stop
            
    subset 02
        elu / tanh / adam / dropout
            1.5-1.6 after 350 epochs
        elu / tanh / rmsprop / dropout
            1.6-1.7 after 350 epochs
"""
def create_cnn2(n_out, kinit, act, last_act):
    in_shape = (IMAGE_SIZE, IMAGE_SIZE, COLOR_CHANNEL)
    net = Sequential()
    net.add(BatchNormalization(input_shape=in_shape))
    net.add(Convolution2D(24, 5, 5, border_mode='same', kernel_initializer=kinit, input_shape=in_shape, dim_ordering='tf'))
    net.add(Activation(act))
    net.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2), border_mode='valid'))
    # net.add(Dropout(0.3))

    net.add(Convolution2D(36, 5, 5))
    net.add(Activation(act))
    net.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2), border_mode='valid'))
    # net.add(Dropout(0.3))

    net.add(Convolution2D(48, 5, 5))
    net.add(Activation(act))
    net.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2), border_mode='valid'))
    # net.add(Dropout(0.3))

    net.add(Convolution2D(64, 3, 3))
    net.add(Activation(act))
    net.add(MaxPooling2D(pool_size=(2, 2), strides=(2, 2), border_mode='valid'))
    # net.add(Dropout(0.3))

    net.add(Convolution2D(64, 3, 3))
    net.add(Activation(act))
    net.add(GlobalAveragePooling2D());
    # net.add(Dropout(0.3))

    net.add(Dense(500, activation=act))
    # net.add(Dropout(0.5))
    net.add(Dense(90, activation=last_act))
    net.add(Dense(n_out))

    print(net.summary())
    return net


def create_cnn3(n_out, act, last_act):
    in_shape = (IMAGE_SIZE, IMAGE_SIZE, COLOR_CHANNEL)
    net = Sequential([
        Convolution2D(128, 3, 3, border_mode='valid', input_shape=in_shape),
        Activation(act),
        MaxPooling2D(pool_size=(2, 2)),
        Dropout(0.1),

        Convolution2D(256, 2, 2),
        Activation(act),
        MaxPooling2D(pool_size=(2, 2)),
        Dropout(0.25),

        Convolution2D(512, 2, 2),
        Activation(act),
        MaxPooling2D(pool_size=(2, 2)),
        Dropout(0.25),

        Flatten(),
        Dense(512),
        Activation(act),
        Dropout(0.5),
        Dense(512),
        Activation(last_act),

        Dense(n_out),
    ])
    print(net.summary())
    return net

def cnn_wide():
    net = Sequential()
    net.add(Conv2D(128, kernel_size=(10,10),padding='same',activation='relu', input_shape=(96,96,1)))
    net.add(Conv2D(128, kernel_size=(10,10),padding='same',activation='tanh', input_shape=(96,96,1)))
    net.add(MaxPooling2D(pool_size=(2, 2), dim_ordering="th"))
    net.add(Dropout(0.1))
    net.add(Conv2D(32, (3, 3),padding='same', activation='relu'))
    net.add(Conv2D(32, (3, 3),padding='same', activation='tanh'))
    net.add(MaxPooling2D(pool_size=(2, 2), dim_ordering="th"))
    net.add(Dropout(0.2))
    net.add(Conv2D(128, (2, 2), padding = 'same',activation='relu'))
    net.add(Conv2D(128, (2, 2), padding = 'same',activation='tanh'))
    net.add(MaxPooling2D(pool_size=(2, 2), dim_ordering="th"))
    net.add(Dropout(0.3))
    net.add(Flatten())
    net.add(Dense(1000))
    net.add(Activation('relu'))
    net.add(Dropout(0.5))
    net.add(Dense(500))
    net.add(Activation('tanh'))
    net.add(Dense(8))
    return net


def train(net, member_name, member_dir, cols, flip_pairs, opt, epochs, bs):
    x_fit, x_hold, y_fit, y_hold = load_train_data_and_split(FILEPATH_TRAIN, cols, VALIDATION_RATIO)

    weights_path = os.path.join(member_dir, member_name + '.h5')
    curve_path   = os.path.join(member_dir, member_name + '.csv')

    curve = LossHistory(curve_path)
    saver    = ModelCheckpoint(weights_path, monitor='val_loss', verbose=0, save_best_only=True, save_weights_only=True, mode='min')
    stopper = EarlyStopping(monitor='val_loss', min_delta=0, patience=50, verbose=0, mode='min')
    
    net.load_weights(weights_path) if os.path.exists(weights_path) else None
    gen = DataAugmentGenerator(x_fit,
                                     y_fit,
                                     bs, 
                                     flip_pairs, 
                                     FLIP_RATIO, 
                                     ROTATE_RATIO, 
                                     CONTRAST_RATIO,
                                     PERSPECTIVE_TRANSFORM_RATIO,
                                     ELASTIC_TRANSFORM_RATIO)
    net.fit_generator(gen.generate(bs,
                                           FLIP,
                                           ROTATE,
                                           CONTRAST,
                                           PERSPECTIVE_TRANSFORM,
                                           ELASTIC_TRANSFORM), 
                        steps_per_epoch=int(gen.size_train/bs),
                        epochs=epochs,
                        verbose=1,
                        callbacks=[saver, stopper, curve],
                        validation_data=[x_hold, y_hold])
    net.save_weights(weights_path)
    print('weights in {}, loss curve in {}'.format(weights_path, curve_path))
