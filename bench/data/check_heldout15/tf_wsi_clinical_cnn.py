'''
A TensorFlow 1.x CNN fitted to whole-slide breast tissue pictures and 49 clinical targets.

Command line: python 4_tf_cnn_model.py exp 1 lr 0.1 epo 1 batch 8 fold 1
(all six values can be changed).
Run it once for each of the five folds and average the results.



'''

from __future__ import print_function
import sys
import tensorflow as tf
import numpy as np
import matplotlib
matplotlib.use('agg')
import matplotlib.pyplot as plt

plot_dir = ''
tf.reset_default_graph()

run_id = 1
lr_value = 0.1
epoch_count = 1
batch_len = 1
n_outputs = 49
fold_no = 1

# graph inputs
X = tf.placeholder(tf.float32, [None, 2048, 4096, 4], name='input_placeholder')
Y = tf.placeholder(tf.float32, [None, n_outputs], name='output_placeholder')
train_flag = tf.placeholder(tf.bool)
if(len(sys.argv) > 1):
	for i in range(1, len(sys.argv)):
		if(sys.argv[i] == 'exp'):
			run_id = sys.argv[i+1]
			print('run id:', run_id)
		elif(sys.argv[i] == 'lr'):
			lr_value = float(sys.argv[i+1])
			print('step size:', lr_value)
		elif(sys.argv[i] == 'epo'):
			epoch_count = int(sys.argv[i+1])
			print('epoch count:', epoch_count)
		elif(sys.argv[i] == 'batch'):
			batch_len = int(sys.argv[i+1])
			print('pictures per step:', batch_len)
		elif(sys.argv[i] == 'fold'):
			fold_no = int(sys.argv[i+1])
			print('using fold', fold_no)
else:
	raise ValueError('arguments missing; expected e.g. exp 1 lr 0.1 epo 1 batch 10, got:', sys.argv)

train_X = np.load('train_images_fold{}.npz'.format(fold_no))['arr_0']
train_y = np.load('train_labels_fold{}.npz'.format(fold_no))['arr_0']
test_X = np.load('test_images_fold{}.npz'.format(fold_no))['arr_0']
test_y = np.load('test_labels_fold{}.npz'.format(fold_no))['arr_0']
train_y = train_y.astype(np.float16)
test_y = test_y.astype(np.float16)

print('array shapes:', train_X.shape, '\n', test_X.shape, '\n', train_y.shape, '\n', test_y.shape)

print('saving the first five training pictures')
for k in range(5):
        plt.imshow(train_X[k])
        plt.savefig(plot_dir+'x_train{}.png'.format(k))

def slide_cnn_model(X):
	print('network input:', X)

	c1 = tf.layers.conv2d(X,  filters=2,
                                     kernel_size=[5,5], 
                                     strides=2, 
                                     padding='same', 
                                     activation=tf.nn.relu,
			             name='conv1')
	print(c1)
	c2 = tf.layers.conv2d(c1, 
                                 filters=4,
                                 kernel_size=[5,5], 
                                 strides=2, 
                                 padding='same', 
                                 activation=tf.nn.relu,
                                 name='conv2')
	print(c2)

	c3 = tf.layers.conv2d(c2,
                                 filters=8,
                                 kernel_size=[5,5], 
                                 strides=2,
                                 padding='same', 
                                 activation=tf.nn.relu,
                                 name='conv3')
	print(c3)
	c4 = tf.layers.conv2d(c3,
                                 filters=16,
                                 kernel_size=[3,3],
                                 strides=3,
                                 padding='same',
                                 activation=tf.nn.relu,
                                 name='conv4')
	print(c4)
	c5 = tf.layers.conv2d(c4,
                                 filters=32,
                                 kernel_size=[3,3],
                                 strides=3,
                                 padding='same',
                                 activation=tf.nn.relu,
                                 name='conv5')
	print(c5)
	
	c6 = tf.layers.conv2d(c5,
                                 filters=64,
                                 kernel_size=[1,1],
                                 strides=3,
                                 padding='same',
                                 activation=tf.nn.relu,
                                 name='conv6')
	print(c6)
	
	flat_len = np.prod(c6.get_shape().as_list()[1:])
	print('features after flattening:', flat_len)
	flat_features = tf.reshape(c6, [-1, flat_len])
	print('flattened tensor:', flat_features)
	
	dropped = tf.layers.dropout(flat_features, train_flag) # half of the units dropped while training
	print('after dropout:', dropped)
	fc1 = tf.layers.dense(dropped, 5000, activation=tf.nn.relu, name='dense1') 
	print(fc1)
	fc2 = tf.layers.dense(fc1, 1000, tf.nn.relu, name='dense2')
	print(fc2)
	fc3 = tf.layers.dense(fc2, 200, tf.nn.relu, name='dense3')
	print(fc3)
	scores = tf.layers.dense(fc3, n_outputs, name='logits')
	print(scores)
	return scores	

scores = slide_cnn_model(X)
probs = tf.nn.sigmoid(scores)

mse_loss = tf.reduce_mean(tf.square(Y - probs), axis=0)
adam_optimizer = tf.train.AdamOptimizer(lr_value)
train_step_op = adam_optimizer.minimize(mse_loss)
print('using', adam_optimizer)

hits = tf.equal(probs, Y) 
acc_op = tf.reduce_mean(tf.cast(hits, tf.float16), axis=0)

with tf.Session() as session:
    
	session.run(tf.global_variables_initializer())
	session.run(tf.local_variables_initializer())
	loss_per_label_hist = [] # per-target mean loss of every epoch (49 values each)
	acc_per_label_hist = []
	mean_loss_hist = [] # one overall mean loss per epoch
	for epoch in range(1, epoch_count+1):
		print('--- epoch', epoch)
		epoch_losses = []
		epoch_accs = []
		n_steps = len(train_X)//batch_len
		for i in range(n_steps):
			batch_X = train_X[(i*batch_len):(i*batch_len)+batch_len]
			batch_labels = train_y[(i*batch_len):(i*batch_len)+batch_len]
			step_loss, step_acc, _ = session.run([mse_loss, acc_op, train_step_op], 
							feed_dict={X: batch_X, Y: batch_labels, train_flag:True})
			epoch_losses.append(step_loss)
			epoch_accs.append(step_acc)			
		mean_acc = np.mean(epoch_accs, axis=0)
		mean_loss_vec = np.mean(epoch_losses, axis=0)
		mean_loss = np.mean(epoch_losses)
		print("epoch {}: mean loss {}, per target ".format(epoch, mean_loss) + \
                 		"{}".format(mean_loss_vec) + \
                  		", train accuracy " + \
                  		"{}".format(mean_acc))
        	
		loss_per_label_hist.append(mean_loss_vec)
		acc_per_label_hist.append(mean_acc)
		mean_loss_hist.append(mean_loss)
		print('loss history:', mean_loss_hist)
		print('epochs recorded:', len(mean_loss_hist))
	axis_x = np.arange(1, epoch_count+1)
	axis_y = mean_loss_hist
	print('epochs axis:', axis_x)
	print('mean loss per epoch:', axis_y)
	plt.plot(axis_x, axis_y)
	plt.ylabel('mean train loss over targets')
	plt.xlabel('epoch')
	plt.title('train loss curve')
	plt.show()
	plt.savefig(plot_dir+'exp{}_training_mean_loss_fold{}.png'.format(run_id, fold_no))
	plt.close()
	axis_x = np.arange(1, n_outputs+1)
	axis_y = np.mean(loss_per_label_hist, axis=0)
	plt.bar(axis_x, axis_y)
	plt.ylabel('train loss of each target')
	plt.xlabel('target')
	plt.title('train loss per target, all epochs')
	plt.show()
	plt.savefig(plot_dir+'exp{}_training_loss_fold{}.png'.format(run_id, fold_no))
	plt.close()

	train_acc_vals = np.mean(acc_per_label_hist, axis=0)
	np.savetxt(plot_dir+'exp{}_train_accuracy_fold{}.csv'.format(run_id, fold_no), train_acc_vals, delimiter=',')
	print('targets {} (shape {})'.format(axis_x, axis_x.shape))
	print('accuracy over epochs {} (shape {})'.format(train_acc_vals, train_acc_vals.shape))
	plt.bar(axis_x, train_acc_vals)
	plt.ylabel('train accuracy')
	plt.xlabel('target')
	plt.title('train accuracy per target')
	plt.show()
	plt.savefig(plot_dir+'exp{}_training_acc_fold{}.png'.format(run_id, fold_no))
	plt.close()
	print("training over")

	test_accs = []
	print('--- evaluating on the test fold ---')
	for i in range(len(test_X)):
		one_test_x = np.expand_dims(test_X[i], axis=0)
		one_test_y = np.expand_dims(test_y[i], axis=0)
		if i % 10 == 0:
        		plt.imshow(test_X[i])
        		plt.savefig(plot_dir+'x_test{}.png'.format(i))
		test_pred, step_acc= session.run([probs, acc_op], feed_dict={X: one_test_x, Y: one_test_y, train_flag:False})
		test_accs.append(step_acc)

	axis_x = np.arange(n_outputs)
	axis_y = np.squeeze(np.mean(test_accs, axis=0))
	np.savetxt(plot_dir+'exp{}_test_accuracy_fold{}.csv'.format(run_id, fold_no), axis_y, delimiter=',')
	print('test accuracy {} (shape {})'.format(axis_y, axis_y.shape))
	plt.bar(axis_x, axis_y)
	plt.ylabel('accuracy')
	plt.xlabel('target')
	plt.title('test accuracy per target')
	plt.show()
	plt.savefig(plot_dir+'exp{}_testing_accuracy_fold{}.png'.format(run_id, fold_no))
	plt.close()

print('all finished')
