"""Public tables read whole by pandas: the training file of a competition or benchmark that scripts name by its
path (../input/jane-street-market-prediction/train.csv, train_transaction.csv, emnist-byclass-train.csv), whose
size its publishers state and the script does not show.

A read_csv of an unknown table is not said (most tables are small); a read of one of these is, with its rows and
columns as pandas holds them (8 bytes a number, unless dtype= or usecols= says less), where that comes to about a
gigabyte or more. Each entry names the file, not only the data set: a competition's small files (features.csv,
sample_submission.csv) are read whole on purpose.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..i18n import _
from ..units import format_bytes
from .library import dtype_of
from .modules import Module
from .names import dotted_name, last_part
from .path_strings import written_path
from .public_datasets import listed_strings
from .script import Finding, Script
from .values import ITEMSIZE, PUBLISHED_FILE_SAID_BYTES

_PANDAS_READERS = {"read_csv", "read_table", "read_parquet", "read_feather", "read_fwf"}


@dataclass(frozen=True)
class PublicTable:
    """One published table file: how scripts name it (its path, or a column only it has), its rows and columns."""
    name: str
    path: re.Pattern[str] | None
    rows: int
    columns: int
    column_words: frozenset[str] = frozenset()


def _table(name: str, path: str | None, rows: int, columns: int, *column_words: str) -> PublicTable:
    return PublicTable(name, re.compile(path) if path else None, rows, columns, frozenset(column_words))


# Rows and columns are the publishers' (the competitions' data pages); patterns match the lower-cased path text
PUBLIC_TABLES = (
    _table("Jane Street Market Prediction train.csv", r"jane-street-market-prediction/train\.", 2_390_491, 138),
    _table("IEEE-CIS Fraud Detection train_transaction", r"train_transaction\.", 590_540, 394),
    _table("IEEE-CIS Fraud Detection test_transaction", r"test_transaction\.", 506_691, 393),
    _table("LANL Earthquake Prediction train.csv", r"lanl[^/]*/train\.csv|earthquake-prediction/train\.csv",
           629_145_480, 2, "acoustic_data"),
    _table("EMNIST ByClass/ByMerge training CSV", r"emnist-by(class|merge)-train", 697_932, 785),
    _table("EMNIST Digits training CSV", r"emnist-digits-train", 240_000, 785),
    _table("Elo historical_transactions.csv", r"historical_transactions\.", 29_112_361, 14),
    _table("TalkingData AdTracking train.csv", r"talkingdata[^/]*/train\.csv", 184_903_890, 8),
    _table("Riiid Answer Correctness train.csv", r"riiid[^/]*/train\.csv", 101_230_332, 10),
    _table("HEPMASS training CSV", r"hepmass[^\n]*(all|1000|not1000)_train\.csv", 7_000_000, 29),
    _table("HIGGS.csv", r"higgs\.csv", 11_000_000, 29),
    _table("Criteo display-ads train.txt", r"criteo[^\n]*train\.txt|dac/train\.txt", 45_840_617, 40),
    _table("Avazu CTR train", r"avazu[^\n]*/train(\.csv|\.gz)?$", 40_428_967, 24),
    _table("Ubiquant Market Prediction train.csv", r"ubiquant-market-prediction/train\.", 3_141_410, 304),
    _table("AmEx Default Prediction train_data.csv", r"amex-default-prediction/train_data\.", 5_531_451, 190),
    _table("Favorita train.csv", r"favorita[^/]*/train\.csv", 125_497_040, 6),
    _table("NYC Taxi Fare train.csv", r"new-york-city-taxi-fare-prediction/train\.csv", 55_423_856, 8),
)


def public_tables_read_whole(script: Script) -> Iterator[Finding]:
    """pd.read_csv of a known public table, whole: no nrows=, chunksize= or iterator=; its size from the rows and the
    columns it keeps (usecols=), at the widths dtype= gives them."""
    for call in script.calls_named(*_PANDAS_READERS):
        module = script.module_of(call)
        if not module.qualified(call.func).startswith("pandas.") or not script.in_use(module, call):
            continue
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        if {"chunksize", "iterator"} & keywords.keys():
            continue  # read piece by piece
        table = _named_table(call, keywords, module)
        if table is None:
            continue
        size = _bytes_read(table, keywords, module)
        if size < PUBLISHED_FILE_SAID_BYTES:
            continue
        yield script.finding(
            "whole-dataset-load", call,
            _("This reads all of {name} ({rows:,} rows × {columns} columns: about {size} as pandas holds it, 8 "
              "bytes a number unless dtype= says less), and the frame stays in RAM while the script uses it; "
              "pandas needs more than that while it parses the file.").format(
                name=table.name, rows=_rows(table, keywords), columns=_columns(table, keywords),
                size=format_bytes(size)),
            _("Read only the columns the model uses (usecols=) at narrow types (dtype={'feature_0': 'float32', "
              "'flag': 'int8'}), or in chunks (chunksize=) reduced as they come; a Parquet or Feather copy with "
              "those types loads faster and smaller the next time."), module=module)


def _named_table(call: ast.Call, keywords: dict[str, ast.expr], module: Module) -> PublicTable | None:
    """The table the read's path names, or whose own columns its dtype=, usecols= or names= list."""
    path = call.args[0] if call.args else keywords.get("filepath_or_buffer", keywords.get("path"))
    text = written_path(path, module).lower() if path is not None else ""
    columns = {c for key in ("dtype", "usecols", "names") if key in keywords
               for c in listed_strings(_followed(keywords[key], module))}
    return next((t for t in PUBLIC_TABLES if t.path is not None and t.path.search(text) or
                 t.column_words and t.column_words & columns), None)


def _rows(table: PublicTable, keywords: dict[str, ast.expr]) -> int:
    limit = keywords.get("nrows")
    if isinstance(limit, ast.Constant) and isinstance(limit.value, int) and not isinstance(limit.value, bool):
        return min(table.rows, limit.value)
    return table.rows


def _columns(table: PublicTable, keywords: dict[str, ast.expr]) -> int:
    kept = keywords.get("usecols", keywords.get("columns"))
    if isinstance(kept, (ast.List, ast.Tuple, ast.Set)):
        return min(table.columns, len(kept.elts))
    return table.columns


def _bytes_read(table: PublicTable, keywords: dict[str, ast.expr], module: Module) -> int:
    """Rows × the width of each column kept: a dtype= mapping's for the columns it names, 8 bytes for the others
    (float64, int64, or a pointer to a string object, which takes more besides); one dtype for all: its width."""
    columns = _columns(table, keywords)
    given = _followed(keywords["dtype"], module) if "dtype" in keywords else None
    if isinstance(given, ast.Dict):
        widths = [_width(v, module) for v in given.values]
        named = min(len(widths), columns)
        width = sum(widths[:named]) + 8 * (columns - named)
    else:
        width = (_width(given, module) if given is not None else 8) * columns
    return _rows(table, keywords) * width


def _width(dtype: ast.expr, module: Module) -> int:
    """The bytes a value takes in a column of ``dtype`` ('float32', np.int16, 'category'); 8 where it is not known."""
    if isinstance(dtype, ast.Constant) and dtype.value == "category":
        return 2  # codes of a few thousand categories at most, as such columns hold
    # (np.uint32, which dtype_of leaves unnamed, by its own name)
    return ITEMSIZE.get(dtype_of(dtype, module) or last_part(dotted_name(dtype)), 8)


def _followed(node: ast.expr, module: Module) -> ast.expr:
    """A dtype= mapping or a usecols= list given by name: what the name was bound to."""
    return (module.value_before(node) or node) if isinstance(node, ast.Name) else node
