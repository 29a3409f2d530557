import os
import numpy as np
import pandas as pd
from datetime import datetime as dt
import logging

from telemanom.helpers import Config
from telemanom.errors import Errors
import telemanom.helpers as helpers
from telemanom.channel import Channel
from telemanom.modeling import Model

log = helpers.setup_logging()

class Detector:
    def __init__(self, labels_path=None, result_path='results/',
                 config_path='config.yaml'):
        """
        Runs anomaly detection over every channel stored as .npy files and,
        when labels are given, scores the detections against them.

        Args:
            labels_path (str): csv with the labelled anomaly ranges
            result_path (str): folder for the result csv
            config_path (str): path of config.yaml

        Attributes:
            labels_path (str): see Args
            results (list of dicts): one dict per channel
            result_df (dataframe): results as a DataFrame
            chan_df (dataframe): channel table from the labels csv
            result_tracker (dict): running totals when labels are given
            config (obj): run settings
            y_hat (arr): predictions
            id (str): run id (timestamp)
            result_path (str): see Args
        """

        self.labels_path = labels_path
        self.results = []
        self.result_df = None
        self.chan_df = None

        self.result_tracker = {
            'true_positives': 0,
            'false_positives': 0,
            'false_negatives': 0
        }

        self.config = Config(config_path)
        self.y_hat = None

        if not self.config.predict and self.config.use_id:
            self.id = self.config.use_id
        else:
            self.id = dt.now().strftime('%Y-%m-%d_%H.%M.%S')

        helpers.make_dirs(self.id)

        # per-run log file
        fh = logging.FileHandler('data/logs/%s.log' % self.id)
        fmt = logging.Formatter('%(asctime)s %(levelname)s %(message)s')
        fh.setFormatter(fmt)
        log.addHandler(fh)

        self.result_path = result_path

        if self.labels_path:
            self.chan_df = pd.read_csv(labels_path)
        else:
            names = [f.split('.')[0] for f in os.listdir('data/test/')]
            self.chan_df = pd.DataFrame({"chan_id": names})

        log.info("{} channels to process."
                    .format(len(self.chan_df)))

    def evaluate_sequences(self, errors, label_row):
        """
        Match detected anomalous ranges with the labelled ones.

        Args:
            errors (obj): Errors object with the detected ranges
            label_row (pandas Series): labels of one channel

        Returns:
            row (dict): counts and matched ranges
        """

        row = {
            'false_positives': 0,
            'false_negatives': 0,
            'true_positives': 0,
            'fp_sequences': [],
            'tp_sequences': [],
            'num_true_anoms': 0
        }

        hit_true = []

        label_row['anomaly_sequences'] = eval(label_row['anomaly_sequences'])
        row['num_true_anoms'] += len(label_row['anomaly_sequences'])
        row['scores'] = errors.anom_scores

        if len(errors.E_seq) == 0:
            row['false_negatives'] = row['num_true_anoms']

        else:
            true_groups = [list(range(r[0], r[1]+1)) for r in label_row['anomaly_sequences']]
            true_flat = set([i for g in true_groups for i in g])

            for seq in errors.E_seq:
                pred_idx = set(range(seq[0], seq[1]+1))

                overlap = list(pred_idx & true_flat)
                ok = True if len(overlap) > 0 else False

                if ok:

                    row['tp_sequences'].append(seq)

                    which = [i for i in range(len(true_groups)) if
                                      len(np.intersect1d(list(pred_idx), true_groups[i])) > 0]

                    if not which[0] in hit_true:
                        hit_true.append(which[0])
                        row['true_positives'] += 1

                else:
                    row['fp_sequences'].append([seq[0], seq[1]])
                    row['false_positives'] += 1

            row["false_negatives"] = len(np.delete(label_row['anomaly_sequences'],
                                                          hit_true, axis=0))

        log.info('Channel: TP: {}  FP: {}  FN: {}'.format(row['true_positives'],
                                                                   row['false_positives'],
                                                                   row['false_negatives']))

        for k, v in row.items():
            if k in self.result_tracker:
                self.result_tracker[k] += row[k]

        return row

    def log_final_stats(self):
        """
        Log the totals of the run.
        """

        if self.labels_path:

            log.info('Totals:')
            log.info('-----------------')
            log.info('TP: {}'
                        .format(self.result_tracker['true_positives']))
            log.info('FP: {}'
                        .format(self.result_tracker['false_positives']))
            log.info('FN: {}\n'
                        .format(self.result_tracker['false_negatives']))
            try:
                log.info('Precision: {0:.2f}'
                            .format(float(self.result_tracker['true_positives'])
                                    / float(self.result_tracker['true_positives']
                                            + self.result_tracker['false_positives'])))
                log.info('Recall: {0:.2f}'
                            .format(float(self.result_tracker['true_positives'])
                                    / float(self.result_tracker['true_positives']
                                            + self.result_tracker['false_negatives'])))
            except ZeroDivisionError:
                log.info('Precision: NaN')
                log.info('Recall: NaN')

        else:
            log.info('Totals:')
            log.info('-----------------')
            log.info('Channels evaluated: {}'
                        .format(len(self.result_df)))
            log.info('Anomalies found: {}'
                        .format(self.result_df['n_predicted_anoms'].sum()))
            log.info('Mean normalised error: {}'
                        .format(self.result_df['normalized_pred_error'].mean()))
            log.info('Values evaluated: {}'
                        .format(self.result_df['num_test_values'].sum()))

    def run(self):
        """
        Process every channel.
        """
        for i, row in self.chan_df.iterrows():
            log.info('Channel {}: {}'.format(i+1, row.chan_id))
            ch = Channel(self.config, row.chan_id)
            ch.load_data()

            if self.config.predict:
                mdl = Model(self.config, self.id, ch)
                ch = mdl.batch_predict(ch)
            else:
                ch.y_hat = np.load(os.path.join('data', self.id, 'y_hat',
                                                     '{}.npy'
                                                     .format(ch.id)))

            errs = Errors(ch, self.config, self.id)
            errs.process_batches(ch)

            out = {
                'run_id': self.id,
                'chan_id': row.chan_id,
                'num_train_values': len(ch.X_train),
                'num_test_values': len(ch.X_test),
                'n_predicted_anoms': len(errs.E_seq),
                'normalized_pred_error': errs.normalized,
                'anom_scores': errs.anom_scores
            }

            if self.labels_path:
                out = {**out,
                              **self.evaluate_sequences(errs, row)}
                out['spacecraft'] = row['spacecraft']
                out['anomaly_sequences'] = row['anomaly_sequences']
                out['class'] = row['class']
                self.results.append(out)

                log.info('running TP: {}'
                            .format(self.result_tracker['true_positives']))
                log.info('running FP: {}'
                            .format(self.result_tracker['false_positives']))
                log.info('running FN: {}\n'
                            .format(self.result_tracker['false_negatives']))

            else:
                out['anomaly_sequences'] = errs.E_seq
                self.results.append(out)

                log.info('{} anomalies found'
                            .format(out['n_predicted_anoms']))
                log.info('anomalous ranges: {}'
                            .format(out['anomaly_sequences']))
                log.info('test values: {}'
                            .format(out['num_test_values']))
                log.info('scores: {}\n'
                            .format(out['anom_scores']))

            self.result_df = pd.DataFrame(self.results)
            self.result_df.to_csv(
                os.path.join(self.result_path, '{}.csv'.format(self.id)),
                index=False)

        self.log_final_stats()
