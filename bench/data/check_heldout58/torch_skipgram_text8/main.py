from embedder import SkipGramTrainer

# corpus and model set-up
sg = SkipGramTrainer(data_path='text8',
                    vocabulary_size=50000,
                    embedding_size=300)

# first ids of the encoded corpus
print(sg.data[:10])

# [[token, frequency], ...]
# position in the list is the token id
print(sg.word_count[:10])

# id -> token
print(sg.index2word[34])

# token -> id
print(sg.word2index['hello'])

# run the optimisation
sg.train(train_steps=200000,
               skip_window=1,
               num_skips=2,
               num_neg=20,
               output_dir='out/run-1')


# write vectors as text
sg.save_vector_txt(path_dir='out/run-1')

# vectors as nested lists
vecs = sg.get_list_vector()
print(vecs[123])
print(vecs[sg.word2index['hello']])

# neighbours of a token
neighbours = sg.most_similar('one', top_k=8)
print(neighbours)

# resume from a checkpoint
# sg.load_model('out/run-1/model_step200000.pt')
