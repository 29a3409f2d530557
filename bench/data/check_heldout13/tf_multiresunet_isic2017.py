import os
import cv2
import numpy as np
from tqdm import tqdm
import matplotlib.pyplot as plt
from keras.layers import Input, Conv2D, MaxPooling2D, Conv2DTranspose, concatenate, BatchNormalization, Activation, add
from keras.models import Model, model_from_json
from keras.optimizers import Adam
from keras.layers.advanced_activations import ELU, LeakyReLU
from keras.utils.vis_utils import plot_model
from keras import backend as K
from sklearn.model_selection import train_test_split
from sklearn.metrics import classification_report

image_files = next(os.walk('ISIC_2017_images/ISIC-2017_Training_Data'))[2]
mask_files = next(os.walk('ISIC_2017_masks/ISIC-2017_Training_Part1_GroundTruth'))[2]

image_files.sort()
mask_files.sort()

print(len(image_files))
print(len(mask_files))

X_list = []
Y_list = []

for image_file in tqdm(image_files):
    if(image_file.split('.')[-1]=='jpg'):
        raw_img = cv2.imread('ISIC_2017_images/ISIC-2017_Training_Data/{}'.format(image_file), cv2.IMREAD_COLOR)
        img_small = cv2.resize(raw_img,(256, 192), interpolation = cv2.INTER_CUBIC)
        X_list.append(img_small)
        raw_mask = cv2.imread('ISIC_2017_masks/ISIC-2017_Training_Part1_GroundTruth/{}'.format(image_file.split('.')[0]+'_segmentation.png'), cv2.IMREAD_GRAYSCALE)
        mask_small = cv2.resize(raw_mask,(256, 192), interpolation = cv2.INTER_CUBIC)
        Y_list.append(mask_small)

print(len(X_list))
print(len(Y_list))

X_list = np.array(X_list)
Y_list = np.array(Y_list)

train_X, test_X, train_Y, test_Y = train_test_split(X_list, Y_list, test_size=0.2, random_state=3)

train_Y = train_Y.reshape((train_Y.shape[0],train_Y.shape[1],train_Y.shape[2],1))
test_Y = test_Y.reshape((test_Y.shape[0],test_Y.shape[1],test_Y.shape[2],1))

train_X = train_X / 255
test_X = test_X / 255
train_Y = train_Y / 255
test_Y = test_Y / 255

train_Y = np.round(train_Y,0)
test_Y = np.round(test_Y,0)

print(train_X.shape)
print(train_Y.shape)
print(test_X.shape)
print(test_Y.shape)


def conv_norm(t, n_out, kh, kw, pad_mode='same', step=(1, 1), act='relu', layer_name=None):
    t = Conv2D(n_out, (kh, kw), strides=step, padding=pad_mode, use_bias=False)(t)
    t = BatchNormalization(axis=3, scale=False)(t)
    if(act == None):
        return t
    t = Activation(act, name=layer_name)(t)
    return t


def upconv_norm(t, n_out, kh, kw, pad_mode='same', step=(2, 2), layer_name=None):
    t = Conv2DTranspose(n_out, (kh, kw), strides=step, padding=pad_mode)(t)
    t = BatchNormalization(axis=3, scale=False)(t)
    return t


def multi_res_unit(base_ch, feat_in, widen = 1.67):
    ch_total = widen * base_ch
    skip = feat_in
    skip = conv_norm(skip, int(ch_total*0.167) + int(ch_total*0.333) +
                         int(ch_total*0.5), 1, 1, act=None, pad_mode='same')
    c_small = conv_norm(feat_in, int(ch_total*0.167), 3, 3,
                        act='relu', pad_mode='same')
    c_mid = conv_norm(c_small, int(ch_total*0.333), 3, 3,
                        act='relu', pad_mode='same')
    c_big = conv_norm(c_mid, int(ch_total*0.5), 3, 3,
                        act='relu', pad_mode='same')
    h = concatenate([c_small, c_mid, c_big], axis=3)
    h = BatchNormalization(axis=3)(h)
    h = add([skip, h])
    h = Activation('relu')(h)
    h = BatchNormalization(axis=3)(h)
    return h


def skip_path(n_out, depth_n, feat_in):
    skip = feat_in
    skip = conv_norm(skip, n_out, 1, 1,
                         act=None, pad_mode='same')
    h = conv_norm(feat_in, n_out, 3, 3, act='relu', pad_mode='same')
    h = add([skip, h])
    h = Activation('relu')(h)
    h = BatchNormalization(axis=3)(h)
    for i in range(depth_n-1):
        skip = h
        skip = conv_norm(skip, n_out, 1, 1,
                             act=None, pad_mode='same')
        h = conv_norm(h, n_out, 3, 3, act='relu', pad_mode='same')
        h = add([skip, h])
        h = Activation('relu')(h)
        h = BatchNormalization(axis=3)(h)
    return h


def build_model(img_h, img_w, img_c):
    inp_layer = Input((img_h, img_w, img_c))
    e1 = multi_res_unit(32, inp_layer)
    p1 = MaxPooling2D(pool_size=(2, 2))(e1)
    e1 = skip_path(32, 4, e1)
    e2 = multi_res_unit(32*2, p1)
    p2 = MaxPooling2D(pool_size=(2, 2))(e2)
    e2 = skip_path(32*2, 3, e2)
    e3 = multi_res_unit(32*4, p2)
    p3 = MaxPooling2D(pool_size=(2, 2))(e3)
    e3 = skip_path(32*4, 2, e3)
    e4 = multi_res_unit(32*8, p3)
    p4 = MaxPooling2D(pool_size=(2, 2))(e4)
    e4 = skip_path(32*8, 1, e4)
    mid = multi_res_unit(32*16, p4)
    u6 = concatenate([Conv2DTranspose(
        32*8, (2, 2), strides=(2, 2), padding='same')(mid), e4], axis=3)
    d6 = multi_res_unit(32*8, u6)
    u7 = concatenate([Conv2DTranspose(
        32*4, (2, 2), strides=(2, 2), padding='same')(d6), e3], axis=3)
    d7 = multi_res_unit(32*4, u7)
    u8 = concatenate([Conv2DTranspose(
        32*2, (2, 2), strides=(2, 2), padding='same')(d7), e2], axis=3)
    d8 = multi_res_unit(32*2, u8)
    u9 = concatenate([Conv2DTranspose(32, (2, 2), strides=(
        2, 2), padding='same')(d8), e1], axis=3)
    d9 = multi_res_unit(32, u9)
    head = conv_norm(d9, 1, 1, 1, act='sigmoid')
    model = Model(inputs=[inp_layer], outputs=[head])
    return model


def dice_score(y_true, y_pred):
    eps = 0.0
    flat_true = K.flatten(y_true)
    flat_pred = K.flatten(y_pred)
    overlap = K.sum(flat_true * flat_pred)
    return (2. * overlap + eps) / (K.sum(flat_true) + K.sum(flat_pred) + eps)


def iou_score(y_true, y_pred):
    flat_true = K.flatten(y_true)
    flat_pred = K.flatten(y_pred)
    overlap = K.sum ( flat_true * flat_pred)
    joint = K.sum ( flat_true + flat_pred - flat_true * flat_pred)
    return overlap/joint


def write_model(model):
    arch_json = model.to_json()
    try:
        os.makedirs('models')
    except:
        pass
    fh = open('models/modelP.json','w')
    fh.write(arch_json)
    model.save_weights('models/modelW.h5')


def eval_model(model, test_X, test_Y, batch_len):
    try:
        os.makedirs('results')
    except:
        pass
    test_pred = model.predict(x=test_X, batch_size=batch_len, verbose=1)
    test_pred = np.round(test_pred,0)
    for i in range(10):
        plt.figure(figsize=(20,10))
        plt.subplot(1,3,1)
        plt.imshow(test_X[i])
        plt.title('Image')
        plt.subplot(1,3,2)
        plt.imshow(test_Y[i].reshape(test_Y[i].shape[0],test_Y[i].shape[1]))
        plt.title('True mask')
        plt.subplot(1,3,3)
        plt.imshow(test_pred[i].reshape(test_pred[i].shape[0],test_pred[i].shape[1]))
        plt.title('Predicted mask')
        overlap = test_pred[i].ravel() * test_Y[i].ravel()
        joint = test_pred[i].ravel() + test_Y[i].ravel() - overlap
        iou_score = (np.sum(overlap)/np.sum(joint))
        plt.suptitle('IoU '+ str(np.sum(overlap)) +'/'+ str(np.sum(joint)) +'='+str(iou_score))
        plt.savefig('results/'+str(i)+'.png',format='png')
        plt.close()
    iou_score = 0
    dice_sum = 0
    for i in range(len(test_Y)):
        pred_flat = test_pred[i].ravel()
        true_flat = test_Y[i].ravel()
        overlap = pred_flat * true_flat
        joint = pred_flat + true_flat - overlap
        iou_score += (np.sum(overlap)/np.sum(joint))
        dice_sum += (2. * np.sum(overlap) ) / (np.sum(pred_flat) + np.sum(true_flat))
    iou_score /= len(test_Y)
    dice_sum /= len(test_Y)
    print('mean IoU: '+str(iou_score))
    print('mean Dice: '+str(dice_sum))
    fh = open('models/log.txt','a')
    fh.write(str(iou_score)+'\n')
    fh.close()
    fh = open('models/best.txt','r')
    best_so_far = fh.read()
    fh.close()
    if(iou_score>float(best_so_far)):
        print('=' * 40)
        print('IoU went up: '+str(best_so_far)+' -> '+str(iou_score))
        print('=' * 40)
        fh = open('models/best.txt','w')
        fh.write(str(iou_score))
        fh.close()
        write_model(model)


def train_loop(model, train_X, train_Y, test_X, test_Y, n_epochs, batch_len):
    for epoch in range(n_epochs):
        print('-- epoch {}'.format(epoch+1))
        model.fit(x=train_X, y=train_Y, batch_size=batch_len, epochs=1, verbose=1)
        eval_model(model,test_X, test_Y,batch_len)
    return model


model = build_model(img_h=192, img_w=256, img_c=3)

model.compile(optimizer='adam', loss='binary_crossentropy', metrics=[dice_score, iou_score, 'accuracy'])

write_model(model)

fh = open('models/log.txt','w')
fh.close()
fh = open('models/best.txt','w')
fh.write('-1.0')
fh.close()

train_loop(model, train_X, train_Y, test_X, test_Y, n_epochs=10, batch_len=10)
