"""Where code runs (Context), what the flow saw there for the rules (Seen), and the names in scope."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from .modules import FunctionInfo, Module
from .values import Data, Value


@dataclass(frozen=True)
class Context:
    """Where a piece of code runs, as far as memory goes."""
    module: Module
    function: FunctionInfo | None = None
    loops: tuple[ast.AST, ...] = ()  # enclosing loops and comprehensions, innermost last
    batch_loop: bool = False         # inside a loop over batches: what is made here is one batch's
    per_item: bool = False           # runs once per element: __getitem__, a generator, a map function
    no_grad: bool = False            # under torch.no_grad() or inference_mode(), here or at every caller
    eval_mode: bool = False          # after model.eval(), in an evaluation function, or over a val/test loader
    repeated: bool = False           # the function is called in a loop: a global it grows grows every call
    small_loop: bool = False         # the innermost loop runs a few times only
    called_per_step: bool = False    # the function runs once per batch (forward, a train_step): its locals go
    over_samples: bool = False       # inside a loop over the samples or files of a data set
    grad_switched: bool = False      # under set_grad_enabled(phase == 'train'): off where it evaluates, on to train

    @property
    def data_set_level(self) -> bool:
        """Code that runs once for the whole data set (not per element or per batch)."""
        return not self.per_item and not self.batch_loop


@dataclass
class Seen:
    """One thing the flow saw, for the rules to judge."""
    what: str                 # loaded, collected, cached, copied, divided, filled, to-gpu, forward, accumulated...
    node: ast.AST
    ctx: Context
    value: Value = None       # the data, the tensor, the model
    source: Value = None      # for copies and arithmetic: what it was made from
    target: str = ""          # for accumulations: the list or sum that grows
    holders: tuple = ()       # for copies: (name, at module level) of every name holding the same data set


class _Names(dict):
    """A scope's names, with the names holding each data set at hand: a copy asks who else holds it."""

    def __init__(self) -> None:
        super().__init__()
        self.by_root: dict[str, set[str]] = {}

    def __setitem__(self, name: str, value: Value) -> None:
        old = self.get(name)
        if isinstance(old, Data):
            self.by_root.get(old.root, set()).discard(name)
        if isinstance(value, Data):
            self.by_root.setdefault(value.root, set()).add(name)
        super().__setitem__(name, value)


class Scope:
    """The names one module or function binds, with its enclosing scope and the names it declares ``global``."""

    def __init__(self, parent: Scope | None = None, function: FunctionInfo | None = None):
        self.names: _Names = _Names()
        self.parent = parent
        self.function = function
        self.globals: set[str] = set()

    def get(self, name: str) -> Value:
        """The value ``name`` holds here or in an enclosing scope; None when no scope binds it."""
        scope: Scope | None = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        return None

    def rebind(self, name: str, value: Value) -> None:
        """Give ``name`` a new value in the nearest scope that binds it, or bind it here when none does."""
        scope: Scope | None = self
        while scope is not None:
            if name in scope.names:
                scope.names[name] = value
                return
            scope = scope.parent
        self.names[name] = value

    def set(self, name: str, value: Value) -> None:
        """Bind ``name`` here, or in the outermost (module) scope when it is declared ``global``."""
        scope = self
        if name in self.globals:
            while scope.parent is not None:
                scope = scope.parent
        scope.names[name] = value
