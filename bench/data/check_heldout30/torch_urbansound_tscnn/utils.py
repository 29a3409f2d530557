from typing import Union, NamedTuple
import torch
import numpy as np
import argparse

def same_padding(in_len: int, out_len: int, kernel: int, step: int):
    return int(np.ceil(((out_len - 1) * step - in_len + kernel) / 2))

def per_class_accuracy(batch_labels: Union[torch.Tensor, np.ndarray], predicted: Union[torch.Tensor, np.ndarray]) -> np.array:
    assert len(batch_labels) == len(predicted)
    class_totals = np.zeros(10)
    class_hits = np.zeros(10)

    for idx, cls in enumerate(batch_labels):     
        class_totals[cls] = class_totals[cls] + 1
        if cls == predicted[idx]:
            class_hits[cls] = class_hits[cls] + 1
    
    return np.divide(class_hits, class_totals, out=np.full(class_hits.shape, fill_value=1, dtype=float), where=class_totals!=0) * 100
    

def next_log_dir(opts: argparse.Namespace) -> str:
    """Pick a run folder under opts.log_dir that is still unused, so that
    TensorBoard runs never mix.

    Args:
        opts: parsed command line

    Returns:
        path of the first free numbered folder for this mode and L2 value
        (the last candidate is returned if all 1000 are taken, so runs may
        share a folder then).
    """
    run_prefix = (
        f"CNN_bn_"
        f"mode={opts.mode}_"
        # batch size tag left out
        f"L2={opts.L2}_"
        f"run_"
    )
    i = 0
    while i < 1000:
        run_dir = opts.log_dir / (run_prefix + str(i))
        if not run_dir.exists():
            return str(run_dir)
        i += 1
    return str(run_dir)    


class ZipDataset(torch.utils.data.Dataset):
    def __init__(self, *member_datasets):
        self.member_datasets = member_datasets

    def __getitem__(self, i):
        return tuple(d[i] for d in self.member_datasets)

    def __len__(self):
        return min(len(d) for d in self.member_datasets)
