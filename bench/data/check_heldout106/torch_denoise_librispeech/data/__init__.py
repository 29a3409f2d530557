# from .LibriSpeech import LibriSpeechDataset
# from .UrbanSound8K import UrbanSound8KDataset
from .noise_mixer import NoisyMixtureSet
from .audio_dir import FolderAudioSet

import os

SPEECH_ROOT = os.path.join('..', 'corpora', 'LibriSpeech_16kHz_4s')
NOISE_ROOT = os.path.join('..', 'corpora', 'UrbanSound8K_16kHz_4s')

def pick_corpus(which):
    if which == 'LibriSpeech':
        tr = FolderAudioSet(root=SPEECH_ROOT)
        va = FolderAudioSet(root=SPEECH_ROOT)
        te = FolderAudioSet(root=SPEECH_ROOT)
        
    if which == 'UrbanSound8K':
        tr = FolderAudioSet(root=NOISE_ROOT)
        va = FolderAudioSet(root=NOISE_ROOT)
        te = FolderAudioSet(root=NOISE_ROOT)

    return tr, va, te
