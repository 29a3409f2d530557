# source: https://github.com/brannondorsey/PassGAN/blob/042eaf287ef235f1d16f923d9c05301290b36558/train.py + utils.py (memory issue: https://github.com/brannondorsey/PassGAN/issues/8)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import collections
import os
import pickle
import time

import numpy as np
import tensorflow as tf

import tflib as lib
import tflib.ops.linear
import tflib.ops.conv1d
import tflib.plot
import models


def split_words(text):
    return tuple(text.lower().split(' '))


class CharNgramModel(object):
    def __init__(self, n, texts, tokenize=False):
        if tokenize:
            split_texts = []
            for text in texts:
                split_texts.append(split_words(text))
            texts = split_texts
        self._n = n
        self._texts = texts
        self._counts = collections.defaultdict(int)
        self._total = 0
        for gram in self.ngrams():
            self._counts[gram] += 1
            self._total += 1

    def ngrams(self):
        n = self._n
        for text in self._texts:
            for i in range(len(text) - n + 1):
                yield text[i:i + n]

    def unique_ngrams(self):
        return set(self._counts.keys())

    def log_likelihood(self, gram):
        if gram not in self._counts:
            return -np.inf
        return np.log(self._counts[gram]) - np.log(self._total)

    def js_with(self, other):
        lp = np.array([other.log_likelihood(g) for g in other.unique_ngrams()])
        lq = np.array([self.log_likelihood(g) for g in other.unique_ngrams()])
        lm = np.logaddexp(lp - np.log(2), lq - np.log(2))
        kl_p = np.sum(np.exp(lp) * (lp - lm))
        lp = np.array([other.log_likelihood(g) for g in self.unique_ngrams()])
        lq = np.array([self.log_likelihood(g) for g in self.unique_ngrams()])
        lm = np.logaddexp(lp - np.log(2), lq - np.log(2))
        kl_q = np.sum(np.exp(lq) * (lq - lm))
        return 0.5 * (kl_p + kl_q) / np.log(2)


def read_password_file(path, max_length, tokenize=False, max_vocab_size=2048):
    rows = []
    with open(path, 'r') as f:
        for row in f:
            row = row[:-1]
            if tokenize:
                row = split_words(row)
            else:
                row = tuple(row)
            if len(row) > max_length:
                row = row[:max_length]
                continue
            rows.append(row + (("`",) * (max_length - len(row))))

    np.random.shuffle(rows)

    counts = collections.Counter(ch for row in rows for ch in row)
    char_to_id = {'unk': 0}
    id_to_char = ['unk']
    for ch, count in counts.most_common(max_vocab_size - 1):
        if ch not in char_to_id:
            char_to_id[ch] = len(id_to_char)
            id_to_char.append(ch)

    cleaned_rows = []
    for row in rows:
        cleaned = []
        for ch in row:
            if ch in char_to_id:
                cleaned.append(ch)
            else:
                cleaned.append('unk')
        cleaned_rows.append(tuple(cleaned))

    return cleaned_rows, char_to_id, id_to_char


training_file = 'data/train.txt'
out_dir = 'output'
save_every = 5000
n_iters = 200000
batch_size = 64
seq_len = 10
layer_dim = 128
critic_iters = 10
gp_lambda = 10

passwords, char_to_id, id_to_char = read_password_file(path=training_file, max_length=seq_len)

for sub in ['', 'checkpoints', 'samples']:
    os.makedirs(os.path.join(out_dir, sub), exist_ok=True)

with open(os.path.join(out_dir, 'charmap.pickle'), 'wb') as f:
    pickle.dump(char_to_id, f)
with open(os.path.join(out_dir, 'inv_charmap.pickle'), 'wb') as f:
    pickle.dump(id_to_char, f)

real_ids = tf.placeholder(tf.int32, shape=[batch_size, seq_len])
real_onehot = tf.one_hot(real_ids, len(char_to_id))
fake_onehot = models.Generator(batch_size, seq_len, layer_dim, len(char_to_id))

critic_real = models.Discriminator(real_onehot, seq_len, layer_dim, len(char_to_id))
critic_fake = models.Discriminator(fake_onehot, seq_len, layer_dim, len(char_to_id))

critic_cost = tf.reduce_mean(critic_fake) - tf.reduce_mean(critic_real)
gen_cost = -tf.reduce_mean(critic_fake)

mix = tf.random_uniform(shape=[batch_size, 1, 1], minval=0., maxval=1.)
between = real_onehot + mix * (fake_onehot - real_onehot)
grads = tf.gradients(models.Discriminator(between, seq_len, layer_dim, len(char_to_id)), [between])[0]
grad_norm = tf.sqrt(tf.reduce_sum(tf.square(grads), reduction_indices=[1, 2]))
critic_cost += gp_lambda * tf.reduce_mean((grad_norm - 1.) ** 2)

gen_vars = lib.params_with_name('Generator')
critic_vars = lib.params_with_name('Discriminator')
gen_step = tf.train.AdamOptimizer(learning_rate=1e-4, beta1=0.5, beta2=0.9).minimize(gen_cost, var_list=gen_vars)
critic_step = tf.train.AdamOptimizer(learning_rate=1e-4, beta1=0.5, beta2=0.9).minimize(critic_cost, var_list=critic_vars)


def endless_batches():
    while True:
        np.random.shuffle(passwords)
        for i in range(0, len(passwords) - batch_size + 1, batch_size):
            yield np.array([[char_to_id[c] for c in p] for p in passwords[i:i + batch_size]], dtype='int32')


reference_lms = [CharNgramModel(i + 1, passwords[10 * batch_size:], tokenize=False) for i in range(4)]
heldout_lms = [CharNgramModel(i + 1, passwords[:10 * batch_size], tokenize=False) for i in range(4)]
for i in range(4):
    print(i + 1, reference_lms[i].js_with(heldout_lms[i]))
reference_lms = [CharNgramModel(i + 1, passwords, tokenize=False) for i in range(4)]

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())

    def sample_passwords():
        drawn = np.argmax(sess.run(fake_onehot), axis=2)
        decoded = []
        for i in range(len(drawn)):
            decoded.append(tuple(id_to_char[drawn[i][j]] for j in range(len(drawn[i]))))
        return decoded

    batches = endless_batches()
    for it in range(n_iters):
        t0 = time.time()
        if it > 0:
            sess.run(gen_step)
        for _ in range(critic_iters):
            batch = next(batches)
            c_cost, _ = sess.run([critic_cost, critic_step], feed_dict={real_ids: batch})
        lib.plot.output_dir = out_dir
        lib.plot.plot('time', time.time() - t0)
        lib.plot.plot('train disc cost', c_cost)
        if it % 100 == 0 and it > 0:
            generated = []
            for _ in range(10):
                generated.extend(sample_passwords())
            for i in range(4):
                lm = CharNgramModel(i + 1, generated, tokenize=False)
                lib.plot.plot('js{}'.format(i + 1), lm.js_with(reference_lms[i]))
            with open(os.path.join(out_dir, 'samples', 'samples_{}.txt').format(it), 'w') as f:
                for s in generated:
                    f.write("".join(s) + "\n")
        if it % save_every == 0 and it > 0:
            tf.train.Saver().save(sess, os.path.join(out_dir, 'checkpoints', 'checkpoint_{}.ckpt').format(it))
        if it % 100 == 0:
            lib.plot.flush()
        lib.plot.tick()
