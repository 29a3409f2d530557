"""Models that train themselves: their own compile() and train_step, written for the backend they train on
(keras.io's GAN: the torch guide's with backward(), the DCGAN example's with tf.GradientTape)."""
import json
import os
import subprocess
import sys
import textwrap

import pytest

import oomdoctor

_GAN = textwrap.dedent('''
    import keras
    from keras import layers


    class GAN(keras.Model):
        def __init__(self, discriminator, generator, latent_dim):
            super().__init__()
            self.discriminator, self.generator, self.latent_dim = discriminator, generator, latent_dim
            self.seed_generator = keras.random.SeedGenerator(1337)

        def compile(self, d_optimizer, g_optimizer, loss_fn):
            super().compile()
            self.d_optimizer, self.g_optimizer, self.loss_fn = d_optimizer, g_optimizer, loss_fn

        def call(self, x):
            return self.discriminator(x)

        def train_step(self, real_images):
            if isinstance(real_images, tuple):
                real_images = real_images[0]
            if keras.backend.backend() == "torch":
                return self._torch_step(real_images)
            return self._tensorflow_step(real_images)

        def _noise(self, n):
            return keras.random.normal((n, self.latent_dim), seed=self.seed_generator)

        def _torch_step(self, real):
            import torch

            n = real.shape[0]
            labels = torch.concat([torch.ones((n, 1)), torch.zeros((n, 1))], axis=0)
            self.zero_grad()
            d_loss = self.loss_fn(labels, self.discriminator(torch.concat([self.generator(self._noise(n)), real])))
            d_loss.backward()
            with torch.no_grad():
                self.d_optimizer.apply([v.value.grad for v in self.discriminator.trainable_weights],
                                       self.discriminator.trainable_weights)
            self.zero_grad()
            g_loss = self.loss_fn(torch.zeros((n, 1)), self.discriminator(self.generator(self._noise(n))))
            g_loss.backward()
            with torch.no_grad():
                self.g_optimizer.apply([v.value.grad for v in self.generator.trainable_weights],
                                       self.generator.trainable_weights)
            return {"d_loss": d_loss, "g_loss": g_loss}

        def _tensorflow_step(self, real):
            import tensorflow as tf

            n = tf.shape(real)[0]
            labels = tf.concat([tf.ones((n, 1)), tf.zeros((n, 1))], axis=0)
            with tf.GradientTape() as tape:
                d_loss = self.loss_fn(labels, self.discriminator(tf.concat([self.generator(self._noise(n)), real], 0)))
            grads = tape.gradient(d_loss, self.discriminator.trainable_weights)
            self.d_optimizer.apply_gradients(zip(grads, self.discriminator.trainable_weights))
            with tf.GradientTape() as tape:
                g_loss = self.loss_fn(tf.zeros((n, 1)), self.discriminator(self.generator(self._noise(n))))
            grads = tape.gradient(g_loss, self.generator.trainable_weights)
            self.g_optimizer.apply_gradients(zip(grads, self.generator.trainable_weights))
            return {"d_loss": d_loss, "g_loss": g_loss}


    def gan():
        discriminator = keras.Sequential([keras.Input((16, 16, 1)), layers.Conv2D(32, 3, strides=2, padding="same"),
                                          layers.LeakyReLU(0.2), layers.GlobalMaxPooling2D(), layers.Dense(1)])
        generator = keras.Sequential([keras.Input((32,)), layers.Dense(8 * 8 * 64), layers.Reshape((8, 8, 64)),
                                      layers.Conv2DTranspose(64, 4, strides=2, padding="same"),
                                      layers.LeakyReLU(0.2), layers.Conv2D(1, 5, padding="same", activation="sigmoid")])
        model = GAN(discriminator, generator, 32)
        model.compile(d_optimizer=keras.optimizers.Adam(3e-4), g_optimizer=keras.optimizers.Adam(3e-4),
                      loss_fn=keras.losses.BinaryCrossentropy(from_logits=True))
        return model
''')


@pytest.fixture
def gan_file(tmp_path):
    path = tmp_path / "gan.py"
    path.write_text(_GAN)
    return path


def _estimate(path, **kwargs):
    from oomdoctor.keras.loading import load_model

    return oomdoctor.estimate(load_model(f"{path}:gan"), 32, input_shape=(16, 16, 1), **kwargs)


def test_a_gans_own_torch_step_is_traced_with_both_its_optimizers(gan_file):
    pytest.importorskip("torch")
    est = _estimate(gan_file, backend="torch", gpu="H200")
    assert est.engine == "keras-torch-trace", est.notes
    # Keras builds the compiled optimizer (compile()'s default RMSprop: one slot) though the step never uses
    # it; the discriminator's and the generator's Adam build two slots each on their first apply
    assert est.breakdown["optimizer_state"] >= 2.9 * est.breakdown["weights"], est.breakdown
    assert any("d_optimizer: Adam, g_optimizer: Adam" in note for note in est.notes), est.notes


def test_a_tape_step_called_from_train_step_is_named_where_jax_compiles(gan_file):
    est = _estimate(gan_file, backend="jax", gpu="H200")
    assert est.engine == "table"
    assert "GAN.train_step uses tf.GradientTape" in est.engine_reason, est.engine_reason


_MEASURE = textwrap.dedent('''
    import json, sys
    import numpy as np, tensorflow as tf
    sys.path.insert(0, {folder!r})
    from gan import gan
    model = gan()
    model.jit_compile = {jit}  # Keras leaves XLA off on a machine without a GPU
    x = np.random.default_rng(0).uniform(0, 1, size=(32, 16, 16, 1)).astype("float32")
    model.train_on_batch(x)
    model.train_on_batch(x)
    tf.config.experimental.reset_memory_stats("CPU:0")
    model.train_on_batch(x)
    print(json.dumps(tf.config.experimental.get_memory_info("CPU:0")))
''')


def _measured_peak(gan_file, jit: bool) -> int:
    env = {**os.environ, "KERAS_BACKEND": "tensorflow", "TF_CPU_ALLOCATOR_USE_BFC": "true",
           "TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": ""}
    out = subprocess.run([sys.executable, "-c", _MEASURE.format(folder=str(gan_file.parent), jit=jit)],
                         capture_output=True, text=True, env=env, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])["peak"]


def test_a_tape_step_is_compiled_by_tensorflow_itself_on_the_cpu_and_matches_its_allocator(gan_file):
    """JAX cannot compile a step written with tf.GradientTape; TensorFlow's own XLA:CPU compile answers alone,
    at the batch and at twice it (a GAN at batch 64 on the bench: 145.7 MB estimated, 143.0 MB measured)."""
    pytest.importorskip("tensorflow", reason="needs the tensorflow extra")
    est = _estimate(gan_file, backend="tensorflow", device="cpu", jit_compile=True)
    assert est.engine == "tensorflow-xla-cpu", est.engine_reason
    measured = _measured_peak(gan_file, jit=True)
    assert 0.9 < est.peak_bytes / measured < 1.15, (est.peak_bytes, measured)


def test_where_the_table_answers_for_an_own_step_it_says_so_and_the_safe_figure_covers_it(gan_file):
    """Without XLA the table sizes call() (the discriminator alone); the step also runs the generator, twice.
    On the bench's GAN at batch 64: 26.8 MB estimated, 132 MB measured, safe figure 169 MB."""
    pytest.importorskip("tensorflow", reason="needs the tensorflow extra")
    est = _estimate(gan_file, backend="tensorflow", device="cpu", jit_compile=False)
    assert est.engine == "table"
    assert any("GAN has its own train_step" in note for note in est.notes), est.notes
    assert est.safe_peak_bytes >= _measured_peak(gan_file, jit=False)


def test_measure_trains_a_model_as_its_builder_compiled_it(gan_file, capsys):
    """Its own compile() signature and train_step, no labels: measure recompiled every model with one loss."""
    pytest.importorskip("tensorflow", reason="needs the tensorflow extra")
    from oomdoctor.cli import main

    assert main(["measure", f"{gan_file}:gan", "-b", "16", "--steps", "2", "--backend", "tensorflow",
                 "--input-shape", "16,16,1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["steps_done"] == 2 and not data["oom"] and data["peak_bytes"] > 0
