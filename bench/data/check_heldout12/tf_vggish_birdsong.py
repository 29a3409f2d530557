#!/usr/bin/env python2

# Fine-tunes VGGish (AudioSet) with a small head to classify bird species from their calls.
# VGGish code and checkpoint: tensorflow/models, research/audioset.

from __future__ import print_function
from random import shuffle
import sys
import numpy as np
import tensorflow as tf
import os
import sklearn.model_selection as sk
sys.path.insert(0, os.path.abspath("../vggish"))
import logging
import vggish_input
import vggish_params
import vggish_slim
import time
import pickle
from traceback import print_exc

import datetime

tf_flags = tf.app.flags
tfslim = tf.contrib.slim

tf_flags.DEFINE_integer(
    'num_batches', 10,
    'How many passes over freshly shuffled training examples '
    '(each pass is cut into mini batches).')

tf_flags.DEFINE_integer('num_mini_batches', 5, 'Mini batches per pass.')

tf_flags.DEFINE_integer('num_classes', 6, 'How many species to classify')

tf_flags.DEFINE_boolean(
    'train_vggish', True,
    'Whether the VGGish weights are fine-tuned too; '
    'when off, VGGish only extracts features and '
    'only the new head learns.')

tf_flags.DEFINE_boolean('validation', True, 'Evaluate on the held-out split after each pass')

tf_flags.DEFINE_string(
    'checkpoint', '../input/vggish_model.ckpt',
    'VGGish checkpoint to start from.')

tf_flags.DEFINE_float('test_size', 0.2, 'Held-out fraction of the data')

CFG = tf_flags.FLAGS

in_root = os.path.abspath("../input")
data_root_dir = os.path.join(in_root, "data/")
out_root = os.path.abspath("../output")
log_root = os.path.join(out_root, "log/")
ckpt_root = os.path.join(out_root, "model/")

train_bird_names = []
train_bird_names_path = os.path.join(out_root, "train_id_list.pickle")

def read_bird_examples(root_path, logger):
  class_idx = 0
  example_arrays =[]
  label_arrays = []

  for dir_path, _subdirs, file_names  in os.walk(root_path):
    species = os.path.basename(os.path.normpath(dir_path))
    if species == "data":
      continue

    logger.info("{} -> {}".format(species, class_idx))
    train_bird_names.append(species)
    for wav_name in file_names:
      if wav_name.endswith(".wav"):
          wav_path = os.path.join(dir_path, wav_name)

          clip_frames = vggish_input.wavfile_to_examples(wav_path)

          one_hot = np.zeros((CFG.num_classes))
          one_hot[class_idx]=1
          one_hot=one_hot.tolist()
          clip_labels =np.array([one_hot]*clip_frames.shape[0])

          if clip_labels != []:
            label_arrays.append(clip_labels)
            example_arrays.append(clip_frames)
          else:
            logger.info("skipped (no frames): "+ str(wav_name))

    class_idx +=1

  try:
    with open(train_bird_names_path, "wb") as out_fh:
      pickle.dump(train_bird_names, out_fh)
  except:
    logger.info("could not write {}".format(train_bird_names_path))

  return example_arrays, label_arrays

def shuffled_pairs(example_chunks,label_arrays):
  stacked_examples = np.concatenate([part for part in example_chunks ])
  stacked_labels = np.concatenate([part for part in label_arrays])
  pairs = list(zip(stacked_examples,stacked_labels))
  shuffle(pairs)

  features_list = [ex for (ex, _) in pairs]
  labels_in = [lab for (_, lab) in pairs]

  return (features_list, labels_in)

def main(_):
  with tf.Graph().as_default(), tf.Session(config=tf.ConfigProto(allow_soft_placement=True)) as session:
    stamp = datetime.datetime.now().isoformat().replace(":", "_")
    log_fmt = logging.Formatter('%(asctime)s:%(name)s:%(levelname)s:%(message)s',
                            '%Y%m%d-%H%M%S')
    logger = logging.getLogger()
    logger.setLevel(logging.DEBUG)
    file_handler = logging.FileHandler(os.path.join(log_root, "{}-run.log".format(stamp)))
    file_handler.setFormatter(log_fmt)
    logger.addHandler(file_handler)

    t_begin = time.time()
    logger.info("passes: {}".format(CFG.num_batches))
    logger.info("classes: {}".format(CFG.num_classes))
    logger.info("mini batches per pass: {}".format(CFG.num_mini_batches))
    logger.info("validate: {}".format(CFG.validation))
    logger.info("held-out fraction: {}".format(CFG.test_size))

    oom_opts = tf.RunOptions(report_tensor_allocations_upon_oom=True)

    vgg_embed = vggish_slim.define_vggish_slim(CFG.train_vggish)

    with tf.variable_scope('mymodel'):
      hidden_units = 100
      hidden = tfslim.fully_connected(vgg_embed, hidden_units)

      logits_t = tfslim.fully_connected(hidden, CFG.num_classes, activation_fn=None, scope='logits')
      tf.sigmoid(logits_t, name='prediction')

      with tf.variable_scope('train'):
        step_var = tf.Variable(
            0, name='global_step', trainable=False,
            collections=[tf.GraphKeys.GLOBAL_VARIABLES,
                         tf.GraphKeys.GLOBAL_STEP])

        labels_in = tf.placeholder(
            tf.float32, shape=(None,CFG.num_classes), name='labels')

        ce_terms = tf.nn.sigmoid_cross_entropy_with_logits(
            logits=logits_t, labels=labels_in, name='xent')
        loss_t = tf.reduce_mean(ce_terms, name='loss_op')
        tf.summary.scalar('loss', loss_t)

        adam_optimizer = tf.train.AdamOptimizer(
            learning_rate=vggish_params.LEARNING_RATE,
            epsilon=vggish_params.ADAM_EPSILON)
        adam_optimizer.minimize(loss_t, global_step=step_var, name='train_op')

      with tf.variable_scope("evaluation"):
        pred_ids = tf.argmax(logits_t,1)
        hits = tf.equal(tf.argmax(logits_t,1), tf.argmax(labels_in,1))
        acc_t = tf.reduce_mean(tf.cast(hits, tf.float32))

    tf.summary.scalar("Accuracy", acc_t)
    tf.summary.scalar("Loss", tf.reduce_mean(ce_terms))

    merged_summaries = tf.summary.merge_all()

    train_summary_writer = tf.summary.FileWriter(os.path.join(log_root, "train/"),
                                      session.graph)
    test_summary_writer = tf.summary.FileWriter(os.path.join(log_root, "test/"),
                                      session.graph)

    tf.global_variables_initializer().run()

    session.run(tf.global_variables_initializer())
    vggish_slim.load_vggish_slim_checkpoint(session, CFG.checkpoint)

    features_in_t = session.graph.get_tensor_by_name(vggish_params.INPUT_TENSOR_NAME)
    embed_out_t = session.graph.get_tensor_by_name(vggish_params.OUTPUT_TENSOR_NAME)
    labels_in_t = session.graph.get_tensor_by_name('mymodel/train/labels:0')
    step_t = session.graph.get_tensor_by_name('mymodel/train/global_step:0')
    loss_out_t = session.graph.get_tensor_by_name('mymodel/train/loss_op:0')
    train_step_op = session.graph.get_operation_by_name('mymodel/train/train_op')

    logger.info("reading clips and numbering species...")
    stacked_examples, stacked_labels =read_bird_examples(os.path.join(data_root_dir), logger)
    train_X_all, test_X_all, train_y_all, test_y_all = sk.train_test_split(stacked_examples, stacked_labels, test_size=CFG.test_size)

    (test_X,test_y) = shuffled_pairs(test_X_all,test_y_all)

    for epoch_i in range(CFG.num_batches):
      logger.info("pass {}/{} begins".format(epoch_i + 1, CFG.num_batches))
      (train_X, train_y) = shuffled_pairs(train_X_all,train_y_all)

      n_chunks = CFG.num_mini_batches
      chunk_len = len(train_X) / n_chunks
      class_idx = 1
      for i in range(0, len(train_X), chunk_len):
        logger.info("pass {}/{}: mini batch {} begins".format(epoch_i+1, CFG.num_batches, class_idx))

        train_X_batch = train_X[i:i + chunk_len]
        train_y_batch = train_y[i:i + chunk_len]

        logger.info("mini batch feature rows: {}".format(len(train_X_batch)))
        logger.info("mini batch label rows: {}".format(len(train_y_batch)))

        [summ,step_now, loss_t,_, train_acc_v,pred_now] = session.run([merged_summaries,step_t, loss_out_t, train_step_op,acc_t,pred_ids],feed_dict={features_in_t: train_X_batch, labels_in_t: train_y_batch}, options=oom_opts)
        train_summary_writer.add_summary(summ, epoch_i*chunk_len+i)
        logger.info("mini batch loss: "+str(loss_t))
        logger.info("mini batch train accuracy: "+str(train_acc_v))

        logger.info("pass {}/{}: mini batch {} done".format(epoch_i+1, CFG.num_batches, class_idx))
        print()
        class_idx += 1

      if CFG.validation:
        del summ, loss_t, step_now, train_acc_v, pred_now, train_X, train_y, n_chunks
        try:
           del train_y_batch, train_X_batch
        except:
          logger.warn("mini batch arrays were already gone")

        summ,_,val_acc_v,_,_ = session.run([merged_summaries,loss_out_t,acc_t,pred_ids,hits], feed_dict={features_in_t: test_X, labels_in_t: test_y},  options=oom_opts)
        logger.info("held-out accuracy: {}".format(val_acc_v))
        test_summary_writer.add_summary(summ, epoch_i*chunk_len+i)

      ckpt_saver = tf.train.Saver()
      saved_path = ckpt_saver.save(session, os.path.join(ckpt_root, "jibjib_model.ckpt"),global_step=2)
      logger.info("checkpoint written: %s" % saved_path)

    stamp = datetime.datetime.now().isoformat().replace(":", "_").split(".")[0]
    t_end = time.time()
    msg = "done in {}s".format(t_end - t_begin)
    logger.info(msg)

if __name__ == '__main__':
  sys.stdout = os.fdopen(sys.stdout.fileno(), 'w', 0)

  tf.app.run()

