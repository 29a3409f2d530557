import argparse
import os

from dataset import *
from models.cnn_block_frame import CNNBlockFrame
from fit_utils import *

if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="3D conv over 15-frame blocks")
    ap.add_argument("--dataset_dir", type=str, default="data",
                    help="where the pickled splits live")
    ap.add_argument("--batch_size", type=int, default=64,
                    help="samples per step (64)")
    ap.add_argument("--num_epochs", type=int, default=3,
                    help="epochs to run (3)")
    ap.add_argument("--start_epoch", type=int, default=1,
                    help="first epoch number (1)")
    ap.add_argument("--lr", type=float, default=0.001,
                    help="Adam step size (0.001)")
    ap.add_argument("--log", type=int, default=10,
                    help="print every N steps (10)")
    ap.add_argument("--cuda", type=int, default=0,
                    help="1 to run on the GPU (0)")
    opts = ap.parse_args()

    root = opts.dataset_dir
    bs = opts.batch_size
    n_epochs = opts.num_epochs
    first_epoch = opts.start_epoch
    lr = opts.lr
    every = opts.log

    if opts.cuda == 1:
        gpu = True
    else:
        gpu = False

    print("reading splits")
    tr_data = BlockSet(root, "train")
    va_data = BlockSet(root, "dev")
    tr_data.subtract_mean(tr_data.mean)
    va_data.subtract_mean(tr_data.mean)

    # network
    net = CNNBlockFrame()

    if first_epoch > 1:
        resume = True
    else:
        resume = False

    # checkpoint folder
    os.makedirs(os.path.join(root, "cnn_block_frame"), exist_ok=True)

    print("training")
    fit(net, n_epochs, tr_data, va_data, lr=lr, batch_size=bs,
        first_epoch=first_epoch, every=every,
        ckpt_dir=os.path.join(root, "cnn_block_frame"),
        do_val=True, resume=resume, gpu=gpu)

