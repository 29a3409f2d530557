from .omniglot import load_omniglot
from .mini_imagenet import load_mini_imagenet


def load(root, cfg, splits):
    """
    Pick the data set by name.

    Args:
        root (str): data set folder.
        cfg (dict): settings.
        splits (list): any of 'train'|'val'|'test'.

    Returns (dict): split name -> episode loader.

    """
    if cfg['data.dataset'] == "omniglot":
        out = load_omniglot(root, cfg, splits)
    elif cfg['data.dataset'] == "mini-imagenet":
        out = load_mini_imagenet(root, cfg, splits)
    else:
        raise ValueError(f"no such data set: {cfg['data.dataset']}")
    return out
