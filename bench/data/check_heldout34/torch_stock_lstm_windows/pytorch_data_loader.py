import os
import glob
import pandas as pd
import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader
from sklearn.preprocessing import MinMaxScaler

class TickerWindowDataset(Dataset):
    def __init__(self, features_dir, window_len=60, split_name='train'):
        self.window_len = window_len
        self.window_list = []
        self.label_list = []
        
        # every per-ticker feature CSV
        glob_pattern = os.path.join(features_dir, "*.csv")
        ticker_csvs = glob.glob(glob_pattern)
        
        print(f"reading tickers for the {split_name.upper()} split...")
        
        for csv_path in ticker_csvs:
            # one ticker
            frame = pd.read_csv(csv_path, index_col='Date', parse_dates=True)
            frame.sort_index(inplace=True)
            
            # split by calendar year
            # train up to 2023, val 2024, test 2025 on
            if split_name == 'train':
                frame = frame[frame.index.year <= 2023]
            elif split_name == 'val':
                frame = frame[frame.index.year == 2024]
            elif split_name == 'test':
                frame = frame[frame.index.year >= 2025]
                
            # skip tickers with too few rows
            if len(frame) <= window_len:
                continue
                
            # inputs and label
            feature_values = frame.drop(columns=['Target']).values
            labels = frame['Target'].values
            
            # per-ticker min-max scaling
            # fitted on train, reused for val and test
            symbol = os.path.basename(csv_path).split('_')[0]
            scalers_dir = os.path.join(features_dir, 'scalers')
            scaler_file = os.path.join(scalers_dir, f'{symbol}_scaler.pkl')
            
            mm_scaler = MinMaxScaler(feature_range=(0, 1))
            if split_name == 'train':
                scaled = mm_scaler.fit_transform(feature_values)
                # keep the fitted scaler
                os.makedirs(scalers_dir, exist_ok=True)
                import joblib
                joblib.dump(mm_scaler, scaler_file)
            else:
                # reuse the training scaler
                if os.path.exists(scaler_file):
                    import joblib
                    mm_scaler = joblib.load(scaler_file)
                    scaled = mm_scaler.transform(feature_values)
                else:
                    # no saved scaler: fit here
                    print(f"no saved scaler for {symbol}; fitting on {split_name}.")
                    scaled = mm_scaler.fit_transform(feature_values)
            
            # cut overlapping windows inside each ticker
            for i in range(len(scaled) - window_len):
                window = scaled[i : i + window_len]
                label = labels[i + window_len]
                
                self.window_list.append(window)
                self.label_list.append(label)
                
        if len(self.window_list) == 0:
            raise ValueError(f"{split_name} split produced no windows. "
                           f"look for CSVs in '{features_dir}' "
                           f"with more than {window_len} rows.")

        # stack the windows into tensors
        self.windows_t = torch.tensor(np.array(self.window_list), dtype=torch.float32)
        self.labels_t = torch.tensor(np.array(self.label_list), dtype=torch.float32)
        
        print(f"{len(self.windows_t)} windows built.")

    def __len__(self):
        return len(self.windows_t)

    def __getitem__(self, k):
        return self.windows_t[k], self.labels_t[k]

if __name__ == "__main__":
    FEATURES_DIR = "data/processed"
    WINDOW = 60
    BATCH = 64
    
    # the three splits
    train_set = TickerWindowDataset(FEATURES_DIR, window_len=WINDOW, split_name='train')
    val_set   = TickerWindowDataset(FEATURES_DIR, window_len=WINDOW, split_name='val')
    test_set  = TickerWindowDataset(FEATURES_DIR, window_len=WINDOW, split_name='test')
    
    # loaders
    train_loader = DataLoader(train_set, batch_size=BATCH, shuffle=True)
    val_loader   = DataLoader(val_set, batch_size=BATCH, shuffle=False)
    test_loader  = DataLoader(test_set, batch_size=BATCH, shuffle=False)
    
    # look at one batch
    first_x, first_y = next(iter(train_loader))
    print("\n--- one batch ---")
    print(f"inputs: {first_x.shape} (batch, time, features)")
    print(f"labels: {first_y.shape} (batch,)")