#course assignment: character-level transliteration

import numpy as np
import random
import pandas as pd
import gc

import torch
from torch.utils.data import Dataset
from torch.nn.utils.rnn import pad_sequence

seed = 23

random.seed(seed)
np.random.seed(seed)
torch.manual_seed(seed)
torch.cuda.manual_seed(seed)
torch.backends.cudnn.deterministic = True

class CharVocab:

    def __init__(self,language_directory,target_lang_name,mode="train",meta_tokens=True):

        """
        Reads one split of a language pair and builds the two character tables.

        Params:

            language_directory : e.g. "aksharantar_sampled/tel/"
            mode : "train", "test" or "valid" -- which csv is read.
            meta_tokens : when True, ids 0,1,2 are <start>, <end>, <pad>.
            
        """

        self.meta_tokens = meta_tokens ## whether <start>/<end>/<pad> get ids
        self.language_directory = language_directory
        self.target_lang_name = target_lang_name
        self.mode = mode ## which split is read
    
        self.source_lang = 0
        self.target_lang = 1

        self.source_char2id,self.source_id2char = self.make_tables(self.source_lang)
        self.target_char2id,self.target_id2char = self.make_tables(self.target_lang)


    def make_tables(self,lang_id,max_len=None):

        """
        Character <-> id tables for one side of the pair.

        lang_id : 0 for the source words, 1 for the target words.
        max_len : unused.

        Returns:
            the two dictionaries.
        """

        pairs = pd.read_csv(self.language_directory+self.target_lang_name+"_"+self.mode+".csv",header=None)

        self.data = pairs.to_numpy()

        all_chars = []
        side_words = pairs[lang_id].to_numpy()
    
        for w in side_words:
            all_chars += list(w)
    
        distinct_chars =  sorted(list(set(all_chars)))
        
        if self.meta_tokens:
            char_to_id = {'<start>':0,'<end>':1,'<pad>': 2}
            id_to_char = {0:'<start>',1:'<end>',2:'<pad>'}

            ## these three ids are the same for every language
            self.start_token_id = char_to_id['<start>']
            self.end_token_id = char_to_id['<end>']
            self.pad_token_id = char_to_id['<pad>']
            
        else:
            char_to_id = {}
            id_to_char = {}

        first_free = len(char_to_id) ##ordinary characters start after the special ones
    
        for k in range(len(distinct_chars)):
            char_to_id[distinct_chars[k]] = k+first_free
            id_to_char[k+first_free] = distinct_chars[k]
    
        del pairs
        del all_chars
        del distinct_chars

        gc.collect()
    
        return char_to_id,id_to_char

    def encode(self,word,lang_id,padding=False,append_eos = False):

        """
        Word -> array of character ids (optionally ending with <end>).
        """

        if lang_id == self.source_lang:
            char_to_id = self.source_char2id
            
        else:
            char_to_id = self.target_char2id
        
        ids = []
        
        for ch in word.lower():
            ids.append(char_to_id[ch])

        if append_eos:
            ids.append(char_to_id['<end>'])

        return np.array(ids)

    def decode(self,ids,lang_id):

        """
        Array of ids -> array of characters, stopping at <end> or <pad>.
        """
    
        chars = []

        if lang_id == self.source_lang:
            id_to_char = self.source_id2char
            char_to_id = self.source_char2id
            
        else:
            id_to_char = self.target_id2char
            char_to_id = self.target_char2id

        first = 0
        
        for k in ids[first:]:
            ## stop at the end marker
            if self.meta_tokens and k == char_to_id['<end>'] or k == char_to_id['<pad>']:
                break
            
            chars.append(id_to_char[k])
            
        return np.array(chars)
            
class PairDataset(Dataset):

    """
    Dataset of (source word, target word) pairs, encoded on access.
    """
    
    def __init__(self, vocab,append_eos=True,device='cpu'):

        """
        vocab : a CharVocab for this split.
        append_eos : end every encoded word with <end>.
        device : where the encoded tensors are placed.
        """

        self.vocab = vocab
        self.data = self.vocab.data
        self.device = device
        self.append_eos = append_eos
        self.start_token_id = self.vocab.start_token_id
        self.end_token_id = self.vocab.end_token_id
        self.pad_token_id = self.vocab.pad_token_id

    def __len__(self):
        return len(self.data)

    def __getitem__(self, idx):
        """
        Encoded (source, target) pair number idx.
        """
        src_word, tgt_word = self.data[idx]
        
        src_ids = self.vocab.encode(src_word,self.vocab.source_lang,padding=False,append_eos=self.append_eos)
        tgt_ids = self.vocab.encode(tgt_word,self.vocab.target_lang,padding=False,append_eos=self.append_eos)
        
        return torch.tensor(src_ids).to(self.device), torch.tensor(tgt_ids).to(self.device)

def pad_batch(batch,pad_token_id,device):

    """
    Pads every word of the batch to the longest one in it.
    """
    
    src_words, tgt_words = zip(*batch)
    
    src_padded = pad_sequence(src_words, batch_first=True, padding_value=pad_token_id)
    
    tgt_padded = pad_sequence(tgt_words, batch_first=True, padding_value=pad_token_id)
    
    src_lengths = torch.LongTensor([len(s) for s in src_words]).to(device)
    tgt_lengths = torch.LongTensor([len(s) for s in tgt_words]).to(device)
    
    return src_padded, tgt_padded, src_lengths, tgt_lengths
