from scipy.io import wavfile
import librosa
from torch.utils.data import Dataset

class FeatureArrayDataset(Dataset):
    def __init__(self, features):
        self.features = features

    def __len__(self):
        return len(self.features)

    def __getitem__(self, idx):

        return self.features[idx]

# class WavMelDataset(Dataset):
#     def __init__(self, wav_paths):
#         self.wav_paths = wav_paths

#     def __len__(self):
#         return len(self.wav_paths)

#     def __getitem__(self, idx):
#         y, sr = librosa.load(self.wav_paths[idx], sr=None, mono=False)
#         mel = librosa.feature.melspectrogram(y=y,
#                                                      sr=sr,
#                                                      n_fft=1024,
#                                                      hop_length=512,
#                                                      n_mels=128,
#                                                      power=2.0)
#         # _, samples = wavfile.read(self.wav_paths[idx])  # raw samples instead
#         return mel

class TestFeatureDataset(Dataset):
    def __init__(self, features):
        self.features = features

    def __len__(self):
        return len(self.features)

    def __getitem__(self, idx):

        return self.features[idx]
