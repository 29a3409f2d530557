import torch
import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split
from torch.utils.data import Dataset, DataLoader
import datetime

def read_tables():

    frame = pd.read_csv('train.csv')
    info = pd.read_csv('building_info.csv')
    frame = pd.merge(frame, info, on='building_id')
    frame = frame[frame['building_id'] == 1]

    return frame


def patch_gaps(frame, col):
    for r in range(len(frame)):
        if pd.isna(frame.loc[r, col]):
            
            before = frame.loc[r-4:r-1, col].sum()
            after = frame.loc[r+1:r+4, col].sum()
            mean_val = (before + after) / 8

            frame.loc[r, col] = mean_val
    return frame


def cooling_hours(frame, n_buildings):
    work = frame.copy()
    out_all = np.array([])
    for b in range(1, n_buildings+1, 1):
        acc = []
        part = work[work['building_num'] == n_buildings]
        temps = part['temperature'].values
        for k in range(len(temps)):
            if k < 11:
                acc.append(np.sum(temps[:(k+1)] - 26))
            else:
                acc.append(np.sum(temps[(k-11):(k+1)] - 26))
        
        out_all = np.concatenate([out_all, acc])
    
    return out_all


def build_features(table):

    table = table.drop(columns=['num_date_time', 'sunshine_hr', 'solar_mj', 'building_type', 'pv_kw', 'ess_kwh', 'pcs_kw'])
    table.columns = ['building_num', 'date', 'temperature', 'precipitation', 'windspeed', 'humidity', 'power_consumption', 'total_area', 'cooling_area']

    table['precipitation'].fillna(0, inplace=True)
    table = patch_gaps(table, 'windspeed')
    table = patch_gaps(table, 'humidity')

    table['date'] = pd.to_datetime(table['date'], format='%Y%m%d %H')

    # month column left out
    table['day'] = table.date.dt.day
    table['weekday'] = table.date.dt.weekday
    table['hour'] = table.date.dt.hour
    # date column left as is

    # periodic day encoding left out
    # periodic weekday encoding left out
    # periodic hour encoding left out

    # sin weekday left out
    # cos weekday left out
    # sin hour left out
    # cos hour left out

    # month dummies left out
    # month dummies concat left out

    table['holiday'] = table.apply(lambda row : 0 if row['day']<5 else 1, axis = 1)
    table.loc[(table.date == datetime.date(2022, 6, 6))&(table.date == datetime.date(2022, 8, 15)), 'holiday'] = 1

    table['DI'] = 9/5*table['temperature'] - 0.55*(1 - table['humidity']/100) * (9/5*table['humidity'] - 26) + 32

    table['CDH'] = cooling_hours(table, 1)

    table = table.drop(columns=['date'])
    table = pd.concat([table.iloc[:,0:5], table.iloc[:,6:], table.iloc[:,5:6]], axis=1)

    table = table[[
        'building_num', 'total_area', 'cooling_area', # fixed per building
        'day', 'weekday', 'hour', 'holiday', # known ahead
        'temperature', 'precipitation', 'windspeed', 'humidity', 'DI', 'CDH', # measured
        'power_consumption' # to forecast
        ]]

    return table, table.columns


def split_frames(table):

    fit_part, test_part = train_test_split(table, test_size=24*7, shuffle=False)
    fit_part, val_part = train_test_split(table, test_size=24*7, shuffle=False)
    val_part = pd.concat([fit_part[-24:], val_part]).reset_index(drop=True)
    test_part = pd.concat([val_part[-24:], test_part]).reset_index(drop=True)

    return fit_part, val_part, test_part


def make_loaders(fit_part, val_part, test_part, batch_size):

    fit_loader = DataLoader(fit_part, batch_size=batch_size, shuffle=True)
    val_loader = DataLoader(val_part, batch_size=1, shuffle=False)
    test_loader = DataLoader(test_part, batch_size=1, shuffle=False)

    return fit_loader, val_loader, test_loader


class FusionWindows(Dataset):
    def __init__(self,
                 table:pd.DataFrame,
                 enc_len:int,
                 dec_len:int,
                 static_cols:list[str],
                 known_cols:list[str],
                 past_cat_cols:list[str],
                 past_num_cols:list[str],
                 target_col:str,
                 stride=1
                 ):
        super(FusionWindows, self).__init__()
        
        self.table = table
        self.enc_len = enc_len
        self.dec_len = dec_len
        self.stride = stride

        self.static_part = table[static_cols]
        self.known_part = table[known_cols]
        self.past_cat_part = table[past_cat_cols]
        self.past_num_part = table[past_num_cols]
        self.target_part = table[target_col]

        for c in self.static_part.columns:
            levels = self.static_part[c].unique()
            codes = {v: j+1 for j, v in enumerate(levels)}
            self.static_part[c] = self.static_part[c].map(codes)

    def __len__(self):

        n = (len(self.table) - self.enc_len - self.dec_len) // self.stride + 1
        
        return n

    def __getitem__(self, i):

        s = torch.tensor(self.static_part[i:i+1].to_numpy())
        f = torch.tensor(self.known_part[i+self.enc_len:i+self.enc_len+self.dec_len].to_numpy())
        pc = torch.tensor(self.past_cat_part[i:i+self.enc_len].to_numpy())
        pn = torch.tensor(self.past_num_part[i:i+self.enc_len].to_numpy())
        t = torch.tensor(self.target_part[i+self.enc_len:i+self.enc_len+self.dec_len].to_numpy())

        return s, f, pc, pn, t
