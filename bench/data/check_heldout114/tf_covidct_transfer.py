import os
import tensorflow as tf
from tensorflow.keras.models import Sequential
from tensorflow.keras.models import load_model
from tensorflow.keras.layers import Conv2D, MaxPooling2D, Dropout, Flatten, Dense, Activation, BatchNormalization, GlobalAveragePooling2D
from tensorflow.keras.applications.resnet_v2 import preprocess_input as prep_resnet
from tensorflow.keras.applications.xception import preprocess_input as prep_xception
from tensorflow.keras.applications.densenet import preprocess_input as prep_densenet
from tensorflow.keras.applications.mobilenet_v2 import preprocess_input as prep_mobilenet
from tensorflow.keras import applications
from tensorflow.keras import optimizers
import numpy as np
import random
from tensorflow.keras.preprocessing.image import ImageDataGenerator, array_to_img, img_to_array, load_img
from sklearn.model_selection import train_test_split
from tensorflow.keras.callbacks import ReduceLROnPlateau, LambdaCallback, ModelCheckpoint, LearningRateScheduler
import cv2
from sklearn.metrics import classification_report, confusion_matrix
import plot_data as cm_plot



def fit_backbone(scans, tags, choice):
    W = 224                                        # target width
    H = 224                                        # target height
    shape = (W, H, 3)                              # RGB input for the ImageNet nets
    bs = 8
    n_epochs = 1                                   # epochs to run
    n_tr = 0.8 * len(scans)                        # 80/20 split sizes
    n_va = 0.2 * len(scans)
    choice = str(choice)
    print("Backbone: " + choice)
    resized = []
    scans = np.reshape(np.array(scans), [len(scans), ])

    for k in list(range(0, len(scans))):

        if scans[k].ndim >= 3:
            resized.append(cv2.resize(
                scans[k][:, :, :3], (W, H), interpolation=cv2.INTER_CUBIC))
        else:
            rgb = cv2.cvtColor(scans[k][0], cv2.COLOR_GRAY2RGB)
            resized.append(cv2.resize(rgb, (W, H),
                                interpolation=cv2.INTER_CUBIC))

        if tags[k] == 'COVID':
            tags[k] = 1
        elif tags[k] == 'NonCOVID':
            tags[k] = 0
        else:
            continue

    arr = np.array(resized)
    tr_x, va_x, tr_y, va_y = train_test_split(          # hold out 20%
        arr, tags, test_size=0.20, random_state=2)

    # augmentation per backbone
    if choice == 'ResNet50V2' or choice =='1':
        tr_gen = ImageDataGenerator(
            preprocessing_function=prep_resnet,
            rotation_range=15,
            shear_range=0.1,
            zoom_range=0.2,
            horizontal_flip=True,
            width_shift_range=0.1,
            height_shift_range=0.1
        )

        va_gen = ImageDataGenerator(preprocessing_function=prep_resnet)

    elif choice == 'Xception' or choice =='2':
        tr_gen = ImageDataGenerator(
            preprocessing_function=prep_xception,
            rotation_range=15,
            shear_range=0.1,
            zoom_range=0.2,
            horizontal_flip=True,
            width_shift_range=0.1,
            height_shift_range=0.1
        )

        va_gen = ImageDataGenerator(preprocessing_function=prep_xception)
    elif choice == "DenseNet201" or choice =='3':
        tr_gen = ImageDataGenerator(
            preprocessing_function=prep_densenet,
            rotation_range=15,
            shear_range=0.1,
            zoom_range=0.2,
            horizontal_flip=True,
            width_shift_range=0.1,
            height_shift_range=0.1
        )

        va_gen = ImageDataGenerator(preprocessing_function=prep_densenet)
    elif choice == "MobileNetV2" or choice == '4':
        tr_gen = ImageDataGenerator(
            preprocessing_function= prep_mobilenet,
            rotation_range=15,
            shear_range=0.1,
            zoom_range=0.2,
            horizontal_flip=True,
            width_shift_range=0.1,
            height_shift_range=0.1
        )

        va_gen = ImageDataGenerator(preprocessing_function=prep_mobilenet)
    else:
        raise ValueError('Unknown backbone choice')
    tr_flow = tr_gen.flow(
        tr_x, tr_y, batch_size=bs, shuffle=True)
    va_flow = va_gen.flow(
        va_x, va_y, batch_size=bs, shuffle=True)

    # network
    net = Sequential()
    if choice == 'ResNet50V2' or choice == '1':
        base = applications.resnet_v2.ResNet50V2(
            include_top=False, pooling='avg', weights='imagenet', input_shape=shape)
    elif choice == 'Xception' or choice == '2':
        base = applications.Xception(
            include_top=False, pooling='avg', weights='imagenet', input_shape=shape)
    elif choice == 'DenseNet201' or choice =='3':
        base = applications.DenseNet201(
            include_top=False, pooling='avg', weights='imagenet', input_shape=shape)
    elif choice == 'MobileNetV2' or choice =='4':
        base = applications.MobileNetV2(
            include_top=False, pooling='avg', weights='imagenet', input_shape=shape)
    else:
        raise ValueError('Unknown backbone choice')

    base.trainable = False

    net.add(base)

    net.add(BatchNormalization())
    net.add(Flatten())

    net.add(Dense(128, activation='relu'))
    net.add(Dropout(0.1))

    net.add(Dense(64, activation='relu'))
    net.add(Dropout(0.2))

    net.add(Dense(1, activation='sigmoid'))

    net.compile(loss='binary_crossentropy',
                  optimizer=optimizers.Adam(lr=1e-4),
                  metrics=['acc'])

    # callbacks
    plateau = ReduceLROnPlateau(
        monitor='val_loss',
        factor=0.8,
        patience=5,
        verbose=1,
        mode='auto',
        min_delta=0.0001,
        cooldown=3,
        min_lr=1e-14)

    ckpt_file = "Model.h5"
    keep_best = ModelCheckpoint(
        ckpt_file, monitor='val_loss', verbose=1, save_best_only=True, mode='min')

    cbs = [keep_best, plateau]

    hist = net.fit_generator(tr_flow,
                                  steps_per_epoch=n_tr//bs,
                                  epochs=n_epochs,
                                  validation_data=va_flow,
                                  validation_steps=n_va // bs,
                                  callbacks=cbs)

    return net


def classify(scans, net, choice):
    n = 0
    rows = 224
    cols = 224
    choice = str(choice)
    resized = []
    scans = np.reshape(np.array(scans), [len(scans), ])

    for k in list(range(0, len(scans))):

        if scans[k].ndim >= 3:
            resized.append(cv2.resize(
                scans[k][:, :, :3], (rows, cols), interpolation=cv2.INTER_CUBIC))
        else:
            rgb = cv2.cvtColor(scans[k][0], cv2.COLOR_GRAY2RGB)
            resized.append(cv2.resize(rgb, (rows, cols),
                                interpolation=cv2.INTER_CUBIC))

    arr = np.array(resized)

    preds = []
    if choice == 'ResNet50V2' or choice =='1':
        te_gen = ImageDataGenerator(preprocessing_function=prep_resnet)
    elif choice == 'Xception'or choice =='2':
        te_gen = ImageDataGenerator(preprocessing_function=prep_xception)
    elif choice == 'DenseNet201'or choice =='3':
        te_gen = ImageDataGenerator(preprocessing_function=prep_densenet)
    elif choice == 'MobileNetV2'or choice =='4':
        te_gen = ImageDataGenerator(preprocessing_function=prep_mobilenet)
    else:
        raise ValueError('Unknown backbone choice')

    for b in te_gen.flow(arr, batch_size=1, shuffle=False):
        p = net.predict(b)
        if p > 0.5:
            preds.append('COVID')
        else:
            preds.append('NonCOVID')
        n += 1
        if n % len(scans) == 0:
            break
    return preds


def read_scans():
    root = "Images-processed"               # data folder
    pos_dir = root+"/CT_COVID/"
    neg_dir = root+"/CT_NonCOVID/"

    pos_files = os.listdir(pos_dir)
    neg_files = os.listdir(neg_dir)
    scans = []
    tags = []
    # read every file of both classes
    for fname in pos_files:
        if fname != ".DS_Store":
            #pic = cv2.imread(pos_dir + fname, 1)
            pic = load_img(pos_dir + fname)
            pic = img_to_array(pic)
            scans.append(pic)
            tags.append("COVID")

    for fname in neg_files:
        if fname != ".DS_Store":
            #pic = cv2.imread(neg_dir + fname, 1)
            pic = load_img(neg_dir + fname)
            pic = img_to_array(pic)
            scans.append(pic)
            tags.append("NonCOVID")

    return scans, tags


if __name__ == "__main__":
    scans, tags = read_scans()
    pick = input("backbone: \n 1.ResNet50V2 2.Xception 3.DenseNet201 4.MobileNetV2 : \n")
    net = fit_backbone(scans, tags, pick)

    # net = load_model("Model.h5")
    scans, tags = read_scans()
    preds = classify(scans, net, pick)
    hits = 0
    for k in range(len(tags)):
        if preds[k] == tags[k]:
            hits += 1
    print(hits/len(tags))

    print(classification_report(tags, preds, target_names=['COVID', 'NonCOVID']))
    cm = confusion_matrix(tags, preds)
    cm_plot.plot_confusion_matrix(cm, ['COVID', 'NonCOVID'])
