"""``oomdoctor measure``'s report: what the allocator saw on a real step beside what was estimated."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from ..i18n import _
from ..units import format_bytes

if TYPE_CHECKING:
    from ..measure.run import BatchSearch, Measurement


def search_line(search: "BatchSearch", cap: str) -> str:
    """``--find-max-batch``'s answer in one line: the largest batch that trained under ``cap``, the predicted
    one, and each probe with whether it trained."""
    return (f"Largest batch that trained under {cap} on {search.backend}: "
            f"{search.max_batch_size} (predicted: {search.predicted_max_batch_size}); "
            f"probes: " + ", ".join(f"{b}{'✓' if ok else '✗'}" for b, ok in search.probes))


def render(result: "Measurement", console: Console) -> None:
    """The measured figures beside the estimated ones, one table, then the notes."""

    def size(value):
        return "n/a" if value is None else format_bytes(value)

    table = Table(title=_("Measured: {backend} on {device}, batch {batch}, {done}/{steps} steps").format(
        backend=result.backend, device=result.device, batch=result.batch_size, done=result.steps_done,
        steps=result.steps), title_justify="left")
    for i, column in enumerate((_("figure"), _("measured"), _("estimated"), _("error"))):
        table.add_column(column, justify="left" if i == 0 else "right")
    error = "" if result.relative_error is None else f"{result.relative_error * 100:+.1f} %"
    scope = _("last step") if result.device == "CPU:0" else _("build + steps")
    table.add_row(_("allocator peak ({scope})").format(scope=scope), size(result.peak_bytes),
                  size(result.estimate_peak_bytes), error)
    for index, peak in enumerate(result.device_peaks_bytes or []):
        table.add_row(_("GPU:{index} allocator peak ({strategy})").format(index=index, strategy=result.strategy),
                      size(peak), size(result.estimate_peak_bytes), "")
    table.add_row(_("allocator in use after the run"), size(result.in_use_bytes), "", "")
    table.add_row(_("allocator reserved pool"), size(result.reserved_bytes), "", "")
    table.add_row(_("process GPU memory (NVML, as nvidia-smi)"), size(result.nvml_process_bytes), "", "")
    table.add_row(_("step time"), "n/a" if result.step_seconds is None else f"{result.step_seconds * 1000:.1f} ms",
                  "", "")
    console.print(table)
    for note in result.notes:
        console.print(f"• {note}", highlight=False)
