import os
import numpy as np
import pandas as pd
import librosa
from glob import glob
from joblib import Parallel, delayed
import tensorflow as tf
import tensorflow.keras.layers as L
from tensorflow.keras.models import Model
from sklearn.preprocessing import OneHotEncoder
from sklearn.model_selection import train_test_split
from sklearn.metrics import confusion_matrix, classification_report, accuracy_score, f1_score
from keras.callbacks import ModelCheckpoint, EarlyStopping, ReduceLROnPlateau

def noise(data, noise_factor=0.035):
    noise_amp = noise_factor * np.random.uniform() * np.amax(data)
    return data + noise_amp * np.random.normal(size=data.shape[0])

def stretch(data, rate_min=0.8, rate_max=1.2):
    rate = np.random.uniform(low=rate_min, high=rate_max)
    return librosa.effects.time_stretch(data, rate=rate)

def shift(data):
    shift_range = int(np.random.uniform(low=-5, high=5) * 1000)
    return np.roll(data, shift_range)

def pitch(data, sampling_rate, pitch_steps_min=-4, pitch_steps_max=4):
    pitch_steps = np.random.randint(low=pitch_steps_min, high=pitch_steps_max)
    return librosa.effects.pitch_shift(data, sr=sampling_rate, n_steps=pitch_steps)


# per-clip feature matrix: log-mel, MFCC, chroma, ZCR, RMS stacked on the feature axis
def extract_features(data, sampling_rate, n_mels=128, fmax=8000, n_mfcc=40):
    stft = np.abs(librosa.stft(data, n_fft=2048, hop_length=512))
    mel_spec = librosa.feature.melspectrogram(S=stft**2, sr=sampling_rate, n_mels=n_mels, fmax=fmax)
    log_mel_spec = librosa.power_to_db(mel_spec, ref=np.max)
    
    mfccs = librosa.feature.mfcc(y=data, sr=sampling_rate, n_mfcc=n_mfcc)
    
    chroma = librosa.feature.chroma_stft(S=stft, sr=sampling_rate)
    
    zcr = librosa.feature.zero_crossing_rate(y=data)
    
    rmse = librosa.feature.rms(y=data)
    
    # stack along the feature axis; time padding happens later
    
    # cut all parts to the shortest frame count
    min_frames = min(log_mel_spec.shape[1], mfccs.shape[1], chroma.shape[1], zcr.shape[1], rmse.shape[1])
    
    combined_features = np.vstack([
        log_mel_spec[:, :min_frames],
        mfccs[:, :min_frames],
        chroma[:, :min_frames],
        zcr[:, :min_frames],
        rmse[:, :min_frames]
    ])
    
    return combined_features

# song and speech recordings together
audio_dirs = [
    '/kaggle/input/audio/Audio_Song_Actors_01-24',
    '/kaggle/input/audio/Audio_Speech_Actors_01-24'
]
audio_files = []
for d in audio_dirs:
    audio_files.extend(glob(os.path.join(d, '**', '*.wav'), recursive=True))
print(f"Total audio files found: {len(audio_files)}")

# file name -> emotion table
labels_df = pd.read_csv('/kaggle/input/audio/all_labels.csv')
labels_dict = {os.path.basename(row['filename']): row['emotion'] for _, row in labels_df.iterrows()}

# sizes
N_MELS = 128 # mel bands
N_MFCC = 40 # MFCC count
MAX_FRAMES = 175 # time frames kept per clip

# decode one file, make 3 augmented copies, return 4 feature matrices
def process_file(file_path):
    file_name = os.path.basename(file_path)
    emotion = labels_dict.get(file_name)
    if emotion is None:
        return []

    try:
        data, sr = librosa.load(file_path, duration=3, offset=0.5, sr=22050) 
        if len(data) < 3 * sr:
             return []
    except Exception as e:
        print(f"Error loading {file_path}: {e}")
        return []

    augmented_datas = [
        data,
        noise(data),
        stretch(data),
        pitch(data, sr)
    ]
    
    result = []
    for aug_data in augmented_datas:
        features = extract_features(aug_data, sr, n_mels=N_MELS, n_mfcc=N_MFCC)
        result.append((features, emotion))
    return result

results = Parallel(n_jobs=4)(delayed(process_file)(f) for f in audio_files)
features_and_labels = [item for sublist in results for item in sublist]

# feature rows, read off the first sample
if features_and_labels:
    sample_features = features_and_labels[0][0]
    TOTAL_FEATURES = sample_features.shape[0]
    print(f"Total number of combined features per frame: {TOTAL_FEATURES}")
else:
    TOTAL_FEATURES = N_MELS + N_MFCC + 12 + 1 + 1 # fallback: 128 + 40 + 12 + 1 + 1
    print(f"No features processed. Defaulting TOTAL_FEATURES to {TOTAL_FEATURES}")


def pad_features(f, max_frames=MAX_FRAMES, total_features=TOTAL_FEATURES):
    if f.shape[1] < max_frames:
        pad_width = max_frames - f.shape[1]
        return np.pad(f, ((0, 0), (0, pad_width)), mode='constant')
    else:
        return f[:, :max_frames]

X_padded = [pad_features(f, max_frames=MAX_FRAMES, total_features=TOTAL_FEATURES) for f, _ in features_and_labels]

X = np.array(X_padded)
X = X[..., np.newaxis]
Y = np.array([l for _, l in features_and_labels])

print(f"Final X shape: {X.shape}")

Y = np.array(Y).reshape(-1, 1) 

encoder = OneHotEncoder(sparse_output=False)
Y_encoded = encoder.fit_transform(Y)

print("Encoder classes:", encoder.categories_)
print("Shape of Y_encoded:", Y_encoded.shape)
print("Sample one-hot rows:", Y_encoded[:5])

# 20% test
X_temp, X_test, Y_temp, Y_test = train_test_split(
    X, Y_encoded, test_size=0.2, random_state=42, shuffle=True, stratify=Y
)

# 10% of the rest for validation
X_train, X_val, Y_train, Y_val = train_test_split(
    X_temp, Y_temp, test_size=0.10, random_state=42, shuffle=True, stratify=Y_temp
)

print(f"Train samples: {len(X_train)}")
print(f"Validation samples: {len(X_val)}")
print(f"Test samples: {len(X_test)}")

unique_emotions = len(np.unique(Y))
print(f"Number of unique emotions: {unique_emotions}")

# training callbacks
early_stopping = EarlyStopping(monitor='val_accuracy',mode='max',patience=15,restore_best_weights=True)
lr_reduction = ReduceLROnPlateau(monitor='val_accuracy',patience=5,verbose=1,factor=0.5,min_lr=0.00001)
model_checkpoint = ModelCheckpoint('best_model2_weights.keras', monitor='val_accuracy', save_best_only=True)

def cnn_rnn_model(input_shape, num_classes):
    inputs = tf.keras.Input(shape=input_shape)
    
    # conv block 1
    x = L.Conv2D(64, (3, 3), activation='relu', padding='same')(inputs)
    x = L.BatchNormalization()(x)
    x = L.Conv2D(64, (3, 3), activation='relu', padding='same')(x)
    x = L.BatchNormalization()(x)
    x = L.MaxPooling2D((2, 2))(x)
    x = L.Dropout(0.25)(x)

    # conv block 2
    x = L.Conv2D(128, (3, 3), activation='relu', padding='same')(x)
    x = L.BatchNormalization()(x)
    x = L.Conv2D(128, (3, 3), activation='relu', padding='same')(x)
    x = L.BatchNormalization()(x)
    x = L.MaxPooling2D((2, 2))(x)
    x = L.Dropout(0.25)(x)

    # conv block 3
    x = L.Conv2D(256, (3, 3), activation='relu', padding='same')(x)
    x = L.BatchNormalization()(x)
    x = L.Conv2D(256, (3, 3), activation='relu', padding='same')(x)
    x = L.BatchNormalization()(x)
    x = L.MaxPooling2D((2, 2))(x)
    x = L.Dropout(0.25)(x)

    # fold channels into features for the LSTMs
    shape = tf.keras.backend.int_shape(x)
    x = L.Reshape((shape[1], shape[2] * shape[3]))(x)
    
    # recurrent part
    x = L.Bidirectional(L.LSTM(256, return_sequences=True))(x)
    x = L.Dropout(0.3)(x)
    x = L.Bidirectional(L.LSTM(128, return_sequences=False))(x) # last LSTM returns one vector
    x = L.BatchNormalization()(x)
    x = L.Dropout(0.4)(x)
    
    # dense head
    x = L.Dense(256, activation='relu')(x)
    x = L.BatchNormalization()(x)
    x = L.Dropout(0.4)(x)
    outputs = L.Dense(num_classes, activation='softmax')(x)
    
    return tf.keras.Model(inputs, outputs)

model = cnn_rnn_model((TOTAL_FEATURES, MAX_FRAMES, 1), num_classes=8)
model.summary()

model.compile(
    optimizer=tf.keras.optimizers.Adam(learning_rate=5e-5), # small step size
    loss='categorical_crossentropy',
    metrics=['accuracy']
)

callbacks = [early_stopping, lr_reduction, model_checkpoint]

history = model.fit(
    X_train, Y_train,
    validation_data=(X_val, Y_val),
    epochs=200, # early stopping ends it sooner
    batch_size=64, # batch of 64
    callbacks=callbacks,
    verbose=1
)

y_pred_probs = model.predict(X_test)
y_pred = np.argmax(y_pred_probs, axis=1)
y_true = np.argmax(Y_test, axis=1)

cm = confusion_matrix(y_true, y_pred)
print("Confusion Matrix:\n", cm)

report = classification_report(y_true, y_pred, target_names=encoder.categories_[0])
print("Classification Report:\n", report)

overall_accuracy = accuracy_score(y_true, y_pred)
print(f"Overall Accuracy: {overall_accuracy*100:.2f}%")

macro_f1 = f1_score(y_true, y_pred, average='macro')
print(f"Macro F1 Score: {macro_f1*100:.2f}%")

per_class_accuracy = cm.diagonal() / cm.sum(axis=1)
for idx, acc in enumerate(per_class_accuracy):
    print(f"Accuracy for class {encoder.categories_[0][idx]}: {acc*100:.2f}%")

model.save('best_model_improved.h5')
