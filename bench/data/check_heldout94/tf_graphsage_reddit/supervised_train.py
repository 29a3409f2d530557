from __future__ import division
from __future__ import print_function

import os
import time
import tensorflow as tf
import numpy as np
import sklearn
from sklearn import metrics

from graphsage.supervised_models import SupervisedGraphsage
from graphsage.models import SAGEInfo
from graphsage.minibatch import NodeMinibatchIterator
from graphsage.neigh_samplers import UniformNeighborSampler
from graphsage.utils import load_data

os.environ["CUDA_DEVICE_ORDER"]="PCI_BUS_ID"

# fixed seed
SEED = 123
np.random.seed(SEED)
tf.set_random_seed(SEED)

# command-line flags
flag_mod = tf.app.flags
FLAGS = flag_mod.FLAGS

tf.app.flags.DEFINE_boolean('log_device_placement', False,
                            """print where each op is placed.""")
# main hyper-parameters
flag_mod.DEFINE_string('model', 'graphsage_mean', 'aggregator name (README lists them).')
flag_mod.DEFINE_float('learning_rate', 0.01, 'starting step size.')
flag_mod.DEFINE_string("model_size", "small", "big or small, meaning depends on the aggregator")
flag_mod.DEFINE_string('train_prefix', '', 'path prefix of the -G.json/-feats.npy/... files (required).')

# usually left at defaults
flag_mod.DEFINE_integer('epochs', 10, 'passes over the training nodes.')
flag_mod.DEFINE_float('dropout', 0.0, 'drop probability.')
flag_mod.DEFINE_float('weight_decay', 0.0, 'L2 penalty.')
flag_mod.DEFINE_integer('max_degree', 128, 'neighbours kept per node.')
flag_mod.DEFINE_integer('samples_1', 25, 'fan-out at hop 1')
flag_mod.DEFINE_integer('samples_2', 10, 'fan-out at hop 2')
flag_mod.DEFINE_integer('samples_3', 0, 'fan-out at hop 3 (mean aggregator only)')
flag_mod.DEFINE_integer('dim_1', 128, 'hidden width per hop (doubled with concat)')
flag_mod.DEFINE_integer('dim_2', 128, 'hidden width per hop (doubled with concat)')
flag_mod.DEFINE_boolean('random_context', True, 'random-walk context instead of edges')
flag_mod.DEFINE_integer('batch_size', 512, 'nodes per batch.')
flag_mod.DEFINE_boolean('sigmoid', False, 'multi-label sigmoid loss')
flag_mod.DEFINE_integer('identity_dim', 0, 'width of learned id embeddings (0 = none).')

# logging / validation
flag_mod.DEFINE_string('base_log_dir', '.', 'root folder for logs')
flag_mod.DEFINE_integer('validate_iter', 5000, "validation period in steps.")
flag_mod.DEFINE_integer('validate_batch_size', 256, "nodes per validation batch.")
flag_mod.DEFINE_integer('gpu', 1, "gpu index.")
flag_mod.DEFINE_integer('print_every', 5, "print period in steps.")
flag_mod.DEFINE_integer('max_total_steps', 10**10, "hard cap on steps")

os.environ["CUDA_VISIBLE_DEVICES"]=str(FLAGS.gpu)

GPU_FRAC = 0.8

def f1_pair(gold, pred):
    if not FLAGS.sigmoid:
        gold = np.argmax(gold, axis=1)
        pred = np.argmax(pred, axis=1)
    else:
        pred[pred > 0.5] = 1
        pred[pred <= 0.5] = 0
    return metrics.f1_score(gold, pred, average="micro"), metrics.f1_score(gold, pred, average="macro")

# one validation batch
def quick_eval(session, net, it_obj, n_nodes=None):
    t0 = time.time()
    fd_val, lab = it_obj.node_val_feed_dict(n_nodes)
    outs_val = session.run([net.preds, net.loss],
                        feed_dict=fd_val)
    f_mic, f_mac = f1_pair(lab, outs_val[0])
    return outs_val[1], f_mic, f_mac, (time.time() - t0)

def run_dir():
    run_dir = FLAGS.base_log_dir + "/sup-" + FLAGS.train_prefix.split("/")[-2]
    run_dir += "/{model:s}_{model_size:s}_{lr:0.4f}/".format(
            model=FLAGS.model,
            model_size=FLAGS.model_size,
            lr=FLAGS.learning_rate)
    if not os.path.exists(run_dir):
        os.makedirs(run_dir)
    return run_dir

def full_eval(session, net, it_obj, n_nodes, test=False):
    t0 = time.time()
    done = False
    loss_parts = []
    pred_parts = []
    lab = []
    chunk = 0
    done = False
    while not done:
        fd_val, lab_b, done, _  = it_obj.incremental_node_val_feed_dict(n_nodes, chunk, test=test)
        outs_val = session.run([net.preds, net.loss],
                         feed_dict=fd_val)
        pred_parts.append(outs_val[0])
        lab.append(lab_b)
        loss_parts.append(outs_val[1])
        chunk += 1
    pred_parts = np.vstack(pred_parts)
    lab = np.vstack(lab)
    f1s = f1_pair(lab, pred_parts)
    return np.mean(loss_parts), f1s[0], f1s[1], (time.time() - t0)

def make_inputs(n_cls):
    # graph inputs
    ph = {
        'labels' : tf.placeholder(tf.float32, shape=(None, n_cls), name='labels'),
        'batch' : tf.placeholder(tf.int32, shape=(None), name='batch1'),
        'dropout': tf.placeholder_with_default(0., shape=(), name='dropout'),
        'batch_size' : tf.placeholder(tf.int32, name='batch_size'),
    }
    return ph

def fit(loaded, test_data=None):

    graph = loaded[0]
    feat = loaded[1]
    ix_map = loaded[2]
    lab_map  = loaded[4]
    if isinstance(list(lab_map.values())[0], list):
        n_cls = len(list(lab_map.values())[0])
    else:
        n_cls = len(set(lab_map.values()))

    if not feat is None:
        # extra all-zero row for the padding node id
        feat = np.vstack([feat, np.zeros((feat.shape[1],))])

    context_pairs = loaded[3] if FLAGS.random_context else None
    ph = make_inputs(n_cls)
    mb = NodeMinibatchIterator(graph,
            ix_map,
            ph,
            lab_map,
            n_cls,
            batch_size=FLAGS.batch_size,
            max_degree=FLAGS.max_degree, 
            context_pairs = context_pairs)
    adj_ph = tf.placeholder(tf.int32, shape=mb.adj.shape)
    adj_var = tf.Variable(adj_ph, trainable=False, name="adj_info")

    if FLAGS.model == 'graphsage_mean':
        # build the network
        samp = UniformNeighborSampler(adj_var)
        if FLAGS.samples_3 != 0:
            layers_cfg = [SAGEInfo("node", samp, FLAGS.samples_1, FLAGS.dim_1),
                                SAGEInfo("node", samp, FLAGS.samples_2, FLAGS.dim_2),
                                SAGEInfo("node", samp, FLAGS.samples_3, FLAGS.dim_2)]
        elif FLAGS.samples_2 != 0:
            layers_cfg = [SAGEInfo("node", samp, FLAGS.samples_1, FLAGS.dim_1),
                                SAGEInfo("node", samp, FLAGS.samples_2, FLAGS.dim_2)]
        else:
            layers_cfg = [SAGEInfo("node", samp, FLAGS.samples_1, FLAGS.dim_1)]

        net = SupervisedGraphsage(n_cls, ph,
                                     feat,
                                     adj_var,
                                     mb.deg,
                                     layers_cfg,
                                     model_size=FLAGS.model_size,
                                     sigmoid_loss = FLAGS.sigmoid,
                                     identity_dim = FLAGS.identity_dim,
                                     logging=True)
    elif FLAGS.model == 'gcn':
        # build the network
        samp = UniformNeighborSampler(adj_var)
        layers_cfg = [SAGEInfo("node", samp, FLAGS.samples_1, 2*FLAGS.dim_1),
                            SAGEInfo("node", samp, FLAGS.samples_2, 2*FLAGS.dim_2)]

        net = SupervisedGraphsage(n_cls, ph,
                                     feat,
                                     adj_var,
                                     mb.deg,
                                     layer_infos=layers_cfg,
                                     aggregator_type="gcn",
                                     model_size=FLAGS.model_size,
                                     concat=False,
                                     sigmoid_loss = FLAGS.sigmoid,
                                     identity_dim = FLAGS.identity_dim,
                                     logging=True)

    elif FLAGS.model == 'graphsage_seq':
        samp = UniformNeighborSampler(adj_var)
        layers_cfg = [SAGEInfo("node", samp, FLAGS.samples_1, FLAGS.dim_1),
                            SAGEInfo("node", samp, FLAGS.samples_2, FLAGS.dim_2)]

        net = SupervisedGraphsage(n_cls, ph,
                                     feat,
                                     adj_var,
                                     mb.deg,
                                     layer_infos=layers_cfg,
                                     aggregator_type="seq",
                                     model_size=FLAGS.model_size,
                                     sigmoid_loss = FLAGS.sigmoid,
                                     identity_dim = FLAGS.identity_dim,
                                     logging=True)

    elif FLAGS.model == 'graphsage_maxpool':
        samp = UniformNeighborSampler(adj_var)
        layers_cfg = [SAGEInfo("node", samp, FLAGS.samples_1, FLAGS.dim_1),
                            SAGEInfo("node", samp, FLAGS.samples_2, FLAGS.dim_2)]

        net = SupervisedGraphsage(n_cls, ph,
                                    feat,
                                    adj_var,
                                    mb.deg,
                                     layer_infos=layers_cfg,
                                     aggregator_type="maxpool",
                                     model_size=FLAGS.model_size,
                                     sigmoid_loss = FLAGS.sigmoid,
                                     identity_dim = FLAGS.identity_dim,
                                     logging=True)

    elif FLAGS.model == 'graphsage_meanpool':
        samp = UniformNeighborSampler(adj_var)
        layers_cfg = [SAGEInfo("node", samp, FLAGS.samples_1, FLAGS.dim_1),
                            SAGEInfo("node", samp, FLAGS.samples_2, FLAGS.dim_2)]

        net = SupervisedGraphsage(n_cls, ph,
                                    feat,
                                    adj_var,
                                    mb.deg,
                                     layer_infos=layers_cfg,
                                     aggregator_type="meanpool",
                                     model_size=FLAGS.model_size,
                                     sigmoid_loss = FLAGS.sigmoid,
                                     identity_dim = FLAGS.identity_dim,
                                     logging=True)

    else:
        raise Exception('unknown aggregator name.')

    sess_cfg = tf.ConfigProto(log_device_placement=FLAGS.log_device_placement)
    sess_cfg.gpu_options.allow_growth = True
    # (memory fraction left unset)
    sess_cfg.allow_soft_placement = True
    
    # session
    session = tf.Session(config=sess_cfg)
    summ = tf.summary.merge_all()
    writer = tf.summary.FileWriter(run_dir(), session.graph)
     
    # initialise, feeding the train adjacency
    session.run(tf.global_variables_initializer(), feed_dict={adj_ph: mb.adj})
    
    # loop
    
    n_steps = 0
    mean_t = 0.0
    val_cost_log = []

    use_train_adj = tf.assign(adj_var, mb.adj)
    use_val_adj = tf.assign(adj_var, mb.test_adj)
    for ep in range(FLAGS.epochs):
        mb.shuffle()

        it = 0
        print('ep %04d' % (ep + 1))
        val_cost_log.append(0)
        while not mb.end():
            # next batch
            fd, lab = mb.next_minibatch_feed_dict()
            fd.update({ph['dropout']: FLAGS.dropout})

            tick = time.time()
            # update
            res = session.run([summ, net.opt_op, net.loss, net.preds], feed_dict=fd)
            tr_cost = res[2]

            if it % FLAGS.validate_iter == 0:
                # evaluate on the val adjacency
                session.run(use_val_adj.op)
                if FLAGS.validate_batch_size == -1:
                    va_cost, va_mic, va_mac, secs = full_eval(session, net, mb, FLAGS.batch_size)
                else:
                    va_cost, va_mic, va_mac, secs = quick_eval(session, net, mb, FLAGS.validate_batch_size)
                session.run(use_train_adj.op)
                val_cost_log[-1] += va_cost

            if n_steps % FLAGS.print_every == 0:
                writer.add_summary(res[0], n_steps)
    
            # timing
            mean_t = (mean_t * n_steps + time.time() - tick) / (n_steps + 1)

            if n_steps % FLAGS.print_every == 0:
                tr_mic, tr_mac = f1_pair(lab, res[-1])
                print("step:", '%04d' % it,
                      "train_loss=", "{:.5f}".format(tr_cost),
                      "train_f1_mic=", "{:.5f}".format(tr_mic),
                      "train_f1_mac=", "{:.5f}".format(tr_mac),
                      "val_loss=", "{:.5f}".format(va_cost),
                      "val_f1_mic=", "{:.5f}".format(va_mic),
                      "val_f1_mac=", "{:.5f}".format(va_mac),
                      "time=", "{:.5f}".format(mean_t))
 
            it += 1
            n_steps += 1

            if n_steps > FLAGS.max_total_steps:
                break

        if n_steps > FLAGS.max_total_steps:
                break
    
    print("training done")
    session.run(use_val_adj.op)
    va_cost, va_mic, va_mac, secs = full_eval(session, net, mb, FLAGS.batch_size)
    print("validation (all nodes):",
                  "loss=", "{:.5f}".format(va_cost),
                  "f1_micro=", "{:.5f}".format(va_mic),
                  "f1_macro=", "{:.5f}".format(va_mac),
                  "time=", "{:.5f}".format(secs))
    with open(run_dir() + "val_stats.txt", "w") as fh:
        fh.write("loss={:.5f} f1_micro={:.5f} f1_macro={:.5f} time={:.5f}".
                format(va_cost, va_mic, va_mac, secs))

    print("test numbers go to a file only")
    va_cost, va_mic, va_mac, secs = full_eval(session, net, mb, FLAGS.batch_size, test=True)
    with open(run_dir() + "test_stats.txt", "w") as fh:
        fh.write("loss={:.5f} f1_micro={:.5f} f1_macro={:.5f}".
                format(va_cost, va_mic, va_mac))

def entry(argv=None):
    print("reading graph files")
    loaded = load_data(FLAGS.train_prefix)
    print("graph files read")
    fit(loaded)

if __name__ == '__main__':
    tf.app.run()
