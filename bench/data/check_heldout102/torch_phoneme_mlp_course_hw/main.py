from phoneme_learning import PhonemeLearner, PhonemeParams
from models import *

import argparse

ap = argparse.ArgumentParser()
ap.add_argument('--gpu_id', help='which GPU (0/1)', default='0')
cli = ap.parse_args()


# GPU numbering follows speed, not the PCIe bus order


def run():
    cfg = PhonemeParams(B=8192, K=30, dropout=0.5, device='cuda:' + cli.gpu_id)
    net = MLP17(cfg.K, cfg.dropout)
    learner = PhonemeLearner(cfg, net)
    learner.train()
    learner.test()


if __name__ == '__main__':
    run()
