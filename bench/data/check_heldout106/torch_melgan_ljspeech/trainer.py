import os
import time
import logging
import argparse

from train_loop import fit_gan
from hparams import HParam
from writer import RunWriter
from melset import build_loader


if __name__ == '__main__':
    cli = argparse.ArgumentParser()
    cli.add_argument('-c', '--config', type=str, required=True,
                        help="yaml settings file")
    cli.add_argument('-p', '--checkpoint_path', type=str, default=None,
                        help="checkpoint to resume from")
    cli.add_argument('-n', '--name', type=str, required=True,
                        help="run name used for logs and checkpoints")
    opts = cli.parse_args()

    hp = HParam(opts.config)
    with open(opts.config, 'r') as fh:
        hp_text = ''.join(fh.readlines())

    ckpt_dir = os.path.join(hp.log.chkpt_dir, opts.name)
    logs_dir = os.path.join(hp.log.log_dir, opts.name)
    os.makedirs(ckpt_dir, exist_ok=True)
    os.makedirs(logs_dir, exist_ok=True)

    logging.basicConfig(
        level=logging.INFO,
        format='%(asctime)s | %(levelname)s | %(message)s',
        handlers=[
            logging.FileHandler(os.path.join(logs_dir,
                '%s-%d.log' % (opts.name, time.time()))),
            logging.StreamHandler()
        ]
    )
    log = logging.getLogger()

    tb = RunWriter(hp, logs_dir)

    assert hp.audio.hop_length == 256, \
        'hop_length has to be 256, found %d' % hp.audio.hop_length
    assert hp.data.train != '' and hp.data.validation != '', \
        'set data.train and data.validation in %s' % opts.config

    train_dl = build_loader(hp, opts, True)
    val_dl = build_loader(hp, opts, False)

    fit_gan(opts, ckpt_dir, opts.checkpoint_path, train_dl, val_dl, tb, log, hp, hp_text)
