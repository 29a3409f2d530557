from os import PathLike
import re
import json
import numpy as np


def read_wordsequences_tagsequences(
        fpath: str | PathLike,
        delimiter: str,
        wcol: int=1,
        tcol: int=2) -> tuple[list[list[str]], list[list[str]]]:
    """see module notes"""
    with open(fpath) as fh:
        raw = fh.read()
    blocks = re.split(r'\n\n', raw.strip('\n'))

    wseqs = [
        [
            rec.split(delimiter)[wcol]
            for rec in blk.split('\n')
        ]
        for blk in blocks
    ]

    tseqs = [
        [
            rec2.split(delimiter)[tcol]
            for rec2 in blk.split('\n')
        ]
        for blk in blocks
    ]

    return wseqs, tseqs


def read_wordsequences(fpath: str | PathLike, delimiter: str) -> list[list[str]]:
    """see module notes"""
    with open(fpath) as fh:
        raw = fh.read()
    blocks = re.split(r'\n\n', raw.strip('\n'))

    wseqs = [
        [
            rec.split(delimiter)[1]
            for rec in blk.split('\n')
        ]
        for blk in blocks
    ]

    return wseqs


def write_vocabulary(fpath: str | PathLike, freq: list[tuple[str, int]]) -> None:

    buf = ""
    for i, (w, c) in enumerate(freq):
        buf += f"{w}\t{i}\t{c}\n"

    with open(fpath, 'w') as fh:
        fh.write(buf)


def write_wordsequences_tagsequences(fpath: str | PathLike, wordsequences: list[list[str]], tagsequences: list[list[str]], delimiter: str):

    buf = ""
    for wordseq, tagseq in zip(wordsequences, tagsequences):
        for i, (w, tag) in enumerate(zip(wordseq, tagseq)):
            buf += f"{i+1}{delimiter}{w}{delimiter}{tag}\n"
        buf += "\n"
    buf = buf[:-1]

    with open(fpath, 'w') as fh:
        fh.write(buf)


def write_prediction_file(fpath: str | PathLike, wordsequences: list[list[str]], tagsequences: list[list[str]], predsequences: list[list[str]], delimiter: str):
    buf = ""
    for wordseq, tagseq, predseq in zip(wordsequences, tagsequences, predsequences):
        for i, (w, tag, pred) in enumerate(zip(wordseq, tagseq, predseq)):
            buf += f"{i+1}{delimiter}{w}{delimiter}{tag}{delimiter}{pred}\n"
        buf += "\n"
    buf = buf[:-1]

    with open(fpath, 'w') as fh:
        fh.write(buf)


def read_glove_words(fpath: str | PathLike) -> dict[str, int]:
    i2w = np.loadtxt(fpath, usecols=0, comments=None, encoding='utf-8', dtype='str')
    i2w = np.insert(i2w, 0, '<pad>')
    i2w = np.insert(i2w, 1, '<unk>')
    w2i = {tok: i for i, tok in enumerate(i2w)}

    return w2i


def read_glove_embeddings(fpath: str | PathLike) -> tuple[dict[str, int], np.ndarray, np.ndarray]:
    """see module notes




"""
    i2w = np.loadtxt(fpath, usecols=0, comments=None, encoding='utf-8', dtype='str')
    i2w = np.insert(i2w, 0, '<pad>')
    i2w = np.insert(i2w, 1, '<unk>')
    w2i = {tok: i for i, tok in enumerate(i2w)}

    mat = np.loadtxt(fpath, usecols=range(1, 100+1), comments=None, encoding='utf-8')
    #
    pad_row = np.zeros((1, mat.shape[1]))
    #
    unk_row = np.mean(mat, axis=0, keepdims=True)
    mat = np.vstack((pad_row, unk_row, mat))

    return w2i, i2w, mat
