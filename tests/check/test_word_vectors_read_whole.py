"""`oomdoctor check` on pretrained word vectors read whole (GloVe 840B parsed into a dict, GoogleNews loaded by
gensim): the file's size is the publisher's, not the script's, and only the vocabulary's rows are needed (found on
check_heldout179's Kaggle text kernels, 159's and 58's word2vec loads)."""
import pytest

from oomdoctor.check import check_source


def _said(tmp_path, source: str) -> list[tuple[str, int, str]]:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [(f.rule, f.line, f.message) for f in check_source(script)
            if f.rule in ("eager-loading", "whole-dataset-load") and "words ×" in f.message]


LOOP = """import numpy as np

EMBEDDING_FILE = '/data/embeddings/{file}'
embeddings_index = {{}}
with open(EMBEDDING_FILE, encoding='utf8') as f:
    for line in f:
        values = line.rstrip().rsplit(' ')
        word = values[0]
{test}        coefs = np.asarray(values[1:], dtype='float32')
        embeddings_index[word] = coefs
"""


def test_a_large_glove_file_parsed_into_a_dict_is_said_with_its_size(tmp_path):
    found = _said(tmp_path, LOOP.format(file="glove.840B.300d.txt", test=""))
    assert [(rule, line) for rule, line, _message in found] == [("eager-loading", 10)]
    assert "2,196,017 words × 300" in found[0][2]


@pytest.mark.parametrize("file, test", [
    ("glove.840B.300d.txt", "        if word not in tokenizer.word_index:\n            continue\n"),
    ("glove.6B.100d.txt", ""),  # 400,000 words × 100: 0.2 GB, what tutorials load on purpose
    ("my_vectors.txt", ""),     # a file of unknown size
])
def test_only_the_vocabulary_kept_or_a_small_or_unknown_file_is_not_said(tmp_path, file, test):
    assert _said(tmp_path, LOOP.format(file=file, test=test)) == []


def test_a_dict_built_from_a_generator_in_a_function_given_the_path_as_a_default(tmp_path):
    found = _said(tmp_path, """import numpy as np
EMB_PATH = '../input/embeddings/crawl-300d-2M.vec'

def get_coefs(word, *arr): return word, np.asarray(arr, dtype='float32')

def load_embeddings(embed_dir=EMB_PATH):
    embedding_index = dict(get_coefs(*o.strip().split(" ")) for o in open(embed_dir, encoding="utf-8"))
    return embedding_index

index = load_embeddings()
""")
    assert [(rule, line) for rule, line, _message in found] == [("eager-loading", 7)]


@pytest.mark.parametrize("limit, said", [("", True), (", limit=200000", False)])
def test_gensim_loading_googlenews_whole(tmp_path, limit, said):
    found = _said(tmp_path, f"""import gensim
w2v = gensim.models.KeyedVectors.load_word2vec_format('GoogleNews-vectors-negative300.bin', binary=True{limit})
""")
    assert [(rule, line) for rule, line, _message in found] == ([("whole-dataset-load", 2)] if said else [])
