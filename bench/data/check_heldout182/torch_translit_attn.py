# Character-level English-to-Bengali/Hindi transliteration on the Aksharantar data with a
# GRU encoder-decoder and attention (torchtext fields, bucketed batches).



import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
import random
import torch.optim as optim
from torch.autograd import Variable
import os
import csv
import gdown
from tqdm import tqdm

from io import open
import string, time, math
import wget
from zipfile import ZipFile
import matplotlib.pyplot as plt
import seaborn as sns
from IPython.display import clear_output
from torch.utils.data import Dataset
import re
from torchtext.data import Field, TabularDataset, BucketIterator
import numpy as np
import random
import argparse


seed = 42
np.random.seed(seed)
random.seed(seed)
torch.manual_seed(seed)

torch.cuda.manual_seed_all(seed)
torch.backends.cudnn.deterministic=True
torch.backends.cudnn.benchmark=False


config = {
  "load_model": False,
  "test_model": False,
  "indic_lang": 'ben',
  "wandb_project": 'CS6910_Assignment3',
  "wandb_entity": 'dl_research',
  "dropout": 0.3,
  "learning_rate": 0.0005,
  "batch_size": 256,
  "input_embedding_size": 256,
  "num_layers": 2,
  "hidden_size": 1024,
  "cell_type": 'GRU',
  "bidirectional": True,
  "epochs": 30
}


parser = argparse.ArgumentParser()

parser.add_argument("-load","--load_model", default=config['load_model'], type=type(config['load_model']), required=False, help='Choose whether to load parameters of best model with attention. Choices: [True, False]', choices = [True, False])

parser.add_argument("-test","--test_model", default=config['test_model'], type=type(config['test_model']), required=False, help='Choose whether to test model with attention using Test Data. Choices: [True, False]', choices = [True, False])

parser.add_argument("-lang","--indic_lang", default=config['indic_lang'], type=str, required=False, help='Choose Indic Language to train and test model. Choices: ["ben", "hin"]', choices = ["ben", "hin"])

parser.add_argument("-wp","--wandb_project", default=config['wandb_project'], type=str, required=False, help='Project name used to track experiments in Weights & Biases dashboard')

parser.add_argument("-we", "--wandb_entity", default=config['wandb_entity'], type=str, required=False, help='Wandb Entity used to track experiments in the Weights & Biases dashboard.')

parser.add_argument('-lr','--learning_rate', type=type(config['learning_rate']), default = config['learning_rate'],help=f"Choose Learning rate of the optimizer.")

parser.add_argument('-do','--dropout', type=type(config['dropout']), default = config['dropout'], help=f"Choose Dropout to be added to the Encoder and Decoder")

parser.add_argument('-bs','--batch_size', type=type(config['batch_size']), default = config['batch_size'], help=f"Choose Batch Size to be used")

parser.add_argument('-iem','--input_embedding_size', type=type(config['input_embedding_size']), default = config['input_embedding_size'], help=f"Choose Input/Output Embedding Size")

parser.add_argument('-nl','--num_layers', type=type(config['num_layers']), default = config['num_layers'], help=f"Choose Number of Layers in both Encoder and Decoder")

parser.add_argument('-hs','--hidden_size', type=type(config['hidden_size']), default = config['hidden_size'], help=f"Choose Hidden Size for both Encoder and Decoder")

parser.add_argument('-cell','--cell_type', type=type(config['cell_type']), default = config['cell_type'], help=f"Choose Cell Type: RNN, LSTM, GRU", choices = ["RNN", "LSTM", "GRU"])

parser.add_argument('-bidir','--bidirectional', type=type(config['bidirectional']), default = config['bidirectional'], help=f"Choose whether to use Unidirectional or Bidirectional Cell (Boolean Value: True/False)", choices = [True, False])

parser.add_argument('-ep','--epochs', type=type(config['epochs']), default = config['epochs'], help=f"Number of epochs for which to train model")


args = parser.parse_args()
config  = vars(args)
print(config)


url = 'https://drive.google.com/uc?id=1uRKU4as2NlS9i8sdLRS1e326vQRdhvfw&export=download'

if not os.path.exists("aksharantar_sampled"):
  filename = gdown.download(url = url, quiet=False, fuzzy=True)
  print(filename)
  with ZipFile(filename, 'r') as z:
    print('Extracting files...')
    z.extractall()
    print('Done!')
  os.remove(filename)


if config['load_model'] and config['indic_lang'] == 'ben':
  url = 'https://drive.google.com/uc?id=1MgVliD2taxOxb8kEEDU-udr89zBLaSYH&export=download'
  if not os.path.exists('best_model_att.pth.tar'):
      gdown.download(url = url, output='best_model_att.pth.tar', quiet=False, fuzzy=True)

elif config['load_model'] and config['indic_lang'] == 'hin':
  url = 'https://drive.google.com/uc?id=1dyhiyT9cgdJZ73RBYSe88FteMPNkvyfN&export=download'
  if not os.path.exists('best_model_att.pth.tar'):
      gdown.download(url = url, output='best_model_att.pth.tar', quiet=False, fuzzy=True)


eng_alpha = 'abcdefghijklmnopqrstuvwxyz'
pad_char = '<PAD>'


eng_alpha2idx = {pad_char: 0}
for index, alpha in enumerate(eng_alpha):
  eng_alpha2idx[alpha] = index + 1


min_range = 2304
max_range = 2431


indic_lang = config['indic_lang']


if indic_lang == 'ben':
  min_range = 2432
  max_range = 2558
elif indic_lang == 'hin':
  min_range = 2304
  max_range = 2431


indic_alpha = [chr(alpha) for alpha in range(min_range, max_range + 1)]


indic_alpha2idx = {pad_char: 0}
for index, alpha in enumerate(indic_alpha):
  indic_alpha2idx[alpha] = index + 1


indic_idx2alpha = {v: k for k, v in indic_alpha2idx.items()}


eng_idx2alpha = {v: k for k, v in eng_alpha2idx.items()}


def tokenize_indic(string):
  char_list = [*string]
  char_list = [indic_alpha2idx[char] for char in char_list]
  return char_list


def tokenize_eng(string):
  char_list = [*string]
  char_list = [eng_alpha2idx[char] for char in char_list]
  return char_list

import pandas as pd
  
file_names = ['test', 'train', 'valid']

for index, file_name in enumerate(file_names):

  file = pd.read_csv(f'aksharantar_sampled/{indic_lang}/{indic_lang}_{file_name}.csv')
    

  headerList = ['eng', f'{indic_lang}']
    

  file.to_csv(f'aksharantar_sampled/{indic_lang}/{indic_lang}_{file_name}.csv', header=headerList, index=False)


eng = Field(sequential=True, use_vocab=True, tokenize=tokenize_eng, init_token='<sos>', eos_token='<eos>')
indic = Field(sequential=True, use_vocab=True, tokenize=tokenize_indic, init_token='<sos>', eos_token='<eos>')


fields={'eng': ('eng', eng), f'{indic_lang}': ('indic', indic)}


path_name = f'aksharantar_sampled/{indic_lang}'


train_name = f'{indic_lang}_train.csv'
val_name = f'{indic_lang}_valid.csv'
test_name = f'{indic_lang}_test.csv'


train_data, val_data, test_data = TabularDataset.splits(
    path= path_name,
    train=train_name,
    validation=val_name,
    test=test_name,
    format='csv',
    fields=fields
)


eng.build_vocab(train_data, max_size=1000, min_freq=1)


indic.build_vocab(train_data, max_size=1000, min_freq=1)

class Encoder(nn.Module):
  def __init__(self, input_size, embedding_size, hidden_size, num_layers, p, config=None):
    super(Encoder, self).__init__()

    if config is None:

      config = {
        "wandb_project": 'CS6910_Assignment3',
        "wandb_entity": 'dl_research',
        "dropout": 0.3,
        "learning_rate": 0.0005,
        "batch_size": 256,
        "input_embedding_size": 256,
        "num_layers": 2,
        "hidden_size": 1024,
        "cell_type": 'GRU',
        "bidirectional": True,
        "epochs": 30
      }

    self.hidden_size = hidden_size
    self.bidirectional = config['bidirectional']
    self.num_layers = num_layers
    self.dropout = nn.Dropout(p)
    self.embedding = nn.Embedding(input_size, embedding_size)
    self.cell_type = config['cell_type']


    if self.cell_type == 'LSTM' and self.bidirectional:
      self.lstm = nn.LSTM(embedding_size, hidden_size, num_layers, bidirectional=True, dropout=p)
    elif self.cell_type=='LSTM':
      self.lstm = nn.LSTM(embedding_size, hidden_size, num_layers, dropout=p)
    elif self.cell_type == 'GRU' and self.bidirectional:
      self.gru = nn.GRU(embedding_size, hidden_size, num_layers, bidirectional=True, dropout=p)
    elif self.cell_type == 'GRU':
      self.gru = nn.GRU(embedding_size, hidden_size, num_layers, dropout=p)
    elif self.cell_type == 'RNN' and self.bidirectional:
      self.rnn = nn.RNN(embedding_size, hidden_size, num_layers, bidirectional=True, dropout=p)
    elif self.cell_type == 'RNN':
      self.rnn = nn.RNN(embedding_size, hidden_size, num_layers, dropout=p)


  def forward(self, x):


    embedding = self.dropout(self.embedding(x))
    

    if self.cell_type == 'LSTM' and self.bidirectional:
      encoder_states, (hidden, cell) = self.lstm(embedding)
      hidden = (hidden[0:self.num_layers] + hidden[self.num_layers:2*self.num_layers])/2
      cell = (cell[0:self.num_layers] + cell[self.num_layers:2*self.num_layers])/2
      return encoder_states, hidden, cell
    
    elif self.cell_type == 'LSTM':
      encoder_states, (hidden, cell) = self.lstm(embedding)
      return encoder_states, hidden, cell
    
    elif self.cell_type == 'RNN' and self.bidirectional:
      encoder_states, hidden = self.rnn(embedding)
      hidden = (hidden[0:self.num_layers] + hidden[self.num_layers:2*self.num_layers])/2
      return encoder_states, hidden
    
    elif self.cell_type == 'RNN':
      encoder_states, hidden = self.rnn(embedding)
      return encoder_states, hidden
    
    elif self.cell_type == 'GRU' and self.bidirectional:
      encoder_states, hidden = self.gru(embedding)
      hidden = (hidden[0:self.num_layers] + hidden[self.num_layers:2*self.num_layers])/2
      return encoder_states, hidden
    
    elif self.cell_type == 'GRU':
      encoder_states, hidden = self.gru(embedding)
      return encoder_states, hidden

    
class Decoder(nn.Module):
    def __init__(self, input_size, embedding_size, hidden_size, output_size, num_layers, p, config=None):
      super(Decoder,self).__init__()

      if config is None:

        config = {
          "wandb_project": 'CS6910_Assignment3',
          "wandb_entity": 'dl_research',
          "dropout": 0.3,
          "learning_rate": 0.0005,
          "batch_size": 256,
          "input_embedding_size": 256,
          "num_layers": 2,
          "hidden_size": 1024,
          "cell_type": 'GRU',
          "bidirectional": True,
          "epochs": 30
        }
      self.hidden_size = hidden_size
      self.num_layers = num_layers
      self.cell_type = config['cell_type']
      self.bidirectional = config['bidirectional']
      self.dropout = nn.Dropout(p)
      self.embedding = nn.Embedding(input_size, embedding_size)
      self.dir = 2 if self.bidirectional else 1

      if self.cell_type == 'LSTM':
        self.lstm = nn.LSTM(hidden_size*self.dir + embedding_size, hidden_size, num_layers, dropout=p)
      elif self.cell_type == 'GRU':
        self.gru = nn.GRU(hidden_size*self.dir + embedding_size, hidden_size, num_layers, dropout=p)
      elif self.cell_type == 'RNN':
        self.rnn = nn.RNN(hidden_size*self.dir + embedding_size, hidden_size, num_layers, dropout=p)


      self.energy = nn.Linear(hidden_size * (self.dir+1), 1)
      self.U = nn.Linear(hidden_size*self.dir, hidden_size)
      self.W = nn.Linear(hidden_size, hidden_size)
      self.attn = nn.Linear(hidden_size, 1)
      self.softmax = nn.Softmax(dim=0)
      self.relu = nn.ReLU()


      self.fc = nn.Linear(hidden_size, output_size)

    def forward(self, x, encoder_states, hidden, cell):


      x = x.unsqueeze(0)


      embedding = self.dropout(self.embedding(x))


      sequence_length = encoder_states.shape[0]

      hidden_temp = hidden[-1].unsqueeze(0)


      U = self.U(encoder_states)


      W = self.W(hidden_temp.repeat(sequence_length, 1, 1))


      energy = self.attn(torch.tanh(U+W))


      attention = self.softmax(energy)


      context_vector = torch.bmm(attention.permute(1, 2, 0), encoder_states.permute(1, 0, 2)).permute(1,0,2)


      rnn_input = torch.cat((context_vector, embedding), dim=2)


      if self.cell_type == 'LSTM':
        outputs, (hidden, cell) = self.lstm(rnn_input, (hidden, cell))
      elif self.cell_type == 'GRU':
        outputs, hidden = self.gru(rnn_input, hidden)
      elif self.cell_type == 'RNN':
        outputs, hidden = self.rnn(rnn_input, hidden)
      

      predictions = self.fc(outputs)


      predictions = predictions.squeeze(0)


      if self.cell_type == 'LSTM':
        return predictions, hidden, cell
      else:
        return predictions, hidden


class Seq2Seq(nn.Module):
  def __init__(self, encoder, decoder, config=None):
    super(Seq2Seq, self).__init__()

    if config is None:

      config = {
        "wandb_project": 'CS6910_Assignment3',
        "wandb_entity": 'dl_research',
        "dropout": 0.3,
        "learning_rate": 0.0005,
        "batch_size": 256,
        "input_embedding_size": 256,
        "num_layers": 2,
        "hidden_size": 1024,
        "cell_type": 'GRU',
        "bidirectional": True,
        "epochs": 30
      }

    self.run_name = 'att_cell_{}_do_{}_lr_{}_bs_{}_iem_{}_nl_{}_hs_{}_bidir_{}_ep_{}'.format(config['cell_type'], config['dropout'], config['learning_rate'], config['batch_size'], config['input_embedding_size'], config['num_layers'], config['hidden_size'], config['bidirectional'], config['epochs'])
    self.encoder = encoder
    self.decoder = decoder
    self.cell_type = config['cell_type']

  def forward(self, source, target, teacher_force_ratio = 0.5):

    batch_size = source.shape[1]
    target_len = target.shape[0]
    target_vocab_size = len(indic.vocab)


    outputs = torch.zeros(target_len, batch_size, target_vocab_size).to(device)
    

    if self.cell_type == 'LSTM':
        encoder_states, hidden, cell = self.encoder(source)
    else:
        encoder_states, hidden = self.encoder(source)


    x = target[0]


    for t in range(1, target_len):
        if self.cell_type == 'LSTM':
            output, hidden, cell = self.decoder(x, encoder_states, hidden, cell)
        else:
            output, hidden = self.decoder(x, encoder_states, hidden, cell=None)

        outputs[t] = output
        

        best_guess = output.argmax(1)


        if random.random() >= teacher_force_ratio:
           x = best_guess
        else:
           x = target[t]

    return outputs

def translit_infer(model, word, eng, indic, device, max_length=50, config = None):
    tokens = tokenize_eng(word)


    tokens = [eng.init_token] + tokens + [eng.eos_token]


    text_to_indices = [eng.vocab.stoi[token] for token in tokens]


    word_tensor = torch.LongTensor(text_to_indices).unsqueeze(1).to(device)


    with torch.no_grad():
      if config['cell_type'] == 'LSTM':
        encoder_states, hidden, cell = model.encoder(word_tensor)
      else:
        encoder_states, hidden = model.encoder(word_tensor)

    outputs = [indic.vocab.stoi["<sos>"]]

    for _ in range(max_length):
        previous_char = torch.LongTensor([outputs[-1]]).to(device)

        with torch.no_grad():
          if config['cell_type'] == 'LSTM':
            output, hidden, cell = model.decoder(previous_char, encoder_states, hidden, cell)
          else:
            output, hidden = model.decoder(previous_char, encoder_states, hidden, cell=None)
          best_guess = output.argmax(1).item()

        outputs.append(best_guess)


        if best_guess == indic.vocab.stoi["<eos>"]:
            break

    translit_res = [indic.vocab.itos[idx] for idx in outputs]


    translit_res_word = ''
    translit_res = translit_res[1:]

    for i in translit_res:
      if i != "<eos>":
        translit_res_word += indic_idx2alpha[i]
      else:
        break
    return translit_res_word

model_name=""

def save_checkpoint(state, filename=f"{indic_lang}_{model_name}_checkpoint.pth.tar"):
    print("-x- Saving checkpoint -x-")
    torch.save(state, filename)


def load_checkpoint(checkpoint, model, optimizer):
    print("-x- Loading checkpoint -x-")
    model.load_state_dict(checkpoint["state_dict"])
    optimizer.load_state_dict(checkpoint["optimizer"])
    print("-x- Checkpoint Loaded Successfully! -x-")

def check_accuracy(loader, model, input_shape=None, toggle_eval=True, print_test=False, config=None):
 
    if toggle_eval:
        model.eval()
    
    device = next(model.parameters()).device
    num_correct = 0
    num_samples = 0
    print_list = []
    
    with torch.no_grad():
        loader.create_batches()
        for batch in loader.batches:
            for example in batch:
                print_row_dict = {}
                num_samples += 1
                eng_word = "".join([eng_idx2alpha[val] for val in example.eng])
                indic_word = "".join([indic_idx2alpha[val2] for val2 in example.indic])
                indic_pred = translit_infer(model, eng_word, eng, indic, device, max_length=50, config=config)
                
                if config['test_model'] and print_test:

                    print_row_dict['english_word'] = eng_word
                    print_row_dict['ground_truth'] = indic_word
                    print_row_dict['predicted_word'] = indic_pred
                    print_list.append(print_row_dict)
                
                if indic_pred == indic_word:
                    num_correct += 1
    
    if config['test_model'] and print_test:
        fields = ["english_word", "ground_truth", "predicted_word"]
        

        with open('predictions_attention.csv', 'w', newline='') as file: 
            writer = csv.DictWriter(file, fieldnames=fields)
            writer.writeheader()
            writer.writerows(print_list)
    
    accuracy = num_correct / num_samples
    
    if toggle_eval:
        model.train()
    
    return accuracy


device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')
print(f'Device being used to train/test model: {torch.cuda.get_device_name(0)}')
def train():
    torch.cuda.empty_cache()


    num_epochs = config['epochs']
    learning_rate = config['learning_rate']
    batch_size = config['batch_size']


    load_model = config['load_model']
    input_size_encoder = len(eng.vocab)
    input_size_decoder = len(indic.vocab)
    output_size = len(indic.vocab)
    encoder_embedding_size = config['input_embedding_size']
    decoder_embedding_size = config['input_embedding_size']
    hidden_size = config['hidden_size']
    num_layers = config['num_layers']
    enc_dropout = config['dropout']
    dec_dropout = config['dropout']
    cell_type = config['cell_type']
    bidirectional = config['bidirectional']

    train_iterator, val_iterator, test_iterator = BucketIterator.splits(
        (train_data, val_data, test_data),
        batch_size=batch_size,

        sort_within_batch=True,
        sort_key=lambda x: len(x.eng),
        device=device)

    encoder_net = Encoder(
        input_size_encoder, encoder_embedding_size, hidden_size, num_layers, enc_dropout, config=config
    ).to(device)
    decoder_net = Decoder(
        input_size_decoder, decoder_embedding_size, hidden_size, output_size, num_layers, dec_dropout, config=config
    ).to(device)

    model = Seq2Seq(encoder_net, decoder_net, config=config).to(device)
    model_name = model.run_name
    optimizer = optim.Adam(model.parameters(), lr=learning_rate)

    pad_idx = indic.vocab.stoi['<pad>']
    criterion = nn.CrossEntropyLoss(ignore_index=pad_idx)

    if load_model:
        load_checkpoint(torch.load(f'best_model_att.pth.tar'), model, optimizer)

    if indic_lang == 'hin':
        word = 'bachta'
        og_translit = 'बचता'
    elif indic_lang == 'ben':
        word = 'stagecraft'
        og_translit = 'স্টেজক্রাফট'
    acc_val_prev = 0
    acc_val_current = 0
    epoch_loss = 0

    print(f'Hyperparameter settings: {model_name}')

    for epoch in range(num_epochs):
        print(f'Epoch [{epoch + 1} / {num_epochs}]')

        checkpoint = {
            'state_dict': model.state_dict(),
            'optimizer': optimizer.state_dict()
        }

        if epoch % 5 == 0 and epoch != 0:
            if os.path.exists(f'{indic_lang}_{model_name}_{epoch}_checkpoint.pth.tar'):
                os.remove(f'{indic_lang}_{model_name}_{epoch}_checkpoint.pth.tar')
            acc_val_prev = acc_val_current
            save_checkpoint(checkpoint, f'{indic_lang}_{model_name}_{epoch}_checkpoint.pth.tar')

        loop = tqdm(enumerate(train_iterator), total=len(train_iterator))
        for batch_idx, batch in loop:
            inp_data = batch.eng.to(device)
            target = batch.indic.to(device)

            output = model(inp_data, target)
            output = output[1:].reshape(-1, output.shape[2])
            target = target[1:].reshape(-1)
            optimizer.zero_grad()
            loss = criterion(output, target)
            loss.backward()


            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1)
            optimizer.step()
            epoch_loss += loss.item()

        model.eval()
        translit_res = translit_infer(model, word, eng, indic, device, max_length=50, config=config)
        print(f'Translated example word:  English: {word}, Actual: {og_translit}, Predicted: {translit_res}')
        model.train()

        if config['test_model']:
          print('Computing Loss, Test and Validation Accuracy...')
        else:
          print('Computing Loss and Validation Accuracy...')
        acc_val_current = check_accuracy(val_iterator, model, input_shape=None, toggle_eval=True,
                                         print_test=False, config=config)
        epoch_loss = epoch_loss / len(train_iterator)

        acc_test_current = 0


        if config['test_model']:
            acc_test_current = check_accuracy(test_iterator, model, input_shape=None, toggle_eval=True, print_test=True, config=config)

            print(f'Training Loss: {epoch_loss:.2f}, Validation Accuracy: {acc_val_current * 100:.2f}%, Test Accuracy: {acc_test_current * 100:.2f}%')
        else:
            print(f'Training Loss: {epoch_loss:.2f}, Validation Accuracy: {acc_val_current * 100:.2f}%')
         

        epoch_loss = 0


train()
