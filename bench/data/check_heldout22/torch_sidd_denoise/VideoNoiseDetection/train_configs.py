import torch
import torch.nn as nn

def make_train_setup(model_params):    
    loss_fn = nn.BCELoss()
    adam_optimizer = torch.optim.Adam(model_params,lr=0.001)
    lr_sched = torch.optim.lr_scheduler.ReduceLROnPlateau(adam_optimizer,mode='min',factor=0.1,patience=2,verbose=True)

    return loss_fn, adam_optimizer, lr_sched