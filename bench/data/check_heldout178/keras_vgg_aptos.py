import os
import cv2
import numpy as np
import seaborn as sns
import pandas as pd
from pandas import read_csv
import matplotlib.pyplot as plt
from sklearn import metrics
from keras.utils import to_categorical
from sklearn.model_selection import train_test_split
from keras.callbacks import ModelCheckpoint, LearningRateScheduler, TensorBoard, EarlyStopping
from keras.models import Sequential, Model
from keras.layers import Dense, Dropout, Activation, Flatten
from keras.optimizers import Adam
from sklearn.metrics import classification_report
from keras.applications.resnet50 import ResNet50
from keras.applications.resnet50 import preprocess_input, decode_predictions
from keras.layers.normalization import BatchNormalization
from keras.layers import Conv2D, MaxPooling2D, GlobalAveragePooling2D
from keras.preprocessing.image import ImageDataGenerator

image_height = 224
image_width = 224
channel = 3
num_classes = 5

folder = './blindness_data/train_images'
label_path = './blindness_data/my_array.csv'
onlyfiles = [f for f in os.listdir(folder)]

label = read_csv(label_path, header=None, sep=",", engine='c')
label = label.values

train_list = []
labels = label[:, [1]]
labels = np.array(labels)
y_true = labels
labels = to_categorical(labels)
print(labels.shape)

for _file in onlyfiles:
    img = cv2.imread(folder + '/' + _file)
    resized = cv2.resize(img, (image_height, image_width))
    train_list.append(resized)
dataset = np.array(train_list)
print(dataset.shape)

df = pd.read_csv('./blindness_data/train.csv')
plt_data = df.diagnosis.value_counts()
plt_data.plot(kind='bar', title = 'Samples per class', figsize = (6,4), align = 'center')
plt.show()

plt.pie(plt_data, autopct = '%1.1f%%', shadow=True, labels = ["No DR", "Mild", "Moderate", "Severe", "Proliferative DR"])
plt.title('Per class sample percentage')
plt.show()

dir_path = './blindness_data/'
CLASSS = {0:"No DR", 1:"Mild", 2:"Moderate", 3:"Severe", 4:"Proliferative DR"}

def draw_img(imgs, target_dir, class_label='0'):
    fig, axis=plt.subplots(2,6, figsize=(15,6))
    for idnx, (idx, row) in enumerate(imgs.iterrows()):
        imgPath=os.path.join(dir_path,f"{target_dir}/{row['id_code']}.png")
        img=cv2.imread(imgPath)
        row = idnx // 6
        col = idnx % 6
        img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
        axis[row,col].imshow(img)
    plt.suptitle(class_label)
    plt.show()

CLASS_ID=0
draw_img(df[df.diagnosis==CLASS_ID].head(12),'train_images', CLASSS[CLASS_ID])

CLASS_ID=2
draw_img(df[df.diagnosis==CLASS_ID].head(12),'train_images', CLASSS[CLASS_ID])

X_train, X_test, y_train, y_test = train_test_split(dataset, labels, test_size=0.2, random_state=22)

print('X_train : ', X_train.shape)
print('y_train : ', y_train.shape)
print('X_test : ', X_test.shape)
print('y_test : ', y_test.shape)

fig = plt.figure(figsize = (15,15))
for i in range(1, 9):
    img = X_train[i-1]
    fig.add_subplot(2,4,i)
    plt.imshow(img)

fig = plt.figure(figsize = (15,15))
for i in range(1, 9):
    img = X_test[i-1]
    fig.add_subplot(2,4,i)
    plt.imshow(img)

X_train = X_train.astype('float32')
X_test = X_test.astype('float32')
X_train = X_train / 255.
X_test = X_test / 255.

train_data_gen = ImageDataGenerator()
test_data_gen = ImageDataGenerator()

train_generator = train_data_gen.flow(X_train, y_train, batch_size = 40)
test_generator = test_data_gen.flow(X_test, y_test, batch_size = 40)

tensorboard = TensorBoard(log_dir='./Log', histogram_freq = 0, write_graph = True, write_images = True)

model = Sequential()
model.add(Conv2D(64, (3, 3), activation='relu', input_shape=(image_height, image_width, channel), padding='same'))
model.add(Conv2D(64, (3, 3), activation='relu', padding='same'))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Dropout(0.25))

model.add(Conv2D(128, (3, 3), activation='relu', padding='same'))
model.add(Conv2D(128, (3, 3), activation='relu', padding='same'))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Dropout(0.25))

model.add(Conv2D(256, (3, 3), activation='relu', padding='same'))
model.add(Conv2D(256, (3, 3), activation='relu', padding='same'))
model.add(Conv2D(256, (3, 3), activation='relu', padding='same'))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Dropout(0.25))

model.add(Conv2D(512, (3, 3), activation='relu', padding='same'))
model.add(Conv2D(512, (3, 3), activation='relu', padding='same'))
model.add(Conv2D(512, (3, 3), activation='relu', padding='same'))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Dropout(0.25))

model.add(Conv2D(512, (3, 3), activation='relu', padding='same'))
model.add(Conv2D(512, (3, 3), activation='relu', padding='same'))
model.add(Conv2D(512, (3, 3), activation='relu', padding='same'))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Dropout(0.25))

model.add(Flatten())
model.add(Dense(4096, activation='relu'))
model.add(Dense(4096, activation='relu'))
model.add(Dropout(0.5))
model.add(Dense(num_classes, activation='softmax'))

model.summary()

# keep the best checkpoint by validation accuracy
checkpoint = ModelCheckpoint("vgg_blindness_detection.h5", monitor='val_acc', verbose=1, save_best_only=True, save_weights_only=False, mode='auto', period=1)


model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])

epochs = 50
batch_size = 30
steps_per_epoch = len(X_train) / batch_size
validation_steps = len(X_test) / batch_size

model_details = model.fit_generator(train_generator,
                                    epochs = epochs,
                                    steps_per_epoch = steps_per_epoch,
                                    validation_data = test_generator,
                                    validation_steps = validation_steps,
                                    callbacks = [checkpoint, tensorboard],
                                    verbose = 1)
