# Torch datasets over seismic traces

from torch.utils.data import Dataset
from torch.utils.data import DataLoader
import torch
import numpy as np


class TraceDataset(Dataset):
      """One trace of the section per item, for the 1-D net"""
      def __init__(self, section, impedance, trace_idx):
        self.section = section
        self.impedance = impedance
        self.trace_idx = trace_idx


        assert min(trace_idx) >= 0 and max(trace_idx) + 1 <= len(section),"Trace index outside the section!"

      def __getitem__(self, index):
        t = self.trace_idx[index]
        x = torch.tensor(self.section[t][np.newaxis, :], dtype=torch.float).to(torch.device('cuda' if torch.cuda.is_available() else 'cpu'))
        y = torch.tensor(self.impedance[t][np.newaxis, :], dtype=torch.float).to(torch.device('cuda' if torch.cuda.is_available() else 'cpu'))
        return x, y

      def __len__(self):
        return len(self.trace_idx)


