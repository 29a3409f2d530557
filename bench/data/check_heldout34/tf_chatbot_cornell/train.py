import numpy as np
import gc

import config as conf
import utils
from model import ContextAnswerNet

# run settings
N_EPOCHS = 30
BATCH = 512
N_CHUNKS = 10
VAL_PAIRS = 2000

weights_path = "model_weights.h5"

# when set, start from the weights file named above
continue_from_weights = False


def build_teacher_forcing_batch(context_rows, answer_rows):
    n_targets = 0
    for i, answer_ids in enumerate(answer_rows):
        eos_pos = np.where(answer_ids==conf.EOS_ID)[0][0] # index of the end-of-sentence token
        n_targets += eos_pos

    context_in = np.zeros((n_targets,conf.SEQ_LEN), dtype="int16")
    answer_prefix_in = np.zeros((n_targets,conf.SEQ_LEN), dtype="int16")
    next_word_labels = np.zeros((n_targets,conf.VOCAB_SIZE), dtype="int16")

    # one row per target word of every answer
    row = 0
    for i, answer_ids in enumerate(answer_rows):
        prefix = np.zeros((1,conf.SEQ_LEN))
        
        eos_pos = np.where(answer_ids==conf.EOS_ID)[0][0]  # index of the end-of-sentence token

        # walk the words of this answer
        for k in range(1,eos_pos+1):
            # the target word as a one-hot row
            onehot_row = np.zeros((1, conf.VOCAB_SIZE))
            onehot_row[0, answer_ids[k]] = 1

            # answer words seen so far
            prefix[0,-k:] = answer_ids[0:k]

            # teacher forcing: the true prefix is fed back in

            context_in[row, :] = context_rows[i:i+1] 
            answer_prefix_in[row, :] = prefix 
            next_word_labels[row, :] = onehot_row
            row += 1

    return context_in,answer_prefix_in,next_word_labels


def run_training():
    # word list
    id_to_word, _ = utils.load_vocab()

    # build the network
    if continue_from_weights:
        model = ContextAnswerNet(weights_path=weights_path)
    else:
        model = ContextAnswerNet(glove_matrix=utils.load_glove_matrix(id_to_word))
    
    # token-id sequences for contexts and answers
    contexts, answers = utils.load_train_sequences()

    print("pairs read:", contexts.shape[0])

    print("first pair")
    print(utils.ids_to_sentence(contexts[0], id_to_word))
    print(utils.ids_to_sentence(answers[0], id_to_word))

    val_contexts = contexts[:VAL_PAIRS,:]
    val_answers = answers[:VAL_PAIRS,:]
    contexts = contexts[VAL_PAIRS:, :]
    answers = answers[VAL_PAIRS:, :]
    
    n_train_pairs = len(contexts) - VAL_PAIRS

    chunk_len = round(n_train_pairs / N_CHUNKS)

    # teacher-forcing rows for the held-out pairs
    val_context_in, val_answer_prefix_in, val_next_word_labels = build_teacher_forcing_batch(val_contexts, val_answers)

    # epochs
    for epoch in range(N_EPOCHS):
        print("\n--- epoch", epoch+1, "\n")
        # one chunk of pairs at a time to limit RAM
        for chunk_start in range(0,n_train_pairs,chunk_len):
            print("epoch %d, pairs %d - %d" % (epoch+1, chunk_start, chunk_start + chunk_len))
            
            context_in,answer_prefix_in,next_word_labels = build_teacher_forcing_batch(contexts[chunk_start:chunk_start+chunk_len], answers[chunk_start:chunk_start+chunk_len])
            model.fit([context_in, answer_prefix_in], next_word_labels, batch_size=BATCH, epochs=1)

            # free the chunk before the next one
            del context_in
            del answer_prefix_in
            del next_word_labels
            gc.collect()
        
        print("scoring the held-out pairs...")
        val_loss, val_acc = model.evaluate([val_context_in, val_answer_prefix_in], val_next_word_labels, verbose=0)
        print("val accuracy: %f, val loss = %f"%(val_acc, val_loss))
                
        model.save_weights(weights_path, overwrite=True)

if __name__ == "__main__":
    run_training()