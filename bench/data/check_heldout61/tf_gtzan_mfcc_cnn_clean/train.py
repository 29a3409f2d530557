from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D, Flatten, Dense, Dropout
from keras.utils import to_categorical
from sklearn.model_selection import train_test_split
import numpy as np
from mfcc_features import collect_mfccs

style_names = ["blues","classical", "country", "disco", "hiphop",
               "jazz", "metal", "pop", "reggae", "rock"]

feats, targets = collect_mfccs('songs/genres', style_names)
feats = feats[..., np.newaxis]
targets = to_categorical(targets, num_classes=10)

feats_tr, feats_te, targets_tr, targets_te = train_test_split(feats, targets, test_size=0.2, random_state=42)

net = Sequential([
    Conv2D(32, (3, 3), activation='relu', input_shape=(40, 130, 1)),
    MaxPooling2D((2, 2)),
    Dropout(0.3),

    Conv2D(64, (3, 3), activation='relu'),
    MaxPooling2D((2, 2)),
    Dropout(0.3),

    Flatten(),
    Dense(128, activation='relu'),
    Dropout(0.3),
    Dense(10, activation='softmax')
])

net.compile(optimizer='adam', loss='categorical_crossentropy', metrics=['accuracy'])
net.fit(feats_tr, targets_tr, epochs=30, batch_size=32, validation_data=(feats_te, targets_te))
net.save("saved/genre_cnn.h5")
