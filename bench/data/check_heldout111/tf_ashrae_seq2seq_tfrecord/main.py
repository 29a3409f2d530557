import tensorflow as tf

from setup import read_options
from model_util import build_graph, restore_or_init
from trainer import fit_loop


def run():
    cfg = read_options()

    g, net = build_graph(cfg)

    with tf.Session(graph=g) as session:
        restore_or_init(cfg, session, net)

        try:
            if cfg.mode == 'train':
                fit_loop(cfg, session, net)

        except KeyboardInterrupt:
            print('interrupted by user')
        finally:
            print('done')


if __name__ == '__main__':
    run()
