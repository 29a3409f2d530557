import numpy as np
import matplotlib.pyplot as plt
from sklearn.model_selection import train_test_split
from tensorflow.keras.metrics import Metric
import tensorflow.keras.backend as K
from tensorflow.keras.callbacks import EarlyStopping
from tensorflow.keras.optimizers import Adam
from data_preprocessing import load_images_from_folder
from model_1 import model # model_2 holds the larger variant

class DiceCoefficient(Metric):
    def __init__(self, name='dice_coefficient', **kwargs):
        super(DiceCoefficient, self).__init__(name=name, **kwargs)
        self.dice = self.add_weight(name='dice', initializer='zeros')

    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true_f = K.flatten(y_true)
        y_pred_f = K.flatten(y_pred)
        intersection = K.sum(y_true_f * y_pred_f)
        sum_ = K.sum(y_true_f) + K.sum(y_pred_f)
        self.dice.assign(2. * intersection / (sum_ + K.epsilon()))

    def result(self):
        return self.dice

# data locations
image_folder = "/data/Teeth/Radiographs"
mask_folder = "/data/Teeth/teeth_mask"

try:
    images, masks = load_images_from_folder(image_folder, mask_folder)
    images_train, images_test, masks_train, masks_test = train_test_split(images, masks, test_size=0.2)

except Exception as e:
    print(f"Error loading images: {e}")

early_stopping = EarlyStopping(monitor='val_loss', patience=5, verbose=1, mode='min', restore_best_weights=True)
model.compile(optimizer=Adam(), loss='binary_crossentropy', metrics=['accuracy', DiceCoefficient()])

try:
  history = model.fit(images_train, masks_train, batch_size=16, epochs=50, validation_split=0.1, shuffle=True, callbacks=[early_stopping])
except RuntimeError as e:
    print(f"Runtime error during model training: {e}")
except Exception as e:
    print(f"An error occurred during model training: {e}")

# show a row of images
def plot_images(images_arr, titles_arr=None, figsize=(20, 10), rows=1):
    fig, axes = plt.subplots(rows, len(images_arr) // rows, figsize=figsize)
    axes = axes.flatten()
    for img, ax in zip(images_arr, axes):
        if img.shape[-1] == 1:  # one channel: draw in grey
            ax.imshow(np.squeeze(img), cmap='gray')
        else:
            ax.imshow(img)
        ax.axis('off')
    if titles_arr:
        for ax, title in zip(axes, titles_arr):
            ax.set_title(title)
    plt.tight_layout()
    plt.show()

# masks for the held-out images
predictions = model.predict(images_test, batch_size=16)

# pick a few held-out examples
num_samples = 3  # how many to show
indices = np.random.choice(range(len(images_test)), num_samples, replace=False)

sample_images = images_test[indices]
sample_masks = masks_test[indices]
sample_predictions = predictions[indices]

# image, ground truth and prediction side by side
for i in range(num_samples):
    plot_images([sample_images[i], sample_masks[i], sample_predictions[i]],
                titles_arr=['Original Image', 'True Mask', 'Predicted Mask'],
                figsize=(20, 5),
                rows=1)
