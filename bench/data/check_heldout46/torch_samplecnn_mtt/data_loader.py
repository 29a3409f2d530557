import torch
from torch.utils.data import Dataset
import pandas as pd
import numpy as np
from pathlib import Path
from audio_processor import load_segment 
import config


'''
MagnaTagATune split into train/valid/test
* audio: one npy waveform per clip, cut into segments here
* tags: 50 binary columns in a csv
'''

class MTTSegments(Dataset):
    def __init__(self):
        '''
        Reads the tag list and starts in train mode;
        npy_dir holds the sub-folders 0 - f
        '''
        self.tags = open(config.TAGS_TXT, 'r').read().split('\n')
        self.npy_dir = config.NPY_DIR
        self.n_tags = config.N_TAGS


        self.set_mode('train')


    def set_mode(self, mode):
        print ("split: ", mode)
        if mode == 'train':
            self.csv_path = Path(config.SPLIT_DIR) / 'train_50_tags_annotations_final.csv'
        
        elif mode == 'valid':
            self.csv_path = Path(config.SPLIT_DIR) / 'valid_50_tags_annotations_final.csv'

        elif mode == 'test':
            self.csv_path = Path(config.SPLIT_DIR) / 'test_50_tags_annotations_final.csv'


        self.table = pd.read_csv(self.csv_path, delimiter='\t') # df
        self.tag_cols = self.table.drop(['clip_id', 'mp3_path'], axis=1)


    # one 59049-sample segment and its 50 tags
    def __getitem__(self, index):
        clip = index // 10
        part = index % 10
        
        npy_name = self.table.iloc[clip]['mp3_path'].split('.')[0]+'.npy'
        try :
            seg = load_segment(self.npy_dir + npy_name, part)
        except :
            other = index-1 if index > 0 else index +1
            return self.__getitem__(other)
        
        # tag vector in the order of the tag list
        target = np.zeros(self.n_tags)
        for t,tag in enumerate(self.tags):
            if tag == '':
                continue
            if self.table[tag].iloc[clip] == 1:
                target[t] = 1
        target = torch.FloatTensor(target)
        item = {'audio': seg, 'label': target}
        return item
    
    def __len__(self):
        return self.table.shape[0] * 10
