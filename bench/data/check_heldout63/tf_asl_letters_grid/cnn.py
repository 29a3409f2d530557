import sys
sys.path.append('..')

import random
import numpy as np
import traceback
import pandas as pd
import constant as const
from tensorflow.keras import models
from tensorflow.keras.callbacks import EarlyStopping
from tensorflow.keras.layers import Dense, Flatten, Conv2D, MaxPooling2D, Dropout
from pylib.path import File, Directory

# small conv net in the style of the TF image tutorial
# (three conv blocks and a dense head)

# train / validation / test are kept apart
# (validation comes from a split of the training arrays)

# finished models are written to disk
# (one folder per setting)

# a setting that already has a folder is skipped
# (so runs can be resumed)

MAX_EPOCHS = 5000
BS = 64
fs = File()
dirs = Directory()


class CNN:
    def test(self, *arrays) -> None:
        fs.delete(dirs.join(const.RESULT_DIR, 'result.txt'))
        x, y = arrays

        saved = dirs.list_dir(const.MODEL_DIR)
        for tag in saved:
            try:
                print(tag)
                net = self._load_model(filepath=dirs.join(const.MODEL_DIR, tag))
                scores = net.predict(x=x)
                acc = self._get_accuracy(prediction=scores, y=y)
                fs.write_text(
                    filepath=dirs.join(const.RESULT_DIR, 'result.txt'),
                    content=tag + ' ' + str(acc) + '\n',
                    mode='a'
                )
                print()
            except Exception:
                print(traceback.format_exc())
                print('\n\n')

    def train(self, *arrays) -> None:
        print('\nGrid search begins\n')
        x, y, inner_acts, last_acts, opts, losses, drops = arrays

        for inner in inner_acts:
            for last in last_acts:
                for opt in opts:
                    for loss in losses:
                        for drop in drops:
                            tag = inner + '_' + last + '_' + opt + '_' + loss + '_' + str(drop)

                            try:
                                if not dirs.exists(const.MODEL_DIR, tag):
                                    print(tag)
                                    net = self._create_model(inner, last, opt, loss, drop, x=x)
                                    stopper = EarlyStopping(monitor='loss', patience=3)
                                    self._fit(model=net, callback=stopper, name=tag, x=x, y=y)
                                    print()
                            except Exception:
                                fs.write_text(
                                    filepath=dirs.join(const.EXCEPTION_DIR, tag + '.txt'),
                                    content=traceback.format_exc()
                                )

    def _create_model(self, *setting, x: np.array) -> models.Sequential:
        inner, last, opt, loss, drop = setting
        net = models.Sequential()

        # block one
        net.add(Conv2D(16, (3, 3), activation=inner, input_shape=x.shape[1:]))
        net.add(MaxPooling2D(pool_size=(2, 2)))
        net.add(Dropout(drop))

        # block two
        net.add(Conv2D(32, (3, 3), activation=inner))
        net.add(MaxPooling2D(pool_size=(2, 2)))
        net.add(Dropout(drop))

        # block three
        net.add(Conv2D(64, (3, 3), activation=inner))
        net.add(Flatten())
        net.add(Dropout(drop))

        # head
        net.add(Dense(128, activation=inner))
        net.add(Dense(26, activation=last))  # one unit per letter

        net.compile(
            optimizer=opt,
            loss=loss,
            metrics=['accuracy']
        )
        return net

    def _fit(self, model: models.Sequential, callback: EarlyStopping, name: str, x: np.array, y: np.array) -> None:
        log = model.fit(x, y, batch_size=BS, epochs=MAX_EPOCHS, validation_split=.2, callbacks=[callback])
        self._save_history(
            filepath=dirs.join(const.HISTORY_DIR, name + '.json'),
            history_df=pd.DataFrame(log.history)
        )
        model.save(dirs.join(const.MODEL_DIR, name))

    def _get_accuracy(self, prediction: np.array, y: np.array) -> float:
        right = 0
        for i in range(len(y)):
            if prediction.argmax(axis=-1)[i] == y[i]:
                right += 1
        acc = round(right / len(y) * 100, 3)
        return acc

    def _load_model(self, filepath: str) -> models.Sequential:
        return models.load_model(filepath=filepath)

    def _save_history(self, filepath: str, history_df: pd.DataFrame) -> None:
        with open(filepath, mode='w') as fh:
            history_df.to_json(fh)
