"""`oomdoctor check`: an ``if`` on the script's own settings (module-level names bound once to a constant, here or in
a local module) runs one branch only; what the other branch would load is code this configuration never runs."""
import pytest

from oomdoctor.check import check_source

READER = """import glob
import cv2
import numpy as np
{imports}

{settings}

class Frames:
    def __init__(self, folder):
        if {test}:
            self.images = np.stack([cv2.imread(p) for p in glob.glob(folder + "/*.png")])
        else:
            self.paths = sorted(glob.glob(folder + "/*.png"))

frames = Frames("recordings")
"""


def rules(tmp_path, settings, test, imports="", options=""):
    (tmp_path / "options.py").write_text(options)
    script = tmp_path / "drive.py"
    source = READER.format(imports=imports, settings=settings, test=test)
    script.write_text(source)
    stacked = source[:source.index("np.stack")].count("\n") + 1  # the line that decodes every file
    return [(f.line - stacked, f.rule) for f in check_source(script) if f.kind == "memory"]


@pytest.mark.parametrize("settings, test, imports, options", [
    ("IN_RAM = False", "IN_RAM", "", ""),
    ("STREAM = True", "not STREAM", "", ""),
    ("CACHE_LEVEL = 0", "CACHE_LEVEL > 0", "", ""),
    ('STORAGE = "Disk"', 'STORAGE.lower() in ("ram", "memory")', "", ""),
    ('STORAGE = "disk"', 'STORAGE == "ram" or STORAGE == "memory"', "", ""),
    ("", "options.PRELOAD", "import options", "PRELOAD = False\n"),
    ("PRELOAD = options.PRELOAD\nWORKERS = 4", "PRELOAD and WORKERS > 1", "import options", "PRELOAD = None\n"),
])
def test_a_branch_the_settings_turn_off_is_not_run(tmp_path, settings, test, imports, options):
    assert rules(tmp_path, settings, test, imports, options) == []


@pytest.mark.parametrize("settings, test, imports, options", [
    ("IN_RAM = True", "IN_RAM", "", ""),                                # the setting turns it on
    ("STREAM = False", "not STREAM", "", ""),
    ('STORAGE = "RAM"', 'STORAGE.lower() in ("ram", "memory")', "", ""),
    ("", "options.PRELOAD", "import options", "PRELOAD = True\n"),
    # bound twice (a default, then the command line), or from what the script reads: not known
    ("import sys\nIN_RAM = False\nIN_RAM = len(sys.argv) > 1", "IN_RAM", "", ""),
    ("import os\nIN_RAM = os.environ.get('IN_RAM')", "IN_RAM", "", ""),
    ("", "options.PRELOAD", "import options", "import sys\nPRELOAD = sys.argv[-1] == 'ram'\n"),
])
def test_a_branch_the_settings_turn_on_or_leave_open_is_run(tmp_path, settings, test, imports, options):
    assert rules(tmp_path, settings, test, imports, options) == [(0, "eager-loading")]


def test_a_parameter_of_the_same_name_hides_the_setting(tmp_path):
    script = tmp_path / "drive.py"
    script.write_text("import glob\nimport cv2\nimport numpy as np\nIN_RAM = False\n\n"
                      "def frames(folder, IN_RAM=True):\n"
                      "    if IN_RAM:\n"
                      "        return np.stack([cv2.imread(p) for p in glob.glob(folder + '/*.png')])\n"
                      "    return sorted(glob.glob(folder + '/*.png'))\n\n"
                      "x = frames('recordings')\n")
    assert [(f.line, f.rule) for f in check_source(script) if f.kind == "memory"] == [(8, "eager-loading")]


READERS = """import glob
import cv2
import numpy as np


class Reader:
    def __init__(self, folder):
        self.folder = folder

    def colour(self):
        return [cv2.imread(p) for p in glob.glob(self.folder + '/*.jpg')]

    def grey(self):
        return [cv2.imread(p, 0) for p in glob.glob(self.folder + '/*.jpg')]
"""


@pytest.mark.parametrize("main, expected", [
    # the settings pick one reader: the other is code only the branch they turn off calls
    ("import readers\nCOLOUR = 'rgb'\nr = readers.Reader('shots')\n"
     "if COLOUR == 'rgb':\n    x = r.colour()\nelse:\n    x = r.grey()\n", [11]),
    ("from readers import Reader\nGREY = False\n\n\ndef load():\n    r = Reader('shots')\n"
     "    if not GREY:\n        images = r.colour()\n    else:\n        images = r.grey()\n    return images\n\n\nx = load()\n",
     [11]),
    ("import readers\nCOLOUR = 'grey'\nr = readers.Reader('shots')\n"
     "if COLOUR == 'rgb':\n    x = r.colour()\nelse:\n    x = r.grey()\n", [14]),
    # a reader also called where the settings do not reach, or settings not known: both may run
    ("import readers\nCOLOUR = 'grey'\nr = readers.Reader('shots')\n"
     "if COLOUR == 'rgb':\n    x = r.colour()\nelse:\n    x = r.grey()\npreview = r.colour()[:4]\n", [11, 14]),
    ("import sys\nimport readers\nr = readers.Reader('shots')\n"
     "if sys.argv[1] == 'rgb':\n    x = r.colour()\nelse:\n    x = r.grey()\n", [11, 14]),
])
def test_a_function_only_the_branch_turned_off_calls_is_not_run(main, expected, tmp_path):
    (tmp_path / "readers.py").write_text(READERS)
    (tmp_path / "train.py").write_text(main)
    assert [f.line for f in check_source(tmp_path / "train.py") if f.rule == "eager-loading"] == expected
