"""`oomdoctor check` on library data sets that read each sample from disk when asked (Hugging Face datasets'
load_dataset, torchvision's ImageFolder): harmless as they are, the whole data set in RAM once a loop keeps every
sample it reads."""
import textwrap

import pytest

from oomdoctor.check import check_source


def rules(tmp_path, source: str) -> list[tuple[str, int]]:
    script = tmp_path / "prepare.py"
    script.write_text(textwrap.dedent(source))
    return [(f.rule, f.line) for f in check_source(script) if f.kind == "memory"]


@pytest.mark.parametrize("loop, expected", [
    # every X-ray of the split decoded and kept: the data set in RAM
    ("for k in range(len(ds['train'])):\n    pixels.append(np.array(ds['train'][k]['image']))",
     [("eager-loading", 9)]),
    ("for example in ds['train']:\n    pixels.append(np.asarray(example['image']))", [("eager-loading", 9)]),
    ("for example in ds['train'].shuffle(seed=0):\n    pixels.append(example['audio']['array'])",
     [("eager-loading", 9)]),
    # the labels alone: a number a sample
    ("for example in ds['train']:\n    pixels.append(example['label'])", []),
    # one sample looked at
    ("first = np.array(ds['train'][0]['image'])", []),
])
def test_samples_of_a_hugging_face_data_set_kept_in_a_list(loop, expected, tmp_path):
    assert rules(tmp_path, f"""\
import numpy as np
from datasets import load_dataset

ds = load_dataset("danjacobellis/chexpert")
pixels = []

# the training split, one sample at a time
{loop}
""") == expected


def test_a_column_of_labels_or_texts_is_not_a_sample(tmp_path):
    # ds["labels"] of a split: a column (a number or a string a row), not a split whose samples are decoded
    assert rules(tmp_path, """\
        from datasets import load_dataset

        train = load_dataset("beans", split="train")
        ys = []
        for y in train["labels"]:
            ys.append(y)
        texts = [t for t in train["text"]]
        """) == []


def test_a_split_named_when_loading_is_indexed_by_sample(tmp_path):
    assert rules(tmp_path, """\
        import numpy as np
        from datasets import load_dataset

        train = load_dataset("beans", split="train")
        images = [np.array(train[i]["image"]) for i in range(len(train))]
        """) == [("eager-loading", 5)]


@pytest.mark.parametrize("kept, expected", [
    ("images.append(img)", [("eager-loading", 7), ("duplicate-copy", 9)]),
    ("targets.append(label)", []),
])
def test_an_image_folder_iterated_and_kept(kept, expected, tmp_path):
    # for img, label in ImageFolder(...): each picture read and transformed as the loop asks for it
    assert rules(tmp_path, f"""\
        import torch
        from torchvision import datasets, transforms

        train_set = datasets.ImageFolder("data/train", transform=transforms.ToTensor())
        images, targets = [], []
        for img, label in train_set:
            {kept}
        targets.append(0)
        X = torch.stack(images)
        """) == expected


def test_an_image_folder_given_to_a_loader_is_streamed(tmp_path):
    assert rules(tmp_path, """\
        import torch
        from torchvision import datasets, transforms

        train_set = datasets.ImageFolder("data/train", transform=transforms.ToTensor())
        loader = torch.utils.data.DataLoader(train_set, batch_size=64, shuffle=True, num_workers=4)
        for images, labels in loader:
            print(images.shape)
        """) == []


def test_the_fix_for_a_library_data_set_kept_whole_is_to_hand_it_to_a_loader(tmp_path):
    # the data set already reads each sample when asked: the advice is not to write a Dataset, but to stop listing
    script = tmp_path / "prepare.py"
    script.write_text("import torch\nfrom torchvision import datasets, transforms\n\n"
                      "train_set = datasets.ImageFolder('data/train', transform=transforms.ToTensor())\n"
                      "images = []\nfor img, label in train_set:\n    images.append(img)\n")
    fixes = [f.fix for f in check_source(script) if f.rule == "eager-loading"]
    assert len(fixes) == 1 and "DataLoader" in fixes[0] and "__getitem__" not in fixes[0]
