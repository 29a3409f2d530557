import itertools
import pickle as pkl
import numpy as np
import matplotlib.pyplot as plt

from keras.applications import vgg19
from keras.models import Model
from keras.layers import Conv2D, Dropout, Flatten, Dense, Input
from keras.callbacks import ModelCheckpoint
from keras.optimizers import Adam
from keras.losses import BinaryCrossentropy
from sklearn.metrics import confusion_matrix
from sklearn.utils import shuffle

from src.config import DATA_DIR, MODEL_DIR


def read_prepared(path):
    with open(path, 'rb') as fh:
        prepared = pkl.load(fh)
    print('pickle read: ', type(prepared))

    x_train = np.array(prepared['x_train'])
    y_train = np.array(prepared['y_train'])
    x_train, y_train = shuffle(x_train, y_train, random_state=0)  # mix the order once
    x_test = np.array(prepared['x_test'])
    y_test = np.array(prepared['y_test'])
    x_val = np.array(prepared['x_val'])
    y_val = np.array(prepared['y_val'])

    return x_train, y_train, x_test, y_test, x_val, y_val


def build_transfer(shape):
    inp = Input(shape=shape)

    trunk = vgg19.VGG19(include_top=False, weights='imagenet', input_tensor=inp)

    for lay in trunk.layers:
        lay.trainable = False

    # layers of the trunk by name
    by_name = dict([(lay.name, lay) for lay in trunk.layers])

    # cut the trunk after its fourth block
    h = by_name['block4_pool'].output
    
    # the same head as the small from-scratch CNN
    h = Conv2D(filters=1, kernel_size=1, strides=(1, 1), padding='same', activation='relu')(h)
    h = Flatten()(h)
    h = Dense(64, activation='sigmoid')(h)
    h = Dropout(rate=0.5)(h)
    out = Dense(1, activation='sigmoid')(h)

    net = Model(input=trunk.input, output=out)
    print(net.summary())

    return net


def fit_net(x_train, y_train, net, epochs, batch_size, path):

    # keep the best weights
    saver = ModelCheckpoint(path, save_weights_only=True, monitor='val_acc', mode='max',
                 save_best_only=True, verbose=1)

    # optimiser and objective
    opt = Adam(learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-07, amsgrad=False)
    bce = BinaryCrossentropy()
    
    # compile
    net.compile(optimizer=opt, loss=bce, metrics=['acc'])
    
    # fit
    hist = net.fit(x_train, y_train, batch_size=batch_size, validation_split=0.2,
                        epochs=epochs, shuffle=True, verbose=1, callbacks=[saver])

    return hist, net


def score_net(net, x_test, y_test, batch_size):

    # loss and accuracy on the test split
    scores = net.evaluate(x_test, y_test, batch_size)
    print('test loss and accuracy: ', scores)

    # probabilities from the last layer
    # for the test split
    print('predicting the test split')
    probs = net.predict(x_test)
    print('test probabilities: {}'.format(probs))

    # threshold at one half
    hard = probs
    for k in range(len(hard)):
        if hard[k] >= 0.5:
            hard[k] = 1
        else:
            hard[k] = 0

    return probs, hard


def draw_confusion(cm, names, normalize=False, title='Confusion matrix', cmap=plt.cm.Blues):
    plt.imshow(cm, interpolation='nearest', cmap=cmap)
    plt.title(title)
    plt.colorbar()
    ticks = np.arange(len(names))
    plt.xticks(ticks, names, rotation=45)
    plt.yticks(ticks, names)

    if normalize:
        cm = cm.astype('float') / cm.sum(axis=1)[:, np.newaxis]
        print('row-normalised matrix')
    else:
        print('raw counts')

    print(cm)

    half = cm.max() / 2.
    for i, j in itertools.product(range(cm.shape[0]), range(cm.shape[1])):
        plt.text(j, i, cm[i, j],
        horizontalalignment='center',
        color='white' if cm[i, j] > half else 'black')

    plt.tight_layout()
    plt.ylabel('True')
    plt.xlabel('Predicted')
    plt.show()


def main():
    data_path = DATA_DIR / 'prepared_rgb.pickle'
    ckpt_path = MODEL_DIR / 'transfer_learning' / 'vgg19_best_rgb.h5'
    model_path = MODEL_DIR / 'transfer_learning' / 'vgg19_rgb.h5'

    # data
    print('reading the prepared splits')
    x_train, y_train, x_test, y_test, x_val, y_val = read_prepared(str(data_path))

    # model
    print('input shape = {}'.format(np.shape(x_train[0])))
    net = build_transfer(shape=np.shape(x_train[0]))

    # training
    print('training')
    hist, net = fit_net(x_train, y_train, net, epochs=50, batch_size=32,
                                 path=str(ckpt_path))
    print('done')

    # the curves as numbers
    print(hist.history['acc'])
    print(hist.history['val_acc'])
    print(hist.history['loss'])
    print(hist.history['val_loss'])

    # loss curve
    plt.plot(hist.history['loss'], label='cross-entropy (train)')
    plt.plot(hist.history['val_loss'], label='cross-entropy (validation)')
    plt.title('Cross-entropy on the radiographs')
    plt.ylabel('cross-entropy')
    plt.xlabel('epoch')
    plt.legend(loc="upper left")
    plt.show()

    # accuracy curve
    plt.plot(hist.history['acc'], label='accuracy (train)')
    plt.plot(hist.history['val_acc'], label='accuracy (validation)')
    plt.title('Accuracy on the radiographs')
    plt.ylabel('accuracy')
    plt.xlabel('epoch')
    plt.legend(loc="upper left")
    plt.show()

    # test split
    net.load_weights(str(ckpt_path))
    probs, hard = score_net(net, x_test, y_test, batch_size=32)
    cm = confusion_matrix(y_test, hard)
    names = ['Normal', 'Pneumonia']
    draw_confusion(cm, names, title='Confusion matrix on the test split')

    # keep the model
    net.save(str(model_path))


if __name__ == "__main__":
    main()
