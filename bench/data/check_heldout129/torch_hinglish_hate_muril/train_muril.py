import torch
from core.loaders import final_train_loader , final_val_loader
from core.loops import run_train_epoch, run_valid_epoch
from tqdm import tqdm
from core.muril_model import model, tokenizer

EPOCHS=30

torch.cuda.empty_cache()
bar =  tqdm(range(1,EPOCHS+1), desc='muril epochs...', leave=True)

for ep in bar:
    # fit
    run_train_epoch(final_train_loader,final_val_loader ,model=model, epoch_id=ep)

    # check
    run_valid_epoch(final_val_loader, model=model, epoch_id=ep)
    
    # persist
    torch.save(model, './Models/Murilonfinal.model')
