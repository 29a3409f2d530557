from __future__ import print_function

import pandas as pd
from sklearn.model_selection import train_test_split
from plot_utils import plot_and_save_history
from rnn import OneShotRNN
from news_loader import fit_text
import numpy as np

RESUME_FROM_WEIGHTS = False


def run():
    np.random.seed(42)
    data_dir = './data'
    report_dir = './reports'
    model_dir = './models'

    print('reading the csv ...')
    frame = pd.read_csv(data_dir + "/fake_or_real_news.csv")

    print('building vocabularies from the texts ...')
    # frame = frame.loc[frame.index < 1000]
    titles = frame.title
    bodies = frame['text']
    cfg = fit_text(bodies, titles)

    print('vocabularies built ...')

    summarizer = OneShotRNN(cfg)

    if RESUME_FROM_WEIGHTS:
        weights_path = OneShotRNN.get_weight_file_path(model_dir_path=model_dir)
        summarizer.load_weights(weight_file_path=weights_path)

    bodies_tr, bodies_te, titles_tr, titles_te = train_test_split(bodies, titles, test_size=0.2, random_state=42)

    print('train rows: ', len(bodies_tr))
    print('test rows: ', len(bodies_te))

    print('fitting ...')
    hist = summarizer.fit(bodies_tr, titles_tr, bodies_te, titles_te, epochs=100, batch_size=20)

    plot_path = report_dir + '/' + OneShotRNN.model_name + '-history.png'
    if RESUME_FROM_WEIGHTS:
        plot_path = report_dir + '/' + OneShotRNN.model_name + '-history-v' + str(summarizer.version) + '.png'
    plot_and_save_history(hist, summarizer.model_name, plot_path, metrics={'loss', 'acc'})


if __name__ == '__main__':
    run()
