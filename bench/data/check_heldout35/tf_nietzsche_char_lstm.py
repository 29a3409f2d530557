import keras
import numpy as np
corpus_path = keras.utils.get_file('nietzsche.txt', origin='https://s3.amazonaws.com/text-datasets/nietzsche.txt')
corpus = open(corpus_path).read().lower()
print('Characters in the corpus:', len(corpus))

window = 60
stride = 3
windows_text = []
following_chars = []
for i in range(0, len(corpus) - window, stride) :
    windows_text.append(corpus[i: i + window])
    following_chars.append(corpus[i + window])
print('Windows cut:', len(windows_text))
alphabet = sorted(list(set(corpus)))
print('Distinct characters:', len(alphabet))
char_to_idx = dict((ch, alphabet.index(ch)) for ch in alphabet)
print('One-hot encoding...')
x = np.zeros((len(windows_text), window, len(alphabet)), dtype=np.bool)
y = np.zeros((len(windows_text), len(alphabet)), dtype=np.bool)
for i, win in enumerate(windows_text):
    for t, ch in enumerate(win):
        x[i, t, char_to_idx[ch]] = 1
    y[i, char_to_idx[following_chars[i]]] = 1


x=x.astype(int)
y=y.astype(int)




from sklearn.model_selection import train_test_split
val_fraction = 0.30
train_X, val_X , train_Y , val_Y= train_test_split(x,y, test_size=val_fraction)

from keras import layers
model = keras.models.Sequential()
model.add(layers.LSTM(128, input_shape=(window, len(alphabet))))
model.add(layers.Dense(len(alphabet), activation='softmax'))
rms_optimizer = keras.optimizers.RMSprop(lr=0.01)
model.compile(loss='categorical_crossentropy', optimizer=rms_optimizer)

model.fit(train_X,train_Y,epochs=10,verbose=1,validation_data=(val_X,val_Y))

