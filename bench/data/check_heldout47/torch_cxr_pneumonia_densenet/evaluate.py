"""Score a trained network on one split"""

import argparse
import logging
import os

import numpy as np
import torch
from torch.autograd import Variable
import utils
import model.net as net
import model.data_loader as data_loader
import pdb

cli = argparse.ArgumentParser()
cli.add_argument('--data_dir', default='data/224x224_CXR', help="folder with the split sub-folders")
cli.add_argument('--model_dir', default='experiments/base_model', help="folder with params.json")
cli.add_argument('--restore_file', default='best', help="checkpoint name inside --model_dir \
                     to load")


def evaluate(net_, crit, loader, metric_fns, hp):
    """Run the network over every batch of `loader` and average the metrics.

    Args:
        net_: the network
        crit: loss function (outputs, targets) -> loss
        loader: DataLoader of the split
        metric_fns: name -> function(outputs, targets)
        hp: hyper-parameter object
        (no step limit)
    """

    # eval mode (dropout/bn)
    net_.eval()

    # per-batch summaries
    rows = []

    # one pass over the split
    for xb, yb in loader:

        # to the GPU when there is one
        if hp.cuda:
            xb, yb = xb.cuda(non_blocking=True), yb.cuda(non_blocking=True)
        # wrap (legacy API)
        xb, yb = Variable(xb), Variable(yb)

        y2 = torch.zeros(yb.size()[0],2)
        y2[:,1] = yb
        y2[:,0] = torch.abs(1-yb)

        x_in = torch.autograd.Variable(xb)
        y_in = torch.autograd.Variable(y2)
        # forward
        out = net_(x_in)
        # 
        loss = crit(out, y_in)

        # numpy copies for the metric functions
        out = out.data.cpu().numpy()
        yb = yb.data.cpu().numpy()

        # metrics of this batch
        row = {name: metric_fns[name](out, yb)
                         for name in metric_fns}
        row['loss'] = loss.data.item()
        rows.append(row)

    # average over batches
    means = {name:np.mean([r[name] for r in rows]) for name in rows[0]}
    msg = " ; ".join("{}: {:05.3f}".format(k, v) for k, v in means.items())
    logging.info("- eval: " + msg)
    return means


if __name__ == '__main__':
    """
        Score the test split.
    """
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
    utils.set_logger(os.path.join(args.model_dir, 'evaluate.log'))

    # data
    logging.info("building loaders...")

    # test loader only
    loaders = data_loader.fetch_dataloader(['test'], args.data_dir, hp)
    test_dl = loaders['test']

    logging.info("- ok.")

    # network
    net_ = net.Net(hp).cuda() if hp.cuda else net.Net(hp)

    crit = net.loss_fn
    metric_fns = net.metrics

    logging.info("evaluating")

    # weights
    utils.load_checkpoint(os.path.join(args.model_dir, args.restore_file + '.pth.tar'), net_)

    # run
    test_scores = evaluate(net_, crit, test_dl, metric_fns, hp)
    out_path = os.path.join(args.model_dir, "test_scores_{}.json".format(args.restore_file))
    utils.save_dict_to_json(test_scores, out_path)
