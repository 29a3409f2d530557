import datetime
import torch
from sklearn.metrics import precision_recall_fscore_support as prfs
from utils.parser import get_parser_with_args
from utils.helpers import (get_loaders, get_criterion,
                           load_model, initialize_metrics, get_mean_metrics,
                           set_metrics)
import os
import logging
import json
from tensorboardX import SummaryWriter
from tqdm import tqdm
import random
import numpy as np


"""
Options from the metadata file
"""
ap, meta = get_parser_with_args()
cfg = ap.parse_args()

"""
Logging
"""
logging.basicConfig(level=logging.INFO)
tb = SummaryWriter(cfg.log_dir + f'/{datetime.datetime.now().strftime("%Y%m%d-%H%M%S")}/')

"""
Device
"""
# os.environ["CUDA_VISIBLE_DEVICES"] = "0"
device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
logging.info('cuda present: ' + str(torch.cuda.is_available()))

def fix_seeds(s):
    random.seed(s)
    os.environ['PYTHONHASHSEED'] = str(s)
    np.random.seed(s)
    torch.manual_seed(s)
    torch.cuda.manual_seed(s)
    # torch.cuda.manual_seed_all(s) # for several GPUs
    torch.backends.cudnn.benchmark = False
    torch.backends.cudnn.deterministic = True

fix_seeds(s=777)


tr_loader, va_loader = get_loaders(cfg)

"""
Network, loss, optimiser, schedule
"""
logging.info('building the network')
net = load_model(cfg, device)

crit = get_criterion(cfg)
opt = torch.optim.AdamW(net.parameters(), lr=cfg.learning_rate) # scale the lr with the batch if it changes
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=8, gamma=0.5)

"""
 Bookkeeping
"""
best = {'cd_f1scores': -1, 'cd_recalls': -1, 'cd_precisions': -1}
logging.info('training begins')
step = -1

for ep in range(cfg.epochs):
    tr_stats = initialize_metrics()
    va_stats = initialize_metrics()

    """
    Training pass
    """
    net.train()
    logging.info('network in train mode')
    seen = 0
    bar = tqdm(tr_loader)
    for before, after, mask in bar:
        bar.set_description("epoch {} samples ".format(ep) + str(seen) + " - " + str(seen+cfg.batch_size))
        seen = seen+cfg.batch_size
        step += 1
        # to the device
        before = before.float().to(device)
        after = after.float().to(device)
        mask = mask.long().to(device)

        # clear grads
        opt.zero_grad()

        # forward, loss, backward
        outs = net(before, after)

        loss_cd = crit(outs, mask)
        loss = loss_cd
        loss.backward()
        opt.step()

        outs = outs[-1]
        _, outs = torch.max(outs, 1)

        # pixel accuracy and P/R/F1 of the batch
        acc = (100 *
                       (outs.squeeze().byte() == mask.squeeze().byte()).sum() /
                       (mask.size()[0] * (cfg.patch_size**2)))

        prf_tr = prfs(mask.data.cpu().numpy().flatten(),
                               outs.data.cpu().numpy().flatten(),
                               average='binary',
                               zero_division=0,
                               pos_label=1)

        tr_stats = set_metrics(tr_stats,
                                    loss_cd,
                                    acc,
                                    prf_tr,
                                    sched.get_last_lr())

        # running means
        tr_means = get_mean_metrics(tr_stats)

        for name, val in tr_means.items():
            tb.add_scalars(str(name), {'train': val}, step)

        # drop the batch
        del before, after, mask

    sched.step()
    logging.info("epoch {} train: ".format(ep) + str(tr_means))

    """
    Validation pass
    """
    net.eval()
    with torch.no_grad():
        for before, after, mask in va_loader:
            # to the device
            before = before.float().to(device)
            after = after.float().to(device)
            mask = mask.long().to(device)

            # forward and loss
            outs = net(before, after)

            loss_cd = crit(outs, mask)

            outs = outs[-1]
            _, outs = torch.max(outs, 1)

            # pixel accuracy and P/R/F1 of the batch
            acc = (100 *
                           (outs.squeeze().byte() == mask.squeeze().byte()).sum() /
                           (mask.size()[0] * (cfg.patch_size**2)))

            prf_va = prfs(mask.data.cpu().numpy().flatten(),
                                 outs.data.cpu().numpy().flatten(),
                                 average='binary',
                                 zero_division=0,
                                 pos_label=1)

            va_stats = set_metrics(va_stats,
                                      loss_cd,
                                      acc,
                                      prf_va,
                                      sched.get_last_lr())

            # running means
            va_means = get_mean_metrics(va_stats)

            for name, val in tr_means.items():
                tb.add_scalars(str(name), {'val': val}, step)

            # drop the batch
            del before, after, mask

        logging.info("epoch {} val: ".format(ep)+str(va_means))

        """
        Keep the weights of an epoch that improves any score
        """
        if ((va_means['cd_precisions'] > best['cd_precisions'])
                or
                (va_means['cd_recalls'] > best['cd_recalls'])
                or
                (va_means['cd_f1scores'] > best['cd_f1scores'])):

            # record the scores with the run's settings
            logging.info('saving a better network')
            meta['validation_metrics'] = va_means

            # write checkpoint and metadata
            if not os.path.exists('./tmp'):
                os.mkdir('./tmp')
            with open('./tmp/metadata_epoch_' + str(ep) + '.json', 'w') as fh:
                json.dump(meta, fh)

            torch.save(net, './tmp/checkpoint_epoch_'+str(ep)+'.pt')

            # (remote asset upload was here)
            best = va_means


        print('epoch done.')
tb.close()  # flush tensorboard
print('finished')
