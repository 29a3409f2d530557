from tensorflow.keras.preprocessing.image import ImageDataGenerator
from tensorflow.keras.applications import MobileNetV2
from tensorflow.keras.layers import AveragePooling2D, Dropout,Flatten,Dense,Input
from tensorflow.keras.models import Model
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.applications.mobilenet_v2 import preprocess_input
from tensorflow.keras.preprocessing.image import img_to_array,load_img
from tensorflow.keras.utils import to_categorical
from sklearn.preprocessing import LabelBinarizer
from sklearn.model_selection import train_test_split
from sklearn.metrics import classification_report
from imutils import paths
import matplotlib.pyplot as plt
import numpy as np
import os

start_lr= 1e-4
n_epochs=20
batch=32

root= r"/home/user/masks/data"
classes=["with_mask","without_mask"]

print("Reading pictures...")
pics=[]
tags=[]

for cls in classes:
    cls_dir=os.path.join(root,cls)
    for fname in os.listdir(cls_dir):
        fpath=os.path.join(cls_dir,fname)
        pic=load_img(fpath,target_size=(224,224))

        pics.append(pic)
        tags.append(cls)

binz=LabelBinarizer()
tags=binz.fit_transform(tags)
tags=to_categorical(tags)

pics=np.array(pics,dtype="float32")
tags=np.array(tags)

xa, xb,ya,yb=train_test_split(pics,tags,test_size=0.2,stratify=tags,random_state=42)

# on-the-fly augmentation
augmenter= ImageDataGenerator(
    rotation_range=20,
    zoom_range=0.15,
    width_shift_range=0.2,
    height_shift_range=0.2,
    shear_range=0.15,
    horizontal_flip=True,
    fill_mode="nearest"
)
