"""
Derived from the bottom-up-attention-vqa code base by Hengyuan Hu:
https://github.com/hengyuan-hu/bottom-up-attention-vqa
"""
import os
import json
import argparse
import _pickle as cPickle
import h5py
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader, ConcatDataset

from dataset import Dictionary, VisualGenomeFeatureDataset, tfidf_from_questions
import base_model
import utils
from utils import trim_collate


# == taken from dataset.py ==
def _make_record(img_pos, q_item, ans_item):
    if None!=ans_item:
        ans_item.pop('image_id')
        ans_item.pop('question_id')
    rec = {
        'question_id' : q_item['question_id'],
        'image_id'    : q_item['image_id'],
        'image'       : img_pos,
        'question'    : q_item['question'],
        'answer'      : ans_item}
    return rec


def _read_qa_dataset(data_root, split_name, img_id_to_pos, label_to_answer):
    questions_path = os.path.join(
        data_root, 'v2_OpenEnded_mscoco_%s_questions.json' % \
        (split_name + '2014' if 'test'!=split_name[:4] else split_name))
    q_list = sorted(json.load(open(questions_path))['questions'],
                       key=lambda x: x['question_id'])
    answers_path = os.path.join(data_root, 'cache', '%s_target.pkl' % split_name)
    ans_list = cPickle.load(open(answers_path, 'rb'))
    ans_list = sorted(ans_list, key=lambda x: x['question_id'])

    utils.assert_eq(len(q_list), len(ans_list))
    rec_list = []
    for q_item, ans_item in zip(q_list, ans_list):
        utils.assert_eq(q_item['question_id'], ans_item['question_id'])
        utils.assert_eq(q_item['image_id'], ans_item['image_id'])
        img_id_key = q_item['image_id']
        rec_list.append(_make_record(img_id_to_pos[img_id_key], q_item, ans_item))
    return rec_list


class VqaBoxFeatureDataset(Dataset):
    def __init__(self, split_name, vocab_dict, data_root='data', adaptive_boxes=False):
        super(VqaBoxFeatureDataset, self).__init__()
        assert split_name in ['train', 'val', 'test-dev2015', 'test2015']

        a2l_path = os.path.join(data_root, 'cache', 'trainval_ans2label.pkl')
        l2a_path = os.path.join(data_root, 'cache', 'trainval_label2ans.pkl')
        self.answer2cls = cPickle.load(open(a2l_path, 'rb'))
        self.label2ans = cPickle.load(open(l2a_path, 'rb'))
        self.num_ans_candidates = len(self.answer2cls)

        self.dictionary = vocab_dict
        self.adaptive_boxes = adaptive_boxes

        self.image_id2row = cPickle.load(
            open(os.path.join(data_root, '%s%s_imgid2idx.pkl' % (split_name, '' if self.adaptive_boxes else '36')), 'rb'))

        feat_h5_path = os.path.join(data_root, '%s%s.hdf5' % (split_name, '' if self.adaptive_boxes else '36'))

        print('reading the box features of the split from HDF5')
        with h5py.File(feat_h5_path, 'r') as h5f:
            self.img_features = np.array(h5f.get('image_features'))
            self.spatial_arr = np.array(h5f.get('spatial_features'))
            if self.adaptive_boxes:
                self.box_ranges = np.array(h5f.get('pos_boxes'))

        self.records = _read_qa_dataset(data_root, split_name, self.image_id2row, self.label2ans)
        self.encode_questions()
        self.to_tensors()
        self.v_dim = self.img_features.size(1 if self.adaptive_boxes else 2)
        self.s_dim = self.spatial_arr.size(1 if self.adaptive_boxes else 2)

    def encode_questions(self, q_max_len=14):
        for rec in self.records:
            tok_ids = self.dictionary.tokenize(rec['question'], False)
            tok_ids = tok_ids[:q_max_len]
            if len(tok_ids) < q_max_len:
                # pad ids are appended after the question tokens
                pad_ids = [self.dictionary.padding_idx] * (q_max_len - len(tok_ids))
                tok_ids = tok_ids + pad_ids
            utils.assert_eq(len(tok_ids), q_max_len)
            rec['q_token'] = tok_ids

    def to_tensors(self):
        self.img_features = torch.from_numpy(self.img_features)
        self.spatial_arr = torch.from_numpy(self.spatial_arr)

        for rec in self.records:
            q_item = torch.from_numpy(np.array(rec['q_token']))
            rec['q_token'] = q_item

            ans_item = rec['answer']
            if None!=ans_item:
                label_ids = np.array(ans_item['labels'])
                soft_scores = np.array(ans_item['scores'], dtype=np.float32)
                if len(label_ids):
                    label_ids = torch.from_numpy(label_ids)
                    soft_scores = torch.from_numpy(soft_scores)
                    rec['answer']['labels'] = label_ids
                    rec['answer']['scores'] = soft_scores
                else:
                    rec['answer']['labels'] = None
                    rec['answer']['scores'] = None

    def __getitem__(self, item_i):
        rec = self.records[item_i]
        if not self.adaptive_boxes:
            features_v = self.img_features[rec['image']]
            spatial_v = self.spatial_arr[rec['image']]
        else:
            features_v = self.img_features[self.box_ranges[rec['image']][0]:self.box_ranges[rec['image']][1],:]
            spatial_v = self.spatial_arr[self.box_ranges[rec['image']][0]:self.box_ranges[rec['image']][1],:]

        q_item = rec['q_token']
        qid = rec['question_id']
        ans_item = rec['answer']
        if None!=ans_item:
            label_ids = ans_item['labels']
            soft_scores = ans_item['scores']
            target_vec = torch.zeros(self.num_ans_candidates)
            if label_ids is not None:
                target_vec.scatter_(0, label_ids, soft_scores)
            return features_v, spatial_v, q_item, target_vec
        else:
            return features_v, spatial_v, q_item, qid

    def __len__(self):
        return len(self.records)


# == taken from main.py ==
def read_cli_options():
    cli = argparse.ArgumentParser()
    cli.add_argument('--task', type=str, default='vqa', help='which task: vqa or flickr')
    cli.add_argument('--epochs', type=int, default=13)
    cli.add_argument('--num_hid', type=int, default=1280)
    cli.add_argument('--model', type=str, default='ban')
    cli.add_argument('--op', type=str, default='c')
    cli.add_argument('--gamma', type=int, default=8, help='number of glimpses')
    cli.add_argument('--use_both', action='store_true', help='fit on train and val together')
    cli.add_argument('--use_vg', action='store_true', help='add Visual Genome questions')
    cli.add_argument('--tfidf', action='store_false', help='turn off the tf-idf weighted embedding')
    cli.add_argument('--input', type=str, default=None)
    cli.add_argument('--output', type=str, default='saved_models/ban')
    cli.add_argument('--batch_size', type=int, default=256)
    cli.add_argument('--seed', type=int, default=1204, help='seed for torch')
    opts = cli.parse_args()
    return opts


if __name__ == '__main__':
    opts = read_cli_options()

    torch.manual_seed(opts.seed)
    torch.cuda.manual_seed_all(opts.seed)
    torch.backends.cudnn.benchmark = True

    from train import train
    vocab_path = 'data/dictionary.pkl'
    vocab_dict = Dictionary.load_from_file(vocab_path)
    train_dataset = VqaBoxFeatureDataset('train', vocab_dict, adaptive_boxes=True)
    val_dataset = VqaBoxFeatureDataset('val', vocab_dict, adaptive_boxes=True)
    glove_path = 'data/glove6b_init_300d.npy'

    utils.create_dir(opts.output)
    run_log = utils.Logger(os.path.join(opts.output, 'args.txt'))
    run_log.write(opts.__repr__())

    batch_n = opts.batch_size

    builder_name = 'build_%s' % opts.model
    vqa_model = getattr(base_model, builder_name)(train_dataset, opts.num_hid, opts.op, opts.gamma, opts.task).cuda()

    tfidf_mat = None
    tfidf_weights = None

    if opts.tfidf:
        vocab_dict2 = Dictionary.load_from_file(vocab_path)
        tfidf_mat, tfidf_weights = tfidf_from_questions(['train', 'val', 'test2015'], vocab_dict2)

    vqa_model.w_emb.init_embedding(glove_path, tfidf_mat, tfidf_weights)

    vqa_model = nn.DataParallel(vqa_model).cuda()

    adamax_optimizer = None
    start_epoch = 0

    # resume from a saved checkpoint if one is given
    if opts.input is not None:
        print('resuming from %s' % opts.input)
        ckpt_data = torch.load(opts.input)
        vqa_model.load_state_dict(ckpt_data.get('model_state', ckpt_data))
        adamax_optimizer = torch.optim.Adamax(filter(lambda prm: prm.requires_grad, vqa_model.parameters()))
        adamax_optimizer.load_state_dict(ckpt_data.get('optimizer_state', ckpt_data))
        start_epoch = ckpt_data['epoch'] + 1

    if opts.use_both: # fit on both splits
        if opts.use_vg: # plus the Visual Genome subset
            vg_datasets = [
                VisualGenomeFeatureDataset('train', \
                    train_dataset.img_features, train_dataset.spatial_arr, vocab_dict, adaptive=True, pos_boxes=train_dataset.box_ranges),
                VisualGenomeFeatureDataset('val', \
                    val_dataset.img_features, val_dataset.spatial_arr, vocab_dict, adaptive=True, pos_boxes=val_dataset.box_ranges)]
            trainval_dataset = ConcatDataset([train_dataset, val_dataset]+vg_datasets)
        else:
            trainval_dataset = ConcatDataset([train_dataset, val_dataset])
        loader_train = DataLoader(trainval_dataset, batch_n, shuffle=True, num_workers=1, collate_fn=utils.trim_collate)
        loader_eval = None
    else:
        loader_train = DataLoader(train_dataset, batch_n, shuffle=True, num_workers=1, collate_fn=utils.trim_collate)
        loader_eval = DataLoader(val_dataset, batch_n, shuffle=False, num_workers=1, collate_fn=utils.trim_collate)

    train(vqa_model, loader_train, loader_eval, opts.epochs, opts.output, adamax_optimizer, start_epoch)
