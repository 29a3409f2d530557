#coding: utf-8

# Windows of hourly telemetry: 100 machines x 8759 hours, one row per hour,
# the last five columns are the one-hot failure target.

import pandas
import torch

class Dataset(torch.utils.data.Dataset):
    def __init__(self,path='/data/PredictiveMaintenance/dataset.csv',history=10,device=torch.device('cpu')):
        super().__init__()
        self.history		= history-1
        self.hours_per_machine  = 8759
        self.per_machine          = self.hours_per_machine - self.history
        self.len				= (self.hours_per_machine-self.history) * 100
        cols				= list(pandas.read_csv(path, nrows=1))
        self.table	= pandas.read_csv(path,usecols=cols,low_memory=False,dtype='float32') #, nrows=400)
        self.device			= device
    def __len__(self):
        return self.len
    def row_of(self,i):
        machine   = i//self.per_machine
        start        = machine * self.hours_per_machine + self.history
        return start + (i - machine * self.per_machine)
    def __getitem__(self, i):
        # sampler may hand over a tensor index
        if(type(i) is torch.Tensor): i=i.tolist()
        i = self.row_of(i)
        win = self.table.iloc[i-self.history:i+1].values
        return torch.tensor(win[:,:-5],device=self.device), torch.tensor(win[0,-5:],device=self.device)

