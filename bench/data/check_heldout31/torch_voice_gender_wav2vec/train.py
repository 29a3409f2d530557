import torch
import torch.nn as nn
import torch.optim as optim
import matplotlib.pyplot as plt
import os
from args import *  # brings in GenderMLP, build_loaders and the other shared objects
from utils import store_checkpoint
from torch.optim.lr_scheduler import ReduceLROnPlateau

run_device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

def run_training():
    in_features, train_dl, val_dl = build_loaders()

    gender_model = GenderMLP(in_features).to(run_device)
    bce_loss_fn = nn.BCEWithLogitsLoss()
    adam_opt = optim.AdamW(gender_model.parameters(), lr=0.001)  # AdamW rather than Adam
    plateau_sched = ReduceLROnPlateau(adam_opt, 'min', patience=5, verbose=True)

    train_loss_hist, val_loss_hist = [], []
    train_acc_hist, val_acc_hist = [], []

    n_epochs = 100
    best_val_acc = 0.0
    max_bad_epochs = 10  # epochs without improvement that are tolerated
    bad_epochs = 0

    for epoch_no in range(n_epochs):
        gender_model.train()
        train_loss_sum, train_hits = 0.0, 0
        for batch_dict in train_dl:
            batch_X, batch_y = batch_dict['features'], batch_dict['label']
            batch_X, batch_y = batch_X.to(run_device), batch_y.to(run_device)

            adam_opt.zero_grad()
            logits = gender_model(batch_X)

            step_loss = bce_loss_fn(logits.view(-1), batch_y.float())
            step_loss.backward()
            adam_opt.step()

            train_loss_sum += step_loss.item()
            pred_labels = torch.round(torch.sigmoid(logits))  # logits to probabilities to 0/1
            train_hits += (pred_labels.view_as(batch_y) == batch_y).sum().item()

        epoch_train_loss = train_loss_sum / len(train_dl)
        epoch_train_acc = train_hits / len(train_dl.dataset)

        # ---- validation ----
        gender_model.eval()
        val_loss_sum, val_hits = 0.0, 0
        with torch.no_grad():
            for batch_dict in val_dl:
                batch_X, batch_y = batch_dict['features'], batch_dict['label']
                batch_X, batch_y = batch_X.to(run_device), batch_y.to(run_device)

                logits = gender_model(batch_X)
                step_loss = bce_loss_fn(logits.view(-1), batch_y.float())
                val_loss_sum += step_loss.item()
                pred_labels = torch.round(torch.sigmoid(logits))
                val_hits += (pred_labels.view_as(batch_y) == batch_y).sum().item()

        epoch_val_loss = val_loss_sum / len(val_dl)
        epoch_val_acc = val_hits / len(val_dl.dataset)

        train_loss_hist.append(epoch_train_loss)
        val_loss_hist.append(epoch_val_loss)
        train_acc_hist.append(epoch_train_acc)
        val_acc_hist.append(epoch_val_acc)

        print(f'epoch {epoch_no+1} of {n_epochs} | '
              f'train loss {epoch_train_loss:.4f} acc {epoch_train_acc:.4f} | '
              f'val loss {epoch_val_loss:.4f} acc {epoch_val_acc:.4f}')
        store_checkpoint(epoch_no, gender_model, adam_opt, train_loss_hist, val_loss_hist, train_acc_hist, val_acc_hist)

        # scheduler follows the validation loss
        plateau_sched.step(epoch_val_loss)

        # stop when validation accuracy stalls
        if epoch_val_acc > best_val_acc:
            best_val_acc = epoch_val_acc
            bad_epochs = 0
        else:
            bad_epochs += 1
            if bad_epochs >= max_bad_epochs:
                print("no improvement for too long, stopping")
                break
    
    return train_loss_hist, val_loss_hist, train_acc_hist, val_acc_hist

def plot_curves(train_loss_hist, val_loss_hist, train_acc_hist, val_acc_hist):
    plot_path = os.path.join('media', 'training_plot.png')
    
    # create the folder first
    os.makedirs(os.path.dirname(plot_path), exist_ok=True)
    
    plt.figure(figsize=(12, 5))
    plt.subplot(1, 2, 1)
    plt.plot(train_loss_hist, label='training loss')
    plt.plot(val_loss_hist, label='validation loss')
    plt.title('loss curves')
    plt.xlabel('epoch')
    plt.ylabel('BCE')
    plt.legend()
    
    # accuracy panel
    plt.subplot(1, 2, 2) 
    plt.plot(train_acc_hist, label='training accuracy')
    plt.plot(val_acc_hist, label='validation accuracy')
    plt.title('accuracy curves')
    plt.xlabel('epoch')
    plt.ylabel('fraction correct')
    plt.legend()
    
    plt.tight_layout()
    plt.savefig(plot_path)  
    plt.show()

if __name__ == "__main__":
    train_loss_hist, val_loss_hist, train_acc_hist, val_acc_hist = run_training()
    plot_curves(train_loss_hist, val_loss_hist, train_acc_hist, val_acc_hist)
