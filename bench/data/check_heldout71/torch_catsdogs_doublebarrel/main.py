# %%
import sys, os
sys.path.append(os.path.abspath(".."))  # make the project root importable

# %%
import random
import torch
from torchvision.transforms import v2
import torch.nn as nn
import matplotlib.pyplot as plt
from time import time
from PIL import Image

from src.utils.helpers import showPicture, accuracyOf, restoreWeights
from src.utils.loading import makeLoaders, gatherSplit
from src.settings import Settings
from src.netbuild import LayerListNet, LayerKind, Activation
from src.runlog import RunLog
from src.fit_run import launchRun
from src.score_run import scoreNet
from src.layouts.small import SmallLayout
from src.layouts.medium import MediumLayout
from src.layouts.mediumDropout import MediumDropoutLayout
from src.layouts.pairedConvDropout import PairedConvDropoutLayout

# %%
import torch
import numpy as np
import torchvision
from src.utils.loading import makeLoaders, gatherSplit
from src.settings import Settings
from torchvision.transforms import v2
from src.utils.helpers import showPicture
from PIL import Image

extraSteps = [
    v2.RandomHorizontalFlip(0.5),
    v2.ColorJitter(brightness=0.25, contrast=0.15, saturation=0.15, hue=0.05),
    v2.RandomAffine(degrees=0, translate=(0.25, 0.25))
]

extraSteps = []

fitLoader, heldLoader, scoreLoader = makeLoaders(Settings.PICTURES_DIR, batchSize=Settings.BATCH, extraTransforms=extraSteps)

# whole held-out split as single tensors
heldImages, heldTargets, _, _ = gatherSplit(heldLoader)

onePic = np.transpose(heldImages[1], (1, 2, 0))

baseSteps: list[any] = [
    torchvision.transforms.Resize((Settings.SIDE, Settings.SIDE)), # square pictures of SIDE pixels
    torchvision.transforms.ToTensor() # float tensor in [0, 1]
]

plainSteps = torchvision.transforms.Compose(
        baseSteps
    )

pic = Image.open("C:/Users/someone/pets/data/MyOwnImages/Dog/Rex___Athens.jpg")
# pic = np.array(pic)
pic = plainSteps(pic)
showPicture(pic)

# for k in range(5):
#     showPicture(heldImages[k])

# %%
runId = 9
launchRun(
    runId=runId,
    net=LayerListNet(
        layout=PairedConvDropoutLayout(),
        nEpochs=70,
        lr=0.001,
        batch=Settings.BATCH,
        decay=0.0001,
    ),
    fitLoader=fitLoader,
    heldImages=heldImages,
    heldTargets=heldTargets,
    stopEarly=Settings.STOP_EARLY,
    note="""variant B: RandomHorizontalFlip, ColorJitter, RandomAffine (shift). The extra
        transforms run before the base ones.
    """
)

# %%
fitLoader, heldLoader, scoreLoader = makeLoaders(Settings.PICTURES_DIR, batchSize=Settings.BATCH, extraTransforms=[])

net=LayerListNet(
    layout=PairedConvDropoutLayout()
)

print('weights next')

# restoreWeights(net, "runs\run_10 2025-10-08 23.37\weights.pth")
restoreWeights(net, "runs/run_04 2025-09-20 21.31/weights.pth")

scoreNet(
    net,
    scoreLoader=scoreLoader
)
