# Notebook cells in order: two-class road-sign classifier streamed from a folder with image_dataset_from_directory.
# ~~~~~~~~~~ block 0
# ~~~~~~~~~~ block 1
import tensorflow as tf
import os
import cv2
import imghdr
import numpy as np
from matplotlib import pyplot as plt

# ~~~~~~~~~~ block 2
img_root = 'sign_imgs' 
# ~~~~~~~~~~ block 3

os.listdir(os.path.join(img_root, 'halt'))
# ~~~~~~~~~~ block 4

os.listdir(os.path.join(img_root, 'caution'))
# ~~~~~~~~~~ block 5
ok_suffixes = ['jpeg','jpg', 'bmp', 'png']
# ~~~~~~~~~~ block 6

for cls_name in os.listdir(img_root): 
    for fname in os.listdir(os.path.join(img_root, cls_name)):
        fpath = os.path.join(img_root, cls_name, fname)
        try: 
            pic = cv2.imread(fpath)
            kind = imghdr.what(fpath)
            if kind not in ok_suffixes: 
                print('dropping unsupported file {}'.format(fpath))
                os.remove(fpath)
        except Exception as err: 
            print('could not read {}'.format(fpath))
# ~~~~~~~~~~ block 7

pic = cv2.imread(os.path.join('sign_imgs','halt','sample_07.jpg'))
pic.shape
# ~~~~~~~~~~ block 8
plt.imshow(cv2.cvtColor(pic, cv2.COLOR_BGR2RGB))
# ~~~~~~~~~~ block 10
ds = tf.keras.utils.image_dataset_from_directory('sign_imgs')
# ~~~~~~~~~~ block 11
np_iter = ds.as_numpy_iterator()
# ~~~~~~~~~~ block 12
chunk = np_iter.next()
# ~~~~~~~~~~ block 13
chunk[0].shape
# ~~~~~~~~~~ block 14

fig, ax = plt.subplots(ncols=4, figsize=(20,20))
for k, pic in enumerate(chunk[0][:4]):
    ax[k].imshow(pic.astype(int))
    ax[k].title.set_text(chunk[1][k])
# ~~~~~~~~~~ block 16

ds = ds.map(lambda x,yb: (x/255, yb))
# ~~~~~~~~~~ block 17
len(ds)
# ~~~~~~~~~~ block 19
n_tr = int(len(ds)*.8)
n_va = int(len(ds)*.1)
n_te = int(len(ds)*.1)
# ~~~~~~~~~~ block 20
n_tr
# ~~~~~~~~~~ block 21
ds_tr = ds.take(n_tr)
ds_va = ds.skip(n_tr).take(n_va)
ds_te = ds.skip(n_tr+n_va).take(n_te)
# ~~~~~~~~~~ block 23
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Conv2D, MaxPooling2D, Dense, Flatten, Dropout
# ~~~~~~~~~~ block 24

clf = Sequential()



clf.add(Conv2D(16, (3,3), 1, activation='relu', input_shape=(256,256,3)))


clf.add(MaxPooling2D())


clf.add(Conv2D(32, (3,3), 1, activation='relu'))

clf.add(MaxPooling2D())



clf.add(Conv2D(16, (3,3), 1, activation='relu'))

clf.add(MaxPooling2D())


clf.add(Flatten())


clf.add(Dense(256, activation='relu'))


clf.add(Dense(1, activation='sigmoid'))
# ~~~~~~~~~~ block 25

clf.compile('adam', loss=tf.losses.BinaryCrossentropy(), metrics=['accuracy'])
# ~~~~~~~~~~ block 26
clf.summary()
# ~~~~~~~~~~ block 27
tb_dir = 'tb_runs'
# ~~~~~~~~~~ block 28
tb_cb = tf.keras.callbacks.TensorBoard(log_dir=tb_dir)
# ~~~~~~~~~~ block 29
fit_log = clf.fit(ds_tr, epochs=20, validation_data=ds_va, callbacks=[tb_cb])
# ~~~~~~~~~~ block 30
fig = plt.figure()
plt.plot(fit_log.history['loss'], color='navy', label='loss')
plt.plot(fit_log.history['val_loss'], color='crimson', label='val_loss')
fig.suptitle('loss curve', fontsize=20)
plt.legend(loc="lower right")
plt.show()
# ~~~~~~~~~~ block 31
fig = plt.figure()
plt.plot(fit_log.history['accuracy'], color='navy', label='accuracy')
plt.plot(fit_log.history['val_accuracy'], color='crimson', label='val_accuracy')
fig.suptitle('accuracy curve', fontsize=20)
plt.legend(loc="lower right")
plt.show()
# ~~~~~~~~~~ block 33
from tensorflow.keras.metrics import Precision, Recall, BinaryAccuracy
# ~~~~~~~~~~ block 34
prec_m = Precision()
rec_m = Recall()
bacc_m = BinaryAccuracy()
# ~~~~~~~~~~ block 35
len(ds_te)
# ~~~~~~~~~~ block 36
for chunk in ds_te.as_numpy_iterator(): 
    xb, yb = chunk
    prob = clf.predict(xb)
    prec_m.update_state(yb, prob)
    rec_m.update_state(yb, prob)
    bacc_m.update_state(yb, prob)
# ~~~~~~~~~~ block 37
print(prec_m.result().numpy(), rec_m.result().numpy(), bacc_m.result().numpy())
# ~~~~~~~~~~ block 39


pic = cv2.imread('probe.png')
plt.imshow(pic)
plt.show()
# ~~~~~~~~~~ block 40

pic_rs = tf.image.resize(pic, (256,256))
plt.imshow(pic_rs.numpy().astype(int))
plt.show()
# ~~~~~~~~~~ block 41
prob = clf.predict(np.expand_dims(pic_rs/255, 0))
prob
# ~~~~~~~~~~ block 42
if prob > 0.5: 
    print(f'looks like: caution')
else:
    print(f'looks like: halt')
# ~~~~~~~~~~ block 44
from tensorflow.keras.models import load_model

clf.save(os.path.join('saved','halt_vs_caution.h5'))
# ~~~~~~~~~~ block 45
reloaded = load_model('halt_vs_caution.h5')

