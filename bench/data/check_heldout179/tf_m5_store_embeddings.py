# store modelled by this run
STORE = 'CA_1'

# training window (day indices)
FIRST_TRAIN_DAY=600
LAST_TRAIN_DAY= 1941

# cross-validation: three 28-day folds
VALID_SET_LENGTH = 28
CV_STEPS = 3

PATH_TO_FILE = "/data/m5-forecasting-accuracy"

import pandas as pd
import numpy as np
import gc
import os
from typing import Union
from tqdm.notebook import tqdm_notebook as tqdm

import matplotlib.pyplot as plt
import seaborn as sns; sns.set()

from sklearn.metrics import mean_squared_error
from scipy.sparse import csr_matrix

from sklearn.preprocessing import OrdinalEncoder, StandardScaler
from sklearn.impute import SimpleImputer

import tensorflow as tf
import tensorflow.keras as keras

from tensorflow.keras import regularizers
from tensorflow.keras.layers import Dense, Input, Embedding, Dropout, concatenate, Flatten, BatchNormalization
from tensorflow.keras.models import Model


# downcast numeric columns to the smallest type that holds their range
def reduce_memory_usage(df, verbose=True):
    numerics = ['int16', 'int32', 'int64', 'float16', 'float32', 'float64']
    start_mem = df.memory_usage().sum() / 1024**2
    for col in df.columns:
        col_type = df[col].dtypes
        if col_type in numerics:
            c_min = df[col].min()
            c_max = df[col].max()
            if str(col_type)[:3] == 'int':
                if c_min > np.iinfo(np.int8).min and c_max < np.iinfo(np.int8).max:
                    df.loc[:,col] = df[col].astype(np.int8)
                elif c_min > np.iinfo(np.int16).min and c_max < np.iinfo(np.int16).max:
                    df.loc[:,col] = df[col].astype(np.int16)
                elif c_min > np.iinfo(np.int32).min and c_max < np.iinfo(np.int32).max:
                    df.loc[:,col] = df[col].astype(np.int32)
                elif c_min > np.iinfo(np.int64).min and c_max < np.iinfo(np.int64).max:
                    df.loc[:,col] = df[col].astype(np.int64)
            else:
                if c_min > np.finfo(np.float16).min and c_max < np.finfo(np.float16).max:
                    df.loc[:,col] = df[col].astype(np.float16)
                elif c_min > np.finfo(np.float32).min and c_max < np.finfo(np.float32).max:
                    df.loc[:,col] = df[col].astype(np.float32)
                else:
                    df.loc[:,col] = df[col].astype(np.float64)
    end_mem = df.memory_usage().sum() / 1024**2
    if verbose: print('Mem. usage decreased to {:5.2f} Mb ({:.1f}% reduction)'.format(end_mem, 100 * (start_mem - end_mem) / start_mem))
    return df


# readers for the M5 CSVs; each returns the store slice and the full table
def load_sales_data(path=PATH_TO_FILE):
    print('Load sales data ...')
    sales_all = pd.read_csv(os.path.join(path, "sales_train_evaluation.csv"))
    sales=sales_all[sales_all.store_id==STORE].copy()
    return sales, sales_all

def load_calendar_data(path=PATH_TO_FILE):
    print('Load calendar data ...')
    calendar_all = pd.read_csv(os.path.join(path, "calendar.csv"))
    if 'CA' in STORE:
        calendar=calendar_all.drop(['snap_TX','snap_WI'], axis=1)
    elif 'TX' in STORE:
        calendar=calendar_all.drop(['snap_CA','snap_WI'], axis=1)
    elif 'WI' in STORE:
        calendar=calendar_all.drop(['snap_CA','snap_TX'], axis=1)
    return calendar, calendar_all


def load_price_data(path=PATH_TO_FILE):
    print('Load price data ...')
    prices_all = pd.read_csv(os.path.join(path, "sell_prices.csv"))
    prices=prices_all[prices_all.store_id==STORE]
    return prices, prices_all


# read everything
sales, sales_all = load_sales_data()
calendar, calendar_all = load_calendar_data()
prices, prices_all = load_price_data()

sample_submission = pd.read_csv(os.path.join(PATH_TO_FILE, "sample_submission.csv"))
sales_copy = sales.copy()

# competition metric helper (weighted RMSSE over 12 aggregation levels)
class WRMSSEEvaluator(object):

    def __init__(self, train_df: pd.DataFrame, valid_df: pd.DataFrame,
                 calendar: pd.DataFrame, prices: pd.DataFrame):
        train_y = train_df.loc[:, train_df.columns.str.startswith('d_')]
        train_target_columns = train_y.columns.tolist()
        weight_columns = train_y.iloc[:, -28:].columns.tolist()

        train_df['all_id'] = 'all'

        id_columns = train_df.loc[:, ~train_df.columns.str.startswith('d_')]\
                     .columns.tolist()
        valid_target_columns = valid_df.loc[:, valid_df.columns.str.startswith('d_')]\
                               .columns.tolist()

        if not all([c in valid_df.columns for c in id_columns]):
            valid_df = pd.concat([train_df[id_columns], valid_df],
                                 axis=1, sort=False)

        self.train_df = train_df
        self.valid_df = valid_df
        self.calendar = calendar
        self.prices = prices

        self.weight_columns = weight_columns
        self.id_columns = id_columns
        self.valid_target_columns = valid_target_columns

        weight_df = self.get_weight_df()

        self.group_ids = (
            'all_id',
            'state_id',
            'store_id',
            'cat_id',
            'dept_id',
            ['state_id', 'cat_id'],
            ['state_id', 'dept_id'],
            ['store_id', 'cat_id'],
            ['store_id', 'dept_id'],
            'item_id',
            ['item_id', 'state_id'],
            ['item_id', 'store_id']
        )

        for i, group_id in enumerate(tqdm(self.group_ids)):
            train_y = train_df.groupby(group_id)[train_target_columns].sum()
            scale = []
            for _, row in train_y.iterrows():
                series = row.values[np.argmax(row.values != 0):]
                scale.append(((series[1:] - series[:-1]) ** 2).mean())
            setattr(self, f'lv{i + 1}_scale', np.array(scale))
            setattr(self, f'lv{i + 1}_train_df', train_y)
            setattr(self, f'lv{i + 1}_valid_df', valid_df.groupby(group_id)\
                    [valid_target_columns].sum())

            lv_weight = weight_df.groupby(group_id)[weight_columns].sum().sum(axis=1)
            setattr(self, f'lv{i + 1}_weight', lv_weight / lv_weight.sum())

    def get_weight_df(self) -> pd.DataFrame:
        day_to_week = self.calendar.set_index('d')['wm_yr_wk'].to_dict()
        weight_df = self.train_df[['item_id', 'store_id'] + self.weight_columns]\
                    .set_index(['item_id', 'store_id'])
        weight_df = weight_df.stack().reset_index()\
                   .rename(columns={'level_2': 'd', 0: 'value'})
        weight_df['wm_yr_wk'] = weight_df['d'].map(day_to_week)

        weight_df = weight_df.merge(self.prices, how='left',
                                    on=['item_id', 'store_id', 'wm_yr_wk'])
        weight_df['value'] = weight_df['value'] * weight_df['sell_price']
        weight_df = weight_df.set_index(['item_id', 'store_id', 'd'])\
                    .unstack(level=2)['value']\
                    .loc[zip(self.train_df.item_id, self.train_df.store_id), :]\
                    .reset_index(drop=True)
        weight_df = pd.concat([self.train_df[self.id_columns],
                               weight_df], axis=1, sort=False)
        return weight_df

    def rmsse(self, valid_preds: pd.DataFrame, lv: int) -> pd.Series:
        valid_y = getattr(self, f'lv{lv}_valid_df')
        score = ((valid_y - valid_preds) ** 2).mean(axis=1)
        scale = getattr(self, f'lv{lv}_scale')
        return (score / scale).map(np.sqrt)

    def score(self, valid_preds: Union[pd.DataFrame,
                                       np.ndarray]) -> float:
        assert self.valid_df[self.valid_target_columns].shape \
               == valid_preds.shape

        if isinstance(valid_preds, np.ndarray):
            valid_preds = pd.DataFrame(valid_preds,
                                       columns=self.valid_target_columns)

        valid_preds = pd.concat([self.valid_df[self.id_columns],
                                 valid_preds], axis=1, sort=False)

        all_scores = []
        for i, group_id in enumerate(self.group_ids):

            valid_preds_grp = valid_preds.groupby(group_id)[self.valid_target_columns].sum()
            setattr(self, f'lv{i + 1}_valid_preds', valid_preds_grp)

            lv_scores = self.rmsse(valid_preds_grp, i + 1)
            setattr(self, f'lv{i + 1}_scores', lv_scores)

            weight = getattr(self, f'lv{i + 1}_weight')
            lv_scores = pd.concat([weight, lv_scores], axis=1,
                                  sort=False).prod(axis=1)

            all_scores.append(lv_scores.sum())

        self.all_scores = all_scores

        return np.mean(all_scores)

# put one store's predictions into the layout the evaluator expects
def prepare_store_prediction_for_WRMSSE_dashboard(pred, sales_all=sales_all):
    sub = sales_all[['id']+[f'd_{d}' for d in range(pred.d.min(), pred.d.max()+1)]]
    sub = sub[sub.id.str.endswith('_evaluation')].copy()
    sub = sub.set_index(['id'])

    pred = pred.assign(id=pred.id, d_="d_" + (pred.d).astype("str"))
    pred = pred.pivot(index='id', columns="d_", values="sales")

    sub.update(pred)

    new_index=sales_all[['id','item_id','store_id']].copy()
    sub = sub.reset_index().merge(new_index, how='left', on=['id']).set_index(['item_id','store_id'])
    sub = sub.drop(['id'], axis=1)

    return sub

# one evaluator per CV fold, built on the full sales table
WRMSSE_evaluators = {}
for CV_step in range(1,CV_STEPS+1):
    print(f'Build WRMSSE_evaluator for CV step {CV_step} ...')

    CV_start = FIRST_TRAIN_DAY
    if CV_step == CV_STEPS:
        CV_end = LAST_TRAIN_DAY - 364 + VALID_SET_LENGTH
    else:
        CV_end = LAST_TRAIN_DAY - (CV_step-1)*VALID_SET_LENGTH

    print(f'validation start day: {CV_end-VALID_SET_LENGTH+1}')
    print(f'validation day: {CV_end}')

    train_df = sales_all.drop([f'd_{i}' for i in range(1,CV_start)]
                              +[f'd_{i}' for i in range(CV_end - VALID_SET_LENGTH +1,LAST_TRAIN_DAY+1)], axis=1)
    valid_df = sales_all[[f'd_{i}' for i in range(CV_end - VALID_SET_LENGTH +1,CV_end +1)]]

    calendar_n = calendar_all.iloc[ CV_start-1 : CV_end, : ]

    prices_start = calendar_all['wm_yr_wk'][CV_start-1]
    prices_end = calendar_all['wm_yr_wk'][CV_end-1]
    prices_n = prices_all.loc[(prices_all.wm_yr_wk>=prices_start) & (prices_all.wm_yr_wk<=prices_end), :]

    WRMSSE_evaluators[f'eval_CV_{CV_step}'] = WRMSSEEvaluator(train_df, valid_df, calendar_n, prices_n)

sales.head()

sales.info()

# wide day columns -> long rows
def prepare_sales_data(df, first_train_day=FIRST_TRAIN_DAY):

    df = df.drop(['state_id', 'store_id'], axis=1)

    last_train_day = int(df.columns[-1].replace('d_',''))
    for day in range(last_train_day+1, last_train_day+ 28 +1):
        df[f"d_{day}"] = np.nan

    if first_train_day != None:
        df = df.drop(["d_" + str(i + 1) for i in range(first_train_day)], axis=1).copy()
    id_vars = [col for col in df.columns if not col.startswith("d_")]
    df = df.melt(id_vars = id_vars, var_name = "d", value_name = "sales")

    df = df.assign(d=df.d.str[2:].astype("int16"))

    df = reduce_memory_usage(df)

    return df


sales = prepare_sales_data(sales)
gc.collect()
sales.head()


# lagged and rolling sales statistics per item
def create_sales_features(df, params):
    if params['activate']:
        lag = params['lag']
        print(f'shift_lag: {lag}')
        if params['lag_feature'] == True:
            df.loc[:,f'lag_l{lag}'] = df.groupby(['id'])['sales'].transform(lambda x: x.shift(lag))
        if params['roll_mean_win'] != []:
            for win in params['roll_mean_win']:
                print(f'rolling_mean: {lag}/{win}')
                df[f'rolling_mean_l{lag}_w{win}'] = df.groupby(['id'])['sales'].transform(lambda x: x.shift(lag).rolling(win).mean())
        if params['roll_median_win'] != []:
            for win in params['roll_median_win']:
                print(f'rolling_median: {lag}/{win}')
                df[f'rolling_median_l{lag}_w{win}'] = df.groupby(['id'])['sales'].transform(lambda x: x.shift(lag).rolling(win).median())
        if params['roll_std_win'] != []:
            for win in params['roll_std_win']:
                print(f'rolling_std: {lag}/{win}')
                df[f'rolling_std_l{lag}_w{win}'] = df.groupby(['id'])['sales'].transform(lambda x: x.shift(lag).rolling(win).std())
    return df


# which lag/window features are switched on
params_lag7 = {'activate': True,
               'lag': 7,
               'lag_feature':True,
               'roll_mean_win':[7],
               'roll_median_win':[7],
               'roll_std_win':[7]}

params_lag14 = {'activate': False,
               'lag': 14,
               'lag_feature':True,
               'roll_mean_win':[7],
               'roll_median_win':[7],
               'roll_std_win':[7]}

params_lag21 = {'activate': False,
               'lag': 21,
               'lag_feature':True,
               'roll_mean_win':[7],
               'roll_median_win':[7],
               'roll_std_win':[7]}

params_lag28 = {'activate': True,
               'lag': 28,
               'lag_feature':True,
               'roll_mean_win':[7,28],
               'roll_median_win':[7,28],
               'roll_std_win':[7,28]}

params_lag182 = {'activate': False,
               'lag': 182,
               'lag_feature':True,
               'roll_mean_win':[28],
               'roll_median_win':[],
               'roll_std_win':[]}

params_lag364 = {'activate': False,
               'lag': 364,
               'lag_feature':True,
               'roll_mean_win':[7,28],
               'roll_median_win':[],
               'roll_std_win':[]}


sales = create_sales_features(sales, params_lag7)
sales = create_sales_features(sales, params_lag14)
sales = create_sales_features(sales, params_lag21)
sales = create_sales_features(sales, params_lag28)
sales = create_sales_features(sales, params_lag182)
sales = create_sales_features(sales, params_lag364)


# lag+window span of each engineered column
def return_df_with_lag_and_win_per_column(df):
    df_shift = pd.DataFrame({'lag+win': [0 for col in df.columns]}, index = df.columns)
    for col in df.columns:
        if '_l' in col:
            pre = col.split('_l')[1]
            if '_w' in pre:
                lag = int(pre.split('_w')[0])
                win = int(pre.split('_w')[1])
                total = lag + win
            else:
                lag = int(pre)
                win = 0
                total = lag
            df_shift.loc[col, 'lag'] = lag
            df_shift.loc[col, 'win'] = win
            df_shift.loc[col, 'lag+win'] = total
    return df_shift.loc[df_shift['lag+win']!=0]


mask = (return_df_with_lag_and_win_per_column(sales)['lag+win']).idxmax()
sales = sales[(sales.d >= 1914) | (pd.notna(sales[mask]))].copy()


sales.info()

calendar.head()

calendar.info()

# calendar cleanup
def prepare_calendar_data(df):
    df = df.drop(['date', 'weekday'], axis=1)

    df = df.assign(d = df.d.str[2:].astype(int))

    df = df.fillna('undefined')

    df = reduce_memory_usage(df)

    return df

calendar = prepare_calendar_data(calendar)
gc.collect()
calendar.head()

calendar.info()

prices.head()

prices.info()

# price cleanup and features
def prepare_price_data(df):
    df = df.drop(['store_id'], axis=1)

    df = reduce_memory_usage(df)

    return df

prices = prepare_price_data(prices)

prices.sell_price.isnull().value_counts()

def create_price_features(df):

    df["sell_price_rel_diff"] = df.groupby(["item_id"])["sell_price"].pct_change()

    df["sell_price_roll_sd7"] = df.groupby(["item_id"])["sell_price"].transform(lambda x: x.rolling(7).std())

    grouped = df.groupby(["item_id"])["sell_price"]
    df["sell_price_cumrel"] = (grouped.shift(0) - grouped.cummin()) / (1 + grouped.cummax() - grouped.cummin())

    df = reduce_memory_usage(df)

    return df


prices = create_price_features(prices)

prices.info()

# join sales, calendar and prices
data = sales.merge(calendar, how="left", on="d")
data = data.merge(prices, how="left", on=["wm_yr_wk", "item_id"])
data.drop(["wm_yr_wk"], axis=1, inplace=True)
del sales, calendar, prices
gc.collect()
data.head()

# feature groups
cat_features = ["item_id", "dept_id", "cat_id",
                'wday', 'month', 'year',
                'event_name_1', 'event_type_1', 'event_name_2', 'event_type_2']
bool_features = [f"snap_{STORE.split('_')[0]}"]
num_features = [e for e in data.columns if e not in cat_features + bool_features + ['d','sales','id']]
dense_features = num_features + bool_features


for i, feature in enumerate(num_features):
    data[feature] = data[feature].fillna(data[feature].median())


for i, feature in enumerate(cat_features):
    data[feature] = OrdinalEncoder(dtype="int").fit_transform(data[[feature]])


data = reduce_memory_usage(data)


# sanity check
def check_number_of_rows_with_NaNs(df, column='', last_train_day=LAST_TRAIN_DAY):
    if column == '':
        NaN_rows_all = len(df[(df.d<=last_train_day) & df.isna().any(axis=1)])
        print('rows containing NaN values: '+ str(NaN_rows_all))
    else:
        NaN_rows_all = len(df[(df.d<=last_train_day) & df.isna().any(axis=1)])
        NaN_rows_col = len(df[(df.d<=last_train_day) & df[column].isna()])
        print('rows containing NaN values (column/total): '+ str(NaN_rows_col)+'/'+ str(NaN_rows_all))

check_number_of_rows_with_NaNs(data)


# inputs keyed by the Keras input names
def create_input_dictionary_for_model(df):
    X = {"dense_features": df[dense_features].to_numpy()}
    for i, feature in enumerate(cat_features):
        X[feature] = df[[feature]].to_numpy()
    return X

def prepare_data_for_current_validation_step(data, current_CV_step):
    df_lag_win = return_df_with_lag_and_win_per_column(data)
    max_NaN_rows = max(df_lag_win['lag+win'])

    if current_CV_step == CV_STEPS:
        first_day = LAST_TRAIN_DAY - max_NaN_rows - 364 -1
        last_day = LAST_TRAIN_DAY + VALID_SET_LENGTH - 364
        pred_start_day =  last_day - VALID_SET_LENGTH +1
    else:
        first_day = LAST_TRAIN_DAY - current_CV_step*VALID_SET_LENGTH - max_NaN_rows -1
        last_day = LAST_TRAIN_DAY - (current_CV_step-1)*VALID_SET_LENGTH
        pred_start_day =  last_day - VALID_SET_LENGTH +1

    print(first_day)
    print(f'Validation range: {pred_start_day} - {last_day}\n')
    print('Prepare data ...\n')

    mask = data.d < pred_start_day
    X_train = create_input_dictionary_for_model(data[mask])
    y_train = data["sales"][mask]

    mask = (data.d >= pred_start_day) & (data.d <= last_day)
    X_valid = create_input_dictionary_for_model(data[mask])
    y_valid = data["sales"][mask]

    df_val = data[(data.d >= first_day) & (data.d <= last_day)].copy()
    df_val.loc[df_val.d >= pred_start_day, 'sales']=0
    for col, lag in df_lag_win.lag.items():
        df_val.loc[df_val.d > pred_start_day + lag, col]=0

    return X_train, y_train, X_valid, y_valid, df_val

gc.collect()

# embedding per categorical column plus an MLP
def create_model(loss=keras.losses.mean_squared_error,
                 metrics=['mse'],
                 optimizer=keras.optimizers.Nadam(learning_rate=0.0002)
                ):

    tf.random.set_seed(42)
    tf.keras.backend.clear_session()
    gc.collect()

    dense_input = Input(shape=(len(dense_features), ), name='dense_features')

    item_id_input = Input(shape=(1,), name='item_id')
    item_id_emb = Flatten()(Embedding(len(data['item_id'].unique()), 3)(item_id_input))

    dept_id_input = Input(shape=(1,), name='dept_id')
    dept_id_emb = Flatten()(Embedding(len(data['dept_id'].unique()), 1)(dept_id_input))

    cat_id_input = Input(shape=(1,), name='cat_id')
    cat_id_emb = Flatten()(Embedding(len(data['cat_id'].unique()), 1)(cat_id_input))

    wday_input = Input(shape=(1,), name='wday')
    wday_emb = Flatten()(Embedding(len(data['wday'].unique()), 1)(wday_input))

    month_input = Input(shape=(1,), name='month')
    month_emb = Flatten()(Embedding(len(data['month'].unique()), 1)(month_input))

    year_input = Input(shape=(1,), name='year')
    year_emb = Flatten()(Embedding(len(data['year'].unique()), 1)(year_input))

    event_name_1_input = Input(shape=(1,), name='event_name_1')
    event_name_1_emb = Flatten()(Embedding(len(data['event_name_1'].unique()), 1)(event_name_1_input))

    event_type_1_input = Input(shape=(1,), name='event_type_1')
    event_type_1_emb = Flatten()(Embedding(len(data['event_type_1'].unique()), 1)(event_type_1_input))

    event_name_2_input = Input(shape=(1,), name='event_name_2')
    event_name_2_emb = Flatten()(Embedding(len(data['event_name_2'].unique()), 1)(event_name_2_input))

    event_type_2_input = Input(shape=(1,), name='event_type_2')
    event_type_2_emb = Flatten()(Embedding(len(data['event_type_2'].unique()), 1)(event_type_2_input))

    inputs = [dense_input, wday_input, month_input,year_input, event_name_1_input, event_type_1_input,
              event_name_2_input, event_type_2_input, item_id_input, dept_id_input, cat_id_input]

    x = concatenate([dense_input, wday_emb, month_emb, year_emb, event_name_1_emb, event_type_1_emb,
                     event_name_2_emb, event_type_2_emb, item_id_emb, dept_id_emb,cat_id_emb])

    x = BatchNormalization()(x)
    x = Dense(30, activation="elu", kernel_initializer='he_normal')(x)
    x = BatchNormalization()(x)
    x = Dense(30, activation="elu", kernel_initializer='he_normal')(x)
    x = BatchNormalization()(x)
    x = Dense(30, activation="elu", kernel_initializer='he_normal')(x)
    x = BatchNormalization()(x)
    x = Dense(10, activation="elu", kernel_initializer='he_normal')(x)
    x = BatchNormalization()(x)
    output = Dense(1, activation="linear", name='output')(x)

    model = Model(inputs, output)

    model.compile(loss=loss, metrics=metrics, optimizer=optimizer)

    return model


# fit on one fold, then predict day by day
def predict_validation_data_for_current_validation_step(data, current_CV_step):

    X_train, y_train, X_valid, y_valid, data_val = prepare_data_for_current_validation_step(data, current_CV_step)

    print('Compile model ...\n')
    model = create_model(loss=keras.losses.mean_squared_error,
                         metrics=['mse'],
                         optimizer=keras.optimizers.Nadam(learning_rate=0.0002))

    print('Train model ...\n')
    history = model.fit(X_train,
                        y_train,
                        batch_size=10000,
                        epochs=20,
                        shuffle=True,
                        validation_data=(X_valid,y_valid))


    print('\n Predict validation data ...\n')
    lag = 7
    interval = 1

    if current_CV_step == CV_STEPS:
        start_day = LAST_TRAIN_DAY -364 +1
    else:
        start_day = LAST_TRAIN_DAY - current_CV_step*VALID_SET_LENGTH +1

    for i in range(start_day, data_val.d.max() +1):
        print(i)
        if i== start_day + interval*lag:
            data_val = create_sales_features(data_val, params_lag7)
            interval+=1
        if i== start_day + 2*lag:
            data_val = create_sales_features(data_val, params_lag14)
        if i== start_day + 3*lag:
            data_val = create_sales_features(data_val, params_lag21)

        X = create_input_dictionary_for_model(data_val[data_val.d == i])
        y_pred = model.predict(X, batch_size=10000)

        data_val.loc[data_val.d == i, "sales"] = y_pred.clip(0)

    print('\n')

    return data_val[data_val.d>=start_day]


# cross-validation loop
data_val={}
CV_scores=pd.DataFrame()

for CV_step in range(1,CV_STEPS+1):
    print(f'VALIDATION STEP {CV_step}\n')

    data_val[f'CV_{CV_step}'] = predict_validation_data_for_current_validation_step(data,CV_step)

    pred = prepare_store_prediction_for_WRMSSE_dashboard(data_val[f'CV_{CV_step}']).values
    W = WRMSSE_evaluators[f'eval_CV_{CV_step}'].score(pred)
    CV_scores[f'{STORE}_CV{CV_step}'] = [W]
    print('store-WRMSSE: ' + str(W)+'\n\n\n')

CV_scores[f'{STORE}_CV_mean'] = CV_scores.loc[0,:].mean()
CV_scores.to_csv(f"wrmsse_{STORE}.csv", index=True)
CV_scores
