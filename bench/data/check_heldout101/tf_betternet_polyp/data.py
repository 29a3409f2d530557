import os
import numpy as np
import cv2
import tensorflow as tf
from glob import glob

IMG_H = 224
IMG_W = 224

ALLOWED_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff")


def base_name(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


def match_pairs(picture_paths, label_paths):
    pic_lookup = {base_name(q): q for q in picture_paths}
    lab_lookup = {base_name(q): q for q in label_paths}
    shared = sorted(set(pic_lookup.keys()) & set(lab_lookup.keys()))
    matched_pics = [pic_lookup[k] for k in shared]
    matched_labs = [lab_lookup[k] for k in shared]
    return matched_pics, matched_labs, shared


def write_split_lists(root_dir: str, frac: float = 0.1, seed: int = 42):
    """
    Creates train.txt / val.txt in root_dir when they are missing.
    Each line holds a bare file stem without the suffix.
    """
    trn_list = os.path.join(root_dir, "train.txt")
    val_list = os.path.join(root_dir, "val.txt")

    if os.path.exists(trn_list) and os.path.exists(val_list):
        return

    pic_dir = os.path.join(root_dir, "images")
    lab_dir = os.path.join(root_dir, "masks")

    pics = sorted([q for q in glob(os.path.join(pic_dir, "*")) if q.lower().endswith(ALLOWED_SUFFIXES)])
    labs = sorted([q for q in glob(os.path.join(lab_dir, "*")) if q.lower().endswith(ALLOWED_SUFFIXES)])

    if len(pics) == 0 or len(labs) == 0:
        raise FileNotFoundError(f"No pictures or masks under: {root_dir}")

    matched_pics, matched_labs, keys = match_pairs(pics, labs)
    if len(keys) == 0:
        raise RuntimeError(f"Picture and mask names never match in: {root_dir}")

    gen = np.random.RandomState(seed)
    order = np.arange(len(keys))
    gen.shuffle(order)

    n_hold = int(round(frac * len(keys)))
    n_hold = max(1, n_hold)
    hold_order = order[:n_hold]
    fit_order = order[n_hold:]

    fit_keys = [keys[j] for j in fit_order]
    hold_keys = [keys[j] for j in hold_order]

    with open(trn_list, "w") as fh:
        fh.write("\n".join(fit_keys) + "\n")
    with open(val_list, "w") as fh:
        fh.write("\n".join(hold_keys) + "\n")


def read_split_list(root_dir: str, list_name: str):
    """
    Turns the stems of a split list back into picture / mask paths.
    Any of the allowed suffixes may be used.
    """
    pic_dir = os.path.join(root_dir, "images")
    lab_dir = os.path.join(root_dir, "masks")
    list_path = os.path.join(root_dir, list_name)

    with open(list_path, "r") as fh:
        keys = [row.strip() for row in fh if row.strip()]

    pics = []
    labs = []
    for k in keys:
        pic_hits = []
        for suf in ALLOWED_SUFFIXES:
            pic_hits += glob(os.path.join(pic_dir, k + suf))
            pic_hits += glob(os.path.join(pic_dir, k + suf.upper()))

        lab_hits = []
        for suf in ALLOWED_SUFFIXES:
            lab_hits += glob(os.path.join(lab_dir, k + suf))
            lab_hits += glob(os.path.join(lab_dir, k + suf.upper()))

        if not pic_hits or not lab_hits:
            continue

        pics.append(sorted(pic_hits)[0])
        labs.append(sorted(lab_hits)[0])

    return pics, labs


def gather_splits(root_dirs, frac=0.1, seed: int = 42):
    """
    Holds out a share of every data set, then merges and shuffles the training parts.
    """
    if isinstance(root_dirs, str):
        root_dirs = [root_dirs]

    fit_pics, fit_labs = [], []
    hold_pics, hold_labs = [], []

    for rd in root_dirs:
        write_split_lists(rd, frac=frac, seed=seed)
        a, b = read_split_list(rd, "train.txt")
        c, d = read_split_list(rd, "val.txt")

        fit_pics.extend(a)
        fit_labs.extend(b)
        hold_pics.extend(c)
        hold_labs.extend(d)

    gen = np.random.RandomState(seed)
    order = np.arange(len(fit_pics))
    gen.shuffle(order)
    fit_pics = [fit_pics[j] for j in order]
    fit_labs = [fit_labs[j] for j in order]

    order = np.arange(len(hold_pics))
    gen.shuffle(order)
    hold_pics = [hold_pics[j] for j in order]
    hold_labs = [hold_labs[j] for j in order]

    return (fit_pics, fit_labs), (hold_pics, hold_labs)


def gather_eval_split(root_dir: str, mode: str = "test", frac: float = 0.1, seed: int = 42):
    """
    mode:
      - "test": the held-out stems of val.txt
      - "full": every matched pair
    """
    pic_dir = os.path.join(root_dir, "images")
    lab_dir = os.path.join(root_dir, "masks")

    pics = sorted([q for q in glob(os.path.join(pic_dir, "*")) if q.lower().endswith(ALLOWED_SUFFIXES)])
    labs = sorted([q for q in glob(os.path.join(lab_dir, "*")) if q.lower().endswith(ALLOWED_SUFFIXES)])
    pics, labs, _ = match_pairs(pics, labs)

    if mode == "full":
        return pics, labs

    write_split_lists(root_dir, frac=frac, seed=seed)
    c, d = read_split_list(root_dir, "val.txt")
    return c, d


def load_picture(path):
    if isinstance(path, (bytes, bytearray)):
        path = path.decode()

    arr = cv2.imread(path, cv2.IMREAD_COLOR)
    if arr is None:
        raise FileNotFoundError(path)

    arr = cv2.cvtColor(arr, cv2.COLOR_BGR2RGB)
    arr = cv2.resize(arr, (IMG_W, IMG_H), interpolation=cv2.INTER_LANCZOS4)

    # left in 0..255 as float32; the encoder does its own scaling
    arr = arr.astype(np.float32)
    return arr


def load_label(path):
    if isinstance(path, (bytes, bytearray)):
        path = path.decode()

    arr = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    if arr is None:
        raise FileNotFoundError(path)

    arr = cv2.resize(arr, (IMG_W, IMG_H), interpolation=cv2.INTER_LANCZOS4)

    # scale to 0..1 then threshold
    arr = arr.astype(np.float32) / 255.0
    arr = np.expand_dims(arr, axis=-1)
    arr = (arr > 0.5).astype(np.float32)
    return arr


def decode_pair(p, q):
    def _inner(pp, qq):
        a = load_picture(pp)
        b = load_label(qq)
        return a, b

    p, q = tf.numpy_function(_inner, [p, q], [tf.float32, tf.float32])
    p.set_shape([IMG_H, IMG_W, 3])
    q.set_shape([IMG_H, IMG_W, 1])
    return p, q


def flip_pair(p, q):
    # identical random flips for picture and mask
    s = tf.random.uniform([2], maxval=2**31 - 1, dtype=tf.int32)

    p = tf.image.stateless_random_flip_left_right(p, s)
    q = tf.image.stateless_random_flip_left_right(q, s)

    s2 = s + tf.constant([1, 0], dtype=tf.int32)
    p = tf.image.stateless_random_flip_up_down(p, s2)
    q = tf.image.stateless_random_flip_up_down(q, s2)

    return p, q


def make_pipeline(P, Q, batch_size=8, augment=False, shuffle=False):
    pipe = tf.data.Dataset.from_tensor_slices((P, Q))
    pipe = pipe.map(decode_pair, num_parallel_calls=tf.data.AUTOTUNE)

    if shuffle:
        pipe = pipe.shuffle(buffer_size=len(P), reshuffle_each_iteration=True)

    if augment:
        pipe = pipe.map(flip_pair, num_parallel_calls=tf.data.AUTOTUNE)

    pipe = pipe.batch(batch_size)
    pipe = pipe.prefetch(tf.data.AUTOTUNE)
    return pipe
