import numpy as np
from tensorflow.keras.datasets import reuters
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Dropout
from tensorflow.keras.utils import to_categorical
(train_x, train_y), (test_x, test_y) = reuters.load_data(num_words=10000)
def multi_hot_encode(word_lists, width=10000):
 encoded = np.zeros((len(word_lists), width))
 for i, word_ids in enumerate(word_lists):
    encoded[i, word_ids] = 1
 return encoded
train_x = multi_hot_encode(train_x)
test_x = multi_hot_encode(test_x)
n_topics = max(train_y) + 1
train_y = to_categorical(train_y, n_topics)
test_y = to_categorical(test_y, n_topics)
mlp_model = Sequential()
mlp_model.add(Dense(64, activation='relu', input_shape=(10000,)))
mlp_model.add(Dropout(0.5))
mlp_model.add(Dense(64, activation='relu'))
mlp_model.add(Dropout(0.5))
mlp_model.add(Dense(n_topics, activation='softmax'))
# set up optimiser, loss and metric
mlp_model.compile(optimizer='rmsprop',
 loss='categorical_crossentropy',
 metrics=['accuracy'])
fit_log = mlp_model.fit(train_x, train_y,
 epochs=20,
 batch_size=512,
 validation_data=(test_x, test_y))
test_loss_value, test_accuracy = mlp_model.evaluate(test_x, test_y)
print('Accuracy on held-out newswires:', test_accuracy)
import matplotlib.pyplot as plt
train_loss_curve = fit_log.history['loss']
val_loss_curve = fit_log.history['val_loss']
epoch_axis = range(1, len(train_loss_curve) + 1)
plt.plot(epoch_axis, train_loss_curve, 'bo', label='train loss')
plt.plot(epoch_axis, val_loss_curve, 'r', label='val loss')
plt.title('Loss per epoch (train vs val)')
plt.xlabel('Epoch number')
plt.ylabel('Loss value')
plt.legend()
plt.show()
train_acc_curve = fit_log.history['accuracy'] 
val_acc_curve = fit_log.history['val_accuracy'] 
plt.plot(epoch_axis, train_acc_curve, 'bo', label='train accuracy')
plt.plot(epoch_axis, val_acc_curve, 'b', label='val accuracy')
plt.title('Accuracy per epoch (train vs val)')
plt.xlabel('Epoch number')
plt.ylabel('Accuracy value') 
plt.legend()
plt.show()
from sklearn.metrics import confusion_matrix, classification_report
pred_y = mlp_model.predict(test_x)
pred_y_ids = np.argmax(pred_y, axis=1)
true_y_ids = np.argmax(test_y, axis=1)
cm_table = confusion_matrix(true_y_ids, pred_y_ids)
print("Confusion table on test set:\n", cm_table)
summary_text = classification_report(true_y_ids, pred_y_ids)
print("Per-topic precision/recall:\n", summary_text)

