import os
import sys
import json
import time
import shutil
import pickle
import logging
import text_prep
import numpy as np
import pandas as pd
import tensorflow as tf
from text_cnn_rnn import TextCNNRNN
from sklearn.model_selection import train_test_split

logging.getLogger().setLevel(logging.INFO)

def run_training():
	csv_path = sys.argv[1]
	ids_all, onehot_all, word_to_id, id_to_word, frame, class_names = text_prep.read_corpus(csv_path)

	cfg_path = sys.argv[2]
	cfg = json.loads(open(cfg_path).read())

	# every vocabulary entry gets a random 300-d vector
	vectors = text_prep.random_vectors(word_to_id)
	emb_matrix = [vectors[tok] for pos, tok in enumerate(id_to_word)]
	emb_matrix = np.array(emb_matrix, dtype = np.float32)

	# hold out a test portion
	ids_rest, ids_test, onehot_rest, onehot_test = train_test_split(ids_all, onehot_all, test_size=0.1)

	# hold out a dev portion from the remainder
	ids_tr, ids_dev, onehot_tr, onehot_dev = train_test_split(ids_rest, onehot_rest, test_size=0.1)

	logging.info('train rows {}, dev rows {}, test rows {}'.format(len(ids_tr), len(ids_dev), len(ids_test)))
	logging.info('train targets {}, dev targets {}, test targets {}'.format(len(onehot_tr), len(onehot_dev), len(onehot_test)))

	# one output folder per run
	stamp = str(int(time.time()))
	out_dir = './run_output_' + stamp + '/'
	if os.path.exists(out_dir):
		shutil.rmtree(out_dir)
	os.makedirs(out_dir)

	g = tf.Graph()
	with g.as_default():
		sess_cfg = tf.ConfigProto(allow_soft_placement=True, log_device_placement=False)
		session = tf.Session(config=sess_cfg)
		with session.as_default():
			net = TextCNNRNN(
				embedding_mat=emb_matrix,
				sequence_length=ids_tr.shape[1],
				num_classes = onehot_tr.shape[1],
				non_static=cfg['non_static'],
				hidden_unit=cfg['hidden_unit'],
				max_pool_size=cfg['max_pool_size'],
				filter_sizes=map(int, cfg['filter_sizes'].split(",")),
				num_filters = cfg['num_filters'],
				embedding_size = cfg['embedding_dim'],
				l2_reg_lambda = cfg['l2_reg_lambda'])

			step_var = tf.Variable(0, name='global_step', trainable=False)
			opt = tf.train.RMSPropOptimizer(1e-3, decay=0.9)
			gv = opt.compute_gradients(net.loss)
			update_op = opt.apply_gradients(gv, global_step=step_var)

			# snapshots go here while training
			ckpt_dir = './snapshots_' + stamp + '/'
			if os.path.exists(ckpt_dir):
				shutil.rmtree(ckpt_dir)
			os.makedirs(ckpt_dir)
			ckpt_prefix = os.path.join(ckpt_dir, 'model')

			def true_lengths(rows):
				return [np.ceil(np.argmin(row + [0]) * 1.0 / cfg['max_pool_size']) for row in rows]

			def fit_batch(xb, yb):
				feeds = {
					net.input_x: xb,
					net.input_y: yb,
					net.dropout_keep_prob: cfg['dropout_keep_prob'],
					net.batch_size: len(xb),
					net.pad: np.zeros([len(xb), 1, cfg['embedding_dim'], 1]),
					net.real_len: true_lengths(xb),
				}
				_, s, l, a = session.run([update_op, step_var, net.loss, net.accuracy], feeds)

			def score_batch(xb, yb):
				feeds = {
					net.input_x: xb,
					net.input_y: yb,
					net.dropout_keep_prob: 1.0,
					net.batch_size: len(xb),
					net.pad: np.zeros([len(xb), 1, cfg['embedding_dim'], 1]),
					net.real_len: true_lengths(xb),
				}
				s, l, a, n_right, preds = session.run(
					[step_var, net.loss, net.accuracy, net.num_correct, net.predictions], feeds)
				return a, l, n_right, preds

			saver = tf.train.Saver()
			session.run(tf.global_variables_initializer())

			# main loop
			tr_batches = text_prep.batches(list(zip(ids_tr, onehot_tr)), cfg['batch_size'], cfg['num_epochs'])
			top_acc, top_step = 0, 0

			# one update per batch
			for chunk in tr_batches:
				xb, yb = zip(*chunk)
				fit_batch(xb, yb)
				cur = tf.train.global_step(session, step_var)

				# periodic dev check
				if cur % cfg['evaluate_every'] == 0:
					dev_iter = text_prep.batches(list(zip(ids_dev, onehot_dev)), cfg['batch_size'], 1)

					dev_right = 0
					for dchunk in dev_iter:
						xd, yd = zip(*dchunk)
						a, l, n_right, preds = score_batch(xd, yd)
						dev_right += n_right
					dev_acc = float(dev_right) / len(onehot_dev)
					logging.info('dev accuracy {}'.format(dev_acc))

					if dev_acc >= top_acc:
						top_acc, top_step = dev_acc, cur
						saved = saver.save(session, ckpt_prefix, global_step=cur)
						logging.critical('snapshot {} written at step {}'.format(saved, top_step))
						logging.critical('top dev accuracy {} reached at step {}'.format(top_acc, top_step))
			logging.critical('done training; scoring the best snapshot on the held-out test rows')

			# keep the weights for the prediction script
			saver.save(session, out_dir + "best_model.ckpt")

			# test rows
			saver.restore(session, ckpt_prefix + '-' + str(top_step))
			te_batches = text_prep.batches(list(zip(ids_test, onehot_test)), cfg['batch_size'], 1, shuffle=False)
			test_right = 0
			for tchunk in te_batches:
				xt, yt = zip(*tchunk)
				a, l, n_right, preds = score_batch(xt, yt)
				test_right += int(n_right)
			logging.critical('test accuracy {}'.format(float(test_right) / len(onehot_test)))

	# artefacts the prediction script reads back
	with open(out_dir + 'words_index.json', 'w') as fh:
		json.dump(word_to_id, fh, indent=4, ensure_ascii=False)
	with open(out_dir + 'embeddings.pickle', 'wb') as fh:
		pickle.dump(emb_matrix, fh, pickle.HIGHEST_PROTOCOL)
	with open(out_dir + 'labels.json', 'w') as fh:
		json.dump(class_names, fh, indent=4, ensure_ascii=False)

	cfg['sequence_length'] = ids_tr.shape[1]
	with open(out_dir + 'trained_parameters.json', 'w') as fh:
		json.dump(cfg, fh, indent=4, sort_keys=True, ensure_ascii=False)

if __name__ == '__main__':
	# usage: python3 train.py ./data/train.csv.zip ./training_config.json
	run_training()
