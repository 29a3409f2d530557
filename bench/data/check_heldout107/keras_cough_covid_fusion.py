# Notebook cells in order: MFCC + mel-image + symptom fusion model for COVID cough screening, 5 shuffled splits.
# ~~~~~~~~~~ block 0
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
from tensorflow.keras import Sequential,Model
from tensorflow.keras.layers import concatenate,Activation, Dense, Dropout, Conv2D, Flatten, MaxPooling2D, GlobalMaxPooling2D, GlobalAveragePooling2D, AveragePooling2D, Input, Add, BatchNormalization
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.models import model_from_json
from sklearn.metrics import roc_curve
from tensorflow.keras import utils
from tqdm import tqdm
import pandas as pd
import numpy as np
import librosa 
import librosa.display
import pylab
import cv2
import os
# ~~~~~~~~~~ block 1
# ~~~~~~~~~~ block 4
# ~~~~~~~~~~ block 5
cosw_root = '/content/coswara'
import glob
for entry in os.listdir(cosw_root):
    if os.path.isdir(os.path.join(cosw_root,entry)) and entry != '.git':
        print(entry)
archives = glob.glob('/content/coswara/*/*.tar.gz.*') + glob.glob('/content/coswara/*/combined_data.tar.gz')
[os.remove(t) for t in archives];
# ~~~~~~~~~~ block 6
# ~~~~~~~~~~ block 7
col_names   = ['ID','Fever/MP','ORC','STATUS','DIR','DataSet']
meta_cosw = pd.read_csv('/content/coswara/combined_data.csv')

import glob
frames = []
for wav_path in tqdm(glob.glob('/content/coswara/*/*/cough-shallow.wav')):
  tmp_df = pd.DataFrame(columns=['id','DIR'])
  tmp_df['id'] = [wav_path.split('/')[-2]]
  tmp_df['DIR'] = [wav_path]
  tmp_df = pd.merge(left=tmp_df,right=meta_cosw,on='id',how='inner')

  tmp_df['fomp']= (tmp_df['fever']| tmp_df['mp']).apply(int)
  tmp_df['oths']= (tmp_df['cld']|tmp_df['asthma']|tmp_df['cold']|tmp_df['st']|tmp_df['pneumonia']).apply(int)
  tmp_df        = tmp_df[['id','covid_status','DIR','fomp','oths']]
  frames.append(tmp_df.rename(columns={'id':'ID','covid_status':'STATUS','DIR':'DIR','fomp':'Fever/MP','oths':'ORC'}))
cosw_df=pd.concat(frames)
cosw_df['DataSet'] = 'coswara'
cosw_df.head()
# ~~~~~~~~~~ block 9
vid_root  = '/content/coughvid/'
spec_dir  = '/content/mel_pngs/'

vid_df   = pd.read_csv(os.path.join(vid_root,'metadata_compiled.csv'),header=0)
vid_df   = vid_df.loc[vid_df['cough_detected'] >= 0.9][['uuid','fever_muscle_pain','respiratory_condition','status']]
vid_df.dropna(inplace=True)

pos_df = vid_df.loc[vid_df['status']=='COVID-19']
neg_df = vid_df.loc[vid_df['status']!='COVID-19'][0:1000]

all_df   = pd.concat([pos_df,neg_df],ignore_index= True)
all_df['DIR'] = vid_root + all_df['uuid'] + '.webm'
all_df['DataSet'] = 'coughvid'
all_df['fever_muscle_pain']    = all_df['fever_muscle_pain'].apply(int)
all_df['respiratory_condition']= all_df['respiratory_condition'].apply(int)
all_df   = pd.concat([cosw_df,all_df.rename(columns={'uuid':'ID','status':'STATUS','fever_muscle_pain':'Fever/MP','respiratory_condition':'ORC'})])
all_df   = all_df.sample(frac=1).reset_index(drop=True)
all_df.head()
# ~~~~~~~~~~ block 11
def extract_row(rec):

  rec_id     = rec[0]
  try:
    wave,rate = librosa.load(rec[-4])

    mf    = librosa.feature.mfcc(y=wave,sr=rate, n_mfcc=13)
    mf_mean = np.mean(mf.T,axis=0)
    

    pylab.axis('off')
    pylab.axes([0., 0., 1., 1.], frameon=False, xticks=[], yticks=[])
    mel  = librosa.feature.melspectrogram(y=wave,sr=rate)
    mel_db     = librosa.power_to_db(mel, ref=np.max)
    librosa.display.specshow(mel_db)

    png_path = os.path.join(spec_dir,rec_id+'.png')
    pylab.savefig(png_path, bbox_inches=None, pad_inches=0)
    pylab.close()
  except:
    print('skipping unreadable clip')
    return None,None
  return mf_mean,png_path

mf_list = []
diag_list= []
png_list = []
# ~~~~~~~~~~ block 12
for rec in tqdm(all_df.values):
  mf,png_path  = extract_row(rec)
  mf_list.append(mf)
  png_list.append(png_path)
  diag_list.append([rec[3],rec[4]])
# ~~~~~~~~~~ block 15
not_none = lambda t: t is not None
to_bin  = lambda t: 1 if t == 'positive_mild' or t =='positive_moderate' or t == 'COVID-19' else 0
keep_mask = list(map(not_none,mf_list))
ys = list(map(to_bin,all_df['STATUS']))

xs_mf = [mf_list[q] for q in range(len(mf_list)) if keep_mask[q] == True]
xs_png= [png_list[q] for q in range(len(png_list)) if keep_mask[q] == True]
xs_diag= [diag_list[q]for q in range(len(diag_list))if keep_mask[q] == True]
ys = [ys[q] for q in range(len(mf_list)) if keep_mask[q] == True]
# ~~~~~~~~~~ block 17
assert len(xs_mf) == len(xs_png) == len(xs_diag), "Data lengths do not match"

perm = np.arange(len(xs_mf))
N_SPLITS= 5
splits    = {q:{} for q in range(N_SPLITS)}

for q in range(N_SPLITS):
  np.random.shuffle(perm)

  splits[q]['MFCCS'] = np.array([xs_mf[q] for q in perm])
  splits[q]['MEL']   = [xs_png[q] for q in perm]
  splits[q]['EXTRA'] = np.array([xs_diag[q] for q in perm])
  splits[q]['LABELS']= np.array([ys[q] for q in perm])
# ~~~~~~~~~~ block 18


import pickle
pickle.dump( splits, open( "split_features.pickle", "wb" ) )
# ~~~~~~~~~~ block 20
class SpecSeq(tf.keras.utils.Sequence):
  def __init__(self,png_files,targets,batch_size,target_size=(224,224),shuffle=False,scale=255,n_classes=1,n_channels=3):
    self.batch_size = batch_size
    self.dim        = target_size
    self.labels     = targets
    self.imgfiles   = png_files
    self.n_classes  = n_classes
    self.shuffle    = shuffle
    self.n_channels = n_channels
    self.scale      = scale

    self.c          = 0
    self.on_epoch_end()

  def __len__(self):

    return int(np.floor(len(self.imgfiles) / self.batch_size))

  def __getitem__(self, index):

    ids = self.indexes[index*self.batch_size:(index+1)*self.batch_size]


    X, y = self.__data_generation(ids)
    return X, y

  def on_epoch_end(self):
    self.indexes = np.arange(len(self.imgfiles))
    if self.shuffle == True:
      np.random.shuffle(self.indexes)
  
  def __data_generation(self, ids_now):
    X = np.empty((self.batch_size, *self.dim, self.n_channels))
    y = np.empty((self.batch_size), dtype=int)


    for q, jj in enumerate(ids_now):

        im   = cv2.imread(self.imgfiles[jj])
        im   = cv2.resize(im,self.dim,interpolation = cv2.INTER_CUBIC)
        X[q,] = im / self.scale


        y[q] = self.labels[jj]

        self.c +=1
    return X, y


class VecSeq(tf.keras.utils.Sequence):
  def __init__(self,xs_mf,ys,batch_size=48,shuffle=False,n_classes=1):
    self.features   = xs_mf
    self.labels     = ys
    self.batch_size = 64
    self.shuffle    = shuffle
    self.n_features = self.features.shape[1]
    self.n_classes  = 1
    self.on_epoch_end()

  def __len__(self):
    return int(np.floor(len(self.features) / self.batch_size))

  def __getitem__(self,index):
    ids = self.indexes[index*self.batch_size:(index+1)*self.batch_size]
    X, y = self.__data_generation(ids)
    return X, y

  def on_epoch_end(self):
    self.indexes = np.arange(len(self.features))
    if self.shuffle == True:
      np.random.shuffle(self.indexes)

  def __data_generation(self,ids):
    X = np.empty((self.batch_size, self.n_features))
    y = np.empty((self.batch_size), dtype=int)

    for q, jj in enumerate(ids):
      X[q,] = self.features[jj]
      y[q,] = self.labels[jj]
    return X, y

class PairSeq(tf.keras.utils.Sequence):
  """Feeds MFCC, mel-image and symptom inputs together."""

  def __init__(self, X1, X2, Y, batch_size,target_size=(224,224)):
      self.genX1 = VecSeq(X1, Y, batch_size=batch_size,shuffle=False)
      self.genX2 = SpecSeq (X2, Y, batch_size=batch_size,shuffle=False,target_size=target_size)

  def __len__(self):
      return self.genX1.__len__()

  def __getitem__(self, index):
      X1_batch, Y_batch = self.genX1.__getitem__(index)
      X2_batch, Y_batch = self.genX2.__getitem__(index)
      X_batch = [X1_batch, X2_batch]
      return X_batch, Y_batch

class TrioSeq(tf.keras.utils.Sequence):
  """Feeds MFCC, mel-image and symptom inputs together (three-way)."""

  def __init__(self, X1, X2, X3, Y, batch_size,target_size=(224,224)):
      self.genX1 = VecSeq(X1, Y, batch_size=batch_size,shuffle=False)
      self.genX2 = SpecSeq (X2, Y, batch_size=batch_size,shuffle=False,target_size=target_size)
      self.genX3 = VecSeq(X3, Y, batch_size=batch_size,shuffle=False)
  def __len__(self):
      return self.genX1.__len__()

  def __getitem__(self, index):
      X1_batch, Y_batch = self.genX1.__getitem__(index)
      X2_batch, Y_batch = self.genX2.__getitem__(index)
      X3_batch, Y_batch = self.genX3.__getitem__(index)

      X_batch = [X1_batch, X2_batch, X3_batch]
      return X_batch, Y_batch
# ~~~~~~~~~~ block 22
from sklearn.metrics import roc_auc_score
from tensorflow.keras.callbacks import Callback
class AucReport(keras.callbacks.Callback):
  
  def __init__(self, va_seq, va_y, te_seq, te_y):
    super(Callback, self).__init__()
    self.test_data = te_seq
    self.val_labels = va_y
    self.val_data = va_seq
    self.test_labels = te_y

  def on_epoch_end(self, epoch, logs=None):
    scores = self.model.predict_generator(self.val_data)
    print(' ~ val auc', roc_auc_score(self.val_labels[:len(scores)], scores))

    scores = self.model.predict_generator(self.test_data)
    print(' ~ test auc', roc_auc_score(self.test_labels[:len(scores)], scores))

# ~~~~~~~~~~ block 23
from tensorflow.keras.applications.resnet50 import ResNet50
from tensorflow.keras.applications import DenseNet121
# ~~~~~~~~~~ block 24
def make_net():
  '''Three-branch fusion net: MFCC MLP, frozen ResNet50 on the mel PNG, symptom MLP.'''

  in_mf   = Input(shape=13)
  d1   = Dense(units=256,activation='relu',kernel_initializer='GlorotUniform')(in_mf)
  d1 = BatchNormalization(axis=1)(d1)
  d2   = Dropout(0.5)(d1)
  d3   = Dense(units=256,activation='relu',kernel_initializer='GlorotUniform')(d2)
  d3 = BatchNormalization(axis=1)(d3)
  d4   = Dropout(0.5)(d3)
  e1   = Dense(units=64,activation='relu',kernel_initializer='GlorotUniform')(in_mf)
  e1 = BatchNormalization(axis=1)(e1)
  e2   = Dropout(0.5)(e1)
  e3   = Dense(units=64,activation='relu',kernel_initializer='GlorotUniform')(e2)
  e3 = BatchNormalization(axis=1)(e3)
  e4   = Dropout(0.5)(e3)
  d4 = concatenate([d4,e4])


  in_img   = Input(shape=(224,224,3))
  backbone= ResNet50(include_top=False, weights='imagenet', input_tensor=in_img, pooling=None)
  for ly in backbone.layers[:-3]:
    ly.trainable = False
  t = backbone.output
  gap = GlobalAveragePooling2D()(t)
  gap = BatchNormalization(axis=1)(gap)
  gap = Dropout(0.5)(gap)
  gmp = GlobalMaxPooling2D()(t)
  gmp = BatchNormalization(axis=1)(gmp)
  gmp = Dropout(0.5)(gmp)
  t = concatenate([gap,gmp])
  t= BatchNormalization(axis=1)(t)
  img_feat = Dropout(0.5)(t)


  in_diag   = Input(shape=2)
  e3  = Dense(units=8,activation='relu',kernel_initializer='GlorotUniform')(in_diag)
  e3 = BatchNormalization(axis=1)(e3)
  f2  = Dropout(0.5)(e3)
  f3  = Dense(units=64,activation='relu',kernel_initializer='GlorotUniform')(f2)
  f3 = BatchNormalization(axis=1)(f3)
  f4  = Dropout(0.5)(f3)


  joined = concatenate([img_feat, d4,f4])


  hd = Dense(256, activation='relu')(joined)
  hd = BatchNormalization(axis=1)(hd)
  hd  = Dropout(0.5)(hd)

  out  = Dense(1, activation='sigmoid')(hd)
  fusion   = Model(inputs=[in_mf, in_img,in_diag], outputs=out)

  return fusion
# ~~~~~~~~~~ block 25
from focal_loss import BinaryFocalLoss


ckpt_root = '/content/ckpts'
os.mkdir(ckpt_root)


for split_i in range(N_SPLITS):
  fusion = make_net()

  fusion.compile(
      optimizer = tf.keras.optimizers.Adam(learning_rate=1e-4),
      loss = BinaryFocalLoss(gamma=2),
      metrics=['AUC'])

  tr_mf = splits[split_i]['MFCCS'][:int(0.8*len(xs_mf))]
  tr_diag    = splits[split_i]['EXTRA'][:int(0.8*len(xs_mf))]
  tr_png     = splits[split_i]['MEL'][:int(0.8*len(xs_mf))]
  targets    = splits[split_i]['LABELS'][:int(0.8*len(ys))]

  te_mf= splits[split_i]['MFCCS'][ int(0.8*len(xs_mf)): int(0.9*len(xs_mf))]
  te_diag   = splits[split_i]['EXTRA'][ int(0.8*len(xs_mf)): int(0.9*len(xs_mf))]
  te_png    = splits[split_i]['MEL'][ int(0.8*len(xs_mf)): int(0.9*len(xs_mf))]
  te_y  = splits[split_i]['LABELS'][ int(0.8*len(xs_mf)): int(0.9*len(xs_mf))]
                                        
  va_mf= splits[split_i]['MFCCS'][ int(0.8*len(xs_mf)) :]
  va_diag   = splits[split_i]['EXTRA'][ int(0.8*len(xs_mf)) :]
  va_png    = splits[split_i]['MEL'][ int(0.8*len(xs_mf)) :]
  va_y  = splits[split_i]['LABELS'][ int(0.8*len(xs_mf)) :]

  tr_seq      = TrioSeq(tr_mf,tr_png,tr_diag,targets,batch_size=64,target_size=(224,224))
  TE_SEQ          = TrioSeq(te_mf,te_png,te_diag,te_y,batch_size=64,target_size=(224,224))
  VA_SEQ         = TrioSeq(va_mf,va_png,va_diag,va_y,batch_size=64,target_size=(224,224))


  auc_cb = AucReport(VA_SEQ, va_y, TE_SEQ, te_y)
  ckpt_cb = keras.callbacks.ModelCheckpoint(filepath=os.path.join(os.path.join(ckpt_root, str(split_i)),
                "e{epoch:03d}_v{val_loss:.3f}_t{loss:.3f}.hdf5"), save_best_only=False)
  os.mkdir(os.path.join(ckpt_root, str(split_i)))
  fusion.fit_generator(
                  tr_seq,
                  epochs=15,
                  validation_data=VA_SEQ, 
                  verbose=2, 
                  callbacks=[auc_cb, ckpt_cb])

  te_scores = fusion.evaluate_generator(
    TE_SEQ
  )
  print()
  print('held-out loss {} auc {}'.format(te_scores[0],te_scores[1]))

  print()
  from sklearn.metrics import roc_auc_score

  yv  = va_y
  pv = fusion.predict_generator(VA_SEQ)
  print('val auc', roc_auc_score(yv[:len(pv)], pv))

  yt  = te_y
  pt = fusion.predict(TE_SEQ)
  print('test auc', roc_auc_score(yt[:len(pt)], pt))
  print()
  print('=' * 40)

# ~~~~~~~~~~ block 26
scores = model.predict(TE_SEQ)

print(roc_auc_score(yt[:len(pt)], scores))
print(classification_report(yt[:len(pt)], np.round(scores)))

