import tensorflow as tf

import matplotlib.pyplot as plt
import matplotlib.ticker as ticker
from sklearn.model_selection import train_test_split

import unicodedata
import re
import numpy as np
import os
import io
import time

corpus_dir = "data/train-en-vi/"

#load the parallel text
with open(corpus_dir+"train.en", 'r', encoding='utf-8') as fh:
    raw_en = fh.read().split('\n')

with open(corpus_dir+"train.vi", 'r', encoding='utf-8') as fh:
    raw_vi = fh.read().split('\n')

short_en = [] #kept english lines
short_vi = [] #kept vietnamese lines

def wrap_markers(s):
    return '<start> ' + row + ' <end>'

for row in raw_en:
    if len(row) < 50:
        wrapped = '<start> ' + row + ' <end>'
        short_en.append(wrapped)

for row in raw_vi:
    if len(row) < 50:
        wrapped = '<start> ' + row + ' <end>'
        short_vi.append(wrapped)

short_en = short_en[0:30000]
short_vi = short_vi[0:30000]

def longest(seqs):
    return max(len(s) for s in seqs)

def to_ids(lines):
    vocab = tf.keras.preprocessing.text.Tokenizer(filters='')
    vocab.fit_on_texts(lines)

    ids = vocab.texts_to_sequences(lines)

    ids = tf.keras.preprocessing.sequence.pad_sequences(ids, padding='post')

    return ids, vocab

def build_pairs(short_en, short_vi, limit=None):
    # source and target lines as id matrices
    src_lines = short_en
    tgt_lines = short_vi

    src_ids, src_vocab = to_ids(src_lines)
    tgt_ids, tgt_vocab = to_ids(tgt_lines)

    return src_ids, tgt_ids, src_vocab, tgt_vocab

# size of the subset used
limit = 30000
src_ids, tgt_ids, src_vocab, tgt_vocab = build_pairs(short_en, short_vi, limit)

# longest padded rows on each side
tgt_maxlen, src_maxlen = longest(tgt_ids), longest(src_ids)

# hold out a fifth for validation
src_train, src_val, tgt_train, tgt_val = train_test_split(src_ids, tgt_ids, test_size=0.2)

# sizes of the splits
print(len(src_train), len(tgt_train), len(src_val), len(tgt_val))

def show_ids(vocab, ids):
    for tok in ids:
        if tok!=0:
            print ("%d => %s" % (tok, vocab.index_word[tok]))

"""
print ("source ids and words")
show_ids(src_vocab, src_train[0])
print ("target ids and words")
show_ids(tgt_vocab, tgt_train[0])
"""

#input pipeline
SHUF = len(src_train)
BS = 64
n_steps = len(src_train)//BS
emb_dim = 256
rnn_units = 1024
src_vocab_size = len(src_vocab.word_index)+1
tgt_vocab_size = len(tgt_vocab.word_index)+1

pairs_ds = tf.data.Dataset.from_tensor_slices((src_train, tgt_train)).shuffle(SHUF)
pairs_ds = pairs_ds.batch(BS, drop_remainder=True)

probe_src, probe_tgt = next(iter(pairs_ds))
probe_src.shape, probe_tgt.shape

#source encoder
class SourceEncoder(tf.keras.Model):
    def __init__(self, n_vocab, emb_dim, n_units, bsz):
        super(SourceEncoder, self).__init__()
        self.bsz = bsz
        self.n_units = n_units
        self.embed = tf.keras.layers.Embedding(n_vocab, emb_dim)
        self.rnn = tf.keras.layers.GRU(self.n_units,
                                        return_sequences=True,
                                        return_state=True,
                                        recurrent_initializer='glorot_uniform')

    def call(self, tokens, h0):
        tokens = self.embed(tokens)
        seq, last = self.rnn(tokens, initial_state = h0)
        return seq, last

    def zero_state(self):
        return tf.zeros((self.bsz, self.n_units))


enc = SourceEncoder(src_vocab_size, emb_dim, rnn_units, BS)

# dry run of the encoder
probe_h = enc.zero_state()
probe_seq, probe_h = enc(probe_src, probe_h)
print ('encoder sequence output (batch, time, units): {}'.format(probe_seq.shape))
print ('encoder final state (batch, units): {}'.format(probe_h.shape))

#additive attention
class AdditiveAttention(tf.keras.layers.Layer):
    def __init__(self, n_units):
        super(AdditiveAttention, self).__init__()
        self.Wq = tf.keras.layers.Dense(n_units)
        self.Wk = tf.keras.layers.Dense(n_units)
        self.v = tf.keras.layers.Dense(1)

    def call(self, q, keys):
        # q: (batch, hidden)
        # q_t: (batch, 1, hidden)
        # keys: (batch, time, hidden)
        # the extra axis lets q broadcast over every time step
        q_t = tf.expand_dims(q, 1)

        # energy: (batch, time, 1)
        # the last axis is 1 because v projects to a scalar
        # before v the tensor is (batch, time, n_units)
        energy = self.v(tf.nn.tanh(
            self.Wq(q_t) + self.Wk(keys)))

        # alpha: (batch, time, 1)
        alpha = tf.nn.softmax(energy, axis=1)

        # ctx after the sum: (batch, hidden)
        ctx = alpha * keys
        ctx = tf.reduce_sum(ctx, axis=1)

        return ctx, alpha

probe_attn = AdditiveAttention(10)
probe_ctx, probe_alpha = probe_attn(probe_h, probe_seq)

print("attention context (batch, units): {}".format(probe_ctx.shape))
print("attention weights (batch, time, 1): {}".format(probe_alpha.shape))

#target decoder
class TargetDecoder(tf.keras.Model):
    def __init__(self, n_vocab, emb_dim, n_units, bsz):
        super(TargetDecoder, self).__init__()
        self.bsz = bsz
        self.n_units = n_units
        self.embed = tf.keras.layers.Embedding(n_vocab, emb_dim)
        self.rnn = tf.keras.layers.GRU(self.n_units,
                                    return_sequences=True,
                                    return_state=True,
                                    recurrent_initializer='glorot_uniform')
        self.head = tf.keras.layers.Dense(n_vocab)

        # attention over the encoder outputs
        self.attn = AdditiveAttention(self.n_units)


    def call(self, tokens, h, enc_seq):
        # enc_seq: (batch, time, hidden)
        ctx, alpha = self.attn(h, enc_seq)

        # tokens after the embedding: (batch, 1, emb_dim)
        tokens = self.embed(tokens)

        # after the concat: (batch, 1, emb_dim + hidden)
        tokens = tf.concat([tf.expand_dims(ctx, 1), tokens], axis=-1)

        # one GRU step on the joined vector
        seq, last = self.rnn(tokens)

        # seq: (batch * 1, hidden)
        seq = tf.reshape(seq, (-1, seq.shape[2]))

        # logits: (batch, vocab)
        tokens = self.head(seq)

        return tokens, last, alpha

dec = TargetDecoder(tgt_vocab_size, emb_dim, rnn_units, BS)
probe_logits, _, _ = dec(tf.random.uniform((BS, 1)), probe_h, probe_seq)
print ('decoder logits (batch, vocab): {}'.format(probe_logits.shape))

#optimiser and masked loss
opt = tf.keras.optimizers.Adam()
xent = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True, reduction='none')

def masked_xent(gold, logits):
    keep = tf.math.logical_not(tf.math.equal(gold, 0))
    per_tok = xent(gold, logits)

    keep = tf.cast(keep, dtype=per_tok.dtype)
    per_tok *= keep

    return tf.reduce_mean(per_tok)

#checkpointing
ckpt_dir = './ckpts_attn'
ckpt_prefix = os.path.join(ckpt_dir, "step")
ckpt = tf.train.Checkpoint(optimizer=opt,
                                 encoder=enc,
                                 decoder=dec)


#one optimisation step
@tf.function
def fit_batch(src, tgt, h0):
    acc = 0

    with tf.GradientTape() as tape:
        enc_seq, h0 = enc(src, h0)

        dec_h = h0

        dec_tok = tf.expand_dims([tgt_vocab.word_index['<start>']] * BS, 1)

        # feed the gold token at every step
        for j in range(1, tgt.shape[1]):
        # decode one step against the encoder outputs
            logits, dec_h, _ = dec(dec_tok, dec_h, enc_seq)

            acc += masked_xent(tgt[:, j], logits)

            # next input is the gold token
            dec_tok = tf.expand_dims(tgt[:, j], 1)

    step_loss = (acc / int(tgt.shape[1]))

    params = enc.trainable_variables + dec.trainable_variables

    grads = tape.gradient(acc, params)

    opt.apply_gradients(zip(grads, params))

    return step_loss

N_EPOCHS = 10

for ep in range(N_EPOCHS):
    t_start = time.time()

    h0 = enc.zero_state()
    epoch_loss = 0

    for (b, (src, tgt)) in enumerate(pairs_ds.take(n_steps)):
        step_loss = fit_batch(src, tgt, h0)
        epoch_loss += step_loss

        if b % 100 == 0:
            print('epoch {} step {} loss {:.4f}'.format(ep + 1,
                                                    b,
                                                    step_loss.numpy()))
    # write a checkpoint every second epoch
    if (ep + 1) % 2 == 0:
        ckpt.save(file_prefix = ckpt_prefix)

    print('epoch {} mean loss {:.4f}'.format(ep + 1,
                                        epoch_loss / n_steps))
    print('seconds for this epoch: {}\n'.format(time.time() - t_start))


#greedy decoding
def decode_one(text):
    alpha_grid = np.zeros((tgt_maxlen, src_maxlen))

    text = wrap_markers(text)

    ids = [src_vocab.word_index[w] for w in text.split(' ')]
    ids = tf.keras.preprocessing.sequence.pad_sequences([ids],
                                                            maxlen=src_maxlen,
                                                            padding='post')
    ids = tf.convert_to_tensor(ids)

    out_text = ''

    h = [tf.zeros((1, rnn_units))]
    enc_seq, enc_h = enc(ids, h)

    dec_h = enc_h
    dec_tok = tf.expand_dims([tgt_vocab.word_index['<start>']], 0)

    for j in range(tgt_maxlen):
        logits, dec_h, alpha = dec(dec_tok,
                                                            dec_h,
                                                            enc_seq)

        # keep the weights for the heat map
        alpha = tf.reshape(alpha, (-1, ))
        alpha_grid[j] = alpha.numpy()

        best = tf.argmax(logits[0]).numpy()

        out_text += tgt_vocab.index_word[best] + ' '

        if tgt_vocab.index_word[best] == '<end>':
            return out_text, text, alpha_grid

        # feed the prediction back in
        dec_tok = tf.expand_dims([best], 0)

    return out_text, text, alpha_grid


# heat map of the attention weights
def draw_alpha(grid, src_words, out_words):
    fig = plt.figure(figsize=(10,10))
    ax = fig.add_subplot(1, 1, 1)
    ax.matshow(grid, cmap='viridis')

    font = {'fontsize': 14}

    ax.set_xticklabels([''] + src_words, fontdict=font, rotation=90)
    ax.set_yticklabels([''] + out_words, fontdict=font)

    ax.xaxis.set_major_locator(ticker.MultipleLocator(1))
    ax.yaxis.set_major_locator(ticker.MultipleLocator(1))

    plt.show()


def run_translation(text):
    out_text, text, alpha_grid = decode_one(text)

    print('source: %s' % (text))
    print('output: {}'.format(out_text))

    alpha_grid = alpha_grid[:len(out_text.split(' ')), :len(text.split(' '))]
    draw_alpha(alpha_grid, text.split(' '), out_text.split(' '))

#reload the newest checkpoint and try one line
# newest file in ckpt_dir
ckpt.restore(tf.train.latest_checkpoint(ckpt_dir))

run_translation(u"A short line about the weather today")
