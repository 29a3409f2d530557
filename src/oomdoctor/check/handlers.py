"""What calls give: methods of the values the flow holds, and library calls; Flow inherits these handlers."""

from __future__ import annotations

import ast
import glob
import math
import os
import re
import zipfile
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable

from .context import Context, Scope, Seen
from .library import (
    DATA_FILE_SUFFIXES,
    DECODED_PARTS,
    DECODERS,
    ELEMENTWISE,
    FOLDER_DECODERS,
    KNOWN_IMAGE_SETS,
    KNOWN_TEXT_SETS,
    KNOWN_TFDS_BYTES,
    LARGE_DECODERS,
    LISTINGS,
    MODEL_METHODS,
    MODEL_METHODS_KEEPING,
    NO_GRAD_RESULTS,
    NUMPY_COPIES,
    NUMPY_CREATORS,
    NUMPY_TYPE_CONVERSIONS,
    PER_FILE_LOADERS,
    PRELOADED_ONLY,
    REDUCTIONS,
    TF_COPIES,
    TO_PYTHON,
    TORCH_COPIES,
    TORCH_OWN_RUN_METHODS,
    TORCH_VIEWS,
    argument,
    creator_dtype,
    dtype_of,
    keyword_value,
    loader_kind,
    numpy_type_code,
    pixel_dtype,
)
from .modules import FunctionInfo, Module, own_nodes
from .names import (LABEL_WORDS, dotted_name, is_batch_size, is_labels, last_part, names_in, names_inputs,
                    names_stored_features, words_of)
from .values import (
    ARRAYS,
    FEW,
    FILES,
    ITEMSIZE,
    LARGE_SAMPLE_BYTES,
    MANY_CLASSES,
    NAMES,
    NEGLIGIBLE_BYTES,
    TABLE,
    TEXT_DTYPE,
    Batch,
    Data,
    FunctionRef,
    H5Dataset,
    H5File,
    Instance,
    Item,
    KnownDataset,
    Loader,
    LossFunction,
    Mapped,
    Model,
    Number,
    Pipeline,
    RandomGenerator,
    Range,
    Several,
    StreamedDataset,
    Tensor,
    Text,
    TextFile,
    Value,
    VideoFile,
    element_count,
    sample_bytes,
    total_bytes,
)

UNKNOWN = object()  # a handler that does not know the call: the next one is asked


@dataclass
class Call:
    """One call as the flow sees it: its node and full name, the values of its receiver, callee and arguments, and
    the context and scope it runs in."""
    node: ast.Call
    qualified: str
    receiver: Value
    callee: Value
    args: list[Value]
    kwargs: dict[str | None, Value]
    ctx: Context
    scope: Scope


# The first dimension from which a buffer of three or more dimensions holds samples, not one sample's pixels
_SAMPLES_IN_A_BUFFER = 10_000
# A tensor's cast methods and the dtype each gives (x.float() is float32, as torch.float is)
_TENSOR_CASTS = {"float": "float32", "double": "float64", "half": "float16", "bfloat16": "bfloat16"}


def _written_detached(expression: ast.expr) -> bool:
    """out.detach().cpu(), pred.data, y.detach(): an expression that cuts the autograd graph off somewhere along its
    chain of methods and attributes, whatever the tensor it starts from."""
    while isinstance(expression, (ast.Call, ast.Attribute, ast.Subscript)):
        if isinstance(expression, ast.Attribute) and expression.attr == "data" or isinstance(expression, ast.Call) \
                and isinstance(expression.func, ast.Attribute) and expression.func.attr == "detach":
            return True
        expression = expression.func if isinstance(expression, ast.Call) else expression.value
    return False


class CallHandlers:
    """Handlers of methods and library calls, for Flow to inherit: they use its state (seen, values) and _forward."""

    # -- calls --------------------------------------------------------------------------------------------------

    def _loss(self, call: Call) -> Value:
        tensors = [v for v in call.args if isinstance(v, Tensor)]
        graph = any(t.graph for t in tensors) if tensors else not call.ctx.no_grad
        if not tensors and call.node.args and all(_written_detached(a) for a in call.node.args):
            # criterion(out.detach().cpu(), y.detach()), loss_fn(pred.data, target.data) of outputs the flow cannot
            # follow: the script cut the graph off before the loss, which has none to keep
            graph = False
        return Tensor(graph=graph and not call.ctx.no_grad, loss=True, host=not self.uses_gpu)

    def _call_method(self, call: Call) -> Value:
        receiver = call.receiver
        if not isinstance(call.node.func, ast.Attribute) or receiver is None:
            return UNKNOWN
        method = call.node.func.attr
        handler = _METHOD_HANDLERS.get(type(receiver))
        return handler(self, call, receiver, method) if handler is not None else UNKNOWN

    def _data_method(self, call: Call, data: Data, method: str) -> Value:
        ctx, node = call.ctx, call.node
        if method in ("append", "extend", "insert"):
            return None
        if method == "astype":
            dtype = dtype_of(node.args[0] if node.args else keyword_value(node, "dtype"), ctx.module)
            result = replace(data, dtype=dtype, line=node.lineno, inferred=False, implicit_float64=False)
            if data.lines and dtype in ITEMSIZE:  # a text file's fields parsed: numbers from here on
                result = replace(result, content=ARRAYS, lines=False)
            self._copied(call, data, result)
            return result
        if method == "copy":
            result = replace(data, line=node.lineno)
            receiver = node.func.value if isinstance(node.func, ast.Attribute) else None
            # x[pick].copy() copies rows that x[pick] has just copied; patches[:, :, :, n].copy() for n in
            # range(patches.shape[3]) one piece a pass (Im2Patch keeps its samples on the last axis)
            if not (isinstance(receiver, ast.Subscript) and (data.root == f"{data.path}:{receiver.lineno}" or
                                                             _indexed_by_counter(receiver, ctx))):
                self._copied(call, data, result)
            return result
        if method in ("reshape", "view"):
            return replace(data, shape=_reshaped(data, call, self.values))
        if method == "tolist":
            return replace(data, container="list", content=NAMES if data.content == TABLE else data.content)
        if method == "to_dict" and data.content == TABLE:
            # df.to_dict(orient='records'): a dict per row, every cell a Python object of its own (a dict of columns
            # of such cells by any other orient), as tolist() gives
            orient = node.args[0] if node.args else keyword_value(node, "orient")
            records = isinstance(orient, ast.Constant) and orient.value == "records"
            return replace(data, container="list" if records else "dict", content=NAMES)
        if method in ("to", "cuda"):
            return self._to_device(call, data)
        if method in ("float", "double", "half", "long", "int", "type", "bfloat16"):
            dtype = {"float": "float32", "double": "float64", "half": "float16", "long": "int64", "int": "int32",
                     "bfloat16": "bfloat16"}.get(method, "float32")
            if method == "type" and node.args:  # x.type(torch.LongTensor), x.type(torch.float64)
                dtype = TORCH_COPIES.get(ctx.module.qualified(node.args[0])) or dtype_of(node.args[0], ctx.module) \
                    or dtype
            result = replace(data, dtype=dtype, line=node.lineno)
            if data.dtype is not None and data.dtype != dtype:
                # torch.from_numpy(x).float() on float64 x: a new tensor of every value, while x stays
                self._copied(call, data, result)
            return result
        if method == "drop" and data.content == TABLE and not _in_place(node):
            # x = df.drop(columns=['label']): pandas returns a new frame holding a copy of every column it keeps,
            # while df, still named, keeps them all too
            result = replace(data, line=node.lineno)
            self._copied(call, data, result)
            return result
        if method in ("map", "apply") and data.content in (NAMES, TABLE) and node.args:
            decoded = self._decoded_per_row(call, data)
            if decoded is not None:
                return decoded
        if method == "apply" and data.content == TABLE and _of_groupby(node):
            # df.groupby('user_id').apply(lambda rows: (rows.item.values, rows.answer.values)), or .apply(list): a
            # Python object per group holding its rows, every row once, as tolist() gives (splitting it copies
            # references, not the rows)
            return replace(data, container="list", content=NAMES, shape=None, line=node.lineno)
        if method in ("iterrows", "itertuples") and data.content == TABLE:
            # for i, row in df.iterrows(): the table's rows, one sample each, as a loop over its column gives
            return data
        if method in ("cpu", "numpy", "detach", "to_numpy", "transpose", "squeeze", "flatten", "ravel", "permute",
                      "swapaxes", "unsqueeze", "contiguous", "fillna", "dropna", "drop", "sample", "reset_index",
                      "sort_values", "map", "apply", "get", "pop", "items", "groupby", "to_pandas"):
            # (groupby: its groups hold the rows, until apply() makes objects of them; to_pandas: a datatable or
            # Arrow table's rows as a DataFrame, the same data set)
            return data
        return None

    def _item_method(self, call: Call, item: Item, method: str) -> Value:
        node = call.node
        if method == "convert" and node.args and isinstance(node.args[0], ast.Constant):
            channels = {"L": None, "RGB": 3, "RGBA": 4}.get(str(node.args[0].value), -1)
            if channels == -1:
                return item
            size = item.shape[:2] if item.shape is not None else (None, None)
            return replace(item, shape=size + ((channels,) if channels else ()))
        if method == "resize" and node.args:
            return replace(item, shape=_resized(call, item, self.values), fresh=True)
        if method == "astype":
            dtype = dtype_of(node.args[0] if node.args else keyword_value(node, "dtype"), call.ctx.module)
            return _converted(item, dtype, node, call.ctx)
        # read_image(p).float(), img.to(torch.float32), img.type(torch.float32): a tensor's casts, as astype is an
        # array's (a decoded uint8 image made four bytes a pixel before it is kept)
        if method in _TENSOR_CASTS and not node.args and not node.keywords:
            return _converted(item, _TENSOR_CASTS[method], node, call.ctx)
        if method in ("to", "type") and len(node.args) == 1 and dtype_of(node.args[0], call.ctx.module):
            return _converted(item, dtype_of(node.args[0], call.ctx.module), node, call.ctx)
        # (src.read() of a raster rasterio opened is its pixels, the file itself: not among these)
        if method in ("decode", "readlines", "split", "strip", "lower", "startswith", "endswith"):
            return None
        if method in ("cuda", "to"):
            arguments = node.args + [k.value for k in node.keywords if k.arg == "device"]
            if any(isinstance(a, ast.Constant) and a.value == "cpu" for a in arguments):
                return replace(item, moved_to_gpu=None)
            if method == "to" and node.args and all(dtype_of(a, call.ctx.module) for a in node.args):
                return item  # x.to(device, torch.float32): a conversion, not a move
            return replace(item, moved_to_gpu=node)
        if method in ("cpu", "numpy"):
            return replace(item, moved_to_gpu=None)
        if method in REDUCTIONS:
            return None  # img.mean(), points.max(axis=0): a few numbers, not the file
        return item

    def _tensor_method(self, call: Call, tensor: Tensor, method: str) -> Value:
        if method in TO_PYTHON or method in ("backward", "size", "dim", "numel", "zero_", "register_hook"):
            return None
        if method == "detach":
            return replace(tensor, graph=False)
        if method == "cpu":
            return replace(tensor, host=True)
        if method in ("cuda", "to"):
            to_cpu = any(isinstance(a, Text) and a.value == "cpu" for a in call.args)
            return replace(tensor, host=to_cpu)
        if method in NO_GRAD_RESULTS:
            return replace(tensor, graph=False, loss=False)
        if call.ctx.no_grad and not method.endswith("_"):
            tensor = replace(tensor, graph=False)  # err.mean() under torch.no_grad(): a new tensor, no graph
        if method in ("max", "min", "topk", "sort", "mode", "median") and (call.node.args or call.node.keywords):
            return Several((tensor, replace(tensor, graph=False, loss=False)))
        return tensor

    def _model_method(self, call: Call, model: Model, method: str) -> Value:
        if method in MODEL_METHODS_KEEPING:
            return model
        if method == "forward" or method in TORCH_OWN_RUN_METHODS and model.framework == "torch" and model.cls is None:
            return self._forward(call, model)  # tagger.predict(batch) of a class the flow cannot read: it runs it
        if method in MODEL_METHODS and not isinstance(call.callee, FunctionRef):
            return None  # (a predict() or evaluate() the model's class defines runs its own body, below)
        return UNKNOWN  # a method of the user's model class, or a submodule: model.encoder(x)

    def _pipeline_method(self, call: Call, pipeline: Pipeline, method: str) -> Value:
        node = call.node
        if method == "take" and node.args:
            count = self.values.get(node.args[0])
            if isinstance(count, Number) and count.value <= 10 * FEW:
                return replace(pipeline, small=True)
        if method == "map" and pipeline.source == NAMES:
            return replace(pipeline, source=FILES)  # a map over file names reads the files
        if method == "map" and pipeline.source == ARRAYS and pipeline.data is None and node.args and \
                last_part(dotted_name(node.args[0])) in self._file_reading_functions():
            # from_tensor_slices((paths, mask_paths)) of lists the flow cannot see, mapped by a function that reads
            # files (tf.io.read_file): what comes out is the files, decoded
            return replace(pipeline, source=FILES)
        if method == "map" and pipeline.source == "text":
            width = _bag_of_words_width(node, call.ctx.module, self.values)
            if width is not None:
                # each text becomes a float32 vector as wide as the vocabulary: no longer short strings
                return replace(pipeline, source=ARRAYS, element_bytes=width * ITEMSIZE["float32"] if width else None)
        if method in ("cardinality", "as_numpy_iterator", "element_spec"):
            return None
        return pipeline

    def _h5_read(self, node: ast.AST, ctx: Context, few_per_sample: bool = False,
                 source: H5Dataset | None = None) -> Data:
        """h5['images'][:], [()], .value, np.array(h5['images']): the whole HDF5 data set, read into memory;
        ``few_per_sample`` where the caller knows it holds a few numbers a sample, as labels do; ``source`` the data
        set read whole, whose header sizes the read where its file is there."""
        # train_y = torch.tensor(h5['trclean']): the key names what is read, the clean frames a denoiser is fit
        # to, as large as its inputs; a name that says only "y" or "target" (not boxes, masks, classes) is what the
        # model is fit to, which the key says is no label
        key = _written_words(node)
        labels = _reads_text_codes(node, ctx) or _reads_labels(node, ctx) and not (
            key and not is_labels(key) and _assigned_words(node, ctx) & LABEL_WORDS <= _ANY_TARGET_WORDS)
        data = Data(node.lineno, str(ctx.module.path), ast.unparse(node)[:60], ARRAYS, reader="h5py",
                    labels=few_per_sample or labels, small=_reads_vocabulary(node, ctx))
        modified = _modified(source.path) if source is not None and source.path is not None else None
        header = _h5_header(source.path, source.key, modified) \
            if source is not None and source.path is not None and source.key is not None and modified is not None \
            else None
        if header is not None:
            # the file is there: the data set's header (h5py reads only it) says its shape and dtype
            data = replace(data, shape=header[0], dtype=header[1])
        if ctx.data_set_level and not ctx.loops:
            self.seen.append(Seen("loaded", node, ctx, data))
        return data

    def _mapped_read(self, node: ast.AST, ctx: Context, mapped: Mapped, reader: str = "mmap") -> Value:
        """np.array(chunks), chunks[idx, :], chunks.astype(...) of a memory-mapped array: every row it covers read
        into memory, where the mapping read only the rows each batch used; ``reader`` "npz" for a key of an .npz
        archive, which was never mapped."""
        if not ctx.data_set_level or ctx.loops:
            return Item()  # torch.tensor(x[idx]) in a step or __getitem__: the rows of one sample or batch
        data = Data(node.lineno, str(ctx.module.path), ast.unparse(node)[:60], ARRAYS, reader=reader,
                    labels=mapped.labels or _reads_labels(node, ctx))
        self.seen.append(Seen("loaded", node, ctx, data))
        return data

    def _mapped_method(self, call: Call, mapped: Mapped, method: str) -> Value:
        if method in ("astype", "copy", "tolist"):
            return self._mapped_read(call.node, call.ctx, mapped)
        return mapped if method in ("reshape", "view", "transpose", "squeeze", "swapaxes") else None

    def _h5_method(self, call: Call, h5: H5File | H5Dataset, method: str) -> Value:
        if method != "get":
            return None
        key = call.args[0].value if call.args and isinstance(call.args[0], Text) else None
        # hf.get('images'), hf['train'].get('images'): the member it names, still on disk
        return H5Dataset(h5.path, key if isinstance(h5, H5File) or key is None or h5.key is None else
                         f"{h5.key}/{key}")

    def _call_library(self, call: Call) -> Value:
        handler = _library_handler(call.qualified) if call.qualified else None
        return handler(self, call) if handler is not None else UNKNOWN

    # -- what library calls hold ---------------------------------------------------------------------------------

    def _whole_load(self, call: Call) -> Value:
        node, ctx = call.node, call.ctx
        if keyword_value(node, "mmap_mode") is not None and not (
                isinstance(keyword_value(node, "mmap_mode"), ast.Constant)
                and keyword_value(node, "mmap_mode").value is None):
            # mapped, read page by page as it is used; what copies it is the whole read
            return Mapped(labels=_reads_labels(node, ctx)) if ctx.data_set_level and not ctx.loops else None
        kind = loader_kind(call.qualified) or ARRAYS
        if not ctx.data_set_level or ctx.loops and not _returned_from_loop(node, ctx):
            return Item()  # one file per element or per pass of a loop: collected or not, below
        rows = self._rows_asked_for(node, call.qualified)
        streamed = keyword_value(node, "chunksize") is not None or _keyword_true(node, "iterator")
        capped = _rows_cap(node, call.qualified)
        cap = self.values.get(capped) if capped is not None else None
        if kind == TABLE and (streamed or capped is not None and not (
                isinstance(cap, Number) and cap.value <= FEW)):
            # a chunk at a time, or the first rows, more than a look at the columns: the script would read a small
            # file whole, so this one is large (and so is another split of it, read beside it)
            self.seen.append(Seen("capped-read", node, ctx))
        if streamed or capped is not None and rows is None:
            return None  # read a chunk at a time, or a sample of the rows
        container = "pandas" if kind == TABLE else "list" if kind == NAMES else "numpy"
        # np.genfromtxt(path, dtype=np.dtype(str)): every field kept as its text, to be parsed into numbers later
        given = dtype_of(keyword_value(node, "dtype"), ctx.module)
        text = given == TEXT_DTYPE
        # (pd.read_csv(path, dtype='float32'): every column that one number type, no Python objects in the table)
        numbers = kind == TABLE and given in ITEMSIZE and not text
        data = Data(node.lineno, str(ctx.module.path), dotted_name(node.func), kind, container,
                    shape=(rows, _columns_asked_for(node)) if rows else None, labels=_reads_labels(node, ctx),
                    small=_reads_vocabulary(node, ctx), dtype=TEXT_DTYPE if text else given if numbers else None)
        on_disk = npy_on_disk(call.args[0] if call.args else None, ctx.module) \
            if call.qualified == "numpy.load" else None
        if on_disk is not None:
            # the file is there (the script checked where its data lies): its header says the array's shape and
            # dtype, so the load is sized as it is, not "proportional to the number of samples"
            data = replace(data, shape=on_disk[0], dtype=on_disk[1])
        elif total_bytes(data) is None:
            # any other file that is there: its bytes on disk bound what the load holds (pd.read_csv of a 3 MB file
            # is a small table whatever its rows; a 2 GiB pickle is a large load, said with its size)
            read = self._file_bytes(node, ctx.module)
            if read is not None:
                data = replace(data, file_bytes=read,
                               small=data.small or read * _EXPANSION_AT_MOST < NEGLIGIBLE_BYTES)
        self.seen.append(Seen("loaded", node, ctx, data))
        return data

    def _file_bytes(self, load: ast.Call, module: Module) -> int | None:
        """The bytes of the file a whole load reads (its path written out, or open(path) given), where the file is
        there: read_bytes_on_disk's."""
        path = load.args[0] if load.args else None
        if isinstance(path, ast.Call) and last_part(dotted_name(path.func)) == "open" and path.args:
            path = path.args[0]
        value = self.values.get(path) if path is not None else None
        return read_bytes_on_disk(value, module) if isinstance(value, Text) else None

    def _all_rows_but(self, call: Call) -> Value:
        """np.delete(x, broken, axis=0): a new array of every row of x but the few it drops, the data set copied."""
        source = call.args[0] if call.args else None
        if not isinstance(source, Data):
            return None
        result = replace(source, container="numpy", line=call.node.lineno, inferred=False)
        self._copied(call, source, result, one_array=True)
        return result

    def _per_file_load(self, call: Call) -> Value:
        """torch.load(path): in a loop (or a helper called in one), one sample's tensor, file after file; read once
        at the start, anything from a checkpoint to the whole data set: a whole load, which the rules claim only
        where the script trains on what it gives (a checkpoint goes to load_state_dict, never to a model's batches)."""
        if call.ctx.loops or call.ctx.repeated or not call.ctx.data_set_level:
            return Item()
        if call.qualified != "torch.load" or _restores_training_state(call.node, call.ctx):
            return None
        return self._whole_load(call)

    def _rows_asked_for(self, read: ast.Call, qualified: str) -> int | None:
        """pd.read_csv(path, nrows=90e6), pd.read_hdf(path, stop=90e6): the rows a read is capped at, where that is more than a sample's few (a
        cap of millions is the data set itself, its size then known); None for no cap or a small one."""
        capped = _rows_cap(read, qualified)
        rows = self.values.get(capped) if capped is not None else None
        return int(rows.value) if isinstance(rows, Number) and rows.value > 10 * FEW else None

    def _decode(self, call: Call) -> Value:
        dtype, channels = DECODERS.get(call.qualified, (None, None))
        node = call.node
        if call.qualified == "cv2.imread" and (len(node.args) > 1 or keyword_value(node, "flags") is not None):
            flag = node.args[1] if len(node.args) > 1 else keyword_value(node, "flags")
            if "GRAYSCALE" in dotted_name(flag) or isinstance(flag, ast.Constant) and flag.value == 0:
                channels = None
                return Item((None, None), dtype)
        if last_part(call.qualified) == "load_img":
            size = keyword_value(node, "target_size")
            mode = keyword_value(node, "color_mode")
            channels = 1 if isinstance(mode, ast.Constant) and mode.value == "grayscale" else 3
            shape = literal_shape(size, self.values)
            return Item((shape + (channels,)) if shape and len(shape) == 2 else None, dtype)
        if call.qualified == "librosa.load":
            rate = self.values.get(keyword_value(node, "sr")) if keyword_value(node, "sr") is not None \
                else Number(22050)
            seconds = self.values.get(keyword_value(node, "duration")) \
                if keyword_value(node, "duration") is not None else None
            samples = int(rate.value * seconds.value) if isinstance(rate, Number) and isinstance(seconds, Number) \
                else None
            return Several((Item((samples,), "float32"), None))
        if call.qualified in PRELOADED_ONLY:
            preload = keyword_value(node, "preload")
            if not (PRELOADED_ONLY[call.qualified] if preload is None else
                    isinstance(preload, ast.Constant) and preload.value is True):
                return None  # only its header read: each span is read from the file when asked, and not kept
        item = Item((None, None, channels) if channels else None, dtype, large=call.qualified in LARGE_DECODERS,
                    opened=call.qualified == "PIL.Image.open")
        if call.qualified in DECODED_PARTS:  # the samples with their rate, a volume with its header
            position, count = DECODED_PARTS[call.qualified]
            return Several(tuple(item if i == position else None for i in range(count)))
        return item

    def _decoded_per_row(self, call: Call, column: Data) -> Data | None:
        """df['path'].map(imread), df['path'].apply(lambda p: np.asarray(Image.open(p).resize((100, 75)))),
        paths.map(load_image) of a pandas column of file paths: every file decoded at once, each array kept in a
        cell of the new column; None where the function is not one that decodes a file."""
        ctx, function = call.ctx, call.node.args[0]
        element: Value = None
        if isinstance(function, ast.Lambda) and len(function.args.args) == 1:
            scope = Scope(call.scope)
            scope.set(function.args.args[0].arg, None)  # one path, whatever the flow knows of it
            element = self.eval(function.body, scope, ctx)
        elif ctx.module.qualified(function) in DECODERS:
            dtype, channels = DECODERS[ctx.module.qualified(function)]
            element = Item((None, None, channels) if channels else None, dtype)
        elif isinstance(call.args[0], FunctionRef):
            element = self.returned(call.args[0].info)
        if isinstance(element, Several):  # imread returning (pixels, header): the pixels weigh
            element = next((i for i in element.items if isinstance(i, Item)), None)
        if not isinstance(element, Item) or not element.fresh:
            return None
        data = Data(call.node.lineno, str(ctx.module.path), "a column of decoded files", FILES, "list",
                    (None,) + element.shape if element.shape is not None else None, element.dtype, small=column.small,
                    widened_line=element.widened_line, widened_to=element.widened_to)
        if ctx.data_set_level and not ctx.loops and not column.small:
            self.seen.append(Seen("collected", call.node, ctx, data))
        return data

    def _decode_all(self, call: Call) -> Value:
        """tl.visualize.read_images(names, path): every file of the list decoded into one list, at once."""
        if not call.ctx.data_set_level:
            return None
        data = Data(call.node.lineno, str(call.ctx.module.path), dotted_name(call.node.func), FILES, "list",
                    dtype=FOLDER_DECODERS[call.qualified])
        self.seen.append(Seen("collected", call.node, call.ctx, data))
        return data

    def _resize(self, call: Call) -> Value:
        image = call.args[0] if call.args else None
        self._rows_resized(call, image)
        if not isinstance(image, Item):
            return Item() if call.ctx.loops else None
        resized = replace(image, shape=_resized(call, image, self.values), fresh=True)
        if call.qualified in _FLOAT64_RESIZES and image.dtype not in ("float32", "float64"):
            # skimage.transform.resize(img, shape) converts to float first (img_as_float): a uint8 image comes
            # back float64, 8x its bytes, preserve_range or not
            return replace(resized, dtype="float64", widened_line=call.node.lineno, widened_to="float64",
                           widened_at=call.node)
        return resized

    def _rows_resized(self, call: Call, image: Value) -> None:
        """resize(imgs[k], (96, 96)): what the script resizes is an image, so the array it is a row of holds images
        (of a parameter's rows, whatever each call gives it: the frames here, the masks there); so does a table
        whose entries a loop makes into the images it resizes, reading no file (a column of pixel strings)."""
        if isinstance(image, Item) and not image.fresh and image.root:
            self.image_rows.add(image.root)  # type: ignore[attr-defined]
        loop = call.ctx.loops[-1] if call.ctx.loops else None
        iterated = self.values.get(loop.iter) if isinstance(loop, (ast.For, ast.AsyncFor)) else None
        if isinstance(iterated, Data) and not self.reads_files(loop, call.ctx.module):  # type: ignore[attr-defined]
            self.image_rows.add(iterated.root)  # type: ignore[attr-defined]
        node = call.node.args[0] if call.node.args else None
        function = call.ctx.function
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and function is not None and \
                node.value.id in {a.arg for a in function.node.args.posonlyargs + function.node.args.args}:
            self.image_parameters.add((function, node.value.id))  # type: ignore[attr-defined]

    def _planes_joined(self, node: ast.Call, parts: Several) -> None:
        """np.concatenate((patch, mask[i][None, :])): a row given a new first axis and joined to a sample is one more
        plane of that sample (a mask as a fourth channel), so the array it is a row of holds images too, whatever
        its name says."""
        given = node.args[0].elts if node.args and isinstance(node.args[0], (ast.Tuple, ast.List)) else []
        for expression, part in zip(given, parts.items):
            if isinstance(part, Item) and part.root and isinstance(expression, ast.Subscript) and \
                    isinstance(expression.slice, ast.Tuple) and expression.slice.elts and \
                    isinstance(expression.slice.elts[0], ast.Constant) and expression.slice.elts[0].value is None:
                self.image_rows.add(part.root)  # type: ignore[attr-defined]

    def _normalized(self, call: Call) -> Value:
        """keras.utils.normalize(x, axis): x divided by its L2 norm along the axis (np.linalg.norm, float64), a new
        array of the whole data set, as x / norm is."""
        source = call.args[0] if call.args else None
        if not isinstance(source, (Data, Item)):
            return None
        division = ast.copy_location(ast.BinOp(left=call.node.args[0], op=ast.Div(), right=ast.Constant(1.0)),
                                     call.node)
        return self._array_arithmetic(division, source, Number(1.0), call.ctx)  # type: ignore[attr-defined]

    def _elementwise(self, call: Call) -> Value:
        """np.clip(x, 0, 1), np.maximum(x, 0): a new array of x's shape, the data set still (what was clipped or
        rounded is what the model is then given); its dtype is x's, as NumPy keeps it for these."""
        array = next((a for a in call.args if isinstance(a, Data)), None)
        if array is None:
            return UNKNOWN  # of one file (np.log(abs(spec))): the flow's own reading, a new array of that file
        return replace(array, line=call.node.lineno, inferred=False)

    def _to_array(self, call: Call) -> Value:
        """np.array(x), np.stack(list), np.asarray(x, dtype=...): a new array made from x."""
        node, ctx = call.node, call.ctx
        source = call.args[0] if call.args else None
        dtype = dtype_of(argument(node, "dtype", 1), ctx.module)
        if call.qualified in NUMPY_TYPE_CONVERSIONS:
            dtype = last_part(call.qualified)
        parts = source.items if isinstance(source, Several) else ()
        if parts and all(isinstance(i, Data) or i is None for i in parts) and any(isinstance(i, Data) for i in parts):
            # np.concatenate([a, b]): at least as large as the data set it copies (b may be what a generator made)
            source = next(i for i in source.items if isinstance(i, Data))
        if isinstance(source, Several) and source.items and all(isinstance(i, Item) for i in source.items):
            self._planes_joined(node, source)
            source = replace(source.items[0], shape=None, fresh=True)  # np.stack((a[..., j], b[..., j])): a new sample
        if isinstance(source, H5Dataset):
            if node.args and isinstance(node.args[0], (ast.ListComp, ast.GeneratorExp)):
                # np.vstack([files[k]['images'] for k in ...]): the data set of every file read whole and stacked;
                # of what is not named as inputs (the gazes, the poses beside the images) a few numbers a sample
                return self._h5_read(node, ctx, few_per_sample=not names_inputs(_written_words(node)))
            # np.array(hf.get('image_features')): every row, read now
            return self._h5_read(node, ctx, source=source)
        if isinstance(source, Mapped):  # np.asarray keeps the mapping (a view of it); the others copy it
            copies = last_part(call.qualified) not in ("asarray", "asanyarray") or dtype is not None
            return self._mapped_read(node, ctx, source) if copies else source
        if isinstance(source, Item):
            copies = last_part(call.qualified) not in ("asarray", "asanyarray") or dtype not in (None, source.dtype)
            if dtype is not None and dtype != source.dtype:
                # np.array(Image.open(f).resize(size), dtype=np.float32): the decoded image converted, as astype does
                return _converted(source, dtype, node, ctx)
            return replace(source, dtype=dtype or source.dtype, fresh=source.fresh or copies)
        if isinstance(source, Data):
            if _json_features(node, source):
                # np.array(data["mfcc"]) of json.load(f): every segment's numbers made an array while the nested
                # lists (a Python float object each) are still held by data
                source = replace(source, content=ARRAYS)
            if source.content == NAMES and source.container == "list" and not source.lines:
                return replace(source, container="numpy")
            if _loads_objects(source) and source.line != node.lineno:
                # tr_x = pickle.load(f), then np.array(tr_x): Python objects, made an array because they are a
                # list of arrays (nobody converts an array to one)
                source = replace(source, container="list")
            if source.dtype == TEXT_DTYPE and dtype in ITEMSIZE:
                # np.array(rows[:, 2:-1], dtype=np.float32) of text fields: the numbers parsed from the strings, a
                # new array a fraction of their size, not a second copy of them
                return replace(source, container="numpy", line=node.lineno, inferred=False, dtype=dtype, root="")
            result = replace(source, container="numpy", line=node.lineno, inferred=False,
                             dtype=dtype or source.dtype)
            view = last_part(call.qualified) in ("asarray", "asanyarray") and source.container == "numpy" and \
                dtype in (None, source.dtype)
            if not view:
                self._copied(call, source, result)
            return result
        if source is None and node.args and ctx.data_set_level and not ctx.loops and \
                not isinstance(node.args[0], (ast.List, ast.Tuple, ast.Constant, ast.ListComp)):
            # np.array(X_train): nothing says what X_train is; a division by 255 after it will
            return Data(node.lineno, str(ctx.module.path), "np.array", ARRAYS, dtype=dtype, inferred=True)
        if source is None and node.args and ctx.data_set_level and ctx.over_samples:
            # for s in table['pixels'].tolist(): np.asarray([int(v) for v in s.split()]): a new array of what the flow
            # cannot follow, in a loop over the samples of a data set, is one sample of it; parsed from a table's row
            # straight into floats (np.array(pixel_strs, 'float32')), that width is chosen here, and where the table
            # holds images, it is 4 or 8 bytes a pixel (dtype_blowup asks)
            loop = ctx.loops[-1] if ctx.loops else None
            iterated = self.values.get(getattr(loop, "iter", None))
            parsed_wide = isinstance(iterated, Data) and iterated.content in (TABLE, NAMES) and \
                dtype in ("float16", "float32", "float64")
            return Item(None, dtype, fresh=True, widened_line=node.lineno if parsed_wide else None,
                        widened_to=dtype if parsed_wide else None, widened_at=node if parsed_wide else None)
        return None

    def _split_list(self, call: Call) -> Value:
        """np.array_split(frames, n), np.split(frames, n) of a Python list of samples: NumPy makes one array of the
        list first (the pieces are views of it, and keep it), a copy of every sample while the list still holds
        them; of an array, views that copy nothing."""
        source = call.args[0] if call.args else None
        if not isinstance(source, Data) or source.container != "list" or source.content not in (ARRAYS, FILES):
            return None
        result = replace(source, container="numpy", line=call.node.lineno, inferred=False)
        self._copied(call, source, result)
        return result

    def _parsed_text(self, call: Call) -> Value:
        """np.fromstring(row['pixels'], dtype=int, sep=' '), in a loop over the samples of a data set: one sample's
        numbers parsed from its text, a new array (as np.asarray([int(v) for v in s.split()]) is)."""
        node, ctx = call.node, call.ctx
        if not (node.args and ctx.data_set_level and ctx.over_samples):
            return None
        return Item(None, dtype_of(argument(node, "dtype", 1), ctx.module) or "float64", fresh=True)

    def _created(self, call: Call) -> Value:
        """np.zeros((60000, 224, 224, 3), dtype=np.uint8): a buffer whose size the script writes down."""
        node, ctx = call.node, call.ctx
        name = call.qualified
        # np.zeros(shape): float64 because no dtype was given (a random draw, np.random.rand, is float64 by nature)
        implicit = keyword_value(node, "dtype") is None and len(node.args) < 2 and NUMPY_CREATORS[name] == "float64"
        widened = implicit and not name.startswith("numpy.random")
        if not ctx.data_set_level:
            if ctx.per_item and not ctx.batch_loop and widened and not _first_dimension_is_a_batch(call):
                # clip = np.zeros((n_frames, h, w, 3)) in a helper called for each file: one sample's buffer,
                # float64 because no dtype was given, whatever the decoded frames written into it were
                return Item(None, "float64", fresh=True, widened_line=node.lineno, widened_to="float64",
                            widened_at=node)
            return None
        # a buffer per sample, filled and kept by the loop, or not; in a loop over a few named things (for split in
        # ('train', 'test'), for _ in [0, 1]: a plain and a flipped copy) each buffer is one for a whole data set
        # (not in a short range: for i in range(320) of a text generator makes one prompt's buffer a pass)
        if ctx.loops and not _over_a_few_things(ctx) and not self._data_set_sized(call):
            given = creator_dtype(node, name)
            return Item(None, NUMPY_CREATORS[name] if implicit else dtype_of(given, ctx.module) if given else None,
                        widened_line=node.lineno if widened else None, widened_to="float64" if widened else None,
                        widened_at=node if widened else None)
        if _first_dimension_is_a_batch(call):
            return Batch()  # np.zeros((self.batch_size, npoint, 3)), filled and returned: one batch, made per step
        if name.startswith("numpy.random.") and last_part(name) in ("rand", "randn"):
            shape = tuple(_dimension(self.values.get(a)) for a in node.args)
        else:
            shape_node = node.args[0] if node.args else keyword_value(node, "shape") or keyword_value(node, "size")
            if name.startswith("numpy.random."):  # randint(low, high, size), uniform(low, high, size)...
                shape_node = argument(node, "size", 2)
            shape = literal_shape(shape_node, self.values) if shape_node is not None else None
        if not shape:
            return None
        dtype_node = creator_dtype(node, name)
        dtype = dtype_of(dtype_node, ctx.module) if dtype_node is not None else NUMPY_CREATORS[name]
        # np.zeros((n_classes, n_classes)): a confusion matrix, a number per pair of classes, not per sample
        dimensions = node.args[0] if node.args else keyword_value(node, "shape")
        per_class = isinstance(dimensions, (ast.Tuple, ast.List)) and all(_counts_classes(e) for e in dimensions.elts)
        # np.zeros((1, max_length)), a decoder's one-sequence input: as many samples as the script writes, a few,
        # as a slice [:100] is; unless the script writes every dimension and they come to a large array
        # (np.zeros((500, 512, 512, 1)): 500 X-rays, 1 GiB in float64): then the bytes decide, not the count
        data = Data(node.lineno, str(ctx.module.path), last_part(name), ARRAYS, shape=shape, dtype=dtype,
                    implicit_float64=float64_by_default(dtype_node) and dtype == "float64")
        size = total_bytes(data)
        data = replace(data, small=shape[0] is not None and shape[0] <= FEW and (size is None or
                                                                                  size < NEGLIGIBLE_BYTES) or per_class)
        # all_targets = np.empty((n, 17)): a few numbers per sample, held by a name that says labels; a buffer
        # of masks, an image each, is as large as the images, whatever its name
        if (sample_bytes(data) or LARGE_SAMPLE_BYTES) < LARGE_SAMPLE_BYTES and _reads_labels(node, ctx):
            data = replace(data, labels=True)
        # np.zeros((n, len(classes))), np.zeros([n, num_classes]): a row of a class count per sample, one-hot targets
        # whatever the name holding them, unless the script shows the classes are many (one-hot over 1,000+)
        elif isinstance(dimensions, (ast.Tuple, ast.List)) and len(dimensions.elts) >= 2 and all(
                _counts_classes(e) for e in dimensions.elts[1:]) and all(
                d is None or d < MANY_CLASSES for d in shape[1:]):
            data = replace(data, labels=True)
        if data.implicit_float64:
            self.seen.append(Seen("created", node, ctx, data))
            self.float64_buffers[(data.path, data.line)] = node
        return data

    def _data_set_sized(self, call: Call) -> bool:
        """np.empty([32 * 900, channels, edge, edge]) in a loop over files: a buffer of tens of thousands of samples
        made once per file (SliceGAN), not one sample's buffer; an image has fewer rows than that."""
        node = call.node
        shape_node = node.args[0] if node.args else keyword_value(node, "shape")
        if call.qualified.startswith("numpy.random.") or not isinstance(shape_node, (ast.Tuple, ast.List)):
            return False
        if buffer_for_every_item(node, call.ctx.loops):
            return True
        if len(shape_node.elts) < 3:
            return False
        first = self.values.get(shape_node.elts[0])
        return isinstance(first, Number) and first.value >= _SAMPLES_IN_A_BUFFER

    def _to_torch(self, call: Call) -> Value:
        node, ctx = call.node, call.ctx
        source = call.args[0] if call.args else None
        if isinstance(source, Several) and source.items and isinstance(source.items[0], (Data, Tensor, Item)):
            # torch.cat([a, b]); torch.cat((img, img, img)) of one decoded image (grey made RGB): that sample still
            source = source.items[0]
        if isinstance(source, Tensor):
            return source
        if isinstance(source, Item):
            return source
        if isinstance(source, Mapped):  # torch.from_numpy(mapped) shares the mapping; torch.tensor(mapped) reads it
            return source if call.qualified in TORCH_VIEWS else self._mapped_read(node, ctx, source)
        if isinstance(source, H5Dataset):
            # torch.tensor(h5['trnoisy']): every row of the HDF5 data set read into memory, as np.array(...) does
            source = self._h5_read(node, ctx, source=source)
        if not isinstance(source, Data):
            return None
        dtype = dtype_of(keyword_value(node, "dtype"), ctx.module) or TORCH_COPIES.get(call.qualified) or source.dtype
        result = replace(source, container="torch", line=node.lineno, dtype=dtype, inferred=False)
        device = keyword_value(node, "device")
        if device is not None and not (isinstance(device, ast.Constant) and device.value == "cpu"):
            # torch.tensor(x, device=device): the copy is made where the device is, the data set on the GPU (said
            # there), no second copy in host memory
            return self._to_device(call, result)
        if call.qualified not in TORCH_VIEWS:
            self._copied(call, source, result)
        return result

    def _to_jax(self, call: Call) -> Value:
        """jnp.array(x_train), jnp.asarray(x), jax.device_put(x): a JAX array on JAX's default device, the GPU where
        it has one; at the data set's level, the whole data set moved there (jax.device_put(x, cpu) stays)."""
        source = call.args[0] if call.args else None
        if isinstance(source, (Tensor, Item)):
            return source
        if not isinstance(source, Data):
            return None
        node = call.node
        device = node.args[1] if call.qualified == "jax.device_put" and len(node.args) > 1 else \
            keyword_value(node, "device")
        moved = replace(source, container="jax", line=node.lineno, inferred=False)
        if device is not None and "cpu" in ast.unparse(device).lower():
            return moved
        if call.ctx.data_set_level:
            self.seen.append(Seen("to-gpu", node, call.ctx, moved, source))
        return moved

    def _to_tf(self, call: Call) -> Value:
        source = call.args[0] if call.args else None
        if isinstance(source, Several) and source.items and isinstance(source.items[0], Data):
            source = source.items[0]
        if isinstance(source, Item):
            # tf.cast(img, tf.float16), tf.convert_to_tensor(img, dtype=tf.float32): the sample in the dtype named,
            # which a later img / 255.0 keeps (TensorFlow makes no float64 of a float tensor and a Python float)
            named = dtype_of(argument(call.node, "dtype", 1), call.ctx.module)
            return _converted(source, named, call.node, call.ctx) if named else source
        if not isinstance(source, Data):
            return None
        dtype = dtype_of(argument(call.node, "dtype", 1), call.ctx.module) or source.dtype
        result = replace(source, container="tf", line=call.node.lineno, dtype=dtype, inferred=False)
        self._copied(call, source, result)
        return result

    def _copied(self, call: Call, source: Data, result: Data, one_array: bool = False) -> None:
        """A new full copy of a data set: recorded with every name that holds the same data set now; ``one_array``
        where the copy is of the rows of the one array it is given (x[idx], np.delete(x, rows)), not of the other
        arrays of its data set."""
        # np.array(x) of what the flow cannot follow is only guessed to be a data set; x[perm], its rows picked by an
        # index named as a set of rows, says it is one
        if not call.ctx.data_set_level or source.inferred and not isinstance(call.node, ast.Subscript):
            return
        holders = []
        scope: Scope | None = call.scope
        while scope is not None:
            for name in sorted(scope.names.by_root.get(source.root, ())):
                value = scope.names[name]
                if _made_later_here(value, call) and name not in self._given_and_replaced(call.ctx.function):
                    continue  # series = load(): what this function returns, from an earlier round of the flow
                if scope.parent is None and call.ctx.function is not None and \
                        self.bound_after_call(name, call.ctx.function):  # type: ignore[attr-defined]
                    continue  # a global the module binds only after it calls this function
                if (isinstance(call.node, ast.Subscript) or one_array) and not (value is source and _alias(name, call)):
                    # x[train_idx] copies the rows of x alone, not the other arrays of its data set; x = image
                    # before it names the same array, which stays
                    continue
                if not value.split and not value.labels:
                    holders.append((name, scope.parent is None))
            scope = scope.parent
        shown = call.ctx.module.commented_shape(call.node.lineno)
        if shown is not None:
            result = replace(result, shape=shown)  # the size the script writes beside the copy
        if source.opened:
            # np.array(images) of images PIL only opened: each is decoded here, and keeps its pixels (PIL caches
            # them in the image object) while the list holds it: every file decoded and kept, then copied
            self.seen.append(Seen("collected-labels" if source.labels else "collected", call.node, call.ctx,
                                  replace(result, opened=False, content=FILES, container="list")))
        self.seen.append(Seen("copied", call.node, call.ctx, result, source, holders=tuple(holders)))

    def _given_and_replaced(self, function: FunctionInfo | None) -> set[str]:
        """faces = preprocess_input(faces): the names given to ``function`` that take what it returns. While it runs
        such a name still holds what it was given; its result replaces that only on return."""
        cache: dict = self._replaced_names  # type: ignore[attr-defined]
        if function is None:
            return set()
        if function not in cache:
            cache[function] = {t.id for node in ast.walk(function.module.tree) if isinstance(node, ast.Assign)
                               and isinstance(node.value, ast.Call)
                               and last_part(dotted_name(node.value.func)) == function.name
                               for t in node.targets if isinstance(t, ast.Name)
                               and any(isinstance(a, ast.Name) and a.id == t.id for a in node.value.args)}
        return cache[function]

    def _to_device(self, call: Call, data: Data) -> Value:
        node = call.node
        arguments = node.args + [k.value for k in node.keywords if k.arg == "device"]
        if any(isinstance(a, ast.Constant) and a.value == "cpu" for a in arguments):
            return data
        dtypes = [dtype_of(a, call.ctx.module) for a in node.args if a is not None]
        if node.args and all(dtypes) and keyword_value(node, "device") is None:
            return replace(data, dtype=dtypes[0])  # x.to(torch.float32): a conversion, not a move
        moved = replace(data, container="torch")
        if call.ctx.data_set_level:
            self.seen.append(Seen("to-gpu", node, call.ctx, moved, data))
        return moved

    def _split(self, call: Call) -> Value:
        """train_test_split(X, y): a train and a test copy of each array, in that order."""
        parts = []
        for value in call.args:
            if isinstance(value, Data):
                rows = _split_rows(call, value.shape[0] if value.shape else None, self.values)
                train, test = (replace(value, line=call.node.lineno, shape=(n,) + value.shape[1:] if value.shape
                                       else None, split=True) for n in rows)
                if value.container != "list":  # a list's parts are lists of the same arrays (_safe_indexing)
                    self._copied(call, value, train)
                parts += [train, test]
            else:
                parts += [None, None]
        return Several(tuple(parts))

    def _shuffled(self, call: Call) -> Value:
        """sklearn.utils.shuffle(X, y): a shuffled copy of each array, every row of it (X[permutation])."""
        copies = []
        for value in call.args:
            if isinstance(value, Data):
                copy = replace(value, line=call.node.lineno)
                if value.container != "list":  # a list is shuffled as a list of the same arrays
                    self._copied(call, value, copy)
                copies.append(copy)
            else:
                copies.append(None)
        return Several(tuple(copies)) if len(copies) > 1 else copies[0] if copies else None

    def _listing(self, call: Call) -> Value:
        return Data(call.node.lineno, str(call.ctx.module.path), last_part(call.qualified), NAMES, "list",
                    files_on_disk=files_listed_on_disk(call))

    def _written_path(self, call: Call) -> Value:
        """os.path.join('data', 'train'), Path('data/train'): the path as one string, where every part is one the
        script writes (where a folder it names is, files_listed_on_disk looks)."""
        if call.args and not call.kwargs and all(isinstance(a, Text) for a in call.args) and \
                not any(isinstance(a, ast.Starred) for a in call.node.args):
            return Text("/".join(a.value.rstrip("/\\") if i < len(call.args) - 1 else a.value  # type: ignore[union-attr]
                                 for i, a in enumerate(call.args)))
        return None

    def _same(self, call: Call) -> Value:
        """list(x), sorted(x), enumerate(x), tqdm(x): x's value goes through."""
        value = call.args[0] if call.args else None
        if isinstance(value, Data) and last_part(call.qualified) in ("list", "sorted", "tuple"):
            return replace(value, container="list") if value.content == NAMES else value
        return value

    def _keras_preprocessed(self, call: Call) -> Value:
        """x = preprocess_input(x) of a keras.applications model: the same images, scaled as that model wants, so
        what is done with them after (split, fit, predict) is done with the data set. Keras scales a float array in
        place and converts any other to float32 first (imagenet_utils: x.astype(floatx(), copy=False)); the models
        that scale inside the network (EfficientNet, ConvNeXt, RegNet, MobileNetV3) return x itself."""
        value = call.args[0] if call.args else None
        if not isinstance(value, Data):
            return value
        family = call.qualified.split(".")[-2]
        if family in _KERAS_SCALING_INSIDE or (value.dtype or "float").startswith("float"):
            return value
        return replace(value, dtype="float32")

    def _mapped_names(self, call: Call) -> Value:
        """map(str, paths), map(os.path.basename, paths): file names stay file names."""
        value = call.args[1] if len(call.args) > 1 else None
        return replace(value, container="list") if isinstance(value, Data) and value.content == NAMES else None

    def _range(self, call: Call) -> Value:
        numbers = [a for a in call.args]
        last = numbers[1] if len(numbers) > 1 else numbers[0] if numbers else None
        first = numbers[0] if len(numbers) > 1 else Number(0)
        if isinstance(last, Number) and isinstance(first, Number):
            return Range(int(last.value - first.value))
        # for _ in range(params['batch_size']): one batch's samples, read as the batch is made
        # for k in range(len(table)): each sample of a data set in turn, as for row in table walks them
        counted = call.node.args[-1] if len(call.node.args) in (1, 2) else None
        measured = counted.args[0] if isinstance(counted, ast.Call) and dotted_name(counted.func) == "len" and \
            len(counted.args) == 1 else None
        over = self.values.get(measured) if measured is not None else None
        return Range(None, batch=len(call.node.args) == 1 and is_batch_size(call.node.args[0]),
                     samples=isinstance(over, Data) and not over.small and not over.labels
                     or isinstance(over, StreamedDataset))

    def _length(self, call: Call) -> Value:
        """len(test_set) of a torchvision data set whose size everyone knows (MNIST's test split: 10,000), so that
        test_set.data.view(len(test_set), 1, 28, 28) keeps the count; len() of a list of names or numbers the script
        writes out."""
        dataset = call.args[0] if call.args else None
        if isinstance(dataset, KnownDataset):
            return Number(KNOWN_IMAGE_SETS[dataset.name][0 if dataset.train else 1][0])
        # len(suffixes), suffixes = ['x', 'y', 'tx', 'ty']: as many as the script writes (range(len(...)) over them is
        # a loop of a few passes, as a loop over the list itself is); a list written empty ([]) may grow, so not that
        if isinstance(dataset, Several) and dataset.items and all(isinstance(i, (Text, Number)) for i in dataset.items):
            return Number(len(dataset.items))
        return None

    def _keras_dataset(self, call: Call) -> Value:
        name = call.qualified.split(".")[-2]
        if name in KNOWN_TEXT_SETS:
            return Several(tuple(Several((
                # a few word ids a text (as pad_sequences' rows): small alone, its count known
                Data(call.node.lineno, "", name, ARRAYS, shape=(count, None), small=True, sequences=True,
                     root=f"{name}:{part}:{call.node.lineno}"),
                Data(call.node.lineno, "", name, ARRAYS, shape=(count,), dtype="int64", labels=True,
                     root=f"{name}:{part}:labels:{call.node.lineno}")))
                for part, count in zip(("train", "test"), KNOWN_TEXT_SETS[name])))
        if name not in KNOWN_IMAGE_SETS:
            return None
        train = (known_images(name, True, call.node.lineno), known_images(name, True, call.node.lineno, True))
        test = (known_images(name, False, call.node.lineno), known_images(name, False, call.node.lineno, True))
        return Several((Several(train), Several(test)))

    def _torchvision_dataset(self, call: Call) -> Value:
        name = last_part(call.qualified).lower().replace("fashionmnist", "fashion_mnist")
        if name not in KNOWN_IMAGE_SETS:
            # ImageFolder, CelebA, VOCSegmentation: each sample read from its file as it is asked for, an (image,
            # target) pair (not the module's functions: default_loader, download_url)
            return StreamedDataset(call.qualified, pairs=True) if last_part(call.qualified)[:1].isupper() else None
        train = keyword_value(call.node, "train")
        return KnownDataset(name, not (isinstance(train, ast.Constant) and train.value is False))

    def _tf_pipeline(self, call: Call) -> Value:
        last = last_part(call.qualified)
        if last in ("from_tensor_slices", "from_tensors"):
            source = call.args[0] if call.args else None
            arrays = [v for v in (source.items if isinstance(source, Several) else (source,)) if isinstance(v, Data)]
            data = next((a for a in arrays if not a.labels), arrays[0] if arrays else None)
            # from_tensor_slices(list(range(10))), from_tensor_slices([1, 2, 3]): a few values written down
            literal = call.node.args and isinstance(call.node.args[0], (ast.List, ast.Tuple)) and all(
                isinstance(e, ast.Constant) for e in call.node.args[0].elts)
            small = literal or isinstance(source, Range) and source.count is not None and source.count <= FEW
            return Pipeline(data.content if data else ARRAYS, data, small=bool(small))
        if last == "timeseries_dataset_from_array":
            # the windows of an array already held (data=series): a pipeline over that array's rows, a table's
            # rows where it is one (a few numbers each: two columns of a weather series)
            source = call.args[0] if call.args else call.kwargs.get("data")
            data = source if isinstance(source, Data) else None
            return Pipeline(data.content if data else ARRAYS, data)
        if last in ("TextLineDataset", "text_dataset_from_directory"):
            return Pipeline("text")
        if last in ("make_csv_dataset", "CsvDataset"):
            return Pipeline(TABLE)
        if last == "list_files":
            return Pipeline(NAMES)
        if last in ("TFRecordDataset",):
            return Pipeline("records")
        if last == "from_generator":
            return Pipeline("generator")
        if last in ("image_dataset_from_directory", "audio_dataset_from_directory"):
            size = literal_shape(keyword_value(call.node, "image_size"), self.values) or (256, 256)
            element = size[0] * size[1] * 3 * 4 if len(size) == 2 and None not in size else None
            pipeline = Pipeline(FILES, element_bytes=element if last.startswith("image") else None)
            subset = keyword_value(call.node, "subset")
            return Several((pipeline, pipeline)) if isinstance(subset, ast.Constant) and subset.value == "both" \
                else pipeline
        return None

    def _tfds_load(self, call: Call) -> Value:
        name = call.node.args[0] if call.node.args else keyword_value(call.node, "name")
        known = None
        if isinstance(name, ast.Constant) and isinstance(name.value, str):
            # 'movielens/100k-ratings:0.1.0': the config's size where its configs differ, else the builder's
            full = name.value.split(":")[0].strip("/")
            known = KNOWN_TFDS_BYTES.get(full, KNOWN_TFDS_BYTES.get(full.split("/")[0]))
        return Pipeline("tfds", known_bytes=known)

    def _model(self, call: Call, framework: str) -> Value:
        node = call.node
        extractor = framework == "keras" and last_part(call.qualified) in ("Model", "Functional") and any(
            isinstance(n, ast.Attribute) and n.attr in ("output", "outputs", "layers", "get_layer", "input",
                                                        "inputs")
            for argument in list(node.args[1:]) + [k.value for k in node.keywords if k.arg == "outputs"]
            for n in ast.walk(argument))
        model = Model(framework, node.lineno, extractor=extractor)
        if framework == "keras" and call.ctx.loops:
            self.seen.append(Seen("model-built", node, call.ctx, model))
        return model

    def _data_loader(self, call: Call) -> Value:
        dataset = call.args[0] if call.args else call.kwargs.get("dataset")
        self.seen.append(Seen("loader", call.node, call.ctx, dataset))
        return Loader(decodes=isinstance(dataset, Instance) and self.decodes_per_item(dataset.cls))

    def _dataset_view(self, call: Call) -> Value:
        """torch's Subset(ds, idx), random_split(ds, lengths) and ConcatDataset([a, b]) hold the data sets they are
        given, and their items are those data sets' items: what a DataLoader's workers read of them is the wrapped
        data sets' own attributes. A subset is the data set it picks from (a Several of it for each part of
        random_split's literal lengths); a concatenation, the data sets it joins."""
        given = call.args[0] if call.args else None
        if last_part(call.qualified) == "ConcatDataset":
            return given if isinstance(given, Several) and any(isinstance(i, Instance) for i in given.items) else None
        if not isinstance(given, Instance):
            return None
        if last_part(call.qualified) == "random_split":
            lengths = call.node.args[1] if len(call.node.args) > 1 else keyword_value(call.node, "lengths")
            if not isinstance(lengths, (ast.List, ast.Tuple)):
                return None
            counts = [e.value for e in lengths.elts if isinstance(e, ast.Constant) and type(e.value) is int]
            if len(counts) == len(lengths.elts) and sum(counts) <= FEW:
                return None  # random_split(houses, [272, 90]): the script shows a few hundred samples in all
            return Several((given,) * len(lengths.elts))
        return given

    def _h5_file(self, call: Call) -> Value:
        """An open HDF5 file; but not one whose path says it holds a model's weights (h5py.File('vgg16_weights.h5'),
        File(ckpt_path)): the arrays read from it are a network's layers, loaded once to set its weights, not
        samples."""
        path = call.node.args[0] if call.node.args else keyword_value(call.node, "name")
        given = call.args[0] if call.args else None
        words = set(words_of(given.value)) if isinstance(given, Text) else set()
        if isinstance(path, (ast.Name, ast.Attribute)):
            words |= words_of(last_part(dotted_name(path)))
        elif isinstance(path, ast.Constant) and isinstance(path.value, str):
            words |= words_of(path.value)
        if words & _WEIGHT_FILE_WORDS:
            return None
        found = _on_disk(given.value, call.ctx.module, Path.is_file) if isinstance(given, Text) else None
        return H5File(str(found) if found is not None else None)

    def _json_load(self, call: Call) -> Value:
        if not call.ctx.data_set_level or call.ctx.loops:
            return None
        return Data(call.node.lineno, str(call.ctx.module.path), last_part(call.qualified), NAMES, "list")

    def _readlines(self, call: Call) -> Value:
        lines = self._json_load(call)
        if isinstance(lines, Data) and isinstance(call.receiver, TextFile):
            lines = replace(lines, how="the lines of a text file", lines=True)
            self.seen.append(Seen("collected-lines", call.node, call.ctx, lines))
        return lines

    def _one_hot(self, call: Call) -> Value:
        """to_categorical(y, 3062): a float row of every class per sample; of padded token sequences, a float row
        of the whole vocabulary per token of every text."""
        node = call.node
        classes = call.args[1] if len(call.args) > 1 else call.kwargs.get("num_classes") or \
            call.kwargs.get("nb_classes")
        source = call.args[0] if call.args else call.kwargs.get("y")
        if call.ctx.loops and call.ctx.data_set_level and not isinstance(classes, Number) and \
                vocabulary_one_hot(node, call.ctx.module):
            # for each (prefix, next word) pair: to_categorical([word], num_classes=len(tokenizer.word_index) + 1):
            # each sample's target a float32 row as long as the vocabulary, where the word's index takes one integer
            return Item(None, "float32", fresh=True, widened_line=node.lineno, widened_to="float32", widened_at=node)
        if isinstance(source, Data) and source.sequences and call.ctx.data_set_level and not call.ctx.loops:
            width = int(classes.value) if isinstance(classes, Number) else None
            data = Data(node.lineno, str(call.ctx.module.path), "to_categorical", ARRAYS,
                        shape=(source.shape or (None, None)) + (width,), dtype="float32", labels=True)
            self.seen.append(Seen("one-hot-sequences", node, call.ctx, data, source))
            return data
        if isinstance(source, Item) and source.fresh and call.ctx.loops:
            # to_categorical(mask, 10) of each decoded mask in a loop: a float32 channel per class for every pixel,
            # where the mask held one small integer a pixel (not a row of an array already held: labels[i], one label)
            return replace(source, shape=None, dtype="float32", fresh=True, widened_line=node.lineno,
                           widened_to="float32", widened_at=node)
        if not isinstance(classes, Number) and call.ctx.data_set_level and vocabulary_one_hot(node, call.ctx.module):
            # target = to_categorical(next_word, num_classes=len(tokenizer.word_index) + 1) of every sample at once:
            # a float32 row as long as the vocabulary per sample, however many words the vocabulary ends up with
            data = Data(node.lineno, str(call.ctx.module.path), "to_categorical", ARRAYS, shape=(None, None),
                        dtype="float32", labels=True)
            self.seen.append(Seen("one-hot-vocabulary", node, call.ctx, data))
            return data
        if not isinstance(classes, Number) or not call.ctx.data_set_level:
            return None
        data = Data(node.lineno, str(call.ctx.module.path), "to_categorical", ARRAYS, shape=(None, int(classes.value)),
                    dtype="float32", labels=True)
        if classes.value >= MANY_CLASSES:
            self.seen.append(Seen("one-hot", node, call.ctx, data))
        return data

    def _padded(self, call: Call) -> Value:
        """pad_sequences(texts, maxlen=100): a row of token ids per text, a few integers each (as labels are, no
        memory problem alone), but one-hot encoded, a vector per token."""
        if not call.ctx.data_set_level or call.ctx.loops:
            return None
        node = call.node
        length = call.kwargs.get("maxlen")
        dtype = dtype_of(keyword_value(node, "dtype"), call.ctx.module) or "int32"
        # with no maxlen, or one that is the corpus's longest text (max(len(t) for t in texts)), every row is as long
        # as the longest of all: a few texts far past the rest make the array many times their tokens, no small thing
        written = argument(node, "maxlen", 1)
        longest = written is None or isinstance(written, ast.Constant) and written.value is None or \
            _longest_length(written, call.ctx.module)
        return Data(node.lineno, str(call.ctx.module.path), "pad_sequences", ARRAYS,
                    shape=(None, _dimension(length)), dtype=dtype, small=not longest, sequences=True)

    def _text_matrix(self, call: Call) -> Value:
        """tokenizer.texts_to_matrix(texts): a dense float64 row of every vocabulary word per text, a new array
        of the whole data set (keras/src/legacy/preprocessing/text.py: np.zeros((len(sequences), num_words)))."""
        if not call.ctx.data_set_level or call.ctx.loops or not isinstance(call.node.func, ast.Attribute):
            return None
        texts = call.args[0] if call.args else None
        count = texts.shape[0] if isinstance(texts, Data) and texts.shape else None
        return Data(call.node.lineno, str(call.ctx.module.path), call.node.func.attr, ARRAYS,
                    shape=(count, tokenizer_words(call.node, call.ctx.module, self.values)), dtype="float64")


def tokenizer_words(call: ast.Call, module: Module, values: dict[ast.AST, Value]) -> int | None:
    """The num_words of the Tokenizer whose texts_to_matrix ``call`` is (tok = Tokenizer(num_words=12000), or a name
    bound to the number): the one bound to the receiver's name, else the module's only one."""
    receiver = dotted_name(call.func.value) if isinstance(call.func, ast.Attribute) else None
    made = [(node, node.value) for node in ast.walk(module.tree) if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call) and last_part(dotted_name(node.value.func)) == "Tokenizer"]
    bound = [c for node, c in made if any(dotted_name(t) == receiver for t in node.targets)]
    tokenizers = bound or ([c for _node, c in made] if len(made) == 1 else [])
    words = argument(tokenizers[-1], "num_words", 0) if tokenizers else None
    if isinstance(words, ast.Constant) and isinstance(words.value, int):
        return words.value
    value = values.get(words) if words is not None else None
    return int(value.value) if isinstance(value, Number) else None


# json.load (as the script writes it: json.load, load): records, as NAMES data
_JSON_LOADS = ("load",)


def _json_features(node: ast.Call, source: Data) -> bool:
    """np.array(data['mfcc']) where data is a JSON file loaded whole: the key names numbers stored per sample."""
    key = node.args[0].slice if node.args and isinstance(node.args[0], ast.Subscript) else None
    return source.content == NAMES and source.container == "list" and last_part(source.how) in _JSON_LOADS and \
        isinstance(key, ast.Constant) and isinstance(key.value, str) and names_stored_features(words_of(key.value))


def _loads_objects(data: Data) -> bool:
    """pickle.load(f), joblib.load(path) (however the module is imported): whatever Python objects the file holds, a
    list of arrays as often as an array; np.load's .npy is an array."""
    return data.content == ARRAYS and last_part(data.how) in ("load", "loads") and \
        not data.how.startswith(("np.", "numpy.", "torch."))


def _longest_length(written: ast.expr, module: Module) -> bool:
    """The expression (or the name's last value) is the largest length of a collection: max(len(t) for t in texts),
    max(map(len, seqs)), np.max([len(s) for s in seqs]), lengths.max() of lengths = [len(s) ...], df.text.str.len().max():
    the longest sample of the data, not a cap the script chose."""
    if isinstance(written, ast.Name):
        written = module.value_before(written)
    if not isinstance(written, ast.Call):
        return False
    reduced = None
    if last_part(dotted_name(written.func)) in ("max", "amax", "nanmax") and written.args:
        reduced = written.args[0]  # max(...), np.max(...)
    elif isinstance(written.func, ast.Attribute) and written.func.attr == "max" and not written.args:
        reduced = written.func.value  # lengths.max(), df.text.str.len().max()
    if isinstance(reduced, ast.Name):
        reduced = module.value_before(reduced)
    return reduced is not None and any(  # len(t), map(len, seqs), .apply(len), .str.len()
        isinstance(n, ast.Name) and n.id == "len" or isinstance(n, ast.Attribute) and n.attr == "len"
        for n in ast.walk(reduced))


def _dimension(value: Value) -> int | None:
    return int(value.value) if isinstance(value, Number) and float(value.value).is_integer() and value.value > 0 \
        else None


def _first_dimension_is_a_batch(call: Call) -> bool:
    """The buffer's first dimension is the batch size itself (batch_size, self.batch_size, cfg['batch_size']), not
    a product with it (n_batches * batch_size): it holds one batch."""
    node = call.node
    shape = node.args[0] if node.args else keyword_value(node, "shape") or keyword_value(node, "size")
    if call.qualified.startswith("numpy.random.") and last_part(call.qualified) not in ("rand", "randn"):
        shape = argument(node, "size", 2)
    first = shape.elts[0] if isinstance(shape, (ast.Tuple, ast.List)) and shape.elts else shape
    return is_batch_size(first)


# TextVectorization's output modes that give each text one value per vocabulary word (a dense bag of words), not
# the text's word ids
_BAG_OF_WORDS_MODES = {"multi_hot", "count", "tf_idf", "one_hot"}


def _bag_of_words_width(call: ast.Call, module: Module, values: dict[ast.AST, Value]) -> int | None:
    """texts.map(lambda x, y: (vectorizer(x), y)), or map(vectorize) whose body calls it, where vectorizer =
    TextVectorization(max_tokens=20000, output_mode='multi_hot'): each text mapped to a dense vector over the
    vocabulary. Its width (max_tokens, MAX_TOKENS = 20000), 0 where the script does not show it; None where the map
    does not do that."""
    function = call.args[0] if call.args else None
    if isinstance(function, ast.Name):  # map(vectorize_text), def vectorize_text(text, label): ...
        function = next((f.node for f in module.functions.values() if f.name == function.id), None)
    if function is None:
        return None
    called = {dotted_name(n.func) for n in ast.walk(function) if isinstance(n, ast.Call)}
    for statement in ast.walk(module.tree):
        if not (isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call) and
                last_part(dotted_name(statement.value.func)) == "TextVectorization" and
                any(dotted_name(t) in called for t in statement.targets)):
            continue
        mode = keyword_value(statement.value, "output_mode")
        if not (isinstance(mode, ast.Constant) and mode.value in _BAG_OF_WORDS_MODES):
            continue
        tokens = values.get(keyword_value(statement.value, "max_tokens"))  # type: ignore[arg-type]
        return int(tokens.value) if isinstance(tokens, Number) else 0
    return None


def literal_shape(node: ast.AST | None, values: dict[ast.AST, Value]) -> tuple[int | None, ...] | None:
    """(60000, 224, 224, 3), or (IMG, IMG) with IMG = 224 known: the dimensions the script writes."""
    if node is None:
        return None
    value = values.get(node)
    if isinstance(value, Number):
        return (_dimension(value),)
    if isinstance(value, Several):
        return tuple(_dimension(v) for v in value.items)
    if isinstance(node, (ast.Tuple, ast.List)):
        return tuple(_dimension(values.get(e)) for e in node.elts)
    return None


def _reshaped(data: Data, call: Call, values: dict[ast.AST, Value]) -> tuple[int | None, ...] | None:
    """x.reshape(-1, 28, 28, 1): the new shape, with -1 worked out when the element count is known."""
    dims_nodes = call.node.args
    if len(dims_nodes) == 1 and isinstance(dims_nodes[0], (ast.Tuple, ast.List)):
        dims_nodes = dims_nodes[0].elts
    if not dims_nodes:
        return data.shape
    dims = []
    for dim_node in dims_nodes:
        number = values.get(dim_node)
        dims.append(-1 if isinstance(number, Number) and number.value == -1 else _dimension(number))
    total = element_count(data.shape)
    rest = element_count(tuple(d for d in dims if d != -1))
    if dims.count(-1) == 1 and total is not None and rest:
        return tuple(total // rest if d == -1 else d for d in dims)
    return tuple(None if d == -1 else d for d in dims)


# Resizes that give float64 of any image that is not float already (scikit-image's, through img_as_float)
_FLOAT64_RESIZES = {"skimage.transform.resize"}
# Where each resize takes its size, and in which order: cv2 and PIL say (width, height), the others (height, width)
_RESIZES = {"cv2.resize": (1, "dsize", True), "skimage.transform.resize": (1, "output_shape", False),
            "tensorflow.image.resize": (1, "size", False)}


def _resized(call: Call, image: Item, values: dict[ast.AST, Value]) -> tuple[int | None, ...] | None:
    """cv2.resize(img, (w, h)) and PIL's img.resize((w, h)) give h × w, keeping the channels."""
    node = call.node
    index, keyword, width_first = _RESIZES.get(call.qualified, (0, "size", True))  # PIL: image.resize((w, h))
    size_node = node.args[index] if len(node.args) > index else keyword_value(node, keyword)
    size = literal_shape(size_node, values)
    if not size or len(size) < 2:
        return None
    height, width = (size[1], size[0]) if width_first else size[:2]
    # channels kept as they were; unknown when the decoder does not say (PIL keeps the file's mode)
    channels = image.shape[2:] if image.shape and len(image.shape) > 2 else () if image.shape else (None,)
    return (height, width) + tuple(channels)


def _of_groupby(call: ast.Call) -> bool:
    """df.groupby(key).apply(...), df.groupby(key)[columns].apply(...): a method of the groups of a table."""
    receiver = call.func.value if isinstance(call.func, ast.Attribute) else None
    if isinstance(receiver, ast.Subscript):
        receiver = receiver.value
    return isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Attribute) and \
        receiver.func.attr == "groupby"


def float64_by_default(dtype: ast.expr | None) -> bool:
    """np.zeros(shape), np.zeros(shape, float), dtype='float': float64 that nobody chose; Python's float means
    "a number with a fraction" to who writes it, and NumPy makes it 8 bytes (np.float64 written out is a choice)."""
    return dtype is None or isinstance(dtype, ast.Name) and dtype.id == "float" or \
        isinstance(dtype, ast.Constant) and dtype.value == "float"


def buffer_for_every_item(creation: ast.Call, loops: tuple[ast.AST, ...]) -> bool:
    """np.zeros((len(paths) * frames.shape[0], dims)) made inside `for i in range(len(paths))` (under `if i == 0`,
    once the first file shows the frame shape): its first dimension counts every item one of the loops walks, so it
    is one buffer for all of them, made lazily, not a buffer per item."""
    shape = creation.args[0] if creation.args else keyword_value(creation, "shape")
    if not isinstance(shape, (ast.Tuple, ast.List)) or not shape.elts:
        return False
    counted = {dotted_name(n.args[0]) for n in ast.walk(shape.elts[0]) if isinstance(n, ast.Call) and n.args and
               isinstance(n.func, ast.Name) and n.func.id == "len" and isinstance(n.args[0], (ast.Name, ast.Attribute))}
    walked = {dotted_name(n) for loop in loops if isinstance(loop, (ast.For, ast.AsyncFor))
              for n in ast.walk(loop.iter) if isinstance(n, (ast.Name, ast.Attribute))}
    return bool(counted & walked)


def _over_a_few_things(ctx: Context) -> bool:
    """The innermost loop runs over a few things the script lists (splits, a plain and a flipped copy), not over a
    range of numbers."""
    loop = ctx.loops[-1] if ctx.loops else None
    return ctx.small_loop and isinstance(loop, (ast.For, ast.AsyncFor)) and not (
        isinstance(loop.iter, ast.Call) and last_part(dotted_name(loop.iter.func)) == "range")


def _rows_cap(read: ast.Call, qualified: str | None) -> ast.expr | None:
    """What caps the rows a table read takes: nrows=, or pandas.read_hdf's stop= (the row it stops before, start= or
    not: at most that many); None where nothing does."""
    if keyword_value(read, "nrows") is not None:
        return keyword_value(read, "nrows")
    return keyword_value(read, "stop") if last_part(qualified or "") == "read_hdf" else None


def _returned_from_loop(read: ast.Call, ctx: Context) -> bool:
    """for path in candidates: try: table = pd.read_csv(path); return table: the pass that reads returns what it
    read (or what it made of it, pd.DataFrame(arr)), so the loop ends with one file read whole (the first that
    loads), not one file per pass."""
    statement = ctx.module.statement_of(read)
    if isinstance(statement, ast.Return) and statement.value is read:
        return True
    loop = ctx.loops[-1]
    read_into = {t.id for t in getattr(statement, "targets", []) if isinstance(t, ast.Name)}
    if not read_into or not isinstance(loop, (ast.For, ast.While)):
        return False
    made_of: dict[str, set[str]] = {}
    returned: set[str] = set()
    for node in own_nodes(loop):
        if isinstance(node, ast.Assign) and node.lineno >= read.lineno:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    made_of.setdefault(target.id, set()).update(names_in(node.value))
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Name) and node.lineno > read.lineno:
            returned.add(node.value.id)
    reached, pending = set(returned), list(returned)
    while pending:
        for name in made_of.get(pending.pop(), ()):
            if name not in reached:
                reached.add(name)
                pending.append(name)
    return bool(read_into & reached)


def _restores_training_state(read: ast.Call, ctx: Context) -> bool:
    """torch.load(path) of a checkpoint or a pickled model, not of data: what it gives is handed to
    load_state_dict, read by a key that names training state (ckpt['epoch'], state['optimizer'],
    torch.load(p)['state_dict']), or used as a model (net = torch.load(p); net.eval(); net(x))."""
    parent = ctx.module.parents.get(read)
    if isinstance(parent, ast.Call) and read in parent.args and last_part(dotted_name(parent.func)) == \
            "load_state_dict":
        return True
    if isinstance(parent, ast.Subscript) and parent.value is read:
        return _names_training_state(parent.slice)
    # torch.load(p).cuda().eval(): moved, then asked what only a model does, in the same expression
    while isinstance(parent, ast.Attribute) and isinstance(ctx.module.parents.get(parent), ast.Call) and \
            ctx.module.parents[parent].func is parent:
        if parent.attr in _MODULE_ONLY:
            return True
        if parent.attr not in _MOVES:
            break
        read = ctx.module.parents[parent]
        parent = ctx.module.parents.get(read)
    statement = ctx.module.statement_of(read)
    if not (isinstance(statement, ast.Assign) and statement.value is read and len(statement.targets) == 1 and
            isinstance(statement.targets[0], ast.Name)):
        return False
    return statement.targets[0].id in _training_state_names(ctx.function.node if ctx.function else ctx.module.tree)


# What a model and a tensor both answer, keeping what they are: moved to a device or cast
_MOVES = {"to", "cuda", "cpu", "float", "half", "double", "bfloat16"}
# Words of a path (or the name holding it) that say the file holds a model's weights
_WEIGHT_FILE_WORDS = {"weights", "checkpoint", "ckpt", "pretrained"}
# Words of the keys a checkpoint is read by: the training state saved beside (or as) the weights
_TRAINING_STATE_WORDS = {"epoch", "epochs", "state", "dict", "optimizer", "optim", "opt", "model", "models", "net",
                         "network", "encoder", "decoder", "generator", "discriminator", "weights", "params",
                         "scheduler", "step", "steps", "iteration", "iter", "best", "args", "config", "checkpoint"}
# What only a model does: an nn.Module's own methods, none of them a tensor's or a dict's
_MODULE_ONLY = {"parameters", "named_parameters", "state_dict", "load_state_dict", "eval", "train", "modules",
                "children", "named_modules", "forward", "zero_grad"}


def _names_training_state(key: ast.expr) -> bool:
    return isinstance(key, ast.Constant) and isinstance(key.value, str) and \
        bool(words_of(key.value) & _TRAINING_STATE_WORDS)


@lru_cache(maxsize=1024)
def _training_state_names(scope: ast.AST) -> frozenset[str]:
    """The names a function (or a module's code) uses as a checkpoint or a model: read by a key that names training
    state, handed to load_state_dict, called, or asked an nn.Module's own method; found once per scope."""
    found = set()
    nodes = own_nodes(scope) if not isinstance(scope, ast.Module) else ast.walk(scope)
    for node in nodes:
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and _names_training_state(node.slice):
            found.add(node.value.id)
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                found.add(node.func.id)
            elif isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and \
                    node.func.attr in _MODULE_ONLY:
                found.add(node.func.value.id)
            if last_part(dotted_name(node.func)) == "load_state_dict":
                found |= {a.id for a in node.args if isinstance(a, ast.Name)}
    return frozenset(found)


def _columns_asked_for(read: ast.Call) -> int | None:
    """pd.read_csv(path, usecols=[1, 2, 5]), pd.read_hdf / read_parquet(path, columns=['a', 'b']): the number of
    columns a read keeps, where it lists them."""
    columns = keyword_value(read, "usecols") if keyword_value(read, "usecols") is not None else \
        keyword_value(read, "columns")
    return len(columns.elts) if isinstance(columns, (ast.List, ast.Tuple)) else None


def _reads_vocabulary(read: ast.AST, ctx: Context) -> bool:
    """Whether a whole read gives a vocabulary (vocab = pickle.load(...), f['charset'][:]): an entry per symbol or
    word, looked up by every sample and as large whatever the number of samples; by the name it is assigned to,
    or the file's or the HDF5 key's name."""
    statement = ctx.module.statement_of(read)
    target = last_part(dotted_name(statement.targets[0])) if isinstance(statement, ast.Assign) and \
        len(statement.targets) == 1 and isinstance(statement.targets[0], (ast.Name, ast.Attribute)) else ""
    words = _written_words(read) | words_of(target)
    # np.array(f['embedding_matrix']), np.load('glove_weights.npy'): a word vector per vocabulary word, the table an
    # Embedding layer is initialised with (not the embeddings of each sample: an 'embeddings' key alone)
    word_vectors = bool(words & _WORD_VECTOR_WORDS) or "embedding" in words and bool(words & {"matrix", "weights"})
    return bool(words & _VOCABULARY_WORDS or word_vectors) and not names_inputs(words)


# Words that name a vocabulary: what every sample is encoded with, not a sample
_VOCABULARY_WORDS = {"vocab", "vocabulary", "charset", "alphabet", "lexicon"}
# Words that name pretrained word vectors: a row per vocabulary word
_WORD_VECTOR_WORDS = {"glove", "word2vec", "fasttext"}


def _converted(item: Item, dtype: str | None, node: ast.AST, ctx: Context) -> Item:
    """One sample converted to ``dtype`` (img.astype(np.float32), np.array(img, dtype=np.float32)): a new array,
    widened where the dtype holds more bytes a value than the pixels did."""
    # np.load(f).astype('float32') / 255: the scale says the file held 8-bit pixels where nothing else does
    before = item.dtype or pixel_dtype(node, ctx.module)
    widened = ITEMSIZE.get(dtype or "", 0) == 8 and 0 < ITEMSIZE.get(before or "", 8) < 8 or \
        ITEMSIZE.get(dtype or "", 0) >= 4 and before == "uint8"
    # cv2.imread(p).astype(float) ... .astype(np.uint8): what is kept is narrow again (to the dtype it has already,
    # to_categorical(mask, n).astype('float32'), it stays as wide as it was made)
    narrowed = 0 < ITEMSIZE.get(dtype or "", 0) < 8 and not widened and dtype != item.dtype
    return replace(item, dtype=dtype, fresh=True,
                   widened_line=node.lineno if widened else None if narrowed else item.widened_line,
                   widened_to=dtype if widened else None if narrowed else item.widened_to,
                   widened_at=node if widened else None if narrowed else item.widened_at)


def vocabulary_one_hot(call: ast.AST | None, module: Module) -> bool:
    """Whether ``call`` is to_categorical(word, num_classes=...) over a vocabulary's count of classes:
    len(tokenizer.word_index) + 1, len(vocab), vocab_size, or a name its function binds to one of those
    (n_words = len(tok.word_index) + 1)."""
    if not isinstance(call, ast.Call) or last_part(dotted_name(call.func)) != "to_categorical":
        return False
    count = argument(call, "num_classes", 1)
    function = module.function_of(call)
    if isinstance(count, ast.Name) and function is not None:
        if _names_vocabulary(words_of(count.id), count=True):
            return True
        bound = module.last_assignment(count.id, count, function.node)
        count = bound.value if bound is not None else count
    if count is None:
        return False
    if isinstance(count, (ast.Name, ast.Attribute)):
        return _names_vocabulary(words_of(last_part(dotted_name(count))), count=True)
    return any(isinstance(n, ast.Call) and dotted_name(n.func) == "len" and len(n.args) == 1 and
               isinstance(n.args[0], (ast.Name, ast.Attribute)) and
               _names_vocabulary(words_of(last_part(dotted_name(n.args[0]))))
               for n in ast.walk(count) if isinstance(n, ast.Call))


def _names_vocabulary(words: frozenset[str] | set[str], count: bool = False) -> bool:
    """vocab, word_index, wtoi, words: the words of a vocabulary; with ``count``, how many (vocab_size, n_words)."""
    if words & _VOCABULARY_WORDS or {"word", "index"} <= words or words & {"wtoi", "itow", "word2idx", "idx2word"}:
        return True
    return count and bool(words & {"words", "tokens"}) and bool(words & {"n", "num", "number", "count", "size"}) \
        or not count and bool(words & {"words", "tokens"})


def reads_lookup(read: ast.AST, module: Module) -> bool:
    """Whether a read (or a call of the script's own reader) gives labels, a lookup from one key to another or a
    vocabulary, by the names it is assigned to or the file it names (vocab = load('word2ind.pkl'))."""
    ctx = Context(module, module.function_of(read))
    # ('./data/dicts/ind2qid_{}.pkl', '{}_img2idx.pkl'): the file's own name, not its folder's, maps ids to ids
    files = [re.split(r"[/\\]", n.value)[-1].lower() for n in ast.walk(read)
             if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    mapping = any(_MAPPING_NAME.search(name) for name in files)
    return mapping or _reads_labels(read, ctx) or _reads_vocabulary(read, ctx)


# Words that name the classes a label is one of: a count of them is a label row's width, not a sample's
_CLASS_WORDS = {"class", "classes", "categories"}


def _counts_classes(node: ast.AST) -> bool:
    """num_classes, self.n_classes, cfg['num_classes'], len(classes), len(self.class_names): a count of classes."""
    if isinstance(node, ast.Call) and last_part(dotted_name(node.func)) == "len" and len(node.args) == 1:
        node = node.args[0]
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
        return bool(_CLASS_WORDS & words_of(node.slice.value))
    return isinstance(node, (ast.Name, ast.Attribute)) and bool(_CLASS_WORDS & words_of(last_part(dotted_name(node))))


def _reads_labels(read: ast.AST, ctx: Context) -> bool:
    """Whether a whole read gives labels: by the name it is assigned to (y = np.load(...)), or, where that name
    says nothing of inputs (is_dog, self.gazes), by the file's or the HDF5 key's name ('y_train.npy', f['label'])."""
    statement = ctx.module.statement_of(read)
    targets: list[str] = []
    if isinstance(statement, (ast.Assign, ast.AnnAssign)):
        for target in (statement.targets if isinstance(statement, ast.Assign) else [statement.target]):
            targets += [last_part(dotted_name(n)) for n in ast.walk(target) if isinstance(n, (ast.Name, ast.Attribute))]
    if any(_MAPPING_NAME.search(target.lower()) for target in targets):
        return True  # img_id2idx, word2idx, ans2label: a lookup from one key to another, a few numbers per entry
    target_words = {word for target in targets for word in words_of(target)}
    return _reads_text_codes(read, ctx) or is_labels(target_words) or \
        not names_inputs(target_words) and is_labels(_written_words(read) | _opened_words(read, ctx))


def _opened_words(read: ast.AST, ctx: Context) -> set[str]:
    """The words of the file a read's handle was opened on a line before (fh = open('y.pickle', 'rb'), then
    pickle.load(fh)): the file's name, as _written_words gives it where the read names the file itself."""
    if not isinstance(read, ast.Call) or not read.args or not isinstance(read.args[0], ast.Name):
        return set()
    opened = ctx.module.value_before(read.args[0])
    if not (isinstance(opened, ast.Call) and last_part(dotted_name(opened.func)) == "open" and opened.args):
        return set()
    return _written_words(opened.args[0])


def _reads_text_codes(read: ast.AST, ctx: Context) -> bool:
    """Whether a whole read gives the word ids of each question or caption (q = np.array(h5['ques_train'])), or each
    one's length (h5['caption_lengths'][:]): a sentence's few dozen numbers a sample, not the inputs' features; by
    the names it is assigned to or the file's or the HDF5 key's name, where none of them names inputs."""
    words = read_words(read, ctx)
    return bool(words & _TEXT_CODE_WORDS) and not names_inputs(words)


# Words that name the word ids of a question or a caption, or a sequence's length: a few numbers a sample
_TEXT_CODE_WORDS = {"ques", "question", "questions", "caption", "captions", "length", "lengths", "lens"}


# The words that name what a model is fit to, whatever it is: labels, or a signal as large as the inputs
_ANY_TARGET_WORDS = {"y", "target", "targets"}


def read_words(read: ast.AST, ctx: Context) -> set[str]:
    """The words of what a read names: the names it is assigned to and the file's name or HDF5 key it writes out
    (x_test = np.load('x_test.npy'): x, test)."""
    return _assigned_words(read, ctx) | _written_words(read)


def _assigned_words(read: ast.AST, ctx: Context) -> set[str]:
    """The words of the names a read is assigned to (train_y = ...: train, y)."""
    statement = ctx.module.statement_of(read)
    targets = statement.targets if isinstance(statement, ast.Assign) else \
        [statement.target] if isinstance(statement, ast.AnnAssign) else []
    return {word for target in targets for n in ast.walk(target) if isinstance(n, (ast.Name, ast.Attribute))
            for word in words_of(last_part(dotted_name(n)))}


def _written_words(read: ast.AST) -> set[str]:
    """The words of what a read writes out: the file's name ('y_train.npy'), the HDF5 keys (f['label'])."""
    return words_of(" ".join(str(a.value) for a in ast.walk(read) if isinstance(a, ast.Constant)))


_MAPPING_NAME = re.compile(r"[a-z]2[a-z]")


def npy_on_disk(path: Value, module: Module) -> tuple[tuple[int, ...], str] | None:
    """(shape, dtype) of the .npy file a load names, where the file exists beside the script (or in the folder
    check runs in): read from its header alone, never the array. None where the path is not a written string, the file
    is not there, or its header is not one NumPy writes."""
    if not isinstance(path, Text) or not path.value.endswith(".npy"):
        return None
    found = _on_disk(path.value, module, Path.is_file)
    modified = _modified(str(found)) if found is not None else None
    return _npy_header(str(found), modified) if modified is not None else None


def _modified(path: str) -> int | None:
    """The file's (or folder's) mtime, the key its cached reading is kept under; None where it went away or cannot be
    read since it was found (its reading is then not used: the data stays as the script shows it)."""
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return None


@lru_cache(maxsize=256)
def _h5_header(path: str, key: str, modified: int) -> tuple[tuple[int, ...], str] | None:
    """The shape and dtype of data set ``key`` in the HDF5 file ``path``, as h5py reads them from its header (the
    file opened read-only, no array read), once per file as it is (``modified``, its mtime, in the key); None where
    h5py is not installed (the read stays as the script shows it), the key is not a data set, or its dtype is not
    a plain number type."""
    try:
        import h5py  # (Keras installs it; a script that reads HDF5 has it)
    except ImportError:
        return None
    try:
        with h5py.File(path, "r") as h5:
            member = h5.get(key)
            if not isinstance(member, h5py.Dataset):
                return None
            shape, dtype = tuple(int(d) for d in member.shape), numpy_type_code(member.dtype.str)
    except (OSError, ValueError, KeyError):
        return None  # (not an HDF5 file, or one h5py cannot open: the read stays as the script shows it)
    return (shape, dtype) if dtype is not None else None


def read_bytes_on_disk(path: Text, module: Module) -> int | None:
    """What a whole load of the file ``path`` names reads, where it is there: an .npz archive's arrays as its zip
    directory lists them uncompressed, any other file (a CSV, a pickle, an HDF5 file, a checkpoint) its size on
    disk. None where the file is not there, or is compressed as a whole (.gz, .zip, .parquet: its size says little
    of what it holds)."""
    if path.value.lower().endswith(_COMPRESSED_SUFFIXES):
        return None
    found = _on_disk(path.value, module, Path.is_file)
    if found is None:
        return None
    try:
        if found.suffix.lower() == ".npz":
            with zipfile.ZipFile(found) as archive:
                return sum(member.file_size for member in archive.infolist())
        return found.stat().st_size
    except (OSError, zipfile.BadZipFile):
        return None  # (gone, or not a zip archive: the load stays as the script shows it)


# Files whose size on disk says little of what they hold once read
_COMPRESSED_SUFFIXES = (".gz", ".bz2", ".xz", ".zip", ".7z", ".parquet", ".zst", ".lz4", ".tgz")
# What a load holds in memory per byte of its file, at most: a CSV's short strings become Python objects of 50 bytes
# and more, a pickled list of floats 9 bytes each becomes 32; a file under NEGLIGIBLE_BYTES / this is small whole
_EXPANSION_AT_MOST = 10


def _on_disk(written: str, module: Module, kind: Callable[[Path], bool]) -> Path | None:
    """The file or folder (``kind``: Path.is_file, Path.is_dir) a path the script writes names, where it exists: as
    written if absolute (or under ~), else beside the script, else in the folder check runs in."""
    path = Path(written).expanduser()
    candidates = [path] if path.is_absolute() else [Path(module.path).resolve().parent / path, Path.cwd() / path]
    try:
        return next((candidate for candidate in candidates if kind(candidate)), None)
    except OSError:  # (a name too long for the file system, a folder we may not read)
        return None


def files_listed_on_disk(call: Call) -> int | None:
    """How many data files (pictures, sound, video, arrays: DATA_FILE_SUFFIXES) a listing gives the script's loops,
    where the folder it names exists beside the script (or in the folder check runs in): for os.listdir('data/train')
    or os.walk(root), every one below the folder, since a loop over its class folders reads them all (the safe side:
    more, not fewer); for glob('data/*/*.png'), what the pattern matches. None where the path is not a written
    string, is not there, holds the script itself (os.listdir('.'), a project, not a data set), or holds more
    entries than are worth walking (_MOST_ENTRIES_WALKED)."""
    written = call.args[0] if call.args else None
    method = last_part(call.qualified)
    if isinstance(call.receiver, Text) and method in ("glob", "rglob", "iterdir"):
        # Path('data/train').glob('*/*.png'), .rglob('*.png') (every folder below), .iterdir()
        pattern = written.value if isinstance(written, Text) else None
        written = Text(call.receiver.value.rstrip("/\\") + (
            "" if method == "iterdir" else "/" + ("**/" if method == "rglob" else "") + (pattern or "*")))
    if not isinstance(written, Text) or not written.value.strip():
        return None
    parts = re.split(r"[/\\]", written.value)
    magic = next((i for i, part in enumerate(parts) if re.search(r"[*?\[]", part)), None)
    folder = _on_disk("/".join(parts[:magic]) if magic is not None else written.value, call.ctx.module,
                      Path.is_dir)
    if folder is None or Path(call.ctx.module.path).resolve().is_relative_to(folder.resolve()) or \
            Path.cwd().is_relative_to(folder.resolve()):
        return None
    modified = _modified(str(folder))
    return _files_below(str(folder), "/".join(parts[magic:]) if magic is not None else None, modified) \
        if modified is not None else None


@lru_cache(maxsize=64)
def _files_below(folder: str, pattern: str | None, modified: int) -> int | None:
    """The data files below ``folder`` (or those ``pattern`` matches there), counted once per folder as it is
    (``modified``, its mtime, in the key: the flow's rounds ask again); None past _MOST_ENTRIES_WALKED entries."""
    if pattern is not None:
        matches = 0
        for matches, _match in enumerate(glob.iglob(pattern, root_dir=folder, recursive="**" in pattern), 1):
            if matches > _MOST_ENTRIES_WALKED:
                return None
        return matches
    count = walked = 0
    for _root, _folders, files in os.walk(folder):
        walked += len(files)
        if walked > _MOST_ENTRIES_WALKED:
            return None
        count += sum(1 for name in files if name.lower().endswith(DATA_FILE_SUFFIXES))
    return count


# Past this many entries a folder is not counted (a walk of a million names takes seconds): it stays unknown
_MOST_ENTRIES_WALKED = 1_000_000


@lru_cache(maxsize=256)
def _npy_header(path: str, modified: int) -> tuple[tuple[int, ...], str] | None:
    """The shape and dtype an .npy file's header gives (NumPy's format: a magic string, a version, then a Python dict
    with 'descr', 'fortran_order' and 'shape'), read once per file as it is (``modified``, its mtime, in the key):
    the flow's rounds ask again for the same load."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(10)
            if head[:6] != b"\x93NUMPY":
                return None
            size = int.from_bytes(head[8:10], "little") if head[6] == 1 else \
                int.from_bytes(head[8:10] + fh.read(2), "little")
            header = ast.literal_eval(fh.read(min(size, 65536)).decode("latin1"))
    except (OSError, ValueError, SyntaxError, MemoryError):
        return None  # (unreadable, or not a header: the load stays as the script shows it)
    if not isinstance(header, dict):
        return None
    descr, shape = header.get("descr"), header.get("shape")
    dtype = numpy_type_code(descr) if isinstance(descr, str) else None
    if dtype is None or not isinstance(shape, tuple) or not all(isinstance(d, int) for d in shape):
        return None
    return shape, dtype


def _split_rows(call: Call, rows: int | None, values: dict[ast.AST, Value]) -> tuple[int | None, int | None]:
    """How many rows train_test_split gives the train and the test part of ``rows`` (sklearn's rules: test_size
    0.25 unless a size is given; a fraction's test part rounded up, an int a count)."""
    if rows is None:
        return None, None
    sizes = []
    for name in ("test_size", "train_size"):
        node = keyword_value(call.node, name)
        size = values.get(node) if node is not None else None
        sizes.append(size.value if isinstance(size, Number) else None if node is None else -1)
    test, train = sizes
    if -1 in sizes:
        return None, None  # a size the script computes: not known here
    if test is None and train is not None:
        n_train = train if isinstance(train, int) else math.floor(train * rows)
        return n_train, rows - n_train
    test = 0.25 if test is None else test
    n_test = test if isinstance(test, int) else math.ceil(test * rows)
    return rows - n_test, n_test


def known_images(name: str, train: bool, line: int, labels: bool = False, container: str = "numpy") -> Data:
    """The train or test split of a downloaded image set (``KNOWN_IMAGE_SETS``) as uint8 ``Data``; with
    ``labels``, its labels, one per image."""
    shape = KNOWN_IMAGE_SETS[name][0 if train else 1]
    return Data(line, "", name, ARRAYS, container, shape[:1] if labels else shape, "uint8", labels=labels,
                root=f"{name}:{train}:{labels}:{line}")


_METHOD_HANDLERS: dict[type, Callable] = {
    Data: CallHandlers._data_method, Item: CallHandlers._item_method, Tensor: CallHandlers._tensor_method,
    Model: CallHandlers._model_method, Pipeline: CallHandlers._pipeline_method, H5File: CallHandlers._h5_method,
    H5Dataset: CallHandlers._h5_method, Mapped: CallHandlers._mapped_method,
    # ok, frame = capture.read(): one decoded frame, 8-bit pixels as cv2.imread's (grab() and retrieve() alike)
    VideoFile: lambda flow, call, video, method: Several((None, Item((None, None, 3), "uint8", fresh=True)))
    if method in ("read", "retrieve") else UNKNOWN,
    # ds.map(preprocess), ds.shuffle(), ds.with_format("torch"): still read from disk sample by sample
    StreamedDataset: lambda flow, call, dataset, method: dataset if method in _STREAMED_VIEWS else
    replace(dataset, splits=True) if method == "train_test_split" else UNKNOWN,
    # mse = nn.MSELoss().to(device): the loss function moved where its inputs are, still one
    LossFunction: lambda flow, call, loss, method: loss if method in ("to", "cuda", "cpu") else UNKNOWN,
}


# The methods of a Hugging Face data set that give another view of the same files
_STREAMED_VIEWS = {"map", "filter", "shuffle", "select", "with_format", "set_format", "with_transform", "set_transform",
                   "cast_column", "remove_columns", "rename_column", "rename_columns", "sort", "flatten_indices",
                   "take", "skip", "select_columns", "class_encode_column"}


@lru_cache(maxsize=4096)
def _library_handler(qualified: str) -> Callable[[CallHandlers, Call], Value] | None:
    """The handler of a library call, by its full name: the first in _LIBRARY_HANDLERS that matches."""
    return next((handler for matches, handler in _LIBRARY_HANDLERS if matches(qualified)), None)


def _made_later_here(value: Data, call: Call) -> bool:
    """The value was made after this copy, in the same function: the copy's own result, handed back."""
    function = call.ctx.function
    if function is None or value.path != str(call.ctx.module.path):
        return False
    end = getattr(function.node, "end_lineno", None) or function.node.lineno
    return call.node.lineno <= value.line <= end


def _starts(*prefixes: str) -> Callable[[str], bool]:
    return lambda name: name.startswith(prefixes)


def _is(*names: str) -> Callable[[str], bool]:
    return lambda name: name in names


# torch.nn modules without parameters: functions in a class (sig = nn.Sigmoid(); sig(pred) records a graph only
# where pred has one), not models whose forward pass saves activations of their own
FUNCTION_LIKE_MODULES = ("Sigmoid", "Softmax", "LogSoftmax", "Softmin", "ReLU", "LeakyReLU", "ELU", "GELU", "SELU",
                          "SiLU", "Mish", "Tanh", "Hardtanh", "Hardswish", "Hardsigmoid", "Softplus", "Softsign",
                          "Dropout", "AlphaDropout", "Flatten", "Unflatten", "Identity", "Upsample", "MaxPool",
                          "AvgPool", "AdaptiveAvgPool", "AdaptiveMaxPool", "PixelShuffle", "PixelUnshuffle")


def _torch_module(name: str) -> bool:
    """torch.nn.Linear(...), torchvision.models.resnet50(), timm.create_model(...): a PyTorch model."""
    last = last_part(name)
    return (name.startswith("torch.nn.") and last[:1].isupper() and not last.endswith("Loss")
            and last not in ("Parameter", "ModuleList", "ModuleDict", "ParameterList", "Module")
            and not last.startswith(FUNCTION_LIKE_MODULES)
            or name.startswith("torchvision.models.") and last[:1].islower() and not last.startswith("get_")
            or name in ("timm.create_model", "torch.hub.load", "torch.nn.parallel.DistributedDataParallel")
            or name.startswith("transformers.") and last == "from_pretrained"
            and not any(part in name for part in _TRANSFORMERS_NOT_MODELS))


# keras.applications modules whose preprocess_input returns its input untouched: the model rescales inside itself
_KERAS_SCALING_INSIDE = {"efficientnet", "efficientnet_v2", "convnext", "regnet", "mobilenet_v3"}


# transformers classes with a from_pretrained that are not models (BertForQuestionAnswering, AutoModel... are)
_TRANSFORMERS_NOT_MODELS = ("Tokenizer", "Config", "Processor", "FeatureExtractor", "GenerationConfig")


def _keyword_true(call: ast.Call, name: str) -> bool:
    """pd.read_csv(path, iterator=True): the keyword given as a literal True."""
    given = keyword_value(call, name)
    return isinstance(given, ast.Constant) and given.value is True


def _torch_loss(name: str) -> bool:
    last = last_part(name)
    return (name.startswith("torch.nn.") and last.endswith("Loss")) and last[:1].isupper()


def _torch_functional_loss(name: str) -> bool:
    return name.startswith("torch.nn.functional.") and ("loss" in last_part(name) or last_part(name) in (
        "cross_entropy", "binary_cross_entropy", "binary_cross_entropy_with_logits", "nll_loss", "kl_div"))


def _keras_model(name: str) -> bool:
    return name in ("keras.Sequential", "keras.Model", "keras.models.Sequential", "keras.models.Model",
                    "keras.Functional") or name.startswith("keras.applications.") and last_part(name)[:1].isupper()


_LIBRARY_HANDLERS: list[tuple[Callable[[str], bool], Callable[[CallHandlers, Call], Value]]] = [
    (lambda n: loader_kind(n) is not None, CallHandlers._whole_load),
    (lambda n: n in DECODERS, CallHandlers._decode),
    # (in a loop, or in a helper called in one: def read_feat(path): return torch.load(path), file after file)
    (lambda n: n in PER_FILE_LOADERS, CallHandlers._per_file_load),
    (lambda n: n in FOLDER_DECODERS, CallHandlers._decode_all),
    (_is("cv2.resize", "skimage.transform.resize", "tensorflow.image.resize"), CallHandlers._resize),
    (_is("keras.utils.normalize", "keras.utils.np_utils.normalize"), CallHandlers._normalized),
    # img_to_array(img): np.asarray(img, dtype=floatx()), a new float32 array of the picture, as astype makes
    (_is("keras.utils.img_to_array", "keras.preprocessing.image.img_to_array"),
     lambda flow, call: _converted(call.args[0], "float32", call.node, call.ctx)
     if call.args and isinstance(call.args[0], Item) else None),
    (lambda n: n in NUMPY_COPIES, CallHandlers._to_array),
    (_is("numpy.array_split", "numpy.split", "numpy.vsplit", "numpy.hsplit", "numpy.dsplit"), CallHandlers._split_list),
    (_is("numpy.fromstring"), CallHandlers._parsed_text),
    (lambda n: n in ELEMENTWISE, CallHandlers._elementwise),
    # np.append(x, rows, axis=0): x with rows added, the data set still (its value only: the copy it makes
    # each pass of a loop is not claimed)
    (_is("numpy.delete"), CallHandlers._all_rows_but),
    # (of one file's array in a loop, np.append(seg, padding): that file's values and a few more, a new array of
    # it, as np.pad gives: the flow's own reading of a call on one file)
    (_is("numpy.append"), lambda flow, call: replace(call.args[0], line=call.node.lineno, inferred=False)
     if call.args and isinstance(call.args[0], Data) else UNKNOWN if any(isinstance(a, Item) for a in call.args)
     else None),
    (lambda n: n in NUMPY_CREATORS, CallHandlers._created),
    (lambda n: n in TORCH_COPIES, CallHandlers._to_torch),
    (_is("jax.numpy.array", "jax.numpy.asarray", "jax.device_put"), CallHandlers._to_jax),
    (lambda n: n in TF_COPIES, CallHandlers._to_tf),
    (lambda n: n in LISTINGS, CallHandlers._listing),
    # os.path.join('data', 'train'), Path('data/train'): a path the script writes, in parts
    (_is("os.path.join", "posixpath.join", "pathlib.Path", "pathlib.PurePath"), CallHandlers._written_path),
    # pathlib: folder.glob("*.png"), folder.rglob(...), folder.iterdir() list a folder all the same
    (lambda n: "." in n and last_part(n) in ("glob", "rglob", "iterdir"), CallHandlers._listing),
    (_is("map"), CallHandlers._mapped_names),
    (_is("list", "sorted", "tuple", "enumerate", "zip", "tqdm", "tqdm.tqdm", "tqdm.auto.tqdm", "iter",
         "tqdm.notebook.tqdm", "numpy.random.permutation", "reversed"), CallHandlers._same),
    (lambda n: n.startswith("keras.applications.") and last_part(n) == "preprocess_input",
     CallHandlers._keras_preprocessed),
    (_is("range"), CallHandlers._range),
    (_is("len"), CallHandlers._length),
    (_is("sklearn.model_selection.train_test_split"), CallHandlers._split),
    (_is("sklearn.utils.shuffle"), CallHandlers._shuffled),
    (lambda n: n.startswith("keras.datasets.") and n.endswith(".load_data"), CallHandlers._keras_dataset),
    (_starts("torchvision.datasets."), CallHandlers._torchvision_dataset),
    (lambda n: n.startswith(("tensorflow.data.", "keras.utils.", "keras.preprocessing."))
     and last_part(n) in ("from_tensor_slices", "from_tensors", "TextLineDataset", "text_dataset_from_directory",
                          "make_csv_dataset", "CsvDataset", "list_files", "TFRecordDataset", "from_generator",
                          "image_dataset_from_directory", "audio_dataset_from_directory",
                          "timeseries_dataset_from_array"), CallHandlers._tf_pipeline),
    (_is("tensorflow_datasets.load"), CallHandlers._tfds_load),
    # Hugging Face datasets: Arrow files on disk, each record decoded when it is read; without split= a DatasetDict
    (_is("datasets.load_dataset", "datasets.load_from_disk", "datasets.Dataset.load_from_disk",
         "datasets.DatasetDict.load_from_disk"),
     lambda flow, call: StreamedDataset(call.qualified, splits=keyword_value(call.node, "split") is None)),
    (_torch_module, lambda flow, call: Model("torch", call.node.lineno)),
    (_torch_loss, lambda flow, call: LossFunction()),
    (_torch_functional_loss, CallHandlers._loss),
    (_keras_model, lambda flow, call: flow._model(call, "keras")),
    (_is("torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"), CallHandlers._data_loader),
    (_is("torch.utils.data.Subset", "torch.utils.data.ConcatDataset", "torch.utils.data.random_split",
         "torch.utils.data.dataset.Subset", "torch.utils.data.dataset.ConcatDataset",
         "torch.utils.data.dataset.random_split"), CallHandlers._dataset_view),
    (_is("h5py.File"), CallHandlers._h5_file),
    (lambda n: last_part(n) == "to_categorical", CallHandlers._one_hot),
    (lambda n: last_part(n) == "pad_sequences", CallHandlers._padded),
    (lambda n: last_part(n) in ("texts_to_matrix", "sequences_to_matrix"), CallHandlers._text_matrix),
    (lambda n: last_part(n) == "readlines", CallHandlers._readlines),
    # a YAML file is the run's settings (yaml.load(open('train_config.yml'))), not its samples: what it holds is
    # read by key (conf['root_path']), a folder's name or a size, never a list of the data set's files
    (_is("yaml.safe_load", "yaml.load", "yaml.full_load", "yaml.unsafe_load"), lambda flow, call: None),
    (_is("json.load"), CallHandlers._json_load),
    (_is("open", "io.open", "codecs.open"), lambda flow, call: TextFile()),
    (_is("cv2.VideoCapture"), lambda flow, call: VideoFile()),
    # csv.reader(f): the open file's lines, each split into its fields; iterating it reads one line at a time
    (_is("csv.reader", "csv.DictReader"),
     lambda flow, call: call.args[0] if call.args and isinstance(call.args[0], TextFile) else None),
    (_is("numpy.random.RandomState", "numpy.random.default_rng", "numpy.random.Generator", "random.Random"),
     lambda flow, call: RandomGenerator()),
    (lambda n: n in ("torch.max", "torch.min", "torch.topk", "torch.sort"),
     lambda flow, call: flow._tensor_method(call, call.args[0], last_part(call.qualified))
     if call.args and isinstance(call.args[0], Tensor) else None),
    (lambda n: n.startswith("torch.") and last_part(n) in NO_GRAD_RESULTS | {"argmax", "argmin", "eq"},
     lambda flow, call: Tensor(graph=False, host=not flow.uses_gpu) if any(isinstance(a, Tensor) for a in call.args)
     else None),
]


def _alias(name: str, call: Call) -> bool:
    """``name`` is one side of a binding of a name to a name where the call runs (X_data = image): both hold one
    array."""
    body = call.ctx.function.node if call.ctx.function is not None else call.ctx.module.tree
    return any(isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and
               name in {node.value.id} | {t.id for t in node.targets if isinstance(t, ast.Name)}
               for node in own_nodes(body))


def _indexed_by_counter(subscript: ast.Subscript, ctx: Context) -> bool:
    """x[:, :, n] in a loop for n in range(...) around it: one position of an axis a pass, not all of x."""
    index = subscript.slice.elts if isinstance(subscript.slice, ast.Tuple) else [subscript.slice]
    counters = {loop.target.id for loop in ctx.loops if isinstance(loop, (ast.For, ast.AsyncFor))
                and isinstance(loop.target, ast.Name) and isinstance(loop.iter, ast.Call)
                and last_part(dotted_name(loop.iter.func)) == "range"}
    return any(isinstance(e, ast.Name) and e.id in counters for e in index)


def _in_place(call: ast.Call) -> bool:
    """df.drop(..., inplace=True): pandas changes the frame itself and returns None."""
    flag = keyword_value(call, "inplace")
    return isinstance(flag, ast.Constant) and bool(flag.value)
