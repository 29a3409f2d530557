"""The text of a path as a script spells it, for the rules that know published files by their names (a word-vector
file, a competition's table): literals, f-strings, +, os.path.join, and names followed to what they were bound to,
a parameter's default or the argument the first call gives it. What the script builds from parts it does not show
(a command-line argument, a config file) reads as nothing."""

from __future__ import annotations

import ast

from .modules import Module
from .names import dotted_name, last_part


def written_path(node: ast.AST, module: Module, depth: int = 0) -> str:
    """The strings a path expression is made of, joined: literals, f-strings, +, os.path.join, and names followed
    to what they were last bound to (in the function, else at the module's level) or a parameter's default."""
    if depth > 4:
        return ""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(written_path(v, module, depth + 1) for v in node.values)
    if isinstance(node, ast.FormattedValue):
        return written_path(node.value, module, depth + 1)
    if isinstance(node, ast.BinOp):
        return written_path(node.left, module, depth + 1) + written_path(node.right, module, depth + 1)
    if isinstance(node, ast.Call):
        return "/".join(written_path(a, module, depth + 1) for a in node.args)
    if isinstance(node, ast.Name):
        bound = module.value_before(node)
        if bound is None:
            bound = _default_of(node, module) or _given_by_a_call(node, module)
        if bound is None:
            found = module.last_assignment(node.id, node, None)
            bound = found.value if found is not None else None
        return written_path(bound, module, depth + 1) if bound is not None else ""
    return ""


def _default_of(name: ast.Name, module: Module) -> ast.expr | None:
    """def load(path=EMBEDDING_FILE): the default a parameter is given."""
    function = module.function_of(name)
    if function is None:
        return None
    arguments = function.node.args
    positional = arguments.posonlyargs + arguments.args
    defaults = dict(zip([a.arg for a in positional[len(positional) - len(arguments.defaults):]], arguments.defaults))
    defaults.update({a.arg: d for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None})
    return defaults.get(name.id)


def _given_by_a_call(name: ast.Name, module: Module) -> ast.expr | None:
    """def read_word_vectors(vec_path): ... read_word_vectors('glove.840B.300d.txt'): what the first call in the file
    that gives the parameter a value passes (by position or by keyword)."""
    function = module.function_of(name)
    if function is None:
        return None
    parameters = [a.arg for a in function.node.args.posonlyargs + function.node.args.args]
    if parameters and parameters[0] in ("self", "cls"):
        parameters = parameters[1:]
    for call in ast.walk(module.tree):
        if not isinstance(call, ast.Call) or last_part(dotted_name(call.func)) != function.name:
            continue
        given = next((k.value for k in call.keywords if k.arg == name.id), None)
        if given is None and name.id in parameters and parameters.index(name.id) < len(call.args):
            given = call.args[parameters.index(name.id)]
        if given is not None:
            return given
    return None
