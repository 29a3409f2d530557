from keras.preprocessing.text import Tokenizer

from keras.preprocessing.sequence import pad_sequences

# (plain keras is used below)

import os

import numpy as np 

import pandas as pd

from tqdm import tqdm

import math

from sklearn.model_selection import train_test_split

from keras.models import Model,Sequential

from keras.layers import  Dense, Bidirectional,LSTM,Dropout

from keras.optimizers import Adam

tqdm.pandas()

from gensim.models import KeyedVectors

import operator

import gc

import matplotlib.pyplot as plt


for walk_dir, _, walk_files in os.walk('/kaggle/input'):

    for walk_file in walk_files:

        print(os.path.join(walk_dir, walk_file))

train_raw=pd.read_csv("../input/quora-insincere-questions-classification/train.csv")

test_raw=pd.read_csv("../input/quora-insincere-questions-classification/test.csv")

train_x=train_raw.drop(['qid','target'],axis=1)

train_y=train_raw['target']

test_x=train_raw.drop(['qid'],axis=1)
def count_words(token_lists, show_progress =  True):

    """

    takes tokenised questions (lists of words)

    gives back word -> number of occurrences

    """

    word_counts = {}

    for tokens in tqdm(token_lists, disable = (not show_progress)):

        for w in tokens:

            try:

                word_counts[w] += 1

            except KeyError:

                word_counts[w] = 1

    return word_counts
token_lists = train_raw["question_text"].progress_apply(lambda s: s.split()).values

word_counts = count_words(token_lists)

print({k: word_counts[k] for k in list(word_counts)[:8]})
def read_word_vectors(vec_path):

    def parse_vec_line(w,*nums): 

        return w, np.asarray(nums, dtype='float32')

    

    if vec_path == '../input/quora-insincere-questions-classification/embeddings/wiki-news-300d-1M/wiki-news-300d-1M.vec':

        word_vectors = dict(parse_vec_line(*ln.split(" ")) for ln in open(vec_path) if len(ln)>100)

    else:

        word_vectors = dict(parse_vec_line(*ln.split(" ")) for ln in open(vec_path, encoding='latin'))

        

    return word_vectors
glove_vectors = read_word_vectors('../input/quora-insincere-questions-classification/embeddings/glove.840B.300d/glove.840B.300d.txt')
def coverage_report(word_counts, word_vectors):

    hit_words = {}

    miss_words = {}

    hit_count = 0

    miss_count = 0

    for w in word_counts.keys():

        try:

            hit_words[w] = word_vectors[w]

            hit_count += word_counts[w]

        except:

            miss_words[w] = word_counts[w]

            miss_count += word_counts[w]

            pass



    print('vocabulary covered by the vectors: {:.3%}'.format(len(hit_words) / len(word_counts)))

    print('running text covered by the vectors: {:.3%}'.format(hit_count / (hit_count + miss_count)))

    miss_words = sorted(miss_words.items(), key=operator.itemgetter(1))[::-1]



    return miss_words
print("GloVe coverage:")

glove_misses = coverage_report(word_counts, glove_vectors)
glove_misses[:10]
symbols = "/-'?!.,#$%\'()*+-/:;<=>@[\\]^_`{|}~" + '""“”’' + '∞θ÷α•à−β∅³π‘₹´°£€\×™√²—–&'
def missing_symbols(vectors, symbols):

    absent = ''

    for ch in symbols:

        if ch not in vectors:

            absent += ch

            absent += ' '

    return absent
print("GloVe lacks these symbols:")

print(missing_symbols(glove_vectors, symbols))
def strip_symbols(s):



    s = str(s)

    for symbols in "/-'":

        s = s.replace(symbols, ' ')

    for symbols in '&':

        s = s.replace(symbols, f' {punct} ')

    for symbols in '?!.,"#$%\'()*+-/:;<=>@[\\]^_`{|}~' + '“”’':

        s = s.replace(symbols, '')

    return s
train_raw["question_text"] = train_raw["question_text"].progress_apply(lambda s: strip_symbols(s))

token_lists = train_raw["question_text"].apply(lambda s: s.split())

word_counts = count_words(token_lists)
glove_misses = coverage_report(word_counts,glove_vectors)
glove_misses[:50]
train_raw['lowered_question'] = train_raw['question_text'].apply(lambda s: s.lower())
def add_lowercase(vectors_map, word_counts):

    n_added = 0

    for w in word_counts:

        if w in vectors_map and w.lower() not in vectors_map:  

            vectors_map[w.lower()] = vectors_map[w]

            n_added += 1

    print(f"lower-case copies added for {n_added} words")
print("GloVe coverage:")

glove_misses = coverage_report(word_counts, glove_vectors)

add_lowercase(glove_vectors, word_counts)

glove_misses = coverage_report(word_counts, glove_vectors)
glove_misses = coverage_report(word_counts,glove_vectors)
del glove_vectors

del token_lists

del word_counts

gc.collect()
word_vectors = {}

vec_file = open('../input/quora-insincere-questions-classification/embeddings/glove.840B.300d/glove.840B.300d.txt')

for raw_line in tqdm(vec_file):

    parts = raw_line.split(" ")

    w = parts[0]

    vec = np.asarray(parts[1:], dtype='float32')

    word_vectors[w] = vec

vec_file.close()



print('%s vectors read into the lookup' % len(word_vectors))
train_df,validation_df= train_test_split(train_raw, test_size=0.1)
train_df['treated_question'] = train_df['question_text'].apply(lambda s: s.lower())

validation_df['treated_question'] = validation_df['question_text'].apply(lambda s: s.lower())
train_df['treated_question'] = train_df['treated_question'].apply(lambda s: strip_symbols(s))

validation_df['treated_question'] = validation_df['treated_question'].apply(lambda s: strip_symbols(s))
y_all = train_raw['target'].values
def question_to_matrix(question):

    zero_vec = np.zeros(300)

    question = question[:-1].split()[:30]

    rows = [word_vectors.get(s, zero_vec) for s in question]

    rows+= [zero_vec] * (30 - len(rows))

    return np.array(rows)



val_X = np.array([question_to_matrix(q_text) for q_text in tqdm(validation_df["treated_question"][:3000])])

val_y = np.array(validation_df["target"][:3000])
batch_size = 128



def make_batches(train_df):

    n_steps = math.ceil(len(train_df) / batch_size)

    while True: 

        train_df = train_df.sample(frac=1.)  # new order every pass

        for k in range(n_steps):

            questions = train_df.iloc[k*batch_size:(k+1)*batch_size, 1]

            batch_X = np.array([question_to_matrix(question) for question in questions])

            yield batch_X, np.array(train_df["target"][k*batch_size:(k+1)*batch_size])
rnn_model = Sequential()

rnn_model.add(Bidirectional(LSTM(64, return_sequences=True),

                        input_shape=(30, 300)))

rnn_model.add(Bidirectional(LSTM(64)))

rnn_model.add(Dense(1, activation="sigmoid"))



rnn_model.compile(loss='binary_crossentropy',

              optimizer='adam',

              metrics=['accuracy'])
rnn_model.summary()
train_batches = make_batches(train_df)

fit_log=rnn_model.fit_generator(train_batches, epochs=10,

                    steps_per_epoch=1000,

                    validation_data=(val_X, val_y),

                    show_progress=True)
plt.figure(figsize=(12,8))

plt.plot(fit_log.history['accuracy'], label='train acc')

plt.plot(fit_log.history['val_accuracy'], label='held-out acc')

plt.show()
batch_size = 256

def make_batches(test_df):

    n_steps = math.ceil(len(test_df) / batch_size)

    for k in range(n_steps):

        questions = test_df.iloc[k*batch_size:(k+1)*batch_size, 1]

        batch_X = np.array([question_to_matrix(question) for question in questions])

        yield batch_X



test_df = test_raw



test_probs = []

for s in tqdm(make_batches(test_df)):

    test_probs.extend(rnn_model.predict(s).flatten())
test_labels = (np.array(test_probs) > 0.5).astype(np.int)



submission_df = pd.DataFrame({"qid": test_df["qid"], "prediction": test_labels})

submission_df.to_csv("submission.csv", index=False)