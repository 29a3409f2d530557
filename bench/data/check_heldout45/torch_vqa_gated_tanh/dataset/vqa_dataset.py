import json
import os
import pickle
from enum import Enum
from multiprocessing import Pool, cpu_count

import numpy as np
import torch
from torch.utils.data.dataset import Dataset


class DataType(Enum):
    TRAIN = 0,
    TEST = 1,
    ALL = 2


class VqaDataset(Dataset):
    def __init__(self, root: str, single_label: bool = False, type: DataType = DataType.TRAIN,
                 max_q_len: int = 14):
        self.single_label = single_label
        self.type = type
        self.max_q_len = max_q_len
        with open("{}/train_q_dict.p".format(root), "rb") as fh:
            tables = pickle.load(fh)
            self.q_itow = tables["itow"]
            self.q_wtoi = tables["wtoi"]
            self.q_vocab_size = len(self.q_itow)
        with open("{}/train_a_dict.p".format(root), "rb") as fh:
            tables = pickle.load(fh)
            self.a_itow = tables["itow"]
            self.a_wtoi = tables["wtoi"]
            self.a_vocab_size = len(self.a_itow)
        print("word tables read")
        if self.type == DataType.TRAIN or self.type == DataType.TEST:
            with open("{}/vqa_{}_final.json".format(root, "train" if type == DataType.TRAIN else "val"), "r") as fh:
                self.questions = json.load(fh)
                self.questions = [self.encode_question(q) for q in self.questions]
        else:
            with open("{}/vqa_train_final.json".format(root), "r") as fh:
                raw = json.load(fh)
                self.questions = [self.encode_question(q) for q in raw]
            with open("{}/vqa_val_final.json".format(root), "r") as fh:
                raw = json.load(fh)
                self.questions += [self.encode_question(q) for q in raw]
        print("questions: {}".format(len(self.questions)))
        self.feat_dir = root + "/images/"
        img_ids = [p[:p.rfind(".")] for p in os.listdir(self.feat_dir)]
        self.img_feats = {int(iid): self.read_image_feats(iid) for iid in img_ids}
        print("image features read")
        self.n = len(self.questions)
        self.samples = []
        for k in range(self.n):
            self.samples.append(self.build_sample(k))
        print("samples built")

    def __len__(self):
        return self.n

    def __getitem__(self, k):
        return self.samples[k]

    def build_sample(self, k):
        q = self.questions[k]
        feats = self.img_feats[q[1]]
        return q[0], feats, q[2]

    def encode_question(self, q):
        ids = [-1] * self.max_q_len
        for j, w in enumerate(q["question_toked"]):
            try:
                ids[j] = self.q_wtoi[w]
            except:
                ids[j] = 0
        if not self.single_label:
            target = [0] * (self.a_vocab_size + 1)
            scored = q["answers_w_scores"]
            for w, s in scored:
                pos = self.a_wtoi[w] + 1
                target[pos] = float(s)
            target = torch.FloatTensor(target)
        else:
            try:
                target = self.a_wtoi[q["answer"]] + 1
            except:
                target = 0
        return torch.LongTensor(ids), int(q["image_id"]), target

    def read_image_feats(self, iid: str):
        arr = np.load(self.feat_dir + iid + ".npy")
        return torch.from_numpy(arr)

    def number_of_questions(self):
        return len(self.questions)

    def questions_vocab(self):
        return list(self.q_wtoi.keys())

    def answers_vocab(self):
        return list(self.a_wtoi.keys())

    @staticmethod
    def load_eval_info(root: str):
        out = {}
        with open("{}/train_q_dict.p".format(root), "rb") as fh:
            tables = pickle.load(fh)
            words = tables["wtoi"].keys()
            out["question_vocab"] = list(words)
            out["question_vocab_size"] = len(words)
        with open("{}/train_a_dict.p".format(root), "rb") as fh:
            tables = pickle.load(fh)
            words = tables["wtoi"].keys()
            out["answer_vocab"] = list(words)
            out["answer_vocab_size"] = len(words)
        return out

    @staticmethod
    def load_answers_vocab(root: str):
        with open("{}/train_a_dict.p".format(root), "rb") as fh:
            tables = pickle.load(fh)
            return list(tables["wtoi"].keys())

    def load_info(self):
        info = {"question_vocab_size": self.q_vocab_size,
                "question_vocab": list(self.q_wtoi.keys()),
                "answer_vocab_size": self.a_vocab_size,
                "answer_vocab": list(self.a_wtoi.keys())}
        return info
