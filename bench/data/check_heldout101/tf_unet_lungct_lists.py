import os
import numpy as np
import cv2
from tqdm import tqdm
from sklearn.utils import shuffle
from tensorflow.keras.callbacks import ModelCheckpoint
from build_unet_model import build_unet

# -------- settings --------
SIDE = 256
IN_SHAPE = (SIDE, SIDE, 1)
ROOT = r'C:\Users\someone\lung_ct\preprocessed_data'  # output of the preprocessing script
CKPT = 'unet_lung_model.h5'

# -------- read slices and masks --------
def read_split(part):
    pics = []
    segs = []

    pic_dir = os.path.join(ROOT, part, 'image')
    seg_dir = os.path.join(ROOT, part, 'mask')

    for fname in tqdm(os.listdir(pic_dir), desc=f"reading {part}"):
        pic_path = os.path.join(pic_dir, fname)
        seg_path = os.path.join(seg_dir, fname)

        pic = cv2.imread(pic_path, cv2.IMREAD_GRAYSCALE)
        seg = cv2.imread(seg_path, cv2.IMREAD_GRAYSCALE)

        if pic is not None and seg is not None:
            pic = pic.astype('float32') / 255.0
            seg = (seg > 127).astype('float32')  # binarise the mask

            pic = np.expand_dims(pic, axis=-1)
            seg = np.expand_dims(seg, axis=-1)

            pics.append(pic)
            segs.append(seg)

    return np.array(pics), np.array(segs)

# -------- data --------
tr_x, tr_y = read_split('train')
va_x, va_y = read_split('valid')

print("data ready")
print(f"train: {tr_x.shape}, {tr_y.shape}")
print(f"valid: {va_x.shape}, {va_y.shape}")

# -------- reorder the training pairs --------
tr_x, tr_y = shuffle(tr_x, tr_y, random_state=42)

# -------- network and fit --------
net = build_unet(IN_SHAPE)
net.summary()

saver = ModelCheckpoint(CKPT, monitor='val_loss', save_best_only=True, verbose=1)

hist = net.fit(
    tr_x, tr_y,
    validation_data=(va_x, va_y),
    batch_size=10,
    epochs=5,
    callbacks=[saver]
)

print("\nfinished; weights in:", CKPT)
