import os
import json
import torch
import random
from pathlib import Path
from torch.utils.data import Dataset


class UtteranceSet(Dataset):
    def __init__(self, feat_dir, crop_len=128):
        self.feat_dir = feat_dir
        self.crop_len = crop_len


        map_file = Path(feat_dir) / "mapping.json"
        spk_map = json.load(map_file.open())
        self.name_to_id = spk_map["speaker2id"]


        meta_file = Path(feat_dir) / "metadata.json"
        meta = json.load(open(meta_file))["speakers"]


        self.speaker_num = len(meta.keys())
        self.data = []
        for spk_id in meta.keys():
            for utt in meta[spk_id]:
                self.data.append(
                    [utt["feature_path"], self.name_to_id[spk_id]])

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        rel_path, spk_id = self.data[index]

        feats = torch.load(os.path.join(self.feat_dir, rel_path))


        if len(feats) > self.crop_len:

            off = random.randint(0, len(feats) - self.crop_len)

            feats = torch.FloatTensor(feats[off:off+self.crop_len])
        else:
            feats = torch.FloatTensor(feats)

        spk_id = torch.FloatTensor([spk_id]).long()
        return feats, spk_id

    def num_speakers(self):
        return self.speaker_num
