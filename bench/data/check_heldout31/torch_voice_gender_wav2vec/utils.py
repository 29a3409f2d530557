import torch
import os
from args import *

def store_checkpoint(epoch_no, gender_model, adam_opt, train_loss_hist, val_loss_hist, train_acc_hist, val_acc_hist, ckpt_path='checkpoint/checkpoint.pt'):
    # create the folder first
    os.makedirs(os.path.dirname(ckpt_path), exist_ok=True)
    
    ckpt = {
        'epoch': epoch_no,
        'model_state_dict': gender_model.state_dict(),
        'optimizer_state_dict': adam_opt.state_dict(),
        'train_losses': train_loss_hist,
        'val_losses': val_loss_hist,
        'train_accuracies': train_acc_hist,
        'val_accuracies': val_acc_hist
    }
    
    try:
        torch.save(ckpt, ckpt_path)
        print(f'checkpoint written after epoch {epoch_no+1}')
    except Exception as err:
        print(f'could not write the checkpoint: {err}')



def restore_checkpoint(ckpt_path):
    ckpt = torch.load(ckpt_path)
    gender_model = GenderMLP(in_features)  
    gender_model.load_state_dict(ckpt['model_state_dict'])
    gender_model.eval()
    return gender_model