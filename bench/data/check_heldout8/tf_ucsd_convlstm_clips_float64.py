class RunSettings:
  TRAIN_DATA_PATH ="/content/drive/My Drive/Colab Notebook2/UCSD_Anomaly_Dataset.v1p2/UCSDped1/Train"
  TEST_CLIP_PATH = "/content/drive/My Drive/Colab Notebook2/UCSD_Anomaly_Dataset.v1p2/UCSDped1/Test/Test032"
  BATCH_N = 4
  EPOCH_COUNT = 3
  MODEL_FILE_PATH = "/content/drive/My Drive/Colab Notebook2/callback/model_lstm.hdf5"


from os import listdir
from os.path import isfile, join, isdir
from PIL import Image
import numpy as np
import shelve
def strided_clips(step, frames, clip_len):
    """Cut a sorted frame list into fixed-length clips,

    taking every `step`-th frame,

        for each start offset below `step` (more clips per video).

        frames: 256x256 arrays in time order

        clip_len: frames per clip



        gives a list of clip arrays
    """
    clip_list = []
    n_frames = len(frames)
    clip_buf = np.zeros(shape=(clip_len, 256, 256, 1))
    pos = 0
    for offset in range(0, step):
        for i in range(offset, n_frames, step):
            clip_buf[pos, :, :, 0] = frames[i]
            pos = pos + 1
            if pos == clip_len:
                clip_list.append(np.copy(clip_buf))
                pos = 0
    return clip_list


def read_train_clips():
    """



        Every training video as a list of clips, each (clip_len, 256, 256, 1).
    """
    #####################################
    # a shelve cache was used here once:
    # return cached["datasetLSTM"]
    #####################################
    clip_list = []
    # one sub-folder per training video
    for subdir in sorted(listdir(RunSettings.TRAIN_DATA_PATH)):
        if isdir(join(RunSettings.TRAIN_DATA_PATH, subdir)):
            dir_frames = []
            # every .tif frame in it, in order
            for fname in sorted(listdir(join(RunSettings.TRAIN_DATA_PATH, subdir))):
                if str(join(join(RunSettings.TRAIN_DATA_PATH, subdir), fname))[-3:] == "tif":
                    frame = Image.open(join(join(RunSettings.TRAIN_DATA_PATH, subdir), fname)).resize((256, 256))
                    frame = np.array(frame, dtype=np.float32) / 256.0
                    dir_frames.append(frame)
            # strides 1 and 2 give two clip sets per video
            for step in range(1, 3):
                clip_list.extend(strided_clips(step=step, frames=dir_frames, clip_len=10))
    return clip_list


import keras
from keras.layers import Conv2DTranspose, ConvLSTM2D, BatchNormalization, TimeDistributed, Conv2D, LayerNormalization
from keras.models import Sequential, load_model
def build_or_load_model(train_new=True):
    """


    train_new: when False, read the saved model instead

    """
    if not train_new:
        return load_model(RunSettings.MODEL_FILE_PATH,custom_objects={'LayerNormalization': LayerNormalization})
    train_clips = read_train_clips()
    train_clips = np.array(train_clips)
    train_clips = train_clips.reshape(-1,10,256,256,1)
    ae_model = Sequential()
    ae_model.add(TimeDistributed(Conv2D(128, (11, 11), strides=4, padding="same"), batch_input_shape=(None, 10, 256, 256, 1)))
    ae_model.add(LayerNormalization())
    ae_model.add(TimeDistributed(Conv2D(64, (5, 5), strides=2, padding="same")))
    ae_model.add(LayerNormalization())
    # # # # #
    ae_model.add(ConvLSTM2D(64, (3, 3), padding="same", return_sequences=True))
    ae_model.add(LayerNormalization())
    ae_model.add(ConvLSTM2D(32, (3, 3), padding="same", return_sequences=True))
    ae_model.add(LayerNormalization())
    ae_model.add(ConvLSTM2D(64, (3, 3), padding="same", return_sequences=True))
    ae_model.add(LayerNormalization())
    # # # # #
    ae_model.add(TimeDistributed(Conv2DTranspose(64, (5, 5), strides=2, padding="same")))
    ae_model.add(LayerNormalization())
    ae_model.add(TimeDistributed(Conv2DTranspose(128, (11, 11), strides=4, padding="same")))
    ae_model.add(LayerNormalization())
    ae_model.add(TimeDistributed(Conv2D(1, (11, 11), activation="sigmoid", padding="same")))
    print(ae_model.summary())
    ae_model.compile(loss='mse', optimizer=keras.optimizers.Adam(lr=1e-4, decay=1e-5, epsilon=1e-6))
    ae_model.fit(train_clips, train_clips,
            batch_size=RunSettings.BATCH_N, epochs=RunSettings.EPOCH_COUNT, shuffle=False)
    ae_model.save(RunSettings.MODEL_FILE_PATH)
    return ae_model


ae_model_out = build_or_load_model(True)
