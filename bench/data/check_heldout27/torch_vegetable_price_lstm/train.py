import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from sklearn.model_selection import train_test_split

def run_train_epoch(model, train_loader, loss_fn, optimizer):
    model.train()
    loss_sum = 0
    for x_batch, y_batch in train_loader:
        optimizer.zero_grad()
        pred = model(x_batch)
        loss = loss_fn(pred, y_batch)
        loss.backward()
        optimizer.step()
        loss_sum += loss.item()
    return loss_sum / len(train_loader)  

def run_val_epoch(model, val_loader, loss_fn):
    model.eval()
    loss_sum = 0
    with torch.no_grad():
        for x_batch, y_batch in val_loader:
            pred = model(x_batch)
            loss = loss_fn(pred, y_batch)
            loss_sum += loss.item()
    return loss_sum / len(val_loader)