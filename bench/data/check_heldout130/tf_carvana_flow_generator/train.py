from custom_data_generator import *
from model import *
from tensorflow.keras.optimizers import Adam
import os

side_px = 128
n_channels = 3
n_epochs = 5
img_folder = "data/images/img/"
per_batch = 10
holdout_frac = 0.2

def run_training():
    net = build_unet(side_px, n_channels)
    net.compile(optimizer=Adam(), loss="binary_crossentropy", metrics=['accuracy'])

    n_holdout =  holdout_frac * len(os.listdir(img_folder))
    n_fit =  len(os.listdir(img_folder)) - n_holdout
    fit_steps = n_fit // per_batch
    holdout_steps = n_holdout // per_batch
    net.fit_generator(CustomGenerator("training", per_batch, holdout_frac, num_classes=1), validation_data=CustomGenerator("validation", per_batch, holdout_frac, num_classes=1), steps_per_epoch=fit_steps,
                        epochs=n_epochs, validation_steps=holdout_steps)
    net.save_weights("weight/unet.h5")

if __name__ == '__main__':
    run_training()
