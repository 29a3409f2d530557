# %% notebook exported to a script: keyword classifier trained on raw 8 kHz waveforms
# only light preparation: drop clips that are not one second long, resample 16 kHz -> 8 kHz

# %%
import os
import sys
import numpy as np
import warnings
import librosa
import IPython. display as ipd
from keras.utils import np_utils
import matplotlib. pyplot as plt
from IPython.display import Audio
from scipy. io import wavfile
from sklearn.preprocessing import LabelEncoder
from sklearn.model_selection import train_test_split
from keras.layers import Dense, Dropout, Flatten, Conv1D, Input, MaxPooling1D
from keras.models import Model
from keras.callbacks import EarlyStopping, ModelCheckpoint
from keras import backend as K
K.clear_session()
np.random.seed(1)

warnings. filterwarnings("ignore")

target_sr = 8000
batch_n = 32

ckpt_dir ='checkpoints'

# %% text progress indicator
def show_progress(done, total, width=20,task='Task'):

    frac = float(done) / total
    head = '=' * int(round(frac * width)-1) + '>'
    pad = ' ' * (width - len(head))

    sys.stdout.write("\r{0} progress: [{1}] {2}%".format(task,head + pad, int(round(frac * 100))))
    sys.stdout.flush()

# %%
clips_root = 'train/audio/'
wave, native_sr = librosa. load(clips_root+'yes/0a7c2a8d_nohash_0.wav' , sr = 16000)
figure = plt. figure(figsize=(14, 8))
axis_a = figure. add_subplot(211)
axis_a. set_title('Waveform of ' + 'train/audio/yes/0a7c2a8d_nohash_0.wav' )
axis_a. set_xlabel('seconds' )
axis_a. set_ylabel('level' )
axis_a. plot(np. linspace(0, native_sr/len(wave), native_sr), wave)

# %% listen at the native rate
example_path = clips_root+'yes/0a7c2a8d_nohash_0.wav'
Audio(example_path)

# %%
ipd.Audio(wave, rate=native_sr)
print(native_sr)

# %% speech content sits mostly below 4 kHz, so halve the rate
# and listen again
wave = librosa.resample(wave, native_sr, target_sr)
ipd.Audio(wave, rate=target_sr)

# %%
words=os. listdir(clips_root)
# clip counts per word
per_word=[]
for w in words:
    clips = [ f for f in os. listdir(clips_root + '/' + w) if f. endswith('.wav' )]
    per_word. append(len(clips))

# bar chart of the class balance
plt. figure(figsize=(30, 5))
pos = np. arange(len(words))
plt. bar(pos, per_word)
plt. xlabel('Word' , fontsize=12)
plt. ylabel('Clips' , fontsize=12)
plt. xticks(pos, words, fontsize=15, rotation=60)
plt. title('Clips per word' )
plt. show()
words=[ "yes", "no", "up", "down", "left", "right", "on", "off", "stop", "go"]

# %% clip lengths
lengths_s=[]
for w in words:
    clips = [ f for f in os. listdir(clips_root + '/' + w) if f. endswith('.wav' )]
    for c in clips:
        native_sr, wave = wavfile. read(clips_root + '/' + w + '/' + c)
        lengths_s.append(float(len(wave) /native_sr))

n_clips = len(lengths_s)
plt.title('Lengths')
plt.hist(np.array(lengths_s))

# %%
os.listdir(clips_root)

# %%
def gather_clips(root):
    k =0
    waves = []
    tags = []
    for w in words:
        k+=1
        show_progress(k, len(words), width=20,task='Resampling and filtering clips')
        clips = [f for f in os.listdir(root + '/'+ w) if f.endswith('.wav')]
        for c in clips:
            wave, native_sr = librosa.load(root + '/' + w + '/' + c, sr = 16000)
            wave = librosa.resample(wave, native_sr, target_sr)
            if(len(wave)== target_sr) :
                waves.append(wave)
                tags.append(w)

    return waves, tags

waves, tags = gather_clips(clips_root)

# %%
enc = LabelEncoder()
codes=enc.fit_transform(tags)
class_names= list(enc.classes_)
class_names

# %%
codes=np_utils.to_categorical(codes, num_classes=len(words))

# %% hold out a validation part
xa, xb, ya, yb = train_test_split(np.array(waves),np.array(codes),
                                            stratify=codes, test_size = 0.2, random_state=1, shuffle=True)

# %% Conv1D wants (samples, steps, channels)
xa = np.array(xa).reshape(-1,target_sr,1)
xb = np.array(xb).reshape(-1,target_sr,1)

# %%
def build_net():
    inp = Input(shape=(target_sr,1))

    # block 1
    h = Conv1D(8,13, padding='valid', activation='relu', strides=1)(inp)
    h = MaxPooling1D(3)(h)
    h = Dropout(0.3)(h)

    # block 2
    h = Conv1D(16, 11, padding='valid', activation='relu', strides=1)(h)
    h = MaxPooling1D(3)(h)
    h = Dropout(0.3)(h)

    # block 3
    h = Conv1D(32, 9, padding='valid', activation='relu', strides=1)(h)
    h = MaxPooling1D(3)(h)
    h = Dropout(0.3)(h)

    # block 4
    h = Conv1D(64, 7, padding='valid', activation='relu', strides=1)(h)
    h = MaxPooling1D(3)(h)
    h = Dropout(0.3)(h)

    # flatten
    h = Flatten()(h)

    # dense head
    h = Dense(256, activation='relu')(h)
    h = Dropout(0.3)(h)

    # second dense
    h = Dense(128, activation='relu')(h)
    h = Dropout(0.3)(h)

    out = Dense(len(words), activation='softmax')(h)

    net = Model(inp, out)
    net.summary()
    return net

# %%
net = build_net()
net.compile(loss='categorical_crossentropy',optimizer='adam',metrics=['accuracy'])

# %%
stopper = EarlyStopping(monitor='val_loss', mode='min', verbose=1, patience=30, min_delta=0.0001)
saver = ModelCheckpoint(ckpt_dir+'/best_net.hdf5', monitor='val_acc', verbose=1, save_best_only=True, mode='max')

# %%
log= net.fit(xa, ya ,epochs=100, callbacks=[stopper,saver], batch_size=batch_n, validation_data=(xb,yb))

# %%
from matplotlib import pyplot as plt
plt.plot(log.history['loss'], label='train')
plt.plot(log.history['val_loss'], label='val')
plt.legend()
plt.show()

# %%
def classify(clip):
    probs=net.predict(clip.reshape(1,target_sr,1))
    best=np.argmax(probs[0])
    return class_names[best]

# %%
import random
pick=random.randint(0,len(xb)-1)
wave=xb[pick].ravel()
print("Heard:",class_names[np.argmax(yb[pick])])
ipd.Audio(wave, rate=target_sr)
print("Guess:",classify(wave))

# %%
import sounddevice as sd
import soundfile as sf

rec_sr = 16000
seconds = 1
out_name = 'mine.wav'
print("recording")
take = sd.rec(int(rec_sr * seconds), samplerate=rec_sr,
    channels=1, blocking=True)
print("done")
sd.wait()
sf.write(out_name, take, rec_sr)

# %%
os.listdir('../input/my-commands/voice_v2')
rec_dir='../input/my-commands/voice_v2'

# try a recorded command
wave, native_sr = librosa.load(rec_dir + '/' + 'stop.wav', sr = 16000)
wave = librosa.resample(wave, native_sr, 8000)
ipd.Audio(wave,rate=8000)

classify(wave)
