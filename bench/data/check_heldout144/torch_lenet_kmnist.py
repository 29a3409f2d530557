# write plots to files only (no display)
import matplotlib
matplotlib.use("Agg")

# imports
from pyimagesearch.lenet import LeNet
from sklearn.metrics import classification_report
from torch.utils.data import random_split
from torch.utils.data import DataLoader
from torchvision.transforms import ToTensor
from torchvision.datasets import KMNIST
from torch.optim import Adam
from torch import nn
import matplotlib.pyplot as plt
import numpy as np
import argparse
import torch
import time

# command line
cli = argparse.ArgumentParser()
cli.add_argument("-m", "--net", type=str, required=True, 
    help="where to save the network")
cli.add_argument("-p", "--plot", type=str, required=True,
    help="where to save the curves")
opts = vars(cli.parse_args())

# hyper-parameters
LR = 1e-3
BS = 64
N_EPOCHS = 10

# fraction of the training images used for fitting
FIT_FRAC = 0.75
HOLD_FRAC = 1 - FIT_FRAC

# GPU when there is one
dev = torch.dev("cuda" if torch.cuda.is_available() else "cpu")

# Kuzushiji-MNIST from torchvision
print("fetching KMNIST")
fitSet = KMNIST(root="data", train=True, download=True,
    transform=ToTensor())
testSet = KMNIST(root="data", train=False, download=True,
    transform=ToTensor())

# carve a hold-out split from the training images
print("splitting fit / hold-out")
nFit = int(len(fitSet) * FIT_FRAC)
nHold = int(len(fitSet) * HOLD_FRAC)
(fitSet, holdSet) = random_split(fitSet, 
    [nFit, nHold],
    generator=torch.Generator().manual_seed(42))

# loaders for the three splits
fitLoader = DataLoader(fitSet, shuffle=True, 
    batch_size=BS)
holdLoader = DataLoader(holdSet, batch_size=BS)
testLoader = DataLoader(testSet, batch_size=BS)

# steps per pass
fitSteps = len(fitLoader.dataset) // BS
holdSteps = len(holdLoader.dataset) // BS

# the network
print("building LeNet")
net = LeNet(
    numChannels=1,
    classes=len(fitSet.dataset.classes)).to(dev)

# Adam + negative log-likelihood
adam = Adam(net.parameters(), lr=LR)
nll = nn.NLLLoss()

# per-epoch curves
hist = {
    "train_loss": [],
    "train_acc": [],
    "val_loss": [],
    "val_acc": []
}

# timing
print("training")
t0 = time.time()

# epochs
for ep in range(0, N_EPOCHS):
    # training mode
    net.train()

    # running sums
    fitLossSum = 0
    holdLossSum = 0

    # correct predictions of the fitting
    # and hold-out passes
    fitHits = 0
    holdHits = 0

    # one pass over the fitting split
    for (x, y) in fitLoader:
        # to the device
        (x, y) = (x.to(dev), y.to(dev))

        # forward and loss
        out = net(x)
        batchLoss = nll(out, y)

        # clear old gradients, back-propagate,
        # then step the optimiser
        adam.zero_grad()
        batchLoss.backward()
        adam.step()

        # running loss sum and the number of
        # right answers in this batch
        fitLossSum += batchLoss
        fitHits += (out.argmax(1) == y).type(
            torch.float).sum().item()

    # no autograd for the hold-out pass
    with torch.no_grad():
        # evaluation mode
        net.eval()

        # one pass over the hold-out split
        for (x, y) in holdLoader:
            # to the device
            (x, y) = (x.to(dev), y.to(dev))

            # forward and hold-out loss
            out = net(x)
            holdLossSum += nll(out, y)

            # right answers
            holdHits += (out.argmax(1) == y).type(
                torch.float).sum().item()

    # epoch means
    fitLossMean = fitLossSum / fitSteps
    holdLossMean = holdLossSum / holdSteps

    # epoch accuracies
    fitHits = fitHits / len(fitLoader.dataset)
    holdHits = holdHits / len(holdLoader.dataset)

    # keep the curves
    hist["train_loss"].append(fitLossMean.cpu().detach().numpy())
    hist["train_acc"].append(fitHits)
    hist["val_loss"].append(holdLossMean.cpu().detach().numpy())
    hist["val_acc"].append(holdHits)

    # progress lines
    print("epoch {}/{}".format(ep + 1, N_EPOCHS))
    print("fit loss {:.6f}  fit acc {:.4f}".format(
        fitLossMean, fitHits))
    print("hold loss {:.6f}  hold acc {:.4f}\n".format(
        holdLossMean, holdHits))

# timing done
t1 = time.time()
print("training took {:.2f}s".format(
    t1 - t0))

# final test pass
print("testing")

# no autograd for the test pass
with torch.no_grad():
    # evaluation mode
    net.eval()

    # predicted classes
    guesses = []

    # one pass over the test split
    for (x, y) in testLoader:
        # to the device
        x = x.to(dev)

        # predict and keep the arg-max
        out = net(x)
        guesses.extend(out.argmax(axis=1).cpu().numpy())

# per-class report
print(classification_report(testSet.targets.cpu().numpy(),
    np.array(guesses), target_names=testSet.classes))

# curves
plt.style.use("ggplot")
plt.figure()
plt.plot(hist["train_loss"], label="train_loss")
plt.plot(hist["val_loss"], label="val_loss")
plt.plot(hist["train_acc"], label="train_acc")
plt.plot(hist["val_acc"], label="val_acc")
plt.title("KMNIST LeNet curves")
plt.xlabel("epoch")
plt.ylabel("loss / accuracy")
plt.legend(loc="lower left")
plt.savefig(opts["plot"])

# save the whole module
torch.save(net, opts["net"])