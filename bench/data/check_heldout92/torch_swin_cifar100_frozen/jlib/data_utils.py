import torch
import time
import torchvision
import torchvision.transforms as transforms
from torchtnt.utils.data import CudaDataPrefetcher
from torchvision.models import resnet18, ResNet18_Weights
from torch.utils.data import Dataset, DataLoader
import numpy as np
import requests
from transformers import AutoImageProcessor
import gc


side = 32

def load_c100(path='./data', fetch=False, hf_proc_id=None, for_resnet=False):
    if hf_proc_id is not None:
        side = 224
        improc = AutoImageProcessor.from_pretrained(hf_proc_id)
        mu = improc.image_mean
        sigma = improc.image_std
        transform = transforms.Compose([
            transforms.Resize((side, side)),
            transforms.ToTensor(),
            transforms.Normalize(mu, sigma),
        ])
    elif for_resnet:
        side = 224
        transform = ResNet18_Weights.IMAGENET1K_V1.transforms()
    else:
        side = 32
        mu = (0.5, 0.5, 0.5)
        sigma = (0.5, 0.5, 0.5)
        
        transform = transforms.Compose([
            transforms.Resize((side, side)),
            transforms.ToTensor(),
            transforms.Normalize(mu, sigma),
        ])

    # both CIFAR-100 splits (the test split serves as validation)
    tr_set = torchvision.datasets.CIFAR100(root=path, train=True,
                                            download=fetch, transform=transform)
    te_set = torchvision.datasets.CIFAR100(root=path, train=False,
                                            download=fetch, transform=transform)
    
    return tr_set, te_set



def make_loader(
    ds,
    batch_size = 8192,
    n_workers = 6,
    host_ahead = 10,
    dev_ahead = 10,
    flush=False,
    shuffle=True,
    device='cuda'
):
    device = torch.device(device)
    t0 = time.perf_counter()
    if flush:
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()

        gc.collect()

    print('building DataLoader')
    ldr = DataLoader(
        ds,
        batch_size=batch_size,
        num_workers=n_workers,
        prefetch_factor=host_ahead,
        pin_memory=True,
        shuffle=shuffle
    )
    
    xb = next(iter(ldr))[0]
    mib = xb.element_size() * xb.nelement() / 1024**2
    
    print(f"one batch = {mib} MiB")
    print(f"loader ready after {time.perf_counter() - t0:2f} s")
    print("building device prefetcher")
    pref = CudaDataPrefetcher(
        data_iterable=ldr,
        num_prefetch_batches=dev_ahead,
        device=device
    )
    print(f"prefetcher ready after {time.perf_counter() - t0:2f} s")
    return pref

def batch_mib(ds, batch_size):
    probe = DataLoader(ds, batch_size=batch_size)
    xb = next(iter(probe))[0]
    out = xb.element_size() * xb.nelement() / 1024**2
    del probe, xb
    return out

def make_fetcher_pair(
    tr_set,
    va_set,
    tr_bsz=None,
    va_bsz=None,
    tr_frac=0.8,
    n_workers=30,
    gpu_budget= 30 * 1024**3,
    host_ahead=None,
    dev_ahead=None,
    device='cuda',
):
    """
    Build the two device prefetchers.
    (
        train: DataLoader wrapped in a CudaDataPrefetcher,
        val: the same for the validation split;
        batch sizes default to the whole split,
        prefetch depths default to what fits in gpu_budget
        when host_ahead / dev_ahead are not given.
    )
    """
    if va_bsz is None:
        va_bsz = len(va_set)
    if tr_bsz is None:
        tr_bsz = len(tr_set)
    
    def cut(x):
        return int(x * tr_frac), int(x * (1 - tr_frac))
    
    tr_budget, va_budget = cut(gpu_budget)
    tr_workers, va_workers = cut(n_workers)
    
    
    tr_workers = n_workers * 2 // 3
    va_workers = n_workers // 3
    
    if host_ahead is None or dev_ahead is None:
        tr_mib = batch_mib(tr_set, tr_bsz)
        tr_dev_ahead = tr_budget // tr_mib
        tr_host_ahead = tr_dev_ahead // tr_workers
        
        va_mib = batch_mib(va_set, va_bsz)
        va_dev_ahead = va_budget // va_mib
        va_host_ahead = va_dev_ahead // va_workers
        
        print(f"train batches ahead on GPU: {tr_dev_ahead}")
        print(f"train batches ahead per worker: {tr_host_ahead}")
        print(f"val batches ahead on GPU: {va_dev_ahead}")
        print(f"val batches ahead per worker: {va_host_ahead}")
    else:
        tr_host_ahead, va_host_ahead = cut(host_ahead)
        tr_dev_ahead, va_dev_ahead = cut(dev_ahead)
        
    
    print("train side")
    tr_pref = make_loader(
        tr_set,
        tr_bsz,
        tr_workers,
        int(tr_host_ahead),
        int(tr_dev_ahead),
        device=device
    )
    print("val side")
    va_pref = make_loader(
        va_set,
        va_bsz,
        va_workers,
        int(va_host_ahead),
        int(va_dev_ahead),
        device=device,
    )
    
    return tr_pref, va_pref