"""Public data sets a script names in its paths and URLs, and how large they are: the size a user's script does
not show (X = np.load('gtzan_features.npy')) but the data set's publishers do.

The checker reads a script, not its data: a whole-data-set load of unknown length is "proportional to the number
of samples", and whether that is 30 MB or 30 GB decides whether it is a problem at all. Where the script's
strings name one of these data sets (a folder 'genres_original/', a file 'train_happy.h5', a download URL), the
count is known, and a data set that is small even whole (GTZAN's 1,000 clips as MFCC features: 33 MB) is said to
be small instead of flagged.

Only names that say which data set it is are listed: 'imagenet' and 'coco' mostly name pretrained weights
(weights='imagenet', mask_rcnn_coco.h5), not the data trained on, so they are not here; COCO is known by its split
folders (train2017).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from .modules import Module
from .names import dotted_name
from .values import ITEMSIZE, NAMES, NEGLIGIBLE_BYTES, TABLE, Data, total_bytes


@dataclass(frozen=True)
class PublicDataset:
    """One public data set: its name, the words that name it, how many samples all its splits hold, and one
    sample as scripts usually decode it."""
    name: str                          # as messages say it: "GTZAN"
    words: tuple[tuple[str, ...], ...]  # each a run of words of a string that names it ("genres", "original")
    samples: int                       # every split together: a script that names it may read them all
    sample: tuple[int, ...]            # one sample decoded: an image H × W × C, a clip's values, a row's columns
    dtype: str                         # as decoded: uint8 images, float32 audio (librosa, torchaudio), float64 rows
    unit: str                          # what a sample is, for messages: images, clips, rows
    # a table of records (ratings, ad impressions): what scripts build from it (a user × item matrix) is counted
    # in other things than its rows, so only the table itself is judged by its row count
    records: bool = False
    # scripts usually cut its samples into many patches or crops (super-resolution's 2K images, a city's
    # 2048 × 1024 frames): what a script keeps per sample says nothing of how many it keeps
    cut: bool = False
    # its class names, which a script that reads one folder per class lists as they are ('blues', 'classical', ...,
    # 'rock'): a list of most of them names the data set wherever its files lie ('songs/genres')
    classes: frozenset[str] = frozenset()

    def to_dict(self) -> dict:
        """As ``check --json`` gives it under "datasets_named"."""
        return {"name": self.name, "samples": self.samples, "unit": self.unit, "sample_shape": list(self.sample),
                "dtype": self.dtype, "decoded_bytes": self.decoded_bytes}

    @property
    def decoded_bytes(self) -> int:
        """All of it, decoded as scripts read it."""
        count = self.samples
        for dimension in self.sample:
            count *= dimension
        return count * ITEMSIZE[self.dtype]


def _words(*names: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(_WORD.findall(name.lower())) for name in names)


_WORD = re.compile(r"[a-z0-9]+")

# Counts are the publishers' (all splits); a sample is a typical one where sizes vary (Dogs vs. Cats' photos are at
# most 500 pixels a side: 375 × 500 is a large one). Audio is float32 at the rate it is distributed in.
PUBLIC_DATASETS = (
    # audio
    PublicDataset("GTZAN", _words("gtzan", "genres_original"), 1_000, (30 * 22_050,), "float32", "clips",
                  classes=frozenset({"blues", "classical", "country", "disco", "hiphop", "jazz", "metal", "pop",
                                     "reggae", "rock"})),
    PublicDataset("Mini Speech Commands", _words("mini_speech_commands"), 8_000, (16_000,), "float32", "clips"),
    PublicDataset("Speech Commands", _words("speech_commands"), 105_829, (16_000,), "float32", "clips",
                  classes=frozenset({"yes", "no", "up", "down", "left", "right", "on", "off", "stop", "go", "zero",
                                     "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "bed",
                                     "bird", "cat", "dog", "happy", "house", "marvin", "sheila", "tree", "wow"})),
    PublicDataset("ESC-50", _words("esc-50"), 2_000, (5 * 44_100,), "float32", "clips"),
    PublicDataset("UrbanSound8K", _words("urbansound8k"), 8_732, (4 * 44_100,), "float32", "clips",
                  classes=frozenset({"air_conditioner", "car_horn", "children_playing", "dog_bark", "drilling",
                                     "engine_idling", "gun_shot", "jackhammer", "siren", "street_music"})),
    PublicDataset("RAVDESS", _words("ravdess"), 2_452, (4 * 48_000,), "float32", "clips"),
    PublicDataset("TESS", _words("tess"), 2_800, (2 * 24_414,), "float32", "clips"),
    PublicDataset("CREMA-D", _words("crema-d", "cremad"), 7_442, (3 * 16_000,), "float32", "clips"),
    PublicDataset("TIMIT", _words("timit"), 6_300, (3 * 16_000,), "float32", "utterances"),
    PublicDataset("LJ Speech", _words("ljspeech", "lj_speech"), 13_100, (7 * 22_050,), "float32", "clips"),
    PublicDataset("LibriSpeech train-clean-100", _words("librispeech"), 28_539, (13 * 16_000,), "float32",
                  "utterances"),
    PublicDataset("VCTK", _words("vctk"), 44_242, (3 * 48_000,), "float32", "utterances"),
    PublicDataset("MagnaTagATune", _words("magnatagatune", "mtat"), 25_863, (29 * 16_000,), "float32", "clips"),
    # images, small
    PublicDataset("Happy House", _words("train_happy", "test_happy"), 750, (64, 64, 3), "uint8", "images"),
    PublicDataset("SIGNS", _words("train_signs", "test_signs"), 1_200, (64, 64, 3), "uint8", "images"),
    PublicDataset("cat/non-cat", _words("catvnoncat"), 259, (64, 64, 3), "uint8", "images"),
    # distributed as a CSV of pixel strings, which scripts parse into float64 rows
    PublicDataset("FER-2013", _words("fer2013"), 35_887, (48 * 48,), "float64", "images"),
    PublicDataset("AT&T (ORL) faces", _words("att_faces", "orl_faces"), 400, (112, 92), "uint8", "images"),
    PublicDataset("Sign Language MNIST", _words("sign_mnist"), 34_627, (28 * 28 + 1,), "float64", "images"),
    PublicDataset("EMNIST ByClass", _words("emnist"), 814_255, (28, 28), "uint8", "images"),
    PublicDataset("SVHN", _words("svhn"), 99_289, (32, 32, 3), "uint8", "images"),
    PublicDataset("Omniglot", _words("omniglot"), 32_460, (105, 105), "uint8", "images"),
    PublicDataset("EuroSAT", _words("eurosat"), 27_000, (64, 64, 3), "uint8", "images"),
    PublicDataset("UC Merced Land Use", _words("ucmerced", "uc_merced"), 2_100, (256, 256, 3), "uint8", "images"),
    PublicDataset("GTSRB", _words("gtsrb"), 51_839, (64, 64, 3), "uint8", "images"),
    PublicDataset("Tiny ImageNet", _words("tiny-imagenet", "tiny_imagenet", "tinyimagenet"), 120_000, (64, 64, 3),
                  "uint8", "images"),
    PublicDataset("STL-10", _words("stl10", "stl_10"), 113_000, (96, 96, 3), "uint8", "images"),
    PublicDataset("Fruits-360", _words("fruits-360", "fruits360"), 90_483, (100, 100, 3), "uint8", "images"),
    # images, as photographed
    PublicDataset("LFW", _words("lfw"), 13_233, (250, 250, 3), "uint8", "images"),
    PublicDataset("CelebA", _words("celeba"), 202_599, (218, 178, 3), "uint8", "images"),
    PublicDataset("CASIA-WebFace", _words("webface"), 494_414, (250, 250, 3), "uint8", "images"),
    PublicDataset("Dogs vs. Cats", _words("dogs-vs-cats", "dogs_vs_cats", "cats_vs_dogs"), 25_000, (375, 500, 3),
                  "uint8", "images"),
    PublicDataset("cats_and_dogs_filtered", _words("cats_and_dogs_filtered"), 3_000, (375, 500, 3), "uint8",
                  "images"),
    PublicDataset("TF Flowers", _words("flower_photos"), 3_670, (375, 500, 3), "uint8", "images"),
    PublicDataset("Oxford 102 Flowers", _words("102flowers"), 8_189, (500, 667, 3), "uint8", "images"),
    PublicDataset("Oxford-IIIT Pet", _words("oxford-iiit-pet", "oxford_iiit_pet"), 7_349, (500, 500, 3), "uint8",
                  "images"),
    PublicDataset("Stanford Dogs", _words("stanford_dogs", "stanford-dogs"), 20_580, (375, 500, 3), "uint8",
                  "images"),
    PublicDataset("CUB-200-2011", _words("cub_200_2011", "cub-200-2011"), 11_788, (375, 500, 3), "uint8", "images"),
    PublicDataset("Caltech-101", _words("caltech101", "101_objectcategories"), 9_146, (300, 300, 3), "uint8",
                  "images"),
    PublicDataset("Caltech-256", _words("caltech256", "256_objectcategories"), 30_607, (300, 300, 3), "uint8",
                  "images"),
    PublicDataset("PlantVillage", _words("plantvillage"), 54_305, (256, 256, 3), "uint8", "images"),
    PublicDataset("Chest X-Ray Images (Pneumonia)", _words("chest_xray"), 5_856, (1_300, 1_700), "uint8", "images"),
    PublicDataset("NIH ChestX-ray14", _words("chestx-ray14", "chestxray14"), 112_120, (1_024, 1_024), "uint8",
                  "images"),
    PublicDataset("CheXpert", _words("chexpert"), 224_316, (320, 390), "uint8", "images"),
    PublicDataset("Kvasir-SEG", _words("kvasir"), 1_000, (576, 720, 3), "uint8", "images"),
    PublicDataset("Data Science Bowl 2018", _words("stage1_train"), 670, (520, 696, 4), "uint8", "images"),
    PublicDataset("ShanghaiTech crowd", _words("shanghaitech"), 1_198, (768, 1_024, 3), "uint8", "images"),
    PublicDataset("Flickr8k", _words("flickr8k"), 8_091, (375, 500, 3), "uint8", "images"),
    PublicDataset("Flickr30k", _words("flickr30k"), 31_783, (375, 500, 3), "uint8", "images"),
    PublicDataset("COCO 2017", _words("train2017"), 123_287, (480, 640, 3), "uint8", "images"),
    PublicDataset("COCO 2014", _words("train2014"), 123_287, (480, 640, 3), "uint8", "images"),
    PublicDataset("Pascal VOC 2012", _words("voc2012"), 17_125, (375, 500, 3), "uint8", "images"),
    PublicDataset("CamVid", _words("camvid"), 701, (720, 960, 3), "uint8", "images", cut=True),
    PublicDataset("Cityscapes", _words("cityscapes"), 3_475, (1_024, 2_048, 3), "uint8", "images", cut=True),
    PublicDataset("Carvana", _words("carvana"), 5_088, (1_280, 1_918, 3), "uint8", "images", cut=True),
    PublicDataset("KITTI", _words("kitti"), 7_481, (375, 1_242, 3), "uint8", "images", cut=True),
    PublicDataset("NYU Depth V2", _words("nyu_depth", "nyudepth"), 1_449, (480, 640, 3), "uint8", "images"),
    PublicDataset("DIV2K", _words("div2k"), 900, (1_404, 2_040, 3), "uint8", "images", cut=True),
    PublicDataset("BSDS500", _words("bsds500", "bsr_bsds500"), 500, (321, 481, 3), "uint8", "images", cut=True),
    # point clouds and video
    PublicDataset("ModelNet40", _words("modelnet40"), 12_311, (2_048, 3), "float32", "point clouds"),
    PublicDataset("ModelNet10", _words("modelnet10"), 4_899, (2_048, 3), "float32", "point clouds"),
    PublicDataset("UCF101", _words("ucf101", "ucf-101"), 13_320, (186, 240, 320, 3), "uint8", "videos", cut=True),
    PublicDataset("HMDB51", _words("hmdb51"), 6_766, (90, 240, 320, 3), "uint8", "videos", cut=True),
    # signals and tables (a row: its values as pandas or NumPy hold them, float64)
    PublicDataset("UCI HAR", _words("uci_har", "uci har dataset"), 10_299, (128, 9), "float64", "windows"),
    PublicDataset("MIT-BIH (Kaggle heartbeat CSV)", _words("mitbih"), 109_446, (188,), "float64", "rows", records=True),
    PublicDataset("PTB-XL", _words("ptb-xl", "ptbxl"), 21_837, (5_000, 12), "float64", "recordings"),
    PublicDataset("Jena Climate", _words("jena_climate"), 420_551, (15,), "float64", "rows", records=True),
    PublicDataset("ETT", _words("etth1", "etth2"), 17_420, (8,), "float64", "rows", records=True),
    PublicDataset("ETT (15 minutes)", _words("ettm1", "ettm2"), 69_680, (8,), "float64", "rows", records=True),
    PublicDataset("MovieLens 100K", _words("ml-100k", "ml-latest-small"), 100_836, (4,), "float64", "ratings", records=True),
    PublicDataset("MovieLens 1M", _words("ml-1m"), 1_000_209, (4,), "float64", "ratings", records=True),
    PublicDataset("MovieLens 10M", _words("ml-10m"), 10_000_054, (4,), "float64", "ratings", records=True),
    PublicDataset("MovieLens 20M", _words("ml-20m"), 20_000_263, (4,), "float64", "ratings", records=True),
    PublicDataset("MovieLens 25M", _words("ml-25m"), 25_000_095, (4,), "float64", "ratings", records=True),
    PublicDataset("Criteo display ads", _words("criteo"), 45_840_617, (40,), "float64", "rows", records=True),
    PublicDataset("Avazu", _words("avazu"), 40_428_967, (24,), "float64", "rows", records=True),
    PublicDataset("Titanic", _words("titanic"), 1_309, (12,), "float64", "rows", records=True),
    PublicDataset("House Prices (Kaggle)", _words("house-prices-advanced-regression-techniques"), 2_919, (81,),
                  "float64", "rows", records=True),
    PublicDataset("Credit Card Fraud", _words("creditcard.csv"), 284_807, (31,), "float64", "rows", records=True),
    PublicDataset("HIGGS", _words("higgs"), 11_000_000, (29,), "float64", "rows", records=True),
    PublicDataset("Covertype", _words("covtype"), 581_012, (55,), "float64", "rows", records=True),
)

# Strings that name a model's pretrained weights, not the data it trains on: weights='...' and its kin
_WEIGHT_KEYWORDS = {"weights", "weights_path", "pretrained", "checkpoint", "ckpt", "pretrained_model_name_or_path"}


def _runs(words: list[str], run: tuple[str, ...]) -> bool:
    width = len(run)
    return any(tuple(words[i:i + width]) == run for i in range(len(words) - width + 1))


def datasets_named(modules: list[Module]) -> list[PublicDataset]:
    """The public data sets the modules' strings name (paths, URLs, defaults of arguments), but not as a model's
    pretrained weights; in a string that names two (mini_speech_commands is also speech_commands), the one its
    words name more fully."""
    by_first_word: dict[str, list[tuple[tuple[str, ...], PublicDataset]]] = {}
    for dataset in PUBLIC_DATASETS:
        for run in dataset.words:
            by_first_word.setdefault(run[0], []).append((run, dataset))
    named: dict[str, PublicDataset] = {}
    with_classes = [dataset for dataset in PUBLIC_DATASETS if dataset.classes]
    for module in modules:
        for node in ast.walk(module.tree):
            listed = listed_strings(node)
            for dataset in with_classes:
                # (most of a list of class names, and little else: a vocabulary holds them among thousands)
                if len(listed & dataset.classes) >= _CLASSES_LISTED and \
                        len(listed & dataset.classes) >= 0.6 * len(listed):
                    named[dataset.name] = dataset
            if isinstance(node, ast.keyword) and node.arg in _WEIGHT_KEYWORDS or \
                    isinstance(node, ast.Call) and dotted_name(node.func).endswith("from_pretrained"):
                continue
            for child in ast.iter_child_nodes(node):
                if not (isinstance(child, ast.Constant) and isinstance(child.value, str)) or \
                        isinstance(node, ast.Expr):  # a docstring or a bare string says what, not which file
                    continue
                words = _WORD.findall(child.value.lower())
                found = [(run, dataset) for word in set(words) for run, dataset in by_first_word.get(word, ())
                         if _runs(words, run)]
                for run, dataset in found:
                    if not any(len(other) > len(run) and _runs(list(other), run) for other, _ in found):
                        named[dataset.name] = dataset
    return list(named.values())


# How many of a data set's class names a list must hold to name it: Mini Speech Commands' eight words are in
# Speech Commands' too, so the list names the larger set, the safe side
_CLASSES_LISTED = 6


def listed_strings(node: ast.AST) -> set[str]:
    """The strings of a list, tuple or set literal, or a dict's keys, lower-cased ({'blues': 0, ...} too)."""
    elements = node.keys if isinstance(node, ast.Dict) else node.elts if isinstance(
        node, (ast.List, ast.Tuple, ast.Set)) else []
    return {e.value.lower() for e in elements if isinstance(e, ast.Constant) and isinstance(e.value, str)}


def small_whole(data: Data, kept_sample_bytes: int | None, named: list[PublicDataset]) -> bool:
    """Whether ``data``, whose length the script does not show, is small even if it holds all of every data set
    the script names: each one's count times the bytes the script keeps per sample (``kept_sample_bytes``, where
    its shape says it: features, a resized image), else the sample as decoded. A data set scripts cut into patches
    (``cut``) is judged whole: its patches' count is not its samples'."""
    if not named or data.small or data.labels or data.content == NAMES or total_bytes(data) is not None or \
            any(d.records for d in named) and data.content != TABLE:
        return False
    largest = max(d.samples * kept_sample_bytes if kept_sample_bytes is not None and not d.cut else d.decoded_bytes
                  for d in named)
    return largest < NEGLIGIBLE_BYTES
