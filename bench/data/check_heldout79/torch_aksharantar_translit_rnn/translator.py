#course assignment: character-level transliteration

import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
import pandas as pd
import random
from torch import optim
import wandb

from enc_dec import *

from tqdm import tqdm

seed = 23
np.random.seed(seed)
random.seed(seed)
torch.manual_seed(seed)
torch.cuda.manual_seed(seed)
torch.backends.cudnn.deterministic = True

class Transliterator:

    """
    Holds the encoder and decoder and the train / score loops.
    """

    def __init__(self,source_vocab_size,target_vocab_size,hidden_size,embedding_size,rnn_type,batch_size,pad_token_id,dropout,num_layers,bidirectional,use_attention,device):

        """
        Builds the encoder and the decoder (same cell type, width, depth and
        direction on both sides) and puts them on the device.
        """
        self.device = device
        
        self.encoder = Encoder(source_vocab_size = source_vocab_size, hidden_size = hidden_size,embedding_size=embedding_size,rnn_type = rnn_type,padding_idx=pad_token_id,num_layers=num_layers,bidirectional=bidirectional,dropout=dropout).to(self.device)
    
        self.decoder = Decoder(hidden_size = hidden_size,embedding_size=embedding_size, target_vocab_size = target_vocab_size,batch_size = batch_size,rnn_type = rnn_type,use_attention = use_attention, padding_idx = pad_token_id,num_layers = num_layers,bidirectional = bidirectional,dropout=dropout,device=self.device).to(self.device)

        
    def one_epoch(self,train_loader, encoder, decoder, enc_opt,dec_opt, criterion,teacher_forcing_ratio,ignore_padding=True,device='cpu'):

        """
        One pass over the training batches; returns mean loss and word accuracy.
        """

        words_right = 0
        words_seen = 0
        running_loss = 0

        for batch in tqdm(train_loader):

            src, tgt,_,_ = batch

            enc_opt.zero_grad()
            dec_opt.zero_grad()

            bs = batch[0].shape[0]

            if encoder.rnn_type == "LSTM":
                h0 = torch.zeros(encoder.num_layers*encoder.D, bs, encoder.hidden_size, device=device)
                c0 = torch.zeros(encoder.num_layers*encoder.D, bs, encoder.hidden_size, device=device)
            else:
                h0 = None
                c0 = None            

            enc_states, enc_last, enc_cell = encoder(src,h0,c0)
            
            dec_logits, _, _ = decoder(enc_states, enc_last,enc_cell, target_tensor=tgt,teacher_forcing_ratio = teacher_forcing_ratio)

            guesses = torch.argmax(dec_logits,dim=2)
            hits = (guesses ==  tgt)
            n_words = guesses.shape[0]
            
            if ignore_padding: ## padding positions do not count

                ## first <pad> position of every target word
                ## (argmax on bool is not available on cuda, hence the cast)
                pad_from = torch.argmax((tgt == train_loader.dataset.pad_token_id).to(torch.long),dim=1).to(device)
                ## True at every padded position
                pad_mask = (torch.arange(tgt.size(1)).unsqueeze(0).to(device) >= pad_from.unsqueeze(1))
                
                ##a word is right when every unpadded position is right
                words_right += (torch.all(torch.logical_or(hits,pad_mask),dim=1).int().sum()).item()
                words_seen += n_words

            loss = criterion(
                dec_logits.view(-1, dec_logits.size(-1)),
                tgt.view(-1)
            )
            loss.backward()

            enc_opt.step()
            dec_opt.step()

            running_loss += loss.item()

        running_loss = round(running_loss / len(train_loader),4)
        epoch_acc = round(words_right*100/words_seen,2)

        return running_loss,epoch_acc
    
    def fit(self,train_loader,valid_loader, encoder, decoder, epochs,padding_idx,optimiser = "adam",loss="crossentropy",weight_decay=0, lr=0.001,teacher_forcing_ratio = 0,device='cpu',wandb_logging = False):

        """
        Trains for the given number of epochs and scores the validation split after each.
        """
    
        ## optimizers
        if optimiser.lower() == "adam":
            enc_opt = optim.Adam(encoder.parameters(), lr=lr,weight_decay=weight_decay)
            dec_opt = optim.Adam(decoder.parameters(), lr=lr,weight_decay=weight_decay)

        elif optimiser.lower() == "nadam":
            enc_opt = optim.NAdam(encoder.parameters(), lr=lr,weight_decay=weight_decay)
            dec_opt = optim.NAdam(decoder.parameters(), lr=lr,weight_decay=weight_decay)

        elif optimiser.lower() == "rmsprop":
            enc_opt = optim.RMSprop(encoder.parameters(), lr=lr,weight_decay=weight_decay)
            dec_opt = optim.RMSprop(decoder.parameters(), lr=lr,weight_decay=weight_decay)
            
        ## loss
        if loss.lower() == "crossentropy":
            criterion = nn.CrossEntropyLoss(ignore_index = padding_idx).to(device)

        vocab = train_loader.dataset.vocab
        
        for epoch in tqdm(range(epochs)):

            ## one training pass
            tr_loss,tr_acc = self.one_epoch(train_loader, encoder, decoder, enc_opt, dec_opt, criterion,teacher_forcing_ratio,device=device)

            ## validation score
            va_loss,_,va_acc = self.score(valid_loader,encoder,decoder,criterion,ignore_padding=True,device=device)

            print(f"Epoch {epoch+1}\t Train Loss : {tr_loss}\t Train Acc : {tr_acc}% \t Val Loss : {va_loss}\t Val Acc : {va_acc}%")
            if wandb_logging:
                wandb.log({'epoch': epoch+1,'train loss': tr_loss, 'train accuracy': tr_acc, 'Validation loss': va_loss, 'Validation accuracy': va_acc})

    def score(self,dataloader,encoder,decoder,criterion,ignore_padding = True,device='cpu',save_results=False,filename=""):

        """
        Loss, character accuracy and word accuracy over a loader (no teacher forcing).
        With save_results the predictions are written to filename + ".csv".
        """

        char_acc = 0
        word_acc = 0

        chars_seen = 0
        words_seen = 0

        chars_right = 0
        words_right = 0

        loss = 0

        if save_results:
            rows = []

        #criterion = criterion.to(device)

        with torch.no_grad():

            was_training = 0

            if encoder.training and decoder.training: ## put the modules back in train mode afterwards
                was_training = 1

            encoder.eval()
            decoder.eval()

            for batch in dataloader:
                
                src, tgt,_,tgt_lens = batch

                bs = batch[0].shape[0]
        
                if encoder.rnn_type == "LSTM":
                    h0 = torch.zeros(encoder.num_layers*encoder.D, bs, encoder.hidden_size, device=device)
                    c0 = torch.zeros(encoder.num_layers*encoder.D, bs, encoder.hidden_size, device=device)
                else:
                    h0 = None
                    c0 = None
                
        
                enc_states, enc_last, enc_cell = encoder(src,h0,c0)
                ## the target is passed but the forcing ratio is 0
                dec_logits, _, attn = decoder(enc_states, enc_last,enc_cell, target_tensor = tgt,teacher_forcing_ratio = 0)
                loss += criterion(dec_logits.view(-1, dec_logits.size(-1)), tgt.view(-1)).item()
        
                ## most likely character at every step
                guesses = torch.argmax(dec_logits,dim=2)
                hits = (guesses ==  tgt)
                n_chars = guesses.numel() ##characters in this batch
                n_words = guesses.shape[0] ##words in this batch
        
                if ignore_padding: ## padding positions do not count
        
                    ## first <pad> position of every target word
                    
                    ## (argmax on bool is not available on cuda, hence the cast)
                    pad_from = torch.argmax((tgt == dataloader.dataset.pad_token_id).to(torch.long),dim=1).to(device)
                    ## True at every padded position
                    pad_mask = (torch.arange(tgt.size(1)).unsqueeze(0).to(device) >= pad_from.unsqueeze(1))
                    #print(pad_mask)
                    
                    ##a word is right when every unpadded position is right
                    words_right += (torch.all(torch.logical_or(hits,pad_mask),dim=1).int().sum()).item()
                    words_seen += n_words
        
                    ##positions that are real characters
                    keep_mask = (1-pad_mask.int()).bool()
                    n_pad = pad_mask.int().sum().item()
                    ##only real characters count for the character accuracy
                    n_real = n_chars - n_pad
        
                    chars_right += (torch.logical_and(hits,keep_mask).int().sum()).item()
                    chars_seen += n_real

                    if save_results:
                        word_ok = torch.all(torch.logical_or(hits,pad_mask),dim=1).int()
                        for i in range(guesses.shape[0]):
                            rows.append([dataloader.dataset.vocab.decode(src[i].cpu().numpy(),lang_id=0),dataloader.dataset.vocab.decode(tgt[i].cpu().numpy(),lang_id=1),dataloader.dataset.vocab.decode(guesses[i].cpu().numpy(),lang_id=1),word_ok[i].cpu().item()])
                    
            
                else: ##padding counts as part of the word
        
                    words_right += (torch.all(hits,dim=1).int().sum()).item()
                    words_seen += n_words
                    
                    chars_right += (hits.int().sum()).item()
                    chars_seen += n_chars

            char_acc = round(chars_right*100/chars_seen,2)
            word_acc = round(words_right*100/words_seen,2)

            loss /= dataloader.dataset.data.shape[0]

            if save_results:
                table = pd.DataFrame(data=rows, columns=["Source Word","Target Word","Predicted Word","Is Prediction Correct"])
                table.to_csv(filename+".csv",index=False)

            if was_training:

                encoder.train()
                decoder.train()
        
            return round(loss,4),char_acc,word_acc
