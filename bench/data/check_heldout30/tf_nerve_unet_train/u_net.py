# -*- coding: utf-8 -*-
"""
Keras U-Net wrapper used by demo.py

(re-expressed)
"""
from keras import backend as K
from tensorflow import keras


import matplotlib.pyplot as plt


def dice_score(y_true, y_pred, eps=1):
    true_flat = K.flatten(y_true)
    pred_flat = K.flatten(y_pred)
    overlap = K.sum(true_flat * pred_flat)
    return (2. * overlap + eps) / (K.sum(true_flat) + K.sum(pred_flat) + eps)

def dice_loss(y_true, y_pred):
    return 1-dice_score(y_true, y_pred)

# wrapper around the functional U-Net
class SegUNet():
    """
    Builds the U-Net in keras and keeps the checkpoint path.
    """

    def __init__(self, in_shape=(420,580,1), out_size=15, kernel_len=3, filters_per_level=[32,64,128,256],
                 final_pool=keras.layers.AvgPool1D, dense_sizes=[100, 100], data_tag='noname'):
        self.name = 'unet_con_len' + str(kernel_len) + '_con_layers' + str(filters_per_level) + '_dense_layers' + str(
            dense_sizes) + '_data' + data_tag

        self.model = assemble_unet(in_shape, out_size, kernel_len=kernel_len, filters_per_level=filters_per_level,
                                     final_pool=final_pool, dense_sizes=dense_sizes)
        self.ckpt_path = 'saved_models/' + self.name

    # fit on arrays held in memory
    def train(self, train_images, train_masks, val_images=None, val_masks=None, batch_size=32, epochs=20, lr=0.001,
              keep_best=True, val_every=1, patience=5, plot_history=False, verbose=1):

        stopper = keras.callbacks.EarlyStopping(monitor='val_mean_absolute_error', mode='min', verbose=verbose,
                                           patience=patience)

        if keep_best:
            best_ckpt = keras.callbacks.ModelCheckpoint(self.ckpt_path + '.hdf5',
                                                       save_best_only=True,
                                                       monitor='accuracy',
                                                       mode='min')
        # Adam with a dice loss
        # alt: 'binary_crossentropy'

        self.model.compile(optimizer=keras.optimizers.Adam(lr), loss=dice_loss, metrics=['accuracy'])

        if val_images is not None:
            fit_log = self.model.fit(
                train_images, train_masks, validation_data=(val_images,
                                                  val_masks), epochs=epochs, batch_size=batch_size, shuffle=True,
                callbacks=[best_ckpt, stopper], verbose=verbose)
        else:
            fit_log = self.model.fit(
                train_images, train_masks, epochs=epochs, batch_size=batch_size,
                shuffle=True,
                callbacks=[best_ckpt, stopper], verbose=verbose)


        # reload the best checkpoint so the later use gets the
        # lowest-validation weights.
        if keep_best:
            self.model = keras.models.load_model(self.ckpt_path + '.hdf5')

        # TODO: join the histories of both stages
        # for one curve
        if plot_history:
            plt.plot(fit_log.history['mae'])
            plt.plot(fit_log.history['val_mae'])

        return fit_log

    # inference
    def predict(self, x_batch):
        # run the network
        return self.model.predict(x_batch)

    def load_model(self, save_path=None):
        if save_path is None:
            save_path = self.ckpt_path
        print("loading weights from: ", save_path)
        print("tag: ", self.name, ", file: ", self.ckpt_path)
        self.model = keras.models.load_model(save_path + '.hdf5')





def assemble_unet(in_shape, out_size, kernel_len=3, filters_per_level=[25, 50, 100], final_pool=keras.layers.AvgPool2D,
                    dense_sizes=[100, 100]):
    # TODO: accept extra keyword options
    act = 'relu'
    dense_act = 'relu'
    pad_mode = 'same'
    pool_pad = 'valid'

    pool_len = kernel_len
    n_levels = 3
    bn_momentum = 0.99
    regularizer = None
    # alt pooling: keras.layers.AvgPool1D #
    pools = keras.layers.MaxPooling2D
    model = keras.Sequential()
    in_rows = in_shape[0]
    n_levels = len(filters_per_level) - 1
    net_in = keras.Input(in_shape)
    skips = []
    pools = []
    feat = net_in
    for depth_i in range(n_levels):
        feat = keras.layers.Conv2D(filters_per_level[depth_i], kernel_len, activation='relu', padding='same', kernel_initializer='he_normal')(feat)
        feat = keras.layers.Conv2D(filters_per_level[depth_i], kernel_len, activation='relu', padding='same', kernel_initializer='he_normal')(feat)
        skips.append(feat)
        feat = keras.layers.MaxPooling2D(pool_size=(2, 2))(feat)
        pools.append(feat)

    feat = keras.layers.Conv2D(filters_per_level[n_levels], kernel_len, activation='relu', padding='same',
                                kernel_initializer='he_normal')(feat)
    feat = keras.layers.Conv2D(filters_per_level[n_levels], kernel_len, activation='relu', padding='same',
                                kernel_initializer='he_normal')(feat)

    for depth_i in range(n_levels-1,-1,-1):
        # alt decoder step: Conv2D after UpSampling2D instead of a transposed conv (
        #     left disabled)
        feat = keras.layers.Conv2DTranspose(filters_per_level[depth_i], 2, strides= [2,2], activation='relu', padding='same')(feat)


        print("up-path tensor: ", feat.shape)
        print("skip tensor: ", skips[depth_i].shape)
        out_pad = None
        if feat.shape[1:3] != skips[depth_i].shape[1:3]:
            pad_rows = skips[depth_i].shape[1] - feat.shape[1]
            pad_cols = skips[depth_i].shape[2] - feat.shape[2]
            print("padding by: ", pad_rows, pad_cols)
            feat = keras.layers.ZeroPadding2D(((0,pad_rows),(0,pad_cols)))(feat)
            print("up-path tensor: ", feat.shape)
            print("skip tensor: ", skips[depth_i].shape)
        feat = keras.layers.concatenate([skips[depth_i], feat], axis=3)
        feat = keras.layers.Conv2D(filters_per_level[depth_i], kernel_len, activation='relu', padding='same', kernel_initializer='he_normal')(feat)
        feat = keras.layers.Conv2D(filters_per_level[depth_i], kernel_len, activation='relu', padding='same', kernel_initializer='he_normal')(feat)

    feat = keras.layers.Conv2D(filters_per_level[0], 3, activation='relu', padding='same', kernel_initializer='he_normal')(feat)
    feat = keras.layers.Conv2D(2, 3, activation='relu', padding='same', kernel_initializer='he_normal')(feat)
    feat = keras.layers.Conv2D(1, 1, activation='sigmoid')(feat)
    model = keras.models.Model(inputs=net_in, outputs=feat)

    model.summary()
    return model


