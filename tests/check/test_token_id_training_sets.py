"""`oomdoctor check` on a training set of unknown size loaded whole (pickle, joblib, np.load) and fed to a model
that reads word ids (an embedding table first): a sample is a sentence's few dozen integers, so nothing shows the
set is large; the same load fed to a model of image convolutions still is the training set said large."""
import pytest

from oomdoctor.check import check_source


def _found(tmp_path, source: str) -> list[int]:
    script = tmp_path / "tagger.py"
    script.write_text(source)
    return [f.line for f in check_source(script) if f.rule == "whole-dataset-load"]


TORCH = ("import pickle\n\nimport joblib\nimport numpy as np\nimport torch\nfrom torch import nn\n"
         "from torch.utils.data import DataLoader, TensorDataset\n\n\n"
         "def read_corpus(path):\n    with open(path, 'rb') as src:\n        {load}\n    return ids, tags\n\n\n"
         "class Tagger(nn.Module):\n    def __init__(self, n_words, n_tags):\n        super().__init__()\n"
         "        self.{layer}\n        self.out = nn.Linear(64, n_tags)\n\n"
         "    def forward(self, ids):\n        return self.out(self.first(ids))\n\n\n"
         "ids, tags = read_corpus('corpus.bin')\n"
         "loader = DataLoader(TensorDataset(torch.as_tensor(ids), torch.as_tensor(tags)), batch_size=32)\n"
         "net = Tagger(20000, 9)\nfor xb, yb in loader:\n    net(xb).sum().backward()\n")


@pytest.mark.parametrize("load", [
    "ids, tags = pickle.load(src)",
    "ids, tags = joblib.load(src)",
    "ids, tags = np.load(src, allow_pickle=True)",
])
@pytest.mark.parametrize("layer", [
    "first = nn.Embedding(n_words, 64)",
    "first = torch.nn.EmbeddingBag(n_words, 64)",
])
def test_word_ids_of_unknown_count_fed_to_an_embedding_are_not_said(load, layer, tmp_path):
    assert _found(tmp_path, TORCH.format(load=load, layer=layer)) == []


@pytest.mark.parametrize("load", ["ids, tags = pickle.load(src)", "ids, tags = joblib.load(src)"])
def test_the_same_load_fed_to_image_convolutions_is_still_said(load, tmp_path):
    source = TORCH.format(load=load, layer="first = nn.Conv2d(3, 64, 3)")
    assert _found(tmp_path, source) != []


KERAS = ("import numpy as np\nfrom tensorflow import keras\n\n"
         "words = np.load('sentences.npy')\nlabels = np.load('sentiment_labels.npy')\n"
         "model = keras.Sequential([{first}, keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1)])\n"
         "model.compile('adam', 'binary_crossentropy')\nmodel.fit(words, labels, batch_size=64, epochs=2)\n")


def test_a_keras_embedding_model_fed_ids_of_unknown_count_is_not_said(tmp_path):
    assert _found(tmp_path, KERAS.format(first="keras.layers.Embedding(30000, 32)")) == []
