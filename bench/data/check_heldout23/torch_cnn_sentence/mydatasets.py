import re
import os
import random
import tarfile
import urllib
from torchtext import data


class ArchiveTextDataset(data.Dataset):
    """Text data set that comes as a .tar.gz to fetch and unpack.

    Class attributes:
        archive_url: where the archive is served.
        archive_file: local name of the archive.
        folder_name: folder the archive unpacks into,
            holding the raw text files.
    """

    @classmethod
    def fetch_and_unpack(cls, root_dir):
        data_path = os.path.join(root_dir, cls.folder_name)
        if not os.path.isdir(data_path):
            archive_path = os.path.join(root_dir, cls.archive_file)
            if not os.path.isfile(archive_path):
                print('fetching the archive')
                urllib.request.urlretrieve(cls.archive_url, archive_path)
            with tarfile.open(archive_path, 'r') as archive:
                print('unpacking the archive')
                archive.extractall(root_dir)
        return os.path.join(data_path, '')


class MovieReviews(ArchiveTextDataset):

    archive_url = 'https://www.cs.cornell.edu/people/pabo/movie-review-data/rt-polaritydata.tar.gz'
    archive_file = 'rt-polaritydata.tar.gz'
    folder_name = 'rt-polaritydata'

    @staticmethod
    def sort_key(example_obj):
        return len(example_obj.text)

    def __init__(self, text_column, label_column, data_path=None, review_examples=None, **extra_kw):
        """Movie-review polarity sentences, as torchtext Examples.

        Arguments:
            text_column: torchtext Field for the sentence.
            label_column: torchtext Field for the polarity.
            data_path: folder holding rt-polarity.neg / .pos.
            review_examples: ready Examples (skips reading the files).
            Any other keyword goes on to
                data.Dataset.
        """
        def normalize_sentence(sentence):
            """
            Split punctuation and clitics off and squeeze whitespace
            (the usual Kim-2014 style sentence cleanup).
            """
            sentence = re.sub(r"[^A-Za-z0-9(),!?\'\`]", " ", sentence)
            sentence = re.sub(r"\'s", " \'s", sentence)
            sentence = re.sub(r"\'ve", " \'ve", sentence)
            sentence = re.sub(r"n\'t", " n\'t", sentence)
            sentence = re.sub(r"\'re", " \'re", sentence)
            sentence = re.sub(r"\'d", " \'d", sentence)
            sentence = re.sub(r"\'ll", " \'ll", sentence)
            sentence = re.sub(r",", " , ", sentence)
            sentence = re.sub(r"!", " ! ", sentence)
            sentence = re.sub(r"\(", " \( ", sentence)
            sentence = re.sub(r"\)", " \) ", sentence)
            sentence = re.sub(r"\?", " \? ", sentence)
            sentence = re.sub(r"\s{2,}", " ", sentence)
            return sentence.strip()

        text_column.preprocessing = data.Pipeline(normalize_sentence)
        field_pairs = [('text', text_column), ('label', label_column)]

        if review_examples is None:
            data_path = self.folder_name if data_path is None else data_path
            review_examples = []
            with open(os.path.join(data_path, 'rt-polarity.neg'), errors='ignore') as fh:
                review_examples += [
                    data.Example.fromlist([review_line, 'negative'], field_pairs) for review_line in fh]
            with open(os.path.join(data_path, 'rt-polarity.pos'), errors='ignore') as fh:
                review_examples += [
                    data.Example.fromlist([review_line, 'positive'], field_pairs) for review_line in fh]
        super(MovieReviews, self).__init__(review_examples, field_pairs, **extra_kw)

    @classmethod
    def make_splits(cls, text_column, label_column, dev_share=.1, shuffle_first=True, root_dir='.', **extra_kw):
        """Build a train and a dev MovieReviews set.

        Arguments:
            text_column: torchtext Field for the sentence.
            label_column: torchtext Field for the polarity.
            dev_share: fraction of sentences held out as dev.
            shuffle_first: shuffle before cutting off the dev part.
            root_dir: where the archive is fetched and
                unpacked; the sentence files end up
                below it.
            (no separate train file name is used)
            Any other keyword goes on to the
                constructor.
        """
        data_path = cls.fetch_and_unpack(root_dir)
        review_examples = cls(text_column, label_column, data_path=data_path, **extra_kw).examples
        if shuffle_first: random.shuffle(review_examples)
        dev_cut = -1 * int(dev_share*len(review_examples))

        return (cls(text_column, label_column, review_examples=review_examples[:dev_cut]),
                cls(text_column, label_column, review_examples=review_examples[dev_cut:]))
