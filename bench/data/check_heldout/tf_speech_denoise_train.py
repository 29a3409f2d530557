# source: https://github.com/vbelz/Speech-enhancement/blob/3da9655f559bcb3f77e22652109de6672489acc4/train_model.py (memory issue: https://github.com/vbelz/Speech-enhancement/issues/31)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import matplotlib.pyplot as plt
import numpy as np
from scipy import stats
from sklearn.model_selection import train_test_split
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint
from model_unet import unet


def scale_noisy(spec):
    spec = (spec + 46) / 50
    return spec


def scale_noise(spec):
    spec = (spec - 6) / 82
    return spec


def fit_denoiser(spectrogram_dir, weights_dir, model_name, from_scratch, epochs, batch_size):
    # noisy-voice and clean-voice spectrograms written by the data-creation step
    noisy = np.load(spectrogram_dir + 'noisy_voice_amp_db' + ".npy")
    clean = np.load(spectrogram_dir + 'voice_amp_db' + ".npy")
    # the network predicts the noise part
    clean = noisy - clean

    print(stats.describe(noisy.reshape(-1, 1)))
    print(stats.describe(clean.reshape(-1, 1)))

    noisy = scale_noisy(noisy)
    clean = scale_noise(clean)

    print(noisy.shape)
    print(clean.shape)
    print(stats.describe(noisy.reshape(-1, 1)))
    print(stats.describe(clean.reshape(-1, 1)))

    noisy = noisy[:, :, :]
    noisy = noisy.reshape(noisy.shape[0], noisy.shape[1], noisy.shape[2], 1)
    clean = clean[:, :, :]
    clean = clean.reshape(clean.shape[0], clean.shape[1], clean.shape[2], 1)

    x_fit, x_hold, y_fit, y_hold = train_test_split(noisy, clean, test_size=0.10, random_state=42)

    if from_scratch:
        denoiser = unet()
    else:
        denoiser = unet(pretrained_weights=weights_dir + model_name + '.h5')

    keep_best = ModelCheckpoint(weights_dir + '/model_best.h5', verbose=1, monitor='val_loss', save_best_only=True, mode='auto')

    denoiser.summary()
    record = denoiser.fit(x_fit, y_fit, epochs=epochs, batch_size=batch_size, shuffle=True, callbacks=[keep_best], verbose=1, validation_data=(x_hold, y_hold))

    train_curve = record.history['loss']
    val_curve = record.history['val_loss']
    steps = range(1, len(train_curve) + 1)
    plt.plot(steps, train_curve, label='Training loss')
    plt.plot(steps, val_curve, label='Validation loss')
    plt.yscale('log')
    plt.legend()
    plt.show()


if __name__ == '__main__':
    fit_denoiser('./Train/spectrogram/', './weights', 'model_unet', True, 10, 20)
