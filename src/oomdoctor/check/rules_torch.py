"""Rules: PyTorch."""

from __future__ import annotations

import ast
import math
from functools import lru_cache
from typing import Iterator

from ..i18n import _
from ..units import MiB, format_bytes
from .context import Context, Seen
from .flow import arguments_given, positional_parameters
from .library import (DECODERS, FILE_OPENERS, LISTINGS, PATH_CALLS, PER_FILE_LOADERS, argument, dtype_of,
                      empty_list, keyword_value, loader_kind)
from .modules import FunctionInfo, Module, own_nodes
from .names import (LABEL_WORDS, calls_in, dotted_name, is_eval_name, is_labels, last_part, names_a_split, names_in,
                    self_attribute, words_of)
from .rules_data import read_in_batches
# the numbers a script binds, and the head size past which Keras's Flatten -> Dense is a problem of its own
from .rules_keras import HUGE_HEAD_WEIGHTS, Constants, int_argument, int_of, module_numbers, strided
from .script import Finding, Script
from .values import (DTYPE_NAMES, FILES, ITEMSIZE, NAMES, TABLE, Data, FunctionRef, Instance, Keyed, Loader, Model,
                     Number, Pipeline, Several, Tensor, few_values_per_row, negligible, sample_bytes, total_bytes)


def loss_keeps_graph(script: Script) -> Iterator[Finding]:
    """total_loss += loss: the sum keeps every step's autograd graph alive."""
    for seen in script.seen("accumulated-sum", "accumulated-list"):
        tensor: Tensor = seen.value  # type: ignore[assignment]
        if not tensor.graph or _backward_later(seen, script):
            continue
        if seen.what == "accumulated-list" and (not tensor.loss or tensor.accumulated):
            continue  # outputs and running sums kept in a list: tensors-kept-across-steps
        callers = _callers_passing_a_graph(seen, script)
        if callers:  # meter.update(loss): said where the tensor is given, which is what the user changes
            for module, call in callers:
                name = dotted_name(call.func)
                yield script.finding(
                    "loss-keeps-graph", call,
                    _("{name}() is given the loss tensor itself, not its value, and adds it up ({target}, line "
                      "{line}): each step's autograd graph (the activations saved for backward) stays referenced by "
                      "the sum, and memory grows every step until it is dropped.").format(
                        name=name, target=seen.target, line=seen.node.lineno),
                    _("Pass the number: {name}(loss.item(), ...) (or loss.detach() to stay on the GPU).").format(
                        name=name), module=module)
            continue
        if seen.what == "accumulated-list":  # losses.append(loss): kept one by one, not added up
            yield script.finding(
                "loss-keeps-graph", seen.node,
                _("{target} keeps the loss tensor itself, not its value, once a step: each step's autograd graph "
                  "(the activations saved for backward) stays referenced by the list, and memory grows every step "
                  "until it is dropped.").format(target=seen.target),
                _("Keep the number: {target}.append(loss.item()) (or loss.detach() to stay on the GPU).").format(
                    target=seen.target), module=seen.ctx.module)
            continue
        yield script.finding(
            "loss-keeps-graph", seen.node,
            _("{target} adds up the loss tensor itself, not its value: each step's autograd graph (the activations "
              "saved for backward) stays referenced by the sum, and memory grows every step until it is "
              "dropped.").format(target=seen.target),
            _("Add the number: {target} += loss.item() (or loss.detach() to stay on the GPU).").format(
                target=seen.target), module=seen.ctx.module)


def _callers_passing_a_graph(seen: Seen, script: Script) -> list[tuple]:
    """(module, call) of each call to the function where the sum grows (AverageMeter.update) that passes it a
    tensor with its graph, where the sum adds up one of the function's parameters."""
    function = seen.ctx.function
    if function is None:
        return []
    arguments = function.node.args
    parameters = [a.arg for a in arguments.posonlyargs + arguments.args]
    statement = seen.node
    added = names_in(statement.value) if isinstance(statement, (ast.AugAssign, ast.Assign)) else set()
    dependencies = script.dependencies(function.node)
    # self._sum[idx] += v, with v from enumerate(values): computed from the parameter all the same
    if not any(added & dependencies.derived(p) for p in parameters if p != "self"):
        return []
    found = []
    for module, call in script.calls_to(function):
        given = [script.value(a) for a in list(call.args) + [k.value for k in call.keywords]]
        tensors = [t for v in given for t in (v.items if isinstance(v, Several) else (v,))]  # update([a, b])
        if any(isinstance(t, Tensor) and t.graph for t in tensors):
            found.append((module, call))
    return found


def tensors_kept_across_steps(script: Script) -> Iterator[Finding]:
    """outputs.append(out): every step's output stays on the GPU, with its graph when gradients are on."""
    for seen in script.seen("accumulated-list"):
        tensor: Tensor = seen.value  # type: ignore[assignment]
        if tensor.loss and tensor.graph and not tensor.accumulated:
            continue  # the loss itself: loss-keeps-graph
        if not tensor.graph and (tensor.host or tensor.loss or tensor.accumulated):
            continue  # a loss value without its graph is one number: keeping one per step costs nothing
        if _backward_later(seen, script) or tensor.graph and _kept_sum_said(seen, script) or \
                _restarted_each_step(seen):
            continue
        if not tensor.graph and (_scored_beside_labels(seen) or _scored_after_the_loop(seen, script) or
                                 _class_ids_kept(seen)):
            continue
        where = _("with its autograd graph") if tensor.graph else _("on the GPU")
        yield script.finding(
            "tensors-kept-across-steps", seen.node,
            _("{target} keeps one tensor per step {where}: they are never freed, so memory grows with every step "
              "of the loop.").format(target=seen.target, where=where),
            _("Keep what you need as plain values: .detach().cpu() (or .item(), .tolist()) before appending."),
            module=seen.ctx.module)


# Tensor methods that move, cast or reshape a tensor and keep one value per value it has
_SAME_VALUES_METHODS = {"float", "long", "int", "double", "half", "bool", "cpu", "cuda", "to", "detach", "squeeze",
                        "unsqueeze", "view", "flatten", "reshape", "clone"}


def _class_ids_kept(seen: Seen) -> bool:
    """preds.append(out.argmax(1)), guesses.append(top_class) with top_class = torch.argmax(scores, dim=1), kept
    (p >= threshold).float(), out.max(1)[1]: a class id (or a yes/no) per sample, a few bytes each, however many
    steps keep them: the predictions of an evaluation, not its activations."""
    node = seen.node.value if isinstance(seen.node, ast.Expr) else seen.node
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append" and
            len(node.args) == 1):
        return False
    kept = node.args[0]
    for _hop in range(4):  # top_class = torch.argmax(...); guesses.append(top_class), through a few names
        while isinstance(kept, ast.Call) and isinstance(kept.func, ast.Attribute) and \
                kept.func.attr in _SAME_VALUES_METHODS:
            kept = kept.func.value
        if not isinstance(kept, ast.Name):
            break
        bound = seen.ctx.module.value_before(kept)
        if bound is None:
            return False
        kept = bound
    if isinstance(kept, ast.Compare):
        return True  # (p >= threshold): a yes or no per value
    if isinstance(kept, ast.Call) and last_part(dotted_name(kept.func)) in ("argmax", "argmin"):
        return True
    # out.max(1)[1], torch.max(out, 1)[1], out.topk(1)[1], out.max(dim=1).indices
    reduced = kept.value if isinstance(kept, ast.Subscript) and isinstance(kept.slice, ast.Constant) and \
        kept.slice.value == 1 else kept.value if isinstance(kept, ast.Attribute) and kept.attr == "indices" else None
    return isinstance(reduced, ast.Call) and last_part(dotted_name(reduced.func)) in ("max", "min", "topk")


def _restarted_each_step(seen: Seen) -> bool:
    """for x, y in loader: outs = []; for k in range(len(x)): outs.append(net(x[k])); ...; loss.backward(): the list
    is made anew inside a loop that trains (backward() or an optimizer step in it), before the append: it holds one
    step's tensors, whose graphs that step's backward needs or frees, not one per step of the run."""
    name = seen.target
    if not name or "." in name:
        return False
    module, function = seen.ctx.module, seen.ctx.function
    emptied = [b.statement.lineno for b in module.assignments(name, function.node if function is not None else None)
               if empty_list(b.value) and b.statement.lineno < seen.node.lineno]
    # (an epoch loop whose batches train in a loop of their own: a list made per epoch grows)
    return any(loop.lineno <= line <= (loop.end_lineno or loop.lineno) for loop in seen.ctx.loops
               if _steps_in_own_body(loop, module) for line in emptied)


def _steps_in_own_body(loop: ast.AST, module: Module) -> bool:
    """A backward() or an optimizer step in the loop's own body, not in a loop nested in it: the loop over steps."""
    for node in _steps_in(loop):
        around = module.parents.get(node)
        while around is not None and around is not loop and \
                not isinstance(around, (ast.For, ast.AsyncFor, ast.While)):
            around = module.parents.get(around)
        if around is loop:
            return True
    return False


def _scored_beside_labels(seen: Seen) -> bool:
    """y_pred.append(out) beside y_true.append(labels) in the same loop: predictions kept to be scored against the
    targets they sit beside (an F1 or AUC over the validation set) are as small as those labels, a few numbers per
    sample, as the label list is taken to be. Beside masks, the outputs are masks too, as large as images."""
    loop = seen.ctx.loops[-1] if seen.ctx.loops else None
    for node in ast.walk(loop) if loop is not None else ():
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append" and \
                node is not seen.node and node.args:
            names = names_in(node.args[-1])
            if names and all(is_labels(words_of(n)) and not words_of(n) & _PER_PIXEL_LABEL_WORDS for n in names):
                return True
    return False


def _scored_after_the_loop(seen: Seen, script: Script) -> bool:
    """outs.append(model(x)) without a graph, then, after the loop, outs (or outs = torch.cat(outs)) given to a loss
    (criterion(torch.cat(outs), loader.tgt)) or beside the split's labels (accuracy(preds, y_test)): the
    predictions are kept to be scored against targets the script holds whole already, and are as small as they
    (not masks: beside those, the outputs are masks too)."""
    if not seen.ctx.loops or "." in seen.target:
        return False
    loop = seen.ctx.loops[-1]
    end = loop.end_lineno or loop.lineno
    scope = seen.ctx.function.node if seen.ctx.function is not None else seen.ctx.module.tree
    kept = {seen.target}
    # lists filled beside it in the loop (y_true.append(masks)): what they hold _scored_beside_labels judges
    beside = {dotted_name(n.func.value) for n in ast.walk(loop) if isinstance(n, ast.Call) and
              isinstance(n.func, ast.Attribute) and n.func.attr in ("append", "extend")} - kept
    for node in (n for n in _calls_in_line_order(scope) if n.lineno > end):
        given = list(node.args) + [k.value for k in node.keywords]
        if not any(names_in(a) & kept for a in given):
            continue
        statement = seen.ctx.module.statement_of(node)
        if isinstance(statement, ast.Assign) and statement.value is node:  # preds = torch.cat(outs)
            kept |= {t.id for t in statement.targets if isinstance(t, ast.Name)}
        if any(names_in(a) & beside for a in given):
            continue
        others = [set().union(*(words_of(n.id if isinstance(n, ast.Name) else n.attr) for n in ast.walk(other)
                                if isinstance(n, (ast.Name, ast.Attribute))))
                  for other in given if not names_in(other) & kept]
        if any(words & _PER_PIXEL_LABEL_WORDS for words in others):
            continue
        # the flow keeps what criterion(...) gives on the call, or, for a loss it knows by its name, on the name
        scored = [script.value(node), script.value(node.func)]
        if any(is_labels(words) for words in others) or others and any(
                isinstance(v, Tensor) and v.loss for v in scored):
            return True
    return False


@lru_cache(maxsize=1024)
def _calls_in_line_order(scope: ast.AST) -> tuple[ast.Call, ...]:
    """The calls of a function's (or module's) own code, in line order: sorted once a scope, where each kept list
    of the scope asks."""
    return tuple(sorted((n for n in own_nodes(scope) if isinstance(n, ast.Call)),
                        key=lambda n: (n.lineno, n.col_offset)))


# Labels with a value per pixel: as large as the images they annotate
_PER_PIXEL_LABEL_WORDS = {"mask", "masks", "seg", "segmentation"}


def _kept_sum_said(seen: Seen, script: Script) -> bool:
    """hist.append(running / step), where running += loss is never started again inside the loops around the append:
    each appended value's graph is a part of the running sum's, which loss-keeps-graph says; the list keeps nothing
    more. (A sum started anew each epoch leaves the graphs the list keeps to the list alone.)"""
    statement = seen.node.args[-1] if isinstance(seen.node, ast.Call) and seen.node.args else seen.node
    used = names_in(statement)
    outermost = seen.ctx.loops[0] if seen.ctx.loops else None
    for summed in script.seen("accumulated-sum"):
        name = summed.target.split(".")[-1]
        if name not in used or summed.ctx.function is not seen.ctx.function or not summed.value.graph or \
                _backward_later(summed, script):
            continue
        restarted = outermost is not None and any(
            isinstance(node, ast.Assign) and any(dotted_name(t) == summed.target for t in node.targets)
            for node in ast.walk(outermost))
        if not restarted:
            return True
    return False


def _backward_later(seen: Seen, script: Script) -> bool:
    """The kept graph is wanted: a backward() of the sum or the list comes later (gradient accumulation)."""
    function = seen.ctx.function
    scope = function.node if function else seen.ctx.module.tree
    dependencies = script.dependencies(scope)
    derived = dependencies.derived(seen.target.split(".")[-1])
    if any(line > seen.node.lineno and used & derived for line, used in dependencies.backwards):
        return True
    # an episode's log-probabilities returned stacked (return torch.stack(log_probs)) to a caller whose backward()
    # uses what the call gave: the policy-gradient loss of that episode (a loop of steps, while not done or over a
    # range), which needs every graph kept; not a sum over a loader's batches: one backward for the whole data set
    # keeps every batch's graph until then
    loop = seen.ctx.loops[-1] if seen.ctx.loops else None
    steps = isinstance(loop, ast.While) or isinstance(loop, ast.For) and isinstance(loop.iter, ast.Call) and \
        dotted_name(loop.iter.func) == "range"
    if function is None or not steps or not getattr(seen.value, "graph", False):
        return False
    returned = set().union(*(names_in(n.value) for n in own_nodes(scope) if isinstance(n, ast.Return) and n.value))
    if not returned & derived:
        return False
    for module, call in script.calls_to(function):
        statement = module.statement_of(call)
        if not isinstance(statement, ast.Assign):
            continue
        caller = module.function_of(call)
        theirs = script.dependencies(caller.node if caller is not None else module.tree)
        given = set().union(*(theirs.derived(n) for t in statement.targets for n in names_in(t)))
        if any(line > call.lineno and used & given for line, used in theirs.backwards):
            return True
    return False


def eval_without_no_grad(script: Script) -> Iterator[Finding]:
    """Forward passes in evaluation code with autograd on: every activation is saved for a backward never run."""
    reported: set[object] = set()
    passes: list[tuple[Seen, object]] = []  # the evaluation passes found, with the region each runs in
    for seen in script.seen("forward"):
        ctx = seen.ctx
        arguments: Several = seen.source  # type: ignore[assignment]
        # for inputs, targets in validation_loader: the batches of an evaluation set
        eval_loop = next((loop for loop in reversed(ctx.loops) if isinstance(loop, (ast.For, ast.AsyncFor))
                          and any(is_eval_name(n) for n in names_in(loop.iter))), None)
        # gen_B(test_A): an evaluation set, by the name it is given as
        named = any(is_eval_name(n) for argument in seen.node.args for n in names_in(argument))
        # for phase in ['train', 'eval']: the same pass serves the evaluation phase, whose batches no backward follows
        phased = _runs_in_an_eval_phase(seen, script)
        eval_data = any(isinstance(a, Data) for a in arguments.items) or named or eval_loop is not None or phased
        if ctx.function is not None and ctx.function.cls is not None and ctx.function.name == "forward":
            continue  # a submodule run inside a model's own forward(): the call that runs the model is judged
        if _embedding_table(seen.value, script):
            continue  # model.in_embed(word_id): a lookup saves only the ids for its backward, no activation
        if _one_sample_inputs(seen.node, ctx.module):
            continue  # model(torch.tensor([uid]), torch.tensor([iid])) per row: one sample's graph, freed next pass
        # a model run in a Dataset's __getitem__ (pseudo-labels, features): no backward ever reaches it there
        in_getitem = ctx.function is not None and ctx.function.name == "__getitem__"
        for module, call, in_callers_loop in _eval_phase_calls(seen, script):
            # iteration(loader, train=False) runs its own loop over the batches: said at its forward pass, where
            # the loop is; inf_batch('val', batch), one batch, where the caller's loop chooses the phase; a call
            # in no loop (the last test pass, run_pass(Stage.TEST)) at its forward passes, which make the graph
            in_own_loop = any(isinstance(loop, (ast.For, ast.AsyncFor, ast.While)) for loop in ctx.loops)
            node, module = (call, module) if in_callers_loop and not in_own_loop else (seen.node, ctx.module)
            if node not in reported:
                reported.add(node)
                yield _evaluation_with_autograd(script, node, module)
        for module, call in _evaluating_call_sites(seen, script):
            # run_block(net, nf) serves the training loop and, after net.eval(), the validation loop: said at the
            # validation loop's call, the pass its autograd keeps for nothing
            if call not in reported:
                reported.add(call)
                yield _evaluation_with_autograd(script, call, module)
        # encoder = AutoModel.from_pretrained(...) run over every text for its features, a model the script never
        # trains: each pass saves its activations for a backward that never comes
        extracting = ctx.loops and _never_trained(seen, script)
        if ctx.no_grad or ctx.grad_switched or not (ctx.eval_mode or eval_data or in_getitem or extracting):
            continue
        if not (ctx.loops or ctx.repeated or eval_data or in_getitem or ctx.function is not None and is_eval_name(
                ctx.function.name)):
            continue  # one forward pass on one batch: its graph goes with its output
        if not (ctx.loops or eval_data or in_getitem) and _uncalled_model_method(ctx.function, script) and \
                _runs_on_its_parameters(seen.node, ctx.function):
            # def predict(self, x): return self.forward(x)[0] that nothing here calls: an entry point kept for
            # users of the model, one pass on the batch it is given; whether autograd is on is its caller's choice
            # (a hook the framework calls, validation_epoch_end, runs on what the model holds, and is evaluation)
            continue
        if not eval_data and _detached_at_once(seen.node, ctx.module) and not _inference_over_batches(ctx, script):
            continue  # sample = gen(z).detach(), a preview: its graph goes as the pass ends, one batch's as in training
        if not (ctx.loops or eval_data or in_getitem) and ctx.function is not None and \
                not is_eval_name(ctx.function.name) and not _kept_past_the_call(seen.node, ctx):
            # def dump_epoch_grid(epoch): gen.eval(); drawn = gen(fixed_z): one pass on one batch each call, a
            # preview; its graph goes as the call returns, no larger than a training step's
            continue
        # after model.eval() inside the loop over steps (a preview every print_freq steps), or on an evaluation set
        # named as one (gen_B(test_A) every image_save_interval steps), the pass of that loop is the region: its
        # training came before
        switched = ctx.loops[0] if (ctx.eval_mode or named and eval_loop is None) and ctx.loops else None
        region = _step_loop(ctx, script) or eval_loop or switched or ctx.function or \
            (ctx.loops[-1] if ctx.loops else None)
        # each model of the loop (an encoder, then a decoder) saves its own activations, but one no_grad around the
        # loop is the fix for all of them: said once, at the region's first pass
        key = region
        if key in reported or not phased and (_trains_in(region, seen, script, after=region is switched) or
                                              _called_to_train(region, script) or
                                              _same_inputs_as_training(seen, script)):
            continue
        reported.add(key)
        passes.append((seen, region))
    # def test(name=None): if name: model(one_name) ... for batch in test_loader: model(batch): the evaluation over the
    # loader is said; a pass of the same model elsewhere in that function (one sample's prediction) is the same fix
    looped = {(seen.ctx.function, _model_owner(seen.node)) for seen, region in passes
              if not isinstance(region, FunctionInfo)}
    for seen, region in passes:
        if not (isinstance(region, FunctionInfo) and (region, _model_owner(seen.node)) in looped):
            yield _evaluation_with_autograd(script, seen.node, seen.ctx.module)


def _embedding_table(model: object, script: Script) -> bool:
    """The module called is an nn.Embedding (or EmbeddingBag): a word's vector looked up after training (nearest
    words of a skip-gram, an embedding printed) keeps nothing for a backward but the ids, with autograd on or off."""
    tables = script.memoized("embedding-lines", lambda: {
        node.lineno for module in script.modules for node in ast.walk(module.tree) if isinstance(node, ast.Call) and
        module.qualified(node.func) in ("torch.nn.Embedding", "torch.nn.EmbeddingBag")})
    return isinstance(model, Model) and model.cls is None and model.line in tables


def _uncalled_model_method(function: FunctionInfo | None, script: Script) -> bool:
    """A method of the script's own PyTorch model class that no call in the script or its modules runs."""
    return function is not None and script.flow.torch_model_method(function) and not script.calls_to(function)


def _runs_on_its_parameters(call: ast.Call, function: FunctionInfo) -> bool:
    """self.forward(x) in def predict(self, x): the pass is given only what the method's caller gives it."""
    parameters = {a.arg for a in function.node.args.posonlyargs + function.node.args.args[1:] +
                  function.node.args.kwonlyargs}  # (not self: self.cached is what the model holds)
    given = call.args + [k.value for k in call.keywords]
    return bool(given) and all(isinstance(a, ast.Name) and a.id in parameters for a in given)


def _never_trained(seen: Seen, script: Script) -> bool:
    """The pass runs a pretrained PyTorch model that nothing in the script trains (_untrained_pretrained)."""
    owner = _model_owner(seen.node)
    model = script.value(seen.node.func) if isinstance(seen.node, ast.Call) else None
    return bool(owner) and isinstance(model, Model) and model.framework == "torch" and \
        owner in _untrained_pretrained(script)


def _untrained_pretrained(script: Script) -> set[str]:
    """The names bound to a pretrained model (X.from_pretrained(...), torch.hub.load(...)) that nothing trains: no
    optimizer is given its parameters, no .train() names it, and no requires_grad switches it off by hand. Found once
    per script, where each forward pass in a loop asks."""
    def find() -> set[str]:
        pretrained: set[str] = set()
        trained: set[str] = set()
        for module in script.modules:
            for node in ast.walk(module.tree):
                if isinstance(node, ast.Assign) and any(
                        isinstance(c, ast.Call) and (last_part(dotted_name(c.func)) == "from_pretrained" or
                                                     module.qualified(c.func) == "torch.hub.load")
                        for c in ast.walk(node.value)):
                    pretrained |= {dotted_name(t) for t in node.targets}
                elif isinstance(node, ast.Attribute) and node.attr in ("parameters", "named_parameters", "train",
                                                                        "requires_grad_", "requires_grad"):
                    trained.add(dotted_name(node.value))
        return pretrained - trained
    return script.memoized("untrained-pretrained-models", find)


def _model_owner(node: ast.AST) -> str:
    """Which model a forward pass runs: encoder(x) and decoder(h) are two, model.enc(x) and model.dec(h) the
    submodules of one (as are a trainer's self.gen_a(x) and self.gen_b(x): the
    networks one object trains together, whose evaluation is one pass of that object's)."""
    if not isinstance(node, ast.Call):
        return ""
    if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, (ast.Name, ast.Attribute)):
        return dotted_name(node.func.value)
    return dotted_name(node.func)


def _evaluation_with_autograd(script: Script, node: ast.AST, module: Module) -> Finding:
    return script.finding(
        "eval-without-no-grad", node,
        _("This evaluation forward pass runs with autograd on: PyTorch saves every activation for a backward "
          "pass that never comes, so evaluation takes as much memory as training, or more with a larger "
          "batch."),
        _("Wrap evaluation in `with torch.no_grad():` (or torch.inference_mode()), or decorate the function "
          "with @torch.no_grad(); model.eval() alone does not turn gradients off."), module=module)


def _runs_in_an_eval_phase(seen: Seen, script: Script) -> bool:
    """for phase in ['train', 'eval']: ... out = model(x) ... if phase == 'train': loss.backward(): a loop over the
    phases whose every backward and optimizer step is under a test of the phase, the forward pass not: on the
    evaluation phase it runs with autograd on, and nothing frees its graph but the next batch."""
    module = seen.ctx.module
    for loop in seen.ctx.loops:
        if not isinstance(loop, ast.For):
            continue
        if isinstance(loop.target, ast.Name) and isinstance(loop.iter, (ast.List, ast.Tuple)):
            phase = loop.target.id
            phases = [e.value for e in loop.iter.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        elif isinstance(loop.target, ast.Tuple) and loop.target.elts and isinstance(loop.target.elts[0], ast.Name) \
                and isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Attribute) and \
                loop.iter.func.attr == "items" and isinstance(loop.iter.func.value, ast.Name):
            # for phase, loader in loaders.items(), loaders = {"train": ...}; loaders["validate"] = ...: the keys the
            # flow saw written into the dict
            phase = loop.target.elts[0].id
            loaders = script.value(loop.iter.func.value)
            phases = [k for k in loaders.keys if isinstance(k, str)] if isinstance(loaders, Keyed) else []
        else:
            continue
        if not (any(is_eval_name(p) for p in phases) and any("train" in words_of(p) for p in phases)):
            continue
        if _switches_gradients(loop):
            continue  # if split == 'train': torch.set_grad_enabled(True) else: ...(False): the loop switches them itself
        steps = [n for n in ast.walk(loop) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                 and n.func.attr in ("backward", "step")]
        if steps and all(_under_a_test_of(n, phase, loop, module) for n in steps) and \
                not _under_a_test_of(seen.node, phase, loop, module):
            return True
    return False


def _switches_gradients(node: ast.AST) -> bool:
    """The loop or function calls torch.set_grad_enabled itself: gradients are on or off by its own phase."""
    return any(isinstance(n, ast.Call) and last_part(dotted_name(n.func)) == "set_grad_enabled" for n in ast.walk(node))


def _evaluating_call_sites(seen: Seen, script: Script) -> list[tuple[Module, ast.Call]]:
    """(module, call) of each call of the helper that holds this forward pass (a step shared by training and
    evaluation, run_block(net, batch), with no backward of its own) made after model.eval(), in a loop that runs no
    backward, outside no_grad: the helper's own context mixes its callers, so it is judged at each of them."""
    ctx = seen.ctx
    function = ctx.function
    if function is None or ctx.no_grad or ctx.grad_switched or ctx.eval_mode or ctx.loops or \
            function.name in ("forward", "__getitem__", "__call__") or _steps_in(function.node):
        return []
    sites = script.flow.call_contexts(function)
    found = []
    for caller, call in script.calls_to(function):
        site = sites.get((str(caller.path), call.lineno))
        loops = [loop for loop in site.loops if isinstance(loop, (ast.For, ast.AsyncFor, ast.While))] if site else []
        if site is None or site.no_grad or site.grad_switched or not site.eval_mode or not loops or \
                _steps_in(loops[-1]):
            continue
        found.append((caller, call))
    return found


def _steps_in(node: ast.AST) -> list[ast.Call]:
    """The backward passes and optimizer steps called in ``node``."""
    return [n for n in ast.walk(node) if _is_step(n)]


def _is_step(node: ast.AST) -> bool:
    """x.backward(...) or x.step(...): a backward pass or an optimizer's (or a scheduler's) step."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
        node.func.attr in ("backward", "step")


def _eval_phase_calls(seen: Seen, script: Script) -> list[tuple[Module, ast.Call, bool]]:
    """def inf_batch(self, name, batch): out = self.net(x) ... if name == 'train': loss.backward(): a function whose
    every backward and optimizer step is under a test of one of its parameters, the forward pass not. (module, call)
    of each call that passes that parameter an evaluation phase (inf_batch('val', batch)), or False where the steps
    run under ``if train:``, outside no_grad: there the pass keeps its graph for a backward that never runs, as in
    _runs_in_an_eval_phase's loop over phases. With each, whether the call runs in a loop of its caller's."""
    function, module = seen.ctx.function, seen.ctx.module
    if function is None or seen.ctx.no_grad or seen.ctx.grad_switched or _switches_gradients(function.node):
        return []  # torch.set_grad_enabled(phase == 'train'): the function turns gradients off for the phase itself
    steps = _steps_in(function.node)
    parameters = positional_parameters(function, skip_self=function.takes_instance)
    found = []
    for position, phase in enumerate(parameters):
        if not steps or not all(_under_a_test_of(n, phase, function.node, module) for n in steps) or \
                _under_a_test_of(seen.node, phase, function.node, module):
            continue
        sites = script.flow.call_contexts(function)
        for caller, call in script.calls_to(function):
            given = keyword_value(call, phase) or (call.args[position] if len(call.args) > position else None)
            site = sites.get((str(caller.path), call.lineno))
            # inf_batch('val', batch), or a phase of an enum: run_pass(stage=Stage.TEST_PASS)
            evaluation = isinstance(given, ast.Constant) and (
                isinstance(given.value, str) and is_eval_name(given.value) or
                given.value is False and all(_guard(n, phase, function.node, module) for n in steps)) or \
                isinstance(given, ast.Attribute) and is_eval_name(given.attr)
            if evaluation and site is not None and not site.no_grad and not site.grad_switched:
                found.append((caller, call, bool(site.loops)))
    return found


def _guard(node: ast.AST, name: str, scope: ast.AST, module: Module) -> bool:
    """``node`` runs under ``if name:`` (within ``scope``), the name itself the test: false, it does not run."""
    while node in module.parents and node is not scope:
        parent = module.parents[node]
        if isinstance(parent, ast.If) and node in parent.body and isinstance(parent.test, ast.Name) and \
                parent.test.id == name:
            return True
        node = parent
    return False


def _under_a_test_of(node: ast.AST, name: str, loop: ast.AST, module: Module) -> bool:
    """``node`` is inside an ``if`` (within ``loop``) whose test reads ``name``: if phase == 'train'."""
    while node in module.parents and node is not loop:
        parent = module.parents[node]
        if isinstance(parent, ast.If) and node is not parent.test and name in names_in(parent.test):
            return True
        node = parent
    return False


# torch's constructors of a tensor from the Python values written in the call
_TENSOR_FROM_VALUES = {"torch.tensor", "torch.as_tensor", "torch.Tensor", "torch.LongTensor", "torch.FloatTensor",
                       "torch.IntTensor", "torch.DoubleTensor", "torch.BoolTensor", "torch.cuda.LongTensor",
                       "torch.cuda.FloatTensor"}
# what keeps a tensor's values and its first dimension: a move, a cast
_SAME_ROWS = {"to", "cuda", "cpu", "long", "float", "int", "double", "half", "bool", "contiguous"}


def _one_sample_inputs(call: ast.AST, module: Module) -> bool:
    """model(torch.tensor([uid]).to(dev), torch.LongTensor([iid])): every input the pass is given is written as a
    flat list of one value (one sample's id), directly or through the name it was last bound to: a batch of one id
    per input, whose saved activations are a sample's, next to the weights nothing. (A row written [[...]] is left to
    the rule: a whole model run on it per word is still said.)"""
    if not isinstance(call, ast.Call) or not call.args or call.keywords:
        return False
    return all(_one_sample(argument, module, 0) for argument in call.args)


def _one_sample(node: ast.AST, module: Module, depth: int) -> bool:
    if isinstance(node, ast.Name) and depth < 3:
        bound = module.value_before(node)
        return bound is not None and _one_sample(bound, module, depth + 1)
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Attribute) and node.func.attr in _SAME_ROWS and \
            module.qualified(node.func) not in _TENSOR_FROM_VALUES:
        return _one_sample(node.func.value, module, depth)
    if module.qualified(node.func) not in _TENSOR_FROM_VALUES or len(node.args) != 1:
        return False
    values = node.args[0]
    return isinstance(values, (ast.List, ast.Tuple)) and len(values.elts) == 1 and \
        not isinstance(values.elts[0], (ast.Starred, ast.List, ast.Tuple, ast.ListComp, ast.GeneratorExp))


def _kept_past_the_call(call: ast.AST, ctx: Context) -> bool:
    """The pass's output leaves its function: returned (return model(x), or a name bound to it), or stored on an
    object or a global (self.out = model(x)), where the graph it carries outlives the call."""
    module, function = ctx.module, ctx.function
    statement = module.statement_of(call)
    if isinstance(statement, ast.Return):
        return True
    targets = statement.targets if isinstance(statement, ast.Assign) else \
        [statement.target] if isinstance(statement, (ast.AnnAssign, ast.AugAssign)) else []
    names = {n.id for target in targets for n in ast.walk(target) if isinstance(n, ast.Name)}
    if any(not isinstance(target, (ast.Name, ast.Tuple, ast.List)) for target in targets) or \
            names & function.declared_globals:
        return True
    return any(isinstance(node, ast.Return) and node.value is not None and names & names_in(node.value)
               for node in ast.walk(function.node))


def _detached_at_once(call: ast.AST, module: Module) -> bool:
    """model(x).detach() (or .item(), .tolist(), .data): nothing keeps the output's graph once the pass ends."""
    parent = module.parents.get(call)
    return isinstance(parent, ast.Attribute) and parent.value is call and parent.attr in ("detach", "item", "tolist",
                                                                                         "data")


def _same_inputs_as_training(seen: Seen, script: Script) -> bool:
    """model(features, adj) in test() where train() runs model(features, adj) and backpropagates: the same
    module-level tensors (full-batch training, a graph's every node at once), so the evaluation pass saves no more
    activations than each training step already does, next to its gradients."""
    call = seen.node
    if not isinstance(call, ast.Call) or not call.args or call.keywords or \
            not all(isinstance(a, ast.Name) and _global_here(a.id, seen.ctx) for a in call.args):
        return False
    wanted = (ast.dump(call.func), [a.id for a in call.args])
    return any(other is not seen and not other.ctx.no_grad and not other.ctx.grad_switched and
               isinstance(other.node, ast.Call)
               and (ast.dump(other.node.func), [getattr(a, "id", None) for a in other.node.args]) == wanted
               and not other.node.keywords and all(_global_here(a.id, other.ctx) for a in other.node.args)
               and _trains_in(other.ctx.function or (other.ctx.loops[-1] if other.ctx.loops else None), other, script)
               for other in script.seen("forward"))


def _global_here(name: str, ctx: Context) -> bool:
    """``name`` is a module-level name where ``ctx`` runs: the function neither binds it nor takes it, and no
    enclosing loop rebinds it each pass."""
    # its target (for x in ...) or its body (points, labels = batch): each pass's batch, not the one data set
    if any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
           for loop in ctx.loops for n in ast.walk(loop)):
        return False
    function = ctx.function
    if function is None:
        return True
    arguments = function.node.args
    if name in {a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs}:
        return False
    return name in function.declared_globals or not any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in own_nodes(function.node))


def _step_loop(ctx: Context, script: Script) -> ast.AST | None:
    """The loop over batches this code runs in (not the epochs around it, not the frames inside one batch)."""
    return next((loop for loop in ctx.loops if isinstance(loop, (ast.For, ast.AsyncFor))
                 and isinstance(script.value(loop.iter), (Loader, Pipeline))), None)


def _inference_over_batches(ctx: Context, script: Script) -> bool:
    """for x in loader: feats.append(model(x).detach()) where that loop never backpropagates nor steps: a pass over
    every batch of a data set (features extracted, predictions made), not a preview inside training. Detaching the
    output frees the graph only after the pass has saved every activation for it, a training step's peak, which
    torch.no_grad() would not reach."""
    loop = _step_loop(ctx, script)
    return loop is not None and not any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("backward", "step")
        for n in ast.walk(loop))


def _called_to_train(region: object, script: Script) -> bool:
    """PPO's policy.evaluate(states, actions), called by the update that backpropagates what it returns: a
    function named for evaluation whose every caller trains on its result is part of training."""
    if not isinstance(region, FunctionInfo):
        return False
    callers = script.calls_to(region)
    return bool(callers) and all(_backward_after(call, module) for module, call in callers)


def _backward_after(call: ast.Call, module: Module) -> bool:
    """A backward() or optimizer step after ``call`` in the function (or module) that makes it."""
    function = module.function_of(call)
    return _last_step_line(function.node if function is not None else module.tree) > call.lineno


@lru_cache(maxsize=4096)
def _last_step_line(scope: ast.AST) -> int:
    """The line of the last backward() or optimizer step in a function's own body (or anywhere in a module), 0
    where there is none: found once per scope, where every forward pass of a long script would walk it again."""
    nodes = own_nodes(scope) if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)) else ast.walk(scope)
    return max((n.lineno for n in nodes if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and
                n.func.attr in ("backward", "step")), default=0)


def _trains_in(region: object, seen: Seen, script: Script, after: bool = False) -> bool:
    """A backward() or optimizer.step() in the same function or loop: this forward pass is training (``after``: a
    preview's loop, where only one after this pass counts)."""
    if isinstance(region, FunctionInfo):
        nodes: Iterator[ast.AST] = own_nodes(region.node)
    elif isinstance(region, ast.AST):
        nodes = ast.walk(region)
        if (seen.ctx.eval_mode or after) and region is not _step_loop(seen.ctx, script) or \
                _switched_to_eval_in(region, seen):
            # for epoch in ...: train; model.eval(); preview = model(x): the training of this pass came before
            # the switch, so only a backward or step after this forward would make it part of training; so too
            # in the loop over batches when the switch is in it (if step % 10 == 0: model.eval(); model(test_x))
            nodes = (n for n in nodes if getattr(n, "lineno", 0) > seen.node.lineno)
    else:
        return False
    return any(_is_step(n) and last_part(dotted_name(n.func.value)) not in ("scheduler", "lr_scheduler")
               for n in nodes)


def _switched_to_eval_in(region: ast.AST, seen: Seen) -> bool:
    """The model of this forward pass is put in evaluation (model.eval(), model = model.eval()) inside ``region``,
    before the pass."""
    model = dotted_name(seen.node.func) if isinstance(seen.node, ast.Call) else ""
    return bool(model) and any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "eval" and
        dotted_name(n.func.value) == model and n.lineno < seen.node.lineno for n in ast.walk(region))


def dataset_on_gpu(script: Script) -> Iterator[Finding]:
    """The whole training set moved to the GPU at once: it takes GPU memory the model and activations need."""
    for seen in script.seen("to-gpu"):
        data: Data = seen.value  # type: ignore[assignment]
        if negligible(data) or data.content == NAMES:
            continue
        if total_bytes(data) is None and sample_bytes(data) is None and not read_in_batches(data, script) and \
                not data.split and not _named_as_a_split(seen.node):
            # np.load(path).cuda() of something the script never batches: a latent, a statistic (the rows of a
            # split, x[train_idx] or an array the script names val_X, are samples)
            continue
        jax = isinstance(seen.node, ast.Call) and seen.ctx.module.qualified(seen.node.func).startswith("jax.")
        yield script.finding(
            "dataset-on-gpu", seen.node,
            _("The whole data set is moved to the GPU here ({size}): it occupies GPU memory for the whole run, "
              "next to the model, its gradients and the activations.").format(size=script.size_of(data)),
            _("Keep it in host memory as a NumPy array and give each step its batch (x[i:i + batch_size]); JAX "
              "moves what a jitted step is given, one batch at a time.") if jax else
            _("Keep it in host memory and move one batch at a time inside the training loop "
              "(DataLoader(TensorDataset(x, y), batch_size=..., pin_memory=True), then x.to(device) per batch)."),
            module=seen.ctx.module)
    for seen in script.seen("kept-on-gpu"):
        yield script.finding(
            "dataset-on-gpu", seen.node,
            _("Each sample is moved to the GPU here and kept ({name}), in a loop that prepares the data before "
              "training: when the loop ends the whole data set is in GPU memory, next to the model, its gradients "
              "and the activations.").format(name=seen.target or _("in a list")),
            _("Keep the samples in host memory and move each one (or each batch) to the GPU in the training step, "
              "where it is used."), module=seen.ctx.module)


def _named_as_a_split(moved: ast.AST) -> bool:
    """torch.tensor(val_X, device=dev), x_test.cuda(): the inputs moved are named as a split of the data set (train,
    validation, test), the samples themselves, whatever the flow knows of their size. Only the name of what is
    moved counts (a device is often named dev), and not labels or masks (train_y, train_mask: a number a sample)."""
    if isinstance(moved, ast.Call) and isinstance(moved.func, ast.Attribute) and moved.func.attr in ("to", "cuda"):
        what = moved.func.value  # x_test.cuda(), val_x.to(device)
    elif isinstance(moved, ast.Call) and moved.args:
        what = moved.args[0]  # torch.tensor(val_X, device=dev)
    else:
        return False
    return any(names_a_split(n) and not is_labels(words_of(n)) for n in names_in(what))


def workers_copy_dataset(script: Script) -> Iterator[Finding]:
    """A Dataset holding a big Python list or dict, read by DataLoader workers: each worker copies it."""
    for seen in script.seen("loader"):
        # no worker, or one: what one worker copies is one more copy at most, not a copy per worker, which is
        # what this rule says (the size of the data set itself is whole-dataset-load's)
        # (a concatenation of data sets, ConcatDataset([a, b]): each of them)
        given = [v for v in (seen.value.items if isinstance(seen.value, Several) else (seen.value,))
                 if isinstance(v, Instance)]
        if not given or _workers(seen.node, script) in (0, 1):
            continue
        said: set[tuple[object, str]] = set()
        for dataset in [d for wrapper in given for d in _datasets_read(wrapper, script)]:
            for finding, key in _copied_by_workers(dataset, seen, script):
                if key not in said:
                    said.add(key)
                    yield finding


def _datasets_read(dataset: Instance, script: Script) -> list[Instance]:
    """The data set a DataLoader is given, and those it wraps (ZipDataset(lmc_set, mc_set), a pair or a
    concatenation of the script's own): the items of each are what its workers read."""
    found, pending = [], [dataset]
    while pending:
        current = pending.pop(0)
        if any(current.cls is known.cls for known in found):
            continue
        found.append(current)
        for cls in script.flow.class_chain(current.cls):
            for (owner, _attribute), value in script.flow.attributes.items():
                if owner is cls:
                    held = value.items if isinstance(value, Several) else (value,)
                    # (a data set of its own, whose items the wrapper's __getitem__ takes; not a tokenizer or a
                    # transform it also holds)
                    pending += [v for v in held if isinstance(v, Instance) and any(
                        "__getitem__" in k.methods for k in script.flow.class_chain(v.cls))]
    return found


def _copied_by_workers(dataset: Instance, seen: Seen,
                       script: Script) -> Iterator[tuple[Finding, tuple[object, str]]]:
    """What DataLoader workers copy of ``dataset``'s own attributes, each finding with its (class, attribute)."""
    chain = script.flow.class_chain(dataset.cls)
    per_element = _read_per_element(chain)
    opened = _opened_per_element(chain, _file_readers_of(chain, script))
    # entries read as records whose fields no file is opened from: the records hold the data itself
    records = _records_per_element(chain) - set(opened)
    numbers = _numbers_per_element(chain)
    number_rows = _number_rows_per_element(chain)
    decoded = _holds_decoded_samples(chain, script)
    for cls in chain:
        for (owner, attribute), value in script.flow.attributes.items():
            if owner is not cls or not isinstance(value, Data):
                continue
            held_records = attribute in records
            if value.container not in ("list", "dict") and value.content != TABLE and not held_records:
                continue
            if per_element is not None and attribute not in per_element:
                continue  # only len(self.files) in the main process: no worker touches its pages
            # (v, m = self.volumes[i] of decoded arrays: a worker touches the tuple and each array's header, not
            # the pixels, which copy-on-read never copies; holding them at all is eager-loading's to say)
            decoded_records = held_records and value.content == FILES
            if value.small or value.content not in (NAMES, TABLE) and (not held_records or decoded_records) or \
                    words_of(attribute) & LABEL_WORDS - {"label", "labels", "target", "targets"}:
                continue
            if value.content == TABLE and value.container in ("numpy", "torch") and (
                    value.labels or attribute in numbers):
                # df['label'].values, or a column whose entry __getitem__ makes a number tensor
                # (torch.tensor(self.user_ids[i], dtype=torch.long)): one array of numbers, no Python objects
                continue
            if value.content == TABLE and value.dtype in ITEMSIZE:
                continue  # pd.read_csv(path, dtype='float32'): number columns only, NumPy blocks a worker only reads
            if value.content == TABLE and attribute in number_rows:
                # self.df.iloc[i, 1:].values.reshape(28, 28): a row of several columns made one array of numbers
                # is a table of number columns (a CSV of pixels), held in NumPy blocks whose pages a worker
                # reads but never writes; a label column beside them is one value a row
                continue
            if decoded and not held_records and value.content == NAMES and value.container == "list":
                # self.labels.append(lab) beside self.images.append(cv2.imread(...)): the samples themselves are
                # held decoded, so the data set is as many as memory holds of them (tens of thousands of images,
                # not millions); a label, a name or a number beside each is a thousandth of that, and what a
                # worker copies of it is too (holding the samples is eager-loading's to say)
                continue
            if not held_records and (
                    value.how in _FOLDER_LISTINGS or value.content == NAMES and opened.get(attribute) in (
                        "entry", "pair") or value.content == TABLE and attribute in opened):
                # a path is some 100 bytes: even a million files copied by 8 workers is 0.8 GB, a usual
                # folder far less; what they name is read per item. Records and dicts weigh more (a path is
                # what a listing gives, or what __getitem__ opens: Image.open(self.images[i])); a table whose
                # row names the file opened (Image.open(self.df.loc[i, 'id'] + '.png')) is an index of files,
                # a name and a few labels a row
                continue
            module, site = script.flow.attribute_sites[(owner, attribute)]
            if value.content == TABLE:
                held = _("a pandas DataFrame (line {line}) holding the data set; its object columns (strings, "
                         "lists, arrays per row) are Python objects").format(line=site.lineno)
                fix = _("Convert the columns __getitem__ reads to NumPy arrays of a fixed dtype once, in "
                        "__init__ (self.values = df['col'].to_numpy()), or read rows per batch from a "
                        "memory-mapped .npy or an Arrow file.")
            else:
                # a pickle's records (self.records[i]['features']): a list, whatever the flow took the load for
                container = value.container if value.container in ("list", "dict") else "list"
                held = _("a Python {container} as long as the data set (line {line})").format(
                    container=container, line=site.lineno)
                fix = _("Hold it as a NumPy array (np.array(paths) of a fixed-width string dtype) or another "
                        "single object, not a list of Python objects.")
            # the DataLoader's line: its workers are what multiply the memory
            yield script.finding(
                "workers-copy-dataset", seen.node,
                _("self.{attribute} is {held}, and this DataLoader reads it from several worker processes: "
                  "reading a Python object updates its reference count, so each worker ends up with its own "
                  "copy of every page it touches, and host memory grows with the number of workers.").format(
                    attribute=attribute, held=held), fix, module=seen.ctx.module), (owner, attribute)


def _holds_decoded_samples(chain: list, script: Script) -> bool:
    """Whether the data set's own attributes hold its samples decoded from files (self.images.append(cv2.imread(p)),
    a list or an array of them, not a path per sample): what bounds how many samples it can have."""
    classes = set(map(id, chain))
    return any(id(owner) in classes and isinstance(value, Data) and value.content == FILES and not value.small
               for (owner, _attribute), value in script.flow.attributes.items())


# How the flow names a list of file names made from a folder (a call of library.LISTINGS, by its last name, and
# a comprehension over one)
_FOLDER_LISTINGS = {last_part(name) for name in LISTINGS} | {"a list of file names"}


def _read_per_element(chain: list) -> set[str] | None:
    """The attributes of self that __getitem__ (or a method of self it calls) reads: what each worker touches;
    None when the script does not define __getitem__ (a library's reads what the script cannot see)."""
    methods = _per_element_methods(chain)
    if methods is None:
        return None
    return {attribute for method in methods for node in ast.walk(method.node)
            if (attribute := self_attribute(node)) is not None}


def _per_element_methods(chain: list) -> list[FunctionInfo] | None:
    """__getitem__ (or __iter__) and the methods of self it calls, the class's own or its bases'; None when the
    script defines neither."""
    methods = {name: info for cls in reversed(chain) for name, info in cls.methods.items()}
    if "__getitem__" not in methods and "__iter__" not in methods:
        return None
    found: list[FunctionInfo] = []
    todo = ["__getitem__", "__iter__"]
    while todo:
        name = todo.pop()
        if name not in methods or methods[name] in found:
            continue
        found.append(methods[name])
        todo += [attribute for node in ast.walk(methods[name].node) if (attribute := self_attribute(node)) is not None]
    return found


def _records_per_element(chain: list) -> set[str]:
    """The attributes whose entry __getitem__ reads as a record of Python objects: unpacked into several names
    (ids, answers, times = self.seq_data[i]) or read by a key (self.records[i]['features']). Such a list holds a
    tuple or dict per sample, each with objects of its own, not one array."""
    found: set[str] = set()
    for method in _per_element_methods(chain) or []:
        for node in own_nodes(method.node):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                    isinstance(node.targets[0], (ast.Tuple, ast.List)) and len(node.targets[0].elts) > 1:
                entry = node.value
            elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and \
                    isinstance(node.slice.value, str):
                entry = node.value
            else:
                continue
            # self.seq_data[idx]: an entry picked by the sample's index (not self.stats['mean'], a field of self)
            if isinstance(entry, ast.Subscript) and not isinstance(entry.slice, ast.Constant) and \
                    self_attribute(entry.value) is not None:
                found.add(entry.value.attr)
    return found


def _numbers_per_element(chain: list) -> set[str]:
    """The attributes whose entry __getitem__ turns into a tensor of a number dtype: torch.tensor(self.ids[i],
    dtype=torch.long), torch.LongTensor(self.ratings[i]), float(self.ratings[i]). A table's column that is read so
    holds numbers, not strings."""
    found: set[str] = set()
    for method in _per_element_methods(chain) or []:
        for call in (n for n in own_nodes(method.node) if isinstance(n, ast.Call) and n.args):
            name = last_part(dotted_name(call.func))
            typed = name in _TYPED_TENSORS or \
                name in ("tensor", "as_tensor") and keyword_value(call, "dtype") is not None
            entry = call.args[0]
            if typed and isinstance(entry, ast.Subscript) and self_attribute(entry.value) is not None:
                found.add(entry.value.attr)
    return found


def _number_rows_per_element(chain: list) -> set[str]:
    """The table attributes whose rows __getitem__ reads several columns at a time and makes one array of numbers:
    self.df.iloc[i, 1:].values.reshape(28, 28), np.asarray(self.df.iloc[i, :-1], dtype=np.float32),
    row = self.df.iloc[i].to_numpy() then row.astype('float32'). Such a table's columns hold numbers: strings
    could be neither reshaped into a picture nor made a number dtype."""
    found: set[str] = set()
    for method in _per_element_methods(chain) or []:
        module = method.module
        bound: dict[str, str] = {}  # row = self.df.iloc[i, 1:].values: the local name of a row, with its table
        nodes = list(own_nodes(method.node))
        for node in nodes:
            if (attribute := _row_read(node)) is None:
                continue
            made, top = _made_numbers(node, module)
            parent = module.parents.get(top)
            if made:
                found.add(attribute)
            elif isinstance(parent, ast.Assign) and len(parent.targets) == 1 and \
                    isinstance(parent.targets[0], ast.Name) and parent.value is top:
                bound[parent.targets[0].id] = attribute
        found |= {bound[node.id] for node in nodes if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
                  and node.id in bound and _made_numbers(node, module)[0]}
    return found


def _row_read(node: ast.AST) -> str | None:
    """self.df.iloc[i] (a whole row) or self.df.iloc[i, 1:], self.df.values[i, :-1], self.df.loc[i, ['a', 'b']]
    (several columns of it): the table attribute read so; None for one field (self.df.iloc[i, 0]) or anything
    else."""
    if not (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and
            node.value.attr in ("iloc", "loc", "values") and self_attribute(node.value.value) is not None):
        return None
    piece = node.slice
    if isinstance(piece, ast.Tuple) and (len(piece.elts) != 2 or not isinstance(piece.elts[1], (ast.Slice, ast.List))):
        return None
    return node.value.value.attr


def _made_numbers(node: ast.AST, module: Module) -> tuple[bool, ast.AST]:
    """Whether the row ``node`` is made an array of numbers where it is used (.reshape(...), .astype(number),
    .to_numpy(dtype=number), np.asarray(row, dtype=number), torch.FloatTensor(row), np.float32(row)), through
    .values and .to_numpy(); with the outermost expression of it, which a name may be bound to."""
    while True:
        parent = module.parents.get(node)
        if isinstance(parent, ast.Attribute) and parent.value is node:
            call = module.parents.get(parent)
            called = isinstance(call, ast.Call) and call.func is parent
            if parent.attr == "values":
                node = parent
                continue
            if parent.attr == "reshape" and called:
                return True, call
            if parent.attr in ("astype", "to_numpy") and called:
                dtype = argument(call, "dtype", 0)
                if dtype_of(dtype, module) in ITEMSIZE:
                    return True, call
                if parent.attr == "to_numpy" and dtype is None:
                    node = call
                    continue
            return False, node
        if isinstance(parent, ast.Call) and parent.args and parent.args[0] is node:
            name = last_part(module.qualified(parent.func))
            typed = name in _TYPED_TENSORS - {"float", "int"} or name == "from_numpy" or \
                DTYPE_NAMES.get(name) in ITEMSIZE and name not in ("float", "int", "bool") or \
                name in ("array", "asarray", "tensor", "as_tensor") and \
                dtype_of(argument(parent, "dtype", 1), module) in ITEMSIZE
            return typed, parent if typed else node
        return False, node


# What makes a number (or a tensor of numbers) of its argument, whatever it held
_TYPED_TENSORS = {"LongTensor", "FloatTensor", "IntTensor", "DoubleTensor", "float", "int"}


# How directly an entry names the file opened, most direct first: the path itself, a tuple unpacked with it
_OPENED_ORDER = ("entry", "pair", "field")


def _file_readers_of(chain: list, script: Script) -> set[str]:
    """The names under which __getitem__ can call one of the program's functions that read a file: the functions'
    own (load_audio(path)) and the dataset's attributes bound to one (self.loader = wav_to_spect, as torchvision's
    DatasetFolder keeps its loader)."""
    readers = script.flow._file_reading_functions()
    bound = {attribute for (owner, attribute), value in script.flow.attributes.items()
             if owner in chain and isinstance(value, FunctionRef) and value.info.name in readers}
    return readers | bound


def _opened_per_element(chain: list, readers: set[str] = frozenset()) -> dict[str, str]:
    """The attributes whose entry __getitem__ opens as a file (with a library's reader, or one of ``readers``, the
    program's functions that read one), and how: "entry" where the entry is the path,
    Image.open(self.images[i]), cv2.imread(os.path.join(self.root, self.files[i])), path = self.paths[i] then
    np.load(path); "pair" where the entry is unpacked and one of its names is the path (path, label =
    self.samples[i], ImageFolder's samples: a path and a number or two); "field" where a field of the entry is,
    self.entries[i]['path'] or a table's self.df.loc[i, 'id'] + '.png' (a record that holds a path, not a path; a
    table's row that names a file)."""
    opened: dict[str, str] = {}
    for method in _per_element_methods(chain) or []:
        module = method.module
        # path = self.root + self.images[i]: the names a method binds to a path made of an entry
        bound: dict[str, dict[str, str]] = {}
        for node in own_nodes(method.node):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                bound[node.targets[0].id] = _entries_in_path(node.value, module, {})
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                    isinstance(node.targets[0], (ast.Tuple, ast.List)):
                # path, label = self.samples[i]: each name is a field of the entry
                fields = {attribute: "pair" if how == "entry" else how
                          for attribute, how in _entries_in_path(node.value, module, {}).items()}
                for name in node.targets[0].elts:
                    if isinstance(name, ast.Name):
                        bound[name.id] = fields
        for call in (n for n in own_nodes(method.node) if isinstance(n, ast.Call)):
            qualified = module.qualified(call.func)
            if qualified in DECODERS or qualified in PER_FILE_LOADERS or qualified in FILE_OPENERS or \
                    loader_kind(qualified) is not None or last_part(dotted_name(call.func)) in readers:
                for given in call.args[:1]:
                    for attribute, how in _entries_in_path(given, module, bound).items():
                        known = opened.get(attribute)
                        opened[attribute] = min((how, known) if known else (how,), key=_OPENED_ORDER.index)
    return opened


def _entries_in_path(node: ast.AST, module: Module, bound: dict[str, dict[str, str]]) -> dict[str, str]:
    """The attributes of self whose entry (self.images[i]) or an entry's field (self.df.loc[i, 'id'],
    self.df['id'][i], self.records[i]['path']) the path expression is made of, each with "entry" or "field": the
    entry itself, or joined to a folder (os.path.join, +, an f-string, str()), or a name bound to one of those."""
    if isinstance(node, ast.Subscript):
        inner, how = node.value, "entry"
        if isinstance(inner, ast.Attribute) and inner.attr in _TABLE_ROWS:  # self.df.loc[i, 'id'], .iloc, .values
            inner, how = inner.value, "field"
        if isinstance(inner, ast.Subscript) or isinstance(inner, ast.Attribute) and \
                isinstance(inner.value, ast.Attribute):  # self.df['id'][i], self.df.iloc[i]['id'], self.df.id[i]
            inner, how = inner.value, "field"
            if isinstance(inner, ast.Attribute) and inner.attr in _TABLE_ROWS:
                inner = inner.value
        if self_attribute(inner) is not None:
            return {inner.attr: how}
        return {}
    if isinstance(node, ast.Name):
        return bound.get(node.id, {})
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _entries_in_path(node.left, module, bound) | _entries_in_path(node.right, module, bound)
    if isinstance(node, ast.JoinedStr):
        return _merged(_entries_in_path(v.value, module, bound) for v in node.values
                       if isinstance(v, ast.FormattedValue))
    if isinstance(node, ast.Call) and (module.qualified(node.func) in PATH_CALLS or dotted_name(node.func) == "str"):
        return _merged(_entries_in_path(a, module, bound) for a in node.args)
    return {}


# How a table's rows and cells are read: self.df.loc[i, 'id'], self.df.iloc[i], self.df['id'].values[i]
_TABLE_ROWS = {"loc", "iloc", "at", "iat", "values"}


def _merged(found) -> dict[str, str]:
    merged: dict[str, str] = {}
    for one in found:
        merged |= one
    return merged


def _workers(call: ast.Call, script: Script) -> int | None:
    """num_workers of a DataLoader: 0 when absent or 0, None when set from something the script does not show."""
    node = keyword_value(call, "num_workers")
    if node is None:
        return 0
    value = script.value(node)
    if isinstance(value, Number):
        return int(value.value)
    # num_workers=args.workers: the command line's default
    name = last_part(dotted_name(node)) if isinstance(node, (ast.Name, ast.Attribute)) else ""
    for add in script.calls_named("add_argument"):
        flags = [a.value for a in add.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        default = keyword_value(add, "default")
        if name and any(f.lstrip("-").replace("-", "_") == name for f in flags) and isinstance(default, ast.Constant):
            return int(default.value) if isinstance(default.value, (int, float)) else None
    return None


# PyTorch layers that convolve: a Linear in the same model takes their map, flattened
_TORCH_CONVS = ("Conv1d", "Conv2d", "Conv3d")

# Classic architectures pool their map down to a few positions per channel before the head (LeNet 5 x 5, VGG
# 7 x 7, AlexNet 6 x 6 or 13 x 13): a large head there is the design, which labellers do not call a problem. More
# positions than a 16 x 16 map is a map left unpooled, as the seed's model's was
_SMALL_MAP_POSITIONS = 16 * 16


def huge_linear_head(script: Script) -> Iterator[Finding]:
    """nn.Linear(57792, 1024) in a model of convolutions: the flattened map's head, PyTorch's flatten-dense. Said
    where the script gives both sizes in numbers (or names bound to them) and the kernel reaches Keras's rule's
    threshold. Said at the Linear, the line that gives the size (the flatten in forward() gives none)."""
    for call in script.calls_named("Linear"):
        module = script.module_of(call)
        if module.qualified(call.func) != "torch.nn.Linear":
            continue
        scope = _model_of(call, module)
        convs = [c for c in calls_in(scope) if last_part(dotted_name(c)) in _TORCH_CONVS] if scope is not None else []
        if not convs:
            # a transformer's or an MLP's layer: no feature map is flattened into it; but an MLP that flattens
            # whole images takes every pixel into its first layer
            finding = _pixels_into_linear(call, scope, module, script)
            if finding is not None:
                yield finding
            continue
        numbers = module_numbers(script, module).at(call.lineno)
        features = int_argument(call, 0, "in_features", numbers)
        units = int_argument(call, 1, "out_features", numbers)
        if features is None or units is None or features * units < HUGE_HEAD_WEIGHTS:
            continue
        # the map's positions per channel, for each channel count the convolutions give that divides the features
        # (the last convolution in the source may be an attention branch's, with one channel)
        channels = {int_argument(c, 1, "out_channels", module_numbers(script, module).at(c.lineno)) for c in convs}
        positions = [features // c for c in channels if c and features % c == 0]
        if not positions and channels == {None}:
            # convolutions made by a helper from its arguments (self.conv_block(10, 20)): no channel count is written
            # there, but nn.Linear(20 * 63 * 63, 1024) writes the map as channels times its positions
            positions = _written_positions(call.args[0] if call.args else None, numbers)
        if not positions or min(positions) <= _SMALL_MAP_POSITIONS:
            continue  # VGG's and AlexNet's heads: a map pooled down to 7 x 7 or 13 x 13, the design itself
        weights = features * units
        yield script.finding(
            "flatten-dense", call,
            _("The convolutions' map is flattened into nn.Linear({features:,}, {units}): its weight alone has "
              "{weights:,} values ({size} in float32; Adam's two slots and the gradient make it four times "
              "that).").format(features=features, units=units, weights=weights, size=format_bytes(4 * weights)),
            _("Pool before the head: nn.AdaptiveAvgPool2d(1) (or more pooling and strides) so that far fewer "
              "features reach nn.Linear. `oomdoctor estimate` shows the difference."), module=module)


def _written_positions(size: ast.expr | None, numbers) -> list[int]:
    """The positions of a map written as a product channels first (20 * 63 * 63: [3969]); [] for anything else."""
    factors = []
    while isinstance(size, ast.BinOp) and isinstance(size.op, ast.Mult):
        factors.append(size.right)
        size = size.left
    factors.append(size)
    values = [int_of(f, numbers) for f in reversed(factors)]
    if len(values) < 3 or None in values:
        return []
    return [math.prod(values[1:])]  # type: ignore[arg-type]


# Past this many input features a Linear takes a flattened picture or map, whatever the script shows of it: wider than
# any hidden size (a 12,288-wide transformer), embedding or vocabulary (250,000 tokens feed an nn.Embedding)
_FLATTENED_FEATURES = 300_000

# The smallest side of a picture whose pixels, flattened, say an image (not a few features, a word-count vector)
_IMAGE_SIDE = 64


def _pixels_into_linear(call: ast.Call, scope: ast.AST | None, module: Module, script: Script) -> Finding | None:
    """nn.Linear(300 * 300 * 3, 512) in a model that flattens its input: the first layer of an MLP over whole
    images, its weight one row per pixel and channel. Said where the sizes reach the Linear in numbers (through the
    arguments the model is built with), the kernel reaches HUGE_HEAD_WEIGHTS and the inputs are a square image's
    pixels (side by side by 1, 3 or 4 channels, the side at least _IMAGE_SIDE)."""
    calls = list(calls_in(scope)) if scope is not None else []
    if any(module.qualified(c.func).startswith(("torchvision.", "timm.", "transformers.")) for c in calls):
        return None  # a backbone's features (512 ** 2 of bilinear pooling over VGG's map): not the input's pixels
    sizes = []
    for position, keyword in ((0, "in_features"), (1, "out_features")):
        given = argument(call, keyword, position)
        value = script.value(given) if given is not None else None
        sizes.append(value.value if isinstance(value, Number) and type(value.value) is int else None)
    features, units = sizes
    if features is None or units is None or features * units < HUGE_HEAD_WEIGHTS:
        return None
    weights = features * units
    flattens = any(last_part(dotted_name(c)) in ("Flatten", "flatten", "view", "reshape") for c in calls)
    image = next(((side, channels) for channels in (3, 1, 4) if features % channels == 0
                  for side in [round((features // channels) ** 0.5)]
                  if side * side * channels == features and side >= _IMAGE_SIDE), None)
    if image is None or not flattens:
        if features < _FLATTENED_FEATURES:
            return None
        # nn.Linear(768000, 1024): no hidden width, embedding or vocabulary is that wide; it takes a whole picture or
        # map, flattened wherever the script does it (img.view(B, -1) in the training loop), whatever its sides
        return script.finding(
            "flatten-dense", call,
            _("nn.Linear({features:,}, {units}) takes {features:,} values at once, a whole picture or map flattened: "
              "its weight alone has {weights:,} values ({size} in float32; Adam's two slots and the gradient make "
              "it four times that).").format(features=features, units=units, weights=weights,
                                             size=format_bytes(4 * weights)),
            _("Shrink what reaches the layer (a smaller resize, or convolutions and pooling that reduce it to a "
              "small map), so that far fewer features reach nn.Linear."), module=module)
    return script.finding(
        "flatten-dense", call,
        _("Every pixel of a {side}x{side}x{channels} image is flattened into nn.Linear({features:,}, {units}): its "
          "weight alone has {weights:,} values ({size} in float32; Adam's two slots and the gradient make it four "
          "times that).").format(side=image[0], channels=image[1], features=features, units=units, weights=weights,
                                 size=format_bytes(4 * weights)),
        _("Shrink the image before the first layer (a smaller resize, or convolutions and pooling that reduce it to "
          "a small map), so that far fewer features reach nn.Linear."), module=module)


def _model_of(linear: ast.Call, module: Module) -> ast.AST | None:
    """What the Linear is part of: the class whose method makes it (an nn.Module), else the nn.Sequential call or
    the list of layers that holds it, else the function that makes it. None for a layer of its own in the file."""
    function = module.function_of(linear)
    if function is not None and function.cls is not None:
        return function.cls.node
    node = linear
    while node in module.parents:
        node = module.parents[node]
        if isinstance(node, ast.List) or isinstance(node, ast.Call) and last_part(dotted_name(node)) == "Sequential":
            return node
    return function.node if function is not None else None


# What a forward pass's input may be wrapped in and still be every sample it was: a move, a cast, a view
_SAME_SAMPLES_METHODS = {"to", "cuda", "float", "double", "half", "long", "int", "type", "permute", "unsqueeze", "view",
                         "reshape", "transpose", "contiguous", "detach", "astype", "requires_grad_"}
_SAME_SAMPLES_CALLS = {"Variable", "from_numpy", "tensor", "Tensor", "FloatTensor", "DoubleTensor", "as_tensor",
                       "array", "asarray", "convert_to_tensor", "constant", "float32", "stack", "vstack"}
# Words that say a split's name holds its inputs, all of them (x_test, val_data, mnist.test.images, dev_x), not one
# sample of it (test_img, val_sample, test_sentence) nor a batch of it (val_batch, test_xb)
_WHOLE_INPUT_WORDS = {"x", "data", "dataset", "set", "inputs", "features", "images", "imgs", "samples", "examples",
                      "sequences", "seqs", "sentences", "texts", "windows", "signals", "clips", "frames", "graphs"}
_ONE_OR_A_BATCH_WORDS = {"batch", "batches", "minibatch", "xb", "chunk", "sample", "example", "img", "image", "one",
                         "single", "first", "sub", "subset", "few", "small", "mini", "preview", "vis", "show", "plot"}


def whole_split_forward(script: Script) -> Iterator[Finding]:
    """A whole evaluation split (x_test, val_x, mnist.test.images) run through the model in one forward pass, a
    PyTorch or Keras model called on it or a TensorFlow session fed it: the activations of every sample are held
    at once, where a batch's would be. Keras's predict() and evaluate() batch by themselves, and are not this."""
    reported: set[ast.AST] = set()
    passes: list[tuple[ast.Call, Module, list[ast.expr]]] = []
    for seen in script.seen("forward"):  # model(x) of a PyTorch model
        function = seen.ctx.function
        if seen.ctx.per_item or function is not None and function.name in ("forward", "__getitem__"):
            continue  # a submodule inside a model's forward(), or a model run per element
        passes.append((seen.node, seen.ctx.module, list(seen.node.args)))
    for module in script.modules:  # model(x) of a Keras model, and session.run(..., feed_dict={x: X_dev})
        for call in calls_in(module.tree):
            if not script.in_use(module, call):
                continue
            function = module.function_of(call)
            model = script.value(call.func)
            if isinstance(model, Model) and model.framework == "keras" and \
                    (function is None or function.name not in ("call", "__call__", "__getitem__")):
                passes.append((call, module, list(call.args)))
            elif isinstance(call.func, ast.Attribute) and call.func.attr in ("run", "eval"):
                fed = _fed_values(call, module)
                if fed and not _graph_is_dense_only(script):
                    passes.append((call, module, fed))
    # full-batch training (model(x_train), sess.run(train_op, {x: X_train})) holds a whole split's activations at
    # every step already: an evaluation pass over the whole (smaller) evaluation split is no larger, not the cause
    if any(True for call, module, inputs in passes if _trains(call, module) for given in inputs
           for _found in _whole_splits(given, call, module, script, evaluation=False)):
        return
    for call, module, inputs in passes:
        model = script.value(call.func)
        layers = _layers_built(model, script) if isinstance(model, Model) else []
        if layers and {last_part(dotted_name(c.func)) for c, _module in layers} <= _DENSE_LAYERS:
            continue  # an MLP: a sample's activations are its hidden widths, a few KB even for every sample at once
        for given in inputs:
            whole_batch = _batch_of_every_sample(given, call, module)
            if whole_batch is not None and not _trains(call, module) and call not in reported:
                # for batch in DataLoader(test_set, batch_size=len(test_set)): model(batch[0]): one batch, the split
                reported.add(call)
                yield script.finding(
                    "whole-split-forward", call,
                    _("{name}, a whole split of the data set, goes through the model in one forward pass ({size}): the "
                      "activations of every one of its samples are held at the same time, where a batch's would "
                      "be.").format(name=whole_batch, size=_("it grows with the number of samples in the split")),
                    _("Run it in batches (a DataLoader over it with the training batch size, or a loop over slices "
                      "x[i:i + batch_size]) and combine the results; Keras's predict() and evaluate() batch by "
                      "themselves."), module=module)
                continue
            for where, place, name, data in _whole_splits(given, call, module, script):
                if where in reported:
                    continue
                reported.add(where)
                count = data.shape[0] if isinstance(data, Data) and data.shape and data.shape[0] else None
                first = _first_map_bytes(layers, data) if count else None
                size = _("{count:,} samples at once; the first convolution's output alone is about {size}").format(
                    count=count, size=format_bytes(first)) if first else \
                    _("{count:,} samples at once").format(count=count) if count else \
                    _("it grows with the number of samples in the split")
                yield script.finding(
                    "whole-split-forward", where,
                    _("{name}, a whole split of the data set, goes through the model in one forward pass ({size}): the "
                      "activations of every one of its samples are held at the same time, where a batch's would "
                      "be.").format(name=name, size=size),
                    _("Run it in batches (a DataLoader over it with the training batch size, or a loop over slices "
                      "x[i:i + batch_size]) and combine the results; Keras's predict() and evaluate() batch by "
                      "themselves."), module=place)


# Layers whose activations per sample are a vector as wide as the layer: a model made of these alone is an MLP
_DENSE_LAYERS = {"Linear", "Dense", "ReLU", "LeakyReLU", "ELU", "GELU", "SELU", "PReLU", "Sigmoid", "Tanh", "Softmax",
                 "LogSoftmax", "Dropout", "AlphaDropout", "BatchNorm1d", "BatchNormalization", "LayerNorm",
                 "LayerNormalization", "Identity", "Flatten", "Sequential", "ModuleList", "Activation", "Input",
                 "InputLayer", "Softplus"}


def _layers_built(model: Model, script: Script) -> list[tuple[ast.Call, Module]]:
    """The layers of torch.nn and Keras the model is built of, in source order, as written where it is built
    (nn.Sequential(...), keras.Sequential([...]), or its own class); F.relu, torch.cat and x.view are no layers."""
    if model.cls is not None:
        where: list[tuple[ast.AST, Module]] = [(model.cls.node, model.cls.module)]
    else:
        where = [(module.statement_of(c), module) for c, module in _calls_making_models(script).get(model.line, [])
                 if script.value(c) == model]
    return sorted(((c, module) for node, module in where for c in calls_in(node)
                   if module.qualified(c.func).split(".")[0] in ("torch", "keras", "tensorflow")
                   and last_part(dotted_name(c.func))[:1].isupper()), key=lambda cm: (cm[0].lineno, cm[0].col_offset))


def _calls_making_models(script: Script) -> dict[int, list[tuple[ast.Call, Module]]]:
    """The calls the flow found make a model, by line: indexed once per script, not walked once per forward pass."""
    def index() -> dict[int, list[tuple[ast.Call, Module]]]:
        found: dict[int, list[tuple[ast.Call, Module]]] = {}
        for module in script.modules:
            for call in calls_in(module.tree):
                if isinstance(script.value(call), Model):
                    found.setdefault(call.lineno, []).append((call, module))
        return found
    return script.memoized("calls-making-models", index)


def _first_map_bytes(layers: list[tuple[ast.Call, Module]], data: Data) -> int | None:
    """The float32 output of the model's first layer, a 2-D convolution without a stride, for every sample of
    ``data`` at once: samples x positions x its channels; None unless the script shows all of these."""
    if not layers or not data.shape or any(d is None for d in data.shape) or len(data.shape) not in (3, 4):
        return None
    layers = [(c, m) for c, m in layers if last_part(dotted_name(c.func)) not in ("Input", "InputLayer", "Sequential")]
    first, module = layers[0] if layers else (None, None)
    if first is None or module is None or last_part(dotted_name(first.func)) not in ("Conv2d", "Conv2D") or \
            strided(first) or keyword_value(first, "stride") is not None or len(first.args) > 3:
        return None  # a stride (keyword, or torch's fourth argument) shrinks the map by what the script may not show
    constants = Constants(module.tree).at(first.lineno)
    torch_layer = last_part(dotted_name(first.func)) == "Conv2d"
    channels = int_argument(first, 1, "out_channels", constants) if torch_layer else \
        int_argument(first, 0, "filters", constants)
    sample = data.shape[1:]
    # a map of H x W positions: (H, W), (H, W, C) with C = 1 or 3, or (C, H, W)
    positions = sample[0] * sample[1] if len(sample) == 2 or sample[-1] in (1, 3) else sample[1] * sample[2]
    return data.shape[0] * positions * channels * 4 if channels else None  # type: ignore[operator]


# Packages that build no model a TensorFlow 1 graph could run: any other import may (vggish_slim, a text_cnn.py)
_NO_MODEL_PACKAGES = {"tensorflow", "numpy", "pandas", "sklearn", "scipy", "matplotlib", "os", "sys", "time",
                      "datetime", "random", "math", "pickle", "json", "csv", "argparse", "logging", "collections",
                      "itertools", "re", "gzip", "shutil", "glob", "PIL", "cv2", "__future__", "tqdm", "six",
                      "functools", "io", "struct", "urllib", "zipfile", "tarfile", "string", "copy", "warnings",
                      "typing", "pathlib", "h5py", "seaborn", "input_data"}
_LARGE_ACTIVATION_OPS = ("conv", "rnn", "lstm", "gru", "cell", "embedding", "attention", "pool")


def _graph_is_dense_only(script: Script) -> bool:
    """Whether the TensorFlow 1 graph the script builds is visibly a softmax regression or an MLP (tf.matmul,
    dense layers) with no convolution, recurrence, embedding or attention op anywhere in its modules, and no model
    from a package of its own (a module imported beside it, which may build one): a sample's activations are then a
    few hidden widths, every test sample's at once a few MB."""
    def judge() -> bool:
        names = [dotted_name(c.func).lower() for m in script.modules for c in calls_in(m.tree)]
        imported = {p.split(".")[0] for m in script.modules for p in m.imported}
        return any(last_part(n) in ("matmul", "dense", "fully_connected", "xw_plus_b") for n in names) and \
            not any(op in n for n in names for op in _LARGE_ACTIVATION_OPS) and imported <= _NO_MODEL_PACKAGES
    return script.memoized("tf1-dense-only", judge)


def _trains(call: ast.Call, module: Module) -> bool:
    """Whether the pass at ``call`` is a training step: a session run that fetches an optimizer's op (train_op,
    optimizer.minimize(loss)), or a PyTorch forward followed by backward() or step()."""
    if isinstance(call.func, ast.Attribute) and call.func.attr in ("run", "eval"):
        fetches = call.args[0] if call.args else None
        words = set().union(*(words_of(n) for n in names_in(fetches))) | {
            a.attr for a in ast.walk(fetches) if isinstance(a, ast.Attribute)} if fetches is not None else set()
        return bool(words & {"train", "optimizer", "minimize", "opt", "optim", "update", "updates"})
    return _backward_after(call, module)


def _fed_values(call: ast.Call, module: Module) -> list[ast.expr]:
    """The values a TensorFlow 1 session.run(fetches, feed_dict) or tensor.eval(feed_dict=...) feeds, written as a
    dict there or bound to a name as one in the same function."""
    feed = keyword_value(call, "feed_dict")
    if feed is None and isinstance(call.func, ast.Attribute) and call.func.attr == "run" and len(call.args) > 1:
        feed = call.args[1]
    if isinstance(feed, ast.Name):
        scope = module.function_of(call)
        bound = module.assignments(feed.id, scope.node if scope is not None else None)
        feed = bound[0].value if len(bound) == 1 else None
    return [v for v in feed.values if v is not None] if isinstance(feed, ast.Dict) else []


def _whole_splits(given: ast.expr, call: ast.Call, module: Module, script: Script,
                  depth: int = 0, evaluation: bool = True) -> Iterator[tuple[ast.AST, Module, str, object]]:
    """(where to say it, its module, the split's name, what the flow knows of it) when ``given``, the input of a
    forward pass at ``call``, is a whole evaluation split (a whole training split, for ``evaluation=False``): named
    as one, not sliced, not a batch a loop binds. A parameter of the function the pass runs in is judged at each
    call of that function, where the split is chosen (run_dev_step(dev_x, dev_y))."""
    node = _same_samples(given)
    if not isinstance(node, (ast.Name, ast.Attribute)):
        return  # a slice x_test[:16], a row, an expression, another call
    name = dotted_name(node)
    if not name:
        return
    function = module.function_of(call)
    if isinstance(node, ast.Name) and function is not None and node.id in function.parameter_names:
        if depth < 2:
            skip_self = function.takes_instance
            for place, caller in script.calls_to(function):
                argument = arguments_given(function, caller, skip_self).get(node.id)
                if argument is not None:
                    yield from _whole_splits(argument, caller, place, script, depth + 1, evaluation)
        return
    words = set().union(*(words_of(part) for part in name.split(".")))
    split = is_eval_name("_".join(sorted(words))) if evaluation else bool(words & {"train", "training"})
    if not (split and words & _WHOLE_INPUT_WORDS) or \
            words & _ONE_OR_A_BATCH_WORDS or is_labels(words):
        return
    value = script.value(node)
    # a few samples or labels; not a split under 256 MiB, whose activations are many times its inputs (10,000 test
    # images of 32 x 32 x 3 bytes make a first 64-channel convolution's output of 2.6 GB)
    size = total_bytes(value) if isinstance(value, Data) else None
    if isinstance(value, Data) and (value.small or value.labels or size is not None and size < MiB or
                                    value.content == TABLE or few_values_per_row(value)) or \
            value is not None and not isinstance(value, Data):
        return  # a few samples, or what the flow knows is a batch, an item or a number
    if isinstance(node, ast.Name) and _bound_per_batch(node.id, function.node if function else module.tree):
        return
    yield call, module, name, value


def _batch_of_every_sample(given: ast.expr, call: ast.Call, module: Module) -> str | None:
    """The data set whose every sample ``given`` holds at once, where it is a batch (or a part of one, batch[0]) of
    a loop over batches as large as the data set itself: DataLoader(test_set, batch_size=len(test_set)),
    tf.data's from_tensor_slices(x_val).batch(x_val.shape[0]), the loader bound to a name first or not. None for
    anything else."""
    node = _same_samples(given)
    while isinstance(node, ast.Subscript):  # batch[0], batch['image']
        node = _same_samples(node.value)
    if not isinstance(node, ast.Name):
        return None
    function = module.function_of(call)
    within = function.node if function is not None else None
    scope = within or module.tree
    loops = [n for n in own_nodes(scope) if isinstance(n, (ast.For, ast.AsyncFor)) and node.id in names_in(n.target)
             and n.lineno <= call.lineno <= (n.end_lineno or n.lineno)]
    if loops:
        batches, anchor = loops[-1].iter, loops[-1]
        if isinstance(batches, ast.Call) and last_part(dotted_name(batches.func)) == "enumerate" and batches.args:
            batches = batches.args[0]
    else:  # x, y = next(iter(val_loader)): the loader's first batch
        batches, anchor = _first_batch_of(node.id, call, module, within), call
    if isinstance(batches, ast.Name):  # test_loader = DataLoader(...); for batch in test_loader
        bound = module.last_assignment(batches.id, anchor, within)
        batches = bound.value if bound is not None else None
    if not isinstance(batches, ast.Call):
        return None
    if last_part(dotted_name(batches.func)) == "DataLoader":
        dataset, size = argument(batches, "dataset", 0), argument(batches, "batch_size", 1)
    elif isinstance(batches.func, ast.Attribute) and batches.func.attr == "batch":
        dataset, size = batches.func.value, argument(batches, "batch_size", 0)
    else:
        return None
    measured = _counted_samples(size) if size is not None else None
    if measured is None and isinstance(size, ast.Name):
        measured = _split_counted(size.id, scope)
    return measured if measured is not None and dataset is not None and \
        measured in {dotted_name(n) for n in ast.walk(dataset) if isinstance(n, (ast.Name, ast.Attribute))} else None


def _first_batch_of(name: str, call: ast.Call, module: Module, within: ast.AST | None) -> ast.expr | None:
    """The loader whose first batch ``name`` is (or is part of): x, y = next(iter(loader)), or it = iter(loader)
    then batch = next(it), before ``call``. None for anything else."""
    bound = module.last_assignment(name, call, within)
    taken = bound.statement.value if bound is not None else None
    if not (isinstance(taken, ast.Call) and dotted_name(taken.func) == "next" and taken.args):
        return None
    iterator = taken.args[0]
    if isinstance(iterator, ast.Name):
        made = module.last_assignment(iterator.id, bound.statement, within)
        iterator = made.value if made is not None else None
    return iterator.args[0] if isinstance(iterator, ast.Call) and dotted_name(iterator.func) == "iter" and \
        len(iterator.args) == 1 else None


def _split_counted(length: str, scope: ast.AST) -> str | None:
    """The part of a random_split whose length the name ``length`` is: n_val of fit_part, val_part =
    random_split(pairs, [n_fit, n_val]) counts val_part."""
    for node in own_nodes(scope):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple) and \
                isinstance(node.value, ast.Call) and last_part(dotted_name(node.value.func)) == "random_split":
            lengths = argument(node.value, "lengths", 1)
            if isinstance(lengths, (ast.List, ast.Tuple)):
                for part, counted in zip(node.targets[0].elts, lengths.elts):
                    if isinstance(counted, ast.Name) and counted.id == length and isinstance(part, ast.Name):
                        return part.id
    return None


def _counted_samples(node: ast.expr) -> str | None:
    """The data set whose number of samples ``node`` is: len(test_set), x_val.shape[0], x_val.size(0)."""
    if isinstance(node, ast.Call) and dotted_name(node.func) == "len" and len(node.args) == 1:
        return dotted_name(node.args[0]) or None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "shape" and \
            isinstance(node.slice, ast.Constant) and node.slice.value == 0:
        return dotted_name(node.value.value) or None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "size" and \
            len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and node.args[0].value == 0:
        return dotted_name(node.func.value) or None
    return None


def _same_samples(node: ast.expr) -> ast.expr:
    """What ``node`` moves, casts or views (x_test.cuda(), torch.from_numpy(val_x).float()): the expression inside
    the wrappers that keep every sample it holds; ``node`` itself where it is none of them."""
    while isinstance(node, ast.Call):
        if isinstance(node.func, ast.Attribute) and node.func.attr in _SAME_SAMPLES_METHODS:
            node = node.func.value
        elif last_part(dotted_name(node.func)) in _SAME_SAMPLES_CALLS and len(node.args) == 1:
            node = node.args[0]
        else:
            break
    return node


def _bound_per_batch(name: str, scope: ast.AST) -> bool:
    """Whether ``scope`` binds ``name`` to one batch or part at a time: a loop's or a comprehension's target
    (for val_x, val_y in val_loader), rows picked from something (val_x = data[i:j], batch[0]), next(iterator), or
    what is made of a loop's batch (x, y = pair; x_dev = to_device(x, device): still one batch)."""
    if _made_of_a_loop_batch(name, scope, 0):
        return True
    for node in own_nodes(scope):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) and name in names_in(node.target):
            return True
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and any(
                name in names_in(t) for t in (node.targets if isinstance(node, ast.Assign) else [node.target])):
            value = _same_samples(node.value)  # torch.tensor(x_test[:100]): the slice
            if isinstance(value, ast.Subscript) or isinstance(value, ast.Call) and \
                    last_part(dotted_name(value.func)) in ("next", "sample", "choice"):
                return True
            if isinstance(value, (ast.Name, ast.Attribute)) and \
                    words_of(last_part(dotted_name(value))) & _ONE_OR_A_BATCH_WORDS:
                return True  # val_x, val_y = batch
    return False


def _made_of_a_loop_batch(name: str, scope: ast.AST, depth: int) -> bool:
    """``name`` is what a loop over batches binds (not a counter of range()), or is made of that by an unpacking or
    a call given it (imgs, targets = pair; imgs_dev = to_device(imgs, device)), everywhere ``scope`` binds it."""
    made = False
    for node in own_nodes(scope):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) and name in names_in(node.target):
            if isinstance(node.iter, ast.Call) and dotted_name(node.iter.func) == "range":
                return False  # for fold in range(5): x_val = load_fold(fold) is no batch
            made = True
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and any(
                name in names_in(t) for t in (node.targets if isinstance(node, ast.Assign) else [node.target])):
            value = _same_samples(node.value)
            parts = [value] if isinstance(value, ast.Name) else [
                a for a in value.args if isinstance(a, ast.Name)] if isinstance(value, ast.Call) else []
            if depth >= 3 or not any(a.id != name and _made_of_a_loop_batch(a.id, scope, depth + 1) for a in parts):
                return False
            made = True
    return made
