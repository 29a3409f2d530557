"""Static checks of a training script: each finding points at a line, says why it costs memory, and the fix.

The script is parsed with ``ast``, never run. Every rule is a function in
``RULES`` that looks at the parsed module and yields findings; rules work on
call names as written (``tf.data.Dataset.from_tensor_slices``,
``ds.cache()``...), so they see what a reader sees.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from .errors import OomdoctorError
from .files import regular_file
from .i18n import _

# Calls that read a whole file (or decode one) into memory.
_FILE_LOADERS = {"read_file", "decode_wav", "load", "imread", "read", "open", "load_wav", "decode_image",
                 "decode_jpeg", "decode_png", "loadtxt", "genfromtxt", "read_csv"}
_LOADER_MODULES = ("tf.io", "tensorflow.io", "tf.audio", "tf.image", "np", "numpy", "librosa", "cv2", "soundfile",
                   "sf", "Image", "PIL.Image", "scipy.io.wavfile", "wavfile", "pd", "pandas", "torchaudio",
                   "imageio")
_POOLING = ("Pooling", "Pool", "GlobalAverage", "GlobalMax")


@dataclass(frozen=True)
class Finding:
    rule: str
    file: str
    line: int
    message: str
    fix: str

    def to_dict(self) -> dict:
        return {"rule": self.rule, "file": self.file, "line": self.line, "message": self.message, "fix": self.fix}


def _name(node: ast.AST) -> str:
    """Dotted name of a call target: tf.data.Dataset.from_tensor_slices, ds.cache, np.load."""
    if isinstance(node, ast.Call):
        return _name(node.func)
    if isinstance(node, ast.Attribute):
        base = _name(node.value)
        return f"{base}.{node.attr}" if base else node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def _last(name: str) -> str:
    return name.rsplit(".", 1)[-1]


def _calls(tree: ast.AST) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield node


def _is_loader(call: ast.Call) -> bool:
    name = _name(call)
    return _last(name) in _FILE_LOADERS and (name.rsplit(".", 1)[0] in _LOADER_MODULES or "." not in name
                                             and name in ("load_wav",))


def _names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


class Script:
    def __init__(self, path: Path, source: str):
        self.path = path
        self.source = source
        self.tree = ast.parse(source, filename=str(path))
        self.calls = list(_calls(self.tree))
        # the script's own functions that read files: calling one in a loop loads eagerly too
        functions = {n.name: n for n in ast.walk(self.tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        self.loading_functions = {name for name, f in functions.items() if any(_is_loader(c) for c in _calls(f))}

    def loads(self, call: ast.Call) -> bool:
        return _is_loader(call) or _name(call) in self.loading_functions

    def finding(self, rule: str, node: ast.AST, message: str, fix: str) -> Finding:
        return Finding(rule, str(self.path), getattr(node, "lineno", 0), message, fix)

    def calls_named(self, *last_names: str) -> list[ast.Call]:
        return [c for c in self.calls if _last(_name(c)) in last_names]

    def mentions(self, *words: str) -> bool:
        return any(word in self.source for word in words)


def _eager_loading(script: Script) -> Iterator[Finding]:
    """Files read in a Python loop or comprehension, then fed to from_tensor_slices or fit."""
    loaded: dict[str, set[ast.AST]] = {}  # variable -> the loops/comprehensions whose loads it holds

    def holds(names: set[str], origin: ast.AST) -> None:
        for name in names:
            loaded.setdefault(name, set()).add(origin)

    for node in ast.walk(script.tree):
        if isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp)):
            if any(script.loads(c) for c in _calls(node)):
                for assign in (t for t in ast.walk(script.tree) if isinstance(t, ast.Assign) and t.value is node):
                    for target in assign.targets:
                        holds(_names_in(target), node)
        elif isinstance(node, (ast.For, ast.While)):
            if any(script.loads(c) for c in _calls(node)):
                for call in _calls(node):
                    if _last(_name(call)) in ("append", "extend") and isinstance(call.func, ast.Attribute):
                        holds(_names_in(call.func.value), node)
    if not loaded:
        return
    # follow assignments: x = tf.stack(pos + neg); data = from_tensor_slices((x, y))
    changed = True
    while changed:
        changed = False
        for node in ast.walk(script.tree):
            if isinstance(node, ast.Assign):
                origins = set().union(*(loaded.get(n, set()) for n in _names_in(node.value)))
                for target in node.targets:
                    for name in _names_in(target):
                        if not origins <= loaded.get(name, set()):
                            holds({name}, next(iter(origins)))
                            loaded[name] |= origins
                            changed = True
    reported = set()
    for call in script.calls_named("from_tensor_slices", "fit", "from_tensors"):
        origins = set()
        for arg in list(call.args) + [k.value for k in call.keywords]:
            for name in _names_in(arg):
                origins |= loaded.get(name, set())
        for origin in sorted(origins, key=lambda o: o.lineno):
            if origin.lineno in reported:
                continue
            reported.add(origin.lineno)
            yield script.finding(
                "eager-loading", origin,
                _("Every file is read into memory here, before training, and then handed to {call} (line {line}): "
                  "the whole data set sits in RAM, and TensorFlow copies it into the graph.").format(
                    call=_last(_name(call)), line=call.lineno),
                _("Stream it: tf.data.Dataset.list_files(...).map(load_fn, num_parallel_calls=tf.data.AUTOTUNE), "
                  "reading and decoding each file inside load_fn."))


def _in_memory_arrays(script: Script) -> Iterator[Finding]:
    """from_tensor_slices on arrays loaded whole with np.load / np.array."""
    arrays = {}
    for node in ast.walk(script.tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            if _name(node.value) in ("np.load", "numpy.load", "np.fromfile", "np.loadtxt"):
                for target in node.targets:
                    arrays.update({n: node for n in _names_in(target)})
    for call in script.calls_named("from_tensor_slices"):
        used = set()
        for arg in call.args:
            used |= _names_in(arg) & set(arrays)
        if used:
            yield script.finding(
                "in-memory-array", call,
                _("from_tensor_slices embeds the arrays {names} in the graph: the data set is held in memory whole, "
                  "and copied once more.").format(names=", ".join(sorted(used))),
                _("Load lazily (np.load(..., mmap_mode='r') with a generator, or tf.data from files), "
                  "or at least keep the arrays on the CPU."))


def _cache_in_memory(script: Script) -> Iterator[Finding]:
    for call in script.calls_named("cache"):
        if isinstance(call.func, ast.Attribute) and not call.args and not call.keywords:
            yield script.finding(
                "cache-in-memory", call,
                _("Dataset.cache() without a file name keeps every element in memory after the first epoch."),
                _("Give it a file: .cache('/tmp/train_cache'), or cache before the expensive map only if the data "
                  "set fits in RAM."))


def _map_without_parallel(script: Script) -> Iterator[Finding]:
    for call in script.calls_named("map"):
        if not isinstance(call.func, ast.Attribute) or _last(_name(call.func.value)) in ("tf", "np", "builtins"):
            continue
        if any(k.arg == "num_parallel_calls" for k in call.keywords) or len(call.args) >= 2:
            continue
        function = call.args[0] if call.args else None
        if isinstance(function, ast.Lambda) and not any(True for _c in _calls(function)):
            continue  # a lambda that only rearranges its arguments costs nothing to run serially
        if not script.mentions("tf.data", "Dataset"):
            continue
        yield script.finding(
            "map-serial", call,
            _("Dataset.map without num_parallel_calls runs one element at a time: the GPU waits, and people "
              "compensate by loading everything up front."),
            _("Add num_parallel_calls=tf.data.AUTOTUNE."))


def _no_prefetch(script: Script) -> Iterator[Finding]:
    sources = script.calls_named("from_tensor_slices", "list_files", "from_generator", "TFRecordDataset")
    if sources and not script.calls_named("prefetch") and script.calls_named("fit"):
        yield script.finding(
            "no-prefetch", sources[0],
            _("The input pipeline has no prefetch: the next batch is prepared only after the GPU finishes."),
            _("End the pipeline with .prefetch(tf.data.AUTOTUNE)."))


def _huge_shuffle(script: Script) -> Iterator[Finding]:
    for call in script.calls_named("shuffle"):
        sizes = call.args[:1] + [k.value for k in call.keywords if k.arg == "buffer_size"]
        if not isinstance(call.func, ast.Attribute) or not sizes:
            continue
        size = sizes[0]
        # len(...) anywhere in the size (len(pos) + len(neg)) or the data set's cardinality
        whole = any(_last(_name(c)) in ("len", "cardinality") for c in _calls(size))
        big = isinstance(size, ast.Constant) and isinstance(size.value, int) and size.value >= 50_000
        # a shuffle before the map that reads the files holds file names, not data
        names_only = any(m.lineno > call.lineno for m in script.calls_named("map")
                         if isinstance(m.func, ast.Attribute))
        if (whole or big) and not names_only:
            yield script.finding(
                "shuffle-whole", call,
                _("This shuffle buffer holds the whole data set in memory."),
                _("Use a bounded buffer (e.g. 1,000-10,000 elements), shuffle file names before reading, "
                  "and reshuffle each epoch."))


def _no_memory_growth(script: Script) -> Iterator[Finding]:
    if not script.mentions("import tensorflow", "from tensorflow") or not script.calls_named("fit"):
        return
    if script.mentions("set_memory_growth", "set_logical_device_configuration", "configure_gpu_memory",
                       "TF_FORCE_GPU_ALLOW_GROWTH", "set_virtual_device_configuration"):
        return
    first = script.calls_named("fit")[0]
    yield script.finding(
        "no-memory-growth", first,
        _("TensorFlow takes nearly all free GPU memory when it starts, so nvidia-smi shows the GPU full right "
          "after the data set or model is created, and nothing else can share the GPU."),
        _("Before building anything: for gpu in tf.config.list_physical_devices('GPU'): "
          "tf.config.experimental.set_memory_growth(gpu, True)  (or oomdoctor.configure_gpu_memory())."))


_MODEL_BUILDERS = ("Sequential", "Model", "Functional")


def _mixed_precision(script: Script) -> Iterator[Finding]:
    policies = [c for c in script.calls_named("set_global_policy", "set_dtype_policy")
                if c.args and isinstance(c.args[0], ast.Constant) and "mixed" in str(c.args[0].value)]
    if not policies:
        return
    policy = policies[0]
    builds = [c for c in script.calls if _last(_name(c)) in _MODEL_BUILDERS]
    if builds and min(b.lineno for b in builds) < policy.lineno:
        yield script.finding(
            "mixed-precision-late", policy,
            _("The mixed-precision policy is set after the model was built (line {line}): the model stays float32, "
              "and only later layers change.").format(line=min(b.lineno for b in builds)),
            _("Set the policy first, before any layer is created."))
    outputs = [c for c in script.calls if _last(_name(c)) in ("Dense", "Activation")]
    if outputs and not any(k.arg == "dtype" and isinstance(k.value, ast.Constant) and k.value.value == "float32"
                           for c in outputs for k in c.keywords):
        yield script.finding(
            "mixed-precision-output", outputs[-1],
            _("Under a mixed policy the last layer should compute in float32, or the softmax/sigmoid loses "
              "precision and the loss can overflow."),
            _("Give the output layer dtype='float32', e.g. layers.Activation('sigmoid', dtype='float32')."))


def _models_in_loop(script: Script) -> Iterator[Finding]:
    for node in ast.walk(script.tree):
        if not isinstance(node, (ast.For, ast.While)):
            continue
        inner = list(_calls(node))
        if any(_last(_name(c)) in _MODEL_BUILDERS for c in inner) and not any(
                _last(_name(c)) == "clear_session" for c in inner):
            yield script.finding(
                "models-in-loop", node,
                _("A model is built on every pass of this loop and the old ones are never released: Keras keeps "
                  "their graphs and names, and memory grows each iteration."),
                _("Call keras.backend.clear_session() at the start of each iteration (and del the old model)."))


def _run_eagerly(script: Script) -> Iterator[Finding]:
    for call in script.calls_named("compile"):
        for keyword in call.keywords:
            if keyword.arg == "run_eagerly" and isinstance(keyword.value, ast.Constant) and keyword.value.value:
                yield script.finding(
                    "run-eagerly", call,
                    _("run_eagerly=True keeps every intermediate tensor as a Python object and disables graph "
                      "and XLA memory planning: slower and larger."),
                    _("Remove run_eagerly=True once debugging is done."))


def _flatten_dense(script: Script) -> Iterator[Finding]:
    """Convolutions, then Flatten straight into Dense with no pooling: a huge head."""
    for node in ast.walk(script.tree):
        if not isinstance(node, (ast.List, ast.Module, ast.FunctionDef)):
            continue
        sequence = _layer_sequence(node)
        for i, (name, call) in enumerate(sequence):
            if name != "Flatten":
                continue
            before = [n for n, _c in sequence[:i]]
            after = sequence[i + 1:i + 2]
            convs = [j for j, n in enumerate(before) if n.startswith("Conv")]
            if not convs or not after or not after[0][0] == "Dense":
                continue
            if any(any(p in n for p in _POOLING) for n in before[convs[-1]:]):
                continue
            yield script.finding(
                "flatten-dense", call,
                _("Flatten right after convolutions, with no pooling, feeds every pixel of every channel to the "
                  "Dense layer: its weights grow with the image size (the seed's model: 770 M parameters, "
                  "11.5 GiB with Adam)."),
                _("Pool before the head: GlobalAveragePooling2D() instead of Flatten(), or MaxPooling2D layers "
                  "between the convolutions. `oomdoctor estimate` shows the difference."))


def _layer_sequence(node: ast.AST) -> list[tuple[str, ast.Call]]:
    """Layer constructors in source order, directly inside a list (Sequential) or a function/module body."""
    calls: list[ast.Call] = []
    if isinstance(node, ast.List):
        calls = [e for e in node.elts if isinstance(e, ast.Call)]
        calls += [e.func for e in node.elts if isinstance(e, ast.Call) and isinstance(e.func, ast.Call)]
    else:
        for statement in node.body:
            for call in _calls(statement):
                calls.append(call)
    layers = [(_last(_name(c)), c) for c in calls if _last(_name(c))[:1].isupper()]
    return sorted(layers, key=lambda item: (item[1].lineno, item[1].col_offset))


Rule = Callable[[Script], Iterator[Finding]]
RULES: list[Rule] = [_eager_loading, _in_memory_arrays, _cache_in_memory, _map_without_parallel, _no_prefetch,
                     _huge_shuffle, _no_memory_growth, _mixed_precision, _models_in_loop, _run_eagerly,
                     _flatten_dense]


def check_source(path: str | Path, source: str | None = None) -> list[Finding]:
    path = Path(path)
    if source is None:
        # utf-8-sig: a byte-order mark (Windows editors write one) is not part of the code, as Python reads it
        source = regular_file(path, _("Give the training script's path.")).read_text(encoding="utf-8-sig",
                                                                                      errors="replace")
    try:
        script = Script(path, source)
        findings = {(f.rule, f.line): f for rule in RULES for f in rule(script)}
    except SyntaxError as exc:
        raise OomdoctorError(_("{path} is not valid Python (line {line}: {error}).").format(
            path=path, line=exc.lineno, error=exc.msg), _("Fix the syntax error first.")) from None
    except RecursionError:  # Python's parser and the rules' walk recurse once per level of nesting
        raise OomdoctorError(_("{path} nests an expression too deeply for Python's parser to read.").format(
            path=path), _("Split the deepest expression into several statements.")) from None
    return sorted(findings.values(), key=lambda f: (f.line, f.rule))
