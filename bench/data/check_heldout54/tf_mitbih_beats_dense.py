import os
import wfdb
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
from sklearn.metrics import confusion_matrix
import seaborn as sn

os.chdir('D:\\work\\ecg\\beats_project')

#%% fetch the arrhythmia database
dbs=wfdb.get_dbs()
wfdb.get_record_list('mitdb')
wfdb.dl_database('mitdb', 'D:\\work\\ecg\\beats project\\records')

#%% read one record and its annotations, then slice it into single beats
def line_plot(sig, alpha=1, grid=True):
    plt.plot(np.arange(0,len(sig)),sig, alpha=alpha)
    if grid:
        plt.grid(True)

signal=wfdb.rdsamp('records\\101')[0][:,0] # first lead of the record

ann=wfdb.rdann('records\\101', 'atr', return_label_elements=['description']) # beat annotations
ann=pd.DataFrame({'sample_num':ann.sample, 'desc':ann.description})

# quick look
line_plot(signal[0:1800,])
plt.scatter(ann.sample_num[0:7], [1]*7)
plt.savefig('ecg_ann_plot.png', format='png', dpi=300)


# where to cut between beats
window=540 # 1.5 s per beat window, i.e. down to 40 bpm

def split_point(pair, frac):
    pos=pair[0]+frac*(pair[1]-pair[0])
    return(int(np.floor(pos)))

def slice_beats(sig, marks, full_len):
    beats=[]
    kinds=[]
    hi=split_point((marks.sample_num[1], marks.sample_num[2]), split_frac)
    centre=int(np.floor(full_len/2))
    for k in range(2, len(marks.sample_num)-1):
        lo=hi
        hi=split_point((marks.sample_num[k], marks.sample_num[k+1]), split_frac)
        seg=sig[lo:hi]
        
        # scale to 0..1
        seg=seg-min(seg)
        seg=seg/max(seg)
        
        # pad both sides so the peak sits in the middle
        seg=np.insert(seg, 0, [0]*(centre-marks.sample_num[k]+lo))
        seg=np.append(seg, [0]*(centre-hi+marks.sample_num[k]))
        
        # keep it if the length is right
        if len(seg)==full_len:
            beats.append(seg)
            kinds.append(marks.desc[k])
    return(beats, kinds)

one=slice_beats(signal, ann.sample_num, 540)

for k in (1, 10, 429, 653, 1546):
    if k>100:
        alpha=0.5
    else:
        alpha=1
    line_plot(one[k], alpha=alpha)

line_plot(one[1])
#%% one record works, now do every record
records=wfdb.get_record_list('mitdb')
records=[r for r in records if r not in ('102','104','114')] # drop records whose first lead is not MLII

all_beats=[]
all_kinds=[]
split_frac=0.5
window=480 # 1.5 s per beat window, i.e. down to 40 bpm

for r in records:
    print(r)
    signal=wfdb.rdsamp('records\\'+str(r))[0][:,0] # first lead of the record

    ann=wfdb.rdann('records\\'+str(r), 'atr', return_label_elements=['description']) # beat annotations
    ann=pd.DataFrame({'sample_num':ann.sample, 'desc':ann.description})
    part=slice_beats(signal, ann, window)
    all_beats=all_beats+part[0]
    all_kinds=all_kinds+part[1]

all_beats=pd.DataFrame({'ecg':all_beats, 'beat_type':all_kinds})
    
#%% every beat is in; look at the class balance

kind_counts=pd.Series(all_kinds).value_counts()
kind_counts=pd.DataFrame({'freq':kind_counts, 'prop':kind_counts/sum(kind_counts)*100})
kind_counts

line_plot(all_beats.ecg[1])
plt.savefig('sample_beat.png', format='png', dpi=300)


#%%
# only the six most frequent beat kinds are modelled
kind_counts.index[0:6]

#'Normal beat', 
#'Left bundle branch block beat',
#'Right bundle branch block beat', 
#'Premature ventricular contraction',
#'Paced beat'
# the classes are very unequal, so resample them

# drop the rarer kinds
all_beats=all_beats.loc[all_beats['beat_type'].isin(kind_counts.index[0:6])]
pd.Series(all_beats.beat_type).value_counts()
kind_counts['code']=np.arange(0, len(kind_counts))

# draw the same number of beats per kind, with replacement
balanced=all_beats.groupby('beat_type').apply(lambda g: g.sample(3000, replace=True))
balanced = balanced.sample(frac=1).reset_index(drop=True)
balanced.beat_type=[kind_counts.code[kind_counts.index.values==t][0] for t in balanced.beat_type]

def head_tail(frame ,frac):
    n=int(np.floor(len(frame)))
    return([frame[0:int(n*frac)], frame[int(n*frac):n]])

hold, fit_part=head_tail(balanced, 0.5) # half held out, half for fitting

# fitting half split 3:1 into train and test
fit_part, check=head_tail(fit_part, 0.75) 
x_fit=pd.DataFrame(fit_part.ecg.values.tolist())
y_fit=fit_part.beat_type
x_check=pd.DataFrame(check.ecg.values.tolist())
y_check=check.beat_type

# held-out half split into two equal sets
hold1, hold2=head_tail(hold, 0.5)
x_hold1=pd.DataFrame(hold1.ecg.values.tolist())
y_hold1=hold1.beat_type
x_hold2=pd.DataFrame(hold2.ecg.values.tolist())
y_hold2=hold2.beat_type

#%% the network
inp = keras.Input(shape=(480,), name="ecg")
h = layers.Dense(64, activation="relu", name="dense_1")(inp)
h = layers.Dense(64, activation="relu", name="dense_2")(h)
out = layers.Dense(6, activation="softmax", name="predictions")(h)

net = keras.Model(inputs=inp, outputs=out)

net.compile(
    optimizer=keras.optimizers.RMSprop(),  # optimiser
    # integer targets
    loss=keras.losses.SparseCategoricalCrossentropy(),
    # reported metric
    metrics=[keras.metrics.SparseCategoricalAccuracy()],
)

log = net.fit(
    x_fit,
    y_fit,
    batch_size=50,
    epochs=20,
    # the test split is watched
    # after every
    # epoch
    validation_data=(x_check, y_check),
)

#tf.keras.utils.plot_model(net)

# one-letter name per kind
short=['N', 'L', 'P', 'R', 'V', 'A']

# mean per-class recall from a confusion table
def mean_recall(cm):
    return(cm.max().to_frame().T.div(cm.sum(axis=1)).T.mean())

#score the held-out sets
p1=net.predict(x_hold1).argmax(axis=1)
cm1=confusion_matrix(y_hold1, p1)
cm1=pd.DataFrame(cm1, index = short, columns = short)
sn.heatmap(cm1, annot=True)
plt.yticks(rotation=0)
plt.title('Held-out set 1 confusion table')
plt.tight_layout()
plt.savefig('cm_val1.png', format='png', dpi=300)
mean_recall(cm1)

p2=net.predict(x_hold2).argmax(axis=1)
cm2=confusion_matrix(y_hold2, p2)
cm2=pd.DataFrame(cm2, index = short, columns = short)
sn.heatmap(cm2, annot=True)
plt.yticks(rotation=0)
plt.title('Held-out set 2 confusion table')
plt.tight_layout()
plt.savefig('cm_val2.png', format='png', dpi=300)
mean_recall(cm2)

net.save('heart_beat_model.h5')

#%% plots of held-out set 1 with the predicted kinds
p1=net.predict(x_hold1).argmax(axis=1)

def overlay(frame, n, alpha):
    pick=frame.sample(n).reset_index(drop=True)
    for k in range(0, len(pick)):
        line_plot(pick.loc[k], alpha=alpha)

kind3=x_hold1.loc[[k for k in range(0, len(p1)) if p1[k]==3]]
overlay(kind3, 5, 0.5)

pick=kind3.loc[1:30]
sn.heatmap(pick)

def density_map(frame, title):
    long=frame.melt()
    long['variable']=long['variable']//5*5
    long['value']=long['value']//0.01*0.01
    long=pd.crosstab(long.value, long.variable)
    long=long**(0.25)
    long.sort_values(by=['value'], inplace=True, ascending=False)
    sn.heatmap(long, cmap=sn.cm.rocket_r, xticklabels=False, yticklabels=False, cbar=False)
    plt.xlabel("") 
    plt.ylabel("")
    plt.title(title)
    
short=['N', 'L', 'P', 'R', 'V', 'A']
for c in range(0,6):
    kind=x_hold1.loc[[k for k in range(0, len(p1)) if p1[k]==c]]
    kind_name=kind_counts.index[kind_counts.code==c][0]
    density_map(kind, 'Predicted '+kind_name+' density')
    plt.tight_layout()
    plt.savefig('heatmap_'+short[c]+'.png', format='png', dpi=300)
    plt.show()
