import torch
import numpy as np
import pandas as pd
from tqdm import tqdm
from sklearn.preprocessing import MinMaxScaler

def predict_test_file(model, test_data,test_loader, scaler, price_column):
    model.eval()
    preds = []
    
    with torch.no_grad():
        for batch in test_loader:
            output = model(batch)
            
            preds.append(output.numpy())
    
    preds_array = np.concatenate(preds)
    
    # undo the scaling for the price column
    price_idx = test_data.columns.get_loc(price_column)
    preds_2d = preds_array.reshape(-1, 1)
    
    # a one-column scaler built from the fitted one
    price_scaler = MinMaxScaler()
    price_scaler.min_ = scaler.min_[price_idx]
    price_scaler.scale_ = scaler.scale_[price_idx]
    preds_in_won = price_scaler.inverse_transform(preds_2d)
    
    return preds_in_won.flatten()

def write_submission(preds_by_item, out_name):
    submission = pd.read_csv('./sample_submission.csv')
    for item_name, preds in preds_by_item.items():
        if len(preds) != len(submission):
            print(f"warning: {item_name} has {len(preds)} forecasts but the submission has {len(submission)} rows")
        submission[item_name] = preds
    submission.to_csv(f'./{out_name}.csv', index=False)