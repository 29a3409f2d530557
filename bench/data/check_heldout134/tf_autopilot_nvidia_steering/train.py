import os
import tensorflow.compat.v1 as tf
tf.disable_v2_behavior()
from tensorflow.core.protobuf import saver_pb2
import driving_data as frames_src
import model as steer_net

CKPT_DIR = './ckpt'

session = tf.InteractiveSession()

L2_W = 0.001

tvars = tf.trainable_variables()

cost = tf.reduce_mean(tf.square(tf.subtract(steer_net.y_, steer_net.y))) + tf.add_n([tf.nn.l2_loss(v) for v in tvars]) * L2_W
opt_step = tf.train.AdamOptimizer(1e-4).minimize(cost)
session.run(tf.global_variables_initializer())

# see below
tf.summary.scalar("loss", cost)
# see below
summ_op = tf.summary.merge_all()

ckpt_saver = tf.train.Saver(write_version = saver_pb2.SaverDef.V2)

# see below
tb_dir = './logs'
tb_writer = tf.summary.FileWriter(tb_dir, graph=tf.get_default_graph())

n_epochs = 30
bsz = 100

# see below
for ep in range(n_epochs):
  for it in range(int(frames_src.n_frames/bsz)):
    xb, yb = frames_src.next_train_batch(bsz)
    opt_step.run(feed_dict={steer_net.x: xb, steer_net.y_: yb, steer_net.keep_prob: 0.8})
    if it % 10 == 0:
      xb, yb = frames_src.next_val_batch(bsz)
      val_cost = cost.eval(feed_dict={steer_net.x:xb, steer_net.y_: yb, steer_net.keep_prob: 1.0})
      print("ep %d step %d val cost %g" % (ep, ep * bsz + it, val_cost))

    # see below
    summ = summ_op.eval(feed_dict={steer_net.x:xb, steer_net.y_: yb, steer_net.keep_prob: 1.0})
    tb_writer.add_summary(summ, ep * frames_src.n_frames/bsz + it)

    if it % bsz == 0:
      if not os.path.exists(CKPT_DIR):
        os.makedirs(CKPT_DIR)
      ckpt_file = os.path.join(CKPT_DIR, "model.ckpt")
      saved_as = ckpt_saver.save(session, ckpt_file)
  print("checkpoint: %s" % saved_as)

print("To follow training:\n" \
      "--> tensorboard --logdir=./logs " \
      "\nand browse to http://0.0.0.0:6006/")
