"""The HTML report and the PNG plot: numbers from the estimate, rendered in a real headless browser.

The browser is Debian's chromium driven by playwright (never `playwright install`); the browser tests
are skipped only when one of the two cannot be found. Screenshots go to tests/artifacts/.
"""
import json
import re
import shutil
from pathlib import Path

import keras
import pytest

import oomdoctor
from oomdoctor.estimator.batch_curve import batch_curve
from oomdoctor.cli import main
from oomdoctor.render import html as html_report

MODELS = Path(__file__).parents[1] / "models" / "small.py"
SCRIPTS = Path(__file__).parents[1] / "scripts"
ARTIFACTS = Path(__file__).parents[1] / "artifacts"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
PHONE_WIDTH = 390
BROWSER_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _chromium() -> str | None:
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").is_file() else shutil.which("chromium")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """The flatten-head model on a T4, its curve, and the page written to a file."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("small_models", MODELS)
    models = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(models)
    with keras.StatelessScope(initialize_variables=False):
        model = models.flatten_head()
    est = oomdoctor.estimate(model, 32, optimizer="adam", precision="float32", backend="jax", gpu="T4")
    curve = batch_curve(est)
    path = tmp_path_factory.mktemp("report") / "report.html"
    path.write_text(html_report.page(estimate=est.to_dict(), curve=curve.to_dict()), encoding="utf-8")
    return est, curve, path


@pytest.fixture(scope="module")
def browser():
    chromium = _chromium()
    if chromium is None:
        pytest.skip("chromium not found (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright not installed (pip install playwright)")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=BROWSER_ARGS)
        yield launched
        launched.close()


def _open(browser, path: Path, width: int):
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri())
    return page, errors


def test_curve_points_come_from_the_estimator(report):
    est, curve, _path = report
    job = est._job
    batches = [b for b, _peak, _total in curve.points]
    assert batches == sorted(set(batches)) and len(batches) >= 8
    for batch, peak, _total in curve.points:
        assert peak == job.step(batch).peak_bytes
    peaks = dict((b, p) for b, p, _t in curve.points)
    totals = dict((b, t) for b, _p, t in curve.points)
    line = curve.gpus[0]
    assert line.name == "T4" and line.total_bytes == est.gpu.total_bytes
    # the curve crosses the GPU's line exactly at the largest batch
    assert peaks[est.max_batch_size] <= line.allocator_bytes < peaks[est.max_batch_size + 1]
    assert totals[est.max_batch_size] <= line.total_bytes < totals[est.max_batch_size + 1]
    assert peaks[est.batch_size] == est.peak_bytes


def test_page_is_self_contained(report):
    _est, _curve, path = report
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and 'name="viewport"' in text and "@media print" in text
    for fetch in ("<script", "<link", " src=", "@import", "url(http", "<img"):
        assert fetch not in text
    # the only URLs are the SVG namespaces
    assert set(re.findall(r"https?://[^\"' )<]+", text)) <= {"http://www.w3.org/2000/svg",
                                                            "http://www.w3.org/1999/xlink"}


def test_page_carries_the_numbers(report):
    est, _curve, path = report
    text = path.read_text(encoding="utf-8")
    assert f'data-max-batch="{est.max_batch_size}"' in text
    assert f"largest batch that fits: {est.max_batch_size}" in text  # the marker's label, as SVG text
    assert 'id="max-batch-marker"' in text and 'id="gpu-line-0"' in text
    for category, size in est.breakdown.items():
        assert (f'id="breakdown-{category}"' in text) == bool(size)
        if size:
            assert f"<td class=num>{size}</td>" in text
    assert "Allocator peak" in text and "Device total (as nvidia-smi would show)" in text


def test_browser_renders_charts_with_the_estimates_numbers(report, browser):
    est, curve, path = report
    page, errors = _open(browser, path, PHONE_WIDTH)
    try:
        batch = page.locator("#chart-batch")
        assert batch.get_attribute("data-max-batch") == str(est.max_batch_size)
        assert page.locator("#figure-max-batch").inner_text() == str(est.max_batch_size)
        assert page.locator("#chart-batch svg #max-batch-marker").count() == 1
        assert page.locator("#chart-batch svg #gpu-line-0").count() == 1
        assert page.locator("#chart-batch svg #current-batch").count() == 1
        assert f"largest batch that fits: {est.max_batch_size}" in batch.inner_text()
        points = json.loads(batch.get_attribute("data-points"))
        assert points == [[b, p] for b, p, _t in curve.points]

        breakdown = page.locator("#chart-breakdown")
        assert json.loads(breakdown.get_attribute("data-breakdown")) == est.breakdown
        assert int(breakdown.get_attribute("data-peak-bytes")) == est.peak_bytes
        for category, size in est.breakdown.items():
            assert page.locator(f"#chart-breakdown svg #breakdown-{category}").count() == (1 if size else 0)
        assert int(page.locator("#figure-peak").get_attribute("data-bytes")) == est.peak_bytes
        assert int(page.locator("#figure-device-total").get_attribute("data-bytes")) == est.device_total_bytes

        layers = page.locator("#chart-layers")
        culprit_layers = {c.subject for c in est.culprits} & {r.name for r in est.layers}
        assert culprit_layers == {"head"}
        assert set(json.loads(layers.get_attribute("data-culprits"))) == culprit_layers
        names = json.loads(layers.get_attribute("data-layers"))
        index = names.index("head")
        assert page.locator(f"#chart-layers svg #culprit-{index}-weight").count() == 1
        assert page.locator("#chart-layers svg [id^='culprit-']").count() == 2  # its weights and activations

        fixes = page.locator("#fixes li")
        assert fixes.count() == len(est.fixes)
        assert int(fixes.first.get_attribute("data-saves-bytes")) == est.fixes[0].saves_bytes

        # fits a phone: no horizontal scrolling, every chart within the screen
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
        for box in page.eval_on_selector_all("figure.chart svg", "els => els.map(e => e.getBoundingClientRect())"):
            assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE_WIDTH and box["height"] > 50
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "html_report_390px.png"), full_page=True)
        page.emulate_media(media="print")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
        assert errors == []
    finally:
        page.close()


def test_browser_renders_the_demo_in_chinese(browser, tmp_path, capsys):
    path = tmp_path / "demo.html"
    assert main(["demo", "--lang", "zh", "--html", str(path)]) == 0
    page, errors = _open(browser, path, 1000)
    try:
        assert page.evaluate("document.documentElement.lang") == "zh-CN"
        assert page.locator("#chart-batch").get_attribute("data-max-batch") == "0"
        assert page.locator("#chart-batch svg #max-batch-marker").count() == 1  # "not even batch 1 fits"
        assert "放不进" in page.locator("#verdict").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 1000
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "demo_report_zh_1000px.png"), full_page=True)
        assert errors == []
    finally:
        page.close()


def test_repr_html_is_the_reports_body(report):
    est, _curve, _path = report
    body = est._repr_html_()
    assert body.startswith('<div class="oomdoctor-report">') and "<html" not in body
    assert f'data-max-batch="{est.max_batch_size}"' in body and "<svg" in body


def test_cli_html_and_json_together(tmp_path, capsys):
    path = tmp_path / "report.html"
    assert main(["estimate", f"{MODELS}:flatten_head", "-b", "32", "--gpu", "T4", "--backend", "jax", "--json",
                 "--html", str(path)]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)  # stdout stays one JSON object; "Wrote ..." goes to stderr
    assert str(path) in captured.err
    text = path.read_text(encoding="utf-8")
    assert f'data-max-batch="{data["max_batch_size"]}"' in text
    assert json.dumps(data["breakdown"]).replace('"', "&quot;") in text


def test_cli_plot_writes_a_png(tmp_path, capsys):
    path = tmp_path / "peak.png"
    assert main(["estimate", f"{MODELS}:flatten_head", "-b", "32", "--gpu", "T4", "--backend", "jax",
                 "--plot", str(path)]) == 0
    data = path.read_bytes()
    assert data.startswith(PNG_MAGIC) and data[12:16] == b"IHDR"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert width > 600 and height > 600
    from matplotlib.image import imread

    assert imread(path).shape[:2] == (height, width)


def test_nothing_written_without_the_flags(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["estimate", f"{MODELS}:flatten_head", "-b", "8", "--gpu", "T4", "--backend", "jax"]) == 0
    assert main(["demo"]) == 0
    assert list(tmp_path.iterdir()) == []
    assert "Wrote" not in capsys.readouterr().err


@pytest.mark.parametrize("args, words", [
    (["--plot", "out.svg"], "does not end in .png"),
    (["--html", "no/such/folder/r.html"], "its folder does not exist"),
])
def test_bad_paths_fail_before_estimating(args, words, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["estimate", f"{MODELS}:flatten_head", "-b", "8", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_check_static_only_html_shows_the_findings(tmp_path, capsys):
    path = tmp_path / "check.html"
    assert main(["check", str(SCRIPTS / "seed_train.py"), "--static-only", "--html", str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    assert text.count('data-kind="memory"') == 7 and text.count('data-kind="throughput"') == 2
    assert 'data-rule="flatten-dense"' in text and "2 other finding(s), about speed or precision" in text
    assert "chart-batch" not in text  # nothing ran, so no estimate
    assert main(["check", str(SCRIPTS / "seed_train.py"), "--static-only", "--plot", str(tmp_path / "p.png")]) == 2


def test_check_html_with_the_captured_estimate(tmp_path, capsys):
    pytest.importorskip("tensorflow", reason="the script imports tensorflow")
    path, plot = tmp_path / "check.html", tmp_path / "check.png"
    assert main(["check", str(SCRIPTS / "small_train.py"), "--gpu", "T4", "--html", str(path),
                 "--plot", str(plot)]) == 0
    text = path.read_text(encoding="utf-8")
    assert "No memory problems found" in text and 'id="chart-batch"' in text and 'id="chart-layers"' in text
    max_batch = re.search(r'id="chart-batch"[^>]*data-max-batch="(\d+)"', text).group(1)
    assert f"largest batch {max_batch}" in capsys.readouterr().out  # the same figure as the terminal's
    assert plot.read_bytes().startswith(PNG_MAGIC)


def test_measure_html_shows_measured_against_estimated(report, tmp_path, monkeypatch, capsys):
    from oomdoctor.measure import run

    est, _curve, _path = report
    measured = run.Measurement(
        backend="jax", device="GPU:0", batch_size=32, steps=3, steps_done=3, peak_bytes=int(est.peak_bytes * 1.05),
        in_use_bytes=None, reserved_bytes=None, nvml_process_bytes=None, step_seconds=0.01, oom=False,
        oom_message=None, preallocates=False, jit_compile=True, estimate_peak_bytes=est.peak_bytes, estimate=est)
    monkeypatch.setattr(run, "measure", lambda *args, **kwargs: measured)  # no real run: the wiring only
    path = tmp_path / "measure.html"
    assert main(["measure", f"{MODELS}:flatten_head", "-b", "32", "--html", str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    assert f'data-measured-peak="{measured.peak_bytes}"' in text
    assert f'data-estimated-peak="{est.peak_bytes}"' in text
    assert 'id="measured-peak"' in text and 'id="estimated-peak"' in text and 'id="chart-batch"' in text
