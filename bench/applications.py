"""Every ``keras.applications`` model as a builder, loadable as bench/applications.py:NAME.

``NAME`` is the application's class name (``ResNet50``): the builder compiles it as a user
would (Adam, sparse categorical cross-entropy, accuracy). ``NAME__uncompiled`` returns it
uncompiled, for ``--optimizer``. Weights are never downloaded (``weights=None``).
"""
import inspect

import keras

# (name, its own input side where it is not 224)
SIDES = {"InceptionV3": 299, "InceptionResNetV2": 299, "Xception": 299, "NASNetLarge": 331,
         "EfficientNetB1": 240, "EfficientNetB2": 260, "EfficientNetB3": 300, "EfficientNetB4": 380,
         "EfficientNetB5": 456, "EfficientNetB6": 528, "EfficientNetB7": 600, "EfficientNetV2B1": 240,
         "EfficientNetV2B2": 260, "EfficientNetV2B3": 300, "EfficientNetV2S": 384, "EfficientNetV2M": 480,
         "EfficientNetV2L": 480}


def names() -> list[str]:
    """The class names keras.applications exports, one per model."""
    return sorted(name for name, value in vars(keras.applications).items()
                  if inspect.isfunction(value) and name[0].isupper())


def build(name: str, compiled: bool = True):
    side = SIDES.get(name, 224)
    model = getattr(keras.applications, name)(weights=None, input_shape=(side, side, 3), classes=1000)
    if compiled:
        model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    return model


def __getattr__(attribute: str):
    name, _, variant = attribute.partition("__")
    if name not in names() or variant not in ("", "uncompiled"):
        raise AttributeError(attribute)
    return lambda: build(name, compiled=variant == "")
