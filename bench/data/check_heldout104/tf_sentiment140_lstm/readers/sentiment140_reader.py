""" Reader for the 1.6M tweet polarity corpus

.. _Style notes
    https://example.invalid/style
"""

__copyright__ = 'Copyright, the authors'
__author__ = 'tweet polarity authors'

# standard libraries
import os
# local libraries
from readers.reader import Reader
# third parties libraries
import pandas as pd


class Sentiment140Reader(Reader):
    """Reader for the Sentiment140 tweets

    Fills in the abstract part of Reader.
    """
    def __init__(self):
        """Sets the corpus name

        The name selects this reader from the command line and is
        also the name of the corpus folder.
        """
        super(Sentiment140Reader, self).__init__("sentiment140")

    def _get_dataset(self, dataset_dir):
        """Reads the corpus from disk.

        Implements the abstract method.

        Args:
            dataset_dir (str): folder holding the corpus.

        Returns:
            pandas.core.frame.DataFrame: tweets and their labels.
        """
        fname = 'training.1600000.processed.noemoticon.csv'
        fpath = os.path.join("datasets", dataset_dir, fname)
        names = ['sentiment','id','date','query_string','user','text']
        frame = pd.read_csv(fpath, header=None, names=names, encoding="ISO-8859-1")

        # drop the columns not needed
        frame.drop(['id','date','query_string','user'], axis=1, inplace=True)

        # map labels 0/4 to 0/1
        frame["sentiment"] = frame.sentiment.map({0: 0, 4: 1})
        # column names kept as they are
        # frame.rename(columns={'text': 'X', 'sentiment': 'y'}, inplace=True)

        return frame
