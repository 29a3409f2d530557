import numpy as np
import matplotlib.pyplot as plt
import tensorflow as tf
from tensorflow.keras import losses, optimizers, hooks

import time
import random
import pickle

from library.random import split_key
from library.data.io import read_b64_cache
from library.data.pipeline import (
	pad_then_tokenize_row,
	prepend_cls_row,
	widen_row,
	explode_rows,
	apply_row_steps,
	split_arrays,
	endless_batches,
	spec_for
)
from library.data.descriptive import (
	wav_stats_fn,
	plot_distributions,
	plot_tokenized_sample
)
from library.models.transformer import (
	get_denoising_transformer_encoder,
	convert_dte_to_classifier
)


# --- bookkeeping

# wall clock
T_START = time.time()
print(f'[t+{time.time()-T_START:.2f} s]')

# derive two seeds
SEED0 = 999
SEED_A, SEED_B = split_key(SEED0)

# seed every library
random.seed(SEED_A)
np.random.seed(SEED_A)
tf.random.set_seed(SEED_A)


# --- settings

# model shape
TOK_COUNT = 512
SEQ_LEN = 48_000 + (TOK_COUNT - (48_000 % TOK_COUNT)) % TOK_COUNT
D_MODEL = 128
D_FF = 256
N_LAYERS = 4
HEADS = 8
NUM_LABELS = 10

assert (SEQ_LEN % TOK_COUNT) == 0

# schedule
EPOCHS = 50
BATCH = 64

# optimiser
LR0 = 1e-4
LR_DECAY = 0.37
LR_DECAY_FRAC = 0.1

# regularisation
WD = 0.
P_DROP = 0.3

# splits
VAL_FRAC = 0.10
TEST_FOLD = 1

# logging
LOUD = True


# --- data

# base64 csv cache -> DataFrame
print('reading cached table')
tbl = read_b64_cache('data/urbansound8k_mono_24khz_float32.csv')
print(f'[t+{time.time()-T_START:.2f} s]')

# clips longer than SEQ_LEN become several rows
print('splitting long clips')
tbl = explode_rows(tbl.apply(widen_row, **{'n_samples':SEQ_LEN}, axis=1))
plot_distributions(tbl.apply(wav_stats_fn, axis=1), filename='data/us8k_stats_after_expand.png')
print(f'[t+{time.time()-T_START:.2f} s]')

# tokenize and add the class token
print('tokenizing')
tbl = apply_row_steps(
	tbl,
	[pad_then_tokenize_row, prepend_cls_row],
	[{'n_samples':SEQ_LEN, 'n_tokens':TOK_COUNT}, {}],
	chatty=LOUD
)
print(f'[t+{time.time()-T_START:.2f} s]')

# numpy arrays per split
print('making arrays')
(x_tr, y_tr), (x_va, y_va), (x_te, y_te) = split_arrays(
	tbl,
	test_idx=TEST_FOLD,
	val_ratio=VAL_FRAC,
	chatty=LOUD
)
plot_tokenized_sample(x_tr, prefix=f'{__file__.replace(".py","")}_tokens_in', key=SEED_A)
print(f'[t+{time.time()-T_START:.2f} s]')

# python generators wrapped by tf.data
print('wrapping in tf.data')

ds_tr = tf.data.Dataset.from_generator(
	lambda:endless_batches(x_tr, y_tr, BATCH, permute=True),
	output_signature=spec_for(x_tr, y_tr)
).prefetch(tf.data.experimental.AUTOTUNE)

ds_va = tf.data.Dataset.from_generator(
	lambda:endless_batches(x_va, y_va, BATCH, permute=False),
	output_signature=spec_for(x_va, y_va)
).prefetch(tf.data.experimental.AUTOTUNE)

ds_te = tf.data.Dataset.from_generator(
	lambda:endless_batches(x_te, y_te, BATCH, permute=False),
	output_signature=spec_for(x_te, y_te)
).prefetch(tf.data.experimental.AUTOTUNE)

steps_tr = len(x_tr)//BATCH
steps_va = len(x_va)//BATCH
steps_te = len(x_te)//BATCH

print(f'[t+{time.time()-T_START:.2f} s]')

# drop the table
del tbl


# --- model

xent = losses.SparseCategoricalCrossentropy()
lr_sched = tf.keras.optimizers.schedules.InverseTimeDecay(
    initial_learning_rate=LR0,
    decay_rate=LR_DECAY,
    decay_steps=LR_DECAY_FRAC*EPOCHS*steps_tr
)
opt = optimizers.AdamW(learning_rate=lr_sched)

net = get_denoising_transformer_encoder(
	SEED_B,
	TOK_COUNT,
	SEQ_LEN//TOK_COUNT,
	D_MODEL,
	D_FF,
	N_LAYERS,
	n_heads=HEADS,
	dropout=P_DROP
)
net.load_weights('denoising_transformer_encoder.weights.h5')
net = convert_dte_to_classifier(net, NUM_LABELS)
net.compile(loss=xent, optimizer=opt, metrics=['accuracy'])
net.summary()

ckpt_cb = hooks.ModelCheckpoint(
	filepath=f'{net.name}.weights.h5',
	save_weights_only=True,
	monitor='val_loss',
	mode='min',
	save_best_only=True
)

print(f'[t+{time.time()-T_START:.2f} s]')


# --- fit

hist_tr = net.fit(
	ds_tr,
	epochs=EPOCHS,
	steps_per_epoch=steps_tr,
	validation_data=ds_va,
	validation_steps=steps_va,
	callbacks=[ckpt_cb],
	verbose=int(LOUD)
).history

print(hist_tr)
print(f'[t+{time.time()-T_START:.2f} s]')


# --- test

net.load_weights(f'{net.name}.weights.h5')
hist_te = net.evaluate(
	ds_te,
	steps=steps_te,
	verbose=int(LOUD),
	return_dict=True
)

print(hist_te)
print(f'[t+{time.time()-T_START:.2f} s]')


# --- dump history

with open(f'{net.name}.history.pkl', 'wb') as fh:
	pickle.dump({
		'train':hist_tr,
		'test':hist_te
	}, fh)


# --- figure

plt.title('fine-tuned classifier')
plt.plot(hist_tr['loss'], label='train')
plt.plot(hist_tr['val_loss'], label='val', c='r')
plt.scatter([len(hist_tr['loss'])-1], hist_te['loss'], label='test', c='g', marker='x')
plt.legend()
plt.xlabel('epoch')
plt.ylabel('cross entropy')
plt.grid()
plt.savefig(f'{net.name}.history.png')
plt.close()
