# -*- coding: utf-8 -*-
# wiring of data sources and the trainer
# (adapted)
import os
from copy import deepcopy

import numpy as np

from .utils import load_data
from .trainer import Trainer


def prepare_sources(settings, train=False, test=False):
    print("preparing data sources...")
    fit_src, eval_src = load_data(**settings['data'], cache=(train or test))
    if train:
        print("reading every training sequence...")
        fit_src.load_all_data()
    if test:
        print("reading every test sequence...")
        eval_src.load_all_data()
    print("data sources ready.")
    return fit_src, eval_src


def prepare_trainer(settings, fit_src, eval_src):
    print("building trainer...")
    dcfg = settings['data']
    mcfg = settings['model']

    kwargs = deepcopy(mcfg)
    kwargs['train_source'] = fit_src
    kwargs['test_source'] = eval_src
    kwargs['train_pid_num'] = dcfg['pid_num']
    total_bs = int(np.prod(mcfg['batch_size']))
    
    kwargs['save_name'] = '_'.join(map(str,[
        mcfg['model_name'],
        dcfg['dataset'],
        dcfg['pid_num'],
        dcfg['pid_shuffle'],
        mcfg['hidden_dim'],
        mcfg['margin'],
        total_bs,
        mcfg['hard_or_full_trip'],
        mcfg['frame_num'],
    ]))

    t = Trainer(**kwargs)
    print("trainer ready.")
    return t, kwargs['save_name']


def build_all(settings, train=False, test=False):
    print("setting up...")
    run_dir = settings['WORK_PATH']
    os.chdir(run_dir)
    os.environ["CUDA_VISIBLE_DEVICES"] = settings["CUDA_VISIBLE_DEVICES"]

    fit_src, eval_src = prepare_sources(settings, train, test)
    
    return prepare_trainer(settings, fit_src, eval_src)
