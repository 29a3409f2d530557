"""The script and the local modules it imports: each parsed file, with its functions and classes."""

from __future__ import annotations

import ast
import builtins
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Iterator

from ..errors import OomdoctorError
from ..files import regular_file
from ..units import MiB
from .names import USUAL_ALIASES, canonical, dotted_name, last_part

# A script's own helpers (utils.py, dataset.py beside it) are read too, never run; a few, and small ones:
# a project's code, not a library's
_LOCAL_MODULES_MAX = 8
_LOCAL_MODULE_BYTES = 1 * MiB


@dataclass(eq=False)
class FunctionInfo:
    """A function or method in a module: its node, its class when it is a method, and the function it is
    defined in."""
    node: ast.FunctionDef | ast.AsyncFunctionDef
    module: Module
    cls: ClassInfo | None
    outer: FunctionInfo | None

    @property
    def name(self) -> str:
        """The name its ``def`` gives it."""
        return self.node.name

    @cached_property
    def generator(self) -> bool:
        """Yields: it runs once per element (a data generator), not once for the data set."""
        return any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in own_nodes(self.node))

    @cached_property
    def declared_globals(self) -> set[str]:
        """The names its own body declares ``global`` or ``nonlocal``."""
        return {name for n in own_nodes(self.node) if isinstance(n, (ast.Global, ast.Nonlocal)) for name in n.names}

    @cached_property
    def parameter_names(self) -> frozenset[str]:
        """The names its parameters bind (not ``*args`` and ``**kwargs``, which are a call's spread)."""
        arguments = self.node.args
        return frozenset(a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs)

    @property
    def takes_instance(self) -> bool:
        """A method (not a staticmethod): called on an instance or a class, its first parameter is that instance
        or class, not an argument the call writes."""
        return self.cls is not None and not self.decorated("staticmethod")

    def decorated(self, *last_names: str) -> bool:
        """Whether one of its decorators ends in one of ``last_names`` (``no_grad`` for
        ``@torch.no_grad()``)."""
        return any(last_part(dotted_name(d)) in last_names for d in self.node.decorator_list)


@dataclass(eq=False)
class ClassInfo:
    """A class a module defines: its node, and its methods by name."""
    node: ast.ClassDef
    module: Module
    methods: dict[str, FunctionInfo] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The name its ``class`` statement gives it."""
        return self.node.name

    @property
    def bases(self) -> list[str]:
        """Its bases' full names as imported (``nn.Module`` -> ``torch.nn.Module``)."""
        return [self.module.qualified(b) for b in self.node.bases]


def own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function's body, without those of functions and classes defined inside it."""
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


# Names a fragment uses without importing them, as a notebook's later cell does: Keras's, whose model classes
# nothing else in a training script calls by these bare names (a torch model is a class the file defines)
_FRAGMENT_GLOBALS = {"Sequential": "keras.Sequential", "Model": "keras.Model"}
# The functions Keras's modules export that scripts star-import together (from keras.layers import *, from
# keras.preprocessing.image import *): with several star imports, the one module that exports a name is where it
# comes from (its layers are known by their bare names, whatever module they are taken from)
_KERAS_EXPORTS = {
    "keras.preprocessing.image": {"load_img", "img_to_array", "array_to_img", "save_img", "ImageDataGenerator",
                                  "smart_resize"},
    "keras.utils": {"load_img", "img_to_array", "array_to_img", "save_img", "to_categorical", "normalize",
                    "image_dataset_from_directory", "timeseries_dataset_from_array", "pad_sequences"},
    "keras.preprocessing.sequence": {"pad_sequences", "TimeseriesGenerator"},
    "keras.preprocessing.text": {"Tokenizer", "one_hot", "text_to_word_sequence"},
    "keras.models": {"Model", "Sequential", "load_model", "save_model", "clone_model", "model_from_json"},
}


class Module:
    """One parsed file: the script, or a module beside it that it imports."""

    def __init__(self, path: Path, source: str):
        self.path = path
        self.source = source
        try:
            self.tree = ast.parse(source, filename=str(path))
        except MemoryError:  # CPython's parser says so when its stack overflows on deep nesting (-----1)
            raise RecursionError("the parser's stack overflowed") from None
        self.parents: dict[ast.AST, ast.AST] = {}
        for parent in ast.walk(self.tree):
            for child in ast.iter_child_nodes(parent):
                self.parents[child] = parent
        self.aliases = dict(USUAL_ALIASES)
        self.functions: dict[ast.AST, FunctionInfo] = {}
        self.classes: dict[str, ClassInfo] = {}
        self.top_functions: dict[str, FunctionInfo] = {}
        self.import_nodes = [n for n in self.parents if isinstance(n, (ast.Import, ast.ImportFrom))]
        self.imported: set[str] = set()  # the packages it imports itself, by full name
        self.star_imports: list[str] = []  # from keras.layers import *
        # the project's modules whose names this one may use without binding them (local_modules): those that
        # import it, and those it imports whole (import dependencies), as files cut from one notebook share its names
        self.namespace_sources: list[Module] = []
        for node in self.import_nodes:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self.imported.add(alias.name)
                    if alias.asname:
                        self.aliases[alias.asname] = alias.name
                    else:
                        top = alias.name.split(".")[0]
                        self.aliases[top] = top
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                self.imported.add(node.module)
                for alias in node.names:
                    if alias.name == "*":
                        self.star_imports.append(node.module)
                    else:
                        self.aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        self._index(self.tree, None, None)
        self._assignment_index: dict[ast.AST, dict[str, list[Binding]]] = {}  # assignments(): per scope, per name
        # every name the file binds itself (assigned, defined, a parameter, imported): the others come from
        # elsewhere (a notebook's earlier cell, a star import)
        self.assigned = {n.id for n in self.parents if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        self.bound = self.assigned | {
            n.arg for n in self.parents if isinstance(n, ast.arg)} | {
            n.name for n in self.parents if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))} | {
            a.asname or a.name.split(".")[0] for n in self.import_nodes for a in n.names}

    def _index(self, node: ast.AST, cls: ClassInfo | None, outer: FunctionInfo | None) -> None:
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
                continue  # an expression holds no def or class (a lambda is not one)
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                info = FunctionInfo(child, self, cls, outer)
                self.functions[child] = info
                if cls is not None and outer is None:
                    cls.methods[child.name] = info
                elif outer is None and cls is None:
                    self.top_functions[child.name] = info
                self._index(child, None, info)
            elif isinstance(child, ast.ClassDef):
                info = ClassInfo(child, self)
                self.classes.setdefault(child.name, info)
                self._index(child, info, outer)
            else:
                self._index(child, cls, outer)

    def qualified(self, node: ast.AST) -> str:
        """A call target's full name as imported: np.load -> numpy.load, DataLoader -> torch.utils.data.DataLoader."""
        name = dotted_name(node)
        if not name:
            return ""
        head, _dot, rest = name.partition(".")
        full = self.aliases.get(head) or self._from_elsewhere(head) or head
        return canonical(f"{full}.{rest}" if rest else full)

    def _from_elsewhere(self, name: str) -> str | None:
        """What a name the file uses but never binds most likely is: from its one star import (of several, from
        the one Keras module that exports it), else, in a fragment that imports no star at all, Keras's model
        classes (a Kaggle cell's ``model = Sequential([...])`` after the imports of an earlier cell)."""
        if name in self.bound or name in BUILTINS:
            return None  # enumerate(loader) under ``from utils import *`` is Python's enumerate, not utils'
        if len(self.star_imports) == 1:
            return f"{self.star_imports[0]}.{name}"
        if self.star_imports:
            exporters = [m for m in self.star_imports if name in _KERAS_EXPORTS.get(canonical(m), ())]
            return f"{exporters[0]}.{name}" if len(exporters) == 1 else None
        source = self.shared_binding(name)
        return source.aliases.get(name) if source is not None else _FRAGMENT_GLOBALS.get(name)

    def shared_binding(self, name: str) -> Module | None:
        """The project's module that binds ``name`` where this one uses it without binding it: a file cut from a
        notebook that imported everything once (train_test_split in trainer.py, imported by the dependencies.py that
        imports sklearn), or the module a script imports whole and then uses the names of (import dependencies;
        split_and_scale(...)). None where the file binds it, or no such module does."""
        if name in self.bound or name in BUILTINS:
            return None
        seen, pending = {self}, list(self.namespace_sources)
        while pending:
            module = pending.pop(0)
            if module in seen:
                continue
            seen.add(module)
            if name in module.bound:
                return module
            pending += module.namespace_sources
        return None

    def imports(self, *prefixes: str) -> bool:
        """Whether the module imports one of these packages itself (tensorflow, not tensorflow_docs)."""
        return any(n == p or n.startswith(p + ".") for n in self.imported for p in prefixes)

    def function_of(self, node: ast.AST) -> FunctionInfo | None:
        """The innermost function whose body holds ``node``."""
        while node in self.parents:
            node = self.parents[node]
            if node in self.functions:
                return self.functions[node]
        return None

    @cached_property
    def _lines(self) -> list[str]:
        return self.source.splitlines()

    def printed_shape(self, line: int) -> tuple[int, ...] | None:
        """The shape a notebook pasted as a comment under the ``print(x.shape)`` on ``line``: on the same line
        (``print(x.shape)  # (60000, 28, 28)``), or in the comment lines after a run of such prints, in order."""
        lines = self._lines
        if not 0 < line <= len(lines) or not _PRINT_SHAPE.match(lines[line - 1]):
            return None
        same_line = _SHAPE_COMMENT.search(lines[line - 1])
        if same_line:
            return _shape_of(same_line.group(1))
        start = line
        while start > 1 and _PRINT_SHAPE.match(lines[start - 2]) and not _SHAPE_COMMENT.search(lines[start - 2]):
            start -= 1
        end = line
        while end < len(lines) and _PRINT_SHAPE.match(lines[end]):
            end += 1
        comments = []
        for text in lines[end:end + (end - start + 1)]:
            found = _SHAPE_COMMENT.fullmatch(text.strip())
            if not found:
                break
            comments.append(found.group(1))
        # only when every print of the run has its output: otherwise which comment is whose is a guess
        return _shape_of(comments[line - start]) if len(comments) == end - start + 1 else None

    def commented_shape(self, line: int) -> tuple[int, ...] | None:
        """The shape a comment at the end of ``line`` gives what the line makes (x = torch.from_numpy(a).float()
        # [695, 200, 7, 7]), two dimensions or more."""
        lines = self._lines
        found = _TRAILING_SHAPE.search(lines[line - 1]) if 0 < line <= len(lines) else None
        return _shape_of(found.group(1)) if found else None

    def first_binding(self, name: str) -> int:
        """The first line of the module's own code (outside its functions and classes) that binds ``name``; 0
        when none does."""
        return self._first_bindings.get(name, 0)

    @cached_property
    def _first_bindings(self) -> dict[str, int]:
        first: dict[str, int] = {}
        for statement in self.tree.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for node in ast.walk(statement):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    first[node.id] = min(first.get(node.id, node.lineno), node.lineno)
        return first

    @cached_property
    def store_counts(self) -> dict[str, int]:
        """How many places of the whole file (its functions included) bind each plain name: a module-level name bound
        once is a setting the file never changes (N_RUNS = 8, MODE = "3d")."""
        counts: dict[str, int] = {}
        for node in self.parents:
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                counts[node.id] = counts.get(node.id, 0) + 1
        return counts

    def assignments(self, key: str, within: ast.AST | None = None) -> list[Binding]:
        """The plain assignments to ``key`` (a name, or a dotted one: ``self.frames``) in the own code of ``within``
        (a function's node; the module's level when None), in the order of their lines. An element of a tuple
        target is bound to the element of a tuple value (a, b = x, y), else to the value's ``[i]`` (adj, feats =
        load(): judged by what the call returns). Indexed once a scope: the rules ask this of many names."""
        scope = self.tree if within is None else within
        index = self._assignment_index.get(scope)
        if index is None:
            index = self._assignment_index[scope] = _assignments_in(scope)
        return index.get(key, [])

    def last_assignment(self, key: str, before: ast.AST, within: ast.AST | None = None) -> Binding | None:
        """The last of ``assignments(key, within)`` on a line before ``before``'s statement (or on its line, in
        another statement: a = 1; b = a)."""
        statement = self.statement_of(before)
        at = (statement.lineno, statement.col_offset)
        found = [b for b in self.assignments(key, within) if (b.statement.lineno, b.statement.col_offset) < at]
        return found[-1] if found else None

    def value_before(self, name: ast.Name) -> ast.expr | None:
        """The value the last assignment before ``name`` in its own function (at the module's level outside one)
        gives it."""
        function = self.function_of(name)
        found = self.last_assignment(name.id, name, function.node if function is not None else None)
        return found.value if found is not None else None

    def statement_of(self, node: ast.AST) -> ast.stmt:
        """The statement that holds ``node``, or ``node`` itself when it is one."""
        while not isinstance(node, ast.stmt) and node in self.parents:
            node = self.parents[node]
        return node  # type: ignore[return-value]


@dataclass(frozen=True, eq=False)
class Binding:
    """One plain assignment of a name: the statement, and the value it gives that name."""
    statement: ast.Assign
    value: ast.expr


def _assignments_in(scope: ast.AST) -> dict[str, list[Binding]]:
    found: dict[str, list[Binding]] = {}
    for node in own_nodes(scope):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            _bind(target, node.value, node, found)
    for bindings in found.values():
        bindings.sort(key=lambda b: (b.statement.lineno, b.statement.col_offset))
    return found


def _bind(target: ast.expr, value: ast.expr, statement: ast.Assign, found: dict[str, list[Binding]]) -> None:
    """The bindings ``target = value`` makes, by name: each element of an unpacking to its part of the value,
    nested ones too ((x_tr, y_tr), (x_te, y_te) = load(): x_te is load()[1][0])."""
    if isinstance(target, (ast.Name, ast.Attribute)):
        found.setdefault(dotted_name(target), []).append(Binding(statement, value))
    elif isinstance(target, (ast.Tuple, ast.List)):
        paired = isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts)
        for index, element in enumerate(target.elts):
            _bind(element, value.elts[index] if paired else ast.Subscript(value, ast.Constant(index)), statement,
                  found)


# print(x_train.shape) alone on its line, and the output a notebook pasted after it: # (25000, 150, 150, 3)
_PRINT_SHAPE = re.compile(r"\s*print\(\s*[\w.]+\.shape\s*\)\s*(#.*)?$")
_SHAPE_COMMENT = re.compile(r"#\s*\((\d+(?:\s*,\s*\d+)*\s*,?)\)\s*$")
_TRAILING_SHAPE = re.compile(r"\S.*#\s*[\[(](\d+(?:\s*,\s*\d+)+)\s*,?[\])]\s*$")


def _shape_of(text: str) -> tuple[int, ...]:
    return tuple(int(n) for n in text.replace(" ", "").split(",") if n)


def _read_local_module(path: Path) -> str | None:
    """The text of a module beside the script, or None when it is not a small regular file."""
    try:
        regular_file(path, "")
        with path.open("rb") as file:
            data = file.read(_LOCAL_MODULE_BYTES + 1)
    except (OomdoctorError, OSError):
        return None
    if len(data) > _LOCAL_MODULE_BYTES:
        return None
    return data.decode("utf-8-sig", errors="replace")


def local_modules(script: Module) -> list[Module]:
    """Modules the script imports from its own folder (utils.py, data/loader.py), and theirs, a few at most."""
    root = script.path.resolve().parent
    top = import_root(root)
    if top == root and any(_sibling_package(root, name) for name, level in _imported_module_names(script) if not level):
        top = root.parent  # tabs/page.py's ``from logic.data import ...``: the project is run from above tabs/
    found: dict[Path, Module] = {script.path.resolve(): script}
    pending = [script]
    while pending and len(found) <= _LOCAL_MODULES_MAX:
        module = pending.pop(0)
        for name, level in _imported_module_names(module):
            for candidate in imported_files(module, name, level, root):
                candidate = candidate.resolve()
                if candidate in found or not candidate.is_relative_to(top) or len(found) > _LOCAL_MODULES_MAX:
                    continue
                source = _read_local_module(candidate)
                if source is None:
                    continue
                try:
                    found[candidate] = Module(candidate, source)
                except (SyntaxError, ValueError, RecursionError):
                    continue  # not the script we were asked about: its own check will say what is wrong
                pending.append(found[candidate])
    for module in found.values():
        _take_star_imports(module, found, set(), root)
        _link_namespaces(module, found, root)
    return [m for m in found.values() if m is not script]


def _take_star_imports(module: Module, by_path: dict[Path, Module], seen: set[Module], root: Path) -> None:
    """``from lib import *`` of a local lib.py (one file that gathers a project's imports, star-imported by every
    other) binds in ``module`` every name lib binds: ``cv2`` and ``train_test_split`` are the libraries lib
    imported, lib's functions and values are lib's (not guesses from a library's star), and lib's own library
    stars (``from keras.callbacks import *``) are ``module``'s too. ``by_path``: the local modules, by their resolved
    path; ``root``: the script's folder."""
    seen.add(module)
    stars: list[str] = []
    for star in module.star_imports:
        source = next((by_path[p.resolve()] for p in imported_files(module, star, 0, root) if p.resolve() in by_path),
                      None)
        if source is None or source is module:
            stars.append(star)
            continue
        if source not in seen:
            _take_star_imports(source, by_path, seen, root)
        for name, full in source.aliases.items():
            if name not in module.bound:  # the module's own import of a name wins
                module.aliases[name] = full
        module.imported |= source.imported
        module.bound |= source.bound
        stars += [s for s in source.star_imports if s not in stars]
    module.star_imports = list(dict.fromkeys(stars))


def _link_namespaces(module: Module, by_path: dict[Path, Module], root: Path) -> None:
    """Each local module ``module`` imports shares the names ``module`` binds; one it imports whole (import
    dependencies, not from dependencies import x) lends it its own (Module.shared_binding)."""
    for node in module.import_nodes:
        level = getattr(node, "level", 0)
        names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
            [node.module] if node.module else [alias.name for alias in node.names]
        for name in names:
            imported = next((by_path[p.resolve()] for p in imported_files(module, name, level, root)
                             if p.resolve() in by_path), None)
            if imported is None or imported is module:
                continue
            if module not in imported.namespace_sources:
                imported.namespace_sources.append(module)
            if isinstance(node, ast.Import) and imported not in module.namespace_sources:
                module.namespace_sources.append(imported)


def _imported_module_names(module: Module) -> Iterator[tuple[str, int]]:
    for node in module.import_nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, 0
        elif isinstance(node, ast.ImportFrom):
            if node.module:
                yield node.module, node.level
                for alias in node.names:  # from data import loader: data/loader.py
                    yield f"{node.module}.{alias.name}", node.level
            else:
                for alias in node.names:  # from . import utils
                    yield alias.name, node.level


def imported_files(importer: Module, dotted: str, level: int, root: Path) -> list[Path]:
    """The files an import in ``importer`` can name: for ``from . import x`` (level 1 and up), under the importer's
    package; for an absolute import, beside the importer and then under ``root``, the script's folder, which is
    where Python looks first when the script runs (src/trainer.py's ``from src.dataset import ...``, the project's
    package seen from its top)."""
    base = importer.path.resolve().parent
    for _step in range(max(level - 1, 0)):
        base = base.parent
    files = module_files(base, dotted)
    if level == 0 and base != root:
        files += module_files(root, dotted)
    if level == 0 and import_root(root) != root:
        # net/validator.py's ``from dataset.vqa_dataset import ...``, net/ a package (its __init__.py): the script
        # is run from above its package (python -m net.validator), where the project's other packages are
        files += module_files(import_root(root), dotted)
    if level == 0 and _sibling_package(root, dotted):
        files += module_files(root.parent, dotted)
    if level == 0:
        # GreedyInfoMax/audio/main_audio.py's ``from GreedyInfoMax.audio.validation import ...``: the package is
        # a folder the importer is in, run from above it (python -m GreedyInfoMax.audio.main_audio), so its top
        # is that folder's parent
        top = dotted.split(".")[0]
        files += [f for folder in (base, *base.parents) if folder.name == top
                  for f in module_files(folder.parent, dotted)]
    return files


def _sibling_package(root: Path, dotted: str) -> bool:
    """Whether ``from logic.data import ...`` in tabs/page.py names a folder beside tabs/ (logic/data.py there, and
    no logic/ in tabs/): the app is run from the project's top (python main.py), where tabs/ and logic/ both are."""
    parts = dotted.split(".")
    return len(parts) > 1 and root.parent != root and not (root / parts[0]).exists() and \
        (root.parent / parts[0]).is_dir() and any(f.is_file() for f in module_files(root.parent, dotted))


@lru_cache(maxsize=256)
def import_root(folder: Path) -> Path:
    """Where a script in ``folder`` is run from: the folder above the outermost package it is in (each folder up
    from it with an __init__.py), or ``folder`` itself when it is no package."""
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        folder = folder.parent
    return folder


def module_files(base: Path, dotted: str) -> list[Path]:
    """The two files a dotted module name can be under ``base``: ``a/b.py`` and ``a/b/__init__.py``."""
    parts = dotted.split(".")
    return [base.joinpath(*parts).with_suffix(".py"), base.joinpath(*parts, "__init__.py")]


# Python's own names (enumerate, len, range, zip): a star import that shadows one is too rare to assume
BUILTINS = frozenset(dir(builtins))
