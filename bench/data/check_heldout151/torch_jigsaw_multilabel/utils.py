import os
import pandas as pd
import numpy as np
import torch
import random
from sklearn.model_selection import StratifiedKFold
from config import Config
from torch.utils.data import Dataset
from transformers import AutoTokenizer


def guess_max_length(text_size):
    """

    :param text_size:
    :return:
    """
    pass



def seed_everything(seed=42):
    """
    Fix every random source so that runs repeat exactly.
    Needed for reproducible folds and weights.
    :param seed:
    :return:
    """
    np.random.seed(seed)
    random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)
    # deterministic cuDNN kernels
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False
    # fixed hash seed as well
    os.environ['PYTHONHASHSEED'] = str(seed)


def pick_device():
    """

    :return:
    """
    return torch.device("cuda:0" if torch.cuda.is_available() else 'cpu')


def add_fold_column(frame, stratify_column='y', k_folds=10, seed=100):
    """

    :param frame:
    :param stratify_column:
    :param k_folds:
    :param seed:
    :return:
    """
    frame = frame.copy()
    frame = frame.reset_index(drop=True)
    splitter = StratifiedKFold(n_splits=k_folds, shuffle=True, random_state=seed)
    for k, (tr_idx, te_idx) in enumerate(splitter.split(X=frame, y=frame[stratify_column])):
        frame.loc[te_idx, 'k_fold'] = int(k)
        frame.loc[te_idx, 'index_id'] = te_idx
    frame['k_fold'] = frame['k_fold'].astype(int)
    return frame


def build_loaders(frame: pd.DataFrame, ds_cls: Dataset, cfg: Config,
                     tok: AutoTokenizer, kfold: int, text_column: str):

    te_ds = ds_cls(df=frame[frame[cfg.PARITION_COLUMN]==kfold],
                                    tokenizer=tok,
                                    config=cfg,
                                    text_column=text_column)

    tr_ds = ds_cls(df=frame[frame[cfg.PARITION_COLUMN]!=kfold],
                                     tokenizer=tok,
                                     config=cfg,
                                     text_column=text_column)

    tr_loader = torch.utils.data.DataLoader(tr_ds,
                                                    batch_size=cfg.TRAIN_BATCH_SIZE,
                                                    num_workers=2,
                                                    shuffle=True,
                                                    pin_memory=True,
                                                    drop_last=False)

    te_loader = torch.utils.data.DataLoader(te_ds,
                                                   batch_size=cfg.TEST_BATCH_SIZE,
                                                   num_workers=2,
                                                   shuffle=True,
                                                   pin_memory=True,
                                                   drop_last=False)

    return tr_loader, te_loader
