from pathlib import Path
from math import isqrt

import numpy as np
import tensorflow as tf
import tensorflow.keras as ks
import matplotlib.pyplot as plt
import seaborn as sns
import pandas as pd
sns.set(style="darkgrid")

from tqdm import tqdm

from input_pipe import DogCropFeeder
from Discriminator import Discriminator
from Generator import Generator

class DogGAN:
    def __init__(self, sampleSize=None):
        self.feeder = DogCropFeeder(batchSize=self.batchSize, imageWidth=self.picShape[0],
                                    imageHeight=self.picShape[1], imageChannels=self.picShape[2])
        self.feeder.readEverything(sampleSize=sampleSize)
        startW = ks.initializers.TruncatedNormal(stddev=0.02, mean=0)
        self.critic = Discriminator(batchSize=self.batchSize,
                                            imShape=self.picShape, initWeights=startW)
        self.painter = Generator(batchSize=self.batchSize, imShape=self.feeder.shape,
                                    initWeights=startW)
        return

    def restore(self, loadCheckpoint):
        self.critic.load(checkpoint=loadCheckpoint, dire=self.ckptDir)
        self.painter.load(checkpoint=loadCheckpoint, dire=self.ckptDir)
        return

    def store(self):
        self.painter.save(self.ckptDir)
        self.critic.save(self.ckptDir)
        return

    # one update of both networks
    @tf.function
    def step(self, batch):
        z = tf.random.normal([self.batchSize, self.zDim])

        with tf.GradientTape() as pTape, tf.GradientTape() as cTape:
            fakes = self.painter.mModel(z, training=True)

            onReal = self.critic.mModel(batch, training=True)
            onFake = self.critic.mModel(fakes, training=True)

            pLoss = self.painter.loss(onReal, onFake, lossFunc=self.lossKind)
            cLoss = self.critic.loss(onReal, onFake, lossFunc=self.lossKind)

        cGrads = cTape.gradient(cLoss, self.critic.mModel.trainable_variables)
        pGrads = pTape.gradient(pLoss, self.painter.mModel.trainable_variables)

        self.critic.mOptimizer.apply_gradients(zip(cGrads, self.critic.mModel.trainable_variables))
        self.painter.mOptimizer.apply_gradients(zip(pGrads, self.painter.mModel.trainable_variables))
        return (pLoss, cLoss)

    # run the given number of epochs
    def fit(self, epochs: int, group = 4):
        # per-epoch loss records
        self.criticHist = np.zeros(epochs)
        self.painterHist = np.zeros(epochs)
        # epoch loop

        for epoch in range(epochs):
            for part in self.feeder.portions(group):
                with tqdm(total=tf.data.experimental.cardinality(part).numpy()) as bar:
                    for batch in part:
                        (pLoss, cLoss) = self.step(batch)
                        bar.set_description("epoch {%s}" % epoch)
                        bar.set_postfix_str("painter: {:.5f}, critic: {:.5f}".format(pLoss, cLoss))
                        bar.update(1)
                        self.criticHist[epoch] = cLoss
                        self.painterHist[epoch] = pLoss
                    bar.close()

            if (epoch+1) % 15 == 0:
                self.store()
        return

    def show(self, sample=1):
        # random latent codes
        z = tf.random.normal([sample, self.zDim])
        # run the painter
        out = self.painter.mModel(z, training=False)
        # back to [0, 1]
        out = (out.numpy()+1)/2
        # grid side
        side = isqrt(sample)+1
        # canvas
        fig = plt.figure(figsize=(8, 8))
        # one panel per sample
        for k in range(1, sample+1):
            ax = fig.add_subplot(side, side, k)
            ax.set_axis_off()
            plt.imshow(out[k-1])
        plt.show()
        return

    def curves(self):
        frame = pd.DataFrame({
            "Epoch": np.arange(len(self.criticHist)),
            "criticLoss": self.criticHist,
            "painterLoss": self.painterHist
        })
        sns.lineplot(x='Epoch', y='value', hue='variable', data=pd.melt(frame, ['Epoch']))
        plt.show()
        return

    feeder = None
    critic = None
    painter = None
    ckptDir = Path("TrainingCheckpoints/")
    batchSize = 32
    zDim = 100 # latent size
    painterHist = None
    criticHist = None
    picShape = (256, 256, 3)
    lossKind = "gan"

if __name__ == "__main__":
    gan = DogGAN(2000)
    gan.restore(loadCheckpoint="initial")
    gan.fit(20, 10)
    gan.curves()
    gan.show(sample=15)
    # print(gan.critic.mModel.weights)
    gan.store()
    # gan.restore(loadCheckpoint="latest")
    # print(gan.critic.mModel.weights)
    # gan.fit(20)
    # gan.show()
    # gan.store()
