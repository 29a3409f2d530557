# %%
import numpy as np
import random
from project_utils import read_train_frame, read_test_frame, say

random.seed()
np.random.seed()

TRAIN_DIR = 'data/train/'
TEST_DIR = 'data/test/'

say("train split...")
train_df = read_train_frame(TRAIN_DIR)

say("test split...")
test_df = read_test_frame(TEST_DIR)

say("finished")

# %%
from skimage.color import rgb2gray
from skimage.transform import resize

SIDE = (256, 256)
INVERT_AT = 0.3

def prep_photos(pic_list, target_shape=SIDE, invert_at=INVERT_AT):
    """see the function name"""
    out = [np.expand_dims(rgb2gray(pic), axis=-1) for pic in pic_list]
    out = [resize(pic, target_shape) for pic in out]
    for i, pic in enumerate(out):
        if np.mean(pic) > invert_at:
            out[i] = 1 - pic
    return np.array(out)

def prep_masks(m_list, target_shape=SIDE):
    """see the function name"""
    out = [np.expand_dims(m, axis=-1) for m in m_list]
    out = [resize(m, target_shape) for m in out]
    return np.array(out, dtype=np.bool)

# %%
say("photos")
X = prep_photos(train_df['image'])
say("masks")
Y = prep_masks(train_df['mask'])
say("test photos")
Xa = prep_photos(test_df['image'])
say("finished")

# %%
import numpy as np

# a random elastic warp was tried here earlier and dropped: it tore holes in the masks

def add_flipped(X, Y):
    """see the function name"""
    Xa, Ya = X, Y

    Xa = np.append(Xa, np.flip(np.flip(X, axis=1), axis=2), axis=0)
    Ya = np.append(Ya, np.flip(np.flip(Y, axis=1), axis=2), axis=0)

    return Xa, Ya

# %%
X, Y = add_flipped(X, Y)
print("added %d, now %d" % (X.shape[0]-train_df.shape[0], X.shape[0]))

# %%
from sklearn.utils import shuffle

X, Y = shuffle(X, Y)

# %%
from keras.models import Model
from keras.layers import Input, Dense, Dropout, concatenate
from keras.layers import Conv2D, Conv2DTranspose, MaxPooling2D
from keras.optimizers import Adam

BASE_FILTERS = 32
KSIZE = (3, 3)
TKSIZE = (3, 3)
ACT = 'relu'
PAD = 'same'
INIT = 'he_normal'
DROP = 0.2
POOL = (2, 2)
OPT_NAME = 'adam'

def conv_layer(n_filt):
    """see the function name"""
    return Conv2D(
        n_filt, 
        kernel_size=KSIZE,
        padding=PAD,
        activation=ACT,
        kernel_initializer=INIT
    )

def conv_pair(inp_t, level):
    """see the function name"""
    n_filt = BASE_FILTERS*(2**level)
    x = conv_layer(n_filt)(inp_t)
    x = Dropout(DROP)(x)
    x = conv_layer(n_filt)(x)
    return x

def up_block(inp_t, skip, level):
    """see the function name"""
    n_filt = BASE_FILTERS*(2**level)
    x = Conv2DTranspose(
        n_filt, 
        TKSIZE, 
        strides=POOL, 
        padding=PAD
    )(inp_t)
    return concatenate([x, skip])

# %%
def make_net():

    inputs = Input((SIDE + (1,)))


    d0 = conv_pair(inp, level=0)
    p0 = MaxPooling2D(POOL)(d0)
    d1 = conv_pair(p0, level=1)
    p1 = MaxPooling2D(POOL)(d1)
    d2 = conv_pair(p1, level=2)
    p2 = MaxPooling2D(POOL)(d2)
    d3 = conv_pair(p2, level=3)
    p3 = MaxPooling2D(POOL)(d3)


    mid = conv_pair(p3, level=4)


    u3 = up_block(mid, d3, 3)
    c3 = conv_pair(u3, level=3)
    u2= up_block(c3, d2, 2)
    c2= conv_pair(u2, level=2)
    u1= up_block(c2, d1, 1)
    c1= conv_pair(u1, level=1)
    u0= up_block(c1, d0, 0)
    c0= conv_pair(u0, level=0)


    outputs = Conv2D(1, (1, 1), activation='sigmoid')(c0)


    net = Model(inputs=[inp], outputs=[out_t])
    net.compile(
        optimizer=OPT_NAME, 
        loss='binary_crossentropy', 
        metrics=['accuracy']
    )
    return net

# %%
from keras.callbacks import EarlyStopping, ModelCheckpoint
from sklearn.model_selection import KFold

BS = 16
N_EPOCHS = 50
N_FOLDS = 10
CKPT_FILES = [
    'ckpt/nuclei-unet-fold%d.h5' % (d)
    for d in range(N_FOLDS)
]

hist = []
splitter = KFold(n_splits=N_FOLDS)
for i, (fit_idx, val_idx) in enumerate(splitter.split(X, y=Y)):
    say("fold %d of %d" % (i+1, N_FOLDS))
    net = make_net()
    ckpt_cb = ModelCheckpoint(CKPT_FILES[i], save_best_only=True)
    hist.append(net.fit(
        X[fit_idx], Y[fit_idx], 
        validation_data=(X[val_idx], Y[val_idx]),
        batch_size=BS, 
        epochs=N_EPOCHS, 
        callbacks=[ckpt_cb],
        verbose=2
    ))

# %%
import matplotlib.pyplot as plt

_, axis = plt.subplots(2, 2, figsize=(15, 15))
xs = range(1, N_EPOCHS+1)
for i, h in enumerate(hist):
    l = i + 1
    axis[0, 0].plot(xs, h.history['acc'], label=l)
    axis[0, 1].plot(xs, h.history['loss'], label=l)
    axis[1, 0].plot(xs, h.history['val_acc'], label=l)
    axis[1, 1].plot(xs, h.history['val_loss'], label=l)
axis[0, 0].set_title('train acc')
axis[0, 0].set_ylim(0.9, 0.99)
axis[0, 1].set_title('train loss')
axis[0, 1].set_ylim(0.02, 0.2)
axis[1, 0].set_title('valid acc')
axis[1, 0].set_ylim(0.9, 0.99)
axis[1, 1].set_title('valid loss')
axis[1, 1].set_ylim(0.02, 0.2)
for r in range(2):
    for c in range(2):
        axis[r, c].legend()
        axis[r, c].grid(True)
plt.show()

# %%
from keras.models import load_model

out_shape = (Xa.shape[0],) + SIDE + (1,)
avg_pred = np.zeros(out_shape)

for ck in CKPT_FILES:
    net = load_model(ck)
    avg_pred += net.predict(Xa)
    del net

avg_pred /= N_FOLDS

# %%
from project_utils import finalize, write_submission

CUT = 0.5

Ya = finalize(
    avg_pred, 
    orig = test_df['image'],
    squeeze_out=True
)

out_csv = write_submission(test_df['id'], Ya, tag='benchmark')
print("wrote %s" % out_csv)

