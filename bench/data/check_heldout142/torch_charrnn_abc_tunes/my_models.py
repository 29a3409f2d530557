import torch
from torch.autograd import Variable
import utils
import hyperparameters as hp
import copy
import os
import numpy as np
import matplotlib.pyplot as plt

class lstm_char_rnn(torch.nn.Module):
    def __init__(self, vocab, width, n_layers, batch_size,dropout_prob=0,GRU=True):
        super(lstm_char_rnn, self).__init__()

        self.hidden_size = width
        self.num_hidden_layers = n_layers
        self.batch_size = batch_size

        self.embed = torch.nn.Embedding(vocab, width)
        self.drop = torch.nn.Dropout(dropout_prob)

        if GRU:
            self.cell = torch.nn.GRU(width, width, n_layers,dropout=dropout_prob)
        else:
            self.cell = torch.nn.LSTM(width, width, n_layers,dropout=dropout_prob)
        self.head = torch.nn.Linear(width, vocab)

    def forward(self, tokens, state):
        emb = self.embed(tokens)
        seq_out, state = self.cell(emb, state)
        logits = self.head(seq_out.view(seq_out.size(0)*seq_out.size(1),
                                                    seq_out.size(2)))

        return logits, state, seq_out

    def initialize_hidden(self):

        if hp.GRU: 
            return Variable(torch.zeros(self.num_hidden_layers, self.batch_size,
                                    self.hidden_size))
        else: 
            return (Variable(torch.zeros(self.num_hidden_layers, self.batch_size, self.hidden_size)), 
                    Variable(torch.zeros(self.num_hidden_layers, self.batch_size, self.hidden_size)))


### training loop
def train(net, opt, n_epochs, train_ids, val_ids, window,
          state0, force_epochs=False):
    """
    Runs training and validation for every epoch
    input:
        <torch obj> net: network to fit
        <torch obj> opt: a torch optimizer
        <int> n_epochs: how many epochs
        <list> train_ids: encoded training corpus
        <list> val_ids: encoded validation corpus
        <int> window: time steps per chunk
        <torch obj> state0: initial recurrent state
        <bool> force_epochs: run every epoch, ignoring early stopping
                             (keeps a fixed-size loss history)
    return:
        <OrderedDict> weights with the lowest validation loss
                      seen so far
    """
    # chunks per batch
    n_batch = net.batch_size

    stages = ['training', 'validation']
    corpora = (train_ids, val_ids)

    # loss history per stage (fixed length when every epoch is forced)
    if force_epochs:
        history = {s: [0 for _ in range(hp.stop_criterion)] for s in stages}
    else:
        history = {s: [] for s in stages} # unbounded
    lowest = None
    halt = False
    best_weights = copy.deepcopy(net.state_dict())

    for ep in range(n_epochs):
        print('\nEpoch {}/{}'.format(ep, n_epochs - 1))
        print('-' * 10)
        # a fresh order each epoch for both stages
        # (keeping validation fixed would need extra bookkeeping)
        val_order = utils.permute_list(len(val_ids),
                                                window+1, overlap=hp.overlap_data)
        train_order = utils.permute_list(len(train_ids),
                                                    window+1, overlap=hp.overlap_data)
        for k, stage in enumerate(stages):
            # pick the corpus and mode for this stage
            corpus = corpora[k]

            if stage == 'training':
                # an lr schedule would step here
                order = train_order
                net.train(True)
            else:
                order = val_order
                net.train(False)

            # only the loss is tracked
            loss_sum = 0.0
            n_done = 0

            # loop until the positions run out
            while True:
                # cut one batch
                xb, yb, starts = utils.create_batch(corpus, order,
                                                               n_batch, window)
                if xb is None:
                    # no positions left in this stage
                    print('{} pass of this epoch complete'.format(stage))
                    break

                # progress print
                if n_done%1000 == 0:
                    print("Chunks {}-{}".format(n_batch * n_done, 
                                                             n_batch * (n_done+n_batch)))
                n_done += 1

                # to tensors
                xt = Variable(torch.LongTensor(xb))
                yt = Variable(torch.LongTensor(yb)).contiguous().view(-1)
                if hp.GPU:
                    xt = xt.cuda()
                    yt = yt.cuda()

                # every batch starts from the same initial state
                logits,_,_ = net(xt, state0)
                 
                loss = hp.loss_function(logits/hp.temperature, yt)

                opt.zero_grad()
                # update only in the training stage
                if stage == 'training':
                    loss.backward() # gradients
                    opt.step()

                # accumulate the scalar loss
                loss_sum += loss.data[0]

            # mean loss of the stage
            history[stage].append(loss_sum/n_done)
            '''
            if not force_epochs:
                history[stage].append(loss_sum/n_done)
            else:
                history[stage] = utils.shift_list(history[stage],
                                                      loss_sum/n_done)
            '''                                

            print('{} loss:\t{}\n'.format(stage, history[stage][-1]))
            # after validation: checkpointing and early stopping
            if stage == 'validation':
                # first validation sets the reference
                if lowest is None:
                    lowest = history[stage][-1]

                # keep the weights when validation improves
                if history[stage][-1] < lowest:
                    best_weights = copy.deepcopy(net.state_dict())

                    if force_epochs:
                        # also write them to disk
                        torch.save(best_weights, hp.save_file_progress)
                    best_weights = copy.deepcopy(net.state_dict())
                    lowest = history[stage][-1]

                # forced runs skip early stopping
                # otherwise stop once validation rose stop_criterion times
                if not force_epochs and ep >= hp.stop_criterion:
                    tail = history[stage][-hp.stop_criterion:]
                    if utils.monotonic_increase(tail):
                        halt = True

        final_weights = copy.deepcopy(net.state_dict())
        if halt:
            # leave the epoch loop as well
            print('Validation loss rose {} epochs in a row!'.format(hp.stop_criterion))
            print('Lowest validation loss: {}\n'.format(lowest))
            print('Restoring the best weights...')
            net.load_state_dict(best_weights)
            print('Weights restored')
            
            '''
            
            # TODO curves
            plt.plot(np.trim_zeros(np.array(history[stages[0]])),label='Train')
            plt.plot(np.trim_zeros(np.array(history[stages[1]])),label='Validation')
            plt.xlabel('Epochs')
            plt.ylabel('Loss')
            plt.legend()
            plt.show()
            break
            '''

    # enable to draw the loss curves
    '''
    plt.plot(np.trim_zeros(np.array(history[stages[0]])),label='Train')
    plt.plot(np.trim_zeros(np.array(history[stages[1]])),label='Validation')
    plt.xlabel('Epochs')
    plt.ylabel('Loss')
    plt.title("Loss per epoch")
    plt.legend()
    plt.show()
    '''
    
    np.save('../losses/'+hp.save_string+'.npy', np.vstack((np.trim_zeros(np.array(history[stages[0]])),np.trim_zeros(np.array(history[stages[1]])))))

    return best_weights, final_weights


### sampling
def generate(weights_path, net, temperature, n_chars, out_path, till_end=True ):


    if os.path.exists(weights_path):
        net.load_state_dict(torch.load(weights_path))
    else:
        raise ValueError('Weights file missing.')

    
    # fresh zero state for a single stream
    net.batch_size = 1
    state = net.initialize_hidden()

    if hp.GPU:
        if hp.GRU: 
            state = state.cuda()
        else: 
            state = (state[0].cuda(), state[1].cuda())

    net.train(False)

    # warm the state with a tune header
    if hp.use_custom_startend:
        prefix = hp.start_sub + '\nX'
    else:
        prefix = hp.start_orig + '\nX'

    for c in prefix:
        x1 = Variable(torch.LongTensor([hp.char2int_cypher[c]])).view(1,-1)
        if hp.GPU:
            x1 = x1.cuda()

        logits, state, seq_out = net(x1, state)

    last_char = prefix[-1]
    last_id = hp.char2int_cypher[last_char]
    text = prefix
    acts = []
    k=0
    while True:
        if not till_end and k >= n_chars:
            # fixed length requested
            break
        if till_end and last_char == hp.end_sub:
            break
            
        x1 = Variable(torch.LongTensor([last_id])).view(1, -1)
        if hp.GPU:
            x1 = x1.cuda()

        logits, state, seq_out = net(x1, state)
        seq_out = seq_out.view(-1)
        acts.append(seq_out.cpu().data.numpy())

        # sample the next character
        probs = torch.nn.functional.softmax(logits/temperature)
        last_id = int(torch.multinomial(probs,1).cpu().data[0].numpy())       

        last_char = hp.int2char_cypher[last_id]
        text += last_char
        k+=1

    fh = open(out_path, "w")
    fh.write(text)
    fh.close()

    print("sampled text = ", text)
    #return text[len(prefix):],np.array(acts)
    return text,np.array(acts)

def visualize(text, acts, map_width, map_height):
    """
    Heat maps of each hidden unit over the sampled text
    input:
        <str> text: the sampled characters
        <np.array> acts: hidden activations per sampled character
            (n_chars x width)
    """
    labels_for = {'\n':'nl', ' ':'sp'}

    for unit in acts.T: 
        grid = unit.reshape(map_height, map_width)
        
        #grid = np.flipud(grid)
        

        plt.figure(figsize = (10,10))
        hm = plt.pcolor(grid,cmap='bwr')

        for r in range(grid.shape[0]):
            for c in range(grid.shape[1]):
                try:
                    ch = text[r*map_width + c]
                except Exception as e:
                    break
                if ch in labels_for: 
                    ch = labels_for[ch]

                plt.text(c + 0.5, r + 0.5, ch,
                    horizontalalignment='center',
                    verticalalignment='center',fontsize = 12)
        plt.colorbar(hm)
        plt.gca().invert_yaxis()

        plt.show()
    
    
    

