"""RULES, every rule in the order they run, and check_source, which runs them on one script."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterator, NamedTuple

from ..errors import OomdoctorError
from ..files import regular_file
from ..i18n import _
from .rules_data import (
    augmenter_fit_copy,
    cache_in_memory,
    dense_text_matrix,
    densified_sparse,
    dtype_blowup,
    duplicate_copy,
    eager_loading,
    flow_float_copy,
    huge_shuffle,
    in_memory_arrays,
    kept_sample_bytes,
    vectors_kept_as_text,
    whole_dataset_load,
)
from .rules_keras import (
    flatten_dense,
    map_without_parallel,
    mixed_precision,
    models_in_loop,
    no_memory_growth,
    no_prefetch,
    run_eagerly,
    wide_dense_inputs,
)
from .rules_replay import replay_float_frames
from .rules_torch import (
    dataset_on_gpu,
    eval_without_no_grad,
    huge_linear_head,
    loss_keeps_graph,
    tensors_kept_across_steps,
    whole_split_forward,
    workers_copy_dataset,
)
from .public_datasets import PublicDataset
from .public_tables import public_tables_read_whole
from .word_vectors import word_vectors_read_whole
from .script import Finding, Script


def _once(findings: Iterator[Finding]) -> Iterator[Finding]:
    """One finding per line and rule: a line the flow visited in several rounds or contexts says it once."""
    seen = set()
    for finding in findings:
        key = (finding.rule, finding.file, finding.line)
        if key not in seen:
            seen.add(key)
            yield finding


Rule = Callable[[Script], Iterator[Finding]]
RULES: list[Rule] = [eager_loading, whole_dataset_load, public_tables_read_whole, in_memory_arrays, dtype_blowup,
                     replay_float_frames,
                     flow_float_copy, augmenter_fit_copy, dense_text_matrix, vectors_kept_as_text,
                     word_vectors_read_whole, densified_sparse,
                     duplicate_copy, cache_in_memory, huge_shuffle, loss_keeps_graph, tensors_kept_across_steps,
                     eval_without_no_grad, dataset_on_gpu, whole_split_forward, workers_copy_dataset,
                     map_without_parallel, no_prefetch, no_memory_growth, mixed_precision, models_in_loop, run_eagerly,
                     flatten_dense, wide_dense_inputs, huge_linear_head]


class Checked(NamedTuple):
    """What reading a script found: its findings, the public data sets its paths name (whose size judged the
    data it holds where the script does not show it), and whether it or a local module imports Keras or
    TensorFlow (only such a script is run up to fit())."""
    findings: list[Finding]
    datasets: list[PublicDataset]
    keras: bool


def check_source(path: str | Path, source: str | None = None) -> list[Finding]:
    """The memory problems (and throughput advice) in the training script at ``path``, read with ``ast`` and
    never run; ``source`` is its text when the caller has it already."""
    return check_script(path, source).findings


def check_script(path: str | Path, source: str | None = None) -> Checked:
    """``check_source``'s findings, with what else reading the script told (``Checked``)."""
    path = Path(path)
    if source is None:
        # utf-8-sig: a byte-order mark (Windows editors write one) is not part of the code, as Python reads it
        source = regular_file(path, _("Give the training script's path.")).read_text(encoding="utf-8-sig",
                                                                                      errors="replace")
    try:
        script = Script(path, source)
        if script.named_datasets:  # (the public data sets its paths name: small ones are said small, as a slice is)
            script.mark_small_by_named_datasets(kept_sample_bytes)
        findings = {(f.rule, f.file, f.line): f for rule in RULES for f in _once(rule(script))}
    except SyntaxError as exc:
        raise OomdoctorError(_("{path} is not valid Python (line {line}: {error}).").format(
            path=path, line=exc.lineno, error=exc.msg), _("Fix the syntax error first.")) from None
    except RecursionError:  # Python's parser and the rules' walk recurse once per level of nesting
        raise OomdoctorError(_("{path} nests an expression too deeply for Python's parser to read.").format(
            path=path), _("Split the deepest expression into several statements.")) from None
    return Checked(sorted(findings.values(), key=lambda f: (f.kind != "memory", f.file != str(path), f.file, f.line,
                                                             f.rule)), script.named_datasets, script.keras)
