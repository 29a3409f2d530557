doc_vectors = np.zeros(shape=(n_docs, max_words_per_doc, w2v_dim)).astype('float32')
