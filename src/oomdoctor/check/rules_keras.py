"""Rules: TensorFlow and Keras."""

from __future__ import annotations

import ast
import math
from typing import Callable, Iterator

from ..i18n import _
from ..units import format_bytes
from .flow import unenumerated
from .handlers import literal_shape
from .library import BACKBONE_STRIDE, KERAS_BACKBONES, KERAS_TRAINING_CALLS, argument, keyword_value
from .modules import FunctionInfo, Module
from .names import calls_in, dotted_name, last_part
from .script import Finding, Script
from .values import Data, FunctionRef, Model, Number, Range


def map_without_parallel(script: Script) -> Iterator[Finding]:
    """Dataset.map without num_parallel_calls maps one element at a time (throughput advice); a lambda
    that calls nothing is left alone."""
    for call in script.calls_named("map"):
        if not isinstance(call.func, ast.Attribute) or \
                last_part(dotted_name(call.func.value)) in ("tf", "np", "builtins"):
            continue
        if any(k.arg == "num_parallel_calls" for k in call.keywords) or len(call.args) >= 2:
            continue
        function = call.args[0] if call.args else None
        if isinstance(function, ast.Lambda) and not any(True for _c in calls_in(function)):
            continue  # a lambda that only rearranges its arguments costs nothing to run serially
        if not script.mentions("tf.data", "Dataset"):
            continue
        yield script.finding(
            "map-serial", call,
            _("Dataset.map without num_parallel_calls runs one element at a time: the GPU waits, and people "
              "compensate by loading everything up front."),
            _("Add num_parallel_calls=tf.data.AUTOTUNE."), kind="throughput")


def no_prefetch(script: Script) -> Iterator[Finding]:
    """A tf.data pipeline (from_tensor_slices, list_files, from_generator, TFRecordDataset) trained with fit
    and never prefetched (throughput advice)."""
    sources = script.calls_named("from_tensor_slices", "list_files", "from_generator", "TFRecordDataset")
    if sources and not script.calls_named("prefetch") and script.calls_named("fit"):
        yield script.finding(
            "no-prefetch", sources[0],
            _("The input pipeline has no prefetch: the next batch is prepared only after the GPU finishes."),
            _("End the pipeline with .prefetch(tf.data.AUTOTUNE)."), kind="throughput")


def no_memory_growth(script: Script) -> Iterator[Finding]:
    """TensorFlow reserves the GPU: a memory problem only when something else needs the same GPU."""
    main = script.main
    pipeline = _tensorflow_pipeline_beside_jax(script)
    if pipeline is not None:
        module, call = pipeline
        yield script.finding(
            "no-memory-growth", call,
            _("TensorFlow runs here for the input pipeline of a JAX program, with the GPU visible to it: its first "
              "op reserves nearly all free GPU memory, and JAX preallocates 75% of the same GPU, so whichever starts "
              "second runs out of memory (often as CUBLAS_STATUS_NOT_INITIALIZED or a failed cuDNN handle)."),
            _("Hide the GPU from TensorFlow before the pipeline is built, so its ops run on the CPU as an input "
              "pipeline's should: tf.config.set_visible_devices([], 'GPU')."), module=module)
        return
    if not main.imports("tensorflow") or not script.calls_named("fit"):
        return  # tensorflow_docs, tensorflow_datasets alone do not start TensorFlow on the GPU
    if script.mentions(*_TF_GPU_SETTINGS):
        return
    if _runs_on_cpu_only(script):
        return
    sharing = _gpu_sharers(script)
    first = script.calls_named("fit")[0]
    if sharing:
        yield script.finding(
            "no-memory-growth", first,
            _("TensorFlow takes nearly all free GPU memory when it starts, and {other} needs the same GPU: whichever "
              "starts second runs out of memory.").format(other=sharing),
            _("Before building anything: for gpu in tf.config.list_physical_devices('GPU'): "
              "tf.config.experimental.set_memory_growth(gpu, True)  (or oomdoctor.configure_gpu_memory())."))
    else:
        yield script.finding(
            "no-memory-growth", first,
            _("TensorFlow takes nearly all free GPU memory when it starts, so nvidia-smi shows the GPU full even "
              "when the model needs little; that is not a leak, and alone it does not make the script fail."),
            _("To see what the script really uses, or to share the GPU: for gpu in "
              "tf.config.list_physical_devices('GPU'): tf.config.experimental.set_memory_growth(gpu, True)."),
            kind="throughput")


def _tensorflow_pipeline_beside_jax(script: Script) -> tuple[Module, ast.Call] | None:
    """The first call that runs TensorFlow (a tf.data or TFDS pipeline first, else any TensorFlow op) in a program
    that computes with JAX, where nothing hides the GPU from TensorFlow or lets its memory grow (Flax's examples
    hide it for this reason: google/flax#445); None otherwise. Keras's NumPy-only helpers (ImageDataGenerator)
    start no TensorFlow."""
    modules = script.modules
    if not any(m.imports(*_JAX_FRAMEWORKS) for m in modules) or \
            not any(m.imports("tensorflow", "tensorflow_datasets") for m in modules):
        return None
    if any(word in m.source for m in modules for word in _TF_GPU_SETTINGS) or \
            any(_hides_the_gpu(m.tree) for m in modules):
        return None
    pipelines, ops = [], []
    for module in modules:
        for call in (n for n in ast.walk(module.tree) if isinstance(n, ast.Call)):
            name = module.qualified(call.func)
            if name.startswith("tensorflow_datasets.") or name.startswith("tensorflow.data.") or \
                    isinstance(call.func, ast.Attribute) and call.func.attr == "as_dataset":
                pipelines.append((module, call))
            elif name.startswith("tensorflow.") and not name.startswith(_NUMPY_ONLY_KERAS) and \
                    not name.startswith(("tensorflow.config.", "tensorflow.random.set_seed", "tensorflow.keras.datasets.")):
                ops.append((module, call))
    found = pipelines or ops
    return min(found, key=lambda pair: (modules.index(pair[0]), pair[1].lineno)) if found else None


# Libraries that compute with JAX (each imports it)
_JAX_FRAMEWORKS = ("jax", "flax", "haiku", "optax", "equinox", "numpyro", "objax", "trax")
# What, written anywhere in the program, keeps TensorFlow from taking the whole GPU
_TF_GPU_SETTINGS = ("set_memory_growth", "set_logical_device_configuration", "TF_FORCE_GPU_ALLOW_GROWTH",
                    "set_virtual_device_configuration", "per_process_gpu_memory_fraction", "allow_growth",
                    "configure_gpu_memory")


def _hides_the_gpu(tree: ast.Module) -> bool:
    """CUDA_VISIBLE_DEVICES set to '-1' or '', or set_visible_devices([], ...): TensorFlow never touches a GPU."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and \
                str(node.value.value).strip() in ("-1", "") and any(
                    isinstance(t, ast.Subscript) and "CUDA_VISIBLE_DEVICES" in ast.dump(t.slice) for t in node.targets):
            return True
        if not isinstance(node, ast.Call):
            continue
        name = last_part(dotted_name(node.func))
        texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
        if name == "set_visible_devices" and node.args and isinstance(node.args[0], ast.List) and \
                not node.args[0].elts:
            return True
        if name in ("setdefault", "putenv") and "CUDA_VISIBLE_DEVICES" in texts and \
                any(str(t).strip() in ("-1", "") for t in texts[1:]):
            return True
    return False


def _runs_on_cpu_only(script: Script) -> bool:
    """CUDA_VISIBLE_DEVICES=-1 or '', or no visible GPU devices, in the script or a module of it: TensorFlow never
    touches a GPU."""
    return any(_hides_the_gpu(m.tree) for m in script.modules)


def _gpu_sharers(script: Script) -> str:
    """What else in the script would use the GPU: another framework, or processes of its own."""
    if any(m.imports("torch") for m in script.modules) and script.mentions("cuda"):
        return "PyTorch"  # a PyTorch that never says cuda (a Dataset class, a CPU tensor) leaves the GPU alone
    if any(m.imports("jax") for m in script.modules):
        return "JAX"
    if script.keras_backend != "tensorflow":
        return _("Keras's {backend} backend").format(backend=script.keras_backend)
    if any(m.imports("ray") for m in script.modules) or \
            any(m.imports("multiprocessing", "concurrent.futures") for m in script.modules) and _workers_run_tf(script):
        return _("the script's other processes")
    return ""


# how a process pool or an executor is handed the function its workers run (pool.map(f, xs), ex.submit(f, x))
_WORKER_METHODS = {"map", "imap", "imap_unordered", "starmap", "map_async", "starmap_async", "apply", "apply_async",
                   "submit"}
# Keras's helpers that only decode or reshape with NumPy and PIL: a worker calling them starts no TensorFlow
_NUMPY_ONLY_KERAS = ("keras.preprocessing", "keras.utils", "tensorflow.keras.preprocessing", "tensorflow.keras.utils",
                     "keras.src.utils", "keras.src.legacy.preprocessing")
_MODEL_METHODS = {"predict", "fit", "evaluate", "train_on_batch", "predict_on_batch", "load_model"}


def _workers_run_tf(script: Script) -> bool:
    """Whether a process the script starts (Process(target=f), pool.map(f, ...), executor.submit(f, ...)) may run
    TensorFlow: only then does each of them take a GPU of its own. Workers that decode files with PIL, OpenCV or
    Keras's image helpers never touch the GPU. A worker the script does not define is taken to run it; a script that
    starts no process (multiprocessing.cpu_count() alone) starts none."""
    def find() -> bool:
        for module in script.modules:
            for node in ast.walk(module.tree):
                if not isinstance(node, ast.Call):
                    continue
                target: ast.AST | None = None
                if last_part(dotted_name(node.func)) == "Process":
                    target = keyword_value(node, "target")
                elif isinstance(node.func, ast.Attribute) and node.func.attr in _WORKER_METHODS and node.args:
                    target = node.args[0]
                if target is None:
                    continue
                if isinstance(target, ast.Lambda):
                    if _runs_tf(target.body, module, script, set()):
                        return True
                    continue
                function = _script_function(target, module)
                if function is None or _runs_tf(function.node, function.module, script, set()):
                    return True
        return False
    return script.memoized("workers-run-tf", find)


def _script_function(node: ast.AST, module: Module) -> FunctionInfo | None:
    """The script's own top-level function a name refers to (load_one, or utils.load_one of a module it imports)."""
    name = dotted_name(node)
    return module.top_functions.get(name) if name else None


def _runs_tf(body: ast.AST, module: Module, script: Script, visited: set[ast.AST]) -> bool:
    """A TensorFlow call, or a model's, in this code or in the script's functions it calls."""
    if body in visited:
        return False
    visited.add(body)
    for call in (n for n in ast.walk(body) if isinstance(n, ast.Call)):
        qualified = module.qualified(call.func)
        if qualified.startswith(("tensorflow", "keras")) and not qualified.startswith(_NUMPY_ONLY_KERAS):
            return True
        if isinstance(call.func, ast.Attribute) and call.func.attr in _MODEL_METHODS:
            return True
        function = _script_function(call.func, module)
        if function is not None and _runs_tf(function.node, module, script, visited):
            return True
    return False


_MODEL_BUILDERS = ("Sequential", "Model", "Functional")


def mixed_precision(script: Script) -> Iterator[Finding]:
    """A mixed-precision policy set after the model is built, or no Dense or Activation layer given
    dtype='float32' for the output under it."""
    policies = [c for c in script.calls_named("set_global_policy", "set_dtype_policy")
                if c.args and isinstance(c.args[0], ast.Constant) and "mixed" in str(c.args[0].value)]
    if not policies:
        return
    policy = policies[0]
    calls = list(calls_in(script.module_of(policy).tree))  # the models built in the file that sets the policy
    builds = [c for c in calls if last_part(dotted_name(c)) in _MODEL_BUILDERS]
    if builds and min(b.lineno for b in builds) < policy.lineno:
        yield script.finding(
            "mixed-precision-late", policy,
            _("The mixed-precision policy is set after the model was built (line {line}): the model stays float32, "
              "and only later layers change.").format(line=min(b.lineno for b in builds)),
            _("Set the policy first, before any layer is created."))
    outputs = [c for c in calls if last_part(dotted_name(c)) in ("Dense", "Activation")]
    if outputs and not any(k.arg == "dtype" and isinstance(k.value, ast.Constant) and k.value.value == "float32"
                           for c in outputs for k in c.keywords):
        yield script.finding(
            "mixed-precision-output", outputs[-1],
            _("Under a mixed policy the last layer should compute in float32, or the softmax/sigmoid loses "
              "precision and the loss can overflow."),
            _("Give the output layer dtype='float32', e.g. layers.Activation('sigmoid', dtype='float32')."),
            kind="throughput")


def models_in_loop(script: Script) -> Iterator[Finding]:
    """New Keras models built and trained on every pass of a loop, without clear_session()."""
    reported = set()
    for seen in script.seen("model-built"):
        model: Model = seen.value  # type: ignore[assignment]
        loop = seen.ctx.loops[0] if seen.ctx.loops else None
        if model.extractor or loop is None or loop in reported or _runs_once(loop):
            continue
        calls = list(calls_in(loop))
        trains = _calls_anywhere(calls, KERAS_TRAINING_CALLS | {"compile"}, script)
        clears = _calls_anywhere(calls, {"clear_session"}, script)
        if not trains or clears:
            continue
        passes = _known_passes(loop, seen.ctx.module, script)
        weights = _dense_model_weights(seen.node, script)
        if passes is not None and passes <= _FEW_MODELS and weights is not None and weights <= _SMALL_MODEL_WEIGHTS:
            continue  # five folds of a 14 -> 100 -> 20 -> 1 network: a few small models, kept or not
        reported.add(loop)
        module = script.module_of(seen.node)
        if module is seen.ctx.module and loop.lineno <= seen.node.lineno <= (loop.end_lineno or loop.lineno):
            message = _("A new model is built and trained on every pass of this loop and the old ones are never "
                        "released: Keras keeps their graphs and layer names, and memory grows each iteration.")
        else:  # built in a function the loop calls (for lr in rates: train(lr))
            message = _("A new model is built and trained here on every call, and the loop on line {line} of {file} "
                        "calls this on every pass without releasing the old ones: Keras keeps their graphs and layer "
                        "names, and memory grows each iteration.").format(
                line=loop.lineno, file=seen.ctx.module.path.name)
        yield script.finding(
            "models-in-loop", seen.node, message,
            _("Call keras.backend.clear_session() at the start of each iteration (and del the old model)."),
            module=module)


# A loop that builds at most this many models, each of at most this many weights, holds a few MB of them and of
# their graphs however long they stay: nothing grows enough to matter
_FEW_MODELS = 20
_SMALL_MODEL_WEIGHTS = 1_000_000
# Keras layers that add no weights or a few per unit (BatchNormalization's four), and what a builder also calls
_WIDTH_KEEPING_LAYERS = {"Dropout", "AlphaDropout", "GaussianNoise", "GaussianDropout", "Activation", "ReLU",
                         "LeakyReLU", "ELU", "Softmax"}
_NORMALIZING_LAYERS = {"BatchNormalization": 4, "LayerNormalization": 2}
_BUILDERS_AND_OPTIMIZERS = {"Sequential", "Model", "Adam", "AdamW", "SGD", "RMSprop", "Adagrad", "Adadelta",
                            "Adamax", "Nadam"}


def _runs_once(loop: ast.AST) -> bool:
    """for fold, (tr, va) in enumerate(kf.split(X)): ... model.fit(...); break: a break in the loop's own body, not
    under an if, ends the first pass, so one model is built however many passes the loop offers (a k-fold loop cut
    to its first fold); also under a with or try of that body, which runs it all the same."""
    if not isinstance(loop, (ast.For, ast.AsyncFor, ast.While)):
        return False
    body = list(loop.body)
    while body:
        statement = body.pop()
        if isinstance(statement, ast.Break):
            return True
        if isinstance(statement, (ast.With, ast.AsyncWith)):
            body += statement.body
        elif isinstance(statement, ast.Try):
            body += statement.body + statement.finalbody
    return False


def _known_passes(loop: ast.AST, module: Module, script: Script) -> int | None:
    """How many times a loop runs where the script says: range(5), or the folds of a cross-validator
    (for k, (tr, te) in enumerate(KFold(n_splits=5).split(X)), skf = StratifiedKFold(N_FOLDS) bound before);
    None where it does not."""
    if not isinstance(loop, (ast.For, ast.AsyncFor)):
        return None
    iterable = unenumerated(loop.iter)
    counted = script.value(iterable)
    if isinstance(counted, Range):
        return counted.count
    if not (isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Attribute) and
            iterable.func.attr == "split"):
        return None
    splitter = iterable.func.value
    if isinstance(splitter, ast.Name):
        splitter = module.value_before(splitter)
    if not isinstance(splitter, ast.Call) or not last_part(dotted_name(splitter.func)).endswith("KFold"):
        return None
    given = argument(splitter, "n_splits", 0)
    if given is None:
        return 5  # scikit-learn's default number of folds
    number = script.value(given)
    return int(number.value) if isinstance(number, Number) else None


def _dense_model_weights(build: ast.AST, script: Script) -> int | None:
    """The weights of the Keras model a call builds, where it is a stack of Dense layers on an input whose width the
    script writes (Input(14), Dense(64, input_dim=14)), built by the script's function or the Sequential call
    itself; None for any other model (a convolution, a recurrent layer, a width it does not show)."""
    if not isinstance(build, ast.Call):
        return None
    callee = script.value(build.func)
    if isinstance(callee, FunctionRef):
        layers = _layer_sequence(callee.info.node)
    elif last_part(dotted_name(build.func)) == "Sequential" and build.args and isinstance(build.args[0], ast.List):
        layers = _layer_sequence(build.args[0])
    else:
        return None

    def number(node: ast.AST | None) -> int | None:
        if isinstance(node, (ast.Tuple, ast.List)):
            return number(node.elts[0]) if len(node.elts) == 1 else None
        value = script.value(node) if node is not None else None
        return int(value.value) if isinstance(value, Number) and value.value == int(value.value) else None

    width, weights = None, 0
    for name, call in layers:
        if name in ("Input", "InputLayer"):
            width = number(argument(call, "shape", 0) or keyword_value(call, "input_shape"))
        elif name == "Dense":
            units = number(argument(call, "units", 0))
            width = width or number(keyword_value(call, "input_dim")) or number(keyword_value(call, "input_shape"))
            if units is None or width is None:
                return None
            weights, width = weights + width * units + units, units
        elif name in _NORMALIZING_LAYERS and width is not None:
            weights += _NORMALIZING_LAYERS[name] * width
        elif name not in _WIDTH_KEEPING_LAYERS and name not in _BUILDERS_AND_OPTIMIZERS:
            return None
    return weights if width is not None else None


def _calls_anywhere(calls: list[ast.Call], names: set[str] | frozenset[str], script: Script) -> bool:
    """One of ``calls``, or a call inside a function one of them calls (build_model() often starts with
    clear_session(); train_model() builds, compiles and fits), has one of these last names."""
    for call in calls:
        if last_part(dotted_name(call)) in names:
            return True
        callee = script.flow.values.get(call.func)
        if isinstance(callee, FunctionRef) and any(last_part(dotted_name(c)) in names
                                                   for c in calls_in(callee.info.node)):
            return True
    return False


def run_eagerly(script: Script) -> Iterator[Finding]:
    """compile(run_eagerly=True): every step runs op by op in Python (throughput advice)."""
    for call in script.calls_named("compile"):
        for keyword in call.keywords:
            if keyword.arg == "run_eagerly" and isinstance(keyword.value, ast.Constant) and keyword.value.value:
                yield script.finding(
                    "run-eagerly", call,
                    _("run_eagerly=True runs every step op by op in Python, without graph or XLA planning: slower, "
                      "and memory is planned step by step."),
                    _("Remove run_eagerly=True once debugging is done."), kind="throughput")


_POOLING = ("Pooling", "Pool", "GlobalAverage", "GlobalMax")


def flatten_dense(script: Script) -> Iterator[Finding]:
    """Convolutions, then Flatten straight into Dense with no pooling: a huge head."""
    sequences: dict[ast.AST, list[tuple[str, ast.Call]]] = {}
    shape_names: dict[ast.AST, frozenset[str]] = {}  # each model body's names bound to a tensor's shape
    for flatten in script.calls_named("Flatten"):
        # the model it is part of: a Sequential([...]) list, or the body of the function or module adding layers
        module = script.module_of(flatten)
        parent = module.parents.get(flatten)
        containers = [parent] if isinstance(parent, ast.List) else []
        containers.append(module.function_of(flatten).node if module.function_of(flatten) else module.tree)
        for container in containers:
            if container not in sequences:
                sequences[container] = _layer_sequence(container)
            sequence = sequences[container]
            i = next((j for j, (_n, c) in enumerate(sequence) if c is flatten), None)
            if i is None:
                continue
            before = [n for n, _c in sequence[:i]]
            after = sequence[i + 1:i + 2]
            convs = [j for j, n in enumerate(before) if n.startswith("Conv")]
            if not after or not after[0][0] == "Dense":
                continue

            # the feature map's size, where it follows from the input shape and the numbers the script binds
            numbers = _CalledOnce.of(module.function_of(flatten), script, lambda file: module_numbers(script, file)) \
                or module_numbers(script, module)
            pretrained = _pretrained_map(sequence[:i], module, numbers)
            if pretrained is not None:
                # VGG16(include_top=False, input_shape=(128, 128, 3)), then Flatten into Dense: the backbone's
                # map, its size known from the input shape, is the head's input; said only when the kernel is huge
                name, features = pretrained
                dense = after[0][1]
                units = int_argument(dense, 0, "units", numbers.at(dense.lineno))
                if units is not None and features * units >= HUGE_HEAD_WEIGHTS:
                    yield _unpooled_head(script, flatten, features, units)
                break
            if not convs:
                pixels = _flattened_input_features(sequence[:i + 1], numbers) \
                    if not _layers_by_name(container, sequence, i) else None
                if pixels is not None:
                    # Flatten(input_shape=(200, 200, 3)), Dense(3000): an MLP over every pixel of the image
                    dense = after[0][1]
                    units = int_argument(dense, 0, "units", numbers.at(dense.lineno))
                    if units is not None and pixels * units >= HUGE_HEAD_WEIGHTS:
                        yield _wide_input_head(script, flatten, pixels, units, module)
                    continue
                embedded = _embedded_sequence_features(sequence[:i], numbers)
                if embedded is not None:
                    # Embedding(2000, 50, input_length=2000), Flatten, Dense(300): every token's vector of every
                    # position is a feature of the head, 100,000 of them
                    dense = after[0][1]
                    units = int_argument(dense, 0, "units", numbers.at(dense.lineno))
                    if units is not None and embedded * units >= HUGE_HEAD_WEIGHTS:
                        yield _flattened_embeddings(script, flatten, embedded, units)
                continue
            dense, at = after[0][1], numbers.at(after[0][1].lineno)
            # Keras 1's Dense(input_dim=64 * 1024, output_dim=925) says itself how many features it takes
            if container not in shape_names:
                shape_names[container] = _tensor_shape_names(container)
            features = _flattened_features(sequence[:i], numbers, _fitted_sample_shape(container, module, script),
                                           shape_names[container]) \
                or int_of(keyword_value(dense, "input_dim"), at)
            units = int_argument(dense, 0, "units", at) or int_of(keyword_value(dense, "output_dim"), at)
            weights = features * units if features is not None and units is not None else None
            size = format_bytes(4 * weights) if weights is not None else ""
            if weights is not None and _pretrained_not_trained(flatten, container, module):
                break  # a published network (VGG16 written out) given its trained weights, run to extract features
            if any(any(p in n for p in _POOLING) for n in before[convs[-1]:]):
                if weights is None or weights < HUGE_HEAD_WEIGHTS:
                    continue  # pooled, by an amount the script does not show, or into a head that is not large
                yield script.finding(
                    "flatten-dense", flatten,
                    _("Flatten hands {features:,} features to Dense({units}): its kernel alone has {weights:,} "
                      "weights ({size} in float32; Adam's two slots and the gradient make it four times that), "
                      "although the convolutions are pooled.").format(
                        features=features, units=units, weights=weights, size=size),
                    _("Pool further before the head (GlobalAveragePooling2D() instead of Flatten(), or more "
                      "MaxPooling2D/strides), or use fewer Dense units. `oomdoctor estimate` shows the difference."))
            elif weights is not None:
                if weights < HUGE_HEAD_WEIGHTS:
                    break  # the script gives the input's size, and the head it makes is not a memory problem
                yield _unpooled_head(script, flatten, features, units)
            elif not any(strided(call) for name, call in sequence[convs[0]:i] if name.startswith("Conv")) and \
                    not any(any(p in n for p in _POOLING) for n in before[convs[0]:]) and \
                    not before[convs[-1]].endswith("1D") and not (units is not None and units <= _SCORE_UNITS) and \
                    not _fitted_as_sequence(containers[-1], module, script) and \
                    not any(_keras_backbone(name, call, module) for name, call in sequence[:convs[0]]):
                # (Dense(1) of a critic or a regressor: its kernel has as many weights as one sample's map has
                # values, whatever the image's size; a map that large is the convolutions' problem, not the head's)
                # strided convolutions, or a pooling between convolutions (Conv, MaxPooling2D, Conv, Flatten), shrink
                # the map by an amount the script does not show: not claimed, nor "no pooling" said; nor
                # after a 1-D convolution, whose map is a sequence's length times its filters, not an image's
                # rows times its columns (said where the script shows the size, as for DanQ's Dense(input_dim=)),
                # nor when fit() is given samples of one axis written for Conv2D (rows.reshape(n, length, 1, 1)):
                # a 2-D convolution over a width of one is a 1-D one; nor convolutions over a keras.applications
                # backbone's map (VGG19 cut at block4_pool, then Conv2D(1, 1)): the backbone has pooled it already
                yield script.finding(
                    "flatten-dense", flatten,
                    _("Flatten right after convolutions, with no pooling, feeds every pixel of every channel to the "
                      "Dense layer: its weights grow with the image size (the seed's model: 770 M parameters, "
                      "11.5 GiB with Adam)."),
                    _("Pool before the head: GlobalAveragePooling2D() instead of Flatten(), or MaxPooling2D layers "
                      "between the convolutions. `oomdoctor estimate` shows the difference."))
            break


# A Dense kernel past this after Flatten is a memory problem of its own: 0.45 GiB with Adam's slots and the
# gradient, before one activation, more than the rest of a small CNN many times over. Blind labellers flagged
# heads of 39 M (a 200 x 200 gesture CNN), 56 M and 82 M weights (retinopathy and chest X-ray CNNs); VGG16's
# own head, 25,088 x 4,096 = 103 M, is above it too
HUGE_HEAD_WEIGHTS = 30_000_000
# A head of at most this many units (a critic's score, a yes/no): a kernel of the flattened map's size times that
_SCORE_UNITS = 2


def model_input_shape(script: Script) -> tuple[int, ...] | None:
    """The shape of one sample the script's Keras model takes, from the input shape it gives the first layer in
    numbers (input_shape=(127, 127, 9), Input(shape=(224, 224, 3)), a name bound to such a tuple, or attributes the
    flow knows the numbers of, Input((self.img_rows, self.img_cols, 3))): what fit()'s arrays hold per sample where
    nothing else shows it. None where the script gives none, or several that differ."""
    return script.memoized("model-input-shape", lambda: _model_input_shape(script))


# Keras layers that convolve over two or three dimensions: the model they are part of is given images (or
# spectrograms, volumes, clips)
_IMAGE_LAYERS = ("Conv2D", "Conv3D", "Convolution2D", "Convolution3D", "SeparableConv2D", "DepthwiseConv2D",
                 "ConvLSTM2D")


def model_convolves_images(script: Script) -> bool:
    """The script builds its Keras model of 2-D or 3-D convolutions: what fit() is given is images, whatever size
    the script shows (or does not) for them."""
    # (in the script, or in the parts of its local modules it uses: a U-Net assembled in u_net.py)
    return script.memoized("model-convolves-images", lambda: any(
        script.module_of(call).qualified(call.func).startswith("keras.") for call in script.calls_named(*_IMAGE_LAYERS)))


def _model_input_shape(script: Script) -> tuple[int, ...] | None:
    constants = module_numbers(script, script.main)
    shapes = set()
    for call in script.calls:
        given = [k.value for k in call.keywords if k.arg in ("input_shape", "batch_input_shape") or
                 k.arg == "shape" and last_part(dotted_name(call)) == "Input"]
        if last_part(dotted_name(call)) == "Input" and call.args:
            given.append(call.args[0])
        # Dense(512, input_dim=193): a sample of 193 values (an Embedding's input_dim is its vocabulary, no shape)
        if "Embedding" not in last_part(dotted_name(call)):
            given += [ast.Tuple(elts=[k.value], ctx=ast.Load()) for k in call.keywords if k.arg == "input_dim"]
        for node in given:
            at = constants.at(call.lineno)
            if isinstance(node, ast.Name):  # input_shape = (img_rows, img_cols, channels)
                parts = [at.get(f"{node.id}[{i}]") for i in range(len([k for k in at if k.startswith(node.id + "[")]))]
            elif isinstance(node, (ast.Tuple, ast.List)):
                parts = [int_of(e, at) for e in node.elts]
            else:
                return None
            if None in parts:
                # Input((self.img_rows, self.img_cols, 3)) with the sizes a constructor's defaults give, or a tuple
                # bound in a function: the numbers the flow found them to hold
                parts = list(literal_shape(node, script.flow.values) or parts)
            if any(k.arg == "batch_input_shape" for k in call.keywords):
                parts = parts[1:]
            if not parts or None in parts:
                return None  # a size the script computes: the model's input is not known
            shapes.add(tuple(parts))
    return shapes.pop() if len(shapes) == 1 else None


def module_numbers(script: Script, module: Module) -> "Constants":
    """The numbers ``module`` binds at its top level (Constants), read once per script and module: each rule that
    sizes layers or windows from them asks again."""
    return script.memoized(f"module-numbers:{module.path}", lambda: Constants(module.tree))


class Constants:
    """Module-level whole numbers, and the parts of tuples of them (``kernel_size = (8, 8)`` gives
    ``kernel_size[0]``), as bound at each line: a script may set ``nb_filters = 32``, add layers, then set
    ``nb_filters = 128`` for the next ones. Statements inside top-level ``if`` blocks (``if __name__ ==
    '__main__':``) count; those in functions and classes do not."""

    def __init__(self, tree: ast.Module):
        self._bindings: list[tuple[int, str, int]] = []  # (line, name, value), in source order
        known: dict[str, int] = {}
        for statement in _module_statements(tree.body):
            if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
                continue
            target, value = statement.targets[0], statement.value
            pairs = [(target, value)]
            if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
                pairs = list(zip(target.elts, value.elts))
            for name, bound in pairs:
                if not isinstance(name, ast.Name):
                    continue
                parts = bound.elts if isinstance(bound, (ast.Tuple, ast.List)) else None
                found = [(name.id, int_of(bound, known))] if parts is None else \
                    [(f"{name.id}[{i}]", int_of(e, known)) for i, e in enumerate(parts)]
                for key, number in found:
                    if number is not None:
                        known[key] = number
                        self._bindings.append((statement.lineno, key, number))

    def at(self, line: int) -> dict[str, int]:
        """The numbers as bound just before ``line``."""
        return {name: value for bound, name, value in self._bindings if bound < line}


class _CalledOnce:
    """The numbers a function that builds the model sees, where the script calls it once: the module's numbers
    as bound at the call, and the whole numbers (or tuples of them) the call passes to its parameters
    (``cnn_model(X, y, nb_filters=nb_filters, kernel_size=(8, 8))``)."""

    def __init__(self, numbers: dict[str, int]):
        self._numbers = numbers

    @staticmethod
    def of(function: FunctionInfo | None, script: Script,
           constants_of: Callable[[Module], Constants]) -> _CalledOnce | None:
        if function is None or function.cls is not None:
            return None
        calls = [c for c in script.calls_named(function.name) if isinstance(c.func, ast.Name)]
        if len(calls) != 1:
            return None  # called with other numbers at each call, or never: nothing to follow
        call = calls[0]
        caller = script.module_of(call)
        at_call = constants_of(caller).at(call.lineno)  # the caller's numbers, in the caller's file
        # the body reads its own file's globals: a builder imported from model.py (SEQ_LEN = 1000 there) sees that
        # module as it stands once imported, every top-level number bound; the caller's numbers reach it only as
        # the arguments it is given
        own = function.module.path != caller.path
        numbers = dict(constants_of(function.module).at(len(function.module.source.splitlines()) + 1) if own
                       else at_call)
        arguments = function.node.args
        names = [a.arg for a in arguments.posonlyargs + arguments.args]
        given = list(zip(names, call.args)) + [(k.arg, k.value) for k in call.keywords if k.arg]
        for name, value in given:
            for key in [k for k in numbers if k == name or k.startswith(f"{name}[")]:
                del numbers[key]  # the parameter hides the module's name
            if isinstance(value, ast.Name):  # kernel_size=kernel_size: the module's tuple, part by part
                numbers.update({name + key[len(value.id):]: number for key, number in at_call.items()
                                if key == value.id or key.startswith(f"{value.id}[")})
            elif isinstance(value, (ast.Tuple, ast.List)):
                numbers.update({f"{name}[{i}]": n for i, e in enumerate(value.elts)
                                if (n := int_of(e, at_call)) is not None})
            elif (number := int_of(value, at_call)) is not None:
                numbers[name] = number
        return _CalledOnce(numbers)

    def at(self, line: int) -> dict[str, int]:
        return self._numbers


def _module_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A module's own statements, those in its top-level if/else blocks included, in source order."""
    for statement in body:
        if isinstance(statement, ast.If):
            yield from _module_statements(statement.body + statement.orelse)
        else:
            yield statement


def int_of(node: ast.AST | None, constants: dict[str, int]) -> int | None:
    """The whole number an expression gives from the numbers the script binds (a constant, a name, kernel_size[0],
    a product or a sum of those); None where it is not one."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        if node.id in constants:
            return constants[node.id]
        pair = (constants.get(f"{node.id}[0]"), constants.get(f"{node.id}[1]"))  # kernel_size = (3, 3)
        return pair[0] if pair[0] is not None and pair[0] == pair[1] and f"{node.id}[2]" not in constants else None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and \
            isinstance(node.slice, ast.Constant) and type(node.slice.value) is int:
        return constants.get(f"{node.value.id}[{node.slice.value}]")  # kernel_size[0]
    if isinstance(node, (ast.Tuple, ast.List)) and node.elts:  # (3, 3): square kernels and pools
        values = [int_of(e, constants) for e in node.elts]
        return values[0] if values and all(v == values[0] for v in values) else None
    if isinstance(node, ast.IfExp):  # 30 if scene == 'IP' else 15: either may run, the larger sets the memory
        left, right = int_of(node.body, constants), int_of(node.orelse, constants)
        return max(left, right) if left is not None and right is not None else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Add, ast.Pow)):  # 64 * 1024, 1024 ** 2
        left, right = int_of(node.left, constants), int_of(node.right, constants)
        if left is None or right is None:
            return None
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.Add):
            return left + right
        return left ** right if 0 <= right <= 8 else None  # a side squared or cubed, not a number too large to hold
    return None


def int_argument(call: ast.Call, position: int, name: str, constants: dict[str, int]) -> int | None:
    node = argument(call, name, position)
    return int_of(node, constants) if node is not None else None


def strided(conv: ast.Call) -> bool:
    """Whether a convolution's ``strides`` (a number or a tuple of numbers; Keras 1 named it ``subsample``) shrinks
    the map."""
    value = next((k.value for k in conv.keywords if k.arg in ("strides", "subsample")), None)
    values = value.elts if isinstance(value, (ast.Tuple, ast.List)) else [value]
    return any(isinstance(v, ast.Constant) and isinstance(v.value, int) and v.value > 1 for v in values)


def _flattened_features(layers: list[tuple[str, ast.Call]], bound: Constants | _CalledOnce,
                        fitted: tuple[int, int, int] | None = None, shape_names: frozenset[str] = frozenset()
                        ) -> int | None:
    """How many values Flatten receives, followed from the input shape the model is given in numbers (a first
    layer's ``input_shape``, the functional API's ``Input((50, 50, 50, 3))``; else ``fitted``, the sample shape of
    what fit() is given) through 1-D, 2-D and 3-D convolution and pooling layers, and the Reshape layers between
    them (``shape_names``: the names bound to a tensor's shape, whose parts a Reshape's target may be written in);
    None as soon as a layer or a size is not known."""
    # the model starts at the last layer given an input shape (the calls before it, an ImageDataGenerator or
    # Sequential() itself, are not layers of it)
    starts = [j for j, (name, call) in enumerate(layers) if _given_input_shape(name, call) is not None]
    if not starts and fitted is None:
        return None
    if starts:
        layers = layers[starts[-1]:]
    else:  # the layers added after the last Sequential() (a Sequential([...]) list holds only layers)
        models = [j for j, (name, _call) in enumerate(layers) if name == "Sequential"]
        layers = layers[models[-1] + 1:] if models else layers
        if not layers:
            return None
    first = layers[0][1]
    constants = bound.at(first.lineno)
    shape = _given_input_shape(*layers[0])
    sizes: list[int | None]
    if not starts:  # no input_shape: Keras builds the model on the first batch fit() gives it
        sizes = list(fitted)  # type: ignore[arg-type]
    elif isinstance(shape, ast.Name):  # input_shape = (img_rows, img_cols, channels), given by name
        sizes = [constants.get(f"{shape.id}[{i}]") for i in range(len([k for k in constants
                                                                         if k.startswith(shape.id + "[")]))]
    elif isinstance(shape, (ast.Tuple, ast.List)):
        sizes = [int_of(e, constants) for e in shape.elts]
    else:
        return None
    # a sample is a sequence (steps, channels), an image (height, width, channels) or a volume or clip
    # (frames, height, width, channels): the axes a layer named ...1D, ...2D or ...3D slides over, then channels
    if not 2 <= len(sizes) <= 4 or None in sizes:
        return None
    if len(sizes) > 2 and sizes[0] in (1, 3, 4) and sizes[-1] > 4 and all(n > 4 for n in sizes[1:-1]):
        # (1, 200, 200): channels first (Theano's ordering, image_data_format='channels_first'); channels last,
        # a kernel wider than one row would not fit and the model would not build
        sizes = sizes[1:] + sizes[:1]
    axes, channels = sizes[:-1], sizes[-1]
    dimensions = f"{len(axes)}D"
    for name, call in layers:
        constants = bound.at(call.lineno)
        if name in ("InputLayer", "Input"):
            continue
        padding = next((k.value.value for k in call.keywords if k.arg == "padding"
                        and isinstance(k.value, ast.Constant)), "valid")
        if name == "Conv" + dimensions:
            filters = int_argument(call, 0, "filters", constants)
            kernel = _axes_argument(call, 1, "kernel_size", constants, len(axes))
            stride = _axes_argument(call, 99, "strides", constants, len(axes)) or [1] * len(axes)
            if filters is None or kernel is None:
                return None
            channels = filters
        elif name in (f"MaxPooling{dimensions}", f"AveragePooling{dimensions}", f"MaxPool{dimensions}",
                      f"AvgPool{dimensions}"):
            kernel = _axes_argument(call, 0, "pool_size", constants, len(axes)) or [2] * len(axes)
            stride = _axes_argument(call, 1, "strides", constants, len(axes)) or kernel
        elif name in ("Dropout", "BatchNormalization", "Activation", "ReLU", "LeakyReLU", "SpatialDropout" + dimensions) \
                or name in _PIXELWISE_LAYERS:
            continue
        elif name == "ZeroPadding" + dimensions:
            # ZeroPadding2D((1, 1)) before each 3 x 3 convolution (the VGG of Keras 1's model zoo): rows and columns
            # of zeros on both sides of each axis
            added = _padding_added(call, len(axes), constants)
            if added is None:
                return None
            axes = [n + a for n, a in zip(axes, added)]
            continue
        elif name == "Reshape":
            # Reshape((s[1], s[2], s[3] * s[4]))(x), s = x.shape: HybridSN's 3-D map folded into a 2-D one, the
            # spectral axis into the channels; the same values regrouped, so the next layers slide over fewer axes
            target = _reshaped(call, axes + [channels], constants, shape_names)
            if target is None or not 2 <= len(target) <= 4:
                return None
            axes, channels = target[:-1], target[-1]
            dimensions = f"{len(axes)}D"
            continue
        else:
            return None  # a layer whose effect on the shape is not modelled here
        if padding == "same":
            axes = [-(-n // s) for n, s in zip(axes, stride)]
        else:
            axes = [(n - k) // s + 1 for n, k, s in zip(axes, kernel, stride)]
        if any(n <= 0 for n in axes):
            return None
    return math.prod(axes) * channels


def _reshaped(call: ast.Call, shape: list[int], constants: dict[str, int],
              shape_names: frozenset[str]) -> list[int] | None:
    """The shape (without the batch) a Reshape layer gives a map of ``shape``: its target written in numbers, in
    parts of a tensor's shape (``s[3] * s[4]``, ``s`` one of ``shape_names``, taken as the map's: the shape of
    the tensor it reshapes), with one ``-1`` for what is left; None where a part is not known or the values do
    not add up to the map's."""
    target = argument(call, "target_shape", 0)
    if not isinstance(target, (ast.Tuple, ast.List)):
        return None

    def size(node: ast.AST) -> int | None:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and \
                isinstance(node.operand, ast.Constant) and node.operand.value == 1:
            return -1
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in shape_names:
            index = node.slice
            negative = isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub)
            index = index.operand if negative else index  # type: ignore[attr-defined]
            if not isinstance(index, ast.Constant) or type(index.value) is not int:
                return None
            k = -index.value if negative else index.value  # the batch is the tensor's shape[0]
            return shape[k - 1] if 1 <= k <= len(shape) else shape[k] if -len(shape) <= k < 0 else None
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Add, ast.Sub, ast.FloorDiv)):
            left, right = size(node.left), size(node.right)
            if left is None or right is None or left < 0 or right < 0 or \
                    isinstance(node.op, ast.FloorDiv) and right == 0:
                return None
            return {ast.Mult: left * right, ast.Add: left + right, ast.Sub: left - right}.get(
                type(node.op), left // right if right else 0)
        return int_of(node, constants)

    sizes = [size(e) for e in target.elts]
    if None in sizes or sizes.count(-1) > 1 or any(n == 0 or n < -1 for n in sizes):  # type: ignore[operator]
        return None
    total, known = math.prod(shape), math.prod(n for n in sizes if n != -1)  # type: ignore[misc]
    if -1 in sizes:
        if total % known:
            return None
        sizes[sizes.index(-1)] = total // known
    return sizes if math.prod(sizes) == total else None  # type: ignore[return-value,arg-type]


def _tensor_shape_names(container: ast.AST) -> frozenset[str]:
    """Names a model's body binds to a tensor's shape (s = x.shape, x._keras_shape, K.int_shape(x),
    x.get_shape().as_list()), whose parts a Reshape's target may be written in."""
    names = set()
    for node in ast.walk(container):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "as_list":
                value = value.func.value
            if isinstance(value, ast.Call) and not value.args and isinstance(value.func, ast.Attribute) and \
                    value.func.attr == "get_shape":
                value = value.func
            if isinstance(value, ast.Attribute) and value.attr in ("shape", "_keras_shape", "get_shape") or \
                    isinstance(value, ast.Call) and last_part(dotted_name(value.func)) == "int_shape":
                names.add(node.targets[0].id)
    return frozenset(names)


def _given_input_shape(name: str, call: ast.Call) -> ast.AST | None:
    """The shape of one sample a layer call says the model takes: a first layer's ``input_shape=``, or the
    functional API's ``Input((64, 64, 3))`` / ``Input(shape=...)``."""
    if name == "Input":
        return argument(call, "shape", 0)
    return keyword_value(call, "input_shape")


def _padding_added(call: ast.Call, count: int, constants: dict[str, int]) -> list[int] | None:
    """What a ZeroPadding layer adds to each of ``count`` axes: ``padding=1`` (the default) or ``(1, 2)`` on both
    sides, ``((top, bottom), (left, right))`` each side its own; None where it is not known."""
    node = argument(call, "padding", 0)
    if node is None:
        return [2] * count
    if isinstance(node, (ast.Tuple, ast.List)) and len(node.elts) == count and \
            all(isinstance(e, (ast.Tuple, ast.List)) and len(e.elts) == 2 for e in node.elts):
        sides = [[int_of(side, constants) for side in e.elts] for e in node.elts]  # type: ignore[attr-defined]
        return None if any(None in pair for pair in sides) else [a + b for a, b in sides]  # type: ignore[operator]
    each = _axes_argument(call, 0, "padding", constants, count)
    return [2 * n for n in each] if each is not None else None


def _axes_argument(call: ast.Call, position: int, name: str, constants: dict[str, int],
                   count: int) -> list[int] | None:
    """A size per axis given as one number for all of them or as one number each: ``3``, ``(3, 3)`` or
    ``(3, 5, 5)`` for ``count`` axes; None where it is not given or not known."""
    node = argument(call, name, position)
    if isinstance(node, (ast.Tuple, ast.List)):
        sizes = [int_of(e, constants) for e in node.elts]
        return sizes if len(sizes) == count and None not in sizes else None  # type: ignore[return-value]
    if isinstance(node, ast.Name) and f"{node.id}[0]" in constants:  # kernel = (3, 3), given by name
        sizes = [constants.get(f"{node.id}[{i}]") for i in range(count)]
        return sizes if None not in sizes and f"{node.id}[{count}]" not in constants else None  # type: ignore
    size = int_of(node, constants) if node is not None else None
    return [size] * count if size is not None else None


def _fitted_sample_shape(container: ast.AST, module: Module, script: Script) -> tuple[int, int, int] | None:
    """One sample's (height, width, channels) of the array that the fit() in the same body as the layers trains
    on (x = x.reshape(-1, 250, 250, 1); model.fit(x, y)), where the script shows all three."""
    for fit in script.calls_named("fit"):
        if script.module_of(fit) is not module or not fit.args or \
                (module.function_of(fit).node if module.function_of(fit) else module.tree) is not container:
            continue
        data = script.value(fit.args[0])
        shape = data.shape[1:] if isinstance(data, Data) and data.shape else ()
        if len(shape) == 3 and all(isinstance(n, int) and n > 0 for n in shape):
            return shape  # type: ignore[return-value]
    return None


def _pretrained_map(layers: list[tuple[str, ast.Call]], module: Module,
                    bound: "Constants | _CalledOnce") -> tuple[str, int] | None:
    """The keras.applications backbone whose map the Flatten after ``layers`` takes, and that map's size (its
    height and width / 32 × its channels), where it is the last model start before the Flatten (no convolution,
    pooling or other input after it), built with include_top=False and no pooling, and its input_shape is given in
    numbers; else None."""
    starts = [j for j, (name, call) in enumerate(layers) if _keras_backbone(name, call, module)]
    if not starts:
        return None
    j = starts[-1]
    name, call = layers[j]
    later = [n for n, _c in layers[j + 1:]]
    if any(n.startswith("Conv") or any(p in n for p in _POOLING) or n in ("Input", "InputLayer", "Reshape")
           for n in later) or any(_given_input_shape(n, c) is not None for n, c in layers[j + 1:]):
        return None
    top, pooling = keyword_value(call, "include_top"), keyword_value(call, "pooling")
    if not (isinstance(top, ast.Constant) and top.value is False) or \
            pooling is not None and not (isinstance(pooling, ast.Constant) and pooling.value is None):
        return None
    shape = keyword_value(call, "input_shape")
    constants = bound.at(call.lineno)
    if isinstance(shape, ast.Name):
        sizes = [constants.get(f"{shape.id}[{k}]") for k in range(3)]
    elif isinstance(shape, (ast.Tuple, ast.List)) and len(shape.elts) == 3:
        sizes = [int_of(e, constants) for e in shape.elts]
    else:
        return None
    if None in sizes:
        return None
    height, width, _channels = sizes if sizes[-1] in (1, 3, 4) else sizes[1:] + sizes[:1]
    features = (height // BACKBONE_STRIDE) * (width // BACKBONE_STRIDE) * KERAS_BACKBONES[name]
    return (name, features) if features > 0 else None


def _pretrained_not_trained(flatten: ast.AST, container: ast.AST, module: Module) -> bool:
    """model.add(Flatten()) of a model that the same body gives trained weights (model.load_weights(path), or
    layer.set_weights(...) of its layers from a converted checkpoint) and never trains by its name (no model.fit,
    fit_generator or train_on_batch), nor hands to a caller that may (return model): a feature extractor, whose
    head's weights hold no gradient or Adam slots."""
    add = module.parents.get(flatten)
    if not (isinstance(add, ast.Call) and isinstance(add.func, ast.Attribute) and add.func.attr == "add"):
        return False
    model = dotted_name(add.func.value)
    if any(isinstance(n, ast.Return) and n.value is not None and model in {dotted_name(v) for v in ast.walk(n.value)}
           for n in ast.walk(container)):
        return False
    methods = {(dotted_name(c.func.value), c.func.attr) for c in calls_in(container) if isinstance(c.func, ast.Attribute)}
    loaded = (model, "load_weights") in methods or any(method == "set_weights" for _owner, method in methods)
    return bool(model) and loaded and not any((model, method) in methods for method in KERAS_TRAINING_CALLS)


def _unpooled_head(script: Script, flatten: ast.AST, features: int, units: int) -> Finding:
    """Flatten of a map whose size is known (the script's own convolutions, a keras.applications backbone's) into a
    Dense kernel of HUGE_HEAD_WEIGHTS or more."""
    weights = features * units
    return script.finding(
        "flatten-dense", flatten,
        _("Flatten hands every pixel of the last convolution's map, {features:,} features, to "
          "Dense({units}): its kernel alone has {weights:,} weights ({size} in float32; Adam's two "
          "slots and the gradient make it four times that).").format(
            features=features, units=units, weights=weights, size=format_bytes(4 * weights)),
        _("Pool before the head: GlobalAveragePooling2D() instead of Flatten(), or MaxPooling2D layers "
          "between the convolutions. `oomdoctor estimate` shows the difference."))


def _flattened_input_features(layers: list[tuple[str, ast.Call]], bound: Constants | _CalledOnce) -> int | None:
    """How many values Flatten receives where it flattens the model's input itself (Flatten(input_shape=(200, 200,
    3)), or after an Input or pixel-wise layers only): the input shape's product; None where another layer sits
    before it or the shape is not written."""
    starts = [j for j, (name, call) in enumerate(layers) if _given_input_shape(name, call) is not None]
    if not starts or any(name not in _PIXELWISE_LAYERS | _SHAPE_KEEPING | {"Input", "InputLayer", "Flatten"}
                         for name, _call in layers[starts[-1]:]):
        return None
    name, call = layers[starts[-1]]
    shape = _given_input_shape(name, call)
    if not isinstance(shape, (ast.Tuple, ast.List)) or len(shape.elts) < 2:
        return None
    sizes = [int_of(e, bound.at(call.lineno)) for e in shape.elts]
    return math.prod(sizes) if None not in sizes else None  # type: ignore[arg-type]


def _layers_by_name(container: ast.AST, sequence: list[tuple[str, ast.Call]], flatten_at: int) -> bool:
    """A layer the script made elsewhere is added before the Flatten (model.add(vgg_backbone), Sequential([base,
    Flatten(), ...])): the sequence of calls does not show everything the Flatten follows."""
    first = sequence[0][1].lineno if sequence else 0
    last = sequence[flatten_at][1].lineno
    for node in ast.walk(container):
        added = node.args[0] if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            node.func.attr == "add" and len(node.args) == 1 else None
        items = node.elts if isinstance(node, ast.List) and node is container else [added] if added is not None else []
        if any(isinstance(item, (ast.Name, ast.Attribute)) and first <= item.lineno <= last for item in items):
            return True
    return False


def wide_dense_inputs(script: Script) -> Iterator[Finding]:
    """Dense(1028) given 480,000 inputs it is told of in numbers (the model's first layer given input_dim=N or
    input_shape=(N,), or a Dense applied to Input(shape=(N,))): every pixel of a flattened image, or every word of a
    vocabulary, connected to every unit; said where the kernel reaches HUGE_HEAD_WEIGHTS. (Keras reads the input
    shape of a model's first layer only: input_shape on a later Dense says nothing.)"""
    sequences: dict[ast.AST, list[tuple[str, ast.Call]]] = {}
    for dense in script.calls_named("Dense"):
        module = script.module_of(dense)
        if not module.qualified(dense.func).startswith(("keras.", "tensorflow.")):
            continue
        container = module.function_of(dense).node if module.function_of(dense) else module.tree
        if container not in sequences:
            sequences[container] = _layer_sequence(container)
        before = [name for name, call in sequences[container] if call.lineno < dense.lineno or
                  call.lineno == dense.lineno and call.col_offset < dense.col_offset]
        models = [j for j, name in enumerate(before) if name == "Sequential"]
        first_layer = not before[models[-1] + 1:] if models else not before
        numbers = module_numbers(script, module).at(dense.lineno)
        features = int_of(keyword_value(dense, "input_dim"), numbers) if first_layer else None
        shape = keyword_value(dense, "input_shape") if first_layer else None
        applied = module.parents.get(dense)
        if shape is None and isinstance(applied, ast.Call) and applied.func is dense and len(applied.args) == 1 and \
                isinstance(applied.args[0], ast.Name):
            given = module.value_before(applied.args[0])
            if isinstance(given, ast.Call) and last_part(dotted_name(given.func)) == "Input":
                shape = argument(given, "shape", 0)
        if features is None and isinstance(shape, (ast.Tuple, ast.List)) and len(shape.elts) == 1:
            features = int_of(shape.elts[0], numbers)
        units = int_argument(dense, 0, "units", numbers)
        if features is not None and units is not None and features * units >= HUGE_HEAD_WEIGHTS:
            yield _wide_input_head(script, dense, features, units, module)


def _wide_input_head(script: Script, at: ast.AST, features: int, units: int, module: Module) -> Finding:
    """A Dense kernel of HUGE_HEAD_WEIGHTS or more over the model's own inputs, flattened."""
    weights = features * units
    return script.finding(
        "flatten-dense", at,
        _("Every one of the {features:,} input values is connected to each of Dense({units})'s units: its kernel "
          "alone has {weights:,} weights ({size} in float32; Adam's two slots and the gradient make it four times "
          "that).").format(features=features, units=units, weights=weights, size=format_bytes(4 * weights)),
        _("Let convolutions with pooling (or a smaller input: resize the images) shrink the input before a Dense "
          "layer. `oomdoctor estimate` shows the difference."), module=module)


def _embedded_sequence_features(layers: list[tuple[str, ast.Call]], bound: Constants | _CalledOnce) -> int | None:
    """How many values Flatten receives from an Embedding straight before it (a Dropout between them changes
    nothing): the sequence's length (its input_length, or the Input's shape) times each token's vector; None where
    another layer sits between them or a size is not written."""
    passing = [(name, call) for name, call in layers if name not in _SHAPE_KEEPING]
    if not passing or passing[-1][0] != "Embedding":
        return None
    embedding = passing[-1][1]
    numbers = bound.at(embedding.lineno)
    width = int_argument(embedding, 1, "output_dim", numbers)
    length = int_of(keyword_value(embedding, "input_length"), numbers)
    if length is None and len(passing) >= 2 and passing[-2][0] == "Input":
        shape = keyword_value(passing[-2][1], "shape") or (passing[-2][1].args[0] if passing[-2][1].args else None)
        if isinstance(shape, (ast.Tuple, ast.List)) and len(shape.elts) == 1:
            length = int_of(shape.elts[0], numbers)
    return length * width if length is not None and width is not None else None


# Preprocessing and augmentation layers that change pixels, not the image's shape (Rescaling(1./255, input_shape=...)
# as a model's first layer)
_PIXELWISE_LAYERS = {"Rescaling", "Normalization", "RandomFlip", "RandomRotation", "RandomContrast",
                     "RandomTranslation", "RandomZoom", "RandomBrightness", "GaussianNoise", "LayerNormalization",
                     "PReLU", "ELU"}
# Layers that hand on the shape they are given
_SHAPE_KEEPING = {"Dropout", "SpatialDropout1D", "Activation", "BatchNormalization", "LayerNormalization",
                  "GaussianNoise"}


def _flattened_embeddings(script: Script, flatten: ast.AST, features: int, units: int) -> Finding:
    """Flatten of an Embedding's output, its length and width written, into a Dense kernel of HUGE_HEAD_WEIGHTS or
    more."""
    weights = features * units
    return script.finding(
        "flatten-dense", flatten,
        _("Flatten hands every token's vector at every position, {features:,} features, to Dense({units}): its "
          "kernel alone has {weights:,} weights ({size} in float32; Adam's two slots and the gradient make it four "
          "times that).").format(features=features, units=units, weights=weights, size=format_bytes(4 * weights)),
        _("Pool the sequence before the head: GlobalAveragePooling1D() instead of Flatten(), or a recurrent or "
          "attention layer that ends in one vector. `oomdoctor estimate` shows the difference."))


def _keras_backbone(name: str, call: ast.Call, module: Module) -> bool:
    """A keras.applications model (VGG16, ResNet50...) built here, not a layer of the script's own by that name."""
    return name in KERAS_BACKBONES and ".applications." in "." + module.qualified(call.func)


def _fitted_as_sequence(container: ast.AST, module: Module, script: Script) -> bool:
    """The array the fit() in the same body as the layers trains on holds samples of one axis, shaped for a 2-D
    convolution with a height or width of one (signals.reshape(n, length, 1, 1), (n, 1, length, channels)): the map
    Flatten gets is the sequence's length times the filters, not an image's rows times its columns."""
    for fit in script.calls_named("fit"):
        if script.module_of(fit) is not module or not fit.args or \
                (module.function_of(fit).node if module.function_of(fit) else module.tree) is not container:
            continue
        data = script.value(fit.args[0])
        sizes = list(data.shape[1:]) if isinstance(data, Data) and data.shape else []
        if len(sizes) != 3:
            continue
        if isinstance(sizes[0], int) and sizes[0] in (1, 3, 4) and all(
                isinstance(n, int) and n > 4 for n in sizes[1:]):
            sizes = sizes[1:] + sizes[:1]  # channels first: (1, 200, 200) is an image
        if any(n == 1 for n in sizes[:-1]) and any(n != 1 for n in sizes[:-1]):
            return True
    return False


def _layer_sequence(node: ast.AST) -> list[tuple[str, ast.Call]]:
    """Layer constructors in source order, directly inside a list (Sequential) or a function/module body."""
    calls: list[ast.Call] = []
    if isinstance(node, ast.List):
        calls = [e for e in node.elts if isinstance(e, ast.Call)]
    else:
        for statement in node.body:
            for call in calls_in(statement):
                calls.append(call)
    # the functional API's Conv3D(64, 3)(x) is two calls, the layer and its application to x: the layer once
    calls = [c.func if isinstance(c.func, ast.Call) else c for c in calls]
    calls = list({id(c): c for c in calls}.values())
    layers = [(last_part(dotted_name(c)), c) for c in calls if last_part(dotted_name(c))[:1].isupper()]
    return sorted(layers, key=lambda item: (item[1].lineno, item[1].col_offset))
