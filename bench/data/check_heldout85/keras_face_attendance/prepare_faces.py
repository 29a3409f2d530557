import cv2,os

root_dir='Training'
people=os.listdir(root_dir)

ids=[k for k in range(len(people))]

name_to_id=dict(zip(people,ids)) # person name -> class id

print(name_to_id)
print(people)
print(ids)

side = 100
faces = []
classes = []

for person in people:
    person_dir = os.path.join(root_dir, person)
    files = os.listdir(person_dir)


    for fname in files:
        fpath = os.path.join(person_dir, fname)
        frame = cv2.imread(fpath)


        try:
            grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)

            small = cv2.resize(grey, (side, side))

            faces.append(small)
            classes.append(name_to_id[person])


        except Exception as err:
            print('Skipped:', err)

import numpy as np

faces=np.array(faces)/255.0
faces=np.reshape(faces,(faces.shape[0],side,side,1))
classes=np.array(classes)

from keras.utils import np_utils

onehot=np_utils.to_categorical(classes)

np.save('data',faces)
np.save('target',onehot)


