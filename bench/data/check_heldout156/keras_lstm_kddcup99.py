import pandas as pd
from keras.models import Sequential
from keras.layers import Dense, LSTM, Dropout
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import OneHotEncoder, LabelEncoder, MinMaxScaler

# read the connection records
conn = pd.read_csv('kddcup99_csv.csv')

## integer-code the target
tgt_enc = LabelEncoder()
conn.label = tgt_enc.fit_transform(conn.label)

## expand the symbolic columns into indicator columns
# recent scikit-learn versions accept the string columns directly
sym_cols = ['protocol_type', 'service', 'flag']

ohe = OneHotEncoder(sparse_output=False).set_output(transform="pandas")
indicators = ohe.fit_transform(conn[sym_cols])
indicators.columns = ohe.get_feature_names_out(sym_cols)
table = conn.join(indicators)
table.drop(sym_cols, axis=1, inplace=True)

# squash every column into [0, 1]
mm = MinMaxScaler(feature_range=(0,1))
table[table.columns] = mm.fit_transform(table[table.columns])

feats = table.iloc[:,:-1]
target = table.label

n_rows = feats.shape[0]
n_cols = feats.shape[1]

# one time step per record
feats = feats.values.reshape((n_rows, 1, n_cols))
target = target.values.reshape(-1,1)

f_tr, f_te, t_tr, t_te = train_test_split(feats, target, test_size=0.3, random_state=42)

n_rows = f_tr.shape[0]
n_steps = f_tr.shape[1]
n_cols = f_tr.shape[2]

net = Sequential()
net.add(LSTM(128, input_shape=(n_steps, n_cols), return_sequences=True))
net.add(Dropout(0.2))
net.add(LSTM(64, return_sequences=True))
net.add(Dropout(0.2))
net.add(LSTM(32))
net.add(Dropout(0.2))
net.add(Dense(1, activation='sigmoid'))

# binary loss with adam
net.compile(optimizer='adam', loss='binary_crossentropy', metrics='accuracy')

net.fit(f_tr, t_tr, epochs=5, batch_size=32)

loss, acc = net.evaluate(f_te, t_te)

print(f'Loss     : {loss}')
print(f'Accuracy : {acc*100}')
