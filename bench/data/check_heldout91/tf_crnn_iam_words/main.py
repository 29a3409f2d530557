from word_index import WordIndex
from pathlib import Path
from word_prep import WordPrep
from model import WordRecognizer, ConvRecurrent
import matplotlib.pyplot as plt
import cv2
import numpy as np
import os
import keras.api.ops as ops
import tensorflow as tf
import keras.api.backend as backend


def decode_ctc(y_pred, input_length, greedy=True, beam_width=100, top_paths=1):
    """old helper kept here."""
    shp = tf.shape(y_pred)
    n_rows, n_steps = shp[0], shp[1]
    y_pred = tf.math.log(
        tf.transpose(y_pred, perm=[1, 0, 2]) + backend.epsilon()
    )
    input_length = tf.cast(input_length, tf.int32)

    if greedy:
        (paths, logp) = tf.nn.ctc_greedy_decoder(
            inputs=y_pred, sequence_length=input_length
        )
    else:
        (paths, logp) = tf.compat.v1.nn.ctc_beam_search_decoder(
            inputs=y_pred,
            sequence_length=input_length,
            beam_width=beam_width,
            top_paths=top_paths,
        )
    dense_paths = []
    for sp in paths:
        sp = tf.SparseTensor(sp.indices, sp.values, (n_rows, n_steps))
        dense_paths.append(tf.sparse.to_dense(sp_input=sp, default_value=-1))
    return (dense_paths, logp)

def to_numpy(x):
    if not tf.is_tensor(x):
        return x
    if tf.executing_eagerly() or isinstance(x, tf.__internal__.EagerTensor):
        return x.numpy()
    if not getattr(x, "_in_graph_mode", True):
        # a variable made eagerly but read
        # from inside a graph
        with tf.__internal__.eager_context.eager_mode():
            return x.numpy()
    with tf.init_scope():
        return x.numpy()

def main():
    WordRecognizer().train() # fit

    # the training model also takes the targets as inputs, which are not
    # there at test time, so the prediction-only model is used below
    reader = ConvRecurrent().act_model
    # reader.summary()
    reader.load_weights('CRNN_model.keras')

    # # a few hand-written test words
    test_dir = "D:\Handwriting Data\\test_words"
    test_pics = []
    truths = []
    for name in os.listdir(test_dir):
        # one picture per file
        path = test_dir + "\\" + name
        pic = WordPrep().load(path)
        # print("----")
        # print(pic)
        test_pics.append(pic)
        # the file name is the word
        truths.append(name.split('.')[0])
    test_pics = np.array(test_pics)
    # predictions
    probs = reader.predict(test_pics)
    # greedy CTC decoding
    best = to_numpy(decode_ctc(probs, input_length=np.ones(probs.shape[0]) * probs.shape[1], greedy=True)[0][0])
    # to text
    guesses = []
    k = 0
    for row in best:
        chars = []
        for p in row:
            if int(p) != -1:
                chars.append(WordPrep().symbols[int(p)])
        text = " ".join(chars)
        guesses.append(text)
        k+=1
    # show them
    fig, axes = plt.subplots(2, 4, figsize=(15, 10))
    fig.suptitle('Test words', weight='bold', size=18)
    for k, pic in enumerate(test_pics):
        text = guesses[k]
        axes[k // 4, k % 4].imshow(pic[:, :, 0], cmap="gray")
        axes[k // 4, k % 4].set_title(text)
        axes[k // 4, k % 4].axis("off")
    plt.show()

if __name__ == "__main__":
    main()
