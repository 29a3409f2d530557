from argparse import ArgumentParser
from itertools import chain
from pathlib import Path
import warnings

import joblib
import numpy as np
import pandas as pd
from sklearn.model_selection import StratifiedKFold
from tqdm import tqdm

import torch

from config.base import (
    TOXICITY_COLUMN, IDENTITY_COLUMNS, AUX_TOXICITY_COLUMNS,
    EMBEDDING_FASTTEXT, EMBEDDING_GLOVE,
    TRAIN_DATA, TEST_DATA, SAMPLE_SUBMISSION)

from src.data import TextDataset
from src.loss import CustomLoss
from src.utils import timer, seed_torch, load_config
from src.weights import training_weights

from src.lstm_models.load_data import read_vectors
from src.lstm_models.models import LstmGruNet
from src.lstm_models.preprocess import preprocess
from src.lstm_models.utils import train, predict, display_tables
from src.lstm_models.tokenize import build_vocab, tokenize


def main():
    parser = ArgumentParser()
    parser.add_argument('--valid', action='store_true')
    args = parser.parse_args()

    cfg = load_config('./config/lstm_f.json')
    cfg.setdefault('max_len', 220)
    cfg.setdefault('max_features', 100000)
    cfg.setdefault('batch_size', 512)
    cfg.setdefault('train_epochs', 10)
    cfg.setdefault('tolerance', 10)
    cfg.setdefault('num_folds', 5)
    cfg.setdefault('lr', 1e-3)
    cfg.setdefault('loss_alpha', 0.1)
    cfg.setdefault('loss_beta', 1.0)
    cfg.setdefault('device', 'cuda')
    cfg.setdefault('seed', 1029)

    device = torch.device(cfg.device)

    RUN_DIR = Path(f'../output/lstm_f/')
    sub_name = 'valid_submission.csv' if args.valid else 'submission.csv'
    SUB_CSV = RUN_DIR / sub_name
    RUN_DIR.mkdir(exist_ok=True)

    warnings.filterwarnings('ignore')
    seed_torch(cfg.seed)

    with timer("prep"):
        train = pd.read_csv(TRAIN_DATA)
        if args.valid:
            train = train.sample(frac=1, random_state=1029).reset_index(drop=True)
            test = train.tail(200000)
            train = train.head(len(train) - 200000)
        else:
            test = pd.read_csv(TEST_DATA)

        train['comment_text'] = train['comment_text'].apply(preprocess)
        test['comment_text'] = test['comment_text'].apply(preprocess)
        
        # empty strings become NaN
        train['comment_text'].replace('', np.nan, inplace=True)
        test['comment_text'].replace('', np.nan, inplace=True)

        # mean target of the empty comments
        blank_mean = train['target'][train['comment_text'].isna()].mean()

        # NaN text gets a marker token
        train_texts = train['comment_text'].fillna('_##_').values
        test_texts = test['comment_text'].fillna('_##_').values
        
        # targets, sample weights and identity columns
        weights = training_weights(train, TOXICITY_COLUMN, IDENTITY_COLUMNS)
        loss_weight = 1.0 / weights.mean()
        ident_targets = train[IDENTITY_COLUMNS].values
        rater_counts = train['toxicity_annotator_count'].values
        targets = np.hstack((
            train[TOXICITY_COLUMN].values.reshape(-1, 1),
            weights.reshape(-1, 1),
            train[AUX_TOXICITY_COLUMNS].values
        ))

        train_blank = train_texts == '_##_'
        test_blank = test_texts == '_##_'

        vocab = build_vocab(chain(train_texts), cfg.max_features)
        ft_vectors = read_vectors(EMBEDDING_FASTTEXT, vocab['token2id'])
        gl_vectors = read_vectors(EMBEDDING_GLOVE, vocab['token2id'])

        joblib.dump(vocab, RUN_DIR / 'vocab.pkl')
        np.save(RUN_DIR / 'ft_vectors', ft_vectors)
        np.save(RUN_DIR / 'gl_vectors', gl_vectors)

        train_texts = np.array(tokenize(train_texts, vocab, cfg.max_len))
        test_texts = np.array(tokenize(test_texts, vocab, cfg.max_len))

        label_cols = [TOXICITY_COLUMN] + AUX_TOXICITY_COLUMNS + IDENTITY_COLUMNS
        all_zero_rows = np.arange(0, len(train))[
            (train[label_cols] == 0.0).sum(axis=1) == len(label_cols)]

    with timer("cv"):
        skf = StratifiedKFold(n_splits=cfg.num_folds, shuffle=True, random_state=1)
        n_aux = targets.shape[-1] - 2
        loss_fn = CustomLoss(
            loss_weight, alpha=cfg.loss_alpha, beta=cfg.loss_beta,
            use_annotator_counts=True,
            weight_from_annotator_counts=lambda x: torch.log(x + 2))
        test_set = TextDataset(token_lists=test_texts)
        test_scores = np.zeros(len(test_set))
        n_fold_preds = 0
        models = {}
        for i, (train_idx, valid_idx) in enumerate(skf.split(train_texts, targets[:, 0] >= 0.5)):
            seed_torch(i)
            np.random.shuffle(all_zero_rows)
            dropped = set(all_zero_rows[:len(all_zero_rows) // 2])
            train_idx = [i for i in train_idx if i not in dropped]
            fit_tokens = [train_texts[i] for i in train_idx]
            hold_tokens = [train_texts[i] for i in valid_idx]
            fit_set = TextDataset(token_lists=fit_tokens, targets=targets[train_idx],
                                        identities=ident_targets[train_idx],
                                        annotator_counts=rater_counts[train_idx])
            hold_set = TextDataset(token_lists=hold_tokens, targets=targets[valid_idx],
                                        identities=ident_targets[valid_idx],
                                        annotator_counts=rater_counts[valid_idx])
            model = LstmGruNet(embedding_matrices=[gl_vectors, ft_vectors],
                               n_aux=n_aux).to(device)
            model, records = train(model, loss_fn, fit_set, hold_set, device=device,
                                   batch_size=cfg.batch_size, num_epochs=cfg.train_epochs,
                                   tolerance=cfg.tolerance, lr=cfg.lr)
            test_scores += predict(model, test_set, device)
            n_fold_preds += 1
            torch.save(model.state_dict(), RUN_DIR / f'model.{i}.json')

            with open(RUN_DIR / f'records.{i}.json', 'w') as f:
                import json
                json.dump(records, f, indent=4)

            submission = pd.DataFrame({
                'id': test['id'],
                'prediction': test_scores / n_fold_preds
            })
            submission.to_csv(SUB_CSV, index=False)
            display_tables(RUN_DIR)


if __name__ == '__main__':
    main()
