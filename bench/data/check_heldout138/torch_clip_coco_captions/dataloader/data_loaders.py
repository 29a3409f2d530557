from torch.utils.data import Dataset, DataLoader, RandomSampler, SequentialSampler


def make_loader(cfg, ds, is_train = True):
    
    if is_train:
        sampler = RandomSampler(ds)
        bs = cfg.per_gpu_train_batch_size * max(1, cfg.n_gpu)
    else:
        sampler = SequentialSampler(ds)
        bs = cfg.per_gpu_eval_batch_size * max(1, cfg.n_gpu)

    dl = DataLoader(ds, sampler=sampler, 
            batch_size=bs, num_workers=cfg.num_workers)

    return dl
