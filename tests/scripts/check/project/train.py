# The loading happens in utils.py beside this script: read, never run.
import keras
from utils import load_data

x = load_data("frames/*.png")
model = keras.Sequential([keras.Input((64, 64, 3)), keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(1)])
model.compile(optimizer="adam", loss="mse")
model.fit(x, x.mean(axis=(1, 2, 3)), batch_size=32)
