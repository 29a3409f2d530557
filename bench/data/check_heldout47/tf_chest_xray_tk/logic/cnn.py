import numpy as np
import matplotlib.pyplot as plt
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Conv2D, MaxPooling2D, Flatten, Dense

def fit_small_cnn(xs_train, ys_train, xs_val, ys_val):
    # scale pixels to 0..1
    xs_train = np.array(xs_train) / 255
    xs_val = np.array(xs_val) / 255

    # network definition
    h, w = xs_train.shape[1:]  # image size from the array
    n_ch = 1
    n_cls = 2

    net = Sequential([
        Conv2D(filters=32, kernel_size=(3, 3), activation='relu', input_shape=(h, w, n_ch)),
        MaxPooling2D(pool_size=(2, 2)),
        Conv2D(filters=64, kernel_size=(3, 3), activation='relu'),
        MaxPooling2D(pool_size=(2, 2)),
        Flatten(),
        Dense(128, activation='relu'),
        Dense(n_cls, activation='softmax')
    ])

    # compile
    net.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])

    # one epoch of training
    hist = net.fit(xs_train, ys_train, epochs=1, validation_data=(xs_val, ys_val))

    # score on the training arrays
    loss, acc = net.evaluate(xs_train, ys_train)  

    return net, hist

def score_cnn(net, xs_test, ys_test):
    # scale the test pixels
    xs_test = np.array(xs_test) / 255

    # class probabilities
    probs = net.predict(xs_test)
    print("first predictions")
    
    # most likely class overall
    top = np.argmax(probs)
    print("predicted:", top)
    
    # reference labels
    print("labels:", ys_test)

    # test metrics
    loss, acc = net.evaluate(xs_test, ys_test)
    return loss, acc

def draw_losses(vals):
    with plt.style.context('seaborn-v0_8-darkgrid'):
        plt.plot(range(1, len(vals) + 1), vals, color='orange', label='MSE')
        plt.title("autoencoder training loss")
        plt.xlabel('epoch')
        plt.ylabel('loss')
        plt.legend()
        plt.show()

        print(vals[-1])
