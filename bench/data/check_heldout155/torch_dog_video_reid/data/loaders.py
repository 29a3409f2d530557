import pandas as pd
import numpy as np
from torch.utils.data import DataLoader, Subset
from .clips import DogClips
from .augment import ClipTransform
from pytorch_metric_learning.samplers import MPerClassSampler

def make_loaders(cfg):
    """train loader plus held-out query/gallery loaders"""
    # training augmentation
    tf = ClipTransform()

    # --- one id mapping for all splits ---
    tab = pd.read_csv(cfg.split_file)
    uniq = sorted(tab["DOG_ID"].unique())
    id_map = {d: i for i, d in enumerate(uniq)}

    # --- common arguments ---
    kw = {
        "root_dir": cfg.data_root,
        "split_file": cfg.split_file,
        "clip_len": cfg.clip_len,
        "transform": tf,
        "world": cfg.world,
        "label_map": id_map
    }

    # --- full training split ---
    base = DogClips(split="train", **kw)

    # --- hold out some identities ---
    # no identity appears on both sides
    ids = np.array(sorted(list(set(base.dog_ids))))
    
    np.random.seed(42)
    np.random.shuffle(ids)
    
    # how many ids to hold out
    n_held = int(len(ids) * cfg.val_split)
    held = set(ids[:n_held])

    # --- index lists ---
    tr_idx = []
    q_idx = []
    g_idx = []

    # --- held-out ids split by GROUP into query / gallery ---
    # scene-disjoint groups
    for i in range(len(base)):
        d = base.dog_ids[i]

        # group 1 -> query, others -> gallery
        if d in held:
            grp = base.df.iloc[i]['GROUP']
            if grp == 1:
                q_idx.append(i)
            else:
                g_idx.append(i)
        else:
            tr_idx.append(i)

    # --- subsets ---
    tr_set = Subset(base, tr_idx)
    q_set = Subset(base, q_idx)
    g_set = Subset(base, g_idx)

    # --- P x K sampling ---
    # P ids with K clips each per batch
    tr_labels = [base.labels[i] for i in tr_idx]
    
    smp = MPerClassSampler(
        labels=tr_labels,  
        m=cfg.k,
        batch_size=cfg.batch_size,
        length_before_new_iter=len(tr_set) # one pass over the subset
    )

    # --- loaders ---
    tr_loader = DataLoader(
        tr_set, batch_size=cfg.batch_size, sampler=smp, 
        drop_last=True, num_workers=cfg.num_workers
    )

    # query and gallery for evaluation
    q_loader = DataLoader(
        q_set, batch_size=cfg.batch_size * 2, 
        shuffle=False, num_workers=cfg.num_workers
    )
    
    g_loader = DataLoader(
        g_set, batch_size=cfg.batch_size * 2, 
        shuffle=False, num_workers=cfg.num_workers
    )

    print(f"--- data ---")
    print(f"train: {len(tr_set)} clips")
    print(f"held out: query={len(q_set)}, gallery={len(g_set)}")

    return tr_loader, q_loader, g_loader


def make_test_loaders(cfg, images=False):
    """query/gallery loaders from the csv test splits"""
    # evaluation transform
    tf = ClipTransform(is_training=False)
    tab = pd.read_csv(cfg.split_file)
    
    # --- one id mapping for all splits ---
    uniq = sorted(tab["DOG_ID"].unique())
    id_map = {d: i for i, d in enumerate(uniq)}

    # --- common arguments ---
    kw = {
        "root_dir": cfg.data_root,
        "split_file": cfg.split_file,
        "transform": tf,
        "world": cfg.world,
        "label_map": id_map
    }

    # --- query and gallery ---
    q_set = DogClips(
            split="query", 
            use_videos=not images, 
            clip_len=1 if images else cfg.clip_len,
            **kw
        )
    
    g_set = DogClips(split="gallery", **kw)

    # --- loaders ---
    q_loader = DataLoader(
        q_set, batch_size=cfg.batch_size * 2, 
        shuffle=False, num_workers=cfg.num_workers, pin_memory=True
    )
    
    g_loader = DataLoader(
        g_set, batch_size=cfg.batch_size * 2,
        shuffle=False, num_workers=cfg.num_workers, pin_memory=True
    )

    print(f"--- test loaders ---")
    print(f"query: {len(q_set)} | gallery: {len(g_set)}")

    return q_loader, g_loader
