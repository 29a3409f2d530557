import torch
import torch.nn as nn
from time import time
import os

from src.netbuild import LayerListNet
from src.utils.helpers import accuracyOf, writeCurves, nowStamp, storeWeights
from src.runlog import RunLog
from src.components.stopper import PatienceStop
from src.settings import Settings

def launchRun(
    runId: int,
    net: LayerListNet,
    fitLoader: torch.utils.data.DataLoader,
    heldImages: torch.Tensor,
    heldTargets: torch.Tensor,
    note: str | None = None
):
    '''
        Fits the network and writes a run folder holding:
            - log.txt: network layout, settings and the numbers of every epoch
            - weights.pth: the fitted network, loadable later
            - curves.png: fit / held-out accuracy and loss per epoch

        Arguments:
            runId (int): increasing number of the run
            net (LayerListNet): the network to fit
            fitLoader (torch.utils.data.DataLoader): batches of the fit split
            heldImages: torch.Tensor
            heldTargets: torch.Tensor
            note: str | None

        Returns:
            nothing
    '''
    runName = makeRunFolder(runId)
    stopEarly: bool = Settings.STOP_EARLY

    # run log
    log = RunLog(f"{Settings.RUNS_DIR}/{runName}", "log", addStamp=False)

    # network layout and split sizes go first
    log.write([
        note,
        f"\n{net}",
        "\n\n",
        f"\nfit samples: {len(fitLoader.dataset)}",
        f"\nheld-out samples: {len(heldImages)}",
        f"\nstop early: {'on' if stopEarly else 'off'}",
        f"\npicture side: {Settings.SIDE}x{Settings.SIDE}",
        f"\n\ntransforms: {fitLoader.dataset.dataset.transforms}"
    ], echo=True)

    if (stopEarly):
        stopper: PatienceStop = PatienceStop(patience=Settings.STOP_PATIENCE)

    # binary cross-entropy on raw logits
    lossFn: torch.nn.BCEWithLogitsLoss = torch.nn.BCEWithLogitsLoss()

    # Adam with weight decay
    opt = torch.optim.Adam(net.parameters(), lr=net._lr, weight_decay=net._decay)

    fitLosses: list[float] = []
    heldLosses: list[float] = []
    fitAccs: list[float] = [] # per-epoch accuracy on the fit split
    heldAccs: list[float] = [] # per-epoch accuracy on the held-out split

    t0 = time()

    doneEpochs: int = 0 # epochs actually run (early stop may cut the run short)

    # epoch loop
    for ep in range(net._nEpochs):
        epStart = time()
        doneEpochs += 1
        net.train()
        stepLosses: list[float] = []
        stepAccs = []

        # batch loop over the fit split
        for k, (xb, yb) in enumerate(fitLoader):
            # clear gradients
            net.zero_grad()
            
            # forward, drop the trailing size-1 axis
            fitLogits = net(xb).squeeze()

            # batch loss (targets cast to the logits' dtype)
            fitLoss = lossFn(fitLogits, yb.type_as(fitLogits))
            stepLosses.append(fitLoss.item())

            # logits -> probabilities
            fitLogits = nn.functional.sigmoid(fitLogits)

            # batch accuracy
            stepAcc = accuracyOf(fitLogits, yb)
            stepAccs.append(stepAcc)

            # backward and update
            fitLoss.backward()
            opt.step()
        
        # epoch accuracy on the fit split
        fitAcc = sum(stepAccs) / len(stepAccs)
        fitAccs.append(fitAcc)

        fitLoss = sum(stepLosses) / len(stepLosses)
        fitLosses.append(fitLoss)

        # held-out pass
        net.eval()
        with torch.no_grad():
            heldLogits = net(heldImages).squeeze()

            # held-out loss
            heldLoss = lossFn(heldLogits, heldTargets.type_as(heldLogits))
            heldLosses.append(heldLoss.item())

            # logits -> probabilities
            heldLogits = nn.functional.sigmoid(heldLogits)

            # held-out accuracy
            heldAcc = accuracyOf(heldLogits, heldTargets)
            heldAccs.append(heldAcc)

        epEnd = time()

        # epoch numbers into the log
        log.write([
            f"\nepoch [{ep+1}/{net._nEpochs}]",
            f"\nfit loss: {fitLoss:.4f}",
            f"\nheld-out loss: {heldLoss:.4f}"
            f"\nfit accuracy: {fitAcc:.4f}",
            f"\nheld-out accuracy: {heldAcc:.4f}"
            f"\ntook: {epEnd - epStart:.2f} s"
        ], echo=True)

        # early stop check
        if (stopEarly):
            if (stopper.shouldStop(heldLoss.item())):
                log.write([f"\nstopped early after epoch {ep+1}."], echo=True)
                break


    t1 = time()

    log.write([f"\n\nwhole run took {t1 - t0:.2f} s"], echo=True)

    # curves figure
    writeCurves(
        xs=list(range(1, doneEpochs + 1)),
        ysList=[fitLosses, fitAccs, heldAccs, heldLosses],
        colors=['red', 'blue', 'green', 'orange'],
        labels=['fit loss', 'fit accuracy', 'held-out accuracy', 'held-out loss'],
        title='run curves per epoch',
        xLabel='epoch',
        yLabel='value',
        outFile=f"{Settings.RUNS_DIR}/{runName}/curves.png"
    )


    # fitted weights
    storeWeights(net, f"{Settings.RUNS_DIR}/{runName}/weights.pth")



def makeRunFolder(id: int, addStamp: bool = True) -> str:
    '''
        Makes the folder of one run.

        @returns the run name.
    '''
    runName = f"run_{str(id).zfill(2)}"
    if (addStamp):
        runName += " " + nowStamp()
    
    runPath = f"{Settings.RUNS_DIR}/{runName}"

    if not os.path.exists(runPath):
        os.makedirs(runPath)
    
    return runName 
