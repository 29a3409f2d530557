import torchvision
import torch
import os
from torch.utils.data import DataLoader, random_split, Subset, Dataset
from torchvision.transforms import v2
from torchvision.transforms.v2 import Transform
from torchvision.datasets import ImageFolder
from src.utils.helpers import showPicture

from src.settings import Settings

def makeLoaders(rootDir: str, batchSize: int, extraTransforms: list[Transform] = []) -> tuple[DataLoader | None, DataLoader | None, DataLoader | None]:
    '''
        Reads the picture folder, splits it into fit, held-out and score parts and
        gives one DataLoader per part.

        @param rootDir: folder with one sub-folder per class.
        @param batchSize: samples per batch.

        @return: the three loaders: fit, held-out, score'''
    fractions = [Settings.FIT_FRACTION, Settings.HELD_FRACTION, Settings.SCORE_FRACTION]
    if (sum(fractions) != 1.0):
        raise ValueError(f"fractions {fractions} must add up to 1.0")
    
    # transforms used for every split
    baseSteps: list[any] = [
        torchvision.transforms.Resize((Settings.SIDE, Settings.SIDE)), # square pictures of SIDE pixels
        torchvision.transforms.ToTensor() # float tensor in [0, 1]
    ]

    # fit split: extra transforms first, then the base ones
    fitSteps = torchvision.transforms.Compose(
        extraTransforms + baseSteps
    )

    # held-out and score splits: base transforms only
    plainSteps = torchvision.transforms.Compose(
        baseSteps
    )

    # folder read once without transforms, only to count and split
    wholeFolder = torchvision.datasets.ImageFolder(
        root=rootDir
    )

    # fractions -> sample counts
    total = len(wholeFolder)
    counts: list[int] = [round(frac * total) for frac in fractions]

    # last part takes the rounding remainder
    counts[-1] = total - sum(counts[:-1])

    parts: list[Subset] = random_split(wholeFolder, counts)

    fitIdx, heldIdx, scoreIdx = [part.indices for part in parts]



    # the three datasets
    fitSet = Subset(
        NamedFolder(ImageFolder(root=rootDir, transform=fitSteps)), indices=fitIdx)
    heldSet = Subset(
        NamedFolder(ImageFolder(root=rootDir, transform=plainSteps)), indices = heldIdx)
    scoreSet = Subset(
        NamedFolder(ImageFolder(root=rootDir, transform=plainSteps)), indices=scoreIdx
    )

    fitLoader: DataLoader | None = None
    heldLoader: DataLoader | None = None
    scoreLoader: DataLoader | None = None

    # a loader only for parts that are not empty
    if (len(fitSet.indices) > 0):
        fitLoader = DataLoader(fitSet, batch_size=batchSize, shuffle=True)

    if (len(heldSet.indices) > 0):
        heldLoader = DataLoader(heldSet, batch_size=batchSize, shuffle=False)
    
    if (len(scoreSet.indices) > 0):
        scoreLoader = DataLoader(scoreSet, batch_size=batchSize, shuffle=False)

    
    return (fitLoader, heldLoader, scoreLoader)


def gatherSplit(loader: DataLoader)-> tuple[torch.Tensor, torch.Tensor]:
    '''
        Runs through a loader and joins everything it yields.

        @param loader: the loader to drain.

        @return: four things:
            - pictures: one tensor (N, C, H, W) holding every picture
              of the split.
            - targets: tensor (N,) of 0/1 class ids
            - names: list of pet names (optional)
            - places: list of cities (optional)
    '''
    picBatches = []
    targetBatches = []
    nameBatches = []

    for xb, yb, nb in loader:
        picBatches.append(xb)
        targetBatches.append(yb)
        nameBatches.append(nb)


    # join the batches
    allPics = torch.cat(picBatches)
    allTargets = torch.cat(targetBatches)
    allNames = [n for batch in nameBatches for n in batch]
    allPlaces = ["-" for n in allNames]
    
    # names may look like petName___city
    # split the city off when present
    for k in range(len(allNames)):
        n = allNames[k]
        pieces = n.split("___")
        if len(pieces) == 2:
            petName: str = pieces[0]
            city: str = pieces[1]
            allNames[k] = petName
            allPlaces[k] = city

    return allPics, allTargets, allNames, allPlaces



class NamedFolder(Dataset):
    """
        Wraps an ImageFolder and also returns each file's base name.
    """
    def __init__(self, folderSet):
        self.folderSet = folderSet
        self.class_to_idx = self.folderSet.class_to_idx

    def __getitem__(self, i):
        # picture and class id
        pic, target = self.folderSet[i]

        # base name of the file
        fpath, _ = self.folderSet.samples[i]
        baseName = os.path.basename(fpath).split(".")[0]

        return pic, target, baseName
    

    def __len__(self):
        return len(self.folderSet)



