import torch
import numpy as np
import pandas as pd


def inverse_transform(preds, test_data, window_size=30):
    denorm_preds = []

    for i, pred in enumerate(preds):
        past_data = test_data.iloc[max(0, i-window_size):i]

        if len(past_data) == 0:
            past_data = test_data.iloc[:1]
        
        rolling_mean = past_data.mean()
        rolling_std = past_data.std() if past_data.std() > 0 else 1e-8

        real_value = (pred * rolling_std) + rolling_mean
        denorm_preds.append(real_value)

    return np.array(denorm_preds)


def evaluate(model, loader, device, original_data, window_size=24):
    model.eval()
    predictions, truths = [], []
    
    with torch.no_grad():
        for X, y in loader:
            X, y = X.to(device), y.to(device)
            
            preds = model(X).cpu().numpy()
            y = y.cpu().numpy()
            
            
            predictions.extend(preds.tolist())
            truths.extend(y.tolist())
    
    return np.array(predictions), np.array(truths)
