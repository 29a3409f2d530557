# Notebook cells in order: tile-wise segmentation net that looks for Wally in book pages.
# ~~~~~~~~~~ block 1
import numpy as np
import matplotlib.pyplot as plt
import matplotlib.patches as patches
import keras.layers as layers
import keras.optimizers as optimizers
from keras.models import Model, load_model
from keras.utils import to_categorical
from keras.callbacks import LambdaCallback, ModelCheckpoint, ReduceLROnPlateau
import seaborn as sns
from PIL import Image
from skimage.transform import resize

import threading, random, os
# ~~~~~~~~~~ block 3
_orig_npload = np.load
np.load = lambda *a,**k: _orig_npload(*a, allow_pickle=True, **k)

pages = np.load('wally_data/pages_u8.npy').astype(np.float32) / 255.
page_masks = np.load('wally_data/page_masks_u8.npy').astype(np.float32) / 255.
crops = np.load('wally_data/crops_u8.npy') / 255.
crop_masks = np.load('wally_data/crop_masks_u8.npy') / 255.

print(pages.shape, page_masks.shape)
print(crops.shape, crop_masks.shape)
# ~~~~~~~~~~ block 5
TILE = 224

class IndexBatcher(object):
    """Yields index chunks, optionally permuted each pass."""
    def __init__(self, n, bs, shuffle=False):
        self.n,self.bs,self.shuffle = n,bs,shuffle
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        self.idxs = (np.random.permutation(self.n) 
                     if self.shuffle else np.arange(0, self.n))
        self.curr = 0

    def __next__(self):
        with self.lock:
            if self.curr >= self.n: self.reset()
            take = min(self.bs, self.n-self.curr)
            sel = self.idxs[self.curr:self.curr+take]
            self.curr += take
            return sel
        
class TileSampler(object):
    """Cuts random TILE x TILE windows from pages and their masks."""
    def __init__(self, x, y, bs=64, out_sz=(224,224), train=True, waldo=True):
        self.x, self.y, self.bs, self.train = x,y,bs,train
        self.waldo = waldo
        self.n = x.shape[0]
        self.ri, self.ci = [], []
        for i in range(self.n):
            rows, colany, _ = x[i].shape
            self.ri.append(rows), self.ci.append(colany) 
        self.idx_gen = IndexBatcher(self.n, bs, train)
        self.ro, self.co = out_sz
        self.ych = self.y.shape[-1] if len(y.shape)==4 else 1

    def get_slice(self, i,o):
        start = random.randint(0, i-o) if self.train else (i-o)
        return slice(start, start+o)

    def get_item(self, idx):
        sr = self.get_slice(self.ri[idx], self.ro)
        sc = self.get_slice(self.ci[idx], self.co)
        x = self.x[idx][sr, sc]
        y = self.y[idx][sr, sc]
        if self.train and (random.random()>0.5): 
            y = y[:,::-1]
            x = x[:,::-1]
        if not self.waldo and np.sum(y)!=0:
            return None

        return x, to_categorical(y, num_classes=2).reshape((y.shape[0] * y.shape[1], 2))

    def __next__(self):
        order = self.idx_gen.__next__()
        got = []
        for idx in order:
            one = self.get_item(idx)
            if one is not None:
                got.append(one)
        if not got:
            return None
        bx,by = zip(*tuple(got))
        return np.stack(bx), np.stack(by)
        
def mixed_tiles(xa, ya, xb, yb, tot_bs=4, prop=0.34, out_sz=(224,224), train=True):
    """Blends tiles that contain the target with tiles that do not."""
    na = int(tot_bs*prop)
    nb = tot_bs - na
    samp_a = TileSampler(xa, ya, na, out_sz = out_sz ,train=train)
    samp_b = TileSampler(xb, yb, nb, out_sz = out_sz ,train=train, waldo=False)
    while True:
        o_a = samp_a.__next__()
        o_b = samp_b.__next__()
        if o_b is None:
            yield o_a
        else:
            yield np.concatenate((o_a[0], o_b[0])), np.concatenate((o_a[1], o_b[1]))
# ~~~~~~~~~~ block 7

tile_stream = mixed_tiles(crops, crop_masks, pages, page_masks, tot_bs=4, prop=0.34, out_sz=(TILE, TILE))

demo_x, y = next(tile_stream)

plt.figure(figsize=(5, 10))
for i, img in enumerate(demo_x):
    plt.subplot(demo_x.shape[0], 2, 2*i+1)
    plt.imshow(demo_x[i])
    plt.subplot(demo_x.shape[0], 2, 2*i+2)
    plt.colorbar()
    plt.imshow(y[i][:,1].reshape((TILE, TILE)))
# ~~~~~~~~~~ block 9
cnt_bg = np.sum(page_masks==0)
cnt_fg = np.sum(page_masks==1)

print(cnt_bg, cnt_fg)

sns.distplot(page_masks.flatten(), kde=False, hist_kws={'log':True})
# ~~~~~~~~~~ block 11
pix_w = np.zeros((6, TILE * TILE, 2))

pix_w[:,:,0] = 1. / cnt_bg
pix_w[:,:,1] = 1.

plt.subplot(1,2,1)
plt.imshow(pix_w[0,:,0].reshape((224, 224)))
plt.colorbar()
plt.subplot(1,2,2)
plt.imshow(pix_w[0,:,1].reshape((224, 224)))
plt.colorbar()
# ~~~~~~~~~~ block 13
inp = layers.Input(shape=(TILE, TILE, 3))

h = layers.Conv2D(64, kernel_size=3, padding='same')(inp)

h = layers.LeakyReLU()(h)
h = layers.MaxPool2D(pool_size=2)(h)

skip1 = h

h = layers.Conv2D(128, kernel_size=3, padding='same')(h)

h = layers.LeakyReLU()(h)
h = layers.MaxPool2D(pool_size=2)(h)

skip2 = h

h = layers.Conv2D(256, kernel_size=3, padding='same')(h)

h = layers.LeakyReLU()(h)
h = layers.MaxPool2D(pool_size=2)(h)

skip3 = h

h = layers.Conv2D(256, kernel_size=1, padding='same')(h)

h = layers.LeakyReLU()(h)
h = layers.MaxPool2D(pool_size=2)(h)

h = layers.UpSampling2D(size=2)(h)
h = layers.Conv2D(256, kernel_size=3, padding='same')(h)
h = layers.Activation('relu')(h)

h = layers.Add()([h, skip3])

h = layers.UpSampling2D(size=2)(h)
h = layers.Conv2D(128, kernel_size=3, padding='same')(h)
h = layers.Activation('relu')(h)

h = layers.Add()([h, skip2])

h = layers.UpSampling2D(size=2)(h)
h = layers.Conv2D(64, kernel_size=3, padding='same')(h)
h = layers.Activation('relu')(h)

h = layers.Add()([h, skip1])

h = layers.UpSampling2D(size=2)(h)
h = layers.Conv2D(2, kernel_size=1, padding='same')(h)

h = layers.Reshape((-1, 2))(h)
h = layers.Activation('softmax')(h)

segnet = Model(inputs=inp, outputs=h)

segnet.compile(
    loss='categorical_crossentropy', 
    optimizer=optimizers.Adam(), 
    metrics=['acc'], 
    sample_weight_mode='temporal'
)

segnet.summary()
# ~~~~~~~~~~ block 15
tile_stream = mixed_tiles(crops, crop_masks, pages, page_masks, tot_bs=6, prop=0.34, out_sz=(TILE, TILE))

def report_epoch(epoch, logs):
    print('\r', 'ep %5d  loss %.4f  acc %.4f' % (epoch, logs['loss'], logs['acc']), end='')

report_cb = LambdaCallback(on_epoch_end=report_epoch)

trace = segnet.fit_generator(
    tile_stream, steps_per_epoch=6, epochs=500, 
    class_weight=pix_w,
    verbose=0,
    callbacks=[
        report_cb,
        ReduceLROnPlateau(monitor='loss', factor=0.2, patience=100, verbose=1, mode='auto', min_lr=1e-05)
    ]
)

segnet.save('wally_seg.h5')

plt.figure(figsize=(12, 4))
plt.subplot(1, 2, 1)
plt.title('loss')
plt.plot(trace.history['loss'])
plt.subplot(1, 2, 2)
plt.title('acc curve')
plt.plot(trace.history['acc'])
# ~~~~~~~~~~ block 17
probe_name = 'page_b.jpg'
probe = np.array(Image.open(os.path.join('probe_pages', probe_name)).resize((2800, 1760), Image.NEAREST)).astype(np.float32) / 255.

plt.figure(figsize=(20, 10))
plt.imshow(probe)
# ~~~~~~~~~~ block 19
def pad_to_tiles(img):
    h, w, _ = img.shape
    n_rows = int(h/TILE)
    n_cols = int(w/TILE)
    hh, ww = h, w
    if n_rows*TILE != h:
        hh = (n_rows+1)*TILE
    if n_cols*TILE != w:
        ww = (n_cols+1)*TILE
    if hh == h and ww == w:
        return img
    else:
        return resize(img, output_shape=(hh, ww), preserve_range=True)

def cut_tiles(img):
    h, w, _ = img.shape
    nv = int(h/TILE)
    nh = int(w/TILE)
    tiles = []
    for i in range(nv):
        for j in range(nh):
            tiles.append(img[i*TILE:(i+1)*TILE,j*TILE:(j+1)*TILE])
    return np.stack(tiles)

def stitch_tiles(img, tiles):
    h, w, _ = img.shape
    nv = int(h/TILE)
    nh = int(w/TILE)
    rows_out = []
    t_i = 0
    for i in range(nv):
        row_parts = []
        for j in range(nh):
            row_parts.append(tiles[t_i])
            t_i += 1
        rows_out.append(np.concatenate(row_parts, axis=1))
    return np.concatenate(rows_out, axis=0)
# ~~~~~~~~~~ block 21
probe = pad_to_tiles(probe)

tiles = cut_tiles(probe)

stitched = stitch_tiles(probe, tiles)

print(tiles.shape, probe.shape, stitched.shape)


# ~~~~~~~~~~ block 23
segnet = load_model('wally_seg.h5')

tile_pred = segnet.predict(tiles).reshape((-1, TILE, TILE, 2))[:, :, :, 1]

heat = stitch_tiles(probe, tile_pred)


ax_x = np.argmax(np.max(heat, axis=0), axis=0)
ax_y = np.argmax(np.max(heat, axis=1), axis=0)
conf = np.amax(heat) * 100

print('found at x=%s y=%s (%.2f%%)' % (ax_x, ax_y, conf))

plt.figure(figsize=(20, 10))
plt.imshow(heat)
plt.colorbar()
# ~~~~~~~~~~ block 25
def mask_box(img):
    rows = np.any(img, axis=1)
    colany = np.any(img, axis=0)
    ya, yb = np.where(rows)[0][[0, -1]]
    xa, xb = np.where(colany)[0][[0, -1]]
    return xa, ya, xb, yb

xa, ya, xb, yb = mask_box((heat > 0.8).astype(np.uint8))
print(xa, ya, xb, yb)


shade = np.repeat(np.expand_dims(np.zeros_like(heat, dtype=np.uint8), axis=-1), 3, axis=-1)
alpha_ch = np.expand_dims(np.full_like(heat, 255, dtype=np.uint8), axis=-1)

shade = np.concatenate([shade, alpha_ch], axis=-1)

shade[ya:yb, xa:xb, 3] = 0

plt.figure(figsize=(20, 10))
plt.imshow(shade)
# ~~~~~~~~~~ block 27
fg, axx = plt.subplots(figsize=(20, 10))

axx.imshow(probe)
axx.imshow(shade, alpha=0.5)

box = patches.Rectangle((xa, ya), width=xb-xa, height=yb-ya, linewidth=1.5, edgecolor='r', facecolor='none')
axx.add_patch(box)

axx.set_axis_off()

fg.savefig(os.path.join('found', probe_name), bbox_inches='tight')
# ~~~~~~~~~~ block 28


