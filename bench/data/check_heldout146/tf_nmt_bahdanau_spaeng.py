#
#
#
#

from __future__ import absolute_import, division, print_function, unicode_literals

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

#
zip_path = tf.keras.utils.get_file(
    'spa-eng.zip', origin='http://storage.googleapis.com/download.tensorflow.org/data/spa-eng.zip',
    extract=True)

pairs_path = os.path.dirname(zip_path)+"/spa-eng/spa.txt"

#
def strip_accents(txt):
  return ''.join(ch for ch in unicodedata.normalize('NFD', txt)
      if unicodedata.category(ch) != 'Mn')


def normalize_line(line):
  line = strip_accents(line.lower().strip())
  #
  #
  #
  line = re.sub(r"([?.!,¿])", r" \1 ", line)
  line = re.sub(r'[" "]+', " ", line)
  #
  line = re.sub(r"[^a-zA-Z?.!,¿]+", " ", line)
  line = line.rstrip().strip()
  #
  #
  line = '<start> ' + line + ' <end>'
  return line


demo_en = u"Can you lend me this pen?"
demo_es = u"¿Me prestas esta pluma?"
print(normalize_line(demo_en))
print(normalize_line(demo_es).encode('utf-8'))


#
#
#
def read_pairs(fpath, limit):
  rows = io.open(fpath, encoding='UTF-8').read().strip().split('\n')
  pairs = [[normalize_line(line) for line in row.split('\t')]  for row in rows[:limit]]
  return zip(*pairs)

eng_side, spa_side = read_pairs(pairs_path, None)
print(eng_side[-1])
print(spa_side[-1])

def longest(ids):
  return max(len(tok) for tok in ids)

def fit_tokenizer(texts):
  tk = tf.keras.preprocessing.text.Tokenizer(filters='')
  tk.fit_on_texts(texts)
  ids = tk.texts_to_sequences(texts)
  ids = tf.keras.preprocessing.sequence.pad_sequences(ids, padding='post')
  return ids, tk

def build_tensors(fpath, limit=None):
  #
  tgt_tok, src_tok = read_pairs(fpath, limit)
  src_ids, src_tk = fit_tokenizer(src_tok)
  tgt_ids, tgt_tk = fit_tokenizer(tgt_tok)
  return src_ids, tgt_ids, src_tk, tgt_tk

#
limit = 30000
src_ids, tgt_ids, src_tok, tgt_tok = build_tensors(pairs_path, limit)

#
tgt_len, src_len = longest(tgt_ids), longest(src_ids)

#
src_train, src_val, tgt_train, tgt_val = train_test_split(src_ids, tgt_ids, test_size=0.2)

#
print(len(src_train), len(tgt_train), len(src_val), len(tgt_val))

def show_ids(texts, ids):
  for tok in ids:
    if tok!=0:
      print ("%d -> %s" % (tok, texts.index_word[tok]))

print ("source ids:")
show_ids(src_tok, src_train[0])
print ()
print ("target ids:")
show_ids(tgt_tok, tgt_train[0])


#

SHUF_BUF = len(src_train)
BS = 64
n_steps = len(src_train)//BS
emb_dim = 256
n_units = 1024
src_vocab = len(src_tok.word_index)+1
tgt_vocab = len(tgt_tok.word_index)+1

ds = tf.data.Dataset.from_tensor_slices((src_train, tgt_train)).shuffle(SHUF_BUF)
ds = ds.batch(BS, drop_remainder=True)

peek_src, peek_tgt = next(iter(ds))
peek_src.shape, peek_tgt.shape


class GruEncoder(tf.keras.Model):
  def __init__(self, vsize, emb_dim, hid, bsz):
    super(GruEncoder, self).__init__()
    self.batch_sz = bsz
    self.enc_units = hid
    self.embedding = tf.keras.layers.Embedding(vsize, emb_dim)
    self.gru = tf.keras.layers.GRU(self.enc_units,
                                   return_sequences=True,
                                   return_state=True,
                                   recurrent_initializer='glorot_uniform')
  def call(self, h, state0):
    h = self.embedding(h)
    seq, last = self.gru(h, initial_state = state0)
    return seq, last
  def initialize_hidden_state(self):
    return tf.zeros((self.batch_sz, self.enc_units))

encoder = GruEncoder(src_vocab, emb_dim, n_units, BS)

#
probe_state = encoder.initialize_hidden_state()
probe_seq, probe_state = encoder(peek_src, probe_state)
print ('enc seq {}'.format(probe_seq.shape))
print ('enc state {}'.format(probe_state.shape))


class AdditiveAttention(tf.keras.layers.Layer):
  def __init__(self, n_units):
    super(AdditiveAttention, self).__init__()
    self.W1 = tf.keras.layers.Dense(n_units)
    self.W2 = tf.keras.layers.Dense(n_units)
    self.V = tf.keras.layers.Dense(1)
  def call(self, q, mem):
    #
    #
    #
    q_exp = tf.expand_dims(q, 1)
    #
    #
    #
    energy = self.V(tf.nn.tanh(
        self.W1(mem) + self.W2(q_exp)))
    #
    align = tf.nn.softmax(energy, axis=1)
    #
    ctx = align * mem
    ctx = tf.reduce_sum(ctx, axis=1)
    return ctx, align


attn_probe = AdditiveAttention(10)
probe_ctx, align = attn_probe(probe_state, probe_seq)

print("ctx {}".format(probe_ctx.shape))
print("align {}".format(align.shape))


class GruDecoder(tf.keras.Model):
  def __init__(self, vsize, emb_dim, hid_d, bsz):
    super(GruDecoder, self).__init__()
    self.batch_sz = bsz
    self.dec_units = hid_d
    self.embedding = tf.keras.layers.Embedding(vsize, emb_dim)
    self.gru = tf.keras.layers.GRU(self.dec_units,
                                   return_sequences=True,
                                   return_state=True,
                                   recurrent_initializer='glorot_uniform')
    self.fc = tf.keras.layers.Dense(vsize)
    #
    self.attention = AdditiveAttention(self.dec_units)
  def call(self, h, state0, memory):
    #
    ctx, align = self.attention(state0, memory)
    #
    h = self.embedding(h)
    #
    h = tf.concat([tf.expand_dims(ctx, 1), h], axis=-1)
    #
    seq, last = self.gru(h)
    #
    seq = tf.reshape(seq, (-1, seq.shape[2]))
    #
    h = self.fc(seq)
    return h, last, align


decoder = GruDecoder(tgt_vocab, emb_dim, n_units, BS)

probe_logits, _u, _u = decoder(tf.random.uniform((BS, 1)),  probe_state, probe_seq)

print ('dec logits {}'.format(probe_logits.shape))

optimizer = tf.keras.optimizers.Adam()
xent = tf.keras.losses.SparseCategoricalCrossentropy(
    from_logits=True, reduction='none')

def masked_loss(gold, logits):
  keep = tf.math.logical_not(tf.math.equal(gold, 0))
  per_tok = xent(gold, logits)
  keep = tf.cast(keep, dtype=per_tok.dtype)
  per_tok *= keep
  return tf.reduce_mean(per_tok)


ckpt_dir = './training_checkpoints'
ckpt_prefix = os.path.join(ckpt_dir, "ckpt")
ckpt = tf.train.Checkpoint(optimizer=optimizer,
                                 encoder=encoder,
                                 decoder=decoder)

@tf.function
def fit_batch(src_b, tgt_b, enc_state):
  acc = 0
  with tf.GradientTape() as gt:
    memory, enc_state = encoder(src_b, enc_state)
    dec_state = enc_state
    dec_tok = tf.expand_dims([tgt_tok.word_index['<start>']] * BS, 1)
    #
    for tok in range(1, tgt_b.shape[1]):
      #
      step_logits, dec_state, _u = decoder(dec_tok, dec_state, memory)
      acc += masked_loss(tgt_b[:, tok], step_logits)
      #
      dec_tok = tf.expand_dims(tgt_b[:, tok], 1)
  b_loss = (acc / int(tgt_b.shape[1]))
  params = encoder.trainable_variables + decoder.trainable_variables
  grads = gt.gradient(acc, params)
  optimizer.apply_gradients(zip(grads, params))
  return b_loss


N_EPOCHS = 10

for ep in range(N_EPOCHS):
  t0 = time.time()
  enc_state = encoder.initialize_hidden_state()
  ep_loss = 0
  for (bi, (src_b, tgt_b)) in enumerate(ds.take(n_steps)):
    b_loss = fit_batch(src_b, tgt_b, enc_state)
    ep_loss += b_loss
    if bi % 100 == 0:
      print('ep {} step {} loss {:.4f}'.format(ep + 1, bi, b_loss.numpy()))
  #
  if (ep + 1) % 2 == 0:
    ckpt.save(file_prefix = ckpt_prefix)
  print('ep {} mean loss {:.4f}'.format(ep + 1,  ep_loss / n_steps))
  print('epoch seconds {}\n'.format(time.time() - t0))




def greedy_decode(text):
  align_map = np.zeros((tgt_len, src_len))
  text = normalize_line(text)
  src_in = [src_tok.word_index[wd] for wd in text.split(' ')]
  src_in = tf.keras.preprocessing.sequence.pad_sequences([src_in],
                                                         maxlen=src_len,
                                                         padding='post')
  src_in = tf.convert_to_tensor(src_in)
  out = ''
  state0 = [tf.zeros((1, n_units))]
  memory_out, enc_state = encoder(src_in, state0)
  dec_state = enc_state
  dec_tok = tf.expand_dims([tgt_tok.word_index['<start>']], 0)
  for tok in range(tgt_len):
    step_logits, dec_state, align = decoder(dec_tok, dec_state, memory_out)
    #
    align = tf.reshape(align, (-1, ))
    align_map[tok] = align.numpy()
    next_id = tf.argmax(step_logits[0]).numpy()
    out += tgt_tok.index_word[next_id] + ' '
    if tgt_tok.index_word[next_id] == '<end>':
      return out, text, align_map
    #
    dec_tok = tf.expand_dims([next_id], 0)
  return out, text, align_map


#
def draw_alignment(amap, text, hyp_words):
  figure = plt.figure(figsize=(10,10))
  axes = figure.add_subplot(1, 1, 1)
  axes.matshow(amap, cmap='viridis')
  fstyle = {'fontsize': 14}
  axes.set_xticklabels([''] + text, fstyle=fstyle, rotation=90)
  axes.set_yticklabels([''] + hyp_words, fstyle=fstyle)
  axes.xaxis.set_major_locator(ticker.MultipleLocator(1))
  axes.yaxis.set_major_locator(ticker.MultipleLocator(1))
  plt.show()

def run_translation(text):
  out, text, align_map = greedy_decode(text)
  print('src: %s' % (text))
  print('hyp: {}'.format(out))
  align_map = align_map[:len(out.split(' ')), :len(text.split(' '))]
  draw_alignment(align_map, text.split(' '), out.split(' '))

#
ckpt.restore(tf.train.latest_checkpoint(ckpt_dir))

run_translation(u'esta casa es grande.')

