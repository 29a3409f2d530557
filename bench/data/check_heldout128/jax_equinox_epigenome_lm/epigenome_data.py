import utils
import one_hot
import numpy as np
import torch
import torch.nn.functional as F
import gzip
import re
import time
import collections
from collections import defaultdict
from functools import partial
import os
import pandas as pd
from pathlib import Path
from utils import get_fasta
import wget
import pyarrow as pa
import pyarrow.parquet as pq
from torch.utils.data import DataLoader
import transcript_data
import requests

def tidy_chrom_names(names): 
    return [ re.sub(r'\.\d+$|^[Cc]hrUn_|^[cC]hr|v1$|^0', '', g) for g in names ]

def genome_from_parquet(path): 
    tbl = pq.read_table(path) 
    names = tidy_chrom_names(tbl['sequence_id'].to_pylist())
    return dict(zip(names, tbl['sequence'].to_pylist()))

class BedDataset(torch.utils.data.Dataset):

    def __init__(self, data, genome_dicts, width=1000, mask = False):

        super().__init__()
        self.width = width
        assert width % 2 == 0
        self.data = data

        self.tissue_int = data['tissue'].cat.codes.reset_index(drop=True)
        self.species_int = data['species'].cat.codes.reset_index(drop=True)
        self.assay_int = data['assay'].cat.codes.reset_index(drop=True)
        
        self.genome_dicts = genome_dicts

        self.mask = mask

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        
        lo = self.data["start"].iloc[i]
        hi = self.data["end"].iloc[i]
        asm = self.data["genome"].iloc[i]
        chrom = self.data["chrom"].iloc[i]
        
        seqs = self.genome_dicts[ asm ]

        span = hi - lo
        
        if span > self.width: 
            lo = np.random.randint(lo, hi - self.width)
            hi = lo + self.width
        elif span < self.width: # centre a full-width window on the peak 
            centre = int(0.5*(lo + hi))
            lo = centre - self.width // 2
            hi = centre + self.width // 2
            if lo < 0: 
                lo = 0
                hi = self.width
            if hi > len(seqs[chrom]): 
                hi = len(seqs[chrom])
                lo = hi - self.width
        
        seq = utils.fetch_sequence(
            seqs, 
            chrom, 
            lo, 
            hi, 
            "+" if (np.random.rand() < 0.5) else "-" # reverse complement half the time
        )

        # seq may be None for unknown contigs
        # and may come back short

        if seq is None: 
            print("warning: no sequence")
            enc = np.zeros((self.width, 4))
        else: 
            # L x 4
            enc = one_hot.one_hot(seq) # one-hot bases
            if len(seq) < self.width: 
                missing = self.width - len(seq)
                enc = np.pad(enc, ((0, missing), (0, 0)))

        out = [self.species_int[i], self.tissue_int[i], self.assay_int[i], enc]

        if self.mask: 
            enc_masked = np.copy(enc)
            keep = transcript_data.get_mask_np_efficient(enc_masked) 
            out += [ enc_masked, keep ]
        
        return out

def load_data(genome_subset = None, width = 1000): 
    epi_dir = Path("vertebrate_epigenomes")

    urls = pd.read_csv(epi_dir / "genome_urls.tsv", sep = "\t")
    gdir = Path("genomes")
    gdir.mkdir(parents=True, exist_ok=True)
    
    genomes = {}
    for i in range(urls.shape[0]): 
        asm = urls.loc[i, "genome"]
        if genome_subset is not None: 
            if not asm in genome_subset: 
                continue
        species = urls.loc[i, "species"]
        print(asm)
        pq_path = gdir / f"{asm}.parquet"
        genomes[asm] = genome_from_parquet(pq_path)
    
    peaks = pd.read_parquet( epi_dir / "vertebrate_epigenomes_filt.parquet")

    if genome_subset is not None: 
        peaks = peaks[ peaks["genome"].isin(genome_subset) ]
    
    peaks['tissue'] = peaks['tissue'].fillna('None').astype("category")
    peaks['species'] = peaks['species'].astype("category")
    peaks['assay'] = peaks['assay'].astype("category")

    return peaks, genomes

if __name__ == "__main__":

    peaks, genomes = load_data()

    for asm in genomes:
        print(asm)
        chroms = genomes[asm].keys()
        sub = peaks[ peaks["genome"] == asm ]
        print(pd.Series(sub["chrom"].unique()).isin(chroms).mean())

    kept = pd.concat(
        [
            peaks[(peaks["genome"] == asm) & (peaks["chrom"].isin(gd.keys()))]
            for asm, gd in genomes.items()
        ],
        axis=0
    )

    epi_dir = Path("vertebrate_epigenomes")
    kept.to_parquet( epi_dir / "vertebrate_epigenomes_filt.parquet")
