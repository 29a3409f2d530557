

"""















"""

import json
import math
import os

import numpy as np
import torch
import torch.utils.data as data

import librosa


class AudioDataset(data.Dataset):

    def __init__(self, list_dir, batch_size, sample_rate=8000, seg_sec=4.0, cv_max_sec=8.0):
        """





"""
        super(AudioDataset, self).__init__()
        wav_json = os.path.join(list_dir, 'mix.json')
        s1_json = os.path.join(list_dir, 's1.json')
        s2_json = os.path.join(list_dir, 's2.json')
        with open(wav_json, 'r') as fh:
            mix_list = json.load(fh)
        with open(s1_json, 'r') as fh:
            spk1_list = json.load(fh)
        with open(s2_json, 'r') as fh:
            spk2_list = json.load(fh)

        def by_length(entries): return sorted(
            entries, key=lambda e: int(e[1]), reverse=True)
        mix_sorted = by_length(mix_list)
        spk1_sorted = by_length(spk1_list)
        spk2_sorted = by_length(spk2_list)
        if seg_sec >= 0.0:

            seg_samples = int(seg_sec * sample_rate)
            n_dropped, dropped_samples = 0, 0
            for _, n_samp in mix_sorted:
                if n_samp < seg_samples:
                    n_dropped += 1
                    dropped_samples += n_samp
            print("skipped {} utterances ({:.2f} h) shorter than {} samples".format(
                n_dropped, dropped_samples/sample_rate/36000, seg_samples))

            groups = []
            lo = 0
            while True:
                n_segs = 0
                hi = lo
                grp_mix, grp_spk1, grp_spk2 = [], [], []
                while n_segs < batch_size and hi < len(mix_sorted):
                    n_samples = int(mix_sorted[hi][1])
                    if n_samples >= seg_samples:
                        n_segs += math.ceil(n_samples / seg_samples)

                        if n_segs > batch_size:

                            if lo == hi: hi += 1
                            break
                        grp_mix.append(mix_sorted[hi])
                        grp_spk1.append(spk1_sorted[hi])
                        grp_spk2.append(spk2_sorted[hi])
                    hi += 1
                if len(grp_mix) > 0:
                    groups.append([grp_mix, grp_spk1, grp_spk2,
                                      sample_rate, seg_samples])
                if hi == len(mix_sorted):
                    break
                lo = hi
            self.minibatch = groups
        else:

            groups = []
            lo = 0
            while True:
                hi = min(len(mix_sorted), lo + batch_size)

                if int(mix_sorted[lo][1]) > cv_max_sec * sample_rate:
                    lo = hi
                    continue
                groups.append([mix_sorted[lo:hi],
                                  spk1_sorted[lo:hi],
                                  spk2_sorted[lo:hi],
                                  sample_rate, seg_sec])
                if hi == len(mix_sorted):
                    break
                lo = hi
            self.minibatch = groups

    def __getitem__(self, k):
        return self.minibatch[k]

    def __len__(self):
        return len(self.minibatch)


class AudioDataLoader(data.DataLoader):
    """

"""

    def __init__(self, *args, **kwargs):
        super(AudioDataLoader, self).__init__(*args, **kwargs)
        self.collate_fn = _pad_group


def _pad_group(grp):
    """






"""

    assert len(grp) == 1
    mix_wavs, ref_wavs = read_group(grp[0])


    lens = np.array([m.shape[0] for m in mix_wavs])


    fill = 0
    mix_pad = pad_stack([torch.from_numpy(m).float()
                             for m in mix_wavs], fill)
    lens = torch.from_numpy(lens)
    ref_pad = pad_stack([torch.from_numpy(s).float()
                            for s in ref_wavs], fill)

    ref_pad = ref_pad.permute((0, 2, 1)).contiguous()
    return mix_pad, lens, ref_pad



from preprocess import preprocess_one_dir

class EvalDataset(data.Dataset):

    def __init__(self, wav_dir, wav_json, batch_size, sample_rate=8000):
        """



"""
        super(EvalDataset, self).__init__()
        assert wav_dir != None or wav_json != None
        if wav_dir is not None:

            preprocess_one_dir(wav_dir, wav_dir, 'mix',
                               sample_rate=sample_rate)
            wav_json = os.path.join(wav_dir, 'mix.json')
        with open(wav_json, 'r') as fh:
            mix_list = json.load(fh)

        def by_length(entries): return sorted(
            entries, key=lambda e: int(e[1]), reverse=True)
        mix_sorted = by_length(mix_list)

        groups = []
        lo = 0
        while True:
            hi = min(len(mix_sorted), lo + batch_size)
            groups.append([mix_sorted[lo:hi],
                              sample_rate])
            if hi == len(mix_sorted):
                break
            lo = hi
        self.minibatch = groups

    def __getitem__(self, k):
        return self.minibatch[k]

    def __len__(self):
        return len(self.minibatch)


class EvalDataLoader(data.DataLoader):
    """

"""

    def __init__(self, *args, **kwargs):
        super(EvalDataLoader, self).__init__(*args, **kwargs)
        self.collate_fn = _pad_group_eval


def _pad_group_eval(grp):
    """






"""

    assert len(grp) == 1
    mix_wavs, names = read_mix_only(grp[0])


    lens = np.array([m.shape[0] for m in mix_wavs])


    fill = 0
    mix_pad = pad_stack([torch.from_numpy(m).float()
                             for m in mix_wavs], fill)
    lens = torch.from_numpy(lens)
    return mix_pad, lens, names



def read_group(grp):
    """





"""
    mix_wavs, ref_wavs = [], []
    mix_list, spk1_list, spk2_list, sample_rate, seg_samples = grp

    for m_e, p1_e, p2_e in zip(mix_list, spk1_list, spk2_list):
        m_path = m_e[0]
        p1_path = p1_e[0]
        p2_path = p2_e[0]
        assert m_e[1] == p1_e[1] and p1_e[1] == p2_e[1]

        m, _ = librosa.load(m_path, sr=sample_rate)
        w1, _ = librosa.load(p1_path, sr=sample_rate)
        w2, _ = librosa.load(p2_path, sr=sample_rate)

        s = np.dstack((w1, w2))[0]
        n_samples = m.shape[-1]
        if seg_samples >= 0:

            for j in range(0, n_samples - seg_samples + 1, seg_samples):
                mix_wavs.append(m[j:j+seg_samples])
                ref_wavs.append(s[j:j+seg_samples])
            if n_samples % seg_samples != 0:
                mix_wavs.append(m[-seg_samples:])
                ref_wavs.append(s[-seg_samples:])
        else:
            mix_wavs.append(m)
            ref_wavs.append(s)
    return mix_wavs, ref_wavs


def read_mix_only(grp):
    """




"""
    mix_wavs, names = [], []
    mix_list, sample_rate = grp

    for m_e in mix_list:
        m_path = m_e[0]

        m, _ = librosa.load(m_path, sr=sample_rate)
        mix_wavs.append(m)
        names.append(m_path)
    return mix_wavs, names


def pad_stack(seqs, fill):
    n = len(seqs)
    longest = max(q.size(0) for q in seqs)
    out = seqs[0].new(n, longest, * seqs[0].size()[1:]).fill_(fill)
    for j in range(n):
        out[j, :seqs[j].size(0)] = seqs[j]
    return out


if __name__ == "__main__":
    import sys
    list_dir, batch_size = sys.argv[1:3]
    ds = AudioDataset(list_dir, int(batch_size))
    dl = AudioDataLoader(ds, batch_size=1,
                                  num_workers=4)
    for j, grp in enumerate(dl):
        mix_wavs, lens, ref_wavs = grp
        print(j)
        print(mix_wavs.size())
        print(ref_wavs.size())
        print(lens)
        if j < 10:
            print(mix_wavs)
            print(ref_wavs)
