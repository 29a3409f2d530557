import csv
import numpy as np
import pandas as pd
from collections import Counter
from tqdm import tqdm

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader, Dataset

class InteractionDataset(Dataset):
    def __init__(self, feature_tensor, label_tensor):
        self.feature_tensor = feature_tensor.long()
        self.label_tensor = label_tensor.long()

    def __getitem__(self, idx):
        return self.feature_tensor[idx], self.label_tensor[idx]

    def __len__(self):
        return self.label_tensor.size(0)