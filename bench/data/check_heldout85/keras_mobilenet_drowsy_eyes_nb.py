# libraries used throughout the notebook
import tensorflow as tf
import cv2
import os
import matplotlib.pyplot as plt
import numpy as np
import pickle
from tensorflow import keras
from tensorflow.keras import layers
# archive extraction helper (installed with pip in the notebook)
# pip install patool
import patoolib
patoolib.extract_archive("eyes_archive.zip")
# read the eye crops of both classes
src_dir='train'
labels_list=['Open_Eyes','Closed_Eyes']
samples=[]
for lab in labels_list:
    sub = os.path.join(src_dir,lab)
    lab_idx=labels_list.index(lab)
    for fname in os.listdir(sub):
        grey=cv2.imread(os.path.join(sub,fname),cv2.IMREAD_GRAYSCALE)
        colour=cv2.cvtColor(grey,cv2.COLOR_GRAY2RGB)
        big=cv2.resize(colour,(224,224))
        samples.append([big,lab_idx])

"""Every picture of both folders is turned to three channels,
scaled up to the 224 x 224 input of the network and kept in the list."""

# mix the order
import random
random.shuffle(samples)
# split pictures and labels

feats=[]
targets=[]
for a,b in samples:
    feats.append(a)
    targets.append(b)
feats=np.array(feats).reshape(-1,224,224,3)
"""expected: (number of pictures, 224, 224, 3)"""

feats.shape
# scale to the 0..1 range
feats=feats/255.0
# labels as an array too
targets=np.array(targets)
# store both with pickle
import pickle
dump_f=open('feats.pickle','wb')
pickle.dump(feats,dump_f)# write the array to disk
dump_f.close

dump_f=open('targets.pickle','wb')
pickle.dump(targets,dump_f)
dump_f.close
load_f=open('feats.pickle','rb')
feats=pickle.load(load_f)

load_f=open('targets.pickle','rb')
targets=pickle.load(load_f)
# pretrained backbone
backbone=tf.keras.applications.mobilenet.MobileNet()
# print the layers
backbone.summary()
# reuse the backbone for the new task

inp=backbone.layers[0].input
feat_out=backbone.layers[-4].output
flat=layers.Flatten()(feat_out)
logit=layers.Dense(1)(flat)
prob=layers.Activation('sigmoid')(logit)
# input layer, a late backbone layer, then a flatten and one unit
eye_net=keras.Model(inputs=inp,outputs=logit)
# loss and optimizer
eye_net.compile(loss='binary_crossentropy',optimizer='adam',metrics=['accuracy'])
# training
eye_net.fit(feats,targets,epochs=20,validation_split=0.1)
# write and reload the model
eye_net.save('eye_net.h5')
eye_net=tf.keras.models.load_model('eye_net.h5')
# unpack a few test pictures
patoolib.extract_archive("test_pictures.zip")
# try the network on single pictures
pic=cv2.imread('test_pictures/open_1.png',cv2.IMREAD_GRAYSCALE)
colour=cv2.cvtColor(pic,cv2.COLOR_GRAY2RGB)
big=cv2.resize(colour,(224,224))
one=np.array(big).reshape(1,224,224,3)
one.shape
one=one/255.0
plt.imshow(big)
score=eye_net.predict(one)
score
pic=cv2.imread('test_pictures/closed_1.png',cv2.IMREAD_GRAYSCALE)
colour=cv2.cvtColor(pic,cv2.COLOR_GRAY2RGB)
big=cv2.resize(colour,(224,224))
one=np.array(big).reshape(1,224,224,3)
one.shape
one=one/255.0
plt.imshow(big)
score=eye_net.predict(one)
score
# negative logits for open eyes, positive for closed ones
pic=cv2.imread('test_pictures/open_2.png',cv2.IMREAD_GRAYSCALE)
colour=cv2.cvtColor(pic,cv2.COLOR_GRAY2RGB)
big=cv2.resize(colour,(224,224))
one=np.array(big).reshape(1,224,224,3)
one.shape
one=one/255.0
plt.imshow(big)
score=eye_net.predict(one)
score
pic=cv2.imread('test_pictures/closed_2.png',cv2.IMREAD_GRAYSCALE)
colour=cv2.cvtColor(pic,cv2.COLOR_GRAY2RGB)
big=cv2.resize(colour,(224,224))
one=np.array(big).reshape(1,224,224,3)
one.shape
one=one/255.0
plt.imshow(big)
score=eye_net.predict(one)
score
pic=cv2.imread('test_pictures/open_3.png',cv2.IMREAD_GRAYSCALE)
colour=cv2.cvtColor(pic,cv2.COLOR_GRAY2RGB)
big=cv2.resize(colour,(224,224))
one=np.array(big).reshape(1,224,224,3)
one.shape
one=one/255.0
plt.imshow(big)
score=eye_net.predict(one)
score
pic=cv2.imread('test_pictures/closed_3.png',cv2.IMREAD_GRAYSCALE)
colour=cv2.cvtColor(pic,cv2.COLOR_GRAY2RGB)
big=cv2.resize(colour,(224,224))
one=np.array(big).reshape(1,224,224,3)
one.shape
one=one/255.0
plt.imshow(big)
score=eye_net.predict(one)
score
pic=cv2.imread('test_pictures/open_4.png',cv2.IMREAD_GRAYSCALE)
colour=cv2.cvtColor(pic,cv2.COLOR_GRAY2RGB)
big=cv2.resize(colour,(224,224))
one=np.array(big).reshape(1,224,224,3)
one.shape
one=one/255.0
plt.imshow(big)
score=eye_net.predict(one)
score
pic=cv2.imread('test_pictures/closed_4.png',cv2.IMREAD_GRAYSCALE)
colour=cv2.cvtColor(pic,cv2.COLOR_GRAY2RGB)
big=cv2.resize(colour,(224,224))
one=np.array(big).reshape(1,224,224,3)
one.shape
one=one/255.0
plt.imshow(big)
score=eye_net.predict(one)
score
# eyes inside a whole face picture
# the haar cascades find the eyes, the crops go through the network
# whole face picture
pic=cv2.imread("test_pictures/face.jpg")
plt.imshow(cv2.cvtColor(pic,cv2.COLOR_BGR2RGB))
# face cascade
face_det=cv2.CascadeClassifier(cv2.data.haarcascades + "haarcascade_frontalface_default.xml")
# eye cascade
eye_det=cv2.CascadeClassifier(cv2.data.haarcascades + 'haarcascade_eye.xml')
# the network was trained on grey pictures
grey=cv2.cvtColor(pic,cv2.COLOR_BGR2GRAY)
found= eye_det.detectMultiScale(grey,1.1,4)
for x,y,w,h in found[:2]:
  cv2.rectangle(pic,(x,y),(x+w,y+h),(0,255,0),2)
# two boxes expected
plt.imshow(cv2.cvtColor(pic,cv2.COLOR_BGR2RGB))
# crop an eye
grey=cv2.cvtColor(pic,cv2.COLOR_RGB2GRAY)
found=eye_det.detectMultiScale(grey,1.1,4)
for x,y,w,h in found[:2]:
  roi_g=grey[y:y+h,x:x+w]
  roi_c=pic[y:y+h,x:x+w]
  inner=eye_det.detectMultiScale(roi_g)
  if len(inner)==0:
    print('no eye found')
  else:
      for(ex,ey,ew,eh) in inner:
        eye_crop=roi_c[ey:ey+eh,ex:ex+ew]
# show the crop
plt.imshow(cv2.cvtColor(eye_crop,cv2.COLOR_BGR2RGB))
# same preprocessing as above
crop_in = cv2.resize(eye_crop,(224,224))
crop_in=np.expand_dims(crop_in,axis=0)
crop_in = crop_in/255.0
crop_in.shape
crop_score=eye_net.predict(crop_in)
# the score
# negative means open
crop_score
cam = cv2.VideoCapture(1)
if not cam.isOpened():
    cam = cv2.VideoCapture(0)
if not cam.isOpened():
    raise IOError('no webcam')

while True:
    ok,frame = cam.read()
    eye_det = cv2.CascadeClassifier(cv2.data.haarcascades+ 'haarcascade_eye.xml')
    grey = cv2.cvtColor(frame,cv2.COLOR_BGR2GRAY)
    found = eye_det.detectMultiScale(grey, 1.1,4)
    for x,y,w,h in found:
        roi_g = grey[y:y+h,x:x+w]
        roi_c = frame[y:y+h,x:x+w]
        cv2.rectangle(frame,(x,y),(x+w,y+h),(0,255,0),2)
        inner = eye_det.detectMultiScale(roi_g)
        if len(inner) == 0:
            print('no eye found')
        else:
            for (ex,ey,ew,eh) in inner:
                eye_crop = roi_c[ey:ey+ eh, ex:ex+ew]

    crop_in = cv2.resize(eye_crop,(224,224,))
    crop_in = np.expand_dims(crop_in,axis = 0)
    crop_in = crop_in/255.0

    out = eye_net.predict(crop_in)
    if (out[0][0]<0.3):
        state = "Open Eyes"
    else:
        state = "Closed Eyes"

    grey = cv2.cvtColor(frame,cv2.COLOR_BGR2GRAY)

    font = cv2.FONT_HERSHEY_SIMPLEX
    cv2.putText(frame,state,(50,50),font,3,
                (0,0,255),2,cv2.LINE_4)

    cv2.imshow('Eye state',frame)

    if cv2.waitKey(2) & 0xFF == ord('q'):
        break

cam.release()
cv2.destroyAllWindows()
