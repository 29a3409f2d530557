"""Finding, and Script: the script as the rules see it (its modules, what the flow saw, which names feed which)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Literal, TypeVar

from ..i18n import _
from ..units import format_bytes
from .context import Seen
from .flow import Flow, arguments_given
from .modules import FunctionInfo, Module, local_modules
from .names import calls_in, dotted_name, last_part
from .public_datasets import datasets_named, small_whole
from .values import Data, FunctionRef, Value, image_shaped, made_root, sample_bytes, size_phrase, total_bytes

T = TypeVar("T")

FindingKind = Literal["memory", "throughput"]


@dataclass(frozen=True)
class Finding:
    """One problem found: the rule, the file and line, what is wrong and how to fix it; ``kind`` says whether it
    is about memory or throughput."""
    rule: str
    file: str
    line: int
    message: str
    fix: str
    kind: FindingKind = "memory"

    def to_dict(self) -> dict:
        """Its fields as a dict, as ``check --json`` and the HTML report take them."""
        return {"rule": self.rule, "file": self.file, "line": self.line, "message": self.message, "fix": self.fix,
                "kind": self.kind}


class Script:
    """The script as the rules see it: its syntax tree, the local modules it imports, and what the flow saw."""

    def __init__(self, path: Path, source: str):
        self.path = path
        self.source = source
        self.main = Module(path, source)
        self.tree = self.main.tree
        self.modules = [self.main] + local_modules(self.main)
        # torch imported, or used by its name without an import of its own (it came through a star import or
        # an earlier notebook cell: nothing else is called torch)
        self.torch = any(m.imports("torch") or "torch" not in m.bound and any(
            isinstance(n, ast.Name) and n.id == "torch" for n in m.parents) or _zeroes_gradients(m.tree)
            for m in self.modules)
        # Keras or TensorFlow imported by the script or a local module it imports: check runs such a script up to
        # Keras's fit() to capture its model; a PyTorch or JAX loop has no fit() to stop at and would train
        self.keras = any(m.imports("keras", "tensorflow", "tf_keras") for m in self.modules)
        # a PyTorch script that never names a GPU keeps its tensors in host memory
        uses_gpu = self.torch and any(re.search(r"cuda|device|\.to\(", m.source) for m in self.modules)
        # a JAX script that imports torch only for its DataLoader computes with JAX, which keeps no tape: its models
        # (apply_net(params, x), model.apply) are not PyTorch's, whatever their names
        self.flow = Flow(self.modules, uses_gpu, self.torch and not _torch_only_loads_for_jax(self.modules))
        self._memo: dict[str, object] = {}
        # the public data sets its paths and URLs name (GTZAN, FER-2013): their size is known where the script's
        # is not
        self.named_datasets = datasets_named(self.modules)
        self.calls = list(calls_in(self.tree))
        # the calls rules look for by name: the script's, and those of the parts of its local modules that it uses
        # (a load_data.py whose module-level code builds the pipeline, a dataset/dataset.py function it calls)
        self._calls_by_name: dict[str, list[ast.Call]] = {}
        for module in self.modules:
            calls = self.calls if module is self.main else calls_in(module.tree)
            for call in sorted(calls, key=lambda c: (c.lineno, c.col_offset)):  # in source order, file by file
                if self._reported(module, call):
                    self._calls_by_name.setdefault(last_part(dotted_name(call)), []).append(call)
        self._dependencies: dict[ast.AST, _Dependencies] = {}
        self._by_root: dict[str, list[Data]] | None = None
        self._by_made_root: dict[str, list[Data]] = {}

    def mark_small_by_named_datasets(self, kept_sample_bytes: Callable[[Script, Data], int | None]) -> None:
        """Data of a length the script does not show is small where every public data set the script names is
        small whole, at the sample size the script keeps (GTZAN's 1,000 clips as 128 × 33 MFCC frames: 33 MB):
        the flow's values and what it saw are marked so, as a slice [:100] is."""
        small: dict[Data, Data] = {}
        for value in list(self.flow.values.values()) + [s.value for s in self.flow.seen] + \
                [s.source for s in self.flow.seen]:
            if isinstance(value, Data) and value not in small and \
                    small_whole(value, kept_sample_bytes(self, value), self.named_datasets):
                small[value] = replace(value, small=True)
        self._memo.clear()  # (what rules' helpers found while the sizes were asked, before the values were marked)
        if small:
            self.flow.values = {node: small.get(v, v) if isinstance(v, Data) else v
                                for node, v in self.flow.values.items()}
            self.flow.seen = [replace(s, value=small.get(s.value, s.value) if isinstance(s.value, Data) else s.value,
                                      source=small.get(s.source, s.source) if isinstance(s.source, Data) else
                                      s.source) for s in self.flow.seen]
        self._by_root = None  # shown_shape indexed the values before they were marked

    def memoized(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()``, run once per script: what rules ask of the whole script for each of its data sets (which
        ones are trained on) would otherwise walk it once per data set."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]  # type: ignore[return-value]

    def shown_path(self, module: Module) -> str:
        """The script as the user named it; a local module by its place beside the script."""
        if module is self.main:
            return str(self.path)
        try:
            return str(self.path.parent / module.path.relative_to(self.main.path.resolve().parent))
        except ValueError:
            return str(module.path)

    def finding(self, rule: str, node: ast.AST, message: str, fix: str, kind: FindingKind = "memory",
                module: Module | None = None, line: int | None = None) -> Finding:
        """A ``Finding`` of ``rule`` at ``node``'s line (or ``line``) in ``module`` (by default the file that holds
        ``node``), its path shown as the user named it."""
        return Finding(rule, self.shown_path(module or self.module_of(node)), line or getattr(node, "lineno", 0),
                       message, fix, kind)

    def module_of(self, node: ast.AST) -> Module:
        """The file whose syntax tree holds ``node``: the script, or one of its local modules."""
        return next((m for m in self.modules if node in m.parents), self.main)

    def seen(self, *what: str) -> list[Seen]:
        """What the flow saw, in the script or in the parts of its local modules that the script uses (the same
        list each time it is asked: the flow has finished)."""
        return self.memoized(f"seen:{','.join(what)}", lambda: [
            s for s in self.flow.seen if s.what in what and self._reported(s.ctx.module, s.node, s.ctx.function)])

    def in_use(self, module: Module, node: ast.AST) -> bool:
        """Whether ``node`` of ``module`` runs when the script runs: module-level code, or a function it uses."""
        return self._reported(module, node)

    def _reported(self, module: Module, node: ast.AST, running: FunctionInfo | None = None) -> bool:
        if node in self._in_branches_not_run():
            return False  # if evaluate: ... of def restore(evaluate=False) that no call passes: never runs
        # (a node the flow made itself, the append that buf = np.append(buf, x) is run as, is in no file: the
        # function that ran it says where it is)
        function = module.function_of(node) if node in module.parents else running
        while function is not None and function.outer is not None:
            function = function.outer
        if function is None:
            return True  # module-level code runs when the script imports it
        if function.name in self._named_only_where_not_run():
            return False  # read_split_2d(), called only in the branch the settings turn off
        if module is self.main:
            return self._main_function_runs(function)
        used = self._used_in_modules()
        return function in used or function.cls in used

    def _main_function_runs(self, function: FunctionInfo) -> bool:
        """A script with an entry point (if __name__ == '__main__':) runs what that calls: a function of its own
        that no module names, by a call, an attribute or a string, and no decorator registers, is an unused version
        kept beside the one it calls. Without an entry point, its functions may be what a notebook or another
        script calls."""
        return not self.memoized("entry-point", lambda: _has_entry_point(self.main.tree)) or \
            function.cls is not None or \
            bool(function.node.decorator_list) or function.name in self._named_elsewhere()

    def _used_in_modules(self) -> set[object]:
        """The functions and classes of the local modules that code the script runs uses: named by a module's own
        code, by the script's functions that run, or by what those use in turn (utils.load() calls read_all(), which
        runs; read_all() called only by a loader nobody calls does not)."""
        def find() -> set[object]:
            referenced_by = self.flow.referenced_by
            used: set[object] = set()

            def runs(user: FunctionInfo | None) -> bool:
                if user is None:
                    return True
                if user.module is self.main:
                    return user.name not in self._named_only_where_not_run() and self._main_function_runs(user)
                return user in used or user.cls in used

            grown = True
            while grown:
                grown = False
                for info, users in referenced_by.items():
                    if info not in used and any(runs(user) for user in users):
                        used.add(info)
                        grown = True
            return used
        return self.memoized("used-in-modules", find)

    def _in_branches_not_run(self) -> set[ast.AST]:
        """Every node of the branches an if never runs (the flow's not_run: its test a setting, or a parameter's
        default that no call changes), found once: a walk of those statements."""
        return self.memoized("in-branches-not-run", lambda: {
            node for statement in self.flow.not_run for node in ast.walk(statement)})

    def _named_only_where_not_run(self) -> set[str]:
        """The names (called, read, attributes) that only the branches an if never runs use: a function of the
        script's own by such a name is code this configuration never reaches."""
        def collect() -> set[str]:
            skipped = self.flow.not_run
            if not skipped:
                return set()
            dead = _names_read(self._in_branches_not_run())
            live: set[str] = set()
            for module in self.modules:
                stack = [module.tree]
                while stack:
                    node = stack.pop()
                    if node in skipped:
                        continue
                    live |= _names_read((node,))
                    stack.extend(ast.iter_child_nodes(node))
            return dead - live
        return self.memoized("named-only-where-not-run", collect)

    def _named_elsewhere(self) -> set[str]:
        """Every name the modules use other than to define it: read names, attributes, and strings."""
        def collect() -> set[str]:
            found = set()
            for module in self.modules:
                for node in ast.walk(module.tree):
                    if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Store):
                        found.add(node.id)
                    elif isinstance(node, ast.Attribute):
                        found.add(node.attr)
                    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                        found.add(node.value)
                    if isinstance(node, ast.Call) and not node.args and dotted_name(node.func).endswith("app.run"):
                        found.add("main")  # tf.app.run() (TensorFlow 1, absl) runs the script's main()
            return found
        return self.memoized("named-elsewhere", collect)

    def calls_named(self, *last_names: str) -> list[ast.Call]:
        """The calls whose last name is one of ``last_names``, in the script and in the parts of its local modules
        that it uses (``module_of`` says which file holds one): the script's first, then each module's, in source
        order."""
        if len(last_names) == 1:
            return self._calls_by_name.get(last_names[0], [])
        found = [c for name in last_names for c in self._calls_by_name.get(name, [])]
        order = {m: i for i, m in enumerate(self.modules)}
        return sorted(found, key=lambda c: (order[self.module_of(c)], c.lineno, c.col_offset))

    def calls_to(self, function: FunctionInfo) -> list[tuple[Module, ast.Call]]:
        """(module, call) of every call, in the script or its local modules, that the flow found runs
        ``function`` (meter.update(loss), self.policy.evaluate(states)); indexed once per script."""
        def index() -> dict[FunctionInfo, list[tuple[Module, ast.Call]]]:
            found: dict[FunctionInfo, list[tuple[Module, ast.Call]]] = {}
            for module in self.modules:
                for call in calls_in(module.tree):
                    callee = self.value(call.func)
                    if isinstance(callee, FunctionRef):
                        found.setdefault(callee.info, []).append((module, call))
            return found
        return self.memoized("calls-to", index).get(function, [])

    @property
    def keras_backend(self) -> str:
        """The backend Keras runs on: what the script sets KERAS_BACKEND to, else TensorFlow, Keras's default."""
        chosen = re.search(r"KERAS_BACKEND[\"']?\s*\]?\s*=\s*[\"'](jax|torch)", self.source)
        return chosen.group(1) if chosen else "tensorflow"

    def mentions(self, *words: str) -> bool:
        """Whether any of ``words`` appears in the script's text, comments and strings included."""
        return any(word in self.source for word in words)

    def value(self, node: ast.AST) -> Value:
        """What the flow found ``node`` holds; None when it does not know."""
        return self.flow.values.get(node)

    def dependencies(self, scope: ast.AST) -> _Dependencies:
        """Which names are computed from which in ``scope`` (a function or module), and the names each
        ``backward()`` uses; built once per scope."""
        if scope not in self._dependencies:
            self._dependencies[scope] = _Dependencies(scope)
        return self._dependencies[scope]

    def image_roots(self) -> set[str]:
        """The data sets whose rows the script resizes as images (resize(frames[k], (96, 96))), directly or as what
        a call gives the parameter whose rows a function resizes; and the tables whose rows a loop makes into the
        arrays of a list the script shows holds images (np.array(faces).reshape(-1, 48, 48, 1))."""
        def find() -> set[str]:
            roots = set(self.flow.image_rows)
            for made, tables in self.flow.rows_made_into.items():
                if any(image_shaped(value) for value in self.data_of_root(made)):
                    roots |= tables
            for function, name in self.flow.image_parameters:
                for _module, call in self.calls_to(function):
                    given = arguments_given(function, call, skip_self=function.takes_instance).get(name)
                    value = self.value(given) if given is not None else None
                    if isinstance(value, Data):
                        roots.add(value.root)
            return roots
        return self.memoized("image-roots", find)

    def same_data(self, data: Data) -> list[Data]:
        """Every value the flow saw that is this data set or a copy of it."""
        return self.data_of_root(data.root)

    def data_of_root(self, root: str) -> list[Data]:
        """Every value the flow saw of the data set that first came into memory at ``root``."""
        if self._by_root is None:
            self._by_root, self._by_made_root = {}, {}
            for value in self.flow.values.values():
                if isinstance(value, Data):
                    self._by_root.setdefault(value.root, []).append(value)
                    if made_root(value.root) != value.root:
                        self._by_made_root.setdefault(made_root(value.root), []).append(value)
        return self._by_root.get(root, [])

    def made_by_each_call(self, data: Data) -> list[Data]:
        """What the callers do with the data set a function makes (def read(p): return pickle.load(f), then
        (x, y), _ = read(path); x.reshape(-1, 160, 160, 1)): each call's copy has a root of its own
        (values.PER_CALL), and the load inside the function is all of them."""
        self.data_of_root(data.root)
        return self._by_made_root.get(data.root, [])

    def size_of(self, data: Data) -> str:
        """The size of held data for a message, with the shape the script shows for it later if not here
        (X = np.load(...) then X.reshape(-1, 256, 256, 3))."""
        phrase = size_phrase(self.shown_shape(data))
        if data.file_bytes is not None and total_bytes(data) is None:
            # (measured on disk where check runs, not shown by the script: said as such)
            return _("{size}; the file it reads is {bytes} on disk").format(size=phrase,
                                                                         bytes=format_bytes(data.file_bytes))
        if data.files_on_disk is None:
            return phrase
        # (counted on disk, not shown by the script: the user should know where the number came from)
        return _("{size}, for the {count:,} data files the folder it lists holds now").format(
            size=phrase, count=data.files_on_disk)

    def shown_shape(self, data: Data) -> Data:
        """``data`` with the shape of a sample the script shows for it later if its own does not say it (X =
        np.load(...) then X.reshape(-1, 256, 256, 3)): what size_of says, and what a rule judges by."""
        if sample_bytes(data) is None:
            for value in self.same_data(data):
                if value.shape and sample_bytes(replace(value, dtype=data.dtype)) is not None:
                    return replace(data, shape=(data.shape[0] if data.shape else None,) + value.shape[1:])
        return data


# Frameworks that compute without PyTorch's autograd tape, beside which a script may import torch for its loaders
_TAPELESS_FRAMEWORKS = ("jax", "flax", "haiku", "equinox", "optax")


def _torch_only_loads_for_jax(modules: list[Module]) -> bool:
    """from torch.utils.data import DataLoader in a JAX script: every torch import is of its data utilities (and the
    name torch is never used), while JAX does the computing."""
    torch_imports = [name for m in modules for name in m.imported if name == "torch" or name.startswith("torch.")]
    return bool(torch_imports) and all(name in ("torch.utils", "torch.utils.data") or
                                       name.startswith("torch.utils.data.") for name in torch_imports) and \
        not any(isinstance(n, ast.Name) and n.id == "torch" for m in modules for n in m.parents) and \
        any(m.imports(*_TAPELESS_FRAMEWORKS) for m in modules)


def _zeroes_gradients(tree: ast.Module) -> bool:
    """optimizer.zero_grad(): PyTorch's own step, in a file of training helpers that never names torch (its caller
    imports it and hands over the model, the optimizer and the loaders). No other framework spells it so."""
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "zero_grad"
               for n in ast.walk(tree))


def _has_entry_point(tree: ast.Module) -> bool:
    """``if __name__ == '__main__':`` at the top level."""
    return any(isinstance(n, ast.If) and isinstance(n.test, ast.Compare) and isinstance(n.test.left, ast.Name) and
               n.test.left.id == "__name__" for n in tree.body)


def _used_names(node: ast.AST) -> set[str]:
    """x, and the attributes read (self.losses -> losses): the names an expression is computed from."""
    return {n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node) if isinstance(n, (ast.Name,
                                                                                                 ast.Attribute))}


class _Dependencies:
    """In one function or module: which names are computed from which, and what each backward() uses."""

    def __init__(self, scope: ast.AST):
        self.edges: dict[str, set[str]] = {}
        self.backwards: list[tuple[int, set[str]]] = []
        self._derived: dict[str, set[str]] = {}
        # loss = sum(losses); for out in outputs: g_loss += f(out)
        for node in ast.walk(scope):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.For)):
                source = node.iter if isinstance(node, ast.For) else node.value
                targets = [node.target] if isinstance(node, (ast.AugAssign, ast.For)) else node.targets
                made = set().union(*(_used_names(t) for t in targets))
                for name in _used_names(source):
                    self.edges.setdefault(name, set()).update(made)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "backward":
                self.backwards.append((node.lineno, _used_names(node.func.value)))

    def derived(self, name: str) -> set[str]:
        """The name and every name computed from it, directly or not."""
        if name not in self._derived:
            found, pending = {name}, [name]
            while pending:
                for target in self.edges.get(pending.pop(), ()):
                    if target not in found:
                        found.add(target)
                        pending.append(target)
            self._derived[name] = found
        return self._derived[name]


def _names_read(nodes) -> set[str]:
    """The names ``nodes`` read: names, attributes."""
    return {n.id if isinstance(n, ast.Name) else n.attr for n in nodes
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Store) or isinstance(n, ast.Attribute)}
