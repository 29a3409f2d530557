# Text cleaning helpers and a tf-idf feature builder
# used by the simpler baselines.
# course project, spring term
#   
# Parts follow a public blog walkthrough on
# fine-tuning BERT for sentence classification

import re
import os
import pickle
import numpy as np
from nltk.corpus import stopwords
from sklearn.feature_extraction.text import TfidfVectorizer

# Normalises one comment for the bayes and
# small transformer baselines
def plain_clean(text):

    # lower case
    text = text.lower()
    # expand n't
    text = re.sub(r"\'t", " not", text)
    # strip @handles
    text = re.sub(r'(@.*?)[\s]', ' ', text)
    # space out punctuation, then drop it except '?'
    text = re.sub(r'([\'\"\.\(\)\!\?\\\/\,])', r' \1 ', text)
    text = re.sub(r'[^\w\s\?]', ' ', text)
    # a few more symbols
    text = re.sub(r'([\;\:\|•«\n])', ' ', text)
    # stopwords out, but keep 'not' and 'can'
    text = " ".join([w for w in text.split()
                  if w not in stopwords.words('english')
                  or w in ['not', 'can']])
    # squeeze spaces
    text = re.sub(r'\s+', ' ', text).strip()

    return text
 
# Reads cleaned comments from a cache file, or cleans
# them and writes the cache
def clean_all(comments, tag):

    cache = '../data/processed/clean_' + tag.lower() + '.p' 

    # Cached already: read it back
    if os.path.exists(cache):

        cleaned = pickle.load(open(cache, 'rb'))
        print('read clean_{} from the cache'.format(tag.lower()))

    # Otherwise clean every comment and cache the result
    else:

        cleaned = []

        with tqdm(comments) as bar:

            bar.set_description('{} split'.format(tag))

            for text in bar:
                cleaned.append(plain_clean(text))

        # write the cache
        pickle.dump(cleaned, open(cache, 'wb'))

    return np.array(cleaned)


# tf-idf features for the two splits
# 
def tfidf_features(x_train, x_test):

    vec = TfidfVectorizer(ngram_range=(1, 3), binary=True, smooth_idf=False)
    
    x_train_vec = vec.fit_transform(x_train)
    x_test_vec = vec.transform(x_test)

    return x_train_vec, x_test_vec

# Light cleaning for the BERT input
def bert_clean(text):

    # strip @handles
    text = re.sub(r'(@.*?)[\s]', ' ', text)

    # html ampersand
    text = re.sub(r'&amp;', '&', text)

    # squeeze spaces
    text = re.sub(r'\s+', ' ', text).strip()

    return text
