n_pairs,SEQ_LEN,N_WORDS = 143865, 20, 15000
dec_target_onehot = np.zeros((n_pairs, SEQ_LEN, N_WORDS), dtype="float32")
