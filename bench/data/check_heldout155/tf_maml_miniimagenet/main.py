import os
import numpy as np
import argparse
import random
import tensorflow as tf

from episode_gen import EpisodeGenerator
from meta_model import MetaNet


ap = argparse.ArgumentParser()
ap.add_argument('-t', '--test', action='store_true', default=False, help='evaluate instead of training')
opt = ap.parse_args()

os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
os.environ["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"
os.environ["CUDA_VISIBLE_DEVICES"] = "0"


def run_train(net, saver, sess):
	"""

	:param net: the meta model
	:param saver: checkpoint saver
	:param sess: session
	:return:
	"""
	# graph dump for tensorboard
	# tb = tf.summary.FileWriter(os.path.join('logs', 'mini'), sess.graph)
	pre_l, post_l, pre_a, post_a = [], [], [], []
	best = 0

	# meta iterations
	for it in range(600000):
		# meta update op
		ops = [net.meta_op]

		# extra ops for logging
		if it % 200 == 0:
			ops.extend([net.summ_op,
			            net.query_losses[0], net.query_losses[-1],
			            net.query_accs[0], net.query_accs[-1]])

		# run
		out = sess.run(ops)

		# logging
		if it % 200 == 0:
			# summary at out[1]
			# tb.add_summary(out[1], it)
			# loss before adaptation
			pre_l.append(out[2])
			# loss after adaptation
			post_l.append(out[3])
			# acc before adaptation
			pre_a.append(out[4])
			# acc after adaptation
			post_a.append(out[5])

			print(it, '\tloss:', np.mean(pre_l), '=>', np.mean(post_l),
			      '\t\tacc:', np.mean(pre_a), '=>', np.mean(post_a))
			pre_l, post_l, pre_a, post_a = [], [], [], []

		# validation
		if it % 2000 == 0:
			# separate lists on purpose
			# (not a = b = [])
			a1s, a2s = [], []
			# average over many episodes
			for _ in range(200):
				a1, a2 = sess.run([net.test_query_accs[0],
				                        net.test_query_accs[-1]])
				a1s.append(a1)
				a2s.append(a2)

			acc = np.mean(a2s)
			print('== val acc: ', np.mean(a1s), acc, 'best:', best, '==')

			if acc - best > 0.05 or acc > 0.4:
				saver.save(sess, os.path.join('ckpt', 'mini.mdl'))
				best = acc
				print('checkpoint saved:', acc)


def run_test(net, sess):

	np.random.seed(1)
	random.seed(1)

	# 600 evaluation episodes
	accs = []
	for i in range(600):
		if i % 100 == 1:
			print(i)
		# list.extend returns None
		ops = [net.test_support_acc]
		ops.extend(net.test_query_accs)
		out = sess.run(ops)
		accs.append(out)

	# [600, K+1]
	accs = np.array(accs)
	# [K+1]
	mu = np.mean(accs, 0)
	sd = np.std(accs, 0)
	ci = 1.96 * sd / np.sqrt(600)

	print('[support step0, query steps 0..K]')
	print('mean:', mu)
	print('std:', sd)
	print('ci95:', ci)



def main():
	training = not opt.test
	kshot = 1
	kquery = 15
	nway = 5
	meta_batchsz = 4
	K = 5


	# (kshot + kquery) per class, nway classes, meta_batchsz episodes
	gen = EpisodeGenerator(nway, kshot, kquery, meta_batchsz, 200000)

	if  training:  # training graph only when training
		# tensors
		# imgs: [4, 80, 84*84*3]
		# lbls: [4, 80, 5]
		imgs, lbls = gen.make_data_tensor(training=True)

		# layout of the 80 images per episode:
		# one image of each class, repeated 16 times
		# sx : [4, 1*5, 84*84*3]
		# qx : [4, 15*5, 84*84*3]
		# sy : [4, 5, 5]
		# qy : [4, 15*5, 5]
		sx = tf.slice(imgs, [0, 0, 0], [-1,  nway *  kshot, -1], name='support_x')
		qx = tf.slice(imgs, [0,  nway *  kshot, 0], [-1, -1, -1], name='query_x')
		sy = tf.slice(lbls, [0, 0, 0], [-1,  nway *  kshot, -1], name='support_y')
		qy = tf.slice(lbls, [0,  nway *  kshot, 0], [-1, -1, -1], name='query_y')

	# evaluation tensors
	imgs, lbls = gen.make_data_tensor(training=False)
	sx_t = tf.slice(imgs, [0, 0, 0], [-1,  nway *  kshot, -1], name='support_x_test')
	qx_t = tf.slice(imgs, [0,  nway *  kshot, 0], [-1, -1, -1],  name='query_x_test')
	sy_t = tf.slice(lbls, [0, 0, 0], [-1,  nway *  kshot, -1],  name='support_y_test')
	qy_t = tf.slice(lbls, [0,  nway *  kshot, 0], [-1, -1, -1],  name='query_y_test')


	# 1. the meta model
	net = MetaNet(84, 3, 5)

	# train and eval graphs
	if  training:
		net.build(sx, sy, qx, qy, K, meta_batchsz, mode='train')
		net.build(sx_t, sy_t, qx_t, qy_t, K, meta_batchsz, mode='eval')
	else:
		net.build(sx_t, sy_t, qx_t, qy_t, K + 5, meta_batchsz, mode='test')
	net.summ_op = tf.summary.merge_all()

	plain_vars = filter(lambda v: 'meta_optim' not in v.name, tf.trainable_variables())
	for v in plain_vars:
		print(v)


	cfg = tf.ConfigProto()
	cfg.gpu_options.allow_growth = True
	sess = tf.InteractiveSession(config=cfg)
	# global_variables also covers batch-norm moving statistics
	# (trainable_variables would miss them)
	saver = tf.train.Saver(tf.global_variables(), max_to_keep=5)

	# init and start the queue threads
	tf.global_variables_initializer().run()
	tf.train.start_queue_runners()

	if os.path.exists(os.path.join('ckpt', 'checkpoint')):
		# restore whenever a checkpoint exists
		ckpt = tf.train.latest_checkpoint('ckpt')
		print("restoring from ", ckpt)
		saver.restore(sess, ckpt)


	if training:
		run_train(net, saver, sess)
	else:
		run_test(net, sess)


if __name__ == "__main__":
	main()
