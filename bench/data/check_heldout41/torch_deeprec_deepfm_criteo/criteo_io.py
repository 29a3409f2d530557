import pandas as pd
from feature.feature_meta import FeatureMeta
from preprocess.feat_engineering import preprocess_features

dense_cols = ['I' + str(k) for k in range(1, 14)]
sparse_cols = ['C' + str(k) for k in range(1, 27)]
all_cols = ['y']


def read_log(path, keep_rows=-1):
    frame = pd.read_csv(path, delimiter='\t', header=None)

    all_cols.extend(dense_cols)
    all_cols.extend(sparse_cols)
    frame.columns = all_cols

    if keep_rows > 0:
        frame = frame.sample(n=keep_rows)
        frame.reset_index(drop=True, inplace=True)
    return frame


def fill_gaps(frame):
    dense_filled = frame[dense_cols].fillna(frame[dense_cols].median())
    frame[dense_cols] = dense_filled
    sparse_filled = frame[sparse_cols].fillna('0')
    frame[sparse_cols] = sparse_filled
    return frame


def read_and_encode(path, keep_rows=10000, bucketize=False):
    r""" Read the Criteo click log, draw a sample and encode it.

    :param path: where the tab-separated Criteo file lies.
    :param keep_rows: how many rows to draw from the file; <= 0 keeps them all.
    :param bucketize: bucket the dense fields as well (False, 'linear' or 'non-linear').
    :return: field indices, field values, clicks, meta
    """
    # bucketize is one of {False, 'linear', 'non-linear'}
    frame = read_log(path, keep_rows=keep_rows)

    # missing values
    frame = fill_gaps(frame)

    # describe every column
    meta = FeatureMeta()
    for col in dense_cols:
        meta.add_continuous_feat(col, discretize=bucketize)
    for col in sparse_cols:
        meta.add_categorical_feat(col)

    idx_arr, val_arr = preprocess_features(meta, frame)
    clicks = frame.y
    return idx_arr, val_arr, clicks, meta
