"""Prescriptions that rebuild the model: each figure is a real re-estimate of the changed model."""
import keras
import pytest

import oomdoctor


def wide_conv_model(conv=keras.layers.Conv2D):
    """A 3x3 convolution from 256 to 512 channels holds nearly all the weights."""
    return keras.Sequential([
        keras.Input((16, 16, 256)),
        conv(512, 3, padding="same", activation="relu", name="wide"),
        keras.layers.GlobalAveragePooling2D(name="pool"),
        keras.layers.Dense(10, name="head"),
    ], name="wide_conv")


def estimate(build):
    with keras.StatelessScope(initialize_variables=False):
        model = build()
    # TensorFlow's graph, not XLA: the step holds the peak, not the scratch XLA's autotuning offers cuDNN's
    # convolutions when the card has it free (which would be most of this small model's peak)
    return oomdoctor.estimate(model, 16, optimizer="adam", precision="float32", backend="tensorflow", gpu="T4",
                              jit_compile=False)


def test_separable_conv_saving_is_two_real_estimates():
    before = estimate(wide_conv_model)
    separable = estimate(lambda: wide_conv_model(keras.layers.SeparableConv2D))
    fix = {f.name: f for f in before.fixes}["separable_conv"]
    assert fix.peak_bytes == separable.peak_bytes
    assert fix.saves_bytes == before.peak_bytes - separable.peak_bytes > 0
    assert fix.helps and fix.fits == separable.fits and fix.max_batch_size == separable.max_batch_size
    assert separable.params == 256 * 9 + 256 * 512 + 512 + 512 * 10 + 10  # depthwise, pointwise, biases, head
    assert "replace wide with SeparableConv2D" in fix.change
    assert f"{before.params:,} → {separable.params:,} parameters" in fix.change


@pytest.mark.parametrize("kernel, channels", [(1, 8), (3, 1)])  # already pointwise; nothing to separate
def test_separable_conv_is_offered_only_where_it_can_apply(kernel, channels):
    def build():
        return keras.Sequential([keras.Input((16, 16, channels)), keras.layers.Conv2D(64, kernel),
                                 keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(2)])

    assert "separable_conv" not in {f.name for f in estimate(build).fixes}
