# BiLSTM over pretrained embeddings

import torch
from torch import nn
import numpy as np
from utils import *

class BiLSTMClassifier(nn.Module):
    def __init__(self, cfg, n_words, emb_matrix):
        super(BiLSTMClassifier, self).__init__()
        self.config = cfg
        
        # frozen pretrained embeddings
        self.embed = nn.Embedding(n_words, self.config.embed_size)
        self.embed.weight = nn.Parameter(emb_matrix, requires_grad=False)
        
        self.rnn = nn.LSTM(input_size = self.config.embed_size,
                            hidden_size = self.config.hidden_size,
                            num_layers = self.config.hidden_layers,
                            dropout = self.config.dropout_keep,
                            bidirectional = self.config.bidirectional)
        
        self.drop = nn.Dropout(self.config.dropout_keep)
        
        # classifier head over all final states
        self.out_layer = nn.Linear(
            self.config.hidden_size * self.config.hidden_layers * (1+self.config.bidirectional),
            self.config.output_size
        )
        
        # class probabilities
        self.prob = nn.Softmax()
        
    def forward(self, x):
        # x: (seq_len, batch)
        embedded = self.embed(x)
        # (seq_len, batch, embed_dim)

        rnn_out, (h_last,c_last) = self.rnn(embedded)
        features = self.drop(h_last) # (layers*dirs, batch, hidden)
        
        # concatenate every layer/direction state per example
        features = torch.cat([features[i,:,:] for i in range(features.shape[0])], dim=1)
        logits = self.out_layer(features)
        return self.prob(logits)
    
    def attach_optimizer(self, optimizer):
        self.optimizer = optimizer
        
    def attach_loss(self, loss_fn):
        self.loss_fn = loss_fn
    
    def halve_lr(self):
        print("halving the learning rate")
        for group in self.optimizer.param_groups:
            group['lr'] = group['lr'] / 2
                
    def fit_one_epoch(self, train_iter, val_iter, epoch):
        train_loss_log = []
        val_acc_log = []
        recent_losses = []
        
        # halve the LR at 1/3 and 2/3 of training
        if (epoch == int(self.config.max_epochs/3)) or (epoch == int(2*self.config.max_epochs/3)):
            self.halve_lr()
            
        for i, batch in enumerate(train_iter):
            self.optimizer.zero_grad()
            if torch.cuda.is_available():
                x = batch.text.cuda()
                y = (batch.label - 1).type(torch.cuda.LongTensor)
            else:
                x = batch.text
                y = (batch.label - 1).type(torch.LongTensor)
            y_pred = self.__call__(x)
            loss = self.loss_fn(y_pred, y)
            loss.backward()
            recent_losses.append(loss.data.cpu().numpy())
            self.optimizer.step()
    
            if i % 100 == 0:
                print("step {}".format(i+1))
                mean_loss = np.mean(recent_losses)
                train_loss_log.append(mean_loss)
                print("\tmean train loss: {:.5f}".format(mean_loss))
                recent_losses = []
                
                # validation accuracy so far
                val_acc = evaluate_accuracy(self, val_iter)
                print("\tval accuracy: {:.4f}".format(val_acc))
                self.train()
                
        return train_loss_log, val_acc_log