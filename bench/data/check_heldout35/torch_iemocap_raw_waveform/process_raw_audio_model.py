import torch
import pickle
import numpy as np
from torch.utils.data import Dataset
import torch.nn.functional as F
import pdb

class IemocapWaveSet(Dataset):
    def __init__(self, train=True, segment=False):
        pkl_handle = ''
        if train and segment:
            pkl_handle = open("/scratch/speech/raw_audio_dataset/raw_audio_segmented_train_equal_lengths.pkl","rb")
        elif train and not segment:
            pkl_handle = open('/scratch/speech/raw_audio_dataset/raw_audio_train_equal_lengths.pkl', 'rb')
            #pkl_handle = open('/scratch/speech/IEMOCAP_dictionary_5_train.pkl','rb')
        elif not train and segment:
            pkl_handle = open('/scratch/speech/raw_audio_dataset/raw_audio_segmented_test_equal_lengths.pkl',"rb")
        else:
            pkl_handle = open('/scratch/speech/raw_audio_dataset/raw_audio_test_equal_lengths.pkl', 'rb')
            #pkl_handle = open('/scratch/speech/IEMOCAP_dictionary_5_test.pkl','rb')
        wave_data = pickle.load(pkl_handle)
        if not segment:
            self.lengths = wave_data["seq_length"]
        else:
            self.lengths = [len(w) for w in wave_data["input"]]
            # segmented pickles carry no length field, so count them here

#        pdb.set_trace()
        self.waves = wave_data["input"]
        self.targets = wave_data["target"]
        self.segment_labels = wave_data["segment_labels"]

    def __len__(self):
        return len(self.waves)

    def __getitem__(self, index):
        item = {'input': self.waves[index],
                'target': self.targets[index],
                'seq_length': self.lengths[index],
                'segment_labels': self.segment_labels}
        return item

def collate_wave_batch_train(batch):
    device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    wave_batch = torch.from_numpy(np.array([it['input'] for it in batch])).to(device)
    # wave_batch = [w.cuda() for w in wave_batch]
    target = torch.from_numpy(np.array([it['target'] for it in batch]))
    seq_len = torch.from_numpy(np.array([it['seq_length'] for it in batch]))
    # seq_len = [s[0] for s in seq_len]
    # seq_len = torch.from_numpy(np.array(seq_len))
    return [wave_batch, target, seq_len]
def collate_wave_batch_test(batch):
    device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    wave_batch = [it['input'] for it in batch]
    # wave_batch = [w.cuda() for w in wave_batch]
    target = torch.from_numpy(np.array([it['target'] for it in batch]))
    seq_len = torch.from_numpy(np.array([it['seq_length'] for it in batch]))
    segment_labels = [it["segment_labels"] for it in batch]
    # seq_len = [s[0] for s in seq_len]
    # seq_len = torch.from_numpy(np.array(seq_len))
    return [wave_batch, target, seq_len, segment_labels]
