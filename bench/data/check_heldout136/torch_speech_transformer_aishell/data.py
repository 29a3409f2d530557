"""








"""
import json

import numpy as np
import torch
import torch.utils.data as data

import kaldi_io
from utils import IGNORE_ID, pad_list


class AudioDataset(data.Dataset):
    """


"""

    def __init__(self, json_file, batch_size, cap_in, cap_out,
                 limit_batches=0, frames_per_batch=0):

        """



"""
        super(AudioDataset, self).__init__()
        with open(json_file, 'rb') as fh:
            data = json.load(fh)['utts']

        by_len = sorted(data.items(), key=lambda data: int(
            data[1]['input'][0]['shape'][0]), reverse=True)

        groups = []


        if frames_per_batch == 0:
            lo = 0
            while True:
                in_frames = int(by_len[lo][1]['input'][0]['shape'][0])
                out_tokens = int(by_len[lo][1]['output'][0]['shape'][0])
                shrink = max(int(in_frames / cap_in), int(out_tokens / cap_out))



                n_utt = max(1, int(batch_size / (1 + shrink)))
                hi = min(len(by_len), lo + n_utt)
                groups.append(by_len[lo:hi])





                if hi == len(by_len):
                    break
                lo = hi


        else:
            print("grouping utterances by a frame budget")
            print("(each group holds about frames_per_batch frames)")
            lo = 0
            while True:
                frames_sum = 0
                hi = lo
                while frames_sum < frames_per_batch and hi < len(by_len):
                    in_frames = int(by_len[hi][1]['input'][0]['shape'][0])
                    frames_sum += in_frames
                    hi += 1

                groups.append(by_len[lo:hi])
                if hi == len(by_len):
                    break
                lo = hi
        if limit_batches > 0:
            groups = groups[:limit_batches]
        self.minibatch = groups

    def __getitem__(self, k):
        return self.minibatch[k]

    def __len__(self):
        return len(self.minibatch)


class AudioDataLoader(data.DataLoader):
    """

"""

    def __init__(self, *args, LFR_m=1, LFR_n=1, **kwargs):
        super(AudioDataLoader, self).__init__(*args, **kwargs)
        self.collate_fn = LFRCollate(LFR_m=LFR_m, LFR_n=LFR_n)


class LFRCollate(object):
    """carries the low-frame-rate settings into the collate step"""
    def __init__(self, LFR_m=1, LFR_n=1):
        self.LFR_m = LFR_m
        self.LFR_n = LFR_n

    def __call__(self, group):
        return _stack_group(group, LFR_m=self.LFR_m, LFR_n=self.LFR_n)



def _stack_group(group, LFR_m=1, LFR_n=1):
    """






"""

    assert len(group) == 1
    group = read_group(group[0], LFR_m=LFR_m, LFR_n=LFR_n)
    feats, tokens = group




    in_lens = np.array([x.shape[0] for x in feats])


    feats_pad = pad_list([torch.from_numpy(x).float() for x in feats], 0)
    in_lens = torch.from_numpy(in_lens)
    tokens_pad = pad_list([torch.from_numpy(y).long() for y in tokens], IGNORE_ID)
    return feats_pad, in_lens, tokens_pad



def read_group(group, LFR_m=1, LFR_n=1):




    feats = [kaldi_io.read_mat(n_utt[1]['input'][0]['feat']) for n_utt in group]
    tokens = [n_utt[1]['output'][0]['tokenid'].split() for n_utt in group]

    if LFR_m != 1 or LFR_n != 1:

        feats = [stack_low_frame_rate(x, LFR_m, LFR_n) for x in feats]


    nonzero_idx = filter(lambda j: len(tokens[j]) > 0, range(len(feats)))

    nonzero_sorted_idx = sorted(nonzero_idx, key=lambda j: -len(feats[j]))
    if len(nonzero_sorted_idx) != len(feats):
        print("found an empty token id in targets")


    feats = [feats[j] for j in nonzero_sorted_idx]
    tokens = [np.fromiter(map(int, tokens[j]), dtype=np.int64)
          for j in nonzero_sorted_idx]

    return feats, tokens


def stack_low_frame_rate(frames, win, hop):
    """










"""


    lfr_rows = []
    n_frames = frames.shape[0]
    n_lfr = int(np.ceil(n_frames / hop))
    for j in range(n_lfr):
        if win <= n_frames - j * hop:
            lfr_rows.append(np.hstack(frames[j*hop:j*hop+win]))
        else:
            num_padding = win - (n_frames - j * hop)
            row = np.hstack(frames[j*hop:])
            for _ in range(num_padding):
                row = np.hstack((row, frames[-1]))
            lfr_rows.append(row)
    return np.vstack(lfr_rows)


