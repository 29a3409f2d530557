from .model import make_network
from .read_data import load_training_split, load_validation_split
from keras.callbacks import ModelCheckpoint, EarlyStopping


def run_training():
    net = make_network()
    seqs_tr, targets_tr = load_training_split()
    seqs_va, targets_va = load_validation_split()

    ckpt = ModelCheckpoint(filepath="deepsea_best.h5", verbose=1, save_best_only=True)
    stopper = EarlyStopping(monitor="val_loss", patience=5, verbose=1)

    net.fit(seqs_tr, targets_tr,
              epochs=200,
              batch_size=1000,
              verbose=1,
              validation_data=(seqs_va, targets_va),
              callbacks=[ckpt, stopper])
    return net
