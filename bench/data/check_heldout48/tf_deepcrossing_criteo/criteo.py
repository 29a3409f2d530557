"""
prepare the Criteo click log
source: https://ailab.criteo.com/ressources/
"""
import pandas as pd
from sklearn.preprocessing import KBinsDiscretizer, LabelEncoder
from data_preprocess.utils import sparse_faeture_dict
from sklearn.model_selection import train_test_split


def create_criteo_dataset(file, embed_dim=8, read_part=True, sample_num=100000, test_size=0.2):
    """

    :param file: path of the click log
    :param embed_dim: width of every embedding
    :param read_part: take only the first rows when True
    :param sample_num: how many rows to take when read_part is True
    :param test_size: share of rows held out
    :return:
    """
    cols = ['label', 'I1', 'I2', 'I3', 'I4', 'I5', 'I6', 'I7', 'I8', 'I9', 'I10', 'I11', 'I12', 'I13', 'C1', 'C2',
             'C3', 'C4', 'C5', 'C6', 'C7', 'C8', 'C9', 'C10', 'C11', 'C12', 'C13', 'C14', 'C15', 'C16', 'C17', 'C18',
             'C19', 'C20', 'C21', 'C22', 'C23', 'C24', 'C25', 'C26']
    if read_part:
        # chunked reader; only the first chunk is taken
        reader = pd.read_csv(file, sep='\t', header=None, iterator=True, names=cols)
        frame = reader.get_chunk(sample_num)
    else:
        frame = pd.read_csv(file, sep=',', header=None, names=cols)

    num_cols = ['I' + str(i) for i in range(1, 14)]  # numeric fields
    cat_cols = ['C' + str(i) for i in range(1, 27)]  # categorical fields
    all_cols = num_cols + cat_cols

    print("filling blanks")
    frame[num_cols] = frame[num_cols].fillna(0)
    frame[cat_cols] = frame[cat_cols].fillna('-1')  # a string so the encoder treats it as a category

    # bucket the numeric fields into 100 equal-width bins
    # (they could also be left as raw values)
    binner = KBinsDiscretizer(n_bins=100, encode='ordinal', strategy='uniform')
    frame[num_cols] = binner.fit_transform(frame[num_cols])

    # integer codes for the categorical fields
    for col in cat_cols:
        enc = LabelEncoder()
        frame[col] = enc.fit_transform(frame[col])

    # every field is now categorical, so one description per field
    # codes start at 0, hence the +1 on the vocabulary size
    field_info = [sparse_faeture_dict(feat_name=col, feat_num=int(frame[col].max()) + 1, embed_dim=embed_dim)
                      for col in all_cols]

    # the held-out part serves as validation
    fit_part, hold_part = train_test_split(frame, test_size=test_size)

    x_fit = fit_part[all_cols].values.astype('int32')
    y_fit = fit_part['label'].values.astype('int32')
    x_hold = hold_part[all_cols].values.astype('int32')
    y_hold = hold_part['label'].values.astype('int32')

    return field_info, (x_fit, y_fit), (x_hold, y_hold)
