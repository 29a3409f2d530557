"""Rules: data held in host memory."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from functools import lru_cache
from typing import Iterable, Iterator

from ..i18n import _
from ..units import format_bytes
from .context import Context, Seen
from .library import (DECODERS, FILLED_CREATORS, KNOWN_GRAPH_NODES, NUMPY_CREATORS, PERMUTATIONS, SAVES, argument,
                      constant_number, dtype_of, keyword_value, pixel_dtype, scaled_pixels_dtype)
from .modules import ClassInfo, FunctionInfo, Module, own_nodes
from .names import (calls_in, dotted_name, is_eval_name, is_labels, last_part, names_batch_size, names_in, names_inputs,
                    path_text, self_attribute, split_neutral, words_of)
from .rules_keras import int_of, model_convolves_images, model_input_shape, module_numbers
from .flow import arguments_given, bounded_deques, in_own_loop, loops_collecting, other_branches
from .handlers import buffer_for_every_item, read_words, reads_lookup, tokenizer_words, vocabulary_one_hot
from .script import Finding, Script
from .values import (
    ARRAYS,
    FEW,
    FILES,
    ITEMSIZE,
    LARGE_SAMPLE_BYTES,
    MANY_CLASSES,
    NAMES,
    NEGLIGIBLE_BYTES,
    PER_CALL,
    TABLE,
    TEXT_DTYPE,
    ClassRef,
    Data,
    FunctionRef,
    H5Dataset,
    H5File,
    Item,
    Keyed,
    Model,
    Number,
    Pipeline,
    RandomGenerator,
    Several,
    Value,
    assumed_dtype,
    element_count,
    few_values_per_row,
    image_shaped,
    made_root,
    negligible,
    sample_bytes,
    total_bytes,
)


def eager_loading(script: Script) -> Iterator[Finding]:
    """Every file decoded and kept in a list (a loop's append, a comprehension) before training starts."""
    # (images PIL only opened and kept, that nothing decodes whole: said where they are kept, as decoded files are)
    opened = [seen for seen in script.seen("opened-kept") if seen.value.root not in script.flow.decoded_roots]
    collected = script.seen("collected") + [seen for seen in opened if not seen.value.labels]
    inputs_kept = {loop for seen in collected for loop in loops_collecting(seen.node, seen.ctx)}
    masks = [seen for seen in script.seen("collected-labels") + [seen for seen in opened if seen.value.labels]
             if not inputs_kept.intersection(loops_collecting(seen.node, seen.ctx))]
    said: dict[ast.AST, list[Seen]] = {}  # by each loop that keeps them: only lists kept in one loop are one problem
    by_loop: dict[ast.AST, list[Seen]] = {}  # every list kept, by each loop that keeps it
    for seen in collected:
        for loop in loops_collecting(seen.node, seen.ctx):
            by_loop.setdefault(loop, []).append(seen)
    for seen in sorted(collected, key=lambda s: (str(s.ctx.module.path), s.node.lineno)) + masks:
        # (masks decoded in the loop that keeps the images: one loop, one problem, said at the images)
        data: Data = seen.value  # type: ignore[assignment]
        if data.content != FILES:
            continue  # arrays computed from data already in memory: a copy, said by the copy rules
        if data.small or negligible(data):
            # every file of a public data set small whole (GTZAN's 1,000 clips as 40 × 130 MFCC frames), or of a
            # folder on disk with few enough (a float64 copy made of them is said where it is made)
            continue
        if seen.ctx.function is None and made_root(data.root) in _predicted_after_training(script):
            continue  # the pictures a trained model is run on at the end: their count is not shown
        loops = loops_collecting(seen.node, seen.ctx)
        if any(_other_branch_of_one_pass(seen, other) or _parts_of_one_item(seen, other)
               for loop in loops for other in said.get(loop, ())):
            continue  # if is_train: train.append(img) else: test.append(img): each file kept once, one problem
        if any(_placeholder_beside(seen, other) for loop in loops for other in by_loop.get(loop, ())):
            continue  # if bad: clips.append(np.zeros(shape)); continue: the list is said where files are kept
        for loop in loops:
            said.setdefault(loop, []).append(seen)
        if any(script.flow.reads_a_library_dataset(loop) for loop in loops):
            # (ImageFolder, load_dataset: the data set already reads each sample when asked; the list is the problem)
            fix = _("Keep the library's data set as it is and give it to a DataLoader (a Hugging Face data set "
                    "with .with_format('torch'), or .to_tf_dataset()): each batch is then read from disk when it is "
                    "used, instead of every sample being decoded into one list.")
        else:
            fix = _("Stream it: read and decode each file when its batch is needed, in a PyTorch Dataset's "
                    "__getitem__ or with tf.data.Dataset.list_files(...).map(load_fn, "
                    "num_parallel_calls=tf.data.AUTOTUNE).")
        message = _("Every file is decoded here and kept in a list before training starts: the whole data set sits "
                    "in RAM ({size}), and each copy made from it (np.array, from_tensor_slices, a tensor) holds it "
                    "once more.").format(size=script.size_of(data))
        widened = _kept_widened(seen)
        if widened is not None and _said_with_its_list(widened):
            message += " " + _("Each file is kept as {dtype} (made so on line {line}): {size} bytes a value, where a "
                               "decoded 8-bit pixel takes 1.").format(dtype=widened.widened_to,
                                                                     line=widened.widened_line,
                                                                     size=ITEMSIZE[widened.widened_to])
        yield script.finding("eager-loading", seen.node, message, fix, module=seen.ctx.module)
    # X = np.empty((n, h, w, 3)); X[i] = cv2.imread(path): the array the loop fills holds every decoded file
    buffers: dict[tuple[str, int], Seen] = {}
    for seen in script.seen("filled"):
        data, item = seen.value, seen.source
        # (X[k, :, :n] = melgram[:, :, :n]: a crop of what the loop read, whatever the flow knows of it)
        # (a loop of a few hundred passes is no small loop when the buffer it fills is shown large: 500 X-rays of
        # 512 × 512 written into np.zeros((500, 512, 512, 1)) is 1 GiB, whatever the count)
        if isinstance(data, Data) and (isinstance(item, Item) and item.fresh and not item.root or item is None) and \
                (not seen.ctx.small_loop or total_bytes(data) is not None) and not negligible(data) and \
                not data.labels and _fills_from_files(seen, script):
            # (a float64 buffer nobody chose is also dtype-blowup, on the same line: two problems, two fixes)
            buffers.setdefault((data.path, data.line), seen)
    for seen in buffers.values():
        data = seen.value
        fix = _("Stream it: read and decode each file when its batch is needed, in a PyTorch Dataset's __getitem__ "
                "or with tf.data.Dataset.list_files(...).map(load_fn, num_parallel_calls=tf.data.AUTOTUNE).")
        if _holds_files_at_their_width(data):
            # np.zeros((n, h, w), np.uint8) is how an array of images should be made (the copy rules advise it over
            # np.array(list)): nothing is wrong where it is made, the problem is the loop writing every file into it
            yield script.finding(
                "eager-loading", seen.node,
                _("Every file is decoded and written into the array made on line {line}, before training starts: "
                  "the whole data set sits in RAM ({size}).").format(line=data.line, size=script.size_of(data)),
                fix, module=seen.ctx.module)
            continue
        # a float buffer (np.zeros without a dtype, float32 for 8-bit pictures): what it is made as sets the cost
        yield script.finding(
            "eager-loading", seen.node,
            _("Every file is decoded into this array before training starts (filled on line {line}): the whole data "
              "set sits in RAM ({size}).").format(line=seen.node.lineno, size=script.size_of(data)),
            fix, module=seen.ctx.module, line=data.line)

    # for r in range(h): for c in range(w): patches[n] = padded[r - m:r + m + 1, c - m:c + m + 1]: a copy of the
    # window around every position, kept, is side × side copies of every value of the scene (or the spectrogram):
    # copies of an array already in memory, duplicate-copy's overlapping windows, not files decoded
    for module, statement, window, kept_at, buffer in _windows_at_every_position(script):
        message = _("A window around every position of {array} is copied and kept here (line {line}) before "
                    "training starts: the windows overlap, so the data set they make holds each value once per window "
                    "that covers it, the window's area times the array itself.").format(
            array=ast.unparse(window.value), line=statement.lineno)
        if buffer is not None and buffer.implicit_float64:
            # (the float64 buffer nobody chose is said here, not as a dtype-blowup of its own: one array, one finding)
            message += " " + _("The array is also float64, 8 bytes per value, where float32 takes 4.")
        yield script.finding(
            "duplicate-copy", statement, message,
            _("Cut each window when its batch needs it (in a Dataset's __getitem__, or a generator over the "
              "positions), from the one array kept whole; numpy.lib.stride_tricks.sliding_window_view gives every "
              "window as a view, with no copy."),
            module=module, line=kept_at)

    # if cache[i] is None: cache[i] = decode(path): filled as the samples come up, it ends holding every file
    for seen in script.seen("cached"):
        yield script.finding(
            "eager-loading", seen.node,
            _("Every file read under this test is kept in the cache the first time its sample comes up: after one "
              "pass over the data the whole data set sits in RAM ({size}), for the rest of the run.").format(
                size=script.size_of(seen.value)),
            _("Read and decode each file when its batch needs it (in a Dataset's __getitem__, with DataLoader "
              "workers to hide the cost), or cache the decoded files on disk once (np.save) and memory-map them "
              "(np.load(path, mmap_mode='r'))."),
            module=seen.ctx.module)

    # for line in open(path): rows.append(...): the training text itself, a Python object per line
    for seen in script.seen("collected-lines"):
        data = seen.value
        if not read_in_batches(data, script):
            continue  # a vocabulary, a list of labels or of file names: what is read whole to be looked up
        yield script.finding(
            "eager-loading", seen.node,
            _("Every line of the training file is kept here as a Python object before training starts: the "
              "whole text sits in RAM, several times its size on disk (each string or tuple carries its own "
              "header)."),
            _("Stream it: tf.data.TextLineDataset(path), or read the lines of each batch when it is needed "
              "(a generator over the open file), or convert the text once to a NumPy array and memory-map it."),
            module=seen.ctx.module)


def _windows_at_every_position(script: Script) -> list[tuple[Module, ast.stmt, ast.Subscript, int, Data | None]]:
    """Windows kept at every position of an array (_find_windows_at_every_position), found once per script."""
    return script.memoized("windows-at-every-position", lambda: list(_find_windows_at_every_position(script)))


def _find_windows_at_every_position(script: Script) -> Iterator[tuple[Module, ast.stmt, ast.Subscript, int,
                                                                      Data | None]]:
    """Windows kept at every position of an array: a slice of it on two or more axes whose bounds move with the
    counters of the range() loops around it, one step at a time (a neighbourhood, not a tile: a loop stepping by
    the window's side cuts tiles, each value kept once), written into an array made before the loops or appended to
    a list. Gives the statement, the window, the line to say it at: the array's (where its memory is asked for)
    or the append's, and the array the windows are written into (None for a list). (A window along one axis, a
    series' every w steps, is duplicate-copy's _overlapping_windows: both ask _moves_by_one whether a bound moves
    with the loop.)"""
    for module in script.modules:
        for statement in ast.walk(module.tree):
            kept = _kept_value(statement)
            if kept is None or not script.in_use(module, statement):
                continue
            container, value = kept
            loops = _range_loops_around(statement, module)
            counters = {loop.target.id for loop in loops if loop.iter.args and len(loop.iter.args) <= 2}
            window = _window_of(value, statement, loops, module)
            if window is None or len(counters) < 2 or len(
                    {name for piece in window.slice.elts if isinstance(piece, ast.Slice) and
                     piece.lower is not None and piece.upper is not None and piece.step is None
                     for name in counters if _moves_by_one(piece.lower, name, {}) and
                     _moves_by_one(piece.upper, name, {})}) < 2:
                around = _window_around_listed_points(value, statement, module, script)
                if around is None:
                    continue
                window, loops = around
            if any(isinstance(n, ast.Assign) and dotted_name(container) in {dotted_name(t) for t in n.targets}
                   for loop in loops for n in ast.walk(loop)):
                continue  # the array or list is made anew inside the loops: one position's worth
            function = module.function_of(statement)
            if function is not None and any(ctx.loops for ctx in script.flow.call_contexts(function).values()):
                continue  # tiles = tiles + cut(scene) per file: the caller keeps every file's windows, said there
            made = script.flow.values.get(container)
            kept_at = made.line if isinstance(made, Data) and made.path == str(module.path) and \
                isinstance(statement, ast.Assign) else statement.lineno
            yield module, statement, window, kept_at, made if isinstance(made, Data) else None


def _kept_value(statement: ast.AST) -> tuple[ast.expr, ast.expr] | None:
    """(container, value) of ``container[i] = value`` or ``container.append(value)``."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
            isinstance(statement.targets[0], ast.Subscript):
        return statement.targets[0].value, statement.value
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call) and \
            isinstance(statement.value.func, ast.Attribute) and statement.value.func.attr == "append" and \
            len(statement.value.args) == 1:
        return statement.value.func.value, statement.value.args[0]
    return None


def _window_around_listed_points(value: ast.expr, statement: ast.stmt, module: Module,
                                 script: Script) -> tuple[ast.Subscript, list[ast.For]] | None:
    """for n, rc in enumerate(np.argwhere(mask)): xs[n] = cube[:, rc[0] - h:rc[0] + h + 1, rc[1] - h:rc[1] + h + 1]
    (or xs[i] = cut_window(cube, pts, i), whose body slices cube[x:x + p, y:y + p] at x = pts[i, 0]): a window
    around each point of a list of positions (every labelled pixel of a scene), on two or more axes, each axis
    centred on one coordinate of the point. Such points are next to each other, so the windows overlap as those
    cut at every position do. Gives the window and the loops around the statement, or None."""
    loops = _loops_around(statement, module)
    if not loops:
        return None
    moving = {name for loop in loops for name in names_in(loop.target)}
    # (a range's counter is a point's coordinate only through what it indexes, pts[i, 0]: by itself it moves by
    # the range's step, which _moves_by_one judges, tiles stepping by their side being no windows)
    counters = {loop.target.id for loop in loops if _is_range_loop(loop)}
    window = _window_of(value, statement, loops, module)
    body: ast.AST = loops[-1]
    if window is None and isinstance(value, ast.Call) and \
            isinstance(callee := script.value(value.func), FunctionRef) and \
            moving & {name for argument in value.args for name in names_in(argument)}:
        # a function of the script given the point's index: the window it returns; what moves, the parameters
        # given what moves with the loop
        body = callee.info.node
        window = _window_returned(body)
        parameters = [a.arg for a in body.args.args]
        moving = {parameters[k] for k, argument in enumerate(value.args[:len(parameters)])
                  if moving & names_in(argument)}
    if window is None or not isinstance(window.slice, ast.Tuple):
        return None
    scene = dotted_name(window.value)
    if not scene or any(isinstance(n, ast.Assign) and scene in {dotted_name(t) for t in n.targets}
                        for loop in loops for n in ast.walk(loop)):
        return None  # the array cut is made anew in the loop (crops of each file read): one array's windows each
    derived = {n.targets[0].id: n.value for n in ast.walk(body) if isinstance(n, ast.Assign) and
               len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and n.targets[0].id not in moving}
    coordinates = set()
    for piece in window.slice.elts:
        if isinstance(piece, ast.Slice) and piece.lower is not None and piece.upper is not None and piece.step is None:
            lower, upper = (_point_coordinate(bound, moving, derived) for bound in (piece.lower, piece.upper))
            if lower is not None and lower == upper and lower not in counters:
                coordinates.add(lower)
    return (window, loops) if len(coordinates) >= 2 else None


def _window_returned(function: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.Subscript | None:
    """The slice a function returns: ``return cube[a:b, c:d]``, or the one name it returns, bound once to one."""
    returns = [n.value for n in ast.walk(function) if isinstance(n, ast.Return) and n.value is not None]
    if len(returns) != 1:
        return None
    returned = returns[0]
    if isinstance(returned, ast.Name):
        bound = [n.value for n in ast.walk(function) if isinstance(n, ast.Assign) and
                 any(isinstance(t, ast.Name) and t.id == returned.id for t in n.targets)]
        returned = bound[0] if len(bound) == 1 else returned
    return returned if isinstance(returned, ast.Subscript) else None


def _point_coordinate(bound: ast.expr, moving: set[str], derived: dict[str, ast.expr], depth: int = 0) -> str | None:
    """rc[0] - half, pts[i, 0] + patch, x where x = pts[i, 0], r of ``for r, c in points``: one coordinate of the
    point a loop (or a function's parameters) moves through, shifted by what does not move with it; the
    coordinate's text, or None."""
    if depth > 12:
        return None
    if isinstance(bound, ast.BinOp) and isinstance(bound.op, (ast.Add, ast.Sub)):
        sides = [bound.left, bound.right]
        still = [side for side in sides if not (moving | set(derived)) & names_in(side)]
        if len(still) != 1:
            return None
        return _point_coordinate(sides[1] if still[0] is sides[0] else sides[0], moving, derived, depth + 1)
    if isinstance(bound, ast.Name):
        if bound.id in moving:
            return bound.id
        return _point_coordinate(derived[bound.id], moving, derived, depth + 1) if bound.id in derived else None
    if isinstance(bound, ast.Subscript) and (moving | set(derived)) & names_in(bound):
        last = bound.slice.elts[-1] if isinstance(bound.slice, ast.Tuple) and bound.slice.elts else bound.slice
        if isinstance(last, ast.Constant) and isinstance(last.value, int):
            return ast.unparse(bound)  # a component of the point (rc[0], pts[i, 1])
    return None


def _loops_around(node: ast.AST, module: Module) -> list[ast.For]:
    """The ``for`` loops around ``node``, outermost first (up to the function it is in)."""
    loops = []
    parent = module.parents.get(node)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
        if isinstance(parent, ast.For):
            loops.insert(0, parent)
        parent = module.parents.get(parent)
    return loops


def _range_loops_around(node: ast.AST, module: Module) -> list[ast.For]:
    """The ``for name in range(...)`` loops around ``node``, outermost first (up to the function it is in)."""
    return [loop for loop in _loops_around(node, module) if _is_range_loop(loop)]


def _is_range_loop(loop: ast.For) -> bool:
    """``for name in range(...)``: a counter moving by the range's step."""
    return isinstance(loop.target, ast.Name) and isinstance(loop.iter, ast.Call) and \
        dotted_name(loop.iter.func) == "range"


def _window_of(value: ast.expr, statement: ast.stmt, loops: list[ast.For], module: Module) -> ast.Subscript | None:
    """The slice ``value`` is, or the one the innermost loop binds the name ``value`` to before ``statement``
    (np.array(window) and window.copy() of it too)."""
    if isinstance(value, ast.Call) and value.args and last_part(dotted_name(value.func)) in ("array", "copy"):
        value = value.args[0]
    elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "copy":
        value = value.func.value
    if isinstance(value, ast.Name) and loops:
        bound = [n.value for n in ast.walk(loops[-1]) if isinstance(n, ast.Assign) and n.lineno < statement.lineno
                 and any(isinstance(t, ast.Name) and t.id == value.id for t in n.targets)]
        value = bound[-1] if len(bound) == 1 else value
    if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Tuple) and \
            sum(isinstance(piece, ast.Slice) for piece in value.slice.elts) >= 2:
        return value
    return None


def _other_branch_of_one_pass(seen: Seen, other: Seen) -> bool:
    """Two lists kept in the two branches of one if in the same loop: each pass decodes one file and keeps it in
    one of them, so together they hold the data set once."""
    loops = [loop for loop in loops_collecting(seen.node, seen.ctx) if loop in loops_collecting(other.node, other.ctx)]
    module = seen.ctx.module
    return bool(loops) and module is other.ctx.module and other_branches(
        loops[-1], module.statement_of(other.node), module.statement_of(seen.node))


def _placeholder_beside(seen: Seen, other: Seen) -> bool:
    """``seen`` keeps an array made of one value (np.zeros(shape), torch.zeros(...)) in the list that ``other``, in
    the same loop, keeps what each file decodes to: the stand-in for a file that cannot be read, not a file decoded
    (for k, p in enumerate(paths): if k in broken: mels.append(np.zeros((128, 628))); continue; mels.append(...))."""
    module = seen.ctx.module
    if other is seen or module is not other.ctx.module or not [
            loop for loop in loops_collecting(seen.node, seen.ctx) if loop in loops_collecting(other.node, other.ctx)]:
        return False
    kept, beside = _kept_value(module.statement_of(seen.node)), _kept_value(module.statement_of(other.node))
    if kept is None or beside is None or dotted_name(kept[0]) != dotted_name(beside[0]) or not dotted_name(kept[0]):
        return False
    made, decoded = kept[1], beside[1]
    return _filled_with_one_value(made, module) and not _filled_with_one_value(decoded, module)


def _filled_with_one_value(value: ast.expr, module: Module) -> bool:
    """np.zeros(shape), torch.ones(...), np.full(shape, 127), np.ones(shape) * 255: an array of one value, made
    from nothing read."""
    if isinstance(value, ast.BinOp) and isinstance(value.right, ast.Constant):
        value = value.left
    return isinstance(value, ast.Call) and (module.qualified(value.func) in FILLED_CREATORS or
                                            module.qualified(value.func) in ("numpy.full", "torch.full"))


def _parts_of_one_item(seen: Seen, other: Seen) -> bool:
    """Two lists (or dicts) kept in the same pass of one loop, each given a slice of the same decoded file:
    train[k] = img[:cut]; val[k] = img[cut:] (or train.append(img[:, :w])) splits every file between them, so together
    they hold the data set once."""
    module = seen.ctx.module
    if module is not other.ctx.module or not [loop for loop in loops_collecting(seen.node, seen.ctx)
                                              if loop in loops_collecting(other.node, other.ctx)]:
        return False
    kept = [(_kept_value(module.statement_of(s.node)) or (None, None))[1] for s in (seen, other)]
    sliced = [k.value.id for k in kept if isinstance(k, ast.Subscript) and isinstance(k.value, ast.Name) and any(
        isinstance(n, ast.Slice) for n in ast.walk(k.slice))]
    return len(sliced) == 2 and sliced[0] == sliced[1]


def read_in_batches(data: Data, script: Script) -> bool:
    """rows[i:i + batch_size]: the list is cut into the batches a model trains on (or handed to fit,
    from_tensor_slices, a DataLoader)."""
    return data.root in script.memoized("sliced-in-batches", lambda: _roots_sliced_in_batches(script)) or \
        _trained_on(data, script)


def _roots_sliced_in_batches(script: Script) -> set[str]:
    """The roots of the data sets the script slices with a batch-sized bound (X[i * batch_size:...], x[k:k + bs]); of
    what a function makes anew on each call (words = read(path)), the function's own too (values.made_root): what its
    body saw of it is what each call gives."""
    roots = set()
    for node in ast.walk(script.tree):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            value = script.value(node.value)
            bounds = [b for b in (node.slice.lower, node.slice.upper) if b is not None]
            if isinstance(value, Data) and any("batch" in words_of(n) or names_batch_size(n)
                                               for b in bounds for n in names_in(b)):
                roots |= {value.root, made_root(value.root)}
    return roots


def _holds_files_at_their_width(data: Data) -> bool:
    """A buffer of integers (uint8 pictures, uint16 scans, int16 audio): the files are kept at the width they
    decode to, not widened by the buffer's dtype."""
    return data.dtype is not None and not data.implicit_float64 and \
        (data.dtype == "bool" or data.dtype.startswith(("int", "uint")))


def _fills_from_files(seen, script: Script) -> bool:
    """The loops that fill the buffer (those inside the one it was made in) read files: it holds every file
    decoded, not crops or one-hot planes computed from one image already read (SliceGAN's slices)."""
    data = seen.value
    module = seen.ctx.module
    filling = [loop for loop in seen.ctx.loops if not (loop.lineno <= data.line <= (loop.end_lineno or loop.lineno))
               or data.path != str(module.path)]
    # (made in the loop itself, sized by the files it walks, on the first one: the loop fills it as well)
    if data.path == str(module.path):
        made_in = [loop for loop in seen.ctx.loops if loop not in filling]
        filling += [loop for loop in made_in if any(
            isinstance(n, ast.Call) and n.lineno == data.line and module.qualified(n.func) in NUMPY_CREATORS and
            buffer_for_every_item(n, (loop,)) for n in ast.walk(loop))]
    return any(script.flow.reads_files(loop, seen.ctx.module) for loop in filling)


def whole_dataset_load(script: Script) -> Iterator[Finding]:
    """np.load, pd.read_csv, pickle.load, h5py's [:] called once on a data set the script shows is large."""
    loads = _large_loads(script)
    splits = {id(seen): _split_of(seen) for seen, _data in loads}
    trained = [seen for seen, _data in loads if splits[id(seen)] == "train"]
    # x_test = np.load('x_test.npy') beside x_train's load (the same function, not the other branch of an if), its
    # size not shown: said once, with the training set's (the larger, and the same fix), which names its line
    evaluated = [seen for seen, data in loads if splits[id(seen)] == "eval" and total_bytes(data) is None and any(
        _beside(seen, t) for t in trained)]
    said_with_training = {id(seen) for seen in evaluated}
    for seen, data in loads:
        if id(seen) in said_with_training:
            continue
        if _replaced_by_float64_copy(seen, script):
            continue  # x = x / 255: the float64 copy that replaces it is the finding (dtype-blowup), 8× larger
        if _moved_to_gpu_at_once(seen, script):
            continue  # torch.load(path).to(device): the host copy goes at once; the GPU's is dataset-on-gpu's
        fixes = {
            TABLE: _("Read only what a batch needs: pd.read_csv(..., usecols=..., dtype=...) with smaller dtypes, "
                     "chunksize=... to stream it, or convert it once to .npy and memory-map that."),
            "h5py": _("Index the HDF5 data set per batch (f['images'][i:j]) in a Dataset's __getitem__ instead "
                      "of reading it whole with [:] or [()]."),
            "mmap": _("Keep it mapped: index the memory-mapped array per batch (x[i:j], x[batch_indices]) in a "
                      "Dataset's __getitem__; np.asarray keeps the mapping, np.array, astype and x[all_indices] "
                      "copy every row into memory."),
            "npz": _("np.load maps only .npy files: mmap_mode is ignored for an .npz archive, and each key read "
                     "decompresses its whole array. Save each array once with np.save and load it with "
                     "np.load(path, mmap_mode='r')."),
        }
        key_read = _first_key_read(seen)
        fix = fixes.get("npz" if key_read is not None else data.reader) or fixes.get(data.content) or _(
            "Memory-map it instead: np.load(path, mmap_mode='r') reads only the rows each batch uses (for a pickle, "
            "save the arrays once with np.save and memory-map them).")
        message = _("{how} reads all of it into memory at once, and it stays there for the whole run ({size}).").format(
            how=data.how, size=script.size_of(data))
        others = sorted({(other.ctx.module.path.name, other.node.lineno) for other in evaluated
                         if splits[id(seen)] == "train" and _beside(other, seen)})
        if others:
            message += " " + _("The evaluation splits are read whole the same way ({places}).").format(
                places=", ".join(_("line {line} of {file}").format(line=line, file=name) for name, line in others))
        yield script.finding("whole-dataset-load", seen.node, message, fix, module=seen.ctx.module, line=key_read)


def _beside(load: Seen, other: Seen) -> bool:
    """Two loads in the same function (or both at a module's top), not in the two branches of one if."""
    return other.ctx.module is load.ctx.module and other.ctx.function is load.ctx.function and \
        not _other_branches_of_one_if(load, other)


def _split_of(load: Seen) -> str | None:
    """"train" or "eval" where the load's file name, or the name it is bound to, says which split it reads
    (x_train = np.load('x_train.npy'), testX = np.load(...)); None where neither does."""
    words = read_words(load.node, load.ctx)
    if words & {"train", "training"}:
        return None if is_eval_name(" ".join(words - {"train", "training"})) else "train"
    return "eval" if is_eval_name(" ".join(words)) else None


def _moved_to_gpu_at_once(load: Seen, script: Script) -> bool:
    """torch.load(path).to(device), np.load(path).cuda(): the load is moved to the GPU in the same expression, so
    nothing holds the host copy past that line; what stays for the whole run is on the GPU, where the flow saw the
    data set moved (dataset-on-gpu)."""
    parents = load.ctx.module.parents
    attribute = parents.get(load.node)
    moved = parents.get(attribute) if isinstance(attribute, ast.Attribute) and attribute.attr in ("to", "cuda") \
        else None
    return isinstance(moved, ast.Call) and moved.func is attribute and \
        any(s.node is moved for s in script.seen("to-gpu"))


def _first_key_read(load: Seen) -> int | None:
    """The line where np.load's result is first read by a key of its inputs (archive = np.load(path), then
    archive['X'] a few lines on): an .npz archive, which np.load opens lazily, is read there, whatever its path
    says; None for any other load (said at its own line)."""
    node, ctx = load.node, load.ctx
    if not isinstance(node, ast.Call) or ctx.module.qualified(node.func) != "numpy.load":
        return None
    statement = ctx.module.statement_of(node)
    name = None
    if isinstance(statement, ast.Assign) and statement.value is node and len(statement.targets) == 1:
        name = statement.targets[0]
    elif isinstance(statement, (ast.With, ast.AsyncWith)):
        name = next((item.optional_vars for item in statement.items if item.context_expr is node), None)
    if not isinstance(name, ast.Name):
        return None
    scope = ctx.function.node if ctx.function is not None else ctx.module.tree
    lines = [line for line, key in _keys_read(scope).get(name.id, ())
             if not is_labels(set(words_of(key))) and line > node.lineno]
    return min(lines, default=None)


@lru_cache(maxsize=4096)
def _keys_read(scope: ast.AST) -> dict[str, list[tuple[int, str]]]:
    """name -> (line, key) of every name['key'] in a function or module: found once per scope, where a notebook of
    many loads would walk it once per load."""
    found: dict[str, list[tuple[int, str]]] = {}
    for n in ast.walk(scope):
        if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and isinstance(n.slice, ast.Constant) and \
                isinstance(n.slice.value, str):
            found.setdefault(n.value.id, []).append((n.lineno, n.slice.value))
    return found


def _large_loads(script: Script) -> list[tuple[Seen, Data]]:
    """The whole loads the script shows are large, or that are the training set itself, in file and line order:
    what whole-dataset-load says."""
    return script.memoized("large-loads", lambda: _find_large_loads(script))[0]


def _roots_loaded_large(script: Script) -> set[str]:
    """The data sets of the whole loads the script shows are large by more than being trained on: an HDF5 data set
    read whole, the cache of decoded files, a size shown (and the other splits of those). fit() given one copies it
    once more; an np.load of unknown size handed to a model is not one where nothing shows its samples are large
    (a captcha set's 25 × 96 images)."""
    return script.memoized("large-loads", lambda: _find_large_loads(script))[1]


def _find_large_loads(script: Script) -> tuple[list[tuple[Seen, Data]], set[str]]:
    large: list[tuple[Seen, Data]] = []     # the loads the script shows are large, or the training set itself
    only_trained_on: set[int] = set()       # (the id of) those of them that are large only for being trained on
    unproven: list[tuple[Seen, Data]] = []  # the loads nothing says are large, by themselves
    for seen in script.seen("loaded"):
        data: Data = seen.value  # type: ignore[assignment]
        if data.root in script.image_roots() or _loads_masks(seen) or \
                data.labels and any(image_shaped(d) for d in script.same_data(data)):
            # masks resized as images, loaded whole as masks (train_y = np.load('train_mask_array.npy')), or
            # reshaped as images (y = y.reshape(-1, 300, 300, 1)): a segmentation mask, or a denoiser's or
            # regressor's target picture, has a number per pixel, an image per sample, not one number
            data = replace(data, labels=False)
        shaped = _largest_shape(data, script)
        if data.labels or data.small or negligible(data):
            continue  # a file of labels, indexes or a small table: loading it whole is what it is for
        if _every_call_reads_a_lookup(seen, script):
            continue  # read_pickle(path) called for word2ind.pkl, self.vocab, self.qid_to_targets: lookups all
        if _only_its_shape_kept(seen):
            continue  # side = np.array(f['x']).shape[1]: read for its shape and dropped, not kept for the run
        if data.root in _roots_read_as_paths(script) and total_bytes(data) is None or _only_paths_read(seen):
            continue  # a pickled dict of the files' paths (and their transcripts), which the script reads one by one
        # the training set itself, as a binary array of unknown size, handed to a model or cut into its batches
        # (X_train[i * batch_size:...] fed to a TF1 session); a text file parsed by np.loadtxt is a table of a
        # few numbers per row: nobody stores a data set that fills memory that way
        unknown_training_set = data.content == ARRAYS and not last_part(data.how).startswith(
            ("loadtxt", "genfromtxt")) and total_bytes(data) is None and sample_bytes(data) is None and \
            not _flat_model_input(script) and not _small_samples_of_unshown_count(data, script) and \
            not _token_id_model(script) and read_in_batches(data, script)
        # an HDF5 data set read whole ([:], [()], .value), or a memory-mapped array copied whole: what the format,
        # or the mapping, exists for is reading it in parts
        shown = shaped is not None or _cache_of_decoded_files(seen.node, script) or data.reader in ("h5py", "mmap") \
            or data.content == TABLE and _columns_narrowed(seen) or (data.file_bytes or 0) >= NEGLIGIBLE_BYTES
        if not shown and not unknown_training_set:
            unproven.append((seen, data))
        else:
            large.append((seen, data))
            if not shown:
                only_trained_on.add(id(seen))
    # train = pd.read_csv(train_path, nrows=1_000_000); test = pd.read_csv(test_path): the script caps the rows it
    # reads of one split, which it would not for a small file, and reads another split of the same data set whole
    # (a read capped at a million rows reads that many, not the whole split: the cap is its size)
    capped = script.seen("capped-read")
    caps = {id(cap.node) for cap in capped}
    unproven = [(seen, data) for seen, data in unproven if id(seen.node) not in caps]
    if capped:
        large += [(seen, data) for seen, data in unproven if data.content == TABLE and any(
            _same_data_set(seen, cap) and not _other_branches_of_one_if(seen, cap) for cap in capped)]
    # train = np.load('train.npy'); test = np.load('test.npy'): the other splits of a data set shown large are
    # as large (an unused test split is still read whole), and so is what an if's other branch loads into the
    # same name (if train: x = npz['arr_0'] else: x = npz['arr_4'])
    shown = [(seen, data) for seen, data in large if id(seen) not in only_trained_on]
    large += [(seen, data) for seen, data in unproven if any(_same_data_set(seen, other) for other, _ in large)]
    shown += [(seen, data) for seen, data in unproven if any(_same_data_set(seen, other) for other, _ in shown)]
    return sorted(large, key=lambda pair: (str(pair[1].path), pair[1].line)), {data.root for _, data in shown}


def _every_call_reads_a_lookup(load: Seen, script: Script) -> bool:
    """def read_pickle(path): with open(path, 'rb') as f: return pickle.load(f), the script's own reader of whatever
    it is given: what each call reads is said at the call, by the file it names or the name it binds
    (self.vocab = read_pickle('word2ind.pkl'), self.qid_to_targets = read_pickle(...)); where every call says labels,
    a lookup from one key to another or a vocabulary, the load is one of those."""
    function = load.ctx.function
    returned = script.flow.returns.get(function) if function is not None else None
    if not isinstance(returned, Data) or returned.root != load.value.root:
        return False
    calls = script.calls_to(function)
    return bool(calls) and all(reads_lookup(call, module) for module, call in calls)


def _only_its_shape_kept(load: Seen) -> bool:
    """What the read gives is asked its shape (or len) at once and kept nowhere: np.array(f['x']).shape[1] (through
    the conversions that wrap it, np.array(f['x'][:]))."""
    parents = load.ctx.module.parents
    node, parent = load.node, parents.get(load.node)
    while isinstance(parent, ast.Call) and parent.args[:1] == [node] and dotted_name(parent.func) != "len":
        node, parent = parent, parents.get(parent)
    return isinstance(parent, ast.Attribute) and parent.attr in ("shape", "dtype", "ndim", "size") or \
        isinstance(parent, ast.Call) and dotted_name(parent.func) == "len" and parent.args == [node]


def _same_data_set(load: Seen, other: Seen) -> bool:
    """Two whole loads of one data set's parts, in the same function: their paths, or the names they are bound to,
    differ only by the split they name ('train_11.npy' and 'test_11.npy', train_X and valid_X), or they are
    bound to the same name (the two branches of an if), or ``load`` reads the segmentation masks of ``other``'s images
    (images = pickle.load(open('image.p')); masks = pickle.load(open('mask.p'))): a mask per image, as large."""
    if load.ctx.module is not other.ctx.module or load.ctx.function != other.ctx.function:
        return False
    if _loads_masks(load) and not _loads_masks(other):
        return True
    paths = [_load_path(seen.node, seen.ctx.module) for seen in (load, other)]
    if None not in paths and paths[0] != paths[1] and split_neutral(paths[0]) == split_neutral(paths[1]):
        return True
    names = [tuple(split_neutral(name) for name in _bound_names(seen)) for seen in (load, other)]
    return bool(names[0] and names[0] == names[1])


def _other_branches_of_one_if(load: Seen, other: Seen) -> bool:
    """The two reads sit in the two branches of one if (if sample: read(path, nrows=n) else: read(path)): the
    script's own switch between a sample and the whole file, one or the other."""
    module, function = load.ctx.module, load.ctx.function
    if other.ctx.module is not module or other.ctx.function is not function:
        return False
    return other_branches(function.node if function is not None else module.tree, module.statement_of(load.node),
                          module.statement_of(other.node))


def _loads_masks(load: Seen) -> bool:
    """A whole load of segmentation masks, by the names it is bound to or the file it reads (masks_all =
    pickle.load(...), train_y = np.load('train_mask_array.npy')), where neither names inputs (images_and_masks)."""
    # (the file's own name, not its folder's: 'nerve_segmentation_data/mask.p' is masks)
    file_name = re.split(r"[/\\]", _load_path(load.node) or "")[-1]
    words = {word for name in _bound_names(load) for word in words_of(last_part(name))} | words_of(file_name)
    return bool(words & _MASK_WORDS) and not names_inputs(words)


# Words that name segmentation masks: a number per pixel, as large as the images they go with
_MASK_WORDS = {"mask", "masks"}


def _load_path(load: ast.AST, module: Module | None = None) -> str | None:
    """The path a load reads, as the script writes it (np.load(path)['arr_0'] too), or None; given the module, a
    name is read as what it was last bound to before the load (test_file = root + '/test.csv')."""
    while isinstance(load, ast.Subscript):
        load = load.value
    if not isinstance(load, ast.Call) or not load.args:
        return None
    path = load.args[0]
    if isinstance(path, ast.Call) and last_part(dotted_name(path.func)) == "open" and path.args:
        path = path.args[0]
    if module is not None and isinstance(path, ast.Name):
        path = module.value_before(path) or path
    return ast.unparse(path)


def _bound_names(seen: Seen) -> tuple[str, ...]:
    """The names the statement of a load binds (x = np.load(...), self.x = ...)."""
    statement = seen.ctx.module.statement_of(seen.node)
    if not isinstance(statement, ast.Assign):
        return ()
    return tuple(dotted_name(target) for target in statement.targets)


def _columns_narrowed(load: Seen) -> bool:
    """pd.read_csv(path, dtype={'user_id': 'int32', 'answered': 'int8'}), datatable's fread(path, columns={...}) (its
    mapping of columns to types, or the columns named by one: set(types.keys())), the mapping written in the call or
    bound to a name: columns squeezed to one or two bytes are what a table too large for memory is read with; who
    reads a small one does not count its bytes."""
    node = load.node
    if not isinstance(node, ast.Call):
        return False
    module = load.ctx.module
    for keyword in ("dtype", "columns"):
        given = _mapping_written(keyword_value(node, keyword), node, module)
        if isinstance(given, ast.Dict) and any(
                (dtype := dtype_of(v, module)) is not None and ITEMSIZE.get(dtype, 8) <= 2 and dtype != "bool"
                for v in given.values):
            return True
    return False


def _mapping_written(given: ast.AST | None, read: ast.Call, module: Module) -> ast.AST | None:
    """The dict literal an argument is, or names: the last binding of a name before the read (the function's, else
    the module's), seen through set(types), list(types.keys()), types.keys()."""
    while isinstance(given, ast.Call) and (
            isinstance(given.func, ast.Name) and given.func.id in ("set", "list", "tuple", "sorted") and
            len(given.args) == 1 or isinstance(given.func, ast.Attribute) and given.func.attr == "keys" and
            not given.args):
        given = given.args[0] if isinstance(given.func, ast.Name) else given.func.value
    if isinstance(given, ast.Name):
        found = module.value_before(given)
        if found is None and module.function_of(read) is not None:
            at_module_level = module.last_assignment(given.id, read)
            found = at_module_level.value if at_module_level is not None else None
        given = found if found is not None else given
    return given


def _cache_of_decoded_files(load: ast.AST, script: Script) -> bool:
    """np.load(path) or pickle.load(open(path)) of the file the script saves its decoded images to (load the
    cache if it exists, else decode every file and np.save / pickle.dump them there): the cache holds the whole
    decoded data set."""
    if not isinstance(load, ast.Call) or not load.args:
        return False
    filled: set[str] | None = None  # the buffers filled with decoded files, found once if a save needs them
    for saved in _saved_to(load.args[0], script):
        values = [v for v in [script.value(saved)] + [script.value(e) for e in getattr(saved, "elts", [])]
                  if isinstance(v, Data)]
        if any(v.content == FILES for v in values):
            return True
        filled = _filled_from_files(script) if filled is None else filled
        if any(v.root in filled for v in values):
            return True
    return False


def _original_dtype(copy: Seen, script: Script) -> str | None:
    """The dtype of what a copy was made from: the original's as the flow knows it, else what the copy's scale
    says the original held."""
    source = copy.source
    return _source_dtype(source, script) or pixel_dtype(copy.node, copy.ctx.module) or (
        # where the original stays, what a later scaling says of the data set is not enough to call the copy a
        # widening beside it: a duplicate it stays
        _scaled_as_pixels(script).get(source.root) if isinstance(source, Data) and not _original_kept(copy, script)
        else None) or _stored_images_dtype(copy, script)


def _stored_images_dtype(copy: Seen, script: Script) -> str | None:
    """uint8 for x.astype('float32') of a data set read from a file, of a dtype nothing shows, that a Keras model
    of 2-D or 3-D convolutions trains on: images, which files (a .mat, an .npy of photos) store as 8-bit pixels.
    Not where the model's input shape shows other than 1, 3 or 4 channels (a 9-band scalogram: computed floats),
    nor of a helper's parameter (def prep(x): x = x.astype('float32')): the caller's name holds the original only
    until the call returns, a second copy for a moment (duplicate-copy), not a narrow one kept beside a wide one."""
    source, data = copy.source, copy.value
    if not isinstance(source, Data) or not isinstance(data, Data) or source.dtype is not None or \
            source.inferred or source.content != ARRAYS or data.dtype not in ("float16", "float32"):
        return None
    function = copy.ctx.function
    if function is not None and _copied_name(copy, script) in {a.arg for a in function.node.args.args}:
        return None
    shape = model_input_shape(script)
    if shape is not None and not (len(shape) == 3 and (shape[-1] in (1, 3, 4) or shape[0] in (1, 3))):
        return None
    return "uint8" if source.root in _roots_loaded_whole(script) and _trained_on(source, script) and \
        model_convolves_images(script) else None


def _roots_loaded_whole(script: Script) -> set[str]:
    """The data sets a whole load (np.load, scipy.io.loadmat, pickle.load) reads from a file."""
    return script.memoized("roots-loaded-whole", lambda: {seen.value.root for seen in script.seen("loaded")})


def _original_kept(copy: Seen, script: Script) -> bool:
    """A name keeps the copy's original while the copy lives: the one it is made from, each part it joins
    (np.concatenate([x_train, augmented])), or another name of the same array."""
    name = _copied_name(copy, script)
    parts = _part_names(copy.node) or ([name] if name else [])
    return any(_stays_alive(part, copy, script) for part in parts) or any(
        _stays_alive(holder, copy, script, at_module_level) for holder, at_module_level in copy.holders
        if holder != name and not _unpacked_beside(holder, name, copy)) or _given_by_caller(copy, script) is not None


def _unpacked_beside(holder: str, name: str, copy: Seen) -> bool:
    """``holder`` was bound, before the copy, by unpacking one load into several names, ``name`` among them
    (counts, tags, rows = pickle.load(f), or nested: (x_tr, y_tr), (x_te, y_te) = pickle.load(f)): it holds another
    array of that file, not the one copied. Rebindings of the holder made of itself alone since then
    (x_te = np.reshape(x_te, ...), x_te = x_te.astype('float32')) keep it that other array."""
    module, function = copy.ctx.module, copy.ctx.function
    within = function.node if function is not None else None
    binding = module.last_assignment(holder, copy.node, within)
    while binding is not None and not isinstance(binding.statement.targets[0], (ast.Tuple, ast.List)):
        read = names_in(binding.value)
        if holder not in read or name in read:
            return False
        binding = module.last_assignment(holder, binding.statement, within)
    if binding is None or isinstance(binding.statement.value, (ast.Tuple, ast.List)):
        return False
    return any(name in {dotted_name(e) for e in ast.walk(target) if isinstance(e, (ast.Name, ast.Attribute))}
               for target in binding.statement.targets)


def _given_by_caller(copy: Seen, script: Script) -> tuple[str, str] | None:
    """def normalize(x): x = x / 255.; return x, called as normalize(images) (or images = normalize(images)): the
    parameter is rebound, but the caller's name holds the original until the call returns, so the copy and the
    original are both alive while the function runs. (parameter, the caller's name for it); None where no call
    passes a name (normalize(np.load(p)) hands over a temporary that nothing else holds)."""
    function = copy.ctx.function
    if function is None:
        return None
    name = _copied_name(copy, script)
    candidates = (_part_names(copy.node) or ([name] if name else [])) + [holder for holder, _level in copy.holders]
    parameters = function.parameter_names - {"self", "cls"}
    skip_self = function.takes_instance
    for parameter in (c for c in candidates if c in parameters):
        for _place, call in script.calls_to(function):
            given = arguments_given(function, call, skip_self).get(parameter)
            if isinstance(given, (ast.Name, ast.Attribute)):
                return parameter, dotted_name(given)
    return None


def _scaled_as_pixels(script: Script) -> dict[str, str]:
    """The data sets the script scales as pixels somewhere (X / 255. in the function its loader's result is given
    to), with the dtype the scale says: what they held, whatever dtype a copy before that scaling shows."""
    def find() -> dict[str, str]:
        roots: dict[str, str] = {}
        for seen in script.seen("copied", "divided"):
            dtype = scaled_pixels_dtype(seen.node) if isinstance(seen.node, ast.BinOp) else None
            if dtype is not None and isinstance(seen.value, Data):
                roots.setdefault(seen.value.root, dtype)
        return roots
    return script.memoized("scaled-as-pixels", find)


def _source_dtype(data: Data, script: Script) -> str | None:
    """The dtype of a copy's original: its own or the one assumed for its kind (assumed_dtype), else, for the
    cache a script loads back (np.load of the path it np.saves to), the dtype of what it saved there."""
    dtype = assumed_dtype(data)
    if dtype is not None or data.how != "np.load":
        return dtype
    loads = [call for call in script.calls_named("load") if call.lineno == data.line and call.args]
    saved = [script.value(node) for load in loads for node in _saved_to(load.args[0], script)]
    dtypes = {assumed_dtype(value) for value in saved if isinstance(value, Data)}
    return dtypes.pop() if len(dtypes) == 1 else None


def _saved_to(path: ast.AST, script: Script) -> Iterator[ast.AST]:
    """What the script saves to the file ``path`` names: np.save(path, x), np.savez(path, x, y) and np.savez(path,
    X=x, Y=y) (each array), pickle.dump(x, open(path, 'wb')), torch.save(x, path), joblib.dump(x, path)."""
    wanted = path_text(path)
    for save in script.calls_named(*SAVES):
        method = last_part(dotted_name(save.func))
        if method.startswith("save") and script.module_of(save).qualified(save.func).startswith("numpy."):
            # np.save's keywords are options (allow_pickle); savez's are the arrays, by the names they are saved as
            arrays = save.args[1:] + ([k.value for k in save.keywords if k.arg] if method != "save" else [])
            if save.args and arrays and path_text(save.args[0]) == wanted:
                yield from arrays
        elif len(save.args) >= 2 and path_text(save.args[1]) == wanted:
            yield save.args[0]


def _filled_from_files(script: Script) -> set[str]:
    """The data sets of the buffers the script fills with decoded files (X = np.empty(...); X[i] = decode(f))."""
    return {seen.value.root for seen in script.seen("filled")
            if isinstance(seen.value, Data) and isinstance(seen.source, Item) and seen.source.fresh
            and _fills_from_files(seen, script)}


# Calls whose arguments are the data a model trains on, or is tested on (a test set np.load-ed whole is as large)
_TRAINING_INPUTS = {"fit", "fit_generator", "train_on_batch", "from_tensor_slices", "TensorDataset", "DataLoader",
                    "predict", "evaluate"}


def _trained_on(data: Data, script: Script) -> bool:
    """The data set (or a copy or a split of it) is handed to fit, from_tensor_slices, TensorDataset, DataLoader,
    predict or evaluate: it is the training or test set itself, not a table of labels or statistics."""
    return data.root in script.memoized("trained-on", lambda: _roots_trained_on(script))


def _predicted_after_training(script: Script) -> set[str]:
    """The roots of data sets a script's top level decodes only after it has trained (a model.fit above them) and
    hands only to predict(): the few photos it colourises or labels once the model is done, Test/ beside Train/.
    Nothing shows their count, and a folder of pictures to run a finished model on is not the training set: the
    rules that weigh whole data sets leave them alone. One also given to fit, evaluate or a data pipeline is not."""
    def find() -> set[str]:
        trained_at: dict[str, int] = {}  # per file, the first training call at its top level
        for call in script.calls_named("fit", "fit_generator", "train_on_batch"):
            module = script.module_of(call)
            if module.function_of(call) is None and isinstance(call.func, ast.Attribute):
                key = str(module.path)
                trained_at[key] = min(trained_at.get(key, call.lineno), call.lineno)

        def roots_given(*names: str) -> set[str]:
            roots = set()
            for call in script.calls_named(*names):
                for given in list(call.args) + [k.value for k in call.keywords]:
                    for node in ast.walk(given):
                        value = script.value(node)
                        if isinstance(value, Data):
                            roots.add(made_root(value.root))
            return roots
        predicted = roots_given("predict", "predict_on_batch", "predict_generator")
        predicted -= roots_given(*(_TRAINING_INPUTS - {"predict"}))
        after = set()
        for root in predicted:
            path, _colon, line = root.rpartition(":")
            if line.isdigit() and path in trained_at and int(line) > trained_at[path]:
                after.add(root)
        return after
    return script.memoized("predicted-after-training", find)


def kept_sample_bytes(script: Script, data: Data) -> int | None:
    """The bytes the script keeps per sample of ``data``, for judging a public data set it names
    (Script.mark_small_by_named_datasets): the shape it shows for it, else, for the data set it trains its Keras model
    on, one sample of the model's input shape (input_shape=(40, 130, 1): the MFCC frames cut from each clip, whatever
    the clip was), at 8 bytes a value: the safe side, since what the model is fed is often a float64 copy of what the
    list keeps (4,317 flowers of 128 × 128 × 3 bytes are 212 MB, and 1.7 GB as the float64 array fit() is given)."""
    shown = sample_bytes(script.shown_shape(data))
    if shown is not None or data.labels:
        return shown
    shape = model_input_shape(script)
    if shape is None or None in shape or data.root not in _roots_trained_on(script):
        return None
    return sample_bytes(replace(data, shape=(None,) + tuple(shape), dtype="float64"))


def _roots_trained_on(script: Script) -> set[str]:
    """The roots of every data set the script trains on (see _trained_on); of what a function makes anew on each
    call (x = load(); fit(x)), the function's own too (values.made_root): what its body saw of it (the np.load) is
    what each call gives."""
    fed: set[str] = set()
    # scaler.fit(x) of an object the script also asks to transform(): a transformer (a scaler, an encoder) learning
    # a few statistics of x, not a model trained on it
    transformers = {dotted_name(call.func.value) for call in script.calls_named("transform", "inverse_transform")
                    if isinstance(call.func, ast.Attribute)}
    for call in script.calls_named(*_TRAINING_INPUTS):
        if isinstance(call.func, ast.Attribute) and call.func.attr == "fit" and \
                dotted_name(call.func.value) in transformers:
            continue
        arguments = list(call.args) + [k.value for k in call.keywords]
        for given in arguments:
            for node in ast.walk(given):
                value = script.value(node)
                if isinstance(value, Data) and not value.labels and not value.small:  # (not a few samples shown)
                    fed.add(value.root)
    # net(x[idx].to(device)): rows of the data set picked for a batch and fed to a PyTorch model by the script's own
    # loop, with no loader between them (where the script shows how many rows it has, x.reshape((10000, 3, 32, 32)),
    # that count, not this, says what it is)
    for seen in script.seen("forward"):
        inputs = seen.source.items if isinstance(seen.source, Several) else ()
        fed |= {given.root for given in inputs[:1] if isinstance(given, Item) and given.root and not any(
            value.shape and value.shape[0] is not None for value in script.data_of_root(given.root))}
    # datagen.flow(x_train, y_train): a Keras ImageDataGenerator serves x_train's rows, augmented, to the fit given
    # the iterator (fit(datagen.flow(...)), or a name bound to it): x_train is the training set all the same
    fed |= {data.root for _, data in _augmented_arrays(script, "flow")}
    # what a PyTorch Dataset the script defines keeps as its inputs (self.images = f['data'][()]) is what its
    # loader serves; other arrays it keeps (self.lh, a table of responses) may be anything
    # (every value the class assigns to it: self.X = np.load(train) in one branch, np.load(valid) in the other)
    for cls, name in script.flow.attributes:
        # (or whose rows its __getitem__ picks, self.context_idxs[idx], by whatever name, labels apart)
        if (names_inputs(words_of(name)) or name in _rows_picked_per_item(cls, script) and
                not is_labels(words_of(name)) and not words_of(name) & _STATISTICS_WORDS) \
                and any(last_part(base) == "Dataset" for klass in script.flow.class_chain(cls) for base in klass.bases):
            fed |= {value.root for value in _assigned_to_attribute(cls, name, script) + _given_for_attribute(
                cls, name, script) if isinstance(value, Data) and not value.labels}
    # target = noisy - clean: both arrays the arithmetic reads become what the model trains on
    for node in ast.walk(script.tree):
        if isinstance(node, ast.BinOp):
            left, right = script.value(node.left), script.value(node.right)
            if isinstance(left, Data) and isinstance(right, Data) and {left.root, right.root} & fed:
                fed |= {left.root, right.root}
    return fed | {made_root(root) for root in fed}


# Words that name statistics of a data set (self.mean, self.std): a few numbers, whatever indexes them
_STATISTICS_WORDS = {"mean", "means", "std", "stds", "var", "variance", "stats", "statistics", "min", "max"}


def _rows_picked_per_item(cls: ClassInfo, script: Script) -> set[str]:
    """The attributes a Dataset's __getitem__ picks rows of (self.context_idxs[idx]), where it reads no file: they
    are all its loader serves. (Beside an image it opens per item, self.lh[index] is that image's target.)"""
    getitem = cls.methods.get("__getitem__")
    if getitem is None or script.flow.reads_files(getitem.node, getitem.module):
        return set()
    picked = {attribute for node in own_nodes(getitem.node)
              if isinstance(node, ast.Subscript) and (attribute := self_attribute(node.value)) is not None}
    return picked - _made_numbers_per_item(getitem.node)


def _made_numbers_per_item(getitem: ast.AST) -> set[str]:
    """The attributes whose row __getitem__ makes a Python number (int(self.s1[idx]), or s1 = self.s1[idx] then
    int(s1)): one number per sample, as labels are, whatever their name."""
    rows = {}  # the local names holding one row of an attribute: s1 = self.s1[idx]
    for node in own_nodes(getitem):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and \
                isinstance(node.value, ast.Subscript) and isinstance(node.value.value, ast.Attribute):
            rows[node.targets[0].id] = node.value.value.attr
    numbers = set()
    for node in own_nodes(getitem):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("int", "float") and \
                len(node.args) == 1:
            given = node.args[0]
            if isinstance(given, ast.Name) and given.id in rows:
                numbers.add(rows[given.id])
            elif isinstance(given, ast.Subscript) and isinstance(given.value, ast.Attribute):
                numbers.add(given.value.attr)
    return numbers


def _assigned_to_attribute(cls: ClassInfo, name: str, script: Script) -> list:
    """The values of every ``self.name = ...`` in the methods of class ``cls``, and of ``self.x, self.name =
    read(...)``: the part of what the call gives that lands in ``self.name``."""
    values = []
    for node in ast.walk(cls.node):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if self_attribute(target) == name:
                values.append(script.value(node.value))
            elif isinstance(target, ast.Tuple) and any(self_attribute(t) == name for t in target.elts):
                given = script.value(node.value)
                if isinstance(given, Several) and len(given.items) == len(target.elts):
                    values += [v for t, v in zip(target.elts, given.items) if self_attribute(t) == name]
    return values


def _given_for_attribute(cls: ClassInfo, name: str, script: Script) -> list:
    """What each call of class ``cls`` gives the __init__ parameter it keeps as ``self.name = parameter``:
    Dataset(train_x, ...) here and Dataset(test_x, ...) there are two data sets, where the flow's value of the
    parameter (and so of the attribute) is only the first call's."""
    init = cls.methods.get("__init__")
    if init is None:
        return []
    kept = {node.value.id for node in ast.walk(init.node) if isinstance(node, ast.Assign) and
            isinstance(node.value, ast.Name) and any(self_attribute(t) == name for t in node.targets)}
    return [script.value(argument) for call in script.calls_named(cls.name)
            for parameter, argument in arguments_given(init, call, skip_self=True).items() if parameter in kept]


def _flat_model_input(script: Script) -> bool:
    """Input((100,)), input_shape=(100,), input_dim=100: the model takes a few numbers per sample, a table's row,
    not an image or a clip."""
    return script.memoized("flat-model-input", lambda: _takes_flat_input(script))


def _takes_flat_input(script: Script) -> bool:
    # a convolution or a recurrent layer given the input's shape (Convolution1D(input_dim=4, input_length=1000))
    # takes images or sequences, whatever a later Dense is given (Keras 1 took input_dim on every layer)
    if any(last_part(dotted_name(call)).startswith(("Conv", "LSTM", "GRU", "SimpleRNN")) and any(
            k.arg in ("input_shape", "input_dim", "input_length", "batch_input_shape") for k in call.keywords)
           for call in script.calls):
        return False
    for call in script.calls:
        shapes = [k.value for k in call.keywords if k.arg in ("input_shape", "shape")]
        if last_part(dotted_name(call)) == "Input" and call.args:
            shapes.append(call.args[0])
        if any(k.arg == "input_dim" for k in call.keywords) and last_part(dotted_name(call)) == "Dense":
            return True
        if any(isinstance(shape, (ast.Tuple, ast.List)) and len(shape.elts) == 1 for shape in shapes):
            return True
    return False


def _token_id_model(script: Script) -> bool:
    """The models the script builds read word ids: an embedding table (torch's nn.Embedding, Keras's Embedding) and
    no convolution over images. A sample is a sentence's few dozen integers, so of a training set of unknown count
    the count alone decides (tens of thousands of sentences make a few tens of MB), and nothing shows it."""
    def find() -> bool:
        tables = [call for call in script.calls_named("Embedding", "EmbeddingBag")
                  if script.module_of(call).qualified(call.func).startswith(("torch.", "keras.", "tensorflow."))]
        images = model_convolves_images(script) or any(
            script.module_of(call).qualified(call.func).startswith("torch.")
            for call in script.calls_named("Conv2d", "Conv3d", "ConvTranspose2d"))
        return bool(tables) and not images
    return script.memoized("token-id-model", find)


def _small_samples_of_unshown_count(data: Data, script: Script) -> bool:
    """The Keras model the script trains takes samples of a few values (Flatten(input_shape=(20, 44)): 880 numbers,
    3.4 KiB as the float32 it computes in, under LARGE_SAMPLE_BYTES: a feature matrix, not an image, a clip or a
    volume), and nothing shows how many the data set holds: neither its shape nor a loop over its rows by number
    (for k in range(697932): x[k] = ...). Of such samples the count alone decides, tens of thousands make a few
    hundred MB, and the script does not show it: nothing says the data set is large. (Samples as small still come
    in sets of millions, EMNIST's or QuickDraw's 28 × 28 glyphs: where the script shows that, the set is large.)"""
    shape = model_input_shape(script)
    values = element_count(shape) if shape else None
    return values is not None and values * ITEMSIZE["float32"] < LARGE_SAMPLE_BYTES and \
        total_bytes(data) is None and data.root not in _roots_counted_by_loops(script)


def _roots_counted_by_loops(script: Script) -> set[str]:
    """The data sets whose rows a loop over range(n) reads or writes one by one (for k in range(697932): x[k] =
    np.transpose(x[k])), with n written out and more than FEW: the script shows they hold n rows at least."""
    def find() -> set[str]:
        roots = set()
        for module in script.modules:
            for loop in ast.walk(module.tree):
                if not (isinstance(loop, ast.For) and isinstance(loop.target, ast.Name) and
                        isinstance(loop.iter, ast.Call) and dotted_name(loop.iter.func) == "range" and
                        loop.iter.args):
                    continue
                stop = loop.iter.args[0] if len(loop.iter.args) == 1 else loop.iter.args[1]
                count = constant_number(stop)
                if count is None or count <= FEW:
                    continue
                for node in ast.walk(loop):
                    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name) and \
                            node.slice.id == loop.target.id and isinstance(value := script.value(node.value), Data):
                        roots.add(value.root)
        return roots
    return script.memoized("roots-counted-by-loops", find)


def _replaced_by_float64_copy(seen: Seen, script: Script) -> bool:
    """x = np.load(...) then x = x / 255: the division makes the float64 copy and drops what was loaded."""
    for divided in script.memoized("divided-by-root", lambda: _by_root(script.seen("divided"))).get(
            seen.value.root, []):
        value = divided.value
        if negligible(value) or value.labels:
            continue
        statement = divided.ctx.module.statement_of(divided.node)
        if isinstance(statement, ast.Assign) and isinstance(divided.node, ast.BinOp) and \
                isinstance(divided.node.left, ast.Name) and \
                any(dotted_name(t) == divided.node.left.id for t in statement.targets):
            return True
    # ... or x = x.astype(float): the float64 copy that replaces it (dtype-blowup's), eight times a byte a pixel
    for copied in script.memoized("copied-by-root", lambda: _by_root(script.seen("copied"))).get(
            seen.value.root, []):
        node = copied.node
        statement = copied.ctx.module.statement_of(node)
        if isinstance(statement, ast.Assign) and statement.value is node and isinstance(node, ast.Call) and \
                isinstance(node.func, ast.Attribute) and node.func.attr == "astype" and \
                isinstance(node.func.value, ast.Name) and \
                any(dotted_name(t) == node.func.value.id for t in statement.targets) and \
                not negligible(copied.value) and _copy_effect(copied, script) == "float64":
            return True
    return False


def _by_root(seen: list[Seen]) -> dict[str, list[Seen]]:
    """What the flow saw of each data set, by its root."""
    found: dict[str, list[Seen]] = {}
    for one in seen:
        if isinstance(one.value, Data):
            found.setdefault(one.value.root, []).append(one)
    return found


def _largest_shape(data: Data, script: Script) -> Data | None:
    """The same data set where the script shows it is large (reshaped to images, a known size; its rows resized as
    images, whatever their size; by a caller of the function that loads it), or None."""
    large = [v for v in script.same_data(data) + script.made_by_each_call(data)
             if (total_bytes(v) or 0) >= NEGLIGIBLE_BYTES or (sample_bytes(v) or 0) >= LARGE_SAMPLE_BYTES]
    if not large and data.root in script.image_roots():
        return data
    return max(large, key=lambda v: sample_bytes(v) or 0, default=None)


def in_memory_arrays(script: Script) -> Iterator[Finding]:
    """from_tensor_slices on arrays already held whole: TensorFlow copies them into the graph."""
    for call in script.calls_named("from_tensor_slices"):
        pipeline = script.value(call)
        data = pipeline.data if isinstance(pipeline, Pipeline) else None
        if data is None or data.content == NAMES or negligible(data):
            continue
        if call in _slices_of_paths(script):
            continue  # from_tensor_slices(paths).map(load): the slices are the files' paths, read one by one
        if data.content == TABLE and not _large_whole_array(data, script):
            continue  # a CSV's rows, a few numbers each: large only where the script shows its size
        names = sorted(names_in(call.args[0])) if call.args else []
        yield script.finding(
            "in-memory-array", call,
            _("from_tensor_slices embeds the arrays {names} in the graph: the data set is held in memory whole "
              "({size}), and copied once more.").format(names=", ".join(names), size=script.size_of(data)),
            _("Load lazily (np.load(..., mmap_mode='r') with a generator, or tf.data from files), "
              "or at least keep the arrays on the CPU."))
    # Keras 3's fit(x=array) on TensorFlow converts the whole array to TensorFlow tensors before the first step
    # (keras/src/trainers/data_adapters/array_data_adapter.py: convert_to_sliceable, then
    # Dataset.from_tensors(inputs).repeat()). bench/fit_array_copy.py measured it on Keras 3.15 and TensorFlow
    # 2.21: the process's peak rose by 2.0x the array's bytes during fit (1.5x for float64, cast to float32 on
    # the way), and 1.0x (0.5x) stayed after fit returned. On the JAX and torch backends fit slices the NumPy
    # array batch by batch: only float64's float32 cast costs, 0.5x for a moment, and dtype-blowup says float64.
    if script.keras_backend != "tensorflow":
        return
    # each fit() converts the arrays anew, and the tensors of an earlier model's fit stay while that model's trainer
    # holds them: a second model fit on the same data set (a baseline, then a smaller model) is said at its own fit
    said: list[ast.Call] = []
    for call in script.calls_named("fit", "search", *_INFERENCE_METHODS):
        if not isinstance(call.func, ast.Attribute):
            continue
        inference = call.func.attr in _INFERENCE_METHODS
        if inference:
            # predict(x) and evaluate(x, y) convert the whole array as fit() does (bench/fit_array_copy.py
            # --method predict: the same 2.0x at the peak, 1.0x kept); said of a model the flow knows is Keras's
            # (predict is also every scikit-learn estimator's)
            model = script.value(call.func.value)
            if not (isinstance(model, Model) and model.framework == "keras") or script.module_of(call).function_of(
                    call) is not None and in_own_loop(call, script.module_of(call)):
                continue
        elif call.func.attr not in fit_methods(script.module_of(call)) or not _keras_fit(call, script):
            continue
        module = script.module_of(call)
        if any(script.module_of(other) is module and other_branches(
                module.tree, module.statement_of(other), module.statement_of(call)) for other in said):
            continue  # if val_x is not None: fit(x, y, validation_data=...) else: fit(x, y): one of them runs
        x = call.args[0] if call.args else keyword_value(call, "x")
        given = script.value(x) if x is not None else None
        # fit([images, masks], ...), or fit({'image': images, 'mask': masks}) of a model with named inputs
        inputs = given.items if isinstance(given, (Several, Keyed)) else (given,)
        data = next((d for d in inputs if isinstance(d, Data) and _large_whole_array(d, script)), None)
        if data is None:
            # fit(blurred, sharp): Keras converts the targets with the inputs, and a denoiser's, a super-resolution
            # or a colouriser's targets are pictures, as large as what the inputs are computed from
            y = call.args[1] if len(call.args) > 1 else keyword_value(call, "y")
            target = script.value(y) if y is not None else None
            targets = target.items if isinstance(target, (Several, Keyed)) else (target,)
            data = next((d for d in targets if isinstance(d, Data) and not d.labels and d.content == FILES and
                         _large_whole_array(d, script) or isinstance(d, Data) and
                         d.root in _one_hot_vocabulary_roots(script)), None)
        # (sized by the model's input shape where the array's own shape is not known: np.load of a cache)
        data = data and _shaped_as_model_input(data, script) or data or \
            next((d for d in (_shaped_as_model_input(d, script) for d in inputs) if d is not None), None)
        if data is None:
            continue
        if inference and not _shown_large(script.shown_shape(data)):
            continue  # (the test split predicted whole is what scripts do: said only where its size shows it large)
        said.append(call)
        if inference:
            yield script.finding(
                "in-memory-array", call,
                _("{method}() is given the whole array ({size}): on TensorFlow, Keras copies it into TensorFlow "
                  "tensors before the first batch, as fit() does. Measured with Keras 3.15 and TensorFlow 2.21, the "
                  "process's peak grew by twice the array's size, and one copy stayed after it returned.").format(
                    method=call.func.attr, size=script.size_of(data)),
                _("Give it batches: a tf.data pipeline or a keras.utils.PyDataset that loads each batch, or "
                  "model.predict_on_batch(x[i:i + n]) in a loop over the rows."))
            continue
        yield script.finding(
            "in-memory-array", call,
            _("fit() is given the whole array ({size}): on TensorFlow, Keras copies it into TensorFlow tensors "
              "before the first step. Measured with Keras 3.15 and TensorFlow 2.21, the process's peak grew by "
              "twice the array's size during fit (1.5 times for float64), and one copy stayed after it "
              "returned.").format(size=script.size_of(data)),
            _("Feed fit() batches instead: a tf.data pipeline that reads the files, or a keras.utils.PyDataset "
              "that loads each batch; or np.load(..., mmap_mode='r') with a generator."))


def _only_paths_read(load: Seen) -> bool:
    """table = pickle.load(fh), and every key the script reads of it names files' paths or what goes with each
    (table['input_path'], table['target_text'], table['label']): a list of the data set's files, not its data."""
    names = [name for name in _bound_names(load) if "." not in name]
    if len(names) != 1:
        return False
    scope = load.ctx.function.node if load.ctx.function is not None else load.ctx.module.tree
    keys = [set(words_of(key)) for _line, key in _keys_read(scope).get(names[0], ())]
    return bool(keys) and any(key & _PATH_WORDS for key in keys) and all(
        key & (_PATH_WORDS | _PER_FILE_TEXT_WORDS) or is_labels(key) for key in keys)


# Words of a key that names files' paths, and of one that names what each file is paired with in a text's few words
_PATH_WORDS = {"path", "paths", "file", "files", "filename", "filenames", "filepath", "filepaths", "fname", "fnames",
               "url", "urls", "wav", "wavs"}
_PER_FILE_TEXT_WORDS = {"text", "texts", "transcript", "transcripts", "transcription", "sentence", "sentences",
                        "caption", "captions", "word", "words", "speaker", "speakers", "id", "ids"}


def _roots_read_as_paths(script: Script) -> set[str]:
    """The data sets whose elements from_tensor_slices(...).map(load) reads as files' paths (see
    _mapped_by_a_file_reader): what they hold is the paths."""
    def find() -> set[str]:
        roots: set[str] = set()
        for call in _slices_of_paths(script):
            for node in ast.walk(call.args[0]):
                value = script.value(node)
                items = value.items if isinstance(value, (Several, Keyed)) else (value,)
                roots |= {item.root for item in items if isinstance(item, Data) and item.root}
        return roots
    return script.memoized("roots-read-as-paths", find)


def _slices_of_paths(script: Script) -> set[ast.Call]:
    """The from_tensor_slices calls whose data set is mapped with a reader of files (_mapped_by_a_file_reader),
    found once per script."""
    return script.memoized("slices-of-paths", lambda: {
        call for call in script.calls_named("from_tensor_slices")
        if call.args and _mapped_by_a_file_reader(call, script)})


def _mapped_by_a_file_reader(call: ast.Call, script: Script) -> bool:
    """from_tensor_slices(x).map(load), or ds = from_tensor_slices(x) and then ds.map(load): the function the data set
    is mapped with reads each element as a file (tf.io.read_file, decode_wav, cv2.imread, in itself or in a function
    it calls), so what the slices hold are the files' paths, whatever the flow knows of where x came from (a pickled
    dict, a JSON file, a table's column): a few bytes each, and the data set is read as it is served."""
    module = script.module_of(call)
    mapped: list[ast.expr] = []
    node = call
    while True:  # from_tensor_slices(x).shuffle(n).map(load).batch(32): the chain's maps
        attribute = module.parents.get(node)
        outer = module.parents.get(attribute) if isinstance(attribute, ast.Attribute) else None
        if not isinstance(outer, ast.Call) or outer.func is not attribute:
            break
        if attribute.attr == "map":
            mapped += outer.args[:1] + [k.value for k in outer.keywords if k.arg == "map_func"]
        node = outer
    statement = module.statement_of(call)
    if isinstance(statement, ast.Assign) and statement.value is node and len(statement.targets) == 1 and \
            isinstance(statement.targets[0], ast.Name):
        # ds = from_tensor_slices(x), then ds = ds.map(load) further on in the same function
        name = statement.targets[0].id
        function = module.function_of(call)
        scope = function.node if function is not None else module.tree
        mapped += [c.args[0] for c in ast.walk(scope) if isinstance(c, ast.Call) and c.args and
                   isinstance(c.func, ast.Attribute) and c.func.attr == "map" and
                   isinstance(c.func.value, ast.Name) and c.func.value.id == name and c.lineno > call.lineno]
    return any(_reads_files(function, module, 3) for function in mapped)


def _reads_files(function: ast.expr, module: Module, depth: int) -> bool:
    """A lambda, or a function of the module named, whose body decodes a file (the functions it names are looked
    into too, ``depth`` deep: tf.numpy_function(load_wav, [path], tf.float32))."""
    if depth == 0:
        return False
    if isinstance(function, ast.Lambda):
        body: ast.AST = function.body
    elif isinstance(function, ast.Name) and function.id in module.top_functions:
        body = module.top_functions[function.id].node
    else:
        return False
    for node in ast.walk(body):
        if isinstance(node, ast.Call) and module.qualified(node.func) in DECODERS:
            return True
        if isinstance(node, ast.Name) and node is not function and node.id in module.top_functions and \
                _reads_files(node, module, depth - 1):
            return True
    return False


def _shaped_as_model_input(data: Value, script: Script) -> Data | None:
    """An array of unknown shape given to fit(), with the samples the model's input shape shows (input_shape=(127,
    127, 9)), where they are as large as images, or, where it shows no numbers, that its 2-D or 3-D convolutions
    take as images; None otherwise. Given to the one model the script builds, each row of the array is one such
    sample."""
    shape = model_input_shape(script)
    if not isinstance(data, Data) or data.content != ARRAYS or data.labels or data.small:
        return None
    if shape is None and (data.shape is None or len(data.shape) >= 3 and sample_bytes(data) is None) and \
            model_convolves_images(script):
        # (input_shape=x.shape[1:], or none at all: a model that convolves in two or three dimensions is given
        # images, volumes or clips, whatever their size, as an N × H × W × C array is in _large_whole_array)
        return data
    if shape is None or len(shape) < 2 or data.shape is not None and len(data.shape) > 1:
        return None
    shaped = replace(data, shape=(None,) + shape)
    # the count is not shown: only samples so large that any data set of them (FEW at least) fills memory (of an
    # unknown dtype, a byte per value at least)
    sample = sample_bytes(shaped) or element_count(shape) or 0
    if image_shaped(shaped) and sample >= _TRAINED_IMAGE_BYTES and not negligible(shaped) and \
            any(load.root == data.root for _seen, load in _large_loads(script)):
        # the training set whole-dataset-load says is loaded whole, of images the model's input shows are not
        # thumbnails (128 x 128 x 3 and up): a data set a model is fine-tuned on is thousands of them, and fit()'s
        # copy of it is one more on top of what the load holds
        return shaped
    return shaped if sample * FEW >= NEGLIGIBLE_BYTES and not negligible(shaped) else None


# One sample of an image the model takes, past which a training set of unknown count loaded whole is large: 128 x 128
# x 3 bytes (a captcha's 25 x 96 glyphs, a 64 x 64 thumbnail, are not)
_TRAINED_IMAGE_BYTES = 128 * 128 * 3


# Keras methods that run a model over what they are given without training it
_INFERENCE_METHODS = ("predict", "evaluate")


def _keras_fit(call: ast.Call, script: Script) -> bool:
    """model.fit(...) of a Keras model: one the flow knows, or, where the model comes from somewhere the flow does
    not follow (a method's return), a fit given what only Keras's takes (epochs, callbacks, validation_split) in a
    script that imports Keras, or validation_split in any script."""
    model = script.value(call.func.value)
    if isinstance(model, Model):
        return model.framework == "keras"
    # (validation_split is Keras's alone, and says so where the model comes from a module the script does not ship:
    # from model import get_compiled_unet, no import of Keras anywhere the checker can read)
    return model is None and (any(k.arg == "validation_split" for k in call.keywords) or any(
        k.arg in _KERAS_FIT_KEYWORDS for k in call.keywords) and any(m.imports("keras", "tensorflow")
                                                                     for m in script.modules))


_KERAS_FIT_KEYWORDS = ("epochs", "nb_epoch", "callbacks", "validation_split")


def _large_whole_array(data: Data, script: Script) -> bool:
    """A whole data set worth a second and third copy: a size the script shows of 256 MiB or more, or, where it
    does not show the count, decoded files or samples as large as images (here or where the script reshapes it)."""
    if negligible(data) or data.content == NAMES:
        return False
    size = total_bytes(data)
    if size is not None:
        return size >= NEGLIGIBLE_BYTES
    # (N × H × W × C with a height and width the script computes, np.zeros((n, h, w, 1)), reshape(n, h, w, 1): images
    # by their shape, where no shape the script gives them says how large; a vector as long as the vocabulary for
    # every position of every sequence, X[i, t, index[c]] = 1 or to_categorical(padded): the text many times over)
    shaped = [v for v in script.same_data(data) if image_shaped(v)]
    images = bool(shaped) and all(sample_bytes(v) is None for v in shaped)
    # (an HDF5 data set read whole, the cache of decoded files: a load whole-dataset-load says is large)
    return data.content == FILES or _largest_shape(data, script) is not None or images or \
        data.root in _one_hot_sequence_roots(script) or \
        data.root in _roots_loaded_large(script)


def _one_hot_vocabulary_roots(script: Script) -> set[str]:
    """The targets one-hot encoded over the whole vocabulary, every sample at once (dtype-blowup says where): a
    float32 row per sample as long as the vocabulary, what fit() is given as its y."""
    return script.memoized("one-hot-vocabulary-roots", lambda: {
        seen.value.root for seen in script.seen("one-hot-vocabulary")})


def _one_hot_sequence_roots(script: Script) -> set[str]:
    """The data sets that one-hot encode every position of every sequence (dtype-blowup says where)."""
    def find() -> set[str]:
        return {seen.value.root for seen in script.seen("filled") if _one_hot_sequences(seen)} | \
            {seen.value.root for seen in script.seen("one-hot-sequences")}
    return script.memoized("one-hot-sequence-roots", find)


def _shown_large(data: Data) -> bool:
    """The script shows (or the disk does) that ``data`` is large: its size is known, and not negligible."""
    size = total_bytes(data)
    return not data.small and size is not None and size >= NEGLIGIBLE_BYTES


def dtype_blowup(script: Script) -> Iterator[Finding]:
    """A float64 copy of a data set whose values are uint8 pixels or float32: 8 bytes each instead of 1 or 4."""
    for seen in script.seen("divided"):
        data: Data = seen.value  # type: ignore[assignment]
        if negligible(data):
            continue
        yield script.finding(
            "dtype-blowup", seen.node,
            _("This division makes a new float64 array of the whole data set ({size}): NumPy computes in float64 "
              "unless the array is float32 already, 8 bytes per value where a uint8 pixel takes 1.").format(
                size=script.size_of(data)),
            _("Convert to float32 first: x.astype('float32') / 255 (or keep uint8 and scale each batch when it is "
              "used)."), module=seen.ctx.module)
    for seen in script.seen("weighted"):
        data = seen.value
        if negligible(data):
            continue
        yield script.finding(
            "dtype-blowup", seen.node,
            _("This weighted sum over the last axis (a grey image of colour channels) makes a new float64 array of "
              "the whole data set ({size}): the weights are Python floats, so NumPy computes in float64, 8 bytes "
              "per value where float32 takes 4 and a uint8 pixel 1.").format(size=script.size_of(data)),
            _("Give the weights as float32 (np.array([0.299, 0.587, 0.114], dtype=np.float32)) and the array as "
              "float32, or convert each batch when it is used."), module=seen.ctx.module)
    fits_said: set[ast.AST] = set()
    for seen in script.seen("copied"):
        effect = _copy_effect(seen, script)
        data, source = seen.value, seen.source
        fit = _training_call(seen.node, seen.ctx.module)
        if fit is not None and effect in ("float64", "wider", "converted"):
            if fit in fits_said:
                continue  # fit(tf.cast(x, tf.float32), y, validation_data=(tf.cast(x_val, ...), y_val)): one fix
            fits_said.add(fit)
        if effect == "float64" and isinstance(source, Data) and seen.ctx.function is None and \
                made_root(source.root) in _predicted_after_training(script):
            continue
        if effect == "float64":
            yield script.finding(
                "dtype-blowup", seen.node,
                _("This makes a float64 copy of the whole data set ({size}): 8 bytes per value, twice float32.").format(
                    size=script.size_of(data)),
                _("Use float32: .astype('float32'), or dtype=np.float32."), module=seen.ctx.module)
        elif effect == "text":
            yield script.finding(
                "dtype-blowup", seen.node,
                _("astype(str) makes a copy of the whole data set with every number written out as a fixed-width "
                  "string: NumPy stores a float as up to 32 characters of 4 bytes each ('<U32', 128 bytes), where "
                  "float32 takes 4, so the copy is 16 to 32 times the array ({size}).").format(
                    size=script.size_of(source)),
                _("Keep the numbers numeric; where a library wants strings, convert only the columns that are "
                  "categories, or each batch when it is used."), module=seen.ctx.module)
        elif effect in ("wider", "converted"):
            source_dtype = _original_dtype(seen, script)
            facts = dict(dtype=data.dtype, size=script.size_of(data), source_dtype=source_dtype,
                         factor=ITEMSIZE[data.dtype] // ITEMSIZE[source_dtype])
            if effect == "wider":
                message = _("This makes a {dtype} copy of the whole data set ({size}) while the {source_dtype} "
                            "original is still held: {factor}× the memory of the original, on top of it.")
                fix = _("Convert where the data is first made, replacing the original (x = x.astype('float32')), or "
                        "keep uint8 and convert each batch when it is used.")
            else:
                message = _("This converts the whole {source_dtype} data set to {dtype} ({size}): {factor}× the "
                            "memory of the original, and both are held until the conversion is done.")
                fix = _("Keep the data set {source_dtype} and convert each batch when it is used (in the generator, "
                        "or tf.data's map), where the model needs floats.")
            yield script.finding("dtype-blowup", seen.node, message.format(**facts), fix.format(**facts),
                                 module=seen.ctx.module)
    # a float64 buffer nobody chose: filled with images or whole numbers (a one-hot), or shaped like images (four
    # dimensions, N x H x W x C, even where the script computes each of them: a cube of patches per pixel)
    buffers: dict[tuple[str, int], Seen] = {}
    # the data sets whose files are each made float64 and kept (said below, where they are made so): a float64 buffer
    # filled with their samples holds them at the dtype already said, and the fix is there
    kept_float64 = {made_root(data.root) for seen in script.seen("collected", "filled")
                    if (data := _kept_widened(seen)) is not None and not negligible(data) and
                    ITEMSIZE.get(data.widened_to or "float64", 8) == 8}
    filled_with_kept = {(seen.value.path, seen.value.line) for seen in script.seen("filled")
                        if isinstance(seen.value, Data) and isinstance(seen.source, Item) and
                        made_root(seen.source.root) in kept_float64}
    for seen in script.seen("filled", "created"):
        data = seen.value
        if isinstance(data, Data) and (data.path, data.line) in filled_with_kept:
            continue
        # (of an unknown count of small samples, 46 one-hot classes at 368 B each, nothing shows it is large)
        small_rows = total_bytes(data) is None and (sample_bytes(data) or LARGE_SAMPLE_BYTES) < LARGE_SAMPLE_BYTES \
            if isinstance(data, Data) else True
        if isinstance(data, Data) and data.implicit_float64 and not negligible(data) and not small_rows and (
                seen.what == "filled" and _fills_sample_by_sample(seen) or image_shaped(data) or
                len(data.shape or ()) == 4):
            buffers.setdefault((data.path, data.line), seen)
    # (a buffer of the windows cut around every position is said as those windows, where it is made: they are the
    # window's area times the array, its float64 twice a float32's)
    windows = {(str(module.path), kept_at) for module, _statement, _window, kept_at, _buffer in
               _windows_at_every_position(script)}
    for seen in buffers.values():
        data = seen.value
        if (data.path, data.line) in windows:
            continue
        if _dtype_written(data, script):  # np.zeros(shape, float)
            message = _("np.{how}(..., float) allocates float64: NumPy takes Python's float as 8 bytes per value, "
                        "for data that is uint8 (1 byte) or float32 (4) when used: {size}.")
        else:
            message = _("np.{how} without a dtype allocates float64, 8 bytes per value, for data that is uint8 "
                        "(1 byte) or float32 (4) when used: {size}.")
        yield script.finding(
            "dtype-blowup", seen.node, message.format(how=data.how, size=script.size_of(data)),
            _("Give the dtype: np.{how}(shape, dtype=np.uint8), or np.float32 when it must hold scaled values.").format(
                how=data.how), module=seen.ctx.module, line=data.line)
    # x = np.zeros((n, h, w, 3), np.float32); x[i] = cv2.imread(p).astype(np.float32) / 255: the dtype was chosen,
    # but each 8-bit file is made that wide before it is stored, so the buffer holds the data set at 4 or 8 bytes a
    # pixel; a uint8 buffer narrows it back (said where the buffer is made, as a float64 one nobody chose)
    widened_buffers: dict[tuple[str, int], tuple[Seen, Item]] = {}
    for seen in script.seen("filled"):
        data, item = seen.value, seen.source
        if isinstance(data, Data) and data.container == "numpy" and isinstance(item, Item) and \
                item.widened_line is not None and (data.path, data.line) not in buffers and not data.labels and \
                (data.path, data.line) not in filled_with_kept and \
                not negligible(data) and \
                ITEMSIZE.get(data.dtype or "", 0) >= ITEMSIZE.get(item.widened_to or "", 8) >= 4:
            widened_buffers.setdefault((data.path, data.line), (seen, item))
    for seen, item in widened_buffers.values():
        data = seen.value
        yield script.finding(
            "dtype-blowup", seen.node,
            _("This {dtype} array is filled with files each made {widened} before it is stored (line {line}): it "
              "holds the data set at {size} bytes per value, where a decoded 8-bit pixel takes 1.").format(
                dtype=data.dtype, widened=item.widened_to, line=seen.node.lineno, size=ITEMSIZE[data.dtype]),
            _("Make the array uint8 and store each decoded image as it is, then scale each batch when it is used "
              "(in a generator, a keras.utils.PyDataset or a tf.data map)."), module=seen.ctx.module, line=data.line)
    # X = np.zeros((len(sentences), maxlen, len(chars))); X[i, t, char_indices[c]] = 1: every sequence one-hot
    one_hot: dict[tuple[str, int], Seen] = {}
    for seen in script.seen("filled"):
        if _one_hot_sequences(seen) and not seen.value.labels:
            one_hot.setdefault((seen.value.path, seen.value.line), seen)
    for seen in one_hot.values():
        data = seen.value
        yield script.finding(
            "dtype-blowup", seen.node,
            _("This array one-hot encodes every sequence of the data set (filled on line {line}): a whole "
              "{dtype} vector, as long as the vocabulary, for each position of each sample ({size}), where the "
              "token's index takes one integer.").format(line=seen.node.lineno, dtype=data.dtype or "float64",
                                                          size=script.size_of(data)),
            _("Keep the indices (an (N, maxlen) int32 array) and use an Embedding layer or "
              "sparse_categorical_crossentropy; or one-hot each batch when it is used (tf.one_hot in a tf.data map, "
              "or a keras.utils.PyDataset)."), module=seen.ctx.module, line=data.line)
    # to_categorical(pad_sequences(texts, maxlen)): a float32 vector as long as the vocabulary for every token
    for seen in script.seen("one-hot-sequences"):
        yield script.finding(
            "dtype-blowup", seen.node,
            _("to_categorical() turns every token of every padded sequence into a float32 vector as long as the "
              "vocabulary ({size}), where the token's index takes one integer: the array is the vocabulary's size "
              "times the sequences it encodes.").format(size=script.size_of(seen.value)),
            _("Keep the indices (an (N, maxlen) int32 array) and use an Embedding layer or "
              "sparse_categorical_crossentropy; or one-hot each batch when it is used (tf.one_hot in a tf.data map, "
              "or a keras.utils.PyDataset)."), module=seen.ctx.module)
    # to_categorical(np.reshape(windows, ...)) of the windows a loop cut at every position of a text
    yield from one_hot_windows(script)
    # to_categorical(y, 3062), or the same written by hand: Y = np.zeros((n, vocab_size)); Y[i, word_id] = 1 (or a
    # one-hot row made in the loop and stored whole: Y[i, :] = row), said where the array is made
    hand_made = {(seen.value.path, seen.value.line): seen for seen in script.seen("filled")
                 if _one_hot_label_rows(seen)}
    for seen in script.seen("one-hot") + list(hand_made.values()):
        data = seen.value
        classes = data.shape[-1]
        row_bytes = classes * ITEMSIZE.get(data.dtype or "float64", 8)
        yield script.finding(
            "dtype-blowup", seen.node,
            _("One-hot labels for {classes:,} classes take {size} per sample, where an integer label takes 8 bytes: "
              "the label array grows {factor:,}-fold with the data set.").format(
                classes=classes, size=format_bytes(row_bytes), factor=row_bytes // 8),
            _("Keep integer labels and use sparse_categorical_crossentropy (Keras) or CrossEntropyLoss with class "
              "indices (PyTorch)."), module=seen.ctx.module, line=data.line if seen.what == "filled" else None)
    for seen in script.seen("one-hot-vocabulary"):
        yield script.finding(
            "dtype-blowup", seen.node,
            _("to_categorical() over the whole vocabulary gives every sample a float32 row with a value for each word "
              "(4 bytes a word), where the word's index takes one integer: the target array is the number of samples "
              "times the vocabulary's size."),
            _("Keep the word indices (an int32 array) and train with sparse_categorical_crossentropy, or one-hot "
              "each batch when it is used (in a generator or a keras.utils.PyDataset)."), module=seen.ctx.module)
    for seen in script.seen("collected", "filled"):
        data = _kept_widened(seen)
        tables = script.flow.rows_made_into.get(data.root, set()) if data is not None else set()
        if tables and not tables & script.image_roots():
            continue  # numbers parsed from a table's rows as floats: wide only where the rows are pixels
        if data is not None and seen.ctx.function is None and made_root(data.root) in _predicted_after_training(script):
            continue  # the pictures a trained model is run on at the end (eager_loading)
        if data is not None and not negligible(data):
            dtype = data.widened_to or "float64"
            if tables:  # a table's rows of pixel values, each parsed into floats
                message = _("Each row of pixel values is parsed into {dtype} here and then kept with all the "
                            "others (line {line}): the images are held at {size} bytes per pixel, where uint8 "
                            "takes 1.")
                fix = _("Parse each row as uint8 (np.array(values, 'uint8')) and scale each batch when it is "
                        "used (in a generator, a keras.utils.PyDataset or a tf.data map).")
            elif _one_hot_encoded(data) and vocabulary_one_hot(data.widened_at, _module_widened_in(data, seen, script)):
                # to_categorical([word], num_classes=vocab_size) for each (prefix, next word) pair, each row kept
                message = _("Each sample's target is one-hot encoded here over the whole vocabulary ({dtype}, a value "
                            "per word) and then kept with all the others (line {line}): every sample takes {size} "
                            "bytes per vocabulary word, where the word's index takes one integer.")
                fix = _("Keep the word indices (an int32 array) and train with sparse_categorical_crossentropy, or "
                        "one-hot each batch when it is used (in a generator or a keras.utils.PyDataset).")
            elif _one_hot_encoded(data):  # to_categorical(mask, 10): a float channel per class, every pixel
                message = _("Each file is one-hot encoded here, {dtype} with a channel per class, and then kept with "
                            "all the others (line {line}): every value takes {size} bytes per class, where its class "
                            "index takes 1.")
                fix = _("Keep the integer masks (uint8) and one-hot each batch when it is used (in the generator or "
                        "a tf.data map), or train on the indices with sparse_categorical_crossentropy.")
            elif ITEMSIZE.get(dtype, 8) == 8:
                message = _("Each file is made {dtype} here and then kept with all the others (line {line}): the "
                            "data set is held at 8 bytes per value, where a uint8 pixel takes 1 and float32 4.")
                fix = _("Convert to float32 first: img.astype('float32') / 255, or keep uint8 and scale each batch "
                        "when it is used.")
            elif seen.what == "collected" and _said_with_its_list(data):
                continue  # eager-loading's finding of the list says it
            else:  # uint8 pixels kept as float32: four times the decoded images
                message = _("Each file is made {dtype} here and then kept with all the others (line {line}): the "
                            "data set is held at {size} bytes per value, where a uint8 pixel takes 1.")
                fix = _("Keep the decoded uint8 images and scale each batch when it is used (in a Dataset's "
                        "__getitem__ or a tf.data map), or stream the files.")
            yield script.finding(
                "dtype-blowup", seen.node, message.format(dtype=dtype, line=seen.node.lineno,
                                                          size=ITEMSIZE.get(dtype, 8)),
                fix, module=_module_widened_in(data, seen, script), line=data.widened_line)


def _one_hot_encoded(data: Data) -> bool:
    """Made wider by to_categorical() (keras.utils, np_utils): a channel per class where there was one index."""
    widened_at = data.widened_at
    return isinstance(widened_at, ast.Call) and last_part(dotted_name(widened_at.func)) == "to_categorical"


def _fills_sample_by_sample(seen: Seen) -> bool:
    """X[i] = sample, X[k * n:(k + 1) * n] = frames: the first index follows a loop's variable, so each pass writes
    the next samples (X[:, t] = step writes every sample's); cube[pad:h + pad, i, :] = image[:, i, :] (a border
    mirrored column by column) writes within one array, whatever its size."""
    targets = getattr(seen.node, "targets", None) or [getattr(seen.node, "target", None)]
    target = targets[0]
    if not isinstance(target, ast.Subscript):
        return True
    first = target.slice.elts[0] if isinstance(target.slice, ast.Tuple) and target.slice.elts else target.slice
    if isinstance(first, ast.Slice) and first.lower is first.upper is first.step is None:
        return True  # dec[:, t] = best[:, t - 1]: a step of every sample at once
    # (the loops' own variables, or a counter they advance: X[k] = sample; k += 1, k = k + 1, k = min(k + 1, n - 1))
    walked = {name for loop in seen.ctx.loops for name in (names_in(loop.target) if isinstance(
        loop, (ast.For, ast.AsyncFor)) else set()) | {n.target.id for n in ast.walk(loop) if isinstance(
            n, ast.AugAssign) and isinstance(n.target, ast.Name)} | {
            n.targets[0].id for n in ast.walk(loop) if isinstance(n, ast.Assign) and len(n.targets) == 1 and
            isinstance(n.targets[0], ast.Name) and _advanced(n.targets[0].id, n.value)}}
    return bool(names_in(first) & walked)


def _advanced(name: str, value: ast.expr) -> bool:
    """``name = value`` steps a counter on: value adds to the name itself (k + 1, min(k + 1, last))."""
    return any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add) and
               any(isinstance(side, ast.Name) and side.id == name for side in (n.left, n.right))
               for n in ast.walk(value))


def _dtype_written(data: Data, script: Script) -> bool:
    """The call that made the buffer names a dtype (float, 'float'), where float64 came without one."""
    module = next((m for m in script.modules if str(m.path) == data.path), None)
    return module is not None and any(
        isinstance(n, ast.Call) and n.lineno == data.line and module.qualified(n.func) in NUMPY_CREATORS and
        (keyword_value(n, "dtype") is not None or len(n.args) > 1) for n in ast.walk(module.tree))


def _said_with_its_list(widened: Data) -> bool:
    """Files each made float32 (or float16) before a list keeps them (img_to_array(load_img(p)), ToTensor(),
    astype('float32') / 255): the dtype the model trains in, so the cost is keeping every file at all, which
    eager-loading's finding of the list says, with the line that made them so, not dtype-blowup again (a second finding
    was a problem to fix in 10 of the 51 scripts of the check sets that do it, none of them in the sets built after the
    vocabulary settled). A float64 widening, twice what the model trains in, and a float32 copy of arrays already in
    memory stay dtype-blowup's own."""
    return widened.content == FILES and ITEMSIZE.get(widened.widened_to or "", 8) < 8


def _kept_widened(seen: Seen) -> Data | None:
    """The list that keeps files each made wider before it keeps them: appended so (collected), or each put back
    in its own slot of the list it was read from (for i in range(len(clips)): clips[i] = clips[i] / 255, filled):
    the list then holds the data set at the wider dtype. None for anything else."""
    data, item = seen.value, seen.source
    if seen.what == "collected":
        return data if isinstance(data, Data) and data.widened_line else None
    if isinstance(data, Data) and data.container == "list" and not data.labels and isinstance(item, Item) and \
            item.widened_line is not None and item.root == data.root:
        return replace(data, widened_line=item.widened_line, widened_to=item.widened_to, widened_at=item.widened_at)
    return None


def _module_widened_in(data: Data, seen: Seen, script: Script) -> Module:
    """The file of the line where each item was made wider: a helper module's (vol = resize(vol, shape) in
    utils.py), or the one the items are kept in."""
    at = data.widened_at
    return script.module_of(at) if at is not None and getattr(at, "lineno", None) == data.widened_line \
        else seen.ctx.module


def _one_hot_sequences(seen: Seen) -> bool:
    """X[i, t, index[token]] = 1 into a buffer of three dimensions or more: a one-hot vector per position of
    every sequence, the last subscript looked up (a dictionary, a name), not a constant channel."""
    statement = seen.node
    value = seen.source
    if not isinstance(statement, ast.Assign) or not isinstance(value, Number) or value.value != 1:
        return False
    target = statement.targets[0]
    index = target.slice if isinstance(target, ast.Subscript) else None
    data = seen.value
    return isinstance(index, ast.Tuple) and len(index.elts) >= 3 and len(data.shape or ()) == len(index.elts) and \
        isinstance(index.elts[-1], (ast.Subscript, ast.Name, ast.Call)) and \
        all(not isinstance(e, ast.Slice) for e in index.elts)


def _one_hot_label_rows(seen: Seen) -> bool:
    """Y[i, word_id] = 1, or Y[i, :] = row after row[0, word_id] = 1 in the same loop, into an (N, classes) array
    of MANY_CLASSES or more: to_categorical written by hand, a row of the whole vocabulary per sample."""
    statement, data = seen.node, seen.value
    shape = data.shape or ()
    if not isinstance(statement, ast.Assign) or not isinstance(statement.targets[0], ast.Subscript) or \
            len(shape) != 2 or not isinstance(shape[1], int) or shape[1] < MANY_CLASSES or data.small or \
            not seen.ctx.loops:
        return False
    index = statement.targets[0].slice
    if isinstance(statement.value, ast.Constant) and statement.value.value == 1:
        return _looked_up_column(index)
    if not isinstance(statement.value, ast.Name):
        return False
    row = statement.value.id  # stored whole: was it made one-hot in this loop?
    return any(isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and node.value.value == 1 and
               isinstance(target := node.targets[0], ast.Subscript) and isinstance(target.value, ast.Name) and
               target.value.id == row and _looked_up_column(target.slice)
               for node in ast.walk(seen.ctx.loops[-1]))


def _looked_up_column(index: ast.AST) -> bool:
    """[i, word_to_id[w]], [0, answer[k]]: a row and a column looked up (not a constant, not a slice)."""
    return isinstance(index, ast.Tuple) and len(index.elts) == 2 and \
        not isinstance(index.elts[0], ast.Slice) and isinstance(index.elts[1], (ast.Subscript, ast.Name, ast.Call))


def _augmenters(script: Script, featurewise: bool = False) -> set[str]:
    """Names the script binds to a Keras ImageDataGenerator (train_aug = ImageDataGenerator(...)); with
    ``featurewise``, only those that compute a statistic of the whole data set (featurewise_center=True,
    featurewise_std_normalization=True, zca_whitening=True)."""
    # every file whose .flow() calls calls_named finds
    names = set()
    for node in (n for module in script.modules for n in ast.walk(module.tree)):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                last_part(dotted_name(node.value.func)) == "ImageDataGenerator" and \
                (not featurewise or any(k.arg in _FEATUREWISE_STATISTICS and isinstance(k.value, ast.Constant) and
                                        k.value.value is True for k in node.value.keywords)):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


_FEATUREWISE_STATISTICS = {"featurewise_center", "featurewise_std_normalization", "zca_whitening"}


def _augmented_arrays(script: Script, method: str, featurewise: bool = False) -> Iterator[tuple[ast.Call, Data]]:
    """Each call of an ImageDataGenerator's ``method`` (flow, fit) on an array the script shows is not small, with
    that array. What it is given is images, whatever its name (Keras wants rank 4): the masks a segmentation script
    augments with a second generator (datagen_msk.flow(Y_train)) are as large as the images."""
    augmenters = _augmenters(script, featurewise)
    for call in script.calls_named(method):
        if not isinstance(call.func, ast.Attribute) or not isinstance(call.func.value, ast.Name) or \
                call.func.value.id not in augmenters:
            continue
        x = call.args[0] if call.args else keyword_value(call, "x")
        data = script.value(x) if x is not None else None
        if isinstance(data, Data) and not negligible(data := replace(data, labels=False)):
            yield call, data


def flow_float_copy(script: Script) -> Iterator[Finding]:
    """ImageDataGenerator.flow(x): Keras's NumpyArrayIterator keeps np.asarray(x, dtype=floatx()), a float32
    copy of an integer or a float64 array (keras/src/legacy/preprocessing/image.py), as long as the iterator lives;
    of a float32 array, the array itself (no copy)."""
    for call, data in _augmented_arrays(script, "flow"):
        if (data.dtype or "").startswith(("uint", "int")) and ITEMSIZE.get(data.dtype or "", 4) < 4:
            yield script.finding(
                "dtype-blowup", call,
                _("ImageDataGenerator.flow() keeps its own float32 copy of this {dtype} array (np.asarray(x, "
                  "dtype='float32') in Keras's NumpyArrayIterator), {factor}× its size, for as long as the iterator "
                  "lives, next to the array itself (the array: {size}).").format(
                    dtype=data.dtype, factor=4 // ITEMSIZE[data.dtype], size=script.size_of(data)),
                _("Stream the images instead (flow_from_directory, or tf.data reading the files), or convert once "
                  "and drop the integer array (x = x.astype('float32'); then pass x)."))
        elif data.dtype == "float64":
            yield script.finding(
                "in-memory-array", call,
                _("ImageDataGenerator.flow() keeps its own float32 copy of this float64 array (np.asarray(x, "
                  "dtype='float32') in Keras's NumpyArrayIterator), half its size again, for as long as the "
                  "iterator lives, next to the array itself (the array: {size}).").format(size=script.size_of(data)),
                _("Make the array float32 where it is first made (np.array(images, dtype=np.float32), "
                  "x.astype('float32') / 255) so that flow() keeps it as it is, or stream the images "
                  "(flow_from_directory)."))


def augmenter_fit_copy(script: Script) -> Iterator[Finding]:
    """ImageDataGenerator.fit(x): Keras computes the feature-wise statistics on np.copy(np.asarray(x,
    dtype='float32')) (keras/src/legacy/preprocessing/image.py), so the whole array is held twice while it runs, and
    np.std makes one more temporary of its size; the caller's array stays. Said of a generator that computes a
    feature-wise statistic (featurewise_center=True): there fit() is needed, and the copy is its cost; of one that
    only augments, fit() computes nothing, and the script need not call it at all."""
    for call, data in _augmented_arrays(script, "fit", featurewise=True):
        if data.content == NAMES:
            continue
        yield script.finding(
            "duplicate-copy", call,
            _("ImageDataGenerator.fit() computes its statistics on a full float32 copy of this array (np.copy in "
              "Keras), and np.std makes another temporary of the same size, while the array itself stays (the "
              "array: {size}).").format(size=script.size_of(data)),
            _("Compute the mean and standard deviation yourself on a sample of the images (or batch by batch) and "
              "set datagen.mean and datagen.std instead of calling fit() on the whole array."))


def duplicate_copy(script: Script) -> Iterator[Finding]:
    """A full copy of a data set made while the original stays alive: the data is held twice."""
    reported: set[str] = set()
    # the dtypes each data set was said held twice in: x = np.array(images) said, x = x / 255. makes it float64 (8x),
    # and a split of that is a peak of its own, larger than the one said
    reported_as: dict[str, set[str | None]] = {}
    # data sets said held twice only while an array was built from their list in its place (x = np.array(x)): a
    # later copy made while the array stays (a split of it) is news, another array built from a list is not
    built: set[str] = set()
    # how many names held a data set when its copy was said: a copy made while more of them stay is a higher peak
    held_when_said: dict[str, int] = {}
    for seen in script.seen("copied"):
        effect = _copy_effect(seen, script)
        if effect not in ("duplicate", "from-list", "grown", "shuffled"):
            continue
        name = _copied_name(seen, script)
        # the array a function returns from a list of its own (return np.array(clips), in either branch of an if):
        # the list goes with the call, so this peak is its own, and a later copy of the array is news again
        returned = effect == "from-list" and name is not None and _returned_from_local_list(seen, name)
        # x = np.concatenate((x_val, x)) to re-split each fold: a peak of its own, each time the loop comes to it
        said = seen.source.root in reported and not _wider_than_said(seen.source, reported_as.get(seen.source.root, ()))
        # x = df.drop(columns=['label']) said, then train_test_split(x, y) while x and df both stay: the split is a
        # third copy, a peak above the one said (a split is the last copy before training, so it is the peak)
        said = said and not (seen.value.split and not seen.source.split and
                             len(seen.holders) > held_when_said.get(seen.source.root, 0))
        # a concatenation or a shuffle in the array's place is a peak of its own, whatever was said of the data set
        own_peak = effect in ("grown", "shuffled")
        if (said and not own_peak or seen.source.root in built and effect not in ("duplicate", "shuffled")) and \
                not returned:
            continue  # a third copy of a data set already said to be held twice says nothing new
        called = _returning_call(seen, script)
        original = name or next((h for h, _level in seen.holders), None) or \
            (f"{called}()" if called else _("the original"))
        if effect == "from-list" and name is not None and _rebinds(seen, [name]) and not returned:
            built.add(seen.source.root)
        elif not own_peak and not returned:  # held twice only while it is built: a later copy that stays is news
            reported.add(seen.source.root)
            reported_as.setdefault(seen.source.root, set()).add(seen.source.dtype)
            held_when_said[seen.source.root] = max(held_when_said.get(seen.source.root, 0), len(seen.holders))
        message, fix = _copy_advice(effect, original, script.size_of(seen.value))
        handed = _given_by_caller(seen, script) if effect == "duplicate" else None
        if handed is not None and _rebinds(seen, [handed[0]]):  # x = x / 255. in def normalize(x)
            message, fix = _handed_copy_advice(handed, seen.ctx.function, script.size_of(seen.value))
        yield script.finding("duplicate-copy", seen.node, message, fix, module=seen.ctx.module)
    # padded = np.ones((len(pics), h, widest, 1)); for k, p in enumerate(pics): padded[k, ...] = p: the array is
    # built from the list by hand, and the list still holds every sample
    buffers: set[tuple[str, int]] = set()
    for seen in script.seen("filled"):
        data, item = seen.value, seen.source
        if not isinstance(item, Item) or item.fresh or not item.root or item.root in reported or \
                (data.path, data.line) in buffers or negligible(data) or data.labels:
            continue
        listed = _iterated_list(seen, item.root, script)
        if listed is None or not _stays_alive(listed, seen, script):
            continue
        buffers.add((data.path, data.line))
        reported.add(item.root)
        message, fix = _copy_advice("from-list", listed, script.size_of(data))
        yield script.finding("duplicate-copy", seen.node, message, fix, module=seen.ctx.module, line=data.line)
    # for k in order: val_images.append(pixels[k] - mean): a new array made of each row of a data set that stays, and
    # kept: the list ends as a second copy of it (one list per split, each a copy of its part)
    for seen in script.seen("collected"):
        data, row = seen.value, _collected_element(seen, script)
        if not isinstance(data, Data) or data.content != ARRAYS or data.labels or negligible(data) or \
                not isinstance(row, Item) or not row.fresh or not row.root or row.root in reported:
            continue
        rows_of = _row_source(seen, row.root, script)
        if rows_of is None or not _stays_alive(rows_of, seen, script):
            continue
        message, fix = _copy_advice("duplicate", rows_of, script.size_of(data))
        yield script.finding("duplicate-copy", seen.node, message, fix, module=seen.ctx.module)
    for seen in script.seen("converted-twice"):
        source: Data = seen.source  # type: ignore[assignment]
        if negligible(source) or source.labels or source.content == NAMES:
            continue  # each such line is its own peak, even on the same data set (the train and test parts)
        yield script.finding(
            "duplicate-copy", seen.node,
            _("astype() copies an array that is already {dtype}, and the arithmetic makes a second full copy while "
              "the first is alive: the data set is in memory twice at this point ({size}).").format(
                dtype=source.dtype, size=script.size_of(seen.value)),
            _("Drop the astype() (it converts nothing), or convert in place: x = x.astype('float32', copy=False); "
              "x /= 255."), module=seen.ctx.module)
    yield from lines_copied(script)
    yield from _built_again(script)
    yield from _overlapping_windows(script)
    yield from _deque_windows(script)


def _overlapping_windows(script: Script) -> Iterator[Finding]:
    """for i in range(len(x) - w): windows.append(x[i:i + w]) (or buf[i] = x[start:stop], a comprehension of the
    slices, x[np.arange(w)[None, :] + np.arange(n - w)[:, None]]): a window at every position, one step apart, so
    each value of x is copied into every window it falls in, about w times the data set. (Batches,
    range(0, n, batch_size) with x[i:i + batch_size], do not overlap: a step named in the slice is not a window's.)"""
    for module, node, kept, window in _every_position_windows(script):
        name = dotted_name(window.value) or ast.unparse(window.value)
        yield script.finding(
            "duplicate-copy", kept,
            _("Every position's window of {name} is copied here ({window}), each one step from the last: "
              "the windows overlap, so each value of {name} is stored once for every window it falls in, "
              "many times the size of {name} itself.").format(name=name, window=ast.unparse(window)),
            _windows_fix(),
            module=module, line=_windows_made(kept, node, module, script))


def _windows_fix() -> str:
    """What to do instead of keeping every overlapping window (the two rules that find them say it alike)."""
    return _("Cut each window when a batch needs it (a Dataset whose __getitem__ returns x[i:i + w], "
             "tf.keras.utils.timeseries_dataset_from_array), or take views with "
             "np.lib.stride_tricks.sliding_window_view and copy only the rows of each batch.")


def _deque_windows(script: Script) -> Iterator[Finding]:
    """for row in table.values: recent.append(row); if len(recent) == n: samples.append([np.array(recent), y]), recent
    a deque(maxlen=n): the last n rows copied at every position, so each row is stored once for every window it
    falls in (the deque's own copies are what the list keeps). A stack of a few frames (maxlen=4, a DQN's state) is
    not a window of a series: at least _DEQUE_WINDOW rows, or a bound named as a window's length."""
    for module in script.modules:
        for loop in (n for n in ast.walk(module.tree) if isinstance(n, (ast.For, ast.AsyncFor))):
            function = module.function_of(loop)
            deques = bounded_deques(function.node if function is not None else module.tree)
            if not deques or not script.in_use(module, loop):
                continue
            calls = list(calls_in(loop))
            filled = {dotted_name(c.func.value) for c in calls if isinstance(c.func, ast.Attribute) and
                      c.func.attr == "append" and dotted_name(c.func.value) in deques}
            for call in calls:
                if not (isinstance(call.func, ast.Attribute) and call.func.attr == "append" and call.args) or \
                        dotted_name(call.func.value) in deques:
                    continue
                copied = next((name for c in calls_in(call.args[0]) for name in filled if _copies_whole(c, name)), None)
                if copied is None:
                    continue
                bound = deques[copied]
                rows = int_of(bound, module_numbers(script, module).at(loop.lineno))
                if rows is None and not (isinstance(bound, (ast.Name, ast.Attribute)) and
                                         words_of(last_part(dotted_name(bound))) & _WINDOW_WORDS) or \
                        rows is not None and rows < _DEQUE_WINDOW:
                    continue
                yield script.finding(
                    "duplicate-copy", call,
                    _("The last {rows} items held in {deque} are copied here at every pass of the loop: the windows "
                      "overlap, so each item is stored once for every window it falls in, {rows} times the series "
                      "itself.").format(rows=f"{rows:,}" if rows is not None else ast.unparse(bound), deque=copied),
                    _windows_fix(),
                    module=module)
                break  # one per loop: its other lists keep the same windows


def _copies_whole(call: ast.Call, name: str) -> bool:
    """np.array(recent), list(recent), np.stack(recent), recent.copy(): a new container of everything ``name`` holds."""
    if isinstance(call.func, ast.Attribute) and call.func.attr == "copy" and dotted_name(call.func.value) == name:
        return True
    return last_part(dotted_name(call.func)) in ("array", "asarray", "list", "tuple", "stack", "vstack",
                                                 "concatenate", "tensor") and bool(call.args) and \
        dotted_name(call.args[0]) == name


# A deque of at least this many items copied at every position is a window of a series, not a few frames stacked
_DEQUE_WINDOW = 8
# Words that name a window's length
_WINDOW_WORDS = {"window", "seq", "sequence", "steps", "lookback", "history", "len", "length", "period", "horizon"}


def _every_position_windows(script: Script) -> list[tuple[Module, ast.AST, ast.AST, ast.Subscript]]:
    """(module, the loop or index, what keeps the windows, the window) for each set of overlapping windows of a
    data set the script cuts at every position, found once per script."""
    def find() -> list[tuple[Module, ast.AST, ast.AST, ast.Subscript]]:
        windows = []
        for module in script.modules:
            for node in ast.walk(module.tree):
                if isinstance(node, ast.Subscript) and _window_index(node.slice, module):
                    found = [(node, node)] if script.in_use(module, node) else []
                elif isinstance(node, (ast.For, ast.ListComp, ast.GeneratorExp)):
                    found = list(_windows_kept(node, module, script))
                else:
                    continue
                for kept, window in found[:1]:  # one per loop: its other lists are the same positions
                    data = script.value(window.value)
                    # the grid of windows spans the whole length of what it indexes, whatever the flow knows of
                    # it; a slice in a loop is a window of a data set only where the flow knows one, or where the
                    # loop's positions run over the whole length of what it cuts
                    if not isinstance(data, Data) and not (data is None and (
                            kept is window or _positions_span(node, window.value, module) and
                            _encodes_each_element(kept, window, module))) or \
                            isinstance(data, Data) and (data.labels or negligible(data) or data.content == NAMES) or \
                            is_labels(words_of(last_part(dotted_name(window.value)))) or \
                            isinstance(data, Data) and _few_values_per_window(window, data, script):
                        continue
                    windows.append((module, node, kept, window))
        return windows
    return script.memoized("every-position-windows", find)


def one_hot_windows(script: Script) -> Iterator[Finding]:
    """to_categorical(X) (tf.one_hot, F.one_hot) where X is made of the list of windows a loop cut at every
    position of a text (windows.append([index[c] for c in text[i:i + w]]); X = np.reshape(windows, ...)): a vector
    as long as the alphabet for every element of every window, the text many times over, times the classes."""
    lists: dict[tuple[Module, str], int] = {}
    for module, _loop, kept, _window in _every_position_windows(script):
        if isinstance(kept, ast.Call) and isinstance(kept.func, ast.Attribute) and kept.func.attr == "append":
            listed = dotted_name(kept.func.value)
            if listed:
                lists.setdefault((module, listed), kept.lineno)
    if not lists:
        return
    for call in script.calls_named("to_categorical", "one_hot"):
        module = script.module_of(call)
        source = call.args[0] if call.args else keyword_value(call, "y") or keyword_value(call, "indices")
        if source is None or module.function_of(call) is not None and module.function_of(call).name in (
                "__getitem__", "__data_generation"):
            continue
        listed = _made_of_list(source, module, {name for (m, name) in lists if m is module})
        if listed is None:
            continue
        kept_line = lists[(module, listed)]
        yield script.finding(
            "dtype-blowup", call,
            _("This one-hot encodes every element of every window cut on line {line}: the windows overlap, so they "
              "already hold the text many times over, and one-hot each element becomes a float vector as long as "
              "the alphabet (or vocabulary) where its index takes one integer.").format(line=kept_line),
            _("Keep the indices (an (N, maxlen) int32 array) and use an Embedding layer or "
              "sparse_categorical_crossentropy; or one-hot each batch when it is used (tf.one_hot in a tf.data map, "
              "or a keras.utils.PyDataset)."), module=module)


def _made_of_list(expression: ast.expr, module: Module, lists: set[str], depth: int = 0) -> str | None:
    """The name of one of ``lists`` that ``expression`` is made of: itself, an array or reshape of it, or a name
    bound to one of those before (x = np.reshape(windows, (n, w, 1)))."""
    for node in ast.walk(expression):
        if isinstance(node, (ast.Name, ast.Attribute)) and dotted_name(node) in lists:
            return dotted_name(node)
        if isinstance(node, ast.Name) and depth < 4:
            bound = module.value_before(node)
            if bound is not None and bound is not expression:
                found = _made_of_list(bound, module, lists, depth + 1)
                if found is not None:
                    return found
    return None


# At most this many values in one window (its steps times the values of a step): the windows together hold at most
# this many times the series, a few hundred bytes per step, small for any series that fits a file
_FEW_WINDOW_VALUES = 32


def _few_values_per_window(window: ast.Subscript, data: Data, script: Script) -> bool:
    """series[t:t + 10] of one column (shape (n,) or (n, 1)): the windows are ten values per step of a series the
    script shows holds a value or two per step, a copy a few times the size of a single column, not the data set
    many times over (a window whose width or a step's width the script does not show is not this)."""
    if data.shape is None or not 1 <= len(data.shape) <= 2 or None in data.shape[1:]:
        return False
    per_step = data.shape[1] if len(data.shape) == 2 else 1
    pieces = window.slice.elts if isinstance(window.slice, ast.Tuple) else [window.slice]
    piece = next((p for p in pieces if isinstance(p, ast.Slice)), None)
    upper = piece.upper if piece is not None else None
    if not isinstance(upper, ast.BinOp) or not isinstance(upper.op, ast.Add) or piece.lower is None:
        return False
    start = ast.dump(piece.lower)
    widths = [side for side, other in ((upper.right, upper.left), (upper.left, upper.right)) if ast.dump(other) == start]
    width = script.value(widths[0]) if widths else None
    return isinstance(width, Number) and 0 < width.value * per_step <= _FEW_WINDOW_VALUES


# What makes one array of a list of arrays: where a list of windows (views until then) is copied whole
_LIST_TO_ARRAY = {"array", "asarray", "stack", "vstack", "concatenate", "tensor", "Tensor", "FloatTensor",
                  "convert_to_tensor"}


def _windows_made(kept: ast.AST, loop: ast.AST, module: Module, script: Script) -> int:
    """The line where the windows become memory of their own: the allocation of the buffer they are written into,
    the np.array (torch.tensor, np.stack) of the list they are appended to after the loop, else the line that
    keeps them."""
    function = module.function_of(loop)
    scope = own_nodes(function.node) if function is not None else _module_level_nodes(module.tree)
    if isinstance(kept, ast.Assign):
        buffer = dotted_name(kept.targets[0].value)  # type: ignore[attr-defined]
        made = module.last_assignment(buffer, loop, function.node if function is not None else None)
        if made is not None:
            return made.statement.lineno
    elif isinstance(kept, ast.Call) and isinstance(kept.func, ast.Attribute):
        listed = dotted_name(kept.func.value)
        made = [node.lineno for node in scope if isinstance(node, ast.Call) and node.args and
                node.lineno > (loop.end_lineno or loop.lineno) and dotted_name(node.args[0]) == listed and
                last_part(dotted_name(node.func)) in _LIST_TO_ARRAY]
        if made:
            return min(made)
    return kept.lineno


def _encodes_each_element(kept: ast.AST, window: ast.Subscript, module: Module) -> bool:
    """windows.append([index[c] for c in chunk]) (or list(map(index.get, chunk))) with chunk the window: each element
    of the window looked up one by one, a text's characters or words made ids, a Python int per element of every
    window. (A window kept as it is, a slice of a series the script does not show, may be a few thousand values.)"""
    if not isinstance(kept, ast.Call) or not kept.args:
        return False
    cut = ast.unparse(window)

    def is_window(iterated: ast.expr) -> bool:
        if iterated is window:
            return True
        bound = module.value_before(iterated) if isinstance(iterated, ast.Name) else None
        return bound is not None and ast.unparse(bound) == cut

    for node in ast.walk(kept.args[0]):
        if isinstance(node, (ast.ListComp, ast.GeneratorExp)) and len(node.generators) == 1 and \
                isinstance(node.elt, (ast.Subscript, ast.Call)) and is_window(node.generators[0].iter):
            return True
        if isinstance(node, ast.Call) and dotted_name(node.func) == "map" and len(node.args) == 2 and \
                is_window(node.args[1]):
            return True
    return False


def _positions_span(loop: ast.AST, sequence: ast.expr, module: Module) -> bool:
    """for i in range(len(text) - w), or with n = len(text) (n, k = len(text), len(vocab)) bound before: the loop's
    positions run over the whole length of the sequence its windows are cut from, whatever the flow knows of it.
    Every position only (no step, or a step of 1): with a stride the windows overlap fewer times, and of a sequence
    of unknown size that is not shown to be large."""
    generators = [loop] if isinstance(loop, ast.For) else getattr(loop, "generators", [])
    name = dotted_name(sequence)
    for generator in generators:
        iterated = generator.iter
        if not isinstance(iterated, ast.Call) or dotted_name(iterated.func) != "range" or not iterated.args or \
                name is None:
            continue
        step = iterated.args[2] if len(iterated.args) > 2 else None
        if step is not None and not (isinstance(step, ast.Constant) and step.value == 1):
            continue
        stop = iterated.args[1] if len(iterated.args) > 1 else iterated.args[0]
        bounds = [stop] + [bound for n in ast.walk(stop) if isinstance(n, ast.Name) and
                           (bound := module.value_before(n)) is not None]
        if any(isinstance(n, ast.Call) and dotted_name(n.func) == "len" and n.args and dotted_name(n.args[0]) == name
               for bound in bounds for n in ast.walk(bound)):
            return True
    return False


def _windows_kept(loop: ast.For | ast.ListComp | ast.GeneratorExp, module: Module,
                  script: Script) -> Iterator[tuple[ast.AST, ast.Subscript]]:
    """(what keeps it, the slice) for each window of an array that a loop over positions keeps: appended to a list,
    written into a buffer, or the element of a comprehension. Not in a generator or a Dataset's __getitem__, which
    cut the windows of one batch or one item."""
    function = module.function_of(loop)
    if function is not None and (function.name == "__getitem__" or any(
            isinstance(n, (ast.Yield, ast.YieldFrom)) for n in own_nodes(function.node))) or \
            not script.in_use(module, loop):
        return
    if isinstance(loop, ast.For):
        generators, body = [loop], [n for statement in loop.body for n in ast.walk(statement)]
    else:
        generators, body = loop.generators, [loop.elt]
    for generator in generators:
        iterated = generator.iter
        if not isinstance(generator.target, ast.Name) or not isinstance(iterated, ast.Call) or \
                dotted_name(iterated.func) != "range" or not iterated.args:
            continue
        step = iterated.args[2] if len(iterated.args) > 2 else None
        if isinstance(step, ast.Constant) and step.value != 1 or \
                step is not None and not isinstance(step, (ast.Constant, ast.Name, ast.Attribute)):
            continue
        # the names the loop derives from the position (stop = idx[i] - ahead; start = stop - win), by definition
        derived = {node.targets[0].id: node.value for node in body if isinstance(node, ast.Assign) and
                   len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)}
        for node in body:
            if isinstance(loop, ast.For):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                        node.func.attr == "append" and node.args:
                    kept, given = node, node.args[0]
                elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript):
                    kept, given = node, node.value
                else:
                    continue
            else:
                kept, given = loop, node
            for window in (n for n in ast.walk(given) if isinstance(n, ast.Subscript)):
                if _moving_slice(window.slice, generator.target.id, derived, step):
                    yield kept, window
            # chunk = text[i:i + w]; windows.append([index[c] for c in chunk]): the window cut into a name first,
            # then kept (or encoded, a value per element) through it
            for name in (n for n in ast.walk(given) if isinstance(n, ast.Name) and n.id in derived):
                window = derived[name.id]
                if isinstance(window, ast.Subscript) and \
                        _moving_slice(window.slice, generator.target.id, derived, step):
                    yield kept, window


def _moving_slice(index: ast.expr, position: str, derived: dict[str, ast.expr], step: ast.expr | None) -> bool:
    """x[i:i + w], x[:, i - c:i + c + 1], x[start:stop] with start = stop - w: a range of positions whose ends both
    move one position per pass of the loop over ``position``. Not a batch: x[k * n:(k + 1) * n] moves by its
    width, and a width that is the loop's step or a batch size (range(0, n, batch_size)) says the same."""
    pieces = index.elts if isinstance(index, ast.Tuple) else [index]
    stepped = dotted_name(step) if step is not None and not isinstance(step, ast.Constant) else None
    if sum(isinstance(piece, ast.Slice) and bool(names_in(piece)) for piece in pieces) > 1:
        return False  # cube[:, r:r + 9, c:c + 9]: a pixel's neighbourhood, a patch, as the flow reads it
    for piece in pieces:
        if not isinstance(piece, ast.Slice) or piece.lower is None or piece.upper is None or piece.step is not None:
            continue
        used = {dotted_name(n) for n in ast.walk(piece) if isinstance(n, (ast.Name, ast.Attribute))}
        if _moves_by_one(piece.lower, position, derived) and _moves_by_one(piece.upper, position, derived) and \
                stepped not in used and not any(names_batch_size(last_part(u)) for u in used):
            return True
    return False


def _moves_by_one(bound: ast.expr, position: str, derived: dict[str, ast.expr], depth: int = 0) -> bool:
    """i, i + w, i - c // 2, idx[i] - ahead, or a name the loop binds to one of those: the loop's position shifted by
    what does not change with it (not k * n, which moves n at a time)."""
    if depth > 12:  # a name the loop binds to itself (offset = offset + n) is not followed for ever
        return False
    if isinstance(bound, ast.Name):
        return bound.id == position or bound.id in derived and bound.id != position and \
            _moves_by_one(derived[bound.id], position, derived, depth + 1)
    if isinstance(bound, ast.Subscript):  # idx_range[i]: the i-th of a run of positions
        return _moves_by_one(bound.slice, position, derived, depth + 1)
    if isinstance(bound, ast.BinOp) and isinstance(bound.op, (ast.Add, ast.Sub)):
        sides = [bound.left, bound.right]
        moving = [side for side in sides if _moves_by_one(side, position, derived, depth + 1)]
        still = [side for side in sides if not ({position} | set(derived)) & names_in(side)]
        return len(moving) == 1 and len(still) == 1
    return False


def _window_index(index: ast.expr, module: Module) -> bool:
    """np.arange(w)[None, :] + np.arange(n - w)[:, None]: a grid of every position's window, broadcast."""
    if not isinstance(index, ast.BinOp) or not isinstance(index.op, ast.Add):
        return False
    sides = [index.left, index.right]
    return all(isinstance(side, ast.Subscript) and isinstance(side.value, ast.Call) and
               last_part(module.qualified(side.value.func)) == "arange" and
               any(isinstance(n, ast.Constant) and n.value is None for n in ast.walk(side.slice)) for side in sides)


def _built_again(script: Script) -> Iterator[Finding]:
    """train, test = prepare_data() twice in one block, with the same arguments: the script's own function builds
    its data set anew on each call (np.zeros filled, np.array of a list), so the second call makes a second copy
    while what the first returned is still held."""
    first_calls: dict[tuple, tuple[ast.Call, list[str]]] = {}
    names = sorted({info.name for module in script.modules for info in module.functions.values()} |
                   {name for module in script.modules for name in module.classes})
    for call in script.calls_named(*names) if names else ():
        callee = script.value(call.func)
        module = script.module_of(call)
        statement = module.statement_of(call)
        if isinstance(callee, FunctionRef):
            data = _built_data(script.value(call))
            # calls in one block, not in the two branches of an if, with the same arguments as written
            given = call.args + [k.value for k in call.keywords]
        elif isinstance(callee, ClassRef):
            # Segments(train_pkl, 'LMC') and Segments(train_pkl, 'MC'): each instance loads the file its __init__ is
            # given whole, whatever the other arguments choose of it
            data, given = _loaded_by_constructor(callee.info, call, script)
        else:
            continue
        if data is None:
            continue
        key = (id(module.parents.get(statement)), getattr(callee, "info", None), ast.dump(ast.Tuple(given)))
        # (an if's body and its else share the if as their parent: a call in the other branch is a first one)
        if key not in first_calls or other_branches(module.tree, module.statement_of(first_calls[key][0]), statement):
            held = [dotted_name(t) for target in getattr(statement, "targets", []) for t in ast.walk(target)
                    if isinstance(t, (ast.Name, ast.Attribute))]
            first_calls[key] = (call, held)
            continue
        first, held = first_calls[key]
        function = module.function_of(call)
        here = Seen("built", call, Context(module, function))
        alive = [name for name in held if not _unbound_between(name, first, call, function, module) and
                 _stays_alive(name, here, script)]
        together = module.statement_of(first) is statement  # ZipDataset(Segments(p, 'LMC'), Segments(p, 'MC'))
        if not alive and not together:
            continue
        if isinstance(callee, ClassRef):
            yield script.finding(
                "duplicate-copy", call,
                _("{cls}() loads the same file whole a second time here ({given}), while the instance made on line "
                  "{line} still holds it: the data set is in memory twice ({size}).").format(
                    cls=callee.info.name, given=", ".join(ast.unparse(g) for g in given), line=first.lineno,
                    size=script.size_of(data)),
                _("Load the file once and hand both what they need of it (one instance whose __getitem__ gives "
                  "every view, or the loaded records passed to each)."), module=module)
            continue
        yield script.finding(
            "duplicate-copy", call,
            _("{function}() runs again here and builds its data set a second time, while {name}, made from what it "
              "returned on line {line}, is still held: the data set is in memory twice ({size}).").format(
                function=callee.info.name, name=alive[0], line=first.lineno, size=script.size_of(data)),
            _("Call it once and reuse what it returned (or del the first result before calling it again)."),
            module=module)


def _loaded_by_constructor(cls: ClassInfo, call: ast.Call, script: Script) -> tuple[Data | None, list[ast.expr]]:
    """What the __init__ of a class the script defines loads whole from a file a parameter names and keeps whole in
    an attribute (with open(pkl_path, 'rb') as f: self.items = pickle.load(f)), and the arguments this call gives
    those parameters; (None, []) where it loads none. Each instance holds the whole file, whatever its other
    arguments choose of it per item (a feature set); one that keeps a part (is_train: the first 80 % of a frame
    read into a local) is not counted."""
    init = next((k.methods["__init__"] for k in script.flow.class_chain(cls) if "__init__" in k.methods), None)
    if init is None:
        return None, []
    arguments = init.node.args
    parameters = [a.arg for a in arguments.posonlyargs + arguments.args][1:]
    for seen in script.seen("loaded"):
        data = seen.value
        if seen.ctx.function is not init or not isinstance(data, Data) or negligible(data) or data.labels:
            continue
        statement = seen.ctx.module.statement_of(seen.node)
        if not (isinstance(statement, ast.Assign) and statement.value is seen.node and
                any(self_attribute(t) is not None for t in statement.targets)):
            continue
        read = _names_read_by(seen)
        given = [call.args[parameters.index(p)] if parameters.index(p) < len(call.args) else
                 next((k.value for k in call.keywords if k.arg == p), None) for p in parameters if p in read]
        if given and None not in given and not any(isinstance(g, ast.Starred) for g in call.args):
            return data, given
    return None, []


def _names_read_by(load: Seen) -> set[str]:
    """The names a whole load reads its path from: in it (np.load(path)), and in the open() of the with statement
    that gives it its file (with open(path) as f: pickle.load(f))."""
    names = names_in(load.node)
    parents = load.ctx.module.parents
    node = parents.get(load.node)
    while node is not None:
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if isinstance(item.optional_vars, ast.Name) and item.optional_vars.id in names:
                    names = names | names_in(item.context_expr)
        node = parents.get(node)
    return names


def _unbound_between(name: str, first: ast.AST, later: ast.AST, function: FunctionInfo | None,
                     module: Module) -> bool:
    """``name`` is deleted or bound anew between two statements (x = build(); del x; y = build())."""
    nodes = own_nodes(function.node) if function is not None else _module_level_nodes(module.tree)
    return any(first.lineno < getattr(node, "lineno", 0) < later.lineno and _lets_go(node, name) for node in nodes)


def _built_data(value: Value) -> Data | None:
    """The data set a call of the script's own function returns, made anew by it on each call; None for one it
    was given, a small one, labels, or random draws (noise(n) twice is two batches of noise, not one twice)."""
    items = value.items if isinstance(value, Several) else (value,)
    return next((v for v in items if isinstance(v, Data) and PER_CALL in v.root and not v.labels and
                 not negligible(v) and v.content != NAMES and v.how not in _RANDOM_DRAWS), None)


# What NumPy's random creators call the arrays they make (Data.how)
_RANDOM_DRAWS = {last_part(name) for name in NUMPY_CREATORS if name.startswith("numpy.random.")}


def _collected_node(seen: Seen) -> ast.AST | None:
    """The expression a collected list keeps one of: the argument of its append, the element of its comprehension."""
    node = seen.node
    return node.args[0] if isinstance(node, ast.Call) and node.args else getattr(node, "elt", None)


def _collected_element(seen: Seen, script: Script) -> Value:
    """What a collected list keeps one of (``_collected_node``'s value)."""
    element = _collected_node(seen)
    return script.value(element) if element is not None else None


def _row_source(seen: Seen, root: str, script: Script) -> str | None:
    """The name of the array of data set ``root`` whose rows the collected element is made of (pixels in
    pixels[k] - mean); not of a window cut across every row (cube[:, r:r + 9, c:c + 9], a patch per position)."""
    node = _collected_node(seen)
    for part in ast.walk(node) if node is not None else ():
        index = part.slice.elts[0] if isinstance(part, ast.Subscript) and isinstance(part.slice, ast.Tuple) and \
            part.slice.elts else getattr(part, "slice", None)
        if isinstance(part, ast.Subscript) and isinstance(part.value, (ast.Name, ast.Attribute)) and \
                not isinstance(index, ast.Slice):
            value = script.value(part.value)
            if isinstance(value, Data) and value.root == root and value.container != "list":
                return dotted_name(part.value)
    return None


def _iterated_list(seen: Seen, root: str, script: Script) -> str | None:
    """The name of the list of samples that a loop around a buffer's filling goes over (for k, p in
    enumerate(pics)), when what fills the buffer is its rows: a whole list of arrays, not a few."""
    for loop in reversed(seen.ctx.loops):
        iterable = getattr(loop, "iter", None)
        for node in ast.walk(iterable) if iterable is not None else ():
            value = script.value(node)
            if isinstance(node, ast.Name) and isinstance(value, Data) and value.root == root and \
                    value.container == "list" and value.content in (FILES, ARRAYS) and not negligible(value):
                return node.id
    return None


def _returned_from_local_list(seen: Seen, name: str) -> bool:
    """return np.array(clips), clips a list the function itself makes of new arrays (decoded files, not views of
    an array it was given): the list goes when the function returns, and the array alone stays (in either branch
    of an if: each is the one copy of its path; or x = np.array(clips) ... return x, y, where clips = np.array(clips)
    is the array built in the list's place, said held twice only while it is built)."""
    function = seen.ctx.function
    source: Data = seen.source  # type: ignore[assignment]
    if function is None or "." in name or not _returned_statement(seen.ctx.module.statement_of(seen.node),
                                                                   function, name) or \
            source.root != f"{source.path}:{source.line}" or \
            not function.node.lineno <= source.line <= (function.node.end_lineno or 0):
        return False
    if name in function.parameter_names or name in function.declared_globals:
        return False
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
               for n in own_nodes(function.node))


def _returned_statement(statement: ast.AST | None, function: FunctionInfo, copied: str) -> bool:
    """``return ...``, or an assignment to a name other than ``copied`` that one of the function's returns gives
    back (alone or in a tuple)."""
    if isinstance(statement, ast.Return):
        return True
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1 and
            isinstance(statement.targets[0], ast.Name)) or statement.targets[0].id == copied:
        return False
    target = statement.targets[0].id
    for node in own_nodes(function.node):
        if isinstance(node, ast.Return) and node.value is not None:
            given = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            if any(isinstance(g, ast.Name) and g.id == target for g in given):
                return True
    return False


def _copy_advice(effect: str, name: str, size: str) -> tuple[str, str]:
    """What duplicate-copy says of a copy of ``name`` ({size}), and its fix, by what the copy does."""
    if effect == "grown":
        return (_("This concatenation builds a new array of all of {name} and what is added to it, and {name} is "
                  "freed only once the new one is complete: at this point the data set is in memory twice "
                  "({size}).").format(name=name, size=size),
                _("Preallocate the final array (np.empty((total, ...), dtype=...)) and write each part into it, or "
                  "add the extra samples per batch (augmentation in the input pipeline) instead of to the whole "
                  "array."))
    if effect == "shuffled":
        return (_("This shuffle builds a reordered copy of every row of {name}, and {name} lets go of the old order "
                  "only once the copy is complete: at this point the data set is in memory twice ({size}).").format(
                    name=name, size=size),
                _("Shuffle the row indices instead and take each batch's rows with them (x[perm[i:i + batch]]), or "
                  "let the input pipeline shuffle (fit(shuffle=True), DataLoader(shuffle=True)); np.random.shuffle(x) "
                  "shuffles an array in place."))
    if effect == "from-list":
        return (_("This builds one array from the list {name} while the list still holds every sample: the data set "
                  "is in memory twice at this point ({size}), which is where such scripts run out of "
                  "memory.").format(name=name, size=size),
                _("Preallocate the array (np.empty((count, ...), dtype=...)) and fill it as the files are read, "
                  "instead of collecting a list and converting it; or stream the files."))
    return (_("A second full copy of {name} is made here while {name} stays alive: the data set is held twice "
              "(the copy: {size}).").format(name=name, size=size),
            _("Replace the original instead of keeping both (x = x.astype('float32'), or del the original right "
              "after); fill a preallocated array instead of np.array(list); torch.from_numpy and np.asarray share "
              "memory instead of copying."))


def _handed_copy_advice(handed: tuple[str, str], function: FunctionInfo, size: str) -> tuple[str, str]:
    """What duplicate-copy says of x = x / 255. in a function whose caller still holds the x it gave."""
    parameter, caller = handed
    return (_("{parameter} is rebound to a full copy of itself here, but the caller's {caller}, passed to "
              "{function}(), still holds the original until the call returns: the data set is held twice (the "
              "copy: {size}).").format(parameter=parameter, caller=caller, function=function.name, size=size),
            _("Work in place (x /= 255., x -= mean, np.clip(x, 0, 1, out=x)) on an array of the final dtype, or "
              "convert where the data is first made, so that the function does not copy what its caller keeps."))


def lines_copied(script: Script) -> Iterator[Finding]:
    """for row in rows: cleaned.append(...): a second list of every line of the training text, built while the
    first one still holds them all."""
    reported: set[str] = set()
    for seen in script.seen("copied-lines"):
        data, source = seen.value, seen.source
        if source.root != f"{source.path}:{source.line}":
            continue  # built from a list that is itself the second: said where that one is built
        if data.root in reported or not read_in_batches(data, script):
            continue
        reported.add(data.root)
        yield script.finding(
            "duplicate-copy", seen.node,
            _("A second list of every line is built here from {name}, which still holds them all while it is "
              "built: the training text is in memory twice at this point.").format(name=seen.target),
            _("Transform each line as it is read (one pass over the file), or read the file lazily; if both "
              "lists are needed, del the first one as soon as the second is complete."), module=seen.ctx.module)


def _wider_than_said(source: Data, said_in: Iterable[str | None]) -> bool:
    """The array copied now is wider than every dtype its data set was said held twice in (x / 255. made the
    uint8 stack float64 since): the copy's peak is new, several times the one said."""
    now = ITEMSIZE.get(source.dtype or "")
    before = [ITEMSIZE.get(dtype or "") for dtype in said_in]
    return source.container == "numpy" and now is not None and bool(before) and \
        all(size is not None and size < now for size in before)


def _copy_effect(seen: Seen, script: Script, decoded_targets: bool = False) -> str | None:
    """What a copy of a data set does to memory: 'float64' (a float64 copy of smaller values), 'wider' (larger
    values while the original stays), 'converted' (larger values in place of the original), 'duplicate' (the
    same data twice), 'shuffled' (a reordered copy in the original's place, held with it until whole), or None (a
    copy that replaces). ``decoded_targets``: the copy is of targets decoded from files, judged as images whatever
    their name."""
    data, source = seen.value, seen.source
    if isinstance(data, Data) and isinstance(source, Data) and source.labels and source.content == FILES:
        # y_patches.astype('float32') / 255 of a denoiser's clean photos (masks, ground truth decoded from files):
        # images whatever their name says, made wider they weigh what the inputs made wider do. Only the dtype is
        # said: their plain copies (np.array(masks) beside np.array(images)) found 3 labels and 5 false alarms
        effect = _copy_effect(replace(seen, value=replace(data, labels=False), source=replace(source, labels=False)),
                              script, decoded_targets=True)
        return effect if effect in ("float64", "wider", "converted") else None
    if not isinstance(data, Data) or not isinstance(source, Data) or source.labels or data.labels or \
            negligible(data) or negligible(source) and not _shown_large(data) or \
            source.content == NAMES and not _text_lines_array(source, data):
        # (3,000 pictures of 96 × 96 × 3 bytes are 83 MB, and 332 MB as the float32 copy: the copy's own size says)
        return None
    if data.dtype == TEXT_DTYPE and source.dtype != TEXT_DTYPE and source.content in (ARRAYS, TABLE) and \
            not is_labels(words_of(_copied_name(seen, script) or "")) and not _one_named_column(seen.node, script):
        return "text"  # held or not: the strings of the whole array exist at once, however briefly
    before, after = ITEMSIZE.get(_original_dtype(seen, script) or ""), ITEMSIZE.get(data.dtype or "")
    wider = before is not None and after is not None and after > before
    if wider and data.dtype == "float64":
        return "float64"
    if before is not None and after is not None and 4 * after <= before and source.container != "list":
        # x.astype(np.uint8) of floats (to save or show them): the copy is a quarter of the array or less, not the
        # data set held twice (float32 of float64 is half as much again, still a copy that counts; an array built
        # from a list of arrays, narrower or not, is still the list's samples held twice while it is built)
        return None
    name = _copied_name(seen, script)
    # x = x.astype('float32') / 255: the float copy, scaled in its own dtype, takes x's place for the rest of the run,
    # as x = x.astype('float32') does; return (x.astype('float32') - 127.5) / 127.5 of uint8 pixels that stay: a
    # float32 copy held beside them
    scaled = data.dtype in ("float16", "float32", "float64") and name is not None
    if not _held(seen.node, seen.ctx.module, scaled_in_its_dtype=scaled):
        return None  # torch.tensor(x).float().to(device): a temporary on its way somewhere else
    if (source.content == TABLE or few_values_per_row(source)) and _largest_shape(source, script) is None:
        # a table's rows are a few numbers each, as are those of an array the script shapes so (history =
        # np.zeros((0, 4)), one row of an epoch's metrics added per pass): a copy of it is rarely what fills memory
        return None
    if _small_samples_of_unshown_count(source, script) and _trained_on(source, script) and \
            source.root not in _roots_loaded_large(script):
        # pickled 20 × 44 MFCC matrices fed to the model: the count decides, and nothing shows it (a load
        # whole-dataset-load shows is large, the cache the script pickled its decoded glyphs to, is)
        return None
    if name is not None and is_labels(words_of(last_part(name))) and not decoded_targets:
        return None  # y_train, labels: one number per sample
    # building an array from a list of arrays holds both until it is done, whatever the new name; a list that a
    # function of the script returns straight into the copy (np.array(load(files))) is held by the call until then
    from_list = source.container == "list" and (name is not None or _returning_call(seen, script) is not None)
    # np.concatenate([x_train, augmented]): each part it copies may stay
    parts = _part_names(seen.node) or ([name] if name else [])
    pieces = seen.node.args[0].elts if isinstance(seen.node, ast.Call) and seen.node.args and \
        isinstance(seen.node.args[0], (ast.List, ast.Tuple)) else []
    # np.concatenate([x[:i], x[i + 1:]]): x cut up and put together again, not grown by what is added to it
    recut = all(isinstance(p, ast.Subscript) and dotted_name(p.value) == name for p in pieces)
    if len(pieces) > 1 and parts and not from_list and not recut and _rebinds(seen, parts):
        # x = np.concatenate([x, augmented]), x = np.concatenate([x, np.array(h5[key])]) in a loop: the old x
        # goes only once the new one is whole
        return "grown"
    alive = from_list or _original_kept(seen, script)
    if not alive and name is not None and not source.inferred and _shuffled_in_its_place(seen, name):
        # (of an array only guessed to be a data set, np.array(tokenizer's output), the shuffle that replaces it
        # says nothing of its size)
        return "shuffled"
    if not alive:
        # x = x.astype('float32') of uint8 pixels: the original goes, but what stays is several times its size;
        # said where the script shows the count (a size past negligible, as the source's is), or where the samples
        # are large enough that any data set of them (FEW at least) fills memory: of small ones (96 x 96 frames),
        # the count decides, and the script does not show it (a shape it gives the data set elsewhere, as the
        # message says it: x.reshape(-1, 160, 160, 1) after the conversion, tells the sample as well)
        sample = sample_bytes(script.shown_shape(data))
        large = total_bytes(data) is not None or sample is None or sample * FEW >= NEGLIGIBLE_BYTES
        # (of a data set small as it was, CIFAR-10's 147 MB of uint8 made float32 in its place, the conversion is
        # what every tutorial does: only a copy held beside a small original is said for its own size)
        return "converted" if wider and source.container == "numpy" and large and not negligible(source) else None
    return "wider" if wider else "from-list" if from_list else "duplicate"


def _shuffled_in_its_place(seen: Seen, name: str) -> bool:
    """x = x[perm] with perm a random permutation, X, y = shuffle(X, y): a reordered copy of every row assigned back
    to the name that holds the original. Unlike x = x.astype(...), which people write to replace an array, this is
    how scripts shuffle a data set, and the old order is let go only once the new one is whole: twice the data set
    at this line. (In a loop the flow reads x[order] as one row, as it reads x[i]: an epoch loop's reshuffle is
    not seen.)"""
    node, module = seen.node, seen.ctx.module
    if isinstance(node, ast.Call):
        shuffles = module.qualified(node.func) == "sklearn.utils.shuffle"
    else:
        shuffles = isinstance(node, ast.Subscript) and _random_permutation(node.slice, seen)
    return shuffles and _rebinds(seen, [name])


def _random_permutation(index: ast.expr, seen: Seen) -> bool:
    """The index is a random order of the rows: np.random.permutation(n) written in place, or a name bound to one
    before the copy, or shuffled in place (order = np.arange(n); np.random.shuffle(order)) in the same function."""
    module = seen.ctx.module
    if isinstance(index, ast.Call):
        return last_part(module.qualified(index.func)) in PERMUTATIONS
    if not isinstance(index, ast.Name):
        return False
    function = seen.ctx.function
    nodes = own_nodes(function.node) if function is not None else _module_level_nodes(module.tree)
    for node in nodes:
        if getattr(node, "lineno", 0) >= seen.node.lineno:
            continue
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                any(isinstance(t, ast.Name) and t.id == index.id for t in node.targets) and \
                last_part(module.qualified(node.value.func)) in PERMUTATIONS:
            return True
        if isinstance(node, ast.Call) and last_part(dotted_name(node.func)) == "shuffle" and node.args and \
                isinstance(node.args[0], ast.Name) and node.args[0].id == index.id:
            return True
    return False


def _returning_call(seen: Seen, script: Script) -> str | None:
    """np.array(load(files)): the name of the script's own function whose result the copy is made of."""
    call = seen.node
    given = call.args[0] if isinstance(call, ast.Call) and call.args else None
    if isinstance(given, ast.Call) and isinstance(script.value(given.func), FunctionRef):
        return dotted_name(given.func)
    return None


def _text_lines_array(source: Data, data: Data) -> bool:
    """np.array(rows) of every line of a text file (csv.reader's rows, readlines()): a fixed-width unicode array,
    4 bytes for each character of the longest field in every cell, of the whole file, where paths or names are a
    few bytes each. A torch tensor holds no strings: torch.cat of the lines is of the ids each was made into."""
    return source.lines and data.container == "numpy"


def _rebinds(seen: Seen, names: list[str]) -> bool:
    """The statement of the copy assigns it to one of ``names``: x = np.concatenate([x, more])."""
    statement = seen.ctx.module.statement_of(seen.node)
    targets = statement.targets if isinstance(statement, ast.Assign) else []
    return any(dotted_name(t) in names for target in targets for t in ast.walk(target)
               if isinstance(t, (ast.Name, ast.Attribute)))


def _held(copy: ast.AST, module: Module, scaled_in_its_dtype: bool = False) -> bool:
    """The copy is what a name keeps (x = np.array(images).reshape(...), return np.stack(frames)) or a save writes
    (np.save(path, np.stack(images))), not a temporary handed on to another conversion, a division or a device.
    ``scaled_in_its_dtype``: the copy is of floats and replaces its original, so a division by a number gives what
    the data set is from then on."""
    node = copy
    while True:
        parent = module.parents.get(node)
        if isinstance(parent, ast.Attribute) and (parent.attr in _VIEWS or parent.attr in _TENSOR_CASTS and
                                                  _is_torch_call(node, module)):
            call = module.parents.get(parent)
            node = call if isinstance(call, ast.Call) and call.func is parent else parent
        elif isinstance(parent, ast.Call) and parent.args and parent.args[0] is node and \
                module.qualified(parent.func) in _VIEW_FUNCTIONS:
            node = parent  # np.expand_dims(np.array(frames), -1): a view of the copy, kept in its place
        elif scaled_in_its_dtype and isinstance(parent, ast.BinOp) and parent.left is node and \
                isinstance(parent.op, (ast.Div, ast.Mult, ast.Sub, ast.Add)) and \
                constant_number(parent.right) is not None:
            # x.astype('float32') / 255.0, (x.astype('float32') - 127.5) / 127.5: float32 scaled or shifted by a
            # number is float32, held in its place
            node = parent
        elif isinstance(parent, (ast.Tuple, ast.List)) and isinstance(module.parents.get(parent),
                                                                       (ast.Assign, ast.Return)):
            return True
        elif isinstance(parent, ast.Call) and node in parent.args and isinstance(parent.func, ast.Name) and \
                (parent.func.id[:1].isupper() or parent.func.id in module.classes):
            # PatchSet(x[train_idx], ...), TrainData(torch.FloatTensor(x)): the object made keeps what it is given
            return True
        elif isinstance(parent, (ast.Tuple, ast.List, ast.keyword)) and _trains_on(parent, module):
            # model.fit(tf.cast(x, tf.float32), y, validation_data=(x_val / 255.0, y_val)): fit holds what it is
            # given until training ends, beside the original the script keeps
            return True
        elif isinstance(parent, ast.Call) and node in parent.args and _trains_on(node, module):
            return True
        elif isinstance(parent, ast.Call) and node in parent.args and last_part(dotted_name(parent.func)) in SAVES:
            # np.save(path, np.stack(images)), pickle.dump(np.array(rows), f): the copy is built whole to be written,
            # beside what it is built from, as one a name keeps is
            return True
        else:
            return isinstance(parent, (ast.Assign, ast.AnnAssign, ast.Return))


def _trains_on(node: ast.AST, module: Module) -> bool:
    """``node`` is an argument of a Keras fit() (or of a tuner's search(), which hands its arguments to the fit of
    every trial): directly, as a keyword's value, or inside the tuple validation_data is."""
    parent = module.parents.get(node)
    while isinstance(parent, (ast.Tuple, ast.List, ast.keyword)):
        node, parent = parent, module.parents.get(parent)
    return isinstance(parent, ast.Call) and node is not parent.func and isinstance(parent.func, ast.Attribute) and \
        parent.func.attr in fit_methods(module)


def _training_call(copy: ast.AST, module: Module) -> ast.Call | None:
    """The fit() (or tuner's search()) that ``copy`` is made in the arguments of, through views and scaling, or
    None."""
    node = copy
    while node in module.parents and not isinstance(node, ast.stmt):
        if _trains_on(node, module):
            parent = module.parents[node]
            while not isinstance(parent, ast.Call):
                parent = module.parents[parent]
            return parent
        node = module.parents[node]
    return None


def fit_methods(module: Module) -> tuple[str, ...]:
    """The methods that train a Keras model on what they are given: fit, and in a script that imports KerasTuner,
    the tuner's search (tuner.search(x, y, epochs=20, validation_data=...) calls fit with them in every trial)."""
    return ("fit", "fit_generator", "search") if module.imports("keras_tuner", "kerastuner") else \
        ("fit", "fit_generator")


def _is_torch_call(node: ast.AST, module: Module) -> bool:
    """torch.stack(...), torch.cat(...): a call of PyTorch's that makes a tensor."""
    return isinstance(node, ast.Call) and module.qualified(node.func).startswith("torch.")


# NumPy functions that give a view of the array they are given first
_VIEW_FUNCTIONS = {"numpy.expand_dims", "numpy.squeeze", "numpy.reshape", "numpy.transpose", "numpy.moveaxis",
                   "numpy.swapaxes"}
# Calls and attributes that give a view of an array, not a copy: x.reshape(...).astype(...) copies x
_VIEWS = {"reshape", "transpose", "view", "squeeze", "unsqueeze", "T", "values", "to_numpy", "flatten", "ravel",
          "permute", "contiguous", "detach"}
# A tensor's casts: torch.stack(tensors).float() makes the stacked copy whole before the cast runs, so it is held
# beside the list either way (a no-op on float32 tensors, or one more copy beside it)
_TENSOR_CASTS = {"float", "double", "half", "bfloat16", "long", "int"}


# The names scripts give NumPy and PyTorch: np.copy(x) is a function of x, not a method of np
_ARRAY_MODULES = {"np", "numpy", "torch", "tf", "onp", "jnp"}


def _part_names(call: ast.AST) -> list[str]:
    """np.concatenate([a, b]) -> ['a', 'b']: the arrays a concatenation copies."""
    if isinstance(call, ast.Call) and call.args and isinstance(call.args[0], (ast.List, ast.Tuple)):
        return [dotted_name(e) for e in call.args[0].elts if isinstance(e, (ast.Name, ast.Attribute))]
    return []


# A pandas table's attributes that are the whole table, not one of its columns
_WHOLE_TABLE = {"values", "T", "iloc", "loc", "array"}


def _one_named_column(call: ast.AST, script: Script) -> bool:
    """df['title'].astype(str), df.author.astype(str): one column of a pandas table, picked by its name; pandas
    makes an object column of Python strings, one per row (of a text column the same strings again), not the
    table written out in NumPy's fixed-width strings."""
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
        return False
    column = call.func.value
    if isinstance(column, ast.Subscript) and isinstance(column.slice, ast.Constant) and \
            isinstance(column.slice.value, str):
        table = column.value
    elif isinstance(column, ast.Attribute) and column.attr not in _WHOLE_TABLE:
        table = column.value
    else:
        return False
    held = script.value(table)
    return isinstance(held, Data) and held.content == TABLE


def _copied_name(seen: Seen, script: Script) -> str | None:
    """The name the copied data is held by; for a call that copies each of its arguments (shuffle(X, y),
    train_test_split(X, y)), the argument whose data this copy is."""
    call = seen.node
    if isinstance(call, ast.Call) and len(call.args) > 1 and not isinstance(call.args[0], (ast.List, ast.Tuple)):
        for argument in call.args:
            if isinstance(argument, (ast.Name, ast.Attribute)) and script.value(argument) == seen.source:
                return dotted_name(argument)
    return _source_name(call, script)


def _source_name(call: ast.AST, script: Script) -> str | None:
    """The name the copied data is held by: np.array(x) -> x, x.reshape(...).astype(...) -> x, self.data.copy();
    None for hf['data'][:].astype(...), whose hf is an open HDF5 file: what it copies is the read, which no name
    holds."""
    if isinstance(call, ast.Subscript):  # x[train_idx]
        call = ast.Call(func=ast.Name("copy"), args=[call.value], keywords=[])
    if not isinstance(call, ast.Call):
        return None
    methods = ("astype", "copy", "float", "double", "half", "long", "type")
    # x.copy() names x; np.copy(x), np.astype(x, ...) name their argument, not the module
    method = isinstance(call.func, ast.Attribute) and call.func.attr in methods and not (
        isinstance(call.func.value, ast.Name) and call.func.value.id in _ARRAY_MODULES)
    source: ast.AST | None = call.func.value if method else call.args[0] if call.args else None
    if isinstance(source, (ast.List, ast.Tuple)) and source.elts:
        source = source.elts[0]
    if isinstance(source, (ast.ListComp, ast.GeneratorExp)) and len(source.generators) == 1 and \
            isinstance(source.elt, ast.Name) and isinstance(source.generators[0].target, ast.Name) and \
            source.elt.id == source.generators[0].target.id:
        source = source.generators[0].iter  # np.concatenate([x for x in examples]): the list examples
    while True:
        # (df['image'].tolist(): a list of the arrays df holds, as a view shows an array's values)
        if isinstance(source, ast.Call) and isinstance(source.func, ast.Attribute) and \
                source.func.attr in _VIEWS | {"tolist"}:
            source = source.func.value
        elif isinstance(source, ast.Attribute) and source.attr in _VIEWS:
            source = source.value
        elif isinstance(source, ast.Subscript):
            source = source.value
        else:
            break
    if isinstance(script.value(source), (H5File, H5Dataset)):
        return None
    name = dotted_name(source) if isinstance(source, (ast.Name, ast.Attribute)) else ""
    return name or None


def _stays_alive(name: str, seen: Seen, script: Script, module_level_holder: bool = False) -> bool:
    """The name still holds its data after the copy: not rebound, not deleted, not a local that a return ends."""
    module = seen.ctx.module
    statement = module.statement_of(seen.node)
    targets: list[ast.AST] = []
    if isinstance(statement, ast.Assign):
        targets = statement.targets
    elif isinstance(statement, (ast.AnnAssign, ast.AugAssign)):
        targets = [statement.target]
    if any(dotted_name(t) == name for target in targets for t in ast.walk(target)):
        return False  # x = x.astype(...): the old array goes as the new one comes
    function = seen.ctx.function
    if function is not None and module_level_holder:
        # a global seen from inside a function: alive unless the script deletes it
        return not any(isinstance(n, ast.Delete) and any(dotted_name(t) == name for t in n.targets)
                       for n in _module_level_nodes(module.tree))
    if isinstance(statement, ast.Return):
        params = {a.arg for a in function.node.args.args} if function else set()
        return name.split(".")[0] in params | {"self"}
    scope = function.node if function else module.tree
    later = [n for n in (own_nodes(scope) if function else _module_level_nodes(module.tree))
             if getattr(n, "lineno", 0) > (statement.end_lineno or statement.lineno)]
    return not any(_lets_go(node, name) for node in later)


def _lets_go(node: ast.AST, name: str) -> bool:
    """del x, or x bound to something not made of x: what x held goes."""
    if isinstance(node, ast.Delete):
        return any(dotted_name(t) == name for t in node.targets)
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return any(dotted_name(t) == name for target in targets for t in ast.walk(target)) and \
            name not in {dotted_name(n) for n in ast.walk(node.value or ast.Constant(None))}
    return False


def _module_level_nodes(tree: ast.Module) -> Iterator[ast.AST]:
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        yield from ast.walk(statement)


def _assigned_value(node: ast.expr, use: ast.AST, script: Script) -> ast.expr:
    """BUFFER_SIZE -> what BUFFER_SIZE = ... assigned last before ``use``, in the code of the file that holds it."""
    if not isinstance(node, ast.Name):
        return node
    found = node
    for statement in ast.walk(script.module_of(use).tree):
        if isinstance(statement, ast.Assign) and statement.lineno < use.lineno and any(
                isinstance(t, ast.Name) and t.id == node.id for t in statement.targets):
            if found is node or statement.lineno > found.lineno:
                found = statement.value
    return found


def dense_text_matrix(script: Script) -> Iterator[Finding]:
    """tokenizer.texts_to_matrix(texts): a dense float64 matrix, one column per vocabulary word, for every text;
    almost all of it zeros (keras/src/legacy/preprocessing/text.py: np.zeros((len(sequences), num_words)))."""
    for call in script.calls_named("texts_to_matrix", "sequences_to_matrix"):
        function = script.module_of(call).function_of(call)
        if not isinstance(call.func, ast.Attribute) or function is not None and \
                function.name in ("__getitem__", "__data_generation"):
            continue
        matrix = script.value(call)
        words = matrix.shape[1] if isinstance(matrix, Data) and matrix.shape else \
            tokenizer_words(call, script.module_of(call), script.flow.values)
        # a row under LARGE_SAMPLE_BYTES (a few hundred words) is a record, and a count the script shows (a
        # downloaded set of known size) can make the whole matrix small
        if words is not None and 8 * words < LARGE_SAMPLE_BYTES or isinstance(matrix, Data) and negligible(matrix):
            continue
        per_text = _("{words:,} columns, {size} per text").format(words=words, size=format_bytes(8 * words)) \
            if words is not None else _("one column per word of the vocabulary")
        yield script.finding(
            "dtype-blowup", call,
            _("{method}() makes a dense float64 matrix of every text ({per_text}), where a text's word indexes take "
              "a few integers: almost every value it holds is 0.").format(method=call.func.attr, per_text=per_text),
            _("Keep the sequences (texts_to_sequences, pad_sequences) and learn from them with an Embedding layer, or "
              "build each batch's matrix when it is used (a keras.utils.PyDataset), or a scipy.sparse matrix."))


def vectors_kept_as_text(script: Script) -> Iterator[Finding]:
    """np.asarray(values[1:]) of the words split from each line of a word-vector file (GloVe's, fastText's), kept
    per word (vectors[word] = ..., a dict comprehension, a list's append) with no dtype: NumPy makes an array of
    fixed-width strings ('<U9' for '-0.123456', 4 bytes a character), not of numbers, so every vector kept takes
    some 36-40 bytes a number where float32 takes 4."""
    for call in script.calls_named("asarray", "array"):
        module = script.module_of(call)
        if module.qualified(call.func) not in ("numpy.asarray", "numpy.array") or len(call.args) != 1 or \
                call.keywords or not script.in_use(module, call):
            continue
        if not _split_words(call.args[0], module) or not _kept_per_item(call, module):
            continue
        yield script.finding(
            "dtype-blowup", call,
            _("This array is made of the words split from a line of text, with no dtype: NumPy keeps them as "
              "fixed-width strings ('<U9' for '-0.123456', 4 bytes a character), some 36-40 bytes a number where "
              "float32 takes 4, and a vector is kept for every line of the file (a word-vector file of V words × D "
              "numbers: about V × D × 40 B)."),
            _("Give the dtype: np.asarray(values[1:], dtype='float32') (or np.fromstring/np.array(..., "
              "dtype=np.float32)), and keep only the vectors of the words the vocabulary needs."), module=module)


def _split_words(node: ast.expr, module: Module) -> bool:
    """A slice of the words a string's split() gives: line.split()[1:], values[1:] where values = line.split(' '),
    or the words themselves (a list of strings)."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        node = node.value
    if isinstance(node, ast.Name):
        bound = module.value_before(node)
        if bound is None:
            return False
        node = bound
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
        node.func.attr in ("split", "rsplit") and not isinstance(node.func.value, ast.Constant)


def _kept_per_item(call: ast.Call, module: Module) -> bool:
    """The array is kept for each item of a loop: the value of a dict comprehension's entry, stored under a key
    (vectors[word] = array), appended to a list, or bound to a name that one of those keeps in the same loop."""
    parent = module.parents.get(call)
    if isinstance(parent, ast.DictComp) and parent.value is call:
        return True
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Attribute) and parent.func.attr == "append" and \
            parent.args == [call]:
        return True
    if not isinstance(parent, ast.Assign) or parent.value is not call or len(parent.targets) != 1:
        return False
    target = parent.targets[0]
    if isinstance(target, ast.Subscript):
        return True
    if not isinstance(target, ast.Name):
        return False
    loop = parent
    while loop is not None and not isinstance(loop, (ast.For, ast.While, ast.FunctionDef, ast.AsyncFunctionDef)):
        loop = module.parents.get(loop)
    if not isinstance(loop, (ast.For, ast.While)):
        return False
    for node in ast.walk(loop):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id == target.id and \
                any(isinstance(t, ast.Subscript) for t in node.targets):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append" and \
                any(isinstance(a, ast.Name) and a.id == target.id for a in node.args):
            return True
    return False


def cache_in_memory(script: Script) -> Iterator[Finding]:
    """Dataset.cache() without a file keeps every element in memory: a problem unless the data set is small. Each
    cache is said, the validation split's beside the training one's too: fit() holds both for the whole run (a
    test folder's decoded images, ImageNet's 50,000 validation images), and each needs its own file."""
    for call in script.calls_named("cache"):
        if not isinstance(call.func, ast.Attribute) or call.args or call.keywords:
            continue
        pipeline = script.value(call.func.value)
        if isinstance(pipeline, Pipeline):
            if pipeline.small or pipeline.source in ("text", TABLE, NAMES):
                continue  # text lines, table rows, file names before the map that reads them: small next to what
                # the model holds
            if pipeline.known_bytes is not None and pipeline.known_bytes < NEGLIGIBLE_BYTES:
                continue
            if pipeline.data is not None and negligible(pipeline.data):
                continue
        elif not script.mentions("tf.data", "Dataset", "tensorflow_datasets", "dataset_from_directory"):
            continue  # functools' cache, a client's cache: not a tf.data pipeline
        size = ""
        if isinstance(pipeline, Pipeline) and pipeline.data is not None:
            size = " " + _("It holds the whole data set: {size}.").format(size=script.size_of(pipeline.data))
        elif isinstance(pipeline, Pipeline) and pipeline.element_bytes:
            size = " " + _("It holds about {size} per element, times the number of files.").format(
                size=format_bytes(pipeline.element_bytes))
        yield script.finding(
            "cache-in-memory", call,
            _("Dataset.cache() without a file name keeps every element in memory after the first epoch.") + size,
            _("Give it a file: .cache('/tmp/train_cache'), or cache before the expensive map only if the data "
              "set fits in RAM."))


def huge_shuffle(script: Script) -> Iterator[Finding]:
    """shuffle() with a buffer as large as the data set (its len(), cardinality() or shape[0], or a large
    constant), unless a map comes after it: the buffer then holds file names, not data."""
    for call in script.calls_named("shuffle"):
        sizes = call.args[:1] + [k.value for k in call.keywords if k.arg == "buffer_size"]
        if not isinstance(call.func, ast.Attribute) or not sizes:
            continue
        module = script.module_of(call)
        if module.qualified(call.func).startswith(("numpy.", "random.", "sklearn.", "torch.")):
            continue  # np.random.shuffle(index): an in-place shuffle of the array it is given, not a buffer
        shuffled = script.value(call.func.value)
        if isinstance(shuffled, RandomGenerator):
            continue  # self.rng.shuffle(idx), rng = np.random.RandomState(seed): the same in-place shuffle
        if isinstance(shuffled, Pipeline) and (shuffled.small or shuffled.known_bytes is not None and
                                               shuffled.known_bytes < NEGLIGIBLE_BYTES):
            continue  # a buffer as large as a data set known small whole (tfds' MovieLens 100K): a few MB
        size = _assigned_value(sizes[0], call, script)
        # len(...) anywhere in the size (len(pos) + len(neg)), the data set's cardinality, or x.shape[0]
        whole = any(last_part(dotted_name(c)) in ("len", "cardinality") for c in calls_in(size)) or any(
            isinstance(n, ast.Subscript) and isinstance(n.value, ast.Attribute) and n.value.attr == "shape"
            for n in ast.walk(size))
        big = isinstance(size, ast.Constant) and isinstance(size.value, int) and size.value >= 50_000
        # from_tensor_slices of decoded images, shuffled: the buffer keeps that many of the data set's elements,
        # whatever a later map does (augment them); a pipeline of file names a later map reads keeps names
        decoded = _decoded_elements(script.value(call.func.value))
        # shuffle(cfg.BUFFER_SIZE), a number the flow knows (a settings module's constant, a name bound to one)
        count = script.value(sizes[0])
        # (FEW at least: a buffer of a few hundred images, however large, is the bounded one people are told to use)
        element = _element_bytes_at_least(decoded) if decoded is not None else _decoded_file_bytes(call, shuffled)
        buffered = element is not None and isinstance(count, Number) and isinstance(count.value, int) and \
            count.value >= FEW and count.value * element >= NEGLIGIBLE_BYTES
        # a shuffle before the map that reads the files holds file names, not data (not one after the map that
        # read them, whatever later map augments them)
        read_already = isinstance(shuffled, Pipeline) and shuffled.source == FILES and shuffled.data is None and \
            not shuffled.small  # (a map that read them: not slices of decoded arrays, which _decoded_elements weighs)
        names_only = element is None and not read_already and any(m.lineno > call.lineno for m in script.calls_named("map")
                                             if isinstance(m.func, ast.Attribute) and script.module_of(m) is module)
        if (whole or big) and not names_only:
            yield script.finding(
                "shuffle-whole", call,
                _("This shuffle buffer holds the whole data set in memory."),
                _("Use a bounded buffer (e.g. 1,000-10,000 elements), shuffle file names before reading, "
                  "and reshuffle each epoch."))
        elif buffered:
            yield script.finding(
                "shuffle-whole", call,
                _("This shuffle buffer keeps {count:,} elements of data decoded in memory, at least {size}: as many "
                  "samples as many data sets hold, copied once more beside the arrays the pipeline is made "
                  "from.").format(count=count.value,
                                  size=format_bytes(count.value * element)),
                _("Shuffle the file names (or the rows' indices) before the data is decoded and read each element "
                  "in a later map, or give decoded elements a buffer of a few hundred."))


def _decoded_file_bytes(call: ast.Call, pipeline: object) -> int | None:
    """One element's bytes (an image, at least: image_dataset_from_directory's elements are batches of them) of a
    pipeline that decodes image files as it reads them, where the flow knows the image size; None for one read
    straight from an in-memory cache() (the buffer then holds the cache's own tensors, not copies: the cache is
    what is said) or one whose elements are not decoded images."""
    if not isinstance(pipeline, Pipeline) or pipeline.small or pipeline.source != FILES or pipeline.data is not None \
            or not pipeline.element_bytes:
        return None
    before = call.func.value if isinstance(call.func, ast.Attribute) else None
    # back through the steps that pass the same tensors on (prefetch, repeat, take, skip) to the one that made them
    while isinstance(before, ast.Call) and isinstance(before.func, ast.Attribute) and \
            before.func.attr in ("prefetch", "repeat", "take", "skip", "shard", "with_options"):
        before = before.func.value
    if isinstance(before, ast.Call) and isinstance(before.func, ast.Attribute) and before.func.attr == "cache" and \
            not before.args and not before.keywords:
        return None
    return pipeline.element_bytes


def _decoded_elements(pipeline: object) -> Data | None:
    """The data a tf.data pipeline's elements are rows of, where it is made from decoded files or arrays held in
    memory (from_tensor_slices((x, y))): not names, text, table rows or a few samples."""
    if not isinstance(pipeline, Pipeline) or pipeline.small or pipeline.data is None or \
            pipeline.source not in (FILES, ARRAYS) or negligible(pipeline.data) or pipeline.data.labels:
        return None
    return pipeline.data


def _element_bytes_at_least(data: Data) -> int:
    """One row's bytes, counting only the dimensions the flow knows (224 x 224 x ? float16: 224 x 224 x 2)."""
    known = 1
    for dimension in (data.shape or (None,))[1:]:
        known *= dimension or 1
    dtype = assumed_dtype(data) or "uint8"
    return known * ITEMSIZE.get(dtype, 1) if data.shape and len(data.shape) > 1 else 0


# How a sparse matrix is made, and kept sparse: scipy.sparse's constructors and conversions between its formats
_SPARSE_MAKERS = {"coo_matrix", "csr_matrix", "csc_matrix", "lil_matrix", "dok_matrix", "bsr_matrix", "coo_array",
                  "csr_array", "csc_array", "lil_array", "dok_array", "vstack", "hstack", "kron", "block_diag"}
_SPARSE_SAME = {"tocoo", "tocsr", "tocsc", "tolil", "todok", "tobsr", "astype", "transpose", "multiply", "dot",
                "power", "maximum", "minimum", "copy", "sign", "abs", "eliminate_zeros"}
# networkx: a graph's sparse adjacency (or Laplacian) over all of its nodes, and the dense ones
_GRAPH_SPARSE = {"adjacency_matrix", "to_scipy_sparse_matrix", "to_scipy_sparse_array", "laplacian_matrix",
                 "normalized_laplacian_matrix", "incidence_matrix"}
_GRAPH_DENSE = {"to_numpy_array", "to_numpy_matrix"}
# Words that name a graph's matrix over its nodes, or a count of the data set's items (not of classes or tokens)
_GRAPH_WORDS = {"adj", "adjacency", "graph", "laplacian", "supports", "support"}
_ITEM_COUNT_WORDS = {"node", "nodes", "vertices", "vertex", "docs", "documents", "corpus", "users", "items",
                     "entities"}
_SMALL_DIMENSION_WORDS = {"class", "classes", "label", "labels", "token", "tokens", "vocab", "char", "chars", "dim",
                          "hidden", "batch", "channels", "feature", "features", "heads", "categories"}
GRAPH, TERMS, INTERACTIONS = "graph", "terms", "interactions"


def densified_sparse(script: Script) -> Iterator[Finding]:
    """A sparse or mostly-zero matrix over every item of the data set made dense: todense()/toarray()/.A of a graph's
    N x N adjacency or of a corpus's term matrix, networkx's to_numpy_array(G), an identity np.eye(N)/torch.eye(N)
    over every node; or a log of (user, item) records spread into a users x items table by pandas (pivot, pivot_table,
    crosstab, groupby([...]).unstack()). N x N values where the sparse matrix keeps a few per row."""
    written = _written_node_count(script)
    for module in script.modules:
        known = _known_graph_nodes(module) or written
        scattered: set[ast.AST] = set()  # the matrices already said, filled by more than one assignment
        for node in ast.walk(module.tree):
            kind = _densified(node, module, script)
            made = _records_scattered_into(node, module) if kind is None else None
            if made is not None and made not in scattered and script.in_use(module, made) and \
                    not _per_sample_loop(made, module):
                scattered.add(made)
                yield script.finding(
                    "densified-sparse", made,
                    _("This matrix has a row per value of one key and a column per value of the other (users × "
                      "items), and is filled from the table's records: every pair without a record is stored too, "
                      "as a zero, so it takes rows × columns × the item size where the records are a few per row."),
                    _("Keep the records long, or make the matrix sparse: scipy.sparse.csr_matrix((values, (rows, "
                      "columns)), shape=...) or torch.sparse_coo_tensor, and make only each batch's rows dense."),
                    module=module)
                continue
            if kind is None or not script.in_use(module, node):
                continue
            function = module.function_of(node)
            if function is not None and (function.name in ("__getitem__", "forward", "call", "__call__") or
                                         function.generator) or _per_sample_loop(node, module):
                continue  # one sample's row or graph (a molecule's), made dense as it is read; a model's own step
            if kind == INTERACTIONS:
                yield script.finding(
                    "densified-sparse", node,
                    _("This spreads the table's records into a matrix with a row per value of one key and a column "
                      "per value of the other (users × items): every pair without a record is stored too, as a "
                      "float64 NaN, so it takes rows × columns × 8 B where the records are a few per row."),
                    _("Keep the records long: count the keys with df[column].nunique(), and where a model needs the "
                      "matrix make it sparse (scipy.sparse.coo_matrix((values, (rows, columns))) of the keys' "
                      "pd.Categorical codes)."), module=module)
                continue
            width = 4 if kind == "eye-torch" else 8
            if kind in (GRAPH, "eye", "eye-torch") and known is not None:
                if known * known * width < NEGLIGIBLE_BYTES:
                    continue  # Cora's or CiteSeer's few thousand nodes: tens of MB
                size = _("{n:,} × {n:,} × {width} B = {size}").format(n=known, width=width,
                                                                     size=format_bytes(known * known * width))
            elif kind == TERMS:
                size = _("one float64 per document and vocabulary word: documents × words × 8 B")
            else:
                size = _("N × N × {width} B, N the number of nodes").format(width=width)
            what = _("a corpus's document-term matrix") if kind == TERMS else \
                _("an identity matrix over every node") if kind.startswith("eye") else \
                _("a graph's matrix over every node (N × N)")
            if kind == TERMS:  # documents × vocabulary: it grows with the corpus times its words, not squared
                yield script.finding(
                    "densified-sparse", node,
                    _("This makes {what} dense ({size}): a text uses a few dozen of the vocabulary's words, the dense "
                      "row stores a value for every word of it, so its memory grows with the documents times the "
                      "vocabulary.").format(what=what, size=size),
                    _("Keep it sparse: scikit-learn's models take the sparse matrix as it is; for a neural network "
                      "make only each batch's rows dense (X[rows].toarray()), or cap the vocabulary (max_features=)."),
                    module=module)
                continue
            yield script.finding(
                "densified-sparse", node,
                _("This makes {what} dense ({size}): a sparse matrix keeps a few values per row, the dense one every "
                  "zero as well, so its memory grows with the square of the data set.").format(what=what, size=size),
                _("Keep it sparse: scipy.sparse's own operations, torch.sparse_coo_tensor (or torch_geometric's "
                  "edge_index) for the model; for self-loops add the edges (i, i) from torch.arange(N), and make "
                  "only each batch's rows dense."), module=module)


def _per_sample_loop(node: ast.AST, module: Module) -> bool:
    """Whether ``node`` runs in a loop or comprehension (in its own function) over something other than epochs:
    for mol in molecules: nx.to_numpy_array(mol_graph) makes each small graph dense, one per sample."""
    parent = module.parents.get(node)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        if isinstance(parent, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.While)):
            return True
        if isinstance(parent, (ast.For, ast.AsyncFor)) and not any(
                words_of(n) & {"epoch", "epochs", "run", "runs", "seed", "seeds", "trial", "trials"}
                for n in names_in(parent.iter) | names_in(parent.target)):
            return True
        parent = module.parents.get(parent)
    return False


def _known_graph_nodes(module: Module) -> int | None:
    """The node count of the one citation graph the module's strings name (a path ./data/cora/, a default 'cora');
    None when they name none, or several (the one used is then unknown: the largest is said)."""
    named = {name for node in ast.walk(module.tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
             for name in KNOWN_GRAPH_NODES if name in node.value.lower()}
    return max((KNOWN_GRAPH_NODES[name] for name in named), default=None)


# Words of a name that counts a graph's nodes (num_nodes, n_vertices, num_sensors: a road network's), and of those
# that count something else (hidden nodes are a layer's units)
_NODE_COUNT_WORDS = {"node", "nodes", "vertex", "vertices", "sensor", "sensors", "stations"}
_NOT_GRAPH_NODE_WORDS = {"hidden", "layer", "layers", "units", "embed", "embedding", "output", "input"}


def _written_node_count(script: Script) -> int | None:
    """The number of nodes the script writes down for its graph, wherever the matrix is made: a constant
    (NUM_NODES = 207), a command-line default (add_argument('--num_nodes', type=int, default=207)) or a config entry
    ({'num_nodes': 325}); the largest where it writes several, None where it writes none."""
    counts = []
    for module in script.modules:
        for node in ast.walk(module.tree):
            pairs: list[tuple[str, ast.AST]] = []
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                pairs.append((last_part(dotted_name(node.targets[0])), node.value))
            elif isinstance(node, ast.Call) and last_part(dotted_name(node.func)) == "add_argument" and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                default = keyword_value(node, "default")
                if default is not None:
                    pairs.append((node.args[-1].value if isinstance(node.args[-1], ast.Constant) else "", default))
            elif isinstance(node, ast.Dict):
                pairs.extend((k.value, v) for k, v in zip(node.keys, node.values)
                             if isinstance(k, ast.Constant) and isinstance(k.value, str))
            for name, value in pairs:
                words = words_of(str(name))
                number = constant_number(value)
                if words & _NODE_COUNT_WORDS and not words & _NOT_GRAPH_NODE_WORDS and number is not None and \
                        number >= 1 and number == int(number):
                    counts.append(int(number))
    return max(counts, default=None)


def _densified(node: ast.AST, module: Module, script: Script) -> str | None:
    """GRAPH, TERMS, 'eye' or 'eye-torch' when ``node`` makes a matrix over every item dense; None otherwise."""
    if isinstance(node, ast.Attribute) and node.attr == "A" and isinstance(node.ctx, ast.Load):
        # scipy's .A, the dense array of a matrix: only of one the script shows is sparse
        return _sparse_over_items(node.value, module, script, 0, sparse_known=False)
    if not isinstance(node, ast.Call):
        return None
    method = last_part(dotted_name(node.func))
    if method in ("todense", "toarray") and isinstance(node.func, ast.Attribute) and not node.args:
        return _sparse_over_items(node.func.value, module, script, 0, sparse_known=True)
    if method in _GRAPH_DENSE and "networkx" in module.qualified(node.func):
        return GRAPH
    keys = _pivot_keys(node, method, module)
    if keys is not None and all(_names_identifiers(key) for key in keys):
        return INTERACTIONS
    if method in ("eye", "identity") and node.args and not _sparse_module(node.func, module):
        parent = module.parents.get(node)
        if isinstance(parent, ast.Subscript) and parent.value is node:
            return None  # np.eye(num_classes)[labels]: a one-hot row per label, not the matrix itself
        if _counts_items(node.args[0], module, 0):
            return "eye-torch" if module.qualified(node.func).startswith("torch") else "eye"
    return None


# creators of a matrix filled afterwards: what a scatter of records writes into
_MATRIX_CREATORS = {"numpy.zeros", "numpy.empty", "numpy.full", "numpy.ones", "torch.zeros", "torch.empty",
                    "torch.full", "torch.ones"}


def _records_scattered_into(node: ast.AST, module: Module) -> ast.Call | None:
    """matrix[df['userId'].values, df['movieId'].values] = df['rating'].values, or per record (for r in
    df.itertuples(): m[r.user_id, r.item_id] = r.rating), into a matrix made by np.zeros/torch.zeros (the name's
    last binding before): both keys name identifier columns, so the matrix has a row per user and a column per item
    and the records fill a few cells of each row. Gives the call that made the matrix (where its memory is asked
    for); None for any other statement, or a matrix whose shape is written as numbers (its size then known)."""
    if not isinstance(node, ast.Assign) or len(node.targets) != 1:
        return None
    target = node.targets[0]
    if not (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and
            isinstance(target.slice, ast.Tuple) and len(target.slice.elts) == 2):
        return None
    keys = [_key_column(key, module) for key in target.slice.elts]
    if not all(_names_identifiers(key) for key in keys):
        return None
    made = module.value_before(target.value) or next(
        (value for line, value in reversed(_annotated_bindings(module.tree).get(target.value.id, ()))
         if line < node.lineno), None)
    if not isinstance(made, ast.Call) or module.qualified(made.func) not in _MATRIX_CREATORS or not made.args:
        return None
    shape = made.args[0] if isinstance(made.args[0], (ast.Tuple, ast.List)) or not \
        module.qualified(made.func).startswith("torch") else ast.Tuple(elts=made.args[:2])
    if not isinstance(shape, (ast.Tuple, ast.List)) or len(shape.elts) != 2 or \
            any(isinstance(side, ast.Constant) for side in shape.elts):
        return None
    return made


def _key_column(key: ast.expr, module: Module) -> ast.expr:
    """What an index of a scatter names: row.userId - 1, int(row.item_id), df.item_id.to_numpy() -> the column; a
    name -> its last binding (uid = df['user_id'].values), seen through the same."""
    for _step in range(12):  # (a bounded walk back: u = u.values rebinds a name from itself)
        if isinstance(key, ast.BinOp) and isinstance(key.right, ast.Constant):
            key = key.left
        elif isinstance(key, ast.Call) and isinstance(key.func, ast.Name) and key.func.id == "int" and \
                len(key.args) == 1:
            key = key.args[0]
        elif isinstance(key, ast.Attribute) and key.attr == "values" or isinstance(key, ast.Call) and \
                isinstance(key.func, ast.Attribute) and key.func.attr in ("to_numpy", "astype", "tolist", "long"):
            key = key.value if isinstance(key, ast.Attribute) else key.func.value  # type: ignore[union-attr]
        elif isinstance(key, ast.Name) and module.value_before(key) is not None:
            key = module.value_before(key)  # type: ignore[assignment]
            if isinstance(key, ast.Name):
                return key
        else:
            return key
    return key


@lru_cache(maxsize=256)
def _annotated_bindings(tree: ast.AST) -> dict[str, list[tuple[int, ast.expr]]]:
    """name -> (line, value) of every annotated assignment (m: np.ndarray = np.zeros(...)) of a module, in line
    order: found in one pass, where plain assignments are the module's own index."""
    found: dict[str, list[tuple[int, ast.expr]]] = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.value is not None:
            found.setdefault(n.target.id, []).append((n.lineno, n.value))
    for bindings in found.values():
        bindings.sort(key=lambda pair: pair[0])
    return found


def _pivot_keys(call: ast.Call, method: str, module: Module) -> tuple[ast.AST, ast.AST] | None:
    """The row key and the column key of a pandas call that spreads a table's records into a matrix: the
    (user, item, rating) rows of a log of interactions made one row per user and one column per item, by
    df.pivot(index, columns, values), df.pivot_table / pd.pivot_table, pd.crosstab(rows, columns) or
    df.groupby([rows, columns])[...].agg().unstack(); None for any other call."""
    if method == "pivot" and isinstance(call.func, ast.Attribute):
        rows, columns = argument(call, "index", 0), argument(call, "columns", 1)
    elif method == "pivot_table":
        first = 1 if not isinstance(call.func, ast.Attribute) or module.qualified(call.func).startswith("pandas") \
            else 0  # pd.pivot_table(data, values, index, columns), df.pivot_table(values, index, columns)
        rows, columns = argument(call, "index", first + 1), argument(call, "columns", first + 2)
    elif method == "crosstab" and module.qualified(call.func).startswith("pandas"):
        rows, columns = argument(call, "index", 0), argument(call, "columns", 1)
    elif method == "unstack" and isinstance(call.func, ast.Attribute):
        grouped = next((c for c in ast.walk(call.func.value) if isinstance(c, ast.Call) and
                        last_part(dotted_name(c.func)) == "groupby" and c.args), None)
        keys = grouped.args[0] if grouped is not None else None
        if not isinstance(keys, (ast.List, ast.Tuple)) or len(keys.elts) != 2:
            return None
        rows, columns = keys.elts
    else:
        return None
    return (rows, columns) if rows is not None and columns is not None else None


# words of a column that identifies one of many things (a user, a movie, a product): as many rows or columns as
# the data set has of them, where a date, a country or a category has a few
_IDENTIFIER_WORDS = {"id", "ids", "user", "users", "item", "items", "movie", "movies", "product", "products",
                     "customer", "customers", "book", "books", "song", "songs", "track", "tracks", "artist",
                     "article", "articles", "doc", "document", "documents", "node", "nodes", "session", "query",
                     "anime", "business", "restaurant", "recipe", "video", "videos", "job", "course"}


def _names_identifiers(key: ast.AST) -> bool:
    """A pivot's key that names an identifier column: 'userId', df.movie_id, ratings['product']."""
    names = {key.value} if isinstance(key, ast.Constant) and isinstance(key.value, str) else \
        {n.value for n in ast.walk(key) if isinstance(n, ast.Constant) and isinstance(n.value, str)} | \
        ({key.attr} if isinstance(key, ast.Attribute) else set())
    return any(words_of(name) & _IDENTIFIER_WORDS for name in names)


def _sparse_module(func: ast.AST, module: Module) -> bool:
    """sp.eye, scipy.sparse.identity: the sparse one, which stores only its diagonal."""
    return "sparse" in module.qualified(func)


def _counts_items(node: ast.AST, module: Module, depth: int) -> bool:
    """Whether ``node`` is the number of the data set's items: the rows of a graph's matrix or of the nodes'
    features (adj.shape[0], node_features.shape[0], len(nodes), X.size(0) of a graph's nodes), a count named for
    nodes or documents (node_count, num_nodes), or a name bound to one of these in the same function."""
    if isinstance(node, ast.Call) and last_part(dotted_name(node.func)) in ("int", "len") and node.args:
        inner = node.args[0]
        if last_part(dotted_name(node.func)) == "len":
            return _names_items(inner)
        return _counts_items(inner, module, depth)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "shape":
        return _names_items(node.value.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("size", "shape"):
        return _names_items(node.func.value)
    if isinstance(node, ast.Name):
        words = words_of(node.id)
        if words & _SMALL_DIMENSION_WORDS:
            return False
        if words & _ITEM_COUNT_WORDS:
            return True
        bound = module.value_before(node)
        return bound is not None and depth < 2 and _counts_items(bound, module, depth + 1)
    return False


def _names_items(node: ast.AST) -> bool:
    """adj, graph, node_features, nodes: something with a row per item of the data set, by its name."""
    words = set().union(*(words_of(n) for n in names_in(node))) | (
        words_of(node.attr) if isinstance(node, ast.Attribute) else set())
    return bool(words & (_GRAPH_WORDS | _ITEM_COUNT_WORDS)) and not words & (_SMALL_DIMENSION_WORDS - {"feature",
                                                                                                       "features"})


def _self_loops_of(matrix: ast.expr, identity: ast.expr, module: Module) -> bool:
    """identity is scipy.sparse's eye(matrix.shape[0]) (or identity(...)), added to matrix: GCN's self-loops (Kipf's
    A + I), which only a square matrix over a graph's nodes is given, whatever it is named (mat['Network'])."""
    if not (isinstance(identity, ast.Call) and last_part(dotted_name(identity.func)) in ("eye", "identity") and
            _sparse_module(identity.func, module) and identity.args):
        return False
    rows = identity.args[0]
    return isinstance(rows, ast.Subscript) and isinstance(rows.value, ast.Attribute) and \
        rows.value.attr == "shape" and ast.dump(rows.value.value) == ast.dump(matrix)


def _sparse_over_items(node: ast.AST, module: Module, script: Script, depth: int, sparse_known: bool,
                       budget: list[int] | None = None) -> str | None:
    """GRAPH when ``node`` holds a sparse matrix over every node of a graph (an adjacency, its normalisation, an
    identity over the nodes), TERMS when it is a vectorizer's matrix of every document; None when neither shows.
    ``sparse_known``: the call (todense(), toarray()) says it is sparse, so a graph's name is enough."""
    budget = [256] if budget is None else budget  # the steps one question may take, all branches together
    budget[0] -= 1
    if depth > 16 or budget[0] < 0:
        return None  # a chain of conversions (adj.dot(d).transpose().dot(d).tocoo()) is a step each
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.value, ast.Call):
        node = node.value  # (adj, features) = load(): what the call returns, whichever element
    if isinstance(node, ast.BinOp):
        if any(_self_loops_of(one, other, module) for one, other in ((node.left, node.right),
                                                                    (node.right, node.left))):
            return GRAPH  # A + sp.eye(A.shape[0]): a square matrix given self-loops, a graph's adjacency
        return _sparse_over_items(node.left, module, script, depth + 1, sparse_known, budget=budget) or \
            _sparse_over_items(node.right, module, script, depth + 1, sparse_known, budget=budget)
    if isinstance(node, ast.Attribute) and node.attr == "T":
        return _sparse_over_items(node.value, module, script, depth + 1, sparse_known, budget=budget)
    if isinstance(node, ast.Call):
        method = last_part(dotted_name(node.func))
        qualified = module.qualified(node.func)
        if method in _GRAPH_SPARSE:
            return GRAPH
        if method in ("eye", "identity") and _sparse_module(node.func, module) and node.args:
            return GRAPH if _counts_items(node.args[0], module, 0) else None
        if method in ("fit_transform", "transform") and isinstance(node.func, ast.Attribute) and node.args and \
                _vectorizer(node.func.value, module) and not _few_texts(node.args[0], module, script, 0):
            return TERMS
        if method in _SPARSE_MAKERS and "sparse" in qualified:
            square = keyword_value(node, "shape")
            if isinstance(square, ast.Tuple) and len(square.elts) == 2 and \
                    ast.dump(square.elts[0]) == ast.dump(square.elts[1]):
                return GRAPH  # coo_matrix((values, (rows, cols)), shape=(n, n)): a matrix over pairs of items
            return next((kind for a in node.args if (kind := _sparse_over_items(
                a, module, script, depth + 1, True, budget=budget))), None)
        if method in _SPARSE_SAME and isinstance(node.func, ast.Attribute):
            return _sparse_over_items(node.func.value, module, script, depth + 1, sparse_known, budget=budget) or \
                next((kind for a in node.args if (kind := _sparse_over_items(
                    a, module, script, depth + 1, False, budget=budget))), None)
        callee = script.value(node.func)
        if isinstance(callee, FunctionRef):  # a function of the script: what it returns
            returned = [r.value for r in own_nodes(callee.info.node) if isinstance(r, ast.Return) and r.value]
            return next((kind for r in returned if (kind := _sparse_over_items(
                r, callee.info.module, script, depth + 1, sparse_known, budget=budget))), None)
        return None
    if isinstance(node, ast.Name):
        function = module.function_of(node)
        bound = module.value_before(node)
        if bound is not None:
            kind = _sparse_over_items(bound, module, script, depth + 1, sparse_known, budget=budget)
            if kind is not None:
                return kind
        elif function is not None and node.id in {a.arg for a in function.node.args.args}:
            skip_self = function.takes_instance
            for place, caller in script.calls_to(function):
                given = arguments_given(function, caller, skip_self).get(node.id)
                kind = given is not None and _sparse_over_items(given, place, script, depth + 1, sparse_known,
                                                                budget=budget)
                if kind:
                    return kind
        if sparse_known and words_of(node.id) & _GRAPH_WORDS:
            return GRAPH  # adj.todense(): a graph's matrix, by its name
    return None


def _few_texts(node: ast.AST, module: Module, script: Script, depth: int) -> bool:
    """The texts a vectorizer is given are a few written in the script, not a corpus: a list of them
    (vec.transform([text])), a table or series made of such lists (pd.DataFrame({'text': [s]}), pd.Series([s]))
    and its column, or a parameter of the script's own function that no call gives anything else (none at all: what
    an interactive session might pass, which the script does not show)."""
    if depth > 8:
        return False
    if isinstance(node, (ast.List, ast.Tuple)):
        return True
    if isinstance(node, (ast.Attribute, ast.Subscript)):  # frame.text, frame['text'], texts[:3]
        return _few_texts(node.value, module, script, depth + 1)
    if isinstance(node, ast.Call):
        if last_part(dotted_name(node.func)) in ("DataFrame", "Series", "array", "asarray") and node.args:
            given = node.args[0]
            if isinstance(given, ast.Dict):
                return bool(given.values) and all(isinstance(v, (ast.List, ast.Tuple)) for v in given.values)
            return isinstance(given, (ast.List, ast.Tuple))
        return False
    if not isinstance(node, ast.Name):
        return False
    bound = module.value_before(node)
    if bound is not None:
        return _few_texts(bound, module, script, depth + 1)
    function = module.function_of(node)
    if function is None or node.id not in {a.arg for a in function.node.args.args}:
        return False
    calls = script.calls_to(function)
    for place, caller in calls:
        given_here = arguments_given(function, caller, function.takes_instance).get(node.id)
        if given_here is None or not _few_texts(given_here, place, script, depth + 1):
            return False
    return True


def _vectorizer(node: ast.AST, module: Module) -> bool:
    """CountVectorizer(), TfidfVectorizer(), a name bound to one or named as one (tfidf, vectorizer)."""
    if isinstance(node, ast.Call):
        return last_part(dotted_name(node.func)) in ("CountVectorizer", "TfidfVectorizer", "HashingVectorizer")
    if isinstance(node, ast.Name):
        bound = module.value_before(node)
        if bound is not None and isinstance(bound, ast.Call):
            return _vectorizer(bound, module)
        return bool(words_of(node.id) & {"vectorizer", "tfidf", "vectoriser"})
    if isinstance(node, ast.Attribute):
        return bool(words_of(node.attr) & {"vectorizer", "tfidf", "vectoriser"})
    return False
