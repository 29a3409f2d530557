import torch
import torch.nn as nn
import torch.nn.functional as F
run_device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

def run_validation(val_data_loader, denoise_model, loss_fn):
    denoise_model.to(run_device)
    denoise_model.eval()
    loss_sum = 0
    with torch.no_grad():
        for val_batch_no, (val_X, val_y) in enumerate(val_data_loader):
            val_X = val_X.to(run_device)
            val_y = val_y.to(run_device)
            val_pred = denoise_model(val_X)
            val_loss = loss_fn(val_pred, val_y if val_pred.size() == val_y.size() else val_y.unsqueeze(-1))
            loss_sum += val_loss
    
    mean_val_loss = loss_sum / (val_batch_no+1)
    print(f'validation loss: {mean_val_loss}')
    return mean_val_loss