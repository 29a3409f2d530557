import numpy as np
import jax.numpy as jnp

# ------------------- torch loaders that yield numpy batches -------------------
from torch.utils import data
from torchvision.datasets import MNIST, CIFAR10


def stack_numpy(items):
    if isinstance(items[0], np.ndarray):
        return np.stack(items)
    elif isinstance(items[0], (tuple, list)):
        columns = zip(*items)
        return [stack_numpy(col) for col in columns]
    else:
        return np.array(items)


class ArrayLoader(data.DataLoader):
    def __init__(self, dataset, batch_size=1,
                 shuffle=False, sampler=None,
                 batch_sampler=None, num_workers=0,
                 pin_memory=False, drop_last=False,
                 timeout=0, worker_init_fn=None):
        super(self.__class__, self).__init__(dataset,
                                             batch_size=batch_size,
                                             shuffle=shuffle,
                                             sampler=sampler,
                                             batch_sampler=batch_sampler,
                                             num_workers=num_workers,
                                             collate_fn=stack_numpy,
                                             pin_memory=pin_memory,
                                             drop_last=drop_last,
                                             timeout=timeout,
                                             worker_init_fn=worker_init_fn)


def flat_float(img):
    return np.ravel(np.array(img, dtype=jnp.float32))


def to_symmetric(img):
    img = (np.array(img, dtype=jnp.float32)-127.5)/127.5
    if len(img.shape) == 2:
        img = img[..., np.newaxis]
    return img


def mnist_loader(batch_size, digit=None, flatten=False):
    where = ""
    if flatten:
        ds = MNIST('./tmp/mnist/', download=True, transform=flat_float)
    else:
        ds = MNIST('./tmp/mnist/', download=True, transform=to_symmetric)
    if digit is not None:
        keep = ds.targets == digit
        ds.data = ds.data[keep]
        ds.targets = ds.targets[keep]
    # wrap it in a loader that batches for us
    loader = ArrayLoader(ds, batch_size=batch_size, num_workers=0)
    return loader


def cifar10_loader(batch_size, digit=None):
    where = ""
    ds = CIFAR10('./tmp/cifar10/', download=True, transform=to_symmetric)
    if digit is not None:
        keep = np.array(ds.targets) == digit
        ds.data = ds.data[keep]
        ds.targets = np.array(ds.targets)[keep]
    # wrap it in a loader that batches for us
    loader = ArrayLoader(ds, batch_size=batch_size, num_workers=0)
    return loader
