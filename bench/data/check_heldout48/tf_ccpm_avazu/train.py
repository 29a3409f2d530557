import pandas as pd

from avazu import create_avazu_dataset
from model import CCPM
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.losses import binary_crossentropy
from tensorflow.keras.callbacks import EarlyStopping

data_dir = '../data/avazu-ctr-prediction'

emb = 11
kernel_widths = (6, 5, 3)
n_filters = (4, 4, 4)

lr = 0.001
bs = 64
n_epochs = 20

# take many rows so the model does not overfit
(x_fit, y_fit), (x_val, y_val), x_test, field_info = create_avazu_dataset(data_dir, read_part=True,
                                                                                    samples_num=1000000,
                                                                                    embed_dim=emb)

net = CCPM(feat_column=field_info, conv_kernel_width=kernel_widths, conv_filters=n_filters)
net.compile(optimizer=Adam(), loss=binary_crossentropy)
net.fit(x=x_fit, y=y_fit, batch_size=bs, epochs=n_epochs, validation_split=0.1, shuffle=True,
          callbacks=[EarlyStopping(monitor='val_loss', patience=2, restore_best_weights=True)])

scores = net.predict(x_test, batch_size=10000)
pd.Series(scores.flatten()).to_csv('result.csv', header=None, index=False)
