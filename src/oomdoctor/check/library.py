"""What libraries' calls give: tables of the calls that load, decode, list, copy or create data."""

from __future__ import annotations

import ast

from ..units import MiB
from .modules import Module
from .names import last_part
from .values import ARRAYS, DTYPE_NAMES, ITEMSIZE, NAMES, TABLE, TEXT_DTYPE

# Calls that read a whole file into memory at once: called once, outside any per-element code, they load a
# data set whole
_WHOLE_LOADERS = {
    "numpy.load": ARRAYS, "numpy.loadtxt": ARRAYS, "numpy.genfromtxt": ARRAYS, "numpy.fromfile": ARRAYS,
    "pandas.read_csv": TABLE, "pandas.read_parquet": TABLE, "pandas.read_feather": TABLE,
    "pandas.read_pickle": TABLE, "pandas.read_hdf": TABLE, "pandas.read_excel": TABLE, "pandas.read_table": TABLE,
    "pandas.read_json": TABLE, "pickle.load": ARRAYS, "joblib.load": ARRAYS, "scipy.io.loadmat": ARRAYS,
    "cPickle.load": ARRAYS, "_pickle.load": ARRAYS,
    # pickle.loads(f.read()): the file read into bytes first (in chunks past 2 GiB on macOS), then unpickled whole
    "pickle.loads": ARRAYS, "cPickle.loads": ARRAYS, "_pickle.loads": ARRAYS,
    # a JSON file is records (annotations, questions, captions): Python dicts and strings, one per sample
    # (ujson's and simplejson's load are json.load's, faster: `import ujson as json`)
    "json.load": NAMES, "ujson.load": NAMES, "simplejson.load": NAMES,
    # pickle's drop-in replacements, whole objects unpickled at once; hickle's load reads every array of its HDF5
    # file into memory (NumPy arrays, not h5py data sets)
    "dill.load": ARRAYS, "dill.loads": ARRAYS, "cloudpickle.load": ARRAYS, "cloudpickle.loads": ARRAYS,
    "hickle.load": ARRAYS,
    # MATLAB v7.3 files (HDF5), which scipy.io.loadmat cannot read: mat73 reads every variable into a dict of arrays
    "mat73.loadmat": ARRAYS,
    # xarray's load_* open, load into memory and close (open_dataset and open_dataarray are lazy, read as
    # used: not here); zarr.load reads an array whole into NumPy, and of a group gives a dict whose arrays are each
    # read whole when asked for (zarr.open is lazy: not here)
    "xarray.load_dataset": ARRAYS, "xarray.load_dataarray": ARRAYS, "zarr.load": ARRAYS,
    # pandas' other readers build the whole DataFrame as read_csv does (with chunksize, an iterator: handlers)
    "pandas.read_sql": TABLE, "pandas.read_sql_query": TABLE, "pandas.read_sql_table": TABLE,
    "pandas.read_sas": TABLE, "pandas.read_stata": TABLE, "pandas.read_orc": TABLE, "pandas.read_fwf": TABLE,
    "pandas.read_spss": TABLE, "pandas.read_xml": TABLE,
    # an Arrow Table of every row group and column, in memory (pq.read_table(path).to_pandas() copies it again)
    "pyarrow.parquet.read_table": TABLE,
    # datatable's fread parses the whole file into a Frame in memory (fread(...).to_pandas() copies it again)
    "datatable.fread": TABLE,
}
# Libraries whose read_csv, read_parquet... only plan the read: a dask DataFrame is partitions read when computed
_LAZY_FRAMES = ("dask.dataframe.",)
# Loaders whose file, the script's own, holds anything from a model's weights to a whole data set: read file after
# file in a loop each is a sample's features (one utterance's MFCCs, one scene's tensor); torch.load read once at the
# start is a whole load unless what it gives restores training state (handlers._restores_training_state), and the
# rules claim it only where the script trains on it
# (a SciPy sparse matrix saved with save_npz: one sample's sparse features, or a whole corpus's document-term matrix,
# kept sparse until something makes it dense)
PER_FILE_LOADERS = {"torch.load", "scipy.sparse.load_npz"}
# Calls that decode one file (an image, a clip): (dtype, channels) of what they give
DECODERS = {
    "cv2.imread": ("uint8", 3), "PIL.Image.open": ("uint8", None), "imageio.imread": ("uint8", None),
    "imageio.v2.imread": ("uint8", None), "imageio.v3.imread": ("uint8", None),
    "matplotlib.pyplot.imread": ("float32", None), "skimage.io.imread": ("uint8", None),
    # pyplot's imread is matplotlib.image's, re-exported: tutorials import it from there too
    # (import matplotlib.image as mpimg; mpimg.imread(p), or from matplotlib.image import imread)
    "matplotlib.image.imread": ("float32", None),
    # scikit-image before 0.16 also exported imread from skimage.data (from skimage import data; data.imread(p))
    "skimage.data.imread": ("uint8", None),
    "scipy.misc.imread": ("uint8", None), "torchvision.io.read_image": ("uint8", None),
    "keras.utils.load_img": ("uint8", 3), "keras.preprocessing.image.load_img": ("uint8", 3),
    # (tf.read_file: TensorFlow 1's name of tf.io.read_file, under tf.compat.v1 since)
    "tensorflow.io.read_file": (None, None), "tensorflow.read_file": (None, None), "tensorflow.io.decode_image": ("uint8", None),
    "tensorflow.image.decode_jpeg": ("uint8", None), "tensorflow.image.decode_png": ("uint8", None),
    "tensorflow.image.decode_image": ("uint8", None), "tensorflow.audio.decode_wav": ("float32", None),
    "librosa.load": ("float32", None), "soundfile.read": ("float64", None), "scipy.io.wavfile.read": (None, None),
    "torchaudio.load": ("float32", None), "pydicom.dcmread": (None, None), "pydicom.read_file": (None, None),
    "nibabel.load": (None, None), "nibabel.nifti1.load": (None, None), "nibabel.nifti2.load": (None, None),
    "SimpleITK.ReadImage": (None, None), "imutils.url_to_image": ("uint8", 3),
    "medpy.io.load": (None, None), "rawpy.imread": (None, None), "tifffile.imread": (None, None),
    # satellite scenes: pylibtiff (TIFF.open(p).read_image()), GDAL (gdal.Open(p).ReadAsArray()) and rasterio
    # (with rasterio.open(p) as src: src.read(), its bands first)
    "libtiff.TIFF.open": (None, None), "osgeo.gdal.Open": (None, None), "rasterio.open": (None, None),
    # point clouds and meshes: one scan's points (tens of thousands of x, y, z and more)
    "plyfile.PlyData.read": (None, None), "open3d.io.read_point_cloud": (None, None),
    "open3d.io.read_triangle_mesh": (None, None), "trimesh.load": (None, None), "trimesh.load_mesh": (None, None),
    "laspy.read": (None, None),
    # an image decoded from bytes already read (np.fromfile for paths cv2.imread cannot open, an LMDB or ZIP entry):
    # the decoded pixels, as imread's (channels by its flags argument, which it requires)
    "cv2.imdecode": ("uint8", None), "scipy.ndimage.imread": ("uint8", None),
    "tensorflow.io.decode_jpeg": ("uint8", None), "tensorflow.io.decode_png": ("uint8", None),
    "tensorflow.io.decode_bmp": ("uint8", None), "tensorflow.image.decode_bmp": ("uint8", None),
    "tensorflow.io.decode_and_crop_jpeg": ("uint8", None), "tensorflow.image.decode_and_crop_jpeg": ("uint8", None),
    "torchvision.io.decode_image": ("uint8", None), "torchvision.io.decode_jpeg": ("uint8", None),
    "torchvision.io.decode_png": ("uint8", None),
    # ECG (WFDB): every sample of every channel of a record, float64 physical units (rdrecord's p_signal,
    # return_res=64); rdsamp gives it with the record's fields (DECODED_PARTS)
    "wfdb.rdrecord": ("float64", None), "wfdb.rdsamp": ("float64", None),
    # EEG (MNE): a recording's every channel, float64, in memory when preloaded (PRELOADED_ONLY); mne.read_epochs
    # preloads unless told not to
    "mne.io.read_raw": ("float64", None), "mne.io.read_raw_edf": ("float64", None),
    "mne.io.read_raw_bdf": ("float64", None), "mne.io.read_raw_gdf": ("float64", None),
    "mne.io.read_raw_fif": ("float64", None), "mne.io.read_raw_brainvision": ("float64", None),
    "mne.io.read_raw_eeglab": ("float64", None), "mne.io.read_raw_cnt": ("float64", None),
    "mne.read_epochs": ("float64", None),
    # a whole clip decoded by ffmpeg into PCM bytes held by the AudioSegment (pydub/audio_segment.py)
    "pydub.AudioSegment.from_file": (None, None), "pydub.AudioSegment.from_wav": (None, None),
    "pydub.AudioSegment.from_mp3": (None, None), "pydub.AudioSegment.from_ogg": (None, None),
    # a clip's samples with its rate (audiofile.read), a volume with its header (pynrrd), an ITK image
    "audiofile.read": ("float32", None), "nrrd.read": (None, None), "itk.imread": (None, None),
    # every page of a multi-page TIFF, a list of images (with imreadmulti's success flag first)
    "cv2.imreadmulti": ("uint8", None),
    # EDF/BDF through pyedflib: every channel's samples, float64 physical values, with the channels' headers and
    # the file's (pyedflib.EdfReader, which reads a channel when asked, is not here)
    "pyedflib.highlevel.read_edf": ("float64", None),
    # seismic traces: obspy.read reads every trace's samples (headonly=False)
    "obspy.read": (None, None),
}
# Decoders that give the decoded samples among other parts (the rate, a header): (where the samples are, how many
# parts)
DECODED_PARTS = {"tensorflow.audio.decode_wav": (0, 2), "soundfile.read": (0, 2), "torchaudio.load": (0, 2),
                 "medpy.io.load": (0, 2), "scipy.io.wavfile.read": (1, 2), "wfdb.rdsamp": (0, 2),
                 "audiofile.read": (0, 2), "nrrd.read": (0, 2), "cv2.imreadmulti": (1, 2),
                 "pyedflib.highlevel.read_edf": (0, 3)}
# Decoders that read only the header unless preload=True (MNE's: not preloaded, a Raw reads each span from the file
# when asked, get_data() included, and keeps none of it, so Raws kept in a list are file handles, not samples):
# whether each preloads when not told (read_raw_* do not, read_epochs does)
PRELOADED_ONLY = {**{name: False for name in DECODERS if name.startswith("mne.io.read_raw")}, "mne.read_epochs": True}
# Attributes of what a decoder gives that are its samples: pydicom's pixel_array, a WFDB record's p_signal and
# d_signal (p_signals before wfdb 2), nibabel's dataobj, an MNE Raw's _data, an AudioSegment's raw_data, an ObsPy
# trace's data
DECODED_ATTRIBUTES = {"pixel_array", "p_signal", "d_signal", "p_signals", "dataobj", "_data", "raw_data", "data"}
# Calls that open one video file whose frames the script then decodes one by one (cap.read(), nextFrame(), a
# reader's iteration) or all at once: a loop that calls one reads a file per pass, as a decoder's does
VIDEO_READERS = {"cv2.VideoCapture", "skvideo.io.FFmpegReader", "skvideo.io.vreader", "skvideo.io.vread",
                 "imageio.get_reader", "imageio.v2.get_reader", "imageio.mimread", "imageio.v2.mimread",
                 "torchvision.io.read_video", "torchvision.io.VideoReader", "decord.VideoReader", "av.open"}
# Calls that decode every file of a list at once and return them all in a list: TensorLayer's read_images
# (tensorlayer/visualize.py: for each batch of names, imgs.extend(threading_data(...)); return imgs), the
# loader of its SRGAN and super-resolution examples
FOLDER_DECODERS = {"tensorlayer.visualize.read_images": "uint8", "tensorlayer.vis.read_images": "uint8"}
# Decoders whose one file is tens of megabytes or more once decoded (a CT or MR volume, a camera raw frame):
# a few hundred of them kept is already more than the RAM of most machines
LARGE_DECODERS = {"nibabel.load", "SimpleITK.ReadImage", "medpy.io.load", "rawpy.imread"}
FEW_LARGE = 32
# Calls that list a folder: a list as long as the data set
LISTINGS = {"os.listdir", "os.walk", "glob", "glob.glob", "glob.iglob", "os.scandir", "imutils.paths.list_images",
            "imutils.paths.list_files", "tensorflow.io.gfile.glob", "tensorflow.io.gfile.listdir"}
# The files a data set is made of, by their names' ends (lower-cased): what a folder's count of data files counts
# (a folder's .txt notes, .csv lists and .py helpers are not samples)
DATA_FILE_SUFFIXES = (
    ".jpg", ".jpeg", ".png", ".bmp", ".gif", ".tif", ".tiff", ".webp", ".ppm", ".pgm", ".pbm", ".jp2", ".exr",
    ".dcm", ".nii", ".nii.gz", ".mha", ".mhd", ".nrrd", ".mgz",  # medical volumes
    ".wav", ".mp3", ".flac", ".ogg", ".m4a", ".aac", ".aiff", ".au", ".opus",
    ".mp4", ".avi", ".mov", ".mkv", ".webm", ".mpg", ".mpeg", ".flv",
    ".npy", ".npz", ".pt", ".mat")
# Calls that make a file's path of their parts (os.path.join(root, name)): what they give names a file
PATH_CALLS = {"os.path.join", "posixpath.join", "pathlib.Path", "os.path.abspath", "os.path.normpath"}
# Calls that open a file given its path, besides the decoders and loaders: open(path), h5py.File(path)
FILE_OPENERS = {"open", "io.open", "codecs.open", "h5py.File"}
# What writes arrays or objects to a file, by the call's last name: np.save, np.savez, pickle.dump, torch.save,
# joblib.dump
SAVES = ("save", "savez", "savez_compressed", "dump")
# Reductions: of one decoded file, a few numbers (its minimum per channel, a histogram), not the file again
REDUCTIONS = {"amin", "amax", "min", "max", "mean", "sum", "std", "var", "median", "argmax", "argmin", "histogram",
              "unique", "count_nonzero", "percentile", "quantile", "ptp", "nanmean", "nanmax", "nanmin", "nanstd",
              "prod", "any", "all", "bincount", "norm", "average"}
# np.uint8(x), np.float32(x): NumPy's scalar types called on an array convert it, a new array of that dtype
# The last part of what makes a random order of the rows: np.random.permutation(n), rng.permutation(n),
# torch.randperm(n); x[that] is every row of x, reordered
PERMUTATIONS = {"permutation", "randperm"}
NUMPY_TYPE_CONVERSIONS = {"numpy.uint8", "numpy.int8", "numpy.uint16", "numpy.int16", "numpy.int32", "numpy.int64",
                          "numpy.float16", "numpy.float32", "numpy.float64"}
# Calls that copy an array (or the arrays of a list) into a new one
NUMPY_COPIES = {"numpy.array", "numpy.stack", "numpy.vstack", "numpy.hstack", "numpy.concatenate",
                "numpy.copy", "numpy.dstack", "numpy.asarray", "numpy.ascontiguousarray", "numpy.asfarray",
                "numpy.asanyarray"} | NUMPY_TYPE_CONVERSIONS
# Functions that give a scaled copy of the array they are given, the shape it has: Keras's L2 normalize and the
# function forms of scikit-learn's scalers
SCALED_COPIES = {"keras.utils.normalize", "keras.utils.np_utils.normalize", "sklearn.preprocessing.normalize",
                 "sklearn.preprocessing.scale", "sklearn.preprocessing.minmax_scale",
                 "sklearn.preprocessing.robust_scale", "sklearn.preprocessing.maxabs_scale"}
# NumPy's element-wise functions: a new array of the shape they are given (np.clip(noisy, 0, 1), np.abs(x),
# np.log1p(counts)), the data set once more where they are given one
ELEMENTWISE = {"numpy." + name for name in (
    "clip", "abs", "absolute", "sqrt", "square", "exp", "log", "log1p", "log2", "log10", "round", "around", "floor",
    "ceil", "rint", "minimum", "maximum", "nan_to_num", "tanh", "negative", "power")}
# np.ndarray(shape, dtype): the constructor, as np.empty (uninitialised, float64 unless told)
NUMPY_CREATORS = {"numpy.zeros": "float64", "numpy.ones": "float64", "numpy.empty": "float64",
                  "numpy.ndarray": "float64",
                  "numpy.full": "float64", "numpy.random.rand": "float64", "numpy.random.randn": "float64",
                  "numpy.random.random": "float64", "numpy.random.uniform": "float64",
                  "numpy.random.normal": "float64", "numpy.random.randint": "int64"}
# Creators of an array filled with one value, and the dtype each makes when given none (torch's default float32)
FILLED_CREATORS = {"numpy.zeros": "float64", "numpy.ones": "float64", "numpy.empty": "float64",
                   "torch.zeros": "float32", "torch.ones": "float32", "torch.empty": "float32"}
# the creators whose second positional argument is the dtype: np.zeros(shape, np.uint8)
NUMPY_CREATORS_DTYPE_SECOND = {"numpy.zeros", "numpy.ones", "numpy.empty", "numpy.ndarray"}
TORCH_COPIES = {"torch.tensor": None, "torch.Tensor": "float32", "torch.FloatTensor": "float32",
                "torch.DoubleTensor": "float64", "torch.LongTensor": "int64", "torch.as_tensor": None,
                "torch.from_numpy": None, "torch.stack": None, "torch.cat": None, "torch.ByteTensor": "uint8",
                # (a list of sequences padded to the longest into one tensor: every one copied, and more)
                "torch.nn.utils.rnn.pad_sequence": None,
                "torch.HalfTensor": "float16", "torch.IntTensor": "int32"}
TORCH_VIEWS = {"torch.as_tensor", "torch.from_numpy"}  # share the array's memory: no second copy
TF_COPIES = {"tensorflow.convert_to_tensor", "tensorflow.constant", "tensorflow.stack", "tensorflow.concat",
             "tensorflow.cast", "tensorflow.Variable"}
# The data sets Keras and torchvision download, whole, as uint8 images: (train, test) shapes
KNOWN_IMAGE_SETS = {
    "mnist": ((60000, 28, 28), (10000, 28, 28)), "fashion_mnist": ((60000, 28, 28), (10000, 28, 28)),
    "kmnist": ((60000, 28, 28), (10000, 28, 28)), "cifar10": ((50000, 32, 32, 3), (10000, 32, 32, 3)),
    "cifar100": ((50000, 32, 32, 3), (10000, 32, 32, 3)),
}
# keras.applications models built with include_top=False: each one's map is the input's height and width divided
# by its stride (the five /2 stages of every one of these), times its channels; Flatten of it hands the head
# height / 32 × width / 32 × channels features (VGG16 at 224 × 224: 7 × 7 × 512 = 25,088)
KERAS_BACKBONES = {
    **{name: 512 for name in ("VGG16", "VGG19")},
    **{name: 2048 for name in ("ResNet50", "ResNet101", "ResNet152", "ResNet50V2", "ResNet101V2", "ResNet152V2",
                               "Xception")},
    "DenseNet121": 1024, "DenseNet169": 1664, "DenseNet201": 1920, "MobileNet": 1024, "MobileNetV2": 1280,
    **{f"EfficientNetB{k}": width for k, width in enumerate((1280, 1280, 1408, 1536, 1792, 2048, 2304, 2560))},
}
BACKBONE_STRIDE = 32
# The text sets Keras downloads, as lists of word ids, a list per text: how many texts (train, test) at their
# default split (reuters: 11,228 newswires, test_split=0.2)
KNOWN_TEXT_SETS = {"reuters": (8982, 2246), "imdb": (25000, 25000)}
# The citation graphs every graph-network tutorial reads (Planetoid's Cora, CiteSeer, PubMed): how many nodes each
# has, so that a dense N x N matrix of one is sized (Cora's 2,708 nodes make 59 MB in float64, PubMed's 19,717 3.1 GB)
KNOWN_GRAPH_NODES = {"cora": 2708, "citeseer": 3327, "pubmed": 19717}
# tensorflow_datasets names whose size in memory is known and small (decoded, all splits)
KNOWN_TFDS_BYTES = {"mnist": 55 * MiB, "fashion_mnist": 55 * MiB, "kmnist": 55 * MiB, "cifar10": 184 * MiB,
                    "cifar100": 184 * MiB, "imdb_reviews": 130 * MiB, "ag_news_subset": 30 * MiB,
                    "iris": 1 * MiB, "titanic": 1 * MiB, "boston_housing": 1 * MiB,
                    # a builder whose configs differ in size is known by name/config (TFDS's catalog sizes):
                    # MovieLens 100K's 100,000 ratings and the movie lists are small, 20M's and 25M's ratings are not
                    "movielens/100k-ratings": 33 * MiB, "movielens/latest-small-ratings": 34 * MiB,
                    "movielens/100k-movies": 1 * MiB, "movielens/1m-movies": 1 * MiB,
                    "movielens/latest-small-movies": 1 * MiB, "movielens/20m-movies": 4 * MiB,
                    "movielens/25m-movies": 4 * MiB}
# Tensor methods whose result has no gradient (indices, comparisons): the graph stops there
NO_GRAD_RESULTS = {"argmax", "argmin", "eq", "ne", "gt", "lt", "ge", "le", "sign", "round", "floor", "ceil",
                   "long", "int", "bool", "byte", "nonzero", "argsort"}
# Tensor methods that give plain Python or NumPy values: no tensor is kept
TO_PYTHON = {"item", "tolist", "numpy"}
# Methods of nn.Module and keras.Model: model.eval() is not a submodule called model.eval
MODEL_METHODS = {"parameters", "named_parameters", "state_dict", "load_state_dict", "zero_grad", "modules",
                 "children", "named_modules", "named_children", "apply", "register_buffer", "register_forward_hook",
                 "register_parameter", "add_module", "train", "eval", "to", "cuda", "cpu", "half", "float", "double",
                 "requires_grad_", "forward", "save", "summary", "fit", "compile", "predict", "evaluate", "get_layer",
                 "load_weights", "save_weights", "buffers", "type", "bfloat16", "share_memory", "get_config",
                 "fit_generator", "train_on_batch", "predict_on_batch", "test_on_batch", "count_params", "build",
                 "get_weights", "set_weights", "trainable_weights", "weights", "layers", "output", "input"}
# Keras's methods that run training steps (compile() only prepares them: a feature extractor is compiled too)
KERAS_TRAINING_CALLS = frozenset({"fit", "fit_generator", "train_on_batch"})
# Keras's methods among MODEL_METHODS that run the model, which nn.Module does not have: on a PyTorch model whose class
# the flow cannot read, model.predict(batch) is the class's own method, and runs the model as model(batch) does
TORCH_OWN_RUN_METHODS = {"predict", "predict_on_batch"}
MODEL_METHODS_KEEPING = {"to", "cuda", "cpu", "half", "float", "double", "eval", "train", "requires_grad_",
                         "bfloat16", "share_memory", "module"}


# NumPy's type codes, as np.array(x, dtype='f') writes them (case matters: 'b' is int8, 'B' uint8)
_TYPE_CODES = {"f": "float32", "d": "float64", "e": "float16", "f2": "float16", "f4": "float32", "f8": "float64",
               "b": "int8", "B": "uint8", "u1": "uint8", "i1": "int8", "h": "int16", "i2": "int16", "H": "uint16",
               "u2": "uint16", "i": "int32", "i4": "int32", "l": "int64", "i8": "int64", "q": "int64", "?": "bool",
               "U": TEXT_DTYPE}


def numpy_type_code(code: str) -> str | None:
    """A NumPy type code as an array's header or np.dtype writes it ('<f4', '|u1', '|b1', 'f') -> a dtype name; None
    for one that names no number type (strings, objects, records)."""
    code = code.lstrip("<>|=")
    if code in _TYPE_CODES:
        return _TYPE_CODES[code] if _TYPE_CODES[code] != TEXT_DTYPE else None
    kinds = {"f": "float", "i": "int", "u": "uint"}
    if code == "b1":
        return "bool"
    dtype = f"{kinds[code[0]]}{8 * int(code[1:])}" if code[:1] in kinds and code[1:].isdigit() else None
    return dtype if dtype in ITEMSIZE else None


def dtype_of(node: ast.AST | None, module: Module) -> str | None:
    """'float32', np.float32, torch.float, float -> a dtype name; None when not written as one."""
    if node is None:
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if node.value in _TYPE_CODES:
            return _TYPE_CODES[node.value]
        return DTYPE_NAMES.get(node.value.lower(), node.value.lower() if node.value.lower() in ITEMSIZE else None)
    if isinstance(node, ast.Call) and last_part(module.qualified(node.func)) == "dtype" and node.args:
        return dtype_of(node.args[0], module)  # np.dtype(str), np.dtype('float32'): the dtype it names
    qualified = module.qualified(node)
    if qualified == "torch.float":
        return "float32"  # torch's float is float32, where Python's and NumPy's (np.float) are float64
    return DTYPE_NAMES.get(last_part(qualified))


def keyword_value(call: ast.Call, name: str) -> ast.expr | None:
    """The expression passed to ``call`` as keyword ``name``; None when it is not passed."""
    return next((k.value for k in call.keywords if k.arg == name), None)


def argument(call: ast.Call, name: str, position: int) -> ast.expr | None:
    """The expression passed to ``call`` as keyword ``name``, else at ``position``; None when it is not passed."""
    return keyword_value(call, name) or (call.args[position] if len(call.args) > position else None)


def creator_dtype(call: ast.Call, qualified: str | None) -> ast.expr | None:
    """The dtype written for a NumPy creator: its keyword, or its second argument where that is the dtype
    (np.zeros(shape, np.uint8)); None when none is written."""
    return keyword_value(call, "dtype") or (call.args[1] if len(call.args) > 1 and
                                            qualified in NUMPY_CREATORS_DTYPE_SECOND else None)


def empty_list(node: ast.AST | None) -> bool:
    """``[]`` or ``list()``: a list made empty, to be filled."""
    return isinstance(node, ast.List) and not node.elts or isinstance(node, ast.Call) and \
        isinstance(node.func, ast.Name) and node.func.id == "list" and not node.args and not node.keywords


def loader_kind(qualified: str) -> str | None:
    """What a call that reads a whole file gives (``ARRAYS`` or ``TABLE``), by its full name; None for any
    other call."""
    if qualified in _WHOLE_LOADERS:
        return _WHOLE_LOADERS[qualified]
    # pd.read_csv through another import path (modin.pandas, cudf) reads the whole file all the same
    if last_part(qualified) in ("read_csv", "read_parquet", "read_feather", "read_pickle") and \
            not qualified.startswith(_LAZY_FRAMES):
        return TABLE
    return None


def pixel_dtype(copy: ast.AST, module: Module) -> str | None:
    """x.astype('float32') / 255 of an array whose dtype nothing shows: the scale says what it holds."""
    parent = module.parents.get(copy)
    if not (isinstance(copy, ast.Call) and isinstance(copy.func, ast.Attribute) and copy.func.attr == "astype" and
            isinstance(parent, ast.BinOp) and parent.left is copy):
        return None
    return scaled_pixels_dtype(parent)


def scaled_pixels_dtype(scaling: ast.BinOp) -> str | None:
    """x / 255 (/ 256, * (1 / 255)): x held 8-bit pixels, as (x - 127.5) / 127.5 does (a GAN's [-1, 1]);
    x / 65535 (/ 65536): 16-bit ones (scans, GeoTIFF bands); None for any other operation or scale."""
    number = constant_number(scaling.right) if isinstance(scaling.op, (ast.Div, ast.Mult)) else None
    if not number:
        return None
    scale = number if isinstance(scaling.op, ast.Div) else 1 / number
    return "uint8" if round(scale) in (255, 256) or scale == 127.5 else \
        "uint16" if round(scale) in (65535, 65536) else None


def constant_number(node: ast.AST) -> float | None:
    """255.0, or 1. / 255 written out: the number a constant expression is."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return float(node.value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        top, bottom = constant_number(node.left), constant_number(node.right)
        return top / bottom if top is not None and bottom else None
    return None
