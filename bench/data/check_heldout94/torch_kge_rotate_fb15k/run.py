#!/usr/bin/python3

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import argparse
import json
import logging
import os
import random

import numpy as np
import torch

from torch.utils.data import DataLoader

from model import KGEModel

from dataloader import TrainDataset
from dataloader import BidirectionalOneShotIterator

def read_cli(args=None):
    ap = argparse.ArgumentParser(
        description='fit and evaluate knowledge-graph embeddings',
        usage='run.py [options]'
    )

    ap.add_argument('--cuda', action='store_true', help='run on CUDA')
    
    ap.add_argument('--do_train', action='store_true')
    ap.add_argument('--do_valid', action='store_true')
    ap.add_argument('--do_test', action='store_true')
    ap.add_argument('--evaluate_train', action='store_true', help='also score the training triples')
    
    ap.add_argument('--countries', action='store_true', help='Countries S1-S3 mode')
    ap.add_argument('--regions', type=int, nargs='+', default=None,
                        help='filled in automatically (Countries regions)')
    
    ap.add_argument('--data_path', type=str, default=None)
    ap.add_argument('--model', default='TransE', type=str)
    ap.add_argument('-de', '--double_entity_embedding', action='store_true')
    ap.add_argument('-dr', '--double_relation_embedding', action='store_true')
    
    ap.add_argument('-n', '--negative_sample_size', default=128, type=int)
    ap.add_argument('-d', '--hidden_dim', default=500, type=int)
    ap.add_argument('-g', '--gamma', default=12.0, type=float)
    ap.add_argument('-adv', '--negative_adversarial_sampling', action='store_true')
    ap.add_argument('-a', '--adversarial_temperature', default=1.0, type=float)
    ap.add_argument('-b', '--batch_size', default=1024, type=int)
    ap.add_argument('-r', '--regularization', default=0.0, type=float)
    ap.add_argument('--test_batch_size', default=4, type=int, help='evaluation batch size')
    ap.add_argument('--uni_weight', action='store_true',
                        help='turn off word2vec-style subsampling weights')
    
    ap.add_argument('-lr', '--learning_rate', default=0.0001, type=float)
    ap.add_argument('-cpu', '--cpu_num', default=10, type=int)
    ap.add_argument('-init', '--init_checkpoint', default=None, type=str)
    ap.add_argument('-save', '--save_path', default=None, type=str)
    ap.add_argument('--max_steps', default=100000, type=int)
    ap.add_argument('--warm_up_steps', default=None, type=int)
    
    ap.add_argument('--save_checkpoint_steps', default=10000, type=int)
    ap.add_argument('--valid_steps', default=10000, type=int)
    ap.add_argument('--log_steps', default=100, type=int, help='training log period')
    ap.add_argument('--test_log_steps', default=1000, type=int, help='evaluation log period')
    
    ap.add_argument('--nentity', type=int, default=0, help='set by the script')
    ap.add_argument('--nrelation', type=int, default=0, help='set by the script')
    
    return ap.parse_args(args)

def load_saved_config(args):
    '''
    Take model and data settings from the saved config.json
    '''
    
    with open(os.path.join(args.init_checkpoint, 'config.json'), 'r') as fh:
        cfg_dict = json.load(fh)
    
    args.countries = cfg_dict['countries']
    if args.data_path is None:
        args.data_path = cfg_dict['data_path']
    args.model = cfg_dict['model']
    args.double_entity_embedding = cfg_dict['double_entity_embedding']
    args.double_relation_embedding = cfg_dict['double_relation_embedding']
    args.hidden_dim = cfg_dict['hidden_dim']
    args.test_batch_size = cfg_dict['test_batch_size']
    
def write_checkpoint(net, opt, extra_state, args):
    '''
    Write model and optimiser state plus a few scalars
    (step, learning rate) and the embedding matrices
    '''
    
    cfg_dict = vars(args)
    with open(os.path.join(args.save_path, 'config.json'), 'w') as fh:
        json.dump(cfg_dict, fh)

    torch.save({
        **extra_state,
        'model_state_dict': net.state_dict(),
        'optimizer_state_dict': opt.state_dict()},
        os.path.join(args.save_path, 'checkpoint')
    )
    
    ent_emb = net.entity_embedding.detach().cpu().numpy()
    np.save(
        os.path.join(args.save_path, 'entity_embedding'), 
        ent_emb
    )
    
    rel_emb = net.relation_embedding.detach().cpu().numpy()
    np.save(
        os.path.join(args.save_path, 'relation_embedding'), 
        rel_emb
    )

def load_triples(fname, ent_ix, rel_ix):
    '''
    Tab-separated triples -> tuples of integer ids.
    '''
    rows = []
    with open(fname) as fh_in:
        for ln in fh_in:
            hd, rl, tl = ln.strip().split('\t')
            rows.append((ent_ix[hd], rel_ix[rl], ent_ix[tl]))
    return rows

def init_logging(args):
    '''
    Log both to a file next to the checkpoint and to stdout
    '''

    if args.do_train:
        log_path = os.path.join(args.save_path or args.init_checkpoint, 'train.log')
    else:
        log_path = os.path.join(args.save_path or args.init_checkpoint, 'test.log')

    logging.basicConfig(
        format='%(asctime)s %(levelname)-8s %(message)s',
        level=logging.INFO,
        datefmt='%Y-%m-%d %H:%M:%S',
        filename=log_path,
        filemode='w'
    )
    stream = logging.StreamHandler()
    stream.setLevel(logging.INFO)
    fmt = logging.Formatter('%(asctime)s %(levelname)-8s %(message)s')
    stream.setFormatter(fmt)
    logging.getLogger('').addHandler(stream)

def report(split_name, it, scores):
    '''
    Log every metric of a dict
    '''
    for key in scores:
        logging.info('[%s] %s @%d = %f' % (split_name, key, it, scores[key]))
        
        
def run(args):
    if (not args.do_train) and (not args.do_valid) and (not args.do_test):
        raise ValueError('pick at least one of --do_train/--do_valid/--do_test')
    
    if args.init_checkpoint:
        load_saved_config(args)
    elif args.data_path is None:
        raise ValueError('give --init_checkpoint or --data_path')

    if args.do_train and args.save_path is None:
        raise ValueError('--save_path is required for training')
    
    if args.save_path and not os.path.exists(args.save_path):
        os.makedirs(args.save_path)
    
    # log to file and stdout
    init_logging(args)
    
    with open(os.path.join(args.data_path, 'entities.dict')) as fh_in:
        ent_ix = dict()
        for ln in fh_in:
            e_id, e_name = ln.strip().split('\t')
            ent_ix[e_name] = int(e_id)

    with open(os.path.join(args.data_path, 'relations.dict')) as fh_in:
        rel_ix = dict()
        for ln in fh_in:
            r_id, r_name = ln.strip().split('\t')
            rel_ix[r_name] = int(r_id)
    
    # Countries: region entity ids
    if args.countries:
        region_ids = list()
        with open(os.path.join(args.data_path, 'regions.list')) as fh_in:
            for ln in fh_in:
                reg = ln.strip()
                region_ids.append(ent_ix[reg])
        args.regions = region_ids

    n_ent = len(ent_ix)
    n_rel = len(rel_ix)
    
    args.nentity = n_ent
    args.nrelation = n_rel
    
    logging.info('model %s' % args.model)
    logging.info('data %s' % args.data_path)
    logging.info('entities %d' % n_ent)
    logging.info('relations %d' % n_rel)
    
    tr_rows = load_triples(os.path.join(args.data_path, 'train.txt'), ent_ix, rel_ix)
    logging.info('train triples %d' % len(tr_rows))
    va_rows = load_triples(os.path.join(args.data_path, 'valid.txt'), ent_ix, rel_ix)
    logging.info('valid triples %d' % len(va_rows))
    te_rows = load_triples(os.path.join(args.data_path, 'test.txt'), ent_ix, rel_ix)
    logging.info('test triples %d' % len(te_rows))
    
    # every known triple (for filtered ranking)
    known_rows = tr_rows + va_rows + te_rows
    
    kge = KGEModel(
        model_name=args.model,
        nentity=n_ent,
        nrelation=n_rel,
        hidden_dim=args.hidden_dim,
        gamma=args.gamma,
        double_entity_embedding=args.double_entity_embedding,
        double_relation_embedding=args.double_relation_embedding
    )
    
    logging.info('parameters:')
    for pname, p_t in kge.named_parameters():
        logging.info('  %s %s trainable=%s' % (pname, str(p_t.size()), str(p_t.requires_grad)))

    if args.cuda:
        kge = kge.cuda()
    
    if args.do_train:
        # head- and tail-corruption loaders
        head_loader = DataLoader(
            TrainDataset(tr_rows, n_ent, n_rel, args.negative_sample_size, 'head-batch'),
            batch_size=args.batch_size,
            shuffle=True, 
            num_workers=max(1, args.cpu_num//2),
            collate_fn=TrainDataset.collate_fn
        )
        
        tail_loader = DataLoader(
            TrainDataset(tr_rows, n_ent, n_rel, args.negative_sample_size, 'tail-batch'),
            batch_size=args.batch_size,
            shuffle=True, 
            num_workers=max(1, args.cpu_num//2),
            collate_fn=TrainDataset.collate_fn
        )
        
        batch_stream = BidirectionalOneShotIterator(head_loader, tail_loader)
        
        # optimiser
        lr_now = args.learning_rate
        opt = torch.optim.Adam(
            filter(lambda p: p.requires_grad, kge.parameters()),
            lr=lr_now
        )
        if args.warm_up_steps:
            decay_at = args.warm_up_steps
        else:
            decay_at = args.max_steps // 2

    if args.init_checkpoint:
        # resume
        logging.info('restoring %s' % args.init_checkpoint)
        ckpt = torch.load(os.path.join(args.init_checkpoint, 'checkpoint'))
        first_step = ckpt['step']
        kge.load_state_dict(ckpt['model_state_dict'])
        if args.do_train:
            lr_now = ckpt['current_learning_rate']
            decay_at = ckpt['warm_up_steps']
            opt.load_state_dict(ckpt['optimizer_state_dict'])
    else:
        logging.info('fresh %s weights' % args.model)
        first_step = 0
    
    it = first_step
    
    logging.info('training')
    logging.info('init_step = %d' % first_step)
    logging.info('batch_size = %d' % args.batch_size)
    logging.info('negative_adversarial_sampling = %d' % args.negative_adversarial_sampling)
    logging.info('hidden_dim = %d' % args.hidden_dim)
    logging.info('gamma = %f' % args.gamma)
    logging.info('negative_adversarial_sampling = %s' % str(args.negative_adversarial_sampling))
    if args.negative_adversarial_sampling:
        logging.info('adversarial_temperature = %f' % args.adversarial_temperature)
    
    # periodic validation below
    
    if args.do_train:
        logging.info('learning_rate = %d' % lr_now)

        log_buf = []
        
        # steps
        for it in range(first_step, args.max_steps):
            
            rec = kge.train_step(kge, opt, batch_stream, args)
            
            log_buf.append(rec)
            
            if it >= decay_at:
                lr_now = lr_now / 10
                logging.info('lr -> %f at %d' % (lr_now, it))
                opt = torch.optim.Adam(
                    filter(lambda p: p.requires_grad, kge.parameters()),
                    lr=lr_now
                )
                decay_at = decay_at * 3
            
            if it % args.save_checkpoint_steps == 0:
                extra_state = {
                    'step': it,
                    'current_learning_rate': lr_now,
                    'warm_up_steps': decay_at
                }
                write_checkpoint(kge, opt, extra_state, args)
                
            if it % args.log_steps == 0:
                scores = {}
                for key in log_buf[0].keys():
                    scores[key] = sum([rec[key] for rec in log_buf])/len(log_buf)
                report('train mean', it, scores)
                log_buf = []
                
            if args.do_valid and it % args.valid_steps == 0:
                logging.info('scoring valid split')
                scores = kge.test_step(kge, va_rows, known_rows, args)
                report('Valid', it, scores)
        
        extra_state = {
            'step': it,
            'current_learning_rate': lr_now,
            'warm_up_steps': decay_at
        }
        write_checkpoint(kge, opt, extra_state, args)
        
    if args.do_valid:
        logging.info('scoring valid split')
        scores = kge.test_step(kge, va_rows, known_rows, args)
        report('Valid', it, scores)
    
    if args.do_test:
        logging.info('scoring test split')
        scores = kge.test_step(kge, te_rows, known_rows, args)
        report('Test', it, scores)
    
    if args.evaluate_train:
        logging.info('scoring train split')
        scores = kge.test_step(kge, tr_rows, known_rows, args)
        report('Test', it, scores)
        
if __name__ == '__main__':
    run(read_cli())
