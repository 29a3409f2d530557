import os
import random
from time import strftime
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from tqdm import tqdm
from IPython.display import clear_output
from skimage.io import imread, imshow
from skimage.transform import resize
from skimage.color import rgb2gray
from skimage.morphology import label

np.random.seed()
random.seed()


def say(msg):
    """see the function name"""
    clear_output()
    print(msg)


def read_one_mask(path):
    m = imread(path)
    return rgb2gray(m) if len(m.shape) is 3 else m/255


def merge_masks(path):
    """see the function name"""
    mask_files = iter(next(os.walk(path + '/masks/'))[2])
    m = read_one_mask(path + '/masks/' + next(mask_files))
    for m_id in mask_files:
        other = read_one_mask(path + '/masks/' + m_id)
        m = np.maximum(m, other)
    return m


def read_photo(path, sid):
    """see the function name"""
    return imread(path + '/images/' + sid + '.png')


def read_photos(path, sids, verbose):
    """see the function name"""
    if verbose:
        sids = tqdm(sids)
    return [read_photo(path+sid, sid) for i, sid in enumerate(sids)]


def read_masks(path, sids, verbose):
    """see the function name"""
    if verbose:
        sids = tqdm(sids)
    return [merge_masks(path+sid) for sid in sids]


def read_train_frame(path, verbose=True):
    """see the function name"""
    out = pd.DataFrame(columns=['id', 'image', 'mask'])
    out['id'] = next(os.walk(path))[1]
    if verbose:
        print("reading photos")
    out['image'] = read_photos(path, out['id'], verbose)
    if verbose:
        print("reading masks")
    out['mask'] = read_masks(path, out['id'], verbose)
    return out


def read_test_frame(path, verbose=True):
    """see the function name"""
    out = pd.DataFrame(columns=['id', 'image'])
    out['id'] = next(os.walk(path))[1]
    if verbose:
        print("reading photos")
    out['image'] = read_photos(path, out['id'], verbose)
    return out


def show_pairs(left, right, k=3, left_title='', right_title='', one_channel=True):
    """see the function name"""
    _, axis = plt.subplots(k, 2, figsize=(12, k*6))
    picks = random.sample(range(len(left)), k)
    if one_channel:
        for i, k in enumerate(picks):
            axis[i, 0].set_title(left_title)
            axis[i, 0].imshow(np.squeeze(left[k], axis=-1))
            axis[i, 1].set_title(right_title)
            axis[i, 1].imshow(np.squeeze(right[k], axis=-1))
    else:
        for i, k in enumerate(picks):
            axis[i, 0].set_title(left_title)
            axis[i, 0].imshow(left[k])
            axis[i, 1].set_title(right_title)
            axis[i, 1].imshow(right[k])


def size_table(pics):
    """see the function name"""
    out = np.zeros((len(pics), 4))
    for i, pic in enumerate(pics):
        out[i, 0] = pic.shape[0]
        out[i, 1] = pic.shape[1]
        out[i, 2] = pic.shape[0]/pic.shape[1]
        out[i, 3] = pic.shape[2]

    return pd.DataFrame(
        out,
        columns=['height', 'width', 'h/w ratio', 'channel count']
    )


def prep_photos(pic_list, target_shape=None, invert_above=1, dtype=np.float32):
    """see the function name"""
    out = [np.expand_dims(rgb2gray(pic), axis=-1) for pic in pic_list]
    if target_shape is not None:
        out = [resize(pic, target_shape) for pic in out]
    if 1 > invert_above > 0:
        for i, pic in enumerate(out):
            if np.mean(pic) > invert_above:
                out[i] = 1 - pic
    return np.array(out, dtype=dtype)


def add_flipped(X, Y, flip_v=False, flip_h=False, rot180=False, invert=False):
    """see the function name"""
    Xa, Ya = X, Y

    if flip_v:
        Xa = np.append(Xa, np.flip(X, axis=1), axis=0)
        Ya = np.append(Ya, np.flip(Y, axis=1), axis=0)

    if flip_h:
        Xa = np.append(Xa, np.flip(X, axis=2), axis=0)
        Ya = np.append(Ya, np.flip(Y, axis=2), axis=0)

    if rot180:
        Xa = np.append(Xa, np.flip(np.flip(X, axis=1), axis=2), axis=0)
        Ya = np.append(Ya, np.flip(np.flip(Y, axis=1), axis=2), axis=0)

    if invert:
        assert X.shape[3] is 1
        Xa = np.append(Xa, 1-X, axis=0)
        Ya = np.append(Ya, Y, axis=0)

    return Xa, Ya


def plot_curves(hist, metric='acc', with_val=True):
    _, axis = plt.subplots(1, 2, figsize=(12, 6))
    x = range(1, len(hist[metric])+1)
    axis[0].plot(x, hist[metric], label='train '+metric)
    axis[1].plot(x, hist['loss'], label='train loss')
    if with_val:
        axis[0].plot(x, hist['val_'+metric], label='valid '+metric)
        axis[1].plot(x, hist['val_loss'], label='valid loss')
    axis[0].grid(True)
    axis[1].grid(True)
    axis[0].set_title(metric)
    axis[1].set_title('loss')
    axis[0].legend()
    axis[1].legend()


def resize_back(orig, pred_arr):
    """see the function name"""
    return np.array([resize(y, x.shape[:2]) for x, y in zip(orig, pred_arr)])


def finalize(pred_arr, cut=None, orig=None, squeeze_out=False):
    """see the function name"""
    out = pred_arr
    if cut is not None:
        out = out > cut
    if orig is not None:
        out = resize_back(orig, pred_arr)
    if squeeze_out:
        out = np.squeeze(out)
    return out


def rle(x):
    """see the function name"""
    on_px = np.where(x.T.flatten() == 1)[0]
    runs = []
    last = -2
    for b in on_px:
        if b > last+1:
            runs.extend((b + 1, 0))
        runs[-1] += 1
        last = b
    return runs


def rles_of(x, cut_at=0.5):
    lab = label(x > cut_at)
    for i in range(1, lab.max() + 1):
        yield rle(lab == i)


def write_submission(ids, Ya, tag='submission'):
    """see the function name"""
    sub_ids = []
    rl_list = []
    for n, sid_ in enumerate(ids):
        rle = list(rles_of(Ya[n]))
        rl_list.extend(rle)
        sub_ids.extend([sid_] * len(rle))
    out = pd.DataFrame({
        'ImageId': sub_ids,
        'EncodedPixels': pd.Series(rl_list).apply(lambda x: ' '.join(str(y) for y in x))
    })
    out_csv = 'submission/' + tag + '_' + strftime("%Y%m%d-%H%M%S") + '.csv'
    out.to_csv(out_csv, index=False)
    return out_csv
