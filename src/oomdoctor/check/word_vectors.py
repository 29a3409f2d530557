"""Pretrained word vectors read whole: GloVe, fastText and word2vec files of millions of words, parsed into a dict
of arrays (or loaded by gensim, fastText or torchtext) to fill an Embedding layer with the rows of a vocabulary of
a few tens of thousands of words.

A script shows neither the file's size nor the table's, but the published files are few and their sizes known:
glove.840B.300d.txt holds 2,196,017 words × 300 numbers, some 2.6 GB as float32 before the dict's own objects.
Kaggle's text competitions put four such files side by side, and loading two or three of them whole is the
classic way such a kernel runs out of its 13-16 GB of RAM. Only files named here are judged (a name the script
builds from parts it does not show is not), and only those that hold about a gigabyte or more as read.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..i18n import _
from ..units import format_bytes
from .modules import Module
from .names import dotted_name, last_part
from .path_strings import written_path
from .script import Finding, Script
from .values import PUBLISHED_FILE_SAID_BYTES

# What a dict keeps per word besides its numbers: the ndarray's header (112 B), the word as a str (~55 B) and the
# dict's slot (~30 B); gensim's KeyedVectors keep ~100 B a word of vocabulary beside one float32 matrix
_DICT_BYTES_PER_WORD = 200
_GENSIM_BYTES_PER_WORD = 100


@dataclass(frozen=True)
class WordVectors:
    """One published word-vector file: how scripts name it, its words and numbers per word, and, for fastText's
    .bin models, the rows a model holds beyond one per word (2,000,000 subword buckets in, one row per word out)."""
    name: str
    pattern: re.Pattern[str]
    words: int
    dimensions: int
    model_rows: int = 0

    def bytes_as(self, how: str) -> int:
        """The memory it takes as ``how`` reads it: a dict of float32 arrays, gensim's KeyedVectors, or a model."""
        numbers = (self.words + self.model_rows) * self.dimensions * 4
        return numbers + self.words * (_DICT_BYTES_PER_WORD if how == "dict" else _GENSIM_BYTES_PER_WORD)


def _known(name: str, pattern: str, words: int, dimensions: int, model_rows: int = 0) -> WordVectors:
    return WordVectors(name, re.compile(pattern), words, dimensions, model_rows)


# Counts are the publishers' (the first line of a .vec file, the GloVe and word2vec pages). Patterns match the
# lower-cased path text, and the torchtext and gensim-downloader names of the same files
KNOWN_WORD_VECTORS = (
    _known("glove.840B.300d", r"glove\.840b|glove-840b", 2_196_017, 300),
    _known("glove.42B.300d", r"glove\.42b", 1_917_494, 300),
    _known("glove.twitter.27B.200d", r"glove\.twitter\.27b\.200d|glove-twitter-200", 1_193_514, 200),
    _known("crawl-300d-2M", r"crawl-300d-2m", 1_999_995, 300),
    _known("wiki-news-300d-1M", r"wiki-news-300d-1m|fasttext-wiki-news-subwords-300", 999_994, 300),
    _known("GoogleNews-vectors-negative300", r"googlenews-vectors-negative300|word2vec-google-news-300",
           3_000_000, 300),
    _known("paragram_300_sl999", r"paragram_300_(sl999|ws353)", 1_703_756, 300),
    _known("wiki.en.bin", r"wiki\.en\.bin", 2_519_370, 300, 2_000_000 + 2_519_370),
    _known("wiki.en.vec", r"wiki\.en\.vec", 2_519_370, 300),
    _known("cc.en.300.bin", r"cc\.en\.300\.bin", 2_000_000, 300, 2_000_000 + 2_000_000),
    _known("cc.en.300.vec", r"cc\.en\.300\.vec", 2_000_000, 300),
)

# One-call loaders of a whole file: gensim's (unless limit= keeps it small), fastText's, torchtext's
_GENSIM_LOADERS = {"load_word2vec_format", "load_facebook_model", "load_facebook_vectors"}
# What a loop over a file's lines wraps it in: for i, line in enumerate(tqdm(f))
_LINE_WRAPPERS = {"tqdm", "enumerate", "islice"}


def word_vectors_read_whole(script: Script) -> Iterator[Finding]:
    """A known word-vector file read whole: parsed line by line into a dict (or list) of every word's vector
    (eager-loading), or loaded in one call (whole-dataset-load), with no test that keeps only the vocabulary's
    words."""
    said: set[tuple[Module, ast.AST | None]] = set()
    for module in script.modules:
        for node in ast.walk(module.tree):
            found = _kept_per_line(node, module) if isinstance(node, (ast.For, ast.DictComp, ast.Call)) else None
            rule = "eager-loading"
            if found is None and isinstance(node, ast.Call):
                found, rule = _loaded_in_one_call(node, module), "whole-dataset-load"
            if found is None or not script.in_use(module, node):
                continue
            vectors, where, how = found
            size = vectors.bytes_as(how)
            function = module.function_of(node)
            if size < PUBLISHED_FILE_SAID_BYTES or (module, function and function.node) in said:
                continue  # (a function's two branches that read the file each their own way: one table a call)
            said.add((module, function and function.node))
            yield script.finding(
                rule, where,
                _("This reads all of {name} ({words:,} words × {dimensions} numbers: about {size} in RAM as read), "
                  "where the Embedding layer needs only the vectors of the vocabulary's words, typically a few "
                  "tens of thousands; the whole table stays in memory while it is used, and each further "
                  "file read this way adds as much.").format(
                    name=vectors.name, words=vectors.words, dimensions=vectors.dimensions, size=format_bytes(size)),
                _("Keep only the vocabulary's words as the file is read (skip a line whose word is not in "
                  "tokenizer.word_index; gensim's limit= or KeyedVectors.load(..., mmap='r')), build the "
                  "embedding matrix from them, and np.save it for the next run."), module=module)


def _kept_per_line(node: ast.AST, module: Module) -> tuple[WordVectors, ast.AST, str] | None:
    """for line in open(path): vectors[word] = coefs (or .append), {w: v for ... in open(path)}, dict(get_coefs(...)
    for o in open(path)): each line's vector kept; where the file is a known one and no membership test picks the
    vocabulary's words."""
    if isinstance(node, ast.For):
        vectors = _file_iterated(node.iter, module)
        if vectors is None or _picks_words(node):
            return None
        kept = next((s for s in ast.walk(node) if isinstance(s, ast.Assign) and len(s.targets) == 1 and
                     isinstance(s.targets[0], ast.Subscript)) or
                    (isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and
                     isinstance(s.value.func, ast.Attribute) and s.value.func.attr == "append"), None)
        return (vectors, kept, "dict") if kept is not None else None
    if isinstance(node, ast.Call) and dotted_name(node.func) == "dict" and len(node.args) == 1 and \
            isinstance(node.args[0], ast.GeneratorExp):
        comprehension = node.args[0]
    elif isinstance(node, ast.DictComp):
        comprehension = node
    else:
        return None
    if len(comprehension.generators) != 1 or _picks_words(comprehension):
        return None
    vectors = _file_iterated(comprehension.generators[0].iter, module)
    return (vectors, module.statement_of(node), "dict") if vectors is not None else None


def _picks_words(node: ast.AST) -> bool:
    """A membership test in the loop (if word in word_index, if w not in vocab: continue): only the vocabulary's
    vectors are kept."""
    return any(isinstance(n, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in n.ops)
               for n in ast.walk(node))


def _file_iterated(iterable: ast.expr, module: Module) -> WordVectors | None:
    """The known file a loop goes over line by line: open(path), tqdm(open(path)), f or f.readlines() where f was
    opened from path (with open(path) as f, f = open(path))."""
    for _depth in range(4):
        if isinstance(iterable, ast.Name):
            iterable = _opened_as(iterable, module)
            continue
        if not isinstance(iterable, ast.Call):
            return None
        called = last_part(dotted_name(iterable.func))
        if called == "open":  # (io.open, codecs.open, gzip.open too)
            return _named_vectors(iterable.args[0] if iterable.args else None, module)
        if called in _LINE_WRAPPERS and iterable.args:
            iterable = iterable.args[0]
        elif called == "readlines" and isinstance(iterable.func, ast.Attribute):
            iterable = iterable.func.value
        else:
            return None
    return None


def _opened_as(name: ast.Name, module: Module) -> ast.expr | None:
    """What a file object's name was bound to: f = open(path), or with open(path) as f."""
    bound = module.value_before(name)
    if bound is not None:
        return bound
    for parent in _ancestors(name, module):
        if isinstance(parent, (ast.With, ast.AsyncWith)):
            for item in parent.items:
                if isinstance(item.optional_vars, ast.Name) and item.optional_vars.id == name.id:
                    return item.context_expr
    return None


def _loaded_in_one_call(call: ast.Call, module: Module) -> tuple[WordVectors, ast.AST, str] | None:
    """KeyedVectors.load_word2vec_format(path) with no limit=, fasttext.load_model(path), torchtext's
    GloVe(name='840B') and Vectors(path), gensim.downloader.load('word2vec-google-news-300')."""
    qualified = module.qualified(call.func)
    method = last_part(qualified)
    keywords = {k.arg for k in call.keywords}
    given = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg in ("fname", "path",
                                                                                              "name")), None)
    if method in _GENSIM_LOADERS and "limit" not in keywords:
        how = "model" if method == "load_facebook_model" else "gensim"
    elif method == "load_model" and qualified.lower().startswith("fasttext"):
        how = "model"
    elif method == "load" and qualified.startswith("gensim.downloader"):
        how = "gensim"
    elif qualified.startswith("torchtext.vocab.") and method in ("GloVe", "Vectors", "FastText"):
        how = "gensim"  # one float32 tensor of every word, and the list of words
        if method == "GloVe":
            return _glove_by_name(call, module, how)
    else:
        return None
    vectors = _named_vectors(given, module)
    return (vectors, call, how) if vectors is not None else None


def _glove_by_name(call: ast.Call, module: Module, how: str) -> tuple[WordVectors, ast.AST, str] | None:
    """torchtext's GloVe(name='840B', dim=300): the file glove.840B.300d (its default name)."""
    given = {k.arg: k.value for k in call.keywords}
    name = given.get("name", call.args[0] if call.args else ast.Constant("840B"))
    text = written_path(name, module) if not (isinstance(name, ast.Constant) and isinstance(name.value, str)) \
        else name.value
    vectors = _matching(f"glove.{text}") if text else None
    return (vectors, call, how) if vectors is not None else None


def _named_vectors(path: ast.expr | None, module: Module) -> WordVectors | None:
    return _matching(written_path(path, module)) if path is not None else None


def _matching(text: str) -> WordVectors | None:
    lowered = text.lower()
    return next((v for v in KNOWN_WORD_VECTORS if v.pattern.search(lowered)), None)


def _ancestors(node: ast.AST, module: Module) -> Iterator[ast.AST]:
    while node in module.parents:
        node = module.parents[node]
        yield node
