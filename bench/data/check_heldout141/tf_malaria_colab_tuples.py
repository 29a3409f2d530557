from google.colab import files
files.upload()

# set up the kaggle credentials and fetch the cell image archive (shell cell in the notebook)
# mkdir ~/.kaggle ; cp kaggle.json ~/.kaggle/ ; chmod 600 ~/.kaggle/kaggle.json
# pip install -q kaggle
# kaggle datasets download -d iarunava/cell-images-for-detecting-malaria
# unzip -q cell-images-for-detecting-malaria.zip

import os
import cv2
import matplotlib.pyplot as plt

root_dir = "cell_images"

sick_dir = os.path.join(root_dir, "Parasitized")
clean_dir = os.path.join(root_dir, "Uninfected")

sick_names = os.listdir(sick_dir)
clean_names = os.listdir(clean_dir)

peek_sick = cv2.imread(os.path.join(sick_dir,sick_names[0]))
peek_clean = cv2.imread(os.path.join(clean_dir,clean_names[0]))

peek_sick = cv2.cvtColor(peek_sick, cv2.COLOR_BGR2RGB)
peek_clean = cv2.cvtColor(peek_clean, cv2.COLOR_BGR2RGB)

plt.figure(figsize=(10, 5))

plt.subplot(1, 2, 1)
plt.imshow(peek_sick)
plt.title("Parasitized")
plt.axis("off")

plt.subplot(1, 2, 2)
plt.imshow(peek_clean)
plt.title("Uninfected")
plt.axis("off")

plt.show()

print(peek_sick.shape)
# about 130 x 130 x 3 per cell crop

print(peek_sick[0][0])
# a single pixel triple

pairs = []

for j in range (len(sick_names)):
  sick_path = os.path.join(sick_dir,sick_names[j])
  clean_path = os.path.join(clean_dir,clean_names[j])

  a_img = cv2.imread(sick_path)
  b_img = cv2.imread(clean_path)

  # skip any pair where one file is unreadable
  if a_img is not None and b_img is not None:
    a_img = cv2.cvtColor(a_img, cv2.COLOR_BGR2RGB)
    b_img = cv2.cvtColor(b_img, cv2.COLOR_BGR2RGB)
    a_img = cv2.resize(a_img, (64, 64))
    b_img = cv2.resize(b_img, (64, 64))
    pairs.append((a_img,1))
    pairs.append((b_img,0))
  else:
    if a_img is None:
      print(f"unreadable file skipped: {sick_path}")
    if b_img is None:
      print(f"unreadable file skipped: {clean_path}")

feats = []
tags = []
for arr,tag in pairs:
  feats.append(arr)
  tags.append(tag)

import numpy as np

feats = np.array(feats)
tags = np.array(tags)

print(feats.shape)
print(tags.shape)

feats = feats /255

import tensorflow as tf

from tensorflow.keras import layers,models

clf = models.Sequential()

clf.add(layers.Conv2D(32,(3,3),activation='relu',input_shape=(64,64,3)))
clf.summary()

clf.add(layers.MaxPooling2D(pool_size=(2,2)))
clf.summary()

clf.add(layers.Flatten())
clf.summary()

clf.add(layers.Dense(64,activation = 'relu'))
clf.summary()

clf.add(layers.Dense(1,activation = 'sigmoid'))
clf.summary

clf.compile(
    optimizer='adam',
    loss='binary_crossentropy',
    metrics=['accuracy']
)

log = clf.fit(feats,tags,epochs=10,batch_size=32,validation_split=0.2)

plt.plot(log.history['accuracy'], label='train acc')
plt.plot(log.history['val_accuracy'], label='val acc')
plt.title("accuracy per epoch")
plt.xlabel("Epoch")
plt.ylabel("Accuracy")
plt.legend()
plt.show()

plt.plot(log.history['loss'], label='train loss')
plt.plot(log.history['val_loss'], label='val loss')
plt.title("loss per epoch")
plt.xlabel("Epoch")
plt.ylabel("Loss")
plt.legend()
plt.show()

plt.plot(log.history['loss'], label='train loss')
plt.plot(log.history['val_loss'], label='val loss')
plt.title("loss per epoch")
plt.xlabel("Epoch")
plt.ylabel("Loss")
plt.legend()
plt.show()

clf.save("cells_cnn.keras")

one = cv2.imread("cell_images/Parasitized/C100P61ThinF_IMG_20150918_144104_cell_162.png")
one = cv2.cvtColor(one, cv2.COLOR_BGR2RGB)
one = cv2.resize(one, (64, 64))
one = one / 255.0
one = np.expand_dims(one, axis=0)

score = clf.predict(one)
print(score)
print("infection probability:", score[0][0])
if score[0][0] > 0.5:
    print(" looks parasitized")
else:
    print(" looks uninfected")
