"""The terminal report: a verdict first, then what holds the memory, then what to do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..fixes import describe
from ..units import format_bytes

if TYPE_CHECKING:
    from .._estimate import Estimate

_CATEGORY_LABELS = {
    "weights": "weights",
    "gradients": "gradients",
    "optimizer_state": "optimizer state",
    "activations": "activations (kept for backward)",
    "input_batch": "input batch",
    "temporaries": "temporaries",
    "workspace": "workspace",
}


def verdict(estimate: "Estimate") -> Text:
    peak = format_bytes(estimate.peak_bytes)
    head = (f"{estimate.model_name}, batch {estimate.batch_size}, {estimate.optimizer}, {estimate.precision}, "
            f"{estimate.backend}{' + XLA' if estimate.jit_compile and estimate.backend == 'tensorflow' else ''}: ")
    text = Text(head)
    text.append(f"peak {peak}", style="bold")
    text.append(f" (allocator peak; nvidia-smi would show about {format_bytes(estimate.device_total_bytes)}).")
    if estimate.gpu is not None:
        if estimate.fits:
            text.append(f"\nFits {estimate.gpu.describe()}", style="bold green")
            text.append(f" with {format_bytes(estimate.headroom_bytes)} to spare; "
                        f"largest batch that fits: {estimate.max_batch_size}.")
        else:
            text.append(f"\nDoes NOT fit {estimate.gpu.describe()}", style="bold red")
            if estimate.max_batch_size:
                text.append(f": short by {format_bytes(-estimate.headroom_bytes)}; "
                            f"largest batch that fits: {estimate.max_batch_size}.")
            else:
                text.append(f": not even batch 1 fits ({estimate.max_batch_reason}).")
    return text


def breakdown_table(estimate: "Estimate") -> Table:
    table = Table(title="What holds the peak (allocator bytes)", title_justify="left")
    table.add_column("category")
    table.add_column("bytes", justify="right")
    table.add_column("share", justify="right")
    peak = max(estimate.peak_bytes, 1)
    for category, size in sorted(estimate.breakdown.items(), key=lambda kv: -kv[1]):
        if size:
            table.add_row(_CATEGORY_LABELS[category], format_bytes(size), f"{size / peak * 100:.1f} %")
    table.add_row("[bold]peak[/bold]", f"[bold]{format_bytes(estimate.peak_bytes)}[/bold]", "100 %")
    return table


def layer_table(estimate: "Estimate", limit: int = 12) -> Table:
    rows = sorted(estimate.layers, key=lambda r: -(r.weight_bytes * 4 + r.activation_bytes))[:limit]
    table = Table(title=f"Largest layers (of {len(estimate.layers)})", title_justify="left")
    for column in ("layer", "type", "output shape"):
        table.add_column(column)
    for column in ("params", "weights", "activations"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(row.name + (" *" if row.approximated else ""), row.type,
                      "(" + ", ".join("None" if d is None else str(d) for d in row.output_shape) + ")",
                      f"{row.params:,}", format_bytes(row.weight_bytes), format_bytes(row.activation_bytes))
    return table


def render(estimate: "Estimate", console: Console) -> None:
    console.print(Panel(verdict(estimate), title="oomdoctor", expand=False))
    if estimate.culprits:
        console.print("[bold]Why:[/bold]")
        for culprit in estimate.culprits:
            console.print(f" • {culprit.message}", highlight=False)
    console.print(breakdown_table(estimate))
    console.print(layer_table(estimate))
    if estimate.fixes:
        heading = "To use less memory" if estimate.fits else "What would help"
        console.print(f"[bold]{heading}[/bold] (each figure re-estimated with the change):")
        for i, fix in enumerate(estimate.fixes, 1):
            line = f" {i}. {describe(fix)}"
            if fix.note:
                line += f" — {fix.note}"
            console.print(line, highlight=False, style=None if fix.helps else "dim")
    console.print(f"[dim]{estimate.uncertainty['statement']} Safe request: "
                  f"{format_bytes(estimate.safe_peak_bytes)}.[/dim]", highlight=False)
    for note in estimate.notes:
        console.print(f"[dim]Note: {note}[/dim]", highlight=False)
    console.print("[dim]peak = the framework allocator's peak bytes in use (tf get_memory_info 'peak', "
                  "JAX peak_bytes_in_use, torch max_memory_allocated); the nvidia-smi figure adds the CUDA "
                  "context and allocator pool slack and is rougher.[/dim]")
