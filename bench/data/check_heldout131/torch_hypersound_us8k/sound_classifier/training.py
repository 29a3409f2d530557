
"""Fold-wise training helpers for the mel CNN."""
import torch
from torch.utils.data import DataLoader
import numpy as np
import pandas as pd
from tqdm import tqdm

from torchvision import transforms
from datetime import datetime


import importlib
from pathlib import Path

# older hyperbolic model import
from sound_classifier.utils.data_utils import standardize_split
from sound_classifier.data.loader import MelFrameSet
from sound_classifier.transformations.agumentations import MyRightShift, MyAddGaussNoise, MyReshape

def list_archs() -> list[str]:
    """Names of the model modules shipped in sound_classifier/models."""
    models_dir = Path(__file__).parent / "models"
    return [pth.stem for pth in models_dir.glob("*.py") if pth.stem != "__init__"]

def make_net(arch: str, **extra):



  if arch not in list_archs():
    raise ValueError(
        f"Model '{arch}' not found. "
        f"Available: {', '.join(list_archs())}"

    )

  mod_name = f"sound_classifier.models.{arch}"
  mod = importlib.import_module(mod_name)

  if hasattr(mod, "build_model"):
      net = mod.build_model( **extra)
  elif hasattr(mod, "Model"):
      cls_ = getattr(mod, "Model")
      net = cls_( **extra)
  else:
      raise AttributeError(
          f"Module '{mod_name}' must expose a "
          "`build_model()` function or a `Model` class."
      )
  
  dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
  net = net.to(dev)
  print(f"network placed on {dev}")

  return net
    # device choice happens above










def run_one_fold(held, table, arch, n_ep=100, bs=32, n_workers=0):

    # augmentation chains
    aug_tr = transforms.Compose([
        MyRightShift(input_size=128,
                                                        width_shift_range=13,
                                                        shift_probability=0.9),
                                           MyAddGaussNoise(input_size=128,
                                                           add_noise_probability=0.55),
                                          MyReshape(output_size=(1,128,128))
                                          ])

    aug_te = transforms.Compose([MyReshape(output_size=(1,128,128))])

    # fold split
    tab_tr = table[table['fold'] != held]
    tab_te = table[table['fold'] == held]

    # (a per-class subsampling experiment was here)
















    # standardise with train statistics
    tab_tr, tab_te = standardize_split(tab_tr, tab_te)

    # train loader
    set_tr = MelFrameSet(tab_tr, tfm=aug_tr)
    dl_tr = DataLoader(set_tr,
                              batch_size=bs,

                              shuffle = True,
                              pin_memory=True,
                              num_workers=n_workers)

    # test loader
    set_te = MelFrameSet(tab_te, tfm=aug_te)
    dl_te = DataLoader(set_te,
                            batch_size=bs,
                            shuffle = False,
                            pin_memory=True,
                            num_workers=n_workers)

    # network
    net = make_net(arch)


    # baseline score
    pre = net.evaluate(dl_te)
    print("accuracy before training: %.4f%%" % (100 * pre[1]))

    # fit
    t0 = datetime.now()
    hist, lab = net.fit(dl_tr, epochs=n_ep, val_loader=dl_te)
    took = datetime.now() - t0
    print("\nfit took {}".format(took))

    return hist, lab
