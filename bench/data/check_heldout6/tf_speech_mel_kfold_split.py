# source: https://github.com/kalibianw/TensorFlow-Speech-Recognition-Challenge-with-Conv1d-and-Conv2d/blob/292fdcf0e99f041678a7b39834db20b71ce8d212/training_mel_2d.py (+ utils.py TrainModule; the .npz is written by preprocessing_mel.py / utils.DataModule.audio_mel)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import time

import matplotlib.pyplot as plt
import numpy as np
from sklearn.model_selection import KFold, train_test_split
from tensorflow.keras import models, layers, activations, optimizers, losses, callbacks, regularizers
from tensorflow.keras.utils import to_categorical


class FoldTrainer:
    def __init__(self, result_file_name, input_shape, output_shape):
        self.result_file_name = result_file_name
        self.result_path = f"{result_file_name}.txt"
        self.input_shape = input_shape
        self.output_shape = output_shape

    def conv2d_net(self):
        net = models.Sequential([
            layers.InputLayer(input_shape=self.input_shape),
            layers.Conv2D(filters=64, kernel_size=(3, 3), activation=activations.relu, kernel_initializer="he_normal"),
            layers.MaxPooling2D(),
            layers.Conv2D(filters=128, kernel_size=(3, 3), activation=activations.relu, kernel_initializer="he_normal"),
            layers.Dropout(rate=0.5),
            layers.Conv2D(filters=128, kernel_size=(3, 3), activation=activations.relu, kernel_initializer="he_normal"),
            layers.MaxPooling2D(),
            layers.Conv2D(filters=256, kernel_size=(3, 3), activation=activations.relu, kernel_initializer="he_normal"),
            layers.Dropout(rate=0.5),

            layers.Flatten(),

            layers.Dense(512, activation=activations.relu, kernel_initializer="he_normal"),
            layers.Dropout(rate=0.5),
            layers.Dense(256, activation=activations.relu, kernel_initializer="he_normal"),
            layers.Dropout(rate=0.5),
            layers.Dense(128, activation=activations.relu, kernel_initializer="he_normal"),

            layers.Dense(self.output_shape, activation=activations.softmax)
        ])
        net.compile(
            optimizer=optimizers.Adam(),
            loss=losses.categorical_crossentropy,
            metrics=["acc"]
        )
        return net

    def fit_folds(self, net, x_train, y_train, ckpt_path, model_path, x_test, y_test):
        t0 = time.time()
        folds = KFold(n_splits=5, shuffle=True)
        report = open(self.result_path, mode='w')

        accs = list()
        losses_ = list()
        fold_no = 1

        for tr, va in folds.split(X=x_train, y=y_train):
            hist = net.fit(
                x=x_train[tr], y=y_train[tr],
                batch_size=256,
                epochs=500,
                callbacks=[
                    callbacks.ModelCheckpoint(
                        filepath=ckpt_path,
                        verbose=2,
                        save_best_only=True,
                        save_weights_only=True,
                    ),
                    callbacks.EarlyStopping(
                        min_delta=5e-4,
                        patience=25,
                        verbose=2
                    ),
                    callbacks.ReduceLROnPlateau(
                        factor=0.8,
                        patience=5,
                        verbose=2,
                        min_delta=5e-4,
                        min_lr=5e-4
                    )
                ],
                validation_data=(x_train[va], y_train[va])
            )

            scores = net.evaluate(x=x_train[va], y=y_train[va], verbose=0)
            print(f"fold {fold_no}: {net.metrics_names[0]} {scores[0]}; {net.metrics_names[1]} {scores[1] * 100}")

            accs.append(scores[1] * 100)
            losses_.append(scores[0])

            net.load_weights(filepath=ckpt_path)
            net.save(filepath=model_path)

            self.plot_history(hist=hist.history, fold_no=fold_no)
            fold_no += 1

        report.write(f"Total time: {time.time() - t0} sec\n")
        report.write("\nScores per fold\n")
        for i in range(0, len(accs)):
            print("-" * 74)
            report.write("-" * 74 + "\n")
            print(f"> Fold {i + 1} - Loss: {losses_[i]} - Accuracy: {accs[i]}%")
            report.write(f"> Fold {i + 1} - Loss: {losses_[i]} - Accuracy: {accs[i]}%\n")
        print("-" * 74)
        report.write("-" * 74 + "\n")
        print(f"> Accuracy: {np.mean(accs)}% (+- {np.std(accs)})")
        report.write(f"\n> Accuracy: {np.mean(accs)}% (+- {np.std(accs)})\n")
        print(f"> Loss: {np.mean(losses_)} (+- {np.std(losses_)})")
        report.write(f"> Loss: {np.mean(losses_)} (+- {np.std(losses_)})\n")

        test_score = net.evaluate(x=x_test, y=y_test)
        print(f"test set: {net.metrics_names[0]} {test_score[0]}; {net.metrics_names[1]} {test_score[1] * 100}%")
        report.write(f"\ntest set: {net.metrics_names[0]} {test_score[0]}; {net.metrics_names[1]} {test_score[1] * 100}%\n")
        report.close()

    def plot_history(self, hist, fold_no):
        lt = time.localtime()
        stamp = "_".join(str(v) for v in lt[:6])

        plt.subplot(2, 1, 1)
        plt.plot(hist["acc"], 'b')
        plt.plot(hist["val_acc"], 'g')
        plt.ylim([0, 1])
        plt.xlabel("Epoch")
        plt.ylabel("Accuracies")
        plt.tight_layout()

        plt.subplot(2, 1, 2)
        plt.plot(hist["loss"], 'b')
        plt.plot(hist["val_loss"], 'g')
        plt.ylim([0, 3])
        plt.xlabel("Epoch")
        plt.ylabel("Losses")
        plt.tight_layout()

        plt.savefig(fname="fig/" + stamp + "_" + str(fold_no) + f"_{self.result_file_name}.png", dpi=300)
        plt.clf()


CHECKPOINT_PATH = "ckpt/mel_conv2d.ckpt"
MODEL_SAVE_PATH = "model/mel_conv2d.h5"

archive = np.load("TFSR_mel.npz")
mel, onehot = np.expand_dims(archive['x_norm_data'], axis=-1), to_categorical(archive['y_data'])
mel_tr, mel_te, lab_tr, lab_te = train_test_split(mel, onehot, test_size=0.2, shuffle=True)

trainer = FoldTrainer(result_file_name="TFSR_Mel-spectrogram_training_result_conv2d",
                      input_shape=np.shape(mel_tr)[1:],
                      output_shape=np.shape(lab_tr)[1])

net = trainer.conv2d_net()

trainer.fit_folds(
    net=net,
    x_train=mel_tr,
    y_train=lab_tr,
    ckpt_path=CHECKPOINT_PATH,
    model_path=MODEL_SAVE_PATH,
    x_test=mel_te,
    y_test=lab_te
)
