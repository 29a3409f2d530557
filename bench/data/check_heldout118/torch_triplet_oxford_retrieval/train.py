from tqdm import tqdm
import torch
import gc
import os
import numpy as np
from model import TripletLoss, TripletNet
import math


def fit_triplets(net, dev, opt, sched, 
                fit_batches, val_batches, 
                n_epochs, accum_every, ckpt_name,
                out_dir, 
                log_fh):
    """
    Run the training/validation cycle of the triplet embedding network.
    
    Args:
        net   : the torch module
        dev  : torch device
        opt   : optimiser
        sched   : lr scheduler wrapping opt
        fit_batches    : loader of training triplets
        val_batches    : loader of validation triplets
        n_epochs  : how many epochs
        accum_every    : number of batches between optimiser steps
        out_dir    : where weights go
        log_fh    : open text file for the log
        
    Returns:
        lists of per-epoch training and validation loss
    """
    fit_hist = []
    val_hist = []
    lowest_val = np.iinfo(np.int32).max
    best_path = os.path.join(out_dir, ckpt_name)
    scratch_path = os.path.join(out_dir, "temp_{}".format(ckpt_name))
    final_step = math.ceil(len(fit_batches.dataset)/accum_every)
    
    # one training and one validation phase per epoch
    for ep in range(n_epochs):
        
        print("== epoch {} ==".format(ep+1))
        log_fh.write("== epoch {} ==".format(ep+1))

        triplet_crit = TripletLoss(margin=2)
        fit_batches.dataset.reset()
        
        if (ep+1)%accum_every == 0:
            print("> stepping the lr schedule")
            sched.step()
            
        for stage in ['train', 'valid']:
            loss_sum = 0.0
            
            if stage == 'train':
                net.train(True)  # training mode
                
                # clear grads
                opt.zero_grad()
                
                print("> fitting")
                for step, [anc, pos, neg] in enumerate(tqdm(fit_batches)):
                    anc, pos, neg = anc.to(dev), pos.to(dev), neg.to(dev)
                    
                    # embed the three images
                    emb_a, emb_p, emb_n = net(anc, pos, neg)
                    
                    # margin loss on the triplet
                    loss = triplet_crit(emb_a, emb_p, emb_n)
                    
                    # accumulate for the epoch
                    loss_sum += loss
                    
                    # gradients
                    loss.backward()


                    if (step + 1)%accum_every == 0 or (step+1) == final_step:
                        # apply the accumulated gradients
                        opt.step()

                        # clear grads
                        opt.zero_grad()
                    
                    
                    # free batch tensors
                    del anc, pos, neg, emb_a, emb_p, emb_n
                    gc.collect()
                    torch.cuda.empty_cache()


                # keep the latest weights
                print("> writing latest weights")
                torch.save(net.state_dict(), scratch_path)
                

                # epoch statistics
                n_seen = float(len(fit_batches.dataset))
                fit_loss = loss_sum.item()/n_seen
                fit_hist.append(fit_loss)
                print('> fit loss: {:.4f}\t'.format(fit_loss))
                log_fh.write('> fit loss: {:.4f}\t'.format(fit_loss))
                
            
            else:
                net.train(False)

                print("> validating")
                with torch.no_grad():
                    for anc, pos, neg in tqdm(val_batches):
                        anc, pos, neg = anc.to(dev), pos.to(dev), neg.to(dev)
                        
                        # embed the three images
                        emb_a, emb_p, emb_n = net(anc, pos, neg)
                        
                        # margin loss on the triplet
                        loss = triplet_crit(emb_a, emb_p, emb_n)
                        
                        # accumulate for the epoch
                        loss_sum += loss
                        
                        # free batch tensors
                        del anc, pos, neg, emb_a, emb_p, emb_n
                        gc.collect()
                        torch.cuda.empty_cache()

                # epoch statistics
                n_seen = float(len(val_batches.dataset))
                val_loss = loss_sum.item()/n_seen
                val_hist.append(val_loss)
                print('> val loss: {:.4f}\t'.format(val_loss))
                log_fh.write('> val loss: {:.4f}\t'.format(val_loss))
                
                
                if val_loss < lowest_val:
                    lowest_val = val_loss
                    print("> new best, saving")
                    log_fh.write("new best, saving\n")
                    torch.save(net.state_dict(), best_path)

                
    return (fit_hist, val_hist)
    


