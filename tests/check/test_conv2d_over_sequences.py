import pytest

from oomdoctor.check import check_source

SOURCE = """import numpy as np
import pandas as pd
from tensorflow import keras
from tensorflow.keras import layers


def train(csv_path):
    table = pd.read_csv(csv_path, header=None)
    signals = table.values[:, :-1]
    classes = keras.utils.to_categorical(table.values[:, -1])
    signals = {shaped}
    sample_shape = signals.shape[1:]
    net = keras.Sequential([
        layers.Input(shape=sample_shape),
        layers.Conv2D(32, (7, 1), activation='relu', padding='same'),
        layers.Conv2D(32, (7, 1), activation='relu', padding='same'),
        layers.Flatten(),
        layers.Dense(64, activation='relu'),
        layers.Dense(classes.shape[1], activation='softmax'),
    ])
    net.compile('adam', 'categorical_crossentropy')
    net.fit(signals, classes, batch_size=128, epochs=5)


train('sensor_rows.csv')
"""


def _flatten_lines(tmp_path, shaped):
    script = tmp_path / "signals.py"
    script.write_text(SOURCE.format(shaped=shaped))
    return [f.line for f in check_source(script) if f.rule == "flatten-dense"]


@pytest.mark.parametrize("shaped", [
    "signals.reshape(signals.shape[0], signals.shape[1], 1, 1)",
    "signals.reshape(len(signals), -1, 1, 1)",
    "signals.reshape(signals.shape[0], 1, signals.shape[1], 1)",
    "np.load('beats.npy').reshape(-1, 187, 1, 1)",
])
def test_rows_shaped_for_conv2d_with_a_width_of_one_are_sequences(shaped, tmp_path):
    # Conv2D over (length, 1, channels): a 1-D convolution; Flatten gets length x filters, not an image's pixels
    assert _flatten_lines(tmp_path, shaped) == []


@pytest.mark.parametrize("shaped", [
    "signals.reshape(signals.shape[0], 28, -1, 1)",
    "signals.reshape(-1, 1, 28, 28)",
])
def test_rows_shaped_as_images_still_flatten_every_pixel(shaped, tmp_path):
    assert _flatten_lines(tmp_path, shaped) == [17]
