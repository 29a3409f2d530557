import numpy as np
import re

#
pairs_file = "data/spa-eng.txt"

#
with open(pairs_file, 'r', encoding='utf-8') as fh:
  rows = fh.read().split('\n')

#
src_sents = []
tgt_sents = []
#
src_vocab = set()
tgt_vocab = set()


for r in rows[:35301]:
  #
  src_text, tgt_text = r.split('\t')[:2]
  #
  src_sents.append(src_text)

  tgt_text = " ".join(re.findall(r"[\w']+|[^\s\w]", tgt_text))
  #
  #
  tgt_text = '<START> ' + tgt_text + ' <END>'
  tgt_sents.append(tgt_text)

  #
  #
  for tok in re.findall(r"[\w']+|[^\s\w]", src_text):
    #
    if tok not in src_vocab:
      src_vocab.add(tok)
  for tok in tgt_text.split():
    #
    #
    if tok not in tgt_vocab:
      tgt_vocab.add(tok)

src_vocab = sorted(list(src_vocab))
tgt_vocab = sorted(list(tgt_vocab))

#
#
n_src_vocab = len(src_vocab)
n_tgt_vocab = len(tgt_vocab)

src_maxlen = max([len(re.findall(r"[\w']+|[^\s\w]", src_text)) for src_text in src_sents])
tgt_maxlen = max([len(re.findall(r"[\w']+|[^\s\w]", tgt_text)) for tgt_text in tgt_sents])

#
#
src_index = dict(
    [(tok, k) for k, tok in enumerate(src_vocab)])
tgt_index = dict(
    [(tok, k) for k, tok in enumerate(tgt_vocab)])

src_lookup = dict(
    (k, tok) for tok, k in src_index.items())
tgt_lookup = dict(
    (k, tok) for tok, k in tgt_index.items())

#
enc_input_onehot = np.zeros(
    (len(src_sents), src_maxlen, n_src_vocab),
    dtype='float32')
dec_input_onehot = np.zeros(
    (len(src_sents), tgt_maxlen, n_tgt_vocab),
    dtype='float32')
dec_target_onehot = np.zeros(
    (len(src_sents), tgt_maxlen, n_tgt_vocab),
    dtype='float32')

for r, (src_text, tgt_text) in enumerate(zip(src_sents, tgt_sents)):

  for t, tok in enumerate(re.findall(r"[\w']+|[^\s\w]", src_text)):
    #
    #
    enc_input_onehot[r, t, src_index[tok]] = 1.

  for t, tok in enumerate(tgt_text.split()):

    dec_input_onehot[r, t, tgt_index[tok]] = 1.
    if t > 0:

      dec_target_onehot[r, t - 1, tgt_index[tok]] = 1.


print(list(src_index.keys())[:50])
print(tgt_lookup[50])
print(len(src_vocab))
