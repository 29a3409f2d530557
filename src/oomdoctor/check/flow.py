"""The flow: what each expression holds, and the context each call runs in."""

from __future__ import annotations

import ast
import sys
from dataclasses import replace
from functools import lru_cache

from .context import Context, Scope, Seen
from .handlers import FUNCTION_LIKE_MODULES, UNKNOWN, Call, CallHandlers, known_images
from .library import (
    DECODED_ATTRIBUTES,
    DECODERS,
    FEW_LARGE,
    FILLED_CREATORS,
    KERAS_TRAINING_CALLS,
    LISTINGS,
    MODEL_METHODS,
    PATH_CALLS,
    PERMUTATIONS,
    PER_FILE_LOADERS,
    REDUCTIONS,
    SAVES,
    SCALED_COPIES,
    TORCH_OWN_RUN_METHODS,
    VIDEO_READERS,
    argument,
    creator_dtype,
    dtype_of,
    keyword_value,
    loader_kind,
    scaled_pixels_dtype,
)
from .modules import ClassInfo, FunctionInfo, Module, imported_files, own_nodes
from .names import (LABEL_WORDS, calls_in, dotted_name, is_batch_size, is_eval_name, is_labels, last_part,
                    names_batch_size, names_in, path_text, self_attribute, words_of)
from .values import (
    ARRAYS,
    FEW,
    FILES,
    ITEMSIZE,
    NAMES,
    PER_CALL,
    TABLE,
    Batch,
    ClassRef,
    Data,
    FunctionRef,
    H5Dataset,
    H5File,
    Instance,
    Item,
    Keyed,
    KnownDataset,
    Loader,
    LocalModuleRef,
    LossFunction,
    Mapped,
    Model,
    Number,
    Pipeline,
    Range,
    Several,
    StreamedDataset,
    Tensor,
    Text,
    TextFile,
    Value,
    negligible,
    total_bytes,
)


# What a test of settings gives when a part of it is not one
_UNSET = object()
_COMPARISONS = {ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b, ast.Lt: lambda a, b: a < b,
                ast.LtE: lambda a, b: a <= b, ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
                ast.Is: lambda a, b: a is b, ast.IsNot: lambda a, b: a is not b, ast.In: lambda a, b: a in b,
                ast.NotIn: lambda a, b: a not in b}


def _written_floats(node: ast.expr) -> bool:
    """[0.299, 0.587, 0.114]: a list or tuple of numbers the script writes, one of them a float."""
    return isinstance(node, (ast.List, ast.Tuple)) and bool(node.elts) and \
        all(isinstance(e, ast.Constant) and isinstance(e.value, (int, float)) for e in node.elts) and \
        any(isinstance(e.value, float) for e in node.elts)  # type: ignore[attr-defined]


def _merge(old: Value, new: Value) -> Value:
    """Two values for one parameter or attribute (two call sites): keep what says most about memory."""
    if old is None:
        return new
    if new is None:
        return old
    if isinstance(old, Several) and isinstance(new, Several) and len(old.items) == len(new.items):
        # update([loss_a, loss_b]) here, update([0.0, 0.0]) there: each position keeps what says most
        return Several(tuple(_merge(a, b) for a, b in zip(old.items, new.items)))
    if isinstance(old, Data) and isinstance(new, Data) and old.inferred != new.inferred:
        # self._images = np.array(self._images)[perm] after __init__'s list of decoded volumes: an array of what the
        # flow could not follow says less than the data it did follow
        return old if new.inferred else new
    if isinstance(old, Data) and isinstance(new, Data) and old.content == NAMES and new.content == FILES and \
            (old.path, old.line) != (new.path, new.line):
        # self.images = glob(...), then self.images = np.array([imread(f) for f in self.images]): the attribute
        # that listed the files is reused for what they decode to, and that is what the object keeps (one
        # statement's value as later rounds see it is not that: the first round's stays)
        return new
    rank = {Data: 4, Tensor: 3, Item: 2, Model: 2, Several: 1}
    return new if rank.get(type(new), 0) > rank.get(type(old), 0) else old


_ROUNDS = 4  # values reach a function through at most this many calls before the flow stops looking
# A loop over at most this many passes, as the script writes it (range(len([0.7, 0.15, 0.15]))), cuts a few parts of
# a data set (its splits, its folds), not its batches
FEW_PARTS = 10
# Calls that run the function they are given once per element, and the arguments that name such a function
_PER_ELEMENT_CALLS = {"map", "py_function", "numpy_function", "Lambda", "apply", "from_generator", "flat_map",
                      "interleave", "filter"}
_PER_ELEMENT_ARGUMENTS = {"transform", "collate_fn", "target_transform"}


class Flow(CallHandlers):
    """Follows values through a program, round after round until calls and attributes stop changing."""

    def __init__(self, modules: list[Module], uses_gpu: bool, torch_script: bool):
        self.modules = modules
        self.uses_gpu = uses_gpu
        self.torch_script = torch_script
        self.params: dict[FunctionInfo, dict[str, Value]] = {}
        # what each function returned in the last round (each round's own: a value from a round that ran the body
        # before its callers were known, as one sample's rather than per element, does not stay), and this round's
        self.returns: dict[FunctionInfo, Value] = {}
        self._returning: dict[FunctionInfo, Value] = {}
        self.attributes: dict[tuple[ClassInfo, str], Value] = {}
        self.attribute_sites: dict[tuple[ClassInfo, str], tuple[Module, ast.AST]] = {}
        self.callers: dict[FunctionInfo, list[Context]] = {}
        self._call_lines: dict[FunctionInfo, list[tuple[Context, int]]] = {}  # each caller's context and line
        self._previous_call_lines: dict[FunctionInfo, list[tuple[Context, int]]] = {}
        self._entry_lines: dict[FunctionInfo, int | None] = {}  # _entry_line, found once per round
        self.referenced: set[object] = set()
        # who uses each of them: the outermost function whose body names it, None for a module's own code (a helper
        # called only by a function nothing calls is no code the script runs: Script.in_use follows the chain)
        self.referenced_by: dict[object, set[FunctionInfo | None]] = {}
        self._running: FunctionInfo | None = None  # (the outermost function whose body runs now)
        # the statements of the branches an if never runs (its test a setting, or a parameter's default), by module
        self.not_run: dict[ast.stmt, Module] = {}
        # the lists of images PIL only opened that something decodes whole (np.stack(images), [np.asarray(im) for im
        # in images]), by root: said there; one nothing decodes is said where it is kept, as decoded files are
        self.decoded_roots: set[str] = set()
        # what a function does to the module's names (appends to a global list): the caller sees it after the call
        self.global_effects: dict[FunctionInfo, dict[str, Value]] = {}
        # and to a list it is given (read_images(images, folder) appends to its parameter images): the caller's
        # list, the argument, holds what was appended after the call
        self.parameter_effects: dict[FunctionInfo, dict[str, Value]] = {}
        self.module_scopes: dict[Module, Scope] = {}
        self.function_scopes: dict[FunctionInfo, Scope] = {}
        self.seen: list[Seen] = []
        # (path, line) -> the call that made a buffer float64 because no dtype was given (np.zeros(shape)), said there
        # when each of the samples it is made for is kept
        self.float64_buffers: dict[tuple[str, int], ast.AST] = {}
        self.values: dict[ast.AST, Value] = {}
        self._loops_reading: dict[ast.AST, bool] = {}
        self._maps_as_generators: dict[ast.Call, ast.GeneratorExp | None] = {}  # map(fn, xs), written once each
        self._backward_calls: dict[ast.AST, list[tuple[str, int]]] = {}
        self._tensor_uses: dict[ast.AST, dict[str, set[str]]] = {}  # per loop, how it uses names as tensors
        self._absent_modules: dict[tuple[Module, str], bool] = {}
        self._small_loops: dict[ast.AST, bool] = {}  # for loops over a few items (a short range, a literal)
        self._items: set[FunctionInfo] | None = None
        self._module_like: dict[Module, set[str]] = {}
        self._dicts: dict[Module, set[str]] = {}
        self._transforms: dict[Module, dict[str, str]] = {}
        self._appends: dict[ast.stmt, ast.Call] = {}
        self._local_imports: dict[tuple[Module, str, int], Module | None] = {}
        self._unseen_submodules: dict[tuple[ClassInfo, str], bool] = {}
        self._class_constants: dict[ClassInfo, dict[str, ast.expr]] = {}  # what each class's body writes out
        self._parameter_free: dict[ClassInfo, bool] = {}  # parameter_free_module, once a class
        # the data sets whose rows the script resizes as images, and the parameters whose rows it resizes (what each
        # call gives them is such a data set: Script.image_roots)
        self.image_rows: set[str] = set()
        self.image_parameters: set[tuple[FunctionInfo, str]] = set()
        # the lists of arrays a loop makes one per row of a table, reading no file (FER-2013's pixel strings parsed),
        # and the tables they are made from: where the script shows the list holds images, so does the table
        self.rows_made_into: dict[str, set[str]] = {}
        self._replaced_names: dict[FunctionInfo, set[str]] = {}  # CallHandlers._given_and_replaced, once a function
        # the parameters some call of each function passes, this round and the last (None: a call spreads *args or
        # **kwargs, so any may be passed); a function missing was called by nothing the flow saw
        self._passed: dict[FunctionInfo, set[str] | None] = {}
        self._previous_passed: dict[FunctionInfo, set[str] | None] = {}
        # the parameters every call of each function passes a value whose truth the script writes (resize=(64, 52),
        # load_to_memory=False or a name bound once to it), and that truth
        self._passed_truth: dict[FunctionInfo, dict[str, bool]] = {}
        self._previous_passed_truth: dict[FunctionInfo, dict[str, bool]] = {}
        self.run()

    # -- rounds -------------------------------------------------------------------------------------------------

    def run(self) -> None:
        """Run every module and then every function, round after round (``_ROUNDS`` at most), until returns,
        parameters, attributes and callers stop changing; ``seen`` and ``values`` keep the last round's."""
        previous = None
        for _round in range(_ROUNDS):
            self.seen, self.values, self._returning = [], {}, {}
            callers, self.callers = self.callers, {}
            self._previous_callers = callers
            self._previous_call_lines, self._call_lines = self._call_lines, {}
            self._previous_passed, self._passed = self._passed, {}
            self._previous_passed_truth, self._passed_truth = self._passed_truth, {}
            self._entry_lines = {}
            self.not_run = {}
            for module in self.modules:
                scope = Scope()
                self.module_scopes[module] = scope
                self._running = None
                self._run(module.tree.body, scope, Context(module))
            for module in self.modules:
                for info in module.functions.values():
                    outermost = info
                    while outermost.outer is not None:
                        outermost = outermost.outer
                    self._running = outermost
                    self._run_function(info)
            self._running = None
            self.returns = self._returning
            state = (dict(self.returns), {k: dict(v) for k, v in self.params.items()}, dict(self.attributes),
                     {k: len(v) for k, v in self.callers.items()})
            if state == previous:
                break
            previous = state
        self.rounds = _round + 1

    def _reference(self, info: object) -> None:
        """``info`` (a function or class of the project) is used by the code running now."""
        self.referenced.add(info)
        self.referenced_by.setdefault(info, set()).add(self._running)

    def returned(self, info: FunctionInfo) -> Value:
        """What ``info`` returns: this round's value once its body has run in this round, else the last round's."""
        return self._returning[info] if info in self._returning else self.returns.get(info)

    def call_contexts(self, info: FunctionInfo) -> dict[tuple[str, int], Context]:
        """Where each call of ``info`` runs (under no_grad or not), by its file and line."""
        return {(str(ctx.module.path), line): ctx for ctx, line in self._call_lines.get(info, [])}

    def bound_after_call(self, name: str, function: FunctionInfo) -> bool:
        """The module-level ``name`` is first bound after the module's code calls ``function`` (adj, values =
        load() on line 72; train_x = windows(values) on line 76): when the function runs, that global holds nothing
        yet, whatever the flow's scope holds once the module has run."""
        entry = self._entry_line(function, frozenset())
        return entry is not None and function.module.first_binding(name) > entry

    def _call_sites(self, info: FunctionInfo) -> set[tuple[Module, int]]:
        """The lines that call ``info`` (last round's callers), by file."""
        return {(ctx.module, line) for ctx, line in self._previous_call_lines.get(info, [])}

    def _entry_line(self, info: FunctionInfo, visiting: frozenset) -> int | None:
        """The first line of its module's own code that calls ``info``, itself or through the functions that call
        it (last round's callers); None when another module calls it, or nothing seen does."""
        if info in self._entry_lines:
            return self._entry_lines[info]
        lines = []
        for ctx, line in self._previous_call_lines.get(info, []):
            if ctx.module is not info.module:
                lines = []
                break
            through = line if ctx.function is None else None if ctx.function in visiting else \
                self._entry_line(ctx.function, visiting | {info})
            if through is None:
                lines = []
                break
            lines.append(through)
        entry = min(lines) if lines else None
        if not visiting:
            self._entry_lines[info] = entry
        return entry

    def _entry_context(self, info: FunctionInfo) -> Context:
        """How a function's body runs: from its name, decorators and class, and from every place it is called."""
        callers = self._previous_callers.get(info, [])
        cls_bases = " ".join(info.cls.bases) if info.cls else ""
        lightning = "LightningModule" in cls_bases
        name = info.name
        per_item = (name in ("__getitem__", "__iter__", "__next__", "__call__", "collate_fn")
                    or info.generator or info in self._item_functions())
        # called for each sample of a data set (for image in images: f(image)): one sample's worth at a time; a
        # call from a function that nothing calls (a method kept for prediction, a loader behind a flag that is
        # off) says nothing of that where other calls do
        reached = [c for c in callers if c.function is None or c.function in self._previous_callers or
                   c.per_item or c.batch_loop or c.function.name.startswith("__")] or callers
        per_item = per_item or bool(reached) and all(c.per_item or c.over_samples for c in reached)
        no_grad = info.decorated("no_grad", "inference_mode") or (
            lightning and name in ("validation_step", "test_step", "predict_step"))
        no_grad = no_grad or bool(callers) and all(c.no_grad for c in callers)
        # a model's method that the model's own methods call (D-SCRIPT's predict() and map_predict(), run by
        # forward()) is part of its forward pass, whatever its name: only its callers make it evaluation
        in_model = self.torch_model_method(info) and any(c.function is not None and self.torch_model_method(
            c.function) for c in callers)
        eval_mode = is_eval_name(name) and not in_model or bool(callers) and all(c.eval_mode for c in callers)
        batch_loop = bool(callers) and all(c.batch_loop for c in callers) or (lightning and name.endswith("_step"))
        repeated = any(c.loops or c.repeated for c in callers) or (lightning and name.endswith("_step"))
        forward = name == "forward" and info.cls is not None and self._model_framework(info.cls) == "torch"
        # (called only where set_grad_enabled(phase == 'train') switches: on to train, off to evaluate)
        switched = not no_grad and bool(callers) and all(c.grad_switched or c.no_grad for c in callers) and \
            any(c.grad_switched for c in callers)
        return Context(info.module, info, (), batch_loop, per_item, no_grad, eval_mode, repeated,
                       called_per_step=batch_loop or forward, grad_switched=switched)

    def torch_model_method(self, info: FunctionInfo) -> bool:
        """A method of a PyTorch model class the script defines (forward, predict, a helper of either)."""
        return info.cls is not None and self._model_framework(info.cls) == "torch"

    def _item_functions(self) -> set[FunctionInfo]:
        """Functions handed to something that calls them once per element: ds.map(fn), Lambda(fn), transform=fn."""
        if self._items is None:
            self._items = set()
            for module in self.modules:
                for call in calls_in(module.tree):
                    per_element = last_part(dotted_name(call)) in _PER_ELEMENT_CALLS
                    arguments = [k.value for k in call.keywords if per_element or k.arg in _PER_ELEMENT_ARGUMENTS]
                    for argument in arguments + (call.args if per_element else []):
                        info = self._function_named(module, argument.id) if isinstance(argument, ast.Name) else None
                        if info is not None:
                            self._items.add(info)
        return self._items

    def _function_named(self, module: Module, name: str) -> FunctionInfo | None:
        if name in module.top_functions:
            return module.top_functions[name]
        return next((f for f in module.functions.values() if f.name == name and f.cls is None), None)

    def _run_function(self, info: FunctionInfo) -> None:
        outer = self.function_scopes.get(info.outer) if info.outer else None
        scope = Scope(outer or self.module_scopes[info.module], info)
        ctx = self._entry_context(info)
        arguments = info.node.args
        params = self.params.get(info, {})
        positional = arguments.posonlyargs + arguments.args
        for index, arg in enumerate(positional + arguments.kwonlyargs):
            # a method of a class used as a namespace (def val_epoch(model, loader), called as
            # Trainer.val_epoch(model, loader)) takes no self: its first parameter is an argument
            if index == 0 and info.takes_instance and arg.arg in ("self", "cls", "this", "klass", "mcs"):
                scope.names[arg.arg] = (ClassRef(info.cls) if info.decorated("classmethod")
                                        else self._instance_of(info.cls))
            else:
                scope.names[arg.arg] = params.get(arg.arg)
        if arguments.vararg is not None:
            scope.names[arguments.vararg.arg] = params.get(arguments.vararg.arg)  # what the calls gave past the rest
        if arguments.kwarg is not None:
            scope.names[arguments.kwarg.arg] = None
        scope.globals.update(info.declared_globals)
        self.function_scopes[info] = scope
        self._run(info.node.body, scope, ctx)

    def _instance_of(self, cls: ClassInfo) -> Value:
        framework = self._model_framework(cls)
        if framework:
            return Model(framework, cls.node.lineno, cls=cls)
        return Instance(cls)

    def _model_framework(self, cls: ClassInfo, depth: int = 0) -> str | None:
        """torch or keras when the class is a model (nn.Module, keras.Model, or a subclass of one here)."""
        for base in cls.bases:
            if base.startswith("torch.nn") and last_part(base) in ("Module", "Sequential", "ModuleList") or \
                    base.endswith("LightningModule") or base == "Module" and self.torch_script:
                return "torch"
            if base.startswith("keras") and last_part(base) in ("Model", "Sequential"):
                return "keras"
            local = cls.module.classes.get(last_part(base))
            if local is not None and local is not cls and depth < 8:
                framework = self._model_framework(local, depth + 1)
                if framework:
                    return framework
        return None

    def parameter_free_module(self, cls: ClassInfo, depth: int = 0) -> bool:
        """A PyTorch module class of the script that holds no parameter of its own: a loss written as a module,
        whose attributes are only other losses (nn.CrossEntropyLoss(), a library's DiceLoss()), parameter-free
        modules (nn.Softmax()), constant tensors (class weights) and settings with a default (self.w = w, w=0.5), or
        none at all. Its call records a graph only where its operands hold one: it saves no activations of its
        own. A layer, an nn.Parameter, a module given from outside (self.net = net), anything unknown: it holds
        some."""
        if cls in self._parameter_free:
            return self._parameter_free[cls]
        self._parameter_free[cls] = False  # (a class that reaches itself through its bases holds some)
        # and is a loss: by its name (DiceLoss, Criterion), or holding one; not a stand-in model (forward: return z)
        free = depth < 8 and self._model_framework(cls) == "torch" and (
            words_of(cls.name) & {"loss", "criterion", "objective"} or self._holds_a_loss(cls)) and all(
            self._parameter_free_base(cls, base, depth) for base in cls.bases) and all(
            self._parameter_free_method(cls, method, depth) for method in cls.methods.values())
        self._parameter_free[cls] = free
        return free

    @staticmethod
    def _holds_a_loss(cls: ClassInfo) -> bool:
        """self.ce = nn.CrossEntropyLoss() in one of the class's methods."""
        return any(isinstance(node, ast.Call) and _names_a_loss_class(cls.module.qualified(node.func)) and
                   isinstance(cls.module.parents.get(node), (ast.Assign, ast.AnnAssign))
                   for method in cls.methods.values() for node in own_nodes(method.node))

    def _parameter_free_base(self, cls: ClassInfo, base: str, depth: int) -> bool:
        local = cls.module.classes.get(last_part(base))
        if local is not None and local is not cls:
            return self.parameter_free_module(local, depth + 1)
        return base in ("torch.nn.Module", "torch.nn.modules.module.Module") or base == "Module" and \
            self.torch_script

    def _parameter_free_method(self, cls: ClassInfo, method: FunctionInfo, depth: int) -> bool:
        """Every self.<name> = ... of the method binds a parameter-free value; nothing is registered."""
        arguments = method.node.args
        defaulted = {a.arg for a in (arguments.posonlyargs + arguments.args)[
            len(arguments.posonlyargs + arguments.args) - len(arguments.defaults):]} | {
            a.arg for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None}
        for node in own_nodes(method.node):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    node.func.attr in ("register_parameter", "register_module", "add_module"):
                return False
            if not isinstance(node, (ast.Assign, ast.AnnAssign)) or node.value is None:
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            written = [t for target in targets for t in ast.walk(target) if isinstance(t, ast.Attribute)
                       and isinstance(t.value, ast.Name) and t.value.id == "self"]
            if written and not self._parameter_free_value(cls, node.value, defaulted, depth):
                return False
        return True

    def _parameter_free_value(self, cls: ClassInfo, value: ast.expr, defaulted: set[str], depth: int) -> bool:
        if isinstance(value, ast.Constant) or isinstance(value, ast.Name) and value.id in defaulted:
            return True
        if isinstance(value, (ast.Tuple, ast.List)):
            return all(self._parameter_free_value(cls, e, defaulted, depth) for e in value.elts)
        if not isinstance(value, ast.Call):
            return False
        local = cls.module.classes.get(dotted_name(value.func))
        if local is not None:
            return self.parameter_free_module(local, depth + 1)
        name = cls.module.qualified(value.func)
        last = last_part(name)
        if _names_a_loss_class(name):  # nn.BCEWithLogitsLoss(), smp's DiceLoss()
            return True
        if name.startswith("torch.nn.") and last.startswith(FUNCTION_LIKE_MODULES):  # nn.Softmax(dim=1)
            return True
        # torch.tensor([1., 5.]): class weights, constants without requires_grad
        return name in ("torch.tensor", "torch.as_tensor", "torch.Tensor", "torch.FloatTensor", "torch.ones",
                        "torch.zeros", "torch.full") and not keyword_value(value, "requires_grad")

    # -- statements ---------------------------------------------------------------------------------------------

    def _run(self, body: list[ast.stmt], scope: Scope, ctx: Context) -> None:
        for statement in body:
            ctx = self._statement(statement, scope, ctx)

    def _statement(self, node: ast.stmt, scope: Scope, ctx: Context) -> Context:
        """Runs one statement; returns the context for the statements after it (model.eval() changes it)."""
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            if node.value is not None:
                value = self.eval(node.value, scope, ctx)
                if self.torch_script and ctx.loops and isinstance(value, Tensor) and value.loss and \
                        isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                        isinstance(node.targets[0], ast.Tuple) and isinstance(node.value, ast.Call):
                    # loss, l_rec, l_kl = depth_loss(...) from a module the flow cannot read: which part is which
                    value = self._loss_parts(node.targets[0], ctx.loops[-1], value, node.lineno)
                if self.torch_script and ctx.loops and (value is None or isinstance(value, Several) or
                                                        isinstance(value, Tensor) and value.graph and not value.loss):
                    # loss = criterion(out, target) from a module the flow cannot read, then loss.backward():
                    # what backward() is called on is a loss with its graph (loss, out, ... = step(batch) too)
                    value = self._backpropagated(node, ctx.loops[-1], value)
                added = _running_sum(node)
                grown = _running_cat(node, ctx.module)
                if added is not None and isinstance(value, Tensor):  # total = total + loss: total += loss
                    self._accumulate(node, node.targets[0], self.values.get(added), ctx, appended=False)
                    value = replace(value, accumulated=True)
                elif grown is not None and isinstance(self.values.get(grown), Tensor) and self.values[grown].graph:
                    # predict = torch.cat((predict, output)): one more step's graph kept, as an append would (a
                    # detached output is a few numbers per sample, N x classes, which evaluation keeps on purpose)
                    self._accumulate(node, node.targets[0], self.values.get(grown), ctx, appended=True)
                elif grown is not None and ctx.loops and isinstance(self.values.get(grown), Item):
                    # images = np.concatenate((images, img)), self.x = torch.cat((self.x, x)) in a loop: one more
                    # sample kept each time round, as images.append(img) keeps it
                    if self._concatenated(node, node.targets[0], grown, scope, ctx):
                        return ctx
                elif added is not None and ctx.loops and isinstance(self.values.get(added), (Item, Several, Data)):
                    # tiles = tiles + cut(scene): the list grows by one file's pieces each time round, as
                    # tiles.extend(cut(scene)) would
                    if self._extended(node, node.targets[0], added, scope, ctx):
                        return ctx
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    self._assign(target, value, scope, ctx, node)
                if isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute) and \
                        node.value.func.attr in ("eval", "train"):
                    return self._after_mode_switch(node.value, ctx)  # model = model.to(device).eval()
        elif isinstance(node, ast.AugAssign):
            self._augmented(node, scope, ctx)
        elif isinstance(node, ast.Expr):
            self.eval(node.value, scope, ctx)
            self._printed_shape(node, scope, ctx)
            return self._after_mode_switch(node.value, ctx)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            self._for(node, scope, ctx)
        elif isinstance(node, ast.While):
            self.eval(node.test, scope, ctx)
            self._run(node.body, scope, replace(ctx, loops=ctx.loops + (node,), small_loop=False))
            self._run(node.orelse, scope, ctx)
        elif isinstance(node, ast.If):
            self.eval(node.test, scope, ctx)
            taken = self._branch_by_default(node.test, ctx)
            if taken is None:
                taken = self._setting_truth(node.test, ctx)
            if taken is not None and _saves_what_the_other_loads(node.orelse if taken else node.body,
                                                                  node.body if taken else node.orelse):
                taken = None  # if recompute: build and np.save, else np.load: the files read had to be built once
            if taken is not None:  # the other branch never runs
                for statement in node.orelse if taken else node.body:
                    self.not_run[statement] = ctx.module
                self._run(node.body if taken else node.orelse, scope, ctx)
                return ctx
            before = dict(scope.names)
            self._run(node.body, scope, ctx)
            self._run(node.orelse, scope, ctx)
            if not node.orelse:
                _whole_past_a_shrinking_branch(before, scope)
        elif isinstance(node, (ast.With, ast.AsyncWith)):
            self._with(node, scope, ctx)
        elif isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            for part in (node.body, *[h.body for h in node.handlers], node.orelse, node.finalbody):
                self._run(part, scope, ctx)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            info = ctx.module.functions.get(node)
            scope.set(node.name, FunctionRef(info) if info else None)
        elif isinstance(node, ast.ClassDef):
            scope.set(node.name, ClassRef(ctx.module.classes[node.name]) if node.name in ctx.module.classes
                      else None)
        elif isinstance(node, ast.Return):
            if node.value is not None and ctx.function is not None:
                value = self.eval(node.value, scope, ctx)
                self._returning[ctx.function] = _merge(self._returning.get(ctx.function), value)
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    scope.set(target.id, None)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            self._import(node, scope, ctx)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            scope.globals.update(node.names)
        else:  # match, raise, assert...: their expressions still run
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.eval(child, scope, ctx)
                elif isinstance(child, ast.stmt):
                    ctx = self._statement(child, scope, ctx)
                elif hasattr(child, "body"):
                    self._run(getattr(child, "body"), scope, ctx)
        return ctx

    def _branch_by_default(self, test: ast.expr, ctx: Context) -> bool | None:
        """Whether ``if flag:`` (or ``if not flag:``) runs its body, where ``flag`` is a parameter of the function
        with a constant default (is_training=True) that none of its calls passes and its body never rebinds: the
        default always holds, or that every call passes an argument whose truth the script writes (resize=(64, 52),
        load_to_memory=False: _written_truth). None when that is not known (no call seen, a call spreading *args, a
        function a library calls)."""
        negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
        name = test.operand if negated else test
        function = ctx.function
        if function is None or not isinstance(name, ast.Name) or function in self._item_functions():
            return None
        passed = self._previous_passed.get(function)
        rebound = name.id in function.declared_globals or any(
            isinstance(n, ast.Name) and n.id == name.id and isinstance(n.ctx, ast.Store)
            for n in own_nodes(function.node))
        truth = self._previous_passed_truth.get(function, {}).get(name.id)
        if passed is not None and not rebound and truth is not None:
            return truth != negated
        if passed is None or name.id in passed or rebound:
            return None
        arguments = function.node.args
        positional = arguments.posonlyargs + arguments.args
        defaults = dict(zip([a.arg for a in positional[len(positional) - len(arguments.defaults):]],
                            arguments.defaults))
        defaults.update({a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None})
        default = defaults.get(name.id)
        if not isinstance(default, ast.Constant) or not isinstance(default.value, (bool, type(None))):
            return None
        return bool(default.value) != negated

    def _setting_truth(self, test: ast.expr, ctx: Context) -> bool | None:
        """Whether ``if`` runs its body where its test reads only the script's settings: module-level names bound
        once in the whole file to a constant, here or in a local module (COLOR = config.USE_RGB, MODE = "3d"), compared
        with constants (if MODE.upper() == "2D":, if STACK_N > 1 and not COLOR:). The other branch is code that this
        configuration never runs. None when anything in the test is not such a setting."""
        value = self._setting(test, ctx.module, ctx.function, 0)
        return None if value is _UNSET else bool(value)

    def _setting(self, node: ast.expr, module: Module, function: FunctionInfo | None, depth: int) -> object:
        """The constant ``node`` holds where it is built of settings and constants only; _UNSET when not."""
        if depth > 6:
            return _UNSET
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            outer = function
            while outer is not None:  # a parameter of the function (or of one around it) hides the setting
                if node.id in outer.parameter_names:
                    return _UNSET
                outer = outer.outer
            bindings = module.assignments(node.id)
            targets = bindings[0].statement.targets if len(bindings) == 1 else ()
            if module.store_counts.get(node.id) != 1 or len(targets) != 1 or not isinstance(targets[0], ast.Name):
                return _UNSET
            return self._setting(bindings[0].value, module, None, depth + 1)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            owner = self.values.get(node.value)  # config.USE_RGB: the local module's own setting
            if isinstance(owner, LocalModuleRef) and owner.module is not module and \
                    node.attr not in owner.module.top_functions and node.attr not in owner.module.classes:
                return self._setting(ast.Name(id=node.attr, ctx=ast.Load()), owner.module, None, depth + 1)
            return _UNSET
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
            operand = self._setting(node.operand, module, function, depth + 1)
            if operand is _UNSET or isinstance(node.op, ast.USub) and not isinstance(operand, (int, float)):
                return _UNSET
            return not operand if isinstance(node.op, ast.Not) else -operand
        if isinstance(node, ast.BoolOp):
            result: object = _UNSET
            for part in node.values:  # and/or: the first false (true) part decides, as Python's do
                result = self._setting(part, module, function, depth + 1)
                if result is _UNSET:
                    return _UNSET
                if bool(result) != isinstance(node.op, ast.And):
                    return result
            return result
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.args and \
                not node.keywords and node.func.attr in ("upper", "lower", "strip"):
            text = self._setting(node.func.value, module, function, depth + 1)
            return getattr(text, node.func.attr)() if isinstance(text, str) else _UNSET
        if isinstance(node, ast.Compare):
            left = self._setting(node.left, module, function, depth + 1)
            for op, right_node in zip(node.ops, node.comparators):
                right = self._setting(right_node, module, function, depth + 1) if not isinstance(
                    right_node, (ast.Tuple, ast.List, ast.Set)) else tuple(
                    self._setting(e, module, function, depth + 1) for e in right_node.elts)
                if left is _UNSET or right is _UNSET or isinstance(right, tuple) and _UNSET in right:
                    return _UNSET
                compare = _COMPARISONS.get(type(op))
                try:
                    if compare is None or not compare(left, right):
                        return False if compare is not None else _UNSET
                except TypeError:
                    return _UNSET
                left = right
            return True
        return _UNSET

    def _after_mode_switch(self, expression: ast.expr, ctx: Context) -> Context:
        """model.eval() puts what follows in evaluation, model.train() takes it out; torch.set_grad_enabled(False)
        turns gradients off for what follows."""
        if isinstance(expression, ast.Tuple):  # self.genA2B.eval(), self.genB2A.eval(): each switch, in order
            for element in expression.elts:
                ctx = self._after_mode_switch(element, ctx)
            return ctx
        if not (isinstance(expression, ast.Call) and isinstance(expression.func, ast.Attribute)):
            return ctx
        method = expression.func.attr
        if method == "set_grad_enabled" and expression.args and isinstance(expression.args[0], ast.Constant):
            return replace(ctx, no_grad=not expression.args[0].value)
        receiver = self.values.get(expression.func.value)
        is_model = isinstance(receiver, Model) or self._looks_like_model(expression.func.value, ctx.module)
        if not is_model:
            return ctx
        if method == "eval":
            return replace(ctx, eval_mode=True)
        if method == "train":
            training = not (expression.args and isinstance(expression.args[0], ast.Constant)
                            and expression.args[0].value is False)
            return replace(ctx, eval_mode=not training)
        return ctx

    def _as_append(self, container: ast.expr, statement: ast.Assign | ast.AugAssign, module: Module,
                   added: ast.expr | None = None) -> ast.Call:
        """container.append(value) for ``container[key] = value`` (or container.append(added) for ``container +=
        [added]``), made once per statement and placed in it (the module's parents know it), so that what asks
        where an append stands finds the statement."""
        if statement not in self._appends:
            append = ast.Call(func=ast.Attribute(value=container, attr="append", ctx=ast.Load()),
                              args=[added if added is not None else statement.value], keywords=[])
            ast.copy_location(append, statement)
            ast.copy_location(append.func, statement)
            module.parents[append] = statement
            self._appends[statement] = append
        return self._appends[statement]

    @staticmethod
    def _collected_here(container: Value, statement: ast.stmt, ctx: Context) -> bool:
        """self.images[name] = read(path): the dict is what this very statement filled with decoded files in an
        earlier round (an attribute keeps its value from round to round, where a local name starts again at {})."""
        return isinstance(container, Data) and container.content == FILES and container.line == statement.lineno \
            and container.path == str(ctx.module.path)

    def _cache_filled_on_first_use(self, target: ast.Subscript, statement: ast.stmt, module: Module) -> ast.If | None:
        """The test that the slot is empty (if cache[i] is None, if i not in cache) that cache[i] = decode(path) is
        under, where the test's block reads the file it keeps; None where there is none."""
        test = _first_use_test(target, statement, module)
        readers = self._file_reading_functions()
        reads = test is not None and any(_reads_directly(c, module) or last_part(dotted_name(c.func)) in readers
                                         for c in calls_in(test))
        return test if reads else None

    def _dicts_of(self, module: Module) -> set[str]:
        """tensors, self.cache: the names and attributes the module binds to a dict ({}, dict(), OrderedDict())."""
        if module not in self._dicts:
            self._dicts[module] = {dotted_name(t) for n in ast.walk(module.tree) if isinstance(n, ast.Assign) and (
                isinstance(n.value, (ast.Dict, ast.DictComp)) or isinstance(n.value, ast.Call)
                and last_part(dotted_name(n.value.func)) in ("dict", "OrderedDict", "defaultdict"))
                for t in n.targets} - {""}
        return self._dicts[module]

    def _transforms_of(self, module: Module) -> dict[str, str]:
        """normalize, self.transform: the names and attributes the module binds to a torchvision or torchaudio
        transform (transforms.Normalize(...), transforms.Compose([...]), torchaudio.transforms.MelSpectrogram(...)),
        each with the transform's class; a dict that holds them (mel_by_rate[rate] = MelSpectrogram(rate)) by its
        name."""
        if module not in self._transforms:
            self._transforms[module] = {dotted_name(t.value if isinstance(t, ast.Subscript) else t):
                                        module.qualified(n.value.func) for n in ast.walk(module.tree)
                                        if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call) and
                                        module.qualified(n.value.func).startswith(_TRANSFORM_MODULES)
                                        for t in n.targets
                                        if dotted_name(t.value if isinstance(t, ast.Subscript) else t)}
        return self._transforms[module]

    def _used_as_module(self, module: Module) -> set[str]:
        """Names the script treats as an nn.Module: embedder.eval(), embedder.parameters(), whatever its class."""
        if module not in self._module_like:
            self._module_like[module] = {_module_key(c.func.value) for c in calls_in(module.tree)
                                         if isinstance(c.func, ast.Attribute) and not c.args and not c.keywords
                                         and c.func.attr in _MODULE_ONLY_METHODS} - {""}
        return self._module_like[module]

    def _looks_like_model(self, node: ast.AST, module: Module | None = None) -> bool:
        """model, net, self.model, generator: what a PyTorch script calls its models when nothing else says."""
        if not self.torch_script:
            return False
        if module is not None and _module_key(node) in self._used_as_module(module):
            return True
        if isinstance(node, ast.Subscript):
            # self.model["generator"]: an entry of a dict named as models is one of them
            return bool(_module_key(node)) and self._looks_like_model(node.value, module)
        if isinstance(node, ast.Attribute) and not (isinstance(node.value, ast.Name) and node.value.id == "self"):
            return False  # models.resnet50(...), misc.log_model_info(model): a library's function
        if isinstance(node, ast.Name) and len(node.id) > 1 and node.id[0].isupper() and (
                module is None or node.id not in module.assigned):
            return False  # DenseNet121(classes): a class from a module not read, so a model built, not run
        name = last_part(dotted_name(node))
        words = words_of(name)
        if words & {"build", "create", "get", "make", "load", "init", "setup", "construct", "define", "save",
                    "log", "print", "show", "count", "summary", "info"}:
            return False  # build_model(cfg): a factory, not the model
        return bool(words & {"model", "net", "network", "encoder", "decoder", "generator", "discriminator",
                             "classifier", "backbone"}) or name.lower().startswith("net") or \
            name.lower() in ("g", "d", "netg", "netd")

    def _printed_shape(self, node: ast.Expr, scope: Scope, ctx: Context) -> None:
        """print(pets.shape) with its output pasted below it, # (25000, 150, 150, 3): the size the script shows."""
        call = node.value
        if not (isinstance(call, ast.Call) and len(call.args) == 1 and isinstance(call.args[0], ast.Attribute)
                and isinstance(call.args[0].value, ast.Name)):
            return
        name = call.args[0].value.id
        value = scope.get(name)
        if isinstance(value, Data) and value.shape is None:
            shape = ctx.module.printed_shape(node.lineno)
            if shape:
                scope.rebind(name, replace(value, shape=shape))

    def _assign(self, target: ast.AST, value: Value, scope: Scope, ctx: Context, statement: ast.stmt,
                rebind: bool = False) -> None:
        """``rebind``: the name is mutated, not assigned (lst.append): it stays in the scope that made it."""
        if isinstance(target, ast.Name):
            if rebind:
                scope.rebind(target.id, value)
            else:
                scope.set(target.id, value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            items = value.items if isinstance(value, Several) else None
            for index, element in enumerate(target.elts):
                if isinstance(element, ast.Starred):
                    self._assign(element.value, None, scope, ctx, statement)
                elif items is not None:
                    self._assign(element, items[index] if index < len(items) else None, scope, ctx, statement)
                elif isinstance(value, Data) and not value.labels and value.content in (ARRAYS, TABLE):
                    # (x_train, y_train), (x_test, y_test) = pickle.load(f): one whole load, unpacked into its
                    # arrays; each is of that data set, and the labels among them are labels by their names
                    part = value
                    if isinstance(element, ast.Name) and is_labels(words_of(element.id)):
                        part = replace(value, labels=True)
                    self._assign(element, part, scope, ctx, statement)
                else:  # a pipeline, a batch or a loss (loss, mse, ce = loss_fn(...)) unpacks into more of the same;
                    # one file read by a helper (X, y = utils.load_pair(path)) into that file's arrays
                    self._assign(element, value if isinstance(value, (Pipeline, Batch, Loader, Tensor, Item))
                                 else None, scope, ctx, statement)
        elif isinstance(target, ast.Attribute):
            owner = self.eval(target.value, scope, ctx)
            cls = owner.cls if isinstance(owner, (Instance, Model)) else None
            if cls is not None:
                key = (cls, target.attr)
                self.attributes[key] = _merge(self.attributes.get(key), value)
                if isinstance(value, Data) or key not in self.attribute_sites:
                    self.attribute_sites[key] = (ctx.module, statement)
        elif isinstance(target, ast.Subscript):
            container = self.eval(target.value, scope, ctx)
            self.eval(target.slice, scope, ctx)
            # X[i] = image, or outs[i, t, word] = 1 (a one-hot): what the buffer really holds
            # patches[k] = imgs[i, :, y0:y1, x0:x1]: a crop of an array, whatever that array is
            cropped = value is None and isinstance(getattr(statement, "value", None), ast.Subscript) and \
                isinstance(statement.value.slice, ast.Tuple) and \
                any(isinstance(e, ast.Slice) for e in statement.value.slice.elts)
            self._kept_on_gpu(target.value, value, ctx)  # frames[i] = [frame.cuda(), target.cuda()]
            if isinstance(container, Item) and isinstance(value, Item) and value.widened_line is not None and \
                    container.widened_line is None and isinstance(target.value, ast.Name) and \
                    (container.dtype or "").startswith("float") and ITEMSIZE.get(container.dtype, 0) >= 4:
                # one = np.zeros((1, h, w), dtype=float); one[0] = tile.astype(float) / 255.: a sample's own buffer,
                # given a float dtype, holds the values as wide as they were made (a uint8 buffer would narrow them)
                scope.rebind(target.value.id, replace(container, fresh=True, widened_line=value.widened_line,
                                                      widened_to=container.dtype, widened_at=value.widened_at))
            elif isinstance(container, Data) and container.small and container.content == ARRAYS and \
                    not container.labels and container.widened_line is None and isinstance(target.value, ast.Name) and \
                    isinstance(value, Item) and value.fresh and \
                    (container.implicit_float64 or value.widened_line is not None and
                     (container.dtype or "").startswith("float") and ITEMSIZE.get(container.dtype, 0) >= 4):
                # clip = np.zeros((n_frames, h, w, 3)); clip[k] = frame / 255.; return clip: the buffer a helper
                # makes for one sample (a clip of a few frames) holds each decoded frame at its own dtype, float64
                # where no dtype was given; a caller that keeps every sample it returns keeps them that wide
                made = self.float64_buffers.get((container.path, container.line)) if container.implicit_float64 \
                    else None
                scope.rebind(target.value.id, replace(
                    container, widened_line=container.line if made is not None else value.widened_line,
                    widened_to=container.dtype, widened_at=made if made is not None else value.widened_at))
            if isinstance(value, Tensor) and value.graph and not isinstance(container, Data) and ctx.loops and \
                    isinstance(target.value, (ast.Name, ast.Attribute)) and _advancing(target.slice, ctx.loops[-1]):
                # display[k] = output[0]; k += 1 into a tensor (or list) made before the loop: each slot keeps its
                # step's graph, as an append would (a tensor written to in place joins the graph: CopySlices)
                self._accumulate(statement, target.value, value, ctx, appended=True)
            if not isinstance(container, Data) and isinstance(target.value, ast.Subscript):
                # ans_to_cat[i][ans[i]] = 1: a slot of the same buffer as ans_to_cat[i, ans[i]] = 1
                base = target.value
                while isinstance(base, ast.Subscript):
                    base = base.value
                outer = self.values.get(base)  # (evaluated with the target just above)
                container = outer if isinstance(outer, Data) else container
            if isinstance(container, Data) and ctx.loops and _one_sample_made_per_call(value):
                value = _sample_of_call(value)  # X[i] = read_scan(path): one sample per pass
            if isinstance(container, Data) and ctx.loops and not self._collected_here(container, statement, ctx) and (
                    isinstance(value, Item) or cropped or
                    isinstance(value, Number) and float(value.value).is_integer()):
                self.seen.append(Seen("filled", statement, ctx, container, value))
            elif ctx.loops and not ctx.small_loop and (value is None or isinstance(value, Item) and value.fresh) and \
                    (first_use := self._cache_filled_on_first_use(target, statement, ctx.module)) is not None:
                # if cache[i] is None: cache[i] = decode(path), in the training loop or before it: a cache with a
                # slot per sample keeps every file the first time it is read, so by the end of one pass it holds them
                # all (said once at the test, for every slot it fills)
                shape = (None,) + value.shape if isinstance(value, Item) and value.shape is not None else None
                self.seen.append(Seen("cached", first_use, ctx, Data(
                    statement.lineno, str(ctx.module.path), "a cache of decoded files", FILES, "list", shape,
                    value.dtype if isinstance(value, Item) else None)))
            elif isinstance(target.value, ast.Name) and isinstance(container, Data) and container.content == TABLE and \
                    isinstance(target.slice, ast.Constant) and isinstance(target.slice.value, str) and \
                    isinstance(value, Data) and value.content == FILES:
                # df['image'] = df['path'].map(imread): the table holds every decoded file from here on, in that column
                scope.rebind(target.value.id, replace(container, files_column=(target.slice.value, value)))
            elif isinstance(target.value, ast.Name) and isinstance(target.slice, ast.Constant) and \
                    isinstance(target.slice.value, str) and (isinstance(container, Keyed) or container is None and
                                                             target.value.id in self._dicts_of(ctx.module)):
                # cfg = {}; cfg['batch_size'] = 16; All_data['patch'] = All_Patches: a dict filled key by key holds
                # each value under its key, as one written with them does
                keys = container.keys if isinstance(container, Keyed) else ()
                items = container.items if isinstance(container, Keyed) else ()
                if target.slice.value in keys:
                    items = tuple(value if k == target.slice.value else i for k, i in zip(keys, items))
                else:
                    keys, items = keys + (target.slice.value,), items + (value,)
                scope.rebind(target.value.id, Keyed(keys, items))
            elif (container is None or self._collected_here(container, statement, ctx)) and ctx.loops and \
                    isinstance(kept := _stack_of_this_pass(_record_item(value), ctx), Item) and kept.fresh and \
                    isinstance(statement, ast.Assign) and isinstance(target.value, (ast.Name, ast.Attribute)) and \
                    not isinstance(target.slice, ast.Constant) and \
                    dotted_name(target.value) in self._dicts_of(ctx.module):
                # tensors[name] = read(h5[name]) in a loop: a dict that keeps one decoded file per key, as a list's
                # append keeps one per pass (or one case's slices, stacked: volumes[case] = np.array(slices))
                self._call_append(Call(self._as_append(target.value, statement, ctx.module), "", container, None,
                                       [kept], {}, ctx, scope))

    def _augmented(self, node: ast.AugAssign, scope: Scope, ctx: Context) -> None:
        value = self.eval(node.value, scope, ctx)
        current = self.eval(node.target, scope, ctx) if not isinstance(node.target, ast.Subscript) else None
        if isinstance(node.op, ast.Add) and isinstance(node.value, (ast.List, ast.Tuple)) and node.value.elts:
            # losses += [loss], X += [img]: an append, of one step's tensor or of one decoded file
            element = self.values.get(node.value.elts[0])
            append = self._as_append(node.target, node, ctx.module, node.value.elts[0])
            self._call_append(Call(append, "", current, None, [element], {}, ctx, scope))
            return
        if isinstance(node.op, ast.Add) and isinstance(node.target, ast.Name) and ctx.loops and \
                isinstance(value, (Item, Several, Data)) and _started_as_list(node.target.id, ctx) and \
                self._extended(node, node.target, node.value, scope, ctx):
            # X = [] ... X += list(mat['volumes']) per file: the list grows by the file's samples, as X.extend(...)
            # does (cm_total = np.zeros(...); cm_total += ...: a sum, the same size each time round)
            return
        if isinstance(value, Tensor) or isinstance(current, Tensor):
            # self._sum[idx] += v: the attribute's list holds the running sum, across calls as self._sum would
            target = node.target.value if isinstance(node.target, ast.Subscript) and \
                isinstance(node.target.value, ast.Attribute) else node.target
            self._accumulate(node, target, value, ctx, appended=False)
            combined = value if isinstance(value, Tensor) else current
            if isinstance(combined, Tensor):
                self._assign(node.target, replace(combined, accumulated=True), scope, ctx, node)

    def _accumulate(self, node: ast.AST, target: ast.AST, value: Value, ctx: Context, appended: bool) -> None:
        """A sum or a list that grows by one step's value each time round: records it for the rules."""
        repeated = bool(ctx.loops) or ctx.repeated and (isinstance(target, ast.Attribute) or
                                                        isinstance(target, ast.Name) and self._is_global(target, ctx))
        if not repeated or not isinstance(value, Tensor):
            return
        if ctx.called_per_step and isinstance(target, ast.Name) and not self._is_global(target, ctx):
            return  # a list local to forward(): it goes when the step ends
        loop = ctx.loops[-1] if ctx.loops else None
        if isinstance(loop, (ast.For, ast.AsyncFor)) and isinstance(self.values.get(loop.iter), Batch):
            return  # a loop over the frames or samples of one batch: the list holds one step
        if isinstance(loop, (ast.For, ast.AsyncFor)) and ctx.function is not None and len(ctx.loops) == 1 and \
                isinstance(target, ast.Name) and not self._is_global(target, ctx) and \
                (_over_literal(loop, ctx.function) or self._over_one_steps_tensors(loop, target, ctx.function)):
            # for layer, w in weights.items(): terms.append(...), weights a dict written in the function: a
            # few terms per call, in a list that the next call makes anew
            return
        key = dotted_name(target)
        if key and not self._reset_before_in_loop(key, node, ctx):
            self.seen.append(Seen("accumulated-list" if appended else "accumulated-sum", node, ctx, value,
                                  target=key))

    def _over_one_steps_tensors(self, loop: ast.For | ast.AsyncFor, target: ast.Name, function: FunctionInfo) -> bool:
        """for real, fake in zip(real_feats, fake_feats): losses += ...: the loop goes over tensors the function is
        given or computes (a discriminator's feature maps, a tuple of losses), the parts of one step, and the sum is
        the function's own, made anew on each call (not a parameter a caller carries from step to step)."""
        iterable = self.values.get(loop.iter)
        tensors = isinstance(iterable, Tensor) or isinstance(iterable, Several) and any(
            isinstance(item, Tensor) for item in iterable.items)
        return tensors and target.id not in function.parameter_names

    def _is_global(self, target: ast.Name, ctx: Context) -> bool:
        """The name is the module's, not the function's own: declared global, or a free name the function never
        binds (hist.append(loss) in def step(), hist = [] at module level: each call adds to the one list)."""
        if ctx.function is None:
            return True
        scope = self.function_scopes.get(ctx.function)
        if scope is not None and target.id in scope.globals:
            return True
        bound_here = target.id in ctx.function.parameter_names or any(
            isinstance(n, ast.Name) and n.id == target.id and isinstance(n.ctx, (ast.Store, ast.Del))
            for n in own_nodes(ctx.function.node))
        return not bound_here and target.id in ctx.module.assigned and ctx.module.first_binding(target.id) > 0

    def _reset_before_in_loop(self, key: str, node: ast.AST, ctx: Context) -> bool:
        """The sum or list is made anew earlier in the same pass of the loop: it holds one step only."""
        return bool(ctx.loops) and _made_anew_in(ctx.loops[-1], key, ctx.module.statement_of(node))

    def _small_growth(self, key: str, node: ast.AST, ctx: Context) -> bool:
        """Whether every loop that grows the list ``key`` at ``node`` is small: the loops inside the last one
        that makes it anew (volume_data = [] per case, then one append per modality), or all of them (crops = []
        before the loop over pictures, then a few crops per proposal: few per picture, many in all)."""
        statement = ctx.module.statement_of(node)
        growing = list(ctx.loops)
        for index, loop in enumerate(ctx.loops):
            if _made_anew_in(loop, key, statement):
                growing = list(ctx.loops[index + 1:])
        return bool(growing) and all(self._small_loops.get(loop, False) for loop in growing)

    def _kept_elsewhere_each_pass(self, key: str, node: ast.AST, ctx: Context) -> bool:
        """The list ``key`` is made anew each pass of a loop (all_frames = [] per folder), and that same pass adds
        what is made of it to a list that keeps growing (clips.extend(cut(all_frames))): it holds one pass's
        files, and the growing list, said where it grows, is the data set."""
        statement = ctx.module.statement_of(node)
        name = key.split(".")[-1]
        for loop in reversed(ctx.loops):
            if not _made_anew_in(loop, key, statement):
                continue
            return any(isinstance(call.func, ast.Attribute) and call.func.attr in ("append", "extend", "insert")
                       and call.lineno > statement.lineno and dotted_name(call.func.value) not in ("", key)
                       and not _made_anew_in(loop, dotted_name(call.func.value), ctx.module.statement_of(call))
                       and any(name in names_in(a) | {getattr(n, "attr", "") for n in ast.walk(a)}
                               for a in list(call.args) + [k.value for k in call.keywords])
                       for call in calls_in(loop))
        return False

    def _admits_few(self, node: ast.AST, ctx: Context) -> bool:
        """An if inside the loop lets only the keys of a few names the script writes through (if stem in data,
        data = ['x_train', 'y_train']): what it keeps is those few files, however many the loop goes over."""
        loop = ctx.loops[-1] if ctx.loops else None
        parent = ctx.module.parents.get(ctx.module.statement_of(node))
        while parent is not None and parent is not loop:
            if isinstance(parent, ast.If) and any(
                    isinstance(test, ast.Compare) and isinstance(test.ops[0], ast.In)
                    and isinstance(self.values.get(test.comparators[0]), Several)
                    and len(self.values[test.comparators[0]].items) <= FEW
                    and all(isinstance(i, Text) for i in self.values[test.comparators[0]].items)
                    for test in ast.walk(parent.test)):
                return True
            parent = ctx.module.parents.get(parent)
        return False

    def _for(self, node: ast.For | ast.AsyncFor, scope: Scope, ctx: Context) -> None:
        iterable = self.eval(node.iter, scope, ctx)
        names = {last_part(dotted_name(n)) for n in ast.walk(node.iter) if isinstance(n, (ast.Name, ast.Attribute))}
        pieces_of_one_file = self._yields_pieces_of_one_file(node, ctx)
        batches = isinstance(iterable, (Loader, Pipeline, Batch)) and not pieces_of_one_file or \
            _cut_into_batches(node.iter, ctx)
        over_eval_loader = batches and any(is_eval_name(n) for n in names)
        element: Value = None
        if pieces_of_one_file:
            element = Item(fresh=True)
        elif batches:
            element = Batch()
        elif isinstance(iterable, Data) and iterable.content in (ARRAYS, FILES):
            element = _row(iterable)
            if iterable.content == FILES and self._made_as_asked(node.iter, ctx.module):
                # for mel in pool.imap(featurize, clips), for img in map(read, paths): each file decoded as the loop
                # asks for it, held by nothing else: new memory, pass after pass
                element = replace(element, fresh=True)
        elif isinstance(iterable, StreamedDataset):
            element = iterable.sample()  # for example in ds["train"]: each record read from disk in turn
        elif isinstance(iterable, Several) and any(isinstance(i, Tensor) for i in iterable.items):
            # for v in values, values = [coarse_loss * 1000, refine_loss * 1000]: each one of those tensors
            tensors = [i for i in iterable.items if isinstance(i, Tensor)]
            element = next((t for t in tensors if t.graph), tensors[0])
        elif isinstance(iterable, Several) and any(isinstance(i, Model) for i in iterable.items):
            # for m in models, models = [model] (an ensemble of one or more): each one of those models
            element = next(i for i in iterable.items if isinstance(i, Model))
        small = (isinstance(iterable, Range) and (iterable.count is not None and iterable.count <= FEW
                                                  or iterable.batch)
                 or isinstance(iterable, Data) and iterable.small
                 or isinstance(iterable, Several)
                 # for f in np.random.choice(files, size=batch_size), for i in idx (idx = random.sample(ids,
                 # k=args.bs)): one batch's draw of the items, however many there are
                 or _draws_a_batch(node.iter, ctx))
        self._small_loops[node] = small
        if isinstance(node.target, ast.Tuple) and isinstance(element, Several) and isinstance(iterable,
                                                                                             StreamedDataset):
            self._assign(node.target, element, scope, ctx, node)  # for image, label in ImageFolder(root)
        elif isinstance(node.target, ast.Tuple) and isinstance(iterable, (Data, Several)) and element is not None:
            # for image, label in pairs / for i, image in enumerate(images): the element is one of them
            counted = isinstance(node.iter, ast.Call) and last_part(dotted_name(node.iter.func)) == "enumerate"
            for index, part in enumerate(node.target.elts):
                self._assign(part, element if index == int(counted) else None, scope, ctx, node)
        else:
            self._assign(node.target, element if not isinstance(node.target, ast.Tuple) else
                         (element if batches else None), scope, ctx, node)
        inner = replace(ctx, loops=ctx.loops + (node,), batch_loop=ctx.batch_loop or batches,
                        eval_mode=ctx.eval_mode or over_eval_loader, small_loop=small,
                        over_samples=isinstance(iterable, (Data, StreamedDataset)) or
                        isinstance(iterable, Range) and iterable.samples)
        self._run(node.body, scope, inner)
        self._run(node.orelse, scope, ctx)

    def _yields_pieces_of_one_file(self, node: ast.For | ast.AsyncFor, ctx: Context) -> bool:
        """for clip in video_windows(video_file), inside the loop over the files with video_file one of them: a
        generator of the script's own that reads the one file it is given and yields its pieces (clips, windows,
        tiles), each a new array; a batch generator is given the whole list, not the file of an enclosing loop."""
        call = node.iter
        if not isinstance(call, ast.Call) or not ctx.loops or not ctx.data_set_level:
            return False
        callee = self.values.get(call.func)
        if not (isinstance(callee, FunctionRef) and callee.info.generator and
                callee.info.name in self._file_reading_functions()):
            return False
        given = set().union(*(names_in(a) for a in list(call.args) + [k.value for k in call.keywords]))
        return any(isinstance(loop, (ast.For, ast.AsyncFor)) and names_in(loop.target) & given for loop in ctx.loops)

    def _with(self, node: ast.With | ast.AsyncWith, scope: Scope, ctx: Context) -> None:
        inner = ctx
        for item in node.items:
            value = self.eval(item.context_expr, scope, ctx)
            qualified = ctx.module.qualified(item.context_expr)
            switch = item.context_expr.args[0] if isinstance(item.context_expr, ast.Call) and \
                item.context_expr.args else None
            if last_part(qualified) in ("no_grad", "inference_mode"):
                inner = replace(inner, no_grad=True)
            elif last_part(qualified) == "set_grad_enabled" and isinstance(switch, ast.Constant):
                inner = replace(inner, no_grad=not switch.value)
            elif last_part(qualified) == "set_grad_enabled":
                # set_grad_enabled(phase == 'train') switches gradients off where they are not used, and on in the
                # training phase: what the block computes carries its graph there (a loss added up after the block
                # keeps every training step's graph), and its evaluation passes keep none
                inner = replace(inner, grad_switched=True)
            elif last_part(qualified) == "enable_grad":
                inner = replace(inner, no_grad=False)
            if item.optional_vars is not None:
                self._assign(item.optional_vars, value, scope, ctx, node)
        self._run(node.body, scope, inner)

    def _import(self, node: ast.Import | ast.ImportFrom, scope: Scope, ctx: Context) -> None:
        """Names imported from a local module hold its functions, classes and values."""
        if isinstance(node, ast.ImportFrom):
            source = self._local(ctx.module, node.module, node.level) if node.module else None
            for alias in node.names:
                if source is not None and alias.name == "*":
                    # from dataload import *: every public name of the module, its functions and classes included
                    module_scope = self.module_scopes.get(source)
                    names = set(source.top_functions) | set(source.classes) | \
                        set(module_scope.names if module_scope is not None else ())
                    for name in sorted(n for n in names if not n.startswith("_")):
                        scope.set(name, self._module_member(source, name))
                    continue
                value = self._module_member(source, alias.name) if source is not None else None
                if value is None and (source is None or alias.name not in source.bound):
                    # from data import loader, from . import utils: a module; of a package whose __init__.py is
                    # read too (from pairkit import helpers), a submodule it does not bind itself
                    dotted = f"{node.module}.{alias.name}" if node.module else alias.name
                    sub = self._local(ctx.module, dotted, node.level)
                    value = LocalModuleRef(sub) if sub is not None and sub is not source else None
                scope.set(alias.asname or alias.name, value)
        else:
            for alias in node.names:
                module = self._local(ctx.module, alias.name, 0)
                if module is not None:
                    scope.set(alias.asname or alias.name.split(".")[0], LocalModuleRef(module))

    def _local(self, importer: Module, dotted: str, level: int) -> Module | None:
        """The local module an import names, among those read; None for a library."""
        key = (importer, dotted, level)
        if key not in self._local_imports:
            by_path = {m.path.resolve(): m for m in self.modules}
            root = self.modules[0].path.resolve().parent
            self._local_imports[key] = next((by_path[p.resolve()] for p in imported_files(importer, dotted, level, root)
                                             if p.resolve() in by_path), None)
        return self._local_imports[key]

    def _module_member(self, module: Module, name: str) -> Value:
        """What a local module's name holds. Its functions and classes count as the script's code once the script
        uses them (``referenced``, by _eval_Name or _attribute), not where they are imported: a helper imported
        beside the one called (from dataset import get_t1, get_t2) is code the script never runs."""
        if name in module.top_functions:
            return FunctionRef(module.top_functions[name])
        if name in module.classes:
            return ClassRef(module.classes[name])
        scope = self.module_scopes.get(module)
        return scope.names.get(name) if scope is not None else None

    # -- expressions --------------------------------------------------------------------------------------------

    def eval(self, node: ast.AST, scope: Scope, ctx: Context) -> Value:
        """The value ``node`` holds, from its ``_eval_`` handler (without one, its child expressions are evaluated
        and it holds None); recorded in ``values``."""
        handler = getattr(self, "_eval_" + type(node).__name__, None)
        if handler is not None:
            value = handler(node, scope, ctx)
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.eval(child, scope, ctx)
            value = None
        if isinstance(value, Item) and value.opened and isinstance(node, ast.Call) and \
                ctx.module.qualified(node.func) != "PIL.Image.open":
            value = replace(value, opened=False, fresh=True)  # np.asarray(im), im.convert('L'): PIL decodes it now
            if value.root and ctx.loops:
                self.decoded_roots.add(value.root)  # each row of an opened list, decoded in a loop over it
        elif isinstance(value, Data) and value.opened and isinstance(node, ast.Call):
            value = replace(value, opened=False)  # np.array(images): every opened image decoded into the array
            self.decoded_roots.add(value.root)
        self.values[node] = value
        return value

    def _eval_Constant(self, node: ast.Constant, scope: Scope, ctx: Context) -> Value:
        if isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return Number(node.value)
        if isinstance(node.value, str):
            return Text(node.value)
        return None

    def _eval_Name(self, node: ast.Name, scope: Scope, ctx: Context) -> Value:
        value = scope.get(node.id)
        if value is None and (source := ctx.module.shared_binding(node.id)) is not None:
            value = self._module_member(source, node.id)  # a name the file never binds: its project's (see there)
        if isinstance(value, (FunctionRef, ClassRef)):
            self._reference(value.info)
        return value

    def _eval_Tuple(self, node: ast.Tuple | ast.List, scope: Scope, ctx: Context) -> Value:
        if len(node.elts) == 1 and isinstance(node.elts[0], ast.Starred):
            return self.eval(node.elts[0], scope, ctx)  # [*glob(pattern)]: the listing's items, list(glob(pattern))
        return Several(tuple(self.eval(e, scope, ctx) for e in node.elts))

    _eval_List = _eval_Tuple

    def _eval_Dict(self, node: ast.Dict, scope: Scope, ctx: Context) -> Value:
        """{"generator": G(), "discriminator": D()}: each key's value, for model["generator"](z) to find."""
        for key in node.keys:
            if key is not None:
                self.eval(key, scope, ctx)
        items = tuple(self.eval(v, scope, ctx) for v in node.values)
        keys = tuple(k.value if isinstance(k, ast.Constant) and isinstance(k.value, str) else None for k in node.keys)
        return Keyed(keys, items) if keys and None not in keys else None

    def _eval_Starred(self, node: ast.Starred, scope: Scope, ctx: Context) -> Value:
        return self.eval(node.value, scope, ctx)

    def _class_constant(self, cls: ClassInfo, name: str) -> Value:
        """genres = ['rock', 'jazz'], batch_size = 64 written in the body of the class (or a base the script
        defines): what self.genres or Config.batch_size reads where no method sets it; only values written out
        (numbers, strings, and lists, tuples or sets of them), each class's body indexed once."""
        for klass in self.class_chain(cls):
            if klass not in self._class_constants:
                constants: dict[str, ast.expr] = {}
                for statement in klass.node.body:
                    if isinstance(statement, ast.Assign) and _written_out(statement.value):
                        for target in statement.targets:
                            if isinstance(target, ast.Name):
                                constants[target.id] = statement.value
                    elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name) and \
                            statement.value is not None and _written_out(statement.value):
                        constants[statement.target.id] = statement.value
                self._class_constants[klass] = constants
            if name in self._class_constants[klass]:
                return self.eval(self._class_constants[klass][name], Scope(), Context(klass.module))
        return None

    def _eval_Lambda(self, node: ast.Lambda, scope: Scope, ctx: Context) -> Value:
        arguments = node.args
        if not (arguments.posonlyargs or arguments.args or arguments.vararg or arguments.kwonlyargs or
                arguments.kwarg):
            # input_fn=lambda: eval_input_fn(x_val, y_val, 512): a thunk an Estimator calls for its data, with the
            # values it names here; its body passes them on as a call written here would
            self.eval(node.body, scope, ctx)
        return None  # one with parameters runs per element, when something calls it

    def _eval_Attribute(self, node: ast.Attribute, scope: Scope, ctx: Context) -> Value:
        owner = self.eval(node.value, scope, ctx)
        if isinstance(owner, H5Dataset) and node.attr == "value":
            # h5py < 3: f['data'].value reads all of it, as f['data'][()] does
            return self._h5_read(node, ctx, source=owner)
        return self._attribute(owner, node.attr)

    def _attribute(self, owner: Value, name: str) -> Value:
        if isinstance(owner, (Instance, Model)) and owner.cls is not None:
            cls = owner.cls
            for klass in self.class_chain(cls):
                if (klass, name) in self.attributes:
                    return self.attributes[(klass, name)]
                if name in klass.methods:
                    method = klass.methods[name]
                    if any(dotted_name(d) == "property" for d in method.node.decorator_list):
                        return self.returned(method)  # data_set.images, a @property: what it returns
                    return FunctionRef(method, owner)
            if isinstance(owner, Model) and name not in MODEL_METHODS and self._may_hold_unseen_submodule(cls, name):
                return Model(owner.framework, owner.line)  # a submodule made in a way the flow did not follow
            return self._class_constant(cls, name)
        if isinstance(owner, Model):
            # a submodule (model.encoder, model.module); its parameters are tensors, not modules to call
            # (self.embedding.weight.data.copy_(vectors) is no forward pass)
            return None if name in MODEL_METHODS or name in _PARAMETER_ATTRIBUTES else owner
        if isinstance(owner, LocalModuleRef):
            member = self._module_member(owner.module, name)  # utils.load: used here
            if isinstance(member, (FunctionRef, ClassRef)):
                self._reference(member.info)
            return member
        if isinstance(owner, ClassRef):
            return FunctionRef(owner.info.methods[name]) if name in owner.info.methods else \
                self._class_constant(owner.info, name)
        if isinstance(owner, Data):
            if name in ("values", "T", "data", "mT"):
                return replace(owner, container="numpy" if name == "values" else owner.container)
            if name == "index" and owner.content == TABLE and not owner.small:
                return Range(None, samples=True)  # for key in table.index: a label per row, each row in turn
            return None
        if isinstance(owner, Item) and name in ("T", "mT"):
            return owner  # mfcc.T: the same sample's values, transposed (a view)
        if isinstance(owner, Item) and name in DECODED_ATTRIBUTES:
            return owner  # dcmread(p).pixel_array, rdrecord(p).p_signal: the decoded file's samples
        if isinstance(owner, Tensor):
            if name in _MODEL_OUTPUT_FIELDS:  # output.loss of a Hugging Face model: the loss, with its graph
                return replace(owner, loss=owner.loss or "loss" in words_of(name))
            return replace(owner, graph=False) if name == "data" else owner if name in ("T", "mT") else None
        if isinstance(owner, KnownDataset) and name in ("data", "targets", "train_data", "test_data"):
            return known_images(owner.name, owner.train, 0, labels=name == "targets",
                                container="numpy" if "cifar" in owner.name else "torch")
        if isinstance(owner, Batch):
            return owner
        return None

    def _may_hold_unseen_submodule(self, cls: ClassInfo, name: str) -> bool:
        """self.name may be a submodule the flow did not see made: the class or a base of its own assigns it, adds
        modules under computed names (setattr, add_module), or derives from a library's model (a torchvision ResNet
        has its layer1). Where the only library bases are nn.Module and LightningModule, which make no submodule,
        a name never assigned is one of their methods: self.log(...), self.print(...) run no forward pass."""
        key = (cls, name)
        if key not in self._unseen_submodules:
            chain = self.class_chain(cls)
            self._unseen_submodules[key] = any(
                last_part(base) not in klass.module.classes and last_part(base) not in _BARE_MODULE_BASES
                for klass in chain for base in klass.bases) or any(
                isinstance(node, ast.Attribute) and node.attr == name and isinstance(node.ctx, ast.Store)
                or isinstance(node, ast.Call) and last_part(dotted_name(node.func)) in _ADDS_MODULES
                for klass in chain for node in ast.walk(klass.node))
        return self._unseen_submodules[key]

    def class_chain(self, cls: ClassInfo) -> list[ClassInfo]:
        """``cls`` and the bases its module defines, then theirs, breadth first: eight classes at most."""
        chain, pending = [], [cls]
        while pending and len(chain) < 8:
            klass = pending.pop(0)
            if klass in chain:
                continue
            chain.append(klass)
            pending += [klass.module.classes[last_part(b)] for b in klass.bases if last_part(b) in klass.module.classes]
        return chain

    def _eval_Subscript(self, node: ast.Subscript, scope: Scope, ctx: Context) -> Value:
        if isinstance(node.value, ast.Attribute) and node.value.attr in ("iloc", "loc"):
            rows = _many_rows_cut(node.slice)
            if rows is not None:
                table = self.eval(node.value.value, scope, ctx)
                if isinstance(table, Data) and table.content == TABLE:
                    # df.iloc[0:1000000, :]: pandas' indexer cuts rows of the table itself, as many as the script
                    # writes, a data set's worth: still the table (a column, a few rows, a mask: not followed)
                    return replace(table, shape=None, small=False)
        container = self.eval(node.value, scope, ctx)
        index = self.eval(node.slice, scope, ctx)
        if isinstance(container, Several):
            if isinstance(index, Number) and -len(container.items) <= int(index.value) < len(container.items):
                return container.items[int(index.value)]
            return None
        if isinstance(container, Keyed):
            return container.get(index.value if isinstance(index, Text) else None)
        if isinstance(container, H5File):
            return H5Dataset(container.path, index.value if isinstance(index, Text) else None)
        if isinstance(container, H5Dataset):
            if isinstance(index, Text):
                # f['train']['images']: a member of a group, still on disk
                return H5Dataset(container.path, f"{container.key}/{index.value}" if container.key else None)
            if _whole_slice(node.slice):
                return self._h5_read(node, ctx, source=container)
            return self._h5_read(node, ctx) if _picks_rows(node, ctx) else Item()
        if isinstance(container, Data):
            return self._data_subscript(container, node, index, ctx, scope)
        if isinstance(container, Mapped):
            return self._mapped_subscript(container, node, ctx)
        if isinstance(container, Tensor):
            return container
        if isinstance(container, StreamedDataset):
            if isinstance(index, Text) and container.splits and (
                    is_eval_name(index.value) or "train" in words_of(index.value)):
                return replace(container, splits=False)  # ds["train"]: a split, still on disk
            # ds[i], ds["train"][k]: one sample, read and decoded now (a column, ds["image"] or ds["labels"]: not
            # followed)
            return None if isinstance(index, Text) else container.sample()
        if isinstance(container, (Batch, KnownDataset)):
            return Batch() if isinstance(container, Batch) else Item()
        if isinstance(container, Item):
            return container
        if container is None and isinstance(node.value, ast.Attribute) and isinstance(node.slice, ast.Name) and \
                (is_eval_name(node.slice.id) or "train" in words_of(node.slice.id)) and ctx.data_set_level and \
                not ctx.loops and not isinstance(index, (Number, Text, Tensor, Batch, Item)):
            # dataset.paper_feat[train_idx], dataset.paper_feat[valid_idx]: the rows of a split, picked by NumPy's
            # fancy indexing from what a library's data set holds (features the flow cannot see): a new array of them,
            # a part of the data set (its labels, dataset.paper_label[train_idx], by the attribute's name)
            return Data(node.lineno, str(ctx.module.path), ast.unparse(node)[:60], ARRAYS, split=True,
                        labels=is_labels(words_of(node.value.attr)))
        return None

    def _mapped_subscript(self, mapped: Mapped, node: ast.Subscript, ctx: Context) -> Value:
        """chunks[:limit] is still mapped; chunks[i] is one row; chunks[idx, :] (an index array, a mask) copies
        every row it picks into memory."""
        piece = node.slice
        if isinstance(piece, ast.Constant) and isinstance(piece.value, str):
            # npz['arr_0']: a key of an .npz archive, which np.load never maps (mmap_mode is for .npy files only):
            # each key read decompresses that whole array into memory
            return self._mapped_read(node, ctx, mapped, reader="npz")
        first = piece.elts[0] if isinstance(piece, ast.Tuple) and piece.elts else piece
        if isinstance(first, ast.Slice):
            if ctx.loops and first.lower is not None and not isinstance(first.lower, ast.Constant):
                return Batch()  # x[i:i + batch_size]: one batch, read as it is used
            return mapped
        if isinstance(self.values.get(first), Number) or ctx.loops and isinstance(first, ast.Name) or \
                _item_index(first, ctx.function):
            return Item(fresh=False)
        if isinstance(first, (ast.Compare, ast.BoolOp)) or \
                isinstance(first, (ast.Name, ast.Attribute)) and _names_rows(first):
            return self._mapped_read(node, ctx, mapped)
        return None

    def _data_subscript(self, data: Data, node: ast.Subscript, index: Value, ctx: Context, scope: Scope) -> Value:
        piece = node.slice
        if isinstance(piece, ast.Slice):
            upper = piece.upper
            if isinstance(upper, ast.Constant) and isinstance(upper.value, int) and piece.lower is None \
                    and 0 <= upper.value <= (FEW_LARGE if data.large_items else FEW):
                # x[:700]: a few rows, a sample of the data set; unless the script shows every dimension of
                # them and they come to a large array (700 images of 416 x 416 x 3): then the bytes decide (of CT
                # volumes, vols[:70] is a training split: tens of megabytes each)
                shaped = replace(data, shape=((upper.value,) + data.shape[1:]) if data.shape else None, small=False)
                return replace(shaped, small=total_bytes(shaped) is None or negligible(shaped))
            if ctx.loops and piece.lower is not None and not isinstance(piece.lower, ast.Constant) and \
                    piece.upper is not None:  # (x[i + 1:], every row after one: the rest of x, not a batch)
                if isinstance(ctx.loops[-1], (ast.ListComp, ast.GeneratorExp)) and ctx.data_set_level:
                    # [X[i:i + 2] for i in range(0, len(X), 2)]: every piece of X, kept side by side
                    return _row(data)
                if _picks_few_rows(piece):
                    return Batch()  # x[pick:pick + 1]: a few rows from where the script picks, not a split
                if ctx.data_set_level and 0 < _loop_count(ctx.loops[-1], self.values) <= FEW_PARTS and \
                        not any(names_batch_size(last_part(dotted_name(n))) for n in ast.walk(piece)
                                if isinstance(n, (ast.Name, ast.Attribute))):
                    # for i in range(len(split_fracs)): X[start:stop], the bounds not a batch's: each of a few passes
                    # cuts one part of X (train, validation, test), a view of its rows, as X[:n_train] is
                    return replace(data, shape=((None,) + data.shape[1:]) if data.shape else None, split=True,
                                   small=negligible(data))
                return Batch()  # X[i:i + batch_size]: one batch
            if _picks_few_rows(piece):
                return Batch()  # x[pick:pick + 1] outside a loop: a batch of a few rows from where the script picks
            # a part of data the script shows is small is small too, whatever rows it keeps
            return replace(data, shape=((None,) + data.shape[1:]) if data.shape else None, small=negligible(data))
        if _one_column(piece, self.values) and (_two_dimensional(data) or
                                                data.content == TABLE and _cast_to_number(node, ctx.module)):
            # idx_features_labels[:, 0]: one column of a table of numbers, one value per row, as labels are; of a
            # pandas table, where the script makes it numbers (df.values[:, 0].astype(int): ids, not documents)
            return replace(data, shape=data.shape[:1] if data.shape else None, labels=True)
        if isinstance(piece, ast.Tuple) and (ctx.loops or ctx.repeated) and \
                any(_window(e, ctx.module) for e in piece.elts[1:]):
            # scene[:, r:r + 9, c:c + 9] (or [:, rows, cols] with rows = slice(r, r + 9)) in a loop, or in a function
            # called in one: the neighbourhood of one position, a piece of the array as a row is, not all of it
            return Item(None, data.dtype, fresh=False, root=data.root)
        first = piece.elts[0] if isinstance(piece, ast.Tuple) and piece.elts else piece
        while isinstance(first, ast.Call) and isinstance(first.func, ast.Attribute) and \
                first.func.attr in _INDEX_CASTS:
            # X[train_idx.astype(int)], X[idx.long()]: the same rows, the index array made whole numbers (one
            # built with np.append starts out float)
            first = first.func.value
        folds = isinstance(first, ast.Name) and _fold_index(first.id, ctx)
        if isinstance(first, ast.Subscript) and isinstance(first.slice, ast.Slice) and not all(
                bound is None or isinstance(bound, ast.Constant) for bound in (first.slice.lower, first.slice.upper)):
            # X[order[start:end]], X[perm[i * bs:(i + 1) * bs]]: the rows a run of a shuffled index picks, one
            # batch (not the index's own first rows, order[:1000], a sample the script writes out)
            return Batch()
        if data.content == TABLE and isinstance(index, Several) and index.items and \
                all(isinstance(i, Text) for i in index.items):
            return replace(data, shape=None)  # df[columns], columns = ['age', 'fare']: those columns of every row
        if isinstance(self.values.get(first), Number) or ctx.loops and isinstance(first, ast.Name) and not folds or \
                _item_index(first, ctx.function):
            return _row(data)  # X[i], X[i, :]: one sample
        if isinstance(index, Text) and data.files_column is not None and index.value == data.files_column[0]:
            return data.files_column[1]  # df['image'] of a table it was filled into: the decoded files
        if isinstance(index, Text):
            labels = bool(words_of(index.value) & LABEL_WORDS)
            return replace(data, labels=labels, shape=None, column=data.content == TABLE)
        if isinstance(first, ast.Name) and _batch_sized(first.id, ctx.module.function_of(node)):
            return Batch()  # X[ids] with ids = np.random.randint(0, n, batch_size): the rows of one batch
        count = _sampled_count(first, ctx.module.function_of(node), ctx.module, self.values) \
            if isinstance(first, ast.Name) else None
        if count is not None:
            # X[pick] with pick = np.random.randint(0, n, size=5000): a new array of those rows, a data set of
            # its own (not a second copy of X, whose size the script may not show)
            rows = replace(data, line=node.lineno, root="", shape=((count,) + data.shape[1:]) if data.shape
                           else (count,), split=False)
            return replace(rows, small=negligible(rows) or count <= FEW)
        # (x[np.random.permutation(len(x))]: every row, in a random order)
        shuffled = isinstance(first, ast.Call) and last_part(ctx.module.qualified(first.func)) in PERMUTATIONS
        if (folds or not ctx.loops and (isinstance(first, (ast.Name, ast.Attribute)) and _names_rows(first) or
                                        shuffled)) and \
                not isinstance(self.values.get(first), (Number, Text, Tensor, Batch, Item)) and \
                data.container in ("numpy", "torch") and data.content != NAMES:
            # X[train_idx]: NumPy's fancy indexing copies the rows it picks, and X stays
            part = replace(data, line=node.lineno, shape=((None,) + data.shape[1:]) if data.shape else None,
                           split=True, small=negligible(data))
            self._copied(Call(node, "", data, None, [], {}, ctx, scope), data, part)  # type: ignore[arg-type]
            return part
        return data

    def _eval_BinOp(self, node: ast.BinOp, scope: Scope, ctx: Context) -> Value:
        left = self.eval(node.left, scope, ctx)
        right = self.eval(node.right, scope, ctx)
        if isinstance(left, Number) and isinstance(right, Number):
            try:
                value = _ARITHMETIC[type(node.op)](left.value, right.value)
            except (KeyError, ArithmeticError, ValueError, OverflowError):
                return None
            return Number(value) if abs(value) < 1e15 else None
        if isinstance(left, Several) and isinstance(right, Several) and isinstance(node.op, ast.Add):
            # fit([train_bow, train_variety] + [train_seq], ...): the two lists' items, one after the other
            return Several(left.items + right.items)
        if isinstance(left, Tensor) or isinstance(right, Tensor):
            tensors = [v for v in (left, right) if isinstance(v, Tensor)]
            # under torch.no_grad() the result records no graph, whatever its operands hold
            return Tensor(graph=any(t.graph for t in tensors) and not ctx.no_grad, loss=any(t.loss for t in tensors),
                          host=all(t.host for t in tensors), accumulated=any(t.accumulated for t in tensors))
        if isinstance(left, Data) and isinstance(node.op, ast.Add) and isinstance(right, Data):
            return left  # pos + neg: the two lists together
        if isinstance(left, (Data, Item)) and isinstance(right, (Number, Data, Item)) or \
                isinstance(right, (Data, Item)) and isinstance(left, Number):
            result = self._array_arithmetic(node, left, right, ctx)
            self._scaled_copy(node, left if isinstance(left, Data) else right, result, scope, ctx)
            return result
        if isinstance(left, Data) and right is None and _float_statistic(node.right, ctx) or \
                isinstance(right, Data) and left is None and _float_statistic(node.left, ctx):
            # (x - np.mean(x)) / np.std(x), or of names bound to them: NumPy's statistics are float64 scalars, and
            # an array of whole numbers (uint8 pixels) computed with one is a float64 array
            return self._array_arithmetic(node, left, right, ctx, float_scalar=True)
        array = left if isinstance(left, (Data, Item)) else right if isinstance(right, (Data, Item)) else None
        if isinstance(array, Item):  # (img - mean) / std: a new array the size of the image
            return replace(array, fresh=True, dtype=None)
        if isinstance(array, Data):
            return replace(array, line=node.lineno, inferred=False)
        return None

    def _scaled_copy(self, node: ast.BinOp, array: Value, result: Value, scope: Scope, ctx: Context) -> None:
        """x_scaled = (x - 127.5) / 127.5 of float data: a new array of the whole data set in the dtype it has (a
        wider one is a dtype-blowup), recorded as a copy held by the name it is computed from, which may stay.
        Only that name: another array of the same data set (the uint8 one x was converted from, a subset of it) is
        not what the arithmetic copies."""
        if not isinstance(result, Data) or not isinstance(array, Data) or result.dtype != array.dtype or \
                not (array.dtype or "").startswith("float") or array.content == TABLE or array.inferred or \
                ctx.loops or not ctx.data_set_level or isinstance(ctx.module.statement_of(node), ast.Return):
            return  # return (x + 1) * 0.5: whether x stays is the caller's (x = unscale(x) replaces it)
        operand = node.left if self.values.get(node.left) is array else node.right
        while isinstance(operand, ast.BinOp):  # (x - 127.5) / 127.5: x
            operand = operand.left if isinstance(self.values.get(operand.left), Data) else operand.right
        named = self.values.get(operand)
        if isinstance(named, Data) and named.dtype is not None and \
                ITEMSIZE.get(named.dtype, 8) < ITEMSIZE.get(array.dtype or "float64", 8) or \
                isinstance(named, Data) and named.dtype is None and _scales_pixels(node, ctx.module):
            # x / 127.5 - 1 of uint8 x: the float64 array the division made (its own finding) is shifted, not a
            # copy of what x holds; x keeps the narrow original (which the pixel scale says it is, where nothing
            # else does: np.load of a file of images)
            return
        name = dotted_name(operand) if isinstance(operand, (ast.Name, ast.Attribute)) else ""
        holders: tuple[tuple[str, bool], ...] = ()
        bound: Scope | None = scope
        while name and bound is not None:
            if name.split(".")[0] in bound.names:
                holders = ((name, bound.parent is None and ctx.function is not None),)
                break
            bound = bound.parent
        base = self._sliced_from(name, node, array, scope, ctx) if holders else None
        if base is not None:  # the array the view shares its memory with holds it first
            holders = (base,) + holders
        self.seen.append(Seen("copied", node, ctx, result, array, holders=holders))

    def _sliced_from(self, name: str, node: ast.AST, array: Data, scope: Scope,
                     ctx: Context) -> tuple[str, bool] | None:
        """part = x[:cut] (x[cut:], x[a:b, ...]): basic slicing makes a view, memory x still owns; part = part / 255.
        then drops the view, not the data, so while x stays the scaled part is a second copy of that much of it. (x,
        whether it is a module's name seen from a function); None where the name was not last bound to a slice of
        another name of the same data set (x[idx], an index array, copies, and what it copied may go)."""
        function = ctx.function.node if ctx.function is not None else None
        binding = ctx.module.last_assignment(name, node, function)
        value = binding.value if binding is not None else None
        if not isinstance(value, ast.Subscript) or not isinstance(value.value, ast.Name) or value.value.id == name:
            return None
        index = value.slice.elts[0] if isinstance(value.slice, ast.Tuple) and value.slice.elts else value.slice
        base = self.values.get(value.value)
        if not isinstance(index, ast.Slice) or not isinstance(base, Data) or base.root != array.root:
            return None
        # (del x, or x rebound, between the slice and the scaling: the view alone holds what x held)
        start, end = binding.statement.end_lineno or binding.statement.lineno, node.lineno
        if any(isinstance(n, ast.Delete) and any(dotted_name(t) == value.value.id for t in n.targets) or
               isinstance(n, ast.Assign) and any(dotted_name(t) == value.value.id for t in n.targets)
               for statement in (function.body if function is not None else ctx.module.tree.body)
               if start < statement.lineno < end for n in ast.walk(statement)):
            return None
        bound: Scope | None = scope
        while bound is not None:
            if value.value.id in bound.names:
                return value.value.id, bound.parent is None and ctx.function is not None
            bound = bound.parent
        return None

    def _array_arithmetic(self, node: ast.BinOp, left: Value, right: Value, ctx: Context,
                          float_scalar: bool = False) -> Value:
        """x / 255 on an array: NumPy makes a new array, float64 unless x was float32 already. ``float_scalar``:
        the other operand is a float the script computes (np.mean(x)), not one it writes."""
        array = left if isinstance(left, (Data, Item)) else right
        number = right if isinstance(right, Number) else left if isinstance(left, Number) else None
        floats = isinstance(node.op, ast.Div) or isinstance(number, Number) and isinstance(number.value, float) or \
            float_scalar
        torch_like = getattr(array, "container", "numpy") in ("torch", "tf") if isinstance(array, Data) else False
        keeps_float = array.dtype in ("float32", "float16", "bfloat16")
        becomes_float64 = floats and not torch_like and not keeps_float and array.dtype != "float64"
        pixel_scale = isinstance(number, Number) and number.value in (255, 255.0, 256, 1 / 255, 1.0 / 255.0) or \
            isinstance(number, Number) and 0 < number.value < 1 and round(1 / number.value) == 255 or \
            isinstance(number, Number) and number.value == 127.5 and number is right and \
            isinstance(node.op, (ast.Sub, ast.Div))  # (x - 127.5) / 127.5: 8-bit pixels to a GAN's [-1, 1]
        # (not x * 127.5 + 127.5, which takes a generator's output back to pixels)
        if isinstance(array, Data) and array.inferred and not pixel_scale:
            return None  # np.array(something unknown) / 10: nothing says it is a data set
        if isinstance(array, Item):
            widened = becomes_float64 and (array.dtype is not None or pixel_scale)
            return replace(array, dtype="float64" if becomes_float64 else array.dtype, fresh=True,
                           widened_line=node.lineno if widened else array.widened_line,
                           widened_to="float64" if widened else array.widened_to,
                           widened_at=node if widened else array.widened_at)
        result = replace(array, line=node.lineno, inferred=False,
                         dtype="float64" if becomes_float64 else array.dtype)
        if becomes_float64 and (array.dtype is not None or pixel_scale) and array.content != TABLE:
            self.seen.append(Seen("divided", node, ctx, result, array))
        converted = node.left if array is left else node.right
        if isinstance(converted, ast.Call) and isinstance(converted.func, ast.Attribute) and \
                converted.func.attr == "astype" and ctx.data_set_level and not ctx.loops:
            # x.astype('float32') / 255 with x float32 already: astype copies it whole for nothing, and the
            # division makes a second copy while that first one is alive
            before = self.values.get(converted.func.value)
            if isinstance(before, Data) and before.dtype is not None and before.dtype == array.dtype and \
                    not before.inferred:
                self.seen.append(Seen("converted-twice", node, ctx, result, before))
        return result

    def _eval_UnaryOp(self, node: ast.UnaryOp, scope: Scope, ctx: Context) -> Value:
        operand = self.eval(node.operand, scope, ctx)
        if isinstance(operand, Number) and isinstance(node.op, ast.USub):
            return Number(-operand.value)
        return _computed(operand, ctx) if isinstance(operand, Tensor) else None

    def _eval_Compare(self, node: ast.Compare, scope: Scope, ctx: Context) -> Value:
        values = [self.eval(node.left, scope, ctx)] + [self.eval(c, scope, ctx) for c in node.comparators]
        if any(isinstance(v, Tensor) for v in values):
            return Tensor(graph=False, host=all(v.host for v in values if isinstance(v, Tensor)))
        return None

    def _eval_IfExp(self, node: ast.IfExp, scope: Scope, ctx: Context) -> Value:
        self.eval(node.test, scope, ctx)
        return _merge(self.eval(node.body, scope, ctx), self.eval(node.orelse, scope, ctx))

    def _eval_ListComp(self, node: ast.ListComp | ast.GeneratorExp | ast.SetComp, scope: Scope,
                       ctx: Context) -> Value:
        """[decode(f) for f in files]: every decoded file, held at once."""
        inner_scope = Scope(scope, scope.function)
        inner = ctx
        small = False
        for generator in node.generators:
            iterable = self.eval(generator.iter, inner_scope, inner)
            small = small or isinstance(iterable, Range) and (iterable.count is not None and
                                                              iterable.count <= FEW or iterable.batch) or \
                isinstance(iterable, Data) and iterable.small
            # (loss_dict.values() of a detection model's losses, a list of output tensors: each item a tensor as
            # they are, with their graph)
            element = (_row(iterable) if isinstance(iterable, Data) and iterable.content in (ARRAYS, FILES)
                       else Batch() if isinstance(iterable, (Loader, Pipeline))
                       else iterable if isinstance(iterable, Tensor) else None)
            inner = replace(inner, loops=inner.loops + (node,), over_samples=isinstance(iterable, Data) or
                            isinstance(iterable, Range) and iterable.samples)
            self._assign(generator.target, element, inner_scope, inner, ctx.module.statement_of(node))
            for condition in generator.ifs:
                self.eval(condition, inner_scope, inner)
        element_value = self.eval(getattr(node, "elt", None) or node.value, inner_scope, inner)  # type: ignore
        if isinstance(node, ast.DictComp):
            self.eval(node.key, inner_scope, inner)
        listing = _is_listing_comprehension(node, ctx.module)
        statement = ctx.module.statement_of(node)
        holder = set().union(*(words_of(last_part(dotted_name(t))) for t in getattr(statement, "targets", [])
                               if isinstance(t, (ast.Name, ast.Attribute)))) if statement else set()
        if element_value is None and ctx.over_samples and ctx.data_set_level and _parses_numbers(node):
            # for s in table['pixels']: [int(v) for v in s.split()]: one sample's values parsed from its text, a
            # sample as np.asarray of it would be (a Python int or float each, made int64 or float64 by np.array)
            return Item(None, None, fresh=True)
        if isinstance(element_value, (H5File, H5Dataset)) and not isinstance(node, ast.DictComp):
            # [h5py.File(p) for p in paths], [files[k]['images'] for k in ...]: still on disk, each of them;
            # indexed, one of them; stacked (np.vstack), every one read whole
            return element_value
        return self._collected(node, element_value, ctx, small, listing, holder)

    _eval_GeneratorExp = _eval_ListComp
    _eval_SetComp = _eval_ListComp
    _eval_DictComp = _eval_ListComp

    def _collected(self, node: ast.AST, element: Value, ctx: Context, small: bool, names: bool,
                   holder: set[str]) -> Value:
        """A list with one value per file or sample: what it holds, and a record when that is new memory for the
        whole data set. ``holder``: the words of the list's name (a list of masks is labels)."""
        path = str(ctx.module.path)
        if isinstance(element, (Several, Keyed)):
            # [image, label] pairs, ((pixels, mask), label), {'image': pixels, 'word': text}: the image is what weighs
            element = _first_item(element) or element
        if small and isinstance(element, Data) and element.inferred:
            # [frame for _ in range(4)] of an array nothing says is a data set (np.uint8(resize(obs) * 255)): a few
            # of it side by side (a DQN's stacked frames), small however it is stacked or scaled afterwards
            return replace(element, line=node.lineno, container="list", small=True)
        if isinstance(element, Item):
            shape = (None,) + element.shape if element.shape is not None else None
            if element.opened:  # images.append(Image.open(p)): opened files, decoded where something uses each
                data = Data(node.lineno, path, "a list of opened images", FILES, "list", shape, element.dtype,
                            small=small, opened=True, labels=is_labels(holder))
                if ctx.data_set_level and not small and not _per_pass(node, ctx):
                    # (kept whole and used later, a Dataset's transform(self.images[i]): PIL decodes each on first
                    # use and keeps its pixels, so the list ends up holding every file decoded)
                    self.seen.append(Seen("opened-kept", node, ctx, data))
                return data
            if not element.fresh and element.record:
                # titles.append(df['title'][i]): a column's cells in a Python list, objects, not decoded files
                return Data(node.lineno, path, "a list of records", NAMES, "list", small=small, root=element.root)
            if not element.fresh:  # references to rows already held: the same data set, no new memory
                return Data(node.lineno, path, "a list of decoded files", FILES, "list", shape, element.dtype,
                            small=small, root=element.root)
            loops = loops_collecting(node, ctx)
            # for image in images: flipped.append(cv2.flip(image, 1)): a new array made of each decoded file
            # [np.asarray(im) for im in images] of images PIL only opened: each decoded here, the first time (of
            # a list of decoded files, [crop(p) for p in volumes] rebinding volumes is a copy that replaces it)
            iterated = [self.values.get(loop.iter) for loop in loops if hasattr(loop, "iter")] + [
                v for loop in loops for g in getattr(loop, "generators", [])
                if isinstance(v := self.values.get(g.iter), Data) and v.opened]
            made_of_files = bool(element.root) and any(
                isinstance(v, Data) and v.content == FILES and v.root == element.root for v in iterated)
            reads_files = made_of_files or any(self.reads_files(loop, ctx.module) for loop in loops)
            on_disk = self._listed_on_disk(loops) if reads_files else None
            if on_disk is not None and shape is not None and None not in shape[1:]:
                # the folder the loop lists is there: as many samples as its files, at most (each kept at the size
                # the script shows), so the list and every copy made of it say their size (a float64 copy of a small
                # list may be large)
                shape = (on_disk,) + shape[1:]
            data = Data(node.lineno, path, "a list of decoded files" if reads_files else "a list of arrays",
                        FILES if reads_files else ARRAYS, "list", shape, element.dtype, small=small,
                        widened_line=element.widened_line, widened_to=element.widened_to,
                        widened_at=element.widened_at, labels=is_labels(holder), files_on_disk=on_disk,
                        large_items=element.large)
            if not reads_files:
                for loop in loops:
                    iterated = self.values.get(getattr(loop, "iter", None))
                    if isinstance(iterated, Data) and iterated.content in (TABLE, NAMES):
                        self.rows_made_into.setdefault(data.root, set()).add(iterated.root)
            if ctx.data_set_level and not small and not _per_pass(node, ctx) and (not data.labels or reads_files):
                # a list of masks decoded from files: the rule says it where no list of inputs is kept beside it
                self.seen.append(Seen("collected-labels" if data.labels else "collected", node, ctx, data))
            return data
        if isinstance(element, Tensor):
            return None
        if names or isinstance(element, (Text, Several)) and not small:
            return Data(node.lineno, path, "a list of file names", NAMES, "list", small=small)
        return None

    def _listed_on_disk(self, loops: tuple[ast.AST, ...]) -> int | None:
        """How many data files the outermost loop that keeps a list reads, where it walks a listing of a folder that
        exists (for cls in os.listdir('data/train'): for f in os.listdir(...): every file below data/train, counted
        by files_listed_on_disk); None where it walks anything else (a list of class names written in the script:
        each pass may read another folder)."""
        outermost = loops[0] if loops else None
        walked = [outermost.iter] if isinstance(outermost, (ast.For, ast.AsyncFor)) else \
            [outermost.generators[0].iter] if isinstance(outermost, _COMPREHENSIONS) else []
        listing = self.values.get(walked[0]) if walked else None
        return listing.files_on_disk if isinstance(listing, Data) and listing.content == NAMES else None

    def _kept_on_gpu(self, container: ast.AST, value: Value, ctx: Context) -> None:
        """Samples moved to the GPU one by one and kept in a list or a dict, in a loop that prepares the data (not
        a training step): at the end of the loop the whole data set is in GPU memory."""
        items = value.items if isinstance(value, Several) else (value,)
        moved_items = [i for i in items if isinstance(i, Item) and i.moved_to_gpu is not None]
        if not moved_items or not ctx.loops or not ctx.data_set_level or ctx.small_loop or \
                _trains_in_loop(ctx.loops[-1]):
            return
        for item in moved_items:
            moved = item.moved_to_gpu
            if any(s.what == "kept-on-gpu" and s.node is moved for s in self.seen):
                continue
            data = Data(moved.lineno, str(ctx.module.path), "samples moved to the GPU one by one", ARRAYS, "torch",
                        (None,) + item.shape if item.shape is not None else None, item.dtype)
            self.seen.append(Seen("kept-on-gpu", moved, ctx, data, target=dotted_name(container)))

    def _loss_parts(self, target: ast.Tuple, loop: ast.AST, loss: Tensor, line: int) -> Value:
        """The parts of a tuple a loss function the flow cannot read returns, one per name. The loss (the part the
        loop calls backward() on; where it calls it on none, an evaluation loop, the first, as loss functions return
        it) is a tensor with its graph. Its siblings may be tensors or numbers for the log (l1.item() returned): the
        script says which. Where it turns the loss into a number (loss.item(), loss.detach().cpu()) but uses a
        sibling as it is, never asking a tensor's method of it, the sibling is a number its author knows; where it
        uses the loss as it is too, the parts are alike: tensors, each with the step's graph."""
        if loop not in self._backward_calls:
            self._backward_calls[loop] = _backward_names(loop)
        if loop not in self._tensor_uses:
            self._tensor_uses[loop] = _tensor_uses(loop)
        names = [e.id if isinstance(e, ast.Name) else None for e in target.elts]
        backward = {name for name, at in self._backward_calls[loop] if at > line}
        main = next((i for i, name in enumerate(names) if name in backward), 0)
        uses = self._tensor_uses[loop]
        converted = names[main] is not None and "number" in uses.get(names[main], ())
        return Several(tuple(loss if i == main or not converted or "tensor" in uses.get(name, ()) else None
                             for i, name in enumerate(names)))

    def _backpropagated(self, statement: ast.Assign | ast.AnnAssign, loop: ast.AST, value: Value) -> Value:
        """``value`` (None, or a tuple of values) with a loss with its graph where the name the statement binds has
        backward() called on it later in the same loop body, or is a loss that name adds up (loss = bce_loss + w *
        gradient_loss; loss.backward()); for a tuple (loss, out = step(batch)), that loss in its place."""
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        if len(targets) != 1:
            return value
        if loop not in self._backward_calls:
            self._backward_calls[loop] = _backward_names(loop)
        loss = Tensor(graph=True, loss=True, host=not self.uses_gpu)

        def backpropagated(target: ast.expr) -> bool:
            return isinstance(target, ast.Name) and any(
                name == target.id and line > statement.lineno for name, line in self._backward_calls[loop])

        target = targets[0]
        if isinstance(target, ast.Tuple) and any(backpropagated(e) for e in target.elts):
            known = value.items if isinstance(value, Several) and len(value.items) == len(target.elts) else \
                (None,) * len(target.elts)
            return Several(tuple(loss if backpropagated(e) and known[i] is None else known[i]
                                 for i, e in enumerate(target.elts)))
        if isinstance(value, Tensor) and backpropagated(target):
            # loss = model(batch) (a CRF's negative log-likelihood, a model that computes its own loss), then
            # loss.backward(): what the script calls backward() on is its loss, however it was computed
            return replace(value, loss=True)
        return loss if value is None and backpropagated(target) else value

    def decodes_per_item(self, cls: ClassInfo) -> bool:
        """The Dataset's __getitem__ (its own or a base's of the script) reads a file, itself or through the script's
        functions: cv2.imread(self.paths[i])."""
        getitem = next((k.methods["__getitem__"] for k in self.class_chain(cls) if "__getitem__" in k.methods), None)
        return getitem is not None and self.reads_files(getitem.node, getitem.module)

    def reads_files(self, loop: ast.AST, module: Module) -> bool:
        """The loop reads files: it calls a decoder or a loader, itself or through the script's functions."""
        if loop not in self._loops_reading:
            readers = self._file_reading_functions()
            self._loops_reading[loop] = any(
                _reads_directly(c, module) or last_part(dotted_name(c.func)) in readers
                or self._absent_reader(c, module) for c in calls_in(loop))
        # for x in DataLoader(SliceFiles(paths)): the workers decode what each pass gets
        iterated = self.values.get(getattr(loop, "iter", None))
        if isinstance(iterated, Loader) and iterated.decodes or self.reads_a_library_dataset(loop):
            return True
        # h5[name][:, :]: an HDF5 data set read from the file (what an open file holds, this round's values say)
        return self._loops_reading[loop] or any(
            isinstance(n, ast.Subscript) and isinstance(self.values.get(n.value), (H5File, H5Dataset))
            for n in ast.walk(loop))

    def reads_a_library_dataset(self, loop: ast.AST) -> bool:
        """The loop iterates a library's data set read sample by sample (for image, label in ImageFolder(root)) or
        indexes one (ds["train"][k]): each sample decoded from its file."""
        return isinstance(self.values.get(getattr(loop, "iter", None)), StreamedDataset) or any(
            isinstance(n, ast.Subscript) and isinstance(self.values.get(n.value), StreamedDataset)
            for n in ast.walk(loop))

    def _absent_reader(self, call: ast.Call, module: Module) -> bool:
        """spec_utils.cache_or_load(path), utils.read_volume(path): a function that says it reads, or is given a
        file's path, from a module of the script's own that is not beside it (a library the checker knows is no such
        module)."""
        qualified = module.qualified(call.func)
        if "." not in qualified:
            return False
        # what it is given is a file's path (vggish_input.wavfile_to_examples(os.path.join(folder, name)),
        # features.file_to_vectors(wav_files[i]))
        if not words_of(last_part(qualified)) & _READ_WORDS and not (call.args and (
                _joins_a_path(call.args[0], module) or _element_of_file_list(call.args[0], module))):
            return False
        return self._absent_module(module, qualified.rsplit(".", 1)[0])

    def _absent_module(self, module: Module, name: str) -> bool:
        """``name`` is a module ``module`` imports that is neither a library the checker knows, nor Python's own,
        nor a file beside it; found once per module and name (it looks at the disk), not once per call."""
        key = (module, name)
        if key not in self._absent_modules:
            head = name.split(".")[0]
            root = self.modules[0].path.resolve().parent
            self._absent_modules[key] = head not in _KNOWN_LIBRARIES and head not in sys.stdlib_module_names and \
                head in {n.split(".")[0] for n in module.imported} and \
                not any(path.exists() for path in imported_files(module, name, 0, root))
        return self._absent_modules[key]

    def _file_reading_functions(self) -> set[str]:
        """Names of the program's functions that read a file, directly or through one another."""
        if not hasattr(self, "_readers"):
            readers: set[str] = set()
            functions = [f for m in self.modules for f in m.functions.values()]
            for _pass in range(4):
                for info in functions:
                    if info.name not in readers and any(
                            _reads_directly(c, info.module) or last_part(dotted_name(c.func)) in readers
                            for c in calls_in(info.node)):
                        readers.add(info.name)
            self._readers = readers
        return self._readers

    def _eval_Call(self, node: ast.Call, scope: Scope, ctx: Context) -> Value:
        func = node.func
        generator = self._map_as_generator(node, ctx.module)
        if generator is not None:
            # map(read_image, paths) is (read_image(p) for p in paths): kept whole by list(), np.array(), what the
            # comprehension would be; a file name per item (map(str, paths)) is what the handlers below say
            mapped = self._eval_ListComp(generator, scope, ctx)
            if mapped is not None:
                self.values[node] = mapped
                return mapped
        receiver = self.eval(func.value, scope, ctx) if isinstance(func, ast.Attribute) else None
        if receiver is None and isinstance(func, ast.Attribute) and func.attr == "backward" and \
                isinstance(func.value, ast.Name) and not node.args and not ctx.no_grad:
            # total.backward() of what the flow could not follow (the losses of a model made in a module not beside
            # the script): only a tensor with its graph has backward(), so the name holds a loss from here on
            # (accelerator.backward(loss), fabric.backward(loss): the loss is what they are given)
            receiver = Tensor(graph=True, loss=True, host=not self.uses_gpu)
            scope.rebind(func.value.id, receiver)
        callee = self._attribute(receiver, func.attr) if isinstance(func, ast.Attribute) else \
            self.eval(func, scope, ctx)
        if isinstance(func, ast.Attribute):
            self.values[func] = callee
        args = [self.eval(a, scope, ctx) for a in node.args]
        kwargs = {k.arg: self.eval(k.value, scope, ctx) for k in node.keywords}
        call = Call(node, ctx.module.qualified(func), receiver, callee, args, kwargs, ctx, scope)
        for handler in (self._call_append, self._call_method, self._call_project, self._super, self._call_library,
                        self._call_fallback):
            result = handler(call)
            if result is not UNKNOWN:
                if handler == self._call_library and call.qualified.split(".")[0] == "torch":
                    return _computed(result, ctx)  # torch.mean(err) under no_grad(): a new tensor, no graph
                return result
        return None

    def _made_as_asked(self, iterated: ast.expr, module: Module) -> bool:
        """What a loop iterates (through tqdm, enumerate...) is a generator or a map, its items made one at a time
        as the loop asks for them."""
        while isinstance(iterated, ast.Call) and self._maps_as_generators.get(iterated) is None and \
                module.qualified(iterated.func) in _PASSING_ON and iterated.args:
            iterated = iterated.args[0]
        return isinstance(iterated, ast.GeneratorExp) or \
            isinstance(iterated, ast.Call) and self._maps_as_generators.get(iterated) is not None

    def _map_as_generator(self, node: ast.Call, module: Module) -> ast.GeneratorExp | None:
        """The builtin ``map(fn, items)`` (or ``map(lambda x: body, items)``) written as the generator it is,
        ``(fn(x) for x in items)``: made once per call, its nodes placed under the call."""
        if node in self._maps_as_generators:
            return self._maps_as_generators[node]
        generator = None
        # (a process pool's map, imap or imap_unordered, an executor's map: the same items, made in other processes)
        parallel = isinstance(node.func, ast.Attribute) and node.func.attr in _PARALLEL_MAPS and \
            not module.qualified(node.func).startswith(("numpy.", "pandas.", "torch.", "tensorflow.")) and \
            all(k.arg in ("chunksize", "timeout") for k in node.keywords)
        delayed = _joblib_delayed(node, module)
        if delayed is not None:
            # Parallel(n_jobs=-1)(delayed(read)(p, size) for p in paths): joblib's list of read(p, size), one item
            # per path, made in worker processes and returned whole
            function, given = delayed
            generator = ast.GeneratorExp(elt=ast.Call(func=function, args=given.args, keywords=given.keywords),
                                         generators=node.args[0].generators)
            ast.copy_location(generator, node)
            ast.copy_location(generator.elt, given)
            module.parents[generator] = node
            module.parents[generator.elt] = generator
            for argument in given.args + [k.value for k in given.keywords]:
                module.parents[argument] = generator.elt
        elif (module.qualified(node.func) == "map" and not node.keywords or parallel) and len(node.args) == 2 and \
                not any(isinstance(a, ast.Starred) for a in node.args):
            function, items = node.args
            if isinstance(function, ast.Lambda):
                names = function.args.args
                if len(names) == 1 and not function.args.vararg and not function.args.kwonlyargs:
                    target: ast.expr | None = ast.Name(id=names[0].arg, ctx=ast.Store())
                    element: ast.expr | None = function.body
                else:
                    target = element = None
            else:
                target = ast.Name(id=f"_mapped_{node.lineno}_{node.col_offset}", ctx=ast.Store())
                element = ast.Call(func=function, args=[ast.Name(id=target.id, ctx=ast.Load())], keywords=[])
            if target is not None and element is not None:
                generator = ast.GeneratorExp(elt=element, generators=[
                    ast.comprehension(target=target, iter=items, ifs=[], is_async=0)])
                for made in ast.walk(generator):
                    if made is not function and made is not items and not hasattr(made, "lineno") or \
                            made is generator:
                        ast.copy_location(made, node)
                module.parents[generator] = node
                for made in (target, element, generator.generators[0]):
                    module.parents.setdefault(made, generator)
                if isinstance(element, ast.Call) and element.args:
                    module.parents[element.args[0]] = element
        self._maps_as_generators[node] = generator
        return generator

    # -- calls --------------------------------------------------------------------------------------------------

    def _extended(self, statement: ast.Assign, target: ast.expr, added: ast.expr, scope: Scope,
                  ctx: Context) -> bool:
        """``target = target + added`` in a loop, run as ``target.extend(added)``; whether it held files."""
        pieces = self.values.get(added)
        if isinstance(pieces, Data):
            # a list of arrays cut from each file the loop decodes (tiles of a scene): every file's pieces kept
            if pieces.container != "list" or pieces.content != ARRAYS or pieces.small or not ctx.data_set_level or \
                    not isinstance(target, ast.Name) or \
                    not any(self.reads_files(loop, ctx.module) for loop in ctx.loops):
                return False
            held = replace(pieces, line=statement.lineno, path=str(ctx.module.path), how="a list of decoded files",
                           content=FILES, root=f"{ctx.module.path}:{statement.lineno}")
            self.seen.append(Seen("collected", statement, ctx, held))
            self._assign(target, held, scope, ctx, statement)
            return True
        extend = ast.Call(func=ast.Attribute(value=target, attr="extend", ctx=ast.Load()), args=[added], keywords=[])
        ast.copy_location(extend, statement)
        ast.copy_location(extend.func, statement)
        self._call_append(Call(extend, "", self.eval(target, scope, ctx), None, [self.values.get(added)], {}, ctx,
                               scope))
        return isinstance(target, ast.Name) and isinstance(scope.get(target.id), Data)

    def _concatenated(self, statement: ast.Assign, target: ast.expr, added: ast.expr, scope: Scope,
                      ctx: Context) -> bool:
        """``target = concatenate((target, added))`` in a loop, run as ``target.append(added)``; whether it now
        holds the samples. Started from np.zeros or torch.zeros without a dtype, the array is float64 or float32
        whatever the samples are: each one (uint8 pixels) is made that wide before it is kept, at the start's line."""
        sample = self.values.get(added)
        start = _filled_start(dotted_name(target), ctx.loops[0], ctx.module)
        if isinstance(sample, Item) and start is not None and \
                ITEMSIZE.get(start[1], 0) > ITEMSIZE.get(sample.dtype or "", 8):
            sample = replace(sample, widened_line=start[0], widened_to=start[1])
        append = ast.Call(func=ast.Attribute(value=target, attr="append", ctx=ast.Load()), args=[added], keywords=[])
        ast.copy_location(append, statement)
        ast.copy_location(append.func, statement)
        self._call_append(Call(append, "", self.eval(target, scope, ctx), None, [sample], {}, ctx, scope))
        # the concatenation's copy of the samples so far is part of keeping them: each pass copies them once more
        self.seen = [s for s in self.seen if not (s.what == "copied" and s.node is statement.value)]
        return isinstance(self.eval(target, scope, ctx), Data)

    def _call_append(self, call: Call) -> Value:
        """lst.append(x) in a loop: a list that grows by one file, one name or one step's tensor each time round."""
        node, ctx = call.node, call.ctx
        if not isinstance(node.func, ast.Attribute) or node.func.attr not in ("append", "extend", "insert") \
                or not call.args or call.qualified.startswith("numpy."):
            return UNKNOWN  # (np.append(x, rows, axis=0), np.insert(...): NumPy's functions, not a list's methods)
        target = node.func.value
        value = call.args[-1]
        tensors = [v for v in (value.items if isinstance(value, Several) else (value,)) if isinstance(v, Tensor)]
        if tensors:
            kept = next((t for t in tensors if t.graph), tensors[0])
            self._accumulate(node, target, kept, ctx, appended=True)
            return None
        if not ctx.loops or self._reset_before_in_loop(dotted_name(target), node, ctx):
            return None
        bound = bounded_deques(ctx.function.node if ctx.function else ctx.module.tree).get(dotted_name(target))
        if bound is not None and isinstance(self.values.get(bound), Number) and self.values[bound].value < FEW:
            return None  # window = deque(maxlen=16): the last few, the oldest dropped as each one comes (a replay
            # memory of 50,000 transitions is bounded too, and large)
        self._kept_on_gpu(target, value, ctx)
        current = call.receiver
        loop = ctx.loops[-1]
        if isinstance(current, Data) and current.content in (FILES, NAMES) and current.line != node.lineno:
            # (the first add: images.append(img), or X += list(volumes) with its own statement)
            first = next((n for n in ast.walk(loop) if isinstance(n, (ast.Expr, ast.AugAssign, ast.Assign))
                          and n.lineno == current.line), None) if current.path == str(ctx.module.path) else None
            if current.content == FILES and isinstance(value, Item) and value.fresh and (
                    first is not None and not other_branches(loop, first, ctx.module.statement_of(node)) or
                    not _kept_in_these_loops(current, ctx) and self.reads_files(loop, ctx.module)):
                # images.append(img_left) after images.append(img_center) in the same loop: another file decoded
                # each pass (or a new array of it, cv2.flip's), kept beside the first: as much memory again; the
                # two branches of an if keep one each pass. A list filled by an earlier loop (the cats' folder),
                # a comprehension or a function, then by this loop's own files (the dogs'), holds a second folder
                # decoded whole: the same memory again, said at this loop
                small = self._small_growth(dotted_name(target), node, ctx) or self._admits_few(node, ctx)
                self._collected(node, value, ctx, small, False, words_of(last_part(dotted_name(target))))
            return None  # the list already holds the data set: the list itself is the same
        iterable = self.values.get(loop.iter) if isinstance(loop, (ast.For, ast.AsyncFor)) else None
        held: Value = None
        if isinstance(value, Batch) and isinstance(iterable, Loader) and iterable.decodes and \
                isinstance(node.args[-1], ast.Name) and node.args[-1].id in names_in(loop.target):
            # for x in slice_loader: loaded.append(x), the loader's Dataset decoding a file per item: each batch
            # is files just read, and the list keeps every one of them (a loop that trains on the batch keeps none);
            # that loop, unless inside another over batches, reads the data set rather than one batch of it
            value = Item(fresh=True)
            if not any(isinstance(self.values.get(getattr(outer, "iter", None)), (Loader, Pipeline, Batch))
                       for outer in ctx.loops[:-1]):
                ctx = replace(ctx, batch_loop=False)
        if _one_sample_made_per_call(value):
            # pc = read_cloud(path); clouds.append(pc): the array the helper makes anew on each call (np.zeros((n, 3))
            # filled from the file it opens) is one sample, and the list keeps one per pass
            value = _sample_of_call(value)
        elif isinstance(value, Data) and value.small and value.content == ARRAYS and not value.labels and \
                value.path == str(ctx.module.path) and \
                any(loop.lineno <= value.line <= (loop.end_lineno or loop.lineno) for loop in ctx.loops):
            # clips.append(np.copy(clip)), clip a buffer of ten frames: an array of a few samples made anew in the
            # loop is one sample, and the list keeps one per pass
            value = Item(value.shape, value.dtype, fresh=True)
        else:
            # clips.append(np.array(frames)), frames the frames this pass decoded from one video: one sample
            value = _stack_of_this_pass(value, ctx)
        if isinstance(value, (Item, Several, Keyed)):
            # (for fold in [0, 1, 2, 3, 4]: cubes.extend(np.load(fold_path)): every row of a whole file each pass,
            # however few the files)
            small = self._small_growth(dotted_name(target), node, ctx) and not (
                _large(value) and _loop_count(loop, self.values) > FEW_LARGE) and \
                not (node.func.attr == "extend" and _whole_file_read(node.args[-1], ctx.module)) or \
                self._kept_elsewhere_each_pass(dotted_name(target), node, ctx) or self._admits_few(node, ctx) or \
                _picked_from_each_pass(dotted_name(target), node, ctx)
            held = self._collected(node, value, ctx, small, False, words_of(last_part(dotted_name(target))))
        if isinstance(value, Data) and not value.small:
            held = replace(value, container="list", split=True)  # X_parts.append(X[idx]): pieces of a data set
        if held is None and isinstance(iterable, Data) and iterable.content == NAMES and not iterable.small and \
                not isinstance(value, (Item, Data)) and _made_of_the_item(node.args[-1], loop):
            # for question in json.load(f)['questions']: entries.append({...}): one record per sample
            records = iterable.container == "list" and last_part(iterable.how) == "load"
            held = Data(node.lineno, str(ctx.module.path), "a list of records" if records else "a list of file names",
                        NAMES, "list")
        if isinstance(held, Data) and held.content == NAMES and isinstance(iterable, Data) and iterable.lines and \
                not _joins_a_path(node.args[-1], ctx.module):
            # a list made from each of a text file's lines: the same text once more, with the same root; the
            # first list is alive while the second is built from it
            held = replace(held, lines=True, root=iterable.root)
            if ctx.data_set_level and not ctx.small_loop:
                self.seen.append(Seen("copied-lines", node, ctx, held, iterable, target=dotted_name(loop.iter)))
        if held is None and isinstance(iterable, TextFile) and not isinstance(value, (Item, Data)) and \
                _made_of_the_item(node.args[-1], loop):
            # for line in f: rows.append(...): one Python object per line of the file
            held = Data(node.lineno, str(ctx.module.path), "the lines of a text file", NAMES, "list", lines=True)
            if ctx.data_set_level:
                self.seen.append(Seen("collected-lines", node, ctx, held))
        if held is not None and not ctx.data_set_level and isinstance(value, Item):
            # the pieces of one sample (its chunks, its frames): one sample's worth, made anew
            self._assign(target, replace(value, shape=None, fresh=True), call.scope, ctx,
                         ctx.module.statement_of(node), rebind=True)
        elif held is not None and ctx.data_set_level:
            self._assign(target, held, call.scope, ctx, ctx.module.statement_of(node), rebind=True)
            if isinstance(target, ast.Name) and ctx.function is not None and \
                    self.module_scopes[ctx.module].names.get(target.id, UNKNOWN) is held:
                self.global_effects.setdefault(ctx.function, {})[target.id] = held
            elif isinstance(target, ast.Name) and ctx.function is not None and \
                    target.id in ctx.function.parameter_names:
                self.parameter_effects.setdefault(ctx.function, {})[target.id] = held
        return None

    def _super(self, call: Call) -> Value:
        """super().__getitem__(i), super(Cls, self).method(): the object as its first base the script defines sees
        it, so that the base's method runs; None where the base is a library's."""
        function = call.ctx.function
        cls = function.cls if function is not None else None
        if call.qualified != "super" or cls is None:
            return UNKNOWN
        base = next((klass for klass in self.class_chain(cls)[1:]), None)
        return self._instance_of(base) if base is not None else None

    def _call_project(self, call: Call) -> Value:
        """The script's own functions and classes: arguments go to parameters, the return value comes back."""
        callee = call.callee
        if isinstance(callee, FunctionRef):
            self._reference(callee.info)
            skip_self = callee.bound is not None and not callee.info.decorated("staticmethod")
            self._bind(callee.info, call, skip_self)
            for name, value in self.global_effects.get(callee.info, {}).items():
                call.scope.rebind(name, value)
            for argument, value in arguments_given(callee.info, call.node, skip_self).items():
                if argument in self.parameter_effects.get(callee.info, {}) and isinstance(value, ast.Name):
                    call.scope.rebind(value.id, self.parameter_effects[callee.info][argument])
            if callee.info.generator:
                return Loader()
            returned = _as_given_here(self.returned(callee.info), self.params.get(callee.info, {}),
                                      _given(callee.info, call, skip_self))
            # model = build_model(), or model, history = train_model(...): a Keras model built in the loop
            built = next((v for v in (returned.items if isinstance(returned, Several) else (returned,))
                          if isinstance(v, Model) and v.framework == "keras"), None)
            if built is not None and call.ctx.loops:
                self.seen.append(Seen("model-built", call.node, call.ctx, built))
            elif call.ctx.loops and (made := self._keras_model_trained_in(callee.info)) is not None:
                # for lr in rates: train(lr), whose body builds a Keras model and fits it: a new model each pass of
                # the caller's loop, said where the function builds it
                self.seen.append(Seen("model-built", made, call.ctx, Model("keras", made.lineno)))
            if isinstance(returned, Data) and _made_in(returned, callee.info):
                # made anew by the function on each call: cut(scene_a) and cut(scene_b) are two data sets (and
                # read_images(test_a) and read_images(test_b), an array stacked from the function's own list)
                returned = replace(returned, root=f"{returned.root}{PER_CALL}{call.ctx.module.path}:{call.node.lineno}")
            if isinstance(returned, Item) and returned.widened_line is not None and \
                    callee.info.node.lineno <= returned.widened_line <= (callee.info.node.end_lineno or 0) and \
                    len(self._call_sites(callee.info)) > 1:
                # normalize(pic) = (255. - pic) / 255.: a helper that serves several loops (a batch's, the whole
                # validation set's) makes its item wider, for this caller, at this call; a helper called from one
                # place only is where the item is made wider, and where the fix goes (frame / 255 inside the
                # sample_frames() that reads each video), as the line said in the helper's own file
                returned = replace(returned, widened_line=call.node.lineno, widened_at=call.node)
            return _without_graph(returned) if call.ctx.no_grad else returned
        if isinstance(callee, ClassRef):
            cls = callee.info
            self._reference(cls)
            init = next((k.methods["__init__"] for k in self.class_chain(cls) if "__init__" in k.methods), None)
            if init is not None:
                self._bind(init, call, skip_self=True)
            instance = self._instance_of(cls)
            if isinstance(instance, Model) and instance.framework == "keras" and call.ctx.loops:
                self.seen.append(Seen("model-built", call.node, call.ctx, instance))
            elif isinstance(instance, Instance) and init is not None and call.ctx.loops:
                # trainer = FoldTrainer(...) in a loop over folds, whose __init__ builds self.model = build_cnn(...):
                # a new Keras model each pass, as model = build_cnn() there would be
                bound = _attributes_bound(init.node)
                built = next((self.attributes.get((cls, name)) for name in bound
                              if isinstance(self.attributes.get((cls, name)), Model)
                              and self.attributes[(cls, name)].framework == "keras"), None)
                # (a builder of a module not beside the script, self.model = cnn_lstm(...): its fit() in a method,
                # self.model.fit(...), in a Keras script says what it is)
                if built is None and call.ctx.module.imports("keras", "tensorflow") and \
                        _fitted_attributes(cls.node) & set(bound):
                    built = Model("keras", init.node.lineno)
                if built is not None:
                    self.seen.append(Seen("model-built", call.node, call.ctx, built))
            return instance
        if isinstance(callee, Instance):
            method = next((k.methods["__call__"] for k in self.class_chain(callee.cls) if "__call__" in k.methods),
                          None)
            if method is not None:
                self._bind(method, call, skip_self=True)
                returned = self.returned(method)
                return _without_graph(returned) if call.ctx.no_grad else returned
            return None
        if isinstance(callee, Model):
            return self._forward(call, callee)
        if isinstance(callee, LossFunction):
            return self._loss(call)
        return UNKNOWN

    def _bind(self, info: FunctionInfo, call: Call, skip_self: bool) -> None:
        arguments = info.node.args
        positional = [a.arg for a in arguments.posonlyargs + arguments.args]
        if skip_self:
            positional = positional[1:]
        params = self.params.setdefault(info, {})
        for name, value in _given(info, call, skip_self):
            params[name] = _merge(params.get(name), value)
        defaults = arguments.defaults
        for name, default in zip(positional[len(positional) - len(defaults):], defaults):
            if name not in params and isinstance(default, ast.Constant):
                params[name] = self._eval_Constant(default, Scope(), call.ctx)
        self.callers.setdefault(info, []).append(call.ctx)
        self._call_lines.setdefault(info, []).append((call.ctx, call.node.lineno))
        spread = any(isinstance(a, ast.Starred) for a in call.node.args) or \
            any(k.arg is None for k in call.node.keywords)
        if spread:
            self._passed[info] = None
        elif self._passed.setdefault(info, set()) is not None:
            self._passed[info].update(name for name, _value in _given(info, call, skip_self))
        nodes = list(zip(positional, call.node.args)) + [(k.arg, k.value) for k in call.node.keywords]
        truths = {name: _written_truth(node, call.ctx) for name, node in nodes if name}
        known = {name: truth for name, truth in truths.items() if truth is not None}
        previous = self._passed_truth.get(info)
        self._passed_truth[info] = known if previous is None else \
            {name: truth for name, truth in previous.items() if known.get(name) == truth}

    def _forward(self, call: Call, model: Model) -> Value:
        if model.framework != "torch":
            return None
        if model.cls is not None and self.parameter_free_module(model.cls):
            # criterion(out, y) with a loss written as a module: no pass of a model of its own (no activations
            # saved for it, with autograd on or off); a graph where an operand holds one, none on outputs made
            # under no_grad() (or a target alone)
            tensors = [a for a in call.args if isinstance(a, Tensor)]
            return Tensor(graph=not call.ctx.no_grad and (not tensors or any(t.graph for t in tensors)),
                          host=not self.uses_gpu)
        self.seen.append(Seen("forward", call.node, call.ctx, model, Several(tuple(call.args))))
        tensor = Tensor(graph=not call.ctx.no_grad, host=not self.uses_gpu)
        if model.cls is not None and "forward" in model.cls.methods:
            forward = model.cls.methods["forward"]
            self._bind(forward, call, skip_self=True)
            returned = self.returned(forward)
            if isinstance(returned, Several):  # pred_classes, pred_direc = net(images)
                return Several(tuple(tensor for _item in returned.items))
        return tensor

    def _keras_model_trained_in(self, function: FunctionInfo) -> ast.Call | None:
        """The call in ``function``'s own code that makes the Keras model the function also trains (model =
        build_cnn(), keras.Sequential([...]), zoo = NetZoo(...) whose __init__ builds zoo.model; then fit()): None where
        the function trains nothing, or trains a model it was given."""
        nodes = [n for n in own_nodes(function.node) if isinstance(n, ast.Call)]
        if not any(isinstance(n.func, ast.Attribute) and n.func.attr in KERAS_TRAINING_CALLS for n in nodes):
            return None
        for node in nodes:
            value = self.values.get(node)
            if isinstance(value, Model) and value.framework == "keras" and \
                    not (isinstance(node.func, ast.Attribute) and isinstance(self.values.get(node.func.value), Model)):
                return node  # (not model.fit(...) nor another method of a model already made)
            if isinstance(value, Instance) and any(
                    isinstance(held, Model) and held.framework == "keras"
                    for (cls, _name), held in self.attributes.items() if cls is value.cls):
                return node
        return None

    def _call_fallback(self, call: Call) -> Value:
        """What unknown calls mean: a library's transform of one file is still one file; in a PyTorch script,
        model(x) and criterion(out, y) by their names."""
        node = call.node
        if call.qualified == "sum" and node.args and isinstance(node.args[0], (ast.GeneratorExp, ast.ListComp)) and \
                isinstance(total := self.values.get(node.args[0].elt), Tensor):
            # sum(loss for loss in loss_dict.values()): the tensors added up, one tensor with all their graphs
            return total
        if isinstance(node.func, ast.Attribute) and node.func.attr == "prepare" and call.args and \
                "accelerator" in words_of(last_part(dotted_name(node.func.value))):
            # model, optimizer, loader = accelerator.prepare(model, optimizer, loader): each back, wrapped
            return Several(tuple(call.args)) if len(call.args) > 1 else call.args[0]
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("fit_transform", "transform") and call.args \
                and isinstance(call.args[0], Data) and call.callee is None:
            return replace(call.args[0], line=node.lineno)  # scaler.fit_transform(x): x scaled, a new array of it
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("fit_transform", "transform") and call.args \
                and isinstance(call.args[0], Item) and call.callee is None:
            # minmax.fit_transform(patch.reshape(-1, 3)) per image: scikit-learn's scalers give a new array, float64
            # whatever they were given (a uint8 image's pixels at 8x their bytes)
            item = call.args[0]
            if item.dtype is not None and not item.dtype.startswith("float"):
                return replace(item, shape=None, dtype="float64", fresh=True, widened_line=node.lineno,
                               widened_to="float64", widened_at=node)
            return replace(item, shape=None, fresh=True)
        if call.qualified in SCALED_COPIES and call.args and isinstance(call.args[0], Data) and call.callee is None:
            # normalize(np.array(images), axis=1): the data set scaled, a new float array of it (float64 of
            # integers: x / np.linalg.norm(x))
            data = call.args[0]
            return replace(data, line=node.lineno, dtype=data.dtype if (data.dtype or "").startswith("float") else
                           None if data.dtype is None else "float64")
        if call.qualified in ("numpy.dot", "numpy.matmul", "numpy.inner") and len(node.args) == 2 and \
                call.callee is None and isinstance(call.args[0], Data) and _written_floats(node.args[1]):
            # np.dot(x[..., :3], [0.299, 0.587, 0.114]) of a data set: the weights, Python floats, are float64, and
            # so is the grey array it makes of every sample, whatever dtype x had
            data = call.args[0]
            result = replace(data, line=node.lineno, shape=data.shape[:-1] if data.shape else None,
                             dtype="float64", inferred=False)
            if data.dtype != "float64" and not data.inferred and data.content != TABLE and not data.labels:
                self.seen.append(Seen("weighted", node, call.ctx, result, data))
            return result
        # np.stack((mfcc.T, harmonic.T), axis=-1): the pieces of one sample, written out, make one sample
        given = [p for a in list(call.args) + list(call.kwargs.values())
                 for p in (a.items if isinstance(a, Several) else (a,))]
        item = next((a for a in given if isinstance(a, Item)), None)
        if item is not None and call.callee is None and call.qualified in _SAME_DTYPE:
            return replace(item, shape=None)  # np.expand_dims(img, 0): the same values, another shape
        if call.args and isinstance(call.args[0], H5Dataset) and call.callee is None and \
                call.qualified in _SAME_DTYPE:
            # np.transpose(h5['trainxdata'], (2, 0, 1)): NumPy makes an array of the HDF5 data set first (every row
            # read from the file, as np.array(...) reads it) and then transposes it
            return self._h5_read(node, call.ctx, source=call.args[0])
        if call.args and isinstance(call.args[0], Data) and call.callee is None and call.qualified in _SAME_DTYPE:
            # np.expand_dims(x_train, axis=-1): the data set itself, another shape (most are views; a copy would
            # replace the name it is assigned to)
            data = call.args[0]
            if data.container == "list" and data.content in (ARRAYS, FILES):
                return self._to_array(call)  # np.transpose(patches, ...) of a list: a new array of it, np.array's
            axis = call.kwargs.get("axis", call.args[1] if len(call.args) > 1 else None)
            if call.qualified == "numpy.expand_dims" and isinstance(axis, Number) and axis.value == 0:
                # np.expand_dims(mg, axis=0) before predict: one sample made a batch of one, not a data set
                return replace(data, shape=None, small=True)
            return replace(data, shape=(data.shape[:1] + (None,)) if data.shape else None)
        called = node.func.value if isinstance(node.func, ast.Subscript) else node.func  # (mel_by_rate[rate](wave))
        transform = self._transforms_of(call.ctx.module).get(dotted_name(called)) \
            if item is not None and call.callee is None and call.args and call.args[0] is item else None
        if transform is not None:
            # normalize = transforms.Normalize(mean, std); normalize(page): torchvision's transform gives the sample
            # anew (a tensor of floats, whatever dtype it was given), as a function of an image library does; but
            # resizes, crops and flips give a tensor of the dtype they were given (resize(read_image(p)) is uint8)
            keeps_dtype = last_part(transform) in _DTYPE_KEEPING_TRANSFORMS
            return replace(item, shape=None, dtype=item.dtype if keeps_dtype else None, fresh=True)
        if item is not None and call.callee is None and _to_float_tensor(node, call.ctx.module) and \
                item.dtype in ("uint8", "int8"):
            # transforms.ToTensor()(img), TF.to_tensor(img) of a decoded 8-bit image: float32 in [0, 1], 4x its bytes
            return replace(item, shape=None, dtype="float32", fresh=True, widened_line=node.lineno,
                           widened_to="float32", widened_at=node)
        if item is not None and call.callee is None and call.qualified in ("abs", "pow", "round") and \
                call.args and call.args[0] is item:
            # abs(spec) ** 2, pow(img, 2), round(img): Python's builtins run the array's own __abs__, __pow__ and
            # __round__, a new array of the same shape, as np.abs does (of complex values, floats)
            return replace(item, fresh=True, dtype=None if (item.dtype or "").startswith("complex") else item.dtype)
        if item is not None and call.callee is None and call.qualified.split(".")[0] in _ARRAY_LIBRARIES:
            if last_part(call.qualified) in REDUCTIONS or words_of(last_part(call.qualified)) & _SCORE_WORDS:
                # np.amin(points, axis=0): a few numbers per file; cv2.PSNR(ref, out), compare_ssim(ref, out): one
                return None
            # cv2.cvtColor(img, ...), patchify(img, ...): an image library's transform gives pixels of the dtype it
            # was given (uint8 stays uint8); NumPy's, SciPy's, a framework's may make floats of them
            dtype = item.dtype if any(call.qualified == library or call.qualified.startswith(library + ".")
                                      for library in _DTYPE_KEEPING_LIBRARIES) else None
            return replace(item, shape=None, dtype=dtype, fresh=True)
        if call.callee is None and call.ctx.loops and call.ctx.data_set_level and \
                self._absent_reader(node, call.ctx.module):
            return Item(fresh=True)  # one file, read by the script's own helper
        if self.torch_script and isinstance(node.func, (ast.Name, ast.Attribute, ast.Subscript)) and call.callee is None:
            # self.criterion["mse"](p, y): an entry of a dict is named by the dict
            name = last_part(dotted_name(node.func.value if isinstance(node.func, ast.Subscript) else node.func))
            words = words_of(name)
            # (VAEloss, BCEloss, lossfunc: the word glued to another, an acronym or a lower-case one)
            if words & {"loss", "criterion", "criteria"} or name.lower().startswith(("criterion", "loss")) or \
                    name.lower().endswith("loss"):
                return self._loss(call)
            # tagger.predict(batch) of a model the flow cannot read: nn.Module has no predict(), so it is the
            # class's own method, which runs the model as tagger(batch) does (where Keras is not imported beside
            # torch: a Keras model's predict() is Keras's)
            runs = isinstance(node.func, ast.Attribute) and self._looks_like_model(node.func.value, call.ctx.module) \
                and (node.func.attr in TORCH_OWN_RUN_METHODS and
                     not call.ctx.module.imports("keras", "tensorflow", "autokeras")
                     # net.forward(x), called by hand (of a class from a module not beside the script)
                     or node.func.attr == "forward")
            # (given a batch: positionally, as a model's inputs are named, model(input_ids=ids, ...), or a dict
            # spread, model(**batch); not settings alone, make_model(pretrained=True), beam_decoder(probs_seq=p))
            given = call.args or any(k.arg is None or k.arg in _MODEL_INPUT_KEYWORDS for k in node.keywords)
            if (runs or self._looks_like_model(node.func, call.ctx.module)) and given and \
                    not isinstance(call.receiver, (Data, Text)):
                return self._forward(call, Model("torch", node.lineno))
        if any(isinstance(a, Tensor) and a.graph for a in call.args) and call.callee is None and \
                last_part(call.qualified) not in ("len", "float", "int", "str", "print", "format", "isinstance") and \
                call.qualified.split(".")[0] in ("torch", "F", "torch.nn.functional"):
            return Tensor(graph=not call.ctx.no_grad, host=all(a.host for a in call.args if isinstance(a, Tensor)))
        return None


def _attributes_bound(function: ast.AST) -> list[str]:
    """The instance's attributes a method binds (self.model = ..., self.a, self.b = ...), in order."""
    return [name for node in ast.walk(function) if isinstance(node, ast.Assign) for target in node.targets
            for element in (target.elts if isinstance(target, ast.Tuple) else [target])
            if (name := self_attribute(element)) is not None]


def _fitted_attributes(cls: ast.AST) -> set[str]:
    """The instance's attributes its methods train as Keras models: self.model.fit(...), .compile, .fit_generator,
    .train_on_batch."""
    return {name for node in ast.walk(cls) if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and (node.func.attr in KERAS_TRAINING_CALLS or node.func.attr == "compile")
            and (name := self_attribute(node.func.value)) is not None}


# What a model's forward() names its inputs (Hugging Face's, torchvision's, a script's own)
_MODEL_INPUT_KEYWORDS = {"input_ids", "inputs_embeds", "pixel_values", "input_values", "input_features", "x", "input",
                         "inputs", "images", "image", "img", "src", "tgt", "features", "batch"}


# Rows a written cut must keep to be a data set's worth, not a sample or a held-out block of a small table
_MANY_ROWS = 100_000


def _many_rows_cut(index: ast.AST) -> int | None:
    """df.iloc[0:1000000, :], df.iloc[:500000]: a slice of rows written with whole-number bounds, every column kept,
    that keeps at least _MANY_ROWS rows; how many, else None."""
    first = index.elts[0] if isinstance(index, ast.Tuple) and index.elts else index
    rest = index.elts[1:] if isinstance(index, ast.Tuple) else []
    if not isinstance(first, ast.Slice) or first.step is not None or \
            any(not (isinstance(e, ast.Slice) and e.lower is None and e.upper is None) for e in rest):
        return None
    bounds = [0 if b is None else b.value if isinstance(b, ast.Constant) and type(b.value) is int else None
              for b in (first.lower, first.upper)]
    if first.upper is None or None in bounds or bounds[1] - bounds[0] < _MANY_ROWS:
        return None
    return bounds[1] - bounds[0]


_COMPREHENSIONS = (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp)
# torchvision transforms that move or pick pixels, not compute new values: a uint8 tensor stays uint8
_DTYPE_KEEPING_TRANSFORMS = {"Resize", "CenterCrop", "RandomCrop", "RandomResizedCrop", "RandomHorizontalFlip",
                             "RandomVerticalFlip", "Pad", "Grayscale", "FiveCrop", "TenCrop"}


def _to_float_tensor(call: ast.Call, module: Module) -> bool:
    """torchvision's to_tensor(img), or a ToTensor() made and called on the spot (transforms.ToTensor()(img))."""
    if module.qualified(call.func) == "torchvision.transforms.functional.to_tensor":
        return True
    made = call.func
    return isinstance(made, ast.Call) and module.qualified(made.func).startswith("torchvision") and \
        last_part(module.qualified(made.func)) == "ToTensor"


def _started_as_list(name: str, ctx: Context) -> bool:
    """``name = []`` (or list()) where the code runs: a Python list, which += extends, not an array += adds to."""
    return any(isinstance(b.value, ast.List) or isinstance(b.value, ast.Call) and dotted_name(b.value.func) == "list"
               for b in ctx.module.assignments(name, ctx.function.node if ctx.function is not None else None))


def _kept_in_these_loops(held: Data, ctx: Context) -> bool:
    """The list ``held`` was last added to inside one of the loops running now (its line is theirs, in this file)."""
    return held.path == str(ctx.module.path) and any(
        loop.lineno <= held.line <= (loop.end_lineno or loop.lineno) for loop in ctx.loops)


def loops_collecting(node: ast.AST, ctx: Context) -> tuple[ast.AST, ...]:
    """The loops a list is collected in: the comprehension itself, or the loops around the append."""
    return (node,) if isinstance(node, _COMPREHENSIONS) else tuple(ctx.loops)


def _saves_what_the_other_loads(skipped: list[ast.stmt], taken: list[ast.stmt]) -> bool:
    """A branch not run by default saves a file (np.save, pickle.dump, torch.save) that the branch run loads (np.load,
    pickle.load, torch.load) by the same path expression: the default reads a cache that the other branch builds."""
    saved = {path_text(argument) for statement in skipped for call in calls_in(statement)
             if last_part(dotted_name(call.func)) in SAVES for argument in call.args}
    return bool(saved) and any(
        last_part(dotted_name(call.func)) == "load" and call.args and path_text(call.args[0]) in saved
        for statement in taken for call in calls_in(statement))


def _written_truth(node: ast.expr, ctx: Context) -> bool | None:
    """Whether an argument is true, where the script writes it: a constant, a tuple or list written out, or a name
    the calling function (or module) binds once, to one of those; None otherwise."""
    if isinstance(node, ast.Name):
        scope = ctx.function.node if ctx.function else ctx.module.tree
        nodes = own_nodes(scope) if ctx.function else ast.walk(scope)
        parameters = {a.arg for a in ast.walk(scope.args) if isinstance(a, ast.arg)} if ctx.function else set()
        stores = [n for n in nodes if isinstance(n, ast.Name) and n.id == node.id and isinstance(n.ctx, ast.Store)]
        statement = ctx.module.statement_of(stores[0]) if len(stores) == 1 and node.id not in parameters else None
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1 or \
                statement.targets[0] is not stores[0]:
            return None
        node = statement.value
    if isinstance(node, ast.Constant) and isinstance(node.value, (bool, type(None))):
        return bool(node.value)
    if isinstance(node, (ast.Tuple, ast.List)) and not any(isinstance(e, ast.Starred) for e in node.elts):
        return bool(node.elts)
    return None


def _given(info: FunctionInfo, call: Call, skip_self: bool) -> list[tuple[str, Value]]:
    """(parameter, value) of what ``call`` passes to the function, by position and by keyword; the positional
    values past the named parameters are ``*args``' tuple (ZipDataset(train_a, train_b) to
    __init__(self, *datasets))."""
    positional = positional_parameters(info, skip_self)
    given = list(zip(positional, call.args))
    vararg = info.node.args.vararg
    if vararg is not None and len(call.args) > len(positional) and \
            not any(isinstance(a, ast.Starred) for a in call.node.args):
        given.append((vararg.arg, Several(tuple(call.args[len(positional):]))))
    return given + [(name, value) for name, value in call.kwargs.items() if name]


def positional_parameters(info: FunctionInfo, skip_self: bool) -> list[str]:
    """The parameters a call fills by position, in order (without ``self`` for a method called on an instance)."""
    arguments = info.node.args
    return [a.arg for a in arguments.posonlyargs + arguments.args][1 if skip_self else 0:]


def arguments_given(info: FunctionInfo, node: ast.Call, skip_self: bool) -> dict[str, ast.expr]:
    """parameter -> the expression the call writes for it, by position (up to a *spread) and by keyword."""
    given: dict[str, ast.expr] = {}
    for name, argument in zip(positional_parameters(info, skip_self), node.args):
        if isinstance(argument, ast.Starred):
            break
        given[name] = argument
    given.update({k.arg: k.value for k in node.keywords if k.arg})
    return given


def _as_given_here(returned: Value, seen: dict[str, Value], given: list[tuple[str, Value]]) -> Value:
    """preprocess(scans_val) after preprocess(scans_train): the body ran on what its parameter held first, so what
    it returns of that parameter is, at this call, of the data set this call gives it (each item of a tuple it
    returns: train, test = crop(train, test) after crop(test, test))."""
    if isinstance(returned, Several):
        return Several(tuple(_as_given_here(item, seen, given) for item in returned.items))
    if not isinstance(returned, Data):
        return returned
    for name, here in given:
        first = seen.get(name)
        if isinstance(first, Data) and first.root == returned.root and isinstance(here, Data) and \
                here.root != returned.root:
            return replace(returned, root=here.root, small=here.small)
    return returned


def _item_index(index: ast.expr, function: FunctionInfo | None) -> bool:
    """self.x[i] in a Dataset's __getitem__(self, i): the index the loader asks for, one sample."""
    if not isinstance(index, ast.Name) or function is None or function.name != "__getitem__":
        return False
    parameters = function.node.args.posonlyargs + function.node.args.args
    return len(parameters) > 1 and parameters[1].arg == index.id


def _whole_past_a_shrinking_branch(before: dict[str, Value], scope: Scope) -> None:
    """if args.debug: x = x[:128], with no else: past the if, x is the whole data set again, as on the run that
    matters; the slice made it small only on the branch taken to try the script out."""
    for name, old in before.items():
        new = scope.names.get(name)
        if isinstance(old, Data) and not old.small and isinstance(new, Data) and new.small and new.root == old.root:
            scope.names[name] = old


def _module_key(node: ast.AST) -> str:
    """model, self.net, and an entry of a dict of models (self.model['generator'], either quote): how the script
    names what it may use as a module; '' for anything else."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
        base = _module_key(node.value)
        return f"{base}[{node.slice.value!r}]" if base else ""
    return dotted_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else ""


def _over_literal(loop: ast.For | ast.AsyncFor, function: FunctionInfo) -> bool:
    """The loop goes over a list, tuple or dict written in the script (or its .items()): a fixed few rounds."""
    iterable = loop.iter
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Attribute) and \
            iterable.func.attr in ("items", "keys", "values") and not iterable.args:
        iterable = iterable.func.value
    literals = (ast.List, ast.Tuple, ast.Dict, ast.Set)
    if isinstance(iterable, literals):
        return True
    if not isinstance(iterable, ast.Name):
        return False
    bound = [b.value for b in function.module.assignments(iterable.id, function.node)]
    return bool(bound) and all(isinstance(v, literals) for v in bound)


def _made_in(data: Data, function: FunctionInfo) -> bool:
    """The data set came to be in ``function``'s body (its root, where it started, is a line of it): the function
    makes it anew on each call."""
    path, _colon, line = data.root.rpartition(":")
    return PER_CALL not in data.root and line.isdigit() and path == str(function.module.path) and \
        function.node.lineno <= int(line) <= (function.node.end_lineno or function.node.lineno)


def _made_per_call(data: Data) -> bool:
    """The array was made anew by the script's function at the call that gave it (see _call_project)."""
    return PER_CALL in data.root


def _sample_of_call(data: Data) -> Item:
    """The one sample a helper's array made anew on each call is, as wide as the helper made it (a clip's float64
    buffer filled with its decoded frames)."""
    return Item(data.shape, data.dtype, fresh=True, widened_line=data.widened_line, widened_to=data.widened_to,
                widened_at=data.widened_at)


def _one_sample_made_per_call(value: Value) -> bool:
    """An array of inputs the script's helper makes anew on each call (read_scan(path)): called in a loop, one
    sample per pass, whatever the helper's body saw of it."""
    return isinstance(value, Data) and _made_per_call(value) and value.content == ARRAYS and not value.labels


def _computed(value: Value, ctx: Context) -> Value:
    """A tensor an operation computes in ``ctx`` (err ** 2, torch.log10(err), -x, err.mean()): under
    torch.no_grad() it records no graph, whatever its inputs hold; elsewhere as it is. (A name read there, or a list's
    item, is the same tensor as before, graph and all: only what an operation makes is new.)"""
    return _without_graph(value) if ctx.no_grad else value


def _names_a_loss_class(name: str) -> bool:
    """nn.BCEWithLogitsLoss, segmentation_models_pytorch's DiceLoss, a FocalLoss of the script's: a loss class."""
    last = last_part(name)
    return last.endswith(("Loss", "loss")) and last[:1].isupper()


def _without_graph(value: Value) -> Value:
    """What a function returns to a caller under torch.no_grad(): its tensors were computed there, recording no
    graph, whatever other callers (a training step) get from the same function."""
    if isinstance(value, Tensor):
        return replace(value, graph=False)
    if isinstance(value, Several):
        return Several(tuple(_without_graph(item) for item in value.items))
    return value


def _record_item(value: Value) -> Value:
    """The decoded file a record written with keys holds ({'image': pixels, 'word': text} -> pixels); anything else
    as it is. (Of a list written out, [r0, c0], the flow may take numbers computed from a row for samples.)"""
    return (_first_item(value) or value) if isinstance(value, Keyed) else value


def _first_item(value: Value) -> Item | None:
    """The first decoded file or sample in a tuple or a record, at any depth: ((pixels, mask), label) -> pixels,
    {'image': pixels, 'word': text} -> pixels."""
    if isinstance(value, Item):
        return value
    if isinstance(value, (Several, Keyed)):
        return next((found for found in map(_first_item, value.items) if found is not None), None)
    return None


def _large(value: Value) -> bool:
    """One decoded volume or raw frame, alone or with its header or label."""
    return any(isinstance(v, Item) and v.large for v in (value.items if isinstance(value, Several) else (value,)))


def _loop_count(loop: ast.AST, values: dict[ast.AST, Value]) -> int:
    """How many times a loop over range(n) runs, as the script writes it; 0 when it does not say."""
    iterable = values.get(loop.iter) if isinstance(loop, (ast.For, ast.AsyncFor)) else None
    return iterable.count or 0 if isinstance(iterable, Range) else 0


def in_own_loop(node: ast.AST, module: Module) -> bool:
    """Whether ``node`` runs once per pass of a loop of its own function (or of the module's code): a for or while
    loop, or a comprehension, between it and the function it is in."""
    while node in module.parents:
        node = module.parents[node]
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While, ast.comprehension)):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return False
    return False


def _trains_in_loop(loop: ast.AST) -> bool:
    """A backward() or an optimizer step in the loop: a training loop, whose inputs come and go with each step."""
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("backward", "step")
               for n in ast.walk(loop))


def _reads_directly(call: ast.Call, module: Module) -> bool:
    """The call is a library's own read of a file: a decoder, a video reader, torch.load, or a loader of a whole
    file."""
    qualified = module.qualified(call.func)
    return qualified in DECODERS or qualified in VIDEO_READERS or qualified in PER_FILE_LOADERS or \
        loader_kind(qualified) is not None


def _advancing(index: ast.expr, loop: ast.AST) -> bool:
    """buffer[k] with k += 1 in the loop: each pass writes the next slot, not the same one again."""
    return isinstance(index, ast.Name) and any(
        isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name) and n.target.id == index.id
        and isinstance(n.op, ast.Add) for n in ast.walk(loop))


def _per_pass(node: ast.AST, ctx: Context) -> bool:
    """slices = [dicom.read_file(p) for p in files] inside a loop over patients: one patient's files, a list
    the next pass replaces (what the loop keeps of it, it appends elsewhere and is said there). A generator
    consumed as it goes (for img in map(read, paths), sum(read(p).mean() for p in paths)) holds one item at a time."""
    if isinstance(node, ast.GeneratorExp) and _consumed_lazily(node, ctx.module):
        return True
    if not isinstance(node, _COMPREHENSIONS) or not ctx.loops:
        return False
    statement = ctx.module.statement_of(node)
    return isinstance(statement, ast.Assign) and statement.value is node and \
        all(isinstance(t, ast.Name) for t in statement.targets)


# Builtins that take one item of an iterable at a time and keep none of them (or pass them on one at a time)
_REDUCING = {"sum", "any", "all", "max", "min", "next"}
_PASSING_ON = {"enumerate", "zip", "iter", "map", "filter", "tqdm", "tqdm.tqdm", "tqdm.auto.tqdm", "tqdm.notebook.tqdm"}


def _consumed_lazily(node: ast.GeneratorExp, module: Module) -> bool:
    """The generator (or the map() written as it) is iterated by a for loop, or reduced by sum/any/max, maybe
    through enumerate/zip: it never holds more than the item being used."""
    child, parent = node, module.parents.get(node)
    if isinstance(parent, ast.Call) and child not in parent.args:  # map(read, paths): the generator it is
        child, parent = parent, module.parents.get(parent)
    while isinstance(parent, ast.Call) and child in parent.args and module.qualified(parent.func) in _PASSING_ON:
        child, parent = parent, module.parents.get(parent)
    if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)):
        return parent.iter is child
    return isinstance(parent, ast.Call) and child in parent.args and module.qualified(parent.func) in _REDUCING


def _backward_names(loop: ast.AST) -> list[tuple[str, int]]:
    """(name, line) of each ``name.backward()`` in the loop (and of the name AMP's ``scaler.scale(name).backward()``,
    Accelerate's ``accelerator.backward(name)`` or ``(name / accumulation).backward()`` backpropagates), and of the
    losses its assignments add up."""
    calls = [(name, n.lineno) for n in ast.walk(loop) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
             and n.func.attr == "backward" and (name := _backpropagated_name(n)) is not None]
    backward = dict(calls)
    for node in ast.walk(loop):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and \
                node.targets[0].id in backward:
            calls += [(used, backward[node.targets[0].id]) for used in names_in(node.value)
                      if "loss" in words_of(used) and used != node.targets[0].id]
    return calls


def _backpropagated_name(call: ast.Call) -> str | None:
    """The name a ``.backward(...)`` call backpropagates: loss.backward(); scaler.scale(loss).backward() (AMP's
    GradScaler); (loss / accumulation).backward(); accelerator.backward(loss) (Accelerate), or
    torch.autograd.backward(loss); None where it is none of those."""
    receiver = call.func.value  # type: ignore[attr-defined]
    if call.args and isinstance(call.args[0], ast.Name) and isinstance(receiver, (ast.Name, ast.Attribute)) and \
            last_part(dotted_name(receiver)) in _BACKWARD_RUNNERS:
        return call.args[0].id
    if isinstance(receiver, ast.Name):
        return receiver.id
    if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Attribute) and receiver.func.attr == "scale" \
            and len(receiver.args) == 1 and isinstance(receiver.args[0], ast.Name):
        return receiver.args[0].id
    if isinstance(receiver, ast.BinOp) and isinstance(receiver.op, (ast.Div, ast.Mult)) and \
            isinstance(receiver.left, ast.Name):
        return receiver.left.id
    return None


# What runs backward() on the loss it is given: Accelerate's accelerator, Lightning Fabric, DeepSpeed's engine,
# torch.autograd
_BACKWARD_RUNNERS = {"accelerator", "autograd", "fabric", "engine", "model_engine"}


@lru_cache(maxsize=1024)
def bounded_deques(scope: ast.AST) -> dict[str, ast.expr]:
    """name -> the bound written, of each name a function (or a module's code) binds to deque(..., maxlen=n): a
    window of the last n items, not a list that grows; found once per scope."""
    nodes = own_nodes(scope) if not isinstance(scope, ast.Module) else ast.walk(scope)
    found = {}
    for n in nodes:
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.value, ast.Call) and \
                last_part(dotted_name(n.value.func)) == "deque":
            bound = keyword_value(n.value, "maxlen") or (n.value.args[1] if len(n.value.args) > 1 else None)
            if bound is not None:
                found[dotted_name(n.targets[0])] = bound
    return found


# What only a tensor has: loss.item(), l_kl.detach(), rec.backward(), nll.data, part.grad_fn; of these, what turns
# it into a number (or a tensor without its graph)
_TENSOR_ONLY = {"item", "detach", "backward", "cpu", "cuda", "data", "grad_fn", "requires_grad", "retain_grad"}
_TO_NUMBER = {"item", "detach", "cpu", "data"}


def _tensor_uses(loop: ast.AST) -> dict[str, set[str]]:
    """name -> {"tensor"} for each name the loop reads a tensor's own method or attribute of (l_kl.backward()),
    with "number" where that turns it into a number (loss.item(), rec.detach().cpu(), float(loss))."""
    found: dict[str, set[str]] = {}
    for node in ast.walk(loop):
        if isinstance(node, ast.Attribute) and node.attr in _TENSOR_ONLY and isinstance(node.value, ast.Name):
            found.setdefault(node.value.id, set()).update(
                ("tensor", "number") if node.attr in _TO_NUMBER else ("tensor",))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float" and \
                len(node.args) == 1 and isinstance(node.args[0], ast.Name):
            found.setdefault(node.args[0].id, set()).add("number")
    return found


# Words that name reading a file, in a helper's name (load_image, read_volume, cache_or_load, imread)
_READ_WORDS = {"load", "read", "imread", "decode"}
# Libraries whose functions the checker knows, or knows not to be the script's own helpers
_KNOWN_LIBRARIES = {"numpy", "torch", "torchvision", "torchaudio", "tensorflow", "keras", "pandas", "sklearn", "scipy",
                    "cv2", "PIL", "skimage", "imageio", "librosa", "soundfile", "h5py", "nibabel", "SimpleITK",
                    "pydicom", "matplotlib", "tqdm", "yaml", "joblib", "transformers", "datasets", "tensorflow_datasets",
                    "albumentations", "timm", "lightning", "pytorch_lightning", "mxnet", "jax", "flax", "optax",
                    "seaborn", "rasterio", "osgeo", "gdal", "tifffile", "medpy", "rawpy", "imutils", "wandb",
                    "tensorboardX", "mmcv", "detectron2", "gym", "networkx", "cPickle", "dill", "cloudpickle", "zarr",
                    "lmdb", "pyarrow", "polars", "xarray", "netCDF4", "sentencepiece", "tokenizers", "nltk", "spacy",
                    "gensim", "torchtext", "monai", "open3d", "trimesh", "plyfile", "pcl", "laspy", "pyedflib", "mne",
                    "wfdb", "obspy", "audioread", "pydub", "moviepy", "decord", "av", "skvideo", "pims"}


def _stack_of_this_pass(value: Value, ctx: Context) -> Value:
    """volumes[case] = np.array(slices[1:-1]), slices the files this pass of the loop decoded (a list made anew for
    each case folder, a scratch of one pass, so not said where it grows): one sample of what a dict filled key by
    key keeps, or a list appended once a pass (clips.append(np.array(frames)), the frames of one video), as a
    decoded file is; anything else as it is."""
    if isinstance(value, Data) and value.content == FILES and value.small and value.container != "list" and \
            not value.labels and \
            value.path == str(ctx.module.path) and \
            any(loop.lineno <= value.line <= (loop.end_lineno or loop.lineno) for loop in ctx.loops):
        # the stack's own shape (frames × H × W × C) is the sample's; a widening of each file before it was stacked
        # (frame / 255.0) is the sample's too
        return Item(value.shape, value.dtype, fresh=True, widened_line=value.widened_line,
                    widened_to=value.widened_to, widened_at=value.widened_at)
    return value


def _row(data: Data) -> Item:
    """One row of data already held: no new memory until something copies it (or, of images PIL has only opened,
    decodes it)."""
    return Item(data.shape[1:] if data.shape else None, data.dtype, fresh=False, root=data.root, opened=data.opened,
                record=data.content == TABLE and data.column)


def _whole_slice(piece: ast.AST) -> bool:
    """h5[:] and h5[()] read the whole data set."""
    return (isinstance(piece, ast.Slice) and piece.lower is None and piece.upper is None
            or isinstance(piece, ast.Tuple) and not piece.elts
            or isinstance(piece, ast.Constant) and piece.value is Ellipsis)


def _picks_rows(node: ast.Subscript, ctx: Context) -> bool:
    """h5['x'][train_idx], h5['x'][mask]: the rows of a whole split picked at once, outside any loop (h5py's fancy
    indexing reads every one of them into memory), not one sample (h5['x'][i], h5['x'][idx] in __getitem__)."""
    piece = node.slice
    first = piece.elts[0] if isinstance(piece, ast.Tuple) and piece.elts else piece
    return ctx.data_set_level and not ctx.loops and not _item_index(first, ctx.function) and (
        isinstance(first, (ast.Compare, ast.BoolOp)) or isinstance(first, (ast.Name, ast.Attribute)) and
        _names_rows(first))


def _window(index: ast.expr, module: Module) -> bool:
    """r:r + 9, or a name the function binds to slice(r, r + 9): a range of positions that moves with the code
    around it, not the whole dimension nor a fixed part of it."""
    if isinstance(index, ast.Slice):
        return any(bound is not None and not isinstance(bound, ast.Constant) for bound in (index.lower, index.upper))
    if not isinstance(index, ast.Name):
        return False
    calls = _calls_assigned_to(index.id, module.function_of(index), module)
    return bool(calls) and all(dotted_name(c.func) == "slice" for c in calls)


def _picks_few_rows(piece: ast.Slice) -> bool:
    """x[pick:pick + 1], x[i:i + 32]: a slice of a few rows from a start it names twice."""
    upper = piece.upper
    if piece.lower is None or piece.step is not None or not isinstance(upper, ast.BinOp) or \
            not isinstance(upper.op, ast.Add):
        return False
    return any(isinstance(count, ast.Constant) and isinstance(count.value, int) and 0 < count.value <= FEW and
               ast.dump(start) == ast.dump(piece.lower)
               for start, count in ((upper.left, upper.right), (upper.right, upper.left)))


def _one_column(piece: ast.AST, values: dict[ast.AST, Value]) -> bool:
    """x[:, 0], x[:, -1]: every row, one column."""
    return isinstance(piece, ast.Tuple) and len(piece.elts) == 2 and isinstance(piece.elts[0], ast.Slice) and \
        piece.elts[0].lower is None and piece.elts[0].upper is None and piece.elts[0].step is None and \
        isinstance(values.get(piece.elts[1]), Number)


def _cast_to_number(node: ast.expr, module: Module) -> bool:
    """node.astype(int), node.astype('float32'): what ``node`` holds is made numbers, one per cell."""
    attribute = module.parents.get(node)
    call = module.parents.get(attribute) if isinstance(attribute, ast.Attribute) else None
    if not (isinstance(attribute, ast.Attribute) and attribute.attr == "astype" and isinstance(call, ast.Call)
            and call.func is attribute):
        return False
    dtype = dtype_of(call.args[0] if call.args else keyword_value(call, "dtype"), module)
    return dtype in ITEMSIZE


def _two_dimensional(data: Data) -> bool:
    """A NumPy array of rows and columns: its shape says so, or a text file's table read whole (np.loadtxt,
    np.genfromtxt give at most two dimensions). A pandas table is not one: a cell may be a document."""
    if data.content != ARRAYS:
        return False
    if data.shape is not None:
        return len(data.shape) == 2
    return last_part(data.how) in ("loadtxt", "genfromtxt")


def _parses_numbers(node: ast.AST) -> bool:
    """[int(v) for v in s.split()], [float(f) for f in line.split(',')]: the numbers written in a text, one a
    field."""
    if not (isinstance(node, ast.ListComp) and len(node.generators) == 1):
        return False
    made, split = node.elt, node.generators[0].iter
    return isinstance(made, ast.Call) and dotted_name(made.func) in ("int", "float") and \
        isinstance(split, ast.Call) and isinstance(split.func, ast.Attribute) and split.func.attr == "split"


def _is_listing_comprehension(node: ast.AST, module: Module) -> bool:
    """[os.path.join(d, f) for f in os.listdir(d)]: file names, one per file."""
    return any(module.qualified(c) in LISTINGS for c in calls_in(node))


# The library bases of a model class that make no submodule of their own (every submodule is the script's)
_BARE_MODULE_BASES = {"Module", "LightningModule"}
# Calls that add a submodule under a name computed at run time
_ADDS_MODULES = {"setattr", "add_module", "register_module"}
# What a module's attributes hold that are tensors, not submodules
_PARAMETER_ATTRIBUTES = {"weight", "bias", "data", "grad", "running_mean", "running_var", "weight_orig"}
# What a Hugging Face model's forward returns (a ModelOutput): each field a tensor of the same pass
_MODEL_OUTPUT_FIELDS = {"loss", "logits", "start_logits", "end_logits", "last_hidden_state", "hidden_states",
                        "pooler_output", "attentions", "past_key_values", "prediction_logits"}
# NumPy functions that give the same values in another shape (a view, most of them): the dtype stays
_SAME_DTYPE = {"numpy.expand_dims", "numpy.squeeze", "numpy.transpose", "numpy.reshape", "numpy.moveaxis",
               "numpy.swapaxes", "numpy.flip", "numpy.fliplr", "numpy.flipud", "numpy.rot90",
               "numpy.pad"}  # (a padded copy: the same values and a border, in place of what it pads)
# Libraries whose functions, given one decoded file, give that file transformed (a spectrogram, a crop)
# (SimpleITK's and ITK's GetArrayFromImage(image): the volume's voxels as an array)
_ARRAY_LIBRARIES = {"numpy", "tensorflow", "librosa", "cv2", "PIL", "scipy", "skimage", "torch", "torchaudio",
                    "torchvision", "keras", "imutils", "albumentations", "patchify", "SimpleITK", "itk"}
# (scipy.misc's imresize, imrotate: PIL's, in SciPy before 1.3)
_DTYPE_KEEPING_LIBRARIES = {"cv2", "PIL", "imutils", "patchify", "scipy.misc"}
# What an image library's quality measures are called (cv2.PSNR, skimage's peak_signal_noise_ratio, compare_ssim,
# mean_squared_error): each compares two images and gives one number, not an image
_SCORE_WORDS = {"psnr", "ssim", "similarity", "ratio", "mse", "rmse", "squared", "mae", "nrmse", "score"}

_ARITHMETIC = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
               ast.Div: lambda a, b: a / b, ast.FloorDiv: lambda a, b: a // b, ast.Pow: lambda a, b: a ** b
               if abs(b) < 64 else float("inf")}


def _made_anew_in(loop: ast.AST, key: str, statement: ast.stmt) -> bool:
    """``key`` (a name or self.attr) is bound in ``loop`` before ``statement`` to something not made from itself
    (rows = [] or total = 0, not rows = rows + [x]): each pass of the loop starts it again."""
    for child in ast.walk(loop):
        if isinstance(child, (ast.Assign, ast.AnnAssign)) and child.lineno < statement.lineno:
            targets = child.targets if isinstance(child, ast.Assign) else [child.target]
            if any(dotted_name(t) == key for t in targets) and not names_in(child.value) & {key.split(".")[0]} \
                    and not other_branches(loop, child, statement):
                return True
    return False


def _picked_from_each_pass(key: str, node: ast.AST, ctx: Context) -> bool:
    """photos = [] in each pass over the houses, one append per photo of that house, then only photos[0],
    photos[1]... pasted into the house's mosaic: the list is a scratch of one pass's files, never kept whole
    (a list kept, stacked or saved is named whole somewhere: images.append(photos), np.array(photos))."""
    statement = ctx.module.statement_of(node)
    outer = next((loop for loop in reversed(ctx.loops[:-1]) if _made_anew_in(loop, key, statement)), None)
    if outer is None or "." in key:
        return False
    uses = [n for n in ast.walk(outer) if isinstance(n, ast.Name) and n.id == key and isinstance(n.ctx, ast.Load)]
    parents = ctx.module.parents
    return bool(uses) and all(
        isinstance(parents.get(n), ast.Subscript) and parents[n].value is n
        or isinstance(parents.get(n), ast.Attribute) and parents[n].attr in ("append", "extend", "insert")
        or isinstance(parents.get(n), ast.Call) and dotted_name(parents[n].func) == "len"
        for n in uses)


def _first_use_test(target: ast.Subscript, statement: ast.stmt, module: Module) -> ast.If | None:
    """The if whose block ``statement`` is in, inside the same loop or function, that tests the slot the statement
    fills is still empty: ``if cache[k] is None:`` (a list of [None] * n, or any slot of a dict) or
    ``if k not in cache:``."""
    held = ast.dump(target.value)
    child: ast.AST = statement
    parent = module.parents.get(statement)
    while parent is not None and not isinstance(parent, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef,
                                                         ast.AsyncFunctionDef, ast.Lambda)):
        if isinstance(parent, ast.If) and child in parent.body:
            for test in ast.walk(parent.test):
                if not isinstance(test, ast.Compare) or len(test.ops) != 1:
                    continue
                op, right = test.ops[0], test.comparators[0]
                if isinstance(op, ast.Is) and isinstance(right, ast.Constant) and right.value is None and \
                        isinstance(test.left, ast.Subscript) and ast.dump(test.left.value) == held or \
                        isinstance(op, ast.NotIn) and ast.dump(right) == held:
                    return parent
        child, parent = parent, module.parents.get(parent)
    return None


def other_branches(loop: ast.AST, first: ast.stmt, second: ast.stmt) -> bool:
    """``first`` and ``second`` sit in the two branches of one ``if`` (if kept is None: kept = x, else:
    kept = torch.cat((kept, x))): a pass runs one or the other, so the first does not start the second anew."""
    for branch in ast.walk(loop):
        if isinstance(branch, ast.If):
            body = {id(n) for s in branch.body for n in ast.walk(s)}
            orelse = {id(n) for s in branch.orelse for n in ast.walk(s)}
            if id(first) in body and id(second) in orelse or id(first) in orelse and id(second) in body:
                return True
    return False


def _batch_sized(name: str, function: FunctionInfo | None) -> bool:
    """``name`` is made in ``function`` by a call sized by a batch size (np.zeros(batch_size, 'int32'),
    np.random.choice(n, size=args.batch_size)): an index of one batch's rows, not of a split."""
    if function is None:
        return False
    return any(_sized_by_batch(call) for call in _calls_assigned_to(name, function, function.module))


def _draws_a_batch(node: ast.expr, ctx: Context) -> bool:
    """``node`` is a random draw sized by the batch size (np.random.choice(files, size=batch_size),
    random.sample(ids, k=self.bs)), or a name the function binds to one: one batch's items."""
    calls = [node] if isinstance(node, ast.Call) else _calls_assigned_to(node.id, ctx.function, ctx.module) \
        if isinstance(node, ast.Name) else []
    return bool(calls) and all(last_part(dotted_name(call.func)) in _DRAWS and _sized_by_batch(call) for call in calls)


def _whole_file_read(node: ast.expr, module: Module) -> bool:
    """``node`` is a read of a whole file of arrays (np.load(path), pickle.load(f)), or a name its function binds to
    one last before it: many samples, not one."""
    if isinstance(node, ast.Name):
        node = module.value_before(node)
    return isinstance(node, ast.Call) and loader_kind(module.qualified(node.func)) == ARRAYS


def _written_out(value: ast.expr) -> bool:
    """A value the code writes out whole: a number, a string, or a list, tuple or set of them (-1 included)."""
    if isinstance(value, (ast.List, ast.Tuple, ast.Set)):
        return all(_written_out(e) for e in value.elts)
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub):
        value = value.operand
    return isinstance(value, ast.Constant) and isinstance(value.value, (int, float, str)) and \
        not isinstance(value.value, bool)


# The libraries whose transforms give a sample anew from the one they are given
_TRANSFORM_MODULES = ("torchvision.transforms.", "torchaudio.transforms.")
def _joblib_delayed(node: ast.Call, module: Module) -> tuple[ast.expr, ast.Call] | None:
    """In Parallel(...)(delayed(f)(x, size) for x in xs): the function each item runs (f) and its call as written
    (delayed(f)(x, size)); None for any other call."""
    runner, items = node.func, node.args[0] if len(node.args) == 1 and not node.keywords else None
    if not (isinstance(runner, ast.Call) and last_part(module.qualified(runner.func)) == "Parallel" and
            "joblib" in module.qualified(runner.func) and isinstance(items, ast.GeneratorExp)):
        return None
    given = items.elt
    if not (isinstance(given, ast.Call) and isinstance(given.func, ast.Call) and
            last_part(module.qualified(given.func.func)) == "delayed" and len(given.func.args) == 1):
        return None
    return given.func.args[0], given


# A pool's (or an executor's) methods that run a function on each item of what they are given, as map() does
_PARALLEL_MAPS = {"map", "imap", "imap_unordered"}


def _cut_into_batches(node: ast.expr, ctx: Context) -> bool:
    """``node`` (through tqdm, enumerate, a walrus) is an array cut into rows of a batch size each, or a name the
    function binds to one: x.reshape(-1, batch_size), x.split(batch_size), torch.split(x, batch_size). A loop over
    it runs once per batch, each pass given one batch's rows (or indexes)."""
    while True:
        if isinstance(node, ast.NamedExpr):
            node = node.value
        elif isinstance(node, ast.Call) and last_part(dotted_name(node.func)) in _PASSING_ITERATORS and node.args:
            node = node.args[0]
        else:
            break
    calls = [node] if isinstance(node, ast.Call) else _calls_assigned_to(node.id, ctx.function, ctx.module) \
        if isinstance(node, ast.Name) else []
    return bool(calls) and all(isinstance(call.func, ast.Attribute) and call.func.attr in ("reshape", "split") and
                               call.args and is_batch_size(call.args[-1]) for call in calls)


# What a loop may iterate through and still walk the rows of what it is given
_PASSING_ITERATORS = {"tqdm", "enumerate", "iter", "list", "trange"}


def _sized_by_batch(call: ast.Call) -> bool:
    """A call given a batch size among its arguments or its size (np.random.choice(files, size=batch_size),
    random.sample(ids, k=self.bs), np.zeros(batch_size))."""
    sizes = list(call.args) + [k.value for k in call.keywords if k.arg in ("size", "shape", "k", None)]
    return any(isinstance(part, (ast.Name, ast.Attribute)) and words_of(last_part(dotted_name(part))) & {
        "batch", "bs", "minibatch"} for size in sizes for part in ast.walk(size))


# NumPy's statistics of a whole array: one float64 number (np.mean(x), x.std())
_FLOAT_STATISTICS = {"mean", "std", "var", "median", "average", "nanmean", "nanstd", "nanvar", "nanmedian"}


def _scales_pixels(node: ast.BinOp, module: Module) -> bool:
    """node is a step of arithmetic that divides by a pixel scale: (x - 127.5) / 127.5, (x / 255. - 0.5) * 2."""
    while isinstance(parent := module.parents.get(node), ast.BinOp):
        node = parent
    return any(isinstance(n, ast.BinOp) and scaled_pixels_dtype(n) == "uint8" for n in ast.walk(node))


def _float_statistic(node: ast.expr, ctx: Context) -> bool:
    """np.mean(x), x.std() over the whole array (no axis), or a name the function or module binds to one."""
    def whole(call: ast.Call) -> bool:  # np.mean(x) takes the array, x.mean() nothing more: an axis is rows' means
        arguments = 1 if ctx.module.qualified(call.func).startswith("numpy.") else 0
        return last_part(dotted_name(call.func)) in _FLOAT_STATISTICS and len(call.args) <= arguments and \
            not any(k.arg == "axis" for k in call.keywords)
    if isinstance(node, ast.Call):
        return whole(node)
    if isinstance(node, ast.Name):
        calls = _calls_assigned_to(node.id, ctx.function, ctx.module)
        return bool(calls) and all(whole(call) for call in calls)
    return False


def _calls_assigned_to(name: str, function: FunctionInfo | None, module: Module) -> list[ast.Call]:
    """The calls the own code of ``function`` (the module's level without one) assigns to ``name`` (ids =
    np.random.randint(...))."""
    return [value for value in _values_assigned_to(name, function, module) if isinstance(value, ast.Call)]


def _values_assigned_to(name: str, function: FunctionInfo | None, module: Module) -> list[ast.expr]:
    """What the own code of ``function`` (the module's level without one) assigns to ``name``."""
    return [b.value for b in module.assignments(name, function.node if function is not None else None)]


# Calls that draw a number of row indices, and where that number is: (keyword, position)
_SAMPLERS = {"randint": ("size", 2), "choice": ("size", 1), "sample": ("k", 1)}
# Calls that draw items at random, so many as they are told
_DRAWS = set(_SAMPLERS) | {"choices"}


def _fold_index(name: str, ctx: Context) -> bool:
    """``name`` is bound by a loop over a cross-validator's folds (for train, test in kfold.split(X, y)): an array
    of row indices, not one row."""
    return any(isinstance(loop, (ast.For, ast.AsyncFor)) and isinstance(iterated := unenumerated(loop.iter), ast.Call)
               and isinstance(iterated.func, ast.Attribute) and iterated.func.attr == "split"
               and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(loop.target))
               for loop in ctx.loops)


def unenumerated(iterable: ast.expr) -> ast.expr:
    """for k, (tr, te) in enumerate(kf.split(X)): what enumerate numbers, kf.split(X)."""
    if isinstance(iterable, ast.Call) and dotted_name(iterable.func) == "enumerate" and iterable.args:
        return iterable.args[0]
    return iterable


def _sampled_count(index: ast.Name, function: FunctionInfo | None, module: Module,
                   values: dict[ast.AST, Value]) -> int | None:
    """How many rows ``index`` picks when a sampling call the script shows the count of makes it
    (pick = np.random.randint(0, n, size=5000), np.random.choice(n, 5000), random.sample(ids, k=500)), or when it is
    the first rows of another index (idx = np.random.permutation(idx)[:128]: a draw of 128, however many there were)."""
    for value in _values_assigned_to(index.id, function, module):
        if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Slice) and value.slice.step is None and \
                (value.slice.lower is None or isinstance(value.slice.lower, ast.Constant) and
                 value.slice.lower.value == 0) and value.slice.upper is not None:
            count = values.get(value.slice.upper)
            if isinstance(count, Number) and isinstance(count.value, int) and count.value > 0:
                return count.value
    for call in _calls_assigned_to(index.id, function, module):
        sampler = _SAMPLERS.get(last_part(dotted_name(call.func)))
        if sampler is None:
            continue
        keyword, position = sampler
        size = argument(call, keyword, position)
        count = values.get(size) if size is not None else None
        if isinstance(count, Number) and isinstance(count.value, int) and count.value > 0:
            return count.value
    return None


def _names_rows(index: ast.expr) -> bool:
    """x[train_idx], x[perm], x[mask]: an index named as a set of rows, not one row (x[args.sample])."""
    words = words_of(last_part(dotted_name(index)))
    return bool(words & _ROW_SET_WORDS) or is_eval_name(last_part(dotted_name(index))) or "train" in words


# Methods that only make an index array whole numbers: x[idx.astype(int)] picks the rows x[idx] names
_INDEX_CASTS = {"astype", "long", "int"}
_ROW_SET_WORDS = {"idx", "idxs", "indices", "indexes", "inds", "ids", "perm", "permutation", "order", "mask", "shuffle",
                  "shuffled", "rows", "selected", "keep", "split", "fold", "subset"}
# Methods only an nn.Module has (an optimizer has state_dict and zero_grad too; a tensor has cuda and to)
_MODULE_ONLY_METHODS = {"eval", "parameters", "named_parameters", "named_modules", "children"}


def _element_of_file_list(expression: ast.expr, module: Module) -> bool:
    """wav_files[i], self.paths[index], or f in `for f in tqdm(wav_files)` (a loop or a comprehension): one entry
    of a list its name says holds files' paths."""
    def names_file_list(node: ast.AST) -> bool:
        return any(words_of(last_part(dotted_name(n))) & _FILE_LIST_WORDS for n in ast.walk(node)
                   if isinstance(n, (ast.Name, ast.Attribute)))
    if isinstance(expression, ast.Subscript):
        return not isinstance(expression.slice, ast.Slice) and names_file_list(expression.value)
    if not isinstance(expression, ast.Name):
        return False
    function = module.function_of(expression)
    for node in ast.walk(function.node if function is not None else module.tree):
        walks = [node] if isinstance(node, (ast.For, ast.AsyncFor)) else \
            node.generators if isinstance(node, _COMPREHENSIONS) else []
        if any(expression.id in names_in(w.target) and names_file_list(w.iter) for w in walks) and \
                any(n is expression for n in ast.walk(node)):
            return True
    return False


# Words that name a list of files' paths
_FILE_LIST_WORDS = {"files", "paths", "filenames", "fnames", "filepaths"}


# Python's numbers made of a text or an object: one small number, whatever it is made of
_PYTHON_NUMBERS = {"int", "float", "bool", "len", "ord"}


def _made_of_the_item(expression: ast.expr, loop: ast.AST) -> bool:
    """rows.append(...) in ``for row in lines:``: whether what is added is made of the item itself (row, row.split(),
    parts[0], a dict of its fields), or only looked up by it: s = similarity(table[parts[0]], table[parts[1]]) is
    made of the table's values, the row's words its keys (one score per row, not the row's text once more);
    int(parts[2]) is the number the row holds."""
    if not isinstance(loop, (ast.For, ast.AsyncFor)):
        return True
    made = names_in(loop.target)
    assignments = sorted((n for n in ast.walk(loop) if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign))
                          and n.value is not None), key=lambda n: (n.lineno, n.col_offset))
    for assignment in assignments:
        if _reads_beyond_keys(assignment.value, made):
            targets = assignment.targets if isinstance(assignment, ast.Assign) else [assignment.target]
            made |= set().union(*(names_in(t) for t in targets))
    return _reads_beyond_keys(expression, made)


def _reads_beyond_keys(node: ast.AST, names: set[str]) -> bool:
    """``node`` reads one of ``names`` other than as the key of a subscript (table[name] reads table's value) or
    as what a Python number is made of (int(parts[2]): the number written there, not the text)."""
    if isinstance(node, ast.Call) and dotted_name(node.func) in _PYTHON_NUMBERS:
        return False
    keys = {id(n) for sub in ast.walk(node) if isinstance(sub, ast.Subscript) for n in ast.walk(sub.slice)}
    return any(isinstance(n, ast.Name) and n.id in names and id(n) not in keys for n in ast.walk(node))


def _joins_a_path(expression: ast.expr, module: Module) -> bool:
    """os.path.join(root, parts[0]), or a name the function assigns one to: a file's path (the lines of a list
    file become file names, a list as light as a folder's listing, not a second copy of a text)."""
    calls = [expression] if isinstance(expression, ast.Call) else []
    if isinstance(expression, ast.Name):
        calls = _calls_assigned_to(expression.id, module.function_of(expression), module)
    return bool(calls) and all(module.qualified(c.func) in PATH_CALLS for c in calls)


def _filled_start(key: str, loop: ast.AST, module: Module) -> tuple[int, str] | None:
    """(line, dtype) of what ``key`` is last bound to before ``loop``, in the same function, where that is an array
    filled with one value and no dtype (x = np.zeros((1, 64, 64, 3)), self.x = torch.zeros(shape)): the dtype it
    defaults to, which every sample concatenated onto it takes."""
    function = module.function_of(loop)
    last = module.last_assignment(key, loop, function.node if function is not None else None)
    if last is None or not isinstance(last.value, ast.Call):
        return None
    created = module.qualified(last.value.func)
    dtype = FILLED_CREATORS.get(created)
    given = creator_dtype(last.value, created)
    return (last.statement.lineno, dtype) if dtype is not None and given is None else None


# Calls that join a tuple or list of arrays along an axis that exists: kept = f((kept, x)) grows kept by x
_RUNNING_CONCATENATIONS = {"torch.cat", "torch.concat", "torch.concatenate", "numpy.concatenate", "numpy.vstack",
                           "numpy.row_stack", "tensorflow.concat", "numpy.append"}


def _running_cat(node: ast.stmt, module: Module) -> ast.expr | None:
    """What kept = torch.cat((kept, x)) or np.concatenate([kept, x]) (either order) adds to what it grows: x."""
    if not isinstance(node, ast.Assign) or len(node.targets) != 1 or not isinstance(node.value, ast.Call) or \
            module.qualified(node.value.func) not in _RUNNING_CONCATENATIONS:
        return None
    key = dotted_name(node.targets[0]) if isinstance(node.targets[0], (ast.Name, ast.Attribute)) else ""
    if module.qualified(node.value.func) == "numpy.append":
        # kept = np.append(kept, x): the array and what is added, as two arguments (flattened without an axis,
        # copied whole each time all the same)
        # (only of an array started empty, buf = np.array([]): a loaded array np.append-ed to is the data set
        # itself, grown by a few parts, which the copy rules say)
        given = node.value.args
        return given[1] if key and len(given) >= 2 and dotted_name(given[0]) == key and \
            _started_empty(key, node, module) else None
    parts = node.value.args[0] if node.value.args else None
    if not key or not isinstance(parts, (ast.Tuple, ast.List)) or len(parts.elts) != 2:
        return None
    names = [dotted_name(e) if isinstance(e, (ast.Name, ast.Attribute)) else "" for e in parts.elts]
    return parts.elts[1] if names[0] == key else parts.elts[0] if names[1] == key else None


def _started_empty(key: str, node: ast.stmt, module: Module) -> bool:
    """``key``'s binding before ``node`` is an empty array: np.array([]), np.array([[]]), np.empty(0)."""
    function = module.function_of(node)
    last = module.last_assignment(key, node, function.node if function is not None else None)
    made = last.value if last is not None else None
    if not isinstance(made, ast.Call) or not made.args:
        return False
    created = module.qualified(made.func)
    first = made.args[0]
    if created in ("numpy.array", "numpy.asarray"):
        while isinstance(first, ast.List) and len(first.elts) == 1:
            first = first.elts[0]
        return isinstance(first, ast.List) and not first.elts
    shape = first.elts if isinstance(first, (ast.Tuple, ast.List)) else [first]
    return created in ("numpy.empty", "numpy.zeros") and bool(shape) and \
        isinstance(shape[0], ast.Constant) and shape[0].value == 0


def _running_sum(node: ast.stmt) -> ast.expr | None:
    """What total = total + x (or x + total) adds to the sum: x."""
    if not isinstance(node, ast.Assign) or len(node.targets) != 1 or not isinstance(node.value, ast.BinOp) or \
            not isinstance(node.value.op, ast.Add):
        return None
    target = node.targets[0]
    key = dotted_name(target) if isinstance(target, (ast.Name, ast.Attribute)) else ""
    if not key:
        return None
    left, right = node.value.left, node.value.right
    if isinstance(left, (ast.Name, ast.Attribute)) and dotted_name(left) == key:
        return right
    if isinstance(right, (ast.Name, ast.Attribute)) and dotted_name(right) == key:
        return left
    return None
