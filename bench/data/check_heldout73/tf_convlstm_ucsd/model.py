import keras
from keras.layers import (
    Conv2DTranspose,
    ConvLSTM2D,
    TimeDistributed,
    Conv2D,
)
from keras.models import Sequential, load_model
from keras.layers import LayerNormalization

from clip_generator import ClipSequence 
from config import *

def build_or_load(train=True):
    """
    Parameters
    ----------
    train : bool
        fit a new model, or read the saved one
    """
    
    if not train:
        return load_model(
            WEIGHTS_FILE,
            custom_objects={'LayerNormalization': LayerNormalization}
        )

    train_seq = ClipSequence(
        TRAIN_ROOT,
        SEQ_LEN,
        STRIDE,
        DIM,
        BATCH_SIZE,
        N_CHANNELS,
        SHUFFLE
    )

    net = Sequential()
    net.add(TimeDistributed(
        Conv2D(16, (11,11), strides=4, padding="same"),
        batch_input_shape=(None, *DIM, N_CHANNELS)
    ))
    net.add(LayerNormalization())
    net.add(TimeDistributed(Conv2D(8, (8,8), strides=2, padding="same")))
    net.add(LayerNormalization())
    # ----
    net.add(ConvLSTM2D(8, (3,3), padding="same", return_sequences=True))
    net.add(LayerNormalization())
    net.add(ConvLSTM2D(4, (3,3), padding="same", return_sequences=True))
    net.add(LayerNormalization())
    net.add(ConvLSTM2D(8, (3,3), padding="same", return_sequences=True))
    net.add(LayerNormalization())
    # ----
    net.add(TimeDistributed(Conv2DTranspose(8, (8,8), strides=2, padding="same")))
    net.add(LayerNormalization())
    net.add(TimeDistributed(Conv2DTranspose(16, (11, 11), strides=4, padding="same")))
    net.add(LayerNormalization())
    net.add(TimeDistributed(Conv2D(1, (11,11), activation="sigmoid", padding="same")))
    
    print(net.summary())

    net.compile(
        loss='mse',
        optimizer=keras.optimizers.Adam(lr=1e-4, decay=1e-5, epsilon=1e-6)
    )
    net.fit(
        x=train_seq,
        epochs=EPOCHS,
        verbose=True,
        workers=0,
        use_multiprocessing=False
    )
    net.save(WEIGHTS_FILE)

    return net
    


    
