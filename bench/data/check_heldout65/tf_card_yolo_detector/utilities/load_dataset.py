
import cv2
import utilities.folder_utils as fu
import os
import numpy as np

def load_dataset(folder, extension='.jpg'):

    files = fu.list_files(folder, extension)

    frames = []

    for f in files:
        frames.append(cv2.imread(f))

    return np.array(frames)


def load_batch(folder, files, a, b):
    """
    Reads one slice of the file list.
    :param files: the file list to slice.
    :return: the pictures and their label rows.
    """
    chunk = []
    rows = load_all_labels(folder)

    for f in files[a: b]:

        chunk.append(cv2.imread(f))

    return np.array(chunk), np.array(rows[a: b])


def load_all_labels(folder, squeeze_dims=False):
    """
    Reads every label row of the folder.
    :param folder: where labels.txt lives.
    :return: the label array.
    """
    label_path = os.path.join(folder, 'labels.txt')

    shape = []
    rows = []

    with open(label_path, 'r') as fh:

        shape = [int(v) for v in next(fh).split('\t')]

        line = next(fh, '')

        while not line == '':
            rows.append([float(v) if not v == 'None' else None for v in line.split()])

            line = next(fh, '')

    if squeeze_dims:
        shape = [shape[0],  int(np.prod(shape[1:]))]

    return np.reshape(rows, shape)


def load_batch_images(folder, batch_size, extension='.jpg'):
    """
    Batches of pictures with their labels.
    :param folder: where to read from.
    :param batch_size: pictures per batch.
    :param extension: file suffix to pick.
    :return: a generator over the batches.
    """
    files = fu.list_files(folder, extension)

    spans = [(s, s + batch_size) for s in range(0, len(files), batch_size)]

    return ((load_batch(folder, files, spans[k][0], spans[k][1]), k, len(spans)) for k in range(len(spans)))
