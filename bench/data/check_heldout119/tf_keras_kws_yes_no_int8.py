from IPython.display import Audio
from scipy.io import wavfile
import librosa

import tensorflow.compat.v1 as tf
import tensorflow_io as tfio

import matplotlib.pyplot as plt
import numpy as np
np.set_printoptions(threshold=np.inf)
from matplotlib import cm
#----
## read every clip into memory
## 3400 clips per word for training
## (the clip count could also be taken from the folder listing,
##  e.g. by globbing the wav files)
## clips are cut or zero-padded to 15872 samples
clips_yes = []
clips_no = []
te_clips_yes = []
te_clips_no = []
for i in range(3400):
    wav_path = './Dataset/yes/yes' + str(i+1) + '.wav'
    sr_read, samples = wavfile.read(wav_path)
    if len(samples)>15872:
        samples = samples[:15872]
    else:
        for j in range(15872-len(samples)):
            samples = np.append(samples,[0])
    clips_yes.append(samples)
    
for i in range(3400):
    wav_path = './Dataset/no/no' + str(i+1) + '.wav'
    sr_read, samples = wavfile.read(wav_path)
    if len(samples)>15872:
        samples = samples[:15872]
    else:
        for j in range(15872-len(samples)):
            samples = np.append(samples,[0])
    clips_no.append(samples)
    
## the held-out clips
for i in range(490):
    wav_path = './test_set/yes/yes' + str(i+1) + '.wav'
    sr_read, samples = wavfile.read(wav_path)
    if len(samples)>15872:
        samples = samples[:15872]
    else:
        for j in range(15872-len(samples)):
            samples = np.append(samples,[0])
    te_clips_yes.append(samples)
    
for i in range(490):
    wav_path = './test_set/no/no' + str(i+1) + '.wav'
    sr_read, samples = wavfile.read(wav_path)
    if len(samples)>=15872:
        samples = samples[:15872]
    else:
        for j in range(15872-len(samples)):
            samples = np.append(samples,[0])
    te_clips_no.append(samples)
print(clips_yes[0].tolist())
print("clips read")
#----
## older librosa-based feature code, kept switched off
'''
old_feat_yes = []
old_feat_no = []

old_te_yes = []
old_te_no = []

old_tr_lab = []
old_te_lab = []
for i in clips_yes:
    old_feat = librosa.power_to_db(librosa.feature.melspectrogram(y=np.float32(i),
                                                               sr=16000,
                                                               n_fft=512,
                                                               hop_length=256,
                                                               n_mels=40))
    old_feat_yes.append(old_feat)
    old_tr_lab.append(1)
    
for i in clips_no:
    old_feat = librosa.power_to_db(librosa.feature.melspectrogram(y=np.float32(i),
                                                               sr=16000,
                                                               n_fft=512,
                                                               hop_length=256,
                                                               n_mels=40))
    old_feat_no.append(old_feat)
    old_tr_lab.append(0)


## load test mfccs
for i in te_clips_yes:
    old_feat = librosa.power_to_db(librosa.feature.melspectrogram(y=np.float32(i),
                                                               sr=16000,
                                                               n_fft=512,
                                                               hop_length=256,
                                                               n_mels=40))
    old_te_yes.append(old_feat)
    old_te_lab.append(1)

for i in te_clips_no:
    old_feat = librosa.power_to_db(librosa.feature.melspectrogram(y=np.float32(i),
                                                               sr=16000,
                                                               n_fft=512,
                                                               hop_length=256,
                                                               n_mels=40))
    old_te_no.append(old_feat)
    old_te_lab.append(0)
'''
#----
## hand-written dsp helpers
import sys

def taper(length):
    coefs = []
    for i in range(length):
        coefs.append(0.56-0.46*np.cos((2.*np.pi*float(i))/(float(length)-1.)))
    hi = np.max(coefs)
    lo = np.min(coefs)
    for i in range(length):
        coefs[i] = (coefs[i]-lo)/(hi - lo)
    return coefs

def short_fft(data, n_samples, win, hop_length):
    n_frames = (n_samples - win)/hop_length
    n_bins = (win/2)+1
    frames = []
    ctr = 0
    pos = 0
    while(ctr != n_frames):
        seg = data[pos:(pos+win)]
        coefs = taper(win)
        spec = np.fft.fft(seg*coefs)
        frames.append(np.abs(spec[:int(n_bins)]))
        pos+=hop_length
        ctr+=1
    return frames

def log_mel(data, n_samples, win, hop_length, n_mels, fs):
    n_frames = (n_samples - win)/hop_length
    n_bins2 = (win/2)+1

    f_lo = 300
    f_hi = 8000

    m_lo = 1125*np.log(1+f_lo/700)
    m_hi = 1125*np.log(1+f_hi/700)
    m_step = (m_hi - m_lo)/(n_mels+1)

    ## triangular mel filters
    m_cur = m_lo
    edges = []
    ctr = 0
    while(ctr<n_mels+2):
        hz = 700*(np.exp(m_cur/1125)-1)

        bin_at = np.floor((n_bins2*hz)/fs)
        edges.append(bin_at)
        m_cur+=m_step

        ctr+=1

    fb = np.zeros((n_mels, int(n_bins2)))
    for m in range(1, n_mels+1):
        a0 = int(edges[m-1])
        a1 = int(edges[m])
        a2 = int(edges[m+1])

        for k in range(a0, a1):
            fb[m-1, k] = (k - edges[m-1])/(edges[m] - edges[m-1])
        for k in range(a1, a2):
            fb[m-1, k] = (edges[m+1] - k)/(edges[m+1] - edges[m])
    
    frames_arr = short_fft(data, n_samples, win, hop_length)
    mel_arr = np.dot(np.array(frames_arr), fb.T)
    

    return mel_arr

def to_db(mel_arr):
    peak = np.max(mel_arr)
    mel_arr = np.square(mel_arr)
    peak = peak**2
    mel_db_arr = 10*np.log10(np.maximum(sys.float_info.min, mel_arr))
    mel_db_arr -= 10*np.log10(np.maximum(sys.float_info.min, peak))
    mel_db_arr = np.maximum(mel_db_arr, mel_db_arr.max()-80)

    return mel_db_arr
#----
## sanity check on one clip
mel_arr = log_mel(clips_yes[0], 15872, 512, 256, 40, 16000)
mel_db = to_db(mel_arr)
print(np.array(mel_db).shape)
print(np.array(mel_db))
fg, ax = plt.subplots(figsize=(6, 3))
librosa.display.specshow(
    mel_db,
    y_axis="hz",
    x_axis="time",
    ax=ax,
    fmax=6000
)
plt.ylim([0, 11000])
#----
## log-mel features for the training clips
import datetime

feat_yes = []
feat_no = []
tr_labels = []

win = 512
hop = 256
n_samples = 15872
fs = 16000

n_done = 0
print("features for 'yes': ", end="")
for i in clips_yes:
    mel_arr = log_mel(i, n_samples, win, hop, 40, fs)
    peak = np.max(mel_arr )
    mel_arr = np.square(mel_arr)
    peak = peak**2
    mel_db = 10*np.log10(np.maximum(sys.float_info.min, mel_arr))
    mel_db -= 10*np.log10(np.maximum(sys.float_info.min, peak))
    mel_db = np.maximum(mel_db, mel_db.max()-80)

    feat_yes.append(mel_db)
    tr_labels.append(1)
    n_done += 1
    if(n_done%340==0):
        print("#", end="")

print()
print("'yes' done")
print("features for 'no': ", end="")
n_done = 0
for i in clips_no:
    mel_arr = log_mel(i, n_samples, win, hop, 40, fs)
    peak = np.max(mel_arr )
    mel_arr = np.square(mel_arr)
    peak = peak**2
    mel_db = 10*np.log10(np.maximum(sys.float_info.min, mel_arr))
    mel_db -= 10*np.log10(np.maximum(sys.float_info.min, peak))
    mel_db = np.maximum(mel_db, mel_db.max()-80)

    feat_no.append(mel_db)
    tr_labels.append(0)
    n_done += 1
    if(n_done%340==0):
        print("#", end="")
print()
print("'no' done")    
print(np.array(feat_yes).shape)
print(np.array(feat_no).shape)
## timestamp
print(datetime.datetime.now())
#----
win = 512
hop = 256
n_samples = 15872
fs = 16000

te_feat_yes = []
te_feat_no = []
te_labels = []

ctr = 0
print("features for 'yes': ", end="")
for i in te_clips_yes:
    mel_arr = log_mel(i, n_samples, win, hop, 40, fs)
    peak = np.max(mel_arr )
    mel_arr = np.square(mel_arr)
    peak = peak**2
    mel_db = 10*np.log10(np.maximum(sys.float_info.min, mel_arr))
    mel_db -= 10*np.log10(np.maximum(sys.float_info.min, peak))
    mel_db = np.maximum(mel_db, mel_db.max()-80)
    
    te_feat_yes.append(mel_db)
    te_labels.append(1)
    n_done += 1
    if(n_done%49==0):
        print("#", end="")

print()
print("held-out 'yes' done")
print("features for 'no': ", end="")
n_done = 0
for i in te_clips_no:
    mel_arr = log_mel(i, n_samples, win, hop, 40, fs)
    peak = np.max(mel_arr )
    mel_arr = np.square(mel_arr)
    peak = peak**2
    mel_db = 10*np.log10(np.maximum(sys.float_info.min, mel_arr))
    mel_db -= 10*np.log10(np.maximum(sys.float_info.min, peak))
    mel_db = np.maximum(mel_db, mel_db.max()-80)
    
    te_feat_no.append(mel_db)
    te_labels.append(0)
    n_done += 1
    if(n_done%49==0):
        print("#", end="")

print()
print("'no' done") 
print(np.array(te_feat_yes).shape)
print(np.array(te_feat_no).shape)
## timestamp
print(datetime.datetime.now())
#----
x_tr = []
x_te = []
print(feat_yes[0].shape)
##print(first feature map)

## reshape to a fixed 60x40 grid and flatten
for i in feat_yes:
    grid = np.resize(i, (60, 40))
    grid = grid.flatten()
    x_tr.append(grid)
for i in feat_no:
    grid = np.resize(i, (60, 40))
    grid = grid.flatten()
    x_tr.append(grid)

for i in te_feat_yes:
    grid = np.resize(i, (60, 40))
    grid = grid.flatten()
    x_te.append(grid)
for i in te_feat_no:
    grid = np.resize(i, (60, 40))
    grid = grid.flatten()
    x_te.append(grid)

x_tr = np.array(x_tr)
x_te = np.array(x_te)

x_tr = x_tr.astype('float32')
##(an earlier 128x32 image layout was used here)

x_te = x_te.astype('float32')
##(same for the held-out split)
print(x_tr.shape)

y_tr = np.array(tr_labels)
y_te = np.array(te_labels)
print(x_tr[0].shape)
##print(a label)
##print(a feature row)
#----
n_cls = 2

net = tf.keras.Sequential([
    tf.keras.layers.Reshape((60, 40, 1)),
##    (earlier version:
##     three depthwise conv blocks,
##     each with relu
##     and followed by
##     a max-pool;
##     dropped to shrink the net)
    tf.keras.layers.Conv2D(11, 3, 3, activation='relu'),
    tf.keras.layers.Dropout(0.50),
    tf.keras.layers.Flatten(),
##    (a 128-unit hidden layer was removed)
    tf.keras.layers.Dense(n_cls, activation='softmax'),
])
net.summary()
## optimiser and loss
net.compile(
    optimizer = tf.keras.optimizers.Adam(learning_rate=1e-4),
    loss = tf.keras.losses.SparseCategoricalCrossentropy(),
    metrics=['accuracy']
)

#----
## fit

N_EPOCHS = 1000
fit_log = net.fit(
    x_tr,
    y_tr,
    validation_data=(x_te, y_te),
    epochs=N_EPOCHS,
)
#----
# held-out scores
scores = net.evaluate(x_te, y_te, batch_size=32)
print("\nheld-out loss:", scores[0])
print('held-out accuracy:', scores[1])

# which curves were recorded
print(fit_log.history.keys())

# accuracy curves
#
fg= plt.figure(figsize=(4,3))
plt.plot(fit_log.history['accuracy'])
plt.plot(fit_log.history['val_accuracy'])
plt.title('accuracy by epoch')
plt.ylabel('accuracy')
plt.xlabel('epoch')
plt.legend(['train', 'test'], loc='upper left')
plt.show()
#----
import pathlib
saved_dir = 'models/KWS'
net.export(saved_dir)
#----
conv = tf.lite.TFLiteConverter.from_saved_model(saved_dir)
fp_blob = conv.convert()

blob_path = pathlib.Path('models/KWS.tflite')
blob_path.write_bytes(fp_blob)
#----
def calib_samples(n_calib=100):
    for data in x_tr[:n_calib]:
        yield [data.reshape(1, 40, 60, 1)]
##(a tf.data based calibration
## generator was tried
## before this one)
conv_int8 = tf.lite.TFLiteConverter.from_saved_model(saved_dir)
conv_int8.optimizations = [tf.lite.Optimize.DEFAULT]
conv_int8.representative_dataset = calib_samples
conv_int8.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
conv_int8.inference_input_type = tf.int8
conv_int8.inference_output_type = tf.int8

blob_path = pathlib.Path('models/KWS_op.tflite')
blob_path.write_bytes(conv_int8.convert())
#----
## rebuild the held-out features in the layout the int8 net expects
x_te = []

for i in te_feat_yes:
    grid = np.resize(i, (40,60))
    grid = grid.flatten()
    x_te.append(grid)
for i in te_feat_no:
    grid = np.resize(i, (40,60))
    grid = grid.flatten()
    x_te.append(grid)

x_te = np.array(x_te)
x_te = x_te.astype('float32')
#----
INT8_PATH = 'models/KWS_op.tflite'
interp = tf.lite.Interpreter(model_path = INT8_PATH)
interp.allocate_tensors()
in_info = interp.get_input_details()[0]
out_info = interp.get_output_details()[0]

x_te = np.expand_dims(x_te, axis=1).astype(np.float32)

in_scale, in_zero = in_info['quantization']
x_te = x_te / in_scale + in_zero
x_te = x_te.astype(in_info['dtype'])
print(in_scale)
print(in_zero)
print(x_te.shape)
print(x_te[3].tolist())

n_correct = 0
for i in range(len(x_te)):
    interp.set_tensor(in_info["index"], x_te[i])
    interp.invoke()
    probs = interp.get_tensor(out_info["index"])[0]
    pred = probs.argmax()
    n_correct += (pred == y_te[i])
    print(str(i)+': '+str(y_te[i])+' '+str(probs)+' '+str(pred))

print('int8 accuracy %f%% over %d clips' % (
    (n_correct * 100) / len(x_te), len(x_te)))

#----
import netron
netron.start(R'./models/KWS_op.tflite')
#----
TFL_PATH = './models/KWS_op.tflite'
CC_PATH = 'kws_yes_no.cc'
# !xxd -i {TFL_PATH} > {CC_PATH}
SYM = TFL_PATH.replace('/', '_').replace('.', '_')
# !sed -i 's/'{SYM}'/g_model/g' {CC_PATH}
#----
# !cat {CC_PATH}
#----

#----
