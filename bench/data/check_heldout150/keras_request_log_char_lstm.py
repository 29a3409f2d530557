import sys
import os
import json
import pandas
import numpy
import optparse
from keras.callbacks import TensorBoard
from keras.models import Sequential
from keras.layers import LSTM, Dense, Dropout
from keras.layers.embeddings import Embedding
from keras.preprocessing import sequence
from keras.preprocessing.text import Tokenizer
from collections import OrderedDict

def fit_detector(log_csv):
    requests = pandas.read_csv(log_csv, engine='python', quotechar='|', header=None)
    rows = requests.sample(frac=1).values

    # request text and its 0/1 tag
    texts = rows[:,0]
    tags = rows[:,1]

    for pos, raw in enumerate(texts):
        # drop the noisy fields and re-serialise compactly
        req = json.loads(raw, object_pairs_hook=OrderedDict)
        del req['timestamp']
        del req['headers']
        del req['source']
        del req['route']
        del req['responsePayload']
        texts[pos] = json.dumps(req, separators=(',', ':'))

    char_tok = Tokenizer(filters='\t\n', char_level=True)
    char_tok.fit_on_texts(texts)

    # write the character vocabulary
    vocab_path = 'build/word-dictionary.json'

    if not os.path.exists(os.path.dirname(vocab_path)):
        os.makedirs(os.path.dirname(vocab_path))

    with open(vocab_path, 'w') as fh:
        json.dump(char_tok.word_index, fh, ensure_ascii=False)

    vocab_size = len(char_tok.word_index)+1
    texts = char_tok.texts_to_sequences(texts)

    max_chars = 1024
    n_fit = int(len(rows) * .75)

    padded = sequence.pad_sequences(texts, maxlen=max_chars)
    x_fit, x_hold = padded[0:n_fit], padded[n_fit:len(padded)]
    y_fit, y_hold = tags[0:n_fit], tags[n_fit:len(tags)]

    tb = TensorBoard(log_dir='./logs', embeddings_freq=1)

    net = Sequential()
    net.add(Embedding(vocab_size, 32, input_length=max_chars))
    net.add(Dropout(0.5))
    net.add(LSTM(64, recurrent_dropout=0.5))
    net.add(Dropout(0.5))
    net.add(Dense(1, activation='sigmoid'))
    net.compile(loss='binary_crossentropy', optimizer='adam', metrics=['accuracy'])
    print(net.summary())
    net.fit(x_fit, y_fit, validation_split=0.25, epochs=3, batch_size=128, callbacks=[tb])

    # hold-out score
    hold_loss, hold_acc = net.evaluate(x_hold, y_hold, verbose=1, batch_size=128)

    print("Hold-out accuracy: {:0.2f}%".format(hold_acc * 100))

    # persist
    net.save_weights('securitai-lstm-weights.h5')
    net.save('securitai-lstm-model.h5')
    with open('securitai-lstm-model.json', 'w') as fh:
        fh.write(net.to_json())

if __name__ == '__main__':
    cli = optparse.OptionParser()
    cli.add_option('-f', '--file', action="store", dest="file", help="request log csv")
    opts, rest = cli.parse_args()

    if opts.file is not None:
        log_csv = opts.file
    else:
        log_csv = 'data/dev-access.csv'
    fit_detector(log_csv)
