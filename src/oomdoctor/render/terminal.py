"""The terminal report: a verdict first, then what holds the memory, then what to do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..estimator.categories import category_label
from ..estimator.fixes import describe
from ..estimator.parallel import split_words
from ..gpus import past_every_gpu
from ..i18n import _
from ..units import format_bytes

if TYPE_CHECKING:
    from ..estimator.result import Estimate

def engine_words(engine: str) -> str:
    """What answered an estimate (``Estimate.engine``), in words."""
    return {
        "xla-gpu-compile": _("XLA's GPU compiler, which laid the step out here without a GPU"),
        "xla-cpu-compile": _("XLA:CPU's compile of the step"),
        "tensorflow-xla-cpu": _("TensorFlow's own XLA:CPU compile of the step"),
        "keras-torch-trace": _("Keras's torch step, traced on fake tensors"),
        "torch-trace": _("the PyTorch step, traced on fake tensors"),
        "table": _("the per-kind table, not an exact engine (see the first note)"),
    }[engine]


def verdict(estimate: "Estimate") -> Text:
    """The report's opening text: the job, its peak, whether it fits the given GPU and the largest batch that
    does, the engine that sized it, and the fewest devices that fit when they were searched."""
    peak = format_bytes(estimate.peak_bytes)
    backend = estimate.backend + (" + XLA" if estimate.jit_compile and estimate.backend == "tensorflow" else "")
    head = _("{model}, batch {batch}, {optimizer}, {precision}, {backend}: ").format(
        model=estimate.model_name, batch=estimate.batch_size, optimizer=estimate.optimizer,
        precision=estimate.precision, backend=backend)
    text = Text(head)
    if estimate.strategy is not None:
        text.append(_("{strategy} on {devices} devices, {per_device} per device; every figure is ONE device's: ").format(
            strategy=estimate.strategy, devices=estimate.devices, per_device=estimate.per_device_batch_size))
    text.append(_("peak {peak}").format(peak=peak), style="bold")
    if estimate.device == "cpu":  # host memory: there is no nvidia-smi figure
        text.append(_(" (TensorFlow's CPU allocator peak, in host memory)."))
    else:
        text.append(_(" (allocator peak; nvidia-smi would show about {total}).").format(
            total=format_bytes(estimate.device_total_bytes)))
    if estimate.gpu is not None:
        if estimate.fits:
            text.append("\n" + _("Fits {gpu}").format(gpu=estimate.gpu.describe()), style="bold green")
            text.append(_(" with {headroom} to spare; largest batch that fits: {max_batch}.").format(
                headroom=format_bytes(estimate.headroom_bytes), max_batch=estimate.max_batch_size))
            warning = estimate.safe_request_warning()
            if warning:
                text.append("\n" + warning, style="yellow")
        else:
            text.append("\n" + _("Does NOT fit {gpu}").format(gpu=estimate.gpu.describe()), style="bold red")
            if estimate.max_batch_size:
                text.append(_(": short by {short}; largest batch that fits: {max_batch}.").format(
                    short=format_bytes(-estimate.headroom_bytes), max_batch=estimate.max_batch_size))
            else:
                text.append(_(": not even batch 1 fits ({reason}).").format(reason=estimate.max_batch_reason))
    too_big = past_every_gpu(estimate.device_total_bytes)
    if too_big:
        text.append("\n" + too_big, style="bold red")
    text.append("\n" + _("Sized by: {engine}.").format(engine=engine_words(estimate.engine)),
                style="yellow" if estimate.engine == "table" else None)
    search = estimate.device_search
    if search is not None and search["devices"]:
        text.append("\n" + _("Fewest {gpu} that fit batch {batch}: {devices} with {strategy} ({peak} peak per device).")
                    .format(gpu=search["gpu"], batch=estimate.batch_size, devices=search["devices"],
                            strategy=search["strategy"], peak=format_bytes(search["per_device_peak_bytes"])),
                    style="bold")
        split = split_words(search, estimate.batch_size)
        if split:
            text.append("\n" + split)
    elif search is not None:
        text.append("\n" + _("No number of {gpu} up to {limit} fits batch {batch}.").format(
            gpu=search["gpu"], limit=search["limit"], batch=estimate.batch_size), style="bold red")
    return text


def breakdown_table(estimate: "Estimate") -> Table:
    """The peak by category, largest first, with each one's bytes and share."""
    table = Table(title=_("What holds the peak (allocator bytes)"), title_justify="left")
    table.add_column(_("category"))
    table.add_column(_("bytes"), justify="right")
    table.add_column(_("share"), justify="right")
    peak = max(estimate.peak_bytes, 1)
    for category, size in sorted(estimate.breakdown.items(), key=lambda kv: -kv[1]):
        if size:
            table.add_row(category_label(category), format_bytes(size), f"{size / peak * 100:.1f} %")
    table.add_row("[bold]" + _("peak") + "[/bold]", f"[bold]{format_bytes(estimate.peak_bytes)}[/bold]", "100 %")
    return table


def layer_table(estimate: "Estimate", limit: int = 12) -> Table:
    """The ``limit`` largest layers, ranked by four times their weights plus their activations; an
    approximated layer is marked ``*``."""
    rows = sorted(estimate.layers, key=lambda r: -(r.weight_bytes * 4 + r.activation_bytes))[:limit]
    table = Table(title=_("Largest layers (of {count})").format(count=len(estimate.layers)), title_justify="left")
    for column in (_("layer"), _("type"), _("output shape")):
        table.add_column(column)
    for column in (_("params"), _("weights"), _("activations")):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(row.name + (" *" if row.approximated else ""), row.type,
                      "(" + ", ".join("None" if d is None else str(d) for d in row.output_shape) + ")",
                      f"{row.params:,}", format_bytes(row.weight_bytes), format_bytes(row.activation_bytes))
    return table


def render(estimate: "Estimate", console: Console) -> None:
    """Print the whole report of ``estimate`` on ``console``: verdict, culprits, tables, fixes, uncertainty and
    notes."""
    console.print(Panel(verdict(estimate), title="oomdoctor", expand=False))
    if estimate.culprits:
        console.print("[bold]" + _("Why:") + "[/bold]")
        for culprit in estimate.culprits:
            console.print(f" • {escape(culprit.message)}", highlight=False)
    console.print(breakdown_table(estimate))
    console.print(layer_table(estimate))
    if estimate.fixes:
        heading = _("To use less memory") if estimate.fits else _("What would help")
        console.print(f"[bold]{heading}[/bold]" + _(" (each figure re-estimated with the change):"))
        for i, fix in enumerate(estimate.fixes, 1):
            line = f" {i}. {describe(fix)}"
            if fix.note:
                line += f" — {fix.note}"
            console.print(escape(line), highlight=False, style=None if fix.helps else "dim")
    # the texts below are ours and the model's (layer names, pip extras): printed as text, never as markup
    console.print("[dim]" + escape(estimate.uncertainty["statement"] + " " + _("Safe request: {safe}.").format(
        safe=format_bytes(estimate.safe_peak_bytes))) + "[/dim]", highlight=False)
    in_verdict = estimate.verdict_notes()
    for note in estimate.notes:
        if note in in_verdict:
            continue  # said in the verdict
        console.print("[dim]" + escape(_("Note: {note}").format(note=note)) + "[/dim]", highlight=False)
    if estimate.device == "cpu":
        console.print("[dim]" + _("peak = TensorFlow's CPU allocator peak during one step "
                                  "(get_memory_info('CPU:0')['peak'] with TF_CPU_ALLOCATOR_USE_BFC=true), in host "
                                  "memory.") + "[/dim]")
    else:
        console.print("[dim]" + _("peak = the framework allocator's peak bytes in use (tf get_memory_info 'peak', "
                                  "JAX peak_bytes_in_use, torch max_memory_allocated); the nvidia-smi figure adds the "
                                  "CUDA context and allocator pool slack and is rougher.") + "[/dim]")
