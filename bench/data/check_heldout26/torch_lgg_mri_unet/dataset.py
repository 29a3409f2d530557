import os
import random

import numpy as np
import torch
from skimage.io import imread
from torch.utils.data import Dataset

from utils import crop_to_brain, pad_to_square, resize_pair, standardize_volume


class BrainMRIDataset(Dataset):
    """FLAIR slices of brain MRI with tumour masks"""

    in_channels = 3
    out_channels = 1

    def __init__(
        self,
        image_root,
        transform=None,
        image_side=256,
        subset="train",
        sample_randomly=True,
        n_validation_cases=10,
        seed=42,
    ):
        assert subset in ["all", "train", "validation"]

        # decode every case folder
        volumes_by_case = {}
        masks_by_case = {}
        print("loading {} slices".format(subset))
        for (folder, subfolders, file_names) in os.walk(image_root):
            image_slice_list = []
            mask_slice_list = []
            for file_name in sorted(
                filter(lambda f: ".tif" in f, file_names),
                key=lambda name: int(name.split(".")[-2].split("_")[4]),
            ):
                file_path = os.path.join(folder, file_name)
                if "mask" in file_name:
                    mask_slice_list.append(imread(file_path, as_gray=True))
                else:
                    image_slice_list.append(imread(file_path))
            if len(image_slice_list) > 0:
                case_id = folder.split("/")[-1]
                volumes_by_case[case_id] = np.array(image_slice_list[1:-1])
                masks_by_case[case_id] = np.array(mask_slice_list[1:-1])

        self.cases = sorted(volumes_by_case)

        # keep the cases of the requested subset
        if not subset == "all":
            random.seed(seed)
            validation_ids = random.sample(self.cases, k=n_validation_cases)
            if subset == "validation":
                self.cases = validation_ids
            else:
                self.cases = sorted(
                    list(set(self.cases).difference(validation_ids))
                )

        print("preparing {} volumes".format(subset))
        # (volume, mask) pairs for the kept cases
        self.volumes = [(volumes_by_case[k], masks_by_case[k]) for k in self.cases]

        print("cropping {} volumes".format(subset))
        # tightest box around the brain
        self.volumes = [crop_to_brain(p) for p in self.volumes]

        print("padding {} volumes".format(subset))
        # square in-plane shape
        self.volumes = [pad_to_square(p) for p in self.volumes]

        print("resizing {} volumes".format(subset))
        # common in-plane size
        self.volumes = [resize_pair(p, side=image_side) for p in self.volumes]

        print("standardising {} volumes".format(subset))
        # per-channel standardisation
        self.volumes = [(standardize_volume(v), m) for v, m in self.volumes]

        # slice sampling weights from the mask area
        self.slice_weights = [m.sum(axis=-1).sum(axis=-1) for v, m in self.volumes]
        self.slice_weights = [
            (w + (w.sum() * 0.1 / len(w))) / (w.sum() * 1.1) for w in self.slice_weights
        ]

        # masks get a channel axis
        self.volumes = [(v, m[..., np.newaxis]) for (v, m) in self.volumes]

        print("{} data set ready".format(subset))

        # flat index: sample number -> (case number, slice number)
        slices_per_case = [v.shape[0] for v, m in self.volumes]
        self.case_slice_index = list(
            zip(
                sum([[i] * slices_per_case[i] for i in range(len(slices_per_case))], []),
                sum([list(range(n)) for n in slices_per_case], []),
            )
        )

        self.sample_randomly = sample_randomly

        self.transform = transform

    def __len__(self):
        return len(self.case_slice_index)

    def __getitem__(self, idx):
        case = self.case_slice_index[idx][0]
        slice_no = self.case_slice_index[idx][1]

        if self.sample_randomly:
            case = np.random.randint(len(self.volumes))
            slice_no = np.random.choice(
                range(self.volumes[case][0].shape[0]), p=self.slice_weights[case]
            )

        v, m = self.volumes[case]
        image = v[slice_no]
        mask = m[slice_no]

        if self.transform is not None:
            image, mask = self.transform((image, mask))

        # channels first
        image = image.transpose(2, 0, 1)
        mask = mask.transpose(2, 0, 1)

        image_tensor = torch.from_numpy(image.astype(np.float32))
        mask_tensor = torch.from_numpy(mask.astype(np.float32))

        # tensors out
        return image_tensor, mask_tensor
