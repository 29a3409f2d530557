# 3D-CNN action classifier for the six KTH activity classes.
# Expects the clips under a local folder named 'Data'.
import os
import numpy as np
from skvideo.io import FFmpegReader
from skvideo.utils import rgb2gray
from PIL import Image
from keras.preprocessing import image
from tqdm import tqdm
from sklearn.datasets import load_files
from sklearn.model_selection import train_test_split
from keras.utils import to_categorical
from keras.models import Sequential
from keras.layers import Conv3D, MaxPooling3D, GlobalAveragePooling3D
from keras.layers.core import Dense, Dropout
from keras.callbacks import ModelCheckpoint


class VideoLoader(object):

    def __init__(self, out_size=None, gray=True, frame_cap=None,
                 frame_pick='middle', keep_fps=None,
                 pixel_norm=None):
        self.out_size = out_size
        self.gray = gray
        self.frame_cap = frame_cap
        self.frame_pick = frame_pick
        self.keep_fps = keep_fps
        self.pixel_norm = pixel_norm
        self.rate = None

    def load_videos(self, video_paths):
        """
        Output:
            one numpy array of rank 5, laid out as
                (clips, frames, rows, cols, channels)
        """
        videos_read = [
            self._decode_video(video_path) for video_path in tqdm(video_paths)
        ]

        stacked = np.vstack(videos_read)

        if self.pixel_norm != None:
            # each clip is scaled on its own
            if (type(self.pixel_norm) == tuple) and (len(self.pixel_norm) == 2):
                low = self.pixel_norm[0]
                span = self.pixel_norm[1] - low
                lo = np.min(stacked, axis=(1, 2, 3), keepdims=True)
                hi = np.max(stacked, axis=(1, 2, 3), keepdims=True)
                return ((stacked.astype('float32') - lo) / (hi - lo)) * span + low

            elif self.pixel_norm == 'z-score':
                mu = np.mean(stacked, axis=(1, 2, 3), keepdims=True)
                sigma = np.std(stacked, axis=(1, 2, 3), keepdims=True)
                return (stacked.astype('float32') - mu) / sigma

            else:
                raise ValueError('unsupported pixel_norm setting')

        return stacked

    def _decode_video(self, video_path):
        ff_reader = FFmpegReader(filename=video_path)
        frames_kept = []
        self.rate = int(ff_reader.inputfps)                  # frames per second of the source

        for frame_idx, frame_arr in enumerate(ff_reader.nextFrame()):

            keep_frame = True
            if self.keep_fps != None:
                allowed = range(self.keep_fps)
                keep_frame = (frame_idx % self.rate) in allowed

            if keep_frame:

                if self.out_size is not None:
                    pil_img = image.array_to_img(frame_arr)
                    frame_arr = image.img_to_array(
                        pil_img.resize(
                            self.out_size,
                            Image.ANTIALIAS)).astype('uint8')

                # one frame here is (rows, cols, 3)
                frames_kept.append(frame_arr)

        video_arr = np.stack(frames_kept)
        ff_reader.close()

        if self.gray:
            video_arr = rgb2gray(video_arr)

        if self.frame_cap is not None:
            video_arr = self._trim_video(clip_video=video_arr)

        return np.expand_dims(video_arr, axis=0)

    def _trim_video(self, clip_video):
        n_frames = clip_video.shape[0]
        if self.frame_cap <= n_frames:

            if self.frame_pick == 'first':
                clip_video = clip_video[:self.frame_cap]
            elif self.frame_pick == 'last':
                clip_video = clip_video[(n_frames - self.frame_cap):]
            elif self.frame_pick == 'middle':
                # how many frames to skip at the start
                skip = ((n_frames - self.frame_cap) // 2) + 1
                clip_video = clip_video[skip:(skip + self.frame_cap)]
            else:
                raise ValueError('unsupported frame_pick setting')

        else:
            raise IndexError(
                'the clip has fewer frames than frame_cap asks for')

        return clip_video


# list the clip files and their class ids
listing_data = load_files(os.getcwd() + r'/Data', shuffle=False)
all_files = listing_data['filenames']
all_targets = listing_data['target']

# hold out one third of the clips for testing
train_video_files, test_video_files, train_target_ids, test_target_ids = train_test_split(all_files, all_targets, test_size=1/3, random_state=191)

# the part after the first 300 training clips validates
valid_video_files = train_video_files[300:]
valid_target_ids = train_target_ids[300:]

# the first 300 clips stay for training
train_video_files = train_video_files[:300]
train_target_ids = train_target_ids[:300]

print('clips found:', len(all_files))
print('\ntraining clips:', train_video_files.shape[0])
print('validation clips:', valid_video_files.shape[0])
print('test clips:', test_video_files.shape[0])

# reader object that decodes, resizes and scales the clips
video_reader = VideoLoader(out_size=(128, 128),
                gray=True,
                frame_cap=200,
                frame_pick='middle',
                pixel_norm=(0, 1))

# decode the training clips and one-hot their class ids
train_X = video_reader.load_videos(train_video_files)
train_y = to_categorical(train_target_ids, num_classes=6)
print('train array shape:', train_X.shape)

# same for the validation clips
valid_X = video_reader.load_videos(valid_video_files)
valid_y = to_categorical(valid_target_ids, num_classes=6)
print('validation array shape:', valid_X.shape)

# same for the test clips
test_X = video_reader.load_videos(test_video_files)
test_y = to_categorical(test_target_ids, num_classes=6)
print('test array shape:', test_X.shape)

# conv/pool stacks with dropout before the classifier
conv3d_model = Sequential()
conv3d_model.add(Conv3D(filters=16, kernel_size=(10, 3, 3), strides=(5, 1, 1), padding='same', activation='relu',
                 input_shape=train_X.shape[1:]))
conv3d_model.add(MaxPooling3D(pool_size=2, strides=(1, 2, 2), padding='same'))

conv3d_model.add(Conv3D(filters=64, kernel_size=(5, 3, 3), strides=(3, 1, 1), padding='valid', activation='relu'))
conv3d_model.add(MaxPooling3D(pool_size=2, strides=(1, 2, 2), padding='same'))

conv3d_model.add(Conv3D(filters=256, kernel_size=(5, 3, 3), strides=(3, 1, 1), padding='valid', activation='relu'))
conv3d_model.add(MaxPooling3D(pool_size=2, strides=(1, 2, 2), padding='same'))

# collapse the remaining volume into one vector
conv3d_model.add(GlobalAveragePooling3D())
conv3d_model.add(Dense(32, activation='relu'))
conv3d_model.add(Dropout(0.5))
conv3d_model.add(Dense(6, activation='softmax'))
conv3d_model.summary()

conv3d_model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])

# keep the weights with the best validation score
best_ckpt = ModelCheckpoint(filepath='Model_2.weights.best.hdf5', save_best_only=True, verbose=1)

# 40 epochs of fitting
fit_log = conv3d_model.fit(train_X, train_y, batch_size=16, epochs=40,
                    validation_data=(valid_X, valid_y), verbose=2, callbacks=[best_ckpt])

# restore the best weights seen
conv3d_model.load_weights('Model_2.weights.best.hdf5')

# score on the held-out test clips
(test_loss, test_acc) = conv3d_model.evaluate(test_X, test_y, batch_size=16, verbose=0)
print('test accuracy: {:.2f}%'.format(test_acc * 100))
