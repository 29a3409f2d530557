"""The index of a module's assignments that every rule asks: which value a name holds at a line."""
import ast
import textwrap
from pathlib import Path

from oomdoctor.check.modules import Module

SOURCE = textwrap.dedent("""\
    size = 8
    def build(paths):
        frames = []
        frames = read(paths)
        images, labels = load(paths), None
        def inner():
            frames = 'not build\\'s'
        use(frames, images, labels, size)
        frames = None
    size = 16
    """)


def _module() -> tuple[Module, ast.Call]:
    module = Module(Path("train.py"), SOURCE)
    use = next(n for n in ast.walk(module.tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "use")
    return module, use


def test_the_last_assignment_before_a_use_is_the_latest_line_in_the_function_s_own_code():
    module, use = _module()
    frames, images, labels, size = use.args
    assert ast.unparse(module.value_before(frames)) == "read(paths)"  # not [] above it, nor inner's, nor None below
    assert ast.unparse(module.value_before(images)) == "load(paths)"  # an element of a tuple of values
    assert ast.unparse(module.value_before(labels)) == "None"
    assert module.value_before(size) is None  # build binds no size: the module's is another scope


def test_assignments_are_in_line_order_per_scope():
    module, use = _module()
    function = module.function_of(use).node
    assert [b.statement.lineno for b in module.assignments("frames", function)] == [3, 4, 9]
    assert [ast.unparse(b.value) for b in module.assignments("size")] == ["8", "16"]
    assert module.last_assignment("size", module.tree.body[-1]).statement.lineno == 1
