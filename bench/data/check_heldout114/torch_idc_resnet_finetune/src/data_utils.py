"""Sample listing, patient-level split and the PyTorch Dataset.

All patches of one patient go to exactly one of train / val / test so that
no patient leaks from training into evaluation.
"""

import re
from pathlib import Path

import numpy as np
import pandas as pd
from PIL import Image
from sklearn.model_selection import train_test_split
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms

from config import (
    BATCH_SIZE,
    DATA_DIR,
    DEBUG_MODE,
    IMG_SIZE,
    NUM_WORKERS,
    SAMPLE_PER_CLASS,
    SEED,
    SPLIT_CSV,
    TEST_PATIENT_RATIO,
    VAL_PATIENT_RATIO,
)


def label_from_name(path: Path) -> int:
    """Read the class (0 = IDC negative, 1 = IDC positive) from the file name.

    Names contain class0 or class1.
    """
    m = re.search(r"class([01])", path.stem, flags=re.IGNORECASE)
    if m is None:
        raise ValueError(f"No class tag in file name: {path.name}")
    return int(m.group(1))


def collect_samples(data_dir: Path = DATA_DIR) -> pd.DataFrame:
    """List every PNG patch with its patient id and label.

    The patient id is a folder level of the path, the label comes from the name.
    """
    files = sorted(data_dir.rglob("*.png"))
    if not files:
        raise ValueError(f"No PNG files under {data_dir}")

    rows = []
    for f in files:
        lab = label_from_name(f)
        # when the parent folder is 0/1 it must agree with the name
        if f.parent.name in {"0", "1"} and int(f.parent.name) != lab:
            raise ValueError(f"Folder and file-name labels disagree: {f}")
        rows.append(
            {
                "path": str(f),
                "patient_id": f.parts[-3],
                "label": lab,
            }
        )

    table = pd.DataFrame(rows)
    if table["label"].nunique() != 2:
        raise ValueError("Need images of both classes.")
    return table


def patient_level_split(
    table: pd.DataFrame,
    test_ratio: float = TEST_PATIENT_RATIO,
    val_ratio: float = VAL_PATIENT_RATIO,
) -> pd.DataFrame:
    """Split patients (not patches) into train / val / test.

    Patches of one patient are strongly correlated, so a per-image split
    would leak; the split column is mapped back to every row afterwards.
    """
    pids = np.array(sorted(table["patient_id"].unique()))
    trval_pids, test_pids = train_test_split(
        pids, test_size=test_ratio, random_state=SEED
    )
    val_share = val_ratio / (1.0 - test_ratio)
    train_pids, val_pids = train_test_split(
        trval_pids, test_size=val_share, random_state=SEED
    )

    groups = {
        "train": set(train_pids),
        "val": set(val_pids),
        "test": set(test_pids),
    }
    assert groups["train"].isdisjoint(groups["val"])
    assert groups["train"].isdisjoint(groups["test"])
    assert groups["val"].isdisjoint(groups["test"])

    table = table.copy()
    table["split"] = table["patient_id"].map(
        lambda p: "train"
        if p in groups["train"]
        else "val"
        if p in groups["val"]
        else "test"
    )
    return table


def _debug_subsample(table: pd.DataFrame) -> pd.DataFrame:
    """Keep at most SAMPLE_PER_CLASS images per class in debug mode.

    Only active when DEBUG_MODE is True; used to smoke-test the pipeline
    and its outputs quickly.
    """
    if not DEBUG_MODE:
        return table
    small = (
        table.groupby("label", group_keys=False)
        .apply(lambda g: g.sample(n=min(SAMPLE_PER_CLASS, len(g)), random_state=SEED))
        .sort_values(["split", "patient_id", "path"])
        .reset_index(drop=True)
    )
    print(
        f"[debug] {len(small):,} images "
        f"(at most {SAMPLE_PER_CLASS} per class)."
    )
    return small


def load_or_create_patient_split(data_dir: Path = DATA_DIR) -> pd.DataFrame:
    """Read the saved split for this mode, or make and save it.

    Debug and full runs use different CSV files so a debug split is never
    reused for a full run.
    """
    if SPLIT_CSV.exists():
        table = pd.read_csv(SPLIT_CSV)
        print(f"[ok] split read from {SPLIT_CSV}")
    else:
        table = patient_level_split(collect_samples(data_dir))
        SPLIT_CSV.parent.mkdir(parents=True, exist_ok=True)
        table.to_csv(SPLIT_CSV, index=False)
        print(f"[saved] split written to {SPLIT_CSV}")
    print(
        "[info] mode: "
        f"{'DEBUG' if DEBUG_MODE else 'FULL'} "
        f"({SPLIT_CSV.name})"
    )
    return _debug_subsample(table)


class IDCDataset(Dataset):
    """Patch dataset over a table of paths and labels.

    Each item opens its image file and applies the transform.
    """
    def __init__(self, table: pd.DataFrame, transform=None):
        self.table = table.reset_index(drop=True)
        self.transform = transform

    def __len__(self) -> int:
        return len(self.table)

    def __getitem__(self, i: int):
        row = self.table.iloc[i]
        img = Image.open(row["path"]).convert("RGB")
        y = int(row["label"])
        if self.transform:
            img = self.transform(img)
        return img, y


def get_image_transform(augment: bool = False) -> transforms.Compose:
    """Resize, optional light augmentation, tensor, ImageNet normalisation.

    Validation and test use no augmentation.
    """
    steps = [transforms.Resize((IMG_SIZE, IMG_SIZE))]
    if augment:
        steps.extend(
            [
                transforms.RandomHorizontalFlip(),
                transforms.RandomVerticalFlip(),
                transforms.RandomRotation(15),
            ]
        )
    steps.extend(
        [
            transforms.ToTensor(),
            transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]),
        ]
    )
    return transforms.Compose(steps)


def make_data_loader(table: pd.DataFrame, shuffle: bool = False, augment: bool = False) -> DataLoader:
    """DataLoader over a split table."""
    return DataLoader(
        IDCDataset(table, get_image_transform(augment=augment)),
        batch_size=BATCH_SIZE,
        shuffle=shuffle,
        num_workers=NUM_WORKERS,
        pin_memory=False,
    )


def print_split_summary(table: pd.DataFrame) -> dict:
    """Print image, patient and class counts per split."""
    info = {
        "total_images": len(table),
        "total_patients": table["patient_id"].nunique(),
        "idc_negative": int((table["label"] == 0).sum()),
        "idc_positive": int((table["label"] == 1).sum()),
    }
    print("\nSplit summary")
    print(f"images:   {info['total_images']:,}")
    print(f"patients: {info['total_patients']:,}")
    print(f"IDC-:     {info['idc_negative']:,}")
    print(f"IDC+:     {info['idc_positive']:,}")
    for part in ["train", "val", "test"]:
        sub = table[table["split"] == part]
        info[f"{part}_images"] = len(sub)
        info[f"{part}_patients"] = sub["patient_id"].nunique()
        print(
            f"{part:>5}: {len(sub):,} images, "
            f"{sub['patient_id'].nunique():,} patients"
        )
    return info
