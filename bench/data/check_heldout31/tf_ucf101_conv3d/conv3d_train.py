from keras.callbacks import ModelCheckpoint
from keras.models import Sequential
from keras.layers import Flatten, Dense, Activation, MaxPool3D, Dropout
from keras.layers.convolutional import Conv3D
from keras.utils import np_utils
import numpy as np
from video_classifier_train.ucf.UCF101_loader import ensure_ucf_present
from video_classifier_train.ucf.UCF101_extractor import scan_videos_to_frame_arrays, MAX_CLASS_COUNT
from sklearn.model_selection import train_test_split

BATCH_LEN = 8
N_EPOCHS = 20
VERBOSITY = 1

def batch_generator(video_samples, video_labels):
    n_batches = len(video_samples) // BATCH_LEN

    while True:
        for batch_idx in range(0, n_batches):
            lo = batch_idx * BATCH_LEN
            hi = (batch_idx + 1) * BATCH_LEN
            yield np.array(video_samples[lo:hi]), np.array(video_labels[lo:hi])


def run():
    data_root = './very_large_data'
    model_dir = './models/UCF-101'
    weights_path = model_dir + '/conv3d-weights.h5'
    arch_json_path = model_dir + '/conv3d-architecture.json'
    n_classes = MAX_CLASS_COUNT

    np.random.seed(42)

    longest = 0
    shortest = 1000
    label_ids = dict()
    ensure_ucf_present(data_root)
    video_samples, video_labels = scan_videos_to_frame_arrays(data_root)
    _, frame_h, frame_w, frame_c = video_samples[0].shape
    for clip in video_samples:
        n_frames = clip.shape[0]
        longest = max(n_frames, longest)
        shortest = min(n_frames, shortest)
    for i in range(len(video_samples)):
        clip = video_samples[i]
        clip = clip[0:shortest, :, :, :] / 255
        clip = np.reshape(clip, newshape=(frame_h, frame_w, frame_c, shortest))
        video_samples[i] = clip
    for cls_name in video_labels:
        if cls_name not in label_ids:
            label_ids[cls_name] = len(label_ids)
    for i in range(len(video_labels)):
        video_labels[i] = label_ids[video_labels[i]]

    video_labels = np_utils.to_categorical(video_labels, n_classes)

    conv3d_model = Sequential()
    conv3d_model.add(Conv3D(filters=32, kernel_size=(3, 3, 3), input_shape=(frame_h, frame_w, frame_c, shortest)
                     , padding='same'))
    conv3d_model.add(Activation('relu'))
    conv3d_model.add(Conv3D(filters=32, kernel_size=(3, 3, 3), padding='same'))
    conv3d_model.add(Activation('relu'))
    conv3d_model.add(Conv3D(filters=64, kernel_size=(3, 3, 3), padding='same'))
    conv3d_model.add(Activation('relu'))
    conv3d_model.add(Flatten())
    conv3d_model.add(Dense(64, activation='relu'))
    conv3d_model.add(Dropout(0.5))
    conv3d_model.add(Dense(n_classes, activation='softmax'))

    conv3d_model.compile(optimizer='adam', loss='categorical_crossentropy', metrics=['accuracy'])
    open(arch_json_path, 'w').write(conv3d_model.to_json())
    train_X, test_X, train_Y, test_Y = train_test_split(video_samples, video_labels, test_size=0.2, random_state=42)

    train_batches = batch_generator(train_X, train_Y)
    test_batches = batch_generator(test_X, test_Y)

    train_steps = len(train_X) // BATCH_LEN
    test_steps = len(test_X) // BATCH_LEN

    ckpt_cb = ModelCheckpoint(filepath=weights_path, save_best_only=True)
    conv3d_model.fit_generator(generator=train_batches, steps_per_epoch=train_steps,
                        epochs=NUM_EPOCHS,
                        verbose=1, validation_data=test_batches, validation_steps=test_steps, callbacks=[ckpt_cb])
    conv3d_model.save_weights(weights_path)


if __name__ == '__main__':
    run()
