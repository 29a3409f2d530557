import numpy as np
import torch
from torch.utils import data

def prepare_x(data):
    """
    Take the 40 order-book feature rows and put time first.
    in: (features, time); out: (time, 40)
    """
    # rows 0..39 hold prices and volumes
    df1 = data[:40, :].T  # (time, 40)
    return np.array(df1)

def get_label(data):
    """
    Take the 5 label rows (one per horizon) and put time first.
    in: (features, time); out: (time, 5)
    """
    lob = data[-5:, :].T  # (time, 5)
    return lob

def data_classification(X, Y, T):
    """
    Cut X into every window of T consecutive events.

    X: (time, D), Y: (time, 5), T: window length

    gives
      dataX: (time - T + 1, T, D)
      dataY: (time - T + 1, 5)
    """
    [N, D] = X.shape
    df = np.array(X)

    dY = np.array(Y)

    dataY = dY[T - 1:N]

    dataX = np.zeros((N - T + 1, T, D))
    for i in range(T, N + 1):
        dataX[i - T] = df[i - T:i, :]

    return dataX, dataY

def torch_data(x, y):
    x = torch.from_numpy(x)
    x = torch.unsqueeze(x, 1)
    y = torch.from_numpy(y)
    y = F.one_hot(y, num_classes=3)
    return x, y

class Dataset(data.Dataset):
    """FI-2010 windows as a map-style data set"""
    def __init__(self, data, k, num_classes, T):
        """Build every window up front""" 
        self.k = k
        self.num_classes = num_classes
        self.T = T
            
        x = prepare_x(data)
        y = get_label(data)
        x, y = data_classification(x, y, self.T)
        y = y[:,self.k] - 1
        self.length = len(x)

        x = torch.from_numpy(x)
        self.x = torch.unsqueeze(x, 1)
        self.y = torch.from_numpy(y)

    def __len__(self):
        return self.length

    def __getitem__(self, index):
        return self.x[index], self.y[index]

