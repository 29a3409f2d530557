import numpy as np
from keras.utils import np_utils


def question_tensor_per_step(qs, word_model, n_steps):
    '''
    Word vectors of each question token laid out over time

    qs: list of unicode questions
    word_model: a spacy.en English() pipeline
    n_steps: how many time steps to keep

    Returns
    an array shaped (n_questions, n_steps, vector_dim)
    '''
    assert not isinstance(qs, basestring)
    n = len(qs)
    vdim = word_model(qs[0])[0].vector.shape[0]
    out = np.zeros((n, n_steps, vdim))
    for a in xrange(len(qs)):
        toks = word_model(qs[a])
        for b in xrange(len(toks)):
            if b<n_steps:
                out[a,b,:] = toks[b].vector

    return out

def question_vectors_summed(qs, word_model):
    '''
    One vector per question: the sum of its token vectors

    qs: list of unicode questions
    word_model: a spacy.en English() pipeline

    Returns
    an array shaped (n_questions, vector_dim)
    '''
    assert not isinstance(qs, basestring)
    n = len(qs)
    vdim = word_model(qs[0])[0].vector.shape[0]
    out = np.zeros((n, vdim))
    for a in xrange(len(qs)):
        toks = word_model(qs[a])
        for b in xrange(len(toks)):
            out[a,:] += toks[b].vector

    return out

def answers_to_onehot(ans, enc):
    '''
    Answer strings to one-hot class rows

    ans: list of unicode answers
    enc: a fitted scikit-learn LabelEncoder

    Returns
    an array shaped (n_answers, n_classes)
    '''
    assert not isinstance(ans, basestring)
    ids = enc.transform(ans) #strings to class ids
    k = enc.classes_.shape[0]
    onehot = np_utils.to_categorical(ids, k)
    return onehot

def cnn_rows_for_batch(coco_ids, col_of, feats):
    '''
    Pick the 4096-d CNN vector of every COCO image in the
    batch

    coco_ids: list of COCO ids as strings, one per
              sample
    col_of: dict from COCO id to the column of that image
            in the feature matrix
    feats: array shaped (n_dims, n_images)

    Returns
    an array shaped (n_samples, n_dims)
    '''
    assert not isinstance(coco_ids, basestring)
    n = len(coco_ids)
    d = feats.shape[0]
    rows = np.zeros((n, d))
    for a in xrange(len(coco_ids)):
        rows[a,:] = feats[:,col_of[coco_ids[a]]]

    return rows
