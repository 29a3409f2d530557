import os
import numpy as np
import cv2
from sklearn.model_selection import train_test_split
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Conv3D, MaxPooling3D, TimeDistributed, LSTM, Dense, Flatten, Dropout
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.callbacks import ModelCheckpoint, ReduceLROnPlateau

# keep TensorFlow's log output quiet
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '2'

# clip geometry
clip_len = 30
frame_h = 64
frame_w = 64
n_channels = 1  # one grey channel

# where the two classes of clips live
violent_dir = 'D:\\project\\train\\voilance'
calm_dir = 'D:\\project\\train\\nonvoilance'

# read every clip: up to clip_len grey frames, resized and scaled
def read_video_clips(video_dir, clip_label):
    videos_read = []
    clip_labels = []
    video_files_list = [f for f in os.listdir(video_dir) if f.endswith(('.mp4', '.avi', '.mov'))]

    for video_file in video_files_list:
        video_file_path = os.path.join(video_dir, video_file)
        capture = cv2.VideoCapture(video_file_path)
        clip_frames = []

        while len(clip_frames) < clip_len:
            ok, raw_frame = capture.read()
            if not ok:
                break
            gray_img = cv2.cvtColor(raw_frame, cv2.COLOR_BGR2GRAY)
            small_frame = cv2.resize(gray_img, (frame_h, frame_w))
            scaled_frame = small_frame / 255.0
            clip_frames.append(scaled_frame)

        while len(clip_frames) < clip_len:
            clip_frames.append(clip_frames[-1])

        videos_read.append(np.array(clip_frames).reshape(clip_len, frame_h, frame_w, n_channels))
        clip_labels.append(clip_label)

        capture.release()

    return np.array(videos_read), np.array(clip_labels)

# decode both classes
violent_videos, violent_labels = read_video_clips(violent_dir, 1)
calm_videos, calm_labels = read_video_clips(calm_dir, 0)

# stack the two classes
X_all = np.concatenate((violent_videos, calm_videos), axis=0)
y_all = np.concatenate((violent_labels, calm_labels), axis=0)

# hold out a fifth for testing
train_X, test_X, train_y, test_y = train_test_split(X_all, y_all, test_size=0.2, random_state=42)

# Conv3D front end followed by an LSTM over time
clip_model = Sequential()
clip_model.add(Conv3D(32, kernel_size=(3, 3, 3), activation='relu', input_shape=(clip_len, frame_h, frame_w, n_channels)))
clip_model.add(MaxPooling3D(pool_size=(2, 2, 2)))
clip_model.add(Dropout(0.25))  # regularisation
clip_model.add(TimeDistributed(Flatten()))
clip_model.add(LSTM(64))
clip_model.add(Dropout(0.5))  # more regularisation
clip_model.add(Dense(1, activation='sigmoid'))

# Adam with a small step size
adam_opt = Adam(learning_rate=0.0001)
clip_model.compile(optimizer=adam_opt, loss='binary_crossentropy', metrics=['accuracy'])

# keep the best weights and lower the LR when val loss stalls
best_ckpt = ModelCheckpoint('model_best.h5', verbose=1, save_best_only=True)
lr_plateau = ReduceLROnPlateau(monitor='val_loss', factor=0.2, patience=5, min_lr=0.00001, verbose=1)

# training run
fit_history = clip_model.fit(train_X, train_y, validation_split=0.1, epochs=50, batch_size=16, callbacks=[best_ckpt, lr_plateau])

# score on the held-out clips
test_loss_value, test_accuracy = clip_model.evaluate(test_X, test_y)
print(f'held-out accuracy: {test_accuracy}')
model_out_path = 'D:\\project\\trained_model.h5'
clip_model.save(model_out_path)

# report where the weights went
print(f'weights written to {model_out_path}')
