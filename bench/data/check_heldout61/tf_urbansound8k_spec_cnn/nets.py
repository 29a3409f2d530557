import tensorflow as tf
from tensorflow import keras
import datetime
import os

def fit_plain_cnn(tr_d, tr_l, te_d, te_l, epochs, width_px, height_px,
                      restore_only=False, ckpt_prefix="models/default_cnn/"):
    print("fitting the plain CNN")

    # layers
    net = keras.Sequential()
    net.add(keras.layers.Conv2D(64, (5, 5), input_shape=(width_px, height_px, 1), padding='same'))
    net.add(keras.layers.MaxPooling2D((2, 2)))
    net.add(keras.layers.Conv2D(128, (3, 3), activation='relu', padding='same'))
    net.add(keras.layers.Conv2D(128, (3, 3), activation='relu', padding='same'))
    net.add(keras.layers.MaxPooling2D((2, 2)))
    net.add(keras.layers.Conv2D(256, (3, 3), activation='relu', padding='same'))
    net.add(keras.layers.Conv2D(256, (3, 3), activation='relu', padding='same'))
    net.add(keras.layers.MaxPooling2D((2, 2)))
    net.add(keras.layers.Conv2D(512, (3, 3), activation='relu', padding='same'))
    net.add(keras.layers.MaxPooling2D((2, 2)))
    net.add(keras.layers.Flatten())
    net.add(keras.layers.Dense(512, activation='relu'))
    net.add(keras.layers.Dense(10, activation='softmax'))

    # loss and optimiser
    opt = keras.optimizers.Adam(learning_rate=0.00002)
    net.compile(optimizer=opt,
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(),
                  metrics=['accuracy'])

    net.summary()

    # save weights after every epoch
    ckpt_dir = ckpt_prefix + "cp-{epoch:03d}"

    ckpt_cb = tf.keras.callbacks.ModelCheckpoint(
        filepath=ckpt_dir,
        save_weights_only=True,
        save_freq='epoch'
    )

    # fit, or just restore
    if not restore_only:
        t0 = datetime.datetime.now()

        hist = net.fit(tr_d, tr_l, epochs=epochs,
                            validation_data=(te_d, te_l), callbacks=[ckpt_cb])

        elapsed = datetime.datetime.now() - t0
        print("fit took: " + str(elapsed))

    else:
        net.load_weights(ckpt_prefix)
        hist = None

    return net, hist


def fit_resnet50_head(tr_d, tr_l, te_d, te_l, epochs, restore_only=False,
                         ckpt_prefix="models/ResNet/"):
    print("fitting the ResNet50 head")

    # frozen ImageNet ResNet50 (batch norms stay trainable)
    backbone = keras.applications.ResNet50(weights='imagenet', include_top=False, input_shape=(224, 224, 3))
    for lyr in backbone.layers:
        if 'BatchNormalization' not in lyr.__class__.__name__:
            lyr.trainable = False

    # classification head
    h = keras.layers.GlobalAveragePooling2D()(backbone.output)
    h = keras.layers.Dense(512, activation='relu')(h)
    probs = keras.layers.Dense(10, activation='softmax')(h)

    full_net = keras.Model(inputs=backbone.input, outputs=probs)


    opt = keras.optimizers.Adam(learning_rate=0.00005)
    full_net.compile(optimizer=opt,
                       loss=keras.losses.sparse_categorical_crossentropy,
                       metrics=['accuracy'])

    full_net.summary()


    ckpt_dir = ckpt_prefix + "cp-{epoch:03d}"

    ckpt_cb = tf.keras.callbacks.ModelCheckpoint(
        filepath=ckpt_dir,
        save_weights_only=True,
        save_freq='epoch'
    )


    if not restore_only:
        t0 = datetime.datetime.now()

        hist = full_net.fit(tr_d, tr_l, epochs=epochs,
                            validation_data=(te_d, te_l), callbacks=[ckpt_cb])

        elapsed = datetime.datetime.now() - t0
        print("fit took: " + str(elapsed))

    else:
        full_net.load_weights(ckpt_prefix)
        hist = None

    return full_net, hist


def fit_small_resnet(tr_d, tr_l, te_d, te_l, epochs, width_px, height_px,
                          restore_only=False, ckpt_prefix="models/own_ResNet/"):
    print("fitting the small ResNet")

    inp = keras.layers.Input((width_px, height_px, 1))

    # stem
    xs = tf.keras.layers.Conv2D(64, kernel_size=7, strides=2, padding='same')(inp)
    xs = tf.keras.layers.BatchNormalization()(xs)
    xs = tf.keras.layers.Activation('relu')(xs)
    xs = tf.keras.layers.MaxPool2D(pool_size=3, strides=2, padding='same')(xs)


    stage_reps = [2, 2, 2]
    n_filt = 64

    # residual stages
    for si in range(len(stage_reps)):
        if si == 0:

            for rj in range(stage_reps[si]):
                xs = id_block(xs, n_filt)
        else:


            n_filt = n_filt * 2
            xs = down_block(xs, n_filt)
            for rj in range(stage_reps[si] - 1):
                xs = id_block(xs, n_filt)

    # pooled head
    xs = keras.layers.GlobalAveragePooling2D()(xs)
    xs = tf.keras.layers.Dense(10, activation='softmax')(xs)
    net = tf.keras.models.Model(inputs=inp, outputs=xs, name="OwnResNet")


    opt = keras.optimizers.Adam(learning_rate=0.00001)
    net.compile(optimizer=opt,
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(),
                  metrics=['accuracy'])

    net.summary()


    ckpt_dir = ckpt_prefix + "cp-{epoch:03d}"

    ckpt_cb = tf.keras.callbacks.ModelCheckpoint(
        filepath=ckpt_dir,
        save_weights_only=True,
        save_freq='epoch'
    )


    if not restore_only:
        t0 = datetime.datetime.now()

        hist = net.fit(tr_d, tr_l, epochs=epochs,
                        validation_data=(te_d, te_l), callbacks=[ckpt_cb])

        elapsed = datetime.datetime.now() - t0
        print("fit took: " + str(elapsed))

    else:
        net.load_weights(ckpt_prefix)
        hist = None

    return net, hist


def fit_mlp(tr_d, tr_l, te_d, te_l, epochs, n_feats, restore_only=False,
                      ckpt_prefix="models/dense_dwt/"):
    # fully connected net on wavelet features

    '''
    earlier, smaller head for unsegmented coefficients (unused)
    .
    .
    .
    .
    .
    .
    .
    .
    '''

    net = keras.Sequential()
    net.add(keras.layers.Dense(n_feats, activation='sigmoid', input_shape=(n_feats,)))
    net.add(keras.layers.Dense(520, activation='relu'))
    net.add(keras.layers.Dense(260, activation='relu'))
    net.add(keras.layers.Dropout(0.2))
    net.add(keras.layers.Dense(130, activation='relu'))
    net.add(keras.layers.Dense(60, activation='relu'))
    net.add(keras.layers.Dropout(0.2))
    net.add(keras.layers.Dense(30, activation='relu'))
    net.add(keras.layers.Dense(10, activation='softmax'))


    opt = keras.optimizers.Adam(learning_rate=0.0004)
    net.compile(optimizer=opt,
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(),
                  metrics=['accuracy'])

    net.summary()


    ckpt_dir = ckpt_prefix + "cp-{epoch:03d}"

    ckpt_cb = tf.keras.callbacks.ModelCheckpoint(
        filepath=ckpt_dir,
        save_weights_only=True,
        save_freq='epoch'
    )


    if not restore_only:
        t0 = datetime.datetime.now()
        hist = net.fit(tr_d, tr_l, epochs=epochs, batch_size=64,
                            validation_data=(te_d, te_l), callbacks=[ckpt_cb])

        elapsed = datetime.datetime.now() - t0
        print("fit took: " + str(elapsed))

    else:
        net.load_weights(ckpt_prefix)
        hist = None

    return net, hist


def id_block(xs, n_ch):
    # keep the input for the skip path
    skip = xs


    xs = tf.keras.layers.Conv2D(n_ch, (3, 3), padding='same')(xs)
    xs = tf.keras.layers.BatchNormalization(axis=3)(xs)
    xs = tf.keras.layers.Activation('relu')(xs)


    xs = tf.keras.layers.Conv2D(n_ch, (3, 3), padding='same')(xs)
    xs = tf.keras.layers.BatchNormalization(axis=3)(xs)


    xs = tf.keras.layers.Add()([xs, skip])
    xs = tf.keras.layers.Activation('relu')(xs)
    return xs


def down_block(xs, n_ch):

    skip = xs


    xs = tf.keras.layers.Conv2D(n_ch, (3, 3), padding='same', strides=(2, 2))(xs)
    xs = tf.keras.layers.BatchNormalization(axis=3)(xs)
    xs = tf.keras.layers.Activation('relu')(xs)


    xs = tf.keras.layers.Conv2D(n_ch, (3, 3), padding='same')(xs)
    xs = tf.keras.layers.BatchNormalization(axis=3)(xs)

    # 1x1 projection on the skip path
    skip = tf.keras.layers.Conv2D(n_ch, (1, 1), strides=(2, 2))(skip)
    skip = keras.layers.BatchNormalization(axis=3)(skip)


    xs = tf.keras.layers.Add()([xs, skip])
    xs = tf.keras.layers.Activation('relu')(xs)
    return xs


def id_block_bn(xs, ks, widths):
    c1, c2, c3 = widths

    skip = xs

    xs = keras.layers.Conv2D(filters=c1, kernel_size=(1, 1), strides=(1, 1), padding='valid')(xs)
    xs = keras.layers.BatchNormalization(axis=3)(xs)
    xs = keras.layers.Activation('relu')(xs)

    xs = keras.layers.Conv2D(filters=c2, kernel_size=(ks, ks), strides=(1, 1), padding='same')(xs)
    xs = keras.layers.BatchNormalization(axis=3)(xs)
    xs = keras.layers.Activation('relu')(xs)

    xs = keras.layers.Conv2D(filters=c3, kernel_size=(1, 1), strides=(1, 1), padding='valid')(xs)
    xs = keras.layers.BatchNormalization(axis=3)(xs)

    xs = keras.layers.Add()([xs, skip])
    xs = keras.layers.Activation('relu')(xs)

    return xs


def down_block_bn(xs, ks, widths, s=2):
    c1, c2, c3 = widths

    short = xs

    xs = keras.layers.Conv2D(filters=c1, kernel_size=(1, 1), strides=(stride_n, stride_n), padding='valid')(xs)
    xs = keras.layers.BatchNormalization(axis=3)(xs)
    xs = keras.layers.Activation('relu')(xs)

    xs = keras.layers.Conv2D(filters=c2, kernel_size=(ks, ks), strides=(1, 1), padding='same')(xs)
    xs = keras.layers.BatchNormalization(axis=3)(xs)
    xs = keras.layers.Activation('relu')(xs)

    xs = keras.layers.Conv2D(filters=c3, kernel_size=(1, 1), strides=(1, 1), padding='valid')(xs)
    xs = keras.layers.BatchNormalization(axis=3)(xs)

    short = keras.layers.Conv2D(filters=c3, kernel_size=(1, 1), strides=(stride_n, stride_n), padding='valid')(short)
    short = keras.layers.BatchNormalization(axis=3)(short)

    xs = keras.layers.Add()([xs, short])
    xs = keras.layers.Activation('relu')(xs)

    return xs
