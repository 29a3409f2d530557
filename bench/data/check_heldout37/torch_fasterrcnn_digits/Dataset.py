import os
import json
import torch
from PIL import Image
from torch.utils.data import Dataset
import torchvision.transforms as transforms


class BoxJsonDataset(Dataset):
    def __init__(
        self, root="data/train", ann_file="data/train.json", transform=None
    ):
        self.root = root
        self.transform = transform

        # parse the COCO json
        with open(ann_file, "r") as f:
            coco_json = json.load(f)

        # image id -> file name
        self.file_of_image = {
            img["id"]: img["file_name"] for img in coco_json["images"]
        }

        # image id -> its box records
        self.anns_of_image = {
            img_id: [] for img_id in self.file_of_image.keys()
        }
        for rec in coco_json["annotations"]:
            self.anns_of_image[rec["image_id"]].append(rec)

        self.image_keys = list(self.file_of_image.keys())

    def __len__(self):
        return len(self.image_keys)

    def __getitem__(self, idx):
        image_id = self.image_keys[idx]
        image_path = os.path.join(self.root, self.file_of_image[image_id])
        image = Image.open(image_path).convert("RGB")
        image_anns = self.anns_of_image[image_id]
        boxes = []
        labels = []

        for rec in image_anns:
            x, y, w, h = rec["bbox"]
            boxes.append([x, y, x + w, y + h])
            labels.append(rec["category_id"])

        target = {
            "boxes": torch.as_tensor(boxes, dtype=torch.float32),
            "labels": torch.as_tensor(labels, dtype=torch.int64),
            "image_id": torch.tensor([image_id]),
        }
        if self.transform:
            image = self.transform(image)

        return image, target


class FolderImageDataset(Dataset):
    def __init__(self, root="data/test", transform=None):
        self.root = root
        self.transform = transform

        self.image_files_sorted = sorted(os.listdir(root))

    def __len__(self):
        return len(self.image_files_sorted)

    def __getitem__(self, idx):
        image_path = os.path.join(self.root, self.image_files_sorted[idx])
        image = Image.open(image_path).convert("RGB")
        if self.transform:
            image = self.transform(image)

        return image, os.path.splitext(self.image_files_sorted[idx])[0]
