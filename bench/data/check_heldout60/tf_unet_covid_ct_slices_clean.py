## strongest variant so far

import tensorflow as tf
import numpy as np
import SimpleITK as sitk
import glob
from scipy.ndimage import zoom
from sklearn.model_selection import train_test_split
from tensorflow.keras import backend as K
from tensorflow.keras.models import Model
from tensorflow.keras.layers import Input, Conv2D, MaxPooling2D, Dropout, Conv2DTranspose, concatenate
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.metrics import MeanIoU 
from tensorflow.keras.utils import to_categorical
import matplotlib.pyplot as plt
from tensorflow.keras.losses import BinaryFocalCrossentropy


def seg_unet(in_shape=(128, 128, 1)):
    x_in = Input(in_shape)
    # encoder
    d1 = Conv2D(16, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(x_in)
    d1 = Dropout(0.1)(d1)
    d1 = Conv2D(16, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(d1)
    q1 = MaxPooling2D((2, 2))(d1)
    
    d2 = Conv2D(32, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(q1)
    d2 = Dropout(0.1)(d2)
    d2 = Conv2D(32, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(d2)
    q2 = MaxPooling2D((2, 2))(d2)
    
    d3 = Conv2D(64, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(q2)
    d3 = Dropout(0.2)(d3)
    d3 = Conv2D(64, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(d3)
    q3 = MaxPooling2D((2, 2))(d3)
    
    d4 = Conv2D(128, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(q3)
    d4 = Dropout(0.2)(d4)
    d4 = Conv2D(128, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(d4)
    q4 = MaxPooling2D(pool_size=(2, 2))(d4)
    
    mid = Conv2D(256, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(q4)
    mid = Dropout(0.3)(mid)
    mid = Conv2D(256, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(mid)
    
    # decoder
    t1 = Conv2DTranspose(128, (2, 2), strides=(2, 2), padding='same')(mid)
    t1 = concatenate([t1, d4])
    up1 = Conv2D(128, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(t1)
    up1 = Dropout(0.2)(up1)
    up1 = Conv2D(128, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(up1)
    
    t2 = Conv2DTranspose(64, (2, 2), strides=(2, 2), padding='same')(up1)
    t2 = concatenate([t2, d3])
    up2 = Conv2D(64, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(t2)
    up2 = Dropout(0.2)(up2)
    up2 = Conv2D(64, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(up2)
    
    t3 = Conv2DTranspose(32, (2, 2), strides=(2, 2), padding='same')(up2)
    t3 = concatenate([t3, d2])
    up3 = Conv2D(32, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(t3)
    up3 = Dropout(0.1)(up3)
    up3 = Conv2D(32, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(up3)
    
    t4 = Conv2DTranspose(16, (2, 2), strides=(2, 2), padding='same')(up3)
    t4 = concatenate([t4, d1], axis=3)
    up4 = Conv2D(16, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(t4)
    up4 = Dropout(0.1)(up4)
    up4 = Conv2D(16, (3, 3), activation='relu', kernel_initializer='he_normal', padding='same')(up4)
    
    # head
    # one sigmoid channel: infection vs background
    y_out = Conv2D(1, (1, 1), activation='sigmoid')(up4)
    net = Model(inputs=[x_in], outputs=[y_out])
    return net


def dice_score(truth, guess):
    truth_flat = K.flatten(truth)
    guess_flat = K.flatten(guess)
    overlap = K.sum(truth_flat * guess_flat)
    return (2. * overlap + K.epsilon()) / (K.sum(truth_flat) + K.sum(guess_flat) + K.epsilon())

def soft_dice_loss(truth, guess):
    return 1 - dice_score(truth, guess)

def focal_plus_dice(truth, guess, f_alpha=0.8, f_gamma=2.0, w_dice=0.2):
    # focal part
    focal_term = BinaryFocalCrossentropy(from_logits=False, alpha=f_alpha, gamma=f_gamma)(truth, guess)
    
    # dice part
    dice_term = soft_dice_loss(truth, guess)
    
    # weighted sum of both
    mixed = (1 - w_dice) * focal_term + w_dice * dice_term
    return mixed

net  = seg_unet()

# --- data ---

def read_volume(vol_path, dtype=np.float32):
    """Read a NIfTI volume into a numpy array of the given dtype."""
    itk_obj = sitk.ReadImage(vol_path)
    vox = sitk.GetArrayFromImage(itk_obj)
    return vox.astype(dtype)
    
def rescale_volume(vol, target_shape, nearest=False):
    # per-axis scale factors
    factors = [target_shape[z] / vol.shape[z] for z in range(3)]
    
    # rescale
    scaled = zoom(vol, factors, order=0 if nearest else 3)  # order 0 keeps labels intact
    
    # how much is missing per axis after zoom
    pads = [(0, target_shape[z] - scaled.shape[z]) for z in range(3)]
    
    # zero pad up to the target
    padded = np.pad(scaled, pads + [(0, 0)] * (4 - len(pads)), mode='constant', constant_values=0)
    
    return padded

# volumes and infection masks on disk
ct_glob = '/data/covid_ct/COVID-19-CT-Seg_20cases/*.nii'
inf_glob = '/data/covid_ct/Infection_Mask/*.nii'
# collect the file names
ct_files = glob.glob(ct_glob)
inf_files = glob.glob(inf_glob)

# sorted so that each scan lines up with its mask
# (same naming in both folders)
ct_files.sort()
inf_files.sort()

# split fractions
share_train = 0.7
share_rest = 0.3
share_val_of_rest = 0.5  # half of the remainder

# how many cases go where
n_cases = len(ct_files)
n_tr = int(n_cases * share_train)
n_rest = n_cases - n_tr
n_va = int(share_rest * share_val_of_rest * n_cases)

# cases, not slices, are split
tr_ct = ct_files[:n_tr]
tr_inf = inf_files[:n_tr]

va_ct = ct_files[n_tr:n_tr + n_va]
va_inf = inf_files[n_tr:n_tr + n_va]

te_ct = ct_files[n_tr + n_va:]
te_inf = inf_files[n_tr + n_va:]

print("scan files:", ct_files)
print("mask files:", inf_files)

def crop_middle(a2d, side):
    """
    Cut the central square of a 2D array.
    
    Arguments:
    - a2d: a square 2D array.
    - side: edge length of the crop.
    
    Gives back:
    - the side x side centre of a2d.
    """
    # the crop must fit
    if side > a2d.shape[0]:
        print(a2d.shape[0])
    assert side <= a2d.shape[0] and side <= a2d.shape[1], "crop larger than the slice"
    
    # corners of the crop
    
    cy, cx = a2d.shape[0] // 2, a2d.shape[1] // 2
    y0 = cy - side // 2
    x0 = cx - side // 2
    y1 = y0 + side
    x1 = x0 + side
    
    # take the window
    piece = a2d[y0:y1, x0:x1]
    
    return piece

def fit_slice(sl, target_shape=(128, 128), nearest=False):
    """
    Scale a 2D slice into target_shape (padding keeps the aspect) and add a channel axis.
    
    Arguments:
        sl (numpy.ndarray): one slice.
        target_shape (tuple): (height, width) wanted.
        nearest (bool): nearest-neighbour interpolation, for label slices.
        
    Gives back:
        numpy.ndarray: the fitted slice, channels last.
    """
    # give a 2D slice its channel axis
    if sl.ndim == 2:
        sl = np.expand_dims(sl, axis=-1)

    # numpy to tensor
    sl_t = tf.convert_to_tensor(sl, dtype=tf.float32)

    scaled = tf.image.resize_with_pad(
        sl_t, 
        target_shape[0], 
        target_shape[1], 
        method=('nearest' if nearest else 'bilinear')
    )
    return scaled.numpy()

def slices_from_volumes(ct_files, inf_files, target_shape=(128, 128)):
    sl_list = []
    mk_list = []
    
    for ct_path, inf_path in zip(ct_files, inf_files):
        ct_vol = read_volume(ct_path)
        inf_vol = read_volume(inf_path, dtype=np.uint8)
        
        for z in range(ct_vol.shape[0]):  # one slice at a time
            sl = ct_vol[z, :, :]
            mk = inf_vol[z, :, :]
            
            # bring the slice to 128 x 128 with a channel axis
            sl_fit = fit_slice(sl, target_shape)
            mk_fit = fit_slice(mk, target_shape, nearest=True)

            # show the shapes while debugging
            print("slice:", sl_fit.shape, "slice:", mk_fit.shape) # expect 128 x 128

            sl_list.append(sl_fit)
            mk_list.append(mk_fit)
    
    # lists to arrays (reshape comes later)
    print(len(sl_list))
    print(len(sl_list[-1]))
    sl_list = np.array(sl_list)
    mk_list = np.array(mk_list)
    
    # shapes before the reshape
    print("all slices:", sl_list.shape)
    print("all masks:", mk_list.shape)

    # N x 128 x 128 x 1
    sl_list = sl_list.reshape((-1, *target_shape, 1))
    mk_list = mk_list.reshape((-1, *target_shape, 1))
    
    return sl_list, mk_list

# build the three splits
tr_x, tr_y = slices_from_volumes(tr_ct, tr_inf, target_shape=(128, 128))
va_x, va_y = slices_from_volumes(va_ct, va_inf, target_shape=(128, 128))
te_x, te_y = slices_from_volumes(te_ct, te_inf, target_shape=(128, 128))

class SliceStream(tf.data.Dataset):
    def __new__(cls, ct_files, inf_files, target_shape=(128, 128)):
        """
        tf.data source that reads the scans lazily and yields their 2D slices.

        Arguments:
            ct_files (list): scan paths.
            inf_files (list): mask paths.
            target_shape (tuple): slice size after fitting.

        Gives back:
            a `tf.data.Dataset`.
        """
        cls.ct_files = ct_files
        cls.inf_files = inf_files
        cls.target_shape = target_shape

        def walk():
   
         for ct_path, inf_path in zip(cls.ct_files, cls.inf_files):
                # read a scan and its mask
                ct_vol = read_volume(ct_path, dtype=np.float32)
                inf_vol = read_volume(inf_path, dtype=np.uint8)
                
                for zi in range(ct_vol.shape[0]):
                    sl = ct_vol[zi, :, :]
                    mk = inf_vol[zi, :, :]
                    
                    # fit both slices
                    sl_fit, mk_fit = fit_slice(sl, cls.target_shape), fit_slice(mk, cls.target_shape, nearest=True)

                    # scale intensities
                    sl_fit = sl_fit / 255.0

                    # scale the mask as well
                    mk_fit = mk_fit / 255.0
                    mk_fit = np.expand_dims(mk_fit, axis=-1)  # extra axis, as for the image
                    
                    yield sl_fit, mk_fit

        # what the generator yields
        out_types = (tf.float32, tf.float32)
        out_shapes = (tf.TensorShape([*target_shape, 1]), tf.TensorShape([*target_shape, 1]))

        return tf.data.Dataset.from_generator(
            walk,
            output_types=out_types,
            output_shapes=out_shapes
        )

# arrays to tf.data

bsz = 8

# batched datasets
ds_tr = tf.data.Dataset.from_tensor_slices((tr_x, tr_y)).batch(bsz).shuffle(len(tr_x))
ds_va = tf.data.Dataset.from_tensor_slices((va_x, va_y)).batch(bsz)
ds_te = tf.data.Dataset.from_tensor_slices((te_x, te_y)).batch(bsz)

print(f'training batches: {len(ds_tr)}')
print(f'validation batches: {len(ds_va)}')
print(f'test batches: {len(ds_te)}')

for sl_list, mk_list in ds_tr.take(1):
    print("images:", sl_list.shape)
    print("masks:", mk_list.shape)
    # should print (8, 128, 128, 1) twice

def focal_term(gamma=2., alpha=0.25):
    def focal_inner(truth, guess):
        p_pos = tf.where(tf.equal(truth, 1), guess, tf.ones_like(guess))
        p_neg = tf.where(tf.equal(truth, 0), guess, tf.zeros_like(guess))
        return -K.sum(alpha * K.pow(1. - p_pos, gamma) * K.log(p_pos)) - K.sum((1 - alpha) * K.pow(p_neg, gamma) * K.log(1. - p_neg))
    return focal_inner

# build and compile
net  = seg_unet()
#net.compile(optimizer='adam', loss='binary_crossentropy', metrics=['accuracy'])
loss = tf.keras.losses.BinaryFocalCrossentropy(gamma=2.0, from_logits=False)
#loss=focal_inner variant with gamma 2 and alpha 0.25
#net.compile(optimizer='adam', loss=loss, metrics=['accuracy'])
#net.compile(optimizer='adam', loss=soft_dice_loss, metrics=['accuracy', dice_score])

net.compile(optimizer='adam', 
              loss=lambda truth, guess: focal_plus_dice(truth, guess, 
                                                                   f_alpha=0.8, 
                                                                   f_gamma=2.0, 
                                                                   w_dice=0.2),
              metrics=['accuracy', dice_score])


# fit
net.fit(ds_tr, validation_data=ds_va, epochs=10)  # ten epochs for now

# keep the whole model in the .keras format
net.save('unet_focal_dice.keras')

# scores on the held-out cases
te_loss, te_acc, te_dice = net.evaluate(ds_te)
print(f"loss {te_loss}, accuracy {te_acc}, dice {te_dice}")


# predictions on a few batches
pred_batches = []

for te_x, te_y in ds_te.take(4):  # four test batches
    pred = net.predict(te_x)
    pred_batches.append(pred)
    # plotting goes below
    # image, reference mask and prediction side by side
print(np.concatenate(pred_batches, axis=0).shape)
print(pred.shape)

print(np.unique(pred))
pred_bin = np.where(pred>0.05,1,0)
print(np.unique(pred_bin))

import matplotlib.pyplot as plt

def show_triplets(sl_list, gt_masks, pr_masks, n_show=23):
    plt.figure(figsize=(10, n_show * 3))
    for z in range(n_show):
        plt.subplot(n_show, 3, z * 3 + 1)
        plt.imshow(sl_list[z], cmap='gray')
        plt.title("scan")
        plt.axis('off')

        plt.subplot(n_show, 3, z * 3 + 2)
        plt.imshow(gt_masks[z].squeeze(), cmap='gray')
        plt.title("reference")
        plt.axis('off')

        plt.subplot(n_show, 3, z * 3 + 3)
        plt.imshow(pr_masks[z].squeeze(), cmap='gray')
        plt.title("prediction")
        plt.axis('off')

    plt.tight_layout()
    plt.show()

# uses the last batch from the loop above
print(te_x.numpy().shape, te_y.numpy().shape)
show_triplets(te_x.numpy(), te_y.numpy(), pred, n_show=8)
#show_triplets(te_x.numpy(), te_y.numpy(), pred_bin, n_show=23)