#!/usr/bin/env python
# -*- coding: utf-8 -*-

import time
import os
# import decimal

from typing import Dict, List, Tuple, Any
from tensorflow.keras.layers import LSTM, Dense, Dropout, Bidirectional
from tensorflow.keras.models import Sequential
from tensorflow.keras.callbacks import ModelCheckpoint, TensorBoard
import pandas as pd

import src.stock_fetch as stock_fetch
import lstm_dojo as dojo

WEIGHTS_DIR = "results"
TB_DIR = "logs"
CSV_DIR = "data"


def read_index_members() -> List[str]:
    with open("resources/snp_tickers.txt") as members_file:
        return list(map(lambda line: line.strip(), members_file.readlines()))


"""
Plan: one weights file per member ticker is expected under results/;
map ticker -> weights path from the file names and load those weights
when the ensemble is built.

Open points: which data paths the ensemble should assume, how the
ensemble prediction for an outside ticker is averaged (mean of all
members' forecasts, keep the furthest horizon), and a loop over the
whole portfolio.

Still to do: more tests, a streamlit view, accuracy reporting.
"""


class IndexEnsemble(object):

    def __init__(self, n_members: int = 500):
        self.size = n_members
        self.members = read_index_members()[:self.size]

        self.nets = dict([(sym, dojo.BuildDefaultModel(sym))
                          for sym in self.members])

    def Predict(self, target_symbol: str, target_frame: pd.DataFrame) -> float:
        """
            Ask every member network for its forecast of the
            given ticker's frame and average them into one
            price for that ticker.

            Later: average in the scaled space and undo the
            scaling with the target ticker's own scaler.

        """
        running_sum = 0
        for sym in self.members:
            member = self.nets[sym]
            forecast = member.Predict(target_frame)
            running_sum += forecast
        avg = (running_sum/self.size)
        return avg

    def PredictProfitFlow(self, pack: List[Tuple[str, pd.DataFrame]]) -> Dict[str, float]:
        for sym, frame in pack:
            assert isinstance(
                frame, pd.DataFrame), "every entry of the pack must carry a DataFrame"
        return list(map(
            lambda pair: (pair[0], self.Predict(
                pair[0], pair[1])),
            pack))


if __name__ == "__main__":
    train_all_members()


def train_all_members():
    print("Reading the index members")
    members = read_index_members()
    print(f"{len(members)} members read...")

    # input window length
    WINDOW = 50
    # how many days ahead the target lies
    HORIZON = 92  # days
    # scale inputs and target
    SCALE = True
    scale_tag = f"sc-{int(SCALE)}"
    # shuffle the windows
    SHUFFLE = True
    shuffle_tag = f"sh-{int(SHUFFLE)}"
    # split train/test by date instead of at random
    DATE_SPLIT = False
    date_split_tag = f"sbd-{int(DATE_SPLIT)}"
    # share of windows held out
    HOLDOUT = 0.2
    # input columns
    COLUMNS = ["adjclose", "volume", "open", "high", "low"]
    # today's date
    today = time.strftime("%Y-%m-%d")
    # network shape
    DEPTH = 2
    # recurrent cell
    CELL = LSTM
    # width of each recurrent layer
    WIDTH = 256
    # dropout after each layer
    DROP = 0.4
    # bidirectional layers or not
    BIDIR = False
    # fitting settings
    # absolute error
    # LOSS = "mae"
    # huber
    LOSS = "huber_loss"
    OPTIMIZER = "adam"
    BATCH = 64
    EPOCHS = 500  # kept small for trying things out

    # def wipe_and_make(path: str) -> bool:
    #     assert(os.path.exists(path))
    #     shutil.rmtree(path)
    #     assert(not os.path.exists(path))
    #     os.mkdir(path)
    #     return os.path.exists(path)

    def ensure_dir(path: str) -> None:
        if not os.path.isdir(path):
            os.mkdir(path)

    ensure_dir(WEIGHTS_DIR)
    ensure_dir(TB_DIR)
    ensure_dir(CSV_DIR)

    # fitted: Dict[str, Dict[str, Any]] = dict()
    # kept: Dict[str, Dict[str, Any]] = dict()
    for sym in members[6:]:
        print("{}/nFitting {}/n{}".format("="*50, sym, "="*50))
        csv_path = os.path.join(
            CSV_DIR, f"{sym}_{today}.csv")
        # a run name that spells out every setting
        run_name: str = f"{today}_{sym}-{shuffle_tag}-{scale_tag}-{date_split_tag}-" +\
            f"{LOSS}-{OPTIMIZER}-{CELL.__name__}-seq-{WINDOW}-step-{HORIZON}-layers-{DEPTH}-units-{WIDTH}"
        if BIDIR:
            run_name += "-b"

        # fetch and window this ticker's history
        bundle = stock_fetch.LoadData(sym, WINDOW, scale=SCALE, split_by_date=DATE_SPLIT,
                                      shuffle=SHUFFLE, lookup_step=HORIZON, test_size=HOLDOUT,
                                      feature_columns=COLUMNS)
        # keep a copy of the raw frame
        bundle["df"].to_csv(csv_path)
        # build a fresh network for this ticker
        net = dojo.CreateModel(WINDOW, len(COLUMNS), loss=LOSS, units=WIDTH, cell=CELL, n_layers=DEPTH,
                               dropout=DROP, optimizer=OPTIMIZER, bidirectional=BIDIR)
        # callbacks
        saver = ModelCheckpoint(os.path.join(
            WEIGHTS_DIR, run_name + ".h5"), save_weights_only=True, save_best_only=True, verbose=1)
        board = TensorBoard(
            log_dir=os.path.join(TB_DIR, run_name))
        # fit; the checkpoint keeps the best weights seen
        # on the held-out windows
        history = net.fit(bundle["X_train"], bundle["y_train"],
                          batch_size=BATCH,
                          epochs=EPOCHS,
                          validation_data=(bundle["X_test"], bundle["y_test"]),
                          callbacks=[saver, board],
                          verbose=1)

        # reload the best weights
        # from the results folder
        best_path = os.path.join(WEIGHTS_DIR, run_name) + ".h5"
        net.load_weights(best_path)
