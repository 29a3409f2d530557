




import argparse

import torch

from data import AudioDataLoader, AudioDataset
from solver import Trainer
from conv_tasnet import ConvTasNet


cli = argparse.ArgumentParser(
    "time-domain two-speaker separation "
    "trainer (PIT loss)")


cli.add_argument('--train_dir', type=str, default=None,
                    help='train dir setting')
cli.add_argument('--valid_dir', type=str, default=None,
                    help='valid dir setting')
cli.add_argument('--sample_rate', default=8000, type=int,
                    help='sample rate setting')
cli.add_argument('--segment', default=4, type=float,
                    help='segment setting')
cli.add_argument('--cv_maxlen', default=8, type=float,
                    help='cv maxlen setting')

cli.add_argument('--N', default=256, type=int,
                    help='N setting')
cli.add_argument('--L', default=20, type=int,
                    help='L setting')
cli.add_argument('--B', default=256, type=int,
                    help='B setting')
cli.add_argument('--H', default=512, type=int,
                    help='H setting')
cli.add_argument('--P', default=3, type=int,
                    help='P setting')
cli.add_argument('--X', default=8, type=int,
                    help='X setting')
cli.add_argument('--R', default=4, type=int,
                    help='R setting')
cli.add_argument('--C', default=2, type=int,
                    help='C setting')
cli.add_argument('--norm_type', default='gLN', type=str,
                    choices=['gLN', 'cLN', 'BN'], help='norm type setting')
cli.add_argument('--causal', type=int, default=0,
                    help='causal setting')
cli.add_argument('--mask_nonlinear', default='relu', type=str,
                    choices=['relu', 'softmax'], help='mask nonlinear setting')

cli.add_argument('--use_cuda', type=int, default=1,
                    help='use cuda setting')
cli.add_argument('--epochs', default=30, type=int,
                    help='epochs setting')
cli.add_argument('--half_lr', dest='half_lr', default=0, type=int,
                    help='half lr setting')
cli.add_argument('--early_stop', dest='early_stop', default=0, type=int,
                    help='early stop setting')
cli.add_argument('--max_norm', default=5, type=float,
                    help='max norm setting')

cli.add_argument('--shuffle', default=0, type=int,
                    help='shuffle setting')
cli.add_argument('--batch_size', default=128, type=int,
                    help='batch size setting')
cli.add_argument('--num_workers', default=4, type=int,
                    help='num workers setting')

cli.add_argument('--optimizer', default='adam', type=str,
                    choices=['sgd', 'adam'],
                    help='optimizer setting')
cli.add_argument('--lr', default=1e-3, type=float,
                    help='lr setting')
cli.add_argument('--momentum', default=0.0, type=float,
                    help='momentum setting')
cli.add_argument('--l2', default=0.0, type=float,
                    help='l2 setting')

cli.add_argument('--save_folder', default='exp/temp',
                    help='save folder setting')
cli.add_argument('--checkpoint', dest='checkpoint', default=0, type=int,
                    help='checkpoint setting')
cli.add_argument('--continue_from', default='',
                    help='continue from setting')
cli.add_argument('--model_path', default='final.pth.tar',
                    help='model path setting')

cli.add_argument('--print_freq', default=10, type=int,
                    help='print freq setting')
cli.add_argument('--visdom', dest='visdom', type=int, default=0,
                    help='visdom setting')
cli.add_argument('--visdom_epoch', dest='visdom_epoch', type=int, default=0,
                    help='visdom epoch setting')
cli.add_argument('--visdom_id', default='tasnet run',
                    help='visdom id setting')


def launch(cfg):


    train_groups = AudioDataset(cfg.train_dir, cfg.batch_size,
                              sample_rate=cfg.sample_rate, seg_sec=cfg.segment)
    valid_groups = AudioDataset(cfg.valid_dir, batch_size=1,
                              sample_rate=cfg.sample_rate,
                              seg_sec=-1, cv_max_sec=cfg.cv_maxlen)
    train_dl = AudioDataLoader(train_groups, batch_size=1,
                                shuffle=cfg.shuffle,
                                num_workers=cfg.num_workers)
    valid_dl = AudioDataLoader(valid_groups, batch_size=1,
                                num_workers=0)
    loaders = {'tr_loader': train_dl, 'cv_loader': valid_dl}

    net = ConvTasNet(cfg.N, cfg.L, cfg.B, cfg.H, cfg.P, cfg.X, cfg.R,
                       cfg.C, norm_type=cfg.norm_type, causal=cfg.causal,
                       mask_nonlinear=cfg.mask_nonlinear)
    print(net)
    if cfg.use_cuda:
        net = torch.nn.DataParallel(net)
        net.cuda()

    if cfg.optimizer == 'sgd':
        opt = torch.optim.SGD(net.parameters(),
                                     lr=cfg.lr,
                                     momentum=cfg.momentum,
                                     weight_decay=cfg.l2)
    elif cfg.optimizer == 'adam':
        opt = torch.optim.Adam(net.parameters(),
                                      lr=cfg.lr,
                                      weight_decay=cfg.l2)
    else:
        print("unknown optimizer")
        return


    trainer = Trainer(loaders, net, opt, cfg)
    trainer.train()


if __name__ == '__main__':
    cfg = cli.parse_args()
    print(cfg)
    launch(cfg)

