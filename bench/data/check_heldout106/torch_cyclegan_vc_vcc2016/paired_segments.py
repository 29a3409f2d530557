from torch.utils.data.dataset import Dataset
import torch
import numpy as np


class PairedSegments(Dataset):
    def __init__(self, src_set, tgt_set, seg_len=128):
        self.src_set = src_set
        self.tgt_set = tgt_set
        self.seg_len = seg_len

    def __getitem__(self, index):
        feats_src = self.src_set
        feats_tgt = self.tgt_set
        seg_len = self.seg_len

        self.length = min(len(feats_src), len(feats_tgt))

        n_pairs = min(len(feats_src), len(feats_tgt))
        perm_src = np.arange(len(feats_src))
        perm_tgt = np.arange(len(feats_tgt))
        np.random.shuffle(perm_src)
        np.random.shuffle(perm_tgt)
        pick_src = perm_src[:n_pairs]
        pick_tgt = perm_tgt[:n_pairs]

        segs_src = list()
        segs_tgt = list()

        for i_src, i_tgt in zip(pick_src, pick_tgt):
            utt_src = feats_src[i_src]
            len_src = utt_src.shape[1]
            assert len_src >= seg_len
            a0 = np.random.randint(len_src - seg_len + 1)
            a1 = a0 + seg_len
            segs_src.append(utt_src[:, a0:a1])

            utt_tgt = feats_tgt[i_tgt]
            len_tgt = utt_tgt.shape[1]
            assert len_tgt >= seg_len
            b0 = np.random.randint(len_tgt - seg_len + 1)
            b1 = b0 + seg_len
            segs_tgt.append(utt_tgt[:, b0:b1])

        segs_src = np.array(segs_src)
        segs_tgt = np.array(segs_tgt)

        return segs_src[index], segs_tgt[index]

    def __len__(self):
        return min(len(self.src_set), len(self.tgt_set))


if __name__ == '__main__':
    fake_src = np.random.randn(162, 24, 554)
    fake_tgt = np.random.randn(158, 24, 554)
    dataset = PairedSegments(fake_src, fake_tgt)
    dl = torch.utils.data.DataLoader(dataset=dataset,
                                              batch_size=2,
                                              shuffle=True)
    for epoch in range(10):
        for i, (fake_src, fake_tgt) in enumerate(dl):
            print(fake_src.shape, fake_tgt.shape)
