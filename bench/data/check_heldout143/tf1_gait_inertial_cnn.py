"""
Gait identification from phone inertial signals

CNN over 128-sample windows of 6 channels
"""


from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow as tf
import numpy as np
tf.reset_default_graph()

#################### read signals ############################

# per-window standardisation

def standardize_rows(block):
    flipped=block.T
    flipped -=np.mean(flipped,axis=0)
    flipped /=np.std(flipped,axis=0)
    block=flipped.T
    return block

def read_channels(files):
    per_channel=[]
    for fpath in files:
        arr=standardize_rows(np.loadtxt(fpath))
        per_channel.append(arr)
    ###### interleave acc x/y/z and gyro x/y/z
    n_rows=len(per_channel[0])
    n_cols=len(per_channel[0][1])
    merged=np.empty((n_rows,n_cols*6))
    for c in range(n_cols*6):
        src= c%6
        merged[:,c]=per_channel[src][:,c//6]
    return merged

def read_targets(fpath):
    raw= np.loadtxt(fpath)  
    raw_list=list(raw)
    as_ints=list(map(int, raw_list))
    zero_based=[v-1 for v in as_ints]
    # one-hot encode the subject ids
    count = tf.size(zero_based)
    col = tf.expand_dims(zero_based, 1)
    rows = tf.expand_dims(tf.range(0, count, 1), 1)
    pairs = tf.concat([rows, col],1)
    dense_onehot = tf.sparse_to_dense(pairs, tf.stack([count, 21]), 1.0, 0.0)
    return dense_onehot.eval()
    
channel_files= ["acc_x.txt","acc_y.txt","acc_z.txt","gyr_x.txt","gyr_y.txt","gyr_z.txt"]
fit_files=["/data/gait_windows/train/train_"+ c for c in channel_files]
fit_x=read_channels(fit_files)
eval_files=["/data/gait_windows/test/test_"+ c for c in channel_files]
eval_x=read_channels(eval_files)


session = tf.InteractiveSession()
fit_target_file= "/data/gait_windows/train/y_train.txt"
fit_y=read_targets(fit_target_file)
eval_target_file= "/data/gait_windows/test/y_test.txt"
eval_y=read_targets(eval_target_file)





#################### graph helpers ###############################
def make_weights(dims):
    start = tf.truncated_normal(dims, stddev=0.1) # truncated normal init
    return tf.Variable(start)

def make_bias(dims):
    start = tf.constant(0.1, shape=dims)
    return tf.Variable(start)

def conv_same(inp, kern):
    return tf.nn.conv2d(inp, kern, strides=[1, 1, 1, 1], padding='SAME')

def pool_half(inp):
    return tf.nn.max_pool(inp, ksize=[1, 2, 2, 1],
                          strides=[1, 2, 2, 1], padding='SAME')

def draw_minibatch(k, feats, targets):
    '''
    Pick k random rows of feats and targets.
    '''
    order = np.arange(0 , len(feats))
    np.random.shuffle(order)
    order = order[:k]
    picked_x = [feats[ r] for r in order]
    picked_y = [targets[ r] for r in order]

    return np.asarray(picked_x), np.asarray(picked_y)



inp = tf.placeholder(tf.float32, [None, 128*6])  
inp_img = tf.reshape(inp, [-1,16,8,6]) # window as a 16x8 image with 6 channels

"""
# conv block 1
"""
w1 = make_weights([5, 5, 6, 32])  
b1 = make_bias([32])
a1 = tf.nn.relu(conv_same(inp_img, w1) + b1)
p1 = pool_half(a1)

"""
# conv block 2
"""
w2 = make_weights([5, 5, 32, 64]) 
b2 = make_bias([64])
a2 = tf.nn.relu(conv_same(p1, w2) + b2)
p2 = pool_half(a2)


"""
# dense layer, 4*2*64 inputs to 1024 units
"""
w3 = make_weights([4*2*64, 1024])  
b3 = make_bias([1024])
p2_flat = tf.reshape(p2, [-1, 4*2*64]) 
a3 = tf.nn.relu(tf.matmul(p2_flat, w3) + b3)
keep = tf.placeholder(tf.float32) 
a3_drop = tf.nn.dropout(a3, keep)
"""
# output layer, 1024 units to 21 subjects
"""
w4 = make_weights([1024, 21])
b4 = make_bias([21])
probs=tf.nn.softmax(tf.matmul(a3_drop, w4) + b4) # softmax over subjects
truth = tf.placeholder(tf.float32, [None, 21])

xent = tf.reduce_mean(-tf.reduce_sum(truth * tf.log(probs), reduction_indices=[1])) # cross entropy
tf.summary.scalar('loss', xent)
step_op = tf.train.AdamOptimizer(1e-4).minimize(xent) # Adam
hits = tf.equal(tf.argmax(probs,1), tf.argmax(truth,1)) 
acc = tf.reduce_mean(tf.cast(hits, tf.float32))
tf.summary.scalar('accuracy', acc)
all_summaries = tf.summary.merge_all()
tb_root='/data/gait_windows/tb/'  # tensorboard logs
fit_writer = tf.summary.FileWriter(tb_root + '/train', session.graph)
eval_writer = tf.summary.FileWriter(tb_root+'test/')
session.run(tf.initialize_all_variables())  # init variables
best_acc = 0.0
# optimise
for it in range(10000):  
    mb_x,mb_y = draw_minibatch(50,fit_x,fit_y)  
    if it%100 == 0:
        cur_loss,cur_acc,cur_summ=session.run([xent,acc,all_summaries],feed_dict={
            inp:eval_x, truth: eval_y, keep: 1.0})
        eval_writer.add_summary(cur_summ, it)
        print("iter %d, held-out acc %g, loss %g"%(it, cur_acc,cur_loss))
        best_acc = max(best_acc, cur_acc)
    summ_, _ = session.run([all_summaries,step_op],feed_dict={inp: mb_x, truth: mb_y, keep: 0.5})   
    fit_writer.add_summary(summ_, it)
fit_writer.close()
eval_writer.close()

print("best held-out acc %g"%(best_acc))
print("last held-out acc %g"%acc.eval(feed_dict={inp: eval_x, truth: eval_y, keep: 1.0}))
#!tensorboard --logdir='/data/gait_windows/tb/'
