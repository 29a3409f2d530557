import os
import torch
import numpy as np
import librosa
import torchaudio
import torchaudio.transforms as T
from torch import nn
from torch.utils.data import Dataset
from sklearn.decomposition import NMF
from sklearn.preprocessing import LabelEncoder

from torchvision import transforms

TRAIN_MAX_LENGTH = 27719408
TEST_MAX_LENGTH = 18979538
SAMPLE_RATE = 44100
SECONDS = 10
CHUNK_SIZE = SAMPLE_RATE * SECONDS


# the four MUSDB18 stem names
all_labels = ['bass', 'drums', 'other', 'vocals']

# integer codes for the stem names
label_encoder = LabelEncoder()
label_encoder.fit(all_labels)
encoded_labels = label_encoder.transform(all_labels)

class SourceSeparationModel(nn.Module):
    def __init__(self, num_sources):
        print("init", num_sources)
        self.num_sources = num_sources
        super(SourceSeparationModel, self).__init__()
        self.conv1 = nn.Conv2d(2, 16, kernel_size=3, stride=1, padding=1)
        self.pool = nn.MaxPool2d((2, 2))
        self.conv2 = nn.Conv2d(16, 32, kernel_size=3, stride=1, padding=1)

        # fully connected head
        self.fc1 = nn.Linear(16 * 2 * 27550, 500)
        self.fc2 = nn.Linear(500, num_sources * 201 * 2206)

    def forward(self, x):
        print("shape of x", x.shape)
        x = self.pool(nn.functional.relu(self.conv1(x)))
        x = self.pool(nn.functional.relu(self.conv2(x)))

        # flatten the pooled feature map
        x = x.view(x.size(0), -1)

        x = nn.functional.relu(self.fc1(x))
        x = self.fc2(x)
        x = x.view(-1, self.num_sources, 201, 2206)  # back to (stems, freq, frames)
        return x

class AudioDataset(Dataset):
    def __init__(self, root_dir, transform=None):
        print("AudioDataset init")
        self.root_dir = root_dir
        self.transform = transform
        self.chunk_size = CHUNK_SIZE
        self.spectrogram = torchaudio.transforms.Spectrogram()
        self.instruments = ['mixture', 'bass', 'drums', 'vocals', 'other']

        self.dirs = os.listdir(root_dir)
        for dir in self.dirs:
            if(not os.path.isdir(os.path.join(self.root_dir, dir))):
                self.dirs.remove(dir)

        self.mixture_list = os.listdir(os.path.join(self.root_dir, self.instruments[0]))
        for mix in self.mixture_list:
            if('mixture' not in mix):
                self.mixture_list.remove(mix)

        if(self.root_dir == './dataset/train'):
            self.max_length = TRAIN_MAX_LENGTH
        else:
            self.max_length = TEST_MAX_LENGTH


    def __len__(self):
        return len(self.mixture_list)

    def pad_or_truncate(self, x, max_length):
        if len(x) > max_length:
            x = x[:max_length]
        elif len(x) < max_length:
            padding = max_length - len(x)
            x = np.pad(x, (0, padding))
        return x

    def __getitem__(self, idx):
        # file names are <song>_<chunk>.wav
        song_id, chunk_id = os.path.splitext(self.mixture_list[idx])[0].split('_')

        audio_chunks = {}
        instrument_list = []

        # one spectrogram per stem folder
        for instrument in self.instruments:
            file_path = os.path.join(self.root_dir, instrument, f'{song_id}_{chunk_id}.wav')

            # read and resample the chunk
            waveform, sample_rate = torchaudio.load(file_path)
            waveform = torchaudio.transforms.Resample(orig_freq=sample_rate, new_freq=SAMPLE_RATE)(waveform)
            sample_rate = SAMPLE_RATE

            # magnitude spectrogram
            spectrogram = self.spectrogram(waveform)

            # right-pad the frame axis to a fixed width
            max_length = 2206
            if spectrogram.size(2) < max_length:
                spectrogram = nn.functional.pad(spectrogram, (0, max_length - spectrogram.size(2)))


            # optional extra transform
            if self.transform:
                spectrogram = self.transform(spectrogram)

            # mixture is the input, the rest are targets
            if instrument == 'mixture':
                audio_chunks['mixture'] = spectrogram
            else:
                instrument_list.append(spectrogram)

        num_channels = audio_chunks['mixture'].shape[0]
        print(f'Number of channels in mixture: {num_channels}')

        print("instrument_list", len(instrument_list))
        audio_chunks['instruments'] = instrument_list

        audio_chunks['labels'] = encoded_labels

        return audio_chunks

def collate_fn(data):
    # flatten nested samples
    data = [sample for sublist in data for sample in sublist]

    # split the fields
    mixtures = [sample['mixture'] for sample in data]
    instruments = [sample['instruments'] for sample in data]
    labels = [sample['labels'] for sample in data]

    # batch them
    mixtures = torch.stack(mixtures)
    labels = torch.stack([torch.tensor(label) for label in labels])

    # stems kept on their own axis
    instruments = torch.stack([torch.stack(instrument_chunks) for instrument_chunks in instruments])

    return {'mixture': mixtures, 'instruments': instruments, 'labels': labels}
