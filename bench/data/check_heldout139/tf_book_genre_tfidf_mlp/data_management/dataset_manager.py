import platform as pf
import pandas as pd
import math
import nltk
from nltk.stem import WordNetLemmatizer
from nltk.stem.snowball import SnowballStemmer
import ast
from sklearn.model_selection import train_test_split
import numpy as np
from scipy import sparse

if pf.system() == "Linux":
    RAW_FILE = "../../dataset/booksummaries.txt"
elif pf.system() == "Windows":
    RAW_FILE = "..\\..\\dataset\\booksummaries.txt"

if pf.system() == "Linux":
    CLEAN_FILE = "../../dataset/booksummaries_clean.csv"
elif pf.system() == "Windows":
    CLEAN_FILE = "..\\..\\dataset\\booksummaries_clean.csv"


class SummaryStore:

    def __init__(self):
        self.frame = None
        self.genre_counts = {' Fiction': 0, ' Speculative fiction': 0, ' Science Fiction': 0, ' Novel': 0, ' Fantasy': 0,
                                     " Children's literature": 0, ' Mystery': 0, ' Young adult literature': 0, ' Suspense': 0,
                                     ' Crime Fiction': 0, ' Historical novel': 0, ' Thriller': 0, ' Horror': 0, ' Romance novel': 0,
                                     ' Historical fiction': 0, ' Detective fiction': 0, ' Adventure novel': 0, ' Non-fiction': 0,
                                     ' Alternate history': 0, ' Spy fiction': 0, ' Comedy': 0, ' Dystopia': 0, ' Autobiography': 0,
                                     ' Satire': 0, ' Gothic fiction': 0, ' Comic novel': 0, ' Biography': 0}

    def load_raw(self):

        frame = pd.read_csv(RAW_FILE, sep="\t", header=None)
        frame.columns = ["ID", "Code", "Title", "Author", "Release_Date", "Genre", "Summary"]
        # the row number serves as the id
        frame = frame.filter(items=["Title", "Author", "Release_Date", "Genre", "Summary"])
        # books without a genre are dropped
        frame = frame.dropna(subset=["Genre"])
        # fresh index
        frame = frame.reset_index(drop=True)

        self.frame = frame
        return frame

    def clean(self, multi_genre=False):

        work = self.frame
        # lower-case the summaries
        work["Summary"] = work["Summary"].map(lambda s: s.lower())
        # strip digits
        work["Summary"] = work["Summary"].str.replace('\d+', '')
        # strip punctuation
        work["Summary"] = work["Summary"].str.replace('[^\w\s]', '')
        # reduce the genre field
        if not multi_genre:
            work["Genre"] = work["Genre"].map(lambda g: self.pick_genre(g))
        else:
            work["GenreList"] = work["Genre"].map(lambda g: self.pick_genres(g))
            work["Genre"] = work["Genre"].map(lambda g: self.pick_genre(g, multi_genre=True))
        # books left without a genre are dropped
        work = work.dropna(subset=["Genre"])
        # fresh index
        work = work.reset_index(drop=True)
        # write the cleaned table
        work.to_csv(RAW_FILE[0:-17] + "booksummaries_clean.csv", sep='\t', index_label=False)

        return work

    def load_clean(self):
        # the whole cleaned table
        frame = pd.read_csv(CLEAN_FILE, sep="\t")
        self.frame = frame

        return frame

    def load_clean_lists(self):
        # the whole cleaned table, as two lists
        frame = pd.read_csv(CLEAN_FILE, sep="\t")
        self.frame = frame

        texts = list(frame["Summary"])
        genres = list(frame["Genre"])

        return texts, genres

    def pick_genre(self, raw, multi_genre=False):
        if raw is float and math.isnan(raw):
            return
        # drop the braces
        raw = raw.strip("{}")
        # one entry per comma
        raw = raw.split(",")
        chosen = ""
        seen_first = 0
        for g in raw:
            # keep only the name part
            g = g.split(":")[1].replace("\"", "")
            # every kind of "... fiction" becomes " Fiction"
            words = g.split(" ")
            if len(words) > 2 and not multi_genre:
                if words[2] == "fiction" or words[2] == "Fiction":
                    g = " Fiction"

            counts = self.genre_counts

            if g in counts:
                # prefer rarer genres to balance the classes
                # the first match is taken as a start
                if seen_first == 0:
                    chosen = g
                    seen_first = 1
                # switch to the rarer genre
                if counts[g] <= counts[chosen]:
                    chosen = g
        # was anything chosen
        if chosen != "":
            self.genre_counts[chosen] += 1
        else:
            return
        # the genre for this book
        return chosen

    def pick_genres(self, raw):
        if raw is float and math.isnan(raw):
            return
        # drop the braces
        raw = raw.strip("{}")
        # one entry per comma
        raw = raw.split(",")
        chosen = []

        for g in raw:
            # keep only the name part
            g = g.split(":")[1].replace("\"", "")
            # keep the known genres
            if g in self.genre_counts:
                chosen.append(g)

        if chosen is []:
            return
        else:
            return chosen


    def lemmatize(self, texts=None):
        if texts is None:
            texts = self.frame["Summary"]

        # wordnet lemmatiser
        nltk.download("wordnet")
        lem = WordNetLemmatizer()
        # every word of every summary
        texts = [' '.join([lem.lemmatize(w) for w in s.split(' ')]) for s in texts]

        return texts

    def stem(self, texts=None):
        if texts is None:
            texts = self.frame["Summary"]
        # snowball stemmer
        st = SnowballStemmer('english')
        # every word of every summary
        texts = [' '.join([st.stem(w) for w in s.split(' ')]) for s in texts]

        return texts

    def split_by_genre(self, frame=None, test_per=20):
        if frame is None:
            frame = self.frame
        # two empty tables
        tr = pd.DataFrame()
        te = pd.DataFrame()

        groups = []
        for g, sub in frame.groupby('Genre'):
            # one table per genre
            groups.append(sub.reset_index(drop=True))

        for sub in groups:
            # rows that go to the test part
            n_te = int((test_per / 100) * len(sub))
            # add the rows to the two tables
            te = te.append([sub[0:n_te]], ignore_index=True)
            tr = tr.append([sub[n_te:]], ignore_index=True)

        # 
        # shuffled copies of both parts
        return tr.sample(frac=1).reset_index(drop=True), \
               te.sample(frac=1).reset_index(drop=True)

    def split_multi(self, frame=None, test_per=20):
        # default to the stored table
        if frame is None:
            frame = self.frame
        # fraction for the test part
        frac = test_per/100
        # random split
        tr, te = train_test_split(frame, test_size=frac, shuffle=True)
        # the set of all genres present
        names = set()

        for gl in frame["GenreList"]:
            gl = ast.literal_eval(gl)
            for g in gl:
                names.add(g)

        return tr, te, names

    def labels_to_matrix(self, frame, genre_ids):
        # accept a table or the column itself
        if isinstance(frame, pd.DataFrame):
            frame = frame["GenreList"]
        rows = []
        for gl in frame:
            gl = ast.literal_eval(gl)
            # one slot per genre
            row = [0] * len(genre_ids)
            for g in gl:
                # mark it
                row[genre_ids[g]] = 1
            # keep the row
            rows.append(row)
        # to a sparse matrix
        dense = np.array(rows)
        rows = sparse.lil_matrix(dense)

        return rows
