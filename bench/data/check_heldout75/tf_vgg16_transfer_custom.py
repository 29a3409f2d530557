
import numpy as np
import os
import time
from vgg16 import VGG16
from keras.preprocessing import image
from keras.applications.imagenet_utils import preprocess_input
from imagenet_utils import decode_predictions
from keras.layers import Dense, Activation, Flatten
from keras.layers import merge, Input
from keras.models import Model
from keras.utils import np_utils
from sklearn.utils import shuffle
from sklearn.cross_validation import train_test_split

probe_file = 'elephant.jpg'
probe = image.load_img(probe_file, target_size=(224, 224))
arr = image.img_to_array(probe)
print (arr.shape)
arr = np.expand_dims(arr, axis=0)
print (arr.shape)
arr = preprocess_input(arr)
print('probe tensor shape:', arr.shape)

# Read every training picture
ROOT = os.getcwd()
# Folder with one sub-folder per class
pics_root = ROOT + '/data'
class_dirs = os.listdir(pics_root)

pic_arrays=[]

for cls_dir in class_dirs:
    files=os.listdir(pics_root+'/'+ cls_dir)
    print ('Reading pictures of class-'+'{}\n'.format(cls_dir))
    for fname in files:
        probe_file = pics_root + '/'+ cls_dir + '/'+ fname
        probe = image.load_img(probe_file, target_size=(224, 224))
        arr = image.img_to_array(probe)
        arr = np.expand_dims(arr, axis=0)
        arr = preprocess_input(arr)
#       arr = arr/255
        print('probe tensor shape:', arr.shape)
        pic_arrays.append(arr)

pics = np.array(pic_arrays)
#pics = pics.astype('float32')
print (pics.shape)
pics=np.rollaxis(pics,1,0)
print (pics.shape)
pics=pics[0]
print (pics.shape)


# How many categories
n_cls = 4
n_pics = pics.shape[0]
targets = np.ones((n_pics,),dtype='int64')

targets[0:202]=0
targets[202:404]=1
targets[404:606]=2
targets[606:]=3

cls_names = ['cats','dogs','horses','humans']

# integer targets to one-hot rows
T = np_utils.to_categorical(targets, n_cls)

# Mix the samples
xs,ts = shuffle(pics,T, random_state=2)
# Train / hold-out split
xs_tr, xs_te, ts_tr, ts_te = train_test_split(xs, ts, test_size=0.2, random_state=2)

#########################################################################################
# Variant one
# only the new head learns
inp = Input(shape=(224, 224, 3))

base = VGG16(input_tensor=inp, include_top=True,weights='imagenet')
base.summary()
feat = base.get_layer('fc2').output
#h= Flatten(name='flatten')(feat)
head = Dense(n_cls, activation='softmax', name='output')(feat)
tuned_a = Model(inp, head)
tuned_a.summary()

for lyr in tuned_a.layers[:-1]:
    lyr.trainable = False

tuned_a.layers[3].trainable

tuned_a.compile(loss='categorical_crossentropy',optimizer='rmsprop',metrics=['accuracy'])


t0=time.time()
#   t0 = now()
log = tuned_a.fit(xs_tr, ts_tr, batch_size=32, epochs=12, verbose=1, validation_data=(xs_te, ts_te))
print('elapsed: %s' % (t0 - time.time()))
(te_loss, te_acc) = tuned_a.evaluate(xs_te, ts_te, batch_size=10, verbose=1)

print("[RESULT] loss={:.4f}, accuracy: {:.4f}%".format(te_loss,te_acc * 100))


####################################################################################################################

# Variant two: new dense stack on the conv features

inp = Input(shape=(224, 224, 3))

base = VGG16(input_tensor=inp, include_top=True,weights='imagenet')

base.summary()

feat = base.get_layer('block5_pool').output
h= Flatten(name='flatten')(feat)
h = Dense(128, activation='relu', name='fc1')(h)
h = Dense(128, activation='relu', name='fc2')(h)
head = Dense(n_cls, activation='softmax', name='output')(h)
tuned_b = Model(inp, head)
tuned_b.summary()

# keep everything frozen but the three dense layers
for lyr in tuned_b.layers[:-3]:
    lyr.trainable = False

tuned_b.summary()

tuned_b.compile(loss='categorical_crossentropy',optimizer='adadelta',metrics=['accuracy'])

t0=time.time()
#   t0 = now()
log = tuned_b.fit(xs_tr, ts_tr, batch_size=32, epochs=12, verbose=1, validation_data=(xs_te, ts_te))
print('elapsed: %s' % (t0 - time.time()))
(te_loss, te_acc) = tuned_b.evaluate(xs_te, ts_te, batch_size=10, verbose=1)

print("[RESULT] loss={:.4f}, accuracy: {:.4f}%".format(te_loss,te_acc * 100))

#%%
import matplotlib.pyplot as plt
# curves of loss and accuracy
tr_loss=log.history['loss']
va_loss=log.history['val_loss']
tr_acc=log.history['acc']
va_acc=log.history['val_acc']
ep=range(12)

plt.figure(1,figsize=(7,5))
plt.plot(ep,tr_loss)
plt.plot(ep,va_loss)
plt.xlabel('epoch')
plt.ylabel('loss')
plt.title('training vs validation loss')
plt.grid(True)
plt.legend(['train','val'])
#plt.style.available lists other styles
plt.style.use(['classic'])

plt.figure(2,figsize=(7,5))
plt.plot(ep,tr_acc)
plt.plot(ep,va_acc)
plt.xlabel('epoch')
plt.ylabel('accuracy')
plt.title('training vs validation accuracy')
plt.grid(True)
plt.legend(['train','val'],loc=4)
#plt.style.available lists other styles
plt.style.use(['classic'])
