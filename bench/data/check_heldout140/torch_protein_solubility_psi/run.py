import random

import numpy
import torch
import torch.nn as nn

from config import Config
from data import init_data
from models import *
from train import *


def fix_seeds(s):
    """Seed every RNG so runs repeat"""

    random.seed(s)
    numpy.random.seed(s)
    torch.manual_seed(s)
    torch.cuda.manual_seed(s)
    torch.cuda.manual_seed_all(s)
    torch.backends.cudnn.deterministic = True


def main():
    fix_seeds(42)

    CSV_FILE = "./data/PSI_Biology_solubility_trainset.csv"
    OUT_DIR = "./models/"
    OUT_PREFIX = "cnn_"
    RESUME_FROM = None  # for instance "./models/cnn_1"

    hp = Config.params

    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    # read and encode everything
    tensors = init_data(CSV_FILE, dev, hp["max_chain_length"])

    # set up the network
    net = Model1()
    net.to(dev)

    # optional warm start
    if RESUME_FROM != None:
        net.load_state_dict(torch.load(RESUME_FROM))

    opt = torch.optim.AdamW(
        net.parameters(),
        lr=hp["learning_rate"],
        weight_decay=hp["weight_decay"],
    )

    bce = nn.BCEWithLogitsLoss(pos_weight=tensors["neg_pos_ratio"]).to(dev)

    # epochs
    for ep in range(1, hp["num_epochs"] + 1):
        train_epoch(tensors, net, opt, bce, hp["batch_size"])

        # periodic evaluation
        if ep % hp["eval_step"] == 0:
            eval_model(ep, tensors, net, opt, bce)

            net.train()
            torch.save(net.state_dict(), OUT_DIR + OUT_PREFIX + str(ep))


if __name__ == "__main__":
    main()
