import os
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Conv2D, Flatten, Dropout, GlobalAveragePooling2D, MaxPooling2D, \
    BatchNormalization
from tensorflow.keras import callbacks
from tensorflow.keras import regularizers, optimizers
from tensorflow.keras.applications import VGG16


class SceneConvNet(object):
    def __init__(self, batch, n_out, lr, n_epochs, save_dir, shape_in):
        self.batch = batch
        self.n_out = n_out
        self.lr = lr
        self.n_epochs = n_epochs
        self.save_dir = save_dir
        self.shape_in = shape_in

    def model(self, x_fit, y_fit, heldout_pair, run_name):
        stopper = callbacks.EarlyStopping(monitor='val_loss', patience=25)

        net = Sequential()

        net.add(Conv2D(64, (5, 5), activation='relu', input_shape=self.shape_in))
        net.add(MaxPooling2D((4, 4)))
        net.add(Dropout(0.3))
        net.add(BatchNormalization())

        net.add(Conv2D(128, (4, 4), activation="relu"))
        net.add(MaxPooling2D((3, 3)))
        net.add(Dropout(0.3))
        net.add(BatchNormalization())

        net.add(Conv2D(256, (3, 3), activation="relu"))
        net.add(MaxPooling2D((2, 2)))
        net.add(Dropout(0.3))
        net.add(BatchNormalization())

        net.add(Flatten())

        net.add(Dense(64, activation='relu', kernel_regularizer=regularizers.l2(l=0.001)))
        net.add(Dropout(0.5))
        net.add(Dense(24, activation='relu'))
        net.add(Dropout(0.4))
        net.add(Dense(self.n_out, activation='softmax'))

        net.summary()

        opt = optimizers.Adam(lr=self.lr)
        net.compile(optimizer=opt, loss="sparse_categorical_crossentropy", metrics=['accuracy'])
        fit_log = net.fit(x_fit, y_fit, epochs=self.n_epochs, validation_data=heldout_pair,
                          callbacks=[stopper], verbose=2)
        out_file = os.path.join(self.save_dir, run_name + '.h5')
        net.save(out_file)

        return fit_log


class FrozenVggNet(object):
    def __init__(self, n_epochs, shape_in, save_dir, partly_unfrozen=True, init_weights=None, train_all=True):
        self.n_epochs = n_epochs
        self.shape_in = shape_in
        self.save_dir = save_dir
        self.partly_unfrozen = partly_unfrozen
        self.init_weights = init_weights  # None means random initial weights
        self.train_all = train_all  # True lets the random-init backbone learn

    def model(self, x_fit, y_fit, heldout_pair, run_name):
        backbone = VGG16(input_shape=self.shape_in, include_top=False, weights=self.init_weights)
        stopper = callbacks.EarlyStopping(monitor='val_loss', patience=5)
        if self.partly_unfrozen:
            for lyr in backbone.layers[:10]:
                lyr.trainable = False
        else:
            backbone.trainable = self.train_all

        backbone.summary()

        pool_layer = GlobalAveragePooling2D()

        head_layer = Dense(6, activation='sigmoid')

        full_net = Sequential([backbone, pool_layer, head_layer])

        start_lr = 0.0001
        full_net.compile(
            optimizer=optimizers.RMSprop(lr=start_lr),
            loss='sparse_categorical_crossentropy',
            metrics=['accuracy']
        )

        # fit on the in-memory arrays
        fit_log = full_net.fit(
            x_fit, y_fit,
            epochs=self.n_epochs, verbose=2,
            validation_data=heldout_pair,
            callbacks=[stopper]
        )
        out_file = os.path.join(self.save_dir, run_name + '.h5')
        backbone.save(out_file)

        return fit_log
