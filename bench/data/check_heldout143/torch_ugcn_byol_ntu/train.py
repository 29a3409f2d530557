import os
rank_here = int(os.environ["LOCAL_RANK"])
import yaml
import random
import argparse
import numpy as np
from tqdm import tqdm
from pathlib import Path

from utils.io import DictAction
from utils.io import import_class
from tensorboardX import SummaryWriter

import torch
from torch.utils.data import Subset
from torch.utils.data.distributed import DistributedSampler

from net.byol import BYOL
from optim.lars import LARS
from optim.lars import exclude_bias_and_norm

ap = argparse.ArgumentParser(description='self-supervised skeleton pretraining')
ap.add_argument('--workers', type=int, metavar='N',help='loader worker processes')
ap.add_argument('--epochs', type=int, metavar='N',help='how many epochs')
ap.add_argument('--batch-size', type=int, metavar='N',help='samples per step')
ap.add_argument('--learning_rate', type=float, metavar='LR',help='base step size')
ap.add_argument('--weight-decay', type=float, metavar='W',help='L2 penalty')
ap.add_argument('--print_freq', type=int, metavar='N',help='log every N steps')
# point this elsewhere to start fresh instead of resuming
ap.add_argument('--checkpoint-dir', default='runs/pretrain/cs/', type=Path,metavar='DIR', help='where checkpoints go')
ap.add_argument('-c', '--config', default='config/train_cs.yaml', help='yaml with the defaults')
# data feeder
ap.add_argument('--train_feeder', help='dotted path of the feeder class')
ap.add_argument('--train_feeder_args', action=DictAction, help='keyword arguments of the feeder')
ap.add_argument('--l', type=float, help='fraction of the training set to use')

# network
ap.add_argument('--model', help='dotted path of the network')
ap.add_argument('--model_args', action=DictAction, help='keyword arguments of the network')
ap.add_argument('--model_target_args', action=DictAction, help='keyword arguments of the target network')


ap.add_argument('--moving_average_decay', type=float)
ap.add_argument('--projection_size', type=int)
ap.add_argument('--projection_hidden_size', type=int)
ap.add_argument('--drop_percent', type=float)

ap.add_argument('--K', type=float)
ap.add_argument('--tt', type=float)
ap.add_argument('--ot', type=float)

def fix_seeds(seed = 42):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)

if __name__ == '__main__':
    first = ap.parse_args()

    if first.config is not None:
        # read the yaml defaults
        with open(first.config, 'r') as fh:
            yaml_args = yaml.load(fh, Loader=yaml.FullLoader)

        # every yaml key must be a known option
        known = vars(first).keys()
        for key in yaml_args.keys():
            if key not in known:
                print('unknown option in yaml: {}'.format(key))
                assert key in known

        ap.set_defaults(**yaml_args)

    opts = ap.parse_args()
    
    fix_seeds()
    # one GPU per process, picked by its local rank
    torch.cuda.set_device(rank_here)
    dev = torch.device('cuda', rank_here)
    # process group for the DDP ranks
    torch.distributed.init_process_group(backend='nccl')
    
    if rank_here == 0:
        tb = SummaryWriter(opts.checkpoint_dir)
        opts.checkpoint_dir.mkdir(parents=True, exist_ok=True)

    learner = BYOL(opts).to(dev)

    opt = LARS(learner.parameters(), lr=opts.learning_rate, weight_decay=opts.weight_decay,weight_decay_filter=exclude_bias_and_norm,lars_adaptation_filter=exclude_bias_and_norm)
    sched = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=5, T_mult=2,eta_min=0.0001)

    # resume when a checkpoint is present
    if (opts.checkpoint_dir / 'checkpoint.pth').is_file():
        state = torch.load(opts.checkpoint_dir / 'checkpoint.pth', map_location='cpu')
        learner.load_state_dict(state['model'], strict=False)
        opt.load_state_dict(state['optimizer'])
        sched.load_state_dict(state['scheduler'])
        first_epoch = state['epoch']
    else:
        first_epoch = 0

    feeder_cls = import_class(opts.train_feeder)
    fit_set = feeder_cls(**opts.train_feeder_args)
    fit_set = Subset(fit_set, range(int(len(fit_set)*opts.l)))

    dist_sampler = DistributedSampler(fit_set)
    fit_loader = torch.utils.data.DataLoader(fit_set, sampler=dist_sampler, batch_size=opts.batch_size)
    
    learner = torch.nn.parallel.DistributedDataParallel(learner, device_ids=[rank_here], output_device=rank_here, find_unused_parameters=True)

    lowest=float('inf')

    for ep in range(first_epoch, opts.epochs):
        ep_loss=0
        print("epoch [{}/{}]".format(ep+1,opts.epochs))
        for step_i, ([view_a, view_b], y) in enumerate(tqdm(fit_loader)):
            n_steps = len(fit_loader)

            view_a = view_a.float().to(dev, non_blocking=True)
            view_b = view_b.float().to(dev, non_blocking=True)
            
            y = y.long().to(dev, non_blocking=True)

            gstep = ep * n_steps + step_i

            opt.zero_grad()
            
            loss = learner.forward(view_a, view_b)
            ep_loss+=loss.item()
            
            loss.backward()
            opt.step()
            
            cur_lr = opt.param_groups[0]['lr']
            if rank_here == 0:
                tb.add_scalar('loss_step', loss.data.item(), gstep)
                tb.add_scalar('lr', cur_lr, gstep)
        sched.step()
        print("rank {}: lr {} loss {}".format(rank_here,cur_lr,loss.item()))
        
        state = dict(epoch=ep + 1, model=learner.module.state_dict(),optimizer=opt.state_dict(),scheduler=sched.state_dict())
        torch.save(state, opts.checkpoint_dir / 'checkpoint.pth')
        if (ep+1) % 10 == 0:
            torch.save(learner.module.encoder.state_dict(),opts.checkpoint_dir / 'enc_{}.pth'.format(ep + 1))
        if ep_loss<lowest and ep>100:
            lowest=ep_loss
            torch.save(learner.module.encoder.state_dict(),opts.checkpoint_dir / 'best.pth')
    torch.save(learner.module.encoder.state_dict(),opts.checkpoint_dir / 'enc_final.pth')
