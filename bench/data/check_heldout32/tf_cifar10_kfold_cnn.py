import tensorflow as tf
from tensorflow.keras.datasets import cifar10
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Flatten, Conv2D, MaxPooling2D, Dropout
from sklearn.model_selection import KFold
(train_X, train_y), (test_X, test_y) = cifar10.load_data()

train_X = train_X.astype('float32') / 255.0
test_X = test_X.astype('float32') / 255.0
train_y = tf.keras.utils.to_categorical(train_y, num_classes=10)
test_y = tf.keras.utils.to_categorical(test_y, num_classes=10)

from matplotlib import pyplot
pyplot.imshow(train_X[2452], cmap='gray_r')

def build_small_cnn():
    cnn_model = Sequential()
    cnn_model.add(Conv2D(32, (3, 3), activation='relu', padding='same', input_shape=train_X.shape[1:]))
    cnn_model.add(MaxPooling2D(pool_size=(2, 2)))
    cnn_model.add(Dropout(0.25))
    cnn_model.add(Flatten())
    cnn_model.add(Dense(128, activation='relu'))
    cnn_model.add(Dropout(0.5))
    cnn_model.add(Dense(10, activation='softmax'))
    return cnn_model

fold_splitter = KFold(n_splits=5, shuffle=True)
fold_scores = []
for train_idx, val_idx in fold_splitter.split(train_X):
    fold_train_X, fold_val_X = train_X[train_idx], train_X[val_idx]
    fold_train_y, fold_val_y = train_y[train_idx], train_y[val_idx]

    cnn_model = build_small_cnn()
    cnn_model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
    fold_history = cnn_model.fit(fold_train_X, fold_train_y, batch_size=128, epochs=10, validation_data=(fold_val_X, fold_val_y))
    _, test_acc = cnn_model.evaluate(test_X, test_y)
    fold_scores.append(test_acc)
# mean of the five held-out test accuracies
print("Mean accuracy over folds:", sum(fold_scores) / len(fold_scores))
