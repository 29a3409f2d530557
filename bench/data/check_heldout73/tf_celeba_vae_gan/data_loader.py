import numpy as np
import os

from scipy import misc


class FaceReader():
    def __init__(self, folder, cache_file=None):
        self._folder = folder

        if folder[-1] == '/':
            folder = folder[:-1]

        self._cache = cache_file
        self._csv = "%s.csv" % folder

        self._store = self._read_all()

    def _read_all(self):
        if self._cache is not None and os.path.isfile(self._cache):
            store = np.load(self._cache)
        else:
            names, pics = [], []
            for fname in os.listdir(self._folder):
                names.append(fname)
                fname = os.path.join(self._folder, fname)

                pic = misc.imread(fname)
                pics.append(pic)

            names = np.asarray(names)
            pics = np.asarray(pics)

            by_name = self._read_csv(names)
            store = {**{'paths': names, 'imgs': pics}, **by_name}
            if self._cache is not None:
                np.savez(self._cache, **store)

        return store

    def _read_csv(self, names):
        by_name = {}
        with open(self._csv, "r") as fh:
            cols = fh.readline().strip().split(',')[1:]
            for ln in fh:
                store = ln.strip().split(',')
                fname, vals = store[0], store[1:]
                by_name[fname] = vals

        vals = np.asarray([by_name[p] for p in names], dtype=np.float32)
        by_name = {col: vals[:, j] for j, col in enumerate(cols)}
        return by_name

    def getData(self, which="Smiling"):
        return (self._store['imgs'].astype(np.float32) - 127.5) / 127.5, self._store['paths'], self._store[which]
