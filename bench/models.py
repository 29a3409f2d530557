"""Models for the benchmarks, loadable as bench/models.py:NAME."""
import keras


def resnet50():
    return keras.applications.ResNet50(weights=None, input_shape=(224, 224, 3), classes=1000)


def seed_audio():
    from oomdoctor.cli.demo import build_seed_model

    return build_seed_model()
