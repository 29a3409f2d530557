import re
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from nltk.stem.wordnet import WordNetLemmatizer

import constants as c

LEMMA = WordNetLemmatizer()

def lemmatizer(word):
    """Returns: the lemma of words with 4+ characters
    """
    if len(word)<4:
        return word
    return LEMMA.lemmatize(LEMMA.lemmatize(word, "n"), "v")

def clean_string(string): # replacement list taken from a Kaggle kernel
    """Returns: normalized, lemmatized text
    """
    string = string.lower().replace(",000,000", "m").replace(",000", "k").replace("′", "'").replace("’", "'") \
        .replace("won't", "will not").replace("cannot", "can not").replace("can't", "can not") \
        .replace("n't", " not").replace("what's", "what is").replace("it's", "it is") \
        .replace("'ve", " have").replace("i'm", "i am").replace("'re", " are") \
        .replace("he's", "he is").replace("she's", "she is").replace("'s", " own") \
        .replace("%", " percent ").replace("₹", " rupee ").replace("$", " dollar ") \
        .replace("€", " euro ").replace("'ll", " will").replace("=", " equal ").replace("+", " plus ")
    string = re.sub('[“”\(\'…\)\!\^\"\.;:,\-\?？\{\}\[\]\\/\*@]', ' ', string)
    string = re.sub(r"([0-9]+)000000", r"\1m", string)
    string = re.sub(r"([0-9]+)000", r"\1k", string)
    string = ' '.join([lemmatizer(w) for w in string.split()])
    return string

def save_clean_data():
    """Writes the cleaned csv files.
    """
    tr = pd.read_csv("../data/train.csv")
    te = pd.read_csv("../data/test.csv")
    print ('cleaning train question1...')
    tr["question1"] = tr["question1"].fillna("").apply(clean_string)
    print ('cleaning train question2...')
    tr["question2"] = tr["question2"].fillna("").apply(clean_string)
    print ('cleaning test question1...')
    te["question1"] = te["question1"].fillna("").apply(clean_string)
    print ('cleaning test question2...')
    te["question2"] = te["question2"].fillna("").apply(clean_string)
    print ('writing csv files...')
    tr.to_csv('../data/train_clean.csv')
    te.to_csv('../data/test_clean.csv')
    print ('done.')

def visualize_data(csvfilepath):
    df = pd.read_csv(csvfilepath)
    qs = df['question1'].append(df['question2'])
    toks = qs.fillna("").apply(lambda x: x.split() if isinstance(x,str) else print(x))
    lens = toks.str.len()
    plt.hist(lens,bins=200)
    plt.xlabel('question length (words)')
    plt.ylabel('count')
    plt.show()

def get_example_sents(csvfilepath,length):
    df = pd.read_csv(csvfilepath)
    qs = df['question1'].append(df['question2'])
    toks = qs.fillna("").apply(lambda x: x.split() if isinstance(x,str) else print(x))
    lens = toks.str.len()
    qs = qs[lens==length]
    picks = np.random.choice(qs.index.values, 5)
    picked = qs.ix[picks]
    for _, val in picked.iteritems():
        print (val)
        print()

def exclude_sents(data):
    """Returns: the pairs left after dropping too long / too short questions.
    """
    # tokenize
    data['question1'] = data['question1'].str.split()
    data['question2'] = data['question2'].str.split()
    # drop NaN rows (floats)
    data = data.drop(data[data['question1'].apply(type)==float].index)  
    data = data.drop(data[data['question2'].apply(type)==float].index)
    # length filter
    a_long = data[data['question1'].apply(len)>c.SENT_INCLUSION_MAX].index
    a_short = data[data['question1'].apply(len)<c.SENT_INCLUSION_MIN].index
    b_long = data[data['question2'].apply(len)>c.SENT_INCLUSION_MAX].index
    b_short = data[data['question2'].apply(len)<c.SENT_INCLUSION_MIN].index
    drop_idx = a_long.union(a_short).union(b_long).union(b_short)
    data = data.drop(drop_idx)
    data['question1'] = data['question1'].apply(' '.join)
    data['question2'] = data['question2'].apply(' '.join)
    return data

def train_val_split(data,fold_num):
    """Shuffles, then returns (train, validation) for the given fold.
    """
    shuffled = data.sample(n=len(data),random_state=27)
    parts = np.array_split(shuffled,c.NUM_FOLDS)
    va = parts[fold_num]
    del parts[fold_num]
    tr = pd.concat(parts)
    return tr, va

def augment_single_data(data):
    """- data: pd.DataFrame
    """
    # augmentation 1: swap question order
    flipped = data.copy()
    flipped['question1'],flipped['question2']=flipped['question2'].copy(),flipped['question1'].copy()
    data = data.append(flipped)
    # augmentation 2: every question duplicates itself
    selfpairs = pd.DataFrame(columns=data.columns)
    uniq = data['question1'].unique() # question1 suffices after the swap
    selfpairs['question1'], selfpairs['question2'] = uniq, uniq
    selfpairs['is_duplicate'] = [1]*len(uniq)
    data = data.append(selfpairs)
    # fresh index
    data.index = range(len(data))
    # remove repeated pairs
    data = data.drop_duplicates(subset=['question1','question2'])
    return data

def augmented(filepath,*,method,fold_num):
    """Modes:
        - AUG_POOLED: augment everything, then split
        - AUG_SEPARATE: split, then augment both parts
        - AUG_TRAIN: split, augment only the training part
    """
    print("augmenting...")
    data = pd.read_csv(filepath)
    data = exclude_sents(data)
    if method=='AUG_SEPARATE':
        tr, va = train_val_split(data,fold_num)
        tr = augment_single_data(tr)
        va = augment_single_data(va)
        return tr, va
    if method=='AUG_POOLED':
        data = augment_single_data(data)
        tr, va = train_val_split(data,fold_num)
        return tr, va
    if method=='AUG_TRAIN':
        tr, va = train_val_split(data,fold_num)
        tr = augment_single_data(tr)
        return tr, va

if __name__=="__main__":
    tr,va = augmented('../data/train_clean.csv',method='AUG_TRAIN',fold_num=0)
    print(len(tr))
