# ---- sizes of the landmark tensors ----
import os, json, warnings
warnings.filterwarnings("ignore")

# how many clips per sign and frames per clip to keep
videos_per_handsign = 80  # clips taken per sign
frames_per_video = 10
num_landmarks = 51
num_coordinates = 3

num_additional_samples = 2  # extra frame subsets drawn from every clip

data_augmentation = True  # jitter/rotate each clip into extra copies
num_augmented_versions = 3

# every clip now yields (1 + extra) samples
videos_per_handsign = videos_per_handsign * (1+num_additional_samples)

# one folder per sign (folders starting with '#' hold more sign folders)
root_path = "ACOTADONomenclatedDataset"

def get_handsign_folders(root_path):
    handsign_names = {}
    handsign_video_counts = {}  # sign name -> number of clips
    handsign_count = 0

    # scan the top level
    for folder in os.listdir(root_path):
        folder_path = os.path.join(root_path, folder)

        # skip plain files
        if not os.path.isdir(folder_path):
            continue

        # grouping folder: its children are the signs
        if folder.startswith("#"):
            for subfolder in os.listdir(folder_path):
                subfolder_path = os.path.join(folder_path, subfolder)
                if os.path.isdir(subfolder_path):
                    handsign_names[handsign_count] = subfolder
                    # clips in this sign folder
                    videos = [f for f in os.listdir(subfolder_path) if f.endswith(('.mp4', '.avi', '.MOV'))]
                    handsign_video_counts[subfolder] = len(videos)
                    handsign_count += 1
        else:
            # the folder itself is a sign
            handsign_names[handsign_count] = folder
            # clips in this sign folder
            videos = [f for f in os.listdir(folder_path) if f.endswith(('.mp4', '.avi', '.MOV'))]
            handsign_video_counts[folder] = len(videos)
            handsign_count += 1

    return handsign_names, handsign_video_counts

# index the dataset
handsign_names, handsign_video_counts = get_handsign_folders(root_path)
num_handsigns = len(handsign_names)

# most populated signs first
sorted_handsign_video_counts = dict(sorted(handsign_video_counts.items(), key=lambda item: item[1], reverse=True))

# report
print(f"Number of handsigns: {num_handsigns}")
print("Handsign names:")
print(json.dumps(handsign_names, indent=4))

print("\nVideo counts per handsign (sorted by number of videos):")
print(json.dumps(sorted_handsign_video_counts, indent=4))

import numpy as np

# placeholder array with the final shape
data = [np.random.rand(videos_per_handsign, frames_per_video, num_landmarks, num_coordinates) for _ in range(num_handsigns)]

# stack to (signs, clips, frames, landmarks, xyz)
data_array = np.array(data)

# write to disk
np.save('handsigns_data.npy', data_array)

# ---- landmark extraction helpers (MediaPipe hands + pose) ----
import cv2
import mediapipe as mp
import numpy as np
import os
from tqdm import tqdm

def extract_landmarks(hands_results, pose_results, last_handedness):
    landmarks = []

    try:
        nose_landmark = pose_results.pose_landmarks.landmark[0]
    except:
        class nose_landmark:
            x = 0
            y = 0
            z = 0
        nose_landmark = nose_landmark()

    left_hand_landmarks = [(0, 0, 0)] * 21
    right_hand_landmarks = [(0, 0, 0)] * 21

    if hands_results.multi_hand_landmarks and hands_results.multi_handedness:
        for i, hand_landmarks in enumerate(hands_results.multi_hand_landmarks):
            label = hands_results.multi_handedness[i].classification[0].label
            if label == 'Left':
                left_hand_landmarks = [(lm.x - nose_landmark.x, lm.y - nose_landmark.y, lm.z - nose_landmark.z) for lm in hand_landmarks.landmark]
                last_handedness['Left'] = True
            elif label == 'Right':
                right_hand_landmarks = [(lm.x - nose_landmark.x, lm.y - nose_landmark.y, lm.z - nose_landmark.z) for lm in hand_landmarks.landmark]
                last_handedness['Right'] = True

    if not hands_results.multi_hand_landmarks or len(hands_results.multi_hand_landmarks) < 2:
        if not last_handedness.get('Left'):
            left_hand_landmarks = [(0, 0, 0)] * 21
        if not last_handedness.get('Right'):
            right_hand_landmarks = [(0, 0, 0)] * 21

    landmarks.extend(left_hand_landmarks)
    landmarks.extend(right_hand_landmarks)

    selected_body_landmarks = [0, 11, 12, 13, 14, 15, 16, 23, 24]
    if pose_results.pose_landmarks:
        for idx in selected_body_landmarks:
            lm = pose_results.pose_landmarks.landmark[idx]
            landmarks.append((lm.x - nose_landmark.x, lm.y - nose_landmark.y, lm.z - nose_landmark.z))
    else:
        landmarks.extend([(0, 0, 0)] * 9)

    return np.array(landmarks), last_handedness

def process_frame(frame, hands, pose, last_handedness):
    image = cv2.cvtColor(frame, cv2.COLOR_BGR2RGB)

    hands_results = hands.process(image)
    pose_results = pose.process(image)

    landmarks, last_handedness = extract_landmarks(hands_results, pose_results, last_handedness)

    return landmarks, last_handedness

def process_video_with_samples(video_path, frames_per_video, num_landmarks, num_coordinates, num_additional_samples=0):
    cap = cv2.VideoCapture(video_path)

    # unreadable clip: return zeros
    if not cap.isOpened():
        print(f"Error: Unable to open video {video_path}.")
        return np.zeros((1 + num_additional_samples, frames_per_video, num_landmarks, num_coordinates))

    needs_interpolation = False
    total_frames = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))

    if total_frames < frames_per_video/4 or total_frames < 3:
        print(f"Error: frames on {video_path} are less than 25% of frames_per_video or less than 3. filling with zeros.")
        return np.zeros((1 + num_additional_samples, frames_per_video, num_landmarks, num_coordinates))
    elif total_frames < frames_per_video * (1 + num_additional_samples):
        needs_interpolation = True
        print(f"Warning: Video {video_path} has fewer frames ({total_frames}) than required ({frames_per_video} * {num_additional_samples+1}). Interpolating frames.")

    # decode the clip into memory
    frame_buffer = {}
    frame_count = 0
    while cap.isOpened():
        ret, frame = cap.read()
        if not ret:
            break
        frame_buffer[frame_count] = frame
        frame_count += 1
    cap.release()

    # too few frames: blend neighbours to make more
    if needs_interpolation:
        interpolated_frames = {}
        for i in range(total_frames - 1):
            interpolated_frames[i] = frame_buffer[i]
            # blended frames between i and i+1
            num_interp_frames = max(1, frames_per_video // total_frames)
            for alpha in np.linspace(0, 1, num_interp_frames + 2)[1:-1]:
                interp_frame = cv2.addWeighted(frame_buffer[i], 1 - alpha, frame_buffer[i + 1], alpha, 0)
                interpolated_frames[len(interpolated_frames)] = interp_frame
        frame_buffer = interpolated_frames

    # pick evenly spaced frame indices for each subset
    frames_data = []
    frame_sets = [np.linspace(0, len(frame_buffer) - 1, frames_per_video, dtype=int)]

    for i in range(1, num_additional_samples + 1):
        available_frames = list(set(range(len(frame_buffer))) - set(frame_sets[0]))
        if len(available_frames) >= frames_per_video:
            additional_indices = [available_frames[idx] for idx in np.linspace(0, len(available_frames) - 1, frames_per_video, dtype=int)]
        else:
            additional_indices = np.linspace(0, len(frame_buffer) - 1, frames_per_video, dtype=int)
        frame_sets.append(additional_indices)

    # run MediaPipe on the chosen frames
    last_handedness = {'Left': False, 'Right': False}
    mp_hands = mp.solutions.hands
    mp_pose = mp.solutions.pose

    with mp_hands.Hands(static_image_mode=False, max_num_hands=2, min_detection_confidence=0.5) as hands, \
         mp_pose.Pose(static_image_mode=False, min_detection_confidence=0.5, min_tracking_confidence=0.5) as pose:

        for frame_set in frame_sets:
            for frame_idx in frame_set:
                if frame_idx in frame_buffer:
                    landmarks, last_handedness = process_frame(frame_buffer[frame_idx], hands, pose, last_handedness)
                    frames_data.append(landmarks)

    # (subsets, frames, landmarks, xyz)
    reshaped_data = np.array(frames_data).reshape((1 + num_additional_samples, frames_per_video, num_landmarks, num_coordinates))

    return reshaped_data

def process_dataset_with_samples(root_path, handsign_names, frames_per_video, num_landmarks, num_coordinates, videos_per_handsign, num_additional_samples=0):
    data = []

    # clips to read per sign, undoing the earlier multiplication
    videos_to_process = videos_per_handsign // (1 + num_additional_samples)

    for handsign_index in range(len(handsign_names)):
        handsign_folder = handsign_names[handsign_index]
        handsign_path = os.path.join(root_path, handsign_folder)

        if not os.path.exists(handsign_path):
            print(f"Warning: Directory {handsign_path} does not exist. Skipping.")
            data.append(np.zeros((videos_per_handsign, frames_per_video, num_landmarks, num_coordinates)))
            continue

        videos = [f for f in os.listdir(handsign_path) if f.endswith(('.mp4', '.avi', '.mov'))]
        handsign_data = []

        # walk the clips of this sign
        for video in tqdm(videos[:videos_to_process], desc=f"Processing videos for handsign {handsign_index}", leave=False):
            video_path = os.path.join(handsign_path, video)

            # landmarks for every subset of this clip
            video_data = process_video_with_samples(video_path, frames_per_video, num_landmarks, num_coordinates, num_additional_samples)

            # keep each subset as its own sample
            for sample in video_data:
                handsign_data.append(sample)

        handsign_data = np.array(handsign_data)
        total_video_samples = handsign_data.shape[0]  # samples produced for this sign

        # pad or trim to the fixed count
        if total_video_samples < videos_per_handsign:
            padding_needed = videos_per_handsign - total_video_samples
            print(f"Warning: YOU SHOULD NEVER SEE THIS WARNING SOMETHING IS PROBABLY BROKEN. Handsign {handsign_index} ('{handsign_folder}') has only {total_video_samples} samples. "
                  f"Padding with {padding_needed} empty samples.")
            handsign_data = np.pad(handsign_data, ((0, padding_needed), (0, 0), (0, 0), (0, 0)), mode='constant')
        elif total_video_samples > videos_per_handsign:
            handsign_data = handsign_data[:videos_per_handsign]
            print(f"Warning: YOU SHOULD NEVER SEE THIS WARNING SOMETHING IS PROBABLY BROKEN. More samples generated ({total_video_samples}) than expected ({videos_per_handsign}). Trimming excess samples.")

        data.append(handsign_data)

    final_data = np.array(data)
    print(f"Final dataset shape: {final_data.shape}")

    return final_data

# ---- run the extraction ----
data_array = process_dataset_with_samples(root_path, handsign_names, frames_per_video, num_landmarks, num_coordinates, videos_per_handsign, num_additional_samples)

# write to disk
np.save('handsigns_data.npy', data_array)
print("Data saved to handsigns_data.npy")

# ---- optional geometric augmentation of landmarks ----

def apply_rotation(landmarks, angle_degrees_x, angle_degrees_y, angle_degrees_z):
    """Rotate the landmarks in 3D space by given angles around X, Y, and Z axes."""
    angle_radians_x = np.radians(angle_degrees_x)
    angle_radians_y = np.radians(angle_degrees_y)
    angle_radians_z = np.radians(angle_degrees_z)

    # about x
    rotation_matrix_x = np.array([
        [1, 0, 0],
        [0, np.cos(angle_radians_x), -np.sin(angle_radians_x)],
        [0, np.sin(angle_radians_x), np.cos(angle_radians_x)]
    ])

    # about y
    rotation_matrix_y = np.array([
        [np.cos(angle_radians_y), 0, np.sin(angle_radians_y)],
        [0, 1, 0],
        [-np.sin(angle_radians_y), 0, np.cos(angle_radians_y)]
    ])

    # about z
    rotation_matrix_z = np.array([
        [np.cos(angle_radians_z), -np.sin(angle_radians_z), 0],
        [np.sin(angle_radians_z), np.cos(angle_radians_z), 0],
        [0, 0, 1]
    ])

    # compose z*y*x
    combined_rotation_matrix = np.dot(np.dot(rotation_matrix_z, rotation_matrix_y), rotation_matrix_x)

    return np.dot(landmarks, combined_rotation_matrix)

def apply_scaling(landmarks, scale_factor):
    """Scale the landmarks by a given factor."""
    return landmarks * scale_factor

def apply_translation(landmarks, translation_vector):
    """Translate the landmarks by a given vector (x, y, z)."""
    return landmarks + translation_vector

def add_noise(landmarks, noise_level=0.001):
    """Add random noise to the landmarks."""
    noise = np.random.normal(0, noise_level, landmarks.shape)
    return landmarks + noise

def augment_data(data_array, num_augmented_versions=5):
    """
    Augment the data array by applying transformations.
    Creates `num_augmented_versions` augmented copies of each handsign video.
    """

    # one random transform shared by the whole call
    noise_level = 0.005
    translation_vector = np.random.uniform(-0.05, 0.05, 3)
    scale_factor = np.random.uniform(0.6, 1.6)
    angle_degrees_x = np.random.uniform(-20, 20)
    angle_degrees_y = np.random.uniform(-20, 20)
    angle_degrees_z = np.random.uniform(-20, 20)

    augmented_data = []
    for handsign_data in data_array:
        augmented_handsign_data = []
        for video_data in handsign_data:
            augmented_videos = [video_data]  # original first

            for _ in range(num_augmented_versions):
                augmented_video = []
                for frame in video_data:
                    # rotate, scale, shift, add noise
                    rotated_frame = apply_rotation(frame, angle_degrees_x, angle_degrees_y, angle_degrees_z)
                    scaled_frame = apply_scaling(rotated_frame, scale_factor)
                    translated_frame = apply_translation(scaled_frame, translation_vector)
                    noisy_frame = add_noise(translated_frame, noise_level)

                    augmented_video.append(noisy_frame)

                augmented_videos.append(np.array(augmented_video))

            # original + copies go into this sign's list
            augmented_handsign_data.extend(augmented_videos)

        augmented_data.append(np.array(augmented_handsign_data))

    return np.array(augmented_data)

# extracted landmarks
handsigns_data = np.load('handsigns_data.npy')

# augment and re-read
if data_augmentation:
    augmented_data = augment_data(handsigns_data, num_augmented_versions)
    # write the augmented set
    np.save('handsigns_data_augmented.npy', augmented_data)
    # clip count per sign after augmentation
    data_array = np.load('handsigns_data_augmented.npy')
    videos_per_handsign = data_array.shape[1]

    print("Augmented data saved to handsigns_data_augmented.npy, videos_per_handsign augmented by "+str(num_augmented_versions)+" per existing video for a total of "+str(videos_per_handsign)+" videos per handsign")
else:
    print("no data augmentation was performed, check the flag on the first cell")

# ---- model ----
import tensorflow as tf
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import LSTM, Dense, Reshape, Dropout, BatchNormalization, Bidirectional
from tensorflow.keras.regularizers import l2
from tensorflow.keras.optimizers import Adam

# frames x flattened landmarks
new_input_shape = (frames_per_video, num_landmarks * num_coordinates)

model = Sequential([
    # flatten landmarks per frame
    Reshape((frames_per_video, num_landmarks * num_coordinates), input_shape=(frames_per_video, num_landmarks, num_coordinates)),

    # recurrent stack with regularisation
    Bidirectional(LSTM(64, return_sequences=True, kernel_regularizer=l2(0.05))),
    BatchNormalization(),
    Dropout(0.4),

    LSTM(128, return_sequences=False, kernel_regularizer=l2(0.05)),
    BatchNormalization(),
    Dropout(0.3),

    # dense head
    Dense(128, activation='relu', kernel_regularizer=l2(0.05)),
    BatchNormalization(),
    Dropout(0.2),

    # one output per sign
    Dense(num_handsigns, activation='softmax')
])

# optimiser settings
learning_rate = 0.005

model.compile(optimizer=Adam(learning_rate=learning_rate), loss='sparse_categorical_crossentropy', metrics=['accuracy'])

# ---- per-sign train/validation split ----
from sklearn.model_selection import train_test_split
import shutil

# work on a copy of the saved file
if data_augmentation:
    shutil.copy('handsigns_data_augmented.npy', 'handsigns_data_training_copy.npy')
    data_array = np.load('handsigns_data_training_copy.npy')

    print("using handsigns_data_augmented.npy. After augmentation videos per handsign updated to: " + str(data_array.shape[1]))
else:
    shutil.copy('handsigns_data.npy', 'handsigns_data_training_copy.npy')
    data_array = np.load('handsigns_data_training_copy.npy')

print('Array used shape: ',data_array.shape)
X = data_array

# label = sign index, one per clip
y = np.repeat(np.arange(num_handsigns), videos_per_handsign)
y = y.reshape(num_handsigns, videos_per_handsign)

# per-sign pieces
X_train_list = []
X_val_list = []
y_train_list = []
y_val_list = []

# 80/20 split inside every sign
for handsign_index in range(num_handsigns):
    train_indices, val_indices = train_test_split(
        np.arange(videos_per_handsign),
        test_size=0.2,
        random_state=42
    )

    # gather this sign's clips
    X_train_list.append(data_array[handsign_index, train_indices])
    X_val_list.append(data_array[handsign_index, val_indices])

    # and their labels
    y_train_list.append(y[handsign_index, train_indices])
    y_val_list.append(y[handsign_index, val_indices])

# join the pieces
X_train = np.concatenate(X_train_list, axis=0)
X_val = np.concatenate(X_val_list, axis=0)
y_train = np.concatenate(y_train_list, axis=0)
y_val = np.concatenate(y_val_list, axis=0)

# (samples, frames, landmarks, xyz)
X_train = X_train.reshape(-1, frames_per_video, num_landmarks, num_coordinates)
X_val = X_val.reshape(-1, frames_per_video, num_landmarks, num_coordinates)

# 1-D label vectors
y_train = y_train.flatten()
y_val = y_val.flatten()

# ---- training ----
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint, ReduceLROnPlateau

# XLA on
tf.config.optimizer.set_jit(True)

# callbacks: stop early, keep the best model, lower the LR on plateaus

early_stopping = EarlyStopping(monitor='val_loss', patience=10, restore_best_weights=True)
checkpoint = ModelCheckpoint('best_handsigns_model.keras', monitor='val_loss', save_best_only=True, verbose=0)
reduce_lr = ReduceLROnPlateau(monitor='val_loss', factor=0.5, patience=5, min_lr=1e-6)

# fit
history = model.fit(
    X_train, y_train,
    epochs=300,
    batch_size=32,
    validation_data=(X_val, y_val),
    callbacks=[early_stopping, checkpoint, reduce_lr],
    verbose=1
)

# final weights
model.save('handsigns_model.h5')

# history for later plots
import pickle
with open('training_history.pkl', 'wb') as f:
    pickle.dump(history.history, f)
