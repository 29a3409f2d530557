import os
import matplotlib.pyplot as plt
import numpy as np
import tensorflow as tf
import pickle
import json

from sklearn.metrics import accuracy_score, precision_score, recall_score
from tensorflow.keras import layers, losses
from tensorflow.keras.models import Model, load_model
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.callbacks import ModelCheckpoint, EarlyStopping, LambdaCallback

trainYearList = [2020, 2021]

randomSeed = 51

num_samples = 20000

latent_dim = 32
prevEpochsDifferent = False
nEpochs = 2000
BATCH_SIZE = 32
lRate = 1e-7
ckpt_period = 50
esPatience = 20
resumeTrainingFlag = False

ckptDir = './models/Conv2/ckpts/'+str(latent_dim)+'/'
if prevEpochsDifferent and resumeTrainingFlag:
    for ckptPath in os.listdir(ckptDir):
        os.rename(ckptDir+ckptPath, ckptDir+ckptPath.split('_')[0]+'_'+ckptPath.split('_')[1]+'_'+str(nEpochs)+'ckpt_'+ckptPath.split('_')[3])

ckptSavePath = ckptDir+'autoencoder_'+str(latent_dim)+'_'+str(nEpochs)+'ckpt_'

modelSavePath = './models/Conv2/'+str(latent_dim)+'/autoencoder_'+str(latent_dim)+'_'+str(nEpochs)

resultsFolder = './results/Conv2/'
jsonFilePath = resultsFolder+'loss_log_'+str(latent_dim)+'.json'


x_train = None
for trainYear in trainYearList:
    npyFileAddress = './data/'+str(trainYear)+'/images'+str(trainYear)+'.npz'
    imgs = np.load(npyFileAddress)['imgs']
    if x_train is None:
        x_train = imgs
    else:
        x_train = np.concatenate((x_train, imgs))

del imgs


print(x_train.shape, x_train.dtype)

sampleIndices = np.arange(x_train.shape[0])
np.random.shuffle(sampleIndices)
sampleIndices = sampleIndices[:num_samples]
x_train = x_train[sampleIndices]
del sampleIndices

x_train = x_train.astype(np.float32)

x_train = np.expand_dims(x_train, axis=-1)

print (x_train.shape)

print(np.max(x_train), np.min(x_train))

imgShape = x_train.shape

x_train = tf.data.Dataset.from_tensor_slices(x_train)
shuffle_buffer_size = 10000
x_train = x_train.shuffle(shuffle_buffer_size)
x_train = x_train.batch(BATCH_SIZE)


class ConvAutoencoder(Model):
    def __init__(self, latent_dim):
        super(ConvAutoencoder, self).__init__()
        self.latent_dim = latent_dim
        self.encoder = tf.keras.Sequential([
            layers.Input(shape=(imgShape[1], imgShape[2], 1)),
            layers.Conv2D(2, (3, 3), activation='relu', padding='same'),
            layers.MaxPooling2D((2, 2), padding='same'),
            layers.Conv2D(4, (3, 3), activation='relu', padding='same'),
            layers.MaxPooling2D((2, 2), padding='same'),
            layers.Conv2D(2, (3, 3), activation='relu', padding='same'),
            layers.Flatten(),
            layers.Dense(latent_dim, activation='relu')
        ])
        self.decoder = tf.keras.Sequential([
            layers.Dense(int(imgShape[1]/4)*int(imgShape[2]/4)*2, activation='relu'),
            layers.Reshape((int(imgShape[1]/4), int(imgShape[2]/4), 2)),
            layers.Conv2D(2, (3, 3), activation='relu', padding='same'),
            layers.UpSampling2D((2, 2)),
            layers.Conv2D(2, (3, 3), activation='relu', padding='same'),
            layers.UpSampling2D((2, 2)),
            layers.Conv2D(1, (3, 3), activation='sigmoid', padding='same')
        ])

    def call(self, x):
        encoded = self.encoder(x)
        decoded = self.decoder(encoded)
        return decoded

class ConvAutoencoderOld(Model):
    def __init__(self, latent_dim):
        super(ConvAutoencoderOld, self).__init__()
        self.latent_dim = latent_dim
        self.encoder = tf.keras.Sequential([
            layers.Input(shape=(imgShape[1], imgShape[2], 1)),
            layers.Conv2D(4, (3, 3), activation='relu', padding='same', strides=2),
            layers.Conv2D(2, (3, 3), activation='relu', padding='same', strides=2),
            layers.Flatten(),
            layers.Dense(latent_dim, activation='relu')
        ])
        self.decoder = tf.keras.Sequential([
            layers.Dense(int(imgShape[1]*imgShape[2]/8), activation='sigmoid'),
            layers.Reshape((int(imgShape[1]/4), int(imgShape[2]/4), 2)),
            layers.Conv2DTranspose(2, kernel_size=3, strides=2, activation='relu', padding='same'),
            layers.Conv2DTranspose(4, kernel_size=3, strides=2, activation='relu', padding='same'),
            layers.Conv2D(1, kernel_size=(3, 3), activation='sigmoid', padding='same')
        ])

    def call(self, x):
        encoded = self.encoder(x)
        decoded = self.decoder(encoded)
        return decoded

class DenseAutoencoder(Model):
    def __init__(self, latent_dim):
        super(DenseAutoencoder, self).__init__()
        self.latent_dim = latent_dim
        self.encoder = tf.keras.Sequential([
            layers.Flatten(),
            layers.Dense(latent_dim, activation='relu'),
        ])
        self.decoder = tf.keras.Sequential([
            layers.Dense(imgShape[1]*imgShape[2], activation='sigmoid'),
            layers.Reshape((imgShape[1], imgShape[2]))
        ])

    def call(self, x):
        encoded = self.encoder(x)
        decoded = self.decoder(encoded)
        return decoded


autoencoder = ConvAutoencoderOld(latent_dim)
autoencoder.compile(optimizer=Adam(learning_rate=lRate), loss=losses.MeanSquaredError())
autoencoder.build((BATCH_SIZE, imgShape[1], imgShape[2], 1))
autoencoder.encoder.summary()
autoencoder.decoder.summary()


def deleteJSONrowsAfterEpoch(jsonFile, epoch):
    json_lines = []
    with open(jsonFile, mode='rt', buffering=1) as open_file:
        for line in open_file.readlines():
            j = json.loads(line)
            if int(j['epoch']) < epoch:
                json_lines.append(line)

    with open(jsonFile, mode='wt', buffering=1) as open_file:
        open_file.writelines(json_lines)

if resumeTrainingFlag:
    latestTrainedEpochs = max([int(ckptFile.split(ckptSavePath.split(ckptDir)[1])[1]) for ckptFile in os.listdir(ckptDir)])
    latestCkptPath = ckptSavePath+'{epoch:02d}'.format(epoch=latestTrainedEpochs)
    autoencoder = load_model(latestCkptPath)

    checkpoint = ModelCheckpoint(ckptSavePath+'{epoch:02d}' ,save_freq='epoch', period=ckpt_period, save_format='tf')

    deleteJSONrowsAfterEpoch(jsonFilePath, latestTrainedEpochs)

    json_log = open(jsonFilePath, mode='at', buffering=1)

    json_log = open(jsonFilePath, mode='at', buffering=1)
    json_logging_callback = LambdaCallback(
        on_epoch_end=lambda epoch, logs: json_log.write(
            json.dumps({'epoch': epoch, 'loss': logs['loss']}) + '\n'),
        on_train_end=lambda logs: json_log.close()
    )


    callbacks_list = [checkpoint, json_logging_callback]

    print('Starting to fit the model!')
    autoencoder.fit(x_train,
                    epochs=nEpochs,
                    callbacks=callbacks_list,
                    initial_epoch=latestTrainedEpochs,
                    verbose=2)

else:
    checkpoint = ModelCheckpoint(ckptSavePath+'{epoch:02d}' ,save_freq='epoch', period=ckpt_period, save_format='tf')

    json_log = open(jsonFilePath, mode='wt', buffering=1)
    json_logging_callback = LambdaCallback(
        on_epoch_end=lambda epoch, logs: json_log.write(
            json.dumps({'epoch': epoch, 'loss': logs['loss']}) + '\n'),
        on_train_end=lambda logs: json_log.close()
    )


    callbacks_list = [checkpoint, json_logging_callback]

    print('Starting to fit the model!')
    autoencoder.fit(tf.data.Dataset.zip((x_train, x_train)),
                    epochs=nEpochs,
                    callbacks=callbacks_list,
                    verbose=2)
print('Model Training Completed!')

print('Saving Model...')
autoencoder.save(modelSavePath, save_format='tf')
print('Model Saved!')


