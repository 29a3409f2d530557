from config import SETTINGS, ITEM_NAMES

from data_processing import prepare_item_table
from dataset import PriceWindowDataset
from model import PriceLSTM
from train import run_train_epoch, run_val_epoch
from predict import predict_test_file, write_submission
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from sklearn.model_selection import train_test_split
import os
from tqdm import tqdm

def run_all():
    preds_by_item = {}
    scalers_by_item = {}

    item_bar = tqdm(ITEM_NAMES, desc="items")
    for item_name in item_bar:
        item_bar.set_description(f"item: {item_name}")

        # read and prepare this item's table
        train_data, scaler = prepare_item_table("./train/train.csv", 
                                          "./train/meta/TRAIN_산지공판장_2018-2021.csv", 
                                          "./train/meta/TRAIN_전국도매_2018-2021.csv", 
                                          item_name)
        scalers_by_item[item_name] = scaler

        # windows -> train/val
        dataset = PriceWindowDataset(train_data)
        train_data, val_data = train_test_split(dataset, test_size=0.3, random_state=42)
        
        train_loader = DataLoader(train_data, batch_size=SETTINGS.batch_size, shuffle=True)
        val_loader = DataLoader(val_data, batch_size=SETTINGS.batch_size, shuffle=False)

        # fresh model per item
        n_inputs = len(dataset.numeric_columns)
        model = PriceLSTM(n_inputs, SETTINGS.hidden_size, SETTINGS.num_layers, SETTINGS.output_size)
        loss_fn = nn.L1Loss()
        optimizer = torch.optim.AdamW(model.parameters(), lr=SETTINGS.learning_rate)

        # fit with early stopping
        best_val = float('inf')
        wait_limit = SETTINGS.patience
        stall_count = 0
        for epoch in range(SETTINGS.epochs):
            train_loss = run_train_epoch(model, train_loader, loss_fn, optimizer)
            val_loss = run_val_epoch(model, val_loader, loss_fn)
            
            if val_loss < best_val - SETTINGS.min_delta:
                best_val = val_loss
                torch.save(model.state_dict(), f'models/best_model_{item_name}.pth')
                stall_count = 0
            else:
                stall_count += 1
            
            print(f'[{epoch+1}/{SETTINGS.epochs}] train {train_loss:.4f} | val {val_loss:.4f}')
            
            if SETTINGS.early_stopping and stall_count >= wait_limit:
                print(f'no val improvement, stopping at epoch {epoch+1}')
                break

        print(f'{item_name}: best val loss {best_val:.4f}')

        # forecast every test file
        item_preds = []
        file_bar = tqdm(range(25), desc="test files", position=1, leave=False)
        for i in file_bar:
            test_csv = f"./test/TEST_{i:02d}.csv"
            auction_csv = f"./test/meta/TEST_산지공판장_{i:02d}.csv"
            wholesale_csv = f"./test/meta/TEST_전국도매_{i:02d}.csv"
            
            test_data, _ = prepare_item_table(test_csv, auction_csv, wholesale_csv, item_name, scaler=scalers_by_item[item_name])
            test_dataset = PriceWindowDataset(test_data, is_test=True)
            test_loader = DataLoader(test_dataset, batch_size=1, shuffle=False)
            preds = predict_test_file(model, test_data, test_loader, scalers_by_item[item_name], dataset.price_column)
            item_preds.extend(preds)

        preds_by_item[item_name] = item_preds

    # write the submission csv
    out_name = 'early_stopping_submission'
    write_submission(preds_by_item, out_name)

if __name__ == "__main__":
    run_all()