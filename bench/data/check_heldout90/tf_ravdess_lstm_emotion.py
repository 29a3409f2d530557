import os
import librosa
import random
import json
import numpy as np
import warnings
import matplotlib.pyplot as plt
from sklearn.preprocessing import LabelEncoder
from sklearn.model_selection import train_test_split
import soundfile as sf   # soundfile backend for reading audio
import tensorflow as tf
import sounddevice as sd
from scipy.io.wavfile import write
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Dropout, LSTM
import random
warnings.filterwarnings('ignore')
# fix every random generator so repeated runs give the same numbers
tf.random.set_seed(42)
np.random.seed(42)
random.seed(42)

import kagglehub
# fetch the RAVDESS speech corpus
corpus_dir = kagglehub.dataset_download("uwrfkaggler/ravdess-emotional-speech-audio")
print("corpus downloaded to:", corpus_dir)

# RAVDESS file names encode the emotion as the third field
code_to_mood = {
    '01': 'neutral',
    '02': 'calm',
    '03': 'happy',
    '04': 'sad',
    '05': 'angry',
    '06': 'fearful',
    '07': 'disgust',
    '08': 'surprised'
}

# signal settings
RATE = 66150
SECONDS = 3.0
N_TARGET = int(RATE * SECONDS)
NUM_CEPS = 40
ROWS_MAX = 180
STRIP_QUIET = True

feats_all, moods_all = [], []

def read_fixed(wav_path, sr=RATE, n_target=N_TARGET, strip_quiet=STRIP_QUIET):
    sig, got_sr = librosa.load(wav_path, sr=sr, mono=True)
    if strip_quiet:
        sig, _ = librosa.effects.trim(sig, top_db=20)
    if len(sig) < n_target:
        sig = np.pad(sig, (0, n_target - len(sig)), 'constant')
    elif len(sig) > n_target:
        begin = max(0, (len(sig) - n_target) // 2)
        sig = sig[begin:begin + n_target]
    return sig


def stack_features(sig, sr=RATE, n_mfcc=NUM_CEPS):
    ceps = librosa.feature.mfcc(y=sig, sr=sr, n_mfcc=n_mfcc)
    chrom = librosa.feature.chroma_stft(y=sig, sr=sr)
    melspec = librosa.feature.melspectrogram(y=sig, sr=sr)
    contr = librosa.feature.spectral_contrast(y=sig, sr=sr)
    block = np.vstack([ceps, chrom, melspec, contr])

    if block.shape[0] < ROWS_MAX:
        block = np.pad(block, ((0, ROWS_MAX - block.shape[0]), (0, 0)), mode='constant')
    else:
        block = block[:ROWS_MAX, :]
    return block

# go over the corpus and read the mood from each file name
for base, _, names in os.walk(corpus_dir):
    for nm in names:
        if not nm.lower().endswith(('.wav', '.mp3', '.flac', '.ogg')):
            continue

        # third dash-separated field holds the mood code
        try:
            fields = nm.split('-')
            if len(fields) < 3:
                continue
            mood_code = fields[2]
            mood = code_to_mood.get(mood_code)
            if mood is None:
                continue

            full_path = os.path.join(base, nm)
            sig = read_fixed(full_path)
            block = stack_features(sig)
            feats_all.append(block)
            moods_all.append(mood)
        except Exception as err:
            print(f"could not handle {nm}: {err}")

feats_all = np.array(feats_all)
moods_all = np.array(moods_all)

print(f"feature tensor: {feats_all.shape}")
print(f"label vector: {moods_all.shape}")
print(f"moods present: {set(moods_all)}")


enc = LabelEncoder()
mood_ids = enc.fit_transform(moods_all)
print("encoder classes:", enc.classes_)

# keep a copy on disk
np.save("feats_stacked.npy", feats_all)
np.save("mood_ids.npy", mood_ids)

# hold out a fifth for testing
Xtr, Xte, ytr, yte = train_test_split(feats_all, mood_ids, test_size=0.2, random_state=42)

net = Sequential([
    LSTM(256, return_sequences=True, input_shape=(feats_all.shape[1], feats_all.shape[2])),
    Dropout(0.4),
    LSTM(128),
    Dropout(0.3),
    Dense(64, activation='relu'),
    Dropout(0.2),
    Dense(len(np.unique(mood_ids)), activation='softmax')
])

net.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])
net.summary()

# fit
hist = net.fit(Xtr, ytr, validation_data=(Xte, yte), epochs=35, batch_size=16)
net.save('mood_lstm.h5')
net.evaluate(Xte, yte, verbose=0)

# learning curves
plt.plot(hist.history['accuracy'], label='train')
plt.plot(hist.history['val_accuracy'], label='held-out')
plt.legend()
plt.show()

# score on the held-out part
lval, aval = net.evaluate(np.array(Xte), np.array(yte))
print(f"held-out accuracy: {aval*100:.2f}%")

def capture_clip():
    try:
        # pick the next unused file number
        k = 1
        while os.path.exists(f"DeepLearning/take_{k}.wav"):
            k += 1

        out_name = f"take_{k}.wav"

        print("recording three seconds now")

        clip = sd.rec(int(SECONDS * RATE), samplerate=RATE, channels=1)
        sd.wait()

        write(out_name, RATE, clip)

        print(f"stored clip: {out_name}")
        return out_name

    except Exception as err:
        print("recording failed:", err)
        return None
    
def guess_mood(net):
    try:
        # record a fresh clip
        clip_path = capture_clip()

        # same preprocessing as for training
        sig = read_fixed(clip_path)
        block = stack_features(sig)
        block = np.expand_dims(block, axis=0)

        # run the network
        probs = net.predict(block)
        top = np.argmax(probs, axis=1)[0]
        conf = float(probs[0][top])

        mood_names = [
            'neutral', 'calm', 'happy', 'sad', 
            'angry', 'fearful', 'disgust', 'surprised'
        ]

        print(f"clip: {os.path.basename(clip_path)}")
        print(f"mood guess: {mood_names[top].upper()}")
        print(f"confidence: {conf*100:.2f}%\n")

        return mood_names[top].upper(), conf

    except Exception as err:
        print(f"prediction failed: {err}")

# interactive loop
with open("DeepLearning/dua_suggession.json", "r", encoding="utf-8") as fh:
    suggestions = json.load(fh)

def pick_suggestion(mood):
    if mood not in suggestions:
        return {"error": "no entry for this mood"}

    chosen = random.choice(suggestions[mood])
    chosen_link = random.choice(chosen["video_links"])

    return {
        "dua_arabic": chosen["dua_arabic"],
        "dua_english": chosen["dua_english"],
        "caption": chosen["caption"],
        "video_link": chosen_link
    }


while True:
    # record and classify
    mood, conf = guess_mood(net)

    # look up a suggestion for it
    tip = pick_suggestion(mood)
    print(tip)

    reply = input("Try another clip? (yes/no): ").strip().lower()
    if reply in ['no', 'exit', 'quit']:
        print("bye")
        break
