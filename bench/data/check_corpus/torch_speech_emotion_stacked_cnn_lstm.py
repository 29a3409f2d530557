# source: https://github.com/Data-Science-kosta/Speech-Emotion-Classification-with-PyTorch/blob/2635b31e75761315a8ed31949929757841a4be20/notebooks/stacked_cnn_lstm.ipynb
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (the notebook's code cells in order; plotting cells, the model classes and the final analysis are left out)

import numpy as np
import pandas as pd
import os
import librosa
import librosa.display
import IPython
from IPython.display import Audio
from IPython.display import Image
import matplotlib.pyplot as plt

# RAVDESS emotion codes, with "surprised" (8 in the file names) moved to 0
EMOTIONS = {1: 'neutral', 2: 'calm', 3: 'happy', 4: 'sad', 5: 'angry', 6: 'fear', 7: 'disgust', 0: 'surprise'}
AUDIO_ROOT = '../input/ravdess-speech/actors/'
SR = 48000

meta_data = pd.DataFrame(columns=['Emotion', 'Intensity', 'Gender', 'Path'])
for folder, _, names in os.walk(AUDIO_ROOT):
    for name in names:
        wav_path = os.path.join('/kaggle/input/', folder, name)
        fields = name.split('.')[0].split('-')
        emotion = (int(fields[2]))
        if emotion == 8:
            emotion = 0
        intensity = 'normal' if int(fields[3]) == 1 else 'strong'
        gender = 'female' if int(fields[6]) % 2 == 0 else 'male'

        meta_data = meta_data.append({"Emotion": emotion, "Intensity": intensity, "Gender": gender, "Path": wav_path},
                                     ignore_index=True)

print(len(meta_data), "audio files")
meta_data.head()

# every clip, 3 s from 0.5 s on, zero-padded to a fixed length
spectrograms = []
clip_signals = []
for k, wav_path in enumerate(meta_data.Path):
    audio, sr = librosa.load(wav_path, offset=0.5, duration=3, sr=SR)
    padded = np.zeros((int(SR * 3,)))
    padded[:len(audio)] = audio
    clip_signals.append(padded)
    print(f"\r loaded {k}/{len(meta_data)}", end='')
clip_signals = np.stack(clip_signals, axis=0)

X_all = clip_signals
train_idx, test_idx, val_idx = [], [], []
train_X, val_X, test_X = [], [], []
train_Y, val_Y, test_Y = [], [], []
# 80 / 10 / 10 split inside each emotion
for emo in range(len(EMOTIONS)):
    members = list(meta_data.loc[meta_data.Emotion == emo, 'Emotion'].index)
    members = np.random.permutation(members)
    n = len(members)
    tr = members[:int(0.8 * n)]
    va = members[int(0.8 * n):int(0.9 * n)]
    te = members[int(0.9 * n):]
    train_X.append(X_all[tr, :])
    train_Y.append(np.array([emo] * len(tr), dtype=np.int32))
    val_X.append(X_all[va, :])
    val_Y.append(np.array([emo] * len(va), dtype=np.int32))
    test_X.append(X_all[te, :])
    test_Y.append(np.array([emo] * len(te), dtype=np.int32))
    train_idx.append(tr)
    test_idx.append(te)
    val_idx.append(va)
train_X = np.concatenate(train_X, 0)
val_X = np.concatenate(val_X, 0)
test_X = np.concatenate(test_X, 0)
train_Y = np.concatenate(train_Y, 0)
val_Y = np.concatenate(val_Y, 0)
test_Y = np.concatenate(test_Y, 0)
train_idx = np.concatenate(train_idx, 0)
val_idx = np.concatenate(val_idx, 0)
test_idx = np.concatenate(test_idx, 0)
print('train', train_X.shape, train_Y.shape, 'val', val_X.shape, val_Y.shape, 'test', test_X.shape, test_Y.shape)
# no clip may land in two splits
_, times = np.unique(np.concatenate([train_idx, test_idx, val_idx], 0), return_counts=True)
print(sum(times == 1), "distinct indices of", X_all.shape[0])

del X_all


def add_white_noise(clip, num_bits=16, augmented_num=2, snr_low=15, snr_high=30):
    """augmented_num noisy copies of clip at one random SNR drawn from [snr_low, snr_high) dB."""
    length = len(clip)
    noise = np.random.normal(size=(augmented_num, length))
    scale = 2.0 ** (num_bits - 1)
    clip_n = clip / scale
    noise_n = noise / scale
    p_clip = np.sum(clip_n ** 2) / length
    p_noise = np.sum(noise_n ** 2, axis=1) / length
    snr_db = np.random.randint(snr_low, snr_high)
    gain = np.sqrt((p_clip / p_noise) * 10 ** (- snr_db / 10))
    gain = np.ones((length, augmented_num)) * gain
    return clip + gain.T * noise


noisy_signals = []
noisy_labels = []
for k in range(train_X.shape[0]):
    clip = train_X[k, :]
    copies = add_white_noise(clip)
    for c in range(copies.shape[0]):
        noisy_labels.append(meta_data.loc[k, "Emotion"])
        noisy_signals.append(copies[c, :])
        meta_data = meta_data.append(meta_data.iloc[k], ignore_index=True)
    print(f"\r augmented {k}/{train_X.shape[0]}", end='')
noisy_signals = np.stack(noisy_signals, axis=0)
train_X = np.concatenate([train_X, noisy_signals], axis=0)
noisy_labels = np.stack(noisy_labels, axis=0)
train_Y = np.concatenate([train_Y, noisy_labels])
print('\ntrain after augmentation', train_X.shape, train_Y.shape)


def mel_db(audio, sample_rate):
    power = librosa.feature.melspectrogram(y=audio, sr=sample_rate, n_fft=1024, hop_length=256, win_length=512,
                                           window='hamming', n_mels=128, fmax=sample_rate / 2)
    return librosa.power_to_db(power, ref=np.max)


train_mels = []
print("mel spectrograms of the training clips")
for k in range(train_X.shape[0]):
    spec_db = mel_db(train_X[k, :], sample_rate=SR)
    train_mels.append(spec_db)
    print(f"\r {k}/{train_X.shape[0]}", end='')
print('')
del train_X

# (left out: the same loop for val_mels and test_mels, followed by del val_X and del test_X)


def to_chunks(spec, win_size, stride):
    frames = spec.shape[1]
    n_chunks = int(frames / stride)
    pieces = []
    for c in range(n_chunks):
        piece = spec[:, c * stride:c * stride + win_size]
        if piece.shape[1] == win_size:
            pieces.append(piece)
    return np.stack(pieces, axis=0)


train_mel_chunks = []
for spec in train_mels:
    pieces = to_chunks(spec, stride=64, win_size=128)
    train_mel_chunks.append(pieces)
print(pieces.shape[0], "chunks per clip")
# (left out: the same chunking for val_mel_chunks and test_mel_chunks)

import torch
import torch.nn as nn
# (left out: the TimeDistributed wrapper and CnnLstmNet, four time-distributed conv blocks followed by an LSTM)


def xent_loss(logits, targets):
    return nn.CrossEntropyLoss()(input=logits, target=targets)


def build_train_step(ser_model, xent_loss, optimizer):
    def do_train_step(X, Y):
        ser_model.train()
        logits, probs = ser_model(X)
        guesses = torch.argmax(probs, dim=1)
        acc = torch.sum(Y == guesses) / float(len(Y))
        loss = xent_loss(logits, Y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        return loss.item(), acc * 100
    return do_train_step


def build_validate_fn(ser_model, xent_loss):
    def run_validation(X, Y):
        with torch.no_grad():
            ser_model.eval()
            logits, probs = ser_model(X)
            guesses = torch.argmax(probs, dim=1)
            acc = torch.sum(Y == guesses) / float(len(Y))
            loss = xent_loss(logits, Y)
        return loss.item(), acc * 100, guesses
    return run_validation


train_X = np.stack(train_mel_chunks, axis=0)
train_X = np.expand_dims(train_X, 2)
val_X = np.stack(val_mel_chunks, axis=0)
val_X = np.expand_dims(val_X, 2)
test_X = np.stack(test_mel_chunks, axis=0)
test_X = np.expand_dims(test_X, 2)
print('chunked arrays:', train_X.shape, val_X.shape, test_X.shape)

del train_mel_chunks
del train_mels
del val_mel_chunks
del val_mels
del test_mel_chunks
del test_mels

from sklearn.preprocessing import StandardScaler
std_scaler = StandardScaler()

# standardise every feature over the training clips, then apply the same scaling to the other splits
b, t, c, h, w = train_X.shape
train_X = np.reshape(train_X, newshape=(b, -1))
train_X = std_scaler.fit_transform(train_X)
train_X = np.reshape(train_X, newshape=(b, t, c, h, w))

b, t, c, h, w = test_X.shape
test_X = np.reshape(test_X, newshape=(b, -1))
test_X = std_scaler.transform(test_X)
test_X = np.reshape(test_X, newshape=(b, t, c, h, w))

b, t, c, h, w = val_X.shape
val_X = np.reshape(val_X, newshape=(b, -1))
val_X = std_scaler.transform(val_X)
val_X = np.reshape(val_X, newshape=(b, t, c, h, w))

N_EPOCHS = 700
N_TRAIN = train_X.shape[0]
BATCH = 32
dev = 'cuda' if torch.cuda.is_available() else 'cpu'
print('running on', dev)
ser_model = CnnLstmNet(num_emotions=len(EMOTIONS)).to(dev)
print('trainable parameters:', sum(p.numel() for p in ser_model.parameters()))
sgd = torch.optim.SGD(ser_model.parameters(), momentum=0.8, weight_decay=1e-3, lr=0.01)

do_train_step = build_train_step(ser_model, xent_loss, optimizer=sgd)
run_validation = build_validate_fn(ser_model, xent_loss)
train_history = []
val_history = []
for epoch in range(N_EPOCHS):
    order = np.random.permutation(N_TRAIN)
    train_X = train_X[order, :, :, :, :]
    train_Y = train_Y[order]
    acc_sum = 0
    loss_sum = 0
    n_steps = int(N_TRAIN / BATCH)
    for step in range(n_steps):
        lo = step * BATCH
        hi = min(lo + BATCH, N_TRAIN)
        this_batch = hi - lo
        X = train_X[lo:hi, :, :, :, :]
        Y = train_Y[lo:hi]
        X_tensor = torch.tensor(X, device=dev).float()
        Y_tensor = torch.tensor(Y, device=dev, dtype=torch.long)
        loss, acc = do_train_step(X_tensor, Y_tensor)
        acc_sum += acc * this_batch / N_TRAIN
        loss_sum += loss * this_batch / N_TRAIN
        print(f"\r epoch {epoch}: step {step}/{n_steps}", end='')
    val_X_tensor = torch.tensor(val_X, device=dev).float()
    val_Y_tensor = torch.tensor(val_Y, device=dev, dtype=torch.long)
    val_loss, val_acc, _ = run_validation(val_X_tensor, val_Y_tensor)
    train_history.append(loss_sum)
    val_history.append(val_loss)
    print(f"\nepoch {epoch}: train loss {loss_sum:.4f}, acc {acc_sum:.2f}% | val loss {val_loss:.4f}, acc {val_acc:.2f}%")

# (left out: saving the weights and loading them into a fresh CnnLstmNet)

test_X_tensor = torch.tensor(test_X, device=dev).float()
test_Y_tensor = torch.tensor(test_Y, device=dev, dtype=torch.long)
test_loss, test_acc, guesses = run_validation(test_X_tensor, test_Y_tensor)
print(f'test loss {test_loss:.3f}, test accuracy {test_acc:.2f}%')
