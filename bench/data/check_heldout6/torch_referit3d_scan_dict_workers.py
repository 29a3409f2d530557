# source: https://github.com/referit3d/referit3d/blob/987600a24654594ce6be51a5f17cd3d4add215ad/referit3d/scripts/train_referit3d.py (+ in_out/pt_datasets/listening_dataset.py, in_out/pt_datasets/utils.py, in_out/neural_net_oriented.py, utils unpickle_data; memory issue: https://github.com/referit3d/referit3d/issues/5)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import time
import warnings
import os.path as osp
import multiprocessing as mp
from ast import literal_eval
from functools import partial

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import tqdm
from torch import optim
from torch.utils.data import Dataset, DataLoader
from six.moves import cPickle
from termcolor import colored

from referit3d.in_out.arguments import parse_arguments
from referit3d.in_out.neural_net_oriented import scannet_official_train_val, mean_color, objects_counter_percentile
from referit3d.in_out.vocabulary import build_vocab, Vocabulary
from referit3d.in_out.pt_datasets.utils import (check_segmented_object_order, sample_scan_object, pad_samples,
                                               instance_labels_of_context, mean_rgb_unit_norm_transform)
from referit3d.data_generation.nr3d import decode_stimulus_string
from referit3d.utils import set_gpu_to_zero_position, create_logger, seed_training_code
from referit3d.utils.tf_visualizer import Visualizer
from referit3d.models.referit3d_net import instantiate_referit3d_net
from referit3d.models.referit3d_net_utils import single_epoch_train, evaluate_on_dataset
from referit3d.models.utils import load_state_dicts, save_state_dicts
from referit3d.analysis.deepnet_predictions import analyze_predictions


def read_pickled_items(file_name, python2_to_3=False):
    """yield the objects stored one after another by the matching writer"""
    fh = open(file_name, 'rb')
    if python2_to_3:
        count = cPickle.load(fh, encoding='latin1')
    else:
        count = cPickle.load(fh)
    for _ in range(count):
        if python2_to_3:
            yield cPickle.load(fh, encoding='latin1')
        else:
            yield cPickle.load(fh)
    fh.close()


def load_scans(scannet_pkl, verbose=True, add_pad=True):
    _, scans = read_pickled_items(scannet_pkl)
    if verbose:
        print('{} scans now held in RAM'.format(len(scans)))

    labels_seen = set()
    for scan in scans:
        ids = np.array([o.object_id for o in scan.three_d_objects])
        labels_seen.update([o.instance_label for o in scan.three_d_objects])
        assert np.all(ids == np.arange(len(ids)))
    scans = {scan.scan_id: scan for scan in scans}

    class_to_idx = {}
    for i, name in enumerate(sorted(labels_seen)):
        class_to_idx[name] = i
    if verbose:
        print('{} object classes in these scans'.format(len(class_to_idx)))
    if add_pad:
        class_to_idx['pad'] = len(class_to_idx)

    split = scannet_official_train_val()
    return scans, split, class_to_idx


def load_utterances(args, csv_path, split):
    table = pd.read_csv(csv_path)
    if args.mentions_target_class_only:
        before = len(table)
        table = table[table['mentions_target_class']]
        table.reset_index(drop=True, inplace=True)
        print('kept utterances naming the target class {}->{}'.format(before, len(table)))

    table = table[['tokens', 'instance_type', 'scan_id', 'dataset', 'target_id', 'utterance', 'stimulus_id']]
    table.tokens = table['tokens'].apply(literal_eval)
    in_train = table.scan_id.apply(lambda s: s in split['train'])
    table['is_train'] = in_train

    lens = table.tokens[in_train].apply(lambda x: len(x))
    print('95th percentile of training token length: {:.1f}'.format(np.percentile(lens, 95)))
    before = len(table)
    table = table[table.tokens.apply(lambda x: len(x) <= args.max_seq_len)]
    table.reset_index(drop=True, inplace=True)
    print('dropped utterances over {} tokens, {}->{}'.format(args.max_seq_len, before, len(table)))

    if args.augment_with_sr3d is not None:
        print('adding Sr3D utterances.')
        extra = pd.read_csv(args.augment_with_sr3d)
        extra.tokens = extra['tokens'].apply(literal_eval)
        in_train = extra.scan_id.apply(lambda s: s in split['train'])
        extra['is_train'] = in_train
        extra = extra[in_train]
        extra = extra[table.columns]
        print('size before:', len(table))
        table = pd.concat([table, extra], axis=0)
        table.reset_index(inplace=True, drop=True)
        print('size after:', len(table))

    ctx = table[~table.is_train].stimulus_id.apply(lambda x: decode_stimulus_string(x)[2])
    print('(mean) chance among same-class test objects {:.4f}'.format((1 / ctx).mean()))
    return table


def drop_unused_scans(table, scans):
    used = table.scan_id.unique()
    gone = [k for k in scans if k not in used]
    for k in gone:
        del scans[k]
    print('dropped {} unused scans.'.format(len(gone)))
    return scans


def side_statistics(table, scans, args):
    if args.vocab_file:
        vocab = Vocabulary.load(args.vocab_file)
        print('external vocabulary with {} words.'.format(len(vocab)))
    else:
        vocab = build_vocab([x for x in table[table.is_train]['tokens']], args.min_word_freq)
        print('vocabulary size at min_word_freq={}: {}'.format(args.min_word_freq, len(vocab)))
    if scans is None:
        return vocab
    train_ids = set(table[table['is_train']]['scan_id'])
    print('{} training scans.'.format(len(train_ids)))
    rgb_mean = mean_color(train_ids, scans)
    print('90th pct objects per training scan: {:.2f}'.format(objects_counter_percentile(train_ids, scans, 90)))
    test_ids = set(table[~table['is_train']]['scan_id'])
    print('99th pct objects per test scan: {:.2f}'.format(objects_counter_percentile(test_ids, scans, 99)))
    return rgb_mean, vocab


class ReferenceSet(Dataset):
    def __init__(self, references, scans, vocab, max_seq_len, points_per_object, max_distractors,
                 class_to_idx=None, object_transformation=None, visualization=False):
        self.references = references
        self.scans = scans
        self.vocab = vocab
        self.max_seq_len = max_seq_len
        self.points_per_object = points_per_object
        self.max_distractors = max_distractors
        self.max_context_size = self.max_distractors + 1
        self.class_to_idx = class_to_idx
        self.visualization = visualization
        self.object_transformation = object_transformation
        if not check_segmented_object_order(scans):
            raise ValueError

    def __len__(self):
        return len(self.references)

    def reference(self, index):
        ref = self.references.loc[index]
        scan = self.scans[ref['scan_id']]
        target = scan.three_d_objects[ref['target_id']]
        tokens = np.array(self.vocab.encode(ref['tokens'], self.max_seq_len), dtype=np.long)
        return scan, target, tokens, ref['dataset'] == 'nr3d'

    def distractors(self, scan, target):
        same = [o for o in scan.three_d_objects if (o.instance_label == target.instance_label and (o != target))]
        used = {target.instance_label}
        clutter = [o for o in scan.three_d_objects if o.instance_label not in used]
        np.random.shuffle(clutter)
        same.extend(clutter)
        same = same[:self.max_distractors]
        np.random.shuffle(same)
        return same

    def __getitem__(self, index):
        out = dict()
        scan, target, tokens, is_nr3d = self.reference(index)
        context = self.distractors(scan, target)
        where = np.random.randint(len(context) + 1)
        context.insert(where, target)

        clouds = np.array([sample_scan_object(o, self.points_per_object) for o in context])
        out['class_labels'] = instance_labels_of_context(context, self.max_context_size, self.class_to_idx)
        if self.object_transformation is not None:
            clouds = self.object_transformation(clouds)
        out['context_size'] = len(clouds)
        out['objects'] = pad_samples(clouds, self.max_context_size)

        same_class = np.zeros(self.max_context_size, dtype=np.bool)
        same_class[:len(context)] = [target.instance_label == o.instance_label for o in context]

        out['target_class'] = self.class_to_idx[target.instance_label]
        out['target_pos'] = where
        out['target_class_mask'] = same_class
        out['tokens'] = tokens
        out['is_nr3d'] = is_nr3d
        if self.visualization:
            out['utterance'] = self.references.loc[index]['utterance']
            out['stimulus_id'] = self.references.loc[index]['stimulus_id']
            out['object_ids'] = np.array([o.object_id for o in context] + [0] * (self.max_context_size - len(context)))
            out['target_object_id'] = target.object_id
        return out


def io_workers():
    n = max(mp.cpu_count() - 1, 1)
    print('{} loader processes.'.format(n))
    return n


def to_loader(dataset, split, batch_size, n_workers, pin_memory=False, seed=None):
    b_size = int((1 if split == 'train' else 2) * batch_size)
    drop_last = False
    if split == 'train' and len(dataset) % b_size == 1:
        print('dropping last batch during training')
        drop_last = True
    shuffle = split == 'train'
    worker_init_fn = lambda x: np.random.seed(seed)
    if split == 'test':
        if type(seed) is not int:
            warnings.warn('test split is not seeded deterministically.')
    return DataLoader(dataset, batch_size=b_size, num_workers=n_workers, shuffle=shuffle,
                      drop_last=drop_last, pin_memory=pin_memory, worker_init_fn=worker_init_fn)


def build_loaders(args, table, vocab, class_to_idx, scans, rgb_mean):
    n_workers = args.n_workers
    if n_workers == -1:
        n_workers = io_workers()

    loaders = dict()
    is_train = table['is_train']
    norm = partial(mean_rgb_unit_norm_transform, mean_rgb=rgb_mean, unit_norm=args.unit_sphere_norm)
    for split in ['train', 'test']:
        mask = is_train if split == 'train' else ~is_train
        part = table[mask]
        part.reset_index(drop=True, inplace=True)
        max_distractors = args.max_distractors if split == 'train' else args.max_test_objects - 1

        if split == 'test':
            def several_targets(row):
                _, _, _, _, distractor_ids = decode_stimulus_string(row.stimulus_id)
                return len(distractor_ids) > 0
            keep = part.apply(several_targets, axis=1)
            part = part[keep]
            part.reset_index(drop=True, inplace=True)
            print('test utterances kept: {}'.format(len(part)))

        ds = ReferenceSet(references=part, scans=scans, vocab=vocab, max_seq_len=args.max_seq_len,
                          points_per_object=args.points_per_object, max_distractors=max_distractors,
                          class_to_idx=class_to_idx, object_transformation=norm,
                          visualization=args.mode == 'evaluate')
        seed = args.random_seed if split == 'test' else None
        loaders[split] = to_loader(ds, split, args.batch_size, n_workers, seed=seed)
    return loaders


if __name__ == '__main__':
    args = parse_arguments()

    scans, split, class_to_idx = load_scans(args.scannet_file)
    table = load_utterances(args, args.referit3D_file, split)

    if True:  # left on in the original: train on a random subset of utterances
        print('**DEBUG** using a random subset of the utterances.')
        table = table.sample(1000, replace=False)
        table.reset_index(drop=True, inplace=True)

    scans = drop_unused_scans(table, scans)
    rgb_mean, vocab = side_statistics(table, scans, args)
    loaders = build_loaders(args, table, vocab, class_to_idx, scans, rgb_mean)

    set_gpu_to_zero_position(args.gpu)
    torch.backends.cudnn.benchmark = True
    device = torch.device('cuda')
    seed_training_code(args.random_seed)

    criteria = dict()
    if args.s_vs_n_weight is not None:
        assert args.augment_with_sr3d is not None
        ce = nn.CrossEntropyLoss(reduction='none').to(device)
        w_sr3d = args.s_vs_n_weight

        def weighted_ce(logits, batch):
            per_ex = ce(logits, batch['target_pos'])
            sr3d = ~batch['is_nr3d']
            per_ex[sr3d] *= w_sr3d
            return per_ex.sum() / len(per_ex)

        criteria['logits'] = weighted_ce
    else:
        criteria['logits'] = nn.CrossEntropyLoss().to(device)
    if args.obj_cls_alpha > 0:
        criteria['class_logits'] = nn.CrossEntropyLoss(ignore_index=class_to_idx['pad']).to(device)
    if args.lang_cls_alpha > 0:
        criteria['lang_logits'] = nn.CrossEntropyLoss().to(device)

    n_classes = len(class_to_idx) - 1
    pad_idx = class_to_idx['pad']

    model = instantiate_referit3d_net(args, vocab, n_classes).to(device)
    optimizer = optim.Adam(model.parameters(), lr=args.init_lr)
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, mode='max', factor=0.65, patience=5, verbose=True)

    first_epoch = 1
    best_acc = -1
    best_epoch = -1
    stale = 0

    if args.resume_path:
        warnings.warn('resuming assumes the best-on-validation weights are loaded')
        loaded_epoch = load_state_dicts(args.resume_path, map_location=device, model=model)
        print('weights from epoch {}.'.format(loaded_epoch))
        if not args.fine_tune:
            load_state_dicts(args.resume_path, optimizer=optimizer, lr_scheduler=plateau)
            first_epoch = loaded_epoch + 1
            best_epoch = loaded_epoch
            best_acc = plateau.best

    if args.mode == 'train':
        vis = Visualizer(args.tensorboard_dir)
        logger = create_logger(args.log_dir)
        logger.info('training starts')
        with tqdm.trange(first_epoch, args.max_train_epochs + 1, desc='epochs') as bar:
            timings = dict()
            for epoch in bar:
                tic = time.time()
                train_meters = single_epoch_train(model, loaders['train'], criteria, optimizer, device, pad_idx, args=args)
                timings['train'] = (time.time() - tic) / 60

                tic = time.time()
                test_meters = evaluate_on_dataset(model, loaders['test'], criteria, device, pad_idx, args=args)
                timings['test'] = (time.time() - tic) / 60

                acc = test_meters['test_referential_acc']
                plateau.step(acc)
                if best_acc < acc:
                    logger.info(colored('test accuracy improved @epoch {}'.format(epoch), 'green'))
                    best_acc = acc
                    best_epoch = epoch
                    save_state_dicts(osp.join(args.checkpoint_dir, 'best_model.pth'),
                                     epoch, model=model, optimizer=optimizer, lr_scheduler=plateau)
                    stale = 0
                else:
                    stale += 1
                    logger.info(colored('no improvement @epoch {}'.format(epoch), 'red'))

                train_meters.update(test_meters)
                vis.log_scalars({k: v for k, v in train_meters.items() if '_acc' in k}, step=epoch, main_tag='acc')
                vis.log_scalars({k: v for k, v in train_meters.items() if '_loss' in k}, step=epoch, main_tag='loss')
                bar.refresh()
                if stale == args.patience:
                    logger.warning(colored('stopping @epoch-{}: patience of {} exhausted'.format(epoch, args.patience), 'red'))
                    break

        with open(osp.join(args.checkpoint_dir, 'final_result.txt'), 'w') as fh:
            fh.write('Best accuracy: {:.4f} (@epoch {})'.format(best_acc, best_epoch))
        logger.info('training finished')

    elif args.mode == 'evaluate':
        meters = evaluate_on_dataset(model, loaders['test'], criteria, device, pad_idx, args=args)
        print('Reference-Accuracy: {:.4f}'.format(meters['test_referential_acc']))
        res = analyze_predictions(model, loaders['test'].dataset, class_to_idx, pad_idx, device,
                                  args, out_file=osp.join(args.checkpoint_dir, 'test_result.txt'))
        print(res)
