#!/usr/bin/env python3
"""
bb51_rgb_flow.py

Shot-type recognition on Basketball-51 from RGB frames stacked with Farneback optical flow.
"""
import os
import cv2
import numpy as np
from tqdm import tqdm
from tensorflow.keras.layers import Input, Conv2D, MaxPooling2D, TimeDistributed, Flatten, LSTM, Dropout, Dense
from tensorflow.keras.models import Model
from tensorflow.keras.utils import to_categorical
from sklearn.model_selection import train_test_split

# Settings
# local copy of the data set (change for a notebook environment)
DATA_ROOT = r'D:\data\Basketball-51\Basketball-51'
CLIP_LEN      = 30            # frames kept per video
FRAME_WH      = (112, 112)    # width, height
BS            = 8
N_EPOCHS      = 20


def locate_folder(name):
    """Walk the working tree and return the first folder called `name`."""
    for root, dirs, _ in os.walk('.'):
        if name in dirs:
            return os.path.join(root, name)
    raise FileNotFoundError(f"no folder named '{name}' below here")


def list_videos(root):
    """All .mp4 files with an integer label per class folder."""
    classes = sorted([d for d in os.listdir(root)
                         if os.path.isdir(os.path.join(root, d))])
    class_ids = {c: k for k, c in enumerate(classes)}
    paths, ys = [], []
    for c in classes:
        sub = os.path.join(root, c)
        for f in os.listdir(sub):
            if f.lower().endswith('.mp4'):
                paths.append(os.path.join(sub, f))
                ys.append(class_ids[c])
    return paths, ys, class_ids


def read_clip(path, clip_len, size):
    """Decode a video, resample or pad to clip_len frames, resize and scale."""
    cap = cv2.VideoCapture(path)
    decoded = []
    while True:
        ok, img = cap.read()
        if not ok:
            break
        img = cv2.resize(img, size)
        img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
        decoded.append(img)
    cap.release()
    if len(decoded) == 0:
        raise ValueError(f"could not decode any frame of {path}")
    # resample or pad
    if len(decoded) >= clip_len:
        pick = np.linspace(0, len(decoded) - 1, clip_len).astype(int)
        kept = [decoded[k] for k in pick]
    else:
        kept = decoded + [decoded[-1]] * (clip_len - len(decoded))
    kept = np.array(kept, dtype='float32') / 255.0
    return kept


def farneback_stack(kept):
    """Dense optical flow between every pair of consecutive frames."""
    fields = []
    prev = cv2.cvtColor((kept[0] * 255).astype('uint8'), cv2.COLOR_RGB2GRAY)
    for k in range(1, len(kept)):
        cur = cv2.cvtColor((kept[k] * 255).astype('uint8'), cv2.COLOR_RGB2GRAY)
        fld = cv2.calcOpticalFlowFarneback(prev, cur,
                                            None, 0.5, 3, 15, 3, 5, 1.2, 0)
        fields.append(fld)
        prev = cur
    # repeat the first field so the length matches the clip
    fields.insert(0, fields[0])
    fields = np.stack(fields, axis=0)
    fields = fields.astype('float32')
    return fields


def build_arrays(paths, ys, clip_len, size, n_cls):
    """RGB and flow for every video, fused on the channel axis, plus one-hot labels."""
    rgb_all, flow_all, lab = [], [], []
    for p, y in tqdm(zip(paths, ys), total=len(paths), desc='decoding'):
        kept = read_clip(p, clip_len, size)
        fld   = farneback_stack(kept)
        rgb_all.append(kept)
        flow_all.append(fld)
        lab.append(y)
    rgb_all = np.array(rgb_all)
    flow_all = np.array(flow_all)
    # channels: 3 colour + 2 flow -> (N, T, H, W, 5)
    X = np.concatenate([rgb_all, flow_all], axis=-1)
    lab = to_categorical(lab, n_cls)
    return X, lab


def make_net(in_shape, n_cls, epochs=N_EPOCHS):
    """Per-frame CNN followed by an LSTM."""
    inp = Input(shape=in_shape)
    h = TimeDistributed(Conv2D(32, (3,3), activation='relu', padding='same'))(inp)
    h = TimeDistributed(MaxPooling2D((2,2)))(h)
    h = TimeDistributed(Conv2D(64, (3,3), activation='relu', padding='same'))(h)
    h = TimeDistributed(MaxPooling2D((2,2)))(h)
    h = TimeDistributed(Flatten())(h)
    h = LSTM(128)(h)
    h = Dropout(0.5)(h)
    out = Dense(n_cls, activation='softmax')(h)
    net = Model(inputs=inp, outputs=out)
    net.compile(optimizer='adam', loss='categorical_crossentropy', metrics=['accuracy'])
    return net


def main():
    # fixed data location
    root = DATA_ROOT
    print(f"data set at: {root}")

    # index the videos
    paths, ys, class_ids = list_videos(root)
    n_cls = len(class_ids)
    print(f"{len(paths)} videos in {n_cls} classes: {class_ids}")

    # stratified split
    p_tr, p_te, y_tr, y_te = train_test_split(
        paths, ys,
        test_size=0.2,
        stratify=ys,
        random_state=42
    )

    # decode everything
    X_tr, Y_tr = build_arrays(p_tr, y_tr, CLIP_LEN, FRAME_WH, n_cls)
    X_te,  Y_te  = build_arrays(p_te, y_te, CLIP_LEN, FRAME_WH, n_cls)

    # model and training
    in_shape = (CLIP_LEN, FRAME_WH[1], FRAME_WH[0], 5)
    net = make_net(in_shape, n_cls)
    print(net.summary())
    net.fit(
        X_tr, Y_tr,
        validation_data=(X_te, Y_te),
        epochs=N_EPOCHS,
        batch_size=BS
    )

    # score
    loss, acc = net.evaluate(X_te, Y_te, batch_size=BS)
    print(f"test loss: {loss:.4f}")
    print(f"test accuracy: {acc:.4f}")


def smoke_test(path=None, epochs=N_EPOCHS):
    """Run the pipeline on one video (the first in the data set when none is given)."""
    # fixed data location
    root = DATA_ROOT
    print(f"data set: {root}")

    # default: the first video found
    if path is None:
        paths, ys, class_ids = list_videos(root)
        if not paths:
            print("no videos under:", root)
            return
        path = paths[0]
        y_true = ys[0]
        id_to_name = {k: c for c, k in class_ids.items()}
        print(f"video: {path}\nlabel: {id_to_name[y_true]}")
    else:
        print(f"video: {path}")
        y_true = None

    # frames and flow
    kept = read_clip(path, CLIP_LEN, FRAME_WH)
    fld = farneback_stack(kept)
    
    print("frames:", kept.shape)
    print("flow:  ", fld.shape)
    
    # fuse and add a batch axis
    X = np.concatenate([kept, fld], axis=-1)
    X = X[np.newaxis, ...]
    
    # untrained model
    _, _, class_ids = list_videos(root)
    n_cls = len(class_ids)
    in_shape = X.shape[1:]
    net = make_net(in_shape, n_cls, epochs=epochs)
    
    # predict
    probs = net.predict(X)
    best = int(np.argmax(probs[0]))
    id_to_name = {k: c for c, k in class_ids.items()}
    print(f"prediction: {id_to_name[best]} (p={probs[0][best]:.4f})")
    return True


if __name__ == '__main__':
    import sys
    if len(sys.argv) > 1 and sys.argv[1] == 'smoke':
        smoke_test()
    else:
        main()
