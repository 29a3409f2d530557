import gc
import json
import os
from os.path import join
from parser.train_parser import TrainParser
from pprint import pprint
from typing import Dict, Tuple

import keras
import numpy as np
from keras.models import Model
from sklearn.model_selection import StratifiedGroupKFold

import constants
from helper.logging import logger
from helper.utils import get_sign_encoder, seed_it_all
from model.fully_connected_builder import FullyConnectedModel


class FoldRunner:
    """Cross-validated training of the sign classifier"""

    def __init__(self) -> None:
        self.opts = TrainParser().parse_args()

        # output folder
        self.out_dir = join(constants.OUTPUT_ROOT, self.opts.result_dir)
        os.makedirs(self.out_dir, exist_ok=True)

        # record the options
        pprint(vars(self.opts))
        logger.info(f'writing options to {join(self.out_dir, "params.json")}')
        with open(join(self.out_dir, "params.json"), "w") as fh:
            json.dump(vars(self.opts), fh, indent=2)

        # data
        self.x_all, self.y_all, self.signer_ids = self.read_arrays()
        self.folds = self.make_folds()
        self.in_shape = self.x_all[0].shape
        self.sign_index = get_sign_encoder()
        self.n_signs = len(self.sign_index)

        # model choices
        self.arch = self.opts.model_architecture
        self.loss_name = "sparse_categorical_crossentropy"
        self.metric_list = ["acc", keras.metrics.SparseTopKCategoricalAccuracy(k=3, name="t3_acc")]

        # callbacks shared by every fold
        self.base_callbacks = self.make_callbacks()

    def read_arrays(self) -> Tuple[np.ndarray, ...]:
        """Read the pickled feature dictionary written by preprocessing."""
        blob = np.load(self.opts.train_data, allow_pickle=True).item()
        x_all = np.array(blob["features"], dtype=np.float32)
        assert not np.any(np.isnan(x_all)), "NaN found in features"
        y_all = np.array(blob["labels"], dtype=np.uint8)
        signer_ids = np.array(blob["participant_id"])
        return x_all, y_all, signer_ids

    def make_folds(self) -> Dict[int, Dict[str, list]]:
        splitter = StratifiedGroupKFold(n_splits=self.opts.cross_validation_splits, shuffle=True)
        positions = range(len(self.x_all))
        folds = {
            k: {"train": tr, "val": va}
            for k, (tr, va) in enumerate(splitter.split(positions, self.y_all, self.signer_ids))
        }
        return folds

    def new_model(self) -> Model:
        """build a fresh network"""
        if self.arch == "fully_connected_v1":
            builder = FullyConnectedModel(input_shape=self.in_shape, n_labels=self.n_signs)
        else:
            raise RuntimeError
        builder.create_layers()
        return builder.build_model()

    def make_callbacks(self) -> list:
        """callbacks used in every fold"""
        return [
            keras.callbacks.EarlyStopping(patience=25, restore_best_weights=True, verbose=1),
            keras.callbacks.ReduceLROnPlateau(patience=10, factor=0.5, verbose=1),
        ]

    def store(self, model: Model, target: str) -> None:
        os.makedirs(target, exist_ok=True)
        model.save(target)

    def run(self) -> None:
        for k, split in self.folds.items():
            logger.info(f"\n\n=== fold {k} ===\n")

            tr_idx, va_idx = split["train"], split["val"]
            x_tr, x_va = self.x_all[tr_idx], self.x_all[va_idx]
            y_tr, y_va = self.y_all[tr_idx], self.y_all[va_idx]

            net = self.new_model()
            adam = keras.optimizers.Adam(self.opts.lr)
            net.compile(adam, self.loss_name, metrics=self.metric_list)
            if k == 0:
                net.summary()

            cbs = self.base_callbacks + [
                keras.callbacks.CSVLogger(join(self.out_dir, f"fold_log_{k:>02}.csv"))
            ]
            net.fit(
                x_tr,
                y_tr,
                validation_data=(x_va, y_va),
                epochs=self.opts.epoch,
                callbacks=cbs,
                batch_size=self.opts.batch_size,
            )

            # store this fold's network
            target = join(
                self.out_dir,
                f"fold{k:>02}_{net.evaluate(x_va, y_va, verbose=0)[1]:.4f}".replace("0.", ""),
            )
            logger.info(f"fold {k} network stored in {target}")
            self.store(net, target)

            # release fold arrays
            del net, x_tr, y_tr, x_va, y_va
            gc.collect()


if __name__ == "__main__":
    seed_it_all()
    FoldRunner().run()
