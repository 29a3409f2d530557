"""What a name holds, as far as the script shows: the abstract values the flow follows, and their sizes."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from ..i18n import _
from ..units import MiB, format_bytes
from .modules import ClassInfo, FunctionInfo, Module

# What held data is made of; it says what its first dimension counts and whether a float copy means anything
ARRAYS, FILES, NAMES, TABLE = "arrays", "files", "names", "table"


@dataclass(frozen=True)
class Data:
    """Something that grows with the data set and stays in memory: an array, a list, a table."""
    line: int                 # where it came to be held: the load, the loop that fills it, the copy
    path: str                 # the file of that line
    how: str                  # what made it, as the script writes it: np.load, a list of decoded files
    content: str              # ARRAYS, FILES (decoded files), NAMES (paths, strings, records), TABLE
    container: str = "numpy"  # numpy, list, pandas, torch, tf
    shape: tuple[int | None, ...] | None = None
    dtype: str | None = None
    labels: bool = False      # one number per sample: never the memory problem
    # only the script's division by 255 says what np.array(something unknown) holds
    inferred: bool = False
    implicit_float64: bool = False  # np.zeros(...) without a dtype: float64 because nobody chose
    small: bool = False       # evidently a few samples: a slice [:100], a handful of files
    widened_line: int | None = None  # each item was made wider there (uint8 to float32, to float64) before it
    widened_to: str | None = None    # was collected, and the dtype it was made
    # the expression on widened_line, whose file may be a helper module's, not the one the data is kept in
    widened_at: ast.AST | None = field(default=None, compare=False)
    reader: str = ""          # the library that read it whole, when its fix differs (h5py)
    root: str = ""            # where this data set first came into memory: its copies share it
    split: bool = False       # one part of it (train_test_split's train or test), not all of it
    lines: bool = False       # every line of a text file, one Python string or tuple each
    sequences: bool = False   # token ids, a row per text (pad_sequences): to_categorical makes a vector per token
    # a pandas table's column that holds decoded files (df['image'] = df['path'].map(imread)): its name and them
    files_column: tuple[str, Data] | None = None
    # a list of images PIL has opened and not decoded (images.append(Image.open(p))): file handles, the pixels
    # come into memory where something decodes each of them ([np.asarray(im) for im in images])
    opened: bool = False
    # a listing of a folder that exists where check runs: how many data files its loops read (handlers'
    # files_listed_on_disk); on a list kept in such a loop, how many it keeps
    files_on_disk: int | None = None
    # its samples are volumes or raw frames (Item.large): a few hundred of them are already a data set's worth
    large_items: bool = False
    # a whole load of a file that is there where check runs: the bytes it reads (handlers' read_bytes_on_disk)
    file_bytes: int | None = None
    # one column of a pandas table, picked by its name (df['title']): each of its cells is one Python object
    column: bool = False

    def __post_init__(self) -> None:
        if not self.root:  # a data set of its own: named by where it starts
            object.__setattr__(self, "root", f"{self.path}:{self.line}")


@dataclass(frozen=True)
class Item:
    """One decoded file or one sample: harmless alone, the whole data set once every one is kept."""
    shape: tuple[int | None, ...] | None = None
    dtype: str | None = None
    # new memory: a decoded file, or a copy made from one (not a row of an array already held)
    fresh: bool = True
    widened_line: int | None = None  # where it was made wider (float64 from fewer bytes, float32 from uint8)
    widened_to: str | None = None    # and the dtype it was made
    widened_at: ast.AST | None = field(default=None, compare=False)  # the expression there (its file: a helper's?)
    root: str = ""            # the data set it is a row of, when it is one
    # the .cuda() or .to(device) that moved it to the GPU: kept, it stays in GPU memory
    moved_to_gpu: ast.AST | None = field(default=None, compare=False)
    large: bool = False       # a volume or a raw frame (LARGE_DECODERS): even a few hundred kept are too many
    # PIL's Image.open: the file's header read, its pixels not yet (PIL decodes on first use: np.asarray, convert,
    # resize, load); any call made of it gives the decoded image
    opened: bool = False
    # a cell of a table's column (df['title'][i]): a Python object, a string or a number, not a decoded array
    record: bool = False


@dataclass(frozen=True)
class Batch:
    """An element or a batch from a loader or a pipeline: it comes and goes with each step."""


@dataclass(frozen=True)
class Tensor:
    """A PyTorch tensor computed by a forward pass, a loss, or arithmetic on them."""
    graph: bool               # still holds its autograd graph: every activation the backward pass needs
    loss: bool = False
    host: bool = False        # in host memory: moved there, or the script never uses a GPU
    accumulated: bool = False  # a running sum across steps, not one step's value


@dataclass(frozen=True)
class Model:
    """A PyTorch or Keras model: the line that made it, and its class when the script defines it."""
    framework: str            # "torch" or "keras"
    line: int = 0
    extractor: bool = False   # keras.Model(inputs, outputs) over another model's layers: no new weights
    cls: ClassInfo | None = None


@dataclass(frozen=True)
class LossFunction:
    """nn.CrossEntropyLoss() and friends: calling it gives a loss."""


@dataclass(frozen=True)
class Loader:
    """A DataLoader, or a generator of batches: iterating it gives batches."""
    # a DataLoader over a Dataset of the script whose __getitem__ decodes a file: each batch is files just read
    decodes: bool = False


@dataclass(frozen=True)
class Pipeline:
    """A tf.data pipeline: what it reads, and whether it is evidently small."""
    source: str               # ARRAYS, FILES, NAMES, TABLE, "text", "records", "generator"
    data: Data | None = None  # the arrays it was made from
    element_bytes: int | None = None
    known_bytes: int | None = None  # the whole data set's size, for data sets whose size everyone knows
    small: bool = False       # after take(n) with a small n


@dataclass(frozen=True)
class TextFile:
    """A file opened with open(): iterating it gives its lines, one at a time."""


@dataclass(frozen=True)
class VideoFile:
    """cv2.VideoCapture(path): a video opened to be decoded frame by frame; its read() gives (ok, frame), each frame
    a uint8 BGR image."""


@dataclass(frozen=True)
class H5File:
    """An open HDF5 file: reading a data set with [:] or [()] loads all of it."""
    path: str | None = None  # the file, where it is there where check runs (its data sets' headers size reads)


@dataclass(frozen=True)
class H5Dataset:
    """A data set inside an HDF5 file: still on disk until it is read."""
    path: str | None = None  # the file, where it is there
    key: str | None = None   # its name in the file, where the script writes it (f['train']['images']: train/images)


@dataclass(frozen=True)
class Mapped:
    """np.load(path, mmap_mode='r'): an array left on disk, read page by page as each batch uses its rows; a copy
    of it (np.array, astype, rows picked by an index array) reads every row it covers into memory."""
    labels: bool = False      # one number per sample, by the name it is held by (targets, idx)


@dataclass(frozen=True)
class RandomGenerator:
    """np.random.RandomState(seed), np.random.default_rng(), random.Random(seed): its shuffle(x) shuffles x in
    place, as np.random.shuffle does; it holds no buffer."""


@dataclass(frozen=True)
class Instance:
    """An object of a class the script defines that is not a model."""
    cls: ClassInfo


@dataclass(frozen=True)
class KnownDataset:
    """A torchvision data set whose .data holds every image (MNIST, CIFAR-10)."""
    name: str
    train: bool


@dataclass(frozen=True)
class StreamedDataset:
    """A library's data set that reads each sample from disk when it is asked for: Hugging Face datasets'
    load_dataset (Arrow files, memory-mapped), torchvision's ImageFolder. Nothing of it is in RAM until the script
    keeps the samples it asks for (images.append(np.array(ds[i]["image"]))): then every one is decoded and kept."""
    how: str
    splits: bool = False  # a DatasetDict: indexed by the names of its splits (ds["train"])
    pairs: bool = False   # each sample is (image, target), as torchvision's data sets give them

    def sample(self) -> Value:
        """One sample as indexing or iterating gives it: (a decoded image, its target), or a record whose
        picture or sound is decoded when read (ex["image"], ex["audio"]["array"])."""
        decoded = Item(fresh=True)
        if self.pairs:
            return Several((decoded, None))
        return Keyed(SAMPLE_KEYS + ("audio",), tuple(decoded for _key in SAMPLE_KEYS) + (Keyed(("array",), (decoded,)),))


# The columns of a Hugging Face record that hold a decoded picture (datasets' Image feature gives a PIL image)
SAMPLE_KEYS = ("image", "img", "images", "pixel_values", "jpg", "png", "picture", "video")


@dataclass(frozen=True)
class FunctionRef:
    """A function or method the script defines; for a method read from an object, that object too."""
    info: FunctionInfo
    bound: object = None      # the instance a method was read from


@dataclass(frozen=True)
class ClassRef:
    """A class the script defines, as a name holds it before it is called."""
    info: ClassInfo


@dataclass(frozen=True)
class LocalModuleRef:
    """A module beside the script that it imports: attributes read from it are that module's names."""
    module: Module


@dataclass(frozen=True)
class Several:
    """A tuple of values: what a function returns, or what unpacking gives."""
    items: tuple


@dataclass(frozen=True)
class Keyed:
    """A dict written with string keys ({"generator": G(), "discriminator": D()}): what each key holds."""
    keys: tuple
    items: tuple

    def get(self, key: str | None) -> Value:
        """What ``key`` holds; for a key the script computes (self.model[name].eval()), a model when every entry is
        one, else None (which of the train and test arrays data[split] is, nothing says)."""
        if key is not None:
            return next((item for k, item in zip(self.keys, self.items) if k == key), None)
        return self.items[0] if self.items and all(isinstance(item, Model) for item in self.items) else None


@dataclass(frozen=True)
class Number:
    """A number the script writes or computes from numbers it writes."""
    value: float


@dataclass(frozen=True)
class Text:
    """A string the script writes."""
    value: str


@dataclass(frozen=True)
class Range:
    """range(n): a loop over it runs n times."""
    count: int | None
    batch: bool = False       # range(batch_size): the samples of one batch, however many that is
    samples: bool = False     # range(len(table)): the index of every sample of a data set


Value = object  # any of the above, or None when the script does not show what it is

TEXT_DTYPE = "str"
ITEMSIZE = {"bool": 1, "int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "float16": 2, "bfloat16": 2, "half": 2,
            "int32": 4, "uint32": 4, "float32": 4, "int64": 8, "uint64": 8, "float64": 8, "complex64": 8,
            "complex128": 16}
# Python's float, int and the names frameworks give dtypes
DTYPE_NAMES = {"float": "float64", "double": "float64", "float_": "float64", "int": "int64", "long": "int64",
               "half": "float16", "bool_": "bool", "uint8": "uint8", "float32": "float32", "float64": "float64",
               "float16": "float16", "int64": "int64", "int32": "int32", "bfloat16": "bfloat16", "int8": "int8",
               "int16": "int16", "uint16": "uint16", "single": "float32", "bool": "bool",
               # NumPy's fixed-width strings: astype(str) makes '<U32' of a float, 128 bytes per value
               "str": TEXT_DTYPE, "unicode": TEXT_DTYPE, "str_": TEXT_DTYPE, "unicode_": TEXT_DTYPE}

# Below this a data set is not a memory problem on any machine that trains: saying so would be noise
NEGLIGIBLE_BYTES = 256 * MiB
# A published file (a word-vector file, a competition's table) read whole is said from this size as read: what a
# user's job notices (glove.6B's 0.2-0.6 GB, which tutorials load on purpose, is under it)
PUBLISHED_FILE_SAID_BYTES = 1024 * MiB
# A loop over this many items, or a slice of this many rows, is a sample, not the data set
FEW = 1000
# One-hot labels over this many classes take more memory than the images they label
MANY_CLASSES = 1000
# A sample this large is an image, a clip or a volume: a whole data set of them is a memory problem
LARGE_SAMPLE_BYTES = 4 * 1024
# A row of at most this many numbers is a record (a table's row, an epoch's loss and scores), never a sample
FEW_VALUES = 16


# Joins the root of a data set a function makes anew on each call to the call that made it: each call's is a data set
# of its own (cut(scene_a), cut(scene_b)), and what the function's body saw of it is under the root before the mark
PER_CALL = "@"


def made_root(root: str) -> str:
    """The root of a data set as the function that makes it anew names it, without the call that made this one."""
    return root.split(PER_CALL, 1)[0]


def element_count(shape: tuple[int | None, ...] | None) -> int | None:
    """The number of elements of ``shape``; None when the shape or any dimension is unknown."""
    if shape is None or any(d is None for d in shape):
        return None
    total = 1
    for dimension in shape:
        total *= dimension  # type: ignore[operator]
    return total


def total_bytes(data: Data) -> int | None:
    """Bytes of all of ``data``, from its shape and its dtype (or the one assumed); None when either is
    unknown."""
    count = element_count(data.shape)
    dtype = assumed_dtype(data)
    return count * ITEMSIZE[dtype] if count is not None and dtype in ITEMSIZE else None


def few_values_per_row(data: Data) -> bool:
    """Each row holds at most FEW_VALUES numbers, by the shape the script gives it (np.zeros((0, 4))): a record of
    a few numbers (a table's row, an epoch's metrics), not a sample as images, clips or sequences are."""
    count = element_count(data.shape[1:]) if data.shape and len(data.shape) > 1 else None
    return count is not None and count <= FEW_VALUES


def sample_bytes(data: Data) -> int | None:
    """Bytes of one sample of ``data`` (every dimension but the first); None when the shape or dtype is
    unknown."""
    count = element_count(data.shape[1:]) if data.shape else None
    dtype = assumed_dtype(data)
    return count * ITEMSIZE[dtype] if count is not None and dtype in ITEMSIZE else None


def assumed_dtype(data: Data) -> str | None:
    """The dtype, else what such data is stored as: uint8 for images (N × H × W × 3), 8 bytes for a table."""
    if data.dtype:
        return data.dtype
    if data.content == TABLE:
        return "float64"
    return "uint8" if image_shaped(data) else None


def image_shaped(data: Data) -> bool:
    """N × H × W × C or N × C × H × W with 1, 3 or 4 channels."""
    shape = data.shape
    return bool(shape) and len(shape) == 4 and (shape[-1] in (1, 3, 4) or shape[1] in (1, 3))  # type: ignore


def negligible(data: Data) -> bool:
    """Evidently too small to matter: a few samples, labels (a number per sample: not masks decoded from files,
    images as large as the inputs), or a size the script shows that is small."""
    size = total_bytes(data)
    return data.small or data.labels and data.content != FILES or (size is not None and size < NEGLIGIBLE_BYTES)


def _shown_shape(shape: tuple[int | None, ...]) -> str:
    # a sample of a 1-D array is one value: "(1, float32)", not "(, float32)"
    return " × ".join("N" if d is None else f"{d:,}" for d in shape) or "1"


def _counted(content: str) -> str:
    return {FILES: _("files"), NAMES: _("entries"), TABLE: _("rows")}.get(content, _("samples"))


def size_phrase(data: Data) -> str:
    """The size when the script shows it, else what it grows with: for messages."""
    total = total_bytes(data)
    if total is not None:
        return _("about {size} ({shape}, {dtype})").format(size=format_bytes(total), shape=_shown_shape(data.shape),
                                                           dtype=assumed_dtype(data))
    per_sample = sample_bytes(data)
    if per_sample is not None:
        return _("about {size} per sample ({shape}, {dtype}), times the number of {samples}").format(
            size=format_bytes(per_sample), shape=_shown_shape(data.shape[1:]), dtype=assumed_dtype(data),  # type: ignore
            samples=_counted(data.content))
    return _("proportional to the number of {samples}").format(samples=_counted(data.content))
