"""Models for the CLI tests, loaded as path/to/file.py:function."""
import keras
from keras import layers


def dense_only():
    return keras.Sequential([keras.Input((100,)), layers.Dense(50), layers.Dense(10)], name="dense_only")


def compiled_sgd():
    model = dense_only()
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse")
    return model


def as_tuple():
    return dense_only(), "something else"


def variable_length():
    inputs = keras.Input((None, 8))
    return keras.Model(inputs, layers.Dense(4)(layers.LSTM(16)(inputs)))


def raises():
    raise RuntimeError("my model is broken")


def not_a_model():
    return 42


class _Plain(keras.Model):
    """A subclassed model whose call takes no `training` argument."""

    def __init__(self):
        super().__init__()
        self.conv = layers.Conv2D(4, 3)
        self.pool = layers.GlobalAveragePooling2D()
        self.head = layers.Dense(3)

    def call(self, x):
        return self.head(self.pool(self.conv(x)))


def subclassed():
    return _Plain()


def bidirectional_text():
    inputs = keras.Input((20,), dtype="int32")
    x = layers.Bidirectional(layers.GRU(8))(layers.Embedding(100, 8)(inputs))
    return keras.Model(inputs, layers.Dense(2, activation="softmax")(x))


def flatten_head():
    """A convolution flattened into a Dense head: the head is the culprit (HTML report tests)."""
    return keras.Sequential([keras.Input((48, 48, 3)), layers.Conv2D(8, 3, activation="relu", name="conv"),
                             layers.Flatten(name="flatten"), layers.Dense(64, activation="relu", name="head"),
                             layers.Dense(10, name="logits")], name="flatten_head")
