import os

import numpy as np
import keras
import h5py

from models import PointNetClassifier
from utils import augment_points


class PointBatches(keras.utils.PyDataset):
    """Batches of point clouds, reshuffled every epoch."""

    def __init__(self, pts, lbl, batch_size, jitter=False, **kwargs):

        super().__init__(**kwargs)
        self.x, self.y = pts, lbl
        self.n = len(lbl)
        self.batch_size = batch_size
        self.order = np.arange(self.n)
        np.random.shuffle(self.order)
        self.jitter = jitter

    def __len__(self):
        """Batches in one epoch."""

        return np.ceil(self.n/self.batch_size).astype("int")

    def __getitem__(self, b):
        """One batch."""

        lo = b * self.batch_size
        hi = np.min((lo + self.batch_size, self.n))
        rows = self.order[lo:hi]

        xb = self.x[rows]
        if self.jitter: # a fresh random perturbation each time
            xb = np.array([augment_points(p) for p in xb])

        yb = self.y[rows]

        return xb, yb

    def on_epoch_end(self):
        """New order for the next epoch."""

        self.order = np.arange(self.n)
        np.random.shuffle(self.order)


class HalvingLR(keras.callbacks.Callback):
    """Start at 1e-3 and halve every 20 epochs."""

    def __init__(self,):
        super().__init__()

        self.lr0 = 0.001
        self.factor = 2
        self.every = 20

    def on_train_begin(self, logs=None):

        lr = self.model.optimizer.learning_rate
        # starting value
        lr.assign(self.lr0)
        print(f"starting learning rate {float(np.array(lr)):.6f}.")

    def on_epoch_begin(self, epoch, logs=None):

        lr = self.model.optimizer.learning_rate
        # halve on schedule
        if epoch and not epoch % self.every:
            lr.assign(lr/2)
            print(f"epoch {epoch}: learning rate {float(np.array(lr)):.6f}.")


class BNMomentumRamp(keras.callbacks.Callback):
    """Batch-norm momentum grows linearly from 0.5
    up to 0.99."""

    def __init__(self,):
        super().__init__()

        self.m0 = 0.5
        self.m_max = 0.99
        self.step = 0.005

    def on_train_begin(self, logs=None):

        # starting value
        self.model.bn_momentum = self.m0
        print(f"starting BN momentum {self.model.bn_momentum:.3f}.")

    def on_epoch_begin(self, epoch, logs=None):

        if epoch:
            # linear ramp
            m = self.m0 + self.step * epoch
            # capped
            m = np.min([m, self.m_max])
            # apply
            self.model.bn_momentum = m
            print(f"epoch {epoch}: BN momentum {self.model.bn_momentum:.3f}.")


if __name__ == "__main__":

    # model
    N_POINTS = 2048
    N_CLASSES = 40
    WITH_NORMALS = False
    OUT_DIR = "./models/saved/"
    # schedule
    EPOCHS = 10
    BS = 32
    # data
    ROOT = "./data/ModelNet40_preprocessed/"

    # point clouds sampled from the meshes beforehand
    h5 = h5py.File(os.path.join(ROOT, "ModelNet40.hdf5"))
    tr_pts, tr_lbl = h5["train"]["points"][...], h5["train"]["labels"][...]
    te_pts, te_lbl = h5["test"]["points"][...], h5["test"]["labels"][...]

    # batches with on-the-fly augmentation for training
    tr_batches = PointBatches(tr_pts, tr_lbl, BS, jitter=True)
    te_batches = PointBatches(te_pts, te_lbl, BS, jitter=False)

    # model
    net = PointNetClassifier(N_CLASSES)
    net.build((BS, N_POINTS, 6 if WITH_NORMALS else 3))
    net.summary()

    net.compile(
        loss="sparse_categorical_crossentropy",
        optimizer="adam",
        metrics=["sparse_categorical_accuracy"]
    )

    hist = net.fit(
        tr_batches,
        epochs=EPOCHS,
        validation_data=te_batches,
        callbacks=[
            HalvingLR(),
            BNMomentumRamp()
        ]
    )

    # save
    np.save(os.path.join(OUT_DIR, "history_train.npy"), hist.history)
    net.save(os.path.join(OUT_DIR,"PointNetClassifier.keras"))

    # curves
    try:
        from matplotlib import pyplot as plt
        fig = plt.figure(figsize=(8, 5))
        ax_acc = fig.add_subplot()
        ax_loss = ax_acc.twinx()
        ax_acc.set_xlabel("epoch")
        ax_acc.set_ylabel("accuracy")
        ax_acc.set_title("curves")
        ax_loss.set_ylabel("loss")
        for k, v in hist.history.items():
            if "accuracy" in k:
                ax_acc.plot(v, label=k)
            elif "loss" in k:
                ax_loss.plot(v, label=k, linestyle="--")
        fig.legend(loc='center', fontsize="small")
        plt.tight_layout()
        fig.savefig("docs/training_curves.png")
        plt.show()

    except ModuleNotFoundError:
        pass
