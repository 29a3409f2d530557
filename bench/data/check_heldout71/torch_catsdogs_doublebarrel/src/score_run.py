import torch
import torch.nn as nn
from src.netbuild import LayerListNet
from src.utils.loading import makeLoaders, gatherSplit
from src.utils.helpers import accuracyOf, drawScoreGrid


def scoreNet(
    net: LayerListNet,
    scoreLoader: torch.utils.data.DataLoader
):
    if (not net):
        print("no network given")
        return
    
    # the whole score split as single tensors
    scoreImages, scoreTargets, scoreNames, scorePlaces = gatherSplit(scoreLoader)
    
    with torch.no_grad():
        # forward
        scoreProbs = net(scoreImages).squeeze()

        # logits -> probabilities
        scoreProbs = nn.functional.sigmoid(scoreProbs)

        # accuracy on the score split
        scoreAcc = accuracyOf(scoreProbs, scoreTargets)

        print(f"score split accuracy: {scoreAcc:.4f}")

    # threshold the probabilities at 0.5
    hardGuess = scoreProbs.clone()
    hardGuess[hardGuess >= 0.5] = 1
    hardGuess[hardGuess < 0.5] = 0

    drawScoreGrid(scoreImages, scoreTargets, scoreNames, scorePlaces, scoreProbs, scoreLoader.dataset.dataset.class_to_idx)