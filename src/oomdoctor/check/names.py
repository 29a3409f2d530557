"""Names as written, and as imported: dotted call names, and the words identifiers are made of."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from typing import Iterator


def dotted_name(node: ast.AST) -> str:
    """Dotted name of a call target: tf.data.Dataset.from_tensor_slices, ds.cache, np.load."""
    if isinstance(node, ast.Call):
        return dotted_name(node.func)
    if isinstance(node, ast.Attribute):
        base = dotted_name(node.value)
        return f"{base}.{node.attr}" if base else node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def self_attribute(node: ast.AST | None) -> str | None:
    """``images`` for ``self.images``: the attribute of the instance a method reads or binds; None for anything else."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
        return node.attr
    return None


def last_part(name: str) -> str:
    """The part after the last dot: ``np.load`` -> ``load``."""
    return name.rsplit(".", 1)[-1]


def calls_in(tree: ast.AST) -> Iterator[ast.Call]:
    """Every call in ``tree``, nested ones included."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield node


def path_text(node: ast.AST) -> str:
    """The path expression a save or a load names, with open(path, mode) unwrapped, as comparable text."""
    if isinstance(node, ast.Call) and last_part(dotted_name(node.func)) == "open" and node.args:
        node = node.args[0]
    return ast.dump(node)


def names_in(node: ast.AST) -> set[str]:
    """The bare names (``ast.Name``) used anywhere in ``node``."""
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


# What a script means by a short name when it does not import it (a snippet, a notebook cell)
USUAL_ALIASES = {"np": "numpy", "pd": "pandas", "tf": "tensorflow", "plt": "matplotlib.pyplot",
                 "F": "torch.nn.functional", "nn": "torch.nn", "tfds": "tensorflow_datasets", "K": "keras.backend",
                 "Image": "PIL.Image"}


# Modules whose functions a library exports under a shorter name, and the name the tables use: the module a
# function is defined in (keras/src/utils/image_utils.py, wfdb/io/record.py, librosa/core/audio.py), which scripts
# import too, is the same function as its export (keras.utils.load_img, wfdb.rdrecord, librosa.load). Keras first:
# tf.keras, tensorflow.keras and tf_keras (Keras 2 on TensorFlow 2.16 and later, `import tf_keras as keras`) are
# Keras; keras.src is Keras 3's own code. TensorFlow's compat.v1 and compat.v2 (import tensorflow.compat.v1 as tf)
# are TensorFlow's functions under their 1.x and 2.x names; `from cv2 import cv2` is OpenCV's own module (its
# wheels before 4.6)
_EXPORTED_FROM = (
    ("tensorflow.compat.v1", "tensorflow"), ("tensorflow.compat.v2", "tensorflow"), ("cv2.cv2", "cv2"),
    ("torchvision.io.image", "torchvision.io"), ("torchvision.io.video", "torchvision.io"),
    ("tensorflow.keras", "keras"), ("tensorflow.python.keras", "keras"), ("tf.keras", "keras"), ("tf_keras", "keras"),
    ("keras.src", "keras"), ("keras.utils.image_utils", "keras.utils"),
    ("wfdb.io.record", "wfdb"), ("wfdb.io", "wfdb"), ("librosa.core.audio", "librosa"), ("librosa.core", "librosa"),
    ("pydicom.filereader", "pydicom"), ("nibabel.loadsave", "nibabel"))


def canonical(name: str) -> str:
    """tf.keras and tensorflow.keras are Keras, wfdb.io.record.rdrecord is wfdb.rdrecord: one name for each thing,
    whichever way it was imported."""
    for module, exported in _EXPORTED_FROM:
        if name == module or name.startswith(module + "."):
            name = exported + name[len(module):]
    return name


@lru_cache(maxsize=4096)
def words_of(identifier: str) -> frozenset[str]:
    """valLoader, val_loader, valid2 -> {'val', 'loader'}: the words a name is made of, lower case."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", identifier)
    return frozenset(w for w in re.split(r"[^A-Za-z]+", spaced.lower()) if w)


# Words that name evaluation, in a function, a loader or a data set: validate(), val_loader, X_test
_EVAL_WORDS = {"val", "valid", "validation", "validate", "test", "testing", "eval", "evaluate", "evaluation",
               "dev", "predict", "prediction", "predictions", "inference", "infer"}
# Words that name labels: one number per sample, never the memory problem
# (boxes are a few numbers per object: annotations, like labels; an agent's actions, a few numbers per step, are the
# targets behaviour cloning learns; lbl, lbls: labels abbreviated as img, imgs abbreviate images)
LABEL_WORDS = {"y", "label", "labels", "lbl", "lbls", "target", "targets", "mask", "masks", "class", "classes", "idx", "bb", "bbox",
               "bboxes", "box", "boxes", "action", "actions", "acts"}


# Words that say a name holds inputs, even next to a label word (X_dev_input, images_and_masks)
_INPUT_WORDS = {"x", "input", "inputs", "image", "images", "img", "imgs", "feature", "features", "data", "audio",
                "frames", "signals"}


def is_labels(words: set[str]) -> bool:
    """Whether an identifier's ``words`` name labels (``y``, ``targets``, ``masks``) and none of them names
    inputs."""
    return bool(words & LABEL_WORDS) and not words & _INPUT_WORDS


# Words that name numbers a file stores per sample as nested lists (a JSON file of features: data["mfcc"],
# data["embeddings"]); not images, which a JSON file lists as records of file names (COCO's "images")
_STORED_FEATURE_WORDS = (_INPUT_WORDS - {"image", "images", "img", "imgs"}) | {
    "mfcc", "mfccs", "spectrogram", "spectrograms", "mel", "embedding", "embeddings", "vectors", "pixels"}


def names_stored_features(words: set[str]) -> bool:
    """Whether the ``words`` of a key in a loaded JSON file name numeric features (``mfcc``, ``features``)."""
    return bool(words & _STORED_FEATURE_WORDS)


def names_inputs(words: set[str]) -> bool:
    """Whether an identifier's ``words`` name inputs (``images``, ``x_data``)."""
    return bool(words & _INPUT_WORDS)


def names_batch_size(identifier: str) -> bool:
    """Whether ``identifier`` names a batch size (batch_size, self.batchSize, BATCH_SIZE, bs), not a count of
    batches (num_batches, n_batch)."""
    words = words_of(identifier)
    return "batchsize" in words or {"batch", "size"} <= words or {"minibatch", "size"} <= words or \
        identifier.lower() == "bs"


def is_batch_size(node: ast.AST | None) -> bool:
    """Whether the expression is a batch size itself: a name or attribute (batch_size, self.batch_size) or a
    dict's entry (cfg['batch_size']), not a product with one (n_batches * batch_size)."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
        return names_batch_size(node.slice.value)
    return isinstance(node, (ast.Name, ast.Attribute)) and names_batch_size(last_part(dotted_name(node)))


# Words that name one split of a data set, in a path or a name: train_11.npy, test_11.npy
_SPLIT_WORDS = _EVAL_WORDS | {"train", "training"}


def split_neutral(text: str) -> str:
    """``text`` with each word naming a split replaced by one placeholder: 'x_train.npy' and 'x_test.npy' are
    the same file of two splits."""
    return re.sub(r"[A-Za-z]+", lambda word: "{split}" if word.group().lower() in _SPLIT_WORDS else word.group(),
                  text)


def names_a_split(identifier: str) -> bool:
    """Whether ``identifier`` names one split of a data set, training or evaluation (``train_X``, ``val_x``)."""
    return bool(words_of(identifier) & _SPLIT_WORDS)


def is_eval_name(identifier: str) -> bool:
    """Whether ``identifier`` names evaluation (``val_loader``, ``X_test``, ``validate``) and not training."""
    words = words_of(identifier)
    return bool(words & _EVAL_WORDS) and "train" not in words and "training" not in words
