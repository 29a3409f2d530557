import cv2
import glob
import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import Dataset
import albumentations as A
from albumentations.pytorch import ToTensorV2


def get_train_transform():
    return A.Compose(
        [
            A.RandomBrightnessContrast(p=0.3),
            A.HueSaturationValue(p=0.3),
            A.CLAHE(p=0.2),
            A.OneOf([
                A.RandomRain(),
                A.RandomFog(),
                A.Solarize(),
                A.RandomSnow(),
            ], p=0.3),
            A.Normalize(
                mean=(0.2543, 0.2641, 0.2714),
                std=(0.1730, 0.1726, 0.1726)
            ),
            ToTensorV2(),
        ]
    )


def get_val_transform():
    return A.Compose(
        [
            A.Normalize(
                mean=(0.2543, 0.2641, 0.2714),
                std=(0.1730, 0.1726, 0.1726)
            ),
            ToTensorV2(),
        ]
    )


class ImitationLearningDataset(Dataset):
    """Frames and control targets extracted from the CARLA recordings"""
    def __init__(
        self,
        cfg,
        split: str,
    ):
        if split == "train":
            frame_dir = cfg.DATA.TRAIN_IMGS_DIR
            target_dir = cfg.DATA.TRAIN_TARGETS_DIR
        else:
            frame_dir = cfg.DATA.VAL_IMGS_DIR
            target_dir = cfg.DATA.VAL_TARGETS_DIR

        self.frame_files = glob.glob(frame_dir + "/*.png")
        self.target_files = glob.glob(target_dir + "/*.txt")
        self.transform = (
            get_train_transform() if split == "train" else get_val_transform()
        )
        self.n_cmds = cfg.MODEL.NUM_COMMANDS
        self.branched = cfg.MODEL.BRANCHED

    def __len__(self):
        return len(self.frame_files)

    def __getitem__(self, i: int):
        tgt = np.loadtxt(self.target_files[i])
        raw = cv2.imread(self.frame_files[i])
        if self.transform is not None:
            frame = self.transform(image=raw)['image']

        tgt = torch.tensor(tgt)

        # a few commands are stored as 0; treat them as follow-lane
        if tgt[24].long() == 0:
            tgt[24] = 2

        cmd_idx = tgt[24].long() - 2

        cmd_vec = F.one_hot(
            cmd_idx,
            num_classes=self.n_cmds
        )
        speed = tgt[10].unsqueeze(0).float()

        if self.branched:
            sel = torch.zeros((4, 3))
            sel[cmd_idx, :] = 1
            tgt = torch.stack([tgt[:3] for _ in range(4)], dim=0)
            return raw, frame, speed, sel.reshape(-1), tgt.reshape(-1)

        tgt = tgt[:3].float()
        return raw, frame, speed, cmd_vec.float(), tgt
