import numpy as np

import config as conf

""" Vocabulary file as (id_to_word list, word_to_id dict). """
def load_vocab():
    with open(conf.VOCAB_PATH) as vocab_fh:
        id_to_word = [row.strip() for row in vocab_fh]
        vocab_fh.close()

        word_to_id = dict([(tok,i) for i,tok in enumerate(id_to_word)])

        return id_to_word, word_to_id


""" Context and answer id sequences as two numpy arrays. """
def load_train_sequences():
    # contexts
    with open(conf.CONTEXT_IDS_PATH) as context_fh:
        context_ids = [[int(i) for i in row.split(",")] for row in context_fh]
        context_fh.close()

    # answers
    with open(conf.ANSWER_IDS_PATH) as answer_fh:
        answer_ids = [[int(i) for i in row.split(",")] for row in answer_fh]
        answer_fh.close()

    return np.array(context_ids), np.array(answer_ids)


""" Embedding matrix built from the GloVe text file. """
def load_glove_matrix(id_to_word):
    glove_vectors = {}

    # parse every line of the GloVe file
    with open(conf.GLOVE_PATH, encoding="utf8") as glove_fh:
        for row in glove_fh:
            parts = row.split()
            token = parts[0]
            vector = np.asarray(parts[1:], dtype="float32")
            glove_vectors[token] = vector
        glove_fh.close()

    print("GloVe vectors read: %s" % len(glove_vectors))
    
    # one row per vocabulary word
    glove_matrix = np.zeros((conf.VOCAB_SIZE, conf.EMBED_DIM))
    n_missing = 0

    for i, token in enumerate(id_to_word):
        if token in glove_vectors:
            glove_matrix[i] = glove_vectors.get(token)
        else:
            # no GloVe vector: the row stays zero
            n_missing += 1
    
    print(n_missing, "of", conf.VOCAB_SIZE, "vocabulary words have no GloVe vector.")
        
    del glove_vectors

    return glove_matrix


""" Token ids back to a sentence. """
def ids_to_sentence(token_ids, id_to_word):
    sentence = ""
    for tid in token_ids:
        sentence += (id_to_word[tid] if tid < len(id_to_word) else str(tid)) + " "
    return sentence