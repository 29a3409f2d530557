from create_model import build_model
from keras.utils.np_utils import to_categorical
import numpy as np

def onehot_rows(rows):
    return np.array([to_categorical(r, 5004) for r in rows])

def fit_in_rounds(net, n_rounds, src, tgt):
    for _ in range(n_rounds):
        pick = np.random.randint(0, 5000000, 10000)
        enc_x = onehot_rows(src[pick])
        dec = onehot_rows(tgt[pick])
        dec_x = dec[:, :-1, :]
        dec_y = dec[:, 1:, :]
        net.fit([enc_x, dec_x], dec_y,
                  epochs=1,
                  validation_split=0.2)
    net.save_weights('my_model_weights.h5')


if __name__ == '__main__':
    n_enc_tokens = 5004
    n_dec_tokens = 5004
    hidden = 256

    net, _ ,_ = build_model(hidden, n_enc_tokens, n_dec_tokens)
    src = np.load('X_train.npy')
    tgt = np.load('X_train.npy')
    fit_in_rounds(net, 200,src,tgt)
