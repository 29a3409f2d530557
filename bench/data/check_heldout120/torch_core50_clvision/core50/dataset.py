#!/usr/bin/env python
# -*- coding: utf-8 -*-

################################################################################
# (header of the original project: authors, date and CC BY 4.0 licence)       #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
#                                                                              #
################################################################################

"""

Loader for the CORe50 continual-learning challenge data.

"""

# py2/py3
from __future__ import print_function
from __future__ import division
from __future__ import absolute_import

import os
import pickle as pkl
import logging
from hashlib import md5
import numpy as np
from PIL import Image


class CORE50(object):
    """ Iterates over the incremental training batches of CORe50.

    root: folder holding core50_128x128, paths.pkl, LUP.pkl, labels.pkl
        and core50_imgs.npz.
    preload: read every image into RAM up front (needs a lot of RAM).
    scenario: 'ni', 'multi-task-nc' or 'nic'.
    cumul: if True batch i also contains batches 0..i-1.
    run: which of the 10 official batch orders (0-9).
    start_batch: first incremental batch to serve (ni: 8 batches,
        multi-task-nc: 9, nic: 391).
    task_sep: give every batch its own task id.
    
    
    
    
    
    
    
    
    
    
    
    
    """

    short_names = {'ni': 'ni', 'multi-task-nc': 'nc', 'nic': 'nicv2_391'}
    n_batches = {
        'ni': 8,
        'nc': 9,
        'nicv2_391': 391
    }

    def __init__(self, root='', preload=False, scenario='ni', cumul=False,
                 run=0, start_batch=0, task_sep=False):
        """" set up """

        self.root = os.path.expanduser(root)
        self.preload = preload
        self.scen = self.short_names[scenario]
        self.cumul = cumul
        self.run = run
        self.cur = start_batch
        self.task_sep = task_sep

        if preload:
            print("reading all images...")
            raw_file = os.path.join(root, 'core50_imgs.bin')
            if os.path.exists(raw_file):
                with open(raw_file, 'rb') as fh:
                    self.x = np.fromfile(fh, dtype=np.uint8) \
                        .reshape(164866, 128, 128, 3)

            else:
                with open(os.path.join(root, 'core50_imgs.npz'), 'rb') as fh:
                    archive = np.load(fh)
                    self.x = archive['x']
                    print("caching a raw copy for next time...")
                    self.x.tofile(raw_file)

        print("reading paths...")
        with open(os.path.join(root, 'paths.pkl'), 'rb') as fh:
            self.paths = pkl.load(fh)

        print("reading lookup table...")
        with open(os.path.join(root, 'LUP.pkl'), 'rb') as fh:
            self.LUP = pkl.load(fh)

        print("reading labels...")
        with open(os.path.join(root, 'labels.pkl'), 'rb') as fh:
            self.labels = pkl.load(fh)

        # task bookkeeping
        self.task_ids = []
        self.classes_of_task = []

        if self.scen == 'nc':
            self.task_sep = True
        else:
            self.task_sep = False

        print("building the batch schedule...")
        for i in range(self.n_batches[self.scen]):
            if self.task_sep:
                self.task_ids.append(i)
                self.classes_of_task.append(
                    list(set(self.labels[self.scen][run][i]))
                )
            else:
                self.task_ids.append(0)

    def __iter__(self):
        return self

    def __next__(self):
        """ Serve the next incremental batch (settings may be changed
            between calls). """

        scen = self.scen
        run = self.run
        b = self.cur

        if self.cur == self.n_batches[scen]:
            raise StopIteration

        # which rows belong to this batch
        if self.cumul:
            rows = []
            for i in range(self.cur + 1):
                rows += self.LUP[scen][run][i]
        else:
            rows = self.LUP[scen][run][b]

        # pixels
        if self.preload:
            bx = np.take(self.x, rows, axis=0)\
                   .astype(np.float32)
        else:
            print("reading images...")
            # file names
            files = []
            for idx in rows:
                files.append(os.path.join(self.root, self.paths[idx]))
            # decode
            bx = self.get_batch_from_paths(files).astype(np.float32)

        # labels are in memory either way
        if self.cumul:
            by = []
            for i in range(self.cur + 1):
                by += self.labels[scen][run][i]
        else:
            by = self.labels[scen][run][b]

        by = np.asarray(by, dtype=np.float32)

        # advance
        self.cur += 1

        return bx, by, self.task_ids[self.cur-1]

    next = __next__  # py2

    def get_full_valid_set(self, reduced=True):
        """
        Validation data (shared by all incremental batches).
        """

        scen = self.scen
        run = self.run
        val_rows = self.LUP[scen][run][-1]
        val_y = self.labels[scen][run][-1]

        if self.scen == 'nc':

            val_set = []
            files_of_task = {i:[] for i in range(self.n_batches[self.scen])}
            rows_of_task = {i:[] for i in range(self.n_batches[self.scen])}
            y_of_task = {i:[] for i in range(self.n_batches[self.scen])}

            for idx, y in zip(val_rows, val_y):
                for i in range(self.n_batches[self.scen]):
                    if y in self.classes_of_task[i]:
                        rows_of_task[i].append(idx)
                        y_of_task[i].append(y)
                        files_of_task[i].append(
                            os.path.join(self.root, self.paths[idx]))

            for i in range(self.n_batches[self.scen]):
                if self.preload:
                    vx = np.take(self.x, rows_of_task[i], axis=0)\
                        .astype(np.float32)
                    # print(i, len(rows_of_task[i]))
                else:
                    vx = self.get_batch_from_paths(files_of_task[i])\
                        .astype(np.float32)
                vy = np.asarray(y_of_task[i], dtype=np.float32)

                if reduced:
                    # keep every 20th example
                    keep = range(0, vy.shape[0], 20)
                    vx = np.take(vx, keep, axis=0)
                    vy = np.take(vy, keep, axis=0)

                val_set.append([(vx, vy), i])


        else:
            if self.preload:
                vx = np.take(self.x, val_rows, axis=0)\
                    .astype(np.float32)
            else:
                # file names
                files = []
                for idx in val_rows:
                    files.append(os.path.join(self.root, self.paths[idx]))

                # decode
                vx = self.get_batch_from_paths(files)\
                    .astype(np.float32)

            vy = np.asarray(val_y, dtype=np.float32)

            if reduced:
                # keep every 20th example
                keep = range(0, vy.shape[0], 20)
                vx = np.take(vx, keep, axis=0)
                vy = np.take(vy, keep, axis=0)

            val_set = [[(vx, vy), self.task_ids[self.cur - 1]]]

        return val_set

    def get_full_test_set(self):
        """
        Unlabelled challenge test images.
        """

        list_file = self.root + "test_filelist.txt"
        list_file_tasks = self.root + "test_filelist_tlabeled.txt"
        img_dir = self.root + "core50_challenge_test"

        if self.scen == 'nc':
            files = {i:[] for i in range(self.n_batches[self.scen])}
            with open(list_file_tasks, "r") as fh:
                for line in fh:
                    rel, tid = line.split()
                    files[int(tid.strip())].append(
                        os.path.join(img_dir, rel.strip()))

            test_all = []
            for i in range(self.n_batches[self.scen]):
                tx = self.get_batch_from_paths(files[i])\
                    .astype(np.float32)
                test_all.append(
                    [(tx, np.asarray([-1] * len(files[i]))), i])

        else:
            files = []
            with open(list_file, "r") as fh:
                for line in fh:
                    files.append(os.path.join(img_dir, line.strip()))
            tx = self.get_batch_from_paths(files).astype(np.float32)

            test_all = [[(tx, np.asarray([-1] * len(files))), 0]]

        return test_all


    @staticmethod
    def get_batch_from_paths(paths, compress=False, snap_dir='',
                             on_the_fly=True, verbose=False):
        """ Decode the images at the given paths into one uint8
        array. """

        # logger
        log = logging.getLogger('mylogger')

        # Unless decoding on the fly, reuse a cached array for the
        # same list of files if one was saved before; otherwise decode
        # every image and optionally cache the result.
        #
        #
        n = len(paths)
        key = md5(''.join(paths).encode('utf-8')).hexdigest()
        log.debug("paths digest: " + str(key))
        hit = False
        arr = None
        cache_file = None

        if compress:
            cache_file = snap_dir + key + ".npz"
            if os.path.exists(cache_file) and not on_the_fly:
                hit = True
                with open(cache_file, 'rb') as fh:
                    archive = np.load(fh)
                    arr, y = archive['x']
        else:
            raw_cache = snap_dir + key + "_x.bin"
            if os.path.exists(raw_cache) and not on_the_fly:
                hit = True
                with open(raw_cache, 'rb') as fh:
                    arr = np.fromfile(fh, dtype=np.uint8) \
                        .reshape(n, 128, 128, 3)

        # decode
        if not hit:
            # one array for all images
            arr = np.zeros((n, 128, 128, 3), dtype=np.uint8)

            for i, p in enumerate(paths):
                if verbose:
                    print("\r" + p + " decoded: " + str(i + 1), end='')

                arr[i] = np.array(Image.open(p))

            if verbose:
                print()

            if not on_the_fly:
                # cache it
                if compress:
                    with open(cache_file, 'wb') as g:
                        np.savez_compressed(g, x=arr)
                else:
                    arr.tofile(snap_dir + key + "_x.bin")

        assert (arr is not None), 'no images were loaded'

        return arr


if __name__ == "__main__":

    # quick check with the multi-task-nc schedule, data in ./data/
    #
    ds = CORE50(root='data/', scenario="multi-task-nc", preload=True)

    # validation
    print("validation set...")
    val = ds.get_full_valid_set()
    # test
    print("test set...")
    test = ds.get_full_test_set()

    # walk the incremental batches
    for i, (x, y, t) in enumerate(ds):

        print("----- batch {0} -----".format(i))
        print("x {0}, y {0}"
              .format(x.shape, y.shape))

        # nothing else
        pass
