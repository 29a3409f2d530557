import tensorflow as tf
from model_util import PatienceTracker, build_eval_graph, restore_or_init
import numpy as np


def fit_loop(cfg, session, net):
    eval_cfg, eval_g, eval_net = build_eval_graph(cfg)

    with tf.Session(graph = eval_g) as eval_session:
        eval_session.run(tf.global_variables_initializer())

        stopper = PatienceTracker(session, eval_net.saver, cfg)

        for ep in range(cfg.num_epochs):
            session.run(net.data_generator.iterator.initializer)
            ep_losses, ep_rmsle = [], []
            step_no = 1
            while True:
                try:

                    _, l, kl, gstep = session.run([net.update,
                                                                  net.loss,
                                                                  net.kaggle_loss,
                                                                  net.global_step])

                    ep_losses.append(l)
                    ep_rmsle.append(kl)
                    print('step {} mse {} msle {}'\
                          .format(step_no, l, kl))
                    step_no+=1

                except tf.errors.OutOfRangeError:

                    net.saver.save(session, cfg.every_epoch_checkpoint_path)

                    print('epoch {} done: mse {} msle {}'.format(ep+1, np.mean(ep_losses),
                                                                                      np.mean(ep_rmsle)))

                    break



            restore_or_init(eval_cfg, eval_session, eval_net)
            eval_session.run(eval_net.data_generator.iterator.initializer)

            assert 'update' not in [x for x in eval_net.__dict__.keys() if x[:1] != '_']

            ev_losses, ev_rmsle = [], []

            while True:
                try:
                    el, ekl = eval_session.run([eval_net.loss, eval_net.kaggle_loss])
                    ev_losses.append(el)
                    ev_rmsle.append(ekl)

                except tf.errors.OutOfRangeError:

                    print('validation: mse {} msle {}'.format(np.mean(ev_losses),
                                                                          np.mean(ev_rmsle)))

                    stopper.save_best_model(np.mean(ev_rmsle))

                    break

            if stopper.counter > cfg.epochs_to_wait:
                break
