from torch.utils.data import Dataset
import json
import os
import cv2

class TextDataset(Dataset):
    def __init__(self, data_path, mode="train", transform=None):
        super().__init__()
        self.data_path = data_path
        self.mode = mode
        self.desc = json.load(open(os.path.join(data_path, "desc.json")))
        self.transform = transform

    def abc_len(self):
        return len(self.desc["abc"])

    def get_abc(self):
        return self.desc["abc"]

    def set_mode(self, mode):
        self.mode = mode

    def __len__(self):
        if self.mode == "test":
            return int(len(self.desc[self.mode]) * 0.01)
        return len(self.desc[self.mode])

    def __getitem__(self, k):
        fname = self.desc[self.mode][k]["name"]
        words = self.desc[self.mode][k]["text"]

        # pic = cv2.imread(os.path.join(self.data_path, "data", fname))
        pic = cv2.imread(os.path.join(self.data_path, fname))
        ids = self.text_to_seq(words)
        item = {"img": pic, "seq": ids, "seq_len": len(ids), "aug": self.mode == "train"}
        if self.transform:
            item = self.transform(item)
        return item

    def text_to_seq(self, words):
        ids = []
        for ch in words:
            ids.append(self.desc["abc"].find(ch) + 1)
        return ids
