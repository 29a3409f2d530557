# %% part 0
import pandas
import numpy as np
import matplotlib.pyplot as plt
import matplotlib.dates as mdates

import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

#cv2 below
import cv2
import os

import imageio
# %% part 1
import cv2
import os

def frame_count_range(folder):
    fewest = float('inf')
    most = 0

    # every entry of the folder
    for fname in os.listdir(folder):
        vpath = os.path.join(folder, fname)
        
        # video files only
        if os.path.isfile(vpath) and fname.endswith(('.mp4', '.avi', '.mov', '.mkv')):
            # open it
            cap = cv2.VideoCapture(vpath)
            
            # frame count from the header
            clip = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
            
            # keep the extremes
            if clip < fewest:
                fewest = clip
            if clip > most:
                most = clip
            
            # close it
            cap.release()
    
    # fewest and most frames
    return fewest, most

# positives
probe_dir = 'shop_data\\positive'
fewest, most = frame_count_range(probe_dir)
print(f"fewest frames {fewest}, most frames {most}")

# %% part 2
import cv2
import os

def frame_count_range(folder):
    fewest = float('inf')
    most = 0

    # every entry of the folder
    for fname in os.listdir(folder):
        vpath = os.path.join(folder, fname)
        
        # video files only
        if os.path.isfile(vpath) and fname.endswith(('.mp4', '.avi', '.mov', '.mkv')):
            # open it
            cap = cv2.VideoCapture(vpath)
            
            # frame count from the header
            clip = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
            
            # keep the extremes
            if clip < fewest:
                fewest = clip
            if clip > most:
                most = clip
            
            # close it
            cap.release()
    
    # fewest and most frames
    return fewest, most

# negatives
probe_dir = 'shop_data/negative'
fewest, most = frame_count_range(probe_dir)
print(f"fewest frames {fewest}, most frames {most}")

# %% part 4
def sample_clip(vpath, clip_len, out_hw=(128, 128), stride=2):
    ''' 
    Read clip_len frames, stride apart, from a random start in one video.
    '''
    if not os.path.exists(vpath):
        print(f"missing file {vpath}")
        return None

    picked = []
    rdr = cv2.VideoCapture(vpath)

    if not rdr.isOpened():
        print(f"cannot open {vpath}")
        return None

    n_total = int(rdr.get(cv2.CAP_PROP_FRAME_COUNT))

    if n_total == 0:
        print(f"{vpath} reports zero frames")
        return None

    span = 1 + (clip_len - 1) * stride
    if span > n_total:
        begin = 0
    else:
        last_start = n_total - span
        begin = np.random.randint(0, last_start + 1)

    rdr.set(cv2.CAP_PROP_POS_FRAMES, begin)

    # first frame
    ok, img = rdr.read()

    if ok and img is not None:
        
        picked.append(pad_resize(img, out_hw))
    else:
        print(f"first frame unreadable in {vpath}")
        return None

    # the rest, stride apart
    for i in range(clip_len - 1):
        for j in range(stride):
            ok, img = rdr.read()
        if ok and img is not None:
            img = pad_resize(img, out_hw)
            picked.append(img)
        else:
            print(f"frame {i} unreadable in {vpath}, zero-filled")
            picked.append(np.zeros_like(picked[0]))

    rdr.release()
    picked = np.array(picked)[..., [2, 1, 0]]  # channel order BGR -> RGB
    #scale
    picked = picked / 255.0


    return picked

# %% part 5
def pad_resize(img,out_hw):
    '''
    letterbox-resize one frame

    args:
    img: the decoded frame
    out_hw: target height and width

    returns:
    float frame of the target size
    '''
    img = tf.image.convert_image_dtype(img, tf.float32)
    img = tf.image.resize_with_pad(img, *out_hw)
    return img
# %% part 6
# read every video of one class folder
def read_folder(dir_path, cls, clip_len, out_hw=(224, 224), stride=2):
    clips_acc = []
    labels_acc = []

    for fname in os.listdir(dir_path):
        vpath = os.path.join(dir_path, fname)
        
        # video extensions only
        if fname.endswith(('.mp4', '.avi', '.mov')):
            # sample the frames
            clip = sample_clip(vpath, clip_len, out_hw, stride)
            
            # keep clip and class
            clips_acc.append(clip)
            labels_acc.append(cls)
    
    return np.array(clips_acc), np.array(labels_acc)
# %% part 7
pos_dir = 'shop_data/positive'
neg_dir = 'shop_data/negative'

# frames per clip
clip_len = 25

# both class folders
pos_x, pos_y = read_folder(pos_dir, cls=1, clip_len=clip_len)
neg_x, neg_y = read_folder(neg_dir, cls=0, clip_len=clip_len)

# stack the two classes
x_all = np.concatenate([pos_x, neg_x], axis=0)
y_all = np.concatenate([pos_y, neg_y], axis=0)

print(f'{len(x_all)} clips, {len(y_all)} targets')
# %% part 8

def show_grid(xs, ys, n_rows=3):
    ''' 
    Show a few random clips frame by frame.

    Args:
    xs: the clips
    ys: their classes
    n_rows: how many clips
    '''
    fg, ax = plt.subplots(n_rows, clip_len, figsize=(20, 5))
    
    for i in range(n_rows):
        pick = np.random.randint(0, len(xs))
        for j in range(clip_len):
            ax[i, j].imshow(xs[pick][j])
            ax[i, j].axis('off')
        
        ax[i, 0].set_title(f'class {ys[pick]}')

    plt.show()

# a quick look
show_grid(x_all, y_all)
# %% part 9
import imageio
import matplotlib.pyplot as plt
from IPython.display import Image, display

def save_gif(seq):
    '''
    Write a clip as an animated GIF.

    Args:
    seq: the frames of one clip.

    Returns:
    nothing; shows it inline.
    '''
    
    # back to 8-bit
    as_u8 = np.clip(seq * 255, 0, 255).astype(np.uint8)
    
    # 10 frames per second
    ms_per = 1000/ 10  # 10 fps
    
    # write the gif
    imageio.mimsave('./clip.gif', as_u8, duration=ms_per)  
    
    # show it
    display(Image(filename='./clip.gif'))

# one example clip
save_gif(x_all[6])

# %% part 10
# shape of one clip
print(f"one clip: {x_all[2].shape}")

# %% part 11
import matplotlib.pyplot as plt
lens = [cap.shape[0] for cap in x_all]
plt.hist(lens, bins=20)
plt.title('frames per clip')
plt.xlabel('frames')
plt.ylabel('clips')
plt.show()

# %% part 12
import numpy as np
vals, cnts = np.unique(y_all, return_counts=True)
plt.bar(vals, cnts)
plt.xticks([0, 1], ['normal', 'theft'])
plt.title('class balance')
plt.show()

# %% part 14
from sklearn.model_selection import train_test_split
# hold out a test part 
x_tr, x_te, y_tr, y_te = train_test_split(x_all, y_all, test_size=0.2, random_state=42, stratify=y_all)

# then a validation part of the rest 
x_tr, x_va, y_tr, y_va = train_test_split(x_tr, y_tr, test_size=0.2, random_state=42, stratify=y_tr)

# %% part 16
from tensorflow.keras import layers, models
def frame_encoder(in_shape):
    net = models.Sequential()

    # block 1
    net.add(layers.Conv2D(32, (3, 3), activation='relu', input_shape=in_shape))
    net.add(layers.MaxPooling2D((2, 2)))

    # block 2
    net.add(layers.Conv2D(64, (3, 3), activation='relu'))
    net.add(layers.MaxPooling2D((2, 2)))

    # block 3
    net.add(layers.Conv2D(128, (3, 3), activation='relu'))
    net.add(layers.MaxPooling2D((2, 2)))

    # to a vector
    net.add(layers.Flatten())
    
    return net

# %% part 17
def clip_classifier(clip_len, h, w, c, k):
    # clip input
    clip_in = layers.Input(shape=(clip_len, h, w, c))

    # the encoder on every frame
    enc = frame_encoder((h, w, c))
    per_frame = layers.TimeDistributed(enc)(clip_in)

    # temporal model
    seq_vec = layers.LSTM(64, return_sequences=False)(per_frame)

    # head
    hidden = layers.Dense(64, activation='relu')(seq_vec)
    probs = layers.Dense(k, activation='softmax')(hidden)

    # wire it up
    net = models.Model(inputs=clip_in, outputs=probs)
    return net

# %% part 18
clf = clip_classifier(clip_len=25, h=224, w=224, c=3, k=2)
clf.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])
clf.summary()

# %% part 19
# stop early and cut the lr on plateaus
cbs = [
    keras.cbs.EarlyStopping(patience=5),
    keras.cbs.ReduceLROnPlateau(factor=0.1, patience=3)
]

# %% part 20
# fit with a validation set
hist = clf.fit(
    x_tr, y_tr,
    epochs=20,  
    batch_size=8,  
    validation_data=(x_va, y_va)  
)
# %% part 21
#loss curves 
plt.plot(hist.history['loss'], label='fit loss')
plt.plot(hist.history['val_loss'], label='val loss')
plt.legend()
plt.show()

# %% part 22
#accuracy curves
plt.plot(hist.history['accuracy'], label='fit acc')
plt.plot(hist.history['val_accuracy'], label='val acc')
plt.legend()
plt.show()

# %% part 23
# write the weights
clf.save('theft_clip_clf.h5')
# %% part 24
