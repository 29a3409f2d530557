"""Replay memories of reinforcement learning: what every kept transition holds.

A DQN keeps its last N transitions (state, action, reward, next state, done), N often a million. An Atari-like
environment gives its frames as uint8 pixels; a frame made float before it is stored (frame / 255,
frame.astype(np.float32), torch.tensor(frame, dtype=torch.float32)) is kept at 4 or 8 bytes a pixel in every slot.
A million transitions of two 4 x 84 x 84 stacks are 56 GB as uint8 and 226 GB as float32: the memory, not the
network, is what a machine runs out of. The scale is done cheaply on each sampled batch instead.
"""

from __future__ import annotations

import ast
import math
from dataclasses import dataclass
from typing import Iterator

from ..i18n import _
from ..units import format_bytes
from .flow import arguments_given, in_own_loop
from .library import FILLED_CREATORS, creator_dtype, dtype_of, empty_list, keyword_value, scaled_pixels_dtype
from .modules import ClassInfo, FunctionInfo, Module, own_nodes
from .names import dotted_name, last_part, self_attribute
from .script import Finding, Script
from .values import ITEMSIZE, FunctionRef, Number

# Calls that make or transform a picture: what they give is pixels (an environment's frame, grey and resized)
_PIXEL_PACKAGES = ("cv2.", "skimage.", "PIL.", "imageio.", "scipy.misc.")
_PIXEL_CALLS = {"cvtColor", "resize", "imresize", "rgb2gray", "threshold", "render", "grab", "get_screen",
                "getScreenRGB", "getScreenGrayscale"}
# Wrappers and environments whose observations are frames (gym/gymnasium's Atari preprocessing, baselines' DeepMind
# wrappers, a pixel observation of any task)
_PIXEL_WRAPPERS = {"AtariPreprocessing", "wrap_deepmind", "make_atari", "WarpFrame", "FrameStack",
                   "GrayScaleObservation", "ResizeObservation", "PixelObservationWrapper", "make_atari_env",
                   "wrap_atari", "AtariWrapper"}
# (not the "-ram-" ones: their observation is the console's 128 bytes of RAM)
_PIXEL_ENV_WORDS = ("NoFrameskip", "ALE/", "Deterministic-v", "CarRacing")
# A float made of a frame by these calls: the dtype each gives
_TORCH_FLOAT_TYPES = {"torch.FloatTensor": "float32", "torch.Tensor": "float32", "torch.DoubleTensor": "float64",
                      "torch.cuda.FloatTensor": "float32"}
_FLOAT_METHODS = {"float": "float32", "double": "float64"}
_ARRAY_CONVERSIONS = {"numpy.array", "numpy.asarray", "numpy.ascontiguousarray", "torch.tensor", "torch.as_tensor"}
_DEPTH = 8
# Operations whose result is still the frames they are given (stacked, reshaped, moved, converted)
_FRAME_OPS = {"stack", "cat", "concatenate", "append", "vstack", "hstack", "dstack", "array", "asarray",
              "ascontiguousarray", "tensor", "as_tensor", "from_numpy", "FloatTensor", "Tensor", "reshape", "view",
              "transpose", "permute", "unsqueeze", "squeeze", "expand_dims", "moveaxis", "swapaxes", "flatten",
              "contiguous", "copy", "clone", "deepcopy", "roll", "to", "cuda", "cpu", "float", "double", "half",
              "astype", "float32", "float64", "tuple", "list", "ravel"}
# A memory of fewer transitions than this is a stack of the last frames (deque(maxlen=4)), not a replay memory
_FEW_TRANSITIONS = 1000


@dataclass(frozen=True)
class _Conversion:
    """Where a frame is made float on its way into the memory, and the dtype it is made."""
    node: ast.AST
    module: Module
    dtype: str


def replay_float_frames(script: Script) -> Iterator[Finding]:
    """Frames made float before they are kept in a replay memory (a deque with a maxlen, or a list the script
    keeps below a capacity): every transition holds them at 4 or 8 bytes a pixel where uint8 takes 1."""
    found: dict[ast.AST, tuple[_Conversion, int | None]] = {}
    buffers: dict[ast.AST, tuple[int | None, ...] | None] = {}  # the arrays made to hold the frames: their shape
    frames = _Frames(script)
    observes = frames.pixel_env or _observes_an_environment(script)
    for memory in _memories(script):
        if memory.capacity is not None and memory.capacity < _FEW_TRANSITIONS:
            continue  # deque(maxlen=4): the last frames of one stack, not a memory
        if memory.buffer is not None:  # a float array made to hold every frame: it widens what it is given
            if not observes:
                continue  # an image classifier's array of decoded files: eager loading, not a replay memory
            if any(frames.pixels(element, module, function, 0)
                   for element, module, function in _stored_elements(memory, script)):
                found.setdefault(memory.buffer.node, (memory.buffer, memory.capacity))
                buffers[memory.buffer.node] = memory.shape
            continue
        conversions = {c.node: c for element, module, function in _stored_elements(memory, script)
                       for c in frames.conversions(element, module, function, 0)}
        # the first state, made once before the loop that makes every next one: only the loop's fill the memory
        in_loops = {c.module.function_of(c.node) for c in conversions.values() if in_own_loop(c.node, c.module)}
        # one finding per function that makes the frames float (the state and the next state of one transition
        # are one problem), at its first conversion
        first: dict[FunctionInfo | None, _Conversion] = {}
        for conversion in sorted(conversions.values(), key=lambda c: c.node.lineno):
            function = conversion.module.function_of(conversion.node)
            if in_own_loop(conversion.node, conversion.module) or function not in in_loops:
                first.setdefault(function, conversion)
        for conversion in first.values():
            found.setdefault(conversion.node, (conversion, memory.capacity))
    for conversion, capacity in found.values():
        dtype = conversion.dtype
        facts = dict(dtype=dtype, bytes=ITEMSIZE[dtype], factor=ITEMSIZE[dtype])
        if conversion.node in buffers:
            shape = buffers[conversion.node]
            size = math.prod(shape) * ITEMSIZE[dtype] if shape and all(shape) else None
            message = _("This array keeps every frame of the replay memory as {dtype} ({size}): {bytes} bytes a "
                        "pixel, where the environment's uint8 frame takes 1, so it needs {factor}× the RAM.").format(
                size=format_bytes(size) if size else _("its size is not shown"), **facts)
        elif capacity:
            message = _("Each frame is made {dtype} here and then kept in a replay memory of {capacity:,} "
                        "transitions: {bytes} bytes a pixel in every slot, where the environment's uint8 frame takes "
                        "1, so the memory needs {factor}× the RAM.").format(capacity=capacity, **facts)
        else:
            message = _("Each frame is made {dtype} here and then kept in the replay memory: {bytes} bytes a pixel "
                        "in every transition it keeps, where the environment's uint8 frame takes 1, so the memory "
                        "needs {factor}× the RAM.").format(**facts)
        yield script.finding(
            "dtype-blowup", conversion.node, message,
            _("Keep the frames uint8 in the memory (as the environment gives them) and make each sampled batch "
              "float when it is used: torch.as_tensor(batch, dtype=torch.float32) / 255, or "
              "batch.astype(np.float32) / 255."), module=conversion.module)


@dataclass(frozen=True)
class _Memory:
    """A container the script keeps transitions in: a name of a scope, or an attribute of a class's instances."""
    module: Module
    cls: ClassInfo | None
    function: FunctionInfo | None
    name: str
    capacity: int | None
    buffer: _Conversion | None = None  # np.zeros((capacity, 4, 84, 84), dtype=np.float32): where, and its dtype
    shape: tuple[int | None, ...] | None = None  # and its shape, as far as the script shows it


def _memories(script: Script) -> Iterator[_Memory]:
    """deque(maxlen=N) bound to a name or to self.x; self.x = [None] * N, a ring of slots; and self.x = [] in a
    class that keeps len(self.x) below a capacity (the PyTorch tutorial's ReplayMemory: append, or overwrite the
    oldest slot)."""
    for module in script.modules:
        for node in ast.walk(module.tree):
            if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                continue
            target, value = node.targets[0], node.value
            function = module.function_of(node)
            cls = function.cls if function is not None else None
            name = self_attribute(target) if cls is not None else None
            if name is None and isinstance(target, ast.Name):
                cls, name = None, target.id
            if name is None:
                continue
            buffer = _float_buffer(value, module, script) if isinstance(value, ast.Call) else None
            if buffer is not None:
                yield _Memory(module, cls, function, name, buffer[1][0], _Conversion(node, module, buffer[0]),
                              buffer[1])
            elif isinstance(value, ast.Call) and last_part(module.qualified(value.func)) == "deque":
                limit = keyword_value(value, "maxlen") or (value.args[1] if len(value.args) > 1 else None)
                if limit is not None:
                    yield _Memory(module, cls, function, name, _number(script.value(limit)))
            elif cls is not None and isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult) and \
                    isinstance(value.left, ast.List) and len(value.left.elts) == 1 and \
                    isinstance(value.left.elts[0], ast.Constant) and value.left.elts[0].value is None:
                # a ring of slots: self.slots = [None] * capacity, each overwritten in turn
                yield _Memory(module, cls, function, name, _number(script.value(value.right)))
            elif cls is not None and empty_list(value):  # self.memory = [] or list()
                capacity = _kept_below(cls, name, script)
                if capacity is not False:
                    yield _Memory(module, cls, function, name, capacity)  # type: ignore[arg-type]


def _float_buffer(call: ast.Call, module: Module, script: Script) -> tuple[str, tuple[int | None, ...]] | None:
    """np.zeros((capacity, 4, 84, 84), dtype=np.float32), or without a dtype (float64): an array of three
    dimensions or more, float, made to be filled: (its dtype, its shape as far as shown). None for anything
    else."""
    name = module.qualified(call.func)
    shape = call.args[0] if call.args else keyword_value(call, "shape")  # (np.zeros(shape=(capacity, h, w)))
    if name not in FILLED_CREATORS or not isinstance(shape, ast.Tuple) or len(shape.elts) < 3:
        return None
    given = creator_dtype(call, name)
    dtype = dtype_of(given, module) if given is not None else FILLED_CREATORS[name]
    if dtype not in ("float32", "float64", "float16"):
        return None
    return dtype, tuple(_number(script.value(e)) for e in shape.elts)


def _number(value: object) -> int | None:
    return int(value.value) if isinstance(value, Number) and isinstance(value.value, (int, float)) else None


def _kept_below(cls: ClassInfo, name: str, script: Script) -> int | None | bool:
    """len(self.memory) < self.capacity in a method of ``cls``: the capacity (None when not shown); False where
    nothing compares the list's length."""
    for node in ast.walk(cls.node):
        if isinstance(node, ast.Compare) and len(node.comparators) == 1:
            for side, other in ((node.left, node.comparators[0]), (node.comparators[0], node.left)):
                if isinstance(side, ast.Call) and dotted_name(side.func) == "len" and side.args and \
                        self_attribute(side.args[0]) == name:
                    return _number(script.value(other))
    return False


def _stored_elements(memory: _Memory, script: Script) -> Iterator[tuple[ast.AST, Module, FunctionInfo | None]]:
    """Each part of each transition stored in ``memory`` (memory.append((s, a, r, s2, done)),
    memory.append(Transition(*args)), memory[position] = transition), where it is written."""
    scope = memory.cls.node if memory.cls is not None else memory.function.node if memory.function else \
        memory.module.tree
    for node in ast.walk(scope):
        stored = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("append", "appendleft") and len(node.args) == 1 and \
                _names_memory(node.func.value, memory):
            stored = node.args[0]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], ast.Subscript) and _names_memory(node.targets[0].value, memory):
            stored = node.value
        if stored is None or not script.in_use(memory.module, node):
            continue
        function = memory.module.function_of(node)
        for element in _transition_parts(stored, memory.module, function):
            yield element, memory.module, function


def _names_memory(node: ast.AST, memory: _Memory) -> bool:
    return self_attribute(node) == memory.name if memory.cls is not None else \
        isinstance(node, ast.Name) and node.id == memory.name


def _transition_parts(stored: ast.AST, module: Module, function: FunctionInfo | None) -> list[ast.AST]:
    """(s, a, r, s2, d) -> its parts; Transition(*args) -> its arguments; a name -> what it was last made of."""
    if isinstance(stored, ast.Name) and function is not None:
        made = module.last_assignment(stored.id, stored, function.node)
        if made is not None and (isinstance(made.value, (ast.Tuple, ast.List)) or _record(made.value)):
            stored = made.value
    if isinstance(stored, (ast.Tuple, ast.List)):
        return list(stored.elts)
    if _record(stored):
        return list(stored.args) + [k.value for k in stored.keywords]  # type: ignore[attr-defined]
    return [stored]


def _record(node: ast.AST) -> bool:
    """Transition(s, a, r, s2), Experience(*args): a namedtuple or a dataclass of a transition's parts, by a class's
    name (capitalised), not a function that makes something of its arguments (imresize(frame, size))."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id[:1].isupper()


class _Frames:
    """Follows a stored value back to where it was made: the float conversions of frames on its way."""

    def __init__(self, script: Script):
        self.script = script
        self.pixel_env = script.memoized("pixel-environment", lambda: _makes_pixel_environment(script))

    def conversions(self, node: ast.AST, module: Module, function: FunctionInfo | None,
                    depth: int) -> list[_Conversion]:
        if depth > _DEPTH:
            return []
        if isinstance(node, ast.Starred):
            return self._varargs(node, module, function, depth)
        if isinstance(node, ast.BinOp) and scaled_pixels_dtype(node) == "uint8":
            inner = _made_float(node.left, module)
            return [_Conversion(node, module, inner or ("float32" if _torch_expression(node.left, module)
                                                        else "float64"))]
        made = _made_float(node, module)
        if made and self.pixels(_converted(node), module, function, depth):
            return [_Conversion(node, module, made)]
        return [c for source, at_module, at_function in self._sources(node, module, function)
                for c in self.conversions(source, at_module, at_function, depth + 1)]

    def pixels(self, node: ast.AST, module: Module, function: FunctionInfo | None, depth: int) -> bool:
        """Whether ``node`` is a frame: made by a picture library, rendered, or observed in a pixel environment."""
        if depth > _DEPTH:
            return False
        if isinstance(node, ast.BinOp) and scaled_pixels_dtype(node):
            return True
        if isinstance(node, ast.Call):
            name = module.qualified(node.func)
            if name.startswith(_PIXEL_PACKAGES) or last_part(name) in _PIXEL_CALLS:
                return True
            if isinstance(node.func, ast.Attribute) and node.func.attr in ("step", "reset", "observe") and \
                    self.pixel_env:
                return True
        return any(self.pixels(source, at_module, at_function, depth + 1)
                   for source, at_module, at_function in self._sources(node, module, function))

    def _sources(self, node: ast.AST, module: Module,
                 function: FunctionInfo | None) -> list[tuple[ast.AST, Module, FunctionInfo | None]]:
        """What ``node`` is made of, one step back: a name's assignments, a parameter's arguments at each call, an
        attribute's assignments in its class, a local function's returns, a call's or an operation's operands."""
        if isinstance(node, ast.Name):
            return self._name_sources(node.id, module, function)
        if isinstance(node, ast.Attribute) and self_attribute(node) and function is not None and function.cls:
            return [(value, module, module.function_of(value)) for value in
                    _assigned_in_class(function.cls, node.attr)]
        if isinstance(node, ast.Call):
            callee = self.script.value(node.func)
            if isinstance(callee, FunctionRef):
                info = callee.info
                return [(n.value, info.module, info) for n in own_nodes(info.node)
                        if isinstance(n, ast.Return) and n.value is not None]
            name = module.qualified(node.func)
            if last_part(name) not in _FRAME_OPS and not name.startswith(_PIXEL_PACKAGES):
                return []  # a network's output, a reduction, an index: not the frame it was computed from
            parts = list(node.args) + [k.value for k in node.keywords]
            if isinstance(node.func, ast.Attribute):
                parts.append(node.func.value)  # frame.reshape(...), stack.copy()
            return [(p, module, function) for p in parts]
        if isinstance(node, ast.BinOp):
            return [(node.left, module, function), (node.right, module, function)]
        if isinstance(node, ast.Subscript):
            return [(node.value, module, function)]
        if isinstance(node, (ast.Tuple, ast.List)):
            return [(e, module, function) for e in node.elts]
        return []

    def _name_sources(self, name: str, module: Module,
                      function: FunctionInfo | None) -> list[tuple[ast.AST, Module, FunctionInfo | None]]:
        scope = function.node if function is not None else module.tree
        found = []
        for node in own_nodes(scope):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    part = _part_for(target, node.value, name)
                    if part is not None:
                        found.append((part, module, function))
        if function is None:
            return found
        if name in function.parameter_names:
            # what each call gives it, where the body rebinds it from itself too (img = img[35:195]: still the
            # frame the caller passed)
            return found + [(given, at_module, at_module.function_of(call))
                            for at_module, call in self.script.calls_to(function)
                            if (given := arguments_given(function, call, skip_self=function.takes_instance).get(name))
                            is not None]
        if found:
            return found
        return self._name_sources(name, module, function.outer)  # a name of the enclosing function, or global

    def _varargs(self, node: ast.Starred, module: Module, function: FunctionInfo | None,
                 depth: int) -> list[_Conversion]:
        """Transition(*args) in push(self, *args): every positional argument of every call of push."""
        if function is None or not isinstance(node.value, ast.Name) or function.node.args.vararg is None or \
                function.node.args.vararg.arg != node.value.id:
            return []
        named = len(function.node.args.posonlyargs + function.node.args.args) - (1 if function.takes_instance else 0)
        return [c for at_module, call in self.script.calls_to(function) for given in call.args[named:]
                for c in self.conversions(given, at_module, at_module.function_of(call), depth + 1)]


def _made_float(node: ast.AST, module: Module) -> str | None:
    """The float dtype a conversion call makes (x.astype(np.float32), np.float32(x), torch.tensor(x,
    dtype=torch.float), torch.FloatTensor(x), x.float()); None for any other expression."""
    if not isinstance(node, ast.Call):
        return None
    name = module.qualified(node.func)
    if isinstance(node.func, ast.Attribute) and node.func.attr == "astype" and node.args:
        dtype = dtype_of(node.args[0], module)
    elif isinstance(node.func, ast.Attribute) and node.func.attr in _FLOAT_METHODS and not node.args:
        dtype = _FLOAT_METHODS[node.func.attr]
    elif name in _TORCH_FLOAT_TYPES:
        dtype = _TORCH_FLOAT_TYPES[name]
    elif name in ("numpy.float32", "numpy.float64"):
        dtype = last_part(name)
    elif name in _ARRAY_CONVERSIONS:
        given = keyword_value(node, "dtype") or (node.args[1] if len(node.args) > 1 else None)
        dtype = dtype_of(given, module)
    else:
        return None
    return dtype if dtype in ("float32", "float64", "float16") else None


def _converted(call: ast.Call) -> ast.AST:
    """What a conversion converts: x of x.astype(...) and x.float(), the first argument of np.float32(x)."""
    if isinstance(call.func, ast.Attribute) and call.func.attr in ("astype", *_FLOAT_METHODS):
        return call.func.value
    return call.args[0] if call.args else call.func


def _part_for(target: ast.AST, value: ast.AST, name: str) -> ast.AST | None:
    """What ``target = value`` binds to ``name`` (or fills it with: name[i] = value): value, or its matching part
    (obs, r, done, info = env.step(a): the call itself for ``obs``, the observation being its first part, and
    nothing for the others)."""
    if isinstance(target, ast.Name):
        return value if target.id == name else None
    if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and target.value.id == name:
        return value  # stack[0] = frame: what the array is filled with
    if isinstance(target, (ast.Tuple, ast.List)):
        for index, element in enumerate(target.elts):
            if isinstance(element, ast.Name) and element.id == name:
                if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
                    return value.elts[index]
                return value if index == 0 else None
    return None


def _assigned_in_class(cls: ClassInfo, attribute: str) -> list[ast.AST]:
    return [node.value for node in ast.walk(cls.node) if isinstance(node, ast.Assign) and
            any(self_attribute(t) == attribute for t in node.targets)]


def _torch_expression(node: ast.AST, module: Module) -> bool:
    return any(isinstance(n, ast.Call) and module.qualified(n.func).startswith("torch.") for n in ast.walk(node))


def _observes_an_environment(script: Script) -> bool:
    """The script imports a package of environments (gym, gymnasium, the ALE, ViZDoom, ...): what it keeps in an
    array of frames are an agent's observations."""
    return any(module.imports(*_ENVIRONMENT_PACKAGES) for module in script.modules)


# Packages whose environments an agent observes: a script that imports one plays, a replay memory is its past
_ENVIRONMENT_PACKAGES = ("gym", "gymnasium", "ale_py", "atari_py", "retro", "vizdoom", "dm_control", "dm_env",
                         "procgen", "minerl", "pettingzoo", "mlagents_envs", "highway_env", "minigrid", "nes_py",
                         "gym_super_mario_bros", "pybullet_envs", "mujoco", "stable_baselines3", "baselines",
                         "supersuit", "envpool")


def _makes_pixel_environment(script: Script) -> bool:
    """The script wraps its environment as frames (AtariPreprocessing, wrap_deepmind, FrameStack) or makes an
    Atari one (gym.make('PongNoFrameskip-v4'), 'ALE/Breakout-v5'): its observations are uint8 pictures."""
    for module in script.modules:
        for node in ast.walk(module.tree):
            if isinstance(node, ast.Call) and last_part(dotted_name(node.func)) in _PIXEL_WRAPPERS:
                return True
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    any(word in node.value for word in _PIXEL_ENV_WORDS):
                return True
    return False
