# Copyright (c) Microsoft Corporation. Licensed under the MIT license.
# Modified by Linjie Li from Jin-Hwa Kim's repository https://github.com/jnhwkim/ban-vqa
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


def _create_entry(img, question, answer):
    if answer is not None:
        answer.pop('image_id')
        answer.pop('question_id')
    entry = {'question_id': question['question_id'], 'image_id': question['image_id'],
             'image': img, 'question': question['question'], 'answer': answer}
    return entry


def _load_dataset(dataroot, name, img_id2val, label2ans):
    question_path = os.path.join(
        dataroot, 'Questions/v2_OpenEnded_mscoco_%s_questions.json' % (name + '2014'))
    questions = sorted(json.load(open(question_path))['questions'],
                       key=lambda x: x['question_id'])
    answer_path = os.path.join(dataroot, 'cache', '%s_target.pkl' % name)
    answers = pickle.load(open(answer_path, 'rb'))
    answers = sorted(answers, key=lambda x: x['question_id'])

    utils.assert_eq(len(questions), len(answers))
    entries = []
    for question, answer in zip(questions, answers):
        utils.assert_eq(question['question_id'], answer['question_id'])
        img_id = question['image_id']
        entries.append(_create_entry(img_id2val[img_id], question, answer))
    return entries


class VQAFeatureDataset(Dataset):
    def __init__(self, name, dictionary, relation_type, dataroot='data',
                 adaptive=False, pos_emb_dim=64, nongt_dim=36):
        super(VQAFeatureDataset, self).__init__()
        self.ans2label = pickle.load(open(os.path.join(dataroot, 'cache', 'trainval_ans2label.pkl'), 'rb'))
        self.label2ans = pickle.load(open(os.path.join(dataroot, 'cache', 'trainval_label2ans.pkl'), 'rb'))
        self.num_ans_candidates = len(self.ans2label)
        self.dictionary = dictionary
        self.relation_type = relation_type
        self.adaptive = adaptive
        prefix = '36'

        h5_dataroot = dataroot+"/Bottom-up-features-adaptive"\
            if self.adaptive else dataroot+"/Bottom-up-features-fixed"
        imgid_dataroot = dataroot+"/imgids"
        self.img_id2idx = pickle.load(
            open(os.path.join(imgid_dataroot, '%s%s_imgid2idx.pkl' %
                              (name, '' if self.adaptive else prefix)), 'rb'))
        h5_path = os.path.join(h5_dataroot, '%s%s.hdf5' %
                               (name, '' if self.adaptive else prefix))

        print('loading features from h5 file %s' % h5_path)
        with h5py.File(h5_path, 'r') as hf:
            self.features = np.array(hf.get('image_features'))
            self.normalized_bb = np.array(hf.get('spatial_features'))
            self.bb = np.array(hf.get('image_bb'))
            self.semantic_adj_matrix = self.spatial_adj_matrix = None
            self.pos_boxes = None
            if self.adaptive:
                self.pos_boxes = np.array(hf.get('pos_boxes'))
        self.entries = _load_dataset(dataroot, name, self.img_id2idx,
                                     self.label2ans)
        self.tokenize()
        self.tensorize()
        self.nongt_dim = nongt_dim
        self.emb_dim = pos_emb_dim
        self.v_dim = self.features.size(1 if self.adaptive else 2)
        self.s_dim = self.normalized_bb.size(1 if self.adaptive else 2)

    def tokenize(self, max_length=14):
        """Tokenizes the questions."""
        for entry in self.entries:
            tokens = self.dictionary.tokenize(entry['question'], False)
            tokens = tokens[:max_length]
            if len(tokens) < max_length:
                # Note here we pad to the back of the sentence
                padding = [self.dictionary.padding_idx] * \
                          (max_length - len(tokens))
                tokens = tokens + padding
            utils.assert_eq(len(tokens), max_length)
            entry['q_token'] = tokens

    def tensorize(self):
        self.features = torch.from_numpy(self.features)
        self.normalized_bb = torch.from_numpy(self.normalized_bb)
        self.bb = torch.from_numpy(self.bb)
        if self.pos_boxes is not None:
            self.pos_boxes = torch.from_numpy(self.pos_boxes)

        for entry in self.entries:
            question = torch.from_numpy(np.array(entry['q_token']))
            entry['q_token'] = question
            answer = entry['answer']
            if answer is not None:
                labels = np.array(answer['labels'])
                scores = np.array(answer['scores'], dtype=np.float32)
                if len(labels):
                    labels = torch.from_numpy(labels)
                    scores = torch.from_numpy(scores)
                    entry['answer']['labels'] = labels
                    entry['answer']['scores'] = scores
                else:
                    entry['answer']['labels'] = None
                    entry['answer']['scores'] = None

    def __getitem__(self, index):
        entry = self.entries[index]
        image_id = entry["image_id"]
        question = entry['q_token']
        question_id = entry['question_id']
        spatial_adj_matrix = torch.zeros(1).double()
        semantic_adj_matrix = torch.zeros(1).double()
        # fixed number of bounding boxes
        features = self.features[entry['image']]
        normalized_bb = self.normalized_bb[entry['image']]
        bb = self.bb[entry["image"]]
        answer = entry['answer']
        labels = answer['labels']
        scores = answer['scores']
        target = torch.zeros(self.num_ans_candidates)
        if labels is not None:
            target.scatter_(0, labels, scores)
        return features, normalized_bb, question, target,\
            question_id, image_id, bb, spatial_adj_matrix,\
            semantic_adj_matrix

    def __len__(self):
        return len(self.entries)


def instance_bce_with_logits(logits, labels, reduction='mean'):
    loss = F.binary_cross_entropy_with_logits(logits, labels, reduction=reduction)
    if reduction == "mean":
        loss *= labels.size(1)
    return loss


def compute_score_with_logits(logits, labels, device):
    logits = torch.max(logits, 1)[1].data
    logits = logits.view(-1, 1)
    one_hots = torch.zeros(*labels.size()).to(device)
    one_hots.scatter_(1, logits, 1)
    return (one_hots * labels)


def train(model, train_loader, eval_loader, args, device=torch.device("cuda")):
    N = len(train_loader.dataset)
    optim = torch.optim.Adamax(filter(lambda p: p.requires_grad, model.parameters()),
                               lr=args.base_lr, betas=(0.9, 0.999), eps=1e-8,
                               weight_decay=args.weight_decay)
    relation_type = train_loader.dataset.relation_type
    for epoch in range(0, args.epochs):
        total_loss, train_score = 0, 0
        for i, (v, norm_bb, q, target, _, _, bb, spa_adj_matrix,
                sem_adj_matrix) in enumerate(train_loader):
            num_objects = v.size(1)
            optim.zero_grad()
            v = Variable(v).to(device)
            norm_bb = Variable(norm_bb).to(device)
            q = Variable(q).to(device)
            target = Variable(target).to(device)
            pos_emb, sem_adj_matrix, spa_adj_matrix = prepare_graph_variables(
                relation_type, bb, sem_adj_matrix, spa_adj_matrix, num_objects,
                args.nongt_dim, args.imp_pos_emb_dim, args.spa_label_num,
                args.sem_label_num, device)
            pred, att = model(v, norm_bb, q, pos_emb, sem_adj_matrix,
                              spa_adj_matrix, target)
            loss = instance_bce_with_logits(pred, target)
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), args.grad_clip)
            optim.step()
            batch_score = compute_score_with_logits(pred, target, device).sum()
            total_loss += loss.data.item() * v.size(0)
            train_score += batch_score
        eval_score = evaluate(model, eval_loader, device, args)
        print('epoch %d, train_loss: %.2f, score: %.2f, eval score: %.2f'
              % (epoch, total_loss / N, 100 * train_score / N, 100 * eval_score))


@torch.no_grad()
def evaluate(model, dataloader, device, args):
    model.eval()
    relation_type = dataloader.dataset.relation_type
    score = 0
    for i, (v, norm_bb, q, target, _, _, bb, spa_adj_matrix,
            sem_adj_matrix) in enumerate(dataloader):
        num_objects = v.size(1)
        v = Variable(v).to(device)
        norm_bb = Variable(norm_bb).to(device)
        q = Variable(q).to(device)
        target = Variable(target).to(device)
        pos_emb, sem_adj_matrix, spa_adj_matrix = prepare_graph_variables(
            relation_type, bb, sem_adj_matrix, spa_adj_matrix, num_objects,
            args.nongt_dim, args.imp_pos_emb_dim, args.spa_label_num,
            args.sem_label_num, device)
        pred, att = model(v, norm_bb, q, pos_emb, sem_adj_matrix,
                          spa_adj_matrix, target)
        score += compute_score_with_logits(pred, target, device).sum()
    model.train()
    return score / len(dataloader.dataset)


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    # can use config files (the full option list is in main.py parse_args)
    parser.add_argument('--config', help='JSON config files')
    args = parse_with_config(parser)
    device = torch.device("cuda")
    batch_size = args.batch_size*torch.cuda.device_count()
    dictionary = Dictionary.load_from_file(
                    os.path.join(args.data_folder, 'glove/dictionary.pkl'))
    val_dset = VQAFeatureDataset(
            'val', dictionary, args.relation_type, adaptive=args.adaptive,
            pos_emb_dim=args.imp_pos_emb_dim, dataroot=args.data_folder)
    train_dset = VQAFeatureDataset(
            'train', dictionary, args.relation_type,
            adaptive=args.adaptive, pos_emb_dim=args.imp_pos_emb_dim,
            dataroot=args.data_folder)

    model = nn.DataParallel(build_regat(val_dset, args)).to(device)

    train_loader = DataLoader(train_dset, batch_size, shuffle=True,
                              num_workers=4, collate_fn=trim_collate)
    eval_loader = DataLoader(val_dset, batch_size, shuffle=False,
                             num_workers=4, collate_fn=trim_collate)

    train(model, train_loader, eval_loader, args, device)
