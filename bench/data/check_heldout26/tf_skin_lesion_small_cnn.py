"""
Classifies skin lesion photos into lesion types with a small Keras CNN.

Source data:
the ISIC skin cancer image folders (one subfolder per class)
Background:
see the HAM10000 description paper on arXiv

Lesion classes named in the data set:
nevus
melanoma
benign keratosis
basal cell carcinoma
actinic keratosis
vascular lesion
dermatofibroma
"""

import matplotlib.pyplot as plt
import numpy as np

np.random.seed(42)
from sklearn.metrics import classification_report, confusion_matrix

import keras
#from keras.utils import to_categorical  (one-hot helper, unused here)
from keras.models import Sequential
from keras.layers import Dense, Dropout, Flatten, Conv2D, MaxPool2D, BatchNormalization
from keras.preprocessing.image import ImageDataGenerator
from keras.callbacks import EarlyStopping

def show_image_grid(images):
    for i in range(len(images)):
        img = images[i].astype(int)
        plt.subplot(3, 3, i + 1)
        plt.imshow(np.array(img))
        plt.axis("off")
    plt.show()
    #plt.savefig('grid.jpg')


def show_first_batch(batch_iter):
    plt.figure(figsize=(10, 10))
    # pull a few batches off the iterator
    batches_wanted = 1  # how many batches to draw
    drawn_batches = [next(batch_iter) for _ in range(batches_wanted)]
    for images, labels in drawn_batches:
      for i in range(9):
        axis = plt.subplot(3, 3, i + 1)
        plt.imshow(images[i].astype("uint8"))
        class_idx = np.where(labels[i] == 1)[0][0]
        plt.title(LESION_NAMES[class_idx])
        plt.axis("off")
    plt.show() 
    plt.savefig('batch_skin_figs.jpg',format="JPG")

IMG_SIZE = 32
LESION_NAMES = ['actinic keratosis', 'basal cell carcinoma', 'dermatofibroma', 'melanoma', 'nevus', 'pigmented benign keratosis', 'seborrheic keratosis', 'squamous cell carcinoma', 'vascular lesion']
    
##########################################################
# Batch generators
##########################################################
# no augmentation: the generator only reads and resizes
image_gen = ImageDataGenerator()

# folders with one subfolder per class
train_folder = "data/train/"
test_folder = "data/test"
# stream batches from the folders
train_batches = image_gen.flow_from_directory(directory=train_folder,
                                         class_mode='categorical',
                                         color_mode = 'rgb',
                                         batch_size=16,  # per step
                                         target_size=(IMG_SIZE, IMG_SIZE))  # resized on read

#label_ids = train_batches.classes
#print(label_ids)
# look at one batch
#show_first_batch(train_batches)

test_batches = image_gen.flow_from_directory(directory=test_folder,
                                         class_mode='categorical',
                                         color_mode = 'rgb',
                                         batch_size=16,  # per step
                                         target_size=(IMG_SIZE, IMG_SIZE))  # resized on read


########################################################
# Network
########################################################
# a pretrained backbone would also work here
n_classes = 7

model = Sequential()
model.add(Conv2D(256, (3, 3), activation="relu", input_shape=(IMG_SIZE, IMG_SIZE, 3)))
#model.add(BatchNormalization())
model.add(MaxPool2D(pool_size=(2, 2)))  
model.add(Dropout(0.3))

model.add(Conv2D(128, (3, 3),activation='relu'))
#model.add(BatchNormalization())
model.add(MaxPool2D(pool_size=(2, 2)))  
model.add(Dropout(0.3))

model.add(Conv2D(64, (3, 3),activation='relu'))
#model.add(BatchNormalization())
model.add(MaxPool2D(pool_size=(2, 2)))  
model.add(Dropout(0.3))
model.add(Flatten())

model.add(Dense(32))
model.add(Dense(7, activation='softmax'))
model.summary()

model.compile(loss='categorical_crossentropy', optimizer='Adam', metrics=['accuracy'])

##########################################################
#  Fitting
##########################################################
batch_size = 16 
epochs = 10
# stop once val loss stalls
stop_early = EarlyStopping(monitor='val_loss', patience=2, verbose=1, restore_best_weights=True)

fit_log = model.fit(
    train_batches,
    epochs=epochs,
    batch_size = batch_size,
    validation_data=test_batches,
    callbacks=[stop_early],
    verbose=2)

test_score = model.evaluate(test_batches)
print('held-out accuracy:', test_score[1])
model.save('skin_cancer_classifier.h5')

##############################################
# Curves
#############################################
train_acc = fit_log.history['accuracy']
val_acc = fit_log.history['val_accuracy']

train_loss = fit_log.history['loss']
val_loss = fit_log.history['val_loss']

epoch_axis = range(epochs)

plt.figure(figsize=(8, 8))
plt.subplot(1, 2, 1)
plt.plot(epoch_axis, train_acc, label='train accuracy')
plt.plot(epoch_axis, val_acc, label='val accuracy')
plt.legend(loc='lower right')
plt.title('accuracy per epoch')

plt.subplot(1, 2, 2)
plt.plot(epoch_axis, train_loss, label='train loss')
plt.plot(epoch_axis, val_loss, label='val loss')
plt.legend(loc='upper right')
plt.title('loss per epoch')
plt.show()

######################################
# Predictions on the test folder
#####################################
pred_probs = model.predict(test_batches)
# class index per prediction
pred_labels = np.argmax(pred_probs, axis = 1) 
# class index per true label
true_labels = np.argmax(y_test, axis = 1) 

# confusion matrix
conf = confusion_matrix(true_labels, pred_labels)

fig, axis = plt.subplots(figsize=(6,6))
sns.set(font_scale=1.6)
sns.heatmap(conf, annot=True, linewidths=.5, ax=axis)


# share of each class predicted wrongly
wrong_share = 1 - np.diag(conf) / np.sum(conf, axis=1)
plt.bar(np.arange(7), wrong_share)
plt.xlabel('true label')
plt.ylabel('share predicted wrongly')
