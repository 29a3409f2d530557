# KDD Cup 99 intrusion detection with an LSTM sequence autoencoder trained on normal http traffic (Colab notebook, code cells in order).
from google.colab import drive
drive.mount('/content/gdrive')

import tqdm
import pandas as pd
import numpy as np
import tensorflow as tf
import matplotlib.pyplot as plt
import tensorflow as tf
from sklearn.decomposition import PCA
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler, LabelEncoder, MinMaxScaler, OneHotEncoder
from mpl_toolkits import mplot3d
from tensorflow.keras.layers import Input, Dense, LSTM, TimeDistributed, RepeatVector
from tensorflow.keras.models import Sequential
from tensorflow.keras.models import Model
import tensorflow.keras.backend as K
from scipy.spatial.distance import euclidean
import random
import seaborn as sns
from sklearn.metrics import confusion_matrix, roc_auc_score, roc_curve, f1_score, precision_score, recall_score, accuracy_score, plot_confusion_matrix

tf.__version__

print(tf.config.list_physical_devices('GPU'))
print(tf.test.is_gpu_available())

TRAIN_DATA_PATH = 'kdd_train.csv'
COLUMN_NAMES_PATH = 'columns_names.txt'
TEST_DATA_PATH = 'kdd_test.csv'
PROD_DATA_PATH = 'kdd_production.csv'

# full KDD Cup 99 training file, no header row
df = pd.read_csv(TRAIN_DATA_PATH, header=None)

with open(COLUMN_NAMES_PATH, 'r') as txt_file:
    col_names = txt_file.readlines()
col_names

col_names_cleaned = [i.split(':')[0] for i in col_names]
col_names_cleaned.extend(['result'])
continous_col_indices = [col.split(':')[0] for i, col in enumerate(col_names) if col.split(':')[1]==' continuous\n' or col.split(':')[1]==' continuous']

df.columns = col_names_cleaned
df.head()

print('different types of services: {}'.format(df['service'].unique()))

pd.value_counts(df['result']).plot(kind='bar', figsize=(20, 10))
plt.ylabel('number of instances')
plt.xticks(fontsize=13)
plt.grid()
plt.show()

df_http = df[(df['service']=='http')]

pd.value_counts(df_http['result']).plot(kind='bar', figsize=(20, 10))
plt.ylabel('number of instances')
plt.xticks(fontsize=13)
plt.grid()
plt.show()

normal_instances = df_http[df_http['result']=='normal.'].shape[0]
anomalous_instances = df_http[df_http['result']!='normal.'].shape[0]
print('percentage of anomalies = {}'.format(100*anomalous_instances/normal_instances))

df_http_normal = df_http[df_http['result']=='normal.']

df_http_normal.shape

df_http_normal.drop(['protocol_type', 'service', 'flag', 'land', 'logged_in', 'is_host_login', 'is_guest_login', 'result'], axis=1, inplace=True)
df_http_normal.drop(['wrong_fragment', 'urgent', 'num_failed_logins', 'su_attempted', 'num_file_creations', 'num_outbound_cmds'], axis=1, inplace=True)

df_http_normal.describe()

df_http_normal.boxplot(figsize=(20, 10))
plt.show()

scaler = StandardScaler()
df_http_normal = pd.DataFrame(scaler.fit_transform(df_http_normal), columns=df_http_normal.columns)

plt.figure(figsize=(15, 10))
sns.heatmap(df_http_normal.corr(), cmap='viridis')
plt.show()

pca = PCA(n_components=0.8)
pca.fit(df_http_normal)

pca_cols = ['PCA_'+ str(i) for i in range(pca.n_components_)]
df_pca = pd.DataFrame(pca.transform(df_http_normal), columns=pca_cols)

df_pca.head()

# cut the PCA-reduced rows into fixed-length windows for the LSTM autoencoder
def get_windows(df, window_size=20, stride=10):
  windows_arr = []
  for i in tqdm.tqdm(range(0, len(df)-window_size+1, stride)):
    windows_arr.append(df.iloc[i:i+window_size, :].to_numpy())
  return np.array(windows_arr)

window_size, stride = 10, 10
windows_arr = get_windows(df_pca, window_size, stride)

indices = np.arange(windows_arr.shape[0])
np.random.shuffle(indices)
windows_shuffled = windows_arr[indices]

K.clear_session()
encoder = Sequential([LSTM(80, return_sequences=True, activation='selu',input_shape=(window_size, 14), dropout=0.2), LSTM(50, activation='selu', return_sequences=True), 
                      LSTM(20, activation='selu')], name='encoder')
decoder = Sequential([RepeatVector(window_size), LSTM(50, activation='selu', return_sequences=True), LSTM(80, activation='selu',return_sequences=True), 
                      TimeDistributed(Dense(14, activation='linear'))], name='decoder')
autoencoder = Sequential([encoder, decoder], name='autoencoder')
autoencoder.compile(optimizer='adam', loss = tf.keras.losses.Huber(100.))
autoencoder.summary()

encoder.summary(), decoder.summary()

check_point = tf.keras.callbacks.ModelCheckpoint('autoencoder.h5', monitor='val_loss', save_best_only=True, mode='min', verbose=1)
train_hist = autoencoder.fit(windows_shuffled, windows_shuffled[:, :, ::-1], batch_size=64, validation_split=0.2, epochs=100, callbacks=[check_point])

autoencoder_loaded = tf.keras.models.load_model('autoencoder.h5') 

# held-out 'corrected' test file
test_df = pd.read_csv(TEST_DATA_PATH, header=None, names=col_names_cleaned)
test_df.head()

test_df_http = test_df[test_df['service']=='http']

status = pd.Series([0 if i=='normal.' else 1 for i in test_df_http['result']])
test_labels = [1 if np.sum(status[i:i+window_size])>0 else 0 for i in range(0, len(status)-window_size+1, stride)]

test_df_http.drop(['protocol_type', 'service', 'flag', 'land', 'logged_in', 'is_host_login', 'is_guest_login', 'result'], axis=1, inplace=True)
test_df_http.drop(['wrong_fragment', 'urgent', 'num_failed_logins', 'su_attempted', 'num_file_creations', 'num_outbound_cmds'], axis=1, inplace=True)

test_df_http = pd.DataFrame(scaler.transform(test_df_http), columns=test_df_http.columns)

test_df_http_pca = pd.DataFrame(pca.transform(test_df_http), columns=pca_cols)
test_df_http_pca.head()

test_windows = get_windows(test_df_http_pca, window_size=10, stride=10)

test_windows_pred = autoencoder_loaded.predict(test_windows)

def get_recon_erros(true_windows, pred_windows):
  recon_errors = []

  def cond(y_true, y_pred, i, iters):
    return tf.less(i, iters)

  def body(y_true, y_pred, i, iters):
    tensor_for_error = tf.math.subtract(tf.slice(y_true, [i, 0, 0], [1, -1, -1]), tf.slice(y_pred, [i, 0, 0], [1, -1, -1]))
    tensor_for_error = tf.reshape(tensor_for_error, [window_size, pca.n_components_])
    recon_error = tf.math.reduce_mean(tf.norm(tensor_for_error, ord='euclidean', axis=1))
    recon_errors.append(recon_error.numpy())
    return [y_true, y_pred, tf.add(i, 1), iters]

  iters = tf.constant(len(true_windows))

  result = tf.while_loop(cond, body, [tf.constant(true_windows.astype(np.float32)), tf.constant(pred_windows.astype(np.float32)), 0, iters])
  return recon_errors

recon_errors = get_recon_erros(test_windows, test_windows_pred)
recon_errors = np.array(recon_errors).reshape(-1, 1)

mm_scaler = MinMaxScaler()
anomaly_scores = mm_scaler.fit_transform(recon_errors).flatten()

plt.figure(figsize=(20, 10))
plt.plot(test_labels, c='blue', label='original')
plt.plot(anomaly_scores, c='red', label='predicted')
plt.yticks(np.arange(0, 1.1, 0.1))
plt.xlabel('samples')
plt.ylabel('anomaly score')
plt.grid()
plt.legend()
plt.show()

fpr, tpr, thresholds = roc_curve(test_labels, anomaly_scores)

auc = roc_auc_score(test_labels, anomaly_scores)
print('Area under ROC curve: {}'.format(auc))

plt.figure(figsize=(10,5))
plt.plot([0, 1], [0, 1], color = 'black', linestyle='--')
plt.plot(fpr, tpr, label='AUC={}'.format(auc))
plt.grid()
plt.xlabel('FPR')
plt.ylabel('TPR')
plt.legend()
plt.title('ROC')
plt.show()

anomaly_combinations = [(anomaly_scores>i).astype(np.int32) for i in thresholds]
f1_scores = [f1_score(test_labels, i) for i in anomaly_combinations]

plt.figure(figsize=(10, 5))
plt.plot(thresholds, f1_scores)
plt.grid()
plt.xlabel('Thresholds')
plt.ylabel('F-1 Score')
plt.title('F-1 Score vs Thresholds')
plt.show()

max_f1_score = np.max(f1_scores)
best_threshold = thresholds[f1_scores.index(max_f1_score)]
print('best threshold = {}'.format(best_threshold))

anomaly_indicator = (anomaly_scores>best_threshold).astype(np.int32)

confusion_matrix(test_labels, anomaly_indicator)

plt.figure(figsize=(20,10))
sns.scatterplot(x=np.arange(0, len(anomaly_scores)), y= anomaly_scores, hue=['normal' if i==0 else 'anomaly' for i in anomaly_indicator],
                palette=['blue', 'red'], legend='full')
plt.axhline(y = best_threshold, linestyle='--', label='threshold')
plt.xlabel('samples')
plt.ylabel('anomaly score')
plt.legend()
plt.grid()
plt.show()

precision = precision_score(test_labels, anomaly_indicator)
recall = recall_score(test_labels, anomaly_indicator)
f1_sc = f1_score(test_labels, anomaly_indicator)
accuracy_sc = accuracy_score(test_labels, anomaly_indicator)

print('Model has the following classification metrics:\n precision = {}\n recall = {}\n f1_score = {}\n accuracy_score = {}'
      .format(precision, recall, f1_sc, accuracy_sc))

prod_df = pd.read_csv(PROD_DATA_PATH, header=None, names=col_names_cleaned)

prod_df_http = prod_df[prod_df['service']=='http']
prod_df_http.head()

prod_df_http.shape

prod_df_http.drop(['protocol_type', 'service', 'flag', 'land', 'logged_in', 'is_host_login', 'is_guest_login', 'result'], axis=1, inplace=True)
prod_df_http.drop(['wrong_fragment', 'urgent', 'num_failed_logins', 'su_attempted', 'num_file_creations', 'num_outbound_cmds'], axis=1, inplace=True)

prod_df_http = pd.DataFrame(scaler.transform(prod_df_http), columns=prod_df_http.columns)

prod_df_http_pca = pd.DataFrame(pca.transform(prod_df_http), columns=pca_cols)
prod_df_http_pca.head()

prod_windows = get_windows(prod_df_http_pca, window_size=10, stride=10)

prod_windows_pred = autoencoder_loaded.predict(prod_windows)

prod_recon_errors = get_recon_erros(prod_windows, prod_windows_pred)
prod_recon_errors = np.array(prod_recon_errors).reshape(-1, 1)

mm_scaler_prod = MinMaxScaler()
prod_anomaly_scores = mm_scaler_prod.fit_transform(prod_recon_errors).flatten()

prod_anomaly_indicator = (prod_anomaly_scores>best_threshold).astype(np.int32)

plt.figure(figsize=(20,10))
sns.scatterplot(x=np.arange(0, len(prod_anomaly_scores)), y= prod_anomaly_scores, hue=['normal' if i==0 else 'anomaly' for i in prod_anomaly_indicator],
                palette=['blue', 'red'], legend='full')
plt.axhline(y = best_threshold, linestyle='--', label='threshold')
plt.title('Anomaly identification in a production dataset')
plt.xlabel('samples')
plt.ylabel('anomaly score')
plt.legend()
plt.grid()
plt.show()

