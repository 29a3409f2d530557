# Dataset and training loop adapted from VQA_ReGAT (MIT license),
# itself derived from the ban-vqa code base.
import os
import argparse
import json
import pickle
import numpy as np
import h5py
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable
from torch.utils.data import Dataset, DataLoader

import utils
from utils import trim_collate
from dataset import Dictionary
from model.regat import build_regat
from model.position_emb import prepare_graph_variables
from config.parser import parse_with_config


def _make_record(img_idx, qst, ans):
    if ans is not None:
        ans.pop('image_id')
        ans.pop('question_id')
    record = {'question_id': qst['question_id'], 'image_id': qst['image_id'],
             'image': img_idx, 'question': qst['question'], 'answer': ans}
    return record


def _read_qa_dataset(data_root, split_name, img_id2row, label2answer):
    questions_file = os.path.join(
        data_root, 'Questions/v2_OpenEnded_mscoco_%s_questions.json' % (split_name + '2014'))
    qst_list = sorted(json.load(open(questions_file))['questions'],
                       key=lambda rec: rec['question_id'])
    answers_file = os.path.join(data_root, 'cache', '%s_target.pkl' % split_name)
    ans_list = pickle.load(open(answers_file, 'rb'))
    ans_list = sorted(ans_list, key=lambda rec: rec['question_id'])

    utils.assert_eq(len(qst_list), len(ans_list))
    records = []
    for qst, ans in zip(qst_list, ans_list):
        utils.assert_eq(qst['question_id'], ans['question_id'])
        image_key = qst['image_id']
        records.append(_make_record(img_id2row[image_key], qst, ans))
    return records


class RegionFeatureDataset(Dataset):
    def __init__(self, split_name, vocab_dict, rel_kind, data_root='data',
                 adaptive_boxes=False, pos_dim=64, nongt_n=36):
        super(RegionFeatureDataset, self).__init__()
        self.ans2label = pickle.load(open(os.path.join(data_root, 'cache', 'trainval_ans2label.pkl'), 'rb'))
        self.label2ans = pickle.load(open(os.path.join(data_root, 'cache', 'trainval_label2ans.pkl'), 'rb'))
        self.num_ans_candidates = len(self.ans2label)
        self.dictionary = vocab_dict
        self.relation_type = rel_kind
        self.use_adaptive = adaptive_boxes
        box_suffix = '36'

        h5_dir = data_root+"/Bottom-up-features-adaptive"\
            if self.use_adaptive else data_root+"/Bottom-up-features-fixed"
        imgid_dir = data_root+"/imgids"
        self.img_key2idx = pickle.load(
            open(os.path.join(imgid_dir, '%s%s_imgid2idx.pkl' %
                              (split_name, '' if self.use_adaptive else box_suffix)), 'rb'))
        feat_h5_path = os.path.join(h5_dir, '%s%s.hdf5' %
                               (split_name, '' if self.use_adaptive else box_suffix))

        print('reading region features from %s' % feat_h5_path)
        with h5py.File(feat_h5_path, 'r') as h5f:
            self.region_features = np.array(h5f.get('image_features'))
            self.norm_boxes = np.array(h5f.get('spatial_features'))
            self.boxes = np.array(h5f.get('image_bb'))
            self.sem_adj = self.spa_adj = None
            self.pos_box_idx = None
            if self.use_adaptive:
                self.pos_box_idx = np.array(h5f.get('pos_boxes'))
        self.records = _read_qa_dataset(data_root, split_name, self.img_key2idx,
                                     self.label2ans)
        self.encode_questions()
        self.to_tensors()
        self.nongt_dim = nongt_n
        self.emb_dim = pos_dim
        self.v_dim = self.region_features.size(1 if self.use_adaptive else 2)
        self.s_dim = self.norm_boxes.size(1 if self.use_adaptive else 2)

    def encode_questions(self, max_tokens=14):
        """Turn every question into a fixed-length list of token ids."""
        for record in self.records:
            tok_ids = self.dictionary.tokenize(record['question'], False)
            tok_ids = tok_ids[:max_tokens]
            if len(tok_ids) < max_tokens:
                # pad at the end up to max_tokens
                pad_ids = [self.dictionary.padding_idx] * \
                          (max_tokens - len(tok_ids))
                tok_ids = tok_ids + pad_ids
            utils.assert_eq(len(tok_ids), max_tokens)
            record['q_token'] = tok_ids

    def to_tensors(self):
        self.region_features = torch.from_numpy(self.region_features)
        self.norm_boxes = torch.from_numpy(self.norm_boxes)
        self.boxes = torch.from_numpy(self.boxes)
        if self.pos_box_idx is not None:
            self.pos_box_idx = torch.from_numpy(self.pos_box_idx)

        for record in self.records:
            qst = torch.from_numpy(np.array(record['q_token']))
            record['q_token'] = qst
            ans = record['answer']
            if ans is not None:
                ans_labels = np.array(ans['labels'])
                ans_scores = np.array(ans['scores'], dtype=np.float32)
                if len(ans_labels):
                    ans_labels = torch.from_numpy(ans_labels)
                    ans_scores = torch.from_numpy(ans_scores)
                    record['answer']['labels'] = ans_labels
                    record['answer']['scores'] = ans_scores
                else:
                    record['answer']['labels'] = None
                    record['answer']['scores'] = None

    def __getitem__(self, idx):
        record = self.records[idx]
        img_key = record["image_id"]
        qst = record['q_token']
        q_key = record['question_id']
        spa_adj = torch.zeros(1).double()
        sem_adj = torch.zeros(1).double()
        # same box count for every image
        region_features = self.region_features[record['image']]
        norm_boxes = self.norm_boxes[record['image']]
        boxes = self.boxes[record["image"]]
        ans = record['answer']
        ans_labels = ans['labels']
        ans_scores = ans['scores']
        soft_target = torch.zeros(self.num_ans_candidates)
        if ans_labels is not None:
            soft_target.scatter_(0, ans_labels, ans_scores)
        return region_features, norm_boxes, qst, soft_target,\
            q_key, img_key, boxes, spa_adj,\
            sem_adj

    def __len__(self):
        return len(self.records)


def bce_logits_loss(raw_logits, ans_labels, reduce_mode='mean'):
    bce_loss = F.binary_cross_entropy_with_logits(raw_logits, ans_labels, reduction=reduce_mode)
    if reduce_mode == "mean":
        bce_loss *= ans_labels.size(1)
    return bce_loss


def soft_accuracy(raw_logits, ans_labels, dev):
    raw_logits = torch.max(raw_logits, 1)[1].data
    raw_logits = raw_logits.view(-1, 1)
    onehot = torch.zeros(*ans_labels.size()).to(dev)
    onehot.scatter_(1, raw_logits, 1)
    return (onehot * ans_labels)


def train_loop(regat_model, loader_train, loader_eval, opts, dev=torch.device("cuda")):
    n_train = len(loader_train.dataset)
    optimizer = torch.optim.Adamax(filter(lambda prm: prm.requires_grad, regat_model.parameters()),
                               lr=opts.base_lr, betas=(0.9, 0.999), eps=1e-8,
                               weight_decay=opts.weight_decay)
    rel_kind = loader_train.dataset.relation_type
    for epoch_i in range(0, opts.epochs):
        loss_sum, train_acc_sum = 0, 0
        for i, (vis_feats, nbb, q_tokens, soft_target, _, _, boxes, spa_adj_b,
                sem_adj_b) in enumerate(loader_train):
            n_obj = vis_feats.size(1)
            optimizer.zero_grad()
            vis_feats = Variable(vis_feats).to(dev)
            nbb = Variable(nbb).to(dev)
            q_tokens = Variable(q_tokens).to(dev)
            soft_target = Variable(soft_target).to(dev)
            pos_embed, sem_adj_b, spa_adj_b = prepare_graph_variables(
                rel_kind, boxes, sem_adj_b, spa_adj_b, n_obj,
                opts.nongt_dim, opts.imp_pos_emb_dim, opts.spa_label_num,
                opts.sem_label_num, dev)
            pred_logits, att_w = regat_model(vis_feats, nbb, q_tokens, pos_embed, sem_adj_b,
                              spa_adj_b, soft_target)
            bce_loss = bce_logits_loss(pred_logits, soft_target)
            bce_loss.backward()
            nn.utils.clip_grad_norm_(regat_model.parameters(), opts.grad_clip)
            optimizer.step()
            batch_acc = soft_accuracy(pred_logits, soft_target, dev).sum()
            loss_sum += bce_loss.data.item() * vis_feats.size(0)
            train_acc_sum += batch_acc
        eval_acc = evaluate_model(regat_model, loader_eval, dev, opts)
        print('epoch %d: train loss %.2f, train acc %.2f, val acc %.2f'
              % (epoch_i, loss_sum / n_train, 100 * train_acc_sum / n_train, 100 * eval_acc))


@torch.no_grad()
def evaluate_model(regat_model, batch_loader, dev, opts):
    regat_model.eval()
    rel_kind = batch_loader.dataset.relation_type
    acc_sum = 0
    for i, (vis_feats, nbb, q_tokens, soft_target, _, _, boxes, spa_adj_b,
            sem_adj_b) in enumerate(batch_loader):
        n_obj = vis_feats.size(1)
        vis_feats = Variable(vis_feats).to(dev)
        nbb = Variable(nbb).to(dev)
        q_tokens = Variable(q_tokens).to(dev)
        soft_target = Variable(soft_target).to(dev)
        pos_embed, sem_adj_b, spa_adj_b = prepare_graph_variables(
            rel_kind, boxes, sem_adj_b, spa_adj_b, n_obj,
            opts.nongt_dim, opts.imp_pos_emb_dim, opts.spa_label_num,
            opts.sem_label_num, dev)
        pred_logits, att_w = regat_model(vis_feats, nbb, q_tokens, pos_embed, sem_adj_b,
                          spa_adj_b, soft_target)
        acc_sum += soft_accuracy(pred_logits, soft_target, dev).sum()
    regat_model.train()
    return acc_sum / len(batch_loader.dataset)


if __name__ == '__main__':
    arg_parser = argparse.ArgumentParser()
    # options come from a config file (see parse_args in main.py for all of them)
    arg_parser.add_argument('--config', help='JSON file(s) with the run options')
    opts = parse_with_config(arg_parser)
    dev = torch.device("cuda")
    batch_total = opts.batch_size*torch.cuda.device_count()
    vocab_dict = Dictionary.load_from_file(
                    os.path.join(opts.data_folder, 'glove/dictionary.pkl'))
    val_dataset = RegionFeatureDataset(
            'val', vocab_dict, opts.relation_type, adaptive_boxes=opts.use_adaptive,
            pos_dim=opts.imp_pos_emb_dim, data_root=opts.data_folder)
    train_dataset = RegionFeatureDataset(
            'train', vocab_dict, opts.relation_type,
            adaptive_boxes=opts.use_adaptive, pos_dim=opts.imp_pos_emb_dim,
            data_root=opts.data_folder)

    regat_model = nn.DataParallel(build_regat(val_dataset, opts)).to(dev)

    loader_train = DataLoader(train_dataset, batch_total, shuffle=True,
                              num_workers=4, collate_fn=trim_collate)
    loader_eval = DataLoader(val_dataset, batch_total, shuffle=False,
                             num_workers=4, collate_fn=trim_collate)

    train_loop(regat_model, loader_train, loader_eval, opts, dev)
