"""Models for the benchmarks, loadable as bench/models.py:NAME."""
import keras


def resnet50():
    return keras.applications.ResNet50(weights=None, input_shape=(224, 224, 3), classes=1000)


def seed_audio():
    from oomdoctor.cli.demo import build_seed_model

    return build_seed_model()


# Outside the ground truth, for a lent GPU (scripts/gpu_check.py): the estimator was not fitted on them.
def efficientnet_b0():
    return keras.applications.EfficientNetB0(weights=None, input_shape=(224, 224, 3), classes=1000)


def densenet121():
    return keras.applications.DenseNet121(weights=None, input_shape=(224, 224, 3), classes=1000)


def vit_small():
    """A ViT-S-like classifier on 128x128 images: 16x16 patches, 6 blocks, 192 wide, 3 heads."""
    layers = keras.layers
    inputs = keras.Input((128, 128, 3))
    x = layers.Reshape((64, 192))(layers.Conv2D(192, 16, strides=16)(inputs))
    for _ in range(6):
        a = layers.LayerNormalization()(x)
        x = x + layers.MultiHeadAttention(3, 64)(a, a)
        f = layers.Dense(768, activation="gelu")(layers.LayerNormalization()(x))
        x = x + layers.Dense(192)(f)
    outputs = layers.Dense(100, activation="softmax")(layers.GlobalAveragePooling1D()(x))
    return keras.Model(inputs, outputs)
