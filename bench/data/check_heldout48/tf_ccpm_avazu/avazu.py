import pandas as pd
import seaborn as sns
import matplotlib.pyplot as plt
from sklearn.preprocessing import LabelEncoder
from sklearn.model_selection import train_test_split
import joblib
from data_preprocess.utils import sparse_faeture_dict

# note: try the full run on bigger hardware; the test run lives on kaggle
"""
eleven days of clicks: train.csv has 40M+ rows, test.csv 4M+ rows
fields of the avazu log:
id : ad id, treated as a category
click: 0/1
hour: YYMMDDHH, e.g. 14091123 is 23:00 on 11 Sept 2014 UTC.
banner_pos
site_id
site_domain
site_category
app_id
app_domain
app_category
device_id
device_ip
device_model
device_type
device_conn_type
C14-C21 -- anonymised categorical fields
"""


def create_avazu_dataset(path, read_part=True, samples_num=5000, embed_dim=8):
    print('preparing the click log')
    cat_cols = ['hour', 'id', 'C1', 'banner_pos', 'site_id', 'site_domain',
                       'site_category', 'app_id', 'app_domain', 'app_category', 'device_id',
                       'device_ip', 'device_model', 'device_type', 'device_conn_type', 'C14',
                       'C15', 'C16', 'C17', 'C18', 'C19', 'C20', 'C21']

    fit_file = path + '/train.gz'
    test_file = path + '/test.gz'
    print('reading files')
    if read_part:
        fit_frame = pd.read_csv(fit_file, nrows=samples_num)
    else:
        fit_frame = pd.read_csv(fit_file)
    test_frame = pd.read_csv(test_file)

    # only eleven days in Oct 2014, so keep just the hour of day
    fit_frame['hour'] = fit_frame['hour'].apply(str)
    fit_frame['hour'] = fit_frame['hour'].map(lambda s: int(s[6:8]))  # int() drops the leading zero
    test_frame['hour'] = test_frame['hour'].apply(str)
    test_frame['hour'] = test_frame['hour'].map(lambda s: int(s[6:8]))
    print('files read')
    print('encoding categories')
    # categorical fields
    enc = LabelEncoder()
    for col in cat_cols:
        seen = pd.concat([fit_frame[col], test_frame[col]]).unique()
        enc.fit(seen)
        fit_frame[col] = enc.transform(fit_frame[col])
        test_frame[col] = enc.transform(test_frame[col])

    print('categories encoded')
    # keep the encoder for the test run
    # saving it is switched off
    # a day-of-month field was considered
    # an hour field with 24 values was considered
    field_info = [sparse_faeture_dict(feat_name=col, feat_num=fit_frame[col].max() + 1, embed_dim=embed_dim)
                        for col in cat_cols]

    fit_part, val_part = train_test_split(fit_frame, test_size=0.2, shuffle=True)
    x_fit = fit_part[cat_cols].values.astype('int32')
    y_fit = fit_part['click'].values.astype('int32')
    x_val = val_part[cat_cols].values.astype('int32')
    y_val = val_part['click'].values.astype('int32')
    test_frame = test_frame[cat_cols].values.astype('int32')

    print('preparation done')
    return (x_fit, y_fit), (x_val, y_val), test_frame, field_info


def avazu_dataset_analysis(path, read_part=True, samples_num=5000):
    """
    notes: https://blog.csdn.net/u014128608/article/details/93393175
    """
    fit_file = path + '/train.csv'
    fit_frame = pd.read_csv(fit_file, nrows=samples_num)
    # overview
    # (info)
    # missing values
    # (isnull)
    # distributions
    # (describe)
    # loop over C14..C21
    #     count plot per field
    #     show
    # (unique C1)


def gen_commit_result(path):
    ids = pd.read_csv(path + '/res.csv')
    preds = pd.read_csv(path + '/result.csv')
    ids['click'] = preds['click']
    ids.to_csv('res.csv', index=False)


# entry point kept off:
#     data root
    # look at the data
    # (analysis)

    # (build)

    # (submit)
