import argparse
import collections
import torch
import lib.metrics as metric_mod
import model.dcrnn_model as arch_mod
from parse_config import ConfigParser
from trainer.dcrnn_trainer import DiffusionRNNTrainer
from lib import utils
import math


def run(cfg):
    log = cfg.get_logger('train')

    sensor_pkl = 'data/sensor_graph/adj_mx_unix.pkl'
    _, _, adj = utils.load_graph_data(sensor_pkl)
    splits = utils.load_dataset(dataset_dir='data/METR-LA',
                                batch_size=cfg["arch"]["args"]["batch_size"],
                                test_batch_size=cfg["arch"]["args"]["batch_size"])
    for key, val in splits.items():
        if hasattr(val, 'shape'):
            print((key, val.shape))

    tr_iter = splits['train_loader']
    va_iter = splits['val_loader']

    n_tr = splits['x_train'].shape[0]
    n_va = splits['x_val'].shape[0]

    # batches per epoch, for the progress display
    tr_steps = math.ceil(n_tr / cfg["arch"]["args"]["batch_size"])
    va_steps = math.ceil(n_va / cfg["arch"]["args"]["batch_size"])

    # (template code for generic data loaders, unused here)
    # loader = cfg.initialize('data_loader', data_mod)
    # val_loader = loader.split_validation()

    # network
    extra = {"adj_mat": adj}
    net = cfg.initialize('arch', arch_mod, **extra)
    # net = getattr(arch_mod, cfg['arch']['type'])(cfg['arch']['args'], extra)
    log.info(net)

    # loss and metric callables
    crit = cfg.initialize('loss', metric_mod, **{"scaler": splits['scaler']})
    metric_fns = [getattr(metric_mod, m) for m in cfg['metrics']]

    # optimiser and LR schedule
    params = filter(lambda p: p.requires_grad, net.parameters())
    opt = cfg.initialize('optimizer', torch.optim, params)

    sched = cfg.initialize('lr_scheduler', torch.optim.lr_scheduler, opt)

    runner = DiffusionRNNTrainer(net, crit, metric_fns, opt,
                                 config=cfg,
                                 data_loader=tr_iter,
                                 valid_data_loader=va_iter,
                                 lr_scheduler=sched,
                                 len_epoch=tr_steps,
                                 val_len_epoch=va_steps)

    runner.train()


if __name__ == '__main__':
    cli = argparse.ArgumentParser(description='DCRNN on METR-LA')
    cli.add_argument('-c', '--config', default=None, type=str,
                     help='json config (default: None)')
    cli.add_argument('-r', '--resume', default=None, type=str,
                     help='checkpoint to resume (default: None)')
    cli.add_argument('-d', '--device', default=None, type=str,
                     help='GPU ids to use (default: all)')

    # flags that override entries of the json config
    Flag = collections.namedtuple('Flag', 'flags type target')
    flags = [
        Flag(['--lr', '--learning_rate'], type=float, target=('optimizer', 'args', 'lr')),
        Flag(['--bs', '--batch_size'], type=int, target=('data_loader', 'args', 'batch_size'))
    ]
    cfg = ConfigParser(cli, flags)
    run(cfg)
