"""Each memory category on models small enough to compute by hand."""
import keras
import pytest
from keras import layers

import oomdoctor
from oomdoctor.estimator.categories import CATEGORIES


# These tests check the per-kind tables and the categories by hand (tests/conftest.py: per_kind_tables).
pytestmark = pytest.mark.usefixtures("per_kind_tables")

IN, H, OUT = 100, 50, 10
PARAMS = IN * H + H + H * OUT + OUT  # 5,560
WEIGHT_BYTES = PARAMS * 4


def dense_only():
    with keras.StatelessScope(initialize_variables=False):
        return keras.Sequential([keras.Input((IN,)), layers.Dense(H), layers.Dense(OUT)])


@pytest.mark.parametrize("backend", ["jax", "torch", "tensorflow"])
def test_state_categories_by_hand(backend):
    est = oomdoctor.estimate(dense_only(), 32, optimizer="adam", backend=backend)
    assert est.params == PARAMS
    assert est.breakdown["weights"] == WEIGHT_BYTES
    assert est.breakdown["gradients"] == WEIGHT_BYTES  # one gradient per trainable weight
    assert est.breakdown["optimizer_state"] == 2 * WEIGHT_BYTES  # Adam: m and v
    assert est.breakdown["input_batch"] == 32 * (IN + OUT) * 4  # x and same-shaped labels, float32
    assert set(est.breakdown) == set(CATEGORIES)
    assert sum(est.breakdown.values()) == est.peak_bytes


@pytest.mark.parametrize("optimizer, slots", [("sgd", 0), ("momentum", 1), ("rmsprop", 1), ("adagrad", 1),
                                              ("adam", 2), ("adamw", 2), ("nadam", 2), ("adamax", 2),
                                              ("adadelta", 2), ("ftrl", 2), ("lion", 1), ("lamb", 2)])
def test_optimizer_slots(optimizer, slots):
    est = oomdoctor.estimate(dense_only(), 8, optimizer=optimizer, backend="jax")
    assert est.breakdown["optimizer_state"] == slots * WEIGHT_BYTES


def test_keras_optimizer_instances_are_read():
    model = dense_only()
    sgd = oomdoctor.estimate(model, 8, optimizer=keras.optimizers.SGD(), backend="jax")
    nesterov = oomdoctor.estimate(model, 8, optimizer=keras.optimizers.SGD(momentum=0.9, nesterov=True), backend="jax")
    ema = oomdoctor.estimate(model, 8, optimizer=keras.optimizers.Adam(use_ema=True), backend="jax")
    assert sgd.breakdown["optimizer_state"] == 0
    assert nesterov.breakdown["optimizer_state"] == WEIGHT_BYTES
    assert ema.breakdown["optimizer_state"] == 3 * WEIGHT_BYTES  # m, v and the moving average


def test_adafactor_factors_the_last_two_axes():
    est = oomdoctor.estimate(dense_only(), 8, optimizer="adafactor", backend="jax")
    # per kernel: rows + columns + a full velocity; per bias: 2 dummies + full velocity
    kernels = (IN + H + IN * H) + (H + OUT + H * OUT)
    biases = (2 + H) + (2 + OUT)
    assert est.breakdown["optimizer_state"] == (kernels + biases) * 4


def test_unknown_optimizer_is_built_and_counted():
    class OneSlot(keras.optimizers.Optimizer):
        def build(self, variables):
            super().build(variables)
            self.slots = self.add_optimizer_variables(variables, "slot")

        def update_step(self, gradient, variable, learning_rate):
            pass

    est = oomdoctor.estimate(dense_only(), 8, optimizer=OneSlot(learning_rate=0.1), backend="jax")
    assert est.breakdown["optimizer_state"] == WEIGHT_BYTES


def test_non_trainable_weights_have_no_gradient():
    with keras.StatelessScope(initialize_variables=False):
        model = keras.Sequential([keras.Input((IN,)), layers.Dense(H), layers.Dense(OUT)])
    model.layers[0].trainable = False
    est = oomdoctor.estimate(model, 8, optimizer="adam", backend="jax")
    trainable = (H * OUT + OUT) * 4
    assert est.breakdown["weights"] == WEIGHT_BYTES
    assert est.breakdown["gradients"] == trainable
    assert est.breakdown["optimizer_state"] == 2 * trainable


@pytest.mark.parametrize("backend", ["jax", "torch", "tensorflow"])
def test_activations_grow_linearly_with_batch(backend):
    model = dense_only()
    a = [oomdoctor.estimate(model, b, backend=backend, optimizer="sgd").breakdown["activations"] for b in (16, 32, 64)]
    assert 0 < a[0] < a[1] < a[2]
    assert a[2] - a[1] == 2 * (a[1] - a[0])


def test_mixed_precision_halves_dense_activations_not_weights():
    model = dense_only()
    full = oomdoctor.estimate(model, 64, backend="jax", precision="float32")
    mixed = oomdoctor.estimate(model, 64, backend="jax", precision="mixed_bfloat16")
    assert mixed.breakdown["activations"] * 2 == full.breakdown["activations"]
    assert mixed.breakdown["weights"] == full.breakdown["weights"]  # variables stay float32
    assert mixed.breakdown["optimizer_state"] == full.breakdown["optimizer_state"]


def test_layer_rows_add_up():
    est = oomdoctor.estimate(dense_only(), 32, backend="torch")
    assert [r.type for r in est.layers] == ["Dense", "Dense"]
    assert sum(r.params for r in est.layers) == PARAMS
    assert sum(r.weight_bytes for r in est.layers) == WEIGHT_BYTES
    assert est.layers[0].output_shape == (None, H)
    if est.peak_phase == "backward pass":
        assert sum(r.activation_bytes for r in est.layers) == est.breakdown["activations"]


def test_torch_backend_adam_update_copies_every_weight_three_times():
    # Keras's torch Adam updates all variables with torch._foreach_*: m*alpha, sqrt(v)+eps and the
    # quotient are alive together. With a big head the update is the peak.
    with keras.StatelessScope(initialize_variables=False):
        model = keras.Sequential([keras.Input((200_000,)), layers.Dense(256), layers.Dense(1)])
    est = oomdoctor.estimate(model, 1, optimizer="adam", backend="torch")
    trainable = est.breakdown["gradients"]
    assert est.peak_phase == "optimizer update"
    assert est.breakdown["temporaries"] == 3 * trainable


@pytest.mark.parametrize("backend", ["jax", "torch", "tensorflow"])
def test_gpu_fit_and_max_batch(backend):
    with keras.StatelessScope(initialize_variables=False):
        model = keras.Sequential([keras.Input((10_000,)), layers.Dense(1000), layers.Dense(10)])
    big = oomdoctor.estimate(model, 32, gpu="T4", backend=backend)
    assert big.fits is True and big.headroom_bytes > 0 and big.max_batch_size >= 32
    at_max = oomdoctor.estimate(model, big.max_batch_size, gpu="T4", backend=backend)
    over = oomdoctor.estimate(model, big.max_batch_size + 1, gpu="T4", backend=backend)
    assert at_max.fits and not over.fits


def test_max_batch_zero_says_why():
    with keras.StatelessScope(initialize_variables=False):
        model = keras.Sequential([keras.Input((1_000_000,)), layers.Dense(1000)])  # 1 G parameters
    est = oomdoctor.estimate(model, 1, gpu="T4", backend="jax")
    assert est.fits is False and est.max_batch_size == 0
    assert "batch 1" in est.max_batch_reason and "optimizer state" in est.max_batch_reason


def test_bad_batch_size():
    with pytest.raises(oomdoctor.OomdoctorError, match="batch size"):
        oomdoctor.estimate(dense_only(), -1)


@pytest.mark.parametrize("backend", ["jax", "torch", "tensorflow"])
def test_safe_peak_covers_only_modelled_parts(backend):
    est = oomdoctor.estimate(dense_only(), 64, backend=backend)
    assert est.safe_peak_bytes >= est.peak_bytes
    modelled = est.breakdown["activations"] + est.breakdown["temporaries"] + est.breakdown["workspace"]
    assert est.safe_peak_bytes - est.peak_bytes <= modelled  # exact parts add no margin


def test_approximated_layers_are_named_in_the_statement():
    class Mystery(keras.layers.Layer):
        def call(self, x):
            return keras.ops.sin(x) * 2.0

    with keras.StatelessScope(initialize_variables=False):
        model = keras.Sequential([keras.Input((IN,)), Mystery(name="mystery"), layers.Dense(OUT)])
    est = oomdoctor.estimate(model, 8, backend="torch")
    assert any("mystery" in a for a in est.approximated)
    assert "mystery" in est.uncertainty["statement"]
    row = next(r for r in est.layers if r.name == "mystery")
    assert row.approximated and row.activation_bytes > 0


@pytest.mark.parametrize("backend", ["jax", "torch", "tensorflow"])
def test_rematerialization_keeps_only_layer_outputs(backend):
    from dataclasses import replace

    from oomdoctor.keras.job import build_estimate

    with keras.StatelessScope(initialize_variables=False):
        model = keras.Sequential([keras.Input((32, 32, 3)), layers.Conv2D(16, 3), layers.BatchNormalization(),
                                  layers.ReLU(), layers.Conv2D(16, 3), layers.GlobalAveragePooling2D(),
                                  layers.Dense(10)])
    est = oomdoctor.estimate(model, 64, backend=backend)
    remat = build_estimate(replace(est._job, remat=True))
    outputs = sum(r.activation_bytes for r in remat.layers)
    assert remat.breakdown["activations"] == outputs < est.breakdown["activations"]
    # the recomputation of the largest layer is a transient of the backward pass
    assert remat.breakdown["temporaries"] == max(r.activation_bytes for r in est.layers)
