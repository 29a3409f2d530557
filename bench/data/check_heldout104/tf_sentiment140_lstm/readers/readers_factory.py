""" Picks a corpus reader

.. _Style notes
    https://example.invalid/style
"""

__copyright__ = 'Copyright, the authors'
__author__ = 'tweet polarity authors'

# standard libraries
import os
# local libraries
from readers.sentiment140_reader import Sentiment140Reader


def get_dataset_reader(dataset_dir):
    """Returns the reader that matches a corpus folder name.

    New corpora need their reader added to the list below.

    Args:
        dataset_dir (str): corpus folder whose reader is wanted.

    Returns:
        : the reader object.
    """
    name = os.path.basename(dataset_dir)

    known = [Sentiment140Reader()]

    for rdr in known:
        if rdr.dataset_name == name:
            return rdr

    raise ValueError("No reader for corpus %s; add one to the list." % (name))
