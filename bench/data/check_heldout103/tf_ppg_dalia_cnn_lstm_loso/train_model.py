from __future__ import annotations
import os

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "1"
import numpy as np
import pandas as pd
import datetime
import tensorflow as tf
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import StandardScaler, OneHotEncoder
from sklearn.pipeline import Pipeline
from sklearn.metrics import mean_squared_error, mean_absolute_error

from .define_model import (
    cnnLSTMModel,
    convLSTMModel,
    mlpModel,
    convModel,
)
from src.features.build_features import DataBlock, to_supervised, to_supervised_shuffled

from pickle import dump, load

np.random.seed(42)


def fit_scaler(table, held_out: int):
    """
    Standardise the numeric columns and pass the rest through

    Args:
        table: pd.DataFrame -> rows of all training subjects
    Returns:
        np.array -> the transformed rows
    """
    # numeric columns to standardise
    num_cols = ["bvp", "acc_x", "acc_y", "acc_z", "bmi", "age"]
    # cat_cols = ["sport"]
    # per-column scaler
    num_pipe = Pipeline(steps=[("scaler", StandardScaler())])
    # cat_pipe = Pipeline(steps=[("encoder", OneHotEncoder())])
    ct = ColumnTransformer(
        transformers=[
            ("num", num_pipe, num_cols),
            # ("cat", cat_pipe, cat_cols),
        ],
        remainder="passthrough",
    )
    # fit on the training rows
    ct.fit(table)
    # persist it for the held-out subject
    dump(ct, open("models/scaler_and_encoder_{}.pkl".format(held_out), "wb"))
    # # transformed rows
    return ct.transform(table)


class TrainModel:
    """
    One leave-one-subject-out fold of the CNN-LSTM regressor
    """

    def __init__(
        self,
        train_subjects: list,
        valid_subjects: list,
        n_timesteps: int,
        n_features: int,
        n_conv_layers: int,
        n_conv_filters: int,
        kernel_size: int,
        n_lstm_units: int,
        n_dense_nodes: int,
        n_output_nodes: int,
        n_seq: int,
        batch_size: int,
        epochs: int,
        scaler_encoder=None,
    ):
        # network
        self.model = cnnLSTMModel(
            n_conv_layers=n_conv_layers,
            n_conv_filters=n_conv_filters,
            kernel_size=kernel_size,
            n_lstm_units=n_lstm_units,
            n_dense_nodes=n_dense_nodes,
            n_output_nodes=n_output_nodes,
            input_shape=(None, n_timesteps // n_seq, n_features),
        )
        # loss and optimiser
        self.model.compile(loss="mse", metrics="mae", optimizer="adam")
        # subjects of this fold
        self.train_subjects = train_subjects
        self.test_subjects = []
        self.valid_subjects = valid_subjects
        # window length
        self.timesteps = n_timesteps
        # features per step
        self.features = n_features
        # # sub-sequences per window
        self.seq = n_seq
        # batch size
        self.batch_size = batch_size
        # epochs
        self.epochs = epochs
        # held-out score
        self.valid_score = 0
        # fitted scaler
        self.scaler_encoder = scaler_encoder

    def load_data(self, subject: int):
        """
        Windows and targets of one subject

        Args:
            subject: int -> subject number

        Returns:
            X,y : np.array -> windows and targets
        """
        # the subject's table
        block = DataBlock("S{}".format(subject), "data/raw/")
        tbl = block.raw_dataframe
        # # column names
        # tbl.columns = [
        #     "bvp",
        #     "acc_x",
        #     "acc_y",
        #     "acc_z",
        #     "gender",
        #     "age",
        #     "sport",
        #     "bmi",
        #     "heart_rate",
        # ]
        # scale with the fold's scaler, then cut windows
        if self.scaler_encoder:
            tbl = self.scaler_encoder.transform(tbl)
            X, y = to_supervised(np.array(tbl), self.timesteps, 1)
        # shape for the CNN-LSTM
        X = self.reshape(X)
        return X, y

    def train(self):
        """
        Fit subject by subject, then score the held-out subject
        """
        for sub in self.train_subjects:
            # this subject's windows
            print("-------------------------------------")
            print("fitting subject {}".format(sub))
            print("-------------------------------------")
            x_tr, y_tr = self.load_data(subject=sub)

            # callbacks
            # stop when the loss stalls
            stopper = tf.keras.callbacks.EarlyStopping(monitor="loss", patience=5)

            tb_dir = "models/logs/fit/" + datetime.datetime.now().strftime(
                "%Y%m%d-%H%M%S"
            )
            # tensorboard logs
            tb = tf.keras.callbacks.TensorBoard(log_dir=tb_dir)
            # fit
            self.model.fit(
                x_tr,
                y_tr,
                epochs=self.epochs,
                batch_size=self.batch_size,
                callbacks=[stopper, tb],
                verbose=0,
            )
        print("-------------------------------------")
        print("scoring subject {}".format(self.valid_subjects[0]))
        print("-------------------------------------")
        # held-out subject
        x_va, y_va = self.load_data(subject=self.valid_subjects[0])
        pred = fold.model.predict(x_va)
        # mean absolute error in bpm
        err = mean_absolute_error(y_va, pred)
        self.valid_score = err
        # save
        self.model.save("models/ckpoints/model_{}".format(self.valid_subjects[0]))

    # def train_shuffled(
    #     self,
    #     x_tr: np.array,
    #     y_tr: np.array,
    #     x_va: np.array,
    #     y_va: np.array,
    #     held_out: int,
    # ):
    #     """
    #     Variant that fits on pre-shuffled windows
    #     """
    #     # callbacks
    #     # stop when the loss stalls
    #     stopper = tf.keras.callbacks.EarlyStopping(monitor="loss", patience=5)
    #     tb_dir = "models/logs/fit/" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    #     # tensorboard logs
    #     tb = tf.keras.callbacks.TensorBoard(log_dir=tb_dir)
    #     # fit
    #     self.model.fit(
    #         x_tr,
    #         y_tr,
    #         epochs=self.epochs,
    #         batch_size=self.batch_size,
    #         callbacks=[stopper, tb],
    #     )

    #     pred = fold.model.predict(x_va)
    #     err = mean_absolute_error(y_va, pred)

    #     self.valid_score = err
    #     self.model.save("models/ckpoints/model_{}".format(held_out))

    def reshape(self, X: np.array):
        "(windows, sub-sequences, steps per sub-sequence, features) for the CNN-LSTM"
        return X.reshape(
            (X.shape[0], self.seq, self.timesteps // self.seq, self.features)
        )


if __name__ == "__main__":

    subjects = list(range(1, 16))
    scores = []
    # leave one subject out
    for k in subjects:
        print("******************************************")
        print("fold {}".format(k))
        print("******************************************")
        # training and held-out subjects
        train_subjects = [s for s in subjects if s != k]
        valid_subjects = [k]
        # per-subject tables
        tables = []
        # read every training subject
        for s in train_subjects:
            block = DataBlock("S{}".format(s), "data/raw/")
            tbl = block.raw_dataframe
            tables.append(tbl)
        # one table for the fold
        all_rows = pd.concat(tables)
        # fit the scaler on it
        scaled_rows = fit_scaler(all_rows, k)
        # reload the scaler for the fold
        fold_scaler = load(
            open("models/scaler_and_encoder_{}.pkl".format(k), "rb")
        )
        # features per step
        n_features = 8
        # a fresh network for every fold
        fold = TrainModel(
            train_subjects=train_subjects,
            valid_subjects=valid_subjects,
            n_timesteps=8,
            n_features=n_features,
            n_conv_layers=2,
            n_conv_filters=20,
            kernel_size=4,
            n_lstm_units=64,
            n_dense_nodes=32,
            n_output_nodes=1,
            n_seq=1,
            batch_size=100,
            epochs=100,
            scaler_encoder=fold_scaler,
        )
        # fit
        fold.train()
        # report
        print(
            "held-out MAE, subject {} ".format(valid_subjects[0]),
            fold.valid_score,
        )
        scores.append(fold.valid_score)

    print(scores)
