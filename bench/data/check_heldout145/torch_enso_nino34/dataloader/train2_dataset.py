import torch
import torch.nn
import numpy as np
from torch.utils.data import Dataset
import xarray as xr

class ReanalysisSet(Dataset):
    def __init__(self,folder):

        # fixed year window below
        super(ReanalysisSet, self).__init__()

        # file names
        index_file=folder+"/errstv6nino34I.nc"
        sst_file=folder+"/errstv6sstA.nc"
        ssh_file=folder+"/sodasshA.nc"

        # land points become 0
        self.index=xr.open_dataset(index_file)["nino34I"]
        self.sst=xr.open_dataset(sst_file)["sstA"].fillna(0)
        self.ssh=xr.open_dataset(ssh_file)["sshA"].fillna(0)

        # keep only the chosen years
        sst_keep=(self.sst["time"].dt.year >= 1871) & (self.sst["time"].dt.year <= 1973)
        ssh_keep=(self.ssh["time"].dt.year >= 1871) & (self.sst["time"].dt.year <= 1973)
        self.sst=self.sst[sst_keep]
        self.ssh=self.ssh[ssh_keep]
        self.index=self.index[sst_keep]

        # number of months
        self.n_months=self.index.shape[0]

    def __getitem__(self,i):

        # twelve months of predictors
        a=np.array(self.sst[i:i+12])
        b=np.array(self.ssh[i:i+12])
        sst = torch.tensor(a, dtype=torch.float32)
        ssh = torch.tensor(b, dtype=torch.float32)

        # the next twelve index values
        t=np.array(self.index[i+12:i+24])
        target=torch.tensor(t,dtype=torch.float32)

        # pack as a dict
        item={}
        item["sstA"]=sst
        item["sshA"]=ssh
        item["nino34I"]=target
        return item

    def __len__(self):
        return int(self.n_months - 23)
