import tensorflow as tf
from Data_prep import BuildingRecords
from model import seq2seq
from copy import deepcopy


class PatienceTracker:

    def __init__(self, session, ckpt_saver, cfg):
        self.session = session
        self.ckpt_saver = ckpt_saver
        self.patience = cfg.epochs_to_wait
        self.history = []
        self.bad_epochs = 0
        self.cfg = cfg

    def record(self):
        self.history.append(self.latest)

    def maybe_save(self,latest):
        self.latest = latest
        self.record()

        if min(self.history) == self.history[-1]:
            self.best = self.latest
            self.ckpt_saver.save(self.session, self.cfg.best_checkpoint_path)
            self.bad_epochs = 0

        else:
            print('no improvement over best {}'.format(self.best))
            self.bad_epochs += 1


def build_graph(cfg):
    g = tf.Graph()
    with g.as_default():
        init_fn = tf.glorot_uniform_initializer()
        feeder = BuildingRecords(cfg)
        with tf.variable_scope('model', initializer = init_fn):
            net = seq2seq(cfg, feeder)

    return g, net


def build_eval_graph(cfg):
    eval_cfg = deepcopy(cfg)
    eval_cfg.mode = 'valid'
    eval_cfg.encoder_dropout_rate = 0
    eval_cfg.decoder_dropout_rate = 0
    eval_g, eval_net = build_graph(eval_cfg)
    return eval_cfg, eval_g, eval_net



def restore_or_init(cfg, session, net):
    state = tf.train.get_checkpoint_state(cfg.every_epoch_checkpoint_path)

    if state:
        net.saver.restore(session, cfg.every_epoch_checkpoint_path)

    else:
        session.run(tf.global_variables_initializer())

