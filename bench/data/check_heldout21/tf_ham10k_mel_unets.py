#older variant imported a plain U-Net from a local simple_unet_model file
from keras.utils import normalize
import os
import cv2
from PIL import Image
import numpy as np
from matplotlib import pyplot as plt
from keras_unet_collection import models, losses
from tensorflow.keras.optimizers import Adam



#lesion class: mel
img_folder = 'H:/DATASETS/new10k/reorganized_jpg/mel/greyscales/greyscale/'
mask_folder = 'H:/DATASETS/new10k/reorganized_jpg/mel/masks/mel_mask/'


'''alternative class (nv), left disabled:
img_folder / mask_folder would point at the nv folders
'''



IMG_SIDE = 256
lesion_image_dataset = []  #plain Python list that collects every resized greyscale picture
lesion_mask_dataset = []  #matching list for the lesion masks, filled in the second loop

image_files = os.listdir(img_folder)
for i, img_file_name in enumerate(image_files):    #i is only a running counter here
    if (img_file_name.split('.')[1] == 'jpg'):
        #debug: show which file is read
        img = cv2.imread(img_folder+img_file_name, 0)
        img = Image.fromarray(img)
        img = img.resize((IMG_SIDE, IMG_SIDE))
        lesion_image_dataset.append(np.array(img))

#second pass: the mask folder, same reading and resizing
#each mask goes to its own list

mask_files = os.listdir(mask_folder)
for i, img_file_name in enumerate(mask_files):
    if (img_file_name.split('.')[1] == 'jpg'):
        img = cv2.imread(mask_folder+img_file_name, 0)
        img = Image.fromarray(img)
        img = img.resize((IMG_SIDE, IMG_SIDE))
        lesion_mask_dataset.append(np.array(img))


#scale the pictures with keras' normalize
lesion_image_dataset = np.expand_dims(normalize(np.array(lesion_image_dataset), axis=1),3)
#masks only divided by 255 so they lie in [0, 1]
lesion_mask_dataset = np.expand_dims((np.array(lesion_mask_dataset)),3) /255.


from sklearn.model_selection import train_test_split
train_X, test_X, train_y, test_y = train_test_split(lesion_image_dataset, lesion_mask_dataset, test_size = 1, random_state = 0)

#quick look at one random picture and its mask
import random
import numpy as np
img_pick = random.randint(0, len(train_X))
plt.figure(figsize=(12, 6))
plt.subplot(121)
plt.imshow(np.reshape(train_X[img_pick], (256, 256)), cmap='gray')
plt.subplot(122)
plt.imshow(np.reshape(train_y[img_pick], (256, 256)), cmap='gray')
plt.show()


IMG_H = lesion_image_dataset.shape[1]
IMG_W  = lesion_image_dataset.shape[2]
IMG_C = lesion_image_dataset.shape[3]

print(IMG_H,IMG_W,IMG_C)
# -------------------------------------------------------------


# -----------------------------------------------------------


'''network 1: attention U-Net'''

att_model = models.att_unet_2d((256, 256, 1), [64, 128, 256, 512], n_labels=2,
                           stack_num_down=2, stack_num_up=2,
                           activation='ReLU', atten_activation='ReLU', attention='add', output_activation=None, 
                           batch_norm=True, pool=False, unpool='bilinear', name='attunet')

att_model.compile(loss='binary_crossentropy', optimizer=Adam(learning_rate = 1e-3), metrics=['accuracy'])

att_model.summary()

att_log = att_model.fit(train_X, train_y, 
                    batch_size = 8, 
                    verbose=1, 
                    epochs=10, 
                    validation_data=(test_X, test_y), 
                    shuffle=False)

att_model.save('mel_train_unetatt.hdf5')

# -----------------------------------------------------------


'''network 2: recurrent residual U-Net'''

r2_model = models.r2_unet_2d((256, 256, 1), [16, 32, 64, 128, 256], n_labels=2,
                          stack_num_down=2, stack_num_up=1, recur_num=2,
                          activation='ReLU', output_activation='Softmax', 
                          batch_norm=True, pool='max', unpool='nearest', name='r2unet')

r2_model.compile(loss='binary_crossentropy', optimizer=Adam(learning_rate = 1e-3), metrics=['accuracy'])

r2_model.summary()

r2_log = r2_model.fit(train_X, train_y, 
                    batch_size = 8, 
                    verbose=1, 
                    epochs=5, 
                    validation_data=(test_X, test_y), 
                    shuffle=False)

r2_model.save('mel_train_R2Uunet.hdf5')

# -----------------------------------------------------------

'''network 3: ResUnet-a'''


resa_model = models.resunet_a_2d((256, 256, 1), [16, 32, 64, 128, 256], 
                            dilation_num=[1, 3, 15, 31], 
                            n_labels=1, aspp_num_down=128, aspp_num_up=64, 
                            activation='ReLU', output_activation='Sigmoid', 
                            batch_norm=True, pool=False, unpool='nearest', name='resunet')

resa_model.compile(loss='binary_crossentropy', optimizer=Adam(learning_rate = 1e-3), metrics=['accuracy'])

resa_model.summary()

resa_log = resa_model.fit(train_X, train_y, 
                    batch_size = 8, 
                    verbose=1, 
                    epochs=5, 
                    validation_data=(test_X, test_y), 
                    shuffle=False)

resa_model.save('mel_train_ResUnet.hdf5')

# -----------------------------------------------------------

'''network 4: Swin transformer U-Net'''


swin_model = models.swin_unet_2d((256, 256, 1), filter_num_begin=64, n_labels=2, depth=2, stack_num_down=2, stack_num_up=2, 
                            patch_size=(2, 2), num_heads=[4, 8, 8, 8], window_size=[4, 2, 2, 2], num_mlp=512, 
                            output_activation='Softmax', shift_window=True, name='swin_unet')


swin_model.compile(loss='binary_crossentropy', optimizer=Adam(learning_rate = 1e-3), metrics=['accuracy'])

swin_model.summary()

swin_log = swin_model.fit(train_X, train_y, 
                    batch_size = 8, 
                    verbose=1, 
                    epochs=5, 
                    validation_data=(test_X, test_y), 
                    shuffle=False)

swin_model.save('mel_train_swinUNet.hdf5')

# -----------------------------------------------------------

_, accuracy = r2_model.evaluate(test_X, test_y)
print("R2U-net accuracy on held-out data:", (accuracy * 100.0), "%")


#curves of loss and accuracy per epoch for the R2U-net run
train_loss_curve = r2_log.history['loss']
val_loss_curve = r2_log.history['val_loss']
epoch_axis = range(1, len(train_loss_curve) + 1)
plt.plot(epoch_axis, train_loss_curve, 'y', label='train loss')
plt.plot(epoch_axis, val_loss_curve, 'r', label='val loss')
plt.title('Loss per epoch (train vs val)')
plt.xlabel('Epoch number')
plt.ylabel('Loss value')
plt.legend()
plt.show()

#older Keras used the key 'acc'
accuracy = r2_log.history['accuracy']
#and 'val_acc' for the validation curve
val_accuracy = r2_log.history['val_accuracy']

plt.plot(epoch_axis, accuracy, 'y', label='train accuracy')
plt.plot(epoch_axis, val_accuracy, 'r', label='val accuracy')
plt.title('Accuracy per epoch (train vs val)')
plt.xlabel('Epoch number')
plt.ylabel('Accuracy value')
plt.legend()
plt.show()

# --------------------------------
#intersection over union on the held-out part
pred_y=r2_model.predict(test_X)
pred_y_bin = pred_y > 0.5

overlap = np.logical_and(test_y, pred_y_bin)
covered = np.logical_or(test_y, pred_y_bin)
iou_value = np.sum(overlap) / np.sum(covered)
print("IoU of the R2U-net masks over all pixels:", iou_value)

# ---------------------------------------------------------------------
#show predictions for a couple of pictures
chosen_model = r2_model
chosen_model.load_weights('mel_train_R2Uunet1.hdf5') #weights from a longer earlier run
#an even older weights file could be loaded here instead

test_img_pick = random.randint(0, len(test_X))
test_image_x = test_X[test_img_pick]
true_mask=test_y[test_img_pick]
test_img_scaled=test_image_x[:,:,0][:,:,None]
test_img_batch=np.expand_dims(test_img_scaled, 0)
pred_mask = (chosen_model.predict(test_img_batch)[0,:,:,0] > 0.5).astype(np.uint8)

ext_img = cv2.imread('H:/DATASETS/new10k/reorganized_jpg/mel/image/mel_all_res/ISIC_0033559.jpg', 0)
#other candidate picture: a df-class lesion
#other candidate picture: an nv-class lesion
#other candidate picture: a local tif
ext_img_scaled = np.expand_dims(normalize(np.array(ext_img), axis=1),2)
ext_img_scaled=ext_img_scaled[:,:,0][:,:,None]
ext_img_batch=np.expand_dims(ext_img_scaled, 0)

#binarise the predicted probabilities at about one half
#a much lower cut-off would suit a watershed follow-up
ext_pred_mask = (chosen_model.predict(ext_img_batch)[0,:,:,0] > 0.49999).astype(np.uint8)

"""stricter cut-offs (0.99, 0.999) were tried here once;
they are left out of the run."""

plt.figure(figsize=(16, 8))
plt.subplot(231)
plt.title('Held-out picture')
plt.imshow(test_image_x[:,:,0], cmap='gray')
plt.subplot(232)
plt.title('Its true mask')
plt.imshow(true_mask[:,:,0], cmap='gray')
plt.subplot(233)
plt.title('Predicted mask')
plt.imshow(pred_mask, cmap='gray')
plt.subplot(234)
plt.title('Outside picture')
plt.imshow(ext_img, cmap='gray')
plt.subplot(235)
plt.title('Predicted mask (outside picture)')
plt.imshow(ext_pred_mask, cmap='gray')
plt.show()