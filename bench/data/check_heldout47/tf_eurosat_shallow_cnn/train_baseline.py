import os
import pickle
import numpy as np
import matplotlib.pyplot as plt
import tensorflow
from tensorflow import keras
from keras.models import Sequential
from keras.layers import MaxPooling2D, Conv2D, Flatten, Dense
from timer import TimingCallback


# unpickle one stored array
def load_pickle(fname):
    with open(fname, 'rb') as fh:
        return pickle.load(fh)


# let TF grow GPU memory on demand
gpus = tensorflow.config.list_physical_devices('GPU')
tensorflow.config.experimental.set_memory_growth(gpus[0], True)

if __name__ == '__main__':
    # go to data/processed two levels up
    os.chdir(os.path.abspath(os.pardir))
    os.chdir(os.path.abspath(os.pardir))
    os.chdir(os.path.join(os.path.abspath(os.curdir), 'data', 'processed'))

    # the stored split arrays
    xs_tr = load_pickle('X_train.pickle')
    ys_tr = load_pickle('y_train.pickle')
    xs_va = load_pickle('X_val.pickle')
    ys_va = load_pickle('y_val.pickle')

    # on-the-fly augmentation
    aug = keras.preprocessing.image.ImageDataGenerator(horizontal_flip=True,
                                                           zoom_range=0.2,
                                                           shear_range=0.2
                                                           )

    flow_tr = aug.flow(x=xs_tr, y=ys_tr, batch_size=16, shuffle=True, seed=1)
    flow_va = aug.flow(x=xs_va, y=ys_va, batch_size=16, shuffle=False, seed=1)

    # decaying learning rate
    lr_sched = keras.optimizers.schedules.ExponentialDecay(
        initial_learning_rate=0.001,
        decay_steps=1000000,
        decay_rate=1e-6
    )

    # epoch timer
    clock = TimingCallback()

    # three conv blocks + dense head
    net = Sequential()
    net.add(Conv2D(64, (3, 3), activation='relu', input_shape=(64, 64, 3)))
    net.add(MaxPooling2D((4, 4), strides=(2, 2)))
    net.add(Conv2D(64, (3, 3), activation='relu'))
    net.add(MaxPooling2D((4, 4), strides=(2, 2)))
    net.add(Conv2D(64, (3, 3), activation='relu'))
    net.add(MaxPooling2D((4, 4), strides=(2, 2)))
    net.add(Flatten())
    net.add(Dense(128, activation='relu'))
    net.add(Dense(10, activation='softmax'))

    net.compile(optimizer=keras.optimizers.SGD(
        learning_rate=lr_sched,
        momentum=0.9,
        nesterov=True,
        name='SGD'
    ), loss='categorical_crossentropy', metrics=['accuracy'])

    # train
    hist = net.fit(x=flow_tr,
                     epochs=2,
                     verbose=1,
                     validation_data=flow_va,
                     shuffle=False,
                     steps_per_epoch=500,
                     use_multiprocessing=False
                     )

    # save under models/
    os.chdir(os.path.abspath(os.pardir))
    os.chdir(os.path.abspath(os.pardir))
    os.chdir(os.path.join(os.path.abspath(os.curdir), 'models'))
    net.save('eurosat_baseline.h5', save_format='h5')

    # total fit time
    print('fit took {} s'.format(np.round(sum(clock.logs), decimals=2)))

    # loss curves
    tr_loss = hist.history['loss']
    va_loss = hist.history['val_loss']
    xs = range(1, len(tr_loss) + 1)
    plt.plot(xs, tr_loss, 'bo', label='train loss')
    plt.plot(xs, va_loss, 'b', label='val loss')
    plt.title('loss per epoch')
    plt.xlabel('epoch')
    plt.ylabel('loss')
    plt.legend()
    plt.show()

    # accuracy curves
    tr_acc = hist.history['accuracy']
    va_acc = hist.history['val_accuracy']
    plt.plot(xs, tr_acc, 'bo', label='train acc')
    plt.plot(xs, va_acc, 'b', label='val acc')
    plt.title('accuracy per epoch')
    plt.xlabel('epoch')
    plt.ylabel('accuracy')
    plt.legend()
    plt.show()
