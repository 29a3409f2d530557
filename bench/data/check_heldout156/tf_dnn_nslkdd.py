import os
import pandas
import numpy as np
from sklearn.preprocessing import LabelEncoder, OneHotEncoder, StandardScaler
from tensorflow.keras.layers import Dense, Dropout
from tensorflow.keras.models import Sequential
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.callbacks import LearningRateScheduler
from tensorflow.keras.optimizers import Adam
import tensorflow as tf
import matplotlib.pyplot as plt
from utils import plot_graphs

data_dir = '/data/nsl_kdd'
train_file = 'KDDTrain+.txt'
test_file = 'KDDTest+.txt'

# not shuffled yet

def group_attacks(col):
    """ maps each attack name to one of four families; 'normal' stays as is"""
    # families plus 'normal'
    benign = ['normal']
    dos = ['apache2', 'back', 'land', 'mailbomb', 'neptune', 'pod', 'processtable', 'smurf', 'teardrop', 'udpstorm']
    probe = ['ipsweep', 'mscan', 'nmap', 'portsweep', 'saint', 'satan']
    r2l = ['spy', 'warezclient', 'ftp_write', 'guess_passwd', 'httptunnel', 'imap', 'multihop',
           'named', 'phf', 'sendmail', 'snmpgetattack', 'warezmaster', 'xlock', 'xsnoop']
    u2r = ['buffer_overflow', 'loadmodule', 'perl', 'ps', 'rootkit', 'snmpguess', 'sqlattack', 'worm', 'xterm']
    n_dos = n_probe = n_r2l = n_u2r = n_benign = 0
    for j in col.index:
        if col[j] in dos:
            col.at[j] = 'DOS'
            n_dos += 1
            continue
        if col[j] in probe:
            col.at[j] = 'probe'
            n_probe += 1
            continue
        if col[j] in r2l:
            col.at[j] = 'R2L'
            n_r2l += 1
            continue
        if col[j] in u2r:
            col.at[j] = 'U2R'
            n_u2r += 1
            continue
        # otherwise benign
        if col[j] in benign:
            n_benign += 1
            continue
    print('benign:', n_benign)
    print('dos:', n_dos)
    print('probe:', n_probe)
    print('r2l:', n_r2l)
    print('u2r:', n_u2r)
    print('all:', n_benign + n_dos + n_probe + n_r2l + n_u2r)
    return col


records = pandas.read_csv(os.path.join(data_dir, train_file), header=None)
print('train rows', len(records))
test_records = pandas.read_csv(os.path.join(data_dir, test_file), header=None)
print('test rows', len(test_records))
print('test columns', test_records.columns)
records = records.append(test_records, ignore_index=True)
print('train + test rows', len(records))

basic_cols = ['duration', 'protocol_type', 'service', 'flag', 'src_bytes', 'dst_bytes', 'land',
                'wrong_fragment', 'urgent']

content_cols = ['hot', 'num_failed_logins', 'logged_in', 'num_compromised', 'root_shell', 'su_attempted',
                'num_root', 'num_file_creations', 'num_shells', 'num_access_files', 'num_outbound_cmds',
                'is_host_login', 'is_guest_login']

traffic_cols = ['count', 'srv_count', 'serror_rate', 'srv_serror_rate', 'rerror_rate', 'srv_rerror_rate',
                'same_srv_rate', 'diff_srv_rate', 'srv_diff_host_rate']

host_cols = ['dst_host_count', 'dst_host_srv_count', 'dst_host_same_srv_rate', 'dst_host_diff_srv_rate',
                'dst_host_same_src_port_rate', 'dst_host_srv_diff_host_rate', 'dst_host_serror_rate',
                'dst_host_srv_serror_rate', 'dst_host_rerror_rate', 'dst_host_srv_rerror_rate']

feature_cols = basic_cols + content_cols + traffic_cols + host_cols
records.columns = feature_cols + ['class', 'difficulty']  # difficulty not used

print(len(feature_cols))
print(records.head())
cat_cols = ['protocol_type', 'service', 'flag']
cat_part = records[cat_cols]
cat_part = cat_part[cat_cols].astype('category')

print('categorical columns', cat_part.columns)
num_part = records.drop(cat_cols + ['class', 'difficulty'], axis=1)
print('numeric columns', num_part.columns)
targets = records['class']

print(cat_part.head())
print(num_part.head())
print(targets.head())

targets = group_attacks(targets)

# integer targets
enc = LabelEncoder()
target_ids = np.floor(enc.fit_transform(targets))
print(target_ids)

n_classes = len(np.unique(target_ids))
print('distinct targets:', np.unique(target_ids))

target_ids = to_categorical(target_ids)
print('targets one-hot')
print(target_ids)

# integer-code the categorical columns
cat_part['protocol_type'] = enc.fit_transform(cat_part['protocol_type'])
cat_part['service'] = enc.fit_transform(cat_part['protocol_type'])
cat_part['flag'] = enc.fit_transform(cat_part['flag'])
print('protocol codes', np.unique(cat_part['protocol_type']))
print('service codes', np.unique(cat_part['service']))
print('flag codes', np.unique(cat_part['flag']))

# one-hot the categorical inputs
ohe = OneHotEncoder()
cat_part = ohe.fit_transform(cat_part).toarray()

print('categorical block:', cat_part.shape, type(cat_part))

num_part = np.array(num_part)

design = np.concatenate([cat_part, num_part], axis=1)
print('design matrix:', design.shape)
print('targets', target_ids.shape)

train_frac = 0.9
cut = int(148517 * train_frac)
print('cut at', cut)

x_tr = design[:cut]
print('x_tr', x_tr.shape, type(x_tr))
y_tr = target_ids[:cut]
print('y_tr', y_tr.shape, type(y_tr))

std = StandardScaler()
x_tr = std.fit_transform(x_tr)

x_te = design[cut:]
print('x_te', x_te.shape, type(x_te))
y_te = target_ids[cut:]
print('y_te', y_te.shape, type(y_te))

x_te = std.transform(x_te)

net = Sequential([
    Dense(50, activation='relu', input_shape=[55]),
    Dropout(0.5),
    Dense(25, activation='relu'),
    Dropout(0.5),
    Dense(n_classes, activation='softmax')
])
print(net.summary())

# sweep the step size to pick one
sweep = tf.keras.callbacks.LearningRateScheduler(lambda e: 1e-4 * 10 ** (e / 50), verbose=1)
net.compile(optimizer=Adam(lr=0.0001), loss='categorical_crossentropy', metrics=['accuracy'])
hist = net.fit(x_tr, y_tr, epochs=100, validation_data=(x_te, y_te), callbacks=[sweep], verbose=2)

# loss against step size
plt.semilogx(hist.history["lr"], hist.history["loss"])
plt.axis([1e-4, 1e-2, 0, 1])
plt.xlabel('Step size')
plt.ylabel('Loss')
plt.title('Step size vs loss')
plt.grid()
plt.show()

# 0.0006 looked best in the sweep
n_ep = 30
net.compile(optimizer=Adam(lr=0.0006), loss='categorical_crossentropy', metrics=['accuracy'])
hist = net.fit(x_tr, y_tr, epochs=n_ep, validation_data=(x_te, y_te), verbose=2)

ep_range = range(n_ep)
acc = hist.history['accuracy']
loss = hist.history['loss']
val_acc = hist.history['val_accuracy']
val_loss = hist.history['val_loss']
plot_graphs(hist, "loss")
plot_graphs(hist, "accuracy")
