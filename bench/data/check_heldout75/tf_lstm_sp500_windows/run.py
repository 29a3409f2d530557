# Entry point: fit a stacked LSTM on daily index prices and
# plot multi-step forecasts.
# (re-expressed training script)
# config.json drives every setting.

import os
import json
import time
import math
import matplotlib.pyplot as plt
from core.data_processor import DataLoader
from core.model import Model


def show_single(pred, truth):
    fig = plt.figure(facecolor='white')
    ax = fig.add_subplot(111)
    ax.plot(truth, label='Actual')
    plt.plot(pred, label='Forecast')
    plt.legend()
    plt.show()


def show_multi(pred_runs, truth, horizon):
    fig = plt.figure(facecolor='white')
    ax = fig.add_subplot(111)
    ax.plot(truth, label='Actual')
    # shift each forecast run right so it starts where it was made
    for k, run_vals in enumerate(pred_runs):
        pad = [None for _ in range(k * horizon)]
        plt.plot(pad + run_vals, label='Forecast')
        plt.legend()
    plt.show()


def main():
    cfg = json.load(open('config.json', 'r'))
    if not os.path.exists(cfg['model']['save_dir']): os.makedirs(cfg['model']['save_dir'])

    series = DataLoader(
        os.path.join('data', cfg['data']['filename']),
        cfg['data']['train_test_split'],
        cfg['data']['columns']
    )

    net = Model()
    net.build_model(cfg)
    wx, wy = series.get_train_data(
        seq_len=cfg['data']['sequence_length'],
        normalise=cfg['data']['normalise']
    )

    '''
    # fitting on arrays held in memory
    net.train(
        wx,
        wy,
        epochs = cfg['training']['epochs'],
        batch_size = cfg['training']['batch_size'],
        save_dir = cfg['model']['save_dir']
    )
    '''
    # fitting from a batch generator
    n_steps = math.ceil((series.len_train - cfg['data']['sequence_length']) / cfg['training']['batch_size'])
    net.train_generator(
        data_gen=series.generate_train_batch(
            seq_len=cfg['data']['sequence_length'],
            batch_size=cfg['training']['batch_size'],
            normalise=cfg['data']['normalise']
        ),
        epochs=cfg['training']['epochs'],
        batch_size=cfg['training']['batch_size'],
        steps_per_epoch=n_steps,
        save_dir=cfg['model']['save_dir']
    )

    tx, ty = series.get_test_data(
        seq_len=cfg['data']['sequence_length'],
        normalise=cfg['data']['normalise']
    )

    preds = net.predict_sequences_multiple(tx, cfg['data']['sequence_length'], cfg['data']['sequence_length'])
    # preds = net.predict_sequence_full(tx, cfg['data']['sequence_length'])
    # preds = net.predict_point_by_point(tx)

    show_multi(preds, ty, cfg['data']['sequence_length'])
    # show_single(preds, ty)


if __name__ == '__main__':
    main()
