#course assignment: character-level transliteration (no attention)

import numpy as np

import pandas as pd

import torch
import torch.nn as nn
from torch import optim
import torch.nn.functional as F
from torch.utils.data import Dataset,TensorDataset, DataLoader, RandomSampler
from torch.nn.utils.rnn import pad_sequence
import random
from functools import partial

import numpy as np

from tqdm.notebook import tqdm

#pip install wandb
import wandb

import argparse

from lang_data import *

from enc_dec import *

from translator import *

seed = 23

random.seed(seed)
np.random.seed(seed)
torch.manual_seed(seed)
torch.cuda.manual_seed(seed)
torch.backends.cudnn.deterministic = True

def run_experiment(config,wandb_log = False):

    """
    Builds the loaders and the model for one configuration, trains, and scores the test split.

    config : dict of settings.
    wandb_log : log metrics to wandb when True.

    Returns:
        the trained Transliterator.
    """
    
    batch_size = config['batch_size']
    target_lang = "tel"

    data_root = "aksharantar_sampled/"

    if config['device'] == None:
        device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    else:
        device = torch.device(config['device'])

    use_meta_tokens = True
    
    lang_dir = data_root + target_lang + "/"
    
    ##training loader
    train_vocab = CharVocab(language_directory=lang_dir,target_lang_name=target_lang,mode="train",meta_tokens=use_meta_tokens)
    ## the special tokens share their ids in both languages
    pad_id = train_vocab.source_char2id['<pad>']

    collate = partial(pad_batch,pad_token_id=pad_id,device=device)
    
    train_ds = PairDataset(train_vocab,device=device)
    train_loader = DataLoader(train_ds, batch_size=batch_size,collate_fn=collate, shuffle=True)
    
    ## test loader
    test_vocab = CharVocab(language_directory=lang_dir,target_lang_name=target_lang,mode="test",meta_tokens=use_meta_tokens)
    
    ## every split uses the training tables
    test_vocab.source_char2id = train_vocab.source_char2id
    test_vocab.source_id2char = train_vocab.source_id2char
    test_vocab.target_char2id = train_vocab.target_char2id
    test_vocab.target_id2char = train_vocab.target_id2char
    
    test_ds = PairDataset(test_vocab,device=device)
    test_loader = DataLoader(test_ds, batch_size=batch_size,collate_fn=collate, shuffle=True)
    
    ## validation loader
    valid_vocab = CharVocab(language_directory=lang_dir,target_lang_name=target_lang,mode="valid",meta_tokens=use_meta_tokens)
    valid_vocab.source_char2id = train_vocab.source_char2id
    valid_vocab.source_id2char = train_vocab.source_id2char
    valid_vocab.target_char2id = train_vocab.target_char2id
    valid_vocab.target_id2char = train_vocab.target_id2char
    
    valid_ds = PairDataset(valid_vocab,device=device)
    valid_loader = DataLoader(valid_ds, batch_size=batch_size,collate_fn=collate, shuffle=True)
    
    ##vocabulary sizes come from the training split
     
    n_src = len(list(train_vocab.source_char2id.keys()))
    n_tgt = len(list(train_vocab.target_char2id.keys()))
    
    hidden_size = config['hidden_size']
    embedding_size = hidden_size
    
    epochs = config['epochs']
    
    optimiser = config['optimiser']
    
    weight_decay = config['weight_decay']
    
    lr = config['lr']
    
    num_layers = config['num_layers']
    
    ## "GRU", "RNN" or "LSTM", any case
    rnn_type = config['rnn_type'].upper()
    
    bidirectional = config['bidirectional']
    teacher_forcing_ratio = config['teacher_forcing_ratio']

    dropout=config['dropout']

    use_attention = config['use_attention']
    
    model = Transliterator(n_src,n_tgt,hidden_size,embedding_size,rnn_type,batch_size,pad_id,dropout,num_layers,bidirectional,use_attention,device)

    model.fit(train_loader,valid_loader,model.encoder, model.decoder, epochs,padding_idx = pad_id,optimiser = optimiser,weight_decay=weight_decay, lr=lr,teacher_forcing_ratio = teacher_forcing_ratio,device=device,wandb_logging = wandb_log)
    
    criterion = nn.CrossEntropyLoss(ignore_index = pad_id).to(device)
    te_loss,_,te_acc = model.score(test_loader,model.encoder,model.decoder,criterion,ignore_padding=True,device=device,save_results=True,filename = "predictions_attention")
    print(f"Test Loss : {te_loss}\tTest Accuracy : {te_acc}%")

    return model

parser = argparse.ArgumentParser()

parser.add_argument("-b", "--batch_size", type=int, default=64,help="Training batch size.")

parser.add_argument("-bid", "--bidirectional", type=bool,default=True,choices=[True,False],help="Read the input in both directions.")

parser.add_argument("-dpt", "--dropout", type=float, default=0.4,help="Dropout probability.")

parser.add_argument("-es", "--embedding_size", type=int, default=256,help="Embedding width.")

parser.add_argument("-e", "--epochs", type=int, default=15,help="Training epochs.")

parser.add_argument("-hs", "--hidden_size", type=int, default=512,help="Hidden state width.")

parser.add_argument("-lr", "--learning_rate", type=float, default=3e-4,help="Learning rate.")

parser.add_argument("-nl", "--num_layers", type=int, default=4,help="Stacked recurrent layers.")

parser.add_argument("-o", "--optimizer", type=str, default="nadam",choices=["rmsprop", "adam", "nadam"],help="Optimizer.")

parser.add_argument("-rt", "--rnn_type", type=str, default="lstm",choices=["lstm", "gru", "rnn"],help="Recurrent cell.")

parser.add_argument("-tf", "--teacher_forcing", type=float, default=0.4,help="Teacher forcing ratio.")

parser.add_argument("-w_d", "--weight_decay", type=float, default=1e-5,help="Weight decay.")

parser.add_argument("-d", "--device", type=str, default=None,help="Device to train on.")

args = parser.parse_args()

config = {

        'batch_size':args.batch_size,

        'bidirectional' :  args.bidirectional,

        'dropout' : args.dropout,

        'embedding_size':args.embedding_size,

        'epochs' : args.epochs,

        'hidden_size':args.hidden_size,

        'lr':  args.learning_rate,

        'num_layers' : args.num_layers,

        'optimiser': args.optimizer,

        'rnn_type' : args.rnn_type,

        'teacher_forcing_ratio' : args.teacher_forcing,

        'weight_decay': args.weight_decay,

        'device' : args.device,

        'use_attention' : False
}

model = run_experiment(config)
