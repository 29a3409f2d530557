# Copied for the oomdoctor check set; original comments were dropped or reworded (origin: labels.json).
import librosa
import numpy as np

class MFCCProcessor:
    def __init__(self, n_mfcc=20, width=9, sample_rate = 16000, winlen = 0.025, winstep = 0.010):
        """init (summary rewritten)."""
        self.n_mfcc = n_mfcc
        self.width = width
        self.sample_rate = sample_rate
        self.winlen = winlen
        self.winstep = winstep
        self.n_fft = int(winlen * sample_rate)
        self.hop_length = int(winstep * sample_rate)

    def compute_features(self, audio_file, feature_type='mfcc'):
        """compute features (summary rewritten)."""
        if feature_type == 'mfcc':
            return self.compute_mfcc(audio_file)
        elif feature_type == 'delta':
            return self.compute_delta(audio_file)
        elif feature_type == 'delta_delta':
            return self.compute_delta_delta(audio_file)
        else:
            raise ValueError(f"Unknown feature type: {feature_type}")

    def load_audio(self, audio_file):
        """load audio (summary rewritten)."""
        try:
            signal, sr = librosa.load(audio_file, sr=self.sample_rate)
            return signal, sr
        except Exception as e:
            print(f"Error loading audio file {audio_file}: {e}")
            return None, None

    def compute_mfcc(self, audio_file):
        """compute mfcc (summary rewritten)."""
        signal, sr = self.load_audio(audio_file)
        if signal is None:
            return None
        mfcc = librosa.feature.mfcc(y=signal, sr=sr, n_mfcc=self.n_mfcc, n_fft=self.n_fft, hop_length=self.hop_length)
        return mfcc

    def compute_delta(self, audio_file):
        """compute delta (summary rewritten)."""
        mfcc = self.compute_mfcc(audio_file)
        if mfcc is None:
            return None
        delta_mfcc = librosa.feature.delta(mfcc, width=self.width)
        mfcc_features = np.concatenate((mfcc, delta_mfcc), axis=0)
        return mfcc_features

    def compute_delta_delta(self, audio_file):
        """compute delta delta (summary rewritten)."""
        mfcc= self.compute_mfcc(audio_file)
        if mfcc is None:
            return None
        delta_mfcc = librosa.feature.delta(mfcc, width=self.width)
        delta2_mfcc = librosa.feature.delta(mfcc, order=2, width=self.width)
        mfcc_features = np.concatenate((mfcc, delta_mfcc, delta2_mfcc), axis=0)
        return mfcc_features