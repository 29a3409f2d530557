"""``oomdoctor check``'s report as lines of text: the findings (memory first, speed and precision apart), then
what the script would train. The command prints the lines; ``html.py`` draws the same dicts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _
from ..units import format_bytes

from ..check.values import NEGLIGIBLE_BYTES

if TYPE_CHECKING:
    from ..check.script import Finding


def findings_lines(script: str, findings: "list[Finding]") -> list[str]:
    """The findings of ``script``: memory problems first, then the others (speed, precision), so that advice
    about speed never hides a memory problem."""
    memory = [f for f in findings if f.kind == "memory"]
    other = [f for f in findings if f.kind != "memory"]
    if memory:
        lines = [_("{count} memory problem(s) in {script}:").format(count=len(memory), script=script)]
        lines += _finding_lines(memory)
    else:
        lines = [_("No memory problems found in {script}.").format(script=script)]
    if other:
        lines.append("\n" + _("{count} other finding(s), about speed or precision (they do not change memory "
                              "use):").format(count=len(other)))
        lines += _finding_lines(other)
    return lines


def datasets_sentence(datasets: list[dict]) -> str | None:
    """The public data sets the script's paths name (as ``check --json`` gives them under "datasets_named"):
    their size is what judged data whose length the script does not show. None when it names none."""
    if not datasets:
        return None
    named = "; ".join(_("{name}, {count:,} {unit} ({size} in host memory as {dtype}, all splits)").format(
        name=d["name"], count=d["samples"], unit=_unit(d["unit"]), size=format_bytes(d["decoded_bytes"]),
        dtype=d["dtype"]) for d in datasets)
    return _("Data sets the script names: {named}. Data whose size the script does not show is judged as if it "
             "held all of that, at the size per sample the script keeps: under {small} it is not flagged.").format(
        named=named, small=format_bytes(NEGLIGIBLE_BYTES))


def _unit(unit: str) -> str:
    """What a public data set's sample is, in the report's language."""
    return {"clips": _("clips"), "utterances": _("utterances"), "images": _("images"),
            "point clouds": _("point clouds"), "videos": _("videos"), "windows": _("windows"), "rows": _("rows"),
            "recordings": _("recordings"), "ratings": _("ratings")}.get(unit, unit)


def _finding_lines(findings: "list[Finding]") -> list[str]:
    lines = []
    for finding in findings:
        lines += [f"\n{finding.file}:{finding.line}  [{finding.rule}]", f"  {finding.message}",
                  "  " + _("Fix: {fix}").format(fix=finding.fix)]
    return lines


def capture_lines(capture: dict) -> list[str]:
    """What the script would train (``check.capture.capture_script``'s reply, captured): the model, its batch and
    peak, the first two culprits, the verdict against the GPU, and the input pipeline's host buffers."""
    est = capture["estimate"]
    lines = ["\n" + _("The script trains {model} with batch {batch} ({optimizer}, {precision}, {backend}): "
                      "peak {peak} (allocator peak; nvidia-smi about {total}).").format(
        model=est["model"], batch=capture["batch_size"], optimizer=est["optimizer"], precision=est["precision"],
        backend=est["backend"], peak=format_bytes(est["peak_bytes"]), total=format_bytes(est["device_total_bytes"]))]
    lines += [f"  • {culprit['message']}" for culprit in est["culprits"][:2]]
    if "fits" in est:
        lines.append("  " + (_("Fits {gpu}; largest batch {max_batch}.") if est["fits"] else
                             _("Does NOT fit {gpu}; largest batch {max_batch}.")).format(
            gpu=est["gpu"], max_batch=est["max_batch_size"]))
    pipeline = capture.get("pipeline")
    if pipeline and pipeline.get("element_bytes") is not None:
        lines.append("  " + _("Input pipeline (host memory): {element} per element; buffers hold {host}.").format(
            element=format_bytes(pipeline["element_bytes"]), host=format_bytes(pipeline["host_bytes"] or 0)))
        for buffer in pipeline["buffers"]:
            size = "" if buffer["bytes"] is None else f" = {format_bytes(buffer['bytes'])}"
            count = "" if buffer["elements"] is None else f" {buffer['elements']} ×"
            lines.append(f"    - {buffer['kind']}:{count}{size}")
    return lines
