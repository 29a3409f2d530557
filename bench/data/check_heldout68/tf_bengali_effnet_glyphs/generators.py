import cv2
import joblib
import numpy as np
import pandas as pd
from keras.utils import Sequence
import albumentations as AA
import matplotlib.pyplot as plt
from sklearn.metrics import recall_score

def drop_faint(img):
    img = img[1:-1, 1:-1]
    return img * (img > (img.max() / 5))


def blob_extent(component):

    component = component[3:-3, 3:-3]
    if component.max() == 0:
        return (1, 1)

    x_filter = component.max(axis=1) > 0
    component = component[x_filter, :]

    y_filter = component.max(axis=0) > 0
    component = component[:, y_filter]

    return component.shape


def blob_box(component):

    contours = cv2.findContours(component.astype(np.uint8).clip(0, 1), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    corners = contours[1][0].squeeze()

    try:
        x_min, x_max = corners[:,0].min(), corners[:,0].max()
        y_min, y_max = corners[:,1].min(), corners[:,1].max()
        return x_min, x_max, y_min, y_max
    except:
        return 0, 0, 0, 0


def keep_near_blobs(blobs):

    corners = [c[3] for c in blobs]
    anchor = np.argmax([(p[1] - p[0]) * (p[3] - p[2]) for p in corners])
    anchor = corners[anchor]
    gaps = [max([
        points[0] - anchor[1],
        anchor[0] - points[1],
        points[2] - anchor[3],
        anchor[2] - points[3]
    ]) for points in corners]

    return [c for c, d in zip(blobs, gaps) if d < 40]


def clean_blobs(img):

    peak = img.max()
    kept = np.zeros(img.shape)
    n_blobs, component = cv2.connectedComponents(img)

    blobs = [(
        component == c,
        blob_extent(component == c),
        ((component == c) * img).max(),
        blob_box(component == c)
    ) for c in range(1, n_blobs)]

    blobs = keep_near_blobs(blobs)

    for p, shape, p_max, contours in blobs:
        min_shape, max_shape = min(shape), max(shape)
        shape_ratio = max_shape / min_shape

        if p.sum() > 60 and min_shape >= 5 and p_max >= (peak / 2) and shape_ratio <= 12:
            kept += (img * p)

    return kept.clip(0, 255)


def square_pad(img):

    height, width = img.shape
    if height > width:
        half = int((height - width) / 2)
        pad_block = np.zeros((height, half))
        img = np.concatenate([pad_block, img, pad_block], axis=1)
    elif width > height:
        half = int((width - height) / 2)
        pad_block = np.zeros((half, width))
        img = np.concatenate([pad_block, img, pad_block], axis=0)

    return img


def crop_margins(img):

    floor = img.max() / 5
    height, width = img.shape
    for i, (s, c) in enumerate(zip(img.max(axis=0), (img > 5).sum(axis=0))):
        if s > floor and c > 3:
            if i > 5:
                img = img[:,i-5:]
            else:
                img = np.concatenate([np.zeros((height, 5-i)), img], axis=1)
            break

    height, width = img.shape
    for i, (s, c) in enumerate(zip(np.flip(img.max(axis=0)), np.flip((img > 5).sum(axis=0)))):
        if s > floor and c > 3:
            if i > 5:
                img = img[:,:-i + 5]
            else:
                img = np.concatenate([img, np.zeros((height, 5-i))], axis=1)
            break

    height, width = img.shape
    for i, (s, c) in enumerate(zip(img.max(axis=1), (img > 5).sum(axis=1))):
        if s > floor and c > 3:
            if i > 5:
                img = img[i-5:,:]
            else:
                img = np.concatenate([np.zeros((5-i, width)), img], axis=0)
            break

    height, width = img.shape
    for i, (s, c) in enumerate(zip(np.flip(img.max(axis=1)), np.flip((img > 5).sum(axis=1)))):
        if s > floor and c > 3:
            if i > 5:
                img = img[:-i + 5,:]
            else:
                img = np.concatenate([img, np.zeros((5-i, width))], axis=0)
            break

    return square_pad(img)


def prep_glyph(img):
    img = drop_faint(img)
    img = clean_blobs(img)
    img = crop_margins(img)
    return cv2.resize(img, (96, 96), interpolation=cv2.INTER_AREA)


RAW_GLYPHS = joblib.load('data/original_images')
PREP_GLYPHS = {_id: prep_glyph(image) for _id, image in RAW_GLYPHS.items()}

label_table = pd.read_csv('data/train.csv')
label_table = label_table.set_index('image_id', drop=True)

cutout_aug = AA.Compose([
    # (rotation/shift was tried here and dropped)
    AA.CoarseDropout(min_holes=1, max_holes=1, min_height=16, max_height=32, min_width=16, max_width=32, p=1.0)
], p=1)


def raw_view(image_id):
    x = RAW_GLYPHS[image_id].copy()
    x = cv2.resize(x, (96, 96), interpolation=cv2.INTER_AREA)
    x = x / np.percentile(x, 99.5)
    return x.clip(0, 1)


def padded_view(image_id):
    x = RAW_GLYPHS[image_id].copy()
    x = square_pad(x)
    x = cv2.resize(x, (96, 96), interpolation=cv2.INTER_AREA)
    x = x / np.percentile(x, 99.9)
    return x.clip(0, 1)


def cropped_view(image_id):
    x = PREP_GLYPHS[image_id].copy()
    x = x / np.percentile(x, 98)
    return x.clip(0, 1)


def show_aug_grid():

    _id = np.random.choice(list(PREP_GLYPHS.keys()))
    image = cropped_view(_id)

    plt.figure(figsize=(5, 5))
    plt.imshow(image, cmap='gray')
    plt.show()

    fig, axes = plt.subplots(nrows=4, ncols=4, figsize=(12, 12))
    row, col = 0, 0
    for i in range(16):

        aug_img = cutout_aug(image=image.copy())['image']
        axes[row][col].imshow(aug_img, cmap='gray')
        axes[row][col].set_xticks([])
        axes[row][col].set_yticks([])
        if col == 3:
            col = 0
            row += 1
        else:
            col += 1
    plt.tight_layout()
    plt.show()


class GlyphBatches(Sequence):

    def __init__(self, images, batch_size, is_train):
        self.images = images
        self.batch_size = batch_size
        self.is_train = is_train

        subset = label_table[label_table.index.isin(self.images['image_id'])]

        self.graphemeIds = {}
        for i in range(168):
            self.graphemeIds[i] = list(subset[subset['grapheme_root'] == i].index)

        self.vowelIds = {}
        for i in range(11):
            self.vowelIds[i] = list(subset[subset['vowel_diacritic'] == i].index)

        self.consonantIds = {}
        for i in range(7):
            self.consonantIds[i] = list(subset[subset['consonant_diacritic'] == i].index)

    def __len__(self):
        return int(len(self.images) / self.batch_size)

    def __getitem__(self, idx):


        # balanced-sampling variant, switched off:
        #     ids = []
        #
        #     for r in range(168):
        #         ids.append(np.random.choice(self.graphemeIds[r]))
        #
        #     for v in range(11):
        #         ids.append(np.random.choice(self.vowelIds[v]))
        #
        #     for c in range(7):
        #         ids.append(np.random.choice(self.consonantIds[c]))
        #
        #     np.random.shuffle(ids)
        #     chunk = self.images[self.images['image_id'].isin(ids)]
        # plain sequential slice:
        chunk = self.images[idx * self.batch_size : (idx+1) * self.batch_size]

        X = np.zeros((self.batch_size, 96, 96, 3))
        y_root = np.zeros((self.batch_size, 168))
        y_vowel = np.zeros((self.batch_size, 11))
        y_cons = np.zeros((self.batch_size, 7))

        for i, row in chunk.reset_index().iterrows():

            v_raw = raw_view(row['image_id'])
            v_pad = padded_view(row['image_id'])
            v_crop = cropped_view(row['image_id'])

            if self.is_train:
                v_raw = cutout_aug(image=v_raw)['image']
                v_pad = cutout_aug(image=v_pad)['image']
                v_crop = cutout_aug(image=v_crop)['image']

            x = np.stack([v_raw, v_pad, v_crop], axis=2)
            X[i] = x

            y_root[i][label_table.loc[row['image_id']]['grapheme_root']] = 1
            y_vowel[i][label_table.loc[row['image_id']]['vowel_diacritic']] = 1
            y_cons[i][label_table.loc[row['image_id']]['consonant_diacritic']] = 1

        return X, {
            'grapheme_root': y_root,
            'vowel_diacritic': y_vowel,
            'consonant_diacritic': y_cons
        }

    def on_epoch_end(self):
        if self.is_train:
            self.images = self.images.sample(frac=1)

    def update_weights(self, gr_weights, vc_weights, cd_weights):
        self.images = self.images.drop([
            'grapheme_root_weight', 'vowel_diacritic_weight', 'consonant_diacritic_weight'
        ], axis=1)

        self.images = self.images.merge(gr_weights, on='grapheme_root', how='left')
        self.images = self.images.merge(vc_weights, on='vowel_diacritic', how='left')
        self.images = self.images.merge(cd_weights, on='consonant_diacritic', how='left')

    def predict_all(self, model):
        pred_root = []
        pred_vowel = []
        pred_cons = []
        images = []
        for image_id in self.images['image_id']:
            x = get_image(image_id)
            image = np.stack([x, x, x], axis=2)
            images.append(image)
            if len(images) == 128:
                outs = model.predict(np.array(images))
                outs = [p.argmax(axis=1) for p in outs]
                pred_root.extend(outs[0])
                pred_vowel.extend(outs[1])
                pred_cons.extend(outs[2])
                images = []
        outs = model.predict(np.array(images))
        outs = [p.argmax(axis=1) for p in outs]
        pred_root.extend(outs[0])
        pred_vowel.extend(outs[1])
        pred_cons.extend(outs[2])
        return pd.DataFrame([
            self.images['image_id'].values, pred_root, pred_vowel, pred_cons
        ], index=['image_id', 'grapheme_root', 'vowel_diacritic', 'consonant_diacritic']).T.set_index('image_id')


df = pd.read_csv('data/train.csv')
split_table = pd.read_csv('splits/{}/split.csv'.format('split1'))
tr_ids = list(split_table[split_table['split'] == 'train']['image_id'])
va_ids = list(split_table[split_table['split'].isin(['valid', 'test'])]['image_id'])

tr_rows = df[df['image_id'].isin(tr_ids)].reset_index(drop=True)
va_rows = df[df['image_id'].isin(va_ids)].reset_index(drop=True)

tr_batches = GlyphBatches(tr_rows, 186, True)
probe = tr_batches.__getitem__(0)

plt.imshow(probe[0][-1])


def build_batches(split, batch_size):

    df = pd.read_csv('data/train.csv')
    split_table = pd.read_csv('splits/{}/split.csv'.format(split))
    tr_ids = list(split_table[split_table['split'] == 'train']['image_id'])
    va_ids = list(split_table[split_table['split'].isin(['valid', 'test'])]['image_id'])

    tr_rows = df[df['image_id'].isin(tr_ids)].reset_index(drop=True)
    va_rows = df[df['image_id'].isin(va_ids)].reset_index(drop=True)

    tr_batches = GlyphBatches(tr_rows, batch_size, True)
    va_batches = GlyphBatches(va_rows, batch_size, False)
    return tr_batches, va_batches
