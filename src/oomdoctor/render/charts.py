"""The charts, drawn with matplotlib: inline SVG for the HTML report, one PNG for ``--plot``.

Charts take results in their JSON form (``Estimate.to_dict()``, ``BatchCurve.to_dict()``), so an
estimate made in another process (``check``'s capture) draws like any other. matplotlib is imported
here only, and only through its object API with the Agg canvas: pyplot's global backend, which a
Jupyter session has set for itself, is never touched. Key artists carry a ``gid``, which becomes
the SVG element's ``id``, so a test (or a reader's script) can find the max-batch marker, each GPU's
line and the culprits' bars.
"""

from __future__ import annotations

import io
import re
import warnings
from contextlib import contextmanager
from typing import Iterator

from ..estimator.categories import category_label
from ..i18n import _
from ..units import GiB, KiB, MiB, format_bytes

CATEGORY_COLOURS = {
    "weights": "#4e79a7",
    "gradients": "#f28e2b",
    "optimizer_state": "#e15759",
    "activations": "#59a14f",
    "input_batch": "#b07aa1",
    "temporaries": "#9c755f",
    "workspace": "#bab0ac",
}
WEIGHT_COLOUR, ACTIVATION_COLOUR = "#4e79a7", "#59a14f"
CULPRIT_COLOUR = "#c0392b"
GPU_COLOURS = ("#c0392b", "#8e44ad", "#d35400", "#16a085")
_CJK_FONTS = ("Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei",
              "Microsoft YaHei", "PingFang SC", "SimHei")
LAYER_LIMIT = 15


def _unit(largest: float) -> tuple[str, int]:
    for name, factor in (("GiB", GiB), ("MiB", MiB), ("KiB", KiB)):
        if largest >= factor:
            return name, factor
    return "B", 1


@contextmanager
def _style(salt: str) -> Iterator[None]:
    import matplotlib
    from matplotlib import font_manager

    installed = {font.name for font in font_manager.fontManager.ttflist}
    # Chinese labels need a CJK font; matplotlib falls back family by family, glyph by glyph
    families = ["DejaVu Sans"] + [name for name in _CJK_FONTS if name in installed]
    settings = {
        "svg.fonttype": "none",  # real <text>: selectable, searchable, translated text stays text
        "svg.hashsalt": salt,  # ids of clip paths differ between the charts of one page
        "font.family": "sans-serif",
        "font.sans-serif": families,
        "font.size": 10,
        "axes.spines.top": False,
        "axes.spines.right": False,
    }
    with matplotlib.rc_context(settings), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph .* missing from")  # no CJK font: boxes, not noise
        yield


def _figure(width: float, height: float):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _svg(figure) -> str:
    buffer = io.StringIO()
    # "tight" grows the figure to hold its legend, however many entries it has
    figure.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight", pad_inches=0.05)
    text = buffer.getvalue()
    text = text[text.index("<svg"):]  # drop the XML prolog and DOCTYPE: the SVG sits inside HTML
    return re.sub(r"\s*<metadata>.*?</metadata>", "", text, count=1, flags=re.S)  # RDF about matplotlib


def title_line(estimate: dict) -> str:
    """The estimate's one-line summary: model, batch size, optimizer, precision and backend (+ XLA when
    TensorFlow compiles with it)."""
    backend = estimate["backend"] + (" + XLA" if estimate["jit_compile"] and estimate["backend"] == "tensorflow"
                                     else "")
    return _("{model}, batch {batch}, {optimizer}, {precision}, {backend}").format(
        model=estimate["model"], batch=estimate["batch_size"], optimizer=estimate["optimizer"],
        precision=estimate["precision"], backend=backend)


def draw_breakdown(ax, breakdown: dict[str, int], peak: int, title: bool = False) -> None:
    """One stacked bar: what holds the allocator peak, category by category."""
    unit, factor = _unit(peak)
    left = 0.0
    for category, size in breakdown.items():
        if not size:
            continue
        share = size / max(peak, 1)
        bar = ax.barh(0, size / factor, left=left, height=0.6, color=CATEGORY_COLOURS.get(category, "#888"),
                      label=_("{category}: {size} ({share:.1f} %)").format(
                          category=category_label(category), size=format_bytes(size), share=share * 100))
        bar.patches[0].set_gid(f"breakdown-{category}")
        if share >= 0.12:
            ax.text(left + size / factor / 2, 0, f"{share * 100:.0f} %", ha="center", va="center", color="white",
                    fontsize=9, fontweight="bold")
        left += size / factor
    ax.set_xlim(0, max(left, 1e-9))
    ax.set_ylim(-0.5, 0.5)
    ax.set_yticks([])
    ax.spines["left"].set_visible(False)
    ax.set_xlabel(_("allocator peak ({unit}); total {peak}").format(unit=unit, peak=format_bytes(peak)))
    if title:
        ax.set_title(_("What holds the peak"), loc="left", fontsize=11, fontweight="bold")
    ax.legend(loc="upper left", bbox_to_anchor=(0, -0.5), ncol=1, frameon=False, fontsize=9)


def draw_batch(ax, curve: dict, title: bool = False) -> None:
    """The allocator peak against the batch size, each GPU's allocator budget, and the largest batch."""
    points = curve["points"]
    gpus = curve.get("gpus", [])
    largest = max([p["peak_bytes"] for p in points] + [g["allocator_bytes"] for g in gpus] + [1])
    unit, factor = _unit(largest)
    batches = [p["batch_size"] for p in points]
    peaks = [p["peak_bytes"] / factor for p in points]
    (line,) = ax.plot(batches, peaks, marker="o", markersize=3, color="#4e79a7", label=_("allocator peak"))
    line.set_gid("peak-curve")
    current = next((p for p in points if p["batch_size"] == curve["batch_size"]), None)
    if current is not None:
        (dot,) = ax.plot([current["batch_size"]], [current["peak_bytes"] / factor], marker="o", markersize=8,
                         color="#f28e2b", linestyle="none",
                         label=_("your batch ({batch})").format(batch=current["batch_size"]))
        dot.set_gid("current-batch")
    for i, gpu in enumerate(gpus):
        line = ax.axhline(gpu["allocator_bytes"] / factor, color=GPU_COLOURS[i % len(GPU_COLOURS)], linestyle="--",
                          linewidth=1.4, label=_("{gpu}: {size} for the allocator").format(
                              gpu=gpu["name"], size=format_bytes(gpu["allocator_bytes"])))
        line.set_gid(f"gpu-line-{i}")
    if curve.get("flat_until"):
        from ..estimator.categories import phase_name

        flat = ax.annotate(_("flat to batch {batch}: {phase}").format(batch=curve["flat_until"],
                                                                       phase=phase_name(curve.get("flat_phase") or "")),
                           (curve["flat_until"], peaks[0]), xytext=(4, 6), textcoords="offset points", fontsize=8,
                           color="#555555")
        flat.set_gid("flat-start")
    max_batch = curve.get("max_batch_size")
    if max_batch:
        marker = ax.axvline(max_batch, color="#2c3e50", linestyle=":", linewidth=1.4,
                            label=_("largest batch that fits: {batch}").format(batch=max_batch))
        marker.set_gid("max-batch-marker")
    elif max_batch == 0:
        note = ax.text(0.02, 0.97, _("not even batch 1 fits"), transform=ax.transAxes, ha="left", va="top",
                       color=CULPRIT_COLOUR, fontweight="bold")
        note.set_gid("max-batch-marker")
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(nbins=6, integer=True))  # five-digit batches stay apart on a phone
    ax.set_xlim(0, max(batches) * 1.02)
    ax.set_ylim(0, largest / factor * 1.08)
    ax.set_xlabel(_("batch size"))
    ax.set_ylabel(_("allocator peak ({unit})").format(unit=unit))
    if title:
        ax.set_title(_("Peak against batch size"), loc="left", fontsize=11, fontweight="bold")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", bbox_to_anchor=(0, -0.16), ncol=1, frameon=False, fontsize=9)


def chosen_layers(layers: list[dict], highlighted: set[str], limit: int = LAYER_LIMIT) -> list[dict]:
    """The layers worth a bar: the culprits, then the largest by weights + activations, in model order."""
    ranked = sorted(layers, key=lambda r: (r["name"] not in highlighted, -(r["weight_bytes"] + r["activation_bytes"])))
    keep = {id(r) for r in ranked[:limit] if r["weight_bytes"] or r["activation_bytes"]}
    return [r for r in layers if id(r) in keep]


def _short(name: str, width: int = 20) -> str:
    return name if len(name) <= width else "…" + name[-(width - 1):]


def draw_layers(ax, rows: list[dict], highlighted: set[str]) -> None:
    """Weights and activations of each layer, side by side; the culprits' bars outlined in red."""
    largest = max([max(r["weight_bytes"], r["activation_bytes"]) for r in rows] + [1])
    unit, factor = _unit(largest)
    for i, row in enumerate(rows):
        culprit = row["name"] in highlighted
        prefix = f"culprit-{i}" if culprit else f"layer-{i}"
        edge = {"edgecolor": CULPRIT_COLOUR, "linewidth": 2} if culprit else {}
        for offset, key, colour in ((-0.2, "weight_bytes", WEIGHT_COLOUR), (0.2, "activation_bytes", ACTIVATION_COLOUR)):
            bar = ax.barh(i + offset, row[key] / factor, height=0.38, color=colour, **edge)
            bar.patches[0].set_gid(f"{prefix}-{key.split('_')[0]}")
            if row[key]:
                ax.text(row[key] / factor, i + offset, " " + format_bytes(row[key]), va="center", fontsize=8)
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([_short(r["name"]) + "\n" + _short(r["type"]) for r in rows], fontsize=8.5)
    for label, row in zip(ax.get_yticklabels(), rows):
        if row["name"] in highlighted:
            label.set_color(CULPRIT_COLOUR)
            label.set_fontweight("bold")
    ax.invert_yaxis()  # model order, top to bottom
    ax.set_xlim(0, largest / factor * 1.3)  # room for the value labels
    ax.set_xlabel(unit)
    from matplotlib.patches import Patch

    handles = [Patch(color=WEIGHT_COLOUR, label=_("weights")), Patch(color=ACTIVATION_COLOUR, label=_("activations")),
               Patch(facecolor="white", edgecolor=CULPRIT_COLOUR, linewidth=2, label=_("culprit"))]
    ax.figure.legend(handles=handles if highlighted else handles[:2], loc="outside upper left", ncol=3, frameon=False,
                     fontsize=9)


def draw_measured(ax, measured: int, estimated: int | None) -> None:
    """Bars of the measured allocator peak and, when given, the estimated one, each labelled with its size."""
    bars = [(_("measured"), measured, "#59a14f", "measured-peak")]
    if estimated is not None:
        bars.append((_("estimated"), estimated, "#4e79a7", "estimated-peak"))
    unit, factor = _unit(max(v for _label, v, _c, _g in bars))
    for i, (label, value, colour, gid) in enumerate(bars):
        bar = ax.barh(i, value / factor, height=0.6, color=colour)
        bar.patches[0].set_gid(gid)
        ax.text(value / factor, i, " " + format_bytes(value), va="center", fontsize=9)
    ax.set_yticks(range(len(bars)))
    ax.set_yticklabels([label for label, *_rest in bars])
    ax.invert_yaxis()
    ax.set_xlim(0, max(v for _label, v, _c, _g in bars) / factor * 1.3)
    ax.set_xlabel(_("allocator peak ({unit})").format(unit=unit))


def breakdown_svg(estimate: dict) -> str:
    """``draw_breakdown``'s chart of an estimate's dict, as inline SVG."""
    with _style("breakdown"):
        figure = _figure(5.0, 1.5 + 0.2 * sum(1 for v in estimate["breakdown"].values() if v))
        draw_breakdown(figure.add_subplot(), estimate["breakdown"], estimate["peak_bytes"])
        return _svg(figure)


def batch_svg(curve: dict) -> str:
    """``draw_batch``'s chart of a batch curve's dict, as inline SVG."""
    with _style("batch"):
        figure = _figure(5.0, 4.2 + 0.2 * len(curve.get("gpus", [])))
        draw_batch(figure.add_subplot(), curve)
        return _svg(figure)


def layers_svg(rows: list[dict], highlighted: set[str]) -> str:
    """``draw_layers``'s chart of these layer rows, the ``highlighted`` ones as culprits, as inline SVG."""
    with _style("layers"):
        figure = _figure(5.0, 1.0 + 0.45 * max(len(rows), 1))
        draw_layers(figure.add_subplot(), rows, highlighted)
        return _svg(figure)


def measured_svg(measured: int, estimated: int | None) -> str:
    """``draw_measured``'s chart of a measured peak against the estimated one, as inline SVG."""
    with _style("measured"):
        figure = _figure(5.0, 1.6)
        draw_measured(figure.add_subplot(), measured, estimated)
        return _svg(figure)


def plot_png(estimate: dict, curve: dict | None) -> bytes:
    """The two main charts, the breakdown above the peak against batch size, as one PNG."""
    with _style("png"):
        figure = _figure(8, 7.6 if curve else 2.6)
        if curve:
            figure.get_layout_engine().set(hspace=0.12)  # room between the breakdown's legend and the next title
            top, bottom = figure.subplots(2, 1, height_ratios=[1, 2.4])
            draw_breakdown(top, estimate["breakdown"], estimate["peak_bytes"], title=True)
            draw_batch(bottom, curve, title=True)
        else:
            draw_breakdown(figure.add_subplot(), estimate["breakdown"], estimate["peak_bytes"], title=True)
        figure.suptitle(title_line(estimate), fontsize=10, x=0.01, ha="left")
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=120, metadata={"Software": None}, bbox_inches="tight",
                       pad_inches=0.15)
        return buffer.getvalue()
