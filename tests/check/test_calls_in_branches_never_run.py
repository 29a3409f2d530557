"""`oomdoctor check` on rules that look for calls by name (Dataset.cache(), shuffle()) in the branch of an if that
never runs: its test a parameter whose default no call changes, or a setting the script writes once. The flow does
not run that code, and neither do the rules say what is in it. Small scripts written here, with the call that does
turn the branch on beside them."""
import pytest

from oomdoctor.check import check_source


def _lines(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "pipeline.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


BUILD = ("import glob\nimport numpy as np\nimport tensorflow as tf\nfrom PIL import Image\n\n{setting}\n\n"
         "def pictures(folder):\n"
         "    return np.stack([np.asarray(Image.open(p).resize((512, 512))) for p in glob.glob(folder + '/*.jpg')])\n\n\n"
         "def build(folder, {parameter}):\n    ds = tf.data.Dataset.from_tensor_slices(pictures(folder))\n"
         "    if {test}:\n        ds = ds.cache()\n        ds = ds.shuffle(len(ds))\n"
         "    return ds.batch(16).prefetch(1)\n\n\n"
         "train = build('photos/train'{given})\n")


@pytest.mark.parametrize("setting, parameter, test, given", [
    ("", "in_ram=False", "in_ram", ""),
    ("", "stream=True", "not stream", ""),
    ("", "in_ram=False", "in_ram", ", in_ram=False"),
    ("KEEP_IN_RAM = False", "unused=None", "KEEP_IN_RAM", ""),
])
def test_a_branch_that_never_runs_is_not_said(setting, parameter, test, given, tmp_path):
    source = BUILD.format(setting=setting, parameter=parameter, test=test, given=given)
    assert _lines(tmp_path, source, "cache-in-memory") == []
    assert _lines(tmp_path, source, "shuffle-whole") == []


@pytest.mark.parametrize("setting, parameter, test, given", [
    ("", "in_ram=False", "in_ram", ", in_ram=True"),
    ("", "stream=True", "not stream", ", stream=False"),
    ("KEEP_IN_RAM = True", "unused=None", "KEEP_IN_RAM", ""),
])
def test_a_branch_that_runs_is_said(setting, parameter, test, given, tmp_path):
    source = BUILD.format(setting=setting, parameter=parameter, test=test, given=given)
    line = next(i for i, text in enumerate(source.splitlines(), 1) if "ds.cache()" in text)
    assert _lines(tmp_path, source, "cache-in-memory") == [line]
    assert _lines(tmp_path, source, "shuffle-whole") == [line + 1]
