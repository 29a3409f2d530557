from __future__ import print_function
import numpy as np
from keras.models import Model
from keras.optimizers import SGD, Adam
# an upsampling helper module was once imported here
from keras.layers import Input, Conv2D, MaxPooling2D, AtrousConv2D, concatenate, Conv2DTranspose, Lambda, Reshape, Dense, Add, Flatten
import keras.backend as K
from keras import regularizers
import h5py


# collapse both spatial axes of a map into one value per sample
def total_over_map(t):
    # a reshape to 224x224 used to come first
    t = K.sum(t, axis=1)
    return K.sum(t, axis=1, keepdims=True)


# same total, for the single-channel density output
def total_over_density_block(t):
    t = Reshape((224,224))(t)
    t = K.sum(t, axis=1)
    return K.sum(t, axis=1, keepdims=True)


# absolute error between predicted and true counts
def count_abs_error(pred_map, true_map):
    pred_total = total_over_map(pred_map)
    true_total = total_over_map(true_map)
    gap = pred_total - true_total
    return K.mean(K.abs(gap))


# absolute error of the summed density maps
def density_abs_error(true_map, pred_map):
    true_total = K.sum(K.sum(true_map, axis=1), axis=1)
    pred_total = K.sum(K.sum(pred_map, axis=1), axis=1)
    return K.mean(K.abs(true_total-pred_total))


# pixel-wise squared error, summed over the map
def density_sq_loss(true_map, pred_map):
    sq_gap = K.square(true_map-pred_map)
    map_sum = K.sum(sq_gap, axis=1)
    map_sum = K.sum(map_sum, axis=1)
    return K.mean(map_sum)


# squared error of the count head
def count_sq_loss(true_count, pred_count):
    sq_gap = K.square(true_count - pred_count)
    return K.mean(sq_gap)


# reorder a kernel from channels-first storage
def reorder_kernel_axes(kernel):
    moved = np.moveaxis(kernel, 1,-1)
    return np.moveaxis(moved, 0,-1)


# copy VGG16 weights from an h5 file into the first conv layers
def load_vgg16_kernels(weights_file, model):
    h5 = h5py.File(weights_file)
    vgg_layer_names = ['block1_conv1', 'block1_conv2', 'block2_conv1', 'block2_conv2', 'block3_conv1', 'block3_conv2']
    target_layer_idx = [1, 2, 4, 5, 7, 8]
    n_layers = len(vgg_layer_names)
    for j in range(n_layers):
        kernel = h5[vgg_layer_names[j]][vgg_layer_names[j] + '_W:0']
        bias = h5[vgg_layer_names[j]][vgg_layer_names[j] + '_b:0']
        model.layers[target_layer_idx[j]].set_weights([reorder_kernel_axes(kernel), bias])


# augmentation: append a left-right mirrored copy of every sample
def mirror_and_stack(images):
    mirrored_images = np.flip(images, axis=2)
    return np.vstack((images, mirrored_images))


# undo the axis flip that cv2 introduced in the density maps
def unflip_density(maps):
    once = np.flip(maps, axis=1)
    return np.flip(once, axis=1)


# network definition
def build_counting_model(image_shape, l2_decay):
    inputs = Input(image_shape, name='inputs')
    conv1 = Conv2D(64, (3, 3), activation='relu', padding='same',
                   kernel_regularizer=regularizers.l2(l2_decay), name='b1_1')(inputs)
    conv1 = Conv2D(64, (3, 3), activation='relu', padding='same',
                   kernel_regularizer=regularizers.l2(l2_decay), name='b1_2')(conv1)
    pool1 = MaxPooling2D(pool_size=(2, 2), name='MaxPool_1')(conv1)

    conv2 = Conv2D(128, (3, 3), activation='relu', padding='same',
                   kernel_regularizer=regularizers.l2(l2_decay), name='b2_1')(pool1)
    conv2 = Conv2D(128, (3, 3), activation='relu', padding='same',
                   kernel_regularizer=regularizers.l2(l2_decay), name='b2_2')(conv2)
    pool2 = MaxPooling2D(pool_size=(2, 2), name='MaxPool_2')(conv2)

    conv3 = Conv2D(256, (3, 3), activation='relu', padding='same',
                   kernel_regularizer=regularizers.l2(l2_decay), name='b3_1')(pool2)
    conv3 = Conv2D(256, (3, 3), activation='relu', padding='same',
                   kernel_regularizer=regularizers.l2(l2_decay), name='b3_2')(conv3)

    dil1 = AtrousConv2D(256, (3,3), activation='relu', padding='same', name='atru1')(conv3)

    conv4 = Conv2D(256, (3, 3), activation='relu', padding='same', name='b4_1')(dil1)
    conv4 = Conv2D(256, (3, 3), activation='relu', padding='same', name='b4_2')(conv4)

    dil2 = AtrousConv2D(512, (3,3), activation='relu', padding='same',
                         kernel_regularizer=regularizers.l2(l2_decay), name='atru2')(conv4)
    dil3 = AtrousConv2D(512, (3,3), activation='relu', padding='same',
                         kernel_regularizer=regularizers.l2(l2_decay), name='atru3')(dil2)
    dil4 = AtrousConv2D(512, (3,3), activation='relu', padding='same',
                         kernel_regularizer=regularizers.l2(l2_decay), name='atru4')(dil3)

    # join the pooled features with every dilated branch
    multi_scale = concatenate([pool2, dil1, dil2, dil3, dil4], axis=3, name='Hyper-Atrous')

    conv5 = Conv2D(512, (1, 1), activation='relu', padding='same',
                   kernel_regularizer=regularizers.l2(l2_decay), name='b5_1')(multi_scale)

    # upsample back to input resolution
    up1 = Conv2DTranspose(256, (3, 3), strides=(2, 2), padding='same', name='deconv1')(conv5)
    up2 = Conv2DTranspose(64, (3, 3), strides=(2, 2), padding='same', name='deconv2')(up1)

    # per-pixel density head
    density_out = Conv2D(1, (1, 1), activation='linear', kernel_initializer='he_normal',
                          kernel_regularizer=regularizers.l2(0.01), padding='same', name='dnsty_output')(up2)

    # count head: map total plus a learned correction
    summed_count = Lambda(total_over_density_block)(density_out)
    flat_density = Flatten()(density_out)
    flat_density = Dense(100, activation='relu', kernel_initializer='he_normal',
                          kernel_regularizer=regularizers.l2(l2_decay), name='fully_connected')(flat_density)
    count_correction = Dense(1,  activation='linear', kernel_initializer='he_normal',
                     kernel_regularizer=regularizers.l2(0.01), name='count_prediction')(flat_density)
    count_out = Add(name='count_output')([summed_count, count_correction])


    model = Model(inputs=[inputs], outputs=[density_out, count_out])

    return model


# network input size
image_shape = (224, 224, 3)
l2_decay = 1e-4

# arrays written by the preprocessing step
# a shared NAS path was used on the lab machine
data_dir = 'data/'
train_X = np.load(data_dir+'X_train.npy')
train_density = np.load(data_dir+'train_density.npy')
train_count = np.load(data_dir+'Y_train.npy').astype(np.float32)

test_X = np.load(data_dir+'X_test.npy')
test_density = np.load(data_dir+'test_density.npy')
test_count = np.load(data_dir+'Y_test.npy').astype(np.float32)


# trailing channel / count axes
train_density = np.expand_dims(train_density, axis=3)
test_density = np.expand_dims(test_density, axis=3)
train_count = np.expand_dims(train_count, axis=1)
test_count = np.expand_dims(test_count, axis=1)


# double the training set with mirrored copies
train_X = mirror_and_stack(train_X)
train_density = mirror_and_stack(train_density)
train_count = np.vstack((train_count, train_count))



model = build_counting_model(image_shape, l2_decay)

# optional VGG16 initialisation
# (kernel file under pretrained_model/)
# (disabled)

# plain SGD was tried before Adam
adam_opt = Adam(lr=0.0001)
print(model.summary())

# a density-only run compiled with the squared density loss alone
# and fit the density head only,
# validating on the test maps,
# for 100 epochs at batch 16


model.compile(loss={'dnsty_output': density_sq_loss, 'count_output': count_sq_loss},
              loss_weights={'dnsty_output': 1., 'count_output': 0.01},
              optimizer=adam_opt, metrics=['mae'])
fit_history = model.fit({'inputs': train_X}, {'dnsty_output': train_density, 'count_output': train_count},
                 validation_data=({'inputs': test_X}, {'dnsty_output': test_density, 'count_output': test_count}),
                 epochs=100, batch_size=16, verbose=2)

'''
earlier run: the model was saved as version 5
(same architecture, density loss only)

and its density predictions on the test images
were written to the result folder
'''


# keep this version of the weights
model.save('CNN_model_6.h5')

test_pred = model.predict(test_X)
np.save('./result/pred_6.npy', test_pred[1])
np.save('./result/pred_6_density.npy', test_pred[0])

