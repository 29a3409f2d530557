from torch.utils.data import Dataset
import numpy as np
import os
import re

import numpy as np
import pandas as pd
pd.set_option('max_columns', 150)

WEATHER_KEYS_IDX = [0, 8, 11]
WEATHER_VALUES_IDX = [1, 3, 5, 6, 7]

MONTHS = 12
DAYS = 7
HOURS = 24

METER_IDX = 1
Y_IDX = 2
DF_MONTH_IDX = 4
DF_DAYWEEK_IDX = 5
DF_HOUR_IDX = 6

PRIMARY_USE_IDX = 2

METER_LEN = 4
DF_DATA_LEN = METER_LEN+MONTHS+DAYS+HOURS
TYPES_LEN = 16
BUILDING_DATA_LEN = TYPES_LEN+3-2
WEATHER_DATA_LEN = len(WEATHER_VALUES_IDX)
INPUT_LEN = DF_DATA_LEN+BUILDING_DATA_LEN+WEATHER_DATA_LEN



IDX_GROUPS = (range(0,METER_LEN), range(METER_LEN,METER_LEN+MONTHS), range(METER_LEN+MONTHS, METER_LEN+MONTHS+DAYS),
              range(METER_LEN+MONTHS+DAYS, DF_DATA_LEN), range(DF_DATA_LEN,DF_DATA_LEN+TYPES_LEN),
              DF_DATA_LEN+TYPES_LEN, DF_DATA_LEN+TYPES_LEN+1, DF_DATA_LEN+TYPES_LEN+2,
              DF_DATA_LEN+BUILDING_DATA_LEN, DF_DATA_LEN+BUILDING_DATA_LEN+1,DF_DATA_LEN+BUILDING_DATA_LEN+2,
              DF_DATA_LEN+BUILDING_DATA_LEN+3, DF_DATA_LEN+BUILDING_DATA_LEN+4, DF_DATA_LEN+BUILDING_DATA_LEN+5,
              DF_DATA_LEN+BUILDING_DATA_LEN+6)

BUILDING_DATA_COLS_TO_STANDARIZE = ['square_feet', 'year_built', 'floor_count']
WEATHER_COLS_TO_STANDARIZE = ['air_temperature', 'cloud_coverage', 'dew_temperature', 'precip_depth_1_hr',
                              'sea_level_pressure', 'wind_direction', 'wind_speed']

class MeterRows(Dataset):
    def __init__(self, root = './Data', charge_train=True, charge_test=False, normalize=True, erase_nans=False):

        bmeta = pd.read_csv(os.path.join(root, 'building_metadata.csv'))
        bmeta['primary_use'] = np.unique(bmeta.to_numpy()[:, 2], return_inverse=True)[1]
        idx = [bmeta.columns.get_loc(c) for c in BUILDING_DATA_COLS_TO_STANDARIZE]
        self.bmeta = bmeta.to_numpy().astype(np.float32)
        if not erase_nans:
            self.bmeta = fill_nans(data=self.bmeta, operation='median')
        self.bmeta = zscore_cols(data=self.bmeta, idx=idx)

        if charge_train:
            readings = pd.read_csv(os.path.join(root,'train.csv'))

            readings["timestamp"] = pd.to_datetime(readings["timestamp"])
            readings['day_year'] = readings["timestamp"].dt.dayofyear
            readings['month'] = readings["timestamp"].dt.month
            readings['day'] = readings["timestamp"].dt.dayofweek
            readings['hour'] = readings["timestamp"].dt.hour
            del readings['timestamp']

            wtrain = pd.read_csv(os.path.join(root, 'weather_train.csv'))
            wtrain["timestamp"] = pd.to_datetime(wtrain["timestamp"])

            wtrain['day_year'] = wtrain["timestamp"].dt.dayofyear
            wtrain['month'] = wtrain["timestamp"].dt.month
            wtrain['day'] = wtrain["timestamp"].dt.dayofweek
            wtrain['hour'] = wtrain["timestamp"].dt.hour
            del wtrain['timestamp']
            idx = [wtrain.columns.get_loc(c) for c in WEATHER_COLS_TO_STANDARIZE]

            wtrain = wtrain.to_numpy()
            wtrain, w_mu, w_sd = zscore_cols(wtrain, idx=idx, return_mean_and_std=True)
            if not erase_nans:
                wtrain = fill_nans(data=wtrain, operation='median')
            if not charge_test:
                self.wtrain = {tuple(kk) : vv for kk, vv in zip(wtrain[:, WEATHER_KEYS_IDX].astype(np.int), wtrain[:, WEATHER_VALUES_IDX])}

                self.readings = readings.to_numpy().astype(np.float32)
                if not erase_nans:
                    self.readings = fill_nans(data=self.readings, operation='median')

                self.train_charged = True
            else:
                del wtrain
                del readings
                self.train_charged = False
        if charge_test:
            readings_test = pd.read_csv(os.path.join(root, 'test.csv'))

            readings_test["timestamp"] = pd.to_datetime(readings_test["timestamp"])
            readings_test['day_year'] = readings_test["timestamp"].dt.dayofyear
            readings_test['month'] = readings_test["timestamp"].dt.month
            readings_test['day'] = readings_test["timestamp"].dt.dayofweek
            readings_test['hour'] = readings_test["timestamp"].dt.hour
            del readings_test['timestamp']

            wtest = pd.read_csv(os.path.join(root, 'weather_test.csv'))
            wtest["timestamp"] = pd.to_datetime(wtest["timestamp"])

            wtest['day_year'] = wtest["timestamp"].dt.dayofyear
            wtest['month'] = wtest["timestamp"].dt.month
            wtest['day'] = wtest["timestamp"].dt.dayofweek
            wtest['hour'] = wtest["timestamp"].dt.hour
            del wtest['timestamp']

            idx = [wtest.columns.get_loc(c) for c in WEATHER_COLS_TO_STANDARIZE]
            wtest = wtest.to_numpy()
            wtest = zscore_cols(wtest, idx=idx, mean=w_mu, std=w_sd)
            if not erase_nans:
                wtest = fill_nans(data=wtest, operation='median')
            self.wtest = {tuple(kk) : vv for kk, vv in zip(wtest[:, WEATHER_KEYS_IDX].astype(np.int), wtest[:, WEATHER_VALUES_IDX])}

            self.readings_test = readings_test.to_numpy().astype(np.float32)
            if not erase_nans:
                self.readings_test = fill_nans(data=self.readings_test,operation='median')

            self.test_charged = True


        self.charge = 'Train'

        msg = 'Loaded'
        if charge_train:
            msg += ' fit rows '
        if charge_test:
            msg += ' test rows '
        print(msg)

    def __len__(self):
        return len(self.readings) if self.charge.lower() == 'train' else len(self.readings_test)


    def __getitem__(self, idx):
        bm = self.bmeta
        if self.charge.lower() == 'train':
            wtab = self.wtrain
            row = self.readings[idx]
        else:
            wtab = self.wtest
            row = self.readings_test[idx]

            row[0], row[1], row[2] = row[1], row[2], row[0]

        brow = bm[int(row[0])]
        wkey = (int(brow[0]), int(row[3]), int(row[-1]))
        if wkey not in wtab or np.isnan(wtab[wkey]).any():
            wkey = next_known_hour(wkey, wtab)
        wrow = wtab[wkey]
        feat = assemble_row(row, brow, wrow)

        label = row[Y_IDX]
        if np.sum(np.isnan(feat))>0:
            feat = np.zeros(shape=INPUT_LEN, dtype=np.float32)
            label = np.float32(0.)
        return (feat, label)


def assemble_row(row, brow, wrow):
    feat = np.zeros(shape=INPUT_LEN, dtype=np.float32)
    #One Hot Encoding the Meter, Month, Day of Week and Hour Variables
    feat[int(row[METER_IDX])] = 1.
    feat[METER_LEN+int(row[DF_MONTH_IDX])] = 1.
    feat[METER_LEN+MONTHS+int(row[DF_DAYWEEK_IDX])] = 1.
    feat[METER_LEN + MONTHS + DAYS + int(row[DF_HOUR_IDX])] = 1.
    #One Hot Encoding the Primary Use Variable
    feat[DF_DATA_LEN+int(brow[PRIMARY_USE_IDX])] = 1.

    feat[DF_DATA_LEN+TYPES_LEN:DF_DATA_LEN+BUILDING_DATA_LEN] = brow[-3]


    feat[DF_DATA_LEN+BUILDING_DATA_LEN:] = wrow
    return feat

def zscore_cols(data, idx, mean=None, std=None, return_mean_and_std=False):
    if mean is None:
        mean = np.nanmean(data[...,idx],axis=0)
    if std is None:
        std = np.nanstd(data[...,idx],axis=0)
    data[...,idx] = (data[...,idx]-mean)/std
    if not return_mean_and_std:
        return data
    else:
        return data, mean, std

def fill_nans(data, operation='mean'):
    for b in range(data.shape[-1]):
        if operation.lower() == 'mean':
            data[np.isnan(data[...,b]),b] = np.nanmean(data[...,b])
        elif operation.lower() == 'median':
            data[np.isnan(data[..., b]), b] = np.nanmedian(data[..., b])
        elif operation.lower() == '-1':
            data[np.isnan(data[..., b]), b] = -1
    return data

def next_known_hour(kk, data):
    site, dd, hh = kk

    while(not (site, dd, hh) in data):
        hh = (hh+1)%24
        dd += int(hh == 0)

    return (site, dd, hh)