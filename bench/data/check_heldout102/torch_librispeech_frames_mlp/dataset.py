import os
import numpy as np
import torch
import random
from tqdm import tqdm

# the 40 phonemes plus the two boundary tokens (42 in all)
PHONEMES = [
            '[SIL]',   'AA',    'AE',    'AH',    'AO',    'AW',    'AY',
            'B',     'CH',    'D',     'DH',    'EH',    'ER',    'EY',
            'F',     'G',     'HH',    'IH',    'IY',    'JH',    'K',
            'L',     'M',     'N',     'NG',    'OW',    'OY',    'P',
            'R',     'S',     'SH',    'T',     'TH',    'UH',    'UW',
            'V',     'W',     'Y',     'Z',     'ZH',    '[SOS]', '[EOS]'
        ]

class FrameDataset(torch.utils.data.Dataset):
    """
    Frame-level data set of the training and dev partitions.

    Args:
        root (str): folder that holds the partitions.
        phonemes (list): phoneme inventory, PHONEMES by default.
        context (int): frames taken on each side of the centre frame.
        partition (str): which partition, "train-clean-100" by default.
        subset_ratio: share of the utterances to use, at most 1.0.
        use_mask: which masking scheme to apply to a window.
        use_cmn: cepstral mean normalisation per utterance.

    Attributes:
        context (int): window half width.
        phonemes (list): phoneme inventory.
        feat_dir (str): folder of the MFCC files.
        label_dir (str): folder of the transcripts.
        feats (ndarray): every MFCC frame of the partition.
        labels (ndarray): every frame label of the partition.
        length (int): total number of frames

    Methods:
        __len__(): number of frames.
        __getitem__(ind): one window and its label.

    """

    def __init__(self, root, phonemes=PHONEMES, context=0, partition="train-clean-100", subset_ratio=1.0, use_mask=0, use_cmn=False):
        self.use_mask = use_mask
        self.use_cmn = use_cmn
        # window size, inventory and partition
        self.context = context
        self.phonemes = phonemes[:-2] # drop the two boundary tokens
        self.PHONEME_IDS = {}
        for k, p in enumerate(self.phonemes): # inventory as a dict
            self.PHONEME_IDS[p] = k

        # folders of features and transcripts
        self.feat_dir = root + partition + '/mfcc/'
        self.label_dir = root + partition + '/transcript/'

        # file names of both, which must pair up
        feat_names = sorted(os.listdir(self.feat_dir))
        label_names = sorted(os.listdir(self.label_dir))
        assert len(feat_names) == len(label_names)

        # keep only subset_ratio of the files
        n_files = int(len(feat_names) * subset_ratio)
        feat_names = feat_names[:n_files]
        label_names = label_names[:n_files]

        # count the frames of the partition
        T = 0
        for k in range(n_files):
            feats = np.load(self.feat_dir + feat_names[k]) # one file: [frames, coefficients]
            T += feats.shape[0]
        self.length = T # total frames (25 ms each)

        # read every file into self.feats and self.labels
        self._init_data(feat_names, label_names, feats.shape[1])


    def __len__(self):
        return self.length # number of frames


    # one sample per call;
    # the DataLoader (and its worker processes) groups samples into batches.
    def __getitem__(self, index):
        """
        One window of frames with the label of its centre.

        Args:
            index (int): frame index.

        Returns:
            tuple: the flattened window and the phoneme id.

        """
        # shift by the zero padding at the front
        centre = index + self.context

        # window bounds
        lo = centre - self.context  # safe thanks to the leading zeros
        hi = centre + self.context + 1

        # the window
        window = self.feats[lo:hi]

        # check the window size, 2 * context + 1
        assert len(window) == 2 * self.context + 1, f"window of {2 * self.context + 1} expected, got {len(window)}"

        # masking
        if self.use_mask:
            window = self._apply_masking(window)

        # flat input for the MLP
        window = window.flatten()

        window = torch.FloatTensor(window)
        label = torch.tensor(self.labels[index])  # labels carry no padding

        return window, label




    def _init_data(self, feat_names, label_names, n_coeffs):

        self.feats = np.zeros((self.length + 2 * self.context, n_coeffs), dtype=np.float32) # allocate the whole array up front
        self.labels = np.zeros((self.length,), dtype=np.uint8)

        # fill both arrays file by file
        f_pos, l_pos = 0, 0
        for k in tqdm(range(len(feat_names))): # progress bar over the files

            feats = np.load(self.feat_dir + feat_names[k]) # [frames, coefficients]

            if self.use_cmn:
                mu = np.mean(feats, axis=0) # per-coefficient mean
                sd = np.std(feats, axis=0)
                feats = (feats - mu) / sd

            trans = np.load(self.label_dir + label_names[k])
            assert trans[0] == '[SOS]' and trans[-1] == '[EOS]'
            trans = trans[1:-1] # strip the boundary tokens
            # phoneme strings to ids
            # (a list of strings in,
            #  a list of ints out)
            trans = [self.PHONEME_IDS[p] for p in trans] # one id per frame

            n_t = feats.shape[0] # frames in this file
            self.feats[f_pos : f_pos + n_t] = feat
            self.labels[l_pos : l_pos + n_t] = trans
            f_pos += n_t
            l_pos += n_t

        # context zeros at both ends
        self.feats = np.concatenate([np.zeros((self.context, n_coeffs)), self.feats, np.zeros((self.context, n_coeffs))], axis=0)


    #
    def _apply_masking(self, window): # window: [frames, coefficients]
        p_span = 0.05 # share of frames / coefficients masked
        p_drop = 0.05 # independent per-entry drop

        if self.use_mask == 1: # dropout-style masking of single entries
            keep = np.random.binomial(1, 1-p_drop, window.shape)  # keep mask
            return window * keep
        elif self.use_mask == 2: # time masking
            n_frames, n_coef = window.shape
            n_masked = int(n_frames * p_span)
            idx = np.random.choice(n_frames, n_masked, replace=False)
            window[idx, :] = 0
        elif self.use_mask == 3: # frequency masking
            n_frames, n_coef = window.shape
            n_masked = int(n_coef * p_span)
            idx = np.random.choice(n_coef, n_masked, replace=False)
            window[:, idx] = 0
        elif self.use_mask == 4: # time and frequency masking
            n_frames, n_coef = window.shape

            # frames
            n_t = int(n_frames * p_span)
            t_idx = np.random.choice(n_frames, n_t, replace=False)
            window[t_idx, :] = 0

            # coefficients
            n_f = int(n_coef * p_span)
            f_idx = np.random.choice(n_coef, n_f, replace=False)
            window[:, f_idx] = 0

        return window

