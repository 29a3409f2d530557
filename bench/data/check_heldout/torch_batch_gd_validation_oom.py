# source: https://github.com/ThilinaRajapakse/simpletransformers/issues/1519 (training function pasted by the user, who gets "out of memory" in it)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (only the pasted function is given in the issue; model, loaders, criterion and optimizer are module globals there too)
from datetime import datetime

import numpy as np
import torch

device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


def run_epochs(model, criterion, train_loader, test_loader, epochs):
    train_history = np.zeros(epochs)
    val_history = np.zeros(epochs)

    for e in range(epochs):
        started = datetime.now()
        batch_losses = []
        for inputs, targets in train_loader:
            inputs, targets = inputs.to(device), targets.to(device)

            optimizer.zero_grad()

            output = model(inputs)

            loss = criterion(output, targets)

            batch_losses.append(loss.item())

            loss.backward()
            optimizer.step()

        epoch_train = np.mean(batch_losses)

        val_losses = []

        for inputs, targets in validation_loader:
            inputs, targets = inputs.to(device), targets.to(device)

            output = model(inputs)

            loss = criterion(output, targets)

            val_losses.append(loss.item())

        epoch_val = np.mean(val_losses)

        train_history[e] = epoch_train
        val_history[e] = epoch_val

        took = datetime.now() - started
        print(f"epoch {e + 1}/{epochs} train {epoch_train:.3f} val {epoch_val:.3f} in {took}")

    return train_history, val_history
