#coding:utf-8

from __future__ import print_function
import tensorflow as tf
from input import BatchFeeder
import numpy as np
import logging

logging.basicConfig()

class FitMixin(object):
    def fit(self, sess, tr_rows, ev_rows = None):
        """
        tensors every model defines:
            - self.uid  user id
            - self.tid  target item id
            - self.y  click label
            - self.hist_i   the user's earlier items
            - self.hist_len  how many earlier items
            - self.loss      loss
            - self.train_op   update op
            - self.auc        streaming auc
            - self.auc_update_op  its update op
            - self.global_step     step counter
            - self.logits          raw scores
        :param sess:
        :param tr_rows:  training rows
        :param ev_rows:   held-out rows
        :return: None
        """
        running = 0
        for ep in range(5):
            for _, batch in BatchFeeder(tr_rows, 128):
                users, items, y, hist, lens = batch
                loss, _ , _= sess.run([self.loss,  self.train_op, self.auc_update_op], feed_dict = {
                    self.uid : users,
                    self.tid : items,
                    self.y : y,
                    self.hist_i : hist,
                    self.hist_len: lens
                })
                running += loss
                if self.global_step.eval(session=sess) % 1000 == 0:
                    info = {'loss' : running,
                            'global_step': self.global_step.eval(session=sess),
                            'auc' : self.auc.eval(session=sess),
                            'epoch' : ep}
                    print('epoch {epoch}, step = {global_step}, loss = {loss}, auc = {auc}s'.format(
                        **info))

                    running = 0
            print('epoch {epoch}, '.format(epoch=ep), end='')
            self.eval(sess, tr_rows, name='train')
            if ev_rows is not None:
                print('epoch {epoch}, '.format(epoch=ep), end='')
                self.eval(sess, ev_rows, name='eval')

    def eval(self, sess, rows, name='eval'):

        total = 0
        scores = np.array([])
        truth = np.array([])

        for _, batch in BatchFeeder(rows, 128000):
            users, items, y, hist, lens = batch
            loss,  logits = sess.run([self.loss, self.logits], feed_dict = {
                self.uid : users,
                self.tid : items,
                self.y : y,
                self.hist_i : hist,
                self.hist_len: lens
            })
            total += loss

            scores = np.append(scores, logits)
            truth = np.append(truth, y)

        from sklearn.metrics import roc_auc_score
        auc = roc_auc_score(truth, scores)

        info = {'name': name,
                'loss' : total / len(rows),
                'auc' : auc,
                }
        print('{name} : mean loss = {loss} auc = {auc}'.format(**info))

    def predict(self, sess, rows, **kwargs):
        scores = np.array([])

        for _, batch in BatchFeeder(rows, 128000):
            users, items, y, hist, lens = batch
            logits = sess.run([self.logits], feed_dict = {
                self.uid : users,
                self.tid : items,
                self.y : y,
                self.hist_i : hist,
                self.hist_len: lens
            })

            scores = np.append(scores, logits)
        return 1/(1 + np.exp(- scores ))  # probabilities
