"""The HTML report: one self-contained file (inline CSS and SVG, no script, no network).

Like the charts, it takes results in their JSON form (``to_dict()``): an ``Estimate``, its
``BatchCurve``, a ``Measurement``, a ``BatchSearch``, ``check``'s findings and capture. ``body``
is what Jupyter shows (``Estimate._repr_html_``); ``page`` wraps it into a document. Every chart's
numbers are also in the page as text and as ``data-*`` attributes of its ``<figure>``.
"""

from __future__ import annotations

import json
from html import escape

from ..estimator.categories import category_label
from ..estimator.fixes import Fix, describe
from ..estimator.parallel import split_words
from ..i18n import _, language
from ..units import format_bytes
from ..version import __version__
from . import charts
from .check import datasets_sentence

CSS = """
.oomdoctor-report{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC",sans-serif;
 line-height:1.45;color:#1d2430;max-width:52rem;margin:0 auto;padding:1rem;box-sizing:border-box;
 overflow-wrap:anywhere}
.oomdoctor-report *{box-sizing:border-box}
.oomdoctor-report h1{font-size:1.45rem;margin:.2rem 0}
.oomdoctor-report h2{font-size:1.1rem;margin:1.6rem 0 .5rem;padding-bottom:.2rem;border-bottom:1px solid #d8dde6}
.oomdoctor-report .subtitle{color:#4a5568;margin:0 0 1rem}
.oomdoctor-report .verdict{border-left:6px solid #8a94a6;background:#f6f8fa;padding:.7rem .9rem;border-radius:4px}
.oomdoctor-report .verdict.fits{border-color:#2e7d32}
.oomdoctor-report .verdict.does-not-fit{border-color:#c0392b}
.oomdoctor-report .verdict p{margin:.2rem 0 .6rem}
.oomdoctor-report .fits .word{color:#2e7d32}
.oomdoctor-report .does-not-fit .word{color:#c0392b}
.oomdoctor-report dl.figures{display:grid;grid-template-columns:minmax(9rem,max-content) 1fr;gap:.35rem 1rem;margin:0}
.oomdoctor-report dl.figures dt{font-weight:600}
.oomdoctor-report dl.figures dd{margin:0}
.oomdoctor-report .value{font-weight:600;font-variant-numeric:tabular-nums;white-space:nowrap}
.oomdoctor-report .meaning{display:block;color:#5a6473;font-size:.85rem}
.oomdoctor-report figure.chart{margin:.8rem 0}
.oomdoctor-report figure.chart svg{display:block;width:100%;height:auto;max-width:38rem}
.oomdoctor-report figcaption{font-size:.85rem;color:#5a6473;margin-top:.3rem}
.oomdoctor-report .table-wrap{overflow-x:auto;max-width:100%}
.oomdoctor-report table{border-collapse:collapse;width:100%;font-size:.9rem;overflow-wrap:normal}
.oomdoctor-report th,.oomdoctor-report td{padding:.25rem .5rem;border-bottom:1px solid #e5e7eb;text-align:left;
 vertical-align:top}
.oomdoctor-report td.num,.oomdoctor-report th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.oomdoctor-report ul,.oomdoctor-report ol{padding-left:1.3rem}
.oomdoctor-report li{margin:.35rem 0}
.oomdoctor-report .fixes .no-help{color:#6b7280}
.oomdoctor-report .fixes .fits-after::marker{color:#2e7d32;font-weight:700}
.oomdoctor-report .savebar{display:block;height:.45rem;max-width:18rem;background:#e5e7eb;border-radius:2px;
 margin-top:.2rem}
.oomdoctor-report .savebar span{display:block;height:100%;background:#4e79a7;border-radius:2px}
.oomdoctor-report .culprit{color:#c0392b}
.oomdoctor-report .muted{color:#5a6473;font-size:.85rem}
.oomdoctor-report code{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:.88em;background:#f1f3f5;
 padding:0 .2em;border-radius:3px}
@media (max-width:36rem){
 .oomdoctor-report{padding:.6rem}
 .oomdoctor-report table{font-size:.8rem}
 .oomdoctor-report th,.oomdoctor-report td{padding:.25rem .3rem}
 .oomdoctor-report dl.figures{grid-template-columns:1fr}
 .oomdoctor-report dl.figures dd{margin-bottom:.5rem}
}
@media print{
 .oomdoctor-report{max-width:none;padding:0;color:#000;font-size:10pt}
 .oomdoctor-report h2{break-after:avoid}
 .oomdoctor-report figure.chart,.oomdoctor-report .verdict,.oomdoctor-report tr,.oomdoctor-report li{
  break-inside:avoid}
 .oomdoctor-report figure.chart svg{max-width:17cm}
 .oomdoctor-report .verdict{background:none}
}
"""


def _data(**values) -> str:
    """``data-*`` attributes; lists and dicts as JSON."""
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        text = json.dumps(value, ensure_ascii=False) if isinstance(value, (list, dict, bool)) else str(value)
        parts.append(f' data-{key.replace("_", "-")}="{escape(text)}"')
    return "".join(parts)


def _gpu_words(name: str, total: int) -> str:
    from ..gpus import CATALOG

    return f"{name} ({format_bytes(total)})" if name in CATALOG else name  # "GPU with 12.0 GiB" says its size


def _figure(chart_id: str, svg: str, caption: str, **data) -> str:
    return (f'<figure class="chart" id="{chart_id}"{_data(**data)}>{svg}'
            f"<figcaption>{escape(caption)}</figcaption></figure>")


def _table(headers: list[tuple[str, bool]], rows: list[list[str]], cls: str = "") -> str:
    """``headers``: (text, numeric); cells are already escaped."""
    head = "".join(f'<th{" class=num" if num else ""}>{escape(text)}</th>' for text, num in headers)
    body = "".join("<tr>" + "".join(f'<td{" class=num" if num else ""}>{cell}</td>'
                                    for cell, (_text, num) in zip(row, headers)) + "</tr>" for row in rows)
    return f'<div class="table-wrap"><table class="{cls}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _verdict(estimate: dict) -> str:
    if estimate.get("device") == "cpu":
        state, sentence = "no-gpu", escape(_("Predicted for TensorFlow's CPU allocator: there is no GPU to fit."))
    elif "gpu" not in estimate:
        state, sentence = "no-gpu", escape(_("No GPU was given to compare with, so this report says nothing about "
                                             "fitting."))
    else:
        gpu = _gpu_words(estimate["gpu"], estimate["gpu_total_bytes"])
        if estimate["fits"]:
            state = "fits"
            rest = _(" with {headroom} to spare; largest batch that fits: {max_batch}.").format(
                headroom=format_bytes(estimate["headroom_bytes"]), max_batch=estimate["max_batch_size"])
            sentence = f'<strong class="word">{escape(_("Fits {gpu}").format(gpu=gpu))}</strong>{escape(rest)}'
        else:
            state = "does-not-fit"
            if estimate["max_batch_size"]:
                rest = _(": short by {short}; largest batch that fits: {max_batch}.").format(
                    short=format_bytes(-estimate["headroom_bytes"]), max_batch=estimate["max_batch_size"])
            else:
                rest = _(": not even batch 1 fits ({reason}).").format(reason=estimate["max_batch_reason"])
            sentence = (f'<strong class="word">{escape(_("Does NOT fit {gpu}").format(gpu=gpu))}</strong>'
                        f"{escape(rest)}")
    if estimate.get("strategy"):
        sentence = escape(_("{strategy} on {devices} devices, {per_device} per device; every figure is ONE device's: ")
                          .format(strategy=estimate["strategy"], devices=estimate["devices"],
                                  per_device=estimate["per_device_batch_size"])) + sentence
    search = estimate.get("device_search")
    if search and search.get("devices"):
        sentence += " " + escape(_("Fewest {gpu} that fit batch {batch}: {devices} with {strategy} ({peak} peak per "
                                   "device).").format(gpu=search["gpu"], batch=estimate["batch_size"],
                                                      devices=search["devices"], strategy=search["strategy"],
                                                      peak=format_bytes(search["per_device_peak_bytes"])))
        split = split_words(search, estimate["batch_size"])
        if split:
            sentence += " " + escape(split)
    on_cpu = estimate.get("device") == "cpu"
    figures = [(_("Allocator peak"), estimate["peak_bytes"], "peak",
                _("TensorFlow's CPU allocator peak during one training step") if on_cpu else
                _("the framework allocator's peak bytes in use during one training step (tf get_memory_info "
                  "'peak', JAX peak_bytes_in_use, torch max_memory_allocated)"))]
    if not on_cpu:
        figures.append((_("Device total (as nvidia-smi would show)"), estimate["device_total_bytes"], "device-total",
                        _("the peak plus the CUDA context and the allocator's pool slack; rougher than the peak")))
    figures.append((_("Safe request"), estimate["safe_peak_bytes"], "safe-peak",
                    _("the peak plus what the modelled parts may miss: what to ask a scheduler for")))
    items = "".join(
        f'<dt>{escape(label)}</dt><dd><span class="value" id="figure-{key}" data-bytes="{value}">'
        f'{escape(format_bytes(value))}</span> <span class="meaning">{escape(meaning)}</span></dd>'
        for label, value, key, meaning in figures)
    if "gpu" in estimate:
        max_batch = estimate["max_batch_size"]
        items += (f'<dt>{escape(_("Largest batch that fits"))}</dt><dd><span class="value" id="figure-max-batch" '
                  f'data-max-batch="{max_batch}">{max_batch}</span> <span class="meaning">'
                  f'{escape(_("the device total stays under the GPU total of {gpu}").format(gpu=_gpu_words(estimate["gpu"], estimate["gpu_total_bytes"])))}'
                  "</span></dd>")
    why = ""
    if estimate["culprits"]:
        why = (f"<p><strong>{escape(_('Why:'))}</strong></p><ul class='culprits'>"
               + "".join(f"<li>{escape(c['message'])}</li>" for c in estimate["culprits"]) + "</ul>")
    return (f'<section class="verdict {state}" id="verdict"><p>{sentence}</p><dl class="figures">{items}</dl>'
            f"{why}</section>")


def _breakdown(estimate: dict) -> str:
    peak = max(estimate["peak_bytes"], 1)
    rows = [[escape(category_label(category)), escape(format_bytes(size)), f"{size / peak * 100:.1f} %",
             str(size)] for category, size in sorted(estimate["breakdown"].items(), key=lambda kv: -kv[1]) if size]
    rows.append([f"<strong>{escape(_('peak'))}</strong>", f"<strong>{escape(format_bytes(estimate['peak_bytes']))}"
                 "</strong>", "100 %", str(estimate["peak_bytes"])])
    table = _table([(_("category"), False), (_("size"), True), (_("share"), True), (_("bytes"), True)], rows,
                   "breakdown")
    figure = _figure("chart-breakdown", charts.breakdown_svg(estimate),
                     _("Each part of the bar is one kind of memory held at the allocator's peak; the parts sum to "
                       "the peak."),
                     peak_bytes=estimate["peak_bytes"], breakdown=estimate["breakdown"])
    return f'<section id="breakdown"><h2>{escape(_("What holds the peak (allocator bytes)"))}</h2>{figure}{table}</section>'


def _batch(curve: dict) -> str:
    caption = _("Each point is the estimator's own peak at that batch size. A dashed line is what a GPU leaves "
                "the allocator: its total minus the CUDA context and the allocator's pool slack; the largest batch "
                "that fits is the last one under it.")
    if curve.get("flat_words"):
        caption += " " + curve["flat_words"]
    figure = _figure("chart-batch", charts.batch_svg(curve), caption, max_batch=curve.get("max_batch_size"),
                     batch_size=curve["batch_size"],
                     points=[[p["batch_size"], p["peak_bytes"]] for p in curve["points"]],
                     gpus=curve.get("gpus") or None)
    return f'<section id="batch"><h2>{escape(_("Peak against batch size"))}</h2>{figure}</section>'


def highlighted_layers(estimate: dict) -> set[str]:
    """Layers a culprit names: by its subject, or the three largest activations when activations dominate."""
    names = {row["name"] for row in estimate["layers"]}
    chosen = {c["subject"] for c in estimate["culprits"] if c["subject"] in names}
    if any(c["subject"] == "activations" for c in estimate["culprits"]):
        top = sorted(estimate["layers"], key=lambda r: -r["activation_bytes"])[:3]
        chosen |= {r["name"] for r in top if r["activation_bytes"]}
    return chosen


def _layers(estimate: dict) -> str:
    highlighted = highlighted_layers(estimate)
    rows = charts.chosen_layers(estimate["layers"], highlighted)
    if not rows:
        return ""
    caption = _("The {shown} largest of {count} layers, in model order; culprits in red. Weights count once "
                "here: their gradients and optimizer state are in the breakdown.").format(
        shown=len(rows), count=len(estimate["layers"]))
    figure = _figure("chart-layers", charts.layers_svg(rows, highlighted), caption,
                     layers=[r["name"] for r in rows], culprits=sorted(highlighted))
    # the type under the name, so five columns fit a phone
    cells = [[("<span class=culprit>" if r["name"] in highlighted else "<span>") + escape(r["name"])
              + f'</span><br><span class="muted">{escape(r["type"])}</span>',
              escape("(" + ", ".join("None" if d is None else str(d) for d in r["output_shape"]) + ")"),
              f"{r['params']:,}", escape(format_bytes(r["weight_bytes"])), escape(format_bytes(r["activation_bytes"]))]
             for r in rows]
    table = _table([(_("layer"), False), (_("output shape"), False), (_("params"), True), (_("weights"), True),
                    (_("activations"), True)], cells, "layers")
    return f'<section id="layers"><h2>{escape(_("Per layer"))}</h2>{figure}{table}</section>'


def _fixes(estimate: dict) -> str:
    if not estimate.get("fixes"):
        return ""
    peak = max(estimate["peak_bytes"], 1)
    heading = _("To use less memory") if estimate.get("fits") else _("What would help")
    items = []
    for raw in estimate["fixes"]:
        fix = Fix(**raw)
        after = min(max(fix.peak_bytes / peak, 0), 1) * 100
        cls = "no-help" if not fix.helps else "fits-after" if fix.fits else ""
        note = f" — {escape(fix.note)}" if fix.note else ""
        items.append(f'<li class="{cls}" data-name="{escape(fix.name)}" data-peak-bytes="{fix.peak_bytes}" '
                     f'data-saves-bytes="{fix.saves_bytes}">{escape(describe(fix))}{note}'
                     f'<span class="savebar" title="{escape(_("peak after the change, against the peak now"))}">'
                     f'<span style="width:{after:.1f}%"></span></span></li>')
    return (f'<section id="fixes"><h2>{escape(heading)}</h2><p class="muted">'
            f'{escape(_("Ranked: changes that make it fit first, then by memory saved. Each figure is a new estimate of the changed job; the bar is the peak after the change, against the peak now."))}'
            f'</p><ol class="fixes">{"".join(items)}</ol></section>')


def _footer(estimate: dict) -> str:
    notes = "".join(f"<li>{escape(n)}</li>" for n in estimate.get("notes", []))
    statement = escape(estimate["uncertainty"]["statement"])
    return (f'<section id="uncertainty"><h2>{escape(_("How sure"))}</h2><p class="muted">{statement}</p>'
            + (f'<ul class="muted">{notes}</ul>' if notes else "") + "</section>")


def estimate_sections(estimate: dict, curve: dict | None) -> str:
    """An estimate's sections: verdict, breakdown, the batch chart when ``curve`` has points, layers,
    fixes and how sure."""
    parts = [_verdict(estimate), _breakdown(estimate)]
    if curve and curve.get("points"):
        parts.append(_batch(curve))
    parts += [_layers(estimate), _fixes(estimate), _footer(estimate)]
    return "".join(parts)


def _size(value) -> str:
    return "n/a" if value is None else escape(format_bytes(value))


def measurement_section(measurement: dict) -> str:
    """A measured run's section: its figures against the estimate in a table, and a chart of the two
    peaks when a peak was measured."""
    scope = _("last step") if measurement["device"] == "CPU:0" else _("build + steps")
    error = measurement.get("relative_error")
    error_text = "" if error is None else f"{error * 100:+.1f} %"
    seconds = measurement.get("step_seconds")
    rows = [[escape(_("allocator peak ({scope})").format(scope=scope)), _size(measurement["peak_bytes"]),
             _size(measurement.get("estimate_peak_bytes")), error_text],
            [escape(_("allocator in use after the run")), _size(measurement.get("in_use_bytes")), "", ""],
            [escape(_("allocator reserved pool")), _size(measurement.get("reserved_bytes")), "", ""],
            [escape(_("process GPU memory (NVML, as nvidia-smi)")), _size(measurement.get("nvml_process_bytes")),
             "", ""],
            [escape(_("step time")), "n/a" if seconds is None else f"{seconds * 1000:.1f} ms", "", ""]]
    table = _table([(_("figure"), False), (_("measured"), True), (_("estimated"), True), (_("error"), True)], rows,
                   "measurement")
    figure = ""
    if measurement["peak_bytes"]:
        figure = _figure("chart-measured", charts.measured_svg(measurement["peak_bytes"],
                                                                measurement.get("estimate_peak_bytes")),
                         _("Allocator peaks: measured in a real training run, and estimated without running."),
                         measured_peak=measurement["peak_bytes"],
                         estimated_peak=measurement.get("estimate_peak_bytes"), relative_error=error)
    title = _("Measured: {backend} on {device}, batch {batch}, {done}/{steps} steps").format(
        backend=measurement["backend"], device=measurement["device"], batch=measurement["batch_size"],
        done=measurement["steps_done"], steps=measurement["steps"])
    notes = "".join(f"<li>{escape(n)}</li>" for n in measurement.get("notes", []))
    return (f'<section id="measurement"><h2>{escape(title)}</h2>{figure}{table}'
            + (f"<ul>{notes}</ul>" if notes else "") + "</section>")


def search_section(search: dict) -> str:
    """A batch search's section: the largest batch that trained under the cap, the one predicted, and
    every probe."""
    probes = ", ".join(f"{p['batch_size']}{'✓' if p['trained'] else '✗'}" for p in search["probes"])
    text = _("Largest batch that trained under a cap of {cap} on {backend}: {batch} (predicted: {predicted}); probes: "
             "{probes}").format(cap=format_bytes(search["cap_bytes"]), backend=search["backend"],
                                batch=search["max_batch_size"], predicted=search["predicted_max_batch_size"],
                                probes=probes)
    return (f'<section id="batch-search"{_data(max_batch=search["max_batch_size"], predicted_max_batch=search["predicted_max_batch_size"])}>'
            f'<h2>{escape(_("Largest batch, measured"))}</h2><p>{escape(text)}</p></section>')


def _finding_list(findings: list[dict]) -> str:
    items = "".join(
        f'<li data-rule="{escape(f["rule"])}" data-kind="{escape(f.get("kind", "memory"))}">'
        f'<code>{escape(f["file"])}:{f["line"]}</code> '
        f'<code>[{escape(f["rule"])}]</code><br>{escape(f["message"])}<br>'
        f'<strong>{escape(_("Fix: {fix}").format(fix=f["fix"]))}</strong></li>' for f in findings)
    return f'<ol class="findings">{items}</ol>'


def findings_section(script: str, findings: list[dict], capture: dict | None,
                     datasets: list[dict] | None = None) -> str:
    """``check``'s section: the memory findings, then the others apart, the public data sets the script names,
    and what the capture got (the model's estimate, the input pipeline's buffers) or why it failed."""
    # as the terminal has them: memory problems first, then what is about speed or precision, apart
    memory = [f for f in findings if f.get("kind", "memory") == "memory"]
    other = [f for f in findings if f.get("kind", "memory") != "memory"]
    if memory:
        heading = _("{count} memory problem(s) in {script}:").format(count=len(memory), script=script)
        body = _finding_list(memory)
    else:
        heading, body = _("No memory problems found in {script}.").format(script=script), ""
    if other:
        other_heading = _("{count} other finding(s), about speed or precision (they do not change memory use):"
                          ).format(count=len(other))
        body += f"<h3>{escape(other_heading)}</h3>" + _finding_list(other)
    part = f'<section id="findings"><h2>{escape(heading)}</h2>{body}'
    if (sentence := datasets_sentence(datasets or [])) is not None:
        part += f"<p>{escape(sentence)}</p>"
    if capture is not None and not capture.get("captured"):
        part += f'<p>{escape(_("Could not capture the model: {error}").format(error=capture.get("error")))}</p>'
    elif capture is not None:
        est = capture["estimate"]
        part += "<p>" + escape(_("The script trains {model} with batch {batch} ({optimizer}, {precision}, "
                                 "{backend}): peak {peak} (allocator peak; nvidia-smi about {total}).").format(
            model=est["model"], batch=capture["batch_size"], optimizer=est["optimizer"], precision=est["precision"],
            backend=est["backend"], peak=format_bytes(est["peak_bytes"]),
            total=format_bytes(est["device_total_bytes"]))) + "</p>"
        pipeline = capture.get("pipeline")
        if pipeline and pipeline.get("element_bytes") is not None:
            buffers = "".join(
                f"<li>{escape(b['kind'])}"
                + ("" if b["elements"] is None else f": {b['elements']} ×")
                + ("" if b["bytes"] is None else f" = {escape(format_bytes(b['bytes']))}") + "</li>"
                for b in pipeline["buffers"])
            part += ("<p>" + escape(_("Input pipeline (host memory): {element} per element; buffers hold {host}.")
                                    .format(element=format_bytes(pipeline["element_bytes"]),
                                            host=format_bytes(pipeline["host_bytes"] or 0)))
                     + f"</p><ul>{buffers}</ul>")
    return part + "</section>"


def body(*, title: str | None = None, estimate: dict | None = None, curve: dict | None = None,
         measurement: dict | None = None, search: dict | None = None, check: dict | None = None) -> str:
    """The report's body: a ``<div>`` with its own scoped style, for a page or a notebook cell.

    ``check``: ``{"script": ..., "findings": [...], "capture": ..., "datasets_named": [...]}`` as ``oomdoctor
    check --json`` has them.
    """
    subtitle = charts.title_line(estimate) if estimate else ""
    parts = [f'<div class="oomdoctor-report"><style>{CSS}</style>',
             f"<header><h1>{escape(title or _('oomdoctor report'))}</h1>",
             f'<p class="subtitle">{escape(subtitle)}</p>' if subtitle else "", "</header>"]
    if check:
        parts.append(findings_section(check["script"], check["findings"], check.get("capture"),
                                      check.get("datasets_named")))
    if measurement:
        parts.append(measurement_section(measurement))
    if search:
        parts.append(search_section(search))
    if estimate:
        parts.append(estimate_sections(estimate, curve))
    parts.append(f'<p class="muted">{escape(_("Made by oomdoctor {version}, without a GPU: every figure is an estimate unless it says measured.").format(version=__version__))}</p></div>')
    return "".join(parts)


def page(**sections) -> str:
    """A whole HTML document around ``body``: one file, nothing fetched."""
    lang = "zh-CN" if language().startswith("zh") else "en"
    title = sections.get("title") or _("oomdoctor report")
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title></head><body style=\"margin:0\">{body(**sections)}</body></html>\n")
