import torch
import torch.utils.data as data
import torchnet as tnt
import numpy as np
from sklearn.model_selection import KFold
from sklearn.metrics import confusion_matrix
import os
import json
import pickle as pkl
import argparse
import pprint

from models.stclassifier import PseTae
from dataset import ParcelPixelDataset, ParcelPixelDatasetInRAM
from learning.focal_loss import FocalLoss
from learning.weight_init import weight_init
from learning.metrics import mIou, confusion_matrix_analysis

import torch
from torch import Tensor
from torch.utils import data

import pandas as pd
import numpy as np
import datetime as dt

import os
import json



class ParcelPixelDataset(data.Dataset):
    def __init__(self, root_dir, label_set, n_pixels, kept_classes=None, norm_stats=None,
                 extra_name=None, noise=(0.01, 0.05), with_id=False):
        """

        Arguments:
            root_dir (str): data set root holding the DATA and META folders
            label_set (str): which nomenclature of META/labels.json to read
            n_pixels (int): pixels drawn per parcel
            kept_classes (list): when given, parcels of other classes are dropped
            (handy for leaving out rare classes)
            norm_stats (tuple): (mean, std) used to standardise
            extra_name (str): name of a static per-parcel feature file
            noise (tuple): (std, cap) of additive gaussian noise, or None
            with_id (bool): also give back the parcel id (for prediction)
        """
        super(ParcelPixelDataset, self).__init__()

        self.root_dir = root_dir
        self.data_dir = os.path.join(root_dir, 'DATA')
        self.meta_dir = os.path.join(root_dir, 'META')
        self.label_set = label_set
        self.n_pixels = n_pixels
        self.norm_stats = norm_stats

        self.extra_name = extra_name
        self.noise = noise  # (std, cap) of the added noise
        self.with_id = with_id

        npy_files = [fname for fname in os.listdir(self.data_dir) if fname.endswith('.npy')]
        self.parcel_ids = [int(fname.split('.')[0]) for fname in npy_files]
        self.parcel_ids = list(np.sort(self.parcel_ids))

        self.parcel_ids = list(map(str, self.parcel_ids))
        self.n_items = len(self.parcel_ids)

        # class of every parcel
        if kept_classes is not None:
            kept_rows = []
            n_kept = len(kept_classes)
            class_remap = dict((part, i) for i, part in enumerate(kept_classes))

        with open(os.path.join(root_dir, 'META', 'labels.json'), 'r') as fh:
            entry = json.loads(fh.read())
            self.targets = []
            for i, pid_str in enumerate(self.parcel_ids):
                cls = entry[label_set][pid_str]
                self.targets.append(cls)
                if kept_classes is not None:
                    if cls in kept_classes:
                        kept_rows.append(i)
                        self.targets[-1] = class_remap[self.targets[-1]]
        if kept_classes is not None:
            self.parcel_ids = list(np.array(self.parcel_ids)[kept_rows])
            self.targets = list(np.array(self.targets)[kept_rows])
            self.n_items = len(kept_rows)

        with open(os.path.join(root_dir, 'META', 'dates.json'), 'r') as fh:
            entry = json.loads(fh.read())
        self.acq_dates = [entry[str(i)] for i in range(len(entry))]
        self.day_offsets = day_offsets(self.acq_dates)

        if self.extra_name is not None:
            with open(os.path.join(self.meta_dir, '{}.json'.format(extra_name)), 'r') as fh:
                self.extra_table = json.loads(fh.read())

            if isinstance(self.extra_table[list(self.extra_table.keys())[0]], int):
                for key in self.extra_table.keys():
                    self.extra_table[key] = [self.extra_table[key]]
            extra_df = pd.DataFrame(self.extra_table).transpose()
            self.extra_mu, self.extra_sd = np.array(extra_df.mean(axis=0)), np.array(extra_df.std(axis=0))

    def __len__(self):
        return self.n_items

    def __getitem__(self, item_idx):
        """
        Give one parcel: pixels sampled over time, their validity mask, maybe static features.
        n_pixels pixels are drawn at random among those of the parcel;
        when there are too few, one pixel is copied and the mask marks the copies

        Output:
              (pixels, mask) or ((pixels, mask), extra) where
                pixels: T x C x n_pixels
                mask: T x n_pixels
                extra: T x number of static features

        """
        raw_px = np.load(os.path.join(self.root_dir, 'DATA', '{}.npy'.format(self.parcel_ids[item_idx])))
        y = self.targets[item_idx]

        if raw_px.shape[-1] > self.n_pixels:
            pick_idx = np.random.choice(list(range(raw_px.shape[-1])), size=self.n_pixels, replace=False)
            x = raw_px[:, :, pick_idx]
            px_mask = np.ones(self.n_pixels)

        elif raw_px.shape[-1] < self.n_pixels:

            if raw_px.shape[-1] == 0:
                x = np.zeros((*raw_px.shape[:2], self.n_pixels))
                px_mask = np.zeros(self.n_pixels)
                px_mask[0] = 1
            else:
                x = np.zeros((*raw_px.shape[:2], self.n_pixels))
                x[:, :, :raw_px.shape[-1]] = raw_px
                x[:, :, raw_px.shape[-1]:] = np.stack([x[:, :, 0] for _ in range(raw_px.shape[-1], x.shape[-1])], axis=-1)
                px_mask = np.array(
                    [1 for _ in range(raw_px.shape[-1])] + [0 for _ in range(raw_px.shape[-1], self.n_pixels)])
        else:
            x = raw_px
            px_mask = np.ones(self.n_pixels)

        if self.norm_stats is not None:
            mu, sd = self.norm_stats
            mu = np.array(mu)
            sd = np.array(sd)

            if len(mu.shape) == 0:
                x = (x - mu) / sd
            elif len(mu.shape) == 1:  # one statistic per channel
                x = (x.swapaxes(1, 2) - mu) / sd
                x = x.swapaxes(1, 2)  # per channel and per date
            elif len(mu.shape) == 2:
                x = np.rollaxis(x, 2)  # T x C x S to S x T x C
                x = (x - mu) / sd
                x = np.swapaxes((np.rollaxis(x, 1)), 1, 2)
        x = x.astype('float')

        if self.noise is not None:
            noise_sd, noise_clip = self.noise
            x = x + np.clip(noise_sd * np.random.randn(*x.shape), -1 * noise_clip, noise_clip)

        px_mask = np.stack([px_mask for _ in range(x.shape[0])], axis=0)  # repeat the mask over time
        sample = (Tensor(x), Tensor(px_mask))

        if self.extra_name is not None:
            extra_feats = (self.extra_table[str(self.parcel_ids[item_idx])] - self.extra_mu) / self.extra_sd
            extra_feats = torch.from_numpy(extra_feats).float()

            extra_feats = torch.stack([extra_feats for _ in range(sample[0].shape[0])], dim=0)
            sample = (sample, extra_feats)

        if self.with_id:
            return sample, torch.from_numpy(np.array(y, dtype=int)), self.parcel_ids[item_idx]
        else:
            return sample, torch.from_numpy(np.array(y, dtype=int))


class ParcelPixelDatasetInRAM(ParcelPixelDataset):
    """ Variant that runs every __getitem__ at start-up and keeps the results in RAM.
    """
    def __init__(self, root_dir, label_set, n_pixels, kept_classes=None, norm_stats=None,
                 extra_name=None, noise=(0.01, 0.05), with_id=False):
        super(ParcelPixelDatasetInRAM, self).__init__(root_dir, label_set, n_pixels, kept_classes, norm_stats, extra_name, noise,
                                                     with_id)
        self.cached_items = []
        print('caching every sample in RAM')
        for item_idx in range(len(self)):
            self.cached_items.append(super(ParcelPixelDatasetInRAM, self).__getitem__(item_idx))
        print('cache ready')

    def __getitem__(self, item_idx):
        return self.cached_items[item_idx]


def split_yyyymmdd(day):
    entry = str(day)
    return int(entry[:4]), int(entry[4:6]), int(entry[6:])


def days_between(day_a, day_b):
    return abs((dt.datetime(*split_yyyymmdd(day_a)) - dt.datetime(*split_yyyymmdd(day_b))).days)


def day_offsets(acq_dates):
    offsets = []
    for entry in acq_dates:
        offsets.append(days_between(entry, acq_dates[0]))
    return offsets



def train_one_epoch(clf_model, model_optimizer, loss_fn, batch_loader, dev, cfg):
    acc_track = tnt.meter.ClassErrorMeter(accuracy=True)
    loss_track = tnt.meter.AverageValueMeter()
    y_ref = []
    y_hat = []

    for i, (x, y) in enumerate(batch_loader):

        y_ref.extend(list(map(int, y)))

        x = move_nested(x, dev)
        y = y.to(dev)

        model_optimizer.zero_grad()
        logits = clf_model(x)
        batch_loss = loss_fn(logits, y.long())
        batch_loss.backward()
        model_optimizer.step()

        logits_d = logits.detach()
        y_cls = logits_d.argmax(dim=1).cpu().numpy()
        y_hat.extend(list(y_cls))
        acc_track.add(logits_d, y)
        loss_track.add(batch_loss.item())

        if (i + 1) % cfg['display_step'] == 0:
            print('batch {}/{}: loss {:.4f}, accuracy {:.2f}'.format(i + 1, len(batch_loader), loss_track.value()[0],
                                                                    acc_track.value()[0]))

    epoch_stats = {'train_loss': loss_track.value()[0],
                     'train_accuracy': acc_track.value()[0],
                     'train_IoU': mIou(y_ref, y_hat, n_classes=cfg['num_classes'])}

    return epoch_stats


def evaluate_split(clf_model, loss_fn, split_loader, dev, cfg, split_name='val'):
    y_ref = []
    y_hat = []

    acc_track = tnt.meter.ClassErrorMeter(accuracy=True)
    loss_track = tnt.meter.AverageValueMeter()

    for (x, y) in split_loader:
        y_ref.extend(list(map(int, y)))
        x = move_nested(x, dev)
        y = y.to(dev)

        with torch.no_grad():
            logits = clf_model(x)
            batch_loss = loss_fn(logits, y)

        acc_track.add(logits, y)
        loss_track.add(batch_loss.item())

        y_cls = logits.argmax(dim=1).cpu().numpy()
        y_hat.extend(list(y_cls))

    stats = {'{}_accuracy'.format(split_name): acc_track.value()[0],
               '{}_loss'.format(split_name): loss_track.value()[0],
               '{}_IoU'.format(split_name): mIou(y_ref, y_hat, cfg['num_classes'])}

    if split_name == 'val':
        return stats
    elif split_name == 'test':
        return stats, confusion_matrix(y_ref, y_hat, labels=list(range(cfg['num_classes'])))


def kfold_loaders(parcel_ds, n_folds, cfg):
    order = list(range(len(parcel_ds)))
    np.random.shuffle(order)

    splitter = KFold(n_splits=n_folds, shuffle=False)
    fold_splits = list(splitter.split(list(range(len(parcel_ds)))))
    n_test = len(fold_splits[0][1])

    fold_loaders = []
    for trainval_idx, test_idx in fold_splits:
        trainval_idx = [order[i] for i in trainval_idx]
        test_idx = [order[i] for i in test_idx]

        val_idx = trainval_idx[-n_test:]
        train_idx = trainval_idx[:-n_test]

        train_pick = data.sampler.SubsetRandomSampler(train_idx)
        val_pick = data.sampler.SubsetRandomSampler(val_idx)
        test_pick = data.sampler.SubsetRandomSampler(test_idx)

        loader_train = data.DataLoader(parcel_ds, batch_size=cfg['batch_size'],
                                       sampler=train_pick,
                                       num_workers=cfg['num_workers'])
        loader_val = data.DataLoader(parcel_ds, batch_size=cfg['batch_size'],
                                            sampler=val_pick,
                                            num_workers=cfg['num_workers'])
        loader_test = data.DataLoader(parcel_ds, batch_size=cfg['batch_size'],
                                      sampler=test_pick,
                                      num_workers=cfg['num_workers'])

        fold_loaders.append((loader_train, loader_val, loader_test))
    return fold_loaders


def move_nested(x, dev):
    if isinstance(x, torch.Tensor):
        return x.to(dev)
    else:
        return [move_nested(part, dev) for part in x]


def make_result_dirs(cfg):
    os.makedirs(cfg['res_dir'], exist_ok=True)
    for fold_no in range(1, cfg['kfold'] + 1):
        os.makedirs(os.path.join(cfg['res_dir'], 'Fold_{}'.format(fold_no)), exist_ok=True)


def write_trainlog(fold_no, history, cfg):
    with open(os.path.join(cfg['res_dir'], 'Fold_{}'.format(fold_no), 'trainlog.json'), 'w') as fh:
        json.dump(history, fh, indent=4)


def write_fold_results(fold_no, stats, confusion, cfg):
    with open(os.path.join(cfg['res_dir'], 'Fold_{}'.format(fold_no), 'test_metrics.json'), 'w') as fh:
        json.dump(stats, fh, indent=4)
    pkl.dump(confusion, open(os.path.join(cfg['res_dir'], 'Fold_{}'.format(fold_no), 'conf_mat.pkl'), 'wb'))


def summarize_folds(cfg):
    cm_total = np.zeros((cfg['num_classes'], cfg['num_classes']))
    for fold_no in range(1, cfg['kfold'] + 1):
        cm_total += pkl.load(open(os.path.join(cfg['res_dir'], 'Fold_{}'.format(fold_no), 'conf_mat.pkl'), 'rb'))

    _, summary = confusion_matrix_analysis(cm_total)

    print('all folds together:')
    print('accuracy {}, mean IoU {}'.format(summary['Accuracy'], summary['MACRO_IoU']))

    with open(os.path.join(cfg['res_dir'], 'overall.json'), 'w') as fh:
        fh.write(json.dumps(summary, indent=4))


def run(cfg):
    np.random.seed(cfg['rdm_seed'])
    torch.manual_seed(cfg['rdm_seed'])
    make_result_dirs(cfg)

    norm_values = pkl.load(open(cfg['dataset_folder'] + '/S2-2017-T31TFM-meanstd.pkl', 'rb'))
    extra_file = 'geomfeat' if cfg['geomfeat'] else None

    if cfg['preload']:
        parcel_ds = ParcelPixelDatasetInRAM(cfg['dataset_folder'], label_set='label_44class', n_pixels=cfg['npixel'],
                          kept_classes=[1, 3, 4, 5, 6, 8, 9, 12, 13, 14, 16, 18, 19, 23, 28, 31, 33, 34, 36, 39],
                          norm_stats=norm_values,
                          extra_name=extra_file)
    else:
        parcel_ds = ParcelPixelDataset(cfg['dataset_folder'], label_set='label_44class', n_pixels=cfg['npixel'],
                          kept_classes=[1, 3, 4, 5, 6, 8, 9, 12, 13, 14, 16, 18, 19, 23, 28, 31, 33, 34, 36, 39],
                          norm_stats=norm_values,
                          extra_name=extra_file)
    dev = torch.device(cfg['device'])

    folds = kfold_loaders(parcel_ds, cfg['kfold'], cfg)
    for fold_no, (loader_train, loader_val, loader_test) in enumerate(folds):
        print('fold {}'.format(fold_no + 1))
        print('batches: train {}, val {}, test {}'.format(len(loader_train), len(loader_val), len(loader_test)))

        net_kwargs = dict(input_dim=cfg['input_dim'], mlp1=cfg['mlp1'], pooling=cfg['pooling'],
                            mlp2=cfg['mlp2'], n_head=cfg['n_head'], d_k=cfg['d_k'], mlp3=cfg['mlp3'],
                            dropout=cfg['dropout'], T=cfg['T'], len_max_seq=cfg['lms'],
                            positions=parcel_ds.day_offsets if cfg['positions'] == 'bespoke' else None,
                            mlp4=cfg['mlp4'])

        if cfg['geomfeat']:
            net_kwargs.update(with_extra=True, extra_size=4)
        else:
            net_kwargs.update(with_extra=False, extra_size=None)

        clf_model = PseTae(**net_kwargs)

        print(clf_model.param_ratio())

        clf_model = clf_model.to(dev)
        clf_model.apply(weight_init)
        model_optimizer = torch.optim.Adam(clf_model.parameters())
        loss_fn = FocalLoss(cfg['gamma'])

        history = {}



        best_iou = 0
        for epoch_i in range(1, cfg['epochs'] + 1):
            print('pass {} of {}'.format(epoch_i, cfg['epochs']))

            clf_model.train()
            train_stats = train_one_epoch(clf_model, model_optimizer, loss_fn, loader_train, dev=dev, cfg=cfg)

            print('validating')
            clf_model.eval()
            val_stats = evaluate_split(clf_model, loss_fn, loader_val, dev=dev, cfg=cfg, split_name='val')

            print('loss {:.4f}, accuracy {:.2f}, IoU {:.4f}'.format(val_stats['val_loss'], val_stats['val_accuracy'],
                                                                 val_stats['val_IoU']))

            history[epoch_i] = {**train_stats, **val_stats}
            write_trainlog(fold_no + 1, history, cfg)

            if val_stats['val_IoU'] >= best_iou:
                best_iou = val_stats['val_IoU']
                torch.save({'epoch': epoch_i, 'state_dict': clf_model.state_dict(),
                            'optimizer': model_optimizer.state_dict()},
                           os.path.join(cfg['res_dir'], 'Fold_{}'.format(fold_no + 1), 'model.pth.tar'))

        print('testing the best checkpoint')
        clf_model.load_state_dict(
            torch.load(os.path.join(cfg['res_dir'], 'Fold_{}'.format(fold_no + 1), 'model.pth.tar'))['state_dict'])
        clf_model.eval()

        test_stats, confusion = evaluate_split(clf_model, loss_fn, loader_test, dev=dev, split_name='test', cfg=cfg)

        print('loss {:.4f}, accuracy {:.2f}, IoU {:.4f}'.format(test_stats['test_loss'], test_stats['test_accuracy'],
                                                             test_stats['test_IoU']))
        write_fold_results(fold_no + 1, test_stats, confusion, cfg)

    summarize_folds(cfg)


if __name__ == '__main__':

    cli = argparse.ArgumentParser()

    # general options
    cli.add_argument('--dataset_folder', default='', type=str,
                        help='Folder holding the data set.')
    cli.add_argument('--res_dir', default='./results', help='Where to write results')
    cli.add_argument('--num_workers', default=8, type=int, help='Loader worker processes')
    cli.add_argument('--rdm_seed', default=1, type=int, help='Seed')
    cli.add_argument('--device', default='cuda', type=str,
                        help='Torch device (cuda/cpu)')
    cli.add_argument('--display_step', default=50, type=int,
                        help='Batches between two progress lines')
    cli.add_argument('--preload', dest='preload', action='store_true',
                        help='Read every sample into RAM before training')
    cli.set_defaults(preload=False)

    # optimisation
    cli.add_argument('--kfold', default=5, type=int, help='Cross-validation folds')
    cli.add_argument('--epochs', default=100, type=int, help='Passes per fold')
    cli.add_argument('--batch_size', default=128, type=int, help='Samples per batch')
    cli.add_argument('--lr', default=0.001, type=float, help='Step size')
    cli.add_argument('--gamma', default=1, type=float, help='Focal loss gamma')
    cli.add_argument('--npixel', default=64, type=int, help='Pixels drawn per parcel')

    # network sizes
    # pixel-set encoder
    cli.add_argument('--input_dim', default=10, type=int, help='Input channels')
    cli.add_argument('--mlp1', default='[10,32,64]', type=str, help='Widths of the first MLP')
    cli.add_argument('--pooling', default='mean_std', type=str, help='How pixel embeddings are pooled')
    cli.add_argument('--mlp2', default='[132,128]', type=str, help='Widths of the second MLP')
    cli.add_argument('--geomfeat', default=1, type=int,
                        help='Use the precomputed geometric features when 1.')

    # temporal attention encoder
    cli.add_argument('--n_head', default=4, type=int, help='Attention heads')
    cli.add_argument('--d_k', default=32, type=int, help='Key/query size')
    cli.add_argument('--mlp3', default='[512,128,128]', type=str, help='Widths of the third MLP')
    cli.add_argument('--T', default=1000, type=int, help='Period of the positional encoding')
    cli.add_argument('--positions', default='bespoke', type=str,
                        help='Which positions feed the encoding (bespoke / order)')
    cli.add_argument('--lms', default=None, type=int,
                        help='Longest sequence (needed only with order)')
    cli.add_argument('--dropout', default=0.2, type=float, help='Dropout rate')

    # output head
    cli.add_argument('--num_classes', default=20, type=int, help='Output classes')
    cli.add_argument('--mlp4', default='[128, 64, 32, 20]', type=str, help='Widths of the classifier MLP')

    cfg = cli.parse_args()
    cfg = vars(cfg)
    for key, opt_val in cfg.items():
        if 'mlp' in key:
            opt_val = opt_val.replace('[', '')
            opt_val = opt_val.replace(']', '')
            cfg[key] = list(map(int, opt_val.split(',')))

    pprint.pprint(cfg)
    run(cfg)