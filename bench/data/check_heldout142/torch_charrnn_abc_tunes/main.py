
# coding: utf-8

# In[3]:


# imports
import torch
import utils
import my_models
import hyperparameters as hp # prints whether CUDA is on


corpora = ['sample-music.txt', 'input.txt']
# read the tune corpus as a list of class ids
ids, to_id, to_char = utils.load_music(corpora[1], use_custom=True)
# the whole corpus is about half a million characters
vocab = len(to_id) # number of distinct characters

hp.char2int_cypher = to_id
hp.int2char_cypher = to_char


# hold out the first part for validation
cut = int(len(ids) * hp.validation_size) # fraction kept for validation
val_ids = ids[:cut]
train_ids = ids[cut:]


# build the network
rnn = my_models.lstm_char_rnn(vocab, hp.hidden_size, hp.num_hidden_layers, batch_size=hp.batch_size,dropout_prob=hp.dropout,GRU=hp.GRU)
h_start = rnn.initialize_hidden()
if hp.GPU:
    if hp.GRU: 
        h_start = h_start.cuda()
    else:
        print("using the LSTM cell")
        h_start = (h_start[0].cuda(), h_start[1].cuda())
    rnn.cuda()

opt = torch.optim.Adam(rnn.parameters(), lr=0.01)
#opt = torch.optim.Adagrad(rnn.parameters(), lr=0.01)
#opt = torch.optim.RMSprop(rnn.parameters(), lr=0.01)


states = my_models.train(rnn, opt, hp.epochs, train_ids,
                       val_ids, hp.sequence_length, h_start, force_epochs=True)

best_state = states[0]
final_state = states[1]

# keep both weight sets on disk for later sampling
torch.save(best_state, hp.save_file)
torch.save(final_state, hp.save_file_progress)

sampled, activations = my_models.generate(hp.save_file, rnn, hp.temperature, hp.prediction_length, hp.generate_best_file, hp.till_end)
_,_ = my_models.generate(hp.save_file_progress, rnn, hp.temperature, hp.prediction_length, hp.generate_last_file, hp.till_end)



# enable these two lines to draw the neuron heat maps
#rows = int(hp.prediction_length / hp.map_width)
#my_models.visualize(sampled, activations, map_width=hp.map_width, map_height=rows)


