import pandas as pd
import torch
import torch_geometric
from torch_geometric.data import Dataset
import numpy as np 
import os
from tqdm import tqdm
import deepchem as dc
from rdkit import Chem 

print(f"torch {torch.__version__}")
print(f"cuda {torch.cuda.is_available()}")
print(f"pyg {torch_geometric.__version__}")

class MolGraphSet(Dataset):
    def __init__(self, root, filename, test=False, transform=None, pre_transform=None):
        """
        root holds raw/ (the csv of SMILES) and processed/ (one .pt
        file per molecule). 
        """
        self.test = test
        self.filename = filename
        super(MolGraphSet, self).__init__(root, transform, pre_transform)
        
    @property
    def raw_file_names(self):
        """ the csv in raw/; its presence skips download()
            (which does nothing here)  
        """
        return self.filename

    @property
    def processed_file_names(self):
        """ when all of these exist in processed/, process() is skipped"""
        self.data = pd.read_csv(self.raw_paths[0]).reset_index()

        if self.test:
            return [f'data_test_{i}.pt' for i in list(self.data.index)]
        else:
            return [f'data_{i}.pt' for i in list(self.data.index)]
        

    def download(self):
        pass

    def process(self):
        self.data = pd.read_csv(self.raw_paths[0]).reset_index()
        feat = dc.feat.MolGraphConvFeaturizer(use_edges=True)
        for i, rec in tqdm(self.data.iterrows(), total=self.data.shape[0]):
            # SMILES -> graph
            mol = Chem.MolFromSmiles(rec["smiles"])
            g = feat._featurize(mol)
            item = g.to_pyg_graph()
            item.y = self._label(rec["HIV_active"])
            item.smiles = rec["smiles"]
            if self.test:
                torch.save(item, 
                    os.path.join(self.processed_dir, 
                                 f'data_test_{i}.pt'))
            else:
                torch.save(item, 
                    os.path.join(self.processed_dir, 
                                 f'data_{i}.pt'))
            

    def _label(self, v):
        v = np.asarray([v])
        return torch.tensor(v, dtype=torch.int64)

    def len(self):
        return self.data.shape[0]

    def get(self, idx):
        """ one molecule, read from its own file
            (an InMemoryDataset would not need this)
        """
        if self.test:
            item = torch.load(os.path.join(self.processed_dir, 
                                 f'data_test_{idx}.pt'))
        else:
            item = torch.load(os.path.join(self.processed_dir, 
                                 f'data_{idx}.pt'))        
        return item
