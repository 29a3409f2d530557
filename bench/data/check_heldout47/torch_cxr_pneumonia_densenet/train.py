"""Fit the network"""

import argparse
import logging
import os
import pdb
    
import numpy as np
import torch
import torch.optim as optim
from torch.autograd import Variable
from tqdm import tqdm
from PIL import Image
import matplotlib.pyplot as plt 
import matplotlib.image as mpimg

import utils
import model.net as net
import model.data_loader as data_loader
from evaluate import evaluate

cli = argparse.ArgumentParser()
cli.add_argument('--data_dir', default='data/224x224_CXR', help="folder with the split sub-folders")
cli.add_argument('--model_dir', default='experiments/base_model', help="folder with params.json")
cli.add_argument('--restore_file', default=None,
                    help="optional checkpoint name in --model_dir to resume \
                    from")  # 'best' or 'last'


def train(net_, opt, crit, loader, metric_fns, hp):
    """One epoch over `loader`.

    Args:
        net_: the network
        opt: optimizer
        crit: loss function (outputs, targets) -> loss
        loader: training DataLoader
        metric_fns: name -> function(outputs, targets)
        hp: hyper-parameters
        (the whole loader is used)
    """

    # training mode
    net_.train()
    
    # periodic summaries and a running mean of the loss
    rows = []
    run_avg = utils.RunningAverage()

    # progress bar
    with tqdm(total=len(loader)) as bar:
        for i, (xb, yb) in enumerate(loader):
            # to the GPU when there is one
            if hp.cuda:
                xb, yb = xb.cuda(non_blocking=True), yb.cuda(non_blocking=True)
            # (legacy Variable wrap disabled)
            #
    #
            # forward + loss
            out = net_(xb)
            loss = crit(out, yb)

            # backward
            opt.zero_grad()
            loss.backward()

            # update
            opt.step()

            # metrics every few steps only
            if i % hp.save_summary_steps == 0:
                # numpy copies
                out = out.data.cpu().numpy()
                yb = yb.data.cpu().numpy()

                # batch metrics
                row = {name:metric_fns[name](out, yb)
                                 for name in metric_fns}
                row['loss'] = loss.data[0]
                rows.append(row)

            # running loss
            run_avg.update(loss.data[0])

            bar.set_postfix(loss='{:05.3f}'.format(run_avg()))
            bar.update()

    # epoch means
    means = {name:np.mean([r[name] for r in rows]) for name in rows[0]}
    msg = " ; ".join("{}: {:05.3f}".format(k, v) for k, v in means.items())
    logging.info("- train: " + msg)


def train_and_evaluate(net_, train_dl, val_dl, opt, crit, metric_fns, hp, model_dir,
                       restore_file=None):
    """Alternate one training epoch and one validation pass.

    Args:
        net_: the network
        train_dl: training DataLoader
        val_dl: validation DataLoader
        opt: optimizer
        crit: loss function
        metric_fns: name -> metric function
        hp: hyper-parameters
        model_dir: output folder for checkpoints and json files
        restore_file: optional checkpoint to resume from
    """
    # resume if asked
    if restore_file is not None:
        ckpt = os.path.join(args.model_dir, args.restore_file + '.pth.tar')
        logging.info("resuming from {}".format(ckpt))
        utils.load_checkpoint(ckpt, net_, opt)

    best_acc = 0.0

    for epoch in range(hp.num_epochs):
        # 
        logging.info("epoch {}/{}".format(epoch + 1, hp.num_epochs))

        # one pass over the training split
        train(net_, opt, crit, train_dl, metric_fns, hp)

        # one pass over the validation split
        val_scores = evaluate(net_, crit, val_dl, metric_fns, hp)

        val_acc = val_scores['accuracy']
        improved = val_acc>=best_acc

        # checkpoint
        utils.save_checkpoint({'epoch': epoch + 1,
                               'state_dict': net_.state_dict(),
                               'optim_dict' : opt.state_dict()},
                               is_best=improved,
                               checkpoint=model_dir)

        # 
        if improved:
            logging.info("- new best accuracy")
            best_acc = val_acc

            # keep the best scores
            best_json = os.path.join(model_dir, "val_scores_best.json")
            utils.save_dict_to_json(val_scores, best_json)

        # keep the latest scores
        last_json = os.path.join(model_dir, "val_scores_last.json")
        utils.save_dict_to_json(val_scores, last_json)


if __name__ == '__main__':

    # hyper-parameters
    args = cli.parse_args()
    cfg_path = os.path.join(args.model_dir, 'params.json')
    assert os.path.isfile(cfg_path), "params.json missing in {}".format(cfg_path)
    hp = utils.Params(cfg_path)

    # GPU flag
    hp.cuda = torch.cuda.is_available()

    # seeds
    torch.manual_seed(230)
    if hp.cuda: torch.cuda.manual_seed(230)

    # log file
    utils.set_logger(os.path.join(args.model_dir, 'train.log'))

    # data
    logging.info("building loaders...")

    # train + val loaders
    loaders = data_loader.fetch_dataloader(['train', 'val'], args.data_dir, hp)
    train_dl = loaders['train']
    val_dl = loaders['val']
#
    logging.info("- ok.")

    # network + optimizer
    net_ = net.Net(hp).cuda() if hp.cuda else net.Net(hp)
    opt = optim.Adam(net_.parameters(), lr=hp.learning_rate)

    # loss and metrics
    crit = net.loss_fn
    metric_fns = net.metrics

    # go
    logging.info("training for {} epoch(s)".format(hp.num_epochs))
    train_and_evaluate(net_, train_dl, val_dl, opt, crit, metric_fns, hp, args.model_dir,
                       args.restore_file)
