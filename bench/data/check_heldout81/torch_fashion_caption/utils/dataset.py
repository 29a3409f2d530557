"""
Dataset and DataLoader wrappers for the fashion image-caption features
"""
import torch
from torch.utils.data import Dataset, DataLoader
from typing import Optional, List, Dict
import numpy as np


class CaptionFeatureSet(Dataset):
    """precomputed CNN features paired with token sequences"""
    
    def __init__(self, feat_path: str, seqs: torch.Tensor):
        """
        Build the dataset
        
        Args:
            feat_path: path of a .npz feature archive (e.g. train_features.npz)
            seqs: token tensor of shape (N, max_len), dtype torch.long
        """
        self.feat_path = feat_path
        self.seqs = seqs
        
        # open the archive
        try:
            archive = np.load(feat_path, allow_pickle=True)
            self.pooled = archive['global_feats']
            self.grid = archive['local_feats']
            
            # sanity check on counts
            n_feat = self.pooled.shape[0]
            n_seq = seqs.shape[0]
            
            if n_feat != n_seq:
                raise ValueError(
                    f"feature count ({n_feat}) differs from sequence count ({n_seq})"
                )
            
            self.length = n_feat
            
            print(f"loaded features: {feat_path}")
            print(f"  samples: {self.length}")
            print(f"  pooled shape: {self.pooled.shape}")
            print(f"  grid shape: {self.grid.shape}")
            print(f"  sequence shape: {self.seqs.shape}")
        except Exception as e:
            raise RuntimeError(f"cannot read feature archive {feat_path}: {e}")
    
    def __len__(self) -> int:
        """number of samples"""
        return self.length
    
    def __getitem__(self, i: int) -> dict:
        """
        One sample
        
        Args:
            i: sample index
        
        Returns:
            a dict with
            - "global_feat": pooled feature (torch.float32, shape (2048,))
            - "local_feat": grid feature (torch.float32, shape (2048, 7, 7))
            - "caption": token sequence (torch.long, shape (max_len,))
        """
        # features of sample i
        pooled = torch.from_numpy(self.pooled[i]).float()  # (2048,)
        grid = torch.from_numpy(self.grid[i]).float()   # (2048, 7, 7)
        
        # its tokens
        seq = self.seqs[i].long()  # (max_len,)
        
        return {
            "global_feat": pooled,
            "local_feat": grid,
            "caption": seq
        }


def make_loader(
    dataset: Dataset,
    batch_size: int = 32,
    shuffle: bool = True,
    num_workers: int = 4,
    pin_memory: bool = True
) -> DataLoader:
    """
    Wrap a dataset in a DataLoader
    
    Args:
        dataset: any Dataset
        batch_size: samples per batch
        shuffle: shuffle each epoch
        num_workers: loader worker processes
        pin_memory: pinned host memory for faster copies
    
    Returns:
        the DataLoader
    """
    loader = DataLoader(
        dataset=dataset,
        batch_size=batch_size,
        shuffle=shuffle,
        num_workers=num_workers,
        pin_memory=pin_memory,
        drop_last=False  # keep the last short batch
    )
    
    return loader


def make_all_loaders(
    train_feat_path: str,
    val_feat_path: str,
    test_feat_path: str,
    train_seqs: torch.Tensor,
    val_seqs: torch.Tensor,
    test_seqs: torch.Tensor,
    batch_size: int = 32,
    num_workers: int = 4,
    pin_memory: bool = True
) -> tuple:
    """
    Loaders for the three splits
    
    Args:
        train_feat_path: training feature archive (.npz)
        val_feat_path: validation feature archive (.npz)
        test_feat_path: test feature archive (.npz)
        train_seqs: training token tensor
        val_seqs: validation token tensor
        test_seqs: test token tensor
        batch_size: samples per batch
        num_workers: loader worker processes
        pin_memory: pinned host memory
    
    Returns:
        (train_loader, val_loader, test_loader)
    """
    # datasets
    tr_set = CaptionFeatureSet(train_feat_path, train_seqs)
    va_set = CaptionFeatureSet(val_feat_path, val_seqs)
    te_set = CaptionFeatureSet(test_feat_path, test_seqs)
    
    # loaders
    tr_loader = make_loader(
        tr_set,
        batch_size=batch_size,
        shuffle=True,
        num_workers=num_workers,
        pin_memory=pin_memory
    )
    
    va_loader = make_loader(
        va_set,
        batch_size=batch_size,
        shuffle=False,  # fixed order
        num_workers=num_workers,
        pin_memory=pin_memory
    )
    
    te_loader = make_loader(
        te_set,
        batch_size=batch_size,
        shuffle=False,  # fixed order
        num_workers=num_workers,
        pin_memory=pin_memory
    )
    
    return tr_loader, va_loader, te_loader


class MultiCaptionFeatureSet(Dataset):
    """
    Variant with one sample per (image, caption) pair
    for images that carry several captions
    """
    
    def __init__(self, feat_path: str, items: List[Dict], tokenizer, max_len: int = 20):
        """
        Build the expanded dataset
        
        Args:
            feat_path: .npz feature archive
            items: list of records, each with a 'captions' list
            tokenizer: text processor (TextProcessor)
            max_len: maximum sequence length
        """
        self.feat_path = feat_path
        self.items = items
        self.tokenizer = tokenizer
        self.max_len = max_len
        
        # open the archive
        try:
            archive = np.load(feat_path, allow_pickle=True)
            self.pooled = archive['global_feats']
            self.grid = archive['local_feats']
        except Exception as e:
            raise RuntimeError(f"cannot read feature archive {feat_path}: {e}")
        
        # map flat sample index -> (feature index, caption index)
        # one sample per caption of each image
        self.feat_idx = []  # feature index per sample
        self.cap_idx = []  # caption index per sample
        
        for f_i, rec in enumerate(items):
            caps = rec.get('captions', [])
            if len(caps) == 0:
                # no caption: one empty sample
                self.feat_idx.append(f_i)
                self.cap_idx.append(-1)  # -1 marks the empty caption
            else:
                # one sample per caption
                for c_i in range(len(caps)):
                    self.feat_idx.append(f_i)
                    self.cap_idx.append(c_i)
        
        self.length = len(self.feat_idx)
        
        print(f"loaded expanded features: {feat_path}")
        print(f"  images: {len(items)}")
        print(f"  samples after expansion: {self.length}")
        print(f"  feature rows: {self.grid.shape[0]}")
    
    def __len__(self) -> int:
        """number of samples"""
        return self.length
    
    def __getitem__(self, i: int) -> dict:
        """
        One sample
        
        Args:
            i: sample index
        
        Returns:
            a dict with
            - "global_feat": pooled feature (torch.float32, shape (2048,))
            - "local_feat": grid feature (torch.float32, shape (2048, 7, 7))
            - "caption": token sequence (torch.long, shape (max_len,))
        """
        # feature row
        f_i = self.feat_idx[i]
        
        # features of that image
        pooled = torch.from_numpy(self.pooled[f_i]).float()  # (2048,)
        grid = torch.from_numpy(self.grid[f_i]).float()   # (2048, 7, 7)
        
        # caption -> tokens
        c_i = self.cap_idx[i]
        if c_i == -1:
            # empty caption: padding only
            seq = torch.zeros(self.max_len, dtype=torch.long)
            seq[0] = 2  # <START>
            seq[1] = 3  # <END>
        else:
            rec = self.items[f_i]
            caps = rec.get('captions', [])
            text = caps[c_i]
            # tokenise the text
            ids = self.tokenizer.text_to_sequence(text, max_len=self.max_len)
            seq = torch.tensor(ids, dtype=torch.long)
        
        return {
            "global_feat": pooled,
            "local_feat": grid,
            "caption": seq
        }


if __name__ == "__main__":
    # smoke test
    from utils.data_loader import load_and_validate_dataset
    from utils.text_processor import build_vocab_and_process
    
    print("="*50)
    print("dataset / loader smoke test")
    print("="*50)
    
    # splits
    print("\n1. reading splits...")
    tr_items, va_items, te_items = load_and_validate_dataset(
        captions_file="dataset/captions.json",
        images_dir="dataset/images",
        random_seed=42
    )
    
    # tokenise a small slice
    print("\n2. tokenising...")
    proc, tr_seq, va_seq, te_seq = build_vocab_and_process(
        train_data=tr_items[:100],  # first 100 only
        val_data=va_items[:20],
        test_data=te_items[:20],
        max_len=20,
        min_freq=3
    )
    
    # features must exist already
    # (run the feature extractor first)
    print("\n3. building dataset and loader...")
    try:
        tr_set = CaptionFeatureSet(
            feat_path="dataset/features/train_features.npz",
            seqs=tr_seq
        )
        
        tr_loader = make_loader(
            dataset=tr_set,
            batch_size=32,
            shuffle=True,
            num_workers=0,  # Windows may not fork
            pin_memory=False  # CPU only here
        )
        
        # one batch
        print("\n4. one batch...")
        for batch in tr_loader:
            print(f"global_feat: {batch['global_feat'].shape}")
            print(f"local_feat: {batch['local_feat'].shape}")
            print(f"caption: {batch['caption'].shape}")
            print(f"\ndtypes:")
            print(f"  global_feat dtype: {batch['global_feat'].dtype} (expect torch.float32)")
            print(f"  local_feat dtype: {batch['local_feat'].dtype} (expect torch.float32)")
            print(f"  caption dtype: {batch['caption'].dtype} (expect torch.int64/long)")
            break
        
        print("\nOK: dataset and loader work")
        
    except FileNotFoundError:
        print("\nfeature archive missing, run the extractor first")
    except Exception as e:
        print(f"\nFAILED: {e}")
        import traceback
        traceback.print_exc()
