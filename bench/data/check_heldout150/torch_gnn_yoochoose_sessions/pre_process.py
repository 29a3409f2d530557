import numpy as np
import pandas as pd
import torch
from sklearn.preprocessing import LabelEncoder

from config import clicks_path, buys_path, click_cols, buy_cols
from utils import get_logger

if __name__ == '__main__':
    log = get_logger()

    log.info('loading the click log...')
    click_df = pd.read_csv(clicks_path, header=None, names=click_cols, low_memory=False)
    log.info(click_df.head(20))

    log.info('loading the purchase log...')
    buy_df = pd.read_csv(buys_path, header=None, names=buy_cols)
    log.info(buy_df.head(20))

    item_codes = LabelEncoder()
    click_df['item_id'] = item_codes.fit_transform(click_df.item_id)
    log.info(click_df.head())

    # keep a random subset of sessions
    kept_sessions = np.random.choice(click_df.session_id.unique(), 1000000, replace=False)
    click_df = click_df.loc[click_df.session_id.isin(kept_sessions)]
    log.info(click_df.nunique())

    click_df['label'] = click_df.session_id.isin(buy_df.session_id)
    log.info(click_df.head())

    out_path = 'data/yoochoose_click_binary_1M_sess.dataset'
    with open(out_path, 'wb') as fh:
        torch.save(click_df, fh)

    vocab = click_df.item_id.max() + 1
    print('item vocabulary: ' + str(vocab))

    log.info('Finished.')
