from typing import List
import tensorflow as tf
import numpy as np
import pandas as pd
from config import make_logger
log = make_logger()


def select_keys(source: tf.data.Dataset, keys: List[str]):
    return source.map(lambda rec: {k: rec[k] for k in keys})


def int_lookup_for(frame: pd.DataFrame, col: str):
    vocab = tf.keras.layers.IntegerLookup(mask_token=None)
    distinct = np.unique(frame[col])
    vocab.adapt(distinct)
    return vocab


def split_on_buys(event_ds: tf.data.Dataset, held_share: float):
    """ only buy events (type 4) are divided between fit and held """
    buys = event_ds.filter(lambda r: r["behavior_type"] == 4)
    rest = event_ds.filter(lambda r: r["behavior_type"] != 4)
    n_buys = sum(1 for _ in buys)
    buys_mixed = buys.shuffle(n_buys)
    n_held = int(n_buys * held_share)
    n_fit = n_buys - n_held
    buys_fit = buys_mixed.take(n_fit)
    buys_held = buys_mixed.skip(n_fit).take(n_held)
    fit_all = rest.concatenate(buys_fit)
    log.info(f"fit / held parts built")
    return fit_all, buys_held


def split_frame_on_buys(frame: pd.DataFrame, held_ratio: float):
    """

        held rows are buy events only (behavior_type=4)
    """
    buy_idx = frame[frame["behavior_type"] == 4].index.values
    n_held = int(np.floor(held_ratio*len(buy_idx)))
    held_idx = list(np.random.choice(buy_idx, n_held))
    fit_idx = set(frame.index) - set(held_idx)
    fit_frame, held_frame = frame.loc[fit_idx], frame.loc[held_idx]
    return fit_frame, held_frame
