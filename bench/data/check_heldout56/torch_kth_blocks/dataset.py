import numpy as np
import os
import pickle
import torch

from torch.utils.data import Dataset, DataLoader

ACTION_TO_ID = {
    "boxing": 0,
    "handclapping": 1,
    "handwaving": 2,
    "jogging": 3,
    "running": 4,
    "walking": 5
}

class FrameSet(Dataset):
    def __init__(self, root, split="train"):
        self.clips, self.targets = self.load_split(root, split)

        self.clips = torch.from_numpy(self.clips)
        self.targets = torch.from_numpy(self.targets)

    def __len__(self):
        return self.clips.shape[0]

    def __getitem__(self, k):
        item = {
            "instance": self.clips[k],
            "label": self.targets[k]
        }

        return item

    def subtract_mean(self, mu):
        self.clips -= float(mu)

    def load_split(self, root, split="train"):
        if split == "train":
            pkl_file = os.path.join(root, "train.p")
        elif split == "dev":
            pkl_file = os.path.join(root, "dev.p")
        else:
            pkl_file = os.path.join(root, "test.p")

        recordings = pickle.load(open(pkl_file, "rb"))

        clips = []
        targets = []
        for rec in recordings:
            for img in rec["frames"]:
                clips.append(img.reshape((1, 60, 80)))
                targets.append(ACTION_TO_ID[rec["category"]])

        clips = np.array(clips, dtype=np.float32)
        targets = np.array(targets, dtype=np.uint8)

        self.mean = np.mean(clips)

        return clips, targets

class BlockSet(Dataset):
    def __init__(self, root, split="train"):
        self.clips, self.targets = self.load_split(root, split)

        self.clips = torch.from_numpy(self.clips)
        self.targets = torch.from_numpy(self.targets)

    def __len__(self):
        return self.clips.shape[0]

    def __getitem__(self, k):
        item = {
            "instance": self.clips[k],
            "label": self.targets[k]
        }

        return item

    def subtract_mean(self, mu):
        self.clips -= float(mu)

    def load_split(self, root, split="train", mu=None):
        if split == "train":
            pkl_file = os.path.join(root, "train.p")
        elif split == "dev":
            pkl_file = os.path.join(root, "dev.p")
        else:
            pkl_file = os.path.join(root, "test.p")

        recordings = pickle.load(open(pkl_file, "rb"))

        clips = []
        targets = []
        block = []
        for rec in recordings:
            for j, img in enumerate(rec["frames"]):
                block.append(img)
                if len(block) % 15 == 0:
                    block = np.array(block)
                    clips.append(block.reshape((1, 15, 60, 80)))
                    targets.append(ACTION_TO_ID[rec["category"]])
                    block = []

        clips = np.array(clips, dtype=np.float32)
        targets = np.array(targets, dtype=np.uint8)

        self.mean = np.mean(clips)

        return clips, targets

class BlockFlowSet(Dataset):
    def __init__(self, root, split="train", mu=None):
        self.clips, self.targets = self.load_split(root, split)

        for j in range(len(self.clips)):
            self.clips[j]["frames"] = torch.from_numpy(
                self.clips[j]["frames"])
            self.clips[j]["flow_x"] = torch.from_numpy(
                self.clips[j]["flow_x"])
            self.clips[j]["flow_y"] = torch.from_numpy(
                self.clips[j]["flow_y"])

        self.targets = torch.from_numpy(self.targets)

    def __len__(self):
        return len(self.clips)

    def __getitem__(self, k):
        item = {
            "instance": self.clips[k],
            "label": self.targets[k]
        }

        return item

    def subtract_mean(self, mu):
        for j in range(len(self.clips)):
            self.clips[j]["frames"] -= float(mu["frames"])
            self.clips[j]["flow_x"] -= float(mu["flow_x"])
            self.clips[j]["flow_y"] -= float(mu["flow_y"])

    def load_split(self, root, split="train", mu=None):
        if split == "train":
            img_file = os.path.join(root, "train.p")
            flo_file = os.path.join(root, "train_flow.p")
        elif split == "dev":
            img_file = os.path.join(root, "dev.p")
            flo_file = os.path.join(root, "dev_flow.p")
        else:
            img_file = os.path.join(root, "test.p")
            flo_file = os.path.join(root, "test_flow.p")

        rec_frames = pickle.load(open(img_file, "rb"))
        rec_flows = pickle.load(open(flo_file, "rb"))

        clips = []
        targets = []

        avg_img = 0
        avg_fx = 0
        avg_fy = 0

        for v in range(len(rec_frames)):
            blk_img = []
            blk_fx = []
            blk_fy = []

            imgs = rec_frames[v]["frames"]
            fx = [0] + rec_flows[v]["flow_x"]
            fy = [0] + rec_flows[v]["flow_y"]

            for t in range(len(imgs)):
                blk_img.append(imgs[t])

                if t % 15 > 0:
                    blk_fx.append(fx[t])
                    blk_fy.append(fy[t])

                if (t + 1) % 15 == 0:
                    blk_img = np.array(
                        blk_img,
                        dtype=np.float32).reshape((1, 15, 60, 80))
                    blk_fx = np.array(
                        blk_fx,
                        dtype=np.float32).reshape((1, 14, 30, 40))
                    blk_fy = np.array(
                        blk_fy,
                        dtype=np.float32).reshape((1, 14, 30, 40))

                    avg_img += np.mean(blk_img)
                    avg_fx += np.mean(blk_fx)
                    avg_fy += np.mean(blk_fy)

                    clips.append({
                        "frames": blk_img,
                        "flow_x": blk_fx,
                        "flow_y": blk_fy
                    })

                    targets.append(
                        ACTION_TO_ID[rec_frames[v]["category"]])

                    blk_img = []
                    blk_fx = []
                    blk_fy = []

        avg_img /= len(clips)
        avg_fx /= len(clips)
        avg_fy /= len(clips)

        self.mean = {
            "frames": avg_img,
            "flow_x": avg_fx,
            "flow_y": avg_fy
        }

        targets = np.array(targets, dtype=np.uint8)

        return clips, targets

