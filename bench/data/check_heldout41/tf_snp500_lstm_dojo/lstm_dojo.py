"""
Model builder and per-ticker wrapper for the index ensemble
(adapted from a public stock-forecasting tutorial).
"""
# type: ignore
# mypy: ignore-errors
import src.stock_fetch as stock_fetch

import matplotlib.pyplot as plt
import time
import tensorflow as tf
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import LSTM, Dense, Dropout, Bidirectional
from tensorflow.keras.callbacks import ModelCheckpoint, TensorBoard
from sklearn import preprocessing
from sklearn.model_selection import train_test_split
from yahoo_fin import stock_info as si
from collections import deque

import os
import numpy as np
import pandas as pd
import random
from typing import Any, Callable, Optional, List, NewType, Dict


def ListDir(folder: str, how: Callable[[str], Any]) -> Optional[List[Any]]:
    if not os.path.exists(folder) or not os.path.isdir(folder):
        return None
    return list(map(lambda name: how(name), os.listdir(folder)))


def TickerOf(file_name: str) -> str:
    return file_name.split("_")[1].split("-")[0]


_Sym = NewType("_Sym", str)
_WeightsPath = NewType("_WeightsPath", str)


def WeightsByTicker(folder: str) -> Dict[_Sym, _WeightsPath]:
    def pair_for(file_name: str):
        sym = TickerOf(file_name)
        return (sym, os.path.join(folder, file_name))
    return dict(ListDir(folder, pair_for))


def CreateModel(sequence_length, n_features, units=256, cell=LSTM, n_layers=2, dropout=0.3,
                loss="mean_absolute_error", optimizer="rmsprop", bidirectional=False) -> Sequential:
    net = Sequential()
    for k in range(n_layers):
        if k == 0:
            # input layer
            if bidirectional:
                net.add(Bidirectional(cell(units, return_sequences=True),
                                      batch_input_shape=(None, sequence_length, n_features)))
            else:
                net.add(cell(units, return_sequences=True, batch_input_shape=(
                    None, sequence_length, n_features)))
        elif k == n_layers - 1:
            # output recurrent layer
            if bidirectional:
                net.add(Bidirectional(cell(units, return_sequences=False)))
            else:
                net.add(cell(units, return_sequences=False))
        else:
            # middle layers
            if bidirectional:
                net.add(Bidirectional(cell(units, return_sequences=True)))
            else:
                net.add(cell(units, return_sequences=True))
        # dropout after every recurrent layer
        net.add(Dropout(dropout))
    net.add(Dense(1, activation="linear"))
    net.compile(loss=loss, metrics=[
                "mean_absolute_error"], optimizer=optimizer)
    return net


TB_ROOT = os.path.join("logs")
WEIGHTS_ROOT = os.path.join("results")


class TickerForecaster(object):

    def __init__(self, ticker) -> None:
        # input window length
        self.WINDOW = 50
        # days ahead
        self.HORIZON = 15  # days
        # scale inputs and target
        self.SCALE = True
        scale_tag = f"sc-{int(self.SCALE)}"
        # shuffle the windows
        self.SHUFFLE = True
        shuffle_tag = f"sh-{int(self.SHUFFLE)}"
        # split by date or at random
        self.DATE_SPLIT = False
        date_split_tag = f"sbd-{int(self.DATE_SPLIT)}"
        # held-out share
        self.HOLDOUT = 0.2
        # input columns
        self.COLUMNS = ["adjclose", "volume", "open", "high", "low"]
        # today
        today = time.strftime("%Y-%m-%d")
        # network shape
        self.DEPTH = 2
        # recurrent cell
        self.CELL = LSTM
        # layer width
        self.WIDTH = 256
        # dropout
        self.DROP = 0.4
        # bidirectional or not
        self.BIDIR = False
        # fitting settings
        # absolute error
        # LOSS = "mae"
        # huber
        self.LOSS = "huber_loss"
        self.OPTIMIZER = "adam"
        self.BATCH = 64
        self.EPOCHS = 500
        self.ticker = ticker.upper()
        del ticker
        # csv_path = os.path.join(
        #     "data", f"{self.ticker}_{today}.csv")
        # a run name that spells out every setting
        self.run_name = f"{today}_{self.ticker}-{shuffle_tag}-{scale_tag}-{date_split_tag}-" +\
            f"{self.LOSS}-{self.OPTIMIZER}-{self.CELL.__name__}-seq-{self.WINDOW}-step-{self.HORIZON}-layers-{self.DEPTH}-units-{self.WIDTH}"
        if self.BIDIR:
            self.run_name += "-b"
        self.bundle = None
        self.net = None
        self.saver = None
        self.board = None

    def GetCheckPointer(self):
        # checkpoint callback
        if not self.saver:
            saver = ModelCheckpoint(os.path.join(
                "results", self.run_name + ".h5"), save_weights_only=True, save_best_only=True, verbose=1)
        return self.saver
        self.board = None

    def GetTensorBoard(self):
        if not self.board:
            board = TensorBoard(
                log_dir=os.path.join(TB_ROOT, self.run_name))
        return self.board

    def LoadData(self, frame_or_symbol):
        if isinstance(frame_or_symbol, str):
            if frame_or_symbol:
                # fetch by symbol
                self.bundle = stock_fetch.LoadData(frame_or_symbol, self.WINDOW, scale=self.SCALE, split_by_date=self.DATE_SPLIT,
                                                   shuffle=self.SHUFFLE, lookup_step=self.HORIZON, test_size=self.HOLDOUT,
                                                   feature_columns=self.COLUMNS)
        else:
            assert "ticker" in frame_or_symbol.columns, f"the frame has no 'ticker' column."
            frame_sym = frame_or_symbol["ticker"]
            assert(
                self.ticker == frame_or_symbol["ticker"][0]), f"this forecaster is for '${self.ticker}', the frame holds '${frame_sym}'."
            self.bundle = stock_fetch.LoadData(frame_or_symbol, self.WINDOW, scale=self.SCALE, split_by_date=self.DATE_SPLIT,
                                               shuffle=self.SHUFFLE, lookup_step=self.HORIZON, test_size=self.HOLDOUT,
                                               feature_columns=self.COLUMNS)

        # keep the raw frame
        # bundle["df"].to_csv(csv_path)

    def GetModel(self) -> Sequential:
        if not self.net:
            # build the network once
            self.net = CreateModel(self.WINDOW, len(self.COLUMNS), loss=self.LOSS, units=self.WIDTH, cell=self.CELL, n_layers=self.DEPTH,
                                   dropout=self.DROP, optimizer=self.OPTIMIZER, bidirectional=self.BIDIR)
        return self.net

    def LoadModelWeights(self, weights_path) -> None:
        assert(self.net), "GetModel must be called first"
        self.net.load_weights(weights_path)

    def __PrepareOther(self, other_frame: pd.DataFrame) -> Any:
        """
        Window and scale a frame of any ticker for prediction.
        To go once the builder-style construction of this class is reworked.
        """
        return stock_fetch.LoadData(other_frame, self.WINDOW, scale=self.SCALE, split_by_date=self.DATE_SPLIT,
                                    shuffle=self.SHUFFLE, lookup_step=self.HORIZON, test_size=self.HOLDOUT,
                                    feature_columns=self.COLUMNS)

    def Predict(self, other_frame: pd.DataFrame) -> pd.Series:
        """Window the given ticker frame (see __PrepareOther) and
        forecast its price HORIZON days ahead."""
        prepared = self.__PrepareOther(other_frame)
        # the most recent window
        recent = prepared["last_sequence"][-self.WINDOW:]
        # add the batch axis
        recent = np.expand_dims(recent, axis=0)
        # scaled forecast
        scaled = self.net.predict(recent)
        # back to a price
        if self.SCALE:
            price = \
                prepared["column_scaler"]["adjclose"] \
                .inverse_transform(scaled)[0][0]
        else:
            price = scaled[0][0]
        return price


def BuildDefaultModel(ticker: str, weights_for: Dict[str, str] = None):
    if not weights_for:
        weights_for = WeightsByTicker("results")
    fc = TickerForecaster(ticker)
    fc.GetModel()
    fc.LoadData(ticker)  # fetch this ticker's own history
    fc.LoadModelWeights(weights_for[ticker])
    return fc
