
import tensorflow as tf
import model.loss as l
import config.train_config as tc


class yolo_model:

    model = tf.keras.models.Sequential()

    def __init__(self, grid_wh, ab_count, class_count):
        """
        Builds the grid detector.
        :param grid_wh: (columns, rows) of the output grid.
        :param ab_count: anchor boxes per cell.
        :param class_count: number of classes.
        """
        n_out = grid_wh[0] * grid_wh[1] * ab_count * (class_count + 5)

        self.model.add(tf.keras.layers.Conv2D(32, 3, activation='relu',
                                              input_shape=(480, 640, 3), data_format="channels_last"))
        self.model.add(tf.keras.layers.MaxPool2D())

        self.model.add(tf.keras.layers.Conv2D(64, 3, activation='relu'))
        self.model.add(tf.keras.layers.MaxPool2D())

        self.model.add(tf.keras.layers.Conv2D(128, 3, activation='relu'))
        self.model.add(tf.keras.layers.MaxPool2D())

        self.model.add(tf.keras.layers.Conv2D(256, 3, activation='relu'))
        self.model.add(tf.keras.layers.MaxPool2D())

        self.model.add(tf.keras.layers.Conv2D(512, 3, activation='relu'))
        self.model.add(tf.keras.layers.MaxPool2D())

        self.model.add(tf.keras.layers.Flatten())
        self.model.add(tf.keras.layers.Dense(128, activation='relu'))
        self.model.add(tf.keras.layers.Dense(n_out, activation='sigmoid'))

    def fit(self, xs, ys):
        """
        Trains on in-memory arrays.
        :param xs: the pictures.
        :param ys: the target grids.
        :return: -
        """
        self.model.compile(optimizer='Adam', loss=l.yolo_loss_function, metrics=['accuracy'])
        self.model.fit(xs, ys, batch_size=tc.batch_size, epochs=tc.epochs)

    def evaluate(self, test_ds):
        """
        Scores the model on a test set.
        :param test_ds: the test data.
        :return: the evaluation result.
        """
        return self.model.evaluate(test_ds)

    def print_summary(self):
        """
        Prints the layer table.
        :return: -
        """
        print(self.model.summary())
