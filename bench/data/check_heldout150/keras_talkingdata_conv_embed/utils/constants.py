# fraction of rows held out for validation
HOLDOUT_FRAC = 0.1
SPLIT_SEED = 17
# row window of the click log used for fitting
ROW_START = 50000000
ROW_STOP = 150000000

COL_TYPES = {
    'ip'            : 'uint32',
    'app'           : 'uint16',
    'device'        : 'uint16',
    'os'            : 'uint16',
    'channel'       : 'uint16',
    'is_attributed' : 'uint8',
    'click_id'      : 'uint32',
}

FIT_READ_ARGS = {
    "parse_dates": ['click_time'],
    "dtype": COL_TYPES, 
    "usecols": ['ip','app','device','os', 'channel', 'click_time', 'is_attributed']
}

SUB_READ_ARGS = {
    "parse_dates": ['click_time'],
    "dtype": COL_TYPES, 
    "usecols": ['ip','app','device','os', 'channel', 'click_time', 'click_id']
}

SPLIT_ARGS = {
    "test_size": HOLDOUT_FRAC,
    "random_state": SPLIT_SEED
}

N_FIT_ROWS = ROW_STOP - ROW_START
HOLDOUT_ROWS = 25000000
INPUT_DIR = "/data/clicklog/input"
FULL_TRAIN_CSV = "/data/clicklog/input/train.csv"
SUBMIT_CSV = "/data/clicklog/input/test.csv"
HOLDOUT_CSV = "/data/clicklog/input/valid_oof.csv"

PART_CSVS = [
    "/data/clicklog/input/chunk_1.csv",
    "/data/clicklog/input/valid_oof.csv"
]


LABEL = 'is_attributed'

FEATURES = ['nextClick', 'nextClick_shift', 'app', 'device', 'os', 
'channel', 'hour', 'day', 'ip_tcount', 'ip_tchan_count', 'ip_app_count', 
'ip_app_os_count', 'ip_app_os_var', 'ip_app_channel_var_day', 'ip_app_channel_mean_hour', 
'X0', 'X1', 'X2', 'X3', 'X4', 'X5', 'X6', 'X7', 'X8']

CAT_FEATURES = ['app', 'device', 'os', 'channel', 'hour', 'day']
