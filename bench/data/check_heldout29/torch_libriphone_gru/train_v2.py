
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset
import gc
from utils import *
from model import *
from argparse import ArgumentParser, Namespace
from pathlib import Path
from typing import Dict
from preprocess_v2 import *
from dataset import PhoneFrameDataset
import gc

torch.cuda.empty_cache()

def run_main(opts):
    ckpt_path = f'./model_{opts.model}{opts.extra_name}.ckpt'
    # hyper-parameters
    # (all of them now come from the command line)
    feat_dim = 39 #* concat_nframes # MFCC size per frame, fixed by the data
    
    # ## data and model
    # read the feature files
    train_feats, train_labels, n_train_frames = load_phone_split(subset='train', feat_root_dir='./libriphone/feat', phone_dir='./libriphone', train_frac=opts.train_ratio)
    val_feats, val_labels, n_val_frames = load_phone_split(subset='val', feat_root_dir='./libriphone/feat', phone_dir='./libriphone', train_frac=opts.train_ratio)

    train_dataset = PhoneFrameDataset(train_feats, train_labels)
    del train_feats, train_labels
    gc.collect()
    val_dataset = PhoneFrameDataset(val_feats, val_labels)
    del val_feats, val_labels
    gc.collect()
    train_loader = DataLoader(train_dataset, batch_size=opts.batch_size, shuffle=True, num_workers=4, collate_fn=pad_collate)
    val_loader = DataLoader(val_dataset, batch_size=opts.batch_size, shuffle=False,num_workers=4, collate_fn=pad_collate)

    # ## training loop
    # reproducibility
    fix_all_seeds(opts.seed)

    # network, loss and optimiser
    if opts.model == "gru":
        phone_model = GruPhoneNet(in_size=feat_dim, hid_size=opts.hidden_dim, n_layers=opts.hidden_layers, n_out=41, dropout = opts.dropout, head_dropout = opts.fc_dropout).to(opts.device)
    elif opts.model == "lstm":
        phone_model = LstmPhoneNet(in_size=feat_dim, hid_size=opts.hidden_dim, n_layers=opts.hidden_layers, n_out=41, dropout = opts.dropout, head_dropout = opts.fc_dropout).to(opts.device)
    if opts.loss == "FocalLoss":
        loss_fn = FocalCE()
    else:
        loss_fn = nn.CrossEntropyLoss(ignore_index=42) 
    adamw_opt = torch.optim.AdamW(phone_model.parameters(), lr=opts.learning_rate)
    
    # phone_model.load_state_dict(torch.load(ckpt_path))
    
    best_val_correct = 0.0
    for epoch_idx in range(opts.num_epoch):
        train_correct = 0.0
        train_loss_sum = 0.0
        val_correct = 0.0
        val_loss_sum = 0.0
        
        # one pass over the training utterances
        phone_model.train() # training mode
        for step, batch_pair in enumerate(tqdm(train_loader)):
            batch_features, batch_labels = batch_pair
            batch_features = batch_features.to(opts.device)
            batch_labels = batch_labels.to(opts.device)
            
            adamw_opt.zero_grad() 
            logits = phone_model(batch_features) 
            
            # flatten time into the batch axis
            logits = logits.view(-1,logits.size(2))
            batch_labels = batch_labels.view(-1)
            step_loss = loss_fn(logits, batch_labels)
            step_loss = step_loss/opts.accum_steps
            step_loss.backward()
            if step % opts.accum_steps == 0 or step == len(train_loader) - 1:
                adamw_opt.step() 
            _, train_pred_ids = torch.max(logits, 1) # predicted phone per frame
            train_correct += (train_pred_ids.detach() == batch_labels.detach()).sum().item()
            train_loss_sum += step_loss.item()
        
        # validation pass
        if len(val_dataset) > 0:
            phone_model.eval() # eval mode
            with torch.no_grad():
                for step, batch_pair in enumerate(tqdm(val_loader)):
                    batch_features, batch_labels = batch_pair
                    batch_features = batch_features.to(opts.device)
                    batch_labels = batch_labels.to(opts.device)
                    logits = phone_model(batch_features)
                    
                    # flatten time into the batch axis
                    logits = logits.view(-1,logits.size(2))
                    batch_labels = batch_labels.view(-1)
                    
                    step_loss = loss_fn(logits, batch_labels) 
                    
                    _, val_pred_ids = torch.max(logits, 1) 
                    val_correct += (val_pred_ids.cpu() == batch_labels.cpu()).sum().item() # count correct frames
                    val_loss_sum += step_loss.item()

                print('epoch {:03d}/{:03d} | train acc {:3.6f} loss {:3.6f} | val acc {:3.6f} loss {:3.6f}'.format(
                    epoch_idx + 1, opts.num_epoch, train_correct/n_train_frames, train_loss_sum/len(train_loader), val_correct/n_val_frames, val_loss_sum/len(val_loader)
                ))

                # keep the weights whenever validation accuracy improves
                if val_correct > best_val_correct:
                    best_val_correct = val_correct
                    torch.save(phone_model.state_dict(), ckpt_path)
                    print('new best, saved (acc {:.3f})'.format(best_val_correct/n_val_frames))
        else:
            print('epoch {:03d}/{:03d} | train acc {:3.6f} loss {:3.6f}'.format(
                epoch_idx + 1, opts.num_epoch, train_correct/n_train_frames, train_loss_sum/len(train_loader)
            ))

    # without a validation split, keep the final weights
    if len(val_dataset) == 0:
        torch.save(phone_model.state_dict(), ckpt_path)
        print('saved the final epoch')

def read_cli() -> Namespace:
    argp = ArgumentParser()

    argp.add_argument("--train_ratio", type=float, default=0.95)
    argp.add_argument("--seed", type=int, default=121314)
    argp.add_argument("--batch_size", type=int, default=2048)
    argp.add_argument("--learning_rate", type=float, default=5e-4)

    # network shape
    argp.add_argument("--hidden_dim", type=int, default=1024)
    argp.add_argument("--hidden_layers", type=int, default=6)
    argp.add_argument("--dropout", type=float, default=0.3)
    argp.add_argument("--fc_dropout", type=float, default=0.3)
    argp.add_argument("--model", type=str, default="gru")
    # optimisation
    argp.add_argument(
            "--device", type=torch.device, help="torch device string, e.g. cuda:0 or cpu", default="cuda:0"
    )
    argp.add_argument("--num_epoch", type=int, default=300)
    argp.add_argument("--loss", type=str, default="CrossEntropyLoss")
    argp.add_argument("--accum_steps", type=int, default=1)
    argp.add_argument("--extra_name", type=str, default="1")
    opts = argp.parse_args()
    return opts


if __name__ == "__main__":
    opts = read_cli()
    run_main(opts)
