# word-level LSTM language model on Penn Treebank, trained with truncated BPTT
# (loosely follows https://github.com/pytorch/examples/tree/master/word_language_model)
import torch
import torch.nn as nn
import numpy as np
import os
from torch.nn.utils import clip_grad_norm_


# ---- vocabulary and corpus reading (data_utils.py, inlined) ----
class Vocab(object):
    def __init__(self):
        self.tok_to_id = {}
        self.id_to_tok = {}
        self.next_id = 0

    def add_token(self, tok):
        if not tok in self.tok_to_id:
            self.tok_to_id[tok] = self.next_id
            self.id_to_tok[self.next_id] = tok
            self.next_id += 1

    def __len__(self):
        return len(self.tok_to_id)

class PtbData(object):
    def __init__(self, data_path='./data'):
        self.vocab = Vocab()

    def load_data(self, data_path, batch_rows=20):
        # first pass: collect the vocabulary and count tokens
        with open(data_path, 'r') as fh:
            n_tokens = 0
            for text_line in fh:
                line_toks = text_line.split() + ['<eos>']
                n_tokens += len(line_toks)
                for tok in line_toks:
                    self.vocab.add_token(tok)

        # second pass: turn every token into its id
        token_ids = torch.LongTensor(n_tokens)
        pos = 0
        with open(data_path, 'r') as fh:
            for text_line in fh:
                line_toks = text_line.split() + ['<eos>']
                for tok in line_toks:
                    token_ids[pos] = self.vocab.tok_to_id[tok]
                    pos += 1
        n_batches = token_ids.size(0) // batch_rows
        token_ids = token_ids[:n_batches*batch_rows]
        return token_ids.view(batch_rows, -1)


# ---- driver (main.py, inlined) ----
# GPU when present
dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

# settings
emb_dim = 128
hid_dim = 1024
n_layers = 1
n_epochs = 5
n_generate = 1000     # words to generate after training
batch_rows = 20
bptt_len = 30
lr_value = 0.002

# PTB training text, laid out as batch_rows parallel streams
ptb_data = PtbData()
token_ids = ptb_data.load_data('data/train.txt', batch_rows)
n_vocab = len(ptb_data.vocab)
n_batches = token_ids.size(1) // bptt_len


# embedding -> LSTM -> vocabulary projection
class WordLSTM(nn.Module):
    def __init__(self, n_vocab, emb_dim, hid_dim, n_layers):
        super(WordLSTM, self).__init__()
        self.emb = nn.Embedding(n_vocab, emb_dim)
        self.rnn = nn.LSTM(emb_dim, hid_dim, n_layers, batch_first=True)
        self.proj = nn.Linear(hid_dim, n_vocab)

    def forward(self, x_ids, hc):
        # token ids to embeddings
        x_ids = self.emb(x_ids)

        # run the recurrent layer
        seq_out, (hc, cell) = self.rnn(x_ids, hc)

        # flatten to (rows*steps, hid_dim)
        seq_out = seq_out.reshape(seq_out.size(0)*seq_out.size(1), seq_out.size(2))

        # scores over the vocabulary for every step
        seq_out = self.proj(seq_out)
        return seq_out, (hc, cell)

lm_model = WordLSTM(n_vocab, emb_dim, hid_dim, n_layers).to(dev)

# criterion and optimizer
xent_loss = nn.CrossEntropyLoss()
adam_optimizer = torch.optim.Adam(lm_model.parameters(), lr=lr_value)

# cut the graph between windows (truncated BPTT)
def detach_states(hidden_states):
    return [hs.detach() for hs in hidden_states]

# training
for epoch_i in range(n_epochs):
    # zero hidden and cell state at the start of each epoch
    hidden_states = (torch.zeros(n_layers, batch_rows, hid_dim).to(dev),
              torch.zeros(n_layers, batch_rows, hid_dim).to(dev))

    for i in range(0, token_ids.size(1) - bptt_len, bptt_len):
        # one window of inputs and the next-token targets
        batch_in = token_ids[:, i:i+bptt_len].to(dev)
        batch_targets = token_ids[:, (i+1):(i+1)+bptt_len].to(dev)

        # forward on detached state
        hidden_states = detach_states(hidden_states)
        logits, hidden_states = lm_model(batch_in, hidden_states)
        step_loss = xent_loss(logits, batch_targets.reshape(-1))

        # backward, clip, step
        adam_optimizer.zero_grad()
        step_loss.backward()
        clip_grad_norm_(lm_model.parameters(), 0.5)
        adam_optimizer.step()

        window_no = (i+1) // bptt_len
        if window_no % 100 == 0:
            print ('epoch {}/{} | window {}/{} | loss {:.4f} | ppl {:5.2f}'
                   .format(epoch_i+1, n_epochs, window_no, n_batches, step_loss.item(), np.exp(step_loss.item())))

# generate text with the trained model
with torch.no_grad():
    with open('sample.txt', 'w') as fh:
        # fresh zero state for a single stream
        hs = (torch.zeros(n_layers, 1, hid_dim).to(dev),
                 torch.zeros(n_layers, 1, hid_dim).to(dev))

        # start from a uniformly drawn token
        weights = torch.ones(n_vocab)
        cur_input = torch.multinomial(weights, num_samples=1).unsqueeze(1).to(dev)

        for i in range(n_generate):
            # one step of the LSTM
            out_logits, hs = lm_model(cur_input, hs)

            # exp of the scores serves as sampling weights
            weights = out_logits.exp()
            tok_id = torch.multinomial(weights, num_samples=1).item()

            # feed the drawn token back in
            cur_input.fill_(tok_id)

            # append it to the output text
            tok = ptb_data.vocab.id_to_tok[tok_id]
            tok = '\n' if tok == '<eos>' else tok + ' '
            fh.write(tok)

            if (i+1) % 100 == 0:
                print('{}/{} words generated, writing to {}'.format(i+1, n_generate, 'sample.txt'))

# store the trained weights
torch.save(lm_model.state_dict(), 'model.ckpt')
