"""The package's layout, as the README's "How the code is laid out" describes it: imports point only down.

Every import in src/oomdoctor is read, function-local ones included (they run too, only later); imports
under ``if TYPE_CHECKING:`` are left out, since they never run.
"""
import ast
from pathlib import Path

import pytest

SRC = Path(__file__).parents[2] / "src"

# Lower layers never import higher ones. Within a layer, modules may import each other, without cycles.
LAYERS = [
    # foundations: nothing here knows about models, engines or reports
    {"version", "units", "i18n", "errors", "files", "arguments", "gpus", "search", "cache", "child", "batch_size",
     "builders", "native_libraries"},
    {"estimator"},  # what both engines share: the Estimate, strategies, categories, fixes, the batch curve
    {"pytorch"},  # plain PyTorch's engine
    {"keras"},  # Keras's engine (its torch backend's trace builds on pytorch's recorder)
    # what users call beside the estimate: measuring, checking, explaining, the training integrations
    {"engines", "gpu_memory", "measure", "check", "explain", "lightning", "hf"},
    {"render"},  # dicts and results in; text, HTML and PNG out
    {"cli"},  # flags -> one library call -> render
    {"", "__main__"},  # the package itself: oomdoctor.estimate and friends
]
# The one import that points up, and why.
UPWARD = {
    ("oomdoctor.estimator.result", "oomdoctor.render.html"):
        "Estimate._repr_html_: Jupyter asks a result to draw itself, and the renderer draws it",
}


def _modules() -> dict[str, Path]:
    found = {}
    for path in (SRC / "oomdoctor").rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(module: str) -> list[tuple[str, list[str], int]]:
    """``(imported module, names imported from it, line)`` for every oomdoctor import in ``module``."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []

    def visit(node):
        for child in ast.iter_child_nodes(node):
            if _type_checking_only(child):
                continue
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[:len(package.split(".")) - child.level + 1]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                if target == "oomdoctor" or target.startswith("oomdoctor."):
                    submodules = [f"{target}.{a.name}" for a in child.names if f"{target}.{a.name}" in MODULES]
                    names = [a.name for a in child.names if f"{target}.{a.name}" not in MODULES]
                    found.extend((sub, [], child.lineno) for sub in submodules)
                    if names:
                        found.append((target, names, child.lineno))
            elif isinstance(child, ast.Import):
                found.extend((a.name, [], child.lineno) for a in child.names if a.name.startswith("oomdoctor"))
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


GRAPH = {module: _imports(module) for module in MODULES}


def _layer(module: str) -> int:
    top = module.split(".")[1] if "." in module else ""
    for rank, members in enumerate(LAYERS):
        if top in members:
            return rank
    raise AssertionError(f"{module} is in no layer: add its top-level name to LAYERS (and to the README)")


def test_every_module_has_a_layer():
    for module in MODULES:
        _layer(module)


def test_imports_point_only_down():
    upward = []
    for module, imports in GRAPH.items():
        for target, _names, line in imports:
            if _layer(target) > _layer(module) and (module, target) not in UPWARD:
                upward.append(f"{MODULES[module].relative_to(SRC)}:{line} imports {target}")
    assert not upward, "\n".join(upward)


def test_the_allowed_upward_imports_are_still_needed():
    for module, target in UPWARD:
        assert any(t == target for t, _n, _l in GRAPH[module]), f"{module} no longer imports {target}: drop it"


def test_no_import_cycles():
    edges = {m: {t for t, _n, _l in imports if t in MODULES and t != m} for m, imports in GRAPH.items()}
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(module):
        state[module] = 1
        path.append(module)
        for target in sorted(edges[module]):
            if state.get(target) == 1:
                cycle = path[path.index(target):] + [target]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module)


def test_no_private_name_crosses_a_module():
    crossing = []
    for module, imports in GRAPH.items():
        for target, names, line in imports:
            private = [n for n in names if n.startswith("_") and not n.startswith("__") and n != "_"]  # _: gettext
            leaf = target.rpartition(".")[2]
            if private or (leaf.startswith("_") and not leaf.startswith("__")):
                crossing.append(f"{MODULES[module].relative_to(SRC)}:{line} imports {private or target}")
    assert not crossing, "\n".join(crossing)


@pytest.mark.parametrize("folder", ["tests", "bench"])
def test_tests_and_benches_use_no_private_module_or_name(folder):
    crossing = []
    for path in (Path(__file__).parents[2] / folder).glob("**/*.py" if folder == "tests" else "*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8-sig"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("oomdoctor"):
                private = [a.name for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
                if private or any(p.startswith("_") for p in node.module.split(".")):
                    crossing.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    assert not crossing, "\n".join(crossing)
