from model import get_compiled_unet
from load_data import read_road_data
import numpy as np

seg_model = get_compiled_unet()

# scale pixel values
train_X, train_Y = read_road_data("dataset/CapturedImages/", "dataset/mask/")
train_X = train_X / 255.0
train_Y = np.expand_dims(train_Y, axis=-1)  # add a trailing channel axis

seg_model.fit(train_X, train_Y, epochs=10, batch_size=16, validation_split=0.1)

seg_model.save("model.h5")