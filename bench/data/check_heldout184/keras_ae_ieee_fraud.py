# IEEE-CIS fraud detection: dense autoencoder trained on the non-fraud rows (Colab notebook, code cells in order).
import pandas as pd
import numpy as np
import seaborn as sns
from keras.utils import to_categorical
from keras.datasets import mnist
from keras.models import Sequential , Model
from keras.layers import Dense, Dropout,Input,BatchNormalization , Add
from keras.optimizers import SGD
from keras.utils import plot_model
from matplotlib import pyplot as plt
from keras.callbacks import EarlyStopping
from keras.callbacks import ReduceLROnPlateau
from sklearn import metrics
from sklearn.metrics import classification_report, confusion_matrix

from google.colab import drive
drive.mount('/content/gdrive')

# load the four raw tables
train_tr = pd.read_csv('/data/ieee_cis/train_transaction.csv')
test_tr = pd.read_csv('/data/ieee_cis/test_transaction.csv')

train_id = pd.read_csv('/data/ieee_cis/train_identity.csv')
test_id = pd.read_csv('/data/ieee_cis/test_identity.csv')

sample_submission = pd.read_csv('/data/ieee_cis/sample_submission.csv')

train_tr.info()

test_tr.info()

train_id.info()

test_id.info()

traintr_des = train_tr.select_dtypes(include=['object'])
for col in traintr_des.columns:
  train_tr[col] = train_tr[col].astype('category')
del traintr_des

trainid_des = train_id.select_dtypes(include=['object'])
for col in trainid_des.columns:
  train_id[col] = train_id[col].astype('category')
del trainid_des 

testtr_des = test_tr.select_dtypes(include=['object'])
for col in testtr_des.columns:
  test_tr[col] = test_tr[col].astype('category')
del testtr_des  

testid_des = test_id.select_dtypes(include=['object'])
for col in testid_des.columns:
  test_id[col] = test_id[col].astype('category')
del testid_des 

traintr_des = train_tr.select_dtypes(include=['float64']).columns
for col in traintr_des:
  train_tr[col] = pd.to_numeric(train_tr[col], downcast='float')
del traintr_des  

testtr_des = test_tr.select_dtypes(include=['float64'])
for col in testtr_des.columns:
  test_tr[col] = pd.to_numeric(test_tr[col], downcast='float')
del testtr_des  

testid_des = test_id.select_dtypes(include=['float64'])
for col in testid_des.columns:
  test_id[col] = pd.to_numeric(test_id[col], downcast='float')
del testid_des  

trainid_des = train_id.select_dtypes(include=['float64'])
for col in trainid_des.columns:
  train_id[col] = pd.to_numeric(train_id[col], downcast='float')
del trainid_des  

train_tr.head()

train_tr.shape

(train_tr.isFraud == 1).sum()

item_counts = train_tr["isFraud"].value_counts()
print(item_counts)

LABELS = ["Normal", "Fraud"]

count_classes = train_tr.value_counts(train_tr['isFraud'], sort = True)
count_classes.plot(kind = 'bar', rot=0)
plt.title("Transaction isfraud distribution")
plt.xticks(range(2), LABELS)
plt.xlabel("isFraud")
plt.ylabel("Frequency");

train_id.head()

train_id.shape

test_tr.head()

test_tr.shape

test_id.head()

test_id.shape

train = pd.merge(train_tr, train_id, how='left', on='TransactionID', left_index=True, right_index=True)

test = pd.merge(test_tr, test_id, how='left', on='TransactionID', left_index=True, right_index=True)

train.shape

test.shape

del train_tr
del train_id
del test_tr
del test_id

import gc
gc.collect()

train.info()

test.info()

train_description = train.select_dtypes(include=['category']) 
train_description.describe()

type(train_description)

train_description.columns

test_description = test.select_dtypes(include=['category'])
test_description.describe()

test_description.columns

del test_description
del train_description

train.head()

test.head()

test.columns = [x.replace('-','_') for x in test.columns]

test.head()

def differentcolumns(traincols, testcols):
    for i in traincols:
        if i not in testcols:
            print(i)
differentcolumns(train.columns, test.columns)

train.isnull().sum().sum()

print("Ratio of the number of empty variables to the total variables : " + str((train.isnull().sum().sum())/(train.shape[0]*train.shape[1])))

train.isnull().sum()

nans_df = train.isna()
nans_groups={}
for col in train.columns:
    cur_group = nans_df[col].sum()
    try:
        nans_groups[cur_group].append(col)
    except:
        nans_groups[cur_group]=[col]
del nans_df; x=gc.collect()
sorted_nans_groups = dict(sorted(nans_groups.items()))

for k,v in sorted_nans_groups.items():
    print('####### NAN count =',k)
    print(v)

def make_corr(Vs,Vtitle=''):
    cols = ['TransactionDT'] + Vs
    plt.figure(figsize=(15,15))
    sns.heatmap(train[cols].corr(), cmap='RdBu_r', annot=True, center=0.0)
    if Vtitle!='': plt.title(Vtitle,fontsize=14)
    else: plt.title(Vs[0]+' - '+Vs[-1],fontsize=14)
    plt.show()

def reduce_group(grps,c='V'):
    use = []
    for g in grps:
        mx = 0; vx = g[0]
        for gg in g:
            n = train[c+str(gg)].nunique()
            if n>mx:
                mx = n
                vx = gg
        use.append(vx)
    print('Use these',use)

Vs = nans_groups[76073]
make_corr(Vs)

grps = [[12,13],[14],[15,16,17,18,21,22,31,32,33,34],[19,20],[23,24],[25,26],[27,28],[29,30]]
reduce_group(grps)

Vs = nans_groups[168969]
make_corr(Vs)

grps = [[35,36],[37,38],[39,40,42,43,50,51,52],[41],[44,45],[46,47],[48,49]]
reduce_group(grps)

Vs = nans_groups[77096]
make_corr(Vs)

grps = [[53,54],[55,56],[57,58,59,60,63,64,71,72,73,74],[61,62],[65],[66,67],[68],[69,70]]
reduce_group(grps)

v = [13, 14, 17, 20, 23, 26, 27, 30]
v += [36, 37, 40, 41, 44, 47, 48]
v += [54, 56, 59, 62, 65, 67, 68, 70]
print("reduced v: ", v)
len(v)

v_delete = []
for i in range(12,75):
  if i not in v:
    v_delete.append(i)
print(v_delete)
print(len(v_delete))    

V_delete = []
for i in v_delete:
  V_delete.append("V"+str(i))

print(V_delete, len(V_delete))

train.drop(V_delete, axis=1, inplace=True)
test.drop(V_delete, axis=1, inplace=True)

print(train.shape)
print(test.shape)

def getnulls(data):
    total = data.isnull().sum().sort_values(ascending=False)
    percent = (data.isnull().sum() / data.isnull().count()).sort_values(ascending=False)
    missing_data = pd.concat([total, percent], axis=1, keys=['total', 'percent']) 
    return missing_data

miss_train = getnulls(train)
miss_train.head(30).T

miss_test = getnulls(test)
miss_test .head(30).T

dropcols = miss_train[miss_train['percent'] > 0.5].index
print(dropcols)
print(len(dropcols))
print(type(dropcols))

train.drop(dropcols, axis=1, inplace=True)
test.drop(dropcols, axis=1, inplace=True)

train.shape

test.shape

miss_train = getnulls(train)
miss_train.head(40).T

miss_test = getnulls(test)
miss_test.head(40).T

train_single_value_cols = [col for col in train.columns if train[col].nunique() <= 1]
test_single_value_cols = [col for col in test.columns if test[col].nunique() <= 1]

train_single_value_cols

test_single_value_cols

remove_col = np.unique(train_single_value_cols + test_single_value_cols)
remove_col

train.drop(columns = remove_col, axis=1, inplace=True)
test.drop(columns = remove_col,  axis=1, inplace=True)

train.shape

test.shape

train_dominating_columns = [c for c in train.columns if train[c].value_counts(dropna=False, normalize=True).values[0] >= 0.9]

print('No. of Columns having one value more than 90% in Train Data : ', str(len(train_dominating_columns)))

print(train_dominating_columns)

train_dominating_columns.remove('isFraud')

len(train_dominating_columns)

train.drop(train_dominating_columns, axis=1, inplace=True) 
test.drop(train_dominating_columns, axis=1, inplace=True)

train.shape

test.shape

train_description = train.select_dtypes(include=['category']) 
train_description.describe()

print(train_description.columns)
len(train_description.columns)

train.mean()

train = train.dropna(how='all')

train.shape

for col in train_description.columns:
   train[col] = train[col].fillna(train[col].mode()[0])
   test[col] = test[col].fillna(train[col].mode()[0])

miss_train = getnulls(train)
miss_train.head(30).T

miss_test = getnulls(test)
miss_test.head(30).T

train.head()

train.isnull().sum()

test.isnull().sum()

train['card4'].isnull().sum()

test['card4'].isnull().sum()

for col in train.columns[train.isnull().any(axis=0)]:
  train[col].fillna(train[col].mean(),inplace=True)

for col in test.columns[test.isnull().any(axis=0)]:
  test[col].fillna(train[col].mean(),inplace=True)

train.isnull().sum()

train.isnull().sum().sum()

test.isnull().sum().sum()

train.info()

test.info()

print(train.shape)
print(test.shape)

train_description = train.select_dtypes(include=['category']) 
train_description.describe()

len(train_description.columns)

from sklearn.preprocessing import LabelEncoder
categorical_subset = []

for i in train_description.columns:
  categorical_subset.append(i)

le = LabelEncoder()
train[categorical_subset] = train[categorical_subset].apply(le.fit_transform)
test[categorical_subset] = test[categorical_subset].apply(le.fit_transform)

train[categorical_subset].head()

test[categorical_subset].head()

train.head()

def make_day_feature(df, offset=0, tname='TransactionDT'):
    """Day-of-week index (0..6) derived from the seconds column."""
    days = df[tname] / (3600*24)        
    encoded_days = np.floor(days-1+offset) % 7
    return encoded_days

def make_hour_feature(df, tname='TransactionDT'):
    """Hour-of-day index (0..23) derived from the seconds column."""
    hours = df[tname] / (3600)        
    encoded_hours = np.floor(hours) % 24
    return encoded_hours

train['weekday'] = make_day_feature(train, offset=0.58)
train['hours'] = make_hour_feature(train)

test['weekday'] = make_day_feature(test, offset=0.58)
test['hours'] = make_hour_feature(test)

train.shape

test.shape

train['weekday'].head(30)

train['hours'].tail(30)

train.drop(['TransactionDT'], axis=1, inplace=True)
test.drop(['TransactionDT'], axis=1, inplace=True)

print(train.shape)
print(test.shape)

train.info()

test.info()

plt.plot(train.groupby('weekday').mean()['isFraud'])
plt.ylim(0, 0.04)
plt.xlabel('Encoded day')
plt.ylabel('Fraction of fraudulent transactions')

plt.plot(train.groupby('hours').mean()['isFraud'], color='k')
ax = plt.gca()
ax2 = ax.twinx()
_ = ax2.hist(train['hours'], alpha=0.3, bins=24)
ax.set_xlabel('Encoded hour')
ax.set_ylabel('Fraction of fraudulent transactions')

ax2.set_ylabel('Number of transactions')

train.drop(['weekday'], axis=1, inplace=True)
test.drop(['weekday'], axis=1, inplace=True)

print(train.shape)
print(test.shape)

normal_train = train[train.isFraud == 0]

print(normal_train.shape)

del train

normal_train.drop(['isFraud'], axis=1, inplace=True)

normal_train.shape

normal_train.drop(['TransactionID'], axis=1, inplace=True)
test_id = test['TransactionID']
test.drop(['TransactionID'], axis=1, inplace=True)
print(normal_train.shape)
print(test.shape)

from sklearn.preprocessing import MinMaxScaler

sc = MinMaxScaler()
normal_train = sc.fit_transform(normal_train)
test = sc.transform(test)

normal_train

from sklearn.model_selection import train_test_split
(X_train, X_val) = train_test_split(normal_train,test_size=0.2, random_state=42, shuffle=False)

print(X_train.shape)
print(X_val.shape)

del normal_train

es = EarlyStopping(monitor='val_loss', mode='auto',verbose=1, patience=7)

lrr= ReduceLROnPlateau(monitor='val_loss',factor=0.1, patience=3, min_lr=1e-9)

encoder_input = Input(X_train.shape[1],name = 'input_encoder')
encoder = Dense(200, activation='relu',name = 'encoder_layer1')(encoder_input)
encoder = BatchNormalization(name = 'encoder_layer2')(encoder)
encoder = Dropout(0.3 , name = 'encoder_layer3')(encoder)
encoder = Dense(150, activation='relu',name = 'encoder_layer4')(encoder)
encoder = Dense(40, activation='relu',name = 'encoder_layer5')(encoder)
encoder_output = Dense(40, activation='sigmoid',name = 'output_encoder')(encoder)

Encoder = Model(inputs= [encoder_input], outputs=[encoder_output],name = 'Encoder')
Encoder.summary()

decoder_input = Input(40,name = 'input_decoder')
decoder = Dense(40, activation='relu',name = 'decoder_layer1')(decoder_input)
decoder = Dense(150, activation='relu',name = 'decoder_layer2')(decoder)
decoder = Dropout(0.3 , name = 'decoder_layer3')(decoder)
decoder = BatchNormalization(name = 'decoder_layer4')(decoder)
decoder = Dense(200, activation='relu',name = 'decoder_layer5')(decoder)
decoder_output = Dense(X_train.shape[1],activation = 'linear',name ='output_layer')(decoder)

Decoder = Model(inputs= [decoder_input], outputs=[decoder_output],name = 'Decoder')
Decoder.summary()

autoencoder_input = Input(X_train.shape[1],name = 'input_autoencoder')
latent = Encoder(autoencoder_input)
decoded_data = Decoder(latent)
autoencoder = Model(inputs= [autoencoder_input], outputs=[decoded_data],name = 'AutoEncoder')

autoencoder.summary()

plot_model(autoencoder, show_shapes=True)

sgd = SGD(lr=0.01, momentum=0.99)
autoencoder.compile(optimizer=sgd,loss='mse')

# first autoencoder, full training split
history = autoencoder.fit(X_train, X_train, batch_size = 150 , validation_data= (X_val,X_val), epochs= 50, verbose=1, callbacks=[es , lrr])

autoencoder.save_weights("auto1_weights.h5")
autoencoder.save("auto1.h5")

val_loss = history.history['val_loss']
loss = history.history['loss']

plt.plot(val_loss)
plt.plot(loss)
plt.xlabel('Epochs')
plt.ylabel('Loss')
plt.legend(['Val error','Train error'], loc='upper right')
plt.savefig('plot_error.png')
plt.show()

encoder2_input = Input(X_train.shape[1],name = 'input_encoder')
encoder2 = Dense(200, activation='relu',name = 'encoder_layer1')(encoder2_input)
encoder2 = BatchNormalization(name = 'encoder_layer2')(encoder2)
encoder2 = Dropout(0.3 , name = 'encoder_layer3')(encoder2)
encoder2 = Dense(150, activation='relu',name = 'encoder_layer4')(encoder2)
encoder2 = Dense(40, activation='relu',name = 'encoder_layer5')(encoder2)
encoder2_output = Dense(40, activation='sigmoid',name = 'output_encoder')(encoder2)

Encoder2 = Model(inputs= [encoder2_input], outputs=[encoder2_output],name = 'Encoder')
Encoder2.summary()

decoder2_input = Input(40,name = 'input_decoder')
decoder2 = Dense(40, activation='relu',name = 'decoder_layer1')(decoder2_input)
decoder2 = Dense(150, activation='relu',name = 'decoder_layer2')(decoder2)
decoder2 = Dropout(0.3 , name = 'decoder_layer3')(decoder2)
decoder2 = BatchNormalization(name = 'decoder_layer4')(decoder2)
decoder2 = Dense(200, activation='relu',name = 'decoder_layer5')(decoder2)
decoder2_output = Dense(X_train.shape[1],activation = 'linear',name ='output_layer')(decoder2) 

Decoder2 = Model(inputs= [decoder2_input], outputs=[decoder2_output],name = 'Decoder')
Decoder2.summary()

autoencoder2_input = Input(X_train.shape[1],name = 'input_autoencoder')
latent = Encoder2(autoencoder2_input)
decoded_data = Decoder2(latent)
autoencoder2 = Model(inputs= [autoencoder2_input], outputs=[decoded_data],name = 'AutoEncoder')

autoencoder2.summary()

plot_model(autoencoder2, show_shapes=True)

sgd = SGD(lr=0.01, momentum=0.99)
autoencoder2.compile(optimizer=sgd,loss='mse')

history = autoencoder2.fit(X_train, X_train, batch_size = 250 , validation_data= (X_val,X_val), epochs= 50, verbose=1, callbacks=[es , lrr])

autoencoder2.save_weights("auto2_weights.h5")
autoencoder2.save("auto2.h5")

val_loss = history.history['val_loss']
loss = history.history['loss']

plt.plot(val_loss)
plt.plot(loss)
plt.xlabel('Epochs')
plt.ylabel('Loss')
plt.legend(['Val error','Train error'], loc='upper right')
plt.savefig('plot_error.png')
plt.show()

encoder3_input = Input(X_train.shape[1],name = 'input_encoder')
encoder3 = Dense(100, activation='relu',name = 'encoder_layer1')(encoder3_input)
encoder3 = BatchNormalization(name = 'encoder_layer2')(encoder3)
encoder3 = Dropout(0.5 , name = 'encoder_layer3')(encoder3)
encoder3 = Dense(80, activation='relu',name = 'encoder_layer4')(encoder3)
encoder3 = Dense(40, activation='relu',name = 'encoder_layer5')(encoder3)
encoder3_output = Dense(30, activation='relu',name = 'output_encoder')(encoder3)

Encoder3 = Model(inputs= [encoder3_input], outputs=[encoder3_output],name = 'Encoder')
Encoder3.summary()

decoder3_input = Input(30,name = 'input_decoder')
decoder3 = Dense(40, activation='relu',name = 'decoder_layer1')(decoder3_input)
decoder3 = Dense(80, activation='relu',name = 'decoder_layer2')(decoder3)
decoder3 = Dropout(0.5 , name = 'decoder_layer3')(decoder3)
decoder3 = BatchNormalization(name = 'decoder_layer4')(decoder3)
decoder3 = Dense(100, activation='relu',name = 'decoder_layer5')(decoder3)
decoder3_output = Dense(X_train.shape[1],activation = 'sigmoid',name ='output_layer')(decoder3) 

Decoder3 = Model(inputs= [decoder3_input], outputs=[decoder3_output],name = 'Decoder')
Decoder3.summary()

autoencoder3_input = Input(X_train.shape[1],name = 'input_autoencoder')
latent = Encoder3(autoencoder3_input)
decoded_data = Decoder3(latent)
autoencoder3 = Model(inputs= [autoencoder3_input], outputs=[decoded_data],name = 'AutoEncoder')

autoencoder3.summary()

plot_model(autoencoder3, show_shapes=True)

sgd = SGD(lr=0.01, momentum=0.99)
autoencoder3.compile(optimizer=sgd,loss='mse')

history = autoencoder3.fit(X_train[:50000], X_train[:50000], batch_size = 128, validation_data= (X_val[:11000],X_val[:11000]) , epochs= 20, verbose=1, callbacks=[es , lrr])

autoencoder3.save_weights("auto3_weights.h5")
autoencoder3.save("auto3.h5")

val_loss = history.history['val_loss']
loss = history.history['loss']

plt.plot(val_loss)
plt.plot(loss)
plt.xlabel('Epochs')
plt.ylabel('Loss')
plt.legend(['Val error','Train error'], loc='upper right')
plt.savefig('plot_error.png')
plt.show()

encoder4_input = Input(X_train.shape[1],name = 'input_encoder')
encoder4 = Dense(100, activation='relu',name = 'encoder_layer1')(encoder4_input)
encoder4 = BatchNormalization(name = 'encoder_layer2')(encoder4)
encoder4 = Dropout(0.5 , name = 'encoder_layer3')(encoder4)
encoder4 = Dense(80, activation='relu',name = 'encoder_layer4')(encoder4)
encoder4 = Dense(40, activation='relu',name = 'encoder_layer5')(encoder4)
encoder4_output = Dense(30, activation='relu',name = 'output_encoder')(encoder4)

Encoder4 = Model(inputs= [encoder4_input], outputs=[encoder4_output],name = 'Encoder')
Encoder4.summary()

decoder4_input = Input(30,name = 'input_decoder')
decoder4 = Dense(40, activation='relu',name = 'decoder_layer1')(decoder4_input)
decoder4 = Dense(80, activation='relu',name = 'decoder_layer2')(decoder4)
decoder4 = Dropout(0.5 , name = 'decoder_layer3')(decoder4)
decoder4 = BatchNormalization(name = 'decoder_layer4')(decoder4)
decoder4 = Dense(100, activation='relu',name = 'decoder_layer5')(decoder4)
decoder4_output = Dense(X_train.shape[1],activation = 'sigmoid',name ='output_layer')(decoder4) 

Decoder4 = Model(inputs= [decoder4_input], outputs=[decoder4_output],name = 'Decoder')
Decoder4.summary()

autoencoder4_input = Input(X_train.shape[1],name = 'input_autoencoder')
latent = Encoder4(autoencoder4_input)
decoded_data = Decoder4(latent)
autoencoder4 = Model(inputs= [autoencoder4_input], outputs=[decoded_data],name = 'AutoEncoder')

autoencoder4.summary()

plot_model(autoencoder4, show_shapes=True)

sgd = SGD(lr=0.01, momentum=0.99)
autoencoder4.compile(optimizer=sgd,loss='mse')

history = autoencoder4.fit(X_train, X_train, batch_size = 128, validation_data= (X_val,X_val) , epochs= 30, verbose=1, callbacks=[es , lrr])

autoencoder4.save_weights("auto4_weights.h5")
autoencoder4.save("auto4.h5")

val_loss = history.history['val_loss']
loss = history.history['loss']

plt.plot(val_loss)
plt.plot(loss)
plt.xlabel('Epochs')
plt.ylabel('Loss')
plt.legend(['Val error','Train error'], loc='upper right')
plt.savefig('plot_error.png')
plt.show()

encoder5_input = Input(X_train.shape[1],name = 'input_encoder')
encoder5 = Dense(100, activation='relu',name = 'encoder_layer1')(encoder5_input)
encoder5 = BatchNormalization(name = 'encoder_layer2')(encoder5)
encoder5 = Dropout(0.5 , name = 'encoder_layer3')(encoder5)
encoder5 = Dense(80, activation='relu',name = 'encoder_layer4')(encoder5)
encoder5 = Dense(40, activation='relu',name = 'encoder_layer5')(encoder5)
encoder5_output = Dense(30, activation='relu',name = 'output_encoder')(encoder5)

Encoder5 = Model(inputs= [encoder5_input], outputs=[encoder5_output],name = 'Encoder')
Encoder5.summary()

decoder5_input = Input(30,name = 'input_decoder')
decoder5 = Dense(40, activation='relu',name = 'decoder_layer1')(decoder5_input)
decoder5 = Dense(80, activation='relu',name = 'decoder_layer2')(decoder5)
decoder5 = Dropout(0.5 , name = 'decoder_layer3')(decoder5)
decoder5 = BatchNormalization(name = 'decoder_layer4')(decoder5)
decoder5 = Dense(100, activation='relu',name = 'decoder_layer5')(decoder5)
decoder5_output = Dense(X_train.shape[1],activation = 'sigmoid',name ='output_layer')(decoder5) 

Decoder5 = Model(inputs= [decoder5_input], outputs=[decoder5_output],name = 'Decoder')
Decoder5.summary()

autoencoder5_input = Input(X_train.shape[1],name = 'input_autoencoder')
latent = Encoder5(autoencoder5_input)
decoded_data = Decoder5(latent)
autoencoder5 = Model(inputs= [autoencoder5_input], outputs=[decoded_data],name = 'AutoEncoder')

autoencoder5.summary()

sgd = SGD(lr=0.01, momentum=0.99)
autoencoder5.compile(optimizer=sgd,loss='mse')

history = autoencoder5.fit(X_train, X_train, batch_size = 128, validation_data= (X_val,X_val) , epochs= 60, verbose=1, callbacks=[es , lrr])

autoencoder5.save_weights("auto5_weights.h5")
autoencoder5.save("auto5.h5")

val_loss = history.history['val_loss']
loss = history.history['loss']

plt.plot(val_loss)
plt.plot(loss)
plt.xlabel('Epochs')
plt.ylabel('Loss')
plt.legend(['Val error','Train error'], loc='upper right')
plt.savefig('plot_error.png')
plt.show()

from tensorflow import keras
best_autoencoder = keras.models.load_model('/data/ieee_cis/models/auto4.h5')

val_predictions = best_autoencoder.predict(X_val)
mse = np.mean(np.power(X_val - val_predictions, 2), axis=1)

print(mse)

y_val = np.zeros((113976,), dtype=int)

error_df = pd.DataFrame({'Reconstruction_error': mse, 'True_class': y_val})
error_df.describe()

threshold1 = max(mse)

print(threshold1)

predictions = best_autoencoder.predict(test)
mse = np.mean(np.power(test - predictions, 2), axis=1)

type(predictions)

print(len(mse))

for i in range(0,len(mse)):
  if mse[i] <= threshold1 :
    mse[i] = 0
  else:
    mse[i] = 1   

sub = pd.DataFrame()
sub['TransactionID'] = test_id
sub['isFraud'] = mse
sub.to_csv('submission.csv', index=False)

test_submission = pd.read_csv('/data/ieee_cis/models/submission.csv')

test_submission.head()

test_submission.shape

test_submission.describe()

item_counts = test_submission["isFraud"].value_counts()
print(item_counts)

LABELS = ["Normal", "Fraud"]

count_classes = test_submission.value_counts(test_submission['isFraud'], sort = True)
count_classes.plot(kind = 'bar', rot=0)
plt.title("Transaction isfraud distribution")
plt.xticks(range(2), LABELS)
plt.xlabel("isFraud")
plt.ylabel("Frequency");