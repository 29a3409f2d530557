"""`oomdoctor check`: a corpus of training scripts with the findings each must produce (and no false alarm)."""
import json
import os
import re
from pathlib import Path

import pytest

from oomdoctor.check import check_source
from oomdoctor.cli import main
from oomdoctor.units import format_bytes

SCRIPTS = Path(__file__).parents[1] / "scripts"
CHECK = SCRIPTS / "check"  # small scripts, one mechanism each, with the fine version of it beside

EXPECTED = {
    "seed_train.py": [(17, "eager-loading"), (18, "eager-loading"), (19, "duplicate-copy"), (21, "in-memory-array"),
                      (22, "cache-in-memory"), (22, "shuffle-whole"), (28, "flatten-dense"), (21, "no-prefetch"),
                      (33, "no-memory-growth")],
    "seed_fixed.py": [],
    "small_train.py": [],
    "sweep.py": [(10, "in-memory-array"), (12, "models-in-loop"), (15, "mixed-precision-late"),
                 (12, "mixed-precision-output"), (13, "run-eagerly"), (14, "no-memory-growth")],
    "broken_train.py": [],  # cache() of ten numbers written down: nothing to hold
    # data followed through a function's return value; the one-image preview loader is not the data set
    "check/images_returned.py": [(12, "eager-loading"), (21, "dtype-blowup")],
    # through an attribute: self.images filled by read(), made float64 by as_array()
    "check/images_in_attribute.py": [(15, "eager-loading"), (18, "dtype-blowup")],
    # the image array, but not the labels nor the memory-mapped one
    "check/whole_load.py": [(4, "whole-dataset-load")],
    # float64 from x / 255.0; x.astype("float32") / 255 is what it should be
    "check/keras_mnist_float64.py": [(6, "dtype-blowup")],
    # a second copy in Dataset.__init__; features = features.astype(...) replaces instead
    "check/dataset_copy.py": [(10, "duplicate-copy"), (22, "dtype-blowup")],
    "check/torch_train_loop.py": [(22, "loss-keeps-graph"), (23, "loss-keeps-graph"),
                                  (28, "tensors-kept-across-steps")],
    "check/torch_train_loop_fixed.py": [],
    # validate() only: evaluate() runs under its caller's no_grad(), test() under its decorator
    "check/torch_eval.py": [(13, "eval-without-no-grad")],
    "check/torch_data_on_gpu.py": [(7, "dataset-on-gpu")],
    # self.paths with 8 workers: a folder's paths, some 100 bytes each, are too light for the workers' copies
    # to matter (records and tables are: test_workers_from_the_command_line_default and the DataFrame test)
    "check/torch_workers.py": [],
    "check/torch_workers_zero.py": [],
    "check/tf_docs_only.py": [],
    "check/tf_cpu_only.py": [],
    "check/tf_with_torch.py": [(8, "no-memory-growth")],
    # text lines and a take(100): small; every decoded image of a folder: not
    "check/tf_cache.py": [(8, "cache-in-memory"), (5, "map-serial")],
    # the feature extractors over base's layers are not new models
    "check/keras_models_loop.py": [(12, "models-in-loop"), (14, "no-memory-growth")],
}


def found(path: Path) -> list[tuple[int, str]]:
    return [(f.line, f.rule) for f in check_source(path)]


@pytest.mark.parametrize("script, expected", sorted(EXPECTED.items()))
def test_findings(script, expected):
    assert found(SCRIPTS / script) == expected


def test_memory_findings_come_before_throughput_advice():
    kinds = [f.kind for f in check_source(SCRIPTS / "seed_train.py")]
    assert kinds == ["memory"] * 7 + ["throughput"] * 2


@pytest.mark.parametrize("script, rule, kind", [
    ("seed_train.py", "no-memory-growth", "throughput"),  # TensorFlow alone on its GPU: a note
    ("check/tf_with_torch.py", "no-memory-growth", "memory"),  # PyTorch needs the GPU TensorFlow reserved
    ("seed_train.py", "no-prefetch", "throughput"),
    ("check/tf_cache.py", "map-serial", "throughput"),
])
def test_kind(script, rule, kind):
    assert [f.kind for f in check_source(SCRIPTS / script) if f.rule == rule] == [kind]


def test_keras_backend_on_jax_shares_the_gpu_with_tensorflow(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import os\nos.environ['KERAS_BACKEND'] = 'jax'\nimport tensorflow as tf\nimport keras\n"
                      "ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0]).batch(2).prefetch(1)\n"
                      "model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])\n"
                      "model.fit(ds)\n")
    [finding] = check_source(script)
    assert (finding.rule, finding.kind) == ("no-memory-growth", "memory") and "jax" in finding.message


def test_serial_map_on_a_real_loader_is_found(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import tensorflow as tf\n"
                      "def load(p):\n    return tf.io.decode_png(tf.io.read_file(p))\n"
                      "ds = tf.data.Dataset.list_files('*.png').map(load).batch(8).prefetch(1)\n")
    assert found(script) == [(4, "map-serial")]


KFOLD = """import numpy as np
from tensorflow import keras

def build_model():
{clear}    model = keras.Sequential([keras.Input((1000,)), keras.layers.Dense(2048), keras.layers.Dense(1)])
    model.compile(optimizer="adam", loss="mse")
    return model

for fold in range(5):
    model = build_model()
    model.fit(np.zeros((8, 1000)), np.zeros(8), epochs=1)
"""


# (2 M weights a model: five folds of a model of a few thousand are a few small models, kept or not; see
# test_tables_losses.py)
@pytest.mark.parametrize("clear, expected", [("", [(10, "models-in-loop")]),
                                             ("    keras.backend.clear_session()\n", [])])
def test_models_built_by_a_function_in_a_loop(clear, expected, tmp_path):
    script = tmp_path / "kfold.py"
    script.write_text(KFOLD.format(clear=clear))
    assert [(f.line, f.rule) for f in check_source(script) if f.kind == "memory"] == expected


FRAGMENT = """{imports}
def build_model():
    return Sequential([Dense(8, activation="relu"), Dense(1)])

for fold in range(5):
    model = build_model()
    model.compile(optimizer="adam", loss="mse")
    model.fit(x_train, y_train, epochs=1)
"""


# A notebook cell with its imports in an earlier cell: bare Sequential is Keras's; a star import names its source
@pytest.mark.parametrize("imports, expected", [("", [(6, "models-in-loop")]),
                                               ("from tensorflow.keras.models import *", [(6, "models-in-loop")]),
                                               ("from torch.nn import *", [])])
def test_a_fragment_relying_on_names_from_elsewhere(imports, expected, tmp_path):
    script = tmp_path / "cell.py"
    script.write_text(FRAGMENT.format(imports=imports))
    assert [(f.line, f.rule) for f in check_source(script) if f.kind == "memory"] == expected


@pytest.mark.parametrize("workers, expected", [("args.workers", [(11, "workers-copy-dataset")]), ("0", []),
                                               ("2", [(11, "workers-copy-dataset")]),
                                               ("1", [])])  # one worker: one copy, not one per worker
def test_workers_from_the_command_line_default(workers, expected, tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import argparse, json\nfrom torch.utils.data import Dataset, DataLoader\n"
                      "parser = argparse.ArgumentParser()\nparser.add_argument('--workers', type=int, default=4)\n"
                      "args = parser.parse_args()\n"
                      "class Records(Dataset):\n    def __init__(self, path):\n"
                      "        self.records = json.load(open(path))\n"
                      "    def __getitem__(self, i):\n        return self.records[i]\n"
                      f"loader = DataLoader(Records('train.json'), num_workers={workers})\n")
    assert found(script) == expected


def test_a_dtype_conversion_is_not_a_move_to_the_gpu(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import numpy as np, torch\nx = torch.from_numpy(np.zeros((20000, 3, 128, 128), 'uint8'))\n"
                      "x = x.to(torch.float32)\ny = x.to('cuda')\n")
    assert found(script) == [(4, "dataset-on-gpu")]


# -- sizes: computed where the script shows them, else what they grow with

@pytest.mark.parametrize("script, rule, words", [
    ("check/keras_mnist_float64.py", "dtype-blowup", "359 MiB (60,000 × 28 × 28, float64)"),
    ("check/torch_data_on_gpu.py", "dataset-on-gpu", "3.7 GiB (20,000 × 3 × 128 × 128, float32)"),
    ("check/images_returned.py", "eager-loading", "48.0 KiB per sample (128 × 128 × 3, uint8), times the number "
                                                  "of files"),
    # the sizes that only following the data can give: through a return value, through self.images
    ("check/images_returned.py", "dtype-blowup", "384 KiB per sample (128 × 128 × 3, float64)"),
    ("check/images_in_attribute.py", "dtype-blowup", "216 KiB per sample (96 × 96 × 3, float64)"),
    ("check/whole_load.py", "whole-dataset-load", "48.0 KiB per sample (128 × 128 × 3, uint8)"),
    ("check/tf_cache.py", "cache-in-memory", "588 KiB per element"),
    ("seed_train.py", "eager-loading", "proportional to the number of files"),
])
def test_sizes(script, rule, words):
    messages = [f.message for f in check_source(SCRIPTS / script) if f.rule == rule]
    assert messages and all(words in m for m in messages), messages


def test_small_data_is_not_a_memory_problem(tmp_path):
    script = tmp_path / "train.py"
    script.write_text("import numpy as np\nimport torch\n"
                      "x = np.random.rand(64, 32, 32, 3).astype('float32')\n"  # 768 KiB
                      "gpu = torch.tensor(x).cuda()\n"
                      "scaled = np.zeros((100, 28, 28), dtype=np.uint8) / 255.0\n")
    assert found(script) == []


# -- the flow: local modules, bounded, never run

def test_local_module_findings_name_its_file_and_only_what_the_script_uses():
    findings = check_source(CHECK / "project" / "train.py")
    assert {(Path(f.file).name, f.line, f.rule) for f in findings} == {
        ("utils.py", 9, "eager-loading"), ("utils.py", 10, "duplicate-copy"),  # not unused_loader's line 16
        ("train.py", 8, "in-memory-array")}  # the frames utils.py returns, copied by fit()
    assert {f.file for f in findings if f.rule != "in-memory-array"} == {str(CHECK / "project" / "utils.py")}


def test_local_modules_are_read_not_run(tmp_path):
    (tmp_path / "helpers.py").write_text(
        "import pathlib\npathlib.Path(__file__).with_name('ran').write_text('x')\n"
        "import cv2, os\n"
        "def load(folder):\n    return [cv2.imread(os.path.join(folder, f)) for f in os.listdir(folder)]\n")
    (tmp_path / "train.py").write_text("import helpers\nimages = helpers.load('data')\n")
    assert [(Path(f.file).name, f.rule) for f in check_source(tmp_path / "train.py")] == [
        ("helpers.py", "eager-loading")]
    assert not (tmp_path / "ran").exists()


def test_local_modules_that_cannot_be_read_are_skipped(tmp_path):
    train = tmp_path / "train.py"
    train.write_text("import broken, pipe, huge\nimport os, cv2\n"
                     "x = [cv2.imread(f) for f in os.listdir('d')]\n")
    (tmp_path / "broken.py").write_text("def (:\n")
    os.mkfifo(tmp_path / "pipe.py")  # reading it would block forever
    (tmp_path / "huge.py").write_text("x = 1\n" * 300_000)  # more than a script's helper holds
    assert found(train) == [(3, "eager-loading")]


def test_local_modules_stay_in_the_scripts_folder(tmp_path):
    outside = tmp_path / "loaders.py"
    outside.write_text("import cv2, os\ndef load(d):\n    return [cv2.imread(f) for f in os.listdir(d)]\n")
    (tmp_path / "project").mkdir()
    train = tmp_path / "project" / "train.py"
    train.write_text("from ..loaders import load\nx = load('d')\n")
    assert found(train) == []


LONG_SCRIPT_BLOCK = ("def load_{i}(folder):\n"
                     "    images = []\n"
                     "    for name in os.listdir(folder):\n"
                     "        images.append(cv2.imread(os.path.join(folder, name)))\n"
                     "    return np.array(images) / 255.0\n"
                     "x_{i} = load_{i}('data/{i}')\n"
                     "for epoch in range(3):\n"
                     "    total = 0\n"
                     "    for batch in loader:\n"
                     "        total += criterion(model(batch), batch)\n")


def test_a_long_script_is_checked_whole(tmp_path):
    """Every repeated block of a 5,000-line script is found. Its speed is a benchmark's, not a test's:
    python bench/check_corpus.py --speed."""
    script = tmp_path / "long.py"
    script.write_text("import os, cv2, numpy as np, torch\n" + "".join(LONG_SCRIPT_BLOCK.format(i=i)
                                                                        for i in range(500)))
    findings = check_source(script)
    rules = [f.rule for f in findings]
    assert rules.count("eager-loading") == rules.count("dtype-blowup") == rules.count("loss-keeps-graph") == 500


# -- the CLI

def test_json_findings_schema(capsys):
    assert main(["check", str(SCRIPTS / "seed_train.py"), "--static-only", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["capture"] is None and data["capture_error"] is None
    first = data["findings"][0]
    assert set(first) == {"rule", "file", "line", "message", "fix", "kind"}
    assert (first["rule"], first["line"], first["kind"]) == ("eager-loading", 17, "memory")
    assert [f["kind"] for f in data["findings"]][-2:] == ["throughput", "throughput"]


def test_throughput_advice_has_its_own_section(capsys):
    assert main(["check", str(SCRIPTS / "seed_train.py"), "--static-only"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("7 memory problem(s) in ")
    memory, other = out.split("2 other finding(s), about speed or precision")
    assert "[no-prefetch]" in other and "[no-memory-growth]" in other and "[no-prefetch]" not in memory


def test_only_throughput_advice_says_no_memory_problem(capsys):
    assert main(["check", str(CHECK / "tf_cache.py"), "--static-only"]) == 0
    assert main(["check", str(SCRIPTS / "sweep.py"), "--static-only"]) == 0
    out = capsys.readouterr().out
    assert "1 other finding(s)" in out


def test_capture_estimates_without_training(capsys):
    pytest.importorskip("tensorflow", reason="the script uses tf.data")
    assert main(["check", str(SCRIPTS / "small_train.py"), "--json", "--gpu", "T4"]) == 0
    data = json.loads(capsys.readouterr().out)
    capture = data["capture"]
    assert data["findings"] == [] and capture["batch_size"] == 8  # from .batch(8), not Keras's default
    assert capture["estimate"]["optimizer"] == "SGD" and capture["estimate"]["fits"] is True
    buffers = {b["kind"]: b for b in capture["pipeline"]["buffers"]}
    assert buffers["shuffle"]["elements"] == 64
    assert buffers["shuffle"]["bytes"] == 64 * (32 * 32 * 3 * 4 + 8)  # float32 image and int64 label


def test_script_that_fails_still_gets_its_findings(capsys):
    pytest.importorskip("tensorflow", reason="the script imports tensorflow")
    assert main(["check", str(SCRIPTS / "broken_train.py")]) == 2  # the script's own error
    captured = capsys.readouterr()
    assert "No memory problems found" in captured.out
    assert "could not capture the model" in captured.err and "line 3" in captured.err
    assert len(captured.err.strip().splitlines()) == 1


def test_a_script_without_keras_is_read_not_run(capsys, tmp_path, monkeypatch):
    """The run stops at Keras's fit() only: a PyTorch loop would train for real, write what it writes and end with
    nothing captured. Such a script is read, not run, and the output says so (exit 0, the findings are the output);
    --plot, which needs the captured model, is one line and exit 2."""
    monkeypatch.chdir(tmp_path)
    script = tmp_path / "train.py"
    script.write_text("import torch\nopen('ran.txt', 'w').write('trained')\nmodel = torch.nn.Linear(4, 2)\n"
                      "for step in range(3):\n    model(torch.randn(8, 4)).sum().backward()\n")
    assert main(["check", str(script)]) == 0
    assert "The script was not run: it imports neither Keras nor TensorFlow" in capsys.readouterr().out
    assert main(["check", str(script), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["capture"] is None and data["capture_error"] is None and "not run" in data["capture_skipped"]
    assert main(["check", str(script), "--plot", str(tmp_path / "peak.png")]) == 2
    assert "imports neither Keras nor TensorFlow" in capsys.readouterr().err
    assert not (tmp_path / "ran.txt").exists() and not (tmp_path / "peak.png").exists()


@pytest.mark.parametrize("imports, keras", [("import tensorflow as tf", True), ("from keras import layers", True),
                                            ("import torch", False), ("import jax.numpy as jnp", False)])
def test_a_keras_script_is_one_that_or_whose_local_module_imports_it(tmp_path, imports, keras):
    from oomdoctor.check import check_script

    (tmp_path / "model.py").write_text(f"{imports}\n")
    (tmp_path / "train.py").write_text("from model import *\nprint('train')\n")
    assert check_script(tmp_path / "train.py").keras is keras


def test_check_in_chinese(capsys):
    assert main(["check", str(SCRIPTS / "seed_train.py"), "--static-only", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "修改：" in out and "[eager-loading]" in out


def test_check_bad_input(capsys, tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def (:\n")
    assert main(["check", str(bad), "--static-only"]) == 2
    assert main(["check", str(tmp_path / "missing.py"), "--static-only"]) == 2
    err = capsys.readouterr().err
    assert "not valid Python" in err and "No such file" in err


@pytest.mark.parametrize("expression", ["1+" * 30000 + "1", "-" * 30000 + "1"])
def test_check_deep_nesting_is_one_line(expression, capsys, tmp_path):
    deep = tmp_path / "deep.py"
    deep.write_text(f"x = {expression}\n")
    assert main(["check", str(deep), "--static-only"]) == 2
    assert "nests an expression too deeply" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_golden_static_report(lang, golden, capsys, monkeypatch):
    monkeypatch.chdir(SCRIPTS.parents[1])  # the report names the script as given: relative, so the same everywhere
    monkeypatch.setenv("COLUMNS", "110")
    assert main(["check", "--static-only", "tests/scripts/seed_train.py", "--lang", lang]) == 0
    golden(capsys.readouterr().out, "test_check_seed_train" + (".zh" if lang == "zh" else "") + ".out")


# -- mechanisms calibrated on the held-out corpus: each with the case that must be found and the one that must not

def _rules(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


# eager-loading's own words for files each made float32 (or float16) before the list keeps them
_KEPT_AS = re.compile(r"Each file is kept as \w+ \(made so on line (\d+)\)")


def _widened(tmp_path, source: str) -> list[int]:
    """Where each kept file's widening is said: dtype-blowup's line for a float64 one, and the line eager-loading names
    for files made float32 before a list keeps them (the dtype the model trains in, said with the list itself)."""
    script = tmp_path / "train.py"
    script.write_text(source)
    findings = check_source(script)
    return sorted([f.line for f in findings if f.rule == "dtype-blowup"] +
                  [int(m.group(1)) for f in findings if f.rule == "eager-loading" and (m := _KEPT_AS.search(f.message))])


@pytest.mark.parametrize("listing, expected", [
    ("sorted(map(str, Path('imgs').glob('*.png')))", []),  # file paths, read one by one by the map
    ("np.load('x.npy').reshape(-1, 224, 224, 3)", [4]),
])
def test_paths_from_a_folder_listing_are_not_a_data_set_in_memory(listing, expected, tmp_path):
    source = ("import numpy as np, tensorflow as tf\nfrom pathlib import Path\n"
              f"paths = {listing}\n"
              "ds = tf.data.Dataset.from_tensor_slices(np.array(paths)).batch(8).prefetch(1)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("read, expected", [("self.files[i]['path']", [16]), ("str(i)", [])])
def test_workers_copy_only_what_getitem_reads(read, expected, tmp_path):
    # one record per utterance (a dict with its path); a bare path opened per item is as light as a listing's
    # (test_a_list_whose_entries_getitem_opens_as_files_is_a_list_of_paths)
    source = ("import os, json\nimport numpy as np\nfrom torch.utils.data import DataLoader, Dataset\n\n"
              "class Speakers(Dataset):\n    def __init__(self, root):\n        self.root = root\n"
              "        self.files = json.load(open(os.path.join(root, 'utterances.json')))\n\n"
              "    def __len__(self):\n        return len(self.files)\n\n    def __getitem__(self, i):\n"
              f"        return np.load(os.path.join(self.root, {read}))\n\n"
              "loader = DataLoader(Speakers('data'), num_workers=8)\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == expected


@pytest.mark.parametrize("workers, expected", [(8, [14]), (0, [])])
def test_a_dataframe_read_row_by_row_by_workers_is_copied_by_each(workers, expected, tmp_path):
    # pytorch/pytorch#5902: a parquet table of 5 GB grew to 17 GB with 8 workers reading it through iloc
    source = ("import numpy as np, pandas as pd, torch\nfrom torch.utils.data import DataLoader, Dataset\n\n"
              "class Voxels(Dataset):\n    def __init__(self, path):\n        self.table = pd.read_parquet(path)\n\n"
              "    def __len__(self):\n        return len(self.table)\n\n    def __getitem__(self, i):\n"
              "        return torch.from_numpy(np.asarray(self.table.iloc[i]['grid']))\n\n"
              f"loader = DataLoader(Voxels('train.parquet'), batch_size=64, num_workers={workers})\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    findings = [f for f in check_source(script) if f.rule == "workers-copy-dataset"]
    assert [f.line for f in findings] == expected
    if findings:
        assert "self.table is a pandas DataFrame (line 6)" in findings[0].message


@pytest.mark.parametrize("loops, expected", [
    # masks decoded in a loop of their own: a second data set of images kept whole
    ("for name in os.listdir('img'):\n    images.append(cv2.imread('img/' + name))\n"
     "for name in os.listdir('mask'):\n    masks.append(cv2.imread('mask/' + name, 0))\n", [6, 8]),
    # masks decoded beside the images: one loop, one problem
    ("for name in os.listdir('img'):\n    images.append(cv2.imread('img/' + name))\n"
     "    masks.append(cv2.imread('mask/' + name, 0))\n", [6]),
])
def test_masks_decoded_from_files_in_their_own_loop_are_kept_whole(loops, expected, tmp_path):
    source = "import os, cv2\nimport numpy as np\nimages = []\nmasks = []\n" + loops + \
        "x = np.array(images)\ny = np.array(masks)\n"
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("labels, expected", [("masks.append(cv2.imread(path, 0))", [7])])
def test_masks_decoded_from_files_divided_by_255_are_a_float64_copy_of_images(labels, expected, tmp_path):
    # a mask decoded from a file is an image, as large as the input: not a number per sample
    source = ("import os, cv2\nimport numpy as np\nmasks = []\nfor name in os.listdir('mask'):\n"
              f"    path = 'mask/' + name\n    {labels}\ny = np.array(masks) / 255.\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("convert, expected", [
    ("clean_y = clean_y.astype('float32') / 255.0", [11]),  # the clean photos made float32: 4x, as the inputs
    ("clean_y = np.array(clean_y)", []),  # a plain copy of decoded targets: not a dtype problem
])
def test_targets_decoded_from_files_made_wider_are_a_dtype_blowup(convert, expected, tmp_path):
    # a denoiser's targets are clean photos decoded from files: images, whatever the name y says
    source = ("import os, cv2\nimport numpy as np\nnoisy_x, clean_y = [], []\n"
              "for name in os.listdir('noisy'):\n    noisy_x.append(cv2.imread('noisy/' + name))\n"
              "    clean_y.append(cv2.imread('clean/' + name))\n"
              "noisy_x = np.array(noisy_x)\nclean_y = np.array(clean_y)\n"
              "noisy_x = noisy_x.astype('float32') / 255.0\n"
              "print(noisy_x.shape)\n"
              f"{convert}\n")
    assert [line for line in _rules(tmp_path, source, "dtype-blowup") if line > 10] == expected


@pytest.mark.parametrize("scaled, expected", [
    ("scans.astype('float32') / 65535", [5]),  # 16-bit scans made float32: 2x
    ("scans.astype('float32') / 255.", [5]), ("scans.astype(np.float32) * (1. / 255)", [5]),  # 8-bit pixels: 4x
    ("scans.astype('float32') / 10", []),  # a scale that says nothing of what the array held
    ("scans.astype('float32')", []),
])
def test_astype_then_a_pixel_scale_says_the_original_held_integer_pixels(scaled, expected, tmp_path):
    # np.load shows no dtype; dividing the float copy by 255 or 65535 does: the original was 8- or 16-bit pixels
    source = ("import numpy as np\nscans = np.load('scans.npy')\nlabels = np.load('labels.npy')\n"
              f"scans = scans.reshape((10000, 256 * 256))\nscans = {scaled}\nprint(scans.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("loop, expected", [
    ("for flipped in [False, True]:", [6]),  # a plain and a flipped copy of the whole set, a buffer each
    ("for split in ('train', 'test'):", [6]),
    ("for step in range(300):", []),  # a buffer per pass of a short range: one prompt's
])
def test_a_buffer_made_in_a_loop_over_a_few_named_things_holds_a_whole_data_set(loop, expected, tmp_path):
    source = ("import os, cv2\nimport numpy as np\nnames = os.listdir('faces')\nbuffers = []\n"
              f"{loop}\n    buffer = np.empty((len(names), 112, 112, 3))\n    buffers.append(buffer)\n"
              "for i, name in enumerate(names):\n    buffers[0][i] = cv2.imread('faces/' + name)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


def test_the_length_of_a_known_torchvision_set_is_its_count(tmp_path):
    # MNIST's test split made float32 in one piece: 10,000 x 784 x 4 bytes, 31 MB, no memory problem
    source = ("import torch\nimport torchvision.datasets as dsets\nimport torchvision.transforms as transforms\n"
              "test_set = dsets.MNIST(root='data/', train=False, transform=transforms.ToTensor(), download=True)\n"
              "test_x = test_set.test_data.view(len(test_set), 1, 28, 28).float()\nprint(test_x.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == []


@pytest.mark.parametrize("convert, expected", [
    ("drawings = drawings.astype('float32') / 255.", [7]),  # 8-bit drawings kept as float32: 4x
    ("drawings = drawings.astype('float32')", []),  # nothing says what the files held
])
def test_each_file_scaled_as_pixels_after_astype_is_kept_widened(convert, expected, tmp_path):
    source = ("import os\nimport numpy as np\nparts = []\nfor name in os.listdir('drawings'):\n"
              "    drawings = np.load(os.path.join('drawings', name))\n    print(drawings.shape)\n"
              f"    {convert}\n    parts.append(drawings[:10000])\nx = np.concatenate(parts)\n")
    assert _widened(tmp_path, source) == expected


@pytest.mark.parametrize("scale, expected", [
    ("x / 255.", [8]),  # scaled as 8-bit pixels where the normaliser runs: the h5 set held uint8
    ("(x - x.mean()) / x.std()", []),  # nothing says what it held
])
def test_a_conversion_of_data_the_script_scales_as_pixels_elsewhere_is_a_widening(scale, expected, tmp_path):
    source = ("import h5py\nimport numpy as np\n"
              f"def normalise(x):\n    x = {scale}\n    return x\n"
              "def read_faces(path):\n    with h5py.File(path, 'r') as f:\n"
              "        faces = f['data'][:].astype(np.float32)\n        faces = normalise(faces)\n"
              "    return faces\nfaces = read_faces('faces.h5')\nprint(faces.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("path, expected", [
    ("self.df.loc[i, 'id'] + '.png'", []), ("self.df.iloc[i, 0]", []), ("self.df['id'][i]", []),
    ("self.df.iloc[i]['id']", []), ("self.df.id.values[i]", []),
    ("'a.png'", [12]),  # the table's rows are read (the label) but name no file
])
def test_a_dataframe_whose_rows_name_the_files_getitem_opens_is_an_index_of_files(path, expected, tmp_path):
    # a CSV of image ids and a label per row: a row is a name and a number, as light as a listing's path
    source = ("import os, pandas as pd, torch\nfrom PIL import Image\nfrom torch.utils.data import DataLoader, Dataset\n"
              "class Images(Dataset):\n    def __init__(self, csv, root):\n        self.df = pd.read_csv(csv)\n"
              "        self.root = root\n    def __len__(self):\n        return len(self.df)\n"
              "    def __getitem__(self, i):\n"
              f"        return Image.open(os.path.join(self.root, {path})), self.df.loc[i, 'label']\n"
              "loader = DataLoader(Images('train.csv', 'images'), batch_size=32, num_workers=4)\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == expected


@pytest.mark.parametrize("added, expected", [("loss", [9]), ("loss.item()", [])])
def test_a_running_sum_written_out_keeps_the_graph(added, expected, tmp_path):
    source = ("import torch\nmodel = torch.nn.Linear(4, 1).cuda()\nopt = torch.optim.SGD(model.parameters(), 0.1)\n"
              "running = 0\nfor x, y in loader:\n    loss = torch.nn.functional.mse_loss(model(x), y)\n"
              f"    loss.backward()\n    opt.step()\n    running = running + {added}\n")
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


def _guarded(lines: list[str], indent: str, guarded: bool) -> str:
    """The evaluation loop's lines, under `with torch.no_grad():` when guarded."""
    if not guarded:
        return "".join(lines)
    return indent + "with torch.no_grad():\n" + "".join("    " + line for line in lines)


EVAL_CASES = {
    # a class used as a namespace: val_epoch(model, loader) has no self, model is its first argument
    "namespace": ("import torch\n\nclass Trainer:\n    def val_epoch(model, loader):\n        model.eval()\n",
                  ["        for x, y in loader:\n", "            out = model(x)\n"],
                  "        ", "\n    def run(model, loader):\n        Trainer.val_epoch(model, loader)\n", 7),
    # embedder.eval() says it is a model, whatever its class's name
    "module-like": ("import torch\nfrom nets import Embedder\nembedder = Embedder().cuda()\n"
                    "embedder.load_state_dict(torch.load('w.pt'))\nembedder.eval()\n",
                    ["for batch in loader:\n", "    emb = embedder(batch)\n"], "", "", 7),
    # a loop over valid_loader, with no model.eval() and a training loop in the same function
    "eval-loop": ("import torch\n\ndef run(model, train_loader, valid_loader, opt):\n"
                  "    for x, y in train_loader:\n        model(x).sum().backward()\n        opt.step()\n",
                  ["    for x, y in valid_loader:\n", "        out = model(x.cuda())\n"], "    ", "", 8),
}


@pytest.mark.parametrize("case", sorted(EVAL_CASES))
@pytest.mark.parametrize("guarded", [False, True])
def test_evaluation_forward_passes_are_found(case, guarded, tmp_path):
    head, loop, indent, tail, line = EVAL_CASES[case]
    source = head + _guarded(loop, indent, guarded) + tail
    assert _rules(tmp_path, source, "eval-without-no-grad") == ([] if guarded else [line])


@pytest.mark.parametrize("dtype, expected", [("", [4]), (", dtype=np.float32", [])])
def test_a_float64_buffer_filled_with_crops(dtype, expected, tmp_path):
    source = ("import numpy as np\n\ndef patches(imgs, n):\n"
              f"    out = np.empty((190000, 1, 48, 48){dtype})\n"
              "    for k in range(n):\n        out[k] = imgs[k % 10, :, 0:48, 0:48]\n    return out\n\n"
              "all_patches = patches(None, 190000)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("line, expected", [("train = x[idx]", [4]), ("x = x[idx]", []),
                                            ("train = x[idx.astype('int32')]", [4]),  # the same rows, as integers
                                            ("one = x[args.sample]", [])])  # one row, not a set of rows
def test_fancy_indexing_copies_while_the_original_stays(line, expected, tmp_path):
    source = ("import numpy as np\nx = np.load('x.npy').reshape(-1, 3, 256, 256)\n"
              f"idx = list(range(100))\n{line}\nprint(x.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


def test_a_tuple_a_helper_returns_of_its_parameters_is_of_what_each_call_gives(tmp_path):
    # HelloElwin/EEG2Alphabet: crop(raw, raw) in the evaluation loader, then crop(train, test) in the training one;
    # the helper's body ran first on the evaluation file, but the training call returns the training file's rows
    source = ("import scipy.io\nimport keras\n\n\ndef crop(train, test):\n"
              "    return train[:, 50:700], test[:, 50:700]\n\n\n"
              "def load_eval():\n    recording = scipy.io.loadmat('eval.mat')\n"
              "    _, test = crop(recording['data'], recording['data'])\n    return test\n\n\n"
              "def load_train():\n    mat = scipy.io.loadmat('train.mat')\n"
              "    train, test = crop(mat['data'], mat['data'])\n    return train\n\n\n"
              "x = load_train()\nmodel = keras.Sequential([keras.layers.Dense(10)])\nmodel.fit(x, epochs=3)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == [16]


def test_each_data_set_given_to_a_dataset_class_is_the_one_its_loader_serves(tmp_path):
    # Trials(load_eval()) in one branch, Trials(load_train()) in the other: both files are what a loader serves,
    # though the flow's value of the parameter kept as self.data is the first call's alone
    source = ("import sys\nimport scipy.io\nimport torch\nfrom torch.utils.data import Dataset, DataLoader\n\n\n"
              "class Trials(Dataset):\n    def __init__(self, data):\n        self.data = data\n\n"
              "    def __len__(self):\n        return len(self.data)\n\n"
              "    def __getitem__(self, i):\n        return torch.tensor(self.data[i], dtype=torch.float32)\n\n\n"
              "def load_eval():\n    recording = scipy.io.loadmat('eval.mat')\n    return recording['data']\n\n\n"
              "def load_train():\n    mat = scipy.io.loadmat('train.mat')\n    return mat['data']\n\n\n"
              "if sys.argv[1] == 'eval':\n    test_set = Trials(load_eval())\n"
              "    loader = DataLoader(test_set, batch_size=64)\nelse:\n    train_set = Trials(load_train())\n"
              "    loader = DataLoader(train_set, batch_size=64, shuffle=True)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == [19, 24]


def test_a_copy_returned_by_its_function_is_not_held_twice(tmp_path):
    source = ("import numpy as np\n\ndef load():\n    values = np.load('v.npy').transpose((1, 2, 0))\n"
              "    values = values.astype(np.float32)\n    values = values / 3.0\n    return values\n\n"
              "series = load()\nprint(series.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == []


CACHE = ("import tensorflow as tf\n\ndef load(p):\n    return tf.io.decode_jpeg(tf.io.read_file(p))\n"
         "{train}val_ds = tf.data.Dataset.list_files('val/*.jpg').map(load, num_parallel_calls=8).cache()"
         ".batch(8).prefetch(1)\n")
TRAIN_CACHE = ("train_ds = tf.data.Dataset.list_files('train/*.jpg').map(load, num_parallel_calls=8).cache()"
               ".batch(8).prefetch(1)\n")


@pytest.mark.parametrize("train, expected", [("", [5]), (TRAIN_CACHE, [5, 6])])
def test_the_validation_cache_beside_the_training_one_is_said_too(train, expected, tmp_path):
    # fit() holds both caches for the whole run (a test folder's decoded images beside the training folder's), and
    # each needs its own file
    assert _rules(tmp_path, CACHE.format(train=train), "cache-in-memory") == expected


@pytest.mark.parametrize("order, expected", [
    (".cache().map(load, num_parallel_calls=8)", []),  # the file names cached, before the map that reads them
    (".map(load, num_parallel_calls=8).cache()", [5]),  # every decoded picture
])
def test_a_cache_of_file_names_before_the_map_is_small(order, expected, tmp_path):
    source = ("import tensorflow as tf\n\ndef load(p):\n    return tf.io.decode_jpeg(tf.io.read_file(p))\n"
              f"train_ds = tf.data.Dataset.list_files('train/*.jpg'){order}.batch(8)\n")
    assert _rules(tmp_path, source, "cache-in-memory") == expected


@pytest.mark.parametrize("mode, map_with, expected", [
    ("multi_hot", "lambda x, y: (vectorizer(x), y)", [10]),  # each review a 20,000-wide float32 vector
    ("tf_idf", "to_vectors", [10]),  # the same through a function the script defines
    ("count", "to_vectors", [10]),
    ("int", "lambda x, y: (vectorizer(x), y)", []),  # word ids: the texts stay short
])
def test_a_cached_text_pipeline_vectorized_into_a_bag_of_words_is_not_text(mode, map_with, expected, tmp_path):
    # Deep Learning with Python, ch. 11: TextVectorization(output_mode='multi_hot') mapped over the reviews, then
    # cache(): every review is kept as a dense vector over the vocabulary, not as its few hundred characters
    source = ("from tensorflow import keras\nfrom tensorflow.keras import layers\n"
              "texts = keras.utils.text_dataset_from_directory('aclImdb/train', batch_size=32)\n"
              f"vectorizer = layers.TextVectorization(max_tokens=20000, output_mode='{mode}')\n"
              "vectorizer.adapt(texts.map(lambda x, y: x))\n\ndef to_vectors(x, y):\n    return vectorizer(x), y\n\n"
              f"train = texts.map({map_with}, num_parallel_calls=4).cache()\n")
    assert _rules(tmp_path, source, "cache-in-memory") == expected


@pytest.mark.parametrize("dtype, rule, expected", [
    # made at the files' own width, the array is made right: said where every file is written into it
    ("np.uint8", "eager-loading", [7]),
    ("np.uint8", "dtype-blowup", []),
    # no dtype chosen: two problems on one line, each with its fix (stream the files; give the dtype)
    ("None", "eager-loading", [5]),
    ("None", "dtype-blowup", [5]),
])
def test_a_preallocated_array_filled_with_every_decoded_file(dtype, rule, expected, tmp_path):
    shape = "(len(names), 256, 256, 3)" + (f", dtype={dtype}" if dtype != "None" else "")
    source = ("import os\nimport numpy as np\nimport cv2\nnames = os.listdir('pics')\n"
              f"x = np.empty({shape})\n"
              "for i, name in enumerate(names):\n    x[i] = cv2.imread(os.path.join('pics', name))\n")
    assert _rules(tmp_path, source, rule) == expected


@pytest.mark.parametrize("dtype, expected", [
    ("np.uint8", [10]),   # 8-bit slices kept at their width: the loop writing every file is the problem
    ("'int16'", [10]),
    ("np.float32", [7]),  # 4× wider than the files: where it is made sets the cost
])
def test_a_buffer_at_the_files_width_is_said_where_each_file_is_written(dtype, expected, tmp_path):
    source = ("import glob\nimport numpy as np\nfrom PIL import Image\n\n"
              "def load_slices(folder):\n"
              "    paths = sorted(glob.glob(folder + '/*.png'))\n"
              f"    stack = np.zeros((len(paths), 512, 512, 1), dtype={dtype})\n"
              "    for k, p in enumerate(paths):\n"
              "        img = Image.open(p).convert('L')\n"
              "        stack[k, :, :, 0] = np.asarray(img)\n"
              "    return stack\n\n"
              "train = load_slices('slices/train')\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("before, scaled, expected", [
    # uint8 pixels: the float64 array the first operation makes is the problem (dtype-blowup); the second operation
    # shifts that temporary, it is not a second copy of the uint8 array the name keeps
    ("pass", "(x_train - 127.5) / 127.5", {"dtype-blowup": [6], "duplicate-copy": []}),
    ("pass", "x_train.reshape(-1, 3072) / 255.0 * 2 - 1", {"dtype-blowup": [6], "duplicate-copy": []}),
    # float32 already: the scaled float32 array is a second copy beside the one the name keeps
    ("x_train = x_train.astype('float32')", "(x_train - 127.5) / 127.5", {"dtype-blowup": [],
                                                                          "duplicate-copy": [6]}),
])
def test_a_chain_of_arithmetic_on_pixels_is_one_copy(before, scaled, expected, tmp_path):
    source = ("import numpy as np\nimport torch\nfrom tensorflow.keras.datasets import cifar10\n"
              "(x_train, y_train), (x_test, y_test) = cifar10.load_data()\n"
              f"{before}\ninputs = {scaled}\n"
              "loader = torch.utils.data.DataLoader(torch.from_numpy(inputs), batch_size=64, shuffle=True)\n"
              "print(x_train.shape)\n")
    assert {rule: _rules(tmp_path, source, rule) for rule in expected} == expected


@pytest.mark.parametrize("scaled, expected", [
    # pixels of a dtype nothing shows (np.load of a file of faces): the scale to [-1, 1] says they are 8-bit, so
    # the arithmetic makes one float64 copy of them (check_heldout115's cat-face GAN), not a copy and a widening
    ("(raw - 127.5) / 127.5", {"dtype-blowup": [4], "duplicate-copy": []}),
    ("raw / 127.5 - 1", {"dtype-blowup": [4], "duplicate-copy": []}),
    ("(raw / 255.0 - 0.5) * 2", {"dtype-blowup": [4], "duplicate-copy": []}),
    # no pixel scale: a standardised copy in whatever dtype raw has, beside raw
    ("(raw - raw.mean()) / 3.0", {"dtype-blowup": [], "duplicate-copy": [4]}),
])
def test_a_pixel_scale_says_an_array_of_unknown_dtype_holds_8_bit_pixels(scaled, expected, tmp_path):
    source = ("import numpy as np\nimport tensorflow as tf\nraw = np.load('faces.npy')\n"
              f"scaled = {scaled}\n"
              "ds = tf.data.Dataset.from_tensor_slices(scaled).shuffle(1000).batch(64)\n")
    assert {rule: _rules(tmp_path, source, rule) for rule in expected} == expected


@pytest.mark.parametrize("targets, expected", [
    # the targets reshaped as images (a denoiser's clean pictures, a segmentation's masks): a number per pixel
    ("y = y.reshape(len(y), 256, 256, 1)", [4, 5]),
    ("y = np.expand_dims(y, -1).reshape((-1, 256, 256, 1))", [4, 5]),
    ("print(y.shape)", [4]),  # class ids: one number per sample, loaded whole as labels are
])
def test_targets_shaped_as_images_loaded_whole_are_as_large_as_the_inputs(targets, expected, tmp_path):
    source = ("import numpy as np\nfrom tensorflow import keras\n\n"
              "x = np.load('prepared/x_train.npy').reshape(-1, 256, 256, 1)\n"
              "y = np.load('prepared/y_train.npy')\n"
              f"{targets}\n"
              "model = keras.Sequential([keras.layers.Conv2D(8, 3, padding='same', input_shape=(256, 256, 1)),\n"
              "                          keras.layers.Conv2D(1, 3, padding='same')])\n"
              "model.compile('adam', 'mse')\nmodel.fit(x, y, batch_size=8, epochs=5)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("side, pool, units, expected", [
    (256, 2, 4096, [11]),  # 64 × 64 × 64 features into 4,096 units: a billion weights
    (64, 4, 128, []),      # 8 × 8 × 64 into 128: a small head
])
def test_flatten_dense_in_the_functional_api(side, pool, units, expected, tmp_path):
    source = ("from tensorflow import keras\nfrom tensorflow.keras import layers\n\n"
              "def build_regressor():\n"
              f"    inputs = keras.Input(({side}, {side}, 3))\n"
              "    x = layers.Conv2D(32, 3, padding='same', activation='relu')(inputs)\n"
              f"    x = layers.MaxPooling2D({pool})(x)\n"
              "    x = layers.Conv2D(64, 3, padding='same', activation='relu')(x)\n"
              f"    x = layers.MaxPooling2D({pool})(x)\n"
              "    x = layers.BatchNormalization()(x)\n"
              "    x = layers.Flatten()(x)\n"
              f"    x = layers.Dense({units}, activation='relu')(x)\n"
              "    outputs = layers.Dense(4)(x)\n"
              "    return keras.Model(inputs, outputs)\n\n"
              "model = build_regressor()\nmodel.compile('adam', 'mse')\n")
    assert _rules(tmp_path, source, "flatten-dense") == expected


@pytest.mark.parametrize("given", [
    "x_train.astype('float32'), y_train, validation_data=(x_val.astype('float32'), y_val)",
    "x=x_train.astype(np.float16), y=y_train",
    "tf.cast(x_train, tf.float32) / 255.0, y_train",
])
def test_a_wider_copy_handed_straight_to_fit_is_held_for_the_whole_training(given, tmp_path):
    # the uint8 originals stay named beside the float copy fit() holds until training ends: said once per fit
    source = ("import glob\nimport numpy as np\nimport cv2\nimport tensorflow as tf\nfrom tensorflow import keras\n"
              "paths = sorted(glob.glob('leaves/*/*.jpg'))\n"
              "x = np.stack([cv2.resize(cv2.imread(p), (384, 384)) for p in paths])\n"
              "y = np.array([p.split('/')[1] == 'healthy' for p in paths], dtype=np.int64)\n"
              "x_train, x_val, y_train, y_val = x[:-500], x[-500:], y[:-500], y[-500:]\n"
              "model = keras.Sequential([keras.layers.Conv2D(32, 3, activation='relu'),\n"
              "                          keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(2)])\n"
              "model.compile('adam', 'sparse_categorical_crossentropy')\n"
              f"model.fit({given}, epochs=3)\n"
              "print(x_train.shape, x_val.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == [13]


@pytest.mark.parametrize("imports, tuner", [
    ("import keras_tuner as kt", "kt.Hyperband(build, objective='val_accuracy', max_epochs=10)"),
    ("from kerastuner.tuners import BayesianOptimization", "BayesianOptimization(build, objective='val_loss', "
                                                           "max_trials=5)"),
])
def test_a_tuner_search_is_fit_of_every_trial(imports, tuner, tmp_path):
    source = (f"import glob\nimport numpy as np\nimport cv2\nfrom tensorflow import keras\n{imports}\n\n"
              "def build(hp):\n"
              "    model = keras.Sequential([keras.layers.Conv2D(hp.Int('f', 16, 64, step=16), 3, activation='relu'),\n"
              "                              keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(2)])\n"
              "    model.compile('adam', 'sparse_categorical_crossentropy', metrics=['accuracy'])\n"
              "    return model\n\n"
              "paths = glob.glob('xrays/*/*.png')\n"
              "images = np.array([cv2.resize(cv2.imread(p), (512, 512)) for p in paths])\n"
              "labels = np.array(['pneumonia' in p for p in paths], dtype=np.int64)\n"
              f"search = {tuner}\n"
              "search.search(images, labels, epochs=10, validation_split=0.2)\n")
    assert _rules(tmp_path, source, "in-memory-array") == [17]


@pytest.mark.parametrize("transformed", [
    "np.round(inputs * 8) / 8",                                    # quantised
    "np.clip(inputs + rng.normal(0, 0.1, inputs.shape), 0.0, 1.0)",  # noisy, kept in range
    "np.maximum(inputs - 0.5, 0)",
])
def test_numpy_elementwise_functions_keep_the_data_set(transformed, tmp_path):
    source = ("import numpy as np\nfrom tensorflow import keras\nrng = np.random.default_rng(0)\n"
              "(x_train, y_train), _ = keras.datasets.cifar10.load_data()\n"
              "inputs = x_train.astype('float32') / 255.0\n"
              f"inputs = {transformed}\n"
              "model = keras.Sequential([keras.layers.Flatten(input_shape=(32, 32, 3)), keras.layers.Dense(10)])\n"
              "model.compile('adam', 'sparse_categorical_crossentropy')\n"
              "model.fit(inputs, y_train, epochs=3, batch_size=256)\n")
    assert _rules(tmp_path, source, "in-memory-array") == [9]


def test_np_append_is_numpy_s_function_and_keeps_the_data_set(tmp_path):
    # np.append(x, more, axis=0) grows the array: not a list's append (the flow took np for a list), and the array
    # it gives is the data set, scaled to float64 on the next line
    source = ("import numpy as np\nimport torch\n"
              "frames = np.load('shards/part_0.npy')\n"
              "for k in range(1, 8):\n"
              "    frames = np.append(frames, np.load(f'shards/part_{k}.npy'), axis=0)\n"
              "frames = frames / 255.0\n"
              "loader = torch.utils.data.DataLoader(torch.from_numpy(frames).float(), batch_size=64, shuffle=True)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == [6]


@pytest.mark.parametrize("imports, read", [
    ("import matplotlib.image as mpimg", "mpimg.imread(path)"),  # pyplot's imread, from where it is defined
    ("from matplotlib.image import imread", "imread(path)[:, :, :3]"),
    ("import matplotlib.pyplot as plt", "plt.imread(path)"),
])
def test_matplotlib_image_imread_decodes_a_file(imports, read, tmp_path):
    source = (f"import glob\nimport numpy as np\n{imports}\n"
              "x = np.zeros((30000, 128, 128, 3), dtype=np.float32)\n"
              f"for i, path in enumerate(glob.glob('leaves/*/*.jpg')):\n    x[i] = {read}\n")
    assert _rules(tmp_path, source, "eager-loading") == [4]


@pytest.mark.parametrize("cast, expected", [
    ("img = img.float()\n            img /= 255.0", [11]),  # each decoded uint8 X-ray kept as float32: 4x
    ("img = img.to(torch.float32)", [11]), ("img = img.type(torch.float32)", [11]),
    ("img = img.float()\n            img = img.to(torch.uint8)", []),  # narrow again: uint8 is what is kept
    ("img = img.contiguous()", []),  # kept as decoded
    # a torchvision Resize keeps the dtype it is given: the cast after it is still of 8-bit pixels
    ("img = resize(img)\n            img = img.float()", [12]), ("img = resize(img)", []),
])
def test_a_tensor_cast_of_each_decoded_file_before_it_is_kept(cast, expected, tmp_path):
    # torchvision's read_image gives uint8; .float() (or .to/.type with a float dtype) is a tensor's astype
    source = ("import os\nimport torch\nfrom torchvision.io import read_image\nfrom torchvision import transforms\n"
              "resize = transforms.Resize((128, 128))\nclass Xrays(torch.utils.data.Dataset):\n"
              "    def __init__(self, root):\n        self.images = []\n"
              "        for name in os.listdir(root):\n            img = read_image(os.path.join(root, name))\n"
              f"            {cast}\n            self.images.append(img)\n\n"
              "    def __getitem__(self, i):\n        return self.images[i]\n\n    def __len__(self):\n"
              "        return len(self.images)\n\n\n"
              "loader = torch.utils.data.DataLoader(Xrays('chest_xray/train'), batch_size=32)\n")
    assert _widened(tmp_path, source) == expected


@pytest.mark.parametrize("width, store, expected", [
    ("VOCAB_SIZE", "y[i, word_to_id[answer[k]]] = 1", [9]),  # to_categorical by hand, over 8,000 words
    # a one-hot row made in the loop, then stored whole
    ("VOCAB_SIZE", "row = np.zeros((1, VOCAB_SIZE))\n        row[0, word_to_id[answer[k]]] = 1\n        y[i, :] = row",
     [9]),
    ("10", "y[i, word_to_id[answer[k]]] = 1", []),  # ten classes: a few bytes a sample
    ("1", "y[i, 0] = word_to_id[answer[k]]", []),  # the fine version: the word's index
])
def test_one_hot_labels_written_by_hand_over_a_vocabulary(width, store, expected, tmp_path):
    source = ("import numpy as np\n\nVOCAB_SIZE = 8000\n\n\ndef targets(answers, word_to_id):\n"
              "    n = sum(len(a) for a in answers)\n    i = 0\n"
              f"    y = np.zeros((n, {width}), dtype='int16')\n"
              "    for answer in answers:\n      for k in range(len(answer)):\n"
              f"        {store}\n        i += 1\n    return y\n\n\n"
              "y = targets(answers, word_to_id)\nmodel.fit(x, y, batch_size=512)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("load, after, expected", [
    ("np.load('x.npy')", "", [3]),  # the training set itself, of a size nothing shows
    ("np.loadtxt('x.csv')", "", []),  # a text table: a few numbers a row
    ("np.load('x.npy')", "x = x / 255.0\n", []),  # the float64 copy replacing it is the finding
    ("np.load('stats.npy')", "", []),  # not what the model trains on
])
def test_an_array_loaded_whole_that_the_model_trains_on(load, after, expected, tmp_path):
    fed = "x" if "stats" not in load else "np.zeros((10, 4))"
    source = ("import numpy as np\nfrom tensorflow import keras\n"
              f"x = {load}\ny = np.load('y.npy')\n{after}"
              "model = keras.Sequential([keras.layers.Dense(1)])\nmodel.compile('adam', 'mse')\n"
              f"model.fit({fed}, y, epochs=1)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


def test_a_model_taking_a_flat_vector_trains_on_table_rows(tmp_path):
    source = ("import numpy as np\nfrom tensorflow import keras\nx = np.load('x.npy')\ny = np.load('y.npy')\n"
              "model = keras.Sequential([keras.Input((100,)), keras.layers.Dense(1)])\n"
              "model.fit(x, y, epochs=1)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == []


def _load_messages(tmp_path, source: str) -> dict[int, str]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return {f.line: f.message for f in check_source(script) if f.rule == "whole-dataset-load"}


@pytest.mark.parametrize("test_path, named", [
    ("'data/test_feats.npy'", True),  # the test split of the training set: as large, read whole too, said with it
    ("'data/stats.npy'", False),  # another file: nothing says it is large
])
def test_the_other_split_of_a_training_set_loaded_whole(test_path, named, tmp_path):
    source = ("import numpy as np\nfrom tensorflow import keras\nx = np.load('data/train_feats.npy')\n"
              f"x_test = np.load({test_path})\ny = np.load('data/train_labels.npy')\n"
              "model = keras.Sequential([keras.layers.Dense(1)])\nmodel.fit(x, y, epochs=1)\n")
    messages = _load_messages(tmp_path, source)
    assert list(messages) == [3]
    assert ("(line 4 of train.py)" in messages[3]) is named


@pytest.mark.parametrize("second, named", [
    ("x_valid", True),  # the validation split, read the same way: said with the training set's
    ("vocab", False),  # something else read from a pickle
])
def test_the_split_a_name_gives_a_pickle_read_whole(second, named, tmp_path):
    source = ("import pickle\nimport numpy as np\nfrom tensorflow import keras\n"
              "with open('faces_a.pkl', 'rb') as f:\n    x_train = pickle.load(f)\n"
              f"with open('faces_b.pkl', 'rb') as f:\n    {second} = pickle.load(f)\n"
              "model = keras.Sequential([keras.layers.Dense(1)])\nmodel.fit(x_train, np.load('y.npy'), epochs=1)\n")
    messages = _load_messages(tmp_path, source)
    assert list(messages) == [5]
    assert ("(line 7 of train.py)" in messages[5]) is named


@pytest.mark.parametrize("cap, expected", [
    ("nrows=90e6", [3]),  # a cap of 90 million rows is the table itself, its size known: about 4.7 GiB
    ("nrows=500", []),  # a few rows, to look at
    ("chunksize=100_000", []),  # streamed
])
def test_a_table_read_with_a_row_count_of_millions(cap, expected, tmp_path):
    source = ("import pandas as pd\nimport torch\n"
              f"table = pd.read_csv('interactions.csv', usecols=[1, 2, 3, 4, 5, 7, 8], {cap})\n"
              "print(table.shape)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("key, named", [
    ("'charset'", False),  # the symbols every sample is encoded with: as large whatever the number of samples
    ("'data_test'", True),  # the test set, read whole: said with the training set's
])
def test_a_vocabulary_read_whole_from_hdf5_is_small(key, named, tmp_path):
    source = ("import h5py\nfrom tensorflow import keras\nh5f = h5py.File('molecules.h5', 'r')\n"
              f"x = h5f['data_train'][:]\nsymbols = h5f[{key}][:]\n"
              "model = keras.Sequential([keras.layers.Dense(1)])\nmodel.fit(x, x, epochs=1)\n")
    messages = _load_messages(tmp_path, source)
    assert list(messages) == [4]
    assert ("(line 5 of train.py)" in messages[4]) is named


@pytest.mark.parametrize("read, expected", [
    ("side = np.array(f['scans'][:]).shape[1]", []),  # read for its shape, then dropped
    ("scans = np.array(f['scans'][:])", [5]),  # kept for the run
])
def test_an_hdf5_data_set_read_whole_only_for_its_shape_is_not_kept(read, expected, tmp_path):
    source = ("import h5py\nimport numpy as np\n"
              "f = h5py.File('ct.h5', 'r')\n"
              f"\n{read}\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


def test_an_hdf5_data_set_in_a_group_read_whole(tmp_path):
    source = ("import h5py\nf = h5py.File('eyes.h5', 'r')\n"
              "images = f['train']['images'][:]\nstart = f['train']['images'][0]\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == [3]


def test_hdf5_data_sets_of_several_files_stacked_whole(tmp_path):
    # every subject's file read whole and stacked; the gaze vectors beside the images are a few numbers a sample
    source = ("import h5py\nimport numpy as np\n\n"
              "def read_split(files, split):\n"
              "    gazes = np.vstack([files[k][split]['gazes'] for k in range(len(files))])\n"
              "    images = np.vstack([files[k][split]['images'] for k in range(len(files))])\n"
              "    return images, gazes\n\n"
              "subjects = [h5py.File(p) for p in ['p00.mat', 'p01.mat', 'p02.mat']]\n"
              "x, y = read_split(subjects, 'train')\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == [6]


NPZ_DATASET = """import numpy as np
import torch
from torch.utils.data import Dataset

class Grids(Dataset):
    def __init__(self, path, train=True):
        self.images, self.starts = self.read(path, train)

    def read(self, path, train):
        with np.load(path, mmap_mode={mode}) as npz:
            if train:
                images = npz['arr_0']
                starts = npz['arr_1']
            else:
                images = npz['arr_2']
                starts = npz['arr_3']
        return images, starts

    def __getitem__(self, i):
        start = self.starts[i]
        return torch.from_numpy(self.images[i]), int(start)

    def __len__(self):
        return len(self.images)
"""


def test_the_arrays_of_an_npz_archive_are_read_whole_even_with_mmap_mode(tmp_path):
    # np.load memory-maps .npy files only: each key of an .npz decompresses its whole array, in either branch;
    # a row __getitem__ makes a Python number (int(start)) is one number per sample, not the data set
    found = [f for f in check_source(_written(tmp_path, NPZ_DATASET.format(mode="'r'")))
             if f.rule == "whole-dataset-load"]
    assert [f.line for f in found] == [12, 15]
    assert "mmap_mode is ignored" in found[0].fix


def _written(tmp_path, source: str) -> Path:
    script = tmp_path / "train.py"
    script.write_text(source)
    return script


@pytest.mark.parametrize("target, expected", [("noise = noisy - clean", [3, 4]), ("noise = noisy - 1.0", [3])])
def test_an_array_combined_into_the_training_target_is_trained_on(target, expected, tmp_path):
    source = ("import numpy as np\nfrom tensorflow import keras\nnoisy = np.load('noisy.npy')\n"
              f"clean = np.load('clean.npy')\n{target}\n"
              "model = keras.Sequential([keras.layers.Dense(1)])\nmodel.fit(noisy, noise, epochs=1)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


LINES = """import numpy as np

def read(path):
    rows = []
    with open(path) as f:
        for line in f:
            rows.append(tuple(line[:-1]))
    cleaned = []
    for row in rows:
        cleaned.append(row)
    return cleaned

words = read('{path}')
batch_size = 64
{use}
"""


@pytest.mark.parametrize("use, expected", [
    # cut into the batches the model trains on: the training text, held twice while the second list is built
    ("batches = [words[i:i + batch_size] for i in range(0, len(words), batch_size)]",
     [(7, "eager-loading"), (10, "duplicate-copy")]),
    ("ids = {w: i for i, w in enumerate(words)}", []),  # a vocabulary read to be looked up
])
def test_the_lines_of_a_training_text_kept_in_a_list(use, expected, tmp_path):
    script = tmp_path / "train.py"
    script.write_text(LINES.format(path="train.txt", use=use))
    assert [(f.line, f.rule) for f in check_source(script) if f.kind == "memory"] == expected


FRAMES = ("import numpy as np, torch\nfrom imageio import imread\n\nframes = []\nfor i in range(5000):\n"
          "    frame = torch.from_numpy(imread(f'f{{i}}.png')){move}\n    frames.append(frame)\n"
          "model = torch.nn.Conv2d(3, 3, 3).cuda()\nopt = torch.optim.SGD(model.parameters(), 0.1)\n"
          "for frame in frames:\n    model(frame.cuda()).sum().backward()\n    opt.step()\n")


@pytest.mark.parametrize("move, expected", [(".float().to('cuda')", [6]), (".float()", []),
                                            (".cuda().cpu()", [])])
def test_samples_moved_to_the_gpu_one_by_one_and_kept(move, expected, tmp_path):
    assert _rules(tmp_path, FRAMES.format(move=move), "dataset-on-gpu") == expected


def test_samples_moved_to_the_gpu_in_the_training_step_are_not_kept(tmp_path):
    source = ("import torch\nfrom imageio import imread\nmodel = torch.nn.Conv2d(3, 3, 3).cuda()\n"
              "opt = torch.optim.SGD(model.parameters(), 0.1)\nlosses = []\nfor i in range(5000):\n"
              "    x = torch.from_numpy(imread(f'f{i}.png')).cuda()\n    losses.append(x)\n"
              "    model(x).sum().backward()\n    opt.step()\n")
    assert _rules(tmp_path, source, "dataset-on-gpu") == []


VOLUMES = ("import numpy as np\n{imports}\n\nvolumes = []\nfor i in range({count}):\n"
           "    vol{rest} = {load}\n    volumes.append(vol)\n")


@pytest.mark.parametrize("imports, load, rest, count, expected", [
    ("import nibabel as nib", "nib.load(f'v{i}.nii').get_fdata()", "", 131, [7]),
    ("from medpy.io import load", "load(f'v{i}.nii')", ", header", 131, [7]),
    ("from medpy.io import load", "load(f'v{i}.nii')", ", header", 8, []),  # a handful of volumes
    ("from imageio import imread", "imread(f'v{i}.png')", "", 131, []),  # 131 images: small
])
def test_volumes_kept_in_a_list(imports, load, rest, count, expected, tmp_path):
    source = VOLUMES.format(imports=imports, load=load, rest=rest, count=count)
    assert _rules(tmp_path, source, "eager-loading") == expected


ACCELERATE = ("import torch\nfrom accelerate import Accelerator\nfrom torch.utils.data import DataLoader\n"
              "from transformers import AutoModelForSequenceClassification\n\n"
              "accelerator = Accelerator()\nmodel = AutoModelForSequenceClassification.from_pretrained('bert')\n"
              "opt = torch.optim.AdamW(model.parameters())\n"
              "model, opt, train_loader, eval_loader = accelerator.prepare(model, opt, DataLoader(tr), DataLoader(ev))\n"
              "for batch in train_loader:\n    accelerator.backward(model(**batch).loss)\n    opt.step()\n"
              "model.eval()\n{guard}for step, batch in enumerate(eval_loader):\n{indent}    out = model(**batch)\n")


@pytest.mark.parametrize("guard, indent, expected", [("", "", [15]), ("with torch.no_grad():\n    ", "    ", [])])
def test_evaluation_of_a_model_prepared_by_accelerate(guard, indent, expected, tmp_path):
    source = ACCELERATE.format(guard=guard, indent=indent)
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


ASTYPE = ("import numpy as np\nfrom keras.preprocessing import image\n\ndef read(paths):\n"
          "    arrays = [np.expand_dims(image.img_to_array(image.load_img(p)), 0) for p in paths]\n"
          "    return np.vstack(arrays)\n\npaths = [f'{{i}}.jpg' for i in range(20000)]\n"
          "x = read(paths).astype('{dtype}') / 255\n")


@pytest.mark.parametrize("dtype, expected", [("float32", [9]), ("float16", [])])  # float16: a smaller copy
def test_astype_to_the_same_dtype_then_arithmetic_copies_twice(dtype, expected, tmp_path):
    assert [line for line in _rules(tmp_path, ASTYPE.format(dtype=dtype), "duplicate-copy") if line == 9] == expected


TWO_MODELS = ("import torch\n\ndef validate(loader, encoder, decoder):\n    decoder.eval()\n    encoder.eval()\n"
              "    for imgs, caps in loader:\n        feats = encoder(imgs.cuda())\n        out = {second}\n")


# an encoder then a decoder (or the same model twice): one no_grad around the loop is the fix, said at its first pass
@pytest.mark.parametrize("second, expected", [("decoder(feats, caps)", [7]), ("encoder(caps.cuda())", [7])])
def test_an_evaluation_loop_is_said_once_whatever_models_it_runs(second, expected, tmp_path):
    assert _rules(tmp_path, TWO_MODELS.format(second=second), "eval-without-no-grad") == expected


TERMS = ("import torch\nvgg = torch.nn.Linear(4, 4).cuda()\n\ndef perceptual(x, loader):\n"
         "    weights = {{'a': 1.0, 'b': 0.5}}\n    terms = []\n    for name, w in {over}:\n"
         "        terms.append(w * vgg(x).mean())\n    return torch.stack(terms).sum()\n")


@pytest.mark.parametrize("over, expected", [("weights.items()", []), ("loader", [8])])
def test_a_list_filled_over_a_literal_of_a_few_terms_is_not_kept(over, expected, tmp_path):
    assert _rules(tmp_path, TERMS.format(over=over), "tensors-kept-across-steps") == expected


POOLED_HEAD = """from tensorflow import keras
from tensorflow.keras import layers
side = {side}
model = keras.Sequential([
    layers.Conv2D(96, 11, padding='valid', activation='relu', input_shape=(side, side, 3)),
    layers.MaxPooling2D(),
    layers.Conv2D(256, 5, padding='same'),
    layers.MaxPooling2D(),
    layers.Conv2D({filters}, 3, padding='same'),
    layers.{extra}MaxPooling2D(),
    layers.Flatten(),
    layers.Dense(4096, activation='relu'),
    layers.Dense(3),
])
model.compile('adam', 'sparse_categorical_crossentropy')
"""


@pytest.mark.parametrize("side, filters, extra, weights", [
    (224, 1024, "", "2,835,349,504"),  # 26 x 26 x 1024 = 692,224 features into 4096 units: found, sized
    (96, 512, "", "209,715,200"),  # 10 x 10 x 512 x 4096 = 210 M weights, 3.1 GiB with Adam: found, sized
    (64, 128, "", None),  # 6 x 6 x 128 x 4096 = 19 M: below a head that is a problem of its own
    (224, 1024, "UpSampling2D(), layers.", None),  # a layer whose effect on the shape is not followed: silent
])
def test_a_pooled_flatten_dense_head_is_sized(tmp_path, side, filters, extra, weights):
    script = tmp_path / "head.py"
    script.write_text(POOLED_HEAD.format(side=side, filters=filters, extra=extra))
    found = [f for f in check_source(script) if f.rule == "flatten-dense"]
    if weights is None:
        assert found == []
    else:
        [finding] = found
        assert finding.line == 11 and f"{weights} weights" in finding.message


UNPOOLED_HEAD = """from tensorflow.keras import layers, models
from settings import SIDE

model = models.Sequential([
    layers.Conv2D(32, 3, {strides}activation='relu', input_shape=({side}, {side}, 3)),
    layers.Conv2D(64, 3, activation='relu'),
    layers.Flatten(),
    layers.Dense(128, activation='relu'),
    layers.Dense(10),
])
"""


@pytest.mark.parametrize("side, strides, found", [
    ("SIDE", "", True),  # the seed's shape: no pooling, no strides, a size the script does not show
    (1491, "", True),  # 1487 x 1487 x 64 features x 128 units = 18 G weights: found
    (28, "", False),  # MNIST: 24 x 24 x 64 x 128 = 4.7 M weights, shown by the script: not a memory problem
    ("SIDE", "strides=2, ", False),  # a strided first convolution shrinks the map by an amount not shown
])
def test_an_unpooled_flatten_dense_head_is_claimed_only_where_it_may_be_large(tmp_path, side, strides, found):
    script = tmp_path / "head.py"
    script.write_text(UNPOOLED_HEAD.format(side=side, strides=strides))
    assert bool([f for f in check_source(script) if f.rule == "flatten-dense"]) is found


def test_a_model_class_from_a_module_not_read_is_built_not_run(tmp_path):
    # heldout4's CheXNet: DenseNet121 comes from a file beside the original script; calling the class builds
    # the model, and only the call on the batch, inside no_grad, is a forward pass
    script = tmp_path / "evaluate.py"
    script.write_text("import torch\nfrom densenet_models import DenseNet121\n\n"
                      "def test(loader):\n"
                      "    net = DenseNet121(14, True).cuda()\n"
                      "    net.eval()\n"
                      "    with torch.no_grad():\n"
                      "        for images, labels in loader:\n"
                      "            out = net(images.cuda())\n")
    assert [(f.line, f.rule) for f in check_source(script) if f.kind == "memory"] == []
    script.write_text(script.read_text().replace("    with torch.no_grad():\n", "    if True:\n"))
    assert [(f.line, f.rule) for f in check_source(script) if f.kind == "memory"] == [(9, "eval-without-no-grad")]


def test_torch_reached_through_a_star_import_makes_a_pytorch_script(tmp_path):
    # heldout4's Pawpularity scorer: torch, optim and the loaders come from `from project.utils import *`;
    # a bare torch.no_grad() statement turns nothing off
    script = tmp_path / "score.py"
    script.write_text("from project.utils import *\n\n"
                      "net.eval()\n"
                      "torch.no_grad()\n"
                      "scores = []\n"
                      "for images, target in eval_loader:\n"
                      "    out = net(images.to(dev))\n"
                      "    scores.append(out)\n")
    assert [(f.line, f.rule) for f in check_source(script) if f.kind == "memory"] == [
        (7, "eval-without-no-grad"), (8, "tensors-kept-across-steps")]


@pytest.mark.parametrize("rows, expected", [(30000, [(6, "in-memory-array")]), (300, [])])
def test_fit_given_a_large_array_is_a_second_copy_and_a_small_one_is_not(rows, expected, tmp_path):
    # Keras's array adapter converts fit()'s NumPy input to one TensorFlow tensor before the first step
    script = tmp_path / "train.py"
    script.write_text("import numpy as np\nimport keras\n"
                      f"x = np.zeros(({rows}, 128, 128, 3), dtype=np.float32)\n"
                      "model = keras.Sequential([keras.layers.Flatten(), keras.layers.Dense(10)])\n"
                      "model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')\n"
                      f"model.fit(x, np.zeros({rows}), epochs=1)\n")
    assert [(f.line, f.rule) for f in check_source(script) if f.rule == "in-memory-array"] == expected


@pytest.mark.parametrize("backend, model, given, expected", [
    ("", "keras.Sequential([keras.layers.Flatten(), keras.layers.Dense(10)])", "images", [9]),
    # bench/fit_array_copy.py: on JAX and torch fit slices the NumPy array batch by batch, no copy
    ("os.environ['KERAS_BACKEND'] = 'jax'\n", "keras.Sequential([keras.layers.Dense(10)])", "images", []),
    # a model from somewhere the flow does not follow, given what only Keras's fit takes
    ("", "build()", "[images, images]", [9]),
    # a model with named inputs, given a dict of arrays: each array is converted the same way
    ("", "keras.Sequential([keras.layers.Flatten(), keras.layers.Dense(10)])", "{'inputs': images}", [9]),
    ("", "keras.Sequential([keras.layers.Dense(10)])", "names", []),  # file names: a few bytes each
])
def test_fit_given_decoded_files_of_unknown_count_copies_them_on_tensorflow(backend, model, given, expected,
                                                                          tmp_path):
    source = ("import os, glob\n" + (backend or "\n") + "import numpy as np\nimport keras\nfrom PIL import Image\n"
              "names = np.array(glob.glob('photos/*.jpg'))\n"
              "images = np.stack([np.asarray(Image.open(p)) for p in names])\n"
              f"model = {model}\n"
              f"model.fit({given}, np.zeros(len(names)), epochs=3)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("index, expected", [("np.random.randint(pets.shape[0], size=5000)", []),
                                             ("np.arange(len(pets))", [6])])
def test_rows_drawn_by_a_sampling_call_are_a_part_not_a_second_copy(index, expected, tmp_path):
    # jwc5388/IBMxRedHat-Work: pets[pick].copy() of 5,000 drawn rows was called a second full copy of pets;
    # an index of every row still copies all of it
    source = ("import numpy as np\nimport keras\npets = np.load('x_train.npy')\nmodel = keras.Sequential()\n"
              f"pick = {index}\nextra = pets[pick].copy()\nmodel.fit(pets, epochs=3)\nmodel.fit(extra, epochs=3)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("index, expected", [("np.random.permutation(len(pets))[:128]", []),
                                             ("np.random.permutation(len(pets))", [6])])
def test_rows_of_the_first_few_of_a_shuffled_index_are_a_draw_not_a_second_copy(index, expected, tmp_path):
    # idx = np.random.permutation(idx)[:128]; x[idx]: 128 rows drawn, however many the data set has; the whole
    # permutation still copies every row
    source = ("import numpy as np\nimport keras\npets = np.load('x_train.npy')\nmodel = keras.Sequential()\n"
              f"idx = {index}\nextra = pets[idx]\nmodel.fit(pets, epochs=3)\nmodel.fit(extra, epochs=3)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("name, expected", [("is_dog", []), ("images", [3])])
def test_an_array_loaded_from_a_labels_file_is_labels_when_its_name_says_nothing(name, expected, tmp_path):
    # is_dog = np.load('..._y_train.npy'): the file's name says what a neutral name does not
    source = ("import numpy as np\nimport keras\n"
              f"{name} = np.load('save_y_train_new.npy')\nmodel = keras.Sequential()\nmodel.fit({name}, epochs=3)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


def test_a_concatenation_that_grows_a_data_set_holds_it_twice_and_a_later_split_again(tmp_path):
    # jwc5388/IBMxRedHat-Work: pets = np.concatenate((pets, extra)) holds the old and the new array until it is
    # done; the train_test_split after it keeps two copies for the rest of the script
    source = ("import numpy as np\nimport keras\nfrom sklearn.model_selection import train_test_split\n"
              "pets = np.load('x_train.npy')\nextra = make_more()\n"
              "pets = np.concatenate((pets, extra))\n"
              "fit_x, hold_x = train_test_split(pets, train_size=0.8)\nmodel = keras.Sequential()\n"
              "model.fit(fit_x, epochs=3)\nprint(pets.mean())\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    findings = [(f.line, f.message) for f in check_source(script) if f.rule == "duplicate-copy"]
    assert [line for line, _message in findings] == [6, 7]
    assert "freed only once the new one is complete" in findings[0][1]


@pytest.mark.parametrize("comment, expected", [("# (25000, 150, 150, 3)\n", [9]), ("# shapes below\n", []),
                                               ("", [])])
def test_a_shape_pasted_under_its_print_sizes_the_array_and_its_split(comment, expected, tmp_path):
    # a notebook's output under print(pets.shape); train_test_split(train_size=0.8) keeps 20,000 of its rows,
    # 1.3 GiB of uint8 handed to fit()
    source = ("import numpy as np\nimport keras\nfrom sklearn.model_selection import train_test_split\n"
              "pets = np.load('x_train.npy')\nprint(pets.shape)\n"
              f"{comment}"
              "fit_x, hold_x = train_test_split(pets, train_size=0.8)\nmodel = keras.Sequential()\n")
    source += "\n" * (8 - source.count("\n")) + "model.fit(fit_x, epochs=3)\n"
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("line, expected", [("data, label = shuffle(immatrix, label, random_state=2)", [8]),
                                            ("immatrix, label = shuffle(immatrix, label, random_state=2)", [8])])
def test_sklearn_shuffle_returns_a_copy_of_every_row(line, expected, tmp_path):
    # asingh33/CNNGestureRecognizer: the shuffled copy while immatrix is still referenced; dtype='f' is float32.
    # Shuffled back into immatrix, the old order goes only once the new one is whole: twice the images at that line
    source = ("import os\nimport numpy as np\nfrom PIL import Image\nfrom sklearn.utils import shuffle\n"
              "imlist = os.listdir('imgfolder')\n"
              "immatrix = np.array([np.array(Image.open(n).convert('L')).flatten() for n in imlist], dtype='f')\n"
              "label = np.ones((len(imlist),), dtype=int)\n"
              f"{line}\nprint(immatrix.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected
    assert _rules(tmp_path, source + "x = immatrix.astype('float32')\n", "dtype-blowup") == []


@pytest.mark.parametrize("order, index, expected", [
    ("order = np.random.permutation(len(frames))\n", "order", [7]),
    ("order = np.arange(len(frames))\nnp.random.shuffle(order)\n", "order", [8]),
    ("", "np.random.permutation(frames.shape[0])", [6]),
    ("order = np.arange(len(frames))\n", "order[:5000]", []),  # the first rows, not a shuffle
    ("keep = scores > 0.5\n", "keep", []),  # the rows a mask keeps replace the array: a smaller one
])
def test_an_array_shuffled_into_its_own_name_is_held_twice_while_the_copy_is_built(order, index, expected,
                                                                                   tmp_path):
    # x = x[perm] each fold or epoch: the reordered copy of every row is whole before x lets go of the old order
    source = ("import numpy as np\nfrom tensorflow import keras\n"
              "frames = np.load('frames.npy')  # (60000, 128, 128, 3)\nscores = np.load('scores.npy')\n"
              "model = keras.Sequential([keras.layers.Flatten(), keras.layers.Dense(1)])\n"
              f"{order}frames = frames[{index}]\nmodel.fit(frames, scores, batch_size=32)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected
    if expected:
        finding = next(f for f in check_source(tmp_path / "train.py") if f.rule == "duplicate-copy")
        assert "reordered copy of every row of frames" in finding.message


def test_tensorlayer_read_images_decodes_the_whole_list_and_its_npy_cache_is_as_large(tmp_path):
    # Zheng222/IDN-tensorflow: load the .npy cache if it exists, else decode every PNG and save them there
    source = ("import os\nimport numpy as np\nimport tensorlayer as tl\npath = 'train_hr.npy'\n"
              "if os.path.exists(path):\n    train_hr_imgs = np.load(path)\nelse:\n"
              "    names = sorted(tl.files.load_file_list(path='hr', regx='.*.png'))\n"
              "    train_hr_imgs = np.array(tl.visualize.read_images(names, path='hr', n_threads=16))\n"
              "    np.save(path, train_hr_imgs)\n")
    assert _rules(tmp_path, source, "eager-loading") == [9]
    assert _rules(tmp_path, source, "whole-dataset-load") == [6]
    assert _rules(tmp_path, source.replace("np.save(path, train_hr_imgs)", "np.save('other.npy', train_hr_imgs)"),
                  "whole-dataset-load") == []


@pytest.mark.parametrize("read", ["f['data'].value", "np.array(f.get('data'))", "f['data'][()]"])
def test_hdf5_read_whole_into_a_dataset_s_inputs_is_a_whole_load_and_its_labels_are_not(read, tmp_path):
    # ishtos/mpII-face-gaze and linjieli222/VQA_ReGAT: h5py's .value and np.array(hf.get(...)) read all of it
    source = ("import h5py\nimport numpy as np\nimport pickle\nimport torch\n\n\n"
              "class Faces(torch.utils.data.Dataset):\n    def __init__(self, path):\n"
              "        with h5py.File(path) as f:\n"
              f"            self.images = {read}\n"
              f"            self.gazes = {read.replace('data', 'label')}\n"
              "        self.img_id2idx = pickle.load(open('imgid2idx.pkl', 'rb'))\n\n"
              "    def __getitem__(self, i):\n        return self.images[i], self.gazes[i]\n\n\n"
              "loader = torch.utils.data.DataLoader(torch.utils.data.ConcatDataset([Faces(p) for p in paths]))\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == [10]


@pytest.mark.parametrize("kept, expected", [("output", [14]), ("output.data", [])])
def test_outputs_grown_by_torch_cat_across_an_evaluation_keep_their_graphs(kept, expected, tmp_path):
    # laiguokun/LSTNet: predict = torch.cat((predict, output)) over the test batches, autograd on; a detached
    # output is N x m numbers, kept on purpose
    source = ("import torch\nimport torch.nn as nn\nmodel = nn.Linear(8, 1).cuda()\n\n\n"
              "def evaluate(loader):\n    model.eval()\n    predict = None\n    for X, Y in loader:\n"
              "        output = model(X)\n        if predict is None:\n"
              f"            predict = {kept}\n        else:\n            predict = torch.cat((predict, {kept}))\n"
              "    return predict\n")
    assert _rules(tmp_path, source, "tensors-kept-across-steps") == expected


@pytest.mark.parametrize("passed, expected", [("[coarse * 1000, refine * 1000]", [22]),
                                              ("[coarse.item() * 1000, refine.item() * 1000]", [])])
def test_a_tracker_that_sums_the_loss_tensors_it_is_given_keeps_their_graphs(passed, expected, tmp_path):
    # microsoft/SpareNet: AverageMeter.update([...]) with self._sum[idx] += v; elsewhere it is given floats. Said
    # at the call that passes the tensors, what the user changes (two blind labellers of three put it there)
    source = ("import torch\nimport torch.nn as nn\n\n\nclass AverageMeter:\n    def __init__(self, n):\n"
              "        self._sum = [0] * n\n\n"
              "    def update(self, values):\n        for idx, v in enumerate(values):\n"
              "            self._sum[idx] += v\n\n\n"
              "meter = AverageMeter(2)\nmeter.update([0.0, 0.0])\nmodel = nn.Linear(8, 1).cuda()\n"
              "criterion = nn.MSELoss()\nfor x, y in loader:\n    coarse = criterion(model(x), y)\n"
              "    refine = criterion(model(x), y)\n    (coarse + refine).backward()\n"
              f"    meter.update({passed})\n")
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


@pytest.mark.parametrize("switch, expected", [("gen_a.eval(), gen_b.eval()", [12]), ("gen_a.train(), gen_b.train()", [])])
def test_a_preview_after_eval_inside_the_step_loop_is_evaluation(switch, expected, tmp_path):
    # znxlwm/UGATIT-pytorch: every print_freq steps, both generators switched to eval() in one tuple, then
    # sample passes with autograd on; the backward of the step came before the switch
    source = ("import torch\nimport torch.nn as nn\ngen_a = nn.Linear(8, 8).cuda()\ngen_b = nn.Linear(8, 8).cuda()\n"
              "opt = torch.optim.Adam(gen_a.parameters())\nfor step in range(100000):\n"
              "    loss = gen_b(gen_a(next_batch())).mean()\n    loss.backward()\n    opt.step()\n"
              f"    if step % 1000 == 0:\n        {switch}\n"
              "        fake = gen_a(next_batch())\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("workers, expected", [(4, [22]), (0, [])])
def test_records_read_from_json_and_kept_in_a_dataset_are_copied_by_every_worker(workers, expected, tmp_path):
    # linjieli222/VQA_ReGAT: self.entries, one dict per question of the JSON file, read by 4 workers
    source = ("import json\nimport torch\nfrom torch.utils.data import Dataset, DataLoader\n\n\n"
              "def load_entries(path):\n    questions = sorted(json.load(open(path))['questions'], key=lambda q: q['id'])\n"
              "    entries = []\n    for question in questions:\n"
              "        entries.append({'id': question['id'], 'text': question['question']})\n    return entries\n\n\n"
              "class Questions(Dataset):\n    def __init__(self, path):\n        self.entries = load_entries(path)\n\n"
              "    def __getitem__(self, index):\n        return self.entries[index]['text']\n\n\n"
              f"loader = DataLoader(Questions('q.json'), batch_size=64, num_workers={workers})\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == expected


def test_an_in_place_numpy_shuffle_of_an_index_is_not_a_shuffle_buffer(tmp_path):
    # czq142857/implicit-decoder: np.random.shuffle(np.arange(len(points))) each epoch
    source = ("import numpy as np\nimport h5py\npoints = h5py.File('d.hdf5', 'r')['points'][:]\n"
              "order = np.arange(len(points))\nfor epoch in range(10):\n    np.random.shuffle(order)\n")
    assert _rules(tmp_path, source, "shuffle-whole") == []


@pytest.mark.parametrize("channels, expected", [(3, ["dtype-blowup"]), (9, ["duplicate-copy"])])
def test_a_float_copy_of_a_loaded_array_a_conv_net_trains_on_is_of_8_bit_images(channels, expected, tmp_path):
    # SVHN's train_32x32.mat: the dict keeps the uint8 images while X.astype('float32') makes them 4x as wide;
    # a 9-band scalogram the same net is given is floats already, the copy only a second one
    source = ("import numpy as np\nimport scipy.io\nimport keras\n"
              "train_mat = scipy.io.loadmat('train_32x32.mat')\n"
              "x = np.moveaxis(train_mat['X'], 3, 0)\nx = x.astype('float32')\n"
              "model = keras.Sequential([keras.layers.Conv2D(32, 3, input_shape=(32, 32, "
              f"{channels})), keras.layers.Flatten(), keras.layers.Dense(10)])\n"
              "model.compile(optimizer='adam', loss='mse')\nmodel.fit(x, train_mat['y'], epochs=3)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert [f.rule for f in check_source(script) if f.line == 6] == expected


@pytest.mark.parametrize("given, statistics, expected", [("x_train", "True", [8]), ("x_train[:16]", "True", []),
                                                         ("x_train", "False", [])])  # fit() computes nothing
def test_image_data_generator_fit_copies_the_whole_array_it_is_given(given, statistics, expected, tmp_path):
    # featurewise statistics: Keras's fit() works on np.copy(np.asarray(x, 'float32')), and np.std on another
    # temporary of that size, while x_train stays; a few samples are what its docs suggest instead
    source = ("import numpy as np\nimport keras\n"
              "x_train = np.load('train.npz')['x'].reshape(-1, 32, 32, 3).astype('float32')\n"
              "gen = keras.preprocessing.image.ImageDataGenerator(\n"
              f"    featurewise_center={statistics},\n    featurewise_std_normalization={statistics})\n\n"
              f"gen.fit({given})\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("given, expected", [
    ("y", [(11, "dtype-blowup")]),  # named as labels, but flow() takes images: segmentation masks
    ("images / 255.0", [(10, "dtype-blowup"), (11, "in-memory-array")]),  # float64: a float32 copy
    # float32: flow() keeps the array itself; but the uint8 global images stays beside its float32 copy (4x on top)
    ("images.astype('float32') / 255", [(10, "dtype-blowup")])])
def test_image_data_generator_flow_is_given_images_and_copies_float64_ones(given, expected, tmp_path):
    # a U-Net's augmentation: one generator for the scans, one with the same seed for the uint8 masks; Keras's
    # NumpyArrayIterator keeps np.asarray(x, dtype='float32')
    source = ("import numpy as np\nfrom keras.preprocessing.image import ImageDataGenerator\n\n"
              "images = np.zeros((20000, 128, 128, 4), dtype=np.uint8)\n"
              "y_masks = np.load('y_training.npy').astype(np.uint8)\n"
              "aug = ImageDataGenerator(horizontal_flip=True)\n\n\ndef pairs(x, y):\n"
              f"    y = {given}\n    return aug.flow(y, batch_size=4, seed=1)\n\n\n"
              "flows = pairs(images, y_masks)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert [(f.line, f.rule) for f in check_source(script) if f.rule in ("dtype-blowup", "in-memory-array")] == \
        expected


@pytest.mark.parametrize("read, expected", [("np.array(signals)", [10]), ("signals[keep]", [10]),
                                            ("signals.astype(np.float32)", [10]), ("torch.tensor(signals)", [10]),
                                            ("np.asarray(signals)", []), ("signals[:limit]", []),
                                            ("torch.from_numpy(signals)", []), ("np.array(targets)", [])])
def test_a_memory_mapped_array_copied_whole_is_read_into_memory(read, expected, tmp_path):
    # a basecaller's training set: signal chunks mapped with mmap_mode='r', then copied whole before the
    # DataLoader, which needed one batch of rows at a time; a view or a slice stays mapped, targets are labels
    source = ("import numpy as np\nimport torch\nfrom torch.utils.data import DataLoader, TensorDataset\n\n\n"
              "def load(limit=None):\n    signals = np.load('chunks.npy', mmap_mode='r')\n"
              "    targets = np.load('references.npy', mmap_mode='r')\n    keep = np.load('indices.npy')\n"
              f"    return {read}\n\n\nloader = DataLoader(load(), batch_size=64, shuffle=True)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("preload, expected", [("self.cache.append(super().__getitem__(i))", [24]),
                                               ("self.cache.append(super(Preloaded, self).__getitem__(i))", [24]),
                                               ("self.cache.append(i)", [])])
def test_a_dataset_that_runs_its_base_s_getitem_on_every_item_keeps_every_file(preload, expected, tmp_path):
    # a 'load everything to RAM' subclass: __init__ runs the base Dataset's __getitem__, which reads one .npy and
    # returns ((pixels, mask), label), for every item and keeps what it returns
    source = ("import os\nimport numpy as np\nimport torch\nfrom torch.utils.data import Dataset\n\n\n"
              "class Parcels(Dataset):\n    def __init__(self, folder):\n        self.files = os.listdir(folder)\n\n"
              "    def __len__(self):\n        return len(self.files)\n\n    def __getitem__(self, i):\n"
              "        x = np.load(self.files[i]).astype('float32')\n"
              "        return (torch.from_numpy(x), torch.ones(x.shape[0])), i % 20\n\n\n"
              "class Preloaded(Parcels):\n    def __init__(self, folder):\n        super().__init__(folder)\n"
              f"        self.cache = []\n        for i in range(len(self)):\n            {preload}\n\n"
              "    def __getitem__(self, i):\n        return self.cache[i]\n\n\ndataset = Preloaded('DATA')\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("kept, expected", [("clouds.append(read_cloud(name))", [17]),
                                            ("cloud = read_cloud(name)\n        clouds.append(cloud)", [18]),
                                            ("clouds.append(name)", [])])
def test_an_array_a_reader_helper_makes_on_each_call_is_one_file_kept_by_the_loop(kept, expected, tmp_path):
    # a point-cloud autoencoder's loader: read_cloud opens one PLY file and fills a new (n, 3) array; the loop
    # over the split's files keeps every one of them
    source = ("import numpy as np\nfrom plyfile import PlyData\n\n\ndef read_cloud(path):\n"
              "    with open(path, 'rb') as f:\n        ply = PlyData.read(f)\n        n = ply['vertex'].count\n"
              "        points = np.zeros([n, 3], dtype=np.float32)\n        points[:, 0] = ply['vertex'].data['x']\n"
              "    return points\n\n\ndef read_all(names):\n    clouds = []\n    for name in names:\n"
              f"        {kept}\n    return clouds\n\n\ntrain = read_all(split_names)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("generator, expected", [("np.random.RandomState(seed)", []),
                                                 ("np.random.default_rng(seed)", []),
                                                 ("tf.data.Dataset.from_tensor_slices(tf.range(10))", [12])])
def test_a_random_generator_s_shuffle_of_a_list_is_not_a_shuffle_buffer(generator, expected, tmp_path):
    # a sampler kept by a class: self.rng = RandomState(seed), then self.rng.shuffle(order) each epoch, in place;
    # a tf.data pipeline's shuffle(len(...)) is the buffer
    source = ("import numpy as np\nimport tensorflow as tf\n\n\nclass Sampler:\n    def __init__(self, items, seed):\n"
              f"        self.items = items\n        self.rng = {generator}\n\n    def reset(self):\n"
              "        order = [i for i in range(len(self.items))]\n        self.rng.shuffle(order)\n\n\n"
              "Sampler(list(range(100)), 1).reset()\n")
    assert _rules(tmp_path, source, "shuffle-whole") == expected


@pytest.mark.parametrize("rows, expected", [("config['batch_size']", []), ("self.batch_size", []),
                                            ("self.num_batches * self.batch_size", [(16, "dtype-blowup"), (21, "duplicate-copy")])])
def test_a_buffer_as_long_as_the_batch_size_holds_one_batch(rows, expected, tmp_path):
    # a hand-written sampler: each call fills a float64 buffer of batch_size clouds, then copies the batch's list
    source = ("import numpy as np\n\nconfig = {'batch_size': 32}\n\n\n"
              "class Clouds:\n    def __init__(self, files, batch_size):\n        self.batch_size = batch_size\n"
              "        self.num_batches = len(files) // batch_size\n        self.clouds = []\n"
              "        for name in files:\n            self.clouds.append(np.load(name))\n"
              "\n    def next_batch(self, start):\n        noisy = []\n"
              f"        batch = np.zeros(({rows}, 2048, 3))\n"
              "        for i in range(start, start + self.batch_size):\n            batch[i - start] = self.clouds[i]\n"
              "        for cloud in batch:\n            noisy.append(cloud[::2])\n        noisy = np.asarray(noisy)\n"
              "        return batch, noisy\n\n\nclouds = Clouds(files, config['batch_size'])\n"
              "for step in range(1000):\n    x, y = clouds.next_batch(step)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert [(f.line, f.rule) for f in check_source(script) if f.rule in ("dtype-blowup", "duplicate-copy")] == expected


@pytest.mark.parametrize("part, expected", [("table[:, 0]", []), ("table[:, -1]", []), ("table[:, 1:]", []),
                                            ("images[:, 0]", [5])])
def test_one_column_of_a_table_is_one_value_per_row_not_a_second_copy(part, expected, tmp_path):
    # a citation graph's node table read with np.genfromtxt: its id column made int32 is one number per node;
    # one row of pixels of every image is most of the data set (the features parsed from the text table, read as
    # strings, are numbers a fraction of its size: test_numbers_parsed_from_a_text_table_are_not_a_second_copy_of_it)
    source = ("import numpy as np\n\ntable = np.genfromtxt('nodes.content', dtype=np.dtype(str))\n"
              f"images = np.load('images.npy').reshape(-1, 28, 28)\npart = np.array({part}, dtype=np.float32)\n"
              "print(table.shape, images.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("kept, expected", [("img_path", []), ("parts[0]", [8])])
def test_the_lines_of_a_list_file_turned_into_paths_are_file_names_not_a_second_text(kept, expected, tmp_path):
    # Snowie1027/-ImageNet-: train.txt read with readlines(), each line an image path and a label
    source = ("import os\nimport torch\nfrom torch.utils.data import Dataset, DataLoader\n\n\n"
              "def load_data(txt_file, root_dir):\n    with open(txt_file) as f:\n        lines = f.readlines()\n"
              "    images = []\n    for line in lines:\n        parts = line.strip().split()\n"
              "        img_path = os.path.join(root_dir, parts[0])\n"
              f"        images.append({kept})\n    return images\n\n\n"
              "class Birds(Dataset):\n    def __init__(self, images):\n        self.images = images\n\n"
              "    def __getitem__(self, i):\n        return self.images[i]\n\n\n"
              "loader = DataLoader(Birds(load_data('train.txt', 'images')), batch_size=32)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("use, expected", [("z = latent_all[0]\n", []),
                                           ("for i in range(0, len(latent_all), batch_size):\n"
                                            "    z = latent_all[i:i + batch_size]\n", [4])])
def test_an_array_of_unknown_size_moved_to_the_gpu_is_a_data_set_only_when_it_is_batched(use, expected, tmp_path):
    # nv-tlabs/datasetGAN_release: the average latent and a few annotated images' latents, np.load(...).cuda()
    source = ("import numpy as np\nimport torch\nbatch_size = 8\n"
              "latent_all = torch.from_numpy(np.load('latents.npy')).cuda()\n" + use)
    assert _rules(tmp_path, source, "dataset-on-gpu") == expected


@pytest.mark.parametrize("module, expected", [("nn.Sigmoid()", []), ("nn.Linear(16, 2).cuda()", [11])])
def test_a_module_without_parameters_after_no_grad_records_no_graph(module, expected, tmp_path):
    # jonathan-wonwook-kim/sz_detection: sig(all_pred) on predictions made under no_grad
    source = ("import torch\nimport torch.nn as nn\nmodel = nn.Linear(16, 2).cuda()\n"
              f"sig = {module}\n\n\ndef evaluate(test_loader):\n    model.eval()\n    with torch.no_grad():\n"
              "        all_pred = torch.cat([model(x) for x in test_loader])\n    return sig(all_pred)\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


def test_folds_of_a_cross_validator_index_rows_and_a_model_trained_in_a_called_function_piles_up(tmp_path):
    # it9tst/music-genre-recognition: for train, test in kfold.split(X): train_model(X[train], ...) builds,
    # compiles and fits a new Model on np.expand_dims(x_train) each fold
    source = ("import numpy as np\nimport keras\nfrom sklearn.model_selection import KFold\n\n\n"
              "def train_model(x_train, y_train):\n    x_train = np.expand_dims(x_train, axis=-1)\n"
              "    model = keras.Sequential([keras.layers.Dense(10)])\n    model.compile(loss='mse')\n"
              "    history = model.fit(x_train, y_train)\n    return model, history\n\n\n"
              "archive = np.load('melspec.npz')\nX, y = archive['arr_0'], archive['arr_1']\n"
              "for train, test in KFold(10).split(X, y):\n    model, history = train_model(X[train], y[train])\n")
    # (said where the .npz archive is read, at its first key: np.load opens it lazily)
    assert _rules(tmp_path, source, "whole-dataset-load") == [15]
    assert _rules(tmp_path, source, "models-in-loop") == [17]
    cleared = source.replace("    x_train = np.expand_dims", "    keras.backend.clear_session()\n    x_train = np.expand_dims")
    assert _rules(tmp_path, cleared, "models-in-loop") == []


@pytest.mark.parametrize("added, expected", [("output.loss", [9]), ("output.loss.item()", [])])
def test_the_loss_field_of_a_hugging_face_model_output_summed_keeps_its_graph(added, expected, tmp_path):
    # pai4451/ML2021 HW7: BertForQuestionAnswering's output.loss added to train_loss every step
    source = ("import torch\nfrom transformers import BertForQuestionAnswering\n"
              "model = BertForQuestionAnswering.from_pretrained('bert-base-chinese').cuda()\n"
              "optimizer = torch.optim.AdamW(model.parameters())\ntrain_loss = 0\nfor data in train_loader:\n"
              "    output = model(input_ids=data[0], start_positions=data[3], end_positions=data[4])\n"
              f"    output.loss.backward()\n    train_loss += {added}\n    optimizer.step()\n")
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


def test_an_hdf5_data_set_read_whole_is_a_whole_load_even_where_no_loader_shows_it_is_trained_on(tmp_path):
    # czq142857/implicit-decoder: TF1 feeds batches by hand (feed_dict) from arrays read with [:]
    source = ("import h5py\n\n\nclass IMSVR:\n    def __init__(self, path):\n"
              "        self.data_dict = h5py.File(path, 'r')\n"
              "        self.data_points = self.data_dict['points_64'][:]\n"
              "        self.labels = self.data_dict['labels'][:]\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == [7]


@pytest.mark.parametrize("passed, expected", [("torch.FloatTensor(features)", [12]), ("torch.from_numpy(features)", [])])
def test_a_wider_copy_handed_to_a_dataset_class_is_kept_by_it(passed, expected, tmp_path):
    # nv-tlabs/datasetGAN_release: trainData(torch.FloatTensor(float16 features)) keeps a float32 copy while
    # the float16 array stays referenced
    source = ("import numpy as np\nimport torch\nfrom torch.utils.data import Dataset\n\n\n"
              "class trainData(Dataset):\n    def __init__(self, x):\n        self.x = x\n\n\n"
              "features = np.zeros((4_000_000, 6016), dtype=np.float16)\n"
              f"train_data = trainData({passed})\nprint(features.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


def test_each_array_a_multi_argument_copy_makes_is_judged_by_its_own_name(tmp_path):
    # imemyself2/tensorflow_imgclsf_basic: shuffle(X_train_orig, Y_train_orig) inside a function whose arrays
    # are freed when it returns; the labels' copy was reported under the images' name, sized as labels
    source = ("import os\nimport cv2\nimport numpy as np\nfrom sklearn.utils import shuffle\n\n\n"
              "def imginput(folder):\n    dog_arr = []\n    for name in os.listdir(folder):\n"
              "        dog_arr.append(cv2.imread(os.path.join(folder, name), cv2.IMREAD_GRAYSCALE))\n"
              "    dog_data = np.asanyarray(dog_arr)\n    dog_label = np.ones((dog_data.shape[0], 1))\n"
              "    X_train, Y_train = shuffle(dog_data, dog_label, random_state=0)\n"
              "    X_train = X_train / 225\n    return X_train, Y_train\n")
    findings = [(f.rule, f.line) for f in check_source(tmp_path / "t.py", source)]
    assert ("dtype-blowup", 14) in findings  # asanyarray keeps the decoded uint8: /225 makes float64
    assert ("duplicate-copy", 13) not in findings  # dog_data and dog_label go when the function returns


@pytest.mark.parametrize("save, load", [
    ("pickle.dump((images, labels), open(os.path.join(root, 'train.pkl'), 'wb'))",
     "images, labels = pickle.load(open(os.path.join(root, 'train.pkl'), 'rb'))"),
    ("np.save(os.path.join(root, 'x.npy'), buffer)", "images = np.load(os.path.join(root, 'x.npy'))")])
def test_the_cache_a_script_saves_its_decoded_images_to_is_the_whole_data_set(save, load, tmp_path):
    # HaoMood/bilinear-cnn (a pickled list of decoded images) and alxshine/eNNclave (an np.empty buffer filled
    # with decoded JPEGs, np.save'd): loading the cache back reads every decoded image at once
    source = ("import os\nimport pickle\nimport numpy as np\nfrom PIL import Image\nroot = 'cub'\n"
              "names = os.listdir(root)\nif os.path.exists(os.path.join(root, 'cache')):\n"
              f"    {load}\nelse:\n    images, labels = [], []\n    buffer = np.empty((len(names), 224, 224, 3))\n"
              "    for i, name in enumerate(names):\n        image = np.array(Image.open(os.path.join(root, name)))\n"
              "        images.append(image)\n        buffer[i] = image\n        labels.append(0)\n"
              f"    {save}\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == [8]


@pytest.mark.parametrize("scaled, expected", [("rescale.fit_transform(train_data)", [5]), ("np.zeros((10, 4))", [])])
def test_a_scaler_s_output_is_the_data_set_it_scales(scaled, expected, tmp_path):
    # ZachKLYeh/ML2021Spring HW2: train_data scaled by StandardScaler, then split into the TensorDataset
    source = ("import numpy as np\nimport torch\nfrom sklearn.preprocessing import StandardScaler\n"
              "rescale = StandardScaler()\ntrain_data = np.load('train_11.npy').astype(np.float32)\n"
              f"train_x = {scaled}\n"
              "dataset = torch.utils.data.TensorDataset(torch.from_numpy(train_x[:1000000]))\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("torch_use, kind", [("x = torch.from_numpy(np.zeros(3))", "throughput"),
                                             ("x = torch.zeros(3).cuda()", "memory")])
def test_pytorch_shares_tensorflow_s_gpu_only_where_it_uses_cuda(torch_use, kind, tmp_path):
    # chris1214git/ML2021Spring: torch imported for a Dataset class on the CPU beside an AutoKeras search
    source = ("import numpy as np\nimport torch\nimport tensorflow as tf\n"
              f"{torch_use}\nmodel = tf.keras.Sequential([tf.keras.layers.Dense(1)])\nmodel.fit(np.zeros((8, 3)))\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert [f.kind for f in check_source(script) if f.rule == "no-memory-growth"] == [kind]


def test_a_head_is_sized_with_each_layer_s_constants_as_bound_at_its_line(tmp_path):
    # gregwchase/nih-chest-xray: nb_filters and kernel_size rebound between blocks, kernel_size[0] in each
    # Conv2D, input_shape given by name; 512 -> 511, 510, pool 255 -> 252, 249, pool 124 -> 117, 110, pool 55:
    # 55 x 55 x 128 = 387,200 features into Dense(256)
    source = ("from keras.models import Sequential\nfrom keras.layers import Conv2D, MaxPooling2D, Flatten, Dense\n"
              "if __name__ == '__main__':\n    img_rows, img_cols, channels = 512, 512, 1\n"
              "    input_shape = (img_rows, img_cols, channels)\n"
              "    nb_filters = 32\n    kernel_size = (2, 2)\n    model = Sequential()\n"
              "    model.add(Conv2D(nb_filters, (kernel_size[0], kernel_size[1]), input_shape=input_shape))\n"
              "    model.add(Conv2D(nb_filters, (kernel_size[0], kernel_size[1])))\n"
              "    model.add(MaxPooling2D(pool_size=(2, 2)))\n    nb_filters = 64\n    kernel_size = (4, 4)\n"
              "    model.add(Conv2D(nb_filters, (kernel_size[0], kernel_size[1])))\n"
              "    model.add(Conv2D(nb_filters, (kernel_size[0], kernel_size[1])))\n"
              "    model.add(MaxPooling2D(pool_size=(2, 2)))\n    nb_filters = 128\n    kernel_size = (8, 8)\n"
              "    model.add(Conv2D(nb_filters, (kernel_size[0], kernel_size[1])))\n"
              "    model.add(Conv2D(nb_filters, (kernel_size[0], kernel_size[1])))\n"
              "    model.add(MaxPooling2D(pool_size=(2, 2)))\n    model.add(Flatten())\n    model.add(Dense(256))\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    [finding] = [f for f in check_source(script) if f.rule == "flatten-dense"]
    assert finding.line == 22 and "Flatten hands 387,200 features to Dense(256)" in finding.message


def test_a_module_s_parameters_are_tensors_not_submodules_to_call(tmp_path):
    # junwang4/CNN-sentence-classification-pytorch-2018: the embedding's weights filled from pretrained vectors
    # in __init__, and a norm of the last layer's weight: neither is a forward pass
    source = ("import numpy as np\nimport torch\nimport torch.nn as nn\n\n\nclass CNN(nn.Module):\n"
              "    def __init__(self, vectors):\n        super().__init__()\n"
              "        self.embedding = nn.Embedding(20000, 300)\n"
              "        self.embedding.weight.data.copy_(torch.from_numpy(vectors))\n        self.fc = nn.Linear(300, 2)\n\n"
              "    def forward(self, x):\n        return self.fc(self.embedding(x).mean(1))\n\n\n"
              "model = CNN(np.load('vectors.npy')).cuda()\nmodel.eval()\nprint(model.fc.weight.norm())\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == []


@pytest.mark.parametrize("wrapped, expected", [("np.expand_dims(np.array(train_raw, dtype=np.float32), axis=-1)", [8]),
                                               ("np.mean(np.array(train_raw, dtype=np.float32))", [])])
def test_an_array_built_from_a_list_and_kept_through_a_view_holds_the_data_set_twice(wrapped, expected, tmp_path):
    # wilkinghoff/dcase2022: every clip read with soundfile into a list, then np.expand_dims(np.array(list))
    source = ("import os\nimport numpy as np\nimport soundfile as sf\ntrain_raw = []\n"
              "for file in os.listdir('train'):\n    wav, fs = sf.read(os.path.join('train', file))\n"
              f"    train_raw.append(wav)\ntrain_raw = {wrapped}\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


def test_an_unpooled_head_the_script_sizes_is_said_with_its_size(tmp_path):
    # jwc5388/IBMxRedHat-Work: pooled after the first convolution only; 75 x 75 x 128 = 720,000 features into
    # Dense(256) were reported as "no pooling", sizeless
    source = ("from keras.models import Sequential\nfrom keras.layers import Conv2D, MaxPooling2D, Flatten, Dense\n"
              "net = Sequential()\n"
              "net.add(Conv2D(64, (3, 3), padding='same', activation='relu', input_shape=(150, 150, 3)))\n"
              "net.add(MaxPooling2D())\nnet.add(Conv2D(128, (3, 3), padding='same', activation='relu'))\n"
              "net.add(Conv2D(128, (3, 3), padding='same', activation='relu'))\nnet.add(Flatten())\n"
              "net.add(Dense(256, activation='relu'))\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    [finding] = [f for f in check_source(script) if f.rule == "flatten-dense"]
    assert finding.line == 8 and "720,000 features, to Dense(256)" in finding.message and "184,320,000" in \
        finding.message


@pytest.mark.parametrize("name, expected", [("X", [9, 11]), ("mean", [])])
def test_every_branch_a_dataset_fills_its_inputs_from_is_what_it_trains_on(name, expected, tmp_path):
    # thtang/CheXNet-with-localization: self.X = np.uint8(np.load(...) * 255 * 255) for the training split in one
    # branch, for the validation split in the other; np.uint8(x) is a conversion of x, not a number. A table of
    # statistics (self.mean) is not what the loader serves.
    source = ("import numpy as np\nimport torch\nfrom torch.utils.data import DataLoader, Dataset\n\n"
              "class ChestXray(Dataset):\n    def __init__(self, path, split):\n        self.y = np.load(path + 'y.npy')\n"
              "        if split == 'train':\n"
              f"            self.{name} = np.uint8(np.load(path + 'train.npy') * 255)\n        else:\n"
              f"            self.{name} = np.uint8(np.load(path + 'valid.npy') * 255)\n\n"
              f"    def __len__(self):\n        return len(self.y)\n\n    def __getitem__(self, i):\n"
              f"        return torch.from_numpy(self.{name}[i]), self.y[i]\n\n"
              "loader = DataLoader(ChestXray('data/', 'train'), batch_size=64)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("shape, expected", [("(size, 2 * k + 1, 2 * k + 1, bands)", [5]), ("(size, bands)", [])])
def test_a_four_dimensional_buffer_without_a_dtype_is_float64_images(shape, expected, tmp_path):
    # shuguang-52/2019-RemoteSensing: a 9 x 9 x bands cube of float64 per test pixel, every size computed
    source = ("import numpy as np\n\n\ndef select_small_cubic(size, k, bands, cube):\n"
              f"    patches = np.zeros({shape})\n    for i in range(size):\n"
              "        patches[i] = cube[i]\n    return patches\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("convert, expected", [("torch.from_numpy(x_test).type(torch.FloatTensor).unsqueeze(1)", [8]),
                                               ("torch.from_numpy(x_test).type(torch.DoubleTensor).unsqueeze(1)", [])])
def test_a_tensor_converted_to_another_dtype_is_a_copy_while_the_array_stays(convert, expected, tmp_path):
    # shuguang-52/2019-RemoteSensing: the float64 cube of test patches becomes a float32 tensor while the cube is
    # still held; from_numpy alone, or a conversion to the dtype it has, shares the array's memory
    source = ("import numpy as np\nimport torch\nfrom torch.utils.data import TensorDataset\n\n\ndef iterators(n):\n"
              f"    x_test = np.load('cube.npy').astype(np.float64).reshape(n, 9, 9, 200)\n    tensor = {convert}\n"
              "    return TensorDataset(tensor), x_test\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("pairs, expected", [
    ("pairs = np.asarray([faces[i:i + 2] for i in range(0, len(faces) - 1, 2)], dtype='float32')", [6]),
    ("for i in range(0, len(faces), 32):\n    net.train_on_batch(faces[i:i + 32], labels[i:i + 32])", [])])
def test_every_piece_of_an_array_kept_in_a_list_is_a_copy_of_it(pairs, expected, tmp_path):
    # chenzomi12/DeepID2 (its issue #2): the pickled faces read as bytes, unpickled whole, then cut in pairs
    source = ("import pickle\nimport numpy as np\nfrom tensorflow import keras\n"
              "faces = pickle.loads(open('train_face_X.pkl', 'rb').read())\nlabels = np.load('train_face_Y.npy')\n"
              f"{pairs}\nnet = keras.Sequential([keras.layers.Dense(2)])\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected
    assert _rules(tmp_path, source + "net.fit(faces, labels)\n", "whole-dataset-load") == [4]


@pytest.mark.parametrize("name, expected", [("train_x", [5]), ("train_y", [])])
def test_numbers_written_out_as_strings_are_a_dtype_blowup(name, expected, tmp_path):
    # the TIMIT frame features of an AutoKeras tutorial cast to np.unicode for predict(): '<U32', 128 bytes a value;
    # labels cast to str are a few characters per sample
    source = ("import numpy as np\n\n"
              f"{name} = np.load('train_11.npy')\nmodel = None\n"
              f"predicted = model.predict({name}.astype(np.unicode))\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("use, expected", [("model.predict(test)", [4]), ("print(test.mean())", [])])
def test_a_test_set_loaded_whole_is_a_data_set_too(use, expected, tmp_path):
    # the TIMIT frame classifiers of check_heldout9: the test matrix np.load-ed whole at start-up, for predict()
    source = ("import numpy as np\nfrom tensorflow import keras\n\ntest = np.load('timit_11/test_11.npy')\n"
              "model = keras.models.load_model('best.keras')\n"
              f"{use}\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("calls, expected", [(1, [12]), (2, [])])
def test_a_head_built_in_a_function_called_once_is_sized_from_the_call(calls, expected, tmp_path):
    # the retinopathy CNN of check_heldout7: cnn_model(..., nb_filters=nb_filters, kernel_size=kernel_size) with
    # the numbers bound under if __name__ == '__main__'; pooled once, 117 x 117 x 32 = 438,048 features into
    # Dense(128), 56 M weights. Called with other numbers elsewhere, the sizes are not the script's to know.
    source = ("from keras.models import Sequential\nfrom keras.layers import Conv2D, MaxPooling2D, Flatten, Dense\n\n\n"
              "def cnn_model(nb_filters, channels, kernel_size):\n    model = Sequential()\n"
              "    model.add(Conv2D(nb_filters, (kernel_size[0], kernel_size[1]), padding='valid',\n"
              "                     input_shape=(img_rows, img_cols, channels), activation='relu'))\n"
              "    model.add(Conv2D(nb_filters, (kernel_size[0], kernel_size[1]), activation='relu'))\n"
              "    model.add(Conv2D(nb_filters, (kernel_size[0], kernel_size[1]), activation='relu'))\n"
              "    model.add(MaxPooling2D(pool_size=(2, 2)))\n    model.add(Flatten())\n"
              "    model.add(Dense(128, activation='relu'))\n    return model\n\n\n"
              "if __name__ == '__main__':\n    img_rows, img_cols = 256, 256\n    kernel_size = (8, 8)\n"
              "    nb_filters = 32\n"
              + "    model = cnn_model(nb_filters=nb_filters, channels=3, kernel_size=kernel_size)\n" * calls)
    script = tmp_path / "train.py"
    script.write_text(source)
    findings = [f for f in check_source(script) if f.rule == "flatten-dense"]
    assert [f.line for f in findings] == expected
    if findings:
        assert "438,048 features to Dense(128)" in findings[0].message


@pytest.mark.parametrize("shape, expected", [("(1, 200, 200)", [8]), ("(1, 50, 50)", [])])
def test_an_input_shape_in_theano_order_is_channels_first(shape, expected, tmp_path):
    # asingh33/CNNGestureRecognizer (check_heldout7): input_shape=(img_channels, img_rows, img_cols) = (1, 200, 200);
    # two valid 3 x 3 convolutions and a 2 x 2 pool leave 98 x 98 x 32 = 307,328 features for Dense(128), 39 M weights
    source = ("from keras.models import Sequential\nfrom keras.layers import Conv2D, MaxPooling2D, Flatten, Dense\n"
              "model = Sequential()\n"
              f"model.add(Conv2D(32, (3, 3), padding='valid', input_shape={shape}, activation='relu'))\n"
              "model.add(Conv2D(32, (3, 3), activation='relu'))\nmodel.add(MaxPooling2D(pool_size=(2, 2)))\n"
              "model.add(Conv2D(32, (1, 1), activation='relu'))\n"
              "model.add(Flatten())\nmodel.add(Dense(128, activation='relu'))\n")
    assert _rules(tmp_path, source, "flatten-dense") == expected


@pytest.mark.parametrize("fill, expected", [("X[i, t, char_indices[char]] = 1", [6]), ("X[i, t, 0] = 1", [])])
def test_sequences_one_hot_encoded_whole_are_a_dtype_blowup(fill, expected, tmp_path):
    # Keras's char-RNN, copied by mineshmathew/char_rnn_karpathy_keras and MajorTal/DeepSpell (whose issue #2 is
    # the MemoryError on this line): a vector as long as the vocabulary for each position of every window
    source = ("import numpy as np\ntext = open('input.txt').read()\nchars = sorted(set(text))\n"
              "char_indices = dict((c, i) for i, c in enumerate(chars))\n"
              "sentences = [text[i: i + 40] for i in range(0, len(text) - 40)]\n"
              "X = np.zeros((len(sentences), 40, len(chars)), dtype=np.bool_)\n"
              "for i, sentence in enumerate(sentences):\n    for t, char in enumerate(sentence):\n"
              f"        {fill}\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("added, expected", [("loss", [12]), ("loss.item()", [])])
def test_what_backward_is_called_on_is_a_loss_whatever_made_it(added, expected, tmp_path):
    # yanx27/Pointnet_Pointnet2_pytorch: the model and its loss from importlib.import_module(args.model)
    source = ("import importlib\nimport torch\n\nMODEL = importlib.import_module('pointnet2_sem_seg')\n"
              "classifier = MODEL.get_model(13).cuda()\ncriterion = MODEL.get_loss().cuda()\n"
              "optimizer = torch.optim.Adam(classifier.parameters())\nloss_sum = 0\n"
              "for points, target in loader:\n    loss = criterion(classifier(points.cuda()), target.cuda())\n"
              f"    loss.backward()\n    loss_sum += {added}\n")
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


@pytest.mark.parametrize("passed, expected", [("w * gradient_loss", [17]), ("w * gradient_loss.item()", [])])
def test_a_loss_added_into_the_one_backward_is_called_on_keeps_its_graph_in_a_meter(passed, expected, tmp_path):
    # wonbeomjang/mobile-hair-segmentation-pytorch: the image-gradient loss comes from a module the checker cannot
    # read; it is part of the loss backward() is called on, and its tensor is what the meter adds up
    source = ("import torch\nfrom loss import ImageGradientLoss\n\n\nclass AverageMeter:\n    def __init__(self):\n"
              "        self.sum = 0\n\n    def update(self, val, n=1):\n        self.sum += val * n\n\n\n"
              "meter, w, criterion = AverageMeter(), 0.5, ImageGradientLoss()\nfor image, gray in loader:\n"
              "    gradient_loss = criterion(net(image.cuda()), gray.cuda())\n"
              "    loss = w * gradient_loss\n"
              f"    meter.update({passed}, 8)\n    loss.backward()\n")
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


def test_a_property_gives_what_it_returns(tmp_path):
    # txin96/VoxResNet: every NIfTI volume read with nibabel.nifti1.load into the data set's list, then stacked
    # from the data set's images property while the data set keeps the list
    source = ("import os\nimport nibabel\nimport numpy as np\n\n\nclass Scans:\n    def __init__(self, folder):\n"
              "        self._images = [nibabel.nifti1.load(os.path.join(folder, f)).get_fdata() for f in os.listdir(folder)]\n\n"
              "    @property\n    def images(self):\n        return self._images\n\n\n"
              "scans = Scans('train')\nx = np.stack(scans.images)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    found = [(f.rule, f.line) for f in check_source(script)]
    assert ("eager-loading", 8) in found
    assert [line for rule, line in found if rule == "duplicate-copy"] == [16]


@pytest.mark.parametrize("helper, expected", [(None, [6, 14]), ("def cache_or_load(x, y):\n    return x, y\n", [])])
def test_a_helper_that_says_it_reads_from_a_module_not_beside_the_script_reads_a_file(helper, expected, tmp_path):
    # tsurumeso/vocal-remover: lib/spec_utils.py is not part of the script checked; each song's spectrograms are
    # read by spec_utils.cache_or_load, cropped into one preallocated array, or kept in a list. Where the module
    # is there and reads nothing, nothing is read.
    if helper is not None:
        (tmp_path / "spec_utils.py").write_text(helper)
    source = ("import numpy as np\nimport spec_utils\n\n\ndef make_training_set(filelist, patches, cropsize):\n"
              "    X_dataset = np.zeros((patches * len(filelist), 2, 1024, cropsize), dtype=np.float32)\n"
              "    for i, (X_path, y_path) in enumerate(filelist):\n"
              "        X, y = spec_utils.cache_or_load(X_path, y_path)\n        for j in range(patches):\n"
              "            X_dataset[i * patches + j] = X[:, :, j:j + cropsize]\n    crops = []\n"
              "    for X_path, y_path in filelist:\n        X, y = spec_utils.cache_or_load(X_path, y_path)\n"
              "        crops.append(X[:, :, :cropsize])\n    return X_dataset, crops\n\n\n"
              "train, valid = make_training_set(files, args.patches, 256)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("convert, expected", [("image.astype(np.float32)", [8]), ("image.astype(np.uint8)", [])])
def test_each_decoded_image_made_float32_before_it_is_kept_is_said_with_the_list(convert, expected, tmp_path):
    # sankit1/cv-tricks.com's dogs-vs-cats tutorial: every image made float32 and scaled, then appended; the float32
    # is the dtype the model trains in, so it is said in the list's own finding, not as a second problem
    source = ("import glob\nimport cv2\nimport numpy as np\n\nimages = []\nfor fl in glob.glob('train/*.jpg'):\n"
              "    image = cv2.resize(cv2.imread(fl), (128, 128))\n"
              f"    image = {convert}\n    image = np.multiply(image, 1.0 / 255.0)\n    images.append(image)\n")
    assert _widened(tmp_path, source) == expected
    kept = [f for f in check_source(tmp_path / "train.py") if f.rule == "eager-loading"]
    assert [f.line for f in kept] == [10]
    if expected:
        assert "kept as float32 (made so on line 8): 4 bytes a value" in kept[0].message
    assert _rules(tmp_path, source, "dtype-blowup") == []


def test_a_list_split_or_shuffled_is_the_same_arrays_and_stacking_it_is_the_copy(tmp_path):
    # gojibjib/jibjib-model: the VGGish examples of every file in a list, train_test_split into two lists (lists of
    # the same arrays, as sklearn's _safe_indexing makes them), then np.concatenate([x for x in part])
    source = ("import os\nimport numpy as np\nimport vggish_input\nfrom sklearn.model_selection import train_test_split\n\n"
              "examples = []\nfor name in os.listdir('birds'):\n"
              "    examples.append(vggish_input.wavfile_to_examples(os.path.join('birds', name)))\n"
              "train, test = train_test_split(examples, test_size=0.2)\n\n\ndef batches(full_examples):\n"
              "    return np.concatenate([x for x in full_examples])\n\n\nx_train = batches(train)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    found = [(f.rule, f.line) for f in check_source(script)]
    assert ("eager-loading", 8) in found
    assert [line for rule, line in found if rule == "duplicate-copy"] == [13]


@pytest.mark.parametrize("grown, expected", [("X = np.concatenate([X, np.array(f[patient + '_X'])])", [10]),
                                             ("labels = np.concatenate([labels, np.array(f[patient + '_y'])])", [])])
def test_an_array_grown_by_what_each_step_reads_is_in_memory_twice_at_each_step(grown, expected, tmp_path):
    # sam-may/Covid-19-Pneumonia: each patient's CT slices read from the HDF5 file and concatenated onto all the
    # slices read before
    source = ("import h5py\nimport numpy as np\n\nf = h5py.File('features.hdf5', 'r')\nX, labels = [], []\n"
              "for patient in patients:\n    if len(X) == 0:\n        X = np.array(f[patient + '_X'])\n    else:\n"
              f"        {grown}\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("added, expected", [("loss", [10]), ("loss.item()", [])])
def test_the_loss_a_step_returns_in_a_tuple_and_backward_is_called_on_keeps_its_graph(added, expected, tmp_path):
    # boschresearch/Continuous-Recurrent-Units: loss, output_mean, ... = self.interpolation(data), then loss.backward()
    source = ("import torch\n\n\nclass CRU(torch.nn.Module):\n    def train_epoch(self, dl, optimizer):\n"
              "        epoch_ll = 0\n        for i, data in enumerate(dl):\n"
              "            loss, output_mean, output_var = self.interpolation(data)\n            loss.backward()\n"
              f"            epoch_ll += {added}\n        return epoch_ll / len(dl)\n\n"
              "    def interpolation(self, data):\n        return helpers.step(self, data)\n")
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


@pytest.mark.parametrize("kept, expected", [("points", [8]), ("np.amin(points, axis=0)[:3]", []),
                                            ("points.max(axis=0)", [])])
def test_a_reduction_of_each_file_is_a_few_numbers_not_the_file(kept, expected, tmp_path):
    # yanx27/Pointnet_Pointnet2_pytorch: every room's points kept (the data set), and each room's coordinate
    # minimum and maximum kept beside them (six numbers a room)
    source = ("import os\nimport numpy as np\n\nkept = []\nfor room_name in os.listdir('stanford_indoor3d'):\n"
              "    room_data = np.load(os.path.join('stanford_indoor3d', room_name))\n"
              f"    points = room_data[:, 0:6]\n    kept.append({kept})\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("indent, expected", [("", [6]), ("    ", [])])
def test_one_pass_s_list_of_files_replaced_by_the_next_pass_is_not_the_data_set(indent, expected, tmp_path):
    # dv-123/Lung_cancer: each patient's DICOM slices read into a list that the next patient's replace
    source = ("import os\nimport pydicom as dicom\n\n" + ("for patient in os.listdir('scans'):\n" if indent else "patient = 'p1'\n")
              + f"{indent}path = os.path.join('scans', patient)\n"
              f"{indent}slices = [dicom.read_file(os.path.join(path, s)) for s in os.listdir(path)]\n"
              f"{indent}print(len(slices))\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("slot, expected", [("display[count]", [11]), ("display[0]", [])])
def test_outputs_written_into_the_next_slot_of_a_buffer_keep_their_graphs(slot, expected, tmp_path):
    # VitjanZ/DRAEM: reconstructions written into a CUDA display buffer during evaluation, without no_grad; one
    # slot written again and again holds one step's output only
    source = ("import torch\nimport torch.nn as nn\n\nmodel = nn.Conv2d(3, 3, 3).cuda()\nmodel.eval()\n"
              "display = torch.zeros((16, 3, 256, 256)).cuda()\ncount = 0\n"
              "for i_batch, batch in enumerate(test_loader):\n    rec = model(batch['image'].cuda())\n"
              f"    if count < 16:\n        {slot} = rec[0]\n        count += 1\n")
    assert _rules(tmp_path, source, "tensors-kept-across-steps") == expected


@pytest.mark.parametrize("forward, expected", [("prediction = label_model(img[None])", [11]),
                                               ("with torch.no_grad():\n            prediction = label_model(img[None])",
                                                [])])
def test_a_model_run_in_getitem_without_no_grad_saves_its_activations(forward, expected, tmp_path):
    # the Food-11 semi-supervised homework of check_heldout9: pseudo-labels from a trained CNN in __getitem__
    source = ("import torch\nimport torch.nn as nn\nfrom torch.utils.data import Dataset\n\n"
              "label_model = nn.Conv2d(3, 11, 64)\n\n\nclass SemiDataset(Dataset):\n"
              "    def __getitem__(self, index):\n        img = self.images[index]\n"
              f"        {forward}\n        return img, prediction.argmax()\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("load, expected", [("torch.load(os.path.join('feat', fname + '.pt'))", [7]),
                                            ("os.path.join('feat', fname + '.pt')", [])])
def test_tensors_torch_loaded_file_after_file_and_kept_are_the_data_set(load, expected, tmp_path):
    # the LibriSpeech phoneme homework of check_heldout9: one .pt file of MFCCs per utterance, every one kept
    source = ("import os\nimport torch\n\nfeatures = []\nfor fname in open('train_split.txt').read().split():\n"
              f"    feat = {load}\n    features.append(feat)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("fill, expected", [("X[count, :, 0:n] = melgram[:, :, 0:n]", [8]), ("pass", [])])
def test_a_buffer_filled_with_crops_of_each_file_read_holds_them_all(fill, expected, tmp_path):
    # drscotthawley/panotti: np.zeros((total_load, ...)) filled with a crop of each melgram read in the loop, through
    # a function the checker does not follow
    source = ("import os\nimport numpy as np\nfrom datautils import fix_length\n\n\n"
              "def build_dataset(path, total_load, n):\n    count = 0\n"
              "    X = np.zeros((total_load, 96, 173, 1), dtype=np.float32)\n    for name in os.listdir(path):\n"
              "        melgram = fix_length(np.load(os.path.join(path, name)))\n"
              f"        {fill}\n        count += 1\n"
              "    return X\n\n\nX_train = build_dataset('Preproc/Train', args.total_load, 173)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("words, expected", [(12000, [6]), (1000, [6]), (300, [])])
def test_a_bag_of_words_matrix_of_every_text_is_dense_float64(words, expected, tmp_path):
    # sararob/keras-wine-model (its issue #1 is the MemoryError): 12,000 columns of float64 for each review
    source = ("from tensorflow import keras\nimport pandas as pd\ndata = pd.read_csv('wine_data.csv')\n"
              f"tokenize = keras.preprocessing.text.Tokenizer(num_words={words}, char_level=False)\n"
              "tokenize.fit_on_texts(data['description'])\n"
              "description_bow_train = tokenize.texts_to_matrix(data['description'])\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    findings = [f for f in check_source(script) if f.rule == "dtype-blowup"]
    assert [f.line for f in findings] == expected
    if findings:
        assert f"{words:,} columns, {format_bytes(8 * words)} per text" in findings[0].message


@pytest.mark.parametrize("load, expected", [
    ("docs, labels = reviews['review'].values, reviews['label'].values",
     {"dtype-blowup": [10], "duplicate-copy": [11], "in-memory-array": [15]}),
    # Keras's Reuters newswires: 8,982 texts of 2,000 float64 columns are 137 MiB
    ("(docs, labels), _ = reuters.load_data(num_words=2000)", {})])
def test_a_bag_of_words_matrix_is_the_data_set_that_is_split_and_fit(load, expected, tmp_path):
    # the matrix is every text's row of 2,000 float64 flags: split while it stays, then copied by fit
    source = ("import pandas as pd\nfrom keras.datasets import reuters\n"
              "from keras.preprocessing.text import Tokenizer\n"
              "from sklearn.model_selection import train_test_split\nfrom keras import Sequential, layers\n"
              f"reviews = pd.read_csv('reviews.csv')\n{load}\ntok = Tokenizer(num_words=2000)\n"
              "tok.fit_on_sequences(docs)\ndocs = tok.sequences_to_matrix(docs)\n"
              "train_x, test_x, train_y, test_y = train_test_split(docs, labels, test_size=0.25)\n"
              "model = Sequential()\nmodel.add(layers.Dense(300, activation='relu'))\n"
              "model.compile(loss='sparse_categorical_crossentropy', optimizer='adam')\n"
              "model.fit(train_x, train_y, epochs=5, validation_data=(test_x, test_y))\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    found: dict[str, list[int]] = {}
    for finding in check_source(script):
        found.setdefault(finding.rule, []).append(finding.line)
    assert found == expected


def test_an_array_of_every_row_of_a_csv_file_is_a_copy_and_its_numbers_a_data_set(tmp_path):
    # np.array of csv.reader's rows: a fixed-width string array of the whole file while the rows stay; made numbers
    # by astype, it is an array like any other, and a split of it while it stays a second copy
    source = ("import csv\nimport numpy as np\nfrom sklearn.model_selection import train_test_split\n\n"
              "rows = []\nwith open('power.txt') as fh:\n    for row in csv.reader(fh, delimiter=';'):\n"
              "        rows.append(row)\nrows = np.array(rows)\nrows = rows[:, 2:].astype(np.float32)\n"
              "train_x, test_x = train_test_split(rows, test_size=0.2)\nprint(rows.mean())\n")
    assert _rules(tmp_path, source, "duplicate-copy") == [9, 11]


@pytest.mark.parametrize("after, expected", [("loss.backward()\n        self.optimizer.step()", []),
                                             ("print(loss.item())", [12])])
def test_a_function_named_evaluate_whose_callers_train_on_it_is_training(after, expected, tmp_path):
    # nikhilbarhate99/PPO-PyTorch: ActorCritic.evaluate(states, actions) gives the log-probabilities the update
    # backpropagates; called only to print, it is evaluation
    source = ("import torch\nimport torch.nn as nn\n\n\nclass ActorCritic(nn.Module):\n    def __init__(self):\n"
              "        super().__init__()\n        self.actor = nn.Linear(24, 4)\n        self.critic = nn.Linear(24, 1)\n\n"
              "    def evaluate(self, state):\n        return self.actor(state), self.critic(state)\n\n\n"
              "class PPO:\n    def __init__(self):\n        self.policy = ActorCritic().cuda()\n"
              "        self.optimizer = torch.optim.Adam(self.policy.parameters())\n\n    def update(self, memory):\n"
              "        for _ in range(80):\n            logprobs, values = self.policy.evaluate(memory.states)\n"
              f"            loss = -(logprobs * values).mean()\n        {after}\n\n\nPPO().update(memory)\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


def test_a_submodule_run_in_the_model_s_own_forward_is_judged_at_the_model_s_call(tmp_path):
    # Tiiiger/SGC: SGC.forward runs self.W; the model is evaluated under no_grad and trained in an LBFGS closure
    source = ("import numpy as np\nimport torch\nimport torch.nn as nn\n\n"
              "train_x = torch.from_numpy(np.load('train.npy'))\ntest_x = torch.from_numpy(np.load('test.npy'))\n\n\n"
              "class SGC(nn.Module):\n    def __init__(self):\n"
              "        super().__init__()\n        self.W = nn.Linear(300, 20)\n\n    def forward(self, x):\n"
              "        return self.W(x)\n\n\nmodel = SGC().cuda()\noptimizer = torch.optim.LBFGS(model.parameters())\n\n\n"
              "def closure():\n    optimizer.zero_grad()\n    loss = model(train_x.cuda()).sum()\n    loss.backward()\n"
              "    return loss\n\n\noptimizer.step(closure)\nmodel.eval()\nwith torch.no_grad():\n"
              "    predicted = model(test_x.cuda())\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == []


@pytest.mark.parametrize("call, base, expected", [("self.log('val_auc', auc)", "pl.LightningModule", []),
                                                  ("self.print('val auc', auc)", "nn.Module", []),
                                                  ("self.head(self.cached)", "pl.LightningModule", [19]),
                                                  ("self.block(self.cached)", "nn.Module", [19])])
def test_a_method_a_model_inherits_from_nn_module_or_lightning_is_no_submodule(call, base, expected, tmp_path):
    # a LightningModule logging its validation AUC in validation_epoch_end: self.log and self.print are the base
    # class's methods, not submodules never assigned; a submodule run there, or one added under a computed name, is
    added = "self.add_module('block', nn.Linear(64, 1))" if "block" in call else "pass"
    source = ("import pytorch_lightning as pl\nimport torch\nimport torch.nn as nn\nimport torchvision\n\n\n"
              f"class Tracer({base}):\n    def __init__(self):\n        super().__init__()\n"
              "        self.head = nn.Linear(64, 1)\n        self.cached = torch.zeros(8, 64)\n"
              f"        {added}\n"
              "    def forward(self, x):\n        return self.head(x)\n\n"
              "    def validation_epoch_end(self, outputs):\n        auc = float(len(outputs))\n"
              f"        print(auc)\n        {call}\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("inputs, expected", [("nodes, edges", []), ("test_nodes, edges", [21])])
def test_an_evaluation_pass_on_the_very_tensors_each_training_step_takes_needs_no_more(inputs, expected, tmp_path):
    # full-batch training of a graph network: every step runs the model on all nodes and backpropagates; test()
    # without no_grad runs it once more on the same tensors, saving what each step saved already. On other
    # tensors (a larger test graph) it is the usual problem
    source = ("import torch\nimport torch.nn as nn\n\nnodes = torch.load('nodes.pt').cuda()\n"
              "test_nodes = torch.load('test_nodes.pt').cuda()\nedges = torch.load('edges.pt').cuda()\n"
              "model = nn.Bilinear(1433, 1433, 7).cuda()\noptimizer = torch.optim.Adam(model.parameters())\n\n\n"
              "def train():\n    model.train()\n    optimizer.zero_grad()\n    loss = model(nodes, edges).sum()\n"
              "    loss.backward()\n    optimizer.step()\n\n\ndef test():\n"
              f"    model.eval()\n    output = model({inputs})\n    print(output.argmax(1))\n\n\n"
              "for epoch in range(200):\n    train()\ntest()\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("built, wrapped, expected", [
    ("{'generator': WaveGenerator().to(device), 'critic': WaveCritic().to(device)}", False, [19]),
    ("{'generator': WaveGenerator().to(device), 'critic': WaveCritic().to(device)}", True, []),
    ("{'generator': Generator().to(device), 'critic': Generator().to(device)}", False, [19])])
def test_the_models_of_a_dict_of_models_run_forward_passes(built, wrapped, expected, tmp_path):
    # a vocoder GAN's trainer keeps its models in a dict, self.model["generator"]: each entry is a model, a class
    # of a library the script uses as a module (.parameters()), or one of its own
    source = ("import torch\nimport torch.nn as nn\nfrom wavegan.models import WaveGenerator, WaveCritic\n\n\n"
              "class Generator(nn.Module):\n    def forward(self, z):\n        return z\n\n\n"
              "class Trainer:\n    def __init__(self, model, loader):\n        self.model = model\n"
              "        self.loader = loader\n        self.optimizer = torch.optim.Adam(self.model['generator'].parameters())\n\n"
              "    def _eval_step(self, batch):\n"
              + ("        with torch.no_grad():\n" if wrapped else "        if batch is not None:\n")
              + "            fake = self.model['generator'](batch)\n"
              "            return self.model['critic'](fake).mean().item()\n\n    def run(self):\n"
              "        for batch in self.loader:\n            self._eval_step(batch)\n\n\ndevice = torch.device('cuda')\n"
              f"trainer = Trainer({built}, dev_loader)\ntrainer.run()\n")
    if "Wave" not in built:  # the script's own classes: models whatever the dict is called
        source = source.replace("self.model['generator'].parameters()", "[]").replace("self.model", "self.parts")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("switch, expected", [("model = model.to(device).eval()", [9]),
                                              ("model = model.to(device).train()", [])])
def test_a_mode_switch_assigned_back_puts_what_follows_in_evaluation(switch, expected, tmp_path):
    # GuyKabiri/Face-Mask-Detection: get_iou_as_df runs Faster R-CNN over the test loader after
    # model = model.to(device).eval(), without no_grad
    source = ("import torch\n\n\ndef get_iou(model, loader):\n    device = torch.device('cuda:0')\n"
              f"    {switch}\n    for img_batch, target_batch in loader:\n"
              "        img_batch = list(img.to(device) for img in img_batch)\n        output_batch = model(img_batch)\n"
              "        print(len(output_batch))\n\n\nget_iou(torch.nn.Linear(4, 2), test_loader)\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("held, expected", [("images = hf['data'][:]\n    X = images.astype(np.float32)", [8]),
                                            ("X = hf['data'][:].astype(np.float32)", [])])
def test_a_read_from_an_hdf5_file_converted_at_once_is_held_by_no_name(held, expected, tmp_path):
    # tdeboissiere/DeepLearningImplementations (WGAN): hf["data"][:].astype(np.float32) copies the read, which no
    # name holds; the file handle hf is no array, and was named as the data set held twice
    source = ("import h5py\nimport numpy as np\n\n\ndef load_celebA(path):\n    with h5py.File(path, 'r') as hf:\n"
              f"        {held}\n    return X\n\n\nX_train = load_celebA('CelebA_64_data.h5')\n")
    source = source.replace("\n    X = images", "\n        X = images")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("used, expected", [("batch_x = X_train[(i * batch_size):(i * batch_size) + batch_size]", [4]),
                                            ("batch_x = X_train[:10]", [])])
def test_an_array_cut_into_batches_by_hand_is_the_training_set(used, expected, tmp_path):
    # MohammedHAlali/clinical_bc: the whole fold's slides from one .npz, fed to a TF1 session batch by batch
    source = ("import numpy as np\n\nbatch_size = 10\nX_train = np.load('train_images_fold1.npz')['arr_0']\n"
              f"for i in range(len(X_train) // batch_size):\n    {used}\n    print(batch_x.shape)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("load, expected", [
    ("(x_train, y_train), (x_test, y_test) = pickle.load(f)", [7]),
    ("x_train, y_train = pickle.load(f)", [7]),
    ("(labels_train, y_train), (x_test, y_test) = pickle.load(f)", [])])
def test_a_whole_load_unpacked_into_arrays_keeps_each_array_of_the_data_set(load, expected, tmp_path):
    # the usual pickled split of a data set: unpacked, the images were no data at all, and their /255 went unseen;
    # the labels among the parts stay labels (the last case divides labels, which is no data-set copy)
    source = ("import pickle\nfrom tensorflow import keras\n\nwith open('data.pkl', 'rb') as f:\n"
              f"    {load}\n\nx_train = {'labels_train' if 'labels_train' in load else 'x_train'} / 255.0\n"
              "model = keras.Sequential([keras.layers.Dense(10)])\nmodel.fit(x_train, y_train, epochs=3)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("conversion, expected", [("imgs = imgs.astype('float32')", [7]),
                                                  ("imgs = imgs.astype('uint8')", [])])
def test_a_whole_data_set_converted_to_a_wider_dtype_in_place_of_its_original(conversion, expected, tmp_path):
    # jakeret-style U-Net scripts (check_heldout15's carvana U-Net): the uint8 images saved by the script's own
    # np.ndarray buffer are loaded back and converted whole; the original goes, but float32 is 4x its size.
    # np.ndarray(shape, dtype) is a buffer as np.empty is, and the cache loaded back has the saved dtype
    source = ("import numpy as np\n\nimgs = np.ndarray((5088, 512, 512, 3), dtype=np.uint8)\n"
              "np.save('imgs_train.npy', imgs)\n\nimgs = np.load('imgs_train.npy')\n"
              f"{conversion}\nimgs /= 255\nprint(imgs.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("loop, expected", [("for _ in range(self.batch_size):", []),
                                            ("for _ in range(cfg['batch_size']):", []),
                                            ("for _ in range(len(self.names)):", [17])])
def test_a_loop_over_range_of_the_batch_size_reads_one_batch(loop, expected, tmp_path):
    # a hand-written batch reader (the OMR CTC trainer of check_heldout17): batch_size files decoded and stacked per
    # call is one batch, made anew each step, not the data set read before training
    source = ("import cv2\nimport numpy as np\n\ncfg = dict()\ncfg['batch_size'] = 16\n\n\nclass Reader:\n"
              "    def __init__(self, names):\n        self.names = names\n        self.batch_size = 16\n"
              "        self.k = 0\n\n    def next_batch(self):\n        pics = []\n"
              f"        {loop}\n            pics.append(cv2.imread(self.names[self.k]))\n"
              "            self.k = (self.k + 1) % len(self.names)\n        return np.stack(pics)\n\n\n"
              "reader = Reader(names)\nfor step in range(1000):\n    x = reader.next_batch()\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("guard, expected", [("with torch.no_grad():", []), ("if True:", [14])])
def test_a_function_called_under_no_grad_returns_tensors_without_a_graph(guard, expected, tmp_path):
    # L3DAS21's SELD baseline: one loss function for the training step and for evaluate(); what it returns under
    # torch.no_grad() recorded no graph, so evaluate's running mean of it keeps nothing
    source = ("import torch\n\ncriterion = torch.nn.MSELoss()\n\n\ndef step_loss(model, x, y):\n"
              "    return criterion(model(x), y)\n\n\ndef evaluate(model, loader):\n    running = 0.\n"
              f"    {guard}\n        for x, y in loader:\n            running += step_loss(model, x, y)\n"
              "    return running\n\n\nmodel = torch.nn.Linear(4, 1).cuda()\noptimizer = torch.optim.Adam(model.parameters())\n"
              "for x, y in train_loader:\n    loss = step_loss(model, x, y)\n    loss.backward()\n    optimizer.step()\n"
              "print(evaluate(model, val_loader))\n")
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


@pytest.mark.parametrize("forward, evaluation, expected", [
    ("return self.predict(x)", "", []),
    ("return self.head(self.body(x))", "for x, y in test_loader:\n    print(model.predict(x))\n", [15])])
def test_a_model_method_its_forward_runs_is_part_of_the_forward_pass_whatever_its_name(forward, evaluation, expected,
                                                                                       tmp_path):
    # D-SCRIPT's ContactCNN.predict and ModelInteraction.map_predict: named for prediction, run by forward() in
    # training (a predict() the model's class defines runs its own body, not nn.Module's); a predict() that only
    # the script's evaluation calls is evaluation still
    source = ("import torch\nfrom torch import nn\n\n\nclass Net(nn.Module):\n    def __init__(self):\n"
              "        super().__init__()\n        self.body = nn.Linear(8, 8)\n        self.head = nn.Linear(8, 1)\n\n"
              f"    def forward(self, x):\n        {forward}\n\n    def predict(self, x):\n"
              "        return self.head(self.body(x))\n\n\n"
              "model = Net()\noptimizer = torch.optim.Adam(model.parameters())\nfor x, y in train_loader:\n"
              "    loss = ((model(x) - y) ** 2).mean()\n    loss.backward()\n    optimizer.step()\n" + evaluation)
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("rows, expected", [("1", []), ("len(sentences)", [8])])
def test_a_buffer_of_as_many_rows_as_the_script_writes_holds_a_few_samples(rows, expected, tmp_path):
    # a seq2seq decoder's greedy loop (the OCR post-correction of check_heldout17): np.zeros((1, max_length)) holds the
    # one sequence being decoded, float64 or not; a buffer of a row per sentence is the data set
    source = ("import numpy as np\n\n\ndef translate(model, sentences, max_length):\n"
              "    vocab = sorted(set(''.join(sentences)))\n    for sentence in sentences:\n"
              "        print(sentence)\n"
              f"    dec = np.zeros(({rows}, max_length))\n    dec[:, 0] = 1\n    for t in range(1, max_length):\n"
              "        best = model.predict(dec).argmax(axis=2)\n        dec[:, t] = best[:, t - 1]\n    return dec\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("cut, expected", [("cube[:, r:r + 9, c:c + 9]", []),
                                           ("cube[:, rows, c:c + 9]", []),
                                           ("cube[:, :, :]", [9])])
def test_a_window_of_an_array_in_a_loop_is_a_piece_of_it_not_the_array(cut, expected, tmp_path):
    # hyperspectral patch CNNs (check_heldout17's Indian Pines trainer): the 9 x 9 neighbourhood of each pixel,
    # copied by np.array, was taken for a second copy of the whole scene
    source = ("import numpy as np\n\ncube = np.load('scene.npy')\n\n\ndef patch(r, c):\n"
              f"    rows = slice(r, r + 9)\n    piece = {cut}\n    return np.array(piece)\n\n\n"
              "patches = []\nfor r in range(145):\n    for c in range(145):\n"
              "        patches.append(patch(r, c))\nprint(len(patches), cube.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


def test_an_item_a_helper_makes_wider_is_said_at_the_call_that_keeps_it(tmp_path):
    # the OMR CTC trainer of check_heldout17: normalize() makes each image float64 for the batch reader and for the
    # validation set kept whole; only the second keeps every image, and its call is what to change
    source = ("import cv2\n\n\ndef normalize(image):\n    return (255. - image) / 255.\n\n\n"
              "def next_batch(names, k, batch_size):\n    pics = []\n    for i in range(batch_size):\n"
              "        pics.append(normalize(cv2.imread(names[k + i])))\n    return pics\n\n\n"
              "def validation(names):\n    pics = []\n    for name in names:\n"
              "        pics.append(normalize(cv2.imread(name)))\n    return pics\n\n\n"
              "val = validation(val_names)\nfor step in range(1000):\n    x = next_batch(train_names, step, 16)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == [18]


def test_a_global_bound_after_the_call_holds_nothing_when_the_function_runs(tmp_path):
    # STGCN's load_metr_la: values = values.astype(np.float32) inside the loader, and the windows cut from what it
    # returns, bound to globals later in the module, were taken for names still holding the data at the copy
    source = ("import numpy as np\n\n\ndef load(path):\n    x = np.load(path).reshape(-1, 64, 64, 3)\n"
              "    x = x.copy()\n    return x\n\n\ndata = load('x.npy')\ntrain_x = data - data.mean()\n"
              "print(data.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == []


@pytest.mark.parametrize("kept, expected", [("np.copy(clip)", [13]), ("clip[:5]", [])])
def test_a_few_samples_copied_anew_each_pass_are_one_sample_the_list_keeps(kept, expected, tmp_path):
    # UCSD Ped1's ConvLSTM (check_heldout8): a ten-frame clip buffer, copied into the list once per stride
    # position; the copy is made anew each pass, so the list keeps one clip per pass (a view of the buffer is the
    # same few frames each time)
    source = ("import os\n\nimport cv2\nimport numpy as np\n\n"
              "frames = [cv2.imread(os.path.join('video', f)) for f in sorted(os.listdir('video'))]\n"
              "clips = []\nclip = np.zeros((10, 256, 256, 3), dtype=np.uint8)\nfor i in range(len(frames) - 10):\n"
              "    for t in range(10):\n        clip[t] = frames[i + t]\n"
              f"    clips.append({kept})\nX = np.array(clips)\nprint(X.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


def test_what_a_function_returns_is_what_its_body_gave_in_the_last_round(tmp_path):
    # UCF101's C3D trainer (check_heldout17): video3d() decodes one clip's frames and returns np.array(frames); run
    # before its callers were known, it looked like the whole data set, and that first round's value stayed, so the
    # list of every clip, one per folder, went unseen
    source = ("import os\n\nimport cv2\nimport numpy as np\n\n\ndef read_clip(folder):\n    frames = []\n"
              "    for name in os.listdir(folder):\n        frames.append(cv2.imread(os.path.join(folder, name)))\n"
              "    return np.array(frames)\n\n\nclips = []\nfor folder in os.listdir('videos'):\n"
              "    clips.append(read_clip(os.path.join('videos', folder)))\nprint(len(clips))\n")
    assert _rules(tmp_path, source, "eager-loading") == [16]


@pytest.mark.parametrize("kept, expected", [("clips.extend(cut(frames, stride))", [26]),
                                            ("print(len(cut(frames, stride)))", [24])])
def test_a_list_made_anew_each_pass_and_kept_elsewhere_holds_one_pass(kept, expected, tmp_path):
    # UCSD Ped1's ConvLSTM (check_heldout8): each folder's frames, in a list made anew per folder, are cut into clips
    # that one list keeps across folders: that list is the data set, the per-folder one holds a folder
    source = ("import os\n\nimport cv2\nimport numpy as np\n\n\ndef cut(frames, stride):\n    out = []\n"
              "    clip = np.zeros((10, 64, 64, 3), dtype=np.uint8)\n    k = 0\n"
              "    for i in range(0, len(frames), stride):\n        clip[k] = frames[i]\n        k += 1\n"
              "        if k == 10:\n            out.append(np.copy(clip))\n            k = 0\n    return out\n\n\n"
              "clips = []\nfor folder in sorted(os.listdir('videos')):\n    frames = []\n"
              "    for name in sorted(os.listdir(os.path.join('videos', folder))):\n"
              "        frames.append(cv2.imread(os.path.join('videos', folder, name)))\n"
              f"    for stride in (1, 2):\n        {kept}\nprint(len(clips))\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("save, expected", [("np.savez(cache, X=X, Y=Y)", [9]), ("np.savez(cache, X, Y)", [9]),
                                            ("np.savez(cache, Y=Y)", [])])
def test_the_arrays_np_savez_saves_are_what_the_cache_holds(save, expected, tmp_path):
    # UCF101's C3D trainer (check_heldout17): every clip decoded once and saved with np.savez(cache, X=X, Y=Y); the
    # runs after load the whole .npz back (its members cannot be memory-mapped), said at the first key read
    source = ("import os\n\nimport cv2\nimport numpy as np\n\ncache = 'dataset.npz'\nif os.path.exists(cache):\n"
              "    archive = np.load(cache)\n    X, Y = archive['X'], archive['Y']\nelse:\n"
              "    X = np.array([cv2.imread(p) for p in sorted(os.listdir('frames'))])\n"
              f"    Y = np.arange(len(X))\n    {save}\nprint(X.shape)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


def test_a_copy_of_a_local_list_a_function_returns_leaves_later_copies_news(tmp_path):
    # UCF101's C3D trainer (check_heldout17): loaddata returns np.array(clips) in either branch of an if (clips goes
    # with the call), then main splits the array it returned while keeping it: a second peak, after the first
    source = ("import os\n\nimport cv2\nimport numpy as np\nfrom sklearn.model_selection import train_test_split\n\n\n"
              "def load(folder, gray):\n    frames = []\n    for name in sorted(os.listdir(folder)):\n"
              "        frames.append(cv2.imread(os.path.join(folder, name)))\n    if gray:\n"
              "        return np.array(frames).transpose((0, 2, 1, 3))\n    else:\n        return np.array(frames)\n\n\n"
              "X = load('frames', os.environ.get('GRAY'))\ny = np.arange(len(X))\n"
              "X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.2)\nprint(X.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == [13, 15, 20]


@pytest.mark.parametrize("fill, expected", [("for k, p in enumerate(pics):\n    padded[k, :, :p.shape[1]] = p\n", [9]),
                                            ("for k, name in enumerate(names):\n    padded[k] = cv2.imread(name, 0)\n",
                                             [])])
def test_a_buffer_filled_from_a_list_that_still_holds_every_sample_is_a_second_copy(fill, expected, tmp_path):
    # the OMR CTC trainer's validation set (check_heldout17): every image decoded into a list, then padded into
    # one float32 array row by row while the list still holds them all
    source = ("import cv2\nimport numpy as np\n\npics = []\nfor name in names:\n"
              "    pics.append(cv2.imread(name, 0))\nwidest = max(p.shape[1] for p in pics)\n\n"
              f"padded = np.zeros((len(pics), 128, widest), dtype=np.float32)\n{fill}print(padded.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("kept, expected", [("embeddings[name] = torch.from_numpy(h5[name][:, :])", [9]),
                                            ("embeddings[name] = cv2.imread(name + '.png')", [9]),
                                            ("embeddings['last'] = cv2.imread(name + '.png')", [])])
def test_a_dict_filled_with_one_read_per_key_in_a_loop_keeps_every_file(kept, expected, tmp_path):
    # D-SCRIPT (check_heldout17): the language-model embedding of every protein, read from the HDF5 file into a
    # dict by name before training; a read from an open HDF5 file in a loop is a file read, as a decoder's is
    source = ("import cv2\nimport h5py\nimport torch\n\nh5 = h5py.File('embeddings.h5', 'r')\nnames = list(h5.keys())\n"
              f"embeddings = {{}}\nfor name in names:\n    {kept}\nprint(len(embeddings))\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("kept, expected", [("self.scenes[name] = io.imread(os.path.join(root, name))", [11]),
                                            ("self.scenes['last'] = io.imread(os.path.join(root, name))", [])])
def test_a_dict_attribute_filled_with_one_read_per_key_keeps_every_file(kept, expected, tmp_path):
    # a change-detection Dataset (check_heldout10): every scene read in __init__ into self.images[scene]; the
    # attribute keeps its dict from one round of the flow to the next, where a local dict starts again at {}
    source = ("import os\n\nimport torch\nfrom skimage import io\n\n\nclass Scenes(torch.utils.data.Dataset):\n"
              "    def __init__(self, root):\n        self.scenes = {}\n        for name in os.listdir(root):\n"
              f"            {kept}\n        self.names = list(self.scenes)\n\n"
              "    def __getitem__(self, i):\n        return self.scenes[self.names[i]]\n\n\n"
              "loader = torch.utils.data.DataLoader(Scenes('scenes'), batch_size=4)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("opened, expected", [("cv2.VideoCapture(path)", [27]),
                                              ("FFmpegReader(path)", [27]),
                                              ("Capture(path)", [])])
def test_a_helper_that_decodes_a_video_frame_by_frame_reads_a_file_per_call(opened, expected, tmp_path):
    # a Conv3D action recogniser (check_heldout14): every video's frames read one by one from a capture and
    # stacked by a helper, called for each video in a comprehension; a class of the script's own is not a reader
    source = ("import os\n\nimport cv2\nimport numpy as np\nfrom skvideo.io import FFmpegReader\n\n\n"
              "class Capture:\n    def __init__(self, path):\n        self.path = path\n\n    def read(self):\n"
              "        return False, None\n\n\n"
              f"def read_video(path):\n    cap = {opened}\n    frames = []\n"
              "    while True:\n        ok, frame = cap.read()\n        if not ok:\n            break\n"
              "        frames.append(cv2.resize(frame, (64, 64)))\n    return np.stack(frames)\n\n\n"
              "videos = [read_video(os.path.join('videos', n)) for n in os.listdir('videos')]\nprint(len(videos))\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("kept, expected", [("mosaic[:32, :32] = photos[0]\n        mosaic[32:, 32:] = photos[1]", []),
                                            ("mosaic = np.hstack(photos)", [13])])
def test_a_list_of_one_samples_files_picked_by_index_is_a_scratch_of_one_pass(kept, expected, tmp_path):
    # the house-prices mixed-input model (check_heldout14): the photos of each house read into a list made anew
    # for that house, pasted into its mosaic by index: the list holds one house's photos (a list stacked whole
    # may be kept, and is said)
    source = ("import glob\n\nimport cv2\nimport numpy as np\n\n\ndef load_mosaics(folder, houses):\n"
              "    mosaics = []\n    for house in houses:\n"
              "        photos = []\n        mosaic = np.zeros((64, 64, 3), dtype='uint8')\n"
              "        for path in sorted(glob.glob(f'{folder}/{house}_*')):\n"
              "            photos.append(cv2.resize(cv2.imread(path), (32, 32)))\n"
              f"        {kept}\n        mosaics.append(mosaic)\n    return np.array(mosaics)\n\n\n"
              "images = load_mosaics('houses', range(500))\nprint(images.shape)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("parts, expected", [("['x', 'y', 'tx', 'ty', 'allx', 'ally', 'graph']", []),
                                             ("sorted(os.listdir('data'))", [8])])
def test_a_loop_over_the_indexes_of_a_few_written_names_reads_a_few_files(parts, expected, tmp_path):
    # Text GCN (check_heldout12): the seven pickled pieces of one corpus, read in a loop over range(len(names)),
    # are the few files the script names, as a loop over the names themselves would read
    source = ("import os\nimport pickle as pkl\n\n"
              f"names = {parts}\nobjects = []\nfor i in range(len(names)):\n"
              "    with open(os.path.join('data', 'ind.cora.' + names[i]), 'rb') as f:\n"
              "        objects.append(pkl.load(f, encoding='latin1'))\n"
              "        print(len(objects))\nx = objects[0]\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("test, expected", [("if frames[i] is None:", [10]), ("if i not in frames:", [10]),
                                            ("if i > 0:", [])])
def test_a_cache_filled_with_each_file_on_first_use_ends_holding_every_file(test, expected, tmp_path):
    # Learning-to-See-in-the-Dark (check_heldout2): each raw frame decoded the first time its scene is drawn and
    # kept in a list of [None] * n for the rest of the run; after one epoch the list holds every frame
    source = ("import glob\n\nimport numpy as np\nimport rawpy\n\n"
              "paths = sorted(glob.glob('raw/*.ARW'))\nframes = [None] * len(paths)\n"
              "for epoch in range(4000):\n    for i in np.random.permutation(len(paths)):\n"
              f"        {test}\n            raw = rawpy.imread(paths[i])\n"
              "            frames[i] = raw.postprocess(output_bps=16).astype(np.float32) / 65535.0\n"
              "        patch = frames[i][:512, :512]\n        print(patch.mean())\n")
    assert _rules(tmp_path, source, "eager-loading") == expected  # said at the test, once for all it fills


@pytest.mark.parametrize("loop, expected", [
    ("for name in os.listdir('videos'):\n    for clip in windows([os.path.join('videos', name)]):", [23]),
    ("for epoch in range(10):\n    for clip in windows(paths):", []),  # a batch generator over the whole list
])
def test_the_pieces_a_generator_yields_of_each_file_of_a_loop_are_kept(loop, expected, tmp_path):
    # a ConvLSTM action recogniser (check_heldout10): a generator of the script's own decodes the one video it is
    # given and yields its overlapping windows; the loop over the videos keeps every window of every video
    source = ("import os\n\nimport cv2\nimport numpy as np\n\n\ndef windows(paths):\n    for path in paths:\n"
              "        cap = cv2.VideoCapture(path)\n        frames = []\n        ok, frame = cap.read()\n"
              "        while ok:\n            frames.append(cv2.resize(frame, (64, 64)))\n"
              "            ok, frame = cap.read()\n        for w in range(0, len(frames) - 6, 4):\n"
              "            yield np.asarray(frames[w:w + 6])\n\n\n"
              f"paths = sorted(os.listdir('videos'))\nclips = []\n{loop}\n        clips.append(clip)\n"
              "print(len(clips))\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("read, expected", [("src.read()", [15]), ("src.read(1)", [15]), ("src.profile", [])])
def test_every_raster_tile_read_with_rasterio_and_kept_is_the_data_set(read, expected, tmp_path):
    # an orthophoto U-Net (check_heldout11): each GeoTIFF tile opened with rasterio, its bands read and kept in a
    # list of tensors; src.read() is the decode, as gdal's ReadAsArray() is (its profile is a few numbers)
    source = ("import os\n\nimport numpy as np\nimport rasterio\n\n\ndef read_tile(path):\n"
              f"    with rasterio.open(path) as src:\n        arr = {read}\n    return np.asarray(arr)\n\n\n"
              "tiles = []\nfor name in sorted(os.listdir('tiles')):\n"
              "    tiles.append(read_tile(os.path.join('tiles', name)))\nprint(len(tiles))\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("wanted, expected", [("['x_train', 'y_train']", []), ("names", [12])])
def test_a_loop_that_keeps_only_the_keys_of_a_few_written_names_keeps_a_few_files(wanted, expected, tmp_path):
    # a ConvLSTM action recogniser (check_heldout10): of the .npy caches in a folder, only x_train and y_train are
    # loaded into the dict: two arrays, not one file per sample
    source = ("import os\n\nimport numpy as np\n\n\ndef load(data):\n    matrices = {}\n"
              "    for name in os.listdir('cache'):\n        stem = name.split('.')[0]\n"
              "        if stem in data:\n            print(stem)\n"
              "            matrices[stem] = np.load(os.path.join('cache', name))\n    return matrices\n\n\n"
              f"names = sorted(os.listdir('features'))\nfeatures = load({wanted})\nprint(len(features))\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("target, expected", [("to_categorical(dec_out, num_classes=vocab_size)", [12]),
                                              ("to_categorical(labels, num_classes=10)", [])])
def test_padded_token_sequences_one_hot_encoded_are_a_vector_per_token(target, expected, tmp_path):
    # a seq2seq OCR post-corrector (check_heldout17): the decoder's padded target sequences one-hot over the whole
    # vocabulary before fit; padded ids alone are a few integers per text, and labels one-hot over 10 classes small
    source = ("from tensorflow import keras\nfrom tensorflow.keras.utils import to_categorical\n\n\n"
              "def prepare(src_ids, tgt_ids, longest):\n"
              "    enc_in = keras.preprocessing.sequence.pad_sequences(src_ids, maxlen=longest, padding='post')\n"
              "    dec_out = keras.preprocessing.sequence.pad_sequences(tgt_ids, maxlen=longest, padding='post')\n"
              "    return enc_in, dec_out\n\n\nenc_in, dec_out = prepare(src_ids, tgt_ids, 100)\n"
              f"y = {target}\nmodel.fit(enc_in, y, epochs=10)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("load, expected", [("pickle.load(fh)", [8]), ("np.load('train_x.npy')", [])])
def test_an_array_made_of_what_pickle_loaded_is_built_from_a_list(load, expected, tmp_path):
    # the L3DAS21 SELD baseline (check_heldout17): the pickled predictors are a list of spectrograms, made one array
    # while the list still holds them all; an array loaded from .npy and copied in place of itself is no such peak
    source = ("import pickle\n\nimport numpy as np\nimport torch\n\nwith open('train_x.pkl', 'rb') as fh:\n"
              f"    tr_x = {load}\ntr_x = np.array(tr_x)\nloader = torch.utils.data.DataLoader(tr_x, batch_size=8)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("count, expected", [("100", []), ("60000", [6])])
def test_a_dict_filled_key_by_key_holds_each_value_under_its_key(count, expected, tmp_path):
    # the OMR CTC trainer's default_model_params (check_heldout17): cfg = dict(), then cfg['batch_size'] = 16 and the
    # rest, one key at a time: what each key holds is known as for a dict written with its keys
    source = ("import numpy as np\n\ncfg = dict()\ncfg['rows'] = "
              f"{count}\ncfg['side'] = 224\nbuffer = np.zeros((cfg['rows'], cfg['side'], cfg['side'], 3))\n"
              "for i in range(len(buffer)):\n    buffer[i] = 1\nprint(buffer.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("made, expected", [("np.transpose(patches, (0, 2, 3, 1))", [8, 9]),
                                            ("np.transpose(np.stack(patches), (0, 2, 3, 1))", [8, 9]),
                                            ("np.transpose(cube, (1, 2, 0))", [8])])
def test_a_numpy_view_function_of_a_list_makes_a_new_array_of_it(made, expected, tmp_path):
    # the hyperspectral patch CNN (check_heldout17): np.transpose of the list of every pixel's patch builds a new
    # array of all of them while the list stays, as np.stack does; of an array, np.transpose is a view (the
    # windows around every pixel, line 8, are copies of the scene in any case)
    source = ("import numpy as np\n\ncube = np.load('scene.npy')\nheight, width = cube.shape[1], cube.shape[2]\n"
              "patches = []\nfor r in range(height):\n    for c in range(width):\n"
              f"        patches.append(np.array(cube[:, r:r + 9, c:c + 9]))\nmoved = {made}\n"
              "print(moved.shape, len(patches))\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("over, expected", [("zip(real_feats, fake_feats)", []), ("loader", [22])])
def test_a_sum_a_function_makes_anew_over_the_tensors_of_one_step_holds_that_step(over, expected, tmp_path):
    # DiscoGAN's feature-matching loss (check_heldout18): losses = 0, then one term per discriminator layer's
    # features, returned into the step's loss that backward() is called on: a sum of one step's terms, made anew on
    # each call; the same sum over a loader's batches keeps every step's graph
    source = ("import torch\nimport torch.nn as nn\n\n\nclass Disc(nn.Module):\n"
              "    def forward(self, x):\n        return x.mean(), [x, x * 2]\n\n\n"
              "def fm_loss(real_feats, fake_feats, criterion):\n    losses = 0\n"
              f"    for real, fake in {over}:\n"
              "        losses += criterion(real.mean(0), fake.mean(0))\n    return losses\n\n\n"
              "disc, crit = Disc().cuda(), nn.MSELoss()\nfor epoch in range(10):\n    for a, b in loader:\n"
              "        _, real_feats = disc(a.cuda())\n        _, fake_feats = disc(b.cuda())\n"
              "        loss = fm_loss(real_feats, fake_feats, crit)\n        loss.backward()\n")
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


@pytest.mark.parametrize("made, expected", [("gen(z).detach()", []), ("gen(z)", [19])])
def test_a_preview_pass_detached_at_once_keeps_no_graph(made, expected, tmp_path):
    # the ECG GAN (check_heldout18): after each training run, gen.eval() and one batch of noise through the
    # generator, detached on the spot for a plot: its graph goes as the pass ends, one batch's worth as each training
    # step saves; kept with its graph, the preview holds it while it is drawn
    source = ("import matplotlib.pyplot as plt\nimport torch\nimport torch.nn as nn\n\n\n"
              "class Generator(nn.Module):\n    def forward(self, z):\n        return z * 2\n\n\n"
              "for width in [0, 3, 5]:\n    gen = Generator().cuda()\n"
              "    opt = torch.optim.Adam(gen.parameters())\n    for x in loader:\n"
              "        gen(x.cuda()).mean().backward()\n        opt.step()\n    gen.eval()\n"
              f"    z = torch.randn(119, 100).cuda()\n    sample = {made}\n    plt.plot(sample[0].tolist())\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("opened, expected", [("Image.open(self.images[index]).convert('RGB')", []),
                                              ("Image.open(os.path.join(self.root, self.images[index]))", []),
                                              ("self.images[index].split()", [22])])
def test_a_list_whose_entries_getitem_opens_as_files_is_a_list_of_paths(opened, expected, tmp_path):
    # DeepLabv3 on VOC (check_heldout18): the image paths, voc_root + a line of the list file each, kept in
    # self.images and opened one per item: a path is some 100 bytes, as a folder's listing's are; the same lines
    # read as the samples themselves are the text the workers copy
    source = ("import os\n\nfrom PIL import Image\nfrom torch.utils.data import DataLoader, Dataset\n\n\n"
              "class VOC(Dataset):\n    def __init__(self, root, list_file):\n        self.root = root\n"
              "        self.images = []\n        with open(list_file) as lines:\n            for line in lines:\n"
              "                self.images.append(root + line.split()[0])\n\n    def __getitem__(self, index):\n"
              f"        return {opened}\n\n    def __len__(self):\n        return len(self.images)\n\n\n"
              "loader = DataLoader(VOC('VOC2012', 'train_aug.txt'), batch_size=8, num_workers=4)\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == expected


@pytest.mark.parametrize("side, expected", [(96, []), (512, [9])])
def test_a_conversion_in_place_of_small_samples_is_not_said_without_their_count(side, expected, tmp_path):
    # the ultrasound nerve U-Net (check_heldout18): every frame shrunk to 96 x 96 uint8, then made float32 in place
    # of it: 36 KiB a sample, a thousand of them 36 MiB, so only their count (not shown) makes it large; a 512 x 512
    # frame is 1 MiB as float32, and a thousand of them already 1 GiB
    source = ("import numpy as np\nfrom skimage.transform import resize\n\nframes = np.load('frames.npy')\n"
              f"small = np.ndarray((frames.shape[0], {side}, {side}), dtype=np.uint8)\n"
              "for k in range(frames.shape[0]):\n"
              f"    small[k] = resize(frames[k], ({side}, {side}), preserve_range=True)\n"
              "print(small.shape)\nsmall = small.astype('float32')\nmodel.fit(small, epochs=20)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("first, expected", [("Convolution1D(320, 26, input_dim=4, input_length=1000)", [5]),
                                             ("Dense(925, input_dim=4000)", [])])
def test_a_dense_layer_given_input_dim_after_a_convolution_does_not_make_the_model_take_table_rows(
        first, expected, tmp_path):
    # DanQ (check_heldout18): Keras 1's Dense(input_dim=64 * 1024) after the convolution and the BiLSTM; the model
    # takes 1000 x 4 one-hot DNA windows, its first layer says, so the test set loaded whole is what it is tested on
    source = ("import scipy.io\nfrom keras.layers import Convolution1D, Dense, Flatten\n"
              "from keras.models import Sequential\n\ntest_mat = scipy.io.loadmat('test.mat')\n"
              f"net = Sequential()\nnet.add({first})\nnet.add(Flatten())\n"
              "net.add(Dense(input_dim=64 * 1024, output_dim=925))\nnet.compile(loss='mse', optimizer='rmsprop')\n"
              "net.evaluate(test_mat['testxdata'], test_mat['testdata'])\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("made, expected", [("resize(imgs[k], (96, 96), preserve_range=True)", [6, 7]),
                                            ("imgs[k].clip(0, 1)", [])])
def test_an_array_loaded_whole_whose_rows_the_script_resizes_holds_images(made, expected, tmp_path):
    # the ultrasound nerve U-Net (check_heldout18): the 420 x 580 frames and masks np.load-ed whole, then each one
    # shrunk to 96 x 96 by a helper: what the script resizes is an image, so each row of the load is one (the masks
    # too: an image per sample, not one number); rows it only clips say nothing of their size
    source = ("import numpy as np\nfrom skimage.transform import resize\n\n\n"
              "def load_train_data():\n"
              "    frames = np.load('imgs_train.npy')\n    masks = np.load('imgs_mask_train.npy')\n"
              "    return frames, masks\n\n\ndef preprocess(imgs):\n"
              "    small = np.ndarray((imgs.shape[0], 96, 96), dtype=np.uint8)\n    for k in range(imgs.shape[0]):\n"
              f"        small[k] = {made}\n    return small[..., np.newaxis]\n\n\n"
              "x, m = load_train_data()\nx = preprocess(x)\nm = preprocess(m)\nmodel.fit(x, m, epochs=20)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("kept, expected", [("face.astype('float32')", [11]), ("face", [])])
def test_an_array_made_in_a_loop_over_a_data_sets_rows_is_one_sample(kept, expected, tmp_path):
    # the FER-2013 emotion classifier (check_heldout18): each row's pixel string parsed into an array, resized as
    # uint8 and made float32 before it is kept with every other face: np.asarray of what the flow cannot follow, in a
    # loop over the samples of a data set, is one sample, made anew
    source = ("import cv2\nimport numpy as np\nimport pandas as pd\n\n"
              "table = pd.read_csv('fer2013.csv')\nfaces = []\nfor s in table['pixels'].tolist():\n"
              "    face = np.asarray([int(v) for v in s.split(' ')]).reshape(48, 48)\n"
              "    face = cv2.resize(face.astype('uint8'), (64, 64))\n"
              f"    print(face.shape)\n    faces.append({kept})\nfaces = np.expand_dims(np.asarray(faces), -1)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("made, expected", [("np.asarray([int(v) for v in s.split(' ')]).reshape(48, 48)", [5]),
                                            ("cv2.imread(s)", [])])
def test_a_table_whose_rows_are_made_into_images_without_reading_a_file_holds_images(made, expected, tmp_path):
    # the FER-2013 classifier (check_heldout18): every face is a string of 2,304 pixel values in a column of the CSV
    # read whole; a loop over that column that resizes what it makes of each row, reading no file, says each row is
    # an image; a column of file names read one by one is a table of paths
    source = ("import cv2\nimport numpy as np\nimport pandas as pd\n\n"
              "table = pd.read_csv('fer2013.csv')\nfaces = []\nfor s in table['pixels'].tolist():\n"
              f"    face = {made}\n    faces.append(cv2.resize(face.astype('uint8'), (64, 64)))\n"
              "faces = np.expand_dims(np.asarray(faces), -1)\nmodel.fit(faces, table['emotion'].values, epochs=9)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


def test_arrays_a_function_stacks_from_its_own_list_on_two_calls_are_two_data_sets(tmp_path):
    # DiscoGAN (check_heldout18): read_images(test_style_A) and read_images(test_style_B), each np.stack(out) of the
    # function's own list: the two calls give two arrays, so converting the first in place holds no second copy of it
    script = tmp_path / "train.py"
    script.write_text("import cv2\nimport numpy as np\n\n\ndef read_images(paths):\n    out = []\n"
                      "    for p in paths:\n        out.append(cv2.imread(p))\n    out = np.stack(out)\n"
                      "    return out\n\n\ntest_a = read_images(paths_a)\ntest_b = read_images(paths_b)\n"
                      "test_a = test_a.astype(np.float32)\nprint(test_a.shape, test_b.shape)\n")
    [finding] = [f for f in check_source(script) if f.rule == "dtype-blowup"]
    assert finding.line == 15 and "converts the whole uint8 data set" in finding.message


@pytest.mark.parametrize("use, expected", [("model.fit(x, y, epochs=3)", [7]),
                                           ("one = np.expand_dims(x, axis=0)\nmodel.predict(one)", [])])
def test_what_a_loader_function_returns_is_what_its_load_read(use, expected, tmp_path):
    # a loader of the script's own returns np.load(path), made anew on each call: what the call gives is trained on,
    # so the load its body makes is the training set; one array made a batch of one for predict is one sample
    source = ("import numpy as np\nfrom tensorflow import keras\n\n\n"
              "def load(path):\n    print('loading', path)\n    return np.load(path)\n\n\n"
              "x = load('x_train.npy')\ny = np.load('y_train.npy')\n"
              f"model = keras.Sequential([keras.layers.Conv2D(8, 3), keras.layers.Dense(1)])\n{use}\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("built, split, expected", [("imgs = np.array(imgs)", "imgs", [8, 9]),
                                                   ("arr = np.array(imgs)", "arr", [8, 9])])
def test_a_copy_kept_beside_an_array_built_in_place_of_its_list_is_news(built, split, expected, tmp_path):
    # the SRGAN trainer (check_heldout18): hr_images = np.array(hr_images) holds the images twice only while it is
    # built (the list goes as the array takes its name); train_test_split then copies the array while it stays: a
    # second peak. Where the list stays beside the array, the split is a third copy while both stay, a peak above
    # the one said (check_heldout6, 7 and 28 label it)
    source = ("import cv2\nimport numpy as np\nfrom sklearn.model_selection import train_test_split\n\n"
              "imgs = []\nfor name in names:\n    imgs.append(cv2.imread(name))\n"
              f"{built}\nx_train, x_test = train_test_split({split}, test_size=0.33)\n"
              "print(x_train.shape, len(imgs))\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("call, expected", [("faces = preprocess_input(faces)", [6]),
                                            ("faces = preprocess_input(np.load('faces.npy'))", [])])
def test_a_name_given_to_a_function_and_replaced_by_its_result_holds_the_original_while_it_runs(
        call, expected, tmp_path):
    # the FER-2013 classifier (check_heldout18): faces = preprocess_input(faces), whose x = x.astype('float32')
    # copies every face while the caller's faces still holds them (it takes the result only on return)
    source = ("import numpy as np\nfrom tensorflow import keras\n\n\ndef preprocess_input(x):\n"
              "    x = x.astype('float32')\n    x = x / 255.0\n    return x\n\n\n"
              f"faces = np.load('faces.npy')\n{call}\nmodel = keras.Sequential([keras.layers.Conv2D(8, 3)])\n"
              "model.fit(faces, epochs=3)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("order, expected", [("step", [20]), ("preview", [])])
def test_a_pass_on_a_test_set_after_the_steps_backward_in_a_training_loop_is_evaluation(order, expected, tmp_path):
    # DiscoGAN (check_heldout18): every image_save_interval steps the fixed test images go through the generators
    # after that step's backward, outside no_grad (Variable(..., volatile=True) is ignored since PyTorch 0.4); a
    # pass before the backward of its step is part of that step
    step = "        loss = gen(x).mean()\n        loss.backward()\n        opt.step()\n"
    preview = "        if i % 1000 == 0:\n            shown = gen(test_x)\n            print(shown.shape)\n"
    source = ("import torch\nimport torch.nn as nn\n\n\nclass G(nn.Module):\n    def forward(self, x):\n"
              "        return x * 2\n\n\ngen = G().cuda()\nopt = torch.optim.Adam(gen.parameters())\n"
              "test_x = read_images(test_paths).cuda()\nfor epoch in range(100):\n    for i in range(n_batches):\n"
              "        x = read_images(paths[i * 64:(i + 1) * 64]).cuda()\n"
              + (step + preview if order == "step" else preview + step))
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("picked, expected", [("dataset.paper_feat[train_idx]", [8]),
                                              ("dataset.paper_label[train_idx]", [])])
def test_the_rows_of_a_split_picked_from_a_library_data_set_and_moved_to_the_gpu_are_the_split(
        picked, expected, tmp_path):
    # OGB's MAG240M MLP (check_heldout18): the training papers' features, picked from the memory-mapped matrix of
    # the library's data set by the split's index array, converted and moved to the GPU whole; their labels are
    # one number each
    source = ("import torch\nfrom ogb.lsc import MAG240MDataset\n\ndataset = MAG240MDataset('data')\n"
              "train_idx = dataset.get_idx_split('train')\ndevice = 'cuda:0'\n"
              f"x_train = {picked}\nx_train = torch.from_numpy(x_train).to(torch.float).to(device)\n"
              "print(x_train.shape)\n")
    assert _rules(tmp_path, source, "dataset-on-gpu") == expected


@pytest.mark.parametrize("units, expected", [(925, [9]), (100, [])])
def test_a_dense_layer_that_says_how_many_features_it_takes_after_flatten_is_sized(units, expected, tmp_path):
    # DanQ (check_heldout18): the BiLSTM's 64 steps x 1,024 channels flattened into Keras 1's
    # Dense(input_dim=64 * 1024, output_dim=925): 60.6 M weights, said by the Dense itself; into 100 units, 6.6 M
    source = ("from keras.layers import LSTM, Convolution1D, Dense, Dropout, Flatten, MaxPooling1D\n"
              "from keras.models import Sequential\n\nnet = Sequential()\n"
              "net.add(Convolution1D(input_dim=4, input_length=1000, nb_filter=1024, filter_length=30))\n"
              "net.add(MaxPooling1D(pool_length=15, stride=15))\n"
              "net.add(LSTM(input_dim=1024, output_dim=1024, return_sequences=True))\nnet.add(Dropout(0.5))\n"
              f"net.add(Flatten())\nnet.add(Dense(input_dim=64 * 1024, output_dim={units}, activation='relu'))\n"
              "net.compile(loss='binary_crossentropy', optimizer='rmsprop')\n")
    assert _rules(tmp_path, source, "flatten-dense") == expected


@pytest.mark.parametrize("rows, expected", [("csv.reader(f)", [12]), ("['a.jpg', 'b.jpg']", [])])
def test_the_rows_of_a_csv_file_read_into_a_list_are_as_many_as_its_lines(rows, expected, tmp_path):
    # a driving log of one row per recorded frame (check_heldout19): the rows csv.reader gives are kept in a list,
    # and a loop over that list decodes the image each row names; the list is as long as the file, not the two
    # names of a list written down
    source = ("import csv\nimport cv2\nimport numpy as np\n\nrows = []\nwith open('log.csv') as f:\n"
              f"    for row in {rows}:\n        rows.append(row)\n\nimages = []\nfor row in rows:\n"
              "    images.append(cv2.imread(row[0]))\nX = np.array(images)\nprint(X.shape)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("targets, expected", [("pd.read_csv('votes.csv').values[:, 1:]", []),
                                               ("np.load('votes.npy')", [7])])
def test_the_columns_of_a_csv_table_given_to_from_tensor_slices_are_not_said_without_a_size(
        targets, expected, tmp_path):
    # the Galaxy Zoo regression (check_heldout19): the 37 vote fractions of each galaxy, read from the CSV, sliced
    # beside the image ids that a map() decodes: a few numbers per row, large only where the script shows a size
    source = ("import numpy as np\nimport pandas as pd\nimport tensorflow as tf\n\n"
              f"fractions = {targets}\n"
              "images = tf.data.Dataset.list_files('imgs/*.jpg').map(tf.io.read_file)\n"
              "votes = tf.data.Dataset.from_tensor_slices(tf.cast(fractions, tf.float32))\n"
              "pipe = tf.data.Dataset.zip((images, votes)).batch(64)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("cast, expected", [("table.values[:, 0].astype(int).astype(str)", []),
                                            ("table.values.astype(str)", [5])])
def test_one_column_of_a_pandas_table_made_numbers_is_one_value_per_row(cast, expected, tmp_path):
    # the Galaxy Zoo regression (check_heldout19): the id column of the CSV, made integers and then strings to
    # name each image file: one string per row, not the table written out as text
    source = ("import pandas as pd\nimport tensorflow as tf\n\ntable = pd.read_csv('solutions.csv')\n"
              f"ids = {cast}\nprint(ids[:5])\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("conv, expected", [("Conv1D(10, 11, activation='relu')", []),
                                            ("Conv2D(10, 11, activation='relu')", [8])])
def test_flatten_after_a_one_dimensional_convolution_of_unknown_length_is_not_an_image(conv, expected, tmp_path):
    # the SMILES autoencoder (check_heldout19): three Conv1D over a 120-character string, flattened into
    # Dense(435): a sequence's length times ten filters, not an image's rows times its columns
    source = ("from tensorflow.keras.layers import Conv1D, Conv2D, Dense, Flatten, Input\n"
              "from tensorflow.keras.models import Model\n\n\ndef encoder(seq):\n"
              f"    x = Conv1D(9, 9, activation='relu')(seq)\n    x = {conv}(x)\n"
              "    x = Flatten()(x)\n    return Dense(435, activation='relu')(x)\n\n\n"
              "inp = Input(shape=(120, 35))\nmodel = Model(inp, encoder(inp))\n")
    assert _rules(tmp_path, source, "flatten-dense") == expected


@pytest.mark.parametrize("made, fill, expected", [
    ("targets = np.empty((len(zone_targets), 17))", "targets[i] = vec", []),
    ("masks = np.empty((len(zone_targets), 128, 128))", "masks[i] = cv2.imread(name + '.png', 0)", [11])])
def test_a_buffer_of_a_few_numbers_per_sample_named_as_labels_is_labels(made, fill, expected, tmp_path):
    # the body-scan threat classifier (check_heldout19): each subject's 17 zone zone_targets, written into a float64
    # buffer row by row: labels, 136 bytes a sample; a buffer of masks is an image a sample, whatever its name
    source = ("import cv2\nimport numpy as np\n\nzone_targets = {}\nfor line in open('labels.csv'):\n"
              "    name, zone = line.strip().split(',')\n    if name not in zone_targets:\n"
              "        zone_targets[name] = np.zeros(17)\n    zone_targets[name][int(zone)] = 1\n\n"
              f"{made}\nfor i, (name, vec) in enumerate(zone_targets.items()):\n    {fill}\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("returned, expected", [("scan", [11]), ("np.pad(scan, ((0, 1), (0, 0)))", [11]),
                                                ("scan.mean()", [])])
def test_an_array_a_helper_reads_anew_on_each_call_written_into_a_buffer_is_one_sample(returned, expected, tmp_path):
    # the body-scan threat classifier (check_heldout19): each subject's scan, read by the script's helper from its
    # file (np.fromfile, padded by a row) and written into a preallocated float32 array: every scan held at once
    source = ("import numpy as np\n\n\ndef read_scan(path):\n    with open(path, 'rb') as f:\n"
              "        scan = np.fromfile(f, dtype=np.float32).reshape(660, 512)\n"
              f"    return {returned}\n\n\nnames = open('subjects.txt').read().split()\n"
              "scans = np.empty((len(names), 661, 512), dtype=np.float32)\nfor i, name in enumerate(names):\n"
              "    scans[i] = read_scan(name + '.aps')\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("decorator, expected", [("", [15]), ("@torch.no_grad()\n", [])])
def test_each_model_of_an_ensemble_list_run_in_a_predict_function_is_a_forward_pass(decorator, expected, tmp_path):
    # the body-scan threat classifier (check_heldout19): predict() takes one model or a list of checkpoints'
    # models, makes a list of the one, and averages what each gives, with gradients on
    source = ("import torch\nimport torch.nn as nn\n\n\nclass Net(nn.Module):\n    def forward(self, x):\n"
              "        return x\n\n\n"
              f"{decorator}def predict(models, scan):\n    if not isinstance(models, list):\n"
              "        models = [models]\n    total = 0\n    for m in models:\n"
              "        total = total + torch.sigmoid(m(scan.cuda()))\n    return total / len(models)\n\n\n"
              "net = Net().cuda()\nnet.eval()\nprint(predict(net, torch.zeros(1, 3, 64, 64)))\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("made", ["nn.MSELoss().to(device)", "nn.MSELoss().cuda()", "nn.MSELoss()"])
def test_a_loss_function_moved_to_the_gpu_still_gives_losses(made, tmp_path):
    # the fast style transfer trainer (check_heldout19): mse = nn.MSELoss().to(device), a style loss summed over
    # the feature maps of each step, and that sum added up across steps without .item()
    source = ("import torch\nimport torch.nn as nn\n\ndevice = 'cuda'\nnet = nn.Conv2d(3, 3, 3).to(device)\n"
              f"mse = {made}\nopt = torch.optim.Adam(net.parameters())\nstyle_running = 0\n"
              "for photos in loader:\n    feats = [net(photos.to(device))]\n    style = 0\n"
              "    for f in feats:\n        style += mse(f.mean(), torch.zeros(()).to(device))\n"
              "    style_running += style\n    style.backward()\n    opt.step()\n")
    assert _rules(tmp_path, source, "loss-keeps-graph") == [14]


@pytest.mark.parametrize("started, expected", [("running = 0\nfor epoch in range(10):\n", []),
                                               ("for epoch in range(10):\n    running = 0\n", [15])])
def test_a_running_sum_of_losses_kept_in_a_list_keeps_what_the_sum_keeps(started, expected, tmp_path):
    # the fast style transfer trainer (check_heldout19): hist.append(running / step) every few steps, running a
    # sum of loss tensors never started again: each appended value's graph is part of the sum's, said by
    # loss-keeps-graph; a sum started anew each epoch leaves the graphs the list keeps to the list
    source = ("import torch\nimport torch.nn as nn\n\nnet = nn.Linear(8, 1).cuda()\n"
              "opt = torch.optim.Adam(net.parameters())\nhist = []\n"
              f"{started}"
              "    for step, (x, y) in enumerate(loader):\n        loss = ((net(x.cuda()) - y.cuda()) ** 2).mean()\n"
              "        running += loss\n        loss.backward()\n        opt.step()\n        if step % 100 == 0:\n"
              "            hist.append(running / (step + 1))\n")
    assert _rules(tmp_path, source, "tensors-kept-across-steps") == expected


@pytest.mark.parametrize("debug, expected", [("if args.debug:\n    scans = scans[:128]\n", [9]),
                                             ("scans = scans[:128]\n", [])])
def test_a_data_set_cut_short_only_on_a_debug_branch_is_whole_past_it(debug, expected, tmp_path):
    # the KITTI LiDAR VAE (check_heldout19): `if args.debug: scans = scans[:128]`, with no else: the run that
    # matters trains on every scan the np.load read
    source = ("import argparse\nimport numpy as np\nimport torch\n\nparser = argparse.ArgumentParser()\n"
              "parser.add_argument('--debug', action='store_true')\nargs = parser.parse_args()\n\n"
              f"scans = np.load('lidar.npz')\n{debug}"
              "loader = torch.utils.data.DataLoader(scans, batch_size=64, shuffle=True)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("rest, expected", [("scans[i + 1:]", [15]), ("scans[i + 1:i + 2]", [])])
def test_the_rows_after_one_picked_in_a_loop_are_the_rest_of_the_array_not_a_batch(rest, expected, tmp_path):
    # the KITTI LiDAR VAE (check_heldout19): the empty scans are dropped one by one,
    # scans = np.concatenate([scans[:i - 1], scans[i + 1:]]): what is returned is still the data set
    source = ("import numpy as np\nimport torch\n\n\ndef drop_empty(scans):\n    empty = []\n"
              "    for i in range(len(scans)):\n        if not scans[i].any():\n            empty.append(i)\n"
              f"    for i in empty:\n        scans = np.concatenate([scans[:i], {rest}])\n    return scans\n\n\n"
              "train = drop_empty(np.load('lidar.npz'))\n"
              "loader = torch.utils.data.DataLoader(train, batch_size=64, shuffle=True)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


def test_what_a_function_returns_of_its_parameter_is_of_the_data_set_each_call_gives(tmp_path):
    # the KITTI LiDAR VAE (check_heldout19): scans_val = preprocess(scans_val) after the same for scans_train:
    # the validation scans come back as themselves, read whole and handed to their own loader, and converting
    # them copies no training scan
    source = ("import numpy as np\nimport torch\n\n\ndef preprocess(scans):\n    return scans[:, 5:45]\n\n\n"
              "scans_train = np.load('lidar.npz')\nscans_val = np.load('lidar_val.npz')\n"
              "scans_train = preprocess(scans_train).astype('float32')\n"
              "scans_val = preprocess(scans_val).astype('float32')\n"
              "train_loader = torch.utils.data.DataLoader(scans_train, batch_size=64, shuffle=True)\n"
              "val_loader = torch.utils.data.DataLoader(scans_val, batch_size=64)\n")
    messages = _load_messages(tmp_path, source)  # the validation scans' load, said with the training scans'
    assert list(messages) == [9] and "(line 10 of train.py)" in messages[9]
    assert _rules(tmp_path, source, "duplicate-copy") == []


@pytest.mark.parametrize("guard, expected", [("", [17]), ("torch.set_grad_enabled(phase == 'train')", [])])
def test_a_forward_pass_in_a_loop_over_train_and_eval_phases_is_evaluation_on_the_eval_phase(
        guard, expected, tmp_path):
    # the MAESTRO performance RNN (check_heldout19): for phase in ['train', 'eval'], model.eval() on the second,
    # the same forward call for both, and only the train phase's backward under `if phase == 'train'`
    with_block = f"            with {guard}:\n    " if guard else ""
    source = ("import torch\nimport torch.nn as nn\n\n\nclass Net(nn.Module):\n    def forward(self, x):\n"
              "        return x\n\n\nmodel = Net().cuda()\nopt = torch.optim.Adam(model.parameters())\n"
              "loaders = {'train': train_loader, 'eval': eval_loader}\nfor epoch in range(10):\n"
              "    for phase in ['train', 'eval']:\n        model.train() if phase == 'train' else model.eval()\n"
              "        for x, y in loaders[phase]:\n"
              f"{with_block}            out = model(x.cuda())\n"
              f"{'    ' if guard else ''}            loss = ((out - y.cuda()) ** 2).mean()\n"
              "            if phase == 'train':\n                opt.zero_grad()\n                loss.backward()\n"
              "                opt.step()\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("switch, expected", [("", [21]), ("torch.set_grad_enabled(False)", [])])
def test_a_phase_loop_that_switches_gradients_off_in_its_eval_branch_is_not_evaluation_with_autograd(
        switch, expected, tmp_path):
    # an EEG classifier (check_heldout158): for split in ('train', 'val', 'test'), model.train() and
    # torch.set_grad_enabled(True) for training, model.eval() and torch.set_grad_enabled(False) otherwise, as
    # statements, not a with block; the same forward pass for every split after the if
    source = ("import torch\nimport torch.nn as nn\n\n\nclass Net(nn.Module):\n    def forward(self, x):\n"
              "        return x\n\n\nmodel = Net().cuda()\nopt = torch.optim.Adam(model.parameters())\n"
              "loaders = {'train': a, 'val': b, 'test': c}\nfor epoch in range(10):\n"
              "    for split in ('train', 'val', 'test'):\n        if split == 'train':\n            model.train()\n"
              f"        else:\n            model.eval()\n            {switch or 'pass'}\n"
              "        for x, y in loaders[split]:\n            out = model(x.cuda())\n"
              "            loss = ((out - y.cuda()) ** 2).mean()\n"
              "            if split == 'train':\n                opt.zero_grad()\n                loss.backward()\n"
              "                opt.step()\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("second, expected", [("loaders['validate'] = val_loader", [16]),
                                             ("loaders['extra'] = val_loader", [])])
def test_a_loop_over_a_dicts_phases_and_loaders_is_evaluation_on_its_eval_phase(second, expected, tmp_path):
    # the tweet NER tagger (check_heldout104): loaders = {"train": ...}, loaders["validate"] = ..., then for phase,
    # loader in loaders.items(), the same forward pass for both and the backward only under `if phase == "train"`
    source = ("import torch\n\n\nclass Tagger(torch.nn.Module):\n    def forward(self, x):\n        return x\n\n\n"
              "def run(tagger, opt, train_loader, val_loader, epochs):\n"
              "    for epoch in range(epochs):\n        loaders = {'train': train_loader}\n"
              f"        {second}\n"
              "        for phase, loader in loaders.items():\n            for x, y in loader:\n"
              "                x, y = x.cuda(), y.cuda()\n                out = tagger(x)\n"
              "                loss = ((out - y) ** 2).mean()\n                if phase == 'train':\n"
              "                    opt.zero_grad()\n                    loss.backward()\n                    opt.step()\n\n\n"
              "run(Tagger().cuda(), opt, train_loader, val_loader, 10)\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("joined, expected", [("np.concatenate((patch, self.mask[i][None, :]))", [10]),
                                              ("(patch, self.mask[i])", [])])
def test_a_row_joined_to_a_sample_as_one_more_plane_is_an_image_whatever_its_name(joined, expected, tmp_path):
    # the PCam histopathology CNN (check_heldout19): a pickled array of one 96 x 96 mask per patch, each joined in
    # __getitem__ to its patch as a fourth plane: the masks are images too, read whole; masks returned beside the
    # patch, as targets, are what the name says
    source = ("import pickle\n\nimport numpy as np\nfrom torch.utils.data import DataLoader, Dataset\n\n\n"
              "class Patches(Dataset):\n    def __init__(self, x_path, mask_path):\n"
              "        with open(mask_path, 'rb') as fh:\n            self.mask = pickle.load(fh)\n"
              "        self.x = np.load(x_path, mmap_mode='r')\n\n    def __len__(self):\n        return len(self.x)\n\n"
              "    def __getitem__(self, i):\n        patch = self.x[i].astype('float32') / 255\n"
              f"        return {joined}\n\n\n"
              "loader = DataLoader(Patches('x.npy', 'masks.pkl'), batch_size=64, shuffle=True)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("item, expected", [("self.context_idxs[idx], self.answers[idx]", [13]),
                                            ("Image.open(self.names[idx]), self.context_idxs[idx]", [])])
def test_the_arrays_a_dataset_serves_rows_of_reading_no_file_are_its_training_set(item, expected, tmp_path):
    # the SQuAD BiDAF reader (check_heldout19): every array of the .npz kept whole in the Dataset and served row by
    # row by __getitem__, whatever the arrays are called (said at the first key read: np.load opens the .npz
    # lazily); beside an image opened per item, the rows picked are that image's targets
    source = ("import os\n\nimport numpy as np\nimport torch\nfrom PIL import Image\n"
              "from torch.utils.data import DataLoader, Dataset\n\n\nclass QA(Dataset):\n"
              "    def __init__(self, path):\n        record = np.load(path)\n"
              "        self.names = sorted(os.listdir('imgs'))\n"
              "        self.context_idxs = torch.from_numpy(record['context_idxs']).long()\n"
              "        self.answers = torch.from_numpy(record['y1s']).long()\n\n    def __len__(self):\n"
              "        return len(self.context_idxs)\n\n    def __getitem__(self, idx):\n"
              f"        return {item}\n\n\nloader = DataLoader(QA('train.npz'), batch_size=64, shuffle=True)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


def test_a_pipeline_a_local_package_module_builds_is_checked_there(tmp_path):
    # a training script that imports its tf.data pipeline from data/pipeline.py, which builds and caches it at
    # module level: the cache is found in that module, where it is written (rules that look for calls by name see
    # the parts of local modules that the script uses)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "pipeline.py").write_text(
        "import tensorflow as tf\n\n"
        "train_ds = tf.keras.utils.image_dataset_from_directory('photos', image_size=(224, 224), batch_size=32)\n"
        "train_ds = train_ds.cache().prefetch(tf.data.AUTOTUNE)\n")
    (tmp_path / "train.py").write_text(
        "from tensorflow import keras\nfrom data.pipeline import train_ds\n\n"
        "model = keras.applications.MobileNetV2(weights=None, classes=10)\n"
        "model.compile('adam', 'sparse_categorical_crossentropy')\nmodel.fit(train_ds, epochs=5)\n")
    assert [(Path(f.file).relative_to(tmp_path).as_posix(), f.line, f.rule) for f in check_source(
        tmp_path / "train.py") if f.kind == "memory"] == [("data/pipeline.py", 4, "cache-in-memory")]


@pytest.mark.parametrize("read, expected", [("h5['volumes'][sample_indexes]", [11]),
                                            ("h5['volumes'][sample_indexes[0]]", [])])
def test_an_hdf5_data_set_indexed_by_every_row_of_a_split_is_read_whole(read, expected, tmp_path):
    # the rows of a fold picked at once from an HDF5 data set (h5py's fancy indexing) are read into memory, as
    # [:] reads all of them; one row is one sample
    source = ("import h5py\nimport numpy as np\nimport tensorflow as tf\n\n\n"
              "def fold_dataset(path, cases, per_case=100):\n    h5 = h5py.File(path, 'r')\n"
              "    sample_indexes = []\n    for case in cases:\n"
              "        sample_indexes.extend(range(case * per_case, (case + 1) * per_case))\n"
              f"    volumes = {read}\n"
              "    return tf.data.Dataset.from_tensor_slices(volumes).batch(8)\n\n\n"
              "train_ds = fold_dataset('scans.h5', [0, 1, 2, 3])\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected



@pytest.mark.parametrize("used, expected", [("", []), ("helpers = [load_all]\n", [11])])
def test_a_helper_imported_beside_the_one_called_is_not_the_scripts_code(used, expected, tmp_path):
    # from loaders import load_train, load_all, then only load_train() called: load_all never runs, so what it does
    # is not reported; a helper the script names (passes on) counts as used
    (tmp_path / "loaders.py").write_text(
        "import os\n\nimport cv2\n\n\ndef load_train(folder):\n    return sorted(os.listdir(folder))\n\n\n"
        "def load_all(folder):\n    return [cv2.imread(os.path.join(folder, f)) for f in os.listdir(folder)]\n")
    (tmp_path / "train.py").write_text(f"from loaders import load_train, load_all\n\nnames = load_train('photos')\n{used}")
    assert [f.line for f in check_source(tmp_path / "train.py") if f.rule == "eager-loading"] == expected


@pytest.mark.parametrize("main, expected", [
    ("x = helpers.used_loader('data')\n", []),  # read_all is called only by a loader nothing calls
    ("x = helpers.unused_loader('data')\n", [10, 11]),  # ... which the script calls
])
def test_a_helper_called_only_by_code_that_never_runs_does_not_run(main, expected, tmp_path):
    # a local module's function named only inside another that nothing calls (UrbanSound8K's signal_matrix, called
    # by raw_arrays alone, check_heldout61) is not code the script runs: what uses it must run too
    (tmp_path / "helpers.py").write_text(
        "import os\n\nimport cv2\nimport numpy as np\n\n\ndef read_all(folder):\n    images = []\n"
        "    for name in os.listdir(folder):\n        images.append(cv2.imread(os.path.join(folder, name)))\n"
        "    return np.array(images)\n\n\ndef unused_loader(folder):\n    return read_all(folder)\n\n\n"
        "def used_loader(folder):\n    return np.load(os.path.join(folder, 'x.npy'), mmap_mode='r')\n")
    (tmp_path / "train.py").write_text("import helpers\n\n" + main + "print(x.shape)\n")
    assert sorted(f.line for f in check_source(tmp_path / "train.py") if f.kind == "memory") == expected


@pytest.mark.parametrize("labels, expected", [("df['label'].values", []), ("df", [20])])
def test_a_label_column_taken_out_of_a_table_as_an_array_is_not_a_table_for_workers(labels, expected, tmp_path):
    # a Dataset keeping the image paths of a CSV and its label column as a NumPy array (df['label'].values): one
    # buffer of numbers, which workers read without touching Python objects; the DataFrame itself is rows of them
    source = ("import os\n\nimport pandas as pd\nfrom PIL import Image\nfrom torch.utils.data import DataLoader, Dataset\n\n\n"
              "class Patches(Dataset):\n    def __init__(self, df, folder):\n"
              "        self.paths = [os.path.join(folder, f'{i}.tif') for i in df['id'].values]\n"
              f"        self.labels = {labels}\n\n    def __len__(self):\n        return len(self.paths)\n\n"
              "    def __getitem__(self, i):\n"
              "        return Image.open(self.paths[i]), self.labels[i]\n\n\n"
              "loader = DataLoader(Patches(pd.read_csv('train.csv'), 'train'), batch_size=64, num_workers=4)\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == expected


@pytest.mark.parametrize("start, row, expected", [
    ("np.zeros((0, 3))", "np.array([epoch, train_loss, val_loss])", []),  # an epoch's numbers: a log
    ("np.zeros((0, 4096))", "np.array([epoch] * 4096)", [9])])  # 4,096 values per pass: samples
def test_an_array_grown_by_rows_of_a_few_numbers_is_a_log_not_a_data_set(start, row, expected, tmp_path):
    # history = np.vstack((history, [epoch, loss, ...])) once per epoch keeps a few numbers per pass, as a table's
    # rows are: its copies are not where memory goes
    source = ("import cv2\nimport numpy as np\n\n"
              f"history = {start}\nfor epoch in range(100):\n    train_loss = epoch * 0.1\n"
              "    val_loss = epoch * 0.2\n"
              f"    row = {row}\n"
              "    history = np.vstack((history, row))\nnp.save('history.npy', history)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("start, expected", [
    ("torch.zeros((1, 3, 64, 64))", [("eager-loading", 17)]),  # float32 by default: said with the list
    ("torch.zeros((1, 3, 64, 64), dtype=torch.uint8)", [("eager-loading", 17)])])
def test_every_file_concatenated_onto_one_array_in_a_loop_is_kept(start, expected, tmp_path):
    # a Dataset that torch.cat's each decoded image onto self.images in __init__: every file kept, as an append
    # keeps it; started from torch.zeros without a dtype, each uint8 image becomes float32 before it is kept
    source = ("import os\n\nimport torch\nfrom torch.utils.data import DataLoader, Dataset\n"
              "from torchvision.io import read_image\n\n\nclass Spectrograms(Dataset):\n"
              "    def __init__(self, folder):\n        # one decoded PNG per file\n"
              "        self.folder = folder\n\n"
              f"        self.images = {start}\n"
              "        for name in sorted(os.listdir(folder)):\n"
              "            image = read_image(os.path.join(folder, name))[None, :]\n\n"
              "            self.images = torch.cat((self.images, image))\n"
              "        self.images = self.images[1:]\n\n    def __len__(self):\n        return len(self.images)\n\n"
              "    def __getitem__(self, i):\n        return self.images[i]\n\n\n"
              "loader = DataLoader(Spectrograms('spectrograms'), batch_size=8, shuffle=True)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert sorted((f.rule, f.line) for f in check_source(script) if f.kind == "memory") == expected
    assert _widened(tmp_path, source) == ([13] if "uint8" not in start else [])


@pytest.mark.parametrize("stride, expected", [(", subsample=(2, 2)", []), ("", [11])])
def test_keras_1_subsample_is_a_stride(stride, expected, tmp_path):
    # Keras 1 named a convolution's strides subsample=: strided convolutions shrink the map by an amount the script
    # does not show before Flatten, so the head is not claimed large
    source = ("from keras.models import Sequential\nfrom keras.layers.core import Dense, Flatten\n"
              "from keras.layers.convolutional import Convolution2D\n\n"
              "model = Sequential()\n"
              "model.add(Convolution2D(32, 3, 3, border_mode='same', input_shape=(3, 64, 48)))\n"
              f"model.add(Convolution2D(64, 3, 3{stride}))\n"
              f"model.add(Convolution2D(128, 3, 3{stride}))\n"
              "model.add(Convolution2D(128, 3, 3, border_mode='same'))\n\n"
              "model.add(Flatten())\nmodel.add(Dense(128, activation='relu'))\n"
              "model.add(Dense(10, activation='softmax'))\n"
              "model.compile('adam', 'categorical_crossentropy')\nmodel.fit(x, y, nb_epoch=5)\n")
    assert _rules(tmp_path, source, "flatten-dense") == expected


@pytest.mark.parametrize("shape, expected", [("(127, 127, 9)", [16]), ("(25, 96, 3)", [])])
def test_fit_of_arrays_whose_samples_the_model_input_shows_are_large(shape, expected, tmp_path):
    # np.load gives no shape; the model's input_shape says each sample is a 127 x 127 x 9 scalogram (567 KiB in
    # float32), so any data set of them fills memory, and fit() on TensorFlow copies it; of 25 x 96 captchas, the
    # count decides, and the script does not show it
    source = ("import numpy as np\nfrom keras.layers import Conv2D, Dense, Flatten, MaxPooling2D\n"
              "from keras.models import Sequential\n\n"
              "x_train = np.load('scalograms.npy').astype('float32')\ny_train = np.load('activities.npy')\n"
              f"input_shape = {shape}\n\n"
              "model = Sequential()\nmodel.add(Conv2D(32, (5, 5), activation='relu', input_shape=input_shape))\n"
              "model.add(MaxPooling2D((2, 2)))\nmodel.add(Flatten())\nmodel.add(Dense(6, activation='softmax'))\n"
              "model.compile(loss='sparse_categorical_crossentropy', optimizer='adam')\n\n"
              "model.fit(x_train, y_train, batch_size=16, epochs=10)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


def test_fit_of_the_same_arrays_by_another_model_is_said_at_its_own_fit(tmp_path):
    # backbones trained in turn on the same decoded images: each fit() converts the arrays again, and each is a place
    # to feed batches instead (a baseline fit, then a second model fit on the same train_X, as the Keras book does);
    # the fit in the loop is one call, said once
    source = ("import numpy as np\nfrom keras.applications import MobileNet, Xception\n\n"
              "x = np.load('images.npy').reshape(-1, 299, 299, 3)\ny = np.load('labels.npy')\n"
              "for build in (MobileNet, Xception):\n    model = build(weights=None, classes=2)\n"
              "    model.compile('adam', 'sparse_categorical_crossentropy')\n"
              "    model.fit(x, y, epochs=5)\n"
              "small = MobileNet(weights=None, classes=2)\nsmall.compile('adam', 'sparse_categorical_crossentropy')\n"
              "small.fit(x, y, epochs=1)\n")
    assert _rules(tmp_path, source, "in-memory-array") == [9, 12]


@pytest.mark.parametrize("val_call, expected", [("make_dataset(x_val)", [8]), ("make_dataset(x_val, training=False)",
                                                                                  [8, 10])])
def test_a_branch_on_a_flag_left_at_its_default_by_every_call_is_the_only_one_run(val_call, expected, tmp_path):
    # make_dataset(x, training=True) called for both splits without the flag: its else branch never runs
    source = ("import numpy as np\nimport tensorflow as tf\n\n\n"
              "def make_dataset(images, training=True):\n    images = images.astype('float32')\n    if training:\n"
              "        return tf.data.Dataset.from_tensor_slices(images).shuffle(1000).batch(8)\n    else:\n"
              "        return tf.data.Dataset.from_tensor_slices(images).batch(8)\n\n\n"
              "x_train = np.load('x_train.npy').reshape(-1, 224, 224, 3)\n"
              "x_val = np.load('x_val.npy').reshape(-1, 224, 224, 3)\n"
              f"train_ds = make_dataset(x_train)\nval_ds = {val_call}\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("kept_beside, expected", [("labels", []), ("masks", [17])])
def test_predictions_kept_beside_the_labels_they_are_scored_against_are_label_sized(kept_beside, expected, tmp_path):
    # an F1 over the validation set: each batch's outputs (no graph, under no_grad) kept beside its labels, as
    # small as they are; beside masks, the outputs are masks too, image-sized
    source = ("import torch\nfrom sklearn.metrics import f1_score\n\n\n"
              "def evaluate(model, loader, device='cuda'):\n    model.eval()\n    y_true, y_pred = [], []\n"
              "    with torch.no_grad():\n"
              f"        for images, {kept_beside} in loader:\n"
              "            images = images.to(device)\n"
              f"            {kept_beside} = {kept_beside}.to(device)\n"
              "            outputs = model(images)\n\n\n\n"
              f"            y_true.append({kept_beside})\n"
              "            y_pred.append(outputs)\n"
              "    y_true, y_pred = torch.cat(y_true), torch.cat(y_pred)\n"
              "    return f1_score(y_true.cpu().numpy(), (y_pred > 0).cpu().numpy(), average='micro')\n\n\n"
              "model = torch.nn.Linear(10, 3).cuda()\nprint(evaluate(model, val_loader))\n")
    assert _rules(tmp_path, source, "tensors-kept-across-steps") == expected


@pytest.mark.parametrize("reshape, expected", [("(n, h, w, 1)", [12]), ("(n, h * w)", []),
                                               ("(n, 28, 28, 1)", [])])  # small images: the count decides
def test_fit_of_arrays_shaped_as_images_of_a_size_the_script_computes(reshape, expected, tmp_path):
    # spectrograms loaded whole and given a channel axis from their own shape: images by their shape (N × H × W × 1),
    # whatever H and W are, and fit() on TensorFlow copies them; flattened into rows, the size is not shown
    source = ("import numpy as np\nimport tensorflow as tf\nfrom model_unet import unet\n"
              "noisy = np.load('noisy.npy')\nclean = np.load('clean.npy')\n"
              "n, h, w = noisy.shape\n"
              f"noisy = noisy.reshape{reshape}\nclean = clean.reshape{reshape}\n\n"
              "model = unet()\nmodel.compile('adam', 'mse')\n"
              "model.fit(noisy, clean, epochs=10, batch_size=20)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("shape, fill, expected", [
    ("(len(sentences), maxlen, len(chars))", "x[i, t, char_indices[char]] = 1", [15]),
    ("(len(sentences), maxlen)", "x[i, t] = char_indices[char]", []),  # the indices: a few integers per sample
])
def test_fit_of_sequences_one_hot_encoded_at_every_position(shape, fill, expected, tmp_path):
    # a vector as long as the vocabulary for every character of every window: the text many times over, of a
    # size the script does not show, and fit() on TensorFlow copies it
    source = ("import numpy as np\nfrom keras.models import Sequential\nfrom keras.layers import LSTM, Dense\n\n"
              "text = open('lyrics.txt').read()\nchars = sorted(set(text))\n"
              "char_indices = {c: i for i, c in enumerate(chars)}\nmaxlen = 50\n"
              "sentences = [text[i:i + maxlen] for i in range(0, len(text) - maxlen, 3)]\n"
              f"x = np.zeros({shape}, dtype=np.bool_)\n"
              f"for i, sentence in enumerate(sentences):\n    for t, char in enumerate(sentence):\n        {fill}\n"
              "model = Sequential([LSTM(128), Dense(len(chars), activation='softmax')])\n"
              "model.fit(x, x[:, -1], batch_size=128, epochs=60)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("size, expected", [("img_rows=512, img_cols=512", [16]), ("img_rows=25, img_cols=96", [])])
def test_fit_of_arrays_whose_samples_a_model_input_of_attributes_shows_are_large(size, expected, tmp_path):
    # Input((self.img_rows, self.img_cols, 3)) with the sizes the constructor's defaults give: 512 x 512 x 3 samples
    # fill memory whatever their count, and fit() on TensorFlow copies them; 25 x 96 captchas do only if many
    source = ("import numpy as np\nfrom keras.layers import Conv2D, Input\nfrom keras.models import Model\n\n\n"
              "class Trainer:\n"
              f"    def __init__(self, {size}):\n"
              "        self.img_rows = img_rows\n        self.img_cols = img_cols\n\n"
              "    def train(self):\n"
              "        images = np.load('imgs_train.npy')\n        masks = np.load('imgs_mask_train.npy')\n"
              "        inputs = Input((self.img_rows, self.img_cols, 3))\n"
              "        model = Model(inputs, Conv2D(1, 1, activation='sigmoid')(inputs))\n"
              "        model.fit(images, masks, batch_size=2, epochs=50)\n\n\n"
              "Trainer().train()\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("scaled, expected", [("normalize(np.array(images), axis=1)", [12]),
                                              ("normalize(np.array(images[:50]), axis=1)", [])])  # a few to look at
def test_fit_of_decoded_images_scaled_by_a_library_function(scaled, expected, tmp_path):
    # keras.utils.normalize gives a new float array of what it is given: still every decoded image, copied by fit()
    source = ("import os\nimport cv2\nimport numpy as np\nfrom keras.utils import normalize\n"
              "from keras_unet_collection import models\n\n"
              "images = [cv2.imread('imgs/' + name, 0) for name in os.listdir('imgs')]\n"
              f"x = np.expand_dims({scaled}, 3)\n"
              "model = models.att_unet_2d((256, 256, 1), [64, 128], n_labels=1)\n"
              "model.compile('adam', 'binary_crossentropy')\n\n"
              "model.fit(x, x, batch_size=8, epochs=10)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("given, expected", [("faces", [6]), ("faces[:64]", [])])  # a few faces to try it out
def test_arrays_an_estimator_input_fn_thunk_passes_on(given, expected, tmp_path):
    # input_fn=lambda: eval_input_fn(...): the Estimator calls the thunk for its data, so the arrays it names reach
    # from_tensor_slices as a call written there would pass them
    source = ("import pickle\nimport tensorflow as tf\n\n\n"
              "def eval_input_fn(features, labels, batch_size):\n"
              "    return tf.data.Dataset.from_tensor_slices((features, labels)).batch(batch_size)\n\n\n"
              "faces = pickle.load(open('valid_faces.pkl', 'rb'))\nids = pickle.load(open('valid_ids.pkl', 'rb'))\n"
              "classifier = tf.estimator.Estimator(model_fn=model_fn)\n"
              f"classifier.evaluate(input_fn=lambda: eval_input_fn({given}, ids, 512))\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("first_layer, expected", [("Conv2D(64, (3, 3), activation='relu', input_shape=x.shape[1:])",
                                                    [10]),
                                                   ("Dense(64, activation='relu', input_shape=x.shape[1:])", [])])
def test_fit_of_arrays_a_model_of_2d_convolutions_takes_as_images(first_layer, expected, tmp_path):
    # nothing gives the pickle's shape, not even the model (input_shape=x.shape[1:]); but a model that convolves in
    # two dimensions is given images, and fit() on TensorFlow copies them; a model of Dense layers takes rows
    source = ("import pickle\nfrom keras.models import Sequential\nfrom keras.layers import Conv2D, Dense, Flatten\n\n"
              "x = pickle.load(open('pixels.pkl', 'rb')) / 255\ny = pickle.load(open('labels.pkl', 'rb'))\n"
              f"net = Sequential([{first_layer}, Flatten(), Dense(2, activation='softmax')])\n"
              "net.compile(loss='sparse_categorical_crossentropy', optimizer='adam')\n\n"
              "net.fit(x, y, batch_size=32, epochs=5, validation_split=0.1)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("first_layer, expected", [("Conv2D(32, (3, 3), input_shape=dims[1:])", [11]),
                                                   ("Dense(32, input_shape=dims[1:])", [])])
def test_fit_of_a_buffer_of_computed_dimensions_a_model_of_2d_convolutions_takes(first_layer, expected, tmp_path):
    # np.zeros of dimensions read from a sample file, the channels too: no size shown, not even the channel count
    # that would make it image-shaped; the model's 2-D convolutions say its rows are images
    source = ("import numpy as np\nfrom keras.models import Sequential\n"
              "from keras.layers import Conv2D, Dense, Flatten\n\ndims = np.load('first.npy').shape\n"
              "X = np.zeros((total, dims[1], dims[2], dims[3]))\nY = np.zeros((total, 10))\n"
              f"model = Sequential([{first_layer}, Flatten(), Dense(10, activation='softmax')])\n"
              "model.compile(loss='categorical_crossentropy', optimizer='adam')\n\n"
              "model.fit(X, Y, batch_size=20, epochs=50, validation_split=0.2)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


def test_an_attribute_the_flow_follows_is_not_replaced_by_an_array_of_what_it_cannot(tmp_path):
    # self._images holds the volumes __init__ reads; shuffle() rebinds it to np.array(self._images)[perm], which the
    # flow sees first, before the list's reader returns: the list is what the attribute holds
    source = ("import os\nimport numpy as np\nimport nibabel\n\n\nclass Volumes:\n"
              "    def __init__(self, folder):\n        self._images = self._read(folder)\n"
              "        self._count = len(self._images)\n\n"
              "    def _read(self, folder):\n        volumes = []\n        for name in os.listdir(folder):\n"
              "            volumes.append(nibabel.load(os.path.join(folder, name)).get_fdata())\n"
              "        return volumes\n\n"
              "    def shuffle(self):\n        perm = np.random.permutation(self._count)\n"
              "        self._images = np.array(self._images)[perm]\n\n\n"
              "train = Volumes('scans')\nimages = np.asarray(train._images)\nprint(images.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == [23]


@pytest.mark.parametrize("bound, said", [("    x = image\n", "A second full copy of x"),
                                         ("    x = image + 0\n", "This shuffle builds a reordered copy")])
def test_a_fancy_index_rebinding_one_name_of_an_array_another_name_still_holds(bound, said, tmp_path):
    # x = image, then x = x[order]: the shuffled copy is a second array, as image keeps the first for the rest of
    # main; an array of its own (image + 0) goes as x is rebound, but only once the shuffled copy is whole
    source = ("import numpy as np\nfrom scipy.io import loadmat\n\n\ndef main():\n"
              "    d = loadmat('imdb.mat')\n    image = d['image']\n"
              f"{bound}"
              "    order = np.arange(len(x))\n    np.random.shuffle(order)\n    x = x[order]\n"
              "    print(image.shape, x.shape)\n\n\nmain()\n")
    assert _rules(tmp_path, source, "duplicate-copy") == [11]
    assert said in next(f.message for f in check_source(tmp_path / "train.py") if f.rule == "duplicate-copy")


def test_an_array_cut_up_and_put_together_again_is_not_grown(tmp_path):
    # dropping rows one at a time (np.concatenate of two slices of x, rebound to x): x is cut, not grown by
    # samples added to it
    source = ("import numpy as np\nx = np.load('scans.npy')\ndropped = [3, 17]\nfor i in dropped:\n"
              "    x = np.concatenate([x[:i - 1], x[i + 1:]], axis=0)\nprint(x.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == []


def test_a_concatenation_that_rebuilds_the_data_set_each_fold_after_an_earlier_copy(tmp_path):
    # k-fold by hand: x is split, trained on, and put back together for the next fold; the copy made before the
    # loop does not make that peak old news
    source = ("import numpy as np\nimport keras\nx = np.load('mels.npy')\nbackup = x.copy()\n"
              "model = keras.Sequential()\nfor k in range(5):\n    cut = int(len(x) * 0.8)\n"
              "    x_val, x = x[cut:], x[:cut]\n    model.fit(x, epochs=1, validation_data=(x_val,))\n"
              "    x = np.concatenate((x_val, x))\nprint(backup.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == [4, 10]


@pytest.mark.parametrize("piece, expected", [("patches[:, :, :, n]", []), ("patches[:, :, :, keep]", [6])])
def test_a_copy_of_one_position_of_an_axis_a_pass_is_not_a_second_copy(piece, expected, tmp_path):
    # patches of shape (C, h, w, N), samples on the last axis, each copied into an HDF5 file of its own; an index
    # array (keep) picks every row it names in one go
    source = ("import numpy as np\nimport h5py\npatches = np.load('patches.npy')\nkeep = np.load('keep.npy')\n"
              "for n in range(patches.shape[3]):\n"
              f"    data = {piece}.copy()\n"
              "    with h5py.File(f'{n}.h5', 'w') as h5f:\n        h5f.create_dataset('data', data=data)\n"
              "print(patches.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("shape, expected", [("(self.n_classes, self.n_classes)", []),
                                             ("(self.n_scans, self.n_points)", [13])])
def test_a_matrix_of_class_pairs_is_small(shape, expected, tmp_path):
    # a confusion matrix a metrics object copies before it zeroes its ignored classes: a number per pair of classes
    source = ("import numpy as np\n\n\nclass Metrics:\n    def __init__(self, n_classes, n_scans, n_points):\n"
              "        self.n_classes, self.n_scans, self.n_points = n_classes, n_scans, n_points\n"
              "        self.reset()\n\n    def reset(self):\n"
              f"        self.conf = np.zeros({shape}, dtype=np.int64)\n\n"
              "    def stats(self):\n        conf = self.conf.copy()\n        conf[:, 0] = 0\n"
              "        return np.diag(conf) / (conf.sum(0) + 1e-9)\n\n\n"
              "metrics = Metrics(len(names), len(scans), len(points))\nprint(metrics.stats())\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("row, expected", [("x[k] - mean", [9, 11]), ("x[k]", [])])
def test_a_list_of_arrays_made_from_each_row_of_an_array_that_stays_is_a_second_copy(row, expected, tmp_path):
    # each row made anew (centred) and kept, while x holds every row still; a row itself is a reference to x's
    # memory, no new array
    source = ("import numpy as np\n\n\ndef split(x):\n    mean = np.mean(x, axis=0)\n    train, held = [], []\n"
              "    for k in np.random.permutation(len(x)):\n"
              f"        if k % 10 == 0:\n            held.append({row})\n"
              f"        else:\n            train.append({row})\n"
              "    return train, held\n\n\n"
              "train, held = split(np.load('x.npy').reshape(-1, 224, 224, 3))\nprint(len(train))\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


def test_keras_normalize_makes_a_new_array_of_the_data_set(tmp_path):
    # keras.utils.normalize(x) is x divided by its norm: a new array, which the split after it copies again while
    # the name keeps it
    source = ("import os\nimport cv2\nimport numpy as np\nfrom keras.utils import normalize\n"
              "from sklearn.model_selection import train_test_split\n\nimages = []\n"
              "for name in os.listdir('photos'):\n"
              "    images.append(cv2.resize(cv2.imread(os.path.join('photos', name), 0), (256, 256)))\n"
              "images = np.expand_dims(normalize(np.array(images), axis=1), 3)\n"
              "x_train, x_test = train_test_split(images, test_size=0.1)\nprint(images.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == [11]


@pytest.mark.parametrize("target, expected", [("x_shuffled", [6]), ("x", [])])
def test_rows_picked_from_an_array_of_what_the_flow_cannot_follow_are_a_copy(target, expected, tmp_path):
    # np.array of a tokenizer's output (a library the flow does not read) is only guessed to be a data set; an
    # index named as a shuffle of its rows says it is one, and x stays beside the copy
    source = ("import numpy as np\n\nx = np.array(list(vocab_processor.fit_transform(texts)))\n"
              "y = np.array(labels)\nshuffle_indices = np.random.permutation(np.arange(len(y)))\n"
              f"{target} = x[shuffle_indices]\nprint(x.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("given, expected", [("ratings", [12]), ("test_ratings", [])])
def test_the_scripts_own_builder_called_again_builds_the_data_set_twice(given, expected, tmp_path):
    # a dense matrix built by the script's function, once for the users' view and again, from the same ratings, for
    # the items': both are held; from other ratings it is another data set
    source = ("import numpy as np\n\n\ndef build_matrix(ratings):\n"
              "    matrix = np.zeros((len(users), len(items)), dtype=np.float32)\n"
              "    for u, i, r in ratings:\n        matrix[u, i] = r\n    return matrix\n\n\n"
              "users_view = build_matrix(ratings)\n"
              f"items_view = build_matrix({given}).T\nprint(users_view.shape, items_view.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


def test_a_shape_written_beside_a_copy_sizes_it(tmp_path):
    # the patch cubes' shapes, as the script notes them: 695 training patches are 27 MB, 9,671 test ones 379 MB
    source = ("import numpy as np\nimport torch\n\ntrain_band = np.zeros((n_train, 7, 7, 200))\n"
              "test_band = np.zeros((n_test, 7, 7, 200))\n"
              "x_train = torch.from_numpy(train_band.transpose(0, 3, 2, 1)).type(torch.FloatTensor)"
              "  #[695, 200, 7, 7]\n"
              "x_test = torch.from_numpy(test_band.transpose(0, 3, 2, 1)).type(torch.FloatTensor)"
              "  # [9671, 200, 7, 7]\n"
              "print(train_band.shape, test_band.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == [7]


def test_random_draws_made_twice_are_not_one_data_set_twice(tmp_path):
    # noise(n) twice: two draws, each its own array, not a data set built again
    source = ("import numpy as np\n\n\ndef noise(n):\n    return np.random.normal(0, 1, (n, 100))\n\n\n"
              "z1 = noise(n_samples)\nz2 = noise(n_samples)\nprint(z1.shape, z2.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == []


@pytest.mark.parametrize("between, expected", [("print(g1.shape)\n", [13]), ("del g1\n", [])])
def test_a_data_set_built_again_after_the_first_is_deleted_is_held_once(between, expected, tmp_path):
    source = ("import numpy as np\n\n\ndef grid(n):\n    out = np.zeros((n, 64, 64), dtype=np.float32)\n"
              "    for i in range(n):\n        out[i] = i\n    return out\n\n\n"
              f"g1 = grid(n_samples)\n{between}g2 = grid(n_samples)\nprint(g2.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("cut, expected", [("patchify(img, (256, 256, 3), step=256)", [13]), ("img", [13])])
def test_patches_cut_from_each_decoded_image_and_kept_are_the_data_set(cut, expected, tmp_path):
    # a denoiser's loader (check_heldout22's SIDD patches): patchify cuts each decoded image into views of it, and
    # the loop keeps every patch, so every image stays in memory
    source = ("import cv2\nimport numpy as np\nfrom patchify import patchify\n\n\ndef load(paths):\n"
              "    kept = []\n    for path in paths:\n        img = cv2.imread(path)\n"
              f"        pieces = {cut}\n        for j in range(4):\n            for k in range(4):\n"
              "                kept.append(pieces[j][k][0])\n    return np.array(kept)\n\n\n"
              "x = load(paths)\nprint(x.shape)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


def test_an_image_library_transform_keeps_the_pixels_dtype(tmp_path):
    # cv2.cvtColor, cv2.resize give uint8 for uint8: the images kept stay uint8, so converting the whole array to
    # float32 later is 4x its size
    source = ("import cv2\nimport numpy as np\n\nimages = []\nfor path in paths:\n"
              "    img = cv2.imread(path)\n    img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)\n"
              "    img = cv2.resize(img, (1024, 1024))\n"
              "    images.append(img)\n\nimages = np.array(images)\n"
              "images = images.astype('float32')\nprint(images.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == [12]


@pytest.mark.parametrize("conversion, expected", [("imgs = imgs.astype('float32') / 255.0", [5]),
                                                  ("imgs = imgs.astype('float32') - 127.5", [5])])
def test_a_float_copy_scaled_by_a_number_in_place_of_its_original_is_the_data_set_converted(
        conversion, expected, tmp_path):
    # X = X.astype('float32') / 255.0 keeps the float32 copy as x = x.astype('float32') does: float32 divided by a
    # number is float32, and so is one shifted by a number (centred pixels, x - 127.5): what stays is as large
    source = ("import numpy as np\n\nimgs = np.zeros((5088, 512, 512, 3), dtype=np.uint8)\n"
              "np.save('imgs_train.npy', imgs)\n"
              f"{conversion}\nprint(imgs.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


def test_scipy_misc_imresize_keeps_the_pixels_dtype(tmp_path):
    # SciPy's old imresize is PIL's: uint8 in, uint8 out, so its .astype(np.float) is each image made float64
    source = ("import numpy as np\nimport scipy.misc\nfrom glob import glob\n\nfiles = glob('faces/*.jpg')\n"
              "images = np.array([scipy.misc.imresize(scipy.misc.imread(f), (64, 52)).astype(np.float)\n"
              "                   for f in files]).astype(np.float32)\nprint(images.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == [6]


@pytest.mark.parametrize("given, expected", [("resize=(64, 52)", [11]), ("resize=None", [13]), ("", [13])])
def test_a_branch_on_a_parameter_every_call_passes_a_tuple_runs_its_body(given, expected, tmp_path):
    # if resize: ... else: ..., with resize=(h, w) written at every call (SNcGAN's DataSet): the else never runs
    source = ("import numpy as np\nimport scipy.misc\nfrom glob import glob\n\n\nclass DataSet:\n"
              "    def __init__(self, data_dir, resize=None):\n"
              "        files = glob(data_dir + '/*.jpg')\n        if resize:\n"
              "            images = np.array(\n"
              "                [scipy.misc.imresize(scipy.misc.imread(f), resize) for f in files])\n"
              "        else:\n            images = np.array([scipy.misc.imread(f) for f in files])\n"
              "        self.images = images\n\n\n"
              f"data = DataSet('faces', {given})\nprint(data.images.shape)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("shape, expected", [("(-1, 250, 250, 1)", [12]), ("(-1, 64, 64, 1)", [])])
def test_a_model_without_an_input_shape_takes_the_shape_of_what_fit_is_given(shape, expected, tmp_path):
    # no input_shape on the first layer: Keras builds the model on fit()'s first batch, so the array the script
    # reshapes to 250 x 250 images sizes the head (61 x 61 x 64 features into Dense(128): 30 M weights)
    source = ("import pickle\nfrom keras.models import Sequential\n"
              "from keras.layers import Conv2D, Flatten, MaxPooling2D, Dense\n\n"
              f"x = pickle.load(open('x.pkl', 'rb')).reshape{shape}\ny = pickle.load(open('y.pkl', 'rb'))\n"
              "model = Sequential()\nmodel.add(Conv2D(64, (3, 3), activation='relu'))\n"
              "model.add(MaxPooling2D((2, 2)))\n"
              "model.add(Conv2D(64, (3, 3), activation='relu'))\nmodel.add(MaxPooling2D((2, 2)))\n"
              "model.add(Flatten())\nmodel.add(Dense(128, activation='relu'))\nmodel.add(Dense(2))\n"
              "model.compile(optimizer='adam', loss='sparse_categorical_crossentropy')\nmodel.fit(x, y, epochs=10)\n")
    assert _rules(tmp_path, source, "flatten-dense") == expected


@pytest.mark.parametrize("phase, guarded, expected", [("'val'", False, [27]), ("'train'", False, []),
                                                      ("'val'", True, [])])
def test_a_helper_that_steps_only_for_the_training_phase_runs_the_evaluation_phase_with_autograd(
        phase, guarded, expected, tmp_path):
    # RESCAN's Session.inf_batch(name, batch) (check_heldout22): the forward pass and the loss run for every
    # phase, the backward and the optimizer step only if name == 'train'; called with 'val' after net.eval(), the
    # pass keeps its graph; under no_grad it does not
    call = f"pred = sess.step_on({phase}, batch)"
    source = ("import torch\nimport torch.nn as nn\n\n\nclass Net(nn.Module):\n    def forward(self, x):\n"
              "        return x * 2\n\n\nclass Session:\n    def __init__(self):\n        self.net = Net().cuda()\n"
              "        self.opt = torch.optim.Adam(self.net.parameters())\n\n    def step_on(self, name, batch):\n"
              "        out = self.net(batch.cuda())\n        loss = out.mean()\n        if name == 'train':\n"
              "            loss.backward()\n            self.opt.step()\n        return out\n\n\nsess = Session()\n"
              "for batch in loader:\n    sess.net.eval()\n"
              + (f"    with torch.no_grad():\n        {call}\n" if guarded else f"    {call}\n"))
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("second, expected", [("    images.append(cv2.imread(row[1]))\n", [8, 9]),
                                              ("    else:\n        images.append(cv2.imread(row[1]))\n", [9]),
                                              ("    images.append(cv2.flip(img, 1))\n", [8, 9])])
def test_each_file_decoded_and_kept_in_the_same_list_is_data_set_again(second, expected, tmp_path):
    # a driving log's center and side cameras (check_heldout22's behavioural cloning, check_heldout6's R-CNN
    # crops): two files decoded each pass into one list hold twice the images; the two branches of an if hold
    # one each pass; cv2.flip's new array of the image just decoded is as much memory again
    first = "    if row[2]:\n        images.append(img)\n" if "else" in second else "    images.append(img)\n"
    source = ("import csv\nimport cv2\nimport numpy as np\n\nimages = []\nfor row in csv.reader(open('log.csv')):\n"
              "    img = cv2.imread(row[0])\n" + first + second + "x = np.array(images)\nprint(x.shape)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("first, second, expected", [
    # a comprehension, then a loop over another folder appending to the same list
    ("photos = [imageio.imread(p) for p in glob.glob('train/*.jpg')]\n",
     "for p in glob.glob('extra/*.jpg'):\n    photos.append(imageio.imread(p))\n", [8, 10]),
    # a helper's list, then the script's own loop
    ("def read_folder(folder):\n    return [np.asarray(Image.open(os.path.join(folder, n))) for n in os.listdir(folder)]"
     "\n\n\nphotos = read_folder('train')\n",
     "for name in os.listdir('extra'):\n    photos.append(np.asarray(Image.open(os.path.join('extra', name))))\n",
     [9, 14]),
    # one loop extending the list twice with each archive's arrays
    ("photos = []\n",
     "for path in glob.glob('shots/*.npz'):\n    pack = np.load(path)\n    photos += list(pack['day'])\n"
     "    photos += list(pack['night'])\n", [11, 12]),
    # the second loop keeps paths, and the third a flipped copy of what is held: no file decoded and kept there
    ("photos = [imageio.imread(p) for p in glob.glob('train/*.jpg')]\n",
     "for p in glob.glob('extra/*.jpg'):\n    photos.append(p)\nfor photo in list(photos):\n"
     "    photos.append(np.fliplr(photo))\n", [8]),
])
def test_a_list_that_more_loops_fill_with_decoded_files_holds_each_folder(first, second, expected, tmp_path):
    # cats then dogs, train then extra: each loop (or each += of one loop) that decodes files into a list already
    # holding decoded files adds its folder whole (check_heldout28's frames, check_heldout33's fMRI runs)
    source = ("import glob\nimport os\n\nimport imageio\nimport numpy as np\nfrom PIL import Image\n\n"
              + first + second + "x = np.array(photos)\nprint(x.shape)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("made, kept", [
    ("    power = pow(abs(np.fft.rfft(audio)), 2)\n", "power"),  # a power spectrum per clip
    ("    power = np.log(abs(np.fft.rfft(audio)) + 1e-6)\n", "power"),
    ("    power = audio\n", "round(power * 100)"),  # quantised samples
])
def test_python_builtins_on_a_decoded_array_give_an_array_of_that_file(made, kept, tmp_path):
    # abs(spec) ** 2, pow(x, 2), round(x): Python's builtins call the array's own methods, a new array per file,
    # which a list keeping it keeps the whole data set of (check_heldout33's log spectrogram windows)
    source = ("import glob\n\nimport numpy as np\nimport soundfile as sf\n\nspectra = []\n"
              "for path in glob.glob('clips/*.flac'):\n    audio, rate = sf.read(path)\n" + made +
              f"    spectra.append({kept})\nx = np.stack(spectra)\nprint(x.shape)\n")
    assert _rules(tmp_path, source, "eager-loading") == [10]


_NEIGHBOURHOODS = """import numpy as np
import rasterio

with rasterio.open('dem.tif') as src:
    elevation = src.read(1)
r = 7
padded = np.pad(elevation, r, mode='reflect')
neighbourhoods = []
for y in range(elevation.shape[0]):
    for x in range(elevation.shape[1]):
        neighbourhoods.append(np.copy(padded[y:y + 2 * r + 1, x:x + 2 * r + 1]))
features = np.stack(neighbourhoods)
"""

_PIXEL_WINDOWS = """import numpy as np


def pixel_windows(cube, half=3):
    side = 2 * half + 1
    padded = np.pad(cube, ((half, half), (half, half), (0, 0)))
    out = np.empty((cube.shape[0] * cube.shape[1], side, side, cube.shape[2]), dtype=np.float32)
    k = 0
    for i in range(half, padded.shape[0] - half):
        for j in range(half, padded.shape[1] - half):
            window = padded[i - half:i + half + 1, j - half:j + half + 1]
            out[k] = window
            k += 1
    return out


windows = pixel_windows(np.load('scene.npy', mmap_mode='r'))
print(windows.shape)
"""


@pytest.mark.parametrize("source, expected", [
    (_NEIGHBOURHOODS, [11]),  # a list of copies, at module level
    (_PIXEL_WINDOWS, [7]),  # an array filled in a function: said where it is made
    # tiles stepping by their side: each value kept once, no more than the scene
    (_NEIGHBOURHOODS.replace("range(elevation.shape[0])", "range(0, elevation.shape[0], 2 * r + 1)")
     .replace("range(elevation.shape[1])", "range(0, elevation.shape[1], 2 * r + 1)"), []),
    # the windows of one scene per call, the caller keeping each file's: said where the caller keeps them
    (_PIXEL_WINDOWS.replace("windows = pixel_windows(np.load('scene.npy', mmap_mode='r'))",
                            "windows = [pixel_windows(np.load(p, mmap_mode='r')) for p in ['a.npy', 'b.npy']]"), []),
])
def test_a_window_around_every_position_copied_and_kept(source, expected, tmp_path):
    # a neighbourhood of side k around every pixel, kept (check_heldout32's and check_heldout33's hyperspectral
    # patches): k × k copies of each value of the scene, whatever reads the scene; duplicate-copy's overlapping
    # windows (copies of an array in memory), said apart from the copies the rule says of the list they fill
    script = tmp_path / "train.py"
    script.write_text(source)
    assert [f.line for f in check_source(script) if f.rule == "duplicate-copy" and
            f.message.startswith("A window around every position")] == expected
    assert not [f for f in check_source(script) if f.rule == "eager-loading"]


_LABELLED_PIXEL_WINDOWS = """import numpy as np
import scipy.io as sio

cube = sio.loadmat('Indian_pines_corrected.mat')['indian_pines_corrected']
gt = sio.loadmat('Indian_pines_gt.mat')['indian_pines_gt']


def patches(cube, gt, size=13):
    half = size // 2
    cube = np.pad(cube, ((half, half), (half, half), (0, 0)), 'constant')
    points = np.argwhere(gt > 0)
    xs = np.zeros((len(points), size, size, cube.shape[2]))
    for n, rc in enumerate(points):
        win = cube[rc[0]:rc[0] + size, rc[1]:rc[1] + size, :]
        xs[n] = win
    return xs


x = patches(cube, gt)
print(x.shape)
"""

_WINDOW_HELPER = """import numpy as np

scene = np.load('scene.npy')
points = np.load('points.npy')


def cut_window(padded, pts, i, patch=5):
    x = pts[i, 0]
    y = pts[i, 1]
    win = padded[x:(x + patch), y:(y + patch), :]
    return win


def gather(padded, pts, patch=5):
    out = np.zeros((pts.shape[0], patch, patch, padded.shape[2]), dtype=np.float32)
    for i in range(pts.shape[0]):
        out[i] = cut_window(padded, pts, i, patch)
    return out


windows = gather(scene, points)
print(windows.shape)
"""


@pytest.mark.parametrize("source, expected", [
    (_LABELLED_PIXEL_WINDOWS, [12]),  # said where the buffer is made, as a window, not as float64 again
    (_WINDOW_HELPER, [15]),  # cut by a helper given the point's index
    # a crop of each image read in the loop at its own box: one crop per file, not windows of one array
    (_LABELLED_PIXEL_WINDOWS.replace("    for n, rc in enumerate(points):\n",
                                     "    for n, rc in enumerate(points):\n        cube = np.load(str(n) + '.npy')\n"),
     []),
    # the same coordinate on both axes (a diagonal's blocks) is one position, not a point of a plane
    (_WINDOW_HELPER.replace("y = pts[i, 1]", "y = pts[i, 0]"), []),
])
def test_a_window_around_each_listed_point_copied_and_kept(source, expected, tmp_path):
    # the patch around every labelled pixel of a hyperspectral scene (np.argwhere(gt > 0), a list of points;
    # check_heldout110's four scripts): the points are next to each other, so the windows overlap as those cut at
    # every position do: side × side copies of each value, said once where they are kept (not as the float64 the
    # buffer is made in as well, which is the smaller part of it)
    script = tmp_path / "train.py"
    script.write_text(source)
    found = check_source(script)
    assert [f.line for f in found if f.rule == "duplicate-copy" and
            f.message.startswith("A window around every position")] == expected
    assert not [f for f in found if f.rule == "dtype-blowup" and f.line in expected]


@pytest.mark.parametrize("kept, expected", [("cv2.flip(image, 1)", [10]), ("image", [])])
def test_a_new_array_made_of_each_decoded_file_and_kept_is_the_data_set_again(kept, expected, tmp_path):
    # augmentation by hand (check_heldout22's behavioural cloning): a flipped copy of every decoded image kept in
    # a second list holds the images once more; the images themselves kept there are the same arrays
    source = ("import cv2\nimport numpy as np\n\nimages = []\nfor path in paths:\n"
              "    images.append(cv2.imread(path))\n\naugmented = []\nfor image in images:\n"
              f"    augmented.append({kept})\nx = np.array(augmented)\nprint(x.shape)\n")
    assert _rules(tmp_path, source, "eager-loading") == [6] + expected


@pytest.mark.parametrize("flag, expected", [("False", []), ("len(sys.argv) > 1", [12])])
def test_a_helper_called_per_batch_and_from_a_loader_behind_a_flag_that_is_off_decodes_one_sample(
        flag, expected, tmp_path):
    # five-video-classification's DataSet (check_heldout22): build_sequence decodes one clip's frames; the
    # generator calls it per sample, the whole-set loader only if load_to_memory, which main binds to False and
    # passes on; predict_one, which nothing calls, counts for nothing
    source = ("import sys\n\nimport cv2\nimport numpy as np\n\n\nclass DataSet:\n"
              "    def __init__(self, clips):\n        self.clips = clips\n\n    def build_sequence(self, frames):\n"
              "        return [cv2.imread(f) for f in frames]\n\n    def load_all(self):\n        X = []\n"
              "        for clip in self.clips:\n            X.append(self.build_sequence(clip))\n"
              "        return np.array(X)\n\n    def generate(self):\n        while True:\n"
              "            yield np.array([self.build_sequence(c) for c in self.clips[:8]])\n\n"
              "    def predict_one(self, frames):\n        return self.build_sequence(frames)\n\n\n"
              "def train(data, load_to_memory=True):\n    if load_to_memory:\n        x = data.load_all()\n"
              "    else:\n        x = data.generate()\n    print(x)\n\n\n"
              f"def main():\n    load_to_memory = {flag}\n"
              "    train(DataSet(sys.argv), load_to_memory=load_to_memory)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("dimension, expected", [(10000, [5]), (46, [])])
def test_a_float64_buffer_of_small_rows_and_an_unknown_count_is_not_shown_to_be_large(dimension, expected, tmp_path):
    # Deep Learning with Python's Reuters listing (check_heldout22): np.zeros((len(x), d)) filled with ones, a
    # multi-hot bag of 10,000 words per newswire (80 KB a row in float64) and a one-hot of 46 topics (368 B a row):
    # with no count in the script, only the first is a data set that fills memory
    source = ("import numpy as np\n\n\ndef vectorize(sequences, dimension):\n"
              "    results = np.zeros((len(sequences), dimension))\n    for i, sequence in enumerate(sequences):\n"
              f"        results[i, sequence] = 1.\n    return results\n\n\nx = vectorize(data, {dimension})\n"
              "print(x.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("test_call, expected", [("self.iteration(loader, train=False)", [19]),
                                                 ("self.iteration(loader)", [])])
def test_a_loop_that_steps_only_if_train_runs_its_test_call_with_autograd(test_call, expected, tmp_path):
    # BERT-pytorch's trainer (check_heldout15): test() calls iteration(..., train=False), whose loop runs the same
    # forward pass as training and backpropagates only under if train:; said at the pass, inside the loop
    source = ("import torch\nimport torch.nn as nn\n\n\nclass Net(nn.Module):\n    def forward(self, x):\n"
              "        return x * 2\n\n\nclass Trainer:\n    def __init__(self):\n        self.model = Net().cuda()\n"
              "        self.opt = torch.optim.Adam(self.model.parameters())\n\n"
              "    def iteration(self, loader, train=True):\n        total = 0.0\n        for x in loader:\n"
              "            x = x.cuda()\n            out = self.model.forward(x)\n            loss = out.mean()\n"
              "            if train:\n                loss.backward()\n                self.opt.step()\n"
              "            total += loss.item()\n        return total\n\n    def train(self, loader):\n"
              "        return self.iteration(loader)\n\n    def test(self, loader):\n"
              f"        return {test_call}\n\n\ntrainer = Trainer()\nfor epoch in range(10):\n"
              "    trainer.train(train_loader)\n    trainer.test(test_loader)\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("guard, indent, expected", [("", "", [18]), ("with torch.no_grad():\n    ", "    ", [])])
def test_a_batch_unpacked_in_the_loop_body_is_not_the_tensors_training_takes(guard, indent, expected, tmp_path):
    # PointNet's classifier (check_heldout23): the final test loop unpacks each batch into the names the training
    # loop unpacked its own into; those are each pass's batch, not one module-level graph both runs share
    source = ("import torch\nimport torch.nn as nn\n\nmodel = nn.Linear(3, 40).cuda()\n"
              "optimizer = torch.optim.Adam(model.parameters())\n"
              "for epoch in range(10):\n    for step, batch in enumerate(train_loader):\n"
              "        points, target = batch\n        points = points.cuda()\n        model.train()\n"
              "        loss = model(points).sum()\n        loss.backward()\n        optimizer.step()\n\n"
              f"{guard}for step, batch in enumerate(test_loader):\n{indent}    points, target = batch\n"
              f"{indent}    model.eval()\n{indent}    pred = model(points)\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("after, expected", [("print(pred.argmax(1))", [17]),
                                             ("pred.sum().backward()", [])])  # its own loss trained on: training
def test_a_switch_to_eval_inside_the_loop_over_batches_ends_its_training(after, expected, tmp_path):
    # PointNet's classifier (check_heldout23): every 10 steps, model.eval() and a test batch through the model,
    # below the step's backward in the same loop: that backward trained the pass before, not this one
    source = ("import torch\nimport torch.nn as nn\nfrom torch.utils.data import DataLoader\n\n"
              "model = nn.Linear(3, 40).cuda()\noptimizer = torch.optim.Adam(model.parameters())\n"
              "train_loader = DataLoader(train_set, batch_size=32, shuffle=True)\n"
              "for epoch in range(10):\n    for step, (points, target) in enumerate(train_loader):\n"
              "        model.train()\n        loss = model(points.cuda()).sum()\n        loss.backward()\n"
              "        optimizer.step()\n        if step % 10 == 0:\n"
              "            test_points, _ = next(iter(test_loader))\n"
              "            model = model.eval()\n            pred = model(test_points.cuda())\n"
              f"            {after}\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("kept, expected", [("stacked.tolist()", [14]),
                                            ("stacked.mean(axis=0)", [])])  # a few numbers per segment
def test_features_of_one_file_stacked_from_their_transposes_are_one_sample(kept, expected, tmp_path):
    # the MFCC genre script (check_heldout23): each segment's coefficients and its harmonic and percussive parts,
    # transposed and stacked into one array, kept for every segment of every file
    source = ("from pathlib import Path\n\nimport librosa\nimport numpy as np\n\nfeatures = []\n"
              "for path in Path('wavs').glob('*.wav'):\n    wave, rate = librosa.load(path, sr=22050)\n"
              "    for k in range(10):\n"
              "        mel = librosa.feature.melspectrogram(y=wave[k * 66150:(k + 1) * 66150])\n"
              "        harmonic, percussive = librosa.decompose.hpss(mel)\n"
              "        stacked = np.stack((mel.T, harmonic.T, percussive.T), axis=-1)\n"
              "        if len(stacked) == 130:\n"
              f"            features.append({kept})\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("entry, expected", [("if __name__ == '__main__':\n    x = load_stacked('wavs')\n", [17]),
                                             ("x = load_stacked('wavs')\n", [10, 17])])  # no entry point
def test_a_function_nothing_names_beside_an_entry_point_is_not_run(entry, expected, tmp_path):
    # the MFCC genre script (check_heldout23) keeps an older loader beside the one its __main__ block calls; without
    # that block, its functions may be what a notebook calls
    source = ("import os\n\nimport cv2\nimport numpy as np\n\n\ndef load_plain(folder):\n    images = []\n"
              "    for name in os.listdir(folder):\n        images.append(cv2.imread(os.path.join(folder, name)))\n"
              "    return images\n\n\ndef load_stacked(folder):\n    images = []\n    for name in os.listdir(folder):\n"
              "        images.append(cv2.imread(os.path.join(folder, name)))\n    return images\n\n\n" + entry)
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("saved_to, expected", [("'cache.npy'", [11]),
                                                ("'preview.npy'", [])])  # not what the default reads
def test_a_branch_off_by_default_that_builds_the_cache_the_default_loads_runs_once(saved_to, expected, tmp_path):
    # the MFCC genre script (check_heldout23): recompute=False loads the .npy that the recompute branch decodes
    # every file into and saves, so that branch ran at least once, whatever the default says
    source = ("import os\n\nimport cv2\nimport numpy as np\n\n\ndef load(folder, recompute=False):\n    if recompute:\n"
              "        images = []\n        for name in os.listdir(folder):\n"
              "            images.append(cv2.imread(os.path.join(folder, name)))\n"
              f"        x = np.stack(images)\n        np.save({saved_to}, x)\n    else:\n"
              "        x = np.load('cache.npy', mmap_mode='r')\n    return x\n\n\nx = load('imgs')\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("imported, expected", [("*", [("dataload.py", 10)]), ("resize_all", [])])
def test_a_star_import_of_a_local_module_brings_its_functions(imported, expected, tmp_path):
    # the satellite AlexNet script (check_heldout23): Model.py takes dataload.py's reader by from dataload import *
    (tmp_path / "dataload.py").write_text(
        "import os\n\nimport cv2\nimport numpy as np\n\n\ndef read_all(folder):\n    images = []\n"
        "    for name in os.listdir(folder):\n        images.append(cv2.imread(os.path.join(folder, name)))\n"
        "    return np.array(images)\n\n\ndef resize_all(images):\n    return images\n")
    script = tmp_path / "train.py"
    script.write_text(f"from dataload import {imported}\n\nx = read_all('data')\n")
    assert [(Path(f.file).name, f.line) for f in check_source(script) if f.rule == "eager-loading"] == expected


@pytest.mark.parametrize("built, expected", [("x = np.array(images)", [12, 17]),
                                             ("images = np.array(images)", [17])])  # built in the list's place
def test_an_array_built_from_a_local_list_under_another_name_and_returned_is_its_own_peak(built, expected, tmp_path):
    # the satellite AlexNet script (check_heldout23): data_X = np.array(images_read), then return data_X, data_y;
    # its caller splits the array while keeping it, a peak of its own as well
    returned = built.split(" = ")[0]
    source = ("import os\n\nimport cv2\nimport numpy as np\nfrom sklearn.model_selection import train_test_split\n\n\n"
              "def read(folder):\n    images = []\n    for name in os.listdir(folder):\n"
              "        images.append(cv2.imread(os.path.join(folder, name)))\n"
              f"    {built}\n    return {returned}, len(images)\n\n\n"
              "data, count = read('data')\ntrain_x, val_x = train_test_split(data, test_size=0.1)\nprint(data.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("dtype, expected", [("np.float32", [8]), ("np.uint8", [])])
def test_a_buffer_filled_with_files_each_made_float_holds_them_widened(dtype, expected, tmp_path):
    # the Carvana U-Net (check_heldout25): a float32 array of every photo, each read, made float32 and scaled by a
    # helper before it is stored: the dtype was given, but it holds 8-bit pixels at 4 bytes each
    source = ("import os\n\nimport cv2\nimport numpy as np\n\n\ndef read(folder, files):\n"
              f"    photos = np.zeros([len(files), 640, 960, 3], {dtype})\n    for i, name in enumerate(files):\n"
              "        photos[i] = decode(os.path.join(folder, name))\n    return photos\n\n\n"
              "def decode(path):\n    photo = cv2.imread(path).astype(np.float32)\n    return photo / 255\n\n\n"
              "x = read('train', os.listdir('train'))\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("returned, expected", [("images", [12]), ("np.array(images)", [9])])
def test_an_array_built_from_the_list_a_function_returns_holds_the_data_set_twice(returned, expected, tmp_path):
    # the Fruits-360 notebook (check_heldout25): x = np.array(decode_all(paths)), decode_all returning its list of
    # decoded images: the call's list is alive until the array is complete (where the function returns an array
    # it built itself, that is where the list is held twice)
    source = ("import cv2\nimport numpy as np\n\n\ndef decode_all(paths):\n    images = []\n    for path in paths:\n"
              f"        images.append(cv2.imread(path))\n    return {returned}\n\n\n"
              "x = np.array(decode_all(paths))\nprint(x.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("scaled, expected", [("images = (decoded - 127.5) / 127.5", [7]),
                                              ("decoded = (decoded - 127.5) / 127.5", []),
                                              ("return (decoded - 127.5) / 127.5", [])])
def test_arithmetic_on_a_float_data_set_kept_beside_it_is_a_second_copy(scaled, expected, tmp_path):
    # the SN-GAN CelebA input helper (check_heldout22): the float32 images scaled to [-1, 1] under a new name while
    # the local array stays until the function returns; rebound, the old one goes; returned, the caller decides
    source = ("import numpy as np\n\n\ndef prepare(path):\n    decoded = np.load(path).astype(np.float32)\n"
              "    print(decoded.shape)\n"
              f"    {scaled}\n" + ("    return images\n" if scaled.startswith("images") else
                                   "    return decoded\n" if scaled.startswith("decoded") else "") +
              "\n\nx = prepare('faces.npy')\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


_TORCH_CNN = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n\nclass Net(nn.Module):\n"
              "    def __init__(self):\n        super().__init__()\n        self.conv1 = nn.Conv2d(1, 32, 3, padding=1)\n"
              "        self.conv2 = nn.Conv2d(32, 64, 3, padding=1)\n        self.pool = nn.MaxPool2d(2)\n"
              "        self.fc1 = nn.Linear({features}, {units})\n        self.fc2 = nn.Linear({units}, 10)\n\n"
              "    def forward(self, x):\n        x = self.pool(F.relu(self.conv1(x)))\n"
              "        x = self.pool(F.relu(self.conv2(x)))\n        x = torch.flatten(x, 1)\n"
              "        return self.fc2(F.relu(self.fc1(x)))\n\n\nmodel = Net().cuda()\n")


@pytest.mark.parametrize("features, units, expected", [
    ("64 * 43 * 21", 1024, [12]),  # UrbanSound's spectrogram CNN (check_heldout25): 59 M weights
    ("in_features=57792", "out_features=1024", [12]),
    ("64 * 30 ** 2", 1024, [12]),  # a square map's side squared: 59 M weights
    ("64 * 7 * 7", 128, []),  # an MNIST CNN's head: 0.4 M weights
    ("64 * 13 * 13", 4096, []),  # 44 M weights, but over a 13 x 13 map, as AlexNet's: the design, not a problem
    ("32 * 13 * 13", 8192, []),  # the same over the first convolution's 32 channels (the last may be an attention
                                  # branch's): a 13 x 13 map all the same
    ("64 * side * side", 1024, []),  # a size the script computes at run time: not claimed
])
def test_a_torch_linear_over_a_flattened_conv_map_is_sized(tmp_path, features, units, expected):
    source = _TORCH_CNN.format(features=features, units=units)
    if str(units).startswith("out_features"):
        source = source.replace(f"nn.Linear({units}, 10)", "nn.Linear(1024, 10)")
    assert _rules(tmp_path, source, "flatten-dense") == expected


def test_a_large_linear_in_a_model_without_convolutions_is_not_a_flattened_map(tmp_path):
    # a language model's feed-forward layer (4,096 x 11,008 = 45 M weights) flattens no feature map
    source = ("import torch.nn as nn\n\n\nclass Block(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
              "        self.up = nn.Linear(4096, 11008)\n        self.down = nn.Linear(11008, 4096)\n\n"
              "    def forward(self, x):\n        return self.down(self.up(x).relu())\n\n\nblock = Block().cuda()\n")
    assert _rules(tmp_path, source, "flatten-dense") == []
    # in an nn.Sequential, its own convolutions count
    sequential = ("import torch.nn as nn\n\nnet = nn.Sequential(nn.Conv2d(1, 16, 3), nn.ReLU(), nn.Flatten(),\n"
                  "                    nn.Linear(16 * 254 * 254, 128), nn.ReLU(), nn.Linear(128, 2))\n"
                  "head = nn.Linear(4096, 11008)\n")
    assert _rules(tmp_path, sequential, "flatten-dense") == [4]


STAR_IMPORT_PREVIEW = ("import torch\nfrom torch.utils.data import DataLoader\nfrom utils import *\n\n"
                       "loader = DataLoader(patches, batch_size=128, num_workers=4)\n"
                       "for epoch in range(50):\n    for i, (noisy, clean) in enumerate(loader, 0):\n"
                       "        model.train()\n        loss = mse(model(noisy), clean)\n        loss.backward()\n"
                       "        optimizer.step()\n        model.eval()\n        psnr = batch_psnr(model(noisy), clean)\n"
                       "    model.eval()\n    preview = model(noisy)\n    writer.add_image('denoised', make_grid(preview.data), epoch)\n")


def test_builtins_are_not_taken_from_a_star_import(tmp_path):
    # enumerate(loader) under ``from utils import *`` is still the loop over batches: the PSNR pass after each step
    # and the preview after the epoch are two evaluations
    assert _rules(tmp_path, STAR_IMPORT_PREVIEW, "eval-without-no-grad") == [13, 15]


AUTOENCODER_PARTS = ("import torch\nfrom torch import nn\nfrom torch.utils.data import DataLoader\n\n"
                     "class TwoDecoders(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                     "        self.encoder = nn.Linear(612, 40)\n        self.decoder1 = nn.Linear(40, 612)\n"
                     "        self.decoder2 = nn.Linear(40, 612)\n\n"
                     "model = TwoDecoders().cuda()\n"
                     "test_loader = DataLoader(test_windows, batch_size=7919)\nscores = []\n"
                     "for [batch] in test_loader:\n    code = model.encoder(batch.cuda())\n"
                     "    rec1 = model.decoder1(code)\n"
                     "    rec2 = model.decoder2(code)\n"
                     "    scores.append(((batch - rec1) ** 2).mean().item() + ((batch - rec2) ** 2).mean().item())\n")


def test_the_submodules_of_one_model_are_one_evaluation(tmp_path):
    # model.encoder then model.decoder1 and model.decoder2: one model's pass, said once (encoder(x) then
    # decoder(h), two models, are said each: test_each_model_of_an_evaluation_loop_is_found)
    assert _rules(tmp_path, AUTOENCODER_PARTS, "eval-without-no-grad") == [16]


SPLIT_TO_GPU = ("import numpy as np\nimport torch\n\ndev = torch.device('cuda')\n"
                "{name} = np.expand_dims(np.stack(chunks, axis=0), 2)\n"
                "moved = torch.tensor({name}, device=dev).float()\nscores = model(moved)\n")


@pytest.mark.parametrize("name, expected", [("val_X", [6]), ("X_test", [6]),
                                            ("mean_latent", []),  # a statistic, moved to a device named dev
                                            ("val_mask", [])])  # a number a sample
def test_a_split_moved_to_the_gpu_whole_is_found_by_its_name(name, expected, tmp_path):
    assert _rules(tmp_path, SPLIT_TO_GPU.format(name=name), "dataset-on-gpu") == expected


RECORDS_DATASET = ("import pickle\nimport numpy as np\nimport torch\nfrom PIL import Image\n"
                   "from torch.utils.data import DataLoader, Dataset\n\n"
                   "class Clips(Dataset):\n    def __init__(self, path):\n"
                   "        self.records = pickle.load(open(path, 'rb'))\n\n"
                   "    def __len__(self):\n        return len(self.records)\n\n"
                   "    def __getitem__(self, idx):\n{body}\n\n"
                   "loader = DataLoader(Clips('train.pkl'), batch_size=32, num_workers=8)\n")


@pytest.mark.parametrize("body, expected", [
    ("        feats = self.records[idx]['features']\n        return torch.tensor(feats), self.records[idx]['classID']",
     [18]),  # a pickled list of dicts, one per clip
    ("        ids, answers = self.records[idx]\n        return torch.tensor(ids), torch.tensor(answers)", [18]),
    ("        path, label = self.records[idx]\n        return np.asarray(Image.open(path)), label", []),  # file names
])
def test_a_dataset_of_records_is_copied_by_the_workers(body, expected, tmp_path):
    assert _rules(tmp_path, RECORDS_DATASET.format(body=body), "workers-copy-dataset") == expected


RATINGS_DATASET = ("import pandas as pd\nimport torch\nfrom torch.utils.data import DataLoader, Dataset\n\n"
                   "class Ratings(Dataset):\n    def __init__(self, users, books):\n        self.users = users\n"
                   "        self.books = books\n\n    def __len__(self):\n        return len(self.users)\n\n"
                   "    def __getitem__(self, k):\n        return {read}\n\n"
                   "table = pd.read_csv('ratings.csv')\n"
                   "loader = DataLoader(Ratings(table['user_id'].values, table['book'].values), batch_size=50, "
                   "num_workers=2)\n")


@pytest.mark.parametrize("read, expected", [
    ("torch.tensor(self.users[k], dtype=torch.long), torch.tensor(self.books[k], dtype=torch.long)", []),
    ("self.users[k], self.books[k]", [17]),  # columns of strings, for all the checker knows
])
def test_a_column_read_as_numbers_holds_no_python_objects(read, expected, tmp_path):
    assert _rules(tmp_path, RATINGS_DATASET.format(read=read), "workers-copy-dataset") == expected


ENUM_PHASE = ("import enum\nimport torch\n\nclass Stage(enum.Enum):\n    TRAIN = 0\n    VAL = 1\n    TEST = 2\n\n"
              "def run_pass(stage):\n    scores = model(graph)[0].index_select(0, ids[stage])\n"
              "    loss = criterion(scores, labels[stage])\n    if stage == Stage.TRAIN:\n"
              "        optimizer.zero_grad()\n        loss.backward()\n        optimizer.step()\n"
              "    return (scores.argmax(-1) == labels[stage]).float().mean().item()\n\n"
              "for epoch in range(200):\n    run_pass(Stage.TRAIN)\n    with torch.no_grad():\n"
              "        run_pass(Stage.VAL)\n{guard}print(run_pass(Stage.TEST))\n")


@pytest.mark.parametrize("guard, expected", [("", [10]),  # once, after training: said at the pass itself
                                             ("with torch.no_grad():\n    ", [])])
def test_an_evaluation_phase_given_as_an_enum_member(guard, expected, tmp_path):
    assert _rules(tmp_path, ENUM_PHASE.format(guard=guard), "eval-without-no-grad") == expected


def test_frames_read_from_a_video_capture_are_8_bit_pixels(tmp_path):
    # kcct-fujimotolab/3DCNN's videoto3d: ok, frame = cv2.VideoCapture(path).read() gives uint8 BGR frames, so the
    # float32 copy of the clips, made while the uint8 array stays, is four times their size on top of them
    source = ("import os\nimport cv2\nimport numpy as np\n\n\ndef read_clip(path, depth=10):\n"
              "    cap = cv2.VideoCapture(path)\n    frames = []\n    for i in range(depth):\n"
              "        ok, frame = cap.read()\n        frames.append(cv2.resize(frame, (32, 32)))\n"
              "    cap.release()\n    return np.array(frames)\n\n\n"
              "clips = np.array([read_clip(os.path.join('videos', f)) for f in os.listdir('videos')])\n"
              "x = clips.reshape((clips.shape[0], 10, 32, 32, 3))\nx = x.astype('float32')\nprint(x.shape, clips.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == [18]
    assert _rules(tmp_path, source, "duplicate-copy") == []


def test_one_sample_s_prediction_beside_the_evaluation_loop_is_the_same_finding(tmp_path):
    # hunkim/PyTorchZeroToAll's RNN classifier: test(name) predicts one name, else scores the test loader, both
    # with autograd on; the fix (no_grad over test()) is one, said at the loop over the test set
    source = ("import torch\nfrom torch.utils.data import DataLoader\n\n"
              "model = torch.nn.GRU(8, 16)\nloader = DataLoader(torch.randn(100, 5, 8), batch_size=10)\n\n\n"
              "def test(name=None):\n    if name is not None:\n        out = model(name)\n        print(out[0].argmax())\n"
              "        return\n    correct = 0\n    for batch in loader:\n        out, h = model(batch)\n"
              "        correct += int(out.argmax())\n    print(correct)\n\n\ntest()\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == [15]


def test_a_star_import_of_a_local_module_brings_the_libraries_it_imports(tmp_path):
    # the parking-slot CNN (check_heldout26): lib.py gathers every import (cv2, numpy, tqdm) and each other module
    # takes them by from lib import *: cv2.resize there is OpenCV's, not a name of lib's
    (tmp_path / "lib.py").write_text("import os\nimport cv2\nimport numpy as np\nfrom tqdm import tqdm\n"
                                     "from keras.callbacks import *\n")
    (tmp_path / "load_data.py").write_text(
        "from lib import *\n\n\ndef read_all(folder):\n    images = []\n    for name in tqdm(os.listdir(folder)):\n"
        "        img = cv2.imread(os.path.join(folder, name))\n        img = cv2.resize(img, (48, 48))\n"
        "        images.append(np.array(img))\n    return np.array(images)\n")
    script = tmp_path / "train.py"
    script.write_text("from lib import *\nfrom load_data import *\n\nx = read_all('data')\n")
    assert [(Path(f.file).name, f.line) for f in check_source(script) if f.rule == "eager-loading"] == [
        ("load_data.py", 9)]


@pytest.mark.parametrize("call", ["read_folder(images, '{}')", "read_folder(folder='{}', images=images)"])
def test_a_list_a_function_appends_to_holds_the_files_after_the_call(call, tmp_path):
    # the parking-slot CNN (check_heldout26): read_slot_images(images, labels, label, folder) appends every crop it
    # decodes to the caller's list, which the script then turns into one array
    source = ("import os\n\nimport cv2\nimport numpy as np\n\n\ndef read_folder(images, folder):\n"
              "    for name in os.listdir(folder):\n        images.append(cv2.imread(os.path.join(folder, name)))\n\n\n"
              f"images = []\n{call.format('empty')}\n{call.format('full')}\n"
              "x = np.array(images)\nx = x / 255.0\nprint(x.shape, len(images))\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert sorted((f.rule, f.line) for f in check_source(script) if f.rule in ("duplicate-copy", "dtype-blowup")) == [
        ("dtype-blowup", 16), ("duplicate-copy", 15)]


@pytest.mark.parametrize("scaled, expected", [("x = x / 255.0", [9, 11]),  # float64 since: a larger peak
                                              # the same uint8 copy once more, a third while the list and x stay
                                              ("print(x.dtype)", [9, 11])])
def test_a_split_of_a_data_set_made_wider_since_it_was_said_held_twice_is_news(scaled, expected, tmp_path):
    # the parking-slot CNN (check_heldout26): X = np.array(images) beside the list, X = X / 255.0, then
    # train_test_split(X, ...) while X stays: the split copies the float64 array, 8x the uint8 copy said before
    source = ("import os\n\nimport cv2\nimport numpy as np\nfrom sklearn.model_selection import train_test_split\n\n"
              "images = [cv2.imread(os.path.join('crops', name)) for name in os.listdir('crops')]\n"
              f"print(len(images))\nx = np.array(images)\n{scaled}\n"
              "train_x, test_x = train_test_split(x, test_size=0.25)\nprint(x.shape, len(images))\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("function, expected", [
    ("imread", [13]),  # skimage's decoder itself, handed over
    ("lambda p: np.asarray(Image.open(p).resize((100, 75)))", [13]),
    ("load", [13]),  # the script's own reader
    ("lambda p: p.split('/')[-1]", []),  # file names stay file names
    ("os.path.basename", []),
])
def test_a_column_of_paths_mapped_through_a_decoder_holds_every_file(function, expected, tmp_path):
    # the HAM10000 scripts (check_heldout26): lesion_df['image'] = lesion_df['path'].map(imread), every
    # full-resolution photo decoded into a cell of the table at once
    source = ("import os\n\nimport numpy as np\nimport pandas as pd\nfrom PIL import Image\n"
              "from skimage.io import imread\n\ndef load(path):\n    return np.asarray(Image.open(path))\n\n\n"
              f"table = pd.read_csv('metadata.csv')\ntable['image'] = table['path'].map({function})\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


# (the split at line 10 copies X again while data and X both stay: a third copy, a peak above the one said)
@pytest.mark.parametrize("key, expected", [("mfcc", [8, 10]), ("features", [8, 10]),
                                           ("images", []),  # COCO's: records of file names
                                           ("filenames", [])])
def test_a_json_field_of_features_made_an_array_while_the_file_is_held(key, expected, tmp_path):
    # the GTZAN genre CNN (check_heldout26) and the audio course it comes from: json.load reads every segment's
    # MFCCs as nested lists, then np.array(data['mfcc']) builds the array while data still holds them
    source = ("import json\n\nimport numpy as np\nfrom sklearn.model_selection import train_test_split\n\n"
              "with open('data.json') as fp:\n    data = json.load(fp)\n"
              f"X = np.array(data['{key}'])\ny = np.array(data['labels'])\n"
              "train_x, test_x, train_y, test_y = train_test_split(X, y, test_size=0.25)\nprint(X.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("function, expected", [("imread", [12]), ("str.lower", [])])
def test_an_array_stacked_from_a_table_column_of_decoded_files_while_the_table_holds_them(function, expected, tmp_path):
    # the HAM10000 scripts (check_heldout26): df['image'] = df['path'].map(imread), then
    # np.asarray(train_df['image'].tolist()) of a split of the table, which still holds every decoded photo
    source = ("import numpy as np\nimport pandas as pd\nfrom skimage.io import imread\n"
              "from sklearn.model_selection import train_test_split\n\n\n"
              f"table = pd.read_csv('metadata.csv')\ntable['image'] = table['path'].map({function})\n"
              "features = table.drop(columns=['dx'])\nlabels = table['dx']\n"
              "train_df, test_df = train_test_split(features, test_size=0.2)\n"
              "x = np.asarray(train_df['image'].tolist())\nprint(x.shape, len(labels))\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("scaled, expected", [
    ("x = (x - np.mean(x)) / np.std(x)", [9]),
    ("mean = x.mean()\nstd = x.std()\nx = (x - mean) / std", [11]),  # names bound to the statistics
    ("x = (x - np.mean(x, axis=0)) / 3", [9]),  # a division: float64 whatever the mean
    ("x = x - np.mean(x, axis=0)", []),  # per-pixel means: an array, whose dtype the flow does not follow
])
def test_an_array_of_pixels_standardised_with_numpy_statistics_becomes_float64(scaled, expected, tmp_path):
    # the HAM10000 scripts (check_heldout26): train_X = (train_X - train_X_mean) / train_X_std with
    # train_X_mean = np.mean(train_X): NumPy's statistics are float64 scalars, so the uint8 stack becomes float64
    source = ("import os\n\nimport cv2\nimport numpy as np\n\n"
              "images = [cv2.imread(os.path.join('imgs', name)) for name in os.listdir('imgs')]\n"
              f"x = np.array(images)\ndel images\n{scaled}\nprint(x.shape)\n")


@pytest.mark.parametrize("reader", ["from skimage import data\n", "from skimage import io as data\n"])
def test_skimage_data_imread_of_old_scikit_image_decodes_a_file(reader, tmp_path):
    # scikit-image before 0.16 exported imread from skimage.data too: every image of a folder kept in a list
    source = ("import os\nimport numpy as np\n" + reader +
              "images = []\nfor name in os.listdir('photos'):\n"
              "    images.append(data.imread(os.path.join('photos', name)))\nx = np.array(images)\n")
    assert _rules(tmp_path, source, "eager-loading") == [6]


@pytest.mark.parametrize("dtype, expected", [("np.uint8", []), ("np.float32", [6])])
def test_a_narrow_copy_of_a_float_array_is_not_the_data_set_held_twice(dtype, expected, tmp_path):
    # an SRGAN's to_pixels(values): the float outputs turned back into uint8 to save them, a quarter of their size
    # (float32 of the float64 array is half as much again beside it, still a copy that counts). The array is
    # handed over as a temporary: given by a name the caller keeps, line 5 is a copy of its own (test_a_helper_
    # rebinding_its_parameter_to_a_copy_holds_the_callers_array_twice)
    source = ("import numpy as np\n\n\ndef as_pixels(values):\n    values = (values + 1) * 127.5\n"
              f"    return values.astype({dtype})\n\n\n"
              "shown = as_pixels(np.load('hr.npy').astype(np.float64).reshape(5000, 384, 384, 3))\n"
              "print(shown.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


BRAIN_CASES = """\
import os
import numpy as np
from skimage.io import imread
from torch.utils.data import Dataset, DataLoader


class Cases(Dataset):
    def __init__(self, root):
        volumes = {}
        masks = {}
        for folder, _, names in os.walk(root):
            slices = []
            outlines = []
            for name in sorted(names):
                if "mask" in name:
                    outlines.append(imread(os.path.join(folder, name), as_gray=True))
                else:
                    slices.append(imread(os.path.join(folder, name)))
            if len(slices) > 0:
                volumes[folder] = np.array(slices[1:-1])
                masks[folder] = np.array(outlines[1:-1])
        self.pairs = [(volumes[k], masks[k]) for k in sorted(volumes)]

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, i):
        v, m = self.pairs[i]
        return v[0], m[0]


loader = DataLoader(Cases('data'), batch_size=8, num_workers=4)
"""


def test_each_case_s_slices_stacked_into_a_dict_keep_every_file(tmp_path):
    # a brain MRI U-Net: a list of one case folder's slices, made anew per folder, stacked (less the first and last
    # slice) and kept by case: the dict ends holding every decoded slice
    assert _rules(tmp_path, BRAIN_CASES, "eager-loading") == [20]


def test_records_of_decoded_arrays_read_by_workers_are_not_copied_per_worker(tmp_path):
    # the same data set's (volume, mask) pairs: a worker touches each tuple and array header, never the pixels
    assert _rules(tmp_path, BRAIN_CASES, "workers-copy-dataset") == []


def test_a_skimage_resize_in_a_helper_module_makes_each_image_float64_there(tmp_path):
    # skimage.transform.resize gives float64 of uint8 images (img_as_float first): said at the resize, in the helper
    # module that holds it, not at that line number in the script that keeps the images
    (tmp_path / "prep.py").write_text(
        "import numpy as np\nfrom skimage.transform import resize\n\n\ndef shrink(pair, side=256):\n"
        "    image, name = pair\n    image = resize(image, (side, side, 3), order=1)\n    return image, name\n")
    source = ("import os\nimport numpy as np\nfrom skimage.io import imread\nfrom prep import shrink\n\n"
              "pairs = [(imread(os.path.join('photos', n)), n) for n in os.listdir('photos')]\n"
              "pairs = [shrink(p) for p in pairs]\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert [(os.path.basename(f.file), f.line) for f in check_source(script) if f.rule == "dtype-blowup"] == \
        [("prep.py", 7)]


@pytest.mark.parametrize("body, expected", [("    loaded.append(x)\n", [21]),
                                            ("    loss = model(x.float()).mean()\n    loss.backward()\n", [])])
def test_every_batch_of_a_decoding_loader_kept_in_a_list_is_the_whole_data_set(body, expected, tmp_path):
    # a kidney-vessel segmenter: a DataLoader reads a volume's slice files, and every batch is kept to torch.cat
    # them into the volume; a loop that trains on each batch keeps none
    source = ("import glob\nimport cv2\nimport torch\nfrom torch.utils.data import Dataset, DataLoader\n\n\n"
              "class SliceFiles(Dataset):\n    def __init__(self, paths):\n        self.paths = sorted(paths)\n\n"
              "    def __len__(self):\n        return len(self.paths)\n\n"
              "    def __getitem__(self, i):\n        return torch.from_numpy(cv2.imread(self.paths[i], 0))\n\n\n"
              "model = torch.nn.Conv2d(1, 1, 3)\nloaded = []\n"
              f"for x in DataLoader(SliceFiles(glob.glob('kidney_1/*.tif')), batch_size=16, num_workers=2):\n{body}")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("scaled, expected", [("(pixels.astype(np.float32) - 127.5) / 127.5", [6]),
                                              ("pixels.astype(np.float32)[:0]", [])])
def test_a_float_copy_shifted_and_scaled_by_numbers_is_held_beside_the_uint8_original(scaled, expected, tmp_path):
    # an SRGAN's to_unit_range: uint8 crops to [-1, 1] in float32, returned while the caller keeps the uint8 stack
    source = ("import numpy as np\n\n\ndef to_unit_range(pixels):\n\n"
              f"    return {scaled}\n\n\n"
              "hr = np.load('crops.npy').astype(np.uint8).reshape(8000, 384, 384, 3)\nhr_unit = to_unit_range(hr)\n"
              "print(hr.mean(), hr_unit.shape)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("kept", ["feats.append(model(x).detach().cpu())", "feats.append(model(x).cpu())"])
def test_a_detached_pass_over_every_batch_of_a_loader_is_evaluation(kept, tmp_path):
    # features extracted from a pretrained network (check_heldout28): model.eval(), then every batch of the loader
    # through it, each output detached at once; the graph goes only once the pass has saved all its activations,
    # a training step's peak on every batch, where a preview inside training is one more batch of it
    source = ("import torch\nimport torchvision\nfrom torch.utils.data import DataLoader\n\n"
              "model = torchvision.models.resnet18(weights='DEFAULT').cuda()\n"
              "loader = DataLoader(images, batch_size=64)\nmodel.eval()\nfeats = []\nfor x in loader:\n"
              f"    x = x.cuda()\n    {kept}\nfeatures = torch.cat(feats)\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == [11]


@pytest.mark.parametrize("zeroed, expected", [("optimizer.zero_grad()", [16]), ("pass", [])])
def test_a_file_of_training_helpers_that_never_names_torch_is_pytorch(zeroed, expected, tmp_path):
    # a train-loop helper (check_heldout28) with no import at all: its caller hands over the model, optimizer and
    # loaders. optimizer.zero_grad() is PyTorch's alone, so model(x) is a forward pass and the validation loop's,
    # after model.eval() and outside torch.no_grad(), keeps its graph
    source = ("def run_training(model, optimizer, loss_fn, train_loader, val_loader, epochs=10, device='cuda'):\n"
              "    for epoch in range(epochs):\n        model.train()\n        for x, y in train_loader:\n"
              f"            {zeroed}\n            x, y = x.to(device), y.to(device)\n"
              "            loss = loss_fn(model(x), y)\n            loss.backward()\n            optimizer.step()\n"
              "        model.eval()\n        val_loss = 0.0\n        for batch in val_loader:\n"
              "            x, y = batch\n            x = x.to(device)\n            y = y.to(device)\n"
              "            preds = model(x)\n            val_loss += loss_fn(preds, y).item()\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("between, expected", [("", [10, 11]), ("del crops\n", [10])])
def test_a_split_made_while_the_list_and_its_array_both_stay_is_a_third_copy(between, expected, tmp_path):
    # region crops (check_heldout6, 7, 28): the array built from the list is said; train_test_split then copies
    # every crop once more while both stay, a peak above the one said. Once the list is deleted, the split only
    # takes the list's place
    source = ("import cv2\nimport numpy as np\nfrom sklearn.model_selection import train_test_split\n\n"
              "crops = []\nfor path in paths:\n    image = cv2.imread(path)\n"
              "    crops.append(cv2.resize(image, (224, 224)))\n\ncrop_arr = np.array(crops)\n"
              f"{between}x_train, x_test, y_train, y_test = train_test_split(crop_arr, labels, test_size=0.1)\n"
              "model.fit(x_train, y_train, epochs=10)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("drop, expected", [("pixels = train_df.drop(columns=['label'])", [7, 8]),
                                            # the frame itself changed: the split is the first copy
                                            ("train_df.drop(columns=['label'], inplace=True)\npixels = train_df", [9])])
def test_a_frame_with_a_column_dropped_is_a_copy_while_the_frame_stays(drop, expected, tmp_path):
    # a Kaggle digits CSV (check_heldout28): df.drop(columns=['label']) returns a new frame holding a copy of every
    # pixel column while df stays; the split of that copy then copies it a third time. inplace=True changes df itself
    source = ("import pandas as pd\nimport torch\nfrom sklearn.model_selection import train_test_split\n\n"
              "train_df = pd.read_csv('data/train.csv')\nlabels = train_df['label']\n"
              f"{drop}\n"
              "train_x, valid_x, train_y, valid_y = train_test_split(pixels, labels, test_size=0.2)\n"
              "x = torch.from_numpy(train_x.values.reshape(-1, 1, 28, 28)).float() / 255\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("grey", ["torch.cat((tensor, tensor, tensor), dim=0)", "tensor.repeat(3, 1, 1)"])
def test_a_grey_image_made_three_channels_by_joining_it_to_itself_is_still_that_image(grey, tmp_path):
    # Places365 crops to tensors (check_heldout28): if tensor.size(0) == 1: tensor = torch.cat((tensor,) * 3): the
    # one decoded image still, appended to the list that ends holding the whole folder
    source = ("import os\n\nimport torch\nfrom PIL import Image\nfrom torchvision import transforms\n\n"
              "tensors = []\nfor name in os.listdir('jpgs'):\n    image = Image.open(os.path.join('jpgs', name))\n"
              "    tensor = transforms.ToTensor()(image)\n    if tensor.size(0) == 1:\n"
              f"        tensor = {grey}\n    tensors.append(tensor)\n")
    assert _rules(tmp_path, source, "eager-loading") == [13]


@pytest.mark.parametrize("kept, expected", [("torch.stack(tensors).float().detach()", [10]),
                                            ("torch.stack(tensors).mean()", [])])
def test_a_stacked_tensor_cast_or_detached_is_still_the_copy_held(kept, expected, tmp_path):
    # torch.stack(image_tensors).float().detach() (check_heldout28): the stacked copy is whole before the cast, a
    # no-op on float32, and detach() is a view of it: data holds the copy beside the list
    source = ("import os\n\nimport torch\nfrom PIL import Image\nfrom torchvision import transforms\n\n"
              "tensors = []\nfor name in os.listdir('jpgs'):\n"
              "    tensors.append(transforms.ToTensor()(Image.open(os.path.join('jpgs', name))))\n"
              f"data = {kept}\ntorch.save(data, 'train.pt')\nprint(len(tensors))\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("made, expected", [("transforms.ToTensor()(image)", [11]),
                                            ("transforms.functional.to_tensor(image)", [11]),
                                            ("torch.from_numpy(np.array(image))", [])])
def test_an_image_made_a_tensor_by_to_tensor_and_kept_is_float32(made, expected, tmp_path):
    # Places365 crops to tensors (check_heldout28): ToTensor turns each decoded 8-bit image into float32 in [0, 1],
    # 4x its bytes, before the list keeps it; torch.from_numpy keeps the uint8 pixels as they are
    source = ("import os\n\nimport numpy as np\nimport torch\nfrom PIL import Image\n"
              "from torchvision import transforms\n\ntensors = []\nfor name in os.listdir('jpgs'):\n    image = Image.open(os.path.join('jpgs', name))\n"
              f"    tensor = {made}\n    tensors.append(tensor)\n")
    assert _widened(tmp_path, source) == expected


@pytest.mark.parametrize("read, expected", [("np.array(store['trainxdata'])", [10]),
                                            ("np.array(store['trainxdata'][:500])", [])])  # a few to try the model
def test_fit_of_a_whole_load_the_script_shows_is_large(read, expected, tmp_path):
    # an HDF5 data set read whole (whole-dataset-load says it): its size is not shown, and the model's Conv1D says
    # nothing of images, but the load is the data set, and fit() on TensorFlow copies it once more
    source = ("import h5py\nimport numpy as np\nfrom keras.models import Sequential\n"
              "from keras.layers import Conv1D, LSTM, Dense\n\n"
              f"store = h5py.File('train.mat', 'r')\nx = {read}\ny = np.array(store['traindata']).T\n"
              "model = Sequential([Conv1D(320, 26, input_shape=(1000, 4)), LSTM(320), Dense(919)])\n"
              "model.fit(x, y, batch_size=100, epochs=60, shuffle=True)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("split, expected", [
    ("    if is_train[k]:\n        train_images.append(img)\n    else:\n        test_images.append(img)\n", [11]),
    ("    train_images.append(img)\n    test_images.append(np.fliplr(img))\n", [10, 11]),  # both kept each pass
])
def test_files_kept_in_one_of_two_lists_by_an_if_are_one_problem(split, expected, tmp_path):
    # each pass decodes one image and keeps it in the training or the test list: the two lists hold the data set once
    source = ("import os\nimport numpy as np\nfrom PIL import Image\n\n"
              "names = sorted(os.listdir('images'))\nis_train = np.loadtxt('split.txt')\ntrain_images, test_images = [], []\n"
              "for k, name in enumerate(names):\n    img = np.array(Image.open(os.path.join('images', name)))\n"
              f"{split}")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("keywords, expected", [("epochs=10, batch_size=16, validation_split=0.1", [12]),
                                                ("epochs=10, batch_size=16", [])])  # fit of what, nothing says
def test_fit_with_validation_split_is_keras_where_the_model_comes_from_a_module_not_shipped(keywords, expected,
                                                                                           tmp_path):
    # the model is built in model.py, which is not beside the script, and no file the checker reads imports Keras:
    # validation_split is Keras's alone, and fit() on TensorFlow copies the decoded images it is given
    source = ("import os\nimport cv2\nimport numpy as np\nfrom model import get_compiled_unet\n\n"
              "seg_model = get_compiled_unet()\n"
              "train_X = np.array([cv2.imread(os.path.join('imgs', n)) for n in os.listdir('imgs')])\n"
              "train_Y = np.array([cv2.imread(os.path.join('masks', n), 0) for n in os.listdir('masks')])\n"
              "train_X = train_X / 255.0\ntrain_Y = np.expand_dims(train_Y, axis=-1)\n\n"
              f"seg_model.fit(train_X, train_Y, {keywords})\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


@pytest.mark.parametrize("inputs, expected", [("[train_bow, train_kind] + [train_seq]", [11]),
                                              ("[train_kind] + [train_seq]", [])])  # a few columns, word ids
def test_fit_of_inputs_joined_from_two_lists(inputs, expected, tmp_path):
    # a wide-and-deep model's inputs written as the wide branch's list plus the deep one's: the items of both, and the
    # dense bag-of-words matrix among them is copied by fit() on TensorFlow
    source = ("import pandas as pd\nimport keras\nfrom keras.preprocessing.text import Tokenizer\n\n"
              "table = pd.read_csv('wine.csv')\ntok = Tokenizer(num_words=12000)\ntok.fit_on_texts(table['text'])\n"
              "train_bow = tok.texts_to_matrix(table['text'])\ntrain_kind = table['kind'].values\n"
              "train_seq = keras.preprocessing.sequence.pad_sequences(tok.texts_to_sequences(table['text']), 170)\n"
              f"joint_model.fit({inputs}, table['price'].values, epochs=10, batch_size=128)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


# whole-split-forward: a whole evaluation split run through the model in one pass
TORCH_EVAL = """import numpy as np
import torch
import torch.nn as nn

x_train = torch.from_numpy(np.load('x_train.npy'))
y_train = torch.from_numpy(np.load('y_train.npy'))
x_test = np.load('x_test.npy')
y_test = np.load('y_test.npy')
model = nn.Sequential(nn.Conv2d(3, 64, 3), nn.ReLU(), nn.Flatten(), nn.LazyLinear(10)).cuda()
opt = torch.optim.Adam(model.parameters())
loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x_train, y_train), batch_size=64)
for epoch in range(10):
    for xb, yb in loader:
        loss = nn.functional.cross_entropy(model(xb.cuda()), yb.cuda())
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with torch.no_grad():
{evaluation}
"""


@pytest.mark.parametrize("evaluation, expected", [
    ("        out = model(torch.from_numpy(x_test).float().cuda())", [20]),   # the whole test split, one pass
    ("        test_X = torch.tensor(x_test).cuda()\n        out = model(test_X)", [21]),
    ("        for i in range(0, len(x_test), 64):\n"                          # in batches: slices
     "            out = model(torch.from_numpy(x_test[i:i + 64]).cuda())", []),
    ("        for x_test_b, y_b in torch.utils.data.DataLoader(x_test, batch_size=64):\n"
     "            out = model(x_test_b.cuda())", []),
    ("        for val_x in torch.utils.data.DataLoader(x_test, batch_size=64):\n"  # a loop binds it: one batch
     "            out = model(val_x.cuda())", []),
    ("        test_img = torch.from_numpy(x_test[0:1]).cuda()\n        out = model(test_img)", []),  # one sample
    ("        x_test = torch.tensor(x_test[:100]).cuda()\n        out = model(x_test)", []),  # a few rows
    ("        for batch in torch.utils.data.DataLoader(x_test, batch_size=64):\n"
     "            val_x = batch\n            out = model(val_x.cuda())", []),
])
def test_whole_split_forward_torch(evaluation, expected, tmp_path):
    assert _rules(tmp_path, TORCH_EVAL.format(evaluation=evaluation), "whole-split-forward") == expected


@pytest.mark.parametrize("evaluation, expected", [
    # what a loop's batch is unpacked into, then moved by a helper of the script: still that one batch
    ("        for pair in torch.utils.data.DataLoader(x_test, batch_size=64):\n"
     "            imgs, _ = pair\n            test_images = to_gpu(imgs, 'cuda')\n            out = model(test_images)",
     []),
    ("        for k, batch in enumerate(torch.utils.data.DataLoader(x_test, batch_size=64)):\n"
     "            val_inputs = to_gpu(batch, 'cuda')\n            out = model(val_inputs)", []),
    ("        for pair in torch.utils.data.DataLoader(x_test, batch_size=64):\n"
     "            imgs = pair\n            test_x = imgs\n            out = model(test_x)", []),
    # a loop's counter picks no batch: the whole split, shifted each pass, goes through at once
    ("        for shift in range(3):\n"
     "            test_images = to_gpu(np.roll(x_test, shift), 'cuda')\n            out = model(test_images)", [22]),
    ("        test_images = to_gpu(x_test, 'cuda')\n        out = model(test_images)", [21]),
])
def test_whole_split_forward_of_a_batch_moved_by_a_helper(evaluation, expected, tmp_path):
    source = TORCH_EVAL.format(evaluation=evaluation) + "\n\ndef to_gpu(t, device):\n" \
        "    return torch.as_tensor(t).to(device)\n"
    assert _rules(tmp_path, source, "whole-split-forward") == expected


def test_whole_split_forward_through_an_evaluation_function_is_said_where_the_split_is_given(tmp_path):
    source = TORCH_EVAL.format(evaluation="        pass") + (
        "\n\ndef evaluate(net, inputs):\n    with torch.no_grad():\n        return net(inputs.cuda())\n\n\n"
        "print(evaluate(model, torch.from_numpy(x_test)))\n"
        "for i in range(0, len(x_test), 64):\n    print(evaluate(model, torch.from_numpy(x_test[i:i + 64])))\n")
    assert _rules(tmp_path, source, "whole-split-forward") == [28]


TF1_EVAL = """import numpy as np
import tensorflow as tf
from tensorflow.examples.tutorials.mnist import input_data

mnist = input_data.read_data_sets('MNIST_data', one_hot=True)
x = tf.placeholder(tf.float32, [None, 784])
y_ = tf.placeholder(tf.float32, [None, 10])
h = tf.layers.conv2d(tf.reshape(x, [-1, 28, 28, 1]), 32, 5, padding='same')
logits = tf.layers.dense(tf.layers.flatten(h), 10)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y_, logits=logits))
train_step = tf.train.AdamOptimizer(1e-4).minimize(loss)
accuracy = tf.reduce_mean(tf.cast(tf.equal(tf.argmax(logits, 1), tf.argmax(y_, 1)), tf.float32))
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for i in range(20000):
        batch = mnist.train.next_batch(50)
        sess.run(train_step, feed_dict={{x: batch[0], y_: batch[1]}})
    {evaluation}
"""


@pytest.mark.parametrize("evaluation, expected", [
    ("print(accuracy.eval(feed_dict={x: mnist.test.images, y_: mnist.test.labels}))", [18]),
    ("print(sess.run(accuracy, {x: mnist.test.images, y_: mnist.test.labels}))", [18]),
    ("test_batch = mnist.test.next_batch(500)\n"
     "    print(accuracy.eval(feed_dict={x: test_batch[0], y_: test_batch[1]}))", []),
    ("print(sess.run(accuracy, feed_dict={x: mnist.test.images[:500], y_: mnist.test.labels[:500]}))", []),
])
def test_whole_split_forward_tensorflow_session(evaluation, expected, tmp_path):
    assert _rules(tmp_path, TF1_EVAL.format(evaluation=evaluation), "whole-split-forward") == expected


@pytest.mark.parametrize("evaluation, expected", [
    ("probabilities = model(x_test)", [9]),                       # a Keras model called on every test image
    ("probabilities = model.predict(x_test, batch_size=32)", []),  # predict() batches by itself
    ("loss, acc = model.evaluate(x_test, y_test)", []),
])
def test_whole_split_forward_keras(evaluation, expected, tmp_path):
    source = ("import numpy as np\nfrom tensorflow import keras\n\n"
              "(x_train, y_train), (x_test, y_test) = keras.datasets.cifar10.load_data()\n"
              "model = keras.Sequential([keras.layers.Conv2D(64, 3, activation='relu'), keras.layers.Flatten(),\n"
              "                          keras.layers.Dense(10)])\n"
              "model.compile('adam', 'sparse_categorical_crossentropy')\n"
              f"model.fit(x_train, y_train, batch_size=64)\n{evaluation}\n")
    assert _rules(tmp_path, source, "whole-split-forward") == expected


def test_one_hot_labels_and_a_split_of_labels_are_not_a_forward_pass(tmp_path):
    source = TORCH_EVAL.format(evaluation="        y_onehot = np.eye(10)[y_test]\n"
                                          "        out = model(torch.eye(10)[0])")
    assert _rules(tmp_path, source, "whole-split-forward") == []


def test_whole_split_forward_in_the_main_that_tf_app_run_runs(tmp_path):
    body = TF1_EVAL.format(evaluation="print(sess.run(accuracy, {x: mnist.test.images, y_: mnist.test.labels}))")
    head, graph = body.split("mnist = ", 1)
    indented = "".join("    " + line + "\n" for line in ("mnist = " + graph).splitlines())
    source = head + "\n\ndef main(_):\n" + indented + \
        "\n\nif __name__ == '__main__':\n    tf.app.run()\n"
    assert _rules(tmp_path, source, "whole-split-forward") == [21]


# densified-sparse: a sparse matrix over every item of the data set made dense
GRAPH_SCRIPT = """import numpy as np
import scipy.sparse as sp
import torch


def normalize(adj):
    adj = sp.coo_matrix(adj)
    degree = np.array(adj.sum(1))
    d_inv_sqrt = sp.diags(np.power(degree, -0.5).flatten())
    return adj.dot(d_inv_sqrt).transpose().dot(d_inv_sqrt).tocoo()


edges = np.load('edges.npy')
features = np.load('features.npy')
num_nodes = features.shape[0]
adj = sp.coo_matrix((np.ones(len(edges)), (edges[:, 0], edges[:, 1])), shape=(num_nodes, num_nodes))
adj = normalize(adj + sp.eye(adj.shape[0]))
{use}
"""


@pytest.mark.parametrize("use, expected", [
    ("adj = torch.FloatTensor(np.array(adj.todense()))", [18]),  # the normalised N x N adjacency, dense
    ("dense = adj.toarray()", [18]),
    ("dense = adj.A", [18]),
    ("self_loops = torch.nonzero(torch.eye(num_nodes))", [18]),  # a dense identity over every node
    ("identity = np.identity(adj.shape[0])", [18]),
    ("adj = torch.sparse_coo_tensor(np.vstack((adj.row, adj.col)), adj.data, adj.shape)", []),  # kept sparse
    ("y = np.eye(10)[np.load('labels.npy')]", []),         # one-hot labels over a few classes
    ("mask = torch.eye(64)", []),
    ("one_hot = np.identity(num_classes)", []),
    ("tokens = torch.eye(vocab_size)", []),
    ("loops = sp.eye(num_nodes)", []),                      # scipy's identity stays sparse
    ("small = sp.csr_matrix(np.ones((3, 4))).toarray()", []),
])
def test_densified_sparse_graph(use, expected, tmp_path):
    source = GRAPH_SCRIPT.format(use=use).replace("num_classes", "int(np.load('labels.npy').max()) + 1") \
        .replace("vocab_size", "len(open('vocab.txt').read().split())")
    assert _rules(tmp_path, source, "densified-sparse") == expected


def test_densified_sparse_through_a_function_of_the_script(tmp_path):
    source = GRAPH_SCRIPT.format(use="\n\ndef to_dense(matrix):\n    return torch.from_numpy(matrix.todense())\n\n\n"
                                     "dense_adj = to_dense(adj)")
    assert _rules(tmp_path, source, "densified-sparse") == [21]


@pytest.mark.parametrize("path, expected", [("data/cora/cora.cites", []), ("data/pubmed/pubmed.cites", [18])])
def test_densified_sparse_of_a_known_citation_graph_is_sized(path, expected, tmp_path):
    source = GRAPH_SCRIPT.format(use="dense = adj.todense()").replace("edges.npy", path)
    assert _rules(tmp_path, source, "densified-sparse") == expected
    if expected:
        message = next(f.message for f in check_source(tmp_path / "train.py") if f.rule == "densified-sparse")
        assert "19,717 × 19,717" in message


@pytest.mark.parametrize("use, expected", [
    ("X = CountVectorizer().fit_transform(texts).toarray()", [6]),  # every document x every word
    ("vectorizer = TfidfVectorizer()\nX = vectorizer.fit_transform(texts).todense()", [7]),
    ("vectorizer = TfidfVectorizer()\nX = vectorizer.fit_transform(texts)", []),  # kept sparse
    ("vectorizer = TfidfVectorizer().fit(texts)\nrow = vectorizer.transform([texts[0]]).toarray()", []),  # one text
    ("labels = OneHotEncoder().fit_transform(np.array(texts)[:, None]).toarray()", []),  # one-hot categories
])
def test_densified_sparse_term_matrix(use, expected, tmp_path):
    source = ("import numpy as np\nfrom sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer\n"
              "from sklearn.preprocessing import OneHotEncoder\n\ntexts = open('corpus.txt').read().splitlines()\n"
              f"{use}\n")
    assert _rules(tmp_path, source, "densified-sparse") == expected


def test_a_dense_term_matrix_grows_with_documents_times_words_not_squared(tmp_path):
    source = ("from sklearn.feature_extraction.text import TfidfVectorizer\n\ntexts = open('corpus.txt').read()"
              ".splitlines()\nX = TfidfVectorizer(max_features=5000).fit_transform(texts).toarray()\n")
    (tmp_path / "train.py").write_text(source)
    finding = next(f for f in check_source(tmp_path / "train.py") if f.rule == "densified-sparse")
    assert "documents times the vocabulary" in finding.message and "square" not in finding.message
    assert "X[rows].toarray()" in finding.fix


def test_densified_networkx_graph(tmp_path):
    source = ("import networkx as nx\nimport numpy as np\n\ng = nx.read_edgelist('graph.txt')\n"
              "a = nx.to_numpy_array(g)\nb = nx.adjacency_matrix(g).todense()\nc = nx.adjacency_matrix(g)\n")
    assert _rules(tmp_path, source, "densified-sparse") == [5, 6]


@pytest.mark.parametrize("layers, expected", [
    ("nn.Conv2d(3, 64, 3), nn.ReLU(), nn.Flatten(), nn.LazyLinear(10)", [20]),
    ("nn.Flatten(), nn.Linear(3072, 256), nn.ReLU(), nn.Dropout(0.2), nn.Linear(256, 10)", []),  # an MLP
])
def test_whole_split_forward_not_said_of_an_mlp(layers, expected, tmp_path):
    source = TORCH_EVAL.format(evaluation="        out = model(torch.from_numpy(x_test).float().cuda())").replace(
        "nn.Conv2d(3, 64, 3), nn.ReLU(), nn.Flatten(), nn.LazyLinear(10)", layers)
    assert _rules(tmp_path, source, "whole-split-forward") == expected


def test_whole_split_forward_not_said_of_a_table(tmp_path):
    source = ("import pandas as pd\nimport torch\nimport torch.nn as nn\n"
              "from sklearn.model_selection import train_test_split\n\ndf = pd.read_csv('diabetes.csv')\n"
              "X_train, X_test, y_train, y_test = train_test_split(df.drop('Outcome', axis=1).values, "
              "df['Outcome'].values)\nmodel = nn.Sequential(nn.Conv1d(1, 64, 3), nn.Flatten(), nn.LazyLinear(2))\n"
              "opt = torch.optim.Adam(model.parameters())\nfor step in range(500):\n"
              "    loss = nn.functional.cross_entropy(model(torch.FloatTensor(X_train)), torch.LongTensor(y_train))\n"
              "    opt.zero_grad()\n    loss.backward()\n    opt.step()\nwith torch.no_grad():\n"
              "    y_pred = model(torch.FloatTensor(X_test))\n")
    assert _rules(tmp_path, source, "whole-split-forward") == []


@pytest.mark.parametrize("first, size", [
    ("keras.layers.Conv2D(64, 3, activation='relu')", "the first convolution's output alone is about 2.4 GiB"),
    ("keras.layers.Conv2D(64, 3, strides=2)", "(10,000 samples at once)"),  # a stride: the map's size is not said
])
def test_whole_split_forward_is_sized_by_the_first_convolution(first, size, tmp_path):
    source = ("import numpy as np\nfrom tensorflow import keras\n\n"
              "(x_train, y_train), (x_test, y_test) = keras.datasets.cifar10.load_data()\n"
              f"model = keras.Sequential([{first}, keras.layers.Flatten(), keras.layers.Dense(10)])\n"
              "model.compile('adam', 'sparse_categorical_crossentropy')\nmodel.fit(x_train, y_train, batch_size=64)\n"
              "probabilities = model(x_test)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    messages = [f.message for f in check_source(script) if f.rule == "whole-split-forward"]
    assert len(messages) == 1 and size in messages[0]


@pytest.mark.parametrize("training, expected", [
    ("sess.run(train_step, feed_dict={{x: X_train, y_: y_train}})", []),  # full-batch training: no larger
    ("sess.run(train_step, feed_dict={{x: X_train[i:i + 50], y_: y_train[i:i + 50]}})", [17]),
])
def test_whole_split_forward_not_said_where_training_is_full_batch(training, expected, tmp_path):
    source = TF1_EVAL.replace("        batch = mnist.train.next_batch(50)\n", "").replace(
        "sess.run(train_step, feed_dict={{x: batch[0], y_: batch[1]}})", training).format(
        evaluation="print(sess.run(accuracy, {x: X_test, y_: y_test}))\n"
                   "    print(sess.run(accuracy, {x: X_train, y_: y_train}))").replace(
        "mnist = input_data.read_data_sets('MNIST_data', one_hot=True)",
        "X_train, y_train, X_test, y_test = [np.load(f'{n}.npy') for n in ('xtr', 'ytr', 'xte', 'yte')]")
    assert _rules(tmp_path, source, "whole-split-forward") == expected


def test_densified_sparse_not_said_of_each_sample_graph_or_in_a_model(tmp_path):
    source = ("import networkx as nx\nimport numpy as np\nimport torch\n\n"
              "graphs = [nx.read_edgelist(f'mol{i}.txt') for i in range(100000)]\n"
              "adjs = [nx.to_numpy_array(g) for g in graphs]\nfeatures = []\nfor g in graphs:\n"
              "    features.append(nx.adjacency_matrix(g).todense())\n\n\nclass GCN(torch.nn.Module):\n"
              "    def forward(self, x, adj):\n        adj = adj + torch.eye(adj.size(0))\n        return adj @ x\n")
    assert _rules(tmp_path, source, "densified-sparse") == []


def test_whole_split_forward_not_said_of_a_tensorflow_softmax_regression(tmp_path):
    source = TF1_EVAL.replace("h = tf.layers.conv2d(tf.reshape(x, [-1, 28, 28, 1]), 32, 5, padding='same')\n", "") \
        .replace("tf.layers.dense(tf.layers.flatten(h), 10)", "tf.matmul(x, tf.Variable(tf.zeros([784, 10])))") \
        .format(evaluation="print(accuracy.eval(feed_dict={x: mnist.test.images, y_: mnist.test.labels}))")
    assert _rules(tmp_path, source, "whole-split-forward") == []


@pytest.mark.parametrize("count, expected", [(500, [(7, "dtype-blowup"), (7, "eager-loading")]),
                                             (20, [])])  # 20 X-rays of 512 × 512: 40 MiB in float64
def test_a_buffer_of_a_few_hundred_large_samples_written_out_is_large(count, expected, tmp_path):
    # a few hundred samples is no small buffer when the script writes every dimension: 500 X-rays of 512 × 512 in
    # float64 are 1 GiB, filled by a loop of 500 passes that each decode one file
    source = ("import os\nimport cv2\nimport numpy as np\n\n"
              "names = sorted(os.listdir('train/images'))\n\n"
              f"train_images = np.zeros(({count}, 512, 512, 1))\n"
              f"for i in range({count}):\n"
              "    img = cv2.imread(os.path.join('train/images', names[i]), 0)\n"
              "    train_images[i] = cv2.resize(img, (512, 512)).reshape(512, 512, 1)\n"
              "np.save('train_images.npy', train_images)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert sorted((f.line, f.rule) for f in check_source(script) if f.kind == "memory") == expected


@pytest.mark.parametrize("masks, expected", [("train_y = np.load('train_mask_array.npy')", [5, 6]),
                                             ("masks = pickle.load(open('data/mask.p', 'rb'))", [5, 6]),
                                             ("train_y = np.load('train_label_array.npy')", [5])])  # a label each
def test_segmentation_masks_loaded_whole_beside_the_images_are_as_large(masks, expected, tmp_path):
    # a mask has a number per pixel: loaded whole beside the images it goes with, it is a second data set as large,
    # whatever name (y, masks) it is bound to
    source = ("import pickle\nimport numpy as np\nimport keras\n\n"
              "train_X = np.load('train_image_array.npy')\n"
              f"{masks}\n"
              "model = keras.Sequential([keras.layers.Conv2D(8, 3), keras.layers.Conv2D(1, 1)])\n"
              f"model.fit(train_X, {masks.split(' =')[0]}, batch_size=8, epochs=10)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("layer, expected", [("Conv2D(16, 3, padding='same')", [8]),
                                             ("Dense(16)", [])])  # rows of numbers, of no size the script shows
def test_fit_of_arrays_of_unknown_shape_to_a_model_that_a_local_module_builds_of_convolutions(layer, expected,
                                                                                             tmp_path):
    # the U-Net is assembled in unet.py beside the script: its 2-D convolutions say fit() is given images, as they
    # do written in the script itself
    (tmp_path / "unet.py").write_text(
        "from tensorflow import keras\n\n"
        "def build(shape):\n"
        "    inputs = keras.Input(shape)\n"
        f"    outputs = keras.layers.{layer}(inputs)\n"
        "    return keras.Model(inputs, outputs)\n")
    source = ("import pickle\nimport numpy as np\nfrom unet import build\n\n"
              "images = pickle.load(open('images.p', 'rb'))\n"
              "masks = pickle.load(open('masks.p', 'rb'))\n"
              "model = build((420, 580, 1))\n"
              "model.fit(images[:5000], masks[:5000], validation_data=(images[5000:], masks[5000:]), epochs=20)\n")
    assert _rules(tmp_path, source, "in-memory-array") == expected


def test_two_fits_in_the_branches_of_one_if_are_one_copy(tmp_path):
    # a wrapper's train() fits with validation data when it is given some, without it otherwise: one of the two
    # runs, and the arrays are copied once
    source = ("import numpy as np\nimport keras\n\n"
              "class Segmenter:\n"
              "    def __init__(self):\n"
              "        self.model = keras.Sequential([keras.layers.Conv2D(8, 3), keras.layers.Conv2D(1, 1)])\n\n"
              "    def train(self, x, y, val_x=None, val_y=None):\n"
              "        if val_x is not None:\n"
              "            self.model.fit(x, y, validation_data=(val_x, val_y), epochs=20)\n"
              "        else:\n"
              "            self.model.fit(x, y, epochs=20)\n\n"
              "x = np.zeros((5000, 420, 580, 1), dtype=np.float32)\n"
              "Segmenter().train(x[:4000], x[:4000], x[4000:], x[4000:])\n")
    assert _rules(tmp_path, source, "in-memory-array") == [10]


def test_a_function_called_by_a_name_the_script_never_binds_is_the_imported_local_modules(tmp_path):
    # `import unet_lowered`, then `UNet((512, 512, 1))`: a notebook's earlier cell (or a star import) brought the
    # name from the local module the script imports; the U-Net of convolutions it builds is given images
    (tmp_path / "unet_lowered.py").write_text(
        "from tensorflow import keras\n\n"
        "def UNet(shape):\n"
        "    inputs = keras.Input(shape)\n"
        "    outputs = keras.layers.Conv2D(1, 1)(keras.layers.Conv2D(16, 3, padding='same')(inputs))\n"
        "    return keras.Model(inputs, outputs)\n")
    source = ("import unet_lowered\nimport numpy as np\n\n"
              "model = UNet((512, 512, 1))\n"
              "x = np.load('train_image_array.npy')\n"
              "model.compile(optimizer='adam', loss='binary_crossentropy')\n"
              "model.fit(x[:-75], x[:-75], validation_data=(x[-75:], x[-75:]), batch_size=10)\n")
    assert _rules(tmp_path, source, "in-memory-array") == [7]


def test_workers_copy_the_lists_of_the_data_sets_a_wrapper_zips(tmp_path):
    # ZipDataset(*datasets) pairs the items of two list-backed data sets: the workers of its DataLoader read each
    # one's records, as they would given either alone
    source = ("import pickle\nimport torch\nfrom torch.utils.data import DataLoader, Dataset\n\n"
              "class Segments(Dataset):\n"
              "    def __init__(self, path):\n"
              "        with open(path, 'rb') as f:\n"
              "            self.records = pickle.load(f)\n"
              "    def __getitem__(self, i):\n"
              "        return torch.from_numpy(self.records[i]['features']['mfcc']), self.records[i]['classID']\n"
              "    def __len__(self):\n"
              "        return len(self.records)\n\n"
              "class ZipDataset(Dataset):\n"
              "    def __init__(self, *members):\n"
              "        self.members = members\n"
              "    def __getitem__(self, i):\n"
              "        return tuple(d[i] for d in self.members)\n"
              "    def __len__(self):\n"
              "        return min(len(d) for d in self.members)\n\n"
              "loader = DataLoader(ZipDataset(Segments('train.pkl'), Segments('train.pkl')), batch_size=32,\n"
              "                    num_workers=8)\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == [22]


@pytest.mark.parametrize("second, expected", [
    ("Segments('train.pkl', 'MC')", [16]),    # the same pickle held whole twice, for another feature set
    ("Segments('test.pkl', 'MC')", []),       # another file
])
def test_a_class_that_keeps_the_file_it_loads_built_twice_from_it_holds_it_twice(second, expected, tmp_path):
    source = ("import pickle\nimport numpy as np\nfrom torch.utils.data import Dataset\n\n"
              "class Segments(Dataset):\n"
              "    def __init__(self, path, mode):\n"
              "        with open(path, 'rb') as f:\n"
              "            self.records = pickle.load(f)\n"
              "        self.mode = mode\n"
              "    def __getitem__(self, i):\n"
              "        return np.asarray(self.records[i][self.mode], dtype=np.float32), self.records[i]['label']\n"
              "    def __len__(self):\n"
              "        return len(self.records)\n\n"
              f"pair = [Segments('train.pkl', 'LMC'),\n        {second}]\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


def test_a_class_that_keeps_a_split_of_the_file_it_reads_is_not_a_second_copy(tmp_path):
    # train_flag picks the first or the last part of a frame read into a local: two parts, not the file twice
    source = ("import numpy as np\nimport pandas as pd\nfrom torch.utils.data import Dataset\n\n"
              "class Windows(Dataset):\n"
              "    def __init__(self, csv_path, train_flag=True):\n"
              "        frame = pd.read_csv(csv_path)\n"
              "        n = int(0.8 * len(frame))\n"
              "        self.series = np.array(frame['price'])[:n] if train_flag else np.array(frame['price'])[n:]\n"
              "    def __getitem__(self, i):\n"
              "        return self.series[i:i + 10]\n\n"
              "fit_set = Windows(csv_path='prices.csv')\ncheck_set = Windows(csv_path='prices.csv', train_flag=False)\n"
              "print(len(fit_set), len(check_set))\n")
    assert _rules(tmp_path, source, "duplicate-copy") == []


@pytest.mark.parametrize("decode, expected", [
    ("images = np.array([np.asarray(im) for im in images])\n", [9]),  # each decoded in the comprehension
    ("images = np.stack(images)\n", [9]),                              # each decoded by the copy
    # nothing decodes the list whole: said where it is kept, as a list of decoded files is (PIL decodes each on
    # first use and keeps its pixels)
    ("print(images[0].size)\n", [7]),
])
def test_images_pil_only_opened_are_decoded_where_they_are_used(decode, expected, tmp_path):
    # Image.open reads the header; the pixels come into memory (and stay cached in each image object) where
    # something decodes it: that line holds the data set, not the append of the opened files
    source = ("import os\nimport numpy as np\nfrom PIL import Image\n\n"
              "images = []\n"
              "for name in os.listdir('frames'):\n"
              "    images.append(Image.open(os.path.join('frames', name)))\n\n"
              f"{decode}")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("loader, expected", [
    ("DataLoader(random_split(full, [0.9, 0.1])[0], batch_size=32, num_workers=8)", [14]),
    ("DataLoader(Subset(full, range(100, 1000)), batch_size=32, num_workers=8)", [14]),
    ("DataLoader(ConcatDataset([full, Records('extra.pkl')]), batch_size=32, num_workers=8)", [14]),
    ("DataLoader(random_split(full, [272, 90])[0], batch_size=8, num_workers=2)", []),  # 362 samples in all
])
def test_workers_copy_the_records_of_a_subset_split_or_concatenation(loader, expected, tmp_path):
    # torch's Subset, random_split and ConcatDataset serve the items of the data sets they wrap: the workers read
    # (and copy) those data sets' lists as they would read them directly
    source = ("import pickle\nimport torch\nfrom torch.utils.data import DataLoader, Dataset, random_split, Subset, "
              "ConcatDataset\n\n"
              "class Records(Dataset):\n"
              "    def __init__(self, path):\n"
              "        with open(path, 'rb') as f:\n"
              "            self.records = pickle.load(f)\n"
              "    def __getitem__(self, i):\n"
              "        return torch.from_numpy(self.records[i]['features']), self.records[i]['label']\n\n"
              "full = Records('train.pkl')\n\n"
              f"loader = {loader}\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == expected


def test_images_pil_opened_and_kept_by_a_dataset_are_decoded_on_first_use_and_kept(tmp_path):
    # nothing decodes the list whole: each image is decoded when __getitem__ first transforms it, and PIL keeps its
    # pixels in the object, so after one epoch the list holds every file decoded
    source = ("import os\nimport torch\nfrom PIL import Image\nfrom torch.utils.data import Dataset\n"
              "from torchvision import transforms\n\n"
              "class Photos(Dataset):\n"
              "    def __init__(self, folder):\n"
              "        self.images = [Image.open(os.path.join(folder, n)) for n in os.listdir(folder)]\n"
              "        self.to_tensor = transforms.ToTensor()\n"
              "    def __getitem__(self, i):\n"
              "        return self.to_tensor(self.images[i])\n"
              "    def __len__(self):\n"
              "        return len(self.images)\n\n"
              "data = Photos('photos')\n")
    assert _rules(tmp_path, source, "eager-loading") == [9]


@pytest.mark.parametrize("kept, expected", [("np.array(frames)", [15, 16]), ("frames[-1]", [])])
def test_the_frames_of_one_video_stacked_and_kept_each_pass_are_one_sample(kept, expected, tmp_path):
    # a Conv3D violence detector (check_heldout29): each video's frames read in a loop bounded by the clip length,
    # scaled to float64 one by one, stacked and appended: the stack of one pass is one clip, and the list keeps every
    # clip (a frame of the last video is one frame)
    source = ("import os\n\nimport cv2\nimport numpy as np\n\n\ndef read_clips(folder):\n    clips = []\n"
              "    for name in os.listdir(folder):\n        cap = cv2.VideoCapture(os.path.join(folder, name))\n"
              "        frames = []\n        while len(frames) < 30:\n            ok, frame = cap.read()\n"
              "            small = cv2.resize(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), (64, 64))\n"
              "            frames.append(small / 255.0)\n"
              f"        clips.append({kept})\n    return clips\n\n\nclips = read_clips('videos')\n"
              "print(len(clips))\n")
    assert sorted(_rules(tmp_path, source, "eager-loading") + _rules(tmp_path, source, "dtype-blowup")) == expected


@pytest.mark.parametrize("made, expected", [("np.array(row['pixels'].split(' '), 'float32')", [5]),
                                            ("cv2.imread(row['path'])", [])])
def test_a_table_whose_rows_are_parsed_into_the_images_of_a_list_holds_images(made, expected, tmp_path):
    # the FER-2013 classifier (check_heldout29): every face a string of 2,304 pixel values in a column of the CSV
    # read whole; each row of df.iterrows() parsed into an array and kept, the list later reshaped to 48 × 48 images:
    # the table held them all as text (a table of file paths read one by one is a table of paths)
    source = ("import cv2\nimport numpy as np\nimport pandas as pd\n\n"
              "table = pd.read_csv('fer2013.csv')\nfaces = []\nfor i, row in table.iterrows():\n"
              f"    faces.append({made})\n"
              "faces = np.array(faces).reshape(-1, 48, 48, 1)\nmodel.fit(faces, table['emotion'].values, epochs=9)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("series, expected", [("table[['T (degC)', 'rh (%)']].values.astype(np.float32)", []),
                                              ("np.load('frames.npy')", [9])])
def test_the_windows_keras_cuts_from_a_table_s_columns_are_a_few_numbers_each(series, expected, tmp_path):
    # a Jena climate forecaster (check_heldout29): timeseries_dataset_from_array over two float32 columns of the
    # CSV, cached after the map: each window is a few numbers per step, as the table's rows are (windows of an array
    # of unknown samples, frames here, are held whole by the cache)
    source = ("import numpy as np\nimport pandas as pd\nimport tensorflow as tf\n\n"
              f"table = pd.read_csv('jena_climate_2009_2016.csv')\nseries = {series}\n"
              "windows = tf.keras.utils.timeseries_dataset_from_array(data=series, targets=None, sequence_length=15,\n"
              "                                                        batch_size=32)\n"
              "windows = windows.map(lambda w: (w[:, :6], w[:, 6:])).cache().prefetch(tf.data.AUTOTUNE)\n"
              "model.fit(windows, epochs=20)\n")
    assert _rules(tmp_path, source, "cache-in-memory") == expected


@pytest.mark.parametrize("dtype, expected", [("np.dtype(str)", []), ("np.float32", [8])])
def test_numbers_parsed_from_a_text_table_are_not_a_second_copy_of_it(dtype, expected, tmp_path):
    # pyGAT on FB15k-237 (check_heldout29): the .content file read whole as strings, its feature columns parsed into
    # a float32 array while the strings stay (for the ids and labels): a new array of numbers a fraction of the text,
    # not the table held twice (an array of numbers copied while it stays is)
    source = ("import numpy as np\nimport torch\n\n\ndef load(path):\n"
              f"    rows = np.genfromtxt(path + '.content', dtype={dtype})\n"
              "    ids = np.array(rows[:, 0], dtype=np.int32)\n"
              "    features = np.array(rows[:, 2:-1], dtype=np.float32)\n    labels = rows[:, -1]\n"
              "    return torch.FloatTensor(features), ids, labels\n\n\n"
              "features, ids, labels = load('data/FB15K237')\nmodel = torch.nn.Linear(features.shape[1], 8)\n"
              "print(model(features).shape, ids.shape, labels.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("kept, expected", [
    ("for utt in ids:\n        feats.append(read_feat(os.path.join(root, utt + '.pt')))", [14]),
    ("feats.append(read_feat(os.path.join(root, 'all.pt')))", [])])  # one file: a checkpoint, a cache
def test_a_helper_that_torch_loads_the_file_it_is_given_reads_a_file_per_call(kept, expected, tmp_path):
    # a LibriSpeech phone classifier (check_heldout29): read_feat(path) returns torch.load(path), called for each
    # utterance in a loop that keeps every feature tensor; torch.load once is a checkpoint as often as a data set
    source = ("import os\n\nimport torch\n\n\ndef read_feat(path):\n"
              "    feat = torch.load(path)\n    return feat\n\n\n"
              f"def load_split(root, ids):\n    feats = []\n    {kept}\n    return feats\n\n\n"
              "train_feats = load_split('feat/train', open('train_split.txt').read().split())\n"
              "print(len(train_feats))\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("header, expected", [("import dependencies\n", [("loader.py", 7)]), ("", [])])
def test_files_cut_from_one_notebook_share_the_names_it_imported(header, expected, tmp_path):
    # a three-species bird classifier (check_heldout29): a notebook cut into files; dependencies.py imports every
    # library and each helper, the script imports it whole and calls the helpers by their bare names, and loader.py
    # uses cv2 and os, which it never imports: each name is what the project binds it to (the script without the
    # import calls a read_images nothing defines)
    (tmp_path / "dependencies.py").write_text("import os\nimport cv2\nimport numpy as np\n"
                                              "from loader import read_images\n")
    (tmp_path / "loader.py").write_text("# helpers of the notebook\n\n\ndef read_images(folder):\n"
                                        "    images = []\n    for name in os.listdir(folder):\n"
                                        "        images.append(cv2.imread(os.path.join(folder, name)))\n"
                                        "    return images\n")
    script = tmp_path / "train.py"
    script.write_text(f"{header}\nimages = read_images('birds')\nprint(len(images))\n")
    assert [(Path(f.file).name, f.line) for f in check_source(script) if f.rule == "eager-loading"] == expected


@pytest.mark.parametrize("part, expected", [("X[start:stop]", [10]), ("X[start:start + batch_size]", [])])
def test_the_pieces_a_loop_of_a_few_passes_cuts_are_splits_not_batches(part, expected, tmp_path):
    # an ECG classifier (check_heldout29): one pass per fraction of [0.7, 0.15, 0.15] cuts X[start:stop], each made a
    # tensor on the GPU for its DataLoader: the train, validation and test splits, the whole data set on the GPU;
    # bounds a batch size apart are a batch
    source = ("import numpy as np\nimport torch\n\nX = np.load('windows.npy')\nfracs = [0.7, 0.15, 0.15]\n"
              "loaders, stop, batch_size = [], 0, 64\nfor i in range(len(fracs)):\n    start = stop\n"
              "    stop += int(len(X) * fracs[i])\n"
              f"    part = torch.tensor({part}, dtype=torch.float, device='cuda')\n"
              "    loaders.append(torch.utils.data.DataLoader(part, batch_size=batch_size, shuffle=True))\n"
              "print(len(loaders))\n")
    assert _rules(tmp_path, source, "dataset-on-gpu") == expected


@pytest.mark.parametrize("made, expected", [("torch.tensor(train_x, dtype=torch.float32)", [6]),
                                            ("torch.tensor(train_x, dtype=torch.float32, device=device)", [])])
def test_a_tensor_made_on_the_device_is_no_second_copy_in_host_memory(made, expected, tmp_path):
    # the ECG classifier (check_heldout29): torch.tensor(x, device=device) makes the copy in GPU memory, where
    # dataset-on-gpu says it; made in host memory beside the array it copies, it is the data set twice
    source = ("import numpy as np\nimport torch\n\ndevice = torch.device('cuda')\ntrain_x = np.load('train_x.npy')\n"
              f"x = {made}\nprint(train_x.shape, x.shape)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("shaped, expected", [("faces.reshape(-1, 48, 48, 1)", [8]), ("faces", [])])
def test_rows_of_pixel_values_parsed_into_floats_before_they_are_kept(shaped, expected, tmp_path):
    # the FER-2013 classifier (check_heldout29): np.array(row['pixels'].split(' '), 'float32') for every row, kept in a
    # list later made 48 × 48 images: each 8-bit pixel held in 4 bytes; rows of a table's features parsed as floats,
    # never shown to be images, are numbers as wide as they need
    source = ("import numpy as np\nimport pandas as pd\n\n"
              "table = pd.read_csv('fer2013.csv')\nfaces = []\nfor i, row in table.iterrows():\n"
              "    values = row['pixels'].split(' ')\n    faces.append(np.array(values, 'float32'))\n"
              f"faces = np.array(faces)\nx = {shaped}\nmodel.fit(x, table['emotion'].values, epochs=9)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("read, expected", [("archive['X']", [5]), ("archive", [4])])
def test_a_load_read_by_keys_is_an_npz_archive_read_at_its_key(read, expected, tmp_path):
    # the ECG classifier (check_heldout29): np.load of an .npz (its path from the command line) opens the archive
    # lazily; archive['X'] decompresses the whole window array there (an array loaded from a .npy is read at once)
    source = ("import sys\nimport numpy as np\n\narchive = np.load(sys.argv[1])\n"
              f"windows = {read}.astype(np.float32).reshape(-1, 3600, 2)\nprint(windows.shape)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("sample, flip, expected", [
    ("(20, 44)", "", ([], [])),  # 880 numbers per clip: the count decides, and nothing shows it
    ("(20, 44)", "for k in range(697932):\n    train_X[k] = np.transpose(train_X[k])\n", ([6], [13, 15])),
    ("(128, 128, 3)", "", ([6], [11, 13])),  # an image per sample: any data set of them is large
])
def test_pickled_small_samples_of_unshown_count_are_not_said_large(sample, flip, expected, tmp_path):
    # Speech Commands as pickled 20 x 44 MFCC matrices fed to a Dense net (check_heldout31): 51,088 clips make 180 MB;
    # the model's input shape shows each sample is small, and the script shows no count (where it does, by a loop over
    # the rows by number, EMNIST's 697,932 glyphs, the data set is large)
    source = ("import pickle\nimport numpy as np\nfrom keras.models import Sequential\n"
              "from keras.layers import Dense, Flatten\n"
              "with open('train_feats.pickle', 'rb') as fh:\n    train_X, train_y = pickle.load(fh)\n"
              f"{flip}"
              "model = Sequential()\n"
              f"model.add(Flatten(input_shape={sample}))\nmodel.add(Dense(512, activation='relu'))\n"
              "model.add(Dense(30, activation='softmax'))\n"
              "train_X = np.array(train_X)\ntrain_y = np.array(train_y)\n"
              "shuffled_X = train_X[np.random.permutation(len(train_X))]\n"
              "model.fit(shuffled_X, train_y, batch_size=32, epochs=50)\n")
    assert (_rules(tmp_path, source, "whole-dataset-load"), _rules(tmp_path, source, "duplicate-copy")) == expected


@pytest.mark.parametrize("saved, expected", [("np.stack(faces)", [9]),
                                             ("np.stack(faces).mean(axis=0)", [])])  # one mean face
def test_an_array_built_from_a_list_to_be_saved_is_held_beside_it(saved, expected, tmp_path):
    # a GAN's faces decoded into a list and written as one array (check_heldout31): np.stack builds the whole array for
    # np.save while the list still holds every image, as x = np.stack(faces) would
    source = ("import glob\n\nimport numpy as np\nfrom PIL import Image\n\nfaces = []\n"
              "for path in glob.glob('data/raw/*.png'):\n    faces.append(np.array(Image.open(path).convert('RGB')))\n"
              f"np.save('data/faces.npy', {saved})\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("replaced, expected", [("clip[:shortest] / 255", [12]),
                                                ("clip[:shortest]", [])])  # trimmed, still uint8
def test_files_put_back_into_their_list_made_float64_are_held_so(replaced, expected, tmp_path):
    # video clips decoded into a list, then each trimmed and scaled in its own slot (check_heldout31's UCF101 Conv3D):
    # the list holds every clip as float64 from then on, 8x the uint8 frames
    source = ("import os\n\nimport cv2\nimport numpy as np\n\nclips = []\nfor name in os.listdir('videos'):\n"
              "    clips.append(np.stack([cv2.imread(os.path.join('videos', name, f)) for f in sorted(os.listdir("
              "os.path.join('videos', name)))]))\n"
              "shortest = min(len(clip) for clip in clips)\nfor i in range(len(clips)):\n    clip = clips[i]\n"
              f"    clip = {replaced}\n    clips[i] = clip\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("imported", ["from src.dataset import FaceFolder", "from .dataset import FaceFolder"])
def test_a_package_module_imported_from_the_top_of_the_project_is_read(imported, tmp_path):
    # train.py runs src/trainer.py, which imports its Dataset as the project's package seen from the top (src.dataset,
    # check_heldout31's DIN trainer): Python finds it from the script's folder, and so does the checker
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "__init__.py").write_text("")
    (tmp_path / "src" / "dataset.py").write_text(
        "import os\n\nimport cv2\nfrom torch.utils.data import Dataset\n\n\nclass FaceFolder(Dataset):\n"
        "    def __init__(self, root):\n        self.faces = []\n        for name in os.listdir(root):\n"
        "            self.faces.append(cv2.imread(os.path.join(root, name)))\n\n"
        "    def __len__(self):\n        return len(self.faces)\n\n"
        "    def __getitem__(self, i):\n        return self.faces[i]\n")
    (tmp_path / "src" / "trainer.py").write_text(
        f"from torch.utils.data import DataLoader\n{imported}\n\n\ndef make_loader(root):\n"
        "    return DataLoader(FaceFolder(root), batch_size=32, shuffle=True)\n")
    (tmp_path / "train.py").write_text("from src.trainer import make_loader\n\nloader = make_loader('faces')\n")
    assert [(Path(f.file).relative_to(tmp_path).as_posix(), f.line, f.rule) for f in check_source(
        tmp_path / "train.py") if f.kind == "memory"] == [("src/dataset.py", 11, "eager-loading")]


@pytest.mark.parametrize("workers, expected", [(8, [17]), (0, [])])
def test_a_table_turned_into_records_is_a_list_the_workers_copy(workers, expected, tmp_path):
    # click logs read from parquet and kept as a dict per row (check_heldout31's DIN): every cell a Python object,
    # whose pages each DataLoader worker copies as it reads them
    source = ("import pandas as pd\nfrom torch.utils.data import DataLoader, Dataset\n\n\n"
              "class ClickLog(Dataset):\n    def __init__(self, path):\n"
              "        self.records = pd.read_parquet(path).to_dict(orient='records')\n\n"
              "    def __len__(self):\n        return len(self.records)\n\n"
              "    def __getitem__(self, i):\n        return self.records[i]\n\n\n"
              "clicks = ClickLog('train.parquet')\n"
              f"loader = DataLoader(clicks, batch_size=256, shuffle=True, num_workers={workers})\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == expected


@pytest.mark.parametrize("made, kept", [("{}", "self.samples[k] = {'image': page, 'text': texts[k]}"),
                                        ("[]", "self.samples.append({'image': page, 'text': texts[k]})")])
def test_a_record_with_keys_that_holds_a_decoded_file_is_kept_as_the_file(made, kept, tmp_path):
    # handwritten lines cached as {'image': ..., 'word': ...} per line (check_heldout31's IAM CRNN): the record holds
    # the decoded image, and the dict (or list) of records holds every one, as a tuple (image, text) would
    source = ("import os\n\nimport cv2\nfrom torch.utils.data import Dataset\n\n\nclass Lines(Dataset):\n"
              f"    def __init__(self, root, names, texts):\n        self.samples = {made}\n"
              "        for k, name in enumerate(names):\n"
              "            page = cv2.imread(os.path.join(root, name), cv2.IMREAD_GRAYSCALE)\n"
              f"            {kept}\n\n"
              "    def __len__(self):\n        return len(self.samples)\n\n"
              "    def __getitem__(self, k):\n        return self.samples[k]\n")
    assert _rules(tmp_path, source, "eager-loading") == [12]


@pytest.mark.parametrize("made, expected", [("transforms.Normalize(mean=[0.5], std=[0.5])", [12]),
                                            ("len", [])])  # a number per image
def test_a_sample_given_to_a_torchvision_transform_object_is_the_sample_anew(made, expected, tmp_path):
    # normalize = transforms.Normalize(...) made once, then called on each page before the page is cached
    # (check_heldout31's IAM CRNN): what it gives is the sample, as a float tensor, and the cache holds every one
    source = ("import os\n\nimport numpy as np\nimport torch\nfrom PIL import Image\n"
              f"from torchvision import transforms\nnormalize = {made}\npages = []\nfor name in os.listdir('lines'):\n"
              "    page = torch.from_numpy(np.array(Image.open(os.path.join('lines', name)))).float()\n"
              "    kept = normalize(page)\n    pages.append(kept)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


def test_a_star_import_of_the_projects_package_from_a_module_in_it_is_read(tmp_path):
    # src/loader.py takes its imports from src/common.py as the project's package seen from its top (from src.common
    # import *): imread there is OpenCV's, which decodes each file the list keeps
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "__init__.py").write_text("")
    (tmp_path / "src" / "common.py").write_text("import os\n\nfrom cv2 import imread\n")
    (tmp_path / "src" / "loader.py").write_text(
        "from src.common import *\n\n\ndef load_all(root):\n    images = []\n    for name in os.listdir(root):\n"
        "        images.append(imread(os.path.join(root, name)))\n    return images\n")
    (tmp_path / "train.py").write_text("from src.loader import load_all\n\nimages = load_all('photos')\n")
    assert [(Path(f.file).relative_to(tmp_path).as_posix(), f.line, f.rule) for f in check_source(
        tmp_path / "train.py") if f.kind == "memory"] == [("src/loader.py", 7, "eager-loading")]


def test_a_yaml_file_is_the_runs_settings_not_its_samples(tmp_path):
    # conf = yaml.load(open('train_config.yml')) names the folder the Dataset lists; conf['root_path'] is a path,
    # not a list as long as the data set that DataLoader workers would copy
    source = ("import os\n\nimport yaml\nfrom PIL import Image\nfrom torch.utils.data import DataLoader, Dataset\n\n\n"
              "class Tiles(Dataset):\n    def __init__(self, root):\n        self.root = root\n"
              "        self.names = sorted(os.listdir(root))\n\n"
              "    def __len__(self):\n        return len(self.names)\n\n"
              "    def __getitem__(self, i):\n        return Image.open(os.path.join(self.root, self.names[i]))\n\n\n"
              "with open('train_config.yml') as f:\n    conf = yaml.safe_load(f)\n"
              "loader = DataLoader(Tiles(conf['root_path']), batch_size=8, num_workers=4)\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == []


def test_an_attribute_that_listed_the_files_then_holds_what_they_decode_to(tmp_path):
    # self.images = glob(...) in __init__, then self.images = np.array([... Image.open(f) ... for f in self.images]):
    # the object keeps the decoded arrays under the listing's name, and fit is given them whole
    source = ("import glob\n\nimport numpy as np\nimport tensorflow as tf\nfrom PIL import Image\n\n\n"
              "class Lesions:\n    def __init__(self, folder):\n"
              "        self.images = sorted(glob.glob(folder + '/*.jpg'))\n"
              "        self.images = np.array([np.array(Image.open(f).resize((256, 192)), dtype=np.float32) / 255 "
              "for f in self.images])\n\n\n"
              "data = Lesions('ISIC2018_Training_Input')\nmodel = tf.keras.Sequential([tf.keras.layers.Flatten(), "
              "tf.keras.layers.Dense(1)])\nmodel.compile('adam', 'mse')\n"
              "model.fit(data.images, data.images, epochs=5, batch_size=16)\n")
    assert _rules(tmp_path, source, "in-memory-array") == [17]


@pytest.mark.parametrize("evaluation, expected", [
    ("", []),  # predict() kept for the model's users: one pass on what a caller gives it, autograd as the caller has it
    ("for x, y in test_loader:\n    preds = model.predict(x)\n    hits += (preds.argmax(1) == y).sum().item()\n", [15]),
])
def test_a_model_method_named_predict_that_nothing_calls_is_no_evaluation(evaluation, expected, tmp_path):
    source = ("import torch\nimport torch.nn as nn\nfrom torch.utils.data import DataLoader\n\n\n"
              "class PointCls(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
              "        self.head = nn.Linear(1024, 40)\n\n    def forward(self, x):\n        return self.head(x), x\n\n"
              "    def predict(self, x):\n        return self.forward(x)[0]\n\n\n"
              "model = PointCls()\ntest_loader = DataLoader(torch.load('test.pt'), batch_size=32)\nhits = 0\n"
              + evaluation)
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("made", ["torch.tensor", "torch.Tensor", "torch.as_tensor"])
def test_a_tensor_made_of_an_hdf5_data_set_reads_all_of_it(made, tmp_path):
    # torch.tensor(h5['trnoisy']) converts the h5py Dataset through NumPy: every row is read now, as with np.array(...)
    source = ("import sys\n\nimport h5py\nimport torch\nfrom torch.utils.data import DataLoader, TensorDataset\n\n"
              "h5 = h5py.File(sys.argv[1], 'r')\n"
              f"noisy = {made}(h5['trnoisy'])\n"
              "loader = DataLoader(TensorDataset(noisy), batch_size=200, shuffle=True)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == [8]


def test_a_scikit_learn_scaler_on_each_image_gives_a_float64_copy_that_is_kept(tmp_path):
    # minmax.fit_transform(patch.reshape(-1, 3)).reshape(patch.shape) per patch of every tile: a new float64 array
    # (8x the uint8 pixels), and the list keeps every one
    source = ("import os\n\nimport cv2\nimport numpy as np\nfrom sklearn.preprocessing import MinMaxScaler\n\n"
              "minmax = MinMaxScaler()\npatches = []\nfor name in sorted(os.listdir('tiles')):\n"
              "    tile = cv2.imread(os.path.join('tiles', name), 1)\n    for i in range(0, tile.shape[0] - 256, 256):\n"
              "        patch = tile[i:i + 256, :256]\n"
              "        patch = minmax.fit_transform(patch.reshape(-1, 3)).reshape(patch.shape)\n"
              "        patches.append(patch)\n")
    assert (_rules(tmp_path, source, "dtype-blowup"), _rules(tmp_path, source, "eager-loading")) == ([13], [14])


def test_a_decoded_image_made_an_array_of_a_wider_dtype_is_widened_as_astype_does(tmp_path):
    # np.array(Image.open(f).resize(size), dtype=np.float32) / 255 for every file: each uint8 image kept at 4 bytes a
    # value, as img.astype(np.float32) would
    source = ("import glob\n\nimport numpy as np\nfrom PIL import Image\n\n"
              "paths = sorted(glob.glob('ISIC2018_Training_Input/*.jpg'))\n"
              "images = np.array([np.array(Image.open(f).resize((256, 192)), dtype=np.float32) / 255 for f in paths])\n")
    assert _widened(tmp_path, source) == [7]


def test_an_import_of_the_package_the_script_is_in_is_read_from_above_it(tmp_path):
    # GreedyInfoMax/audio/main_audio.py, run from the repository's top (python -m GreedyInfoMax.audio.main_audio),
    # imports its own package by its full name: the validation module is the project's, and its loop is read
    audio = tmp_path / "GreedyInfoMax" / "audio"
    (audio / "validation").mkdir(parents=True)
    (audio / "validation" / "val_loss.py").write_text(
        "import torch\n\n\ndef validate(model, test_loader):\n    total = 0.0\n    for batch in test_loader:\n"
        "        out = model(batch.cuda())\n        total += out.mean().item()\n    return total\n")
    (audio / "main_audio.py").write_text(
        "import torch\nfrom torch.utils.data import DataLoader\n\nfrom GreedyInfoMax.audio.validation import val_loss\n\n"
        "model = torch.nn.Linear(20480, 1).cuda()\ntest_loader = DataLoader(torch.load('test.pt'), batch_size=8)\n"
        "train_loader = DataLoader(torch.load('train.pt'), batch_size=8, shuffle=True)\n"
        "optimizer = torch.optim.Adam(model.parameters())\nfor epoch in range(10):\n    for batch in train_loader:\n"
        "        optimizer.zero_grad()\n        model(batch.cuda()).mean().backward()\n        optimizer.step()\n"
        "    val_loss.validate(model, test_loader)\n")
    assert [(Path(f.file).name, f.line) for f in check_source(audio / "main_audio.py")
            if f.rule == "eval-without-no-grad"] == [("val_loss.py", 7)]


def test_a_list_grown_with_plus_equals_by_each_files_samples_keeps_them_all(tmp_path):
    # X += list(mat['I'][0][idx]) for every run's .mat file: the list grows by the file's volumes each time round,
    # as X.extend(...) or X = X + ... does
    source = ("import os\n\nimport numpy as np\nfrom scipy.io import loadmat\n\nX = []\n"
              "for run_file in os.listdir('runs'):\n    mat = loadmat(os.path.join('runs', run_file))\n"
              "    idx = np.argwhere(mat['labels'] != [0])[:, 0]\n    X += list(mat['I'][0][idx])\nX = np.array(X)\n")
    assert _rules(tmp_path, source, "eager-loading") == [10]


@pytest.mark.parametrize("key, expected", [("trclean", [8, 9]), ("labels", [8])])
def test_a_target_the_hdf5_key_does_not_call_labels_is_read_whole_like_the_inputs(key, expected, tmp_path):
    # a denoiser's train_y = h5['trclean']: the clean frames, as large as the noisy inputs; y says only "what the
    # model is fit to", the key says what that is
    source = ("import sys\n\nimport h5py\nimport torch\nfrom torch.utils.data import DataLoader, TensorDataset\n\n"
              "h5 = h5py.File(sys.argv[1], 'r')\ntrain_X = torch.tensor(h5['trnoisy'])\n"
              f"train_y = torch.tensor(h5['{key}'])\n"
              "loader = DataLoader(TensorDataset(train_X, train_y), batch_size=200, shuffle=True)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


def test_torch_float_is_float32(tmp_path):
    # torch.float is float32 (Python's float and np.float are float64): the copy is 4x the uint8 images, not 8x
    script = tmp_path / "train.py"
    script.write_text("import glob\nimport cv2\nimport numpy as np\nimport torch\n"
                      "paths = glob.glob('data/*.jpg')\n"
                      "images = np.zeros((100000, 224, 224, 3), dtype=np.uint8)\n"
                      "for i, p in enumerate(paths):\n"
                      "    images[i] = cv2.imread(p)\n"
                      "x = torch.tensor(images, dtype=torch.float)\n")
    message = next(f.message for f in check_source(script) if f.rule == "dtype-blowup")
    assert "float32 copy" in message and "56.1 GiB" in message


FUNCTIONAL_HEAD = """from tensorflow import keras
from tensorflow.keras import layers

VOLUME = (96, 96, 96, 1)


def build(classes):
    inputs = layers.Input(shape={shape})
    x = layers.{conv}(16, 3, padding='same', activation='relu')(inputs)
    x = layers.{pool}()(x)
    x = layers.{conv}(32, {kernel}, activation='relu')(x)
    x = layers.{pool}({window})(x)
    x = layers.Flatten()(x)
    x = layers.Dense({units}, activation='relu')(x)
    return keras.Model(inputs, layers.Dense(classes)(x))


model = build(4)
"""


@pytest.mark.parametrize("shape, conv, pool, kernel, window, units, weights", [
    # a CT volume: 96³ → pool 48³ → valid 3³ conv 46³ → pool 23³ x 32 = 389,344 features x 256 units
    ("VOLUME", "Conv3D", "MaxPooling3D", "(3, 3, 3)", "(2, 2, 2)", 256, "99,672,064"),
    # a second of 16 kHz audio: 16,000 → pool 8,000 → valid 9 wide 7,992 → pool 4 1,998 x 32 x 2,048 units
    ("(16000, 1)", "Conv1D", "MaxPooling1D", 9, 4, 2048, "130,940,928"),
    ("(32, 32, 3)", "Conv2D", "MaxPooling2D", 3, 2, 128, None),  # CIFAR: 7 x 7 x 32 x 128 = 0.2 M: no problem
])
def test_a_functional_model_flattening_pooled_1d_2d_or_3d_maps_into_a_huge_dense_is_sized(
        shape, conv, pool, kernel, window, units, weights, tmp_path):
    # Keras's functional API calls each layer on the last one's output (Conv3D(...)(x)), and the input shape is
    # Input's, not a first layer's input_shape=; the map is followed through convolutions and pools of any rank
    source = FUNCTIONAL_HEAD.format(shape=shape, conv=conv, pool=pool, kernel=kernel, window=window, units=units)
    script = tmp_path / "volumes.py"
    script.write_text(source)
    found = [f for f in check_source(script) if f.rule == "flatten-dense"]
    if weights is None:
        assert found == []
    else:
        [finding] = found
        assert finding.line == 13 and f"{weights} weights" in finding.message


@pytest.mark.parametrize("use, rule", [("tf.data.Dataset.from_tensor_slices({cut}).batch(8)", "in-memory-array"),
                                       ("{cut}.astype('float32') / 255", "dtype-blowup")])
@pytest.mark.parametrize("rows, expected", [(900, [8]), (100, [])])
def test_a_few_hundred_rows_of_large_samples_are_not_a_small_slice(use, rule, rows, expected, tmp_path):
    # frames[:900] of 384 x 384 x 3 frames is 398 MB however few rows it keeps; frames[:100] is 44 MB, a sample
    source = ("import glob\n\nimport cv2\nimport numpy as np\nimport tensorflow as tf\n\n"
              "frames = np.stack([cv2.resize(cv2.imread(p), (384, 384)) for p in sorted(glob.glob('shots/*.png'))])\n"
              f"val = {use.format(cut=f'frames[:{rows}]')}\nprint(frames.shape)\n")
    assert _rules(tmp_path, source, rule) == expected


@pytest.mark.parametrize("callers, expected", [
    (1, [("spectra.py", 7)]),  # one caller: the helper's division is what makes every kept item wider
    (2, [("train.py", 9)]),  # a batch reader calls it too: the call that keeps every item is what to change
])
def test_an_item_a_helper_of_one_caller_makes_wider_is_said_in_the_helper(callers, expected, tmp_path):
    # read_spectrogram() in the project's own module scales each decoded image by 255 (float64) and the loop
    # that keeps the whole data set is its only caller: the fix goes in the helper
    (tmp_path / "spectra.py").write_text(
        "import imageio\nimport numpy as np\n\n\ndef read_spectrogram(path):\n    pixels = imageio.imread(path)\n"
        "    scaled = pixels / 255.0\n    return scaled\n")
    batches = ("\nfor step in range(100):\n    batch = [read_spectrogram(p) for p in paths[step * 8:step * 8 + 8]]\n"
               if callers == 2 else "")
    (tmp_path / "train.py").write_text(
        "import glob\n\nimport numpy as np\nfrom spectra import read_spectrogram\n\npaths = glob.glob('specs/*.png')\n"
        "kept = []\nfor p in paths:\n    kept.append(read_spectrogram(p))\nx = np.stack(kept)\n" + batches)
    assert [(Path(f.file).name, f.line) for f in check_source(tmp_path / "train.py")
            if f.rule == "dtype-blowup"] == expected


@pytest.mark.parametrize("spread, expected", [
    ("orders.pivot_table(index='customer_id', columns='product_id', values='quantity', aggfunc='sum')", [5]),
    ("orders.groupby(['customer_id', 'product_id'])['quantity'].sum().unstack(fill_value=0)", [5]),
    ("pd.crosstab(orders.customer_id, orders.product_id)", [5]),
    ("orders.pivot(index='customer_id', columns='product_id', values='quantity').fillna(0)", [5]),
    ("orders.pivot_table(index='week', columns='region', values='quantity', aggfunc='sum')", []),  # a few weeks
])
def test_a_log_of_interactions_spread_into_a_key_by_key_matrix_is_dense(spread, expected, tmp_path):
    # a recommender's (customer, product, quantity) records made one row per customer and one column per
    # product: every pair nobody bought is stored too (as NaN, or the fill value)
    source = ("import numpy as np\nimport pandas as pd\n\norders = pd.read_csv('orders.csv')\n"
              f"basket = {spread}\nprint(basket.shape)\n")
    assert _rules(tmp_path, source, "densified-sparse") == expected


@pytest.mark.parametrize("loader, expected", [
    ("DataLoader(TensorDataset(x_val, y_val), batch_size=x_val.shape[0])", [14]),
    ("DataLoader(dataset=val_set, batch_size=len(val_set), shuffle=False)", [14]),
    ("DataLoader(val_set, batch_size=256)", []),
])
def test_a_loader_whose_one_batch_is_its_whole_data_set_is_a_whole_split_forward(loader, expected, tmp_path):
    # batch_size=len(the loader's own data set): the loop runs once, with every sample of the split in its batch
    source = ("import numpy as np\nimport torch\nfrom torch import nn\nfrom torch.utils.data import DataLoader, "
              "TensorDataset\n\nx_val = torch.from_numpy(np.load('val_x.npy'))\ny_val = torch.from_numpy("
              "np.load('val_y.npy'))\nval_set = TensorDataset(x_val, y_val)\n"
              "net = nn.Sequential(nn.Conv2d(3, 64, 3), nn.ReLU(), nn.Flatten(), nn.LazyLinear(10)).cuda()\n"
              f"val_loader = {loader}\nnet.eval()\nwith torch.no_grad():\n"
              "    for step, batch in enumerate(val_loader):\n        scores = net(batch[0].cuda())\n"
              "        print(step, scores.argmax(1).eq(batch[1].cuda()).float().mean())\n")
    assert _rules(tmp_path, source, "whole-split-forward") == expected


@pytest.mark.parametrize("size, take, expected", [
    # the part of a random_split whose length the batch is, its one batch taken with next(iter(...)) (check_heldout118's
    # siamese re-identification: batch_size=n_val, then a, b, c = next(iter(loader)))
    ("n_val", "x, y = next(iter(val_loader))", [14]),
    ("len(val_part)", "it = iter(val_loader)\n    x, y = next(it)", [15]),
    ("n_fit", "x, y = next(iter(val_loader))", []),  # the other part's length: not val_part's every sample
    ("64", "x, y = next(iter(val_loader))", []),
])
def test_the_first_batch_of_a_loader_as_large_as_its_split_is_a_whole_split_forward(size, take, expected, tmp_path):
    source = ("import torch\nfrom torch.utils.data import DataLoader, random_split\n"
              "from torchvision import datasets, models, transforms\n\n"
              "data = datasets.ImageFolder('faces/', transform=transforms.ToTensor())\n"
              "n_fit = int(0.8 * len(data))\nn_val = len(data) - n_fit\n"
              "fit_part, val_part = random_split(data, [n_fit, n_val])\n"
              f"val_loader = DataLoader(val_part, batch_size={size})\n"
              "net = models.resnet18(num_classes=10)\nnet.eval()\nwith torch.no_grad():\n"
              f"    {take}\n    out = net(x)\n    print(out.argmax(1).eq(y).float().mean())\n")
    assert _rules(tmp_path, source, "whole-split-forward") == expected


@pytest.mark.parametrize("imports, decode", [
    # an ECG record's every sample, float64 (wfdb.rdrecord's p_signal; rdsamp gives it with the record's fields)
    ("import wfdb", "signal = wfdb.rdrecord(path).p_signal"),
    ("import wfdb", "signal, fields = wfdb.rdsamp(path)"),
    # an EEG recording read into memory (preload=True), and MNE's epochs, preloaded by default
    ("import mne", "signal = mne.io.read_raw_edf(path, preload=True).get_data()"),
    ("from mne.io import read_raw_fif", "signal = read_raw_fif(path, preload=True).get_data()"),
    ("import mne", "signal = mne.read_epochs(path).get_data()"),
    # a clip decoded by ffmpeg into the AudioSegment's PCM bytes
    ("from pydub import AudioSegment", "signal = np.array(AudioSegment.from_file(path).get_array_of_samples())"),
    # an image decoded from the bytes of its file: OpenCV's, TensorFlow's and torchvision's decoders
    ("import cv2", "signal = cv2.imdecode(np.frombuffer(open(path, 'rb').read(), np.uint8), cv2.IMREAD_COLOR)"),
    ("import tensorflow as tf", "signal = tf.io.decode_png(open(path, 'rb').read(), channels=3).numpy()"),
    ("from torchvision.io import decode_jpeg, read_file", "signal = decode_jpeg(read_file(path))"),
    ("from scipy import ndimage", "signal = ndimage.imread(path)"),
    # what a decoder gives read through the attribute that holds the samples, or a library's array of it
    ("import pydicom", "ds = pydicom.dcmread(path)\n    signal = ds.pixel_array"),
    ("import SimpleITK as sitk", "signal = sitk.GetArrayFromImage(sitk.ReadImage(path))"),
    ("import itk", "signal = itk.GetArrayFromImage(itk.imread(path))"),
    # one sample's sparse features per file, made dense
    ("import scipy.sparse as sp", "signal = sp.load_npz(path).toarray()"),
    # a multi-page TIFF's pages, an EDF recording's channels (with their headers), a seismic trace's samples
    ("import cv2", "ok, signal = cv2.imreadmulti(path)"),
    ("from pyedflib import highlevel", "signal, signal_headers, header = highlevel.read_edf(path)"),
    ("import obspy", "signal = obspy.read(path)[0].data"),
])
def test_files_decoded_by_more_libraries_and_kept_are_eager_loading(imports, decode, tmp_path):
    source = (f"import os\n\nimport numpy as np\n{imports}\n\nsignals = []\nfor name in sorted(os.listdir('records')):\n"
              f"    path = os.path.join('records', name)\n    {decode}\n    signals.append(signal)\n"
              "signals = np.stack(signals)\n")
    assert _rules(tmp_path, source, "eager-loading") == [source.count("\n", 0, source.index("signals.append")) + 1]


@pytest.mark.parametrize("read, expected", [("read_raw_edf(path)", []), ("read_raw_edf(path, preload=False)", []),
                                            ("read_raw_edf(path, preload=True)", [9]),
                                            ("mne.read_epochs(path, preload=False)", [])])
def test_eeg_recordings_mne_only_opened_are_not_kept_in_memory(read, expected, tmp_path):
    # MNE's read_raw_* read the header only unless preload=True: the kept Raw objects read each span from the file
    # when asked, and keep none of it
    source = ("import os\n\nimport mne\nfrom mne.io import read_raw_edf\n\nraws = []\n"
              "for name in sorted(os.listdir('edf')):\n    path = os.path.join('edf', name)\n"
              f"    raws.append({read})\nraw = mne.concatenate_raws(raws)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("imports, load, expected", [
    ("import dill", "dill.load(open('train.pkl', 'rb'))", [5]),
    ("import cloudpickle", "cloudpickle.loads(open('train.pkl', 'rb').read())", [5]),
    ("import hickle as hkl", "hkl.load('train.hkl')", [5]),
    ("import mat73", "mat73.loadmat('train.mat')['images']", [5]),
    ("import xarray as xr", "xr.load_dataarray('train.nc').values", [5]),
    ("import zarr", "zarr.load('train.zarr')", [5]),
    ("import pandas as pd", "pd.read_sql('SELECT * FROM pixels', 'sqlite:///train.db').values", [5]),
    ("import pandas as pd", "pd.read_stata('train.dta').values", [5]),
    # lazy: read as used, so the load itself holds nothing (what copies it is another matter)
    ("import xarray as xr", "xr.open_dataarray('train.nc')", []),
    ("import zarr", "zarr.open('train.zarr')", []),
    ("import dask.dataframe as dd", "dd.read_csv('train.csv').values", []),
])
def test_whole_file_loaders_of_more_libraries(imports, load, expected, tmp_path):
    source = (f"import numpy as np\nfrom tensorflow import keras\n{imports}\n\nx_train = {load}\n"
              "x_train = x_train.reshape(-1, 224, 224, 3)\n"
              "model = keras.Sequential([keras.layers.Conv2D(32, 3, input_shape=(224, 224, 3)),\n"
              "                          keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(10)])\n"
              "model.compile('adam', 'sparse_categorical_crossentropy')\n"
              "model.fit(x_train, np.zeros(len(x_train)), epochs=3)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("imports, decode", [
    # where a library defines what it exports: Keras 3's keras.src, Keras 2's image_utils, tf_keras (Keras 2 on
    # TensorFlow 2.16 and later), wfdb.io.record, librosa.core, pydicom.filereader
    ("from keras.src.utils import image_utils", "signal = image_utils.img_to_array(image_utils.load_img(path))"),
    ("from tensorflow.keras.utils import image_utils", "signal = image_utils.load_img(path)"),
    ("import tf_keras as keras", "signal = keras.utils.img_to_array(keras.utils.load_img(path))"),
    ("import wfdb", "signal, fields = wfdb.io.record.rdsamp(path)"),
    ("import librosa", "signal, rate = librosa.core.load(path, sr=16000)"),
    ("from pydicom.filereader import dcmread", "signal = dcmread(path).pixel_array"),
    # TensorFlow 1's API under compat.v1 (tf.read_file, since tf.io.read_file), OpenCV's and torchvision's modules
    ("import tensorflow.compat.v1 as tf", "signal = tf.image.decode_jpeg(tf.read_file(path), channels=3)"),
    ("from cv2 import cv2", "signal = cv2.imread(path)"),
    ("from torchvision.io.image import read_image", "signal = read_image(path)"),
])
def test_a_decoder_named_by_the_module_that_defines_it_is_the_decoder(imports, decode, tmp_path):
    source = (f"import os\n\nimport numpy as np\n{imports}\n\nsignals = []\nfor name in sorted(os.listdir('records')):\n"
              f"    path = os.path.join('records', name)\n    {decode}\n    signals.append(signal)\n"
              "signals = np.stack(signals)\n")
    assert _rules(tmp_path, source, "eager-loading") == [10]


@pytest.mark.parametrize("given, expected", [
    ("train_feats", [6]),                     # the caller's name holds the original while the helper copies it
    ("np.load('train_feats.npy')", []),       # a temporary: nothing else holds it
])
def test_a_helper_rebinding_its_parameter_to_a_copy_holds_the_callers_array_twice(given, expected, tmp_path):
    source = ("import numpy as np\nimport torch\nfrom torch.utils.data import TensorDataset, DataLoader\n\n"
              "def standardize(feats, mean, std):\n    feats = (feats - mean) / std\n    return feats\n\n"
              "train_feats = np.load('train_feats.npy')\n"
              f"train_feats = standardize({given}, 0.5, 0.25)\n"
              "loader = DataLoader(TensorDataset(torch.from_numpy(train_feats)), batch_size=32, shuffle=True)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("windows, expected", [
    # a comprehension of every position's window, stacked: each reading copied seq_len times
    ("inputs = np.stack([signal[t:t + seq_len] for t in range(len(signal) - seq_len)])\n", [6]),
    # a buffer filled by hand, the window's ends named in the loop: said where the buffer is made
    ("inputs = np.zeros((len(signal) - seq_len, seq_len, 12), dtype=np.float32)\n"
     "for t in range(seq_len, len(signal)):\n    first = t - seq_len\n    inputs[first] = signal[first:t]\n", [6]),
    # the broadcast grid of window positions
    ("inputs = signal[np.arange(seq_len)[None, :] + np.arange(len(signal) - seq_len)[:, None]]\n", [6]),
    # batches, one after the other, do not overlap
    ("inputs = [signal[t:t + batch_size] for t in range(0, len(signal), batch_size)]\n", []),
    ("inputs = [signal[k * seq_len:(k + 1) * seq_len] for k in range(len(signal) // seq_len)]\n", []),
])
def test_overlapping_windows_copy_each_value_once_per_window(windows, expected, tmp_path):
    source = ("import numpy as np\nimport torch\n\nsignal = np.load('ecg_12lead.npy')\nseq_len, batch_size = 500, 64\n"
              + windows + "dataset = torch.utils.data.TensorDataset(torch.as_tensor(np.asarray(inputs)))\n")


@pytest.mark.parametrize("levels, width, expected", [
    # one value per step (a column, made a column vector or flat), a short window: a few copies of one column
    ("frame['kwh'].values.reshape(-1, 1)", 12, []),
    ("frame['kwh'].to_numpy().reshape(-1)", 24, []),
    ("frame[['kwh', 'volts']].values.reshape(-1, 2)", 16, []),
    # a long window, or a window of several values per step, or a step whose width the script does not show
    ("frame['kwh'].values.reshape(-1, 1)", 168, [17]),
    ("frame[['kwh', 'volts', 'amps']].values.reshape(-1, 3)", 24, [17]),
    ("frame.values", 12, [17]),
])
def test_short_windows_of_a_single_column_are_a_few_copies_of_that_column(levels, width, expected, tmp_path):
    source = ("import numpy as np\nimport pandas as pd\nimport torch\n\n\nclass MeterSeries:\n"
              "    def __init__(self, path, width):\n        frame = pd.read_parquet(path)\n"
              f"        self.levels = {levels}\n        self.width = width\n\n"
              "    def pairs(self):\n        past, future = [], []\n"
              "        for step in range(len(self.levels) - self.width):\n"
              "            past.append(self.levels[step:step + self.width])\n"
              "            future.append(self.levels[step + self.width])\n"
              "        return np.asarray(past, dtype=np.float32), np.asarray(future, dtype=np.float32)\n\n\n"
              f"series = MeterSeries('meters.parquet', {width})\npast, future = series.pairs()\n"
              "loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.from_numpy(past), "
              "torch.from_numpy(future)), batch_size=64, shuffle=True)\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("body, expected", [
    # the pass that reads returns it (by name, directly, or what it made of the read): the first file that loads,
    # read whole
    ("        volumes = np.load(candidate)\n        return volumes\n", [11]),
    ("        return np.load(candidate)\n", [11]),
    ("        try:\n            raw = np.load(candidate)\n            volumes = raw.astype(np.float32)\n"
     "        except OSError:\n            continue\n        return volumes\n", [12]),
    # no pass returns what it read: one file per pass, nothing kept
    ("        volumes = np.load(candidate)\n        print(volumes.shape)\n", []),
])
def test_a_loop_that_returns_the_first_file_it_reads_reads_that_file_whole(body, expected, tmp_path):
    source = ("import os\n\nimport numpy as np\nimport torch\n\n\ndef first_readable(candidates):\n"
              "    for candidate in candidates:\n        if not os.path.exists(candidate):\n            continue\n"
              f"{body}    raise FileNotFoundError(candidates)\n\n\n"
              "scans = first_readable(['/data/ct/volumes.npy', 'volumes.npy']).reshape(-1, 1, 128, 256, 256)\n"
              "loader = torch.utils.data.DataLoader(torch.from_numpy(scans), batch_size=2, shuffle=True)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("model_fit, expected", [
    ("", []),  # a scaler fitted on the array (the object also transforms): statistics, not a training set
    ("import keras\nnet = keras.Sequential([keras.layers.Dense(1)])\nnet.compile('adam', 'mse')\n"
     "net.fit(spectra, spectra[:, 0])\n", [16]),  # a model trained on it: the training set itself
])
def test_fitting_a_transformer_on_an_array_is_not_training_on_it(model_fit, expected, tmp_path):
    source = ("import numpy as np\nfrom sklearn.preprocessing import RobustScaler\n\n\nclass Standardiser:\n"
              "    def __init__(self):\n        self.robust = RobustScaler()\n\n"
              "    def learn(self, rows):\n        self.robust.fit(rows)\n\n"
              "    def apply(self, rows):\n        return self.robust.transform(rows)\n\n\n"
              "spectra = np.load('spectra.npy')\nstd = Standardiser()\nstd.learn(spectra)\n"
              f"{model_fit}for k in range(0, len(spectra), 256):\n    chunk = std.apply(spectra[k:k + 256])\n"
              "    np.save(f'z_{k}.npy', chunk)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("first_dimension, expected", [("len(paths) * frames.shape[0]", [13]),
                                                       ("frames.shape[0]", [])])
def test_a_buffer_made_on_the_first_file_and_sized_by_the_file_count_holds_every_file(first_dimension, expected,
                                                                                       tmp_path):
    # the frame shape is known only once the first clip is read, so the buffer for all clips is made inside the loop
    # (if n == 0: ...): its first dimension counts the files the loop walks, one buffer for all of them; a buffer
    # sized by one clip's frames is that clip's
    source = ("import glob\n\nimport numpy as np\nimport soundfile as sf\nimport torch\n\n\n"
              "def clips_to_matrix(paths, frame=2048):\n    for n in range(len(paths)):\n"
              "        audio, rate = sf.read(paths[n])\n"
              "        frames = audio[: len(audio) // frame * frame].reshape(-1, frame)\n        if n == 0:\n"
              f"            matrix = np.zeros(({first_dimension}, frame), np.float32)\n"
              "        matrix[n * frames.shape[0]:(n + 1) * frames.shape[0]] = frames\n    return matrix\n\n\n"
              "train = clips_to_matrix(sorted(glob.glob('clips/*.flac')))\n"
              "loader = torch.utils.data.DataLoader(torch.from_numpy(train), batch_size=256, shuffle=True)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("loop, clip", [("for i in range(len(clip_files)):", "clip_files[i]"),
                                        ("for clip in tqdm(clip_files):", "clip"),
                                        ("for clip in clip_labels:", None)])
def test_a_helper_of_a_module_not_beside_the_script_given_an_entry_of_a_file_list_reads_that_file(loop, clip,
                                                                                                  tmp_path):
    # audio_features.py is not shipped with the script: a helper of it given one of clip_files (by index or as the
    # loop's variable) reads that file, so the list the loop appends to holds every clip; walking labels reads none
    source = ("import glob\n\nimport numpy as np\nimport torch\nfrom tqdm import tqdm\n\nimport audio_features\n\n"
              "clip_files = sorted(glob.glob('data/train/*.wav'))\nclip_labels = [0] * len(clip_files)\n"
              f"examples = []\n{loop}\n"
              f"    examples.append(audio_features.logmel_frames({clip or 'clip'}, n_mels=128))\n"
              "examples = np.concatenate(examples)\n"
              "loader = torch.utils.data.DataLoader(torch.from_numpy(examples), batch_size=512, shuffle=True)\n")
    assert _rules(tmp_path, source, "eager-loading") == ([13] if clip else [])


@pytest.mark.parametrize("dtype, expected", [("float", [8]), ("'float'", [8]), ("np.float64", []),
                                             ("np.float32", [])])
def test_python_float_as_a_buffers_dtype_is_float64_nobody_chose(dtype, expected, tmp_path):
    # dtype=float reads as "numbers with a fraction", and NumPy makes it 8 bytes a value; np.float64 written out is a
    # choice. (The border of one image mirrored column by column into a float buffer is no data set: test below.)
    source = ("import os\n\nimport cv2\nimport numpy as np\nfrom sklearn.svm import SVC\n\n"
              "names = sorted(os.listdir('faces'))\n"
              f"faces = np.empty((len(names), 96 * 96), dtype={dtype})\n"
              "for k, name in enumerate(names):\n"
              "    faces[k] = cv2.imread(os.path.join('faces', name), cv2.IMREAD_GRAYSCALE).ravel()\n"
              "SVC().fit(faces, [n.split('_')[0] for n in names])\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("dtype", ["", ", float"])
def test_a_float_buffer_written_column_by_column_within_one_image_is_not_a_data_set(dtype, tmp_path):
    # reflect-padding one scene: each pass writes a column of the same array, not the next sample, so its float64
    # (no dtype given, or float) is one scene's, not a data set's
    source = ("import sys\n\nimport numpy as np\nimport scipy.io as sio\n\n\n"
              "def pad_scene(rows, cols, bands, scene, patch=5):\n    border = patch // 2\n"
              f"    padded = np.zeros((rows + 2 * border, cols + 2 * border, bands){dtype})\n"
              "    padded[border:rows + border, border:cols + border, :] = scene\n    for c in range(border):\n"
              "        padded[border:rows + border, c, :] = scene[:, border - c - 1, :]\n    return padded\n\n\n"
              "raw = sio.loadmat('PaviaU.mat')['paviaU']\nscene = np.zeros(raw.shape, np.float32)\n"
              "for band in range(raw.shape[2]):\n    scene[:, :, band] = raw[:, :, band] / raw[:, :, band].max()\n"
              "h, w, b = raw.shape\ncube = pad_scene(h, w, b, scene, patch=int(sys.argv[1]))\n")
    assert _rules(tmp_path, source, "dtype-blowup") == []


@pytest.mark.parametrize("looked_up, expected", [("model.embeddings(torch.tensor([ix]))", []),
                                                 ("model(torch.tensor([[ix]]))", [25])])
def test_a_word_vector_looked_up_in_the_embedding_table_after_training_keeps_no_activation(looked_up, expected,
                                                                                           tmp_path):
    # nearest words of a trained CBOW: an nn.Embedding lookup saves only the ids for its backward, so autograd on or
    # off holds the same; the whole model run on each word is an evaluation pass
    source = ("import torch\nfrom torch import nn\n\n\nclass CBOW(nn.Module):\n    def __init__(self, vocab, dim):\n"
              "        super().__init__()\n        self.embeddings = nn.Embedding(vocab, dim)\n"
              "        self.proj = nn.Linear(dim, vocab)\n\n    def forward(self, context):\n"
              "        return self.proj(self.embeddings(context).mean(dim=1))\n\n\n"
              "model = CBOW(50000, 128)\nopt = torch.optim.SGD(model.parameters(), lr=0.1)\n"
              "for context, target in train_loader:\n"
              "    loss = nn.functional.cross_entropy(model(context), target)\n"
              "    opt.zero_grad()\n    loss.backward()\n    opt.step()\nmodel.eval()\nscores = {}\n"
              "for word, ix in word_to_ix.items():\n"
              f"    scores[word] = {looked_up}.norm().item()\n")
    assert _rules(tmp_path, source, "eval-without-no-grad") == expected


@pytest.mark.parametrize("workers, expected", [(4, [19]), (0, [])])
def test_a_table_grouped_into_an_object_per_group_is_copied_by_each_worker(workers, expected, tmp_path):
    # a session recommender: groupby('session_id')['item_id'].apply(list) makes a Python list per session, held by
    # the Dataset; each DataLoader worker that reads them copies their pages
    source = ("import pandas as pd\nimport torch\nfrom torch.utils.data import DataLoader, Dataset\n\n\n"
              "class Sessions(Dataset):\n    def __init__(self, items_by_session):\n"
              "        self.sessions = items_by_session\n\n    def __len__(self):\n"
              "        return len(self.sessions)\n\n    def __getitem__(self, i):\n"
              "        return torch.tensor(self.sessions.iloc[i][-20:])\n\n\n"
              "clicks = pd.read_parquet('clicks.parquet')\n"
              "sessions = Sessions(clicks.groupby('session_id')['item_id'].apply(list))\n"
              f"loader = DataLoader(sessions, batch_size=256, shuffle=True, num_workers={workers})\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == expected


@pytest.mark.parametrize("types, expected", [("{'ip': 'uint32', 'app': 'uint16', 'is_attributed': 'uint8'}", [9]),
                                             ("{'ip': 'int64', 'app': 'int64', 'is_attributed': 'int64'}", [])])
def test_a_table_read_with_its_columns_squeezed_to_two_bytes_is_one_too_large_for_memory(types, expected, tmp_path):
    # a click-fraud table read with uint16/uint8 columns: who counts the bytes of each column reads a table that
    # would not fit otherwise; the same read with int64 everywhere shows nothing of its size
    source = ("import pandas as pd\nimport torch\nfrom torch.utils.data import DataLoader, TensorDataset\n\n"
              f"CLICK_TYPES = {types}\n\n\ndef load_clicks(path):\n"
              "    clicks = pd.read_csv(path, usecols=list(CLICK_TYPES), dtype=CLICK_TYPES)\n"
              "    x = torch.tensor(clicks[['ip', 'app']].values)\n"
              "    return TensorDataset(x, torch.tensor(clicks['is_attributed'].values))\n\n\n"
              "loader = DataLoader(load_clicks('train.csv'), batch_size=4096, shuffle=True)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("first_layer, expected", [("Dense(64, activation='relu', input_dim=30)", []),
                                                   ("Embedding(input_dim=30, output_dim=64)", [8])])
def test_a_dense_layers_input_dim_gives_the_size_of_a_sample(first_layer, expected, tmp_path):
    # a fraud classifier on 30 features per transaction: Dense(..., input_dim=30) says each sample is 30 values, so a
    # split of an array of unknown count is no data set shown large; an Embedding's input_dim is its vocabulary
    source = ("import numpy as np\nfrom keras.layers import Dense, Embedding, Flatten\n"
              "from keras.models import Sequential\nfrom sklearn.model_selection import train_test_split\n\n"
              "transactions = np.load('transactions.npy')\nfraud = np.load('fraud.npy')\n"
              "x_fit, x_hold, y_fit, y_hold = train_test_split(transactions, fraud, test_size=0.25)\n"
              f"model = Sequential([{first_layer}, Flatten(), Dense(1, activation='sigmoid')])\n"
              "model.compile(optimizer='adam', loss='binary_crossentropy')\n"
              "model.fit(x_fit, y_fit, epochs=20, validation_data=(x_hold, y_hold))\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("imports, scaled", [
    ("from keras.applications.resnet50 import ResNet50, preprocess_input", "preprocess_input(load_split('train'))"),
    ("from tensorflow.keras.applications import ResNet50, resnet50", "resnet50.preprocess_input(raw)"),
    # EfficientNet rescales inside the network: its preprocess_input hands back the same array
    ("from tensorflow.keras.applications import ResNet50\n"
     "from tensorflow.keras.applications.efficientnet import preprocess_input", "preprocess_input(raw)")])
def test_keras_preprocess_input_hands_on_the_same_data_set(imports, scaled, tmp_path):
    # transfer learning on saved photo arrays: the images scaled for the backbone are the training set that was
    # loaded whole, whichever model's preprocess_input scales them and however it is imported
    source = (f"import numpy as np\n{imports}\n\n\ndef load_split(name):\n"
              "    return np.load(name + '_photos.npy')\n\n\nraw = load_split('train')\n"
              f"photos = {scaled}\nmodel = ResNet50(weights=None, classes=5)\n"
              "model.compile(optimizer='sgd', loss='sparse_categorical_crossentropy')\n"
              "model.fit(photos, np.load('train_classes.npy'), batch_size=32, epochs=3)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == [6 + imports.count("\n")]  # the np.load


@pytest.mark.parametrize("training", [
    "model.fit(batches, epochs=5)", "model.fit_generator(batches, steps_per_epoch=200, epochs=5)",
    "for step, (xb, yb) in enumerate(batches):\n    model.train_on_batch(xb, yb)\n    if step > 2000:\n        break"])
def test_arrays_given_to_an_image_data_generator_flow_are_the_training_set(training, tmp_path):
    # Keras's ImageDataGenerator serves augmented rows of the arrays flow() is given: whatever trains on the
    # iterator, the arrays behind it are the training set, loaded whole here
    source = ("import numpy as np\nfrom keras.preprocessing.image import ImageDataGenerator\n"
              "from keras.models import load_model\n\n"
              "scans = np.load('scans.npy')\ngrades = np.load('grades.npy')\n"
              "jitter = ImageDataGenerator(rotation_range=15, zoom_range=0.1)\n"
              "batches = jitter.flow(scans, grades, batch_size=16)\nmodel = load_model('start.h5')\n"
              f"{training}\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == [5]


@pytest.mark.parametrize("imports, convert", [
    ("from keras.utils import load_img, img_to_array", "img_to_array(pic)"),
    ("from tensorflow.keras.preprocessing import image\nfrom tensorflow.keras.preprocessing.image import load_img",
     "image.img_to_array(pic)")])
def test_img_to_array_makes_each_kept_picture_float32(imports, convert, tmp_path):
    # a leaf classifier: the pictures decoded by a helper, then each converted in a second loop and kept; Keras's
    # img_to_array is np.asarray(img, dtype='float32'), a new array 4x the uint8 pixels, as astype would make
    source = (f"import os\nimport numpy as np\n{imports}\n\n\ndef read_folder(folder):\n    pictures = []\n"
              "    for name in sorted(os.listdir(folder)):\n"
              "        pictures.append(load_img(os.path.join(folder, name), target_size=(224, 224)))\n"
              "    return pictures\n\n\npictures = read_folder('leaves/train')\narrays = []\nfor pic in pictures:\n"
              f"    arrays.append({convert})\nx = np.stack(arrays)\n")
    assert _widened(tmp_path, source) == [16 + imports.count("\n")]


@pytest.mark.parametrize("history, expected", [("[gray for _ in range(HISTORY)]", []),
                                               ("[gray for _ in range(len(episodes))]", [16])])
def test_a_few_copies_of_one_frame_stacked_as_an_agents_state_are_no_data_set(history, expected, tmp_path):
    # an Atari agent's first state: one grey frame repeated HISTORY times and stacked, scaled by 255 at every step;
    # nothing says the frame is a data set, and a few of it side by side are a few frames, not the data
    source = ("import numpy as np\nimport cv2\nimport gym\n\nHISTORY = 4\nepisodes = []\n\n\n"
              "def first_state(observation):\n"
              "    gray = np.uint8(cv2.resize(observation.mean(axis=2), (84, 84)))\n"
              f"    history = {history}\n"
              "    return np.stack(history, axis=-1)\n\n\n"
              "state = first_state(gym.make('Pong-v0').reset())\nscaled = state / 255.0\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("compared, expected", [("out.detach().cpu(), target.detach().cpu()", []),
                                                ("out.data, target.data", []),
                                                ("out, target", [11])])
def test_a_loss_of_detached_outputs_added_up_keeps_no_graph(compared, expected, tmp_path):
    # validation through a helper the flow cannot follow: the criterion is given outputs the script detached, so
    # the running sum holds numbers without a graph
    source = ("import torch\nfrom helpers import run_batch\n\n\n"
              "def validate(net, loader, loss_fn):\n"
              "    net.eval()\n"
              "    running = 0\n"
              "    for inputs, target in loader:\n"
              "        out = run_batch(net, inputs.cuda())\n"
              f"        batch_loss = loss_fn({compared})\n"
              "        running += batch_loss\n"
              "    return running / len(loader)\n")
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


@pytest.mark.parametrize("read", ["self.loader(path)", "read_rgb(path)"])
def test_path_label_pairs_a_dataset_opens_through_its_own_reader_are_light_for_workers(read, tmp_path):
    # an ImageFolder-like data set: (path, class) pairs from os.walk, each path opened by the script's own reader
    # (kept as self.loader, or called by name): a path and a number a sample, as light as a list of paths
    source = ("import os\nfrom PIL import Image\nfrom torch.utils.data import DataLoader, Dataset\n\n\n"
              "def read_rgb(path):\n    with Image.open(path) as im:\n        return im.convert('RGB')\n\n\n"
              "class Folder(Dataset):\n"
              "    def __init__(self, root, transform):\n"
              "        self.samples = []\n"
              "        for k, name in enumerate(sorted(os.listdir(root))):\n"
              "            for folder, _, files in os.walk(os.path.join(root, name)):\n"
              "                for f in files:\n"
              "                    self.samples.append((os.path.join(folder, f), k))\n"
              "        self.loader = read_rgb\n        self.transform = transform\n\n"
              "    def __len__(self):\n        return len(self.samples)\n\n"
              "    def __getitem__(self, index):\n"
              "        path, target = self.samples[index]\n"
              f"        return self.transform({read}), target\n\n\n"
              "loader = DataLoader(Folder('train', None), batch_size=64, shuffle=True, num_workers=8)\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == []


def test_two_lists_each_given_a_slice_of_every_file_hold_the_data_set_once(tmp_path):
    # a hold-out cut from every scan (its top rows train, the rest validation): the two lists share each decoded
    # file between them, one data set kept whole, one problem
    source = ("import glob\nimport cv2\nimport numpy as np\n\n"
              "fit_parts, held_parts = [], []\n"
              "for path in glob.glob('scans/*.png'):\n"
              "    scan = cv2.imread(path)\n"
              "    cut = int(0.8 * scan.shape[0])\n"
              "    fit_parts.append(scan[:cut, :, :])\n"
              "    held_parts.append(scan[cut:, :, :])\n")
    assert _rules(tmp_path, source, "eager-loading") == [9]


@pytest.mark.parametrize("config, expected", [("{'num_nodes': 325, 'horizon': 12}", []),
                                              ("{'num_nodes': 400000, 'horizon': 12}", [11])])
def test_a_graph_matrix_made_dense_is_as_large_as_the_node_count_the_script_writes(config, expected, tmp_path):
    # a traffic forecaster's sensor graph: the config says how many nodes (PEMS-BAY's 325), so the dense N x N
    # transition matrix is under a megabyte; a graph of 400,000 nodes made dense is a terabyte
    source = ("import numpy as np\nimport scipy.sparse as sp\nimport torch\n\n"
              f"CONFIG = {config}\n\n\n"
              "def random_walk(adj):\n"
              "    a = sp.coo_matrix(adj)\n    d = sp.diags(np.power(np.array(a.sum(1)).flatten(), -1.0))\n"
              "    return d.dot(a).astype(np.float32).todense()\n\n\n"
              "adj_mx = np.load('adj_mx.npy')\nsupports = [torch.tensor(random_walk(adj_mx))]\n")
    assert _rules(tmp_path, source, "densified-sparse") == expected


@pytest.mark.parametrize("loop, parse, keep, expected", [
    # a text field of numbers per row, parsed into Python ints or floats, walked by index or by value
    ("for n in range(len(frame)):", "[int(p) for p in frame['pixels'][n].split()]", "np.array(rows) / 255.0", True),
    ("for n in range(0, len(frame)):", "[float(p) for p in frame.loc[n, 'pixels'].split(' ')]",
     "np.asarray(rows) / 255.", True),
    ("for text in frame['pixels']:", "[int(p) for p in text.split()]", "np.array(rows) / 255", True),
    ("for n in range(len(frame)):", "np.asarray([int(p) for p in frame['pixels'][n].split()])",
     "np.array(rows) / 255.0", True),
    # kept as bytes: no float64 copy
    ("for n in range(len(frame)):", "[int(p) for p in frame['pixels'][n].split()]",
     "np.array(rows, dtype=np.uint8)", False),
    # words, not numbers; and a loop over a few things the script writes out
    ("for n in range(len(frame)):", "[p.lower() for p in frame['pixels'][n].split()]", "np.array(rows) / 255.0",
     False),
    ("for n in range(len(['a', 'b'])):", "[int(p) for p in frame['pixels'][n].split()]", "np.array(rows) / 255.0",
     False),
])
def test_numbers_parsed_from_each_rows_text_then_scaled_are_a_float64_copy(loop, parse, keep, expected, tmp_path):
    source = ("import numpy as np\nimport pandas\n\n\nclass Faces:\n    def load(self, path):\n"
              "        frame = pandas.read_csv(path)\n        rows = []\n"
              f"        {loop}\n            rows.append({parse})\n"
              f"        return {keep}\n\n\nfaces = Faces().load('faces.csv')\n")
    assert _rules(tmp_path, source, "dtype-blowup") == ([11] if expected else [])


@pytest.mark.parametrize("loop, parse, buffer, expected", [
    # each row's pixel text parsed with np.fromstring into a float64 buffer nobody chose, walked by the row labels
    ("for k, key in enumerate(faces.index):", "np.fromstring(faces.loc[key, 'pixels'], dtype=int, sep=' ')",
     "np.zeros((len(faces), 64, 64))", True),
    ("for k in range(len(faces)):", "np.fromstring(faces['pixels'][k], sep=',')",
     "np.empty(shape=(len(faces), 64, 64))", True),
    ("for k, text in enumerate(faces['pixels']):", "np.fromstring(text, np.uint8, sep=' ')",
     "np.zeros((len(faces), 64, 64))", True),
    # a buffer of the bytes the pixels are: fine
    ("for k, key in enumerate(faces.index):", "np.fromstring(faces.loc[key, 'pixels'], dtype=int, sep=' ')",
     "np.zeros((len(faces), 64, 64), dtype=np.uint8)", False),
])
def test_a_float64_buffer_filled_with_pixels_parsed_from_each_row_is_a_dtype_blowup(loop, parse, buffer, expected,
                                                                                    tmp_path):
    source = ("import numpy as np\nimport pandas as pd\n\n\ndef as_images(faces):\n"
              f"    images = {buffer}\n    {loop}\n        images[k] = {parse}.reshape(64, 64)\n"
              "    return images\n\n\nimages = as_images(pd.read_csv('faces.csv'))\n")
    assert _rules(tmp_path, source, "dtype-blowup") == ([6] if expected else [])


def test_one_rows_pixels_parsed_outside_a_loop_over_the_rows_is_one_sample(tmp_path):
    source = ("import numpy as np\nimport pandas as pd\n\nfaces = pd.read_csv('faces.csv')\n"
              "preview = np.zeros((48, 48))\npreview[:] = np.fromstring(faces['pixels'][0], sep=' ').reshape(48, 48)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == []


@pytest.mark.parametrize("read, expected", [
    ("pixels = self.table.iloc[index, 1:].values.reshape(48, 48)", []),
    ("pixels = np.asarray(self.table.iloc[index, :-1], dtype=np.float32)", []),
    ("row = self.table.iloc[index].to_numpy()\n        pixels = row.astype('float32')", []),
    ("pixels = self.table.loc[index, ['x0', 'x1', 'x2']].astype('float64')", []),
    # one field of a row, an object column (a list per row): the table's rows are Python objects
    ("pixels = np.asarray(self.table.iloc[index]['grid'])", [19]),
])
def test_a_table_whose_rows_getitem_makes_arrays_of_numbers_is_not_copied_by_workers(read, expected, tmp_path):
    # a CSV of pixel columns in a DataFrame: its numbers sit in NumPy blocks whose pages a forked worker reads but
    # never writes (no reference count in them), so the workers share them; an object column is what they copy
    source = ("import numpy as np\nimport pandas as pd\nimport torch\nfrom torch.utils.data import DataLoader, Dataset\n\n\n"
              "class Faces(Dataset):\n    def __init__(self, csv_path):\n        self.table = pd.read_csv(csv_path)\n\n"
              "    def __len__(self):\n        return len(self.table)\n\n    def __getitem__(self, index):\n"
              f"        {read}\n        return torch.tensor(pixels)\n\n\n"
              "loader = DataLoader(Faces('faces.csv'), batch_size=32, num_workers=4)\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == expected
@pytest.mark.parametrize("cast, expected", [
    ("posts['headline'].astype(str) + ' / ' + posts['body'].astype(str)", []),
    ("posts.body.astype(str)", []),
    ("posts.astype(str)", [7]),
    ("posts.values.astype(str)", [7]),
])
def test_a_named_column_of_a_pandas_table_made_strings_is_not_the_table_written_out(cast, expected, tmp_path):
    # the fake-news submission (check_heldout40): author, title and text columns joined as strings, one Python
    # string per row in an object column; the whole table made strings is still said
    source = ("import pandas as pd\n\n\nclass Submission:\n    def __init__(self, path):\n"
              "        posts = pd.read_csv(path)\n"
              f"        self.joined = {cast}\n\n\nSubmission('test.csv')\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("loop, kept, expected", [
    ("for p in range(len(letters) - span):", "[vocab[ch] for ch in piece]", [9]),
    ("for p in range(0, total - span, 1):", "list(map(vocab.get, piece))", [9]),
    ("for p in range(total - span):", "[vocab.get(ch, 0) for ch in letters[p:p + span]]", [9]),
    ("for p in range(total - span):", "piece", []),  # kept as it is: a series of unknown, maybe small, size
    ("for p in range(0, len(letters) - span, span // 2):", "[vocab[ch] for ch in piece]", []),  # a stride
    ("for p in range(500):", "[vocab[ch] for ch in piece]", []),  # a few positions, not the whole text
])
def test_windows_cut_into_a_name_at_every_position_of_a_text_are_copies(loop, kept, expected, tmp_path):
    # the Harry Potter char-LSTM (check_heldout40): chunk = corpus[k:k + 100] at every position of a text read
    # whole, each kept as a list of ids: the text stored once per window covering it
    source = ("def encode(path, span=80):\n    letters = open(path).read()\n"
              "    total, kinds = len(letters), len(set(letters))\n"
              "    vocab = {ch: i for i, ch in enumerate(sorted(set(letters)))}\n    pieces = []\n"
              f"    {loop}\n        piece = letters[p:p + span]\n        nxt = letters[p + span]\n"
              f"        pieces.append({kept})\n    return pieces\n\n\nsamples = encode('novel.txt')\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("encode, expected", [
    ("keras.utils.to_categorical(grid)", [15]),
    ("tf.one_hot(np.array(rows), depth=len(vocab))", [15]),
    ("keras.utils.to_categorical(nexts)", []),  # the character after each window: one row per sample
])
def test_one_hot_of_windows_cut_at_every_position_is_a_blowup(encode, expected, tmp_path):
    # the Harry Potter char-LSTM (check_heldout40): to_categorical of the window array reshaped from a list of
    # every position's window of ids: a float vector per character of every window
    source = ("import numpy as np\nimport tensorflow as tf\nfrom tensorflow import keras\n\n\n"
              "class Corpus:\n    def __init__(self, path, span=64):\n        text = open(path).read()\n"
              "        vocab = {ch: i for i, ch in enumerate(sorted(set(text)))}\n        rows, nexts = [], []\n"
              "        for p in range(len(text) - span):\n"
              "            rows.append([vocab[ch] for ch in text[p:p + span]])\n"
              "            nexts.append(vocab[text[p + span]])\n"
              "        grid = np.reshape(rows, (len(rows), span, 1))\n"
              f"        self.x = {encode}\n\n\nCorpus('poems.txt')\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected
@pytest.mark.parametrize("kept, expected", [
    ("volumes = list(map(read_volume, scan_paths))", [12]),
    ("volumes = np.stack(tuple(map(lambda where: read_volume(where), scan_paths)))", [12]),
    ("volumes = np.array(list(map(imageio.imread, scan_paths)))", [12]),
    # consumed one file at a time: a loop over the map, or a reduction of it, keeps none of them
    ("for k, vol in enumerate(map(read_volume, scan_paths)):\n    print(k, vol.shape)", []),
    ("brightest = max(map(lambda where: read_volume(where).mean(), scan_paths))", []),
    ("for vol in (read_volume(where) for where in scan_paths):\n    print(vol.shape)", []),
    ("names = sorted(map(os.path.basename, scan_paths))", []),  # file names, not files
])
def test_map_of_a_reader_over_the_paths_keeps_every_file_as_its_comprehension_would(kept, expected, tmp_path):
    # map(read, paths) is (read(p) for p in paths): list() or np.array() of it holds every decoded file
    source = ("import os\nimport glob\nimport imageio\nimport numpy as np\n\n\n"
              "def read_volume(where):\n    return imageio.imread(where)\n\n\n"
              "scan_paths = glob.glob(os.path.join('scans', '*.tif'))\n"
              f"{kept}\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("scaled, expected", [("/ 127.5 - 1.", [9]), ("/ 255", [9]), ("", [])])
def test_map_of_a_reader_scaled_whole_is_made_float64(scaled, expected, tmp_path):
    source = ("import glob\nimport numpy as np\nfrom PIL import Image\n\n\n"
              "class Shots:\n"
              "    def __init__(self, folder):\n"
              "        self.paths = glob.glob(folder + '/*.jpg')\n"
              f"        self.all = np.asarray(list(map(self.load, self.paths))) {scaled}\n\n"
              "    def load(self, path):\n        return np.asarray(Image.open(path).convert('RGB'))\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("drawn, expected", [
    ("np.random.choice(self.clips, size=self.batch)", []),
    ("random.sample(self.clips, k=n_per_batch)", []),
    ("random.choices(self.clips, k=self.bs)", []),
    ("self.rng.choice(self.clips, self.batch)", []),
    ("chosen", []),  # a name bound to a draw of one batch
    ("self.clips", [16]),  # every clip: the whole data set
    ("np.random.choice(self.clips, size=len(self.clips))", [16]),  # a draw of every clip
])
def test_a_loop_over_one_batch_drawn_at_random_keeps_a_batch(drawn, expected, tmp_path):
    # a sampler that decodes a random batch of files each call: the list it fills holds one batch, not the data set
    source = ("import random\nimport numpy as np\nimport soundfile as sf\n\n\n"
              "class ClipSampler:\n"
              "    def __init__(self, clips, batch):\n"
              "        self.clips, self.batch, self.bs = clips, batch, batch\n"
              "        self.rng = np.random.default_rng(0)\n\n"
              "    def draw(self, n_per_batch):\n"
              "        chosen = np.random.choice(self.clips, size=self.batch)\n"
              "        waves = []\n"
              f"        for where in {drawn}:\n"
              "            wave, rate = sf.read(where)\n"
              "            waves.append(wave)\n"
              "        return np.stack(waves)\n\n\n"
              "sampler = ClipSampler(sorted(open('clips.txt').read().split()), 32)\n"
              "for step in range(1000):\n    batch = sampler.draw(32)\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("rows, expected", [("random.sample(range(len(frames)), batch_size)", []),
                                            ("range(len(frames))", [12])])
def test_rows_of_one_random_batch_stacked_are_no_second_copy(rows, expected, tmp_path):
    source = ("import random\nimport numpy as np\n\n"
              "frames = np.load('frames.npy')\n\n\n"
              "def next_batch(batch_size=64):\n"
              "    rows = " + rows + "\n"
              "    out = []\n"
              "    for r in rows:\n"
              "        out.append(frames[r])\n"
              "    return np.array(out)\n\n\n"
              "for step in range(100):\n    xb = next_batch()\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("head, expected", [
    ("layers.Dense(1, activation='sigmoid')", []),  # a critic's score: one weight per value of one sample's map
    ("layers.Dense(units=2)", []),
    ("layers.Dense(1)", []),
    ("layers.Dense(512, activation='relu')", [10]),  # every pixel of the map times 512 units
])
def test_flatten_into_a_one_unit_score_is_no_large_head(head, expected, tmp_path):
    source = ("from tensorflow.keras import layers, models\n\n\n"
              "def discriminator(side, channels):\n"
              "    return models.Sequential([\n"
              "        layers.Input(shape=(side, side, channels)),\n"
              "        layers.Conv2D(64, 3, padding='same'),\n"
              "        layers.LeakyReLU(0.2),\n"
              "        layers.Conv2D(128, 3, padding='same'),\n"
              "        layers.Flatten(),\n"
              f"        {head},\n"
              "    ])\n")
    assert _rules(tmp_path, source, "flatten-dense") == expected
@pytest.mark.parametrize("metric, expected", [
    # each computed under no_grad / inference_mode: a new tensor without a graph, however it is written
    ("    with torch.no_grad():\n        gap = (fake - real).abs()\n        score = -torch.log(gap.mean() + 1e-8)\n"
     "    return score\n", []),
    ("    with torch.inference_mode():\n        return F.mse_loss(fake, real).sqrt() * 20\n", []),
    ("    with torch.no_grad():\n        mse = ((fake - real) ** 2).mean(dim=[1, 2, 3])\n"
     "        return torch.mean(10 * torch.log10(1.0 / mse))\n", []),
    # the same helper with gradients on, and one that only names the output under no_grad: the graph is kept
    ("    gap = (fake - real).abs()\n    return -torch.log(gap.mean() + 1e-8)\n", [19]),
    ("    with torch.no_grad():\n        kept = fake\n    return kept\n", [19]),
])
def test_a_metric_computed_under_no_grad_in_a_helper_keeps_no_graph_when_summed(metric, expected, tmp_path):
    # a super-resolution trainer that sums a PSNR helper's tensor (not .item()) every step: the helper computes it
    # under torch.no_grad(), so the sum holds one small tensor, no autograd graph
    (tmp_path / "quality.py").write_text("import torch\nimport torch.nn.functional as F\n\n\n"
                                         "def fidelity(fake, real):\n" + metric)
    source = ("import torch\nfrom quality import fidelity\n\n\nclass Fitter:\n"
              "    def __init__(self, generator, batches):\n        self.generator = generator.cuda()\n"
              "        self.batches = batches\n"
              "        self.opt = torch.optim.Adam(self.generator.parameters())\n\n"
              "    def epoch(self):\n        running = 0.0\n        for low, high in self.batches:\n"
              "            low, high = low.cuda(), high.cuda()\n            fake = self.generator(low)\n"
              "            err = torch.nn.functional.l1_loss(fake, high)\n            err.backward()\n"
              "            self.opt.step()\n            running += fidelity(fake, high)\n        return running\n")
    assert _rules(tmp_path, source, "loss-keeps-graph") == expected


@pytest.mark.parametrize("read, encode, expected", [
    ("np.asarray(Image.open(path))", "np_utils.to_categorical(seg, n_cls)", [18]),
    ("np.asarray(Image.open(path))", "np_utils.to_categorical(seg, num_classes=n_cls).astype('float32')", [18]),
    ("cv2.imread(path, cv2.IMREAD_GRAYSCALE)", "to_categorical(seg, n_cls)", [18]),
    # the integer masks kept as they are: nothing made wider
    ("cv2.imread(path, cv2.IMREAD_GRAYSCALE)", "seg", []),
])
def test_each_mask_one_hot_encoded_before_it_is_kept_is_a_dtype_blowup(read, encode, expected, tmp_path):
    # a segmentation reader that one-hot encodes every decoded mask (a float32 channel per class for each pixel)
    # and keeps them all; the one-hot labels of a sample each are a few bytes, not this
    source = ("import glob\nimport cv2\nimport numpy as np\nfrom PIL import Image\n"
              "from keras.utils import np_utils, to_categorical\n\n\nclass MaskBank:\n"
              "    def __init__(self, pattern, n_cls):\n        self.pattern = pattern\n        self.n_cls = n_cls\n\n"
              "    def read_all(self):\n        n_cls = self.n_cls\n        out = []\n"
              f"        for path in glob.glob(self.pattern):\n            seg = {read}\n"
              f"            out.append({encode})\n        return out\n\n\n"
              "masks = MaskBank('gt/*.png', 21).read_all()\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("loop", [
    "ys = []\nfor i in range(len(labels)):\n    ys.append(to_categorical(labels[i], 10))\n",
    "ys = [to_categorical(k, 10) for k in labels]\n",
])
def test_one_hot_labels_of_an_array_already_held_are_not_a_per_file_blowup(loop, tmp_path):
    # a row of the labels array is one label, its one-hot row ten floats: not a decoded file made wider
    source = ("import numpy as np\nfrom tensorflow.keras.utils import to_categorical\n"
              "labels = np.load('labels.npy')\n" + loop)
    assert _rules(tmp_path, source, "dtype-blowup") == []


@pytest.mark.parametrize("buffer, scaled, expected", [
    ("np.zeros((1, 24, 24), dtype=float)", "patch.astype(float) / 255.", [12]),
    ("np.empty((24, 24, 1), np.float64)", "np.float64(patch) / 255", [12]),
    ("np.zeros((24, 24, 1), dtype='float32')", "patch / 255.0", [12]),
    # a uint8 buffer holds the scaled values narrow again
    ("np.zeros((24, 24, 1), dtype=np.uint8)", "patch.astype(float) / 255.", []),
])
def test_a_per_sample_float_buffer_filled_with_a_widened_tile_keeps_it_wide(buffer, scaled, expected, tmp_path):
    # a patch extractor that writes each scaled crop into a small buffer of its own and keeps the buffers
    source = ("import numpy as np\nfrom skimage import io\n\n\ndef crops(paths):\n    bank = []\n"
              "    for p in paths:\n        im = io.imread(p)\n        for y in range(0, im.shape[0] - 24, 12):\n"
              "            patch = im[y:y + 24, :24]\n"
              f"            slot = {buffer}\n"
              f"            slot[..., 0] = {scaled}\n"
              "            bank.append(slot)\n"
              "    return np.stack(bank)\n\n\nbank = crops(open('list.txt').read().split())\n")
    assert _widened(tmp_path, source) == expected


@pytest.mark.parametrize("read, expected", [
    ("np.array(store['questions_val'])", []),
    ("store['caption_tokens'][:]", []),
    ("store['ques_len'][()]", []),
    ("np.asarray(store['question_lengths'])", []),
    # the frames beside them are the inputs, read whole
    ("np.array(store['frames_val'])", [8]),
])
def test_question_or_caption_word_ids_read_whole_are_a_few_numbers_a_sample(read, expected, tmp_path):
    # a video-QA loader that reads an HDF5 data set whole: word ids of each question (a few dozen numbers a sample)
    # are no memory problem; the frames are
    source = ("import h5py\nimport numpy as np\n\n\nclass QAStore:\n    def __init__(self, path):\n"
              "        store = h5py.File(path, 'r')\n"
              f"        self.part = {read}\n\n\nqa = QAStore('qa.h5')\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("read, expected", [
    ("np.array(store['embedding_matrix'])", []),
    ("store['embedding_weights'][:]", []),
    ("store['glove'][()]", []),
    # the embeddings of each sample, read whole: the data set
    ("np.array(store['embeddings'])", [9]),
])
def test_a_word_vector_table_read_whole_is_as_large_as_the_vocabulary(read, expected, tmp_path):
    # a text classifier whose Embedding layer starts from pretrained word vectors, cached in an HDF5 file: the table
    # has a row per vocabulary word, whatever the number of samples
    source = ("import h5py\nimport numpy as np\n\n\ndef pretrained(path):\n"
              "    with h5py.File(path, 'r') as store:\n        rows = 0\n        rows += 1\n"
              f"        return {read}\n\n\ntable = pretrained('cache.h5')\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("buffer, listing, expected", [
    ("np.zeros((STEPS, EDGE, EDGE, 3))", "os.listdir(folder)", [10]),
    ("np.empty(shape=(STEPS, EDGE, EDGE, 3))", "sorted(os.listdir(folder))", [10]),
    ("np.ones((STEPS, EDGE, EDGE, 3))", "tqdm(os.listdir(folder))", [10]),
    # a buffer given a narrow dtype holds the frames as they were decoded
    ("np.zeros((STEPS, EDGE, EDGE, 3), dtype=np.uint8)", "os.listdir(folder)", []),
])
def test_a_helpers_float64_buffer_for_each_clip_is_kept_wide(buffer, listing, expected, tmp_path):
    # a video reader whose helper makes each clip's buffer without a dtype (float64), fills it frame by frame and
    # returns it; the caller keeps every clip
    source = ("import os\nimport numpy as np\nimport imageio\nfrom tqdm import tqdm\nfrom tensorflow import keras\n"
              "STEPS, EDGE = 12, 96\n\n\ndef clip_of(path):\n"
              f"    buf = {buffer}\n"
              "    reader = imageio.get_reader(path)\n    for t, frame in enumerate(reader):\n"
              "        if t == STEPS:\n            break\n        buf[t] = frame\n    return buf\n\n\n"
              "class Clips:\n    def __init__(self, folder):\n        self.items = []\n"
              f"        for name in {listing}:\n"
              "            one = clip_of(os.path.join(folder, name))\n            self.items.append(one)\n\n\n"
              "data = Clips('videos')\nnet = keras.models.load_model('net.h5')\n"
              "net.fit(np.stack(data.items), np.zeros(len(data.items)))\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("package, imported, expected", [
    (True, "from reading.frames import Frames", [("reading/frames.py", 11)]),
    (True, "from reading.frames import *", [("reading/frames.py", 11)]),
    (True, "import reading.frames as rf\nFrames = rf.Frames", [("reading/frames.py", 11)]),
    # the script's folder is no package: run from it, the import would fail, so it is run from the project's top
    # (an app's main.py imports it), where reading/ is
    (False, "from reading.frames import Frames", [("reading/frames.py", 11)]),
])
def test_a_package_beside_the_scripts_package_is_read(package, imported, expected, tmp_path):
    # tools/fit.py imports reading.frames, a package at the project's top: with tools/__init__.py the script is run
    # from the top (python -m tools.fit), and the loader it uses decodes every file in its constructor
    (tmp_path / "tools").mkdir()
    (tmp_path / "reading").mkdir()
    if package:
        (tmp_path / "tools" / "__init__.py").write_text("")
    (tmp_path / "reading" / "__init__.py").write_text("")
    (tmp_path / "reading" / "frames.py").write_text(
        "import glob\n\nimport torch\nfrom PIL import Image\nfrom torch.utils.data import Dataset\n"
        "from torchvision.transforms.functional import to_tensor\n\n\nclass Frames(Dataset):\n"
        "    def __init__(self, pattern):\n"
        "        self.frames = [to_tensor(Image.open(p).convert('RGB')) for p in glob.glob(pattern)]\n\n"
        "    def __len__(self):\n        return len(self.frames)\n\n"
        "    def __getitem__(self, i):\n        return self.frames[i]\n")
    script = tmp_path / "tools" / "fit.py"
    script.write_text(
        f"import torch\nfrom torch.utils.data import DataLoader\n{imported}\n\n"
        "net = torch.nn.Conv2d(3, 8, 3)\nopt = torch.optim.SGD(net.parameters(), lr=0.1)\n"
        "for x in DataLoader(Frames('shots/*.png'), batch_size=16):\n"
        "    opt.zero_grad()\n    net(x).mean().backward()\n    opt.step()\n")
    found = [(Path(f.file).relative_to(tmp_path).as_posix(), f.line) for f in check_source(script)
             if f.rule == "eager-loading"]
    assert found == expected


@pytest.mark.parametrize("width, encode, expected", [
    ("len(tokenizer.word_index) + 1", "to_categorical([nxt], num_classes=width)[0]", [20]),
    ("len(vocab)", "keras.utils.to_categorical(nxt, width)", [20]),
    ("vocab_size", "to_categorical([nxt], num_classes=vocab_size)[0]", [20]),
    # a handful of classes: each row a few floats, as an integer label nearly is
    ("5", "to_categorical([nxt], num_classes=width)[0]", []),
    # the index kept as it is
    ("len(vocab)", "nxt", []),
])
def test_each_next_word_one_hot_over_the_vocabulary_and_kept_is_a_dtype_blowup(width, encode, expected, tmp_path):
    # a next-character model's pairs builder: every (prefix, next token) pair of every line gets its target one-hot
    # encoded over the vocabulary, and the rows are all kept
    source = ("import numpy as np\nfrom tensorflow import keras\nfrom tensorflow.keras.utils import to_categorical\n"
              "from tensorflow.keras.preprocessing.text import Tokenizer\n\n"
              "lines = open('corpus.txt').read().splitlines()\ntokenizer = Tokenizer()\n"
              "tokenizer.fit_on_texts(lines)\nvocab = sorted(tokenizer.word_index)\nvocab_size = len(vocab) + 1\n\n\n"
              "class Pairs:\n    def build(self, texts):\n"
              f"        width = {width}\n        heads, outs = [], []\n"
              "        for ids in tokenizer.texts_to_sequences(texts):\n            for j in range(1, len(ids)):\n"
              f"                nxt = ids[j]\n                outs.append({encode})\n"
              "                heads.append(ids[:j])\n        return heads, np.array(outs)\n\n\n"
              "heads, outs = Pairs().build(lines)\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("calls, expected", [
    ("        self.first = load_table(root + 'tok2id.json')\n"
     "        self.second = load_table(root + '/answer_labels.pkl')\n", []),
    ("        self.first = load_table('{}/frame2row.pkl'.format(root))\n"
     "        self.second = load_table(root + 'classes.pkl')\n", []),
    # one call reads the features themselves: the reader is what loads them
    ("        self.first = load_table(root + 'tok2id.json')\n"
     "        self.second = load_table(root + 'region_feats.pkl')\n", [9]),
])
def test_a_readers_load_is_a_lookup_when_every_call_reads_one(calls, expected, tmp_path):
    # a Dataset whose constructor reads its tables through one helper of the script's own: the helper's load is
    # what each call reads, said by the file each call names
    source = ("import pickle\n\nimport torch\nfrom torch.utils.data import Dataset, DataLoader\n\n\n"
              "def load_table(path):\n    with open(path, 'rb') as fh:\n        obj = pickle.load(fh)\n    return obj\n\n\n"
              "class Questions(Dataset):\n    def __init__(self, root):\n" + calls +
              "\n    def __len__(self):\n        return len(self.first)\n\n"
              "    def __getitem__(self, i):\n        key = self.first[i]\n        return self.second[key]\n\n\n"
              "net = torch.nn.Linear(4, 2)\nfor batch in DataLoader(Questions('data/'), batch_size=4):\n"
              "    net(batch.float()).sum().backward()\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("width, store, expected", [
    # one-hot targets: a row of the class count per sample, a few bytes, whatever the buffer is called
    ("len(self.class_names)", "code", []),
    ("self.num_classes", "code", []),
    ("self.cfg['n_classes']", "code", []),
    ("len(CATEGORIES)", "code", []),
    ("N_CLASSES", "code", [20]),  # the script shows 5,000 classes: a one-hot row of 40 KB per sample
    # a flattened picture per sample, float64 because nobody chose: the data set again
    ("self.side * self.side * 3", "pics[n].reshape(-1)", [20]),
])
def test_a_float64_buffer_of_one_hot_targets_over_the_classes_is_not_a_data_set(width, store, expected, tmp_path):
    # a reader that decodes every picture into a uint8 array and writes each one's class, one-hot, into a buffer
    # made without a dtype: a row as wide as the number of classes is labels, not another copy of the pictures
    source = ("import os\n\nimport numpy as np\nimport imageio\n\nN_CLASSES = 5000\n"
              "CATEGORIES = ['forest', 'river', 'road']\n\n\n"
              "class FolderReader:\n    def __init__(self, root, side, cfg):\n"
              "        self.root, self.side, self.cfg = root, side, cfg\n"
              "        self.class_names = sorted(os.listdir(root))\n"
              "        self.num_classes = len(self.class_names)\n\n"
              "    def read(self):\n        files = [(c, f) for c in self.class_names\n"
              "                 for f in os.listdir(os.path.join(self.root, c))]\n"
              "        pics = np.empty((len(files), self.side, self.side, 3), dtype=np.uint8)\n"
              "        out = np.zeros((len(files), " + width + "))\n"
              "        for n, (c, f) in enumerate(files):\n"
              "            pics[n] = imageio.imread(os.path.join(self.root, c, f))\n"
              "            code = np.zeros(" + width + ")\n"
              "            code[self.class_names.index(c)] = 1\n"
              "            out[n] = " + store + "\n"
              "        return pics, out\n\n\n"
              "pics, targets = FolderReader('data/raw', 64, {'n_classes': 10}).read()\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("side, bind, target, expected", [
    # a spectral-spatial network of 25 × 25 windows: the 3-D map folded into a 2-D one, 17 × 17 × 64 into 256
    (25, "s = K.int_shape(h)", "(s[1], s[2], s[3] * s[4])", []),
    (25, "s = h.shape", "(s[1], s[2], -1)", []),
    (25, "s = h.get_shape().as_list()", "(side - 6, side - 6, s[-2] * s[-1])", []),
    # whole 256 × 256 scenes: 249 × 249 × 64 features into 256 units, a billion weights
    (256, "s = K.int_shape(h)", "(s[1], s[2], s[3] * s[4])", [15]),
    # a target of sizes nobody shows: the head is claimed as the unpooled one it is
    (25, "s = K.int_shape(h)", "(rows, cols, -1)", [15]),
])
def test_flatten_dense_is_sized_through_a_reshape_of_the_map(side, bind, target, expected, tmp_path):
    source = ("from tensorflow import keras\nfrom tensorflow.keras import layers\n"
              "from tensorflow.keras import backend as K\n\n\n"
              "def spectral_spatial(side, bands, n_out, rows=None, cols=None):\n"
              "    inp = keras.Input((side, side, bands, 1))\n"
              "    h = layers.Conv3D(8, (3, 3, 7), activation='relu')(inp)\n"
              "    h = layers.Conv3D(16, (3, 3, 5), activation='relu')(h)\n"
              "    h = layers.Conv3D(32, (3, 3, 3), activation='relu')(h)\n"
              f"    {bind}\n"
              f"    h = layers.Reshape({target})(h)\n"
              "    h = layers.Conv2D(64, (3, 3), activation='relu')(h)\n"
              "    h = layers.Dropout(0.2)(h)\n"
              "    h = layers.Flatten()(h)\n"
              "    h = layers.Dense(256, activation='relu')(h)\n"
              "    return keras.Model(inp, layers.Dense(n_out, activation='softmax')(h))\n\n\n"
              f"net = spectral_spatial({side}, 30, 16)\nnet.compile('adam', 'categorical_crossentropy')\n")
    assert _rules(tmp_path, source, "flatten-dense") == expected


@pytest.mark.parametrize("choice, expected", [
    ("48 if scene == 'small' else 32", []),  # either way 46 × 46 × 32 values into 128 units: a small head
    ("64 if fast else 40", []),
    ("512 if scene == 'aerial' else 64", [12]),  # the aerial scenes: 510 × 510 × 32 into 128, a billion weights
    ("64 if fast else args.side", [12]),  # a side nobody shows: claimed as the unpooled head it is
])
def test_flatten_dense_is_sized_from_a_number_chosen_by_a_condition(choice, expected, tmp_path):
    source = ("import sys\n\nimport tensorflow as tf\n\n"
              "scene = sys.argv[1]\nfast = len(sys.argv) > 2\nargs = None\n"
              f"side = {choice}\n"
              "net = tf.keras.Sequential([\n"
              "    tf.keras.layers.Conv2D(32, 3, activation='relu', input_shape=(side, side, 4)),\n"
              "    tf.keras.layers.BatchNormalization(),\n"
              "    tf.keras.layers.Flatten(),\n"
              "    tf.keras.layers.Dense(128, activation='relu'),\n"
              "    tf.keras.layers.Dense(10, activation='softmax'),\n])\n"
              "net.compile('adam', 'sparse_categorical_crossentropy')\n")
    assert _rules(tmp_path, source, "flatten-dense") == expected


# core/loading.py's findings: every scan decoded and kept (11), stacked while the list holds them (12), made float64
_SCANS_READ = [("core/loading.py", 11), ("core/loading.py", 12), ("core/loading.py", 15)]


@pytest.mark.parametrize("imported, own, expected", [
    ("from core.loading import read_scans", False, _SCANS_READ),
    ("import core.loading as loading", False, _SCANS_READ),
    ("from core import loading", False, _SCANS_READ),
    # a core/ of the page's own folder is the one Python finds: the project's top one is not what runs
    ("from core.loading import read_scans", True, []),
])
def test_a_sibling_folder_a_page_imports_from_is_read(imported, own, expected, tmp_path):
    # an app's page (pages/fit_page.py, no package) imports core.loading, a folder beside pages/: the app runs from
    # the project's top, and importing the module runs its top-level code, which decodes every scan and scales it
    for folder in ("pages", "core"):
        (tmp_path / folder).mkdir()
    (tmp_path / "core" / "loading.py").write_text(
        "import os\n\nimport imageio\nimport numpy as np\n\n\ndef read_scans(folder):\n"
        "    scans = []\n    for name in sorted(os.listdir(folder)):\n"
        "        picture = imageio.imread(os.path.join(folder, name))\n        scans.append(picture)\n"
        "    return np.stack(scans)\n\n\ntrain_scans = read_scans('data/train') / 255\n")
    if own:
        (tmp_path / "pages" / "core").mkdir()
        (tmp_path / "pages" / "core" / "loading.py").write_text("def read_scans(folder):\n    return folder\n")
    script = tmp_path / "pages" / "fit_page.py"
    script.write_text(f"{imported}\n\n\nclass FitPage:\n    def on_fit(self):\n        print('fit')\n")
    found = [(Path(f.file).relative_to(tmp_path).as_posix(), f.line) for f in check_source(script)
             if f.kind == "memory"]
    assert found == expected
SCORED_AFTER = """import torch
import torch.nn as nn


class Scorer:
    def __init__(self, net, loader, y_holdout, holdout_masks):
        self.net, self.loader = net.cuda(), loader
        self.y_holdout, self.holdout_masks = y_holdout, holdout_masks
        self.loss_fn = nn.SmoothL1Loss()

    def run(self):
        self.net.eval()
        preds = []
        with torch.no_grad():
            for xb, _ in self.loader:
                preds.append(self.net(xb.cuda()))
{after}
"""


@pytest.mark.parametrize("after, expected", [
    # scored after the loop by a loss, or beside the split's labels: predictions as small as those targets
    ("        preds = torch.cat(preds)\n        return self.loss_fn(preds, self.loader.dataset.grid.cuda())", []),
    ("        return self.loss_fn(torch.stack(preds, 0), self.loader.dataset.grid.cuda())", []),
    ("        everything = torch.concat(preds, dim=0)\n"
     "        return accuracy_score(self.y_holdout, everything.argmax(1).cpu())", []),
    ("        return score(torch.cat(preds), self.y_holdout)", []),
    # kept to be saved, or scored beside masks (the outputs are masks too): still every step's tensor
    ("        torch.save(torch.cat(preds), 'holdout_preds.pt')", [16]),
    ("        return score(torch.cat(preds), self.holdout_masks)", [16]),
    ("        return self.loss_fn(torch.cat(preds), self.holdout_masks)", [16]),
])
def test_outputs_kept_without_graph_and_scored_after_the_loop(after, expected, tmp_path):
    assert _rules(tmp_path, SCORED_AFTER.format(after=after), "tensors-kept-across-steps") == expected


COUNTED_BUFFER = """import os
import numpy as np
from PIL import Image


def clips(folder, per_clip=3):
    names = sorted(os.listdir(folder))
    n_clips = len(names) // per_clip
    stacked = np.zeros((n_clips, per_clip, 120, 160, 3){dtype})
    at = -1
    for j, name in enumerate(names):
        frame = np.asarray(Image.open(os.path.join(folder, name)))
        if j % per_clip == 0:
            {advance}
        stacked[at, j % per_clip] = frame
    return stacked


train = clips('episodes/train')
"""


@pytest.mark.parametrize("advance, dtype, expected", [
    # a counter stepped on by an assignment, as k += 1 is: each pass writes the next clip
    ("at = at + 1", "", [9]),
    ("at = min(at + 1, n_clips - 1)", "", [9]),
    ("at = 1 + at", "", [9]),
    ("at += 1", "", [9]),
    ("at = min(at + 1, n_clips - 1)", ", dtype=np.uint8", []),  # the dtype chosen: the frames as they decode
    ("at = (j // per_clip) * 0", "", []),                          # no counter: the same slot each time
])
def test_a_float64_buffer_filled_at_a_counter_the_loop_steps_on(advance, dtype, expected, tmp_path):
    source = COUNTED_BUFFER.format(advance=advance, dtype=dtype)
    assert _rules(tmp_path, source, "dtype-blowup") == expected


SLICED_BY_BS = """import gzip
import pickle
import numpy as np
import torch


def train(net, epochs=5, {size}=64):
    with gzip.open('episodes.pkl.gz', 'rb') as fh:
        episodes = pickle.load(fh)
    obs = torch.from_numpy(np.asarray(episodes['obs'], dtype=np.float32))
    opt = torch.optim.Adam(net.parameters())
    for _ in range(epochs):
        for k in range(0, len(obs), {size}):
            loss = net(obs[k:k + {size}]).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
"""


@pytest.mark.parametrize("size, expected", [
    ("bs", [9]), ("batch_size", [9]), ("batchSize", [9]),  # cut into batches: the training set, read whole
    ("step", []),                                          # a stride that says nothing of batches
])
def test_a_pickle_trained_on_in_slices_of_a_batch_size_named_bs(size, expected, tmp_path):
    assert _rules(tmp_path, SLICED_BY_BS.format(size=size), "whole-dataset-load") == expected


DEMONSTRATIONS = """import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class Demonstrations(Dataset):
    def __init__(self, root):
        self.views = np.load(root + '/views.npy').astype(np.float32)
        self.{name} = np.load(root + '/{file}')

    def __len__(self):
        return len(self.views)

    def __getitem__(self, k):
        return self.views[k], self.{name}[k]


loader = DataLoader(Demonstrations('demos'), batch_size=32, shuffle=True)
"""


@pytest.mark.parametrize("name, file, expected", [
    # the actions an expert took: a few numbers a step, the targets behaviour cloning learns
    ("actions", "actions.npy", [8]), ("acts", "acts.npy", [8]), ("expert_action", "steer.npy", [8]),
    ("act_seq", "actions.npy", [8]),
    ("action_images", "action_images.npy", [8, 9]),  # pictures, whatever they show
    ("commands", "commands.npy", [8, 9]),            # nothing says what they are: the training set's second part
])
def test_a_behaviour_cloning_set_s_actions_are_its_labels(name, file, expected, tmp_path):
    assert _rules(tmp_path, DEMONSTRATIONS.format(name=name, file=file), "whole-dataset-load") == expected


GREYED = """import numpy as np


class Recordings:
    def __init__(self, path):
        self.frames = np.load(path).astype(np.float32)

    def grey(self):
        return {grey}


rec = Recordings('drives/frames.npy')
shots = rec.grey()
for k in range(0, len(shots), 32):
    print(shots[k:k + 32].mean())
"""


@pytest.mark.parametrize("grey, expected", [
    # weights written as Python floats: the grey copy of every frame is float64
    ("np.dot(self.frames[..., :3], [0.299, 0.587, 0.114])", [9]),
    ("np.dot(self.frames, (0.2125, 0.7154, 0.0721)).astype(np.float32)", [9]),
    ("np.matmul(self.frames[..., :3], [0.299, 0.587, 0.114])", [9]),
    # weights of its own dtype, or a mean: no float64 copy of the data set
    ("np.dot(self.frames[..., :3], np.array([0.299, 0.587, 0.114], dtype=np.float32))", []),
    ("self.frames[..., :3].mean(axis=-1)", []),
    ("np.dot(self.frames[..., :3], [1, 1, 1])", []),  # whole numbers: the array's own dtype
])
def test_a_grey_image_weighted_by_python_floats_is_float64(grey, expected, tmp_path):
    assert _rules(tmp_path, GREYED.format(grey=grey), "dtype-blowup") == expected
@pytest.mark.parametrize("cut, expected", [
    ("order.reshape(-1, batch_size)", []),
    ("torch.split(torch.from_numpy(order), batch_size)", []),
    ("torch.from_numpy(order).split(batch_size)", []),
    # the helper called once on every row: the whole store moved to the GPU
    (None, [10, 11]),
])
def test_a_loop_over_an_index_cut_into_batch_sized_rows_runs_once_per_batch(cut, expected, tmp_path):
    # a CTC-style trainer of its own: the shuffled row indexes cut into rows of batch_size, each pass hands one row
    # of indexes to a helper that gathers those rows (and their lengths) onto the GPU: one batch's worth per call
    loop = (f"    for rows in {cut}:\n        x, spans = make_batch(rows, store)\n        net(x).sum().backward()\n"
            if cut else "    x, spans = make_batch(order, store)\n    for epoch in range(10):\n"
                        "        net(x).sum().backward()\n")
    source = ("import pickle\n\nimport numpy as np\nimport torch\n\n\n"
              "def make_batch(rows, store):\n    frames, meta = store\n"
              "    spans = [meta[r][0] for r in rows]\n    x = frames[rows].cuda()\n"
              "    return x, torch.tensor(spans, device='cuda')\n\n\n"
              "def fit(store, batch_size, net):\n    order = np.random.permutation(len(store[0]))\n" + loop +
              "\n\nwith open('store.pkl', 'rb') as fh:\n    store = pickle.load(fh)\n"
              "fit(store, 32, torch.nn.Linear(8, 2).cuda())\n")
    assert _rules(tmp_path, source, "dataset-on-gpu") == expected


@pytest.mark.parametrize("picked, shown, expected", [
    ("self.clips[rows]", False, [7]),
    ("self.clips[rows, :, :]", False, [7]),
    ("self.clips[rows]", True, []),  # the script shows the count: 5,000 small images, the size decides
])
def test_rows_a_loop_of_its_own_picks_and_feeds_to_the_model_are_the_training_set(picked, shown, expected, tmp_path):
    # no DataLoader, no fit(): the script's own loop gathers each batch's rows of the loaded array by an index and
    # runs the network on them, so the array loaded whole is the training set itself
    source = ("import numpy as np\nimport torch\n\n\n"
              "class Fitter:\n    def __init__(self, path):\n        self.clips = np.load(path)\n" +
              ("        self.clips = self.clips.reshape((5000, 3, 32, 32))\n" if shown else "") +
              "        self.net = torch.nn.Conv2d(3, 8, 3)\n\n"
              "    def run(self, batch_size):\n        for start in range(0, len(self.clips), batch_size):\n"
              f"            rows = np.arange(start, start + batch_size)\n"
              f"            xb = torch.from_numpy({picked}).float()\n"
              "            self.net(xb).mean().backward()\n\n\n"
              "Fitter('clips.npy').run(16)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("load, use, expected", [
    # a saved tensor data set: its parts handed to a TensorDataset, or its rows fed to the network batch by batch
    ("bundle = torch.load(path)", "DataLoader(TensorDataset(bundle['spectra'], bundle['y']), batch_size=32)", [8]),
    ("bundle = torch.load(path, map_location='cpu')", "DataLoader(TensorDataset(bundle), batch_size=32)", [8]),
    ("bundle = torch.load(path)", "[net(bundle[r]) for r in order.reshape(-1, 32)]", [8]),
    # a checkpoint, or a pickled model: what it gives restores the training state, or runs as the model
    ("bundle = torch.load(path)", "net.load_state_dict(bundle['state_dict'])", []),
    ("bundle = torch.load(path)", "net.load_state_dict(bundle)", []),
    ("bundle = torch.load(path)['net']", "net.load_state_dict(bundle)", []),
    ("bundle = torch.load(path)", "bundle.eval()", []),
])
def test_a_tensor_data_set_torch_loaded_once_and_trained_on_is_a_whole_load(load, use, expected, tmp_path):
    source = ("import numpy as np\nimport torch\nfrom torch.utils.data import DataLoader, TensorDataset\n\n\n"
              "class Run:\n    def __init__(self, path, net):\n"
              f"        {load}\n        order = np.random.permutation(1000)\n        self.out = {use}\n\n\n"
              "Run('spectra.pt', torch.nn.Linear(80, 2))\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("stand_in, expected", [
    ("np.zeros((96, 96, 3), dtype=np.uint8)", [16]),
    ("np.full((96, 96, 3), 127, np.uint8)", [16]),
    ("np.ones((96, 96, 3), np.uint8) * 255", [16]),
    # a file decoded in both places: each keeps decoded files
    ("cv2.resize(cv2.imread(fallback), (96, 96))", [13, 16]),
])
def test_a_stand_in_for_an_unreadable_file_is_not_where_the_files_are_kept(stand_in, expected, tmp_path):
    # a loader that keeps a blank picture for each file it cannot read and the decoded picture of every other one, in
    # one list: one list of decoded files, said where the files are kept, not at the stand-in
    source = ("import cv2\nimport numpy as np\nimport torch\n\n\n"
              "class Shots:\n    def __init__(self, paths, fallback='blank.png'):\n        self.pictures = []\n"
              "        for p in paths:\n            picture = cv2.imread(p)\n            if picture is None:\n"
              "                print('unreadable', p)\n"
              f"                self.pictures.append({stand_in})\n"
              "                continue\n"
              "            picture = cv2.resize(picture, (96, 96))\n"
              "            self.pictures.append(picture)\n\n\n"
              "shots = Shots(sorted(__import__('glob').glob('shots/*.jpg')))\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("kept, expected", [
    ("part = np.load(os.path.join(root, name + '.npy'))\n        rows.extend(part)", [11]),
    ("rows.extend(np.load(os.path.join(root, name + '.npy')))", [10]),
    ("with open(os.path.join(root, name + '.pkl'), 'rb') as fh:\n            part = pickle.load(fh)\n"
     "        rows.extend(part)", [12]),
    # a few arrays of the pass's own making, not a file's rows: a few of them kept in all
    ("part = np.zeros((4, 16))\n        rows.extend(part)", []),
])
def test_rows_of_a_whole_file_kept_in_a_loop_over_a_few_parts_are_the_data_set(kept, expected, tmp_path):
    # cubes cut beforehand and saved one file per shard: a loop over the few shards the script names extends one
    # list with every row of each, so the list ends holding them all
    source = ("import os\nimport pickle\n\nimport numpy as np\n\n\n"
              "def gather(root):\n    rows = []\n    for name in ['s0', 's1', 's2', 's3']:\n"
              f"        {kept}\n    return rows\n\n\ncubes = gather('cubes')\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("width, expected", [
    ("len(self.tags)", []),
    ("len(Tagger.tags)", []),
    ("Settings.N_TAGS", []),
    ("self.n_tags", []),
    # a vocabulary of 20,000 words, one float64 each per row: 156 KiB a sample
    ("Settings.N_WORDS", [13]),
])
def test_a_constant_written_in_a_class_body_is_what_its_attribute_reads(width, expected, tmp_path):
    # the width of a one-hot buffer read from the class (or its base) where the body writes it out: four tags make
    # rows of 32 bytes, labels, not samples of a data set; the width nothing shows stays unknown, and is said
    source = ("import numpy as np\n\n\nclass Settings:\n    tags = ['rock', 'jazz', 'folk', 'blues']\n"
              "    N_TAGS = 4\n    N_WORDS = 20000\n    n_tags: int = 4\n\n\n"
              "class Tagger(Settings):\n    def encode(self, names):\n"
              f"        out = np.zeros((len(names), {width}))\n"
              "        for i, name in enumerate(names):\n            out[i, self.tags.index(name)] = 1\n"
              "        return out\n\n\ncodes = Tagger().encode(np.load('names.npy'))\n")
    assert _rules(tmp_path, source, "dtype-blowup") == expected


@pytest.mark.parametrize("kept, converted, expected", [
    ("", "spectra.astype(np.float32)", []),
    ("", "spectra[:, :64].astype(np.float32)", []),
    # another name of the very array copied stays: held twice
    ("    original = spectra\n", "spectra.astype(np.float32)", [11]),
])
def test_the_other_names_a_load_is_unpacked_into_hold_other_arrays(kept, converted, expected, tmp_path):
    # counts, names and spectra unpacked from one pickle: converting spectra in its own name lets the old array go;
    # counts and names are other arrays of that file, not names of the one converted
    source = ("import pickle\n\nimport numpy as np\nimport torch\n\n\n"
              "def prepare(path):\n    with open(path, 'rb') as fh:\n"
              "        counts, names, spectra = pickle.load(fh)\n" + kept +
              f"    spectra = {converted}\n"
              "    print(counts.shape, names[:3])\n    return torch.from_numpy(spectra)\n\n\n"
              "net = torch.nn.Linear(128, 10)\nfor row in prepare('spectra.pkl'):\n    net(row).sum().backward()\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("dropped, expected", [
    # the rows but a few broken ones, in the array's place: the data set still, trained on
    ("volumes = np.delete(volumes, BROKEN, axis=0)", [(10, "whole-dataset-load")]),
    ("volumes = np.delete(volumes, np.array(BROKEN), 0)", [(10, "whole-dataset-load")]),
    # under a new name while the loaded array stays: held twice
    ("self.kept = np.delete(volumes, BROKEN, axis=0)", [(10, "whole-dataset-load"), (11, "duplicate-copy")]),
])
def test_the_rows_np_delete_keeps_are_the_data_set(dropped, expected, tmp_path):
    source = ("import numpy as np\nimport torch\nfrom torch.utils.data import DataLoader, TensorDataset\n\n"
              "BROKEN = [17, 4012, 9131]\n\n\nclass Volumes:\n"
              "    def __init__(self, path):\n        volumes = np.load(path)\n"
              f"        {dropped}\n"
              "        self.loader = DataLoader(TensorDataset(torch.from_numpy(volumes)), batch_size=8)\n\n\n"
              "data = Volumes('volumes.npy')\n")
    found = [(f.line, f.rule) for f in check_source(_written(tmp_path, source))
             if f.rule in ("whole-dataset-load", "duplicate-copy")]
    assert found == expected


@pytest.mark.parametrize("walked, kept, expected", [
    ("map(load_scan, paths)", "scans.append(scan)", [14]),
    ("tqdm(map(load_scan, paths))", "scans.append(scan)", [14]),
    ("(load_scan(p) for p in paths)", "scans.append(scan)", [14]),
    ("(skimage.io.imread(p) for p in paths)", "scans.append(scan)", [14]),
    # each decoded as the loop asks and let go after its sum is taken
    ("map(load_scan, paths)", "totals.append(scan.sum())", []),
])
def test_files_a_map_decodes_as_the_loop_asks_and_the_loop_keeps_are_the_data_set(walked, kept, expected, tmp_path):
    # the generator holds one decoded file at a time, but the loop keeps each one it is given
    source = ("import glob\n\nimport skimage.io\nfrom tqdm import tqdm\n\n\n"
              "def load_scan(path):\n    return skimage.io.imread(path)\n\n\n"
              "def gather(paths):\n    scans, totals = [], []\n"
              f"    for scan in {walked}:\n        {kept}\n    return scans, totals\n\n\n"
              "scans, totals = gather(sorted(glob.glob('scans/*.tif')))\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("gathered, expected", [
    ("clips = list(pool.map(decode_clip, paths))", [17]),
    ("clips = []\n        for clip in pool.imap(decode_clip, paths, chunksize=64):\n            clips.append(clip)",
     [19]),
    ("clips = list(pool.imap_unordered(decode_clip, paths))", [17]),
    # each worker writes its clip to disk and gives back its length only
    ("clips = list(pool.map(clip_length, paths))", []),
])
def test_a_pool_map_of_a_decoding_function_is_the_map_it_is(gathered, expected, tmp_path):
    # multiprocessing's Pool.map / imap / imap_unordered run the function on every item, as map() does: what they
    # give back is every clip decoded, made in the workers and kept by the parent
    source = ("from multiprocessing import Pool\n\nimport librosa\n\n\n"
              "def decode_clip(path):\n    samples, rate = librosa.load(path, sr=16000)\n    return samples\n\n\n"
              "def clip_length(path):\n    return librosa.get_duration(path=path)\n\n\n"
              "def gather(paths):\n    with Pool(8) as pool:\n"
              f"        {gathered}\n    return clips\n\n\n"
              "clips = gather(open('clips.txt').read().split())\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("made, applied, expected", [
    ("self.spec = torchaudio.transforms.MelSpectrogram(16000, n_mels=64)", "self.spec(wave)", [13]),
    ("self.spec = T.MFCC(sample_rate=16000, n_mfcc=40)", "self.spec(wave)[0].T", [13]),
    # one transform per sampling rate, kept in a dict
    ("self.by_rate = {}\n        self.by_rate[16000] = T.MelSpectrogram(16000)", "self.by_rate[rate](wave)", [14]),
    # a number of each clip, not the clip
    ("self.spec = T.MelSpectrogram(16000)", "self.spec(wave).mean().item()", []),
])
def test_a_torchaudio_transform_of_a_decoded_clip_is_a_new_sample(made, applied, expected, tmp_path):
    # the features of every clip kept in a list: each a new tensor the transform makes of the decoded waveform
    source = ("import glob\n\nimport torchaudio\nimport torchaudio.transforms as T\n\n\n"
              "class Features:\n    def __init__(self, pattern):\n"
              f"        {made}\n        self.items = []\n"
              "        for path in sorted(glob.glob(pattern)):\n            wave, rate = torchaudio.load(path)\n"
              f"            self.items.append({applied})\n\n\n"
              "feats = Features('clips/*.flac')\n")
    assert _rules(tmp_path, source, "eager-loading") == expected


@pytest.mark.parametrize("padded, expected", [
    ("padded = pad_sequence(frames, batch_first=True)", [15]),
    ("padded = torch.nn.utils.rnn.pad_sequence(frames)", [15]),
    ("padded = rnn_utils.pad_sequence(frames, batch_first=True, padding_value=0.0)", [15]),
])
def test_padding_a_list_of_sequences_into_one_tensor_copies_the_list(padded, expected, tmp_path):
    # every utterance's frames kept in a list, then padded to the longest into one tensor while the list still holds
    # them: the data set twice, the padding on top
    source = ("import glob\n\nimport numpy as np\nimport torch\nimport torch.nn.utils.rnn as rnn_utils\n"
              "from torch.nn.utils.rnn import pad_sequence\n\n\n"
              "def load_all(pattern):\n    frames = []\n    for path in sorted(glob.glob(pattern)):\n"
              "        frames.append(torch.from_numpy(np.load(path)))\n    print(len(frames))\n"
              "    lengths = [len(f) for f in frames]\n"
              f"    {padded}\n    return padded, lengths\n\n\n"
              "def collate(batch):\n    return pad_sequence(batch, batch_first=True)\n\n\n"
              "X, lengths = load_all('feats/*.npy')\n")
    assert _rules(tmp_path, source, "duplicate-copy") == expected


@pytest.mark.parametrize("key, mapped, expected", [
    ("clips", "ds.map(read_wav)", []),  # a function of the script that decodes each element: they are paths
    ("clips", "ds.map(lambda p: tf.audio.decode_wav(tf.io.read_file(p))[0])", []),
    ("clips", "ds.map(lambda x: x * 2)", ["in-memory-array", "whole-dataset-load"]),  # the arrays themselves
    ("wav_path", "ds.map(lambda x: x * 2)", ["in-memory-array"]),  # every key read names paths: no data in it
])
def test_slices_a_map_reads_as_files_are_their_paths(key, mapped, expected, tmp_path):
    # the keyword-spotting trainer (check_heldout61): a pickled dict of wav paths and transcripts, sliced and
    # mapped with a reader of each file, is a few bytes an element, and the data set is read as it is served
    source = ("import pickle\n\nimport tensorflow as tf\n\n\ndef read_wav(path):\n"
              "    audio, _ = tf.audio.decode_wav(tf.io.read_file(path), 1)\n    return tf.squeeze(audio, -1)\n\n\n"
              "with open('speech_dict.pickle', 'rb') as fh:\n    table = pickle.load(fh)\n"
              f"ds = tf.data.Dataset.from_tensor_slices(table['{key}'])\n"
              f"ds = {mapped}\nmodel = tf.keras.Sequential([tf.keras.layers.Dense(4)])\n"
              "model.compile('adam', 'mse')\nmodel.fit(ds.batch(32), epochs=3)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert sorted({f.rule for f in check_source(script) if f.kind == "memory"}) == expected


@pytest.mark.parametrize("made, expected", [("A + sp.eye(A.shape[0])", [8]), ("A + sp.eye(5)", [])])
def test_a_matrix_given_self_loops_is_a_graphs_adjacency(made, expected, tmp_path):
    # DOMINANT's loader (check_heldout62): mat['Network'] names no graph, but A + I, GCN's self-loops, is only
    # ever done to a square matrix over a graph's nodes; dense, it is N x N float64
    source = ("import scipy.io as sio\nimport scipy.sparse as sp\n\n\ndef read(name):\n"
              "    A = sio.loadmat(name)['Network']\n    A = " + made + "\n    dense = A.toarray()\n"
              "    return dense\n\n\nadj = read('BlogCatalog.mat')\nprint(adj.shape)\n")
    assert _rules(tmp_path, source, "densified-sparse") == expected


@pytest.mark.parametrize("opened, expected", [("y.pickle", []), ("X.pickle", [6])])
def test_a_handle_opened_on_a_file_of_labels_reads_labels(opened, expected, tmp_path):
    # the cats-vs-dogs pickles (check_heldout63): fh = open('y.pickle', 'rb') a line before pickle.load(fh) names
    # what the load reads, as np.load('y.npy') would
    source = ("import pickle\n\nimport torch\n\nfh = open('" + opened + "', 'rb')\nkinds = pickle.load(fh)\n"
              "loader = torch.utils.data.DataLoader(kinds, batch_size=32)\n")
    assert _rules(tmp_path, source, "whole-dataset-load") == expected


@pytest.mark.parametrize("added, expected", [("l * x.size(0)", [19]), ("l.item() * x.size(0)", [])])
def test_a_loss_made_under_a_phase_switch_keeps_its_graph_in_the_training_phase(added, expected, tmp_path):
    # the BraTS trainer (check_heldout60): with torch.set_grad_enabled(phase == 'train') turns gradients on to
    # train, so a loss added up after the block keeps every training step's graph; the evaluation phase's passes
    # under the same switch keep none, and are no evaluation without no_grad
    source = ("import torch\nfrom torch import nn\n\nnet = nn.Linear(8, 2).cuda()\n"
              "opt = torch.optim.Adam(net.parameters())\ncrit = nn.CrossEntropyLoss()\n"
              "loaders = {'train': train_loader, 'val': val_loader}\nfor epoch in range(10):\n"
              "    for phase in ['train', 'val']:\n        net.train() if phase == 'train' else net.eval()\n"
              "        loss_sum = 0\n        for x, y in loaders[phase]:\n            x, y = x.cuda(), y.cuda()\n"
              "            with torch.set_grad_enabled(phase == 'train'):\n                l = crit(net(x), y)\n"
              "                if phase == 'train':\n                    opt.zero_grad()\n"
              f"                    l.backward()\n            loss_sum += {added}\n"
              "        print(phase, loss_sum)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    found = check_source(script)
    assert [f.line for f in found if f.rule == "loss-keeps-graph"] == expected
    assert not [f for f in found if f.rule == "eval-without-no-grad"]


_RUN_BLOCK = """import torch
from torch import nn

net = nn.Linear(8, 2).cuda()
opt = torch.optim.Adam(net.parameters())
crit = nn.CrossEntropyLoss()


def run_block(net, batch):
    x, y = batch
    return crit(net(x.cuda()), y.cuda())


for epoch in range(10):
    net.train()
    for batch in train_loader:
        loss = run_block(net, batch)
        opt.zero_grad()
        loss.backward()
        opt.step()
    net.eval()
{validation}"""


@pytest.mark.parametrize("validation, expected", [
    ("    for batch in val_loader:\n        loss = run_block(net, batch)\n        print(loss.item())\n", [23]),
    ("    with torch.no_grad():\n        for batch in val_loader:\n            loss = run_block(net, batch)\n"
     "            print(loss.item())\n", []),
])
def test_a_step_helper_called_after_eval_is_judged_at_that_call(validation, expected, tmp_path):
    # the DGL GAT trainer (check_heldout62): run_block(net, batch) runs the forward pass for the training loop and,
    # after net.eval(), for the validation loop; the helper mixes its callers, so the validation call is the pass
    # whose autograd keeps every activation for nothing
    script = tmp_path / "train.py"
    script.write_text(_RUN_BLOCK.format(validation=validation))
    assert [f.line for f in check_source(script) if f.rule == "eval-without-no-grad"] == expected


@pytest.mark.parametrize("read, expected", [("pd.read_csv(path)", [19]), ("pd.read_csv(path, dtype='float32')", [])])
def test_a_table_read_as_one_number_type_has_no_objects_for_workers_to_copy(read, expected, tmp_path):
    # the telemetry windows (check_heldout66): pd.read_csv(path, dtype='float32') makes every column float32, NumPy
    # blocks a DataLoader worker only reads; a table of unknown columns may hold Python objects, which it copies
    source = ("import pandas as pd\nimport torch\n\n\nclass Telemetry(torch.utils.data.Dataset):\n"
              "    def __init__(self, path, history=10):\n        self.history = history\n"
              f"        self.table = {read}\n\n    def __len__(self):\n        return len(self.table) - self.history\n\n"
              "    def __getitem__(self, i):\n        win = self.table.iloc[i:i + self.history].values\n"
              "        return torch.tensor(win[:, :-5]), torch.tensor(win[0, -5:])\n\n\n"
              "data = Telemetry('telemetry.csv')\n"
              "loader = torch.utils.data.DataLoader(data, batch_size=64, shuffle=True, num_workers=8)\n")
    assert _rules(tmp_path, source, "workers-copy-dataset") == expected


@pytest.mark.parametrize("classes, expected", [("n_words", [(14, "dtype-blowup"), (18, "in-memory-array")]),
                                               ("2", [])])
def test_every_targets_one_hot_over_the_vocabulary_at_once(classes, expected, tmp_path):
    # the AOL next-word model (check_heldout64): to_categorical(target, num_classes=len(word_index) + 1) of every
    # query at once is a float32 row as long as the vocabulary per sample, and fit() copies it as its y
    source = ("import numpy as np\nfrom keras.layers import LSTM, Dense, Embedding\nfrom keras.models import "
              "Sequential\nfrom keras.preprocessing.text import Tokenizer\nfrom keras.utils import to_categorical\n\n"
              "queries = open('queries.txt').read().split('\\n')\nvocab = Tokenizer()\nvocab.fit_on_texts(queries)\n"
              "n_words = len(vocab.word_index) + 1\nrows = np.array(vocab.texts_to_sequences(queries))\n"
              f"inputs, target = rows[:, :-1], rows[:, -1]\n\ntarget = to_categorical(target, num_classes={classes})\n"
              "net = Sequential([Embedding(n_words, 32), LSTM(100), Dense(n_words, activation='softmax')])\n"
              "net.compile(loss='categorical_crossentropy', optimizer='adam')\n\n"
              "net.fit(inputs, target, batch_size=128, epochs=20)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert [(f.line, f.rule) for f in check_source(script) if f.kind == "memory"] == expected


@pytest.mark.parametrize("kept, expected", [("    drawn = gen(fixed_z)\n    save(drawn)\n", []),
                                            ("    return gen(fixed_z)\n", [11])])
def test_a_preview_of_one_batch_per_call_keeps_its_graph_only_for_the_call(kept, expected, tmp_path):
    # the Quick, Draw! GAN (check_heldout67): gen.eval(), then one pass on a fixed batch of 100 noise vectors each
    # epoch for a grid of pictures; its graph goes as the function returns, no larger than a training step's.
    # Returned, the output (and its graph) leaves with the caller
    source = ("import torch\nfrom torch import nn\n\ngen = nn.Linear(100, 784).cuda()\n"
              "opt = torch.optim.Adam(gen.parameters())\nfixed_z = torch.randn(100, 100).cuda()\n\n\n"
              "def grid(epoch):\n    gen.eval()\n" + kept +
              "\n\nfor epoch in range(20):\n    gen.train()\n    for z in loader:\n"
              "        loss = gen(z.cuda()).mean()\n        opt.zero_grad()\n        loss.backward()\n"
              "        opt.step()\n    grid(epoch)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert [f.line for f in check_source(script) if f.rule == "eval-without-no-grad"] == expected


@pytest.mark.parametrize("replaced, expected", [("faces = faces.astype(float)\nfaces = faces / 255.0", []),
                                                ("wide = faces.astype(float)\nwide = wide / 255.0", [5])])
def test_a_load_replaced_by_its_float64_astype_is_said_at_the_astype(replaced, expected, tmp_path):
    # the CelebA VAE's reader (check_heldout67): faces = faces.astype(float) drops what np.load read for a float64
    # copy eight times a byte a pixel; dtype-blowup says the copy, and the load is no finding of its own. Kept
    # beside its copy, the load is one
    source = ("import numpy as np\nimport torch\n\n\nfaces = np.load('celeba_64.npy')\n" + replaced + "\n"
              "loader = torch.utils.data.DataLoader(torch.from_numpy(faces), batch_size=64, shuffle=True)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    found = check_source(script)
    assert [f.line for f in found if f.rule == "whole-dataset-load"] == expected


@pytest.mark.parametrize("trained, expected", [("", [10]), ("opt = torch.optim.Adam(encoder.parameters())\n", [])])
def test_a_pretrained_model_nothing_trains_run_over_the_data_is_evaluation(trained, expected, tmp_path):
    # the Google QUEST features (check_heldout69): DistilBERT from_pretrained run over every text for its features,
    # outside no_grad: the script never trains it, so each pass saves activations for a backward never run. A model
    # whose parameters an optimizer is given is being fine-tuned
    source = ("import numpy as np\nimport torch\nfrom transformers import DistilBertModel\n\n"
              "encoder = DistilBertModel.from_pretrained('distilbert-base-uncased').cuda()\n" + trained +
              "features = []\nfor seq in token_rows:\n"
              "    ids = torch.tensor(seq).unsqueeze(0)\n    # one text at a time\n"
              "    out = encoder(ids.cuda())\n"
              "    features.append(out[0].detach().cpu().numpy().max(axis=1))\n")
    script = tmp_path / "features.py"
    script.write_text(source)
    # (the fine-tuned one's pass sits a line lower, below its optimizer)
    assert [f.line for f in check_source(script) if f.rule == "eval-without-no-grad"] == expected


@pytest.mark.parametrize("rebound, expected", [("", [11]), ("    hist = []\n", [])])
def test_a_module_list_a_step_function_appends_to_grows_every_call(rebound, expected, tmp_path):
    # the apparel notebook (check_heldout68): def step(ep) appends the hold-out loss tensor to hist, a module-level
    # list it never rebinds (no `global` needed to append), and step() is called once an epoch: every epoch's graph
    # stays in it. A list the function makes anew holds one call's
    source = ("import torch\nfrom torch import nn\n\nnet = nn.Linear(8, 2).cuda()\nce = nn.CrossEntropyLoss()\n"
              "opt = torch.optim.Adam(net.parameters())\n\n\ndef step(ep):\n" + rebound +
              "    l_v = ce(net(xv), yv)\n    hist.append(l_v)\n    l_t = ce(net(xt), yt)\n    opt.zero_grad()\n"
              "    l_t.backward()\n    opt.step()\n\n\nhist = []\nfor ep in range(25):\n    step(ep)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert [f.line for f in check_source(script) if f.rule == "loss-keeps-graph"] == expected


@pytest.mark.parametrize("rows, expected", [(100, []), (60_000, ["whole-dataset-load"])])
def test_an_npy_file_beside_the_script_is_sized_by_its_header(rows, expected, tmp_path):
    # check run where the data lies: np.load('x.npy') of a file that is there is as large as its header says
    # (the array is never read; a sparse file stands for 11 GiB here), not "proportional to the number of samples"
    import numpy as np

    array = np.lib.format.open_memmap(tmp_path / "x.npy", mode="w+", dtype=np.float32, shape=(rows, 128, 128, 3))
    del array
    source = ("import numpy as np\nimport torch\n\nx = np.load('x.npy')\n"
              "loader = torch.utils.data.DataLoader(torch.from_numpy(x), batch_size=32, shuffle=True)\n"
              "for batch in loader:\n    pass\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    before = (tmp_path / "x.npy").stat().st_mtime_ns
    found = [f for f in check_source(script) if f.kind == "memory"]
    assert [f.rule for f in found] == expected
    assert all("11.0 GiB (60,000 × 128 × 128 × 3, float32)" in f.message for f in found)
    assert (tmp_path / "x.npy").stat().st_mtime_ns == before  # read, never written


def _folder_of_files(root, classes: int, per_class: int, suffix: str = ".jpg"):
    # empty files stand for pictures: only their names are counted, none is opened
    for c in range(classes):
        folder = root / "data" / "train" / f"class{c}"
        folder.mkdir(parents=True)
        for k in range(per_class):
            (folder / f"{k}{suffix}").touch()
        (folder / "notes.txt").touch()  # not a data file: not counted


@pytest.mark.parametrize("per_class, expected", [
    (10, []),  # 20 pictures of 224 × 224 × 3: 2.9 MiB, and 23 MiB as float64: nothing to say
    (1_500, ["eager-loading", "dtype-blowup"]),  # 3,000: 431 MiB kept, 3.4 GiB as the float64 copy
])
def test_a_folder_the_script_lists_is_counted_where_it_lies(per_class, expected, tmp_path):
    # check run where the data lies: the loop over os.listdir('data/train')'s class folders keeps every picture below
    # it, so the list holds as many as the folder has (at the size the script resizes them to), not "proportional to
    # the number of files"
    _folder_of_files(tmp_path, 2, per_class)
    source = ("import os\nimport cv2\nimport numpy as np\n\nroot = 'data/train'\npictures = []\n"
              "for klass in os.listdir(root):\n"
              "    for name in os.listdir(os.path.join(root, klass)):\n"
              "        picture = cv2.resize(cv2.imread(os.path.join(root, klass, name)), (224, 224))\n"
              "        pictures.append(picture)\n"
              "x = np.array(pictures) / 255.0\nnp.save('x.npy', x)\n")
    script = tmp_path / "prepare.py"
    script.write_text(source)
    found = [f for f in check_source(script) if f.kind == "memory"]
    assert [f.rule for f in found] == expected
    count = 2 * per_class
    assert all(f"{count:,} × 224 × 224 × 3" in f.message and f"for the {count:,} data files" in f.message
               for f in found)


def test_a_glob_pattern_counts_what_it_matches_and_a_missing_folder_nothing(tmp_path):
    # glob('data/train/*/*.png') in a Dataset's __init__ keeps what the pattern matches (the .jpg files beside them
    # are not); the same script where the folder is not there says the size per file, as before
    _folder_of_files(tmp_path, 2, 1_000, ".png")
    (tmp_path / "data" / "train" / "class0" / "extra.jpg").touch()
    source = ("import glob\nimport numpy as np\nimport torch\nfrom PIL import Image\n\n\n"
              "class Pictures(torch.utils.data.Dataset):\n"
              "    def __init__(self):\n"
              "        self.items = [np.asarray(Image.open(p).convert('RGB').resize((256, 256)), dtype=np.float32)\n"
              "                      for p in glob.glob('data/train/*/*.png')]\n\n"
              "    def __len__(self):\n        return len(self.items)\n\n"
              "    def __getitem__(self, i):\n        return self.items[i]\n\n\n"
              "loader = torch.utils.data.DataLoader(Pictures(), batch_size=16)\n"
              "for batch in loader:\n    pass\n")
    for where, said in ((tmp_path, "about 1.5 GiB (2,000 × 256 × 256 × 3, float32), for the 2,000 data files"),
                        (tmp_path / "elsewhere", "times the number of files")):
        where.mkdir(exist_ok=True)
        script = where / "train.py"
        script.write_text(source)
        found = [f for f in check_source(script) if f.rule == "eager-loading"]
        assert len(found) == 1 and said in found[0].message


def test_a_folder_that_holds_the_script_is_not_counted(tmp_path):
    # os.listdir('.') lists a project, not a data set: nothing there is counted as its samples
    _folder_of_files(tmp_path, 1, 10)
    source = ("import os\nimport cv2\n\npictures = []\nfor name in os.listdir('.'):\n"
              "    pictures.append(cv2.resize(cv2.imread(name), (64, 64)))\n")
    script = tmp_path / "data" / "train" / "class0" / "scan.py"
    script.write_text(source)
    found = [f for f in check_source(script) if f.rule == "eager-loading"]
    assert len(found) == 1 and "times the number of files" in found[0].message


def test_joblib_parallel_decoding_every_file_keeps_them_all(tmp_path):
    # Parallel(n_jobs=-1)(delayed(load)(p) for p in paths) returns one list of every decoded file, as
    # [load(p) for p in paths] does; an array made of it while the list is held holds them twice
    source = ("import glob\nimport cv2\nimport numpy as np\nfrom joblib import Parallel, delayed\n\n\n"
              "def load(path, side):\n    return cv2.resize(cv2.imread(path), (side, side))\n\n\n"
              "paths = glob.glob('/data/train/*.jpg')\n"
              "decoded = Parallel(n_jobs=8)(delayed(load)(p, 160) for p in paths)\n"
              "x = np.array(decoded)\n")
    script = tmp_path / "prep.py"
    script.write_text(source)
    found = [(f.rule, f.line) for f in check_source(script) if f.kind == "memory"]
    assert ("eager-loading", 12) in found and ("duplicate-copy", 13) in found


def test_rows_picked_by_a_run_of_a_shuffled_index_are_one_batch(tmp_path):
    # x[order[k:k + bs]] in a batch function: the rows of one batch, so scaling them makes a batch's float64 copy,
    # not the data set's; x[order] (every row, reordered) stays the data set
    source = ("import numpy as np\n\nimages = np.load('train_images.npy')\norder = np.random.permutation(len(images))\n"
              "\n\ndef batch(k, bs=64):\n    return images[order[k:k + bs]] / 255.0\n\n\n"
              "def everything():\n    return images[order] / 255.0\n")
    script = tmp_path / "feed.py"
    script.write_text(source)
    assert [f.line for f in check_source(script) if f.rule == "dtype-blowup"] == [12]


@pytest.mark.parametrize("hidden, expected", [("", [("memory", "data.py", 5)]),
                                              ("tf.config.set_visible_devices([], 'GPU')\n", [])])
def test_a_tensorflow_pipeline_beside_jax_takes_the_gpu_jax_needs(hidden, expected, tmp_path):
    # a JAX program whose local module builds its input with tf.data: TensorFlow's first op reserves the GPU JAX
    # preallocates on (google/flax#445); hiding the GPU from TensorFlow, anywhere in the program, is the fix
    (tmp_path / "data.py").write_text(
        "import tensorflow as tf\n\n\ndef batches(x, y, bs):\n"
        "    pipe = tf.data.Dataset.from_tensor_slices((x, y))\n"
        "    return pipe.shuffle(1024).batch(bs).as_numpy_iterator()\n")
    script = tmp_path / "train.py"
    script.write_text("import jax\nimport jax.numpy as jnp\nimport numpy as np\nimport tensorflow as tf\n"
                      "from data import batches\n\n" + hidden + "params = jnp.zeros((784, 10))\n"
                      "for xb, yb in batches(np.zeros((600, 784)), np.zeros(600), 128):\n"
                      "    params = params - 0.01 * jax.grad(lambda p: jnp.sum((xb @ p) ** 2))(params)\n")
    found = [(f.kind, Path(f.file).name, f.line) for f in check_source(script) if f.rule == "no-memory-growth"]
    assert found == expected


@pytest.mark.parametrize("read, expected", [
    ("nib.load(p).get_fdata()", [14]),  # 80 CT volumes: a training split, hundreds of MB
    ("cv2.imread(p)", []),  # 80 photographs: a sample
])
def test_a_slice_of_a_few_volumes_is_a_split_not_a_sample(read, expected, tmp_path):
    # vols[:80] of scans a medical reader decodes is tens of megabytes a row: a few hundred rows already hold a data
    # set, where 80 pictures are a look at it
    source = ("import glob\nimport cv2\nimport nibabel as nib\nimport numpy as np\nimport tensorflow as tf\n\n"
              "paths = glob.glob('/scans/*.nii.gz')\n"
              f"vols = np.array([{read} for p in paths])\n"
              "labels = np.zeros(len(vols))\n\n"
              "fit_x, fit_y = vols[:80], labels[:80]\n"
              "model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(2)])\n"
              "model.compile('adam', 'sparse_categorical_crossentropy')\n"
              "pipe = tf.data.Dataset.from_tensor_slices((fit_x, fit_y)).batch(2)\n"
              "model.fit(pipe, epochs=5)\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert [f.line for f in check_source(script) if f.rule == "in-memory-array"] == expected


@pytest.mark.parametrize("megabytes, expected", [
    (2, []),  # 2 MB of CSV: a small table, whatever its rows
    (700, ["whole-dataset-load"]),  # 700 MB of pickle: a large load, said with its size
])
def test_a_file_the_script_loads_whole_is_sized_by_its_bytes_on_disk(megabytes, expected, tmp_path):
    # check run where the data lies: pickle.load(open('features.pkl', 'rb')) of a file that is there reads about
    # its size (a sparse file stands for it here, never read: only its size is asked); the training set it is
    # handed to a model as is said large only when the file is
    (tmp_path / "features.pkl").touch()
    os.truncate(tmp_path / "features.pkl", megabytes * 1024 * 1024)
    source = ("import pickle\nimport numpy as np\nimport torch\n\n"
              "features = pickle.load(open('features.pkl', 'rb'))\n"
              "x = torch.tensor(np.asarray(features['x']), dtype=torch.float32)\n"
              "loader = torch.utils.data.DataLoader(x, batch_size=64, shuffle=True)\n"
              "for batch in loader:\n    pass\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    found = [f for f in check_source(script) if f.kind == "memory" and f.line == 5]
    assert [f.rule for f in found] == expected
    assert all(f"the file it reads is {megabytes} MiB on disk" in f.message for f in found)


def test_an_hdf5_data_set_read_whole_is_sized_by_its_header(tmp_path):
    # check run where the data lies: f['train']['images'][:] of a file that is there is as large as the data set's
    # header says (h5py opens the file read-only and reads no array; the data set is never written, so its 2.3 GiB
    # take no disk), and its float64 scaling is said with that size
    h5py = pytest.importorskip("h5py")
    with h5py.File(tmp_path / "faces.h5", "w") as h5:
        h5.create_dataset("train/images", shape=(50_000, 128, 128, 3), dtype="uint8")
        h5.create_dataset("small", shape=(100, 32, 32, 3), dtype="float32")
    before = (tmp_path / "faces.h5").stat().st_mtime_ns
    source = ("import h5py\nimport numpy as np\n\nh5 = h5py.File('faces.h5', 'r')\n"
              "faces = h5['train']['images'][:]\nfew = np.array(h5.get('small'))\nfaces = faces / 255.0\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    found = [(f.rule, f.line) for f in check_source(script) if f.kind == "memory"]
    assert found == [("dtype-blowup", 7)]
    message = next(f.message for f in check_source(script) if f.rule == "dtype-blowup")
    assert "18.3 GiB (50,000 × 128 × 128 × 3, float64)" in message
    assert (tmp_path / "faces.h5").stat().st_mtime_ns == before  # read, never written


@pytest.mark.parametrize("source, line", [
    # Embedding(5000, 64, input_length=1000), Flatten, Dense(512): 64,000 features, a 32.8 M kernel
    ("from tensorflow import keras\nmodel = keras.Sequential([keras.layers.Embedding(5000, 64, input_length=1000),\n"
     "    keras.layers.Dropout(0.2),\n    keras.layers.Flatten(),\n    keras.layers.Dense(512, activation='relu'),\n"
     "    keras.layers.Dense(1)])\nmodel.compile('adam', 'mse')\n", 4),
    # a Rescaling first layer carries the input shape: 224 x 224 x 3, one 2 x 2 pooling, 112 x 112 x 64 into 256 units
    ("from tensorflow.keras import layers, models\nnet = models.Sequential()\n"
     "net.add(layers.Rescaling(1. / 255, input_shape=(224, 224, 3)))\n"
     "net.add(layers.Conv2D(64, 3, padding='same', activation='relu'))\nnet.add(layers.MaxPooling2D(2))\n"
     "net.add(layers.Flatten())\nnet.add(layers.Dense(256, activation='relu'))\n", 6),
    # PyTorch: convolutions a helper makes from its arguments, and a head written as channels times positions
    ("import torch.nn as nn\n\n\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
     "        self.a = self.block(3, 16)\n        self.fc = nn.Linear(16 * 110 * 110, 512)\n\n"
     "    def block(self, cin, cout):\n        return nn.Sequential(nn.Conv2d(cin, cout, 3), nn.ReLU(), nn.MaxPool2d(2))\n\n"
     "    def forward(self, x):\n        return self.fc(self.a(x).flatten(1))\n", 8),
])
def test_huge_heads_the_script_writes_the_sizes_of(source, line, tmp_path):
    script = tmp_path / "model.py"
    script.write_text(source)
    assert [f.line for f in check_source(script) if f.rule == "flatten-dense"] == [line]


@pytest.mark.parametrize("window, expected", [("WINDOW = 90\n", [13]), ("WINDOW = 4\n", [])])
def test_a_bounded_deque_copied_at_every_row_keeps_overlapping_windows(window, expected, tmp_path):
    # the last WINDOW rows kept in a deque and copied into the list at every row: each row is stored WINDOW times;
    # a stack of four frames is not a window of a series
    source = ("from collections import deque\nimport numpy as np\nimport pandas as pd\n" + window +
              "\n\ndef windows(table):\n    last = deque(maxlen=WINDOW)\n    out = []\n    for row in table.values:\n"
              "        last.append(row[:-1])\n        if len(last) == WINDOW:\n            out.append((np.array(last), row[-1]))\n"
              "    return out\n\n\nsamples = windows(pd.read_csv('prices.csv'))\n")
    script = tmp_path / "prep.py"
    script.write_text(source)
    assert [f.line for f in check_source(script) if f.rule == "duplicate-copy"] == expected


@pytest.mark.parametrize("rows, expected", [(20_000, [9]), (None, [])])
def test_predict_given_a_whole_array_shown_large_copies_it_as_fit_does(rows, expected, tmp_path):
    # Keras's predict() (and evaluate()) convert the whole array as fit() does (bench/fit_array_copy.py --method
    # predict: 2.0x at the peak on TensorFlow); said where the array's size is shown: a test split predicted whole
    # is what scripts do, and its size decides
    shape = f"({rows}, 224, 224, 3)" if rows else "(-1, 224, 224, 3)"
    source = ("import numpy as np\nfrom tensorflow import keras\n\n"
              f"x = np.load('features.npy').reshape({shape})\n"
              "base = keras.applications.VGG16(include_top=False, input_shape=(224, 224, 3))\n"
              "head = keras.Sequential([keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(2)])\n"
              "head.compile('adam', 'sparse_categorical_crossentropy')\nmodel = keras.Sequential([base, head])\n"
              "codes = model.predict(x, batch_size=64)\n")
    script = tmp_path / "features.py"
    script.write_text(source)
    assert [f.line for f in check_source(script) if f.rule == "in-memory-array"] == expected


@pytest.mark.parametrize("source, expected", [
    # an MLP over every pixel: Flatten(input_shape=(160, 160, 3)) into Dense(2048), 157 M weights
    ("from tensorflow import keras\nnet = keras.Sequential([keras.layers.Flatten(input_shape=(160, 160, 3)),\n"
     "    keras.layers.Dense(2048, activation='relu'), keras.layers.Dense(10)])\n", [2]),
    # the functional API: a flattened 600 x 800 picture given to Dense(256) (the decoder's Dense(480000) after it
    # takes 256 values: its size is another layer's, not said here)
    ("from keras.layers import Dense, Input\nfrom keras.models import Model\n\n"
     "inp = Input(shape=(480000,))\ncode = Dense(256, activation='relu')(inp)\nout = Dense(480000)(code)\n"
     "auto = Model(inp, out)\n", [5]),
    # input_shape on a later layer is ignored by Keras: the second Dense takes the first one's 64 units
    ("from tensorflow.keras import layers, models\nnet = models.Sequential()\n"
     "net.add(layers.Dense(64, input_shape=(2000,)))\nnet.add(layers.Dense(4096, input_shape=(224 * 224 * 3,)))\n",
     []),
    # a backbone added by name before the Flatten: the Flatten does not flatten the input
    ("from tensorflow import keras\nbase = keras.applications.MobileNetV2(include_top=False)\n"
     "net = keras.Sequential()\nnet.add(keras.layers.Rescaling(1 / 255., input_shape=(224, 224, 3)))\n"
     "net.add(base)\nnet.add(keras.layers.Flatten())\nnet.add(keras.layers.Dense(256))\n", []),
])
def test_a_dense_layer_over_every_input_value(source, expected, tmp_path):
    script = tmp_path / "model.py"
    script.write_text(source)
    assert [f.line for f in check_source(script) if f.rule == "flatten-dense"] == expected


@pytest.mark.parametrize("backward", [
    "scaler.scale(loss).backward()",  # AMP's GradScaler
    "accelerator.backward(loss)",  # Hugging Face Accelerate
    "(loss / 4).backward()",  # gradient accumulation
])
def test_a_loss_backpropagated_through_a_scaler_or_runner_is_the_loss(backward, tmp_path):
    # epoch_loss += loss after scaler.scale(loss).backward(), the loss a library's criterion computed (the flow knows
    # nothing of it but what is done with it): the loss that was backpropagated, with its graph
    source = ("import torch\nfrom monai.losses import DiceCELoss\n\ncrit = DiceCELoss()\n"
              "opt = torch.optim.Adam(net.parameters())\nscaler = torch.cuda.amp.GradScaler()\n"
              "epoch_loss = 0\nfor x, y in loader:\n    opt.zero_grad()\n    with torch.autocast('cuda'):\n"
              "        loss = crit(net(x.cuda()), y.cuda())\n"
              f"    {backward}\n    opt.step()\n    epoch_loss += loss\n")
    script = tmp_path / "train.py"
    script.write_text(source)
    assert [f.line for f in check_source(script) if f.rule == "loss-keeps-graph"] == [14]
