# standard libraries
import re
import abc
from string import digits
from string import punctuation
# third parties libraries
import pandas as pd
import numpy as np
from tqdm import tqdm
from bs4 import BeautifulSoup
from sklearn.utils import shuffle
from nltk.corpus import stopwords
from nltk.tokenize import TweetTokenizer
from sklearn.model_selection import train_test_split
from sklearn.feature_extraction.text import TfidfVectorizer

tqdm.pandas()


class Reader(object):
    """Common base of the corpus readers
    """
    def __init__(self, dataset_name):
        """Stores the corpus name

        Args:
            dataset_name (str): corpus name, given by the subclass.
        """
        self.dataset_name = dataset_name

    @abc.abstractmethod
    def _get_dataset(self, dataset_dir):
        """Subclasses implement this

        Reads the raw corpus files and returns them as a table.

        Args:
          dataset_dir (str): folder the raw corpus is read from
        """
        pass

    def read_dataset(self, dataset_dir):
        """
        """
        return self._get_dataset(dataset_dir)

    def __drop_links(self, tweet):
        """Removes links from a tweet.

        Args:
            tweet (str): the tweet.

        Returns:
            str: the tweet without links.
        """
        pattern = 'http[s]?://(?:[a-zA-Z]|[0-9]|[$-_@.&+]|[!*\(\),]|(?:%[0-9a-fA-F][0-9a-fA-F]))+'
        return re.sub(pattern, '', tweet)

    def __drop_handles(self, tweet):
        """Removes @handles from a tweet.

        Args:
            tweet(str): the tweet.

        Returns:
            str: the tweet without handles.
        """
        pattern = '@([A-Za-z0-9_]+)'
        return re.sub(pattern, '', tweet)

    def __drop_emoji(self, tokens):
        """Removes emoji tokens.

        Args:
            tokens(list): the tweet's tokens.

        Returns:
            list: the tokens without emoji.
        """
        kept = []
        for tkn in tokens:
            try:
                str(tkn)
                kept.append(tkn)
            except UnicodeEncodeError:
                pass
        return kept

    def __clean(self, tweet ):
        # lower case
        tweet = tweet.lower()
        # no links
        tweet = self.__drop_links(tweet)
        # no handles
        tweet = self.__drop_handles(tweet)
        # tokens
        tokens = TweetTokenizer(strip_handles=True, reduce_len=True).tokenize(tweet)
        # no retweet marker
        tokens = filter(lambda x: x not in ['rt'], tokens)
        # no punctuation
        tokens = filter(lambda x: x not in punctuation, tokens)
        # no digits
        tokens = filter(lambda x: x not in digits, tokens)
        # no emoji
        tokens = self.__drop_emoji(tokens)
        return " ".join(tokens)

    def chunker(self, seq, size):
        return ( seq[pos:pos + size] for pos in range(0, len(seq), size) )

    def preprocess(self, df, mode='train'):
        """
        """
        # clean every tweet
        print('Cleaning tweets ...')
        df['text'] = df.text.progress_map(self.__clean)


        # parts = list()
        # with tqdm(total=len(df.index)/5) as bar:
        #     for part in self.chunker(df, 5):
        #         vec = TfidfVectorizer(max_features=256).fit(part.text)
        #         X_part = vec.transform(part.text).toarray()
        #         parts.append(np.resize(X_part,(5,256)))
        #         bar.update(5)
        # X_all = parts[0]
        # for X_part in parts[1:]:
        #     X_all = np.concatenate((X_all, X_part), axis=0)
        # X_all = X_all[:, :, None]

        if mode == 'predict':
            return df['text']
        else:
            # shuffle rows
            df = shuffle(df)
            # hold out 10%
            X_tr, X_te, y_tr, y_te = train_test_split(df.text, df.sentiment, test_size=0.10, random_state=42)
            print("Train part: {0} tweets, {1:.2f}% negative, {2:.2f}% positive".format(len(X_tr),(len(X_tr[y_tr == 0]) / (len(X_tr)*1.))*100, (len(X_tr[y_tr == 1]) / (len(X_tr)*1.))*100))
            print("Test part: {0} tweets, {1:.2f}% negative, {2:.2f}% positive".format(len(X_te),(len(X_te[y_te == 0]) / (len(X_te)*1.))*100,(len(X_te[y_te == 1]) / (len(X_te)*1.))*100))

            return X_tr, X_te, y_tr, y_te
