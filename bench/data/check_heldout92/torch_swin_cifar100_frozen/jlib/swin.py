import transformers
import torch
import torch.nn as nn
from jlib.vision_transformer import History
import numpy as np
import torch.nn.functional as F
import time
from torch.amp import GradScaler, autocast
from torchtnt.utils.data import CudaDataPrefetcher
import time
import matplotlib.pyplot as plt
import json
from torchprofile import profile_macs

device = 'cuda:0'

class FrozenSwin(nn.Module):
    def __init__(self, hf_id, n_cls=100, device='cuda'):
        super().__init__()
        self.device = device
        self.hf_id = hf_id
        self.n_cls = n_cls
        self.model = transformers.SwinForImageClassification.from_pretrained(
            hf_id,
            num_labels=n_cls,
            ignore_mismatched_sizes=True,
        ).to(device)
        self.image_size = 224
        
        for param in self.model.swin.parameters():
            param.requires_grad = False
        for param in self.model.classifier.parameters():
            param.requires_grad = True
        self.loss = torch.nn.CrossEntropyLoss()
        self.optimizer = torch.optim.AdamW(
            self.model.parameters(),
            lr=2e-5,
            # (decay left at default)
            # (betas left at default)
            # (eps left at default)
        )
        self.n_params = sum(p.numel() for p in self.model.parameters())
        print(f'parameter total {self.n_params:4e}')
    def forward(self, x):
        return self.model(x).logits
    
    
    def fit_epoch(self, pref, n_batches):
        run_loss = torch.zeros(1, device=self.device)
        self.train()
        
        for xb, yb in pref:
            self.optimizer.zero_grad(set_to_none=True)
                                
            with autocast("cuda"):
                logits = self.forward(xb)
                step_loss = self.crit(logits, yb)
                run_loss += step_loss
            self.scaler.scale(step_loss).backward()
            self.scaler.step(self.optimizer)
            self.scaler.update()                   

        return run_loss / n_batches
    
    
    def score_epoch(self, pref, n_batches):
        n_right = torch.zeros(1, device=self.device)
        n_seen = torch.zeros(1, device=self.device)
        va_loss = torch.zeros(1, device=self.device)
        self.eval()
        with torch.no_grad():
            for xv, yv in pref:
                with autocast('cuda'):
                    logits = self.forward(xv)
                    vstep_loss = self.crit(logits, yv)
                    
                    guess = logits.argmax(dim=-1)
                    hit = (guess == yv)
                    n_right += hit.sum()
                    n_seen += yv.numel()                            

                    va_loss += vstep_loss                        
        acc = n_right / n_seen
        va_loss = va_loss / n_batches
        return va_loss, acc


    def fit(
            self,
            n_epochs,
            tr_pref: CudaDataPrefetcher,
            n_tr: int,
            va_pref: CudaDataPrefetcher,
            n_va: int,
            early_stop = False,
            crit=nn.CrossEntropyLoss(),
            optimizer=torch.optim.SGD,
            opt_args = [],
            opt_kwargs = {},
            log_every=1,
            head_every = 15,
            decay = 1,
            target_acc = 0.5,
            patience = 6,
            ckpt = None
        ):  
            
            lr_fn = lambda epoch: decay ** epoch
            head_every = log_every * head_every
            dummy = torch.randn(1, 3, self.image_size, self.image_size).to(self.device)
            self.eval()
            with torch.no_grad():
                n_macs = profile_macs(self, dummy)
            self.scaler = GradScaler("cuda")
            self.optimizer = optimizer(self.parameters(), *opt_args, **opt_kwargs)
            self.scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, lr_lambda=lr_fn)
            self.crit = crit
            self.tr_hist = torch.zeros(n_epochs)
            self.va_hist = torch.zeros(n_epochs)
            self.acc_hist = torch.zeros(n_epochs)
            gain = torch.zeros(1)         
                        
            w = 20
            fmt = f'^{w}'
            
            row = {
                "ep": 0,
                "secs": 0,
                "train loss": 0,
                "val loss": 0,
                "val acc": 0,
                "acc change %": 0,
                'GiB used' : 0,
            }

            hdr = "|"
            for k in row.keys():
                hdr += (f"{k:{fmt}}|")
            
            rule = '-'*len(hdr)
            if log_every:
                print(f'fitting {self.__class__.__name__}\n')
                print(rule)
            best_acc = torch.zeros(1, device=self.device)            
            bad_epochs = 0           
            print("starting")
            t_all = time.perf_counter()
            for epoch in range(n_epochs):
                
                
                
                t_ep = time.perf_counter()             
                
                #print('fit pass')
                run_loss = self.fit_epoch(tr_pref, n_tr)
                #print('score pass')
                va_loss, acc = self.score_epoch(va_pref, n_va)
                
                self.tr_hist[epoch] = run_loss
                self.va_hist[epoch] = va_loss
                self.acc_hist[epoch] = acc
                self.scheduler.step()
                
                
                t_ep_end = time.perf_counter()
                gain = 100 * (acc - best_acc) / best_acc
                if gain <= 0:
                    bad_epochs += 1
                else:
                    bad_epochs = 0

                if acc > best_acc:
                    best_acc = acc
                    if ckpt:
                        torch.save(self.state_dict(), ckpt)
                if early_stop and (acc > target_acc or bad_epochs > patience):
                    break
                if log_every and (epoch % log_every == 0 or epoch == n_epochs - 1) :
                    gib = (torch.cuda.memory_allocated(self.device) + torch.cuda.memory_reserved(self.device))/1024**3
                    if head_every and epoch % head_every == 0:
                        print(hdr)
                        print(rule)
                    dur = t_ep_end - t_ep
                    
                    
                    row['ep'] = f'{epoch}'
                    row['secs'] = f'{dur:4f}'
                    row['train loss'] = f'{run_loss.item():8f}'
                    row['val loss'] = f'{va_loss.item():8f}'
                    row['val acc'] = f'{acc.item()*100:4f}'
                    row['GiB used'] = f'{gib:4f}'
                    row['acc change %'] = f'{gain.item():4f}'
                    for cell in row.values():
                        print(f"|{cell:^{w}}", end='')
                    print('|')
                    print(rule)
                
                torch.cuda.empty_cache()    
            wall = time.perf_counter() - t_all
            print(f'\nwall time {wall:4f} s\n')
            print(f'best val acc {best_acc.item()*100:4f}')
            
            return History(
                train_loss_hist=self.tr_hist.tolist(),
                val_loss_hist=self.va_hist.tolist(),
                accuracy_hist=self.acc_hist.tolist(),
                training_time=wall,
                parameter_count=self.n_params,
                macs=n_macs,
                epochs=epoch + 1,
            )
