# source: https://github.com/astra-vision/LMSCNet/blob/cb205f28e4ea42aafd3724daeba635e8f88e6115/LMSCNet/train.py (+ LMSCNet/common/metrics.py; the same tracker leaks in a derived repo: https://github.com/jokester-zzz/SSA-SC/issues/2)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import argparse
import sys

import numpy as np
import torch
import torch.nn as nn
from torch.utils.tensorboard import SummaryWriter

repo_path, _ = os.path.split(os.path.realpath(__file__))
repo_path, _ = os.path.split(repo_path)
sys.path.append(repo_path)

from LMSCNet.common.seed import seed_all
from LMSCNet.common.config import CFG
from LMSCNet.common.dataset import get_dataset
from LMSCNet.common.model import get_model
from LMSCNet.common.logger import get_logger
from LMSCNet.common.optimizer import build_optimizer, build_scheduler
from LMSCNet.common.io_tools import dict_to
import LMSCNet.common.checkpoint as checkpoint


class ConfusionIoU:
    def __init__(self, n_classes, ignore=None):
        self.n_classes = n_classes
        self.ignore = np.array(ignore, dtype=np.int64)
        self.include = np.array([n for n in range(self.n_classes) if n not in self.ignore], dtype=np.int64)
        self.reset()

    def reset(self):
        self.conf = np.zeros((self.n_classes, self.n_classes), dtype=np.int64)

    def add(self, pred, gt):
        assert pred.shape == gt.shape
        p = pred.reshape(-1)
        g = gt.reshape(-1)
        idxs = tuple(np.stack((p, g), axis=0))
        np.add.at(self.conf, idxs, 1)

    def stats(self):
        conf = self.conf.copy()
        conf[:, self.ignore] = 0
        tp = np.diag(conf)
        fp = conf.sum(axis=1) - tp
        fn = conf.sum(axis=0) - tp
        return tp, fp, fn

    def iou(self):
        tp, fp, fn = self.stats()
        union = tp + fp + fn + 1e-15
        per_class = tp / union
        return (tp[self.include] / union[self.include]).mean(), per_class

    def confusion(self):
        return self.conf.copy()


class EpochLossSums:
    def __init__(self, num_iterations):
        self.num_iterations = num_iterations
        self.val_sums = {}
        self.train_sums = {}
        self.train_steps = 0
        self.val_steps = 0

    def init_val(self, keys):
        for key in keys:
            self.val_sums[key] = 0

    def init_train(self, keys):
        for key in keys:
            self.train_sums[key] = 0

    def add_train(self, loss):
        for key in loss:
            self.train_sums[key] += loss[key]
        self.train_steps += 1

    def add_val(self, loss):
        for key in loss:
            self.val_sums[key] += loss[key]
        self.val_steps += 1

    def clear_train(self):
        for key in self.train_sums.keys():
            self.train_sums[key] = 0
        self.train_steps = 0

    def clear_val(self):
        for key in self.val_sums.keys():
            self.val_sums[key] = 0
        self.val_steps = 0


class SceneMetrics:
    def __init__(self, nbr_classes, num_iterations_epoch, scales):
        self.nbr_classes = nbr_classes
        self.evaluator = {}
        for scale in scales:
            self.evaluator[scale] = ConfusionIoU(self.nbr_classes, [])
        self.losses = EpochLossSums(num_iterations_epoch)
        self.best = {'mIoU': 0, 'IoU': 0, 'epoch': 0, 'loss': 99999999}

    def add_batch(self, prediction, target):
        for key in prediction:
            prediction[key] = torch.argmax(prediction[key], dim=1).data.cpu().numpy()
        for key in target:
            target[key] = target[key].data.cpu().numpy()
        for key in target:
            prediction['pred_semantic_' + key] = prediction['pred_semantic_' + key].reshape(-1).astype('int64')
            target[key] = target[key].reshape(-1).astype('int64')
            known = target[key] != 255
            self.evaluator[key].add(prediction['pred_semantic_' + key][known], target[key][known])

    def occupancy_iou(self, scale):
        conf = self.evaluator[scale].confusion()
        tp = np.sum(conf[1:, 1:])
        fp = np.sum(conf[1:, 0])
        fn = np.sum(conf[0, 1:])
        return tp / (tp + fp + fn + 1e-15)

    def occupancy_precision(self, scale):
        conf = self.evaluator[scale].confusion()
        tp = np.sum(conf[1:, 1:])
        fp = np.sum(conf[1:, 0])
        return tp / (tp + fp + 1e-15)

    def occupancy_recall(self, scale):
        conf = self.evaluator[scale].confusion()
        tp = np.sum(conf[1:, 1:])
        fn = np.sum(conf[0, 1:])
        return tp / (tp + fn + 1e-15)

    def occupancy_f1(self, scale):
        p = self.occupancy_precision(scale)
        r = self.occupancy_recall(scale)
        return 2 * (p * r) / (p + r + 1e-15)

    def semantic_miou(self, scale):
        _, per_class = self.evaluator[scale].iou()
        return per_class[1:].mean()

    def reset(self):
        for key in self.evaluator:
            self.evaluator[key].reset()

    def record_best(self, mIoU, IoU, loss, epoch):
        self.best['mIoU'] = mIoU
        self.best['IoU'] = IoU
        self.best['loss'] = loss
        self.best['epoch'] = epoch


def parse_args():
    parser = argparse.ArgumentParser(description='semantic scene completion training')
    parser.add_argument('--cfg', dest='config_file', default='', metavar='FILE', help='config yaml', type=str)
    parser.add_argument('--dset_root', dest='dataset_root', default=None, metavar='DATASET', help='dataset root', type=str)
    return parser.parse_args()


def train(model, optimizer, scheduler, dataset, _cfg, start_epoch, logger, tbwriter):
    device = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')
    dtype = torch.float32

    model = model.to(device=device)
    for state in optimizer.state.values():
        for k, v in state.items():
            if isinstance(v, torch.Tensor):
                state[k] = v.to(device)

    dset = dataset['train']
    nbr_epochs = _cfg._dict['TRAIN']['EPOCHS']
    nbr_iterations = len(dset)

    metrics = SceneMetrics(dset.dataset.nbr_classes, nbr_iterations, model.get_scales())
    metrics.reset()
    metrics.losses.init_val(model.get_validation_loss_keys())
    metrics.losses.init_train(model.get_train_loss_keys())

    for epoch in range(start_epoch, nbr_epochs + 1):
        logger.info('=> ======== Epoch [{}/{}] ========'.format(epoch, nbr_epochs))
        logger.info('=> output folder: {}'.format(_cfg._dict['OUTPUT']['OUTPUT_PATH']))
        logger.info('=> lr: {}'.format(scheduler.get_lr()[0]))

        model.train()

        for t, (data, indices) in enumerate(dset):
            data = dict_to(data, device, dtype)
            scores = model(data)
            loss = model.compute_loss(scores, data)

            optimizer.zero_grad()
            loss['total'].backward()
            optimizer.step()

            if _cfg._dict['SCHEDULER']['FREQUENCY'] == 'iteration':
                scheduler.step()

            for l_key in loss:
                tbwriter.add_scalar('train_loss_batch/{}'.format(l_key), loss[l_key].item(), len(dset) * (epoch - 1) + t)
            metrics.losses.add_train(loss)

            if (t + 1) % _cfg._dict['TRAIN']['SUMMARY_PERIOD'] == 0:
                msg = '=> Epoch [{}/{}], Iteration [{}/{}], lr: {}, losses: '.format(
                    epoch, nbr_epochs, t + 1, len(dset), scheduler.get_lr()[0])
                for key in loss.keys():
                    msg += '{} = {:.6f},  '.format(key, loss[key])
                logger.info(msg[:-3])

            metrics.add_batch(prediction=scores, target=model.get_target(data))

        for l_key in metrics.losses.train_sums:
            tbwriter.add_scalar('train_loss_epoch/{}'.format(l_key),
                                metrics.losses.train_sums[l_key].item() / metrics.losses.train_steps,
                                epoch - 1)
        tbwriter.add_scalar('lr/lr', scheduler.get_lr()[0], epoch - 1)

        epoch_loss = metrics.losses.train_sums['total'] / metrics.losses.train_steps

        for scale in metrics.evaluator.keys():
            tbwriter.add_scalar('train_performance/{}/mIoU'.format(scale), metrics.semantic_miou(scale).item(), epoch - 1)
            tbwriter.add_scalar('train_performance/{}/IoU'.format(scale), metrics.occupancy_iou(scale).item(), epoch - 1)

        logger.info('=> [Epoch {} - train loss = {}]'.format(epoch, epoch_loss))
        for scale in metrics.evaluator.keys():
            scale_loss = metrics.losses.train_sums['semantic_{}'.format(scale)].item() / metrics.losses.train_steps
            logger.info('=> [Epoch {} - scale {}: loss = {:.6f} - mIoU = {:.6f} - IoU = {:.6f} '
                        '- P = {:.6f} - R = {:.6f} - F1 = {:.6f}]'
                        .format(epoch, scale, scale_loss,
                                metrics.semantic_miou(scale).item(),
                                metrics.occupancy_iou(scale).item(),
                                metrics.occupancy_precision(scale).item(),
                                metrics.occupancy_recall(scale).item(),
                                metrics.occupancy_f1(scale).item()))

        logger.info('=> Epoch {} - per-class training IoU:'.format(epoch))
        for i in range(1, metrics.nbr_classes):
            name = dset.dataset.dataset_config['labels'][dset.dataset.dataset_config['learning_map_inv'][i]]
            score = metrics.evaluator['1_1'].iou()[1][i]
            logger.info('    => IoU {}: {:.6f}'.format(name, score))

        metrics.reset()

        ckpt_info = validate(model, dataset['val'], _cfg, epoch, logger, tbwriter, metrics)

        metrics.reset()
        metrics.losses.clear_train()
        metrics.losses.clear_val()

        if _cfg._dict['SCHEDULER']['FREQUENCY'] == 'epoch':
            scheduler.step()

        for k in ckpt_info.keys():
            path = os.path.join(_cfg._dict['OUTPUT']['OUTPUT_PATH'], 'chkpt', k)
            _cfg._dict['STATUS'][ckpt_info[k]] = path
            checkpoint.save(path, model, optimizer, scheduler, epoch, _cfg._dict)

        if epoch % _cfg._dict['TRAIN']['CHECKPOINT_PERIOD'] == 0:
            path = os.path.join(_cfg._dict['OUTPUT']['OUTPUT_PATH'], 'chkpt', str(epoch).zfill(2))
            checkpoint.save(path, model, optimizer, scheduler, epoch, _cfg._dict)

        _cfg.update_config(resume=True)

    return metrics.best


def validate(model, dset, _cfg, epoch, logger, tbwriter, metrics):
    device = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')
    dtype = torch.float32
    nbr_epochs = _cfg._dict['TRAIN']['EPOCHS']

    logger.info('=> running the validation set...')
    model.eval()

    with torch.no_grad():
        for t, (data, indices) in enumerate(dset):
            data = dict_to(data, device, dtype)
            scores = model(data)
            loss = model.compute_loss(scores, data)

            for l_key in loss:
                tbwriter.add_scalar('validation_loss_batch/{}'.format(l_key), loss[l_key].item(), len(dset) * (epoch - 1) + t)
            metrics.losses.add_val(loss)

            if (t + 1) % _cfg._dict['VAL']['SUMMARY_PERIOD'] == 0:
                msg = '=> Epoch [{}/{}], Iteration [{}/{}], losses: '.format(epoch, nbr_epochs, t + 1, len(dset))
                for key in loss.keys():
                    msg += '{} = {:.6f},  '.format(key, loss[key])
                logger.info(msg[:-3])

            metrics.add_batch(prediction=scores, target=model.get_target(data))

        for l_key in metrics.losses.val_sums:
            tbwriter.add_scalar('validation_loss_epoch/{}'.format(l_key),
                                metrics.losses.val_sums[l_key].item() / metrics.losses.val_steps,
                                epoch - 1)

        epoch_loss = metrics.losses.val_sums['total'] / metrics.losses.val_steps

        for scale in metrics.evaluator.keys():
            tbwriter.add_scalar('validation_performance/{}/mIoU'.format(scale), metrics.semantic_miou(scale).item(), epoch - 1)
            tbwriter.add_scalar('validation_performance/{}/IoU'.format(scale), metrics.occupancy_iou(scale).item(), epoch - 1)

        logger.info('=> [Epoch {} - validation loss = {}]'.format(epoch, epoch_loss))
        for scale in metrics.evaluator.keys():
            scale_loss = metrics.losses.val_sums['semantic_{}'.format(scale)].item() / metrics.losses.train_steps
            logger.info('=> [Epoch {} - scale {}: loss = {:.6f} - mIoU = {:.6f} - IoU = {:.6f} '
                        '- P = {:.6f} - R = {:.6f} - F1 = {:.6f}]'
                        .format(epoch, scale, scale_loss,
                                metrics.semantic_miou(scale).item(),
                                metrics.occupancy_iou(scale).item(),
                                metrics.occupancy_precision(scale).item(),
                                metrics.occupancy_recall(scale).item(),
                                metrics.occupancy_f1(scale).item()))

        logger.info('=> Epoch {} - per-class validation IoU:'.format(epoch))
        for i in range(1, metrics.nbr_classes):
            name = dset.dataset.dataset_config['labels'][dset.dataset.dataset_config['learning_map_inv'][i]]
            score = metrics.evaluator['1_1'].iou()[1][i]
            logger.info('    => {}: {:.6f}'.format(name, score))

        ckpt_info = {}

        if epoch_loss < _cfg._dict['OUTPUT']['BEST_LOSS']:
            logger.info('=> new best validation loss ({} < {})'.format(epoch_loss, _cfg._dict['OUTPUT']['BEST_LOSS']))
            _cfg._dict['OUTPUT']['BEST_LOSS'] = epoch_loss.item()
            ckpt_info['best-loss'] = 'BEST_LOSS'

        miou = metrics.semantic_miou('1_1')
        iou = metrics.occupancy_iou('1_1')
        if miou > _cfg._dict['OUTPUT']['BEST_METRIC']:
            logger.info('=> new best validation mIoU ({} > {})'.format(miou, _cfg._dict['OUTPUT']['BEST_METRIC']))
            _cfg._dict['OUTPUT']['BEST_METRIC'] = miou.item()
            ckpt_info['best-metric'] = 'BEST_METRIC'
            metrics.record_best(miou, iou, epoch_loss.item(), epoch)

        ckpt_info['last'] = 'LAST'
        return ckpt_info


def main():
    torch.backends.cudnn.enabled = False
    seed_all(0)
    args = parse_args()

    train_f = args.config_file
    dataset_f = args.dataset_root

    _cfg = CFG()
    _cfg.from_config_yaml(train_f)
    if dataset_f is not None:
        _cfg._dict['DATASET']['ROOT_DIR'] = dataset_f

    tbwriter = SummaryWriter(log_dir=os.path.join(_cfg._dict['OUTPUT']['OUTPUT_PATH'], 'metrics'))
    logger = get_logger(_cfg._dict['OUTPUT']['OUTPUT_PATH'], 'logs_train.log')

    logger.info('======== training run: "%s" ========\n' % train_f)
    dataset = get_dataset(_cfg)

    logger.info('=> building network...')
    model = get_model(_cfg, dataset['train'].dataset)
    if torch.cuda.device_count() > 1:
        model = nn.DataParallel(model)
        model = model.module

    logger.info('=> building optimizer...')
    optimizer = build_optimizer(_cfg, model)
    scheduler = build_scheduler(_cfg, optimizer)

    model, optimizer, scheduler, epoch = checkpoint.load(model, optimizer, scheduler, _cfg._dict['STATUS']['RESUME'],
                                                         _cfg._dict['STATUS']['LAST'], logger)

    best = train(model, optimizer, scheduler, dataset, _cfg, epoch, logger, tbwriter)

    logger.info('=> ======== all epochs done ========')
    logger.info('=> [best: epoch {} - mIoU = {} - IoU {}]'.format(best['epoch'], best['mIoU'], best['IoU']))
    logger.info('=> writing final config')
    _cfg.finish_config()
    logger.info('=> done')
    exit()


if __name__ == '__main__':
    main()
