#!/usr/bin/env python3
import os
import argparse
from matplotlib import pyplot as plt
from libft import generate_config, load_config
from time import sleep
os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'
import tensorflow as tf  # noqa: E402


# ######## short names for keras pieces #########
Adam = tf.keras.optimizers.Adam
Sequential = tf.keras.models.Sequential
Conv2D = tf.keras.layers.Conv2D

MaxPooling2D = tf.keras.layers.MaxPool2D
Dense = tf.keras.layers.Dense
Flatten = tf.keras.layers.Flatten
Dropout = tf.keras.layers.Dropout

Precision = tf.keras.metrics.Precision
Recall = tf.keras.metrics.Recall
BinaryAccuracy = tf.keras.metrics.BinaryAccuracy

Callback = tf.keras.callbacks.Callback
###################################################


class PeriodicSave(Callback):
    def on_epoch_end(self, epoch, logs=None):
        if epoch != 0 and (epoch % 10) == 0:
            print(f"Writing a snapshot at epoch {epoch}")
            self.model.save(
                os.path.join(
                    "./models",
                    f"model_progress_{epoch}.h5"
                )
            )
            print(f"Pausing 60 seconds before epoch {epoch + 1}")
            sleep(60)


class LeafTrainer:
    def __init__(self, ds, model_path, out_dir):
        """
        Keep the data set and either load or start a model.

        Args:
        - ds: labelled data set.
        - model_path: optional saved model to continue from.
        - out_dir: where labels and the model go.
        """
        self.ds = ds
        self.out_dir = out_dir
        self.fit_part = 0
        self.check_part = 0
        if (model_path):
            self.model = tf.keras.models.load_model(model_path)
        else:
            self.model = Sequential()
        self.history = 0
        self.classes = []

    def group_data(self):
        """
        Cut the data set into a fit part and a check part.

        Args:
        - none; 80/20 is fixed.
        - the parts are lazy take/skip views.
        """
        n_fit = int(len(self.ds)*.8)
        n_check = int(len(self.ds)*.2)

        self.fit_part = self.ds.take(n_fit)
        self.check_part = self.ds.skip(n_fit).take(n_check)

    def save_classes(self, root):
        """
        Write the class folder names to labels.txt.

        Args:
        - root: folder with one sub-folder per class.
        """
        top = root
        folders = [d for d
                             in os.listdir(top) if
                             os.path.isdir(os.path.join(top, d))]
        folders = sorted(folders)
        self.classes = folders
        print("Classes written:", folders)
        if not os.path.exists(self.out_dir):
            os.makedirs(self.out_dir)
        with open(self.out_dir + '/labels.txt', 'w') as fh:
            for name in folders:
                fh.write(name + '\n')

    def build_neural_network_layers(self):
        """
        Stack the conv layers and the dense head, then compile.

        Args:
        - none; one fixed layout.
        """

        self.model.add(
            Conv2D(
                    32, (3, 3),
                    activation='relu',
                    input_shape=(128, 128, 3)
                )
            )
        self.model.add(MaxPooling2D((2, 2)))
        self.model.add(Conv2D(64, (3, 3), activation='relu'))
        self.model.add(MaxPooling2D((2, 2)))
        self.model.add(Conv2D(128, (3, 3), activation='relu'))
        self.model.add(MaxPooling2D((2, 2)))
        self.model.add(Flatten())
        self.model.add(Dense(128, activation='relu'))
        self.model.add(Dense(64, activation='relu'))
        self.model.add(Dense(8, activation='softmax'))

        # step = 0.001

        opt = Adam()

        self.model.compile(
            optimizer=opt,
            loss='categorical_crossentropy',
            metrics=['accuracy']
        )

    def start(self, n_epochs):
        """
        Fit the network.

        Args:
        - n_epochs: how many epochs.
        """
        self.history = self.model.fit(
            self.fit_part,
            epochs=n_epochs,
            callbacks=[
                PeriodicSave()
            ]
        )

    def save(self, out_dir):
        """
        Write the fitted model.

        Args:
        - out_dir: target folder.
        """
        if not os.path.exists(out_dir):
            os.makedirs(out_dir)
        self.model.save(os.path.join(out_dir, 'model.h5'))

    def plot_history(self):
        """
        Draw the loss and accuracy curves.
        """
        fig = plt.figure()
        plt.plot(self.history.history['loss'], color='teal', label='loss')
        fig.suptitle('Loss', fontsize=20)
        plt.legend(loc="upper left")
        plt.show()

        fig = plt.figure()
        plt.plot(
            self.history.history['accuracy'],
            color='teal',
            label='accuracy'
        )
        fig.suptitle('Accuracy', fontsize=20)
        plt.legend(loc="upper left")
        plt.show()

    def testing(self):
        """
        Score a held-out part batch by batch and print the metrics.
        """
        pre = Precision()
        rec = Recall()
        acc = BinaryAccuracy()
        for batch in self.test.as_numpy_iterator():
            X, y = batch
            yhat = self.model.predict(X)
            pre.update_state(y, yhat)
            rec.update_state(y, yhat)
            acc.update_state(y, yhat)
        print(f'Precision: {pre.result().numpy()},\
              Recall: {rec.result().numpy()}, Accuracy: {acc.result().numpy()}')


def main(args):
    """
    Build the data pipeline and fit the network.

    Args:
    - args: settings read from config.yaml.
    """

    ds = tf.keras.utils.image_dataset_from_directory(
        args.training_set, image_size=(128, 128))
    ds = ds.map(lambda x, y: (x / 255, tf.one_hot(
        y, depth=8)))
    trainer = LeafTrainer(ds, args.model, args.model_save_location)
    trainer.save_classes(args.training_set)
    trainer.group_data()
    if (not args.model):
        trainer.build_neural_network_layers()
    if (args.epochs):
        trainer.start(args.epochs)
        trainer.plot_history()
        trainer.save(args.model_save_location)


if __name__ == "__main__":
    # command line
    parser = argparse.ArgumentParser(
        description="Fit a small leaf-disease CNN"
    )
    parser.add_argument(
        "-gc",
        "--generate-config",
        action="store_true",
        help="Write a default config file"
    )
    args = parser.parse_args()

    if args.generate_config:
        generate_config('config.yaml')
        print("Default config file written.")
    else:
        config = load_config('config.yaml')
        main(config)
