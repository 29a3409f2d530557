"""Models written as users write them, loadable as bench/user_models.py:NAME.

Each builder returns a model its own code has compiled, with its own optimizer,
loss and metrics, the way keras.io examples and Q&A threads do. None of them was
used to fit a figure of the estimator: they check that the exact engines answer
for what people write (bench/engine_coverage.py) and, where a GPU was lent,
their measured peaks are in bench/data/h200-user-models.jsonl
(scripts/gpu_truth_user_models.py).

``LABELS`` says, per model, what its labels are, so a runner can make a batch:
``"sparse:N"`` integer classes in [0, N), ``"same"`` floats shaped like the
output, ``None`` for a model whose own ``train_step`` takes no labels. A dict
gives one entry per named output.
"""
import numpy as np

import keras
from keras import layers

LABELS = {}
# What a user types as --input-shape for a model that does not say its input (subclassed, never built)
INPUT_SHAPES = {"distiller": "28,28,1", "gan": "28,28,1"}


def _labels(kind):
    def register(builder):
        LABELS[builder.__name__] = kind
        return builder
    return register


@_labels("sparse:1000")
def convnext_tiny():
    # include_preprocessing=True (the default) puts a Normalization layer first
    model = keras.applications.ConvNeXtTiny(weights=None, input_shape=(224, 224, 3), classes=1000)
    model.compile(optimizer=keras.optimizers.AdamW(1e-3), loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    return model


@_labels("sparse:1000")
def efficientnet_v2_b0():
    model = keras.applications.EfficientNetV2B0(weights=None, input_shape=(224, 224, 3), classes=1000)
    schedule = keras.optimizers.schedules.CosineDecay(1e-3, decay_steps=10_000)
    model.compile(optimizer=keras.optimizers.Adam(schedule), loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    return model


@_labels("sparse:1000")
def inception_v3():
    model = keras.applications.InceptionV3(weights=None, input_shape=(299, 299, 3), classes=1000)
    model.compile(optimizer=keras.optimizers.SGD(0.045, momentum=0.9), loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    return model


@_labels("sparse:1000")
def xception():
    model = keras.applications.Xception(weights=None, input_shape=(299, 299, 3), classes=1000)
    model.compile(optimizer="rmsprop", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    return model


@_labels("sparse:5")
def mobilenet_v2_frozen():
    """Transfer learning: a frozen backbone and a new head (the keras.io recipe)."""
    base = keras.applications.MobileNetV2(weights=None, include_top=False, input_shape=(224, 224, 3))
    base.trainable = False
    inputs = keras.Input((224, 224, 3))
    x = layers.Rescaling(1 / 127.5, offset=-1)(inputs)
    x = base(x, training=False)
    x = layers.GlobalAveragePooling2D()(x)
    x = layers.Dropout(0.2)(x)
    outputs = layers.Dense(5, activation="softmax")(x)
    model = keras.Model(inputs, outputs)
    model.compile(optimizer=keras.optimizers.Adam(1e-4), loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    return model


@_labels("same")
def unet_bn():
    """A U-Net for segmentation with BatchNormalization and Conv2DTranspose (keras.io oxford_pets style)."""
    inputs = keras.Input((160, 160, 3))
    x = layers.Conv2D(32, 3, strides=2, padding="same")(inputs)
    x = layers.BatchNormalization()(x)
    x = layers.Activation("relu")(x)
    skips = []
    for filters in (64, 128, 256):
        x = layers.Conv2D(filters, 3, padding="same", activation="relu")(x)
        x = layers.BatchNormalization()(x)
        skips.append(x)
        x = layers.MaxPooling2D(2, padding="same")(x)
    for filters, skip in zip((256, 128, 64), reversed(skips)):
        x = layers.Conv2DTranspose(filters, 3, strides=2, padding="same")(x)
        x = layers.BatchNormalization()(x)
        x = layers.Concatenate()([x, skip])
        x = layers.Conv2D(filters, 3, padding="same", activation="relu")(x)
    x = layers.UpSampling2D(2)(x)
    outputs = layers.Conv2D(3, 3, activation="softmax", padding="same")(x)
    model = keras.Model(inputs, outputs)
    model.compile(optimizer="adam", loss="categorical_crossentropy")
    return model


@_labels("sparse:10")
def lambda_cnn():
    """A CNN whose preprocessing is written as Lambda layers."""
    model = keras.Sequential([
        keras.Input((64, 64, 3)),
        layers.Lambda(lambda x: x / 255.0),
        layers.Lambda(lambda x: (x - 0.5) * 2.0),
        layers.Conv2D(64, 3, activation="relu", padding="same"),
        layers.Conv2D(64, 3, activation="relu", padding="same"),
        layers.MaxPooling2D(),
        layers.Conv2D(128, 3, activation="relu", padding="same"),
        layers.GlobalAveragePooling2D(),
        layers.Dense(10, activation="softmax"),
    ])
    model.compile(optimizer=keras.optimizers.RMSprop(1e-3), loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    return model


@_labels("sparse:10")
def normalized_mlp():
    """Tabular data through an adapted Normalization layer."""
    normalize = layers.Normalization()
    normalize.adapt(np.random.default_rng(0).standard_normal((256, 64)).astype("float32"))
    model = keras.Sequential([
        keras.Input((64,)),
        normalize,
        layers.Dense(1024, activation="relu"),
        layers.Dense(1024, activation="relu"),
        layers.Dense(10, activation="softmax"),
    ])
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    return model


class _ConvClassifier(keras.Model):
    def __init__(self, classes=10, **kwargs):
        super().__init__(**kwargs)
        self.blocks = [layers.Conv2D(f, 3, padding="same", activation="relu") for f in (32, 64, 128)]
        self.pool = layers.MaxPooling2D()
        self.head = layers.Dense(classes)

    def call(self, x, training=False):
        for block in self.blocks:
            x = self.pool(block(x))
        return self.head(keras.ops.mean(x, axis=(1, 2)))


@_labels("sparse:10")
def subclassed_cnn():
    model = _ConvClassifier()
    model.build((None, 96, 96, 3))
    model.compile(optimizer="adam", loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  metrics=["accuracy"])
    return model


@_labels({"category": "sparse:20", "score": "same"})
def multi_io():
    """Two inputs (an image and a feature vector), two named outputs, a loss dict with weights."""
    image = keras.Input((128, 128, 3), name="image")
    features = keras.Input((32,), name="features")
    x = layers.Conv2D(32, 3, strides=2, activation="relu")(image)
    x = layers.Conv2D(64, 3, strides=2, activation="relu")(x)
    x = layers.GlobalAveragePooling2D()(x)
    x = layers.Concatenate()([x, layers.Dense(64, activation="relu")(features)])
    category = layers.Dense(20, activation="softmax", name="category")(x)
    score = layers.Dense(1, name="score")(x)
    model = keras.Model({"image": image, "features": features}, {"category": category, "score": score})
    model.compile(optimizer="adam",
                  loss={"category": "sparse_categorical_crossentropy", "score": "mse"},
                  loss_weights={"category": 1.0, "score": 0.2},
                  metrics={"category": ["accuracy"], "score": ["mae"]})
    return model


@_labels("sparse:2")
def transformer_classifier():
    """The keras.io text-classification transformer, larger: token and position embeddings, 4 blocks."""
    seq, vocab, dim, heads, ff = 200, 20000, 256, 4, 1024

    class TokenAndPosition(layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.tokens = layers.Embedding(vocab, dim)
            self.positions = layers.Embedding(seq, dim)

        def call(self, x):
            return self.tokens(x) + self.positions(keras.ops.arange(0, keras.ops.shape(x)[-1]))

    inputs = keras.Input((seq,), dtype="int32")
    x = TokenAndPosition()(inputs)
    for _ in range(4):
        a = layers.MultiHeadAttention(heads, dim // heads, dropout=0.1)(x, x)
        x = layers.LayerNormalization(epsilon=1e-6)(x + layers.Dropout(0.1)(a))
        f = layers.Dense(dim)(layers.Dense(ff, activation="relu")(x))
        x = layers.LayerNormalization(epsilon=1e-6)(x + layers.Dropout(0.1)(f))
    x = layers.GlobalAveragePooling1D()(x)
    outputs = layers.Dense(2, activation="softmax")(layers.Dropout(0.1)(x))
    model = keras.Model(inputs, outputs)
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    return model


@_labels("same")
def bilstm_tagger():
    """A bidirectional LSTM sequence tagger on embedded tokens."""
    model = keras.Sequential([
        keras.Input((100,), dtype="int32"),
        layers.Embedding(10000, 128),
        layers.Bidirectional(layers.LSTM(128, return_sequences=True)),
        layers.Bidirectional(layers.LSTM(64, return_sequences=True)),
        layers.TimeDistributed(layers.Dense(1, activation="sigmoid")),
    ])
    model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    return model


@_labels("same")
def seq2seq():
    """keras.io's character-level LSTM seq2seq: encoder and decoder inputs, one-hot targets."""
    tokens_in, tokens_out, latent = 70, 90, 256
    encoder_inputs = keras.Input((40, tokens_in))
    _, state_h, state_c = layers.LSTM(latent, return_state=True)(encoder_inputs)
    decoder_inputs = keras.Input((60, tokens_out))
    decoded = layers.LSTM(latent, return_sequences=True)(decoder_inputs, initial_state=[state_h, state_c])
    outputs = layers.Dense(tokens_out, activation="softmax")(decoded)
    model = keras.Model([encoder_inputs, decoder_inputs], outputs)
    model.compile(optimizer="rmsprop", loss="categorical_crossentropy", metrics=["accuracy"])
    return model


@_labels("sparse:10")
def mixed_precision_cnn():
    """A CNN trained in mixed_float16 (the policy set by the builder, as the guide does)."""
    keras.mixed_precision.set_global_policy("mixed_float16")
    try:
        inputs = keras.Input((128, 128, 3))
        x = inputs
        for filters in (64, 128, 256):
            x = layers.Conv2D(filters, 3, padding="same", activation="relu")(x)
            x = layers.Conv2D(filters, 3, padding="same", activation="relu")(x)
            x = layers.MaxPooling2D()(x)
        x = layers.GlobalAveragePooling2D()(x)
        x = layers.Dense(10)(x)
        outputs = layers.Activation("softmax", dtype="float32")(x)
        model = keras.Model(inputs, outputs)
        model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    finally:
        keras.mixed_precision.set_global_policy("float32")
    return model


@_labels("sparse:10")
def conv1d_audio():
    """A 1-D convolutional classifier on raw audio (16 kHz, one second)."""
    model = keras.Sequential([
        keras.Input((16000, 1)),
        layers.Conv1D(32, 80, strides=4, activation="relu"),
        layers.BatchNormalization(),
        layers.MaxPooling1D(4),
        layers.Conv1D(64, 3, activation="relu"),
        layers.BatchNormalization(),
        layers.MaxPooling1D(4),
        layers.Conv1D(128, 3, activation="relu"),
        layers.GlobalAveragePooling1D(),
        layers.Dense(10, activation="softmax"),
    ])
    model.compile(optimizer=keras.optimizers.Adam(1e-3), loss="sparse_categorical_crossentropy",
                  metrics=["accuracy"])
    return model


@_labels("sparse:10")
def audio_flatten_dense():
    """The seed's mistake at a smaller scale: Flatten on a conv map into a wide Dense."""
    model = keras.Sequential([
        keras.Input((400, 128, 1)),
        layers.Conv2D(16, 3, activation="relu"),
        layers.Conv2D(16, 3, activation="relu"),
        layers.Flatten(),
        layers.Dense(256, activation="relu"),
        layers.Dense(10, activation="softmax"),
    ])
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    return model


class _Sampling(layers.Layer):
    """z = mean + exp(log_var / 2) * eps, seeded as Keras asks for random ops in a compiled step."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seed_generator = keras.random.SeedGenerator(1337)

    def call(self, inputs):
        mean, log_var = inputs
        eps = keras.random.normal(keras.ops.shape(mean), seed=self.seed_generator)
        return mean + keras.ops.exp(0.5 * log_var) * eps


class _KLLoss(layers.Layer):
    def call(self, inputs):
        mean, log_var = inputs
        self.add_loss(-0.5 * keras.ops.mean(1 + log_var - keras.ops.square(mean) - keras.ops.exp(log_var)))
        return mean


@_labels("same")
def vae():
    """A convolutional VAE on 28x28 images: a sampling layer, the KL term through add_loss."""
    latent = 16
    inputs = keras.Input((28, 28, 1))
    x = layers.Conv2D(32, 3, strides=2, padding="same", activation="relu")(inputs)
    x = layers.Conv2D(64, 3, strides=2, padding="same", activation="relu")(x)
    x = layers.Dense(16, activation="relu")(layers.Flatten()(x))
    mean, log_var = layers.Dense(latent)(x), layers.Dense(latent)(x)
    z = _Sampling()([_KLLoss()([mean, log_var]), log_var])
    x = layers.Reshape((7, 7, 64))(layers.Dense(7 * 7 * 64, activation="relu")(z))
    x = layers.Conv2DTranspose(64, 3, strides=2, padding="same", activation="relu")(x)
    x = layers.Conv2DTranspose(32, 3, strides=2, padding="same", activation="relu")(x)
    outputs = layers.Conv2DTranspose(1, 3, padding="same", activation="sigmoid")(x)
    model = keras.Model(inputs, outputs)
    model.compile(optimizer="adam", loss="binary_crossentropy")
    return model


class Distiller(keras.Model):
    """keras.io's knowledge distillation in Keras 3: compile() with its own signature, compute_loss overridden."""

    def __init__(self, student, teacher):
        super().__init__()
        self.student, self.teacher = student, teacher
        self.teacher.trainable = False

    def compile(self, optimizer, metrics, student_loss_fn, distillation_loss_fn, alpha=0.1, temperature=3):
        super().compile(optimizer=optimizer, metrics=metrics)
        self.student_loss_fn, self.distillation_loss_fn = student_loss_fn, distillation_loss_fn
        self.alpha, self.temperature = alpha, temperature

    def call(self, x):
        return self.student(x)

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, allow_empty=False):
        teacher_pred = self.teacher(x, training=False)
        student_loss = self.student_loss_fn(y, y_pred)
        distillation_loss = self.distillation_loss_fn(
            keras.ops.softmax(teacher_pred / self.temperature, axis=1),
            keras.ops.softmax(y_pred / self.temperature, axis=1)) * self.temperature ** 2
        return self.alpha * student_loss + (1 - self.alpha) * distillation_loss


@_labels("sparse:10")
def distiller():
    """A large CNN teacher distilled into a small student (keras.io), on 28x28 digits."""
    teacher = keras.Sequential([
        keras.Input((28, 28, 1)),
        layers.Conv2D(256, 3, strides=2, padding="same"), layers.LeakyReLU(0.2),
        layers.MaxPooling2D(2, strides=1, padding="same"),
        layers.Conv2D(512, 3, strides=2, padding="same"),
        layers.Flatten(), layers.Dense(10),
    ], name="teacher")
    student = keras.Sequential([
        keras.Input((28, 28, 1)),
        layers.Conv2D(16, 3, strides=2, padding="same"), layers.LeakyReLU(0.2),
        layers.MaxPooling2D(2, strides=1, padding="same"),
        layers.Conv2D(32, 3, strides=2, padding="same"),
        layers.Flatten(), layers.Dense(10),
    ], name="student")
    model = Distiller(student, teacher)
    model.compile(optimizer=keras.optimizers.Adam(), metrics=[keras.metrics.SparseCategoricalAccuracy()],
                  student_loss_fn=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  distillation_loss_fn=keras.losses.KLDivergence(), alpha=0.1, temperature=10)
    return model


class GAN(keras.Model):
    """keras.io's GAN: its own compile(d_optimizer, g_optimizer, loss_fn) and train_step, written for the
    backend it trains on (the torch guide's with backward(), the DCGAN example's with tf.GradientTape);
    call() runs the discriminator on the batch train_step is given, as oomdoctor asks."""

    def __init__(self, discriminator, generator, latent_dim):
        super().__init__()
        self.discriminator, self.generator, self.latent_dim = discriminator, generator, latent_dim
        self.d_loss_tracker = keras.metrics.Mean(name="d_loss")
        self.g_loss_tracker = keras.metrics.Mean(name="g_loss")
        self.seed_generator = keras.random.SeedGenerator(1337)

    @property
    def metrics(self):
        return [self.d_loss_tracker, self.g_loss_tracker]

    def compile(self, d_optimizer, g_optimizer, loss_fn):
        super().compile()
        self.d_optimizer, self.g_optimizer, self.loss_fn = d_optimizer, g_optimizer, loss_fn

    def call(self, x):
        return self.discriminator(x)

    def train_step(self, real_images):
        if isinstance(real_images, tuple):
            real_images = real_images[0]
        if keras.backend.backend() == "torch":
            d_loss, g_loss = self._torch_step(real_images)
        else:
            d_loss, g_loss = self._tensorflow_step(real_images)
        self.d_loss_tracker.update_state(d_loss)
        self.g_loss_tracker.update_state(g_loss)
        return {"d_loss": self.d_loss_tracker.result(), "g_loss": self.g_loss_tracker.result()}

    def _noise(self, batch_size):
        return keras.random.normal((batch_size, self.latent_dim), seed=self.seed_generator)

    def _torch_step(self, real_images):
        import torch

        batch_size = real_images.shape[0]
        combined = torch.concat([self.generator(self._noise(batch_size)), real_images], axis=0)
        labels = torch.concat([torch.ones((batch_size, 1)), torch.zeros((batch_size, 1))], axis=0)
        self.zero_grad()
        d_loss = self.loss_fn(labels, self.discriminator(combined))
        d_loss.backward()
        with torch.no_grad():
            self.d_optimizer.apply([v.value.grad for v in self.discriminator.trainable_weights],
                                   self.discriminator.trainable_weights)
        self.zero_grad()
        g_loss = self.loss_fn(torch.zeros((batch_size, 1)), self.discriminator(self.generator(self._noise(batch_size))))
        g_loss.backward()
        with torch.no_grad():
            self.g_optimizer.apply([v.value.grad for v in self.generator.trainable_weights],
                                   self.generator.trainable_weights)
        return d_loss, g_loss

    def _tensorflow_step(self, real_images):
        import tensorflow as tf

        batch_size = tf.shape(real_images)[0]
        combined = tf.concat([self.generator(self._noise(batch_size)), real_images], axis=0)
        labels = tf.concat([tf.ones((batch_size, 1)), tf.zeros((batch_size, 1))], axis=0)
        with tf.GradientTape() as tape:
            d_loss = self.loss_fn(labels, self.discriminator(combined))
        grads = tape.gradient(d_loss, self.discriminator.trainable_weights)
        self.d_optimizer.apply_gradients(zip(grads, self.discriminator.trainable_weights))
        with tf.GradientTape() as tape:
            g_loss = self.loss_fn(tf.zeros((batch_size, 1)), self.discriminator(self.generator(self._noise(batch_size))))
        grads = tape.gradient(g_loss, self.generator.trainable_weights)
        self.g_optimizer.apply_gradients(zip(grads, self.generator.trainable_weights))
        return d_loss, g_loss


@_labels(None)
def gan():
    """A DCGAN on 28x28 digits with its own train_step and two Adam optimizers."""
    latent_dim = 128
    discriminator = keras.Sequential([
        keras.Input((28, 28, 1)),
        layers.Conv2D(64, 3, strides=2, padding="same"), layers.LeakyReLU(0.2),
        layers.Conv2D(128, 3, strides=2, padding="same"), layers.LeakyReLU(0.2),
        layers.GlobalMaxPooling2D(), layers.Dense(1),
    ], name="discriminator")
    generator = keras.Sequential([
        keras.Input((latent_dim,)),
        layers.Dense(7 * 7 * 128), layers.LeakyReLU(0.2), layers.Reshape((7, 7, 128)),
        layers.Conv2DTranspose(128, 4, strides=2, padding="same"), layers.LeakyReLU(0.2),
        layers.Conv2DTranspose(128, 4, strides=2, padding="same"), layers.LeakyReLU(0.2),
        layers.Conv2D(1, 7, padding="same", activation="sigmoid"),
    ], name="generator")
    model = GAN(discriminator, generator, latent_dim)
    model.compile(d_optimizer=keras.optimizers.Adam(3e-4), g_optimizer=keras.optimizers.Adam(3e-4),
                  loss_fn=keras.losses.BinaryCrossentropy(from_logits=True))
    return model


# --- making a batch for any model here -----------------------------------------------------------

def make_batch(name, model, batch, seed=0):
    """Random (x, y) for ``model`` at ``batch``, by its inputs and ``LABELS[name]``."""
    rng = np.random.default_rng(seed)

    def tensor(spec):
        shape = (batch,) + tuple(spec.shape[1:])
        if "int" in str(spec.dtype):
            return rng.integers(0, 1000, size=shape).astype("int32")
        return rng.standard_normal(shape).astype("float32")

    inputs = model._inputs_struct if hasattr(model, "_inputs_struct") else None
    if isinstance(inputs, dict):
        x = {key: tensor(spec) for key, spec in inputs.items()}
    elif isinstance(inputs, (list, tuple)) and len(inputs) > 1:
        x = [tensor(spec) for spec in inputs]
    elif inputs is not None:
        x = tensor(model.inputs[0])
    else:  # a subclassed model: the shape it was built with
        shape = model._build_shapes_dict and next(iter(model._build_shapes_dict.values()))
        x = rng.standard_normal((batch,) + tuple(shape[1:])).astype("float32")

    def label(kind, output_shape):
        if kind.startswith("sparse:"):
            return rng.integers(0, int(kind.split(":")[1]), size=(batch,)).astype("int32")
        shape = (batch,) + tuple(output_shape[1:])
        if kind == "same":
            return rng.uniform(0, 1, size=shape).astype("float32")
        raise ValueError(kind)

    kind = LABELS[name]
    if kind is None:
        return x, None
    if isinstance(kind, dict):
        shapes = {out.name.split("/")[0]: out.shape for out in model.outputs} if hasattr(model, "outputs") else {}
        return x, {key: label(value, shapes.get(key, (None, 1))) for key, value in kind.items()}
    if kind.startswith("sparse:"):
        return x, label(kind, None)
    return x, label(kind, model.outputs[0].shape)
