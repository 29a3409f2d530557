"""keras.io's knowledge distillation, as the Keras torch trace and the XLA compile tests load it
(path/to/distiller.py:distiller)."""
import keras
from keras import layers


class Distiller(keras.Model):
    # keras.io's knowledge distillation: compile() with its own signature, compute_loss overridden, the
    # labels read there; its metric is an object, which makes its counters when it is constructed
    def __init__(self, student, teacher):
        super().__init__()
        self.student, self.teacher = student, teacher
        self.teacher.trainable = False

    def compile(self, optimizer, metrics, student_loss_fn, temperature=3):
        super().compile(optimizer=optimizer, metrics=metrics)
        self.student_loss_fn, self.temperature = student_loss_fn, temperature

    def call(self, x):
        return self.student(x)

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, allow_empty=False):
        soft = keras.ops.softmax(self.teacher(x, training=False) / self.temperature)
        return self.student_loss_fn(y, y_pred) + keras.losses.KLDivergence()(soft, keras.ops.softmax(y_pred))


def distiller():
    teacher = keras.Sequential([keras.Input((12,)), layers.Dense(256, activation="relu"), layers.Dense(5)])
    student = keras.Sequential([keras.Input((12,)), layers.Dense(16, activation="relu"), layers.Dense(5)])
    model = Distiller(student, teacher)
    model.compile(optimizer=keras.optimizers.Adam(), metrics=[keras.metrics.SparseCategoricalAccuracy()],
                  student_loss_fn=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    return model
