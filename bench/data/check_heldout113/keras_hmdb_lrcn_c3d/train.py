from keras.callbacks import TensorBoard, ModelCheckpoint, EarlyStopping, CSVLogger
from models import NetZoo
from data_loader import ClipReader
from data_gen import FrameDumper
import time
import os.path


def make_run_dirs(subdirs, root_dir):
    for sub in subdirs:
        if not os.path.exists("{}{}".format(root_dir, sub)):
            os.mkdir("{}{}".format(root_dir, sub))


# tensorboard --logdir=logs/tensorboard/ to watch
def run_one(net_kind, root_dir, seq_len=30, batch_size=32, n_epochs=100, split_mode=1, holdout=0.3):

    make_run_dirs(["logs/", "logs/csv/", "logs/tensorboard", "logs/checkpoints"], root_dir)
    tag = "{}-{}".format(net_kind, time.time())

    # keep the best weights
    saver = ModelCheckpoint(
        filepath=os.path.join(root_dir, 'logs', 'checkpoints', tag + '-' + '.{epoch:03d}-{val_loss:.3f}.hdf5'),
        verbose=1,
        save_best_only=True)

    # board logging
    board = TensorBoard(log_dir="{}logs/tensorboard/{}".format(root_dir, tag))

    # stop on plateau
    stopper = EarlyStopping(patience=5)

    # per-epoch csv
    csv_log = CSVLogger(os.path.join(root_dir, 'logs', 'csv', tag + '-' + 'fit-' + str(time.time()) + '.csv'))

    # read the data
    reader = ClipReader(root_dir, "frames", split_mode=split_mode, holdout=holdout)

    if net_kind in ["lstm"]:
        reader = ClipReader(root_dir, "features", split_mode=split_mode, holdout=holdout)

    xs, ys, xs_eval, ys_eval, num_labels = reader.read_all()
    zoo = NetZoo(num_labels, net_kind, seq_len)
    print(xs.shape)

    zoo.model.fit(xs, ys,batch_size=batch_size,validation_data=(xs_eval, ys_eval),
                 verbose=1,
                 callbacks=[board, stopper, csv_log, saver],
                 epochs=n_epochs)



clip_lengths = [16, 32, 46]
net_kinds = ["lstm", "lrcn", "c3d"]
corpora = ["hmdb", "nada"]


def dump_all_frames():
    for corpus in corpora:
        for n_frames in clip_lengths:
            dumper = FrameDumper("{}/".format(corpus), fpv=n_frames)
            dumper.generate_data()


def run_all():
    for corpus in corpora:
        for net_kind in net_kinds:
            for n_frames in clip_lengths:
                root_dir = "{}_op_{}/".format(corpus, n_frames)
                if corpus == "hmdb":
                    run_one(net_kind, root_dir, seq_len=n_frames, split_mode=2)
                elif corpus == "nada":
                    run_one(net_kind, root_dir, seq_len=n_frames, split_mode=1, holdout=0.36)


run_all()
