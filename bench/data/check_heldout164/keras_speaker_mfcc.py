import os
import librosa
import numpy as np
from sklearn.preprocessing import LabelEncoder
from sklearn.model_selection import train_test_split
from tensorflow.keras import models, layers

# Walk the speaker folders, decode every wav and keep its MFCC matrix
def load_data_from_folder(folder_path, num_mfcc=13, sr=44100, n_fft=2048, hop_length=512):
    mfccs = []
    labels = []
    for speaker_folder in os.listdir(folder_path):
        speaker_path = os.path.join(folder_path, speaker_folder)
        if os.path.isdir(speaker_path):
            for filename in os.listdir(speaker_path):
                if filename.endswith('.wav'):
                    file_path = os.path.join(speaker_path, filename)
                    audio, sr = librosa.load(file_path, sr=sr)
                    mfcc = librosa.feature.mfcc(y=audio, sr=sr, n_mfcc=num_mfcc, n_fft=n_fft, hop_length=hop_length)
                    mfccs.append(mfcc.T)  # frames first
                    labels.append(speaker_folder)
    return mfccs, labels

# Root folder of the per-speaker recordings
folder_path = '/data/16000_pcm_speeches'

# Feature extraction
mfccs, labels = load_data_from_folder(folder_path)

# Speaker names -> integer ids
label_encoder = LabelEncoder()
encoded_labels = label_encoder.fit_transform(labels)

# Bring every MFCC matrix to the frame count of the longest one
max_frames = max(len(mfcc) for mfcc in mfccs)
mfccs_padded = [np.pad(mfcc, ((0, max_frames - len(mfcc)), (0, 0)), mode='constant') for mfcc in mfccs]

# Stack the padded matrices into one array
mfccs_array = np.array(mfccs_padded)

# Hold out a test split
X_train, X_test, y_train, y_test = train_test_split(mfccs_array, encoded_labels, test_size=0.2, random_state=42)

# Add a channel axis for the Conv2D layers
X_train = X_train[..., np.newaxis]
X_test = X_test[..., np.newaxis]

# Small CNN
model = models.Sequential([
    layers.Conv2D(32, (3, 3), activation='relu', input_shape=(X_train.shape[1:])),
    layers.MaxPooling2D((2, 2)),
    layers.Conv2D(64, (3, 3), activation='relu'),
    layers.MaxPooling2D((2, 2)),
    layers.Flatten(),
    layers.Dense(128, activation='relu'),
    layers.Dense(len(np.unique(labels)), activation='softmax')  
])

# Optimiser and loss
model.compile(optimizer='adam',
              loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])

# Fit
model.fit(X_train, y_train, epochs=10, batch_size=32, validation_split=0.1)

# Score on the held-out part
test_loss, test_acc = model.evaluate(X_test, y_test)
print('Test accuracy:', test_acc)
