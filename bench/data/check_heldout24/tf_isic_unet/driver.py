import tensorflow as tf
import tensorflow_addons as tfa
from tensorflow import keras
import numpy as np
import matplotlib.pyplot as plt
from module import improved_model


BATCH = 32

def read_jpg_image(path):
    """
        Decodes one lesion photo
        and resizes it to 192 x 256
    """
    img = tf.io.read_file(path)
    img = tf.image.decode_jpeg(img, channels=3)
    img = tf.image.resize(img, (192, 256))
    
    return img
  
def read_png_mask(path):
    mask = tf.io.read_file(path)
    mask = tf.image.decode_png(mask, channels=1)
    mask = tf.image.resize(mask, (192, 256))
    
    return mask

def scale_pair(img, mask):
    """
        maps both to [0, 1]
    """
    img = tf.cast(img, tf.float32) / 255.0
    mask = tf.cast(mask, tf.float32) / 255.0
    
    return img, mask

def load_image(image_path, mask_path):
    img = read_jpg_image(image_path)
    mask = read_png_mask(mask_path)
    img, mask = scale_pair(img, mask)

    return img, mask

def build_datasets(image_paths, mask_paths):
    # random order of the file pairs
    order = np.random.permutation(len(image_paths))
    image_paths = np.array(image_paths)[order]
    mask_paths = np.array(mask_paths)[order]
    
    # split 70 / 20 / 10 into train, validation and test
    n = len(image_paths)
    val_image_paths = image_paths[:(int(n*0.2))]
    val_mask_paths = mask_paths[:(int(n*0.2))]

    test_image_paths = image_paths[int(n*0.2):int(n*0.3)]
    test_mask_paths = mask_paths[int(n*0.2):int(n*0.3)]

    train_image_paths = image_paths[int(n*0.3):]
    train_mask_paths = mask_paths[int(n*0.3):]
    
    train_ds = tf.data.Dataset.from_tensor_slices((train_image_paths, train_mask_paths))
    val_ds = tf.data.Dataset.from_tensor_slices((val_image_paths, val_mask_paths))
    test_ds = tf.data.Dataset.from_tensor_slices((test_image_paths, test_mask_paths))
    
    train_ds = train_ds.map(load_image)
    val_ds = val_ds.map(load_image)
    test_ds = test_ds.map(load_image)
    
    train_ds = train_ds.batch(BATCH)
    val_ds = val_ds.batch(BATCH)
    test_ds = test_ds.batch(BATCH)
    
    return train_ds, val_ds, test_ds

def dice_score(y_true, y_pred, eps = 1.0):
    flat_true = tf.keras.backend.flatten(y_true)
    flat_pred = tf.keras.backend.flatten(y_pred)

    overlap = tf.keras.backend.sum(flat_true * flat_pred)
    score = (2.0 * overlap + eps) / (tf.keras.backend.sum(flat_true) + tf.keras.backend.sum(flat_pred) + eps)

    return score

def dice_loss(y_true, y_pred):
    return 1.0 - dice_score(y_true, y_pred)

def show_curves(fit_log):
    dice = fit_log.history['dice_score']
    val_dice = fit_log.history['val_dice_score']

    loss = fit_log.history['loss']
    val_loss = fit_log.history['val_loss']

    epoch_axis = range(20)

    plt.figure(figsize=(10, 10))
    plt.subplot(1, 2, 1)
    plt.plot(epoch_axis, dice, label='train dice')
    plt.plot(epoch_axis, val_dice, label='val dice')
    plt.legend(loc='lower right')
    plt.title('Dice per epoch')

    plt.subplot(1, 2, 2)
    plt.plot(epoch_axis, loss, label='train loss')
    plt.plot(epoch_axis, val_loss, label='val loss')
    plt.legend(loc='upper right')
    plt.title('Loss per epoch')
    plt.show()

def show_predictions(model, test_ds, n = 3):
    test_X, test_y = next(iter(test_ds))
    pred_y = model.predict(test_X)
    
    TITLE_SIZE = 18
    
    plt.figure(figsize=(14, 14))
    for i in range(n):
        plt.subplot(n, 3, i*3+1)
        plt.imshow(test_X[i])
        plt.axis('off')
        plt.title("input", size=TITLE_SIZE)

        plt.subplot(n, 3, i*3+2)

        plt.imshow(pred_y[i])
        plt.gray()
        plt.axis('off')
        plt.title("predicted mask", size=TITLE_SIZE)

        plt.subplot(n, 3, i*3+3)
        plt.imshow(test_y[i])
        plt.gray()
        plt.axis('off')
        plt.title("true mask", size=TITLE_SIZE)
    plt.show()

def main():
    image_paths = sorted(tf.io.gfile.glob('./ISIC2018_Task1-2_Training_Input_x2/*.jpg'))
    mask_paths = sorted(tf.io.gfile.glob('./ISIC2018_Task1_Training_GroundTruth_x2/*.png'))
    
    train_ds, val_ds, test_ds = build_datasets(image_paths, mask_paths)
    
    model = improved_model()
    model.compile(optimizer="adam", loss=dice_loss, metrics=[dice_score])
    
    fit_log = model.fit(train_ds, validation_data = val_ds, epochs = 20)
    
    show_curves(fit_log)
    
    show_predictions(model, test_ds)
    
    test_scores = model.evaluate(test_ds, verbose=1)
    print(test_scores)

if __name__ == "__main__":
    main()

