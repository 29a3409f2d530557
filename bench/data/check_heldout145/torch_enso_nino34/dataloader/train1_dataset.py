import torch
import torch.nn
import numpy as np
from torch.utils.data import Dataset
import xarray as xr

class ModelRunSet(Dataset):
    def __init__(self,folder,first_year=None,last_year=None):

        # optional year window
        super(ModelRunSet, self).__init__()

        # file names
        index_file=folder+"/cmip6nino34I.nc"
        tos_file=folder+"/cmip6tosA.nc"
        zos_file=folder+"/cmip6zosA.nc"

        # land points become 0
        self.index=xr.open_dataset(index_file)["nino34I"]
        self.tos=xr.open_dataset(tos_file)["tosA"].fillna(0)
        self.zos=xr.open_dataset(zos_file)["zosA"].fillna(0)

        # keep only the chosen years
        if first_year is not None:
            keep=(self.index["time"].dt.year >= first_year) & (self.index["time"].dt.year <= last_year)
            self.index=self.index[keep]
            self.tos=self.tos[keep]
            self.zos=self.zos[keep]

        # number of months
        self.n_months=self.index.shape[0]

    def __getitem__(self,i):

        # twelve months of predictors
        a=np.array(self.tos[i:i+12])
        b=np.array(self.zos[i:i+12])
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
        return int(self.n_months - 24)# last model month is missing
