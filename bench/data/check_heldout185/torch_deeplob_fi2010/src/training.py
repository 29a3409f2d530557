import torch
import numpy as np
from datetime import datetime
from tqdm import tqdm

def batch_gd(model, criterion, optimizer, train_loader, test_loader, epochs, device):
    """
    Train for a number of epochs with plain mini-batch gradient descent.

    model, criterion, optimizer: what is trained and how.
    train_loader / test_loader: batches for training and for validation.
    epochs: how many passes; device: where the model runs.

    Gives back the per-epoch train and validation losses as two arrays.
    """
    
    train_losses = np.zeros(epochs)
    test_losses = np.zeros(epochs)
    best_test_loss = np.inf
    best_test_epoch = 0

    for it in tqdm(range(epochs)):
        
        model.train()
        t0 = datetime.now()
        train_loss = []
        for inputs, targets in train_loader:
            # batch onto the device
            inputs, targets = inputs.to(device, dtype=torch.float), targets.to(device, dtype=torch.int64)
            optimizer.zero_grad()
            # forward
            outputs = model(inputs)
            loss = criterion(outputs, targets)
            # backward and step
            loss.backward()
            optimizer.step()
            train_loss.append(loss.item())
        # mean of the batch losses
        train_loss = np.mean(train_loss)
    
        model.eval()
        test_loss = []
        for inputs, targets in test_loader:
            inputs, targets = inputs.to(device, dtype=torch.float), targets.to(device, dtype=torch.int64)      
            outputs = model(inputs)
            loss = criterion(outputs, targets)
            test_loss.append(loss.item())
        test_loss = np.mean(test_loss)

        # keep the epoch's losses
        train_losses[it] = train_loss
        test_losses[it] = test_loss
        
        if test_loss < best_test_loss:
            torch.save(model, './best_val_model_pytorch')
            best_test_loss = test_loss
            best_test_epoch = it
            print('model saved')

        dt = datetime.now() - t0
        print(f'Epoch {it+1}/{epochs}, Train Loss: {train_loss:.4f}, \
          Validation Loss: {test_loss:.4f}, Duration: {dt}, Best Val Epoch: {best_test_epoch}')

    return train_losses, test_losses
