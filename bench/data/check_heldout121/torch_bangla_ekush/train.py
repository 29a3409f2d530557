import os
import pickle
import torch
import torchvision
import torch.nn as nn
import torch.optim as optim
import torch.nn.functional as F

from data_loader import make_transform, make_loader
from models import Model
import pandas as pd
from torch.utils.tensorboard import SummaryWriter
from config import *



# glyph table: id -> character
glyph_table = pd.read_csv("./data/labels.csv",index_col=False)
id2glyph = {k : ch for k,ch in enumerate(glyph_table["chars"])}
print(f"Glyph count: {len(id2glyph)}")

def fit():

    # tensorboard writer
    board = SummaryWriter()
    
    
    # loaders
    tfm= make_transform()

    tr_loader = make_loader(train_corpus,batch_size=8, transform=tfm)
    va_loader = make_loader(valid_corpus,batch_size=8, transform=tfm)

    ## network

    net = Model(vocab)
    print(net)
    
    sample = next(iter(va_loader))
    
    # sample grid and graph for tensorboard
  
    grid = torchvision.utils.make_grid(sample[0])
    board.add_image('images', grid, 0)
    board.add_graph(net,sample[0])
   
   
    # loss and optimizer
    crit = nn.CrossEntropyLoss()
    opt = optim.SGD(net.parameters(), lr=learning_rate, momentum=momentum)

    best_tr, best_va = 100000,100000
    tr_hist, va_hist = [],[]
    stale = 0
    print_every = 10
    # GPU if present

    on_gpu = torch.cuda.is_available()
    if on_gpu:
        #print("GPU found, moving the network")
        net.cuda()
        


    print("="*30 + " training "+ "="*30 )
    for ep in range(1, epoch):
        
        ## train ##
        net.train()
        for k,(pics,cls) in enumerate(tr_loader):

            if on_gpu:
                pics = pics.cuda()
                cls = cls.cuda()

            logits = net(pics)
            #_,guess = torch.max(logits.data,1)

            loss = crit(logits,cls)

            # backward
            loss.backward()
            opt.step()

            # loss to host
            loss = loss.cpu().detach().numpy()
            tr_hist.append(loss)
            
            if k % print_every == 0:
                mean_loss = sum(tr_hist)/len(tr_hist)
                print(f"Epoch: ({ep}/{epoch}) Loss: {loss} Mean Loss: {mean_loss} Acc: {100-loss} Mean Acc: {100-mean_loss}")


        del pics, loss, cls 
        
        mean_tr = sum(tr_hist)/len(tr_hist) 

        # tensorboard scalars
        board.add_scalar("Training_Loss", mean_tr, ep)
        board.add_scalar("Training_Accuracy", 100-mean_tr, ep)

        ## validate ##
        net.eval()
        for k,(pics,cls) in enumerate(va_loader):

            if on_gpu:
                pics = pics.cuda()
                cls = cls.cuda()

            logits = net(pics)
            loss = crit(logits,cls)
            # loss to host
            loss = loss.cpu().detach().numpy()
            va_hist.append(loss)
            #print(f"Loss: {loss}")

        mean_va = sum(va_hist)/len(va_hist)
        # keep the best weights
        if mean_va<best_va:
            best_tr = mean_va
            ckpt = save_path+"/best_model.th"
            torch.save(net.state_dict(),ckpt)
            stale = 0
        else:
            stale +=1

        if stale>=6:
            break
        
        print(f"\n\t Epoch: {ep} Train Loss: {mean_tr} Train Acc: {100-mean_tr}")
        
        print(f"\t Epoch: {ep} Val Loss: {mean_va} Val Acc: {100-mean_va} \n")
        
        # tensorboard scalars
        board.add_scalar("Validation_Loss", mean_va, ep)
        board.add_scalar("Validation_Accuracy", 100-mean_va, ep)
        
    # keep the loss histories for plots
    hist = {"train":tr_hist, "valid":va_hist}
    with open(save_path+"/losses.pickle","wb") as fh:
        pickle.dump(hist,fh)

    board.close()


# go
fit()
