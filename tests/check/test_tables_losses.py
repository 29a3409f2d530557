"""`oomdoctor check` on tabular loads (datatable, split tables read with a row cap) and on losses the flow only
knows by their names: small scripts written here, with the fine writing beside each."""
import pytest

from oomdoctor.check import check_source


def _rules(tmp_path, source: str, rule: str) -> list[int]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == rule]


FREAD = ("import datatable as dt\nfrom datatable import fread\n\n"
         "kinds = {{'uid': 'int32', 'item': 'int16', 'ok': 'int8'}}\n\n"
         "def load(path):\n    frame = {read}(path, columns={columns}).to_pandas()\n"
         "    return frame.sort_values('uid')\n\n"
         "table = load('log.csv')\nprint(table.shape)\n")


@pytest.mark.parametrize("read, columns, expected", [
    ("fread", "{'uid': 'int32', 'item': 'int16', 'ok': 'int8'}", [7]),  # a column of one or two bytes
    ("dt.fread", "{'uid': dt.int32, 'item': dt.int16}", [7]),  # datatable's own type names
    ("fread", "set(kinds.keys())", [7]),  # the columns named by a mapping of narrow types
    ("dt.fread", "list(kinds)", [7]),
    ("fread", "kinds", [7]),
    ("fread", "['uid', 'item', 'ok']", []),  # only names: nothing says the table is large
    ("dt.fread", "{'uid': 'float64', 'name': 'str'}", []),  # wide types: nobody counted the bytes
])
def test_a_datatable_read_with_narrowed_column_types_is_a_large_table(read, columns, expected, tmp_path):
    # fread parses the whole file into memory, as pd.read_csv does; a mapping of columns to one- and two-byte
    # types is what a table too large for memory is read with
    assert _rules(tmp_path, FREAD.format(read=read, columns=columns), "whole-dataset-load") == expected


GLUED_LOSS = ("import torch\nfrom nets import Autoencoder, {name}\n\n"
              "class Trainer:\n    def __init__(self, loader):\n        self.net = Autoencoder().cuda()\n"
              "        self.opt = torch.optim.Adam(self.net.parameters())\n        self.loader = loader\n\n"
              "    def epoch(self):\n        kl_total = 0.0\n        for x in self.loader:\n"
              "            x = x.cuda()\n            self.opt.zero_grad()\n            out, mu, logvar = self.net(x)\n"
              "            loss, rec, kl = {name}(out, x, mu, logvar)\n            loss.backward()\n"
              "            self.opt.step()\n            kl_total += {kept}\n        return kl_total\n")


@pytest.mark.parametrize("name, kept, expected", [
    ("VAEloss", "kl", [19]),  # an acronym, then the word in lower case
    ("ELBOLoss", "kl", [19]),
    ("vaeloss", "rec", [19]),
    ("lossfunction", "kl", [19]),
    ("VAEloss", "kl.item()", []),  # the number: no graph kept
    ("reconstruct", "kl", []),  # nothing says this is a loss
])
def test_a_loss_function_named_with_the_word_glued_on_gives_losses_with_their_graph(name, kept, expected, tmp_path):
    # loss, rec, kl = VAEloss(...) from a module the checker cannot read: every part it returns is a loss, each
    # carrying the step's graph; adding one up keeps every step's graph, as adding the loss itself does
    assert _rules(tmp_path, GLUED_LOSS.format(name=name, kept=kept), "loss-keeps-graph") == expected


SPLITS = ("import os\nimport pandas as pd\n\n"
          "class ClickLog:\n    def __init__(self, root, rows=2_000_000):\n"
          "        train_path = os.path.join(root, 'train.csv')\n        test_path = os.path.join(root, 'test.csv')\n"
          "{reads}\n\nlog = ClickLog('data')\nprint(len(log.train), log.test)\n")


@pytest.mark.parametrize("reads, expected", [
    # the training rows capped, the test split of the same data set read whole
    ("        self.train = pd.read_csv(train_path, nrows=rows)\n        self.test = pd.read_csv(test_path)", [9]),
    # streamed chunk by chunk, or through an iterator: the file is too large to read whole, and so is its sibling
    ("        self.train = pd.concat(c[c.y > 0] for c in pd.read_csv(train_path, chunksize=10 ** 6))\n"
     "        self.test = pd.read_csv(test_path)", [9]),
    ("        self.train = pd.read_csv(train_path, iterator=True).get_chunk(rows)\n"
     "        self.test = pd.read_table(test_path)", [9]),
    # a look at the columns is not a cap
    ("        self.train = pd.read_csv(train_path, nrows=5)\n        self.test = pd.read_csv(test_path)", []),
    # the script's own switch between a sample and the whole file: one or the other, as asked
    ("        if rows:\n            self.train = pd.read_csv(train_path, nrows=rows)\n"
     "        else:\n            self.train = pd.read_csv(train_path)\n        self.test = None", []),
    # another file, not a split of the capped one
    ("        self.train = pd.read_csv(train_path, nrows=rows)\n"
     "        self.items = pd.read_csv(os.path.join(root, 'item_names.csv'))\n        self.test = None", []),
])
def test_a_split_read_whole_beside_another_split_read_capped(reads, expected, tmp_path):
    assert _rules(tmp_path, SPLITS.format(reads=reads), "whole-dataset-load") == expected


SMALL_MODELS = ("import numpy as np\nfrom tensorflow import keras\nfrom sklearn.model_selection import StratifiedKFold\n\n"
                "WIDTH = 20\n\ndef make_mlp(hidden):\n    m = keras.models.Sequential()\n"
                "    m.add(keras.layers.Dense({units}, input_dim=WIDTH, activation='relu'))\n"
                "    m.add(keras.layers.BatchNormalization())\n    m.add(keras.layers.Dropout(0.3))\n"
                "    m.add(keras.layers.{last})\n    m.compile(optimizer=keras.optimizers.Adam(1e-3), loss='mse')\n"
                "    return m\n\nX, y = np.load('x.npy', mmap_mode='r'), np.load('y.npy', mmap_mode='r')\n"
                "splitter = StratifiedKFold(n_splits=4, shuffle=True)\nensemble = []\n"
                "for fold, (a, b) in {loop}:\n    m = make_mlp(64)\n    m.fit(X[a], y[a], epochs=3)\n"
                "    ensemble.append(m)\n")


@pytest.mark.parametrize("units, last, loop, expected", [
    # four folds of a 20 -> 64 -> 1 network: a few thousand weights each, a few models
    ("64", "Dense(1)", "enumerate(splitter.split(X, y))", []),
    ("hidden", "Dense(1)", "enumerate(splitter.split(X, y))", []),  # hidden = 64, as the call gives it
    ("64", "Dense(1)", "enumerate(folds_for(X).split(X, y))", [20]),  # a count the script does not show
    ("64", "Dense(1)", "enumerate(zip(range(500), range(500)))", [20]),
    ("8192", "Dense(4096)", "enumerate(splitter.split(X, y))", [20]),  # 33 M weights a model
    ("64", "LSTM(8)", "enumerate(splitter.split(X, y))", [20]),  # a layer whose weights are not counted here
])
def test_a_few_folds_of_a_small_dense_model_need_no_clear_session(units, last, loop, expected, tmp_path):
    assert _rules(tmp_path, SMALL_MODELS.format(units=units, last=last, loop=loop), "models-in-loop") == expected


def test_many_passes_of_a_small_dense_model_still_grow(tmp_path):
    # a search over 300 settings builds 300 models: their graphs pile up, however small each one is
    source = ("from tensorflow import keras\nimport numpy as np\n\nX, y = np.load('x.npy'), np.load('y.npy')\n"
              "for trial in range({passes}):\n"
              "    net = keras.Sequential([keras.Input(shape=(12,)), keras.layers.Dense(32), keras.layers.Dense(1)])\n"
              "    net.compile(optimizer='sgd', loss='mse')\n    net.fit(X, y, epochs=1)\n")
    assert _rules(tmp_path, source.format(passes=300), "models-in-loop") == [6]
    assert _rules(tmp_path, source.format(passes=5), "models-in-loop") == []


COLUMNS_TO_FIT = ("import pandas as pd\nfrom tensorflow import keras\nfrom sklearn.model_selection import KFold\n\n"
                  "frame = pd.read_csv('events.csv', dtype={{'a': 'int8', 'b': 'int16'}})\n"
                  "features = {features}\n"
                  "net = keras.Sequential([keras.layers.Dense(1)])\nnet.compile(loss='mse')\n"
                  "for tr, va in KFold(5).split(frame):\n    net.fit({given}, frame['y'].values[tr])\n")


@pytest.mark.parametrize("features, given, expected", [
    # a list of column names bound to a name picks those columns of every row, in a loop as outside one
    ("['a', 'b']", "frame[features].values[tr]", [10]),
    ("['a', 'b']", "frame[features].to_numpy()[tr]", [10]),
    ("['a', 'b']", "frame[['a', 'b']].values[tr]", [10]),
    ("0", "frame.values[features]", []),  # one row of the table
])
def test_columns_picked_by_a_list_of_names_in_a_loop_are_the_table_not_a_row(features, given, expected, tmp_path):
    assert _rules(tmp_path, COLUMNS_TO_FIT.format(features=features, given=given), "in-memory-array") == expected


NUMBERED_FOLDS = ("import numpy as np\nimport keras\nfrom sklearn.model_selection import StratifiedKFold\n\n\n"
                  "class Runner:\n    def __init__(self, archive):\n        self.x, self.y = archive['x'], archive['y']\n\n"
                  "    def run(self):\n        cv = StratifiedKFold(n_splits=4)\n"
                  "        for {target} in {folds}:\n"
                  "            net = keras.Sequential([keras.layers.Conv1D(8, 3), keras.layers.Dense(2)])\n"
                  "            net.compile(loss='mse')\n            net.fit(self.x[tr], self.y[tr])\n\n\n"
                  "Runner(np.load('clips.npz')).run()\n")


@pytest.mark.parametrize("target, folds", [
    ("tr, va", "cv.split(self.x, self.y)"),
    ("k, (tr, va)", "enumerate(cv.split(self.x, self.y))"),  # the folds numbered: still the folds' row indices
    ("k, (tr, va)", "enumerate(cv.split(self.x, self.y), 1)"),
])
def test_numbered_folds_of_a_cross_validator_index_rows_not_one_row(target, folds, tmp_path):
    # self.x[tr] copies a fold's rows (the training set itself, fed to fit), not one sample
    source = NUMBERED_FOLDS.format(target=target, folds=folds)
    assert _rules(tmp_path, source, "whole-dataset-load") == [18]
    assert _rules(tmp_path, source, "duplicate-copy") == [15]
