import numpy as np
import cv2
import os
from sklearn.model_selection import train_test_split, KFold
from sklearn.metrics import classification_report
import tensorflow as tf
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Conv2D, MaxPooling2D, Flatten, LSTM, Dense, TimeDistributed, Dropout, BatchNormalization
from sklearn.model_selection import train_test_split



# Read the first frames of every video and repeat the real ones to even out the classes
def load_data(video_dir, labels, num_frames=10, img_size=(128, 128), max_fake_videos=100):
    videos = []
    video_labels = []
    for label in labels:
        folder = os.path.join(video_dir, label)
        fake_videos_counter = 0  # how many manipulated clips were kept so far
        for video_name in os.listdir(folder):
            video_path = os.path.join(folder, video_name)
            frames = []
            cap = cv2.VideoCapture(video_path)
            frame_count = 0
            while cap.isOpened() and frame_count < num_frames:
                ret, frame = cap.read()
                if not ret:
                    break
                frame = cv2.resize(frame, img_size)  # shrink each frame
                frames.append(frame)
                frame_count += 1
            cap.release()
            if len(frames) == num_frames:  # keep only clips long enough
                if label == 'DFD_manipulated_sequences' and fake_videos_counter >= max_fake_videos:
                    continue  # cap on the number of fake clips
                videos.append(np.array(frames))
                video_labels.append(0 if label == 'DFD_original_sequences' else 1)  # real -> 0, fake -> 1
                if label == 'DFD_manipulated_sequences':
                    fake_videos_counter += 1
                        # the real clips are repeated below
    videos = np.array(videos)
    video_labels = np.array(video_labels)
    videos_real = videos[video_labels == 0]
    video_labels_real = video_labels[video_labels == 0]

    # append a second copy of every real clip
    videos = np.concatenate([videos, videos_real])
    video_labels = np.concatenate([video_labels, video_labels_real])

    return videos, video_labels

# Read the clips
# video_dir = r"/data/dfd"
labels = ['DFD_original sequences', 'DFD_manipulated_sequences']

# load_data returns frames and labels as arrays
X, y = load_data(video_dir, labels, num_frames=10, img_size=(128, 128))

# scale pixels into [0, 1]
X = X / 255.0  

# one-hot targets for two classes
y = tf.keras.utils.to_categorical(y, num_classes=2)

# hold out a fifth of the clips
X_train, X_test, y_train, y_test = train_test_split(
    X, y, test_size=0.2, random_state=42
)
import tensorflow as tf
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import (
    Conv2D, MaxPooling2D, Flatten, LSTM, Dense, TimeDistributed, Dropout, BatchNormalization
)

# CNN per frame followed by an LSTM over the frames
def build_model(input_shape):
    model = Sequential()

    # convolutional feature extractor applied to each frame
    model.add(TimeDistributed(Conv2D(32, (3, 3), activation='relu'), input_shape=input_shape))
    model.add(TimeDistributed(MaxPooling2D((2, 2))))
    model.add(TimeDistributed(BatchNormalization()))

    model.add(TimeDistributed(Conv2D(64, (3, 3), activation='relu')))
    model.add(TimeDistributed(MaxPooling2D((2, 2))))
    model.add(TimeDistributed(BatchNormalization()))

    model.add(TimeDistributed(Conv2D(128, (3, 3), activation='relu')))
    model.add(TimeDistributed(MaxPooling2D((2, 2))))
    model.add(TimeDistributed(Flatten()))

    # recurrent layer across the frame sequence
    model.add(LSTM(128, return_sequences=False, dropout=0.2, recurrent_dropout=0.2))

    # classifier head
    model.add(Dense(128, activation='relu'))
    model.add(Dropout(0.5))
    model.add(Dense(64, activation='relu'))
    model.add(Dropout(0.5))

    # real / fake
    model.add(Dense(2, activation='softmax'))

    model.compile(
        optimizer=tf.keras.optimizers.Adam(learning_rate=0.0001),
        loss='categorical_crossentropy',
        metrics=['accuracy']
    )

    return model

input_shape = (10, 128, 128, 3)  # frames, height, width, channels

# build it
model = build_model(input_shape)
model.summary()

# fit on the arrays
history = model.fit(
    X_train, y_train,
    validation_data=(X_test, y_test),
    epochs=20,
    batch_size=16,
    verbose=1
)
