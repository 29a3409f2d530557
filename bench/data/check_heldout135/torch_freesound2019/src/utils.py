import re
import json
import pickle
import numpy as np
from pathlib import Path
from scipy.stats.mstats import gmean

from src.datasets import iter_noisy_chunks, decode_fold_clips, iter_augmented_folds
from src import config


def gmean_preds_blend(probs_df_lst):
    blend_df = probs_df_lst[0]
    blend_values = np.stack([df.loc[blend_df.index.values].values
                             for df in probs_df_lst], axis=0)
    blend_values = gmean(blend_values, axis=0)

    blend_df.values[:] = blend_values
    return blend_df


def get_best_model_path(dir_path: Path, return_score=False):
    model_scores = []
    for model_path in dir_path.glob('*.pth'):
        score = re.search(r'-(\d+(?:\.\d+)?).pth', str(model_path))
        if score is not None:
            score = float(score.group(0)[1:-4])
            model_scores.append((model_path, score))
    model_score = sorted(model_scores, key=lambda x: x[1])
    best_model_path = model_score[-1][0]
    if return_score:
        best_score = model_score[-1][1]
        return best_model_path, best_score
    else:
        return best_model_path


def dump_pkl(obj, filename):
    print(f"writing {filename}")
    with open(filename, 'wb') as f:
        pickle.dump(obj, f, pickle.HIGHEST_PROTOCOL)


def read_pkl(filename):
    print(f"reading {filename}")
    with open(filename, 'rb') as f:
        return pickle.load(f)
    

def restore_folds(use_fixes=True):
    if use_fixes:
        with open(config.corrections_json_path) as file:
            fixes = json.load(file)
        print("label fixes:", fixes)
        pkl_name = f'{config.audio.get_hash(corrections=fixes)}.pkl'
    else:
        fixes = None
        pkl_name = f'{config.audio.get_hash()}.pkl'

    folds_cache = config.folds_data_pkl_dir / pkl_name

    if folds_cache.exists():
        bundle = read_pkl(folds_cache)
    else:
        bundle = decode_fold_clips(fixes)
        if not config.folds_data_pkl_dir.exists():
            config.folds_data_pkl_dir.mkdir(parents=True, exist_ok=True)
        dump_pkl(bundle, folds_cache)
    return bundle


def restore_noisy():
    with open(config.noisy_corrections_json_path) as file:
        fixes = json.load(file)

    pkl_name_glob = f'{config.audio.get_hash(corrections=fixes)}_*.pkl'
    pkl_paths = sorted(config.noisy_data_pkl_dir.glob(pkl_name_glob))

    mels, onehots = [], []

    if pkl_paths:
        for pkl_path in pkl_paths:
            chunk = read_pkl(pkl_path)
            mels += chunk[0]
            onehots += chunk[1]
    else:
        if not config.noisy_data_pkl_dir.exists():
            config.noisy_data_pkl_dir.mkdir(parents=True, exist_ok=True)

        for i, chunk in enumerate(iter_noisy_chunks()):
            pkl_name = f'{config.audio.get_hash(corrections=fixes)}_{i:02}.pkl'
            noisy_cache = config.noisy_data_pkl_dir / pkl_name
            dump_pkl(chunk, noisy_cache)

            mels += chunk[0]
            onehots += chunk[1]

    return mels, onehots


def restore_augmented_folds(time_stretch_lst, pitch_shift_lst):
    config_hash = config.audio.get_hash(time_stretch_lst=time_stretch_lst,
                                        pitch_shift_lst=pitch_shift_lst)
    pkl_name_glob = f'{config_hash}_*.pkl'
    pkl_paths = sorted(config.augment_folds_data_pkl_dir.glob(pkl_name_glob))

    mels, onehots, fold_ids = [], [], []

    if pkl_paths:
        for pkl_path in pkl_paths:
            chunk = read_pkl(pkl_path)
            mels += chunk[0]
            onehots += chunk[1]
            fold_ids += chunk[2]
    else:
        if not config.augment_folds_data_pkl_dir.exists():
            config.augment_folds_data_pkl_dir.mkdir(parents=True, exist_ok=True)

        generator = iter_augmented_folds(time_stretch_lst, pitch_shift_lst)
        for i, chunk in enumerate(generator):
            pkl_name = f'{config_hash}_{i:02}.pkl'
            aug_cache = config.augment_folds_data_pkl_dir / pkl_name
            dump_pkl(chunk, aug_cache)

            mels += chunk[0]
            onehots += chunk[1]
            fold_ids += chunk[2]

    return mels, onehots, fold_ids
