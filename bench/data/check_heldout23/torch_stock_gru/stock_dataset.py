import torch
import pandas as pd
import numpy as np
from sklearn.preprocessing import MinMaxScaler


class PriceWindowDataset(torch.utils.data.Dataset):

    TRAIN_SHARE = 0.8
    WINDOW_LEN = 20

    def __init__(self, symbol, train_part=True):
        price_frame = pd.read_csv(
            "resources/stocks/{ticker}.us.txt".format(ticker=symbol),
            index_col=0,
            parse_dates=True,
        )
        close_col = price_frame[["Close"]]

        series_data = close_col.to_numpy()
        series_data = self.cut_split(train_part, series_data)
        series_data = self.scale_to_unit(series_data)

        windows_all = make_windows(series_data, self.WINDOW_LEN)
        windows_all = torch.FloatTensor(windows_all).to("cuda")

        self.inputs_gpu = windows_all[:, :-1, :]
        self.targets_gpu = windows_all[:, -1, :]

    def cut_split(self, train_part, series_data):
        item_idx, n_rows = split_start_and_len(train_part, series_data, self.TRAIN_SHARE)
        series_data = series_data[item_idx : item_idx + n_rows, :]
        return series_data

    def scale_to_unit(self, series):
        scaler = MinMaxScaler(feature_range=(-1, 1))
        self.fitted_scaler = scaler
        return scaler.fit_transform(series)

    def __len__(self):
        return self.inputs_gpu.shape[0]

    def __getitem__(self, item_idx):
        window_in = self.inputs_gpu[item_idx]
        window_target = self.targets_gpu[item_idx]
        return {"input": window_in, "target": window_target}


def split_start_and_len(train_part, series, train_share):
    if train_part:
        item_idx = 0
        n_rows = int(np.round(train_share * series.shape[0]))
    else:
        item_idx = int(np.round(train_share * series.shape[0]))
        n_rows = series.shape[0] - int(np.round(train_share * series.shape[0]))
    return item_idx, n_rows


def make_windows(series, window_len):
    windows_all = []
    for start in range(len(series) - (window_len - 1)):
        windows_all.append(series[start : start + window_len])
    windows_all = np.array(windows_all)
    return windows_all


if __name__ == "__main__":
    price_dataset = PriceWindowDataset("msft")
    print(price_dataset.__getitem__(1)["input"])
    print(price_dataset.__getitem__(1)["target"])
