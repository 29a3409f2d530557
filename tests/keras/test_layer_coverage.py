"""Every layer class exported by keras.layers either is modelled or is reported as approximated,
and none crashes the estimator."""
import inspect

import keras
import pytest
from keras import layers as L

import oomdoctor


@pytest.fixture(autouse=True)
def torch_table(monkeypatch):
    """Keras's torch step is traced in a child process (5 s per model); here every layer goes through
    the per-kind table. bench/keras_torch_trace_coverage.py runs each of these models through the trace."""
    monkeypatch.setenv("OOMDOCTOR_KERAS_TORCH_TRACE", "0")


IMAGE, SEQUENCE, FLAT, VOLUME, AUDIO = (16, 16, 3), (10, 8), (12,), (6, 6, 6, 2), (4000,)

# name -> (constructor, per-sample input shape, input dtype); single-input layers
SINGLE = {
    "Activation": (lambda: L.Activation("relu"), IMAGE, "float32"),
    "ActivityRegularization": (lambda: L.ActivityRegularization(l1=0.01), FLAT, "float32"),
    "AdaptiveAveragePooling1D": (lambda: L.AdaptiveAveragePooling1D(4), SEQUENCE, "float32"),
    "AdaptiveAveragePooling2D": (lambda: L.AdaptiveAveragePooling2D(4), IMAGE, "float32"),
    "AdaptiveAveragePooling3D": (lambda: L.AdaptiveAveragePooling3D(2), VOLUME, "float32"),
    "AdaptiveMaxPooling1D": (lambda: L.AdaptiveMaxPooling1D(4), SEQUENCE, "float32"),
    "AdaptiveMaxPooling2D": (lambda: L.AdaptiveMaxPooling2D(4), IMAGE, "float32"),
    "AdaptiveMaxPooling3D": (lambda: L.AdaptiveMaxPooling3D(2), VOLUME, "float32"),
    "AlphaDropout": (lambda: L.AlphaDropout(0.1), FLAT, "float32"),
    "AugMix": (lambda: L.AugMix(), (32, 32, 3), "float32"),
    "AutoContrast": (lambda: L.AutoContrast(), IMAGE, "float32"),
    "AveragePooling1D": (lambda: L.AveragePooling1D(2), SEQUENCE, "float32"),
    "AveragePooling2D": (lambda: L.AveragePooling2D(2), IMAGE, "float32"),
    "AveragePooling3D": (lambda: L.AveragePooling3D(2), VOLUME, "float32"),
    "BatchNormalization": (lambda: L.BatchNormalization(), IMAGE, "float32"),
    "Bidirectional": (lambda: L.Bidirectional(L.LSTM(4)), SEQUENCE, "float32"),
    "CategoryEncoding": (lambda: L.CategoryEncoding(num_tokens=10, output_mode="multi_hot"), (3,), "int32"),
    "CenterCrop": (lambda: L.CenterCrop(8, 8), IMAGE, "float32"),
    "ContrastLimitedAdaptiveHistogramEqualization": (lambda: L.ContrastLimitedAdaptiveHistogramEqualization(),
                                                     IMAGE, "float32"),
    "Conv1D": (lambda: L.Conv1D(4, 3), SEQUENCE, "float32"),
    "Conv1DTranspose": (lambda: L.Conv1DTranspose(4, 3), SEQUENCE, "float32"),
    "Conv2D": (lambda: L.Conv2D(4, 3), IMAGE, "float32"),
    "Conv2DTranspose": (lambda: L.Conv2DTranspose(4, 3), IMAGE, "float32"),
    "Conv3D": (lambda: L.Conv3D(4, 3), VOLUME, "float32"),
    "Conv3DTranspose": (lambda: L.Conv3DTranspose(4, 3), VOLUME, "float32"),
    "ConvLSTM1D": (lambda: L.ConvLSTM1D(4, 3), (5, 10, 2), "float32"),
    "ConvLSTM2D": (lambda: L.ConvLSTM2D(4, 3), (5, 10, 10, 2), "float32"),
    "ConvLSTM3D": (lambda: L.ConvLSTM3D(2, 3), (3, 6, 6, 6, 2), "float32"),
    "Cropping1D": (lambda: L.Cropping1D(1), SEQUENCE, "float32"),
    "Cropping2D": (lambda: L.Cropping2D(1), IMAGE, "float32"),
    "Cropping3D": (lambda: L.Cropping3D(1), VOLUME, "float32"),
    "CutMix": (lambda: L.CutMix(), IMAGE, "float32"),
    "Dense": (lambda: L.Dense(4), FLAT, "float32"),
    "DepthwiseConv1D": (lambda: L.DepthwiseConv1D(3), SEQUENCE, "float32"),
    "DepthwiseConv2D": (lambda: L.DepthwiseConv2D(3), IMAGE, "float32"),
    "Discretization": (lambda: L.Discretization(bin_boundaries=[0.0, 1.0]), FLAT, "float32"),
    "Dropout": (lambda: L.Dropout(0.5), FLAT, "float32"),
    "ELU": (lambda: L.ELU(), FLAT, "float32"),
    "EinsumDense": (lambda: L.EinsumDense("ab,bc->ac", output_shape=4), FLAT, "float32"),
    "Embedding": (lambda: L.Embedding(100, 8), (10,), "int32"),
    "Flatten": (lambda: L.Flatten(), IMAGE, "float32"),
    "GRU": (lambda: L.GRU(4), SEQUENCE, "float32"),
    "GaussianDropout": (lambda: L.GaussianDropout(0.1), FLAT, "float32"),
    "GaussianNoise": (lambda: L.GaussianNoise(0.1), FLAT, "float32"),
    "GroupNormalization": (lambda: L.GroupNormalization(groups=3), IMAGE, "float32"),
    "Hashing": (lambda: L.Hashing(num_bins=8), (3,), "int32"),
    "Identity": (lambda: L.Identity(), FLAT, "float32"),
    "IntegerLookup": (lambda: L.IntegerLookup(vocabulary=[1, 2, 3]), (3,), "int32"),
    "LSTM": (lambda: L.LSTM(4, return_sequences=True), SEQUENCE, "float32"),
    "Lambda": (lambda: L.Lambda(lambda x: x * 2.0), FLAT, "float32"),
    "LayerNormalization": (lambda: L.LayerNormalization(), SEQUENCE, "float32"),
    "LeakyReLU": (lambda: L.LeakyReLU(), FLAT, "float32"),
    "Masking": (lambda: L.Masking(), SEQUENCE, "float32"),
    "MaxPooling1D": (lambda: L.MaxPooling1D(2), SEQUENCE, "float32"),
    "MaxPooling2D": (lambda: L.MaxPooling2D(2), IMAGE, "float32"),
    "MaxPooling3D": (lambda: L.MaxPooling3D(2), VOLUME, "float32"),
    "MelSpectrogram": (lambda: L.MelSpectrogram(num_mel_bins=16, sequence_stride=256, fft_length=512), AUDIO,
                       "float32"),
    "MixUp": (lambda: L.MixUp(), IMAGE, "float32"),
    "Normalization": (lambda: L.Normalization(mean=0.0, variance=1.0), FLAT, "float32"),
    "PReLU": (lambda: L.PReLU(), FLAT, "float32"),
    "Permute": (lambda: L.Permute((2, 1)), SEQUENCE, "float32"),
    "Pipeline": (lambda: L.Pipeline([L.RandomFlip(), L.RandomContrast(0.1)]), IMAGE, "float32"),
    "RMSNormalization": (lambda: L.RMSNormalization(), SEQUENCE, "float32"),
    "RNN": (lambda: L.RNN(L.SimpleRNNCell(4)), SEQUENCE, "float32"),
    "RandAugment": (lambda: L.RandAugment(), (32, 32, 3), "float32"),
    "RandomBrightness": (lambda: L.RandomBrightness(0.1), IMAGE, "float32"),
    "RandomColorDegeneration": (lambda: L.RandomColorDegeneration(0.1), IMAGE, "float32"),
    "RandomColorJitter": (lambda: L.RandomColorJitter(), IMAGE, "float32"),
    "RandomContrast": (lambda: L.RandomContrast(0.1), IMAGE, "float32"),
    "RandomCrop": (lambda: L.RandomCrop(8, 8), IMAGE, "float32"),
    "RandomElasticTransform": (lambda: L.RandomElasticTransform(), IMAGE, "float32"),
    "RandomErasing": (lambda: L.RandomErasing(), IMAGE, "float32"),
    "RandomFlip": (lambda: L.RandomFlip(), IMAGE, "float32"),
    "RandomGaussianBlur": (lambda: L.RandomGaussianBlur(), IMAGE, "float32"),
    "RandomGrayscale": (lambda: L.RandomGrayscale(), IMAGE, "float32"),
    "RandomHue": (lambda: L.RandomHue(0.1), IMAGE, "float32"),
    "RandomInvert": (lambda: L.RandomInvert(), IMAGE, "float32"),
    "RandomPerspective": (lambda: L.RandomPerspective(), IMAGE, "float32"),
    "RandomPosterization": (lambda: L.RandomPosterization(factor=(1, 4)), IMAGE, "float32"),
    "RandomRotation": (lambda: L.RandomRotation(0.1), IMAGE, "float32"),
    "RandomSaturation": (lambda: L.RandomSaturation(0.1), IMAGE, "float32"),
    "RandomSharpness": (lambda: L.RandomSharpness(0.1), IMAGE, "float32"),
    "RandomShear": (lambda: L.RandomShear(0.1), IMAGE, "float32"),
    "RandomTranslation": (lambda: L.RandomTranslation(0.1, 0.1), IMAGE, "float32"),
    "RandomZoom": (lambda: L.RandomZoom(0.1), IMAGE, "float32"),
    "ReLU": (lambda: L.ReLU(), FLAT, "float32"),
    "RepeatVector": (lambda: L.RepeatVector(3), FLAT, "float32"),
    "Rescaling": (lambda: L.Rescaling(1 / 255), IMAGE, "float32"),
    "Reshape": (lambda: L.Reshape((4, 3)), FLAT, "float32"),
    "Resizing": (lambda: L.Resizing(8, 8), IMAGE, "float32"),
    "ReversibleEmbedding": (lambda: L.ReversibleEmbedding(100, 8), (10,), "int32"),
    "STFTSpectrogram": (lambda: L.STFTSpectrogram(frame_length=256, frame_step=128, fft_length=256), (4000, 1),
                        "float32"),
    "SeparableConv1D": (lambda: L.SeparableConv1D(4, 3), SEQUENCE, "float32"),
    "SeparableConv2D": (lambda: L.SeparableConv2D(4, 3), IMAGE, "float32"),
    "SimpleRNN": (lambda: L.SimpleRNN(4), SEQUENCE, "float32"),
    "Softmax": (lambda: L.Softmax(), FLAT, "float32"),
    "Solarization": (lambda: L.Solarization(), IMAGE, "float32"),
    "SpatialDropout1D": (lambda: L.SpatialDropout1D(0.1), SEQUENCE, "float32"),
    "SpatialDropout2D": (lambda: L.SpatialDropout2D(0.1), IMAGE, "float32"),
    "SpatialDropout3D": (lambda: L.SpatialDropout3D(0.1), VOLUME, "float32"),
    "SpectralNormalization": (lambda: L.SpectralNormalization(L.Dense(4)), FLAT, "float32"),
    "TimeDistributed": (lambda: L.TimeDistributed(L.Dense(4)), SEQUENCE, "float32"),
    "UnitNormalization": (lambda: L.UnitNormalization(), FLAT, "float32"),
    "UpSampling1D": (lambda: L.UpSampling1D(), SEQUENCE, "float32"),
    "UpSampling2D": (lambda: L.UpSampling2D(), IMAGE, "float32"),
    "UpSampling3D": (lambda: L.UpSampling3D(), VOLUME, "float32"),
    "ZeroPadding1D": (lambda: L.ZeroPadding1D(), SEQUENCE, "float32"),
    "ZeroPadding2D": (lambda: L.ZeroPadding2D(), IMAGE, "float32"),
    "ZeroPadding3D": (lambda: L.ZeroPadding3D(), VOLUME, "float32"),
    "GlobalAveragePooling1D": (lambda: L.GlobalAveragePooling1D(), SEQUENCE, "float32"),
    "GlobalAveragePooling2D": (lambda: L.GlobalAveragePooling2D(), IMAGE, "float32"),
    "GlobalAveragePooling3D": (lambda: L.GlobalAveragePooling3D(), VOLUME, "float32"),
    "GlobalMaxPooling1D": (lambda: L.GlobalMaxPooling1D(), SEQUENCE, "float32"),
    "GlobalMaxPooling2D": (lambda: L.GlobalMaxPooling2D(), IMAGE, "float32"),
    "GlobalMaxPooling3D": (lambda: L.GlobalMaxPooling3D(), VOLUME, "float32"),
}
# layers taking two inputs of the same shape
PAIRS = {
    "Add": L.Add, "Subtract": L.Subtract, "Multiply": L.Multiply, "Average": L.Average, "Maximum": L.Maximum,
    "Minimum": L.Minimum, "Concatenate": L.Concatenate, "Dot": lambda: L.Dot(axes=-1),
    "Attention": L.Attention, "AdditiveAttention": L.AdditiveAttention,
    "MultiHeadAttention": lambda: L.MultiHeadAttention(2, 4),
    "GroupQueryAttention": lambda: L.GroupQueryAttention(head_dim=4, num_query_heads=2, num_key_value_heads=1),
}
# cannot be built with ordinary arguments: they need a saved model, foreign functions or modules,
# string data, bounding boxes, or are abstract bases / cells used inside an RNN
NOT_ORDINARY = {
    "Layer", "InputLayer", "Wrapper", "TFSMLayer", "JaxLayer", "FlaxLayer", "TorchModuleWrapper",
    "StringLookup", "TextVectorization", "MaxNumBoundingBoxes", "HashedCrossing",
    "LSTMCell", "GRUCell", "SimpleRNNCell", "StackedRNNCells",
    # Keras 3.15 cannot put it in a model: its symbolic call returns its input ("part of a cycle")
    "Equalization",
}
ALIASES = {"Convolution1D", "Convolution2D", "Convolution3D", "Convolution1DTranspose", "Convolution2DTranspose",
           "Convolution3DTranspose", "SeparableConvolution1D", "SeparableConvolution2D", "AvgPool1D",
           "AvgPool2D", "AvgPool3D", "MaxPool1D", "MaxPool2D", "MaxPool3D", "GlobalAvgPool1D", "GlobalAvgPool2D",
           "GlobalAvgPool3D", "GlobalMaxPool1D", "GlobalMaxPool2D", "GlobalMaxPool3D"}


def exported_layers():
    return sorted(n for n in dir(keras.layers)
                  if inspect.isclass(getattr(keras.layers, n)) and issubclass(getattr(keras.layers, n), L.Layer))


def test_every_exported_layer_is_in_a_table():
    missing = [n for n in exported_layers()
               if n not in SINGLE and n not in PAIRS and n not in NOT_ORDINARY and n not in ALIASES]
    assert missing == [], f"add these keras.layers to the coverage tables: {missing}"


def _model(name):
    if name in SINGLE:
        build, shape, dtype = SINGLE[name]
        return keras.Sequential([keras.Input(shape, dtype=dtype), build()])
    a, b = keras.Input(SEQUENCE), keras.Input(SEQUENCE)
    layer = PAIRS[name]()
    if name in ("MultiHeadAttention", "GroupQueryAttention"):
        out = layer(a, b)
    else:
        out = layer([a, b])
    return keras.Model([a, b], out)


@pytest.mark.parametrize("name", sorted(SINGLE) + sorted(PAIRS))
def test_layer_is_modelled_or_approximated(name):
    with keras.StatelessScope(initialize_variables=False):
        model = _model(name)
    for backend in ("jax", "torch", "tensorflow"):
        est = oomdoctor.estimate(model, 4, backend=backend)
        assert est.peak_bytes > 0
        assert sum(est.breakdown.values()) == est.peak_bytes
        assert all(row.activation_bytes >= 0 for row in est.layers)
        modelled = [r for r in est.layers if not r.approximated]
        assert modelled or est.approximated, f"{name}: neither modelled nor reported as approximated"
