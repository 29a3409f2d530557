import os
import numpy as np
import matplotlib.pyplot as plt
import pickle
import cv2
from keras.preprocessing.image import ImageDataGenerator
from keras.models import Sequential
from keras.layers import Conv2D, MaxPooling2D, Flatten, Dense

# folders holding one sub-folder per sign class
project_root = os.getcwd() # the class folders sit below this
print("working folder: ", project_root)
train_folder =  project_root + '/own-data-preprocessed/train'
val_folder = project_root + '/own-data-preprocessed/test'

# side length the pictures are scaled to
img_w, img_h = 64, 64

# pictures per pass and number of classes
train_count = 13974
val_count = 3230
n_classes = 38

# passes over the data
n_epochs = 10

# pictures per step
batch_size = 32

# augmenting reader for the training pictures
train_augmenter = ImageDataGenerator(
    rescale=1./255,
    shear_range=0.2,
    zoom_range=0.2,
    horizontal_flip=True)

# plain rescaling reader for the held-out pictures
val_augmenter = ImageDataGenerator(rescale=1./255)

# stream training batches straight from the folder tree
train_batches = train_augmenter.flow_from_directory(
    train_folder,
    target_size=(img_w, img_h),
    batch_size=batch_size,
    class_mode='categorical')

# stream validation batches the same way
val_batches = val_augmenter.flow_from_directory(
    val_folder,
    target_size=(img_w, img_h),
    batch_size=batch_size,
    class_mode='categorical')

# small convolutional classifier
model = Sequential()

# 32 filters of 3x3, relu
model.add(Conv2D(32, (3, 3), activation='relu', input_shape=(img_w, img_h, 3)))

# halve the spatial size
model.add(MaxPooling2D(pool_size=(2, 2)))

# 64 filters of 3x3, relu
model.add(Conv2D(64, (3, 3), activation='relu'))

# halve again
model.add(MaxPooling2D(pool_size=(2, 2)))

# 128 filters of 3x3, relu
model.add(Conv2D(128, (3, 3), activation='relu'))

# halve once more
model.add(MaxPooling2D(pool_size=(2, 2)))

# to a flat vector
model.add(Flatten())

# hidden dense block of 512 units
model.add(Dense(512, activation='relu'))

# one softmax unit per sign class
model.add(Dense(n_classes, activation='softmax'))

# categorical cross-entropy with adam, report accuracy
model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])

# train from the two streaming readers
fit_history = model.fit(
    train_batches,
    steps_per_epoch=train_count // batch_size,
    epochs=n_epochs,
    validation_data=val_batches,
    validation_steps=val_count // batch_size)



plt.figure(1)
plt.plot(fit_history.history['loss'])
plt.legend(['train','val'])
plt.title('loss curve')
plt.title('loss')
plt.xlabel('epoch')

plt.figure(2)
plt.plot(fit_history.history['accuracy'])
plt.legend(['train','val'])
plt.title('accuracy curve')
plt.title('Acurracy')
plt.xlabel('epoch')
plt.show()
 
 
# keep the trained network as a pickle file
model_file = os.path.join(project_root, "modelCNN(all-classes).p")
model_out= open(model_file,"wb")  # binary write
pickle.dump(model,model_out)
model_out.close()
print('network written to disk')
cv2.waitKey(0)