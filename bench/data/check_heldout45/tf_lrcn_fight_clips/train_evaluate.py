import datetime as dt
import tensorflow as tf
import matplotlib.pyplot as plt
from keras.callbacks import EarlyStopping
from keras.models import load_model
from keras.utils.layer_utils import count_params
from network import *
from dataset_utils import *
from run_video import run_video

np.random.seed(seed_constant)
random.seed(seed_constant)
tf.random.set_seed(seed_constant)


def plot_history(hist, key_a: str, key_b: str):
    A = hist.history[key_a]
    B = hist.history[key_b]

    ep = range(len(A))

    plt.plot(ep, A, 'blue', label=key_a)
    plt.plot(ep, B, 'red', label=key_b)
    plt.legend()
    plt.show()


def run_test(root: str, weights_file: str, is_test: bool = True):
    x_te, y_te, names = create_dataset(root, augment=False)
    net = load_model(weights_file)

    if is_test:
        hits = 0
        for i, clip in enumerate(x_te):
            probs = net.predict(np.expand_dims(clip, axis=0), verbose=0)[0]
            guess = np.argmax(probs)
            truth = np.argmax(y_te[i])
            print()
            print('True class: ' + names[truth])
            for c in range(len(names)):
                print(names[c] + ': ' + str(round(float(probs[c]), 2)))
            if guess == truth:
                hits += 1
                print('Right')
            else:
                print('Wrong')
        print("Accuracy %: " + str((hits * 100) / len(x_te)))
    else:
        run_video('data/test_videos/sample_camera_clip.MP4',
              names, net, True)


def train_eval_single(arch: int = 0, early: bool = True, show: bool = False, with_video: bool = False) -> str:
    """
    Train one network and score it

    Parameters
    ----------
    arch
        0 = LRCN, 1 = LRCN with bidirectional LSTM
    early
        stop on val_loss with a patience of 10 epochs
    show
        plot the learning curves
    with_video
        run the test video through the trained net at the end

    Returns
    -------
    str
        one log line
    """
    LR = 0.001
    x_tr, x_te, y_tr, y_te, names = mainscript_dataset()

    net = get_LRCN(len(names)) if arch == 0 else get_CNN_BiLSTM(len(names))
    tag = 'LRCN' if arch == 0 else 'CNN_BiLSTM'

    cbs = [EarlyStopping(monitor='val_loss', patience=10, mode='min', restore_best_weights=True)] if early else []

    net.compile(loss='categorical_crossentropy',
                  optimizer=tf.keras.optimizers.Adam(learning_rate=LR),
                  metrics=['accuracy'])
    hist = net.fit(x=x_tr, y=y_tr, epochs=EPOCHS, batch_size=BATCH_SIZE,
                           shuffle=True, callbacks=cbs, verbose=1,
                           validation_data=(x_te, y_te))
    scores = net.evaluate(x_te, y_te)
    te_loss, te_acc = scores

    LOG = [str(TRAIN_DATASET).split(".")[1],
            '_'.join(names),
            tag,
            str(np.round(hist.history['loss'][-1], 4)),
            str(np.round(hist.history['accuracy'][-1], 4)),
            str(np.round(te_loss, 4)),
            str(np.round(te_acc, 4)),
            str(count_params(net.trainable_weights)),
            str(len(hist.history['loss'])),
            str(BATCH_SIZE),
            str(BATCH_INPUT_LENGTH),
            str(IMAGE_SIZE)]

    if float(te_acc) > 0.6:
        fname = '_'.join([str(v) for v in LOG]) + '.h5'
        net.save('backup/' + fname)
        print(fname)

    line = ' '.join([str(v) for v in LOG])

    if with_video:
        vpath = 'data/test_videos/sample_camera_clip.MP4'
        run_video(vpath, names, net, save=True)

    if show:
        ep = range(len(hist.history['loss']))
        plt.plot(ep, hist.history['loss'], label='loss')
        plt.plot(ep, hist.history['val_loss'], label='val_loss')
        plt.plot(ep, hist.history['accuracy'], label='accuracy')
        plt.plot(ep, hist.history['val_accuracy'], label='val_accuracy')
        plt.legend()
        plt.show()

    return line


def compare_architectures():
    """
    Train both architectures and append their log lines to results.txt
    """
    for arch in range(2):
        line = train_eval_single(arch, True)
        fh = open('results.txt', 'a')
        fh.write('\n')
        fh.write(line)
        fh.close()


if __name__ == '__main__':
    # train_eval_single(with_video=True)

    root = '/data/activity/CustomFights/test'
    run_test(root,
             weights_file='backup/Custom_fight_noFight_LRCN_best.h5',
             is_test=False)
