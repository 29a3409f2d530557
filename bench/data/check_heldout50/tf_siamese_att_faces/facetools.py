'''
Small helpers for the face-matching example
'''
import numpy as np
import random
import os
import cv2
from keras.models import Sequential
from keras.layers import Flatten, Dense, Conv2D, MaxPooling2D
from keras import backend as K
from keras.preprocessing.image import load_img, img_to_array

def l2_gap(vecs):
    va, vb = vecs
    sq = K.sum(K.square(va - vb), axis=1, keepdims=True)
    return K.sqrt(K.maximum(sq, K.epsilon()))

def margin_loss(same, d):
    m = 1
    return K.mean(same * K.square(d) + (1 - same) * K.maximum((m-d),0))

def pair_accuracy(same, d):
    return K.mean(K.equal(same, K.cast(d < 0.5, same.dtype)))

def make_pairs(faces,who, num_classes):
    duo, flag = [], []
    # positions of each person's photos
    by_person = [np.where(who==p)[0] for p in range(num_classes)]
    # fewest photos any person has, minus one
    per_person = min(len(by_person[p]) for p in range(num_classes)) - 1
  
    for p in range(num_classes):
        for k in range(per_person):
            # same-person couple
            fa = faces[by_person[p][k]]
            fb = faces[by_person[p][k+1]]
            duo.append((fa, fb))
            flag.append(1)
      
            # different-person couple
            # every other person is a candidate
            others = list(range(num_classes))
            others.remove(p)
            # draw one of them at random
            # to supply the second photo
            q = random.sample(others,1)[0]
            fa = faces[by_person[p][k]]
            fb = faces[by_person[q][k]]
            duo.append((fa,fb))
            flag.append(0)

    return np.array(duo), np.array(flag)

def make_tower(shape_in):
    tower = Sequential(name='Shared_Conv_Network')
    tower.add(Conv2D(filters=64, kernel_size=(3,3), activation='relu', input_shape=shape_in))
    tower.add(MaxPooling2D())
    tower.add(Conv2D(filters=64, kernel_size=(3,3), activation='relu'))
    tower.add(Flatten())
    tower.add(Dense(units=128, activation='sigmoid'))
    return tower

def read_faces(root):
    fit_x, fit_y = [], []
    chk_x, chk_y = [], []
    people = sorted([ent.path for ent in os.scandir(root) if ent.is_dir()])
    for pid, folder in enumerate(people):
        for fname in sorted(os.listdir(folder)):
            face = load_img(folder+"/"+fname, color_mode='grayscale')
            face = img_to_array(face).astype('float32')/255
            face = face.reshape(face.shape[0], face.shape[1],1)
            if pid < 35:
                fit_x.append(face)
                fit_y.append(pid)
            else:
                chk_x.append(face)
                chk_y.append(pid-35)

    fit_x = np.array(fit_x)
    chk_x = np.array(chk_x)
    fit_y = np.array(fit_y)
    chk_y = np.array(chk_y)
    return (fit_x, fit_y), (chk_x, chk_y)



def caption_frame(frame, text, text_x, text_y):
    (tw, th) = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, fontScale=1, thickness=2)[0]
    box = ((text_x, text_y), (text_x+tw+20, text_y-th-20))
    cv2.rectangle(frame, box[0], box[1], (255, 255, 255), cv2.FILLED)
    cv2.putText(frame, text, (text_x, text_y-10), cv2.FONT_HERSHEY_SIMPLEX, fontScale=1, color=(0,0,0), thickness=2)
    return frame

