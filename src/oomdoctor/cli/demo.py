"""``oomdoctor demo``: the model from our users' question, diagnosed offline."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .. import arguments
from . import pictures
from .options import lang_option

HELP = ("Diagnose the audio classifier from the question that started oomdoctor: two 3x3 convolutions on a "
        "1491x257 spectrogram, Flatten, Dense(128); Adam, batch 16, TensorFlow backend, a 12 GB GPU. "
        "No network, no GPU needed.")

DEMO_BATCH = 16
DEMO_GPU_MEMORY = "12GiB"


def build_seed_model():
    """The seed's model, exactly as in the question (input 1491x257x1)."""
    import keras
    from keras import layers

    return keras.Sequential([
        keras.Input((1491, 257, 1)),
        layers.Conv2D(16, (3, 3), activation="relu", name="conv1"),
        layers.Conv2D(16, (3, 3), activation="relu", name="conv2"),
        layers.Flatten(name="flatten"),
        layers.Dense(128, activation="relu", name="dense"),
        layers.Dense(1, activation="sigmoid", name="output"),
    ], name="seed_audio_classifier")


def command(as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of the report."),
            lang: Optional[str] = lang_option(),
            html: Optional[Path] = pictures.html_option(),
            plot: Optional[Path] = pictures.plot_option()) -> None:
    """``oomdoctor demo``: estimate the seed's audio classifier on a 12 GB GPU and print the report."""
    from ..i18n import set_language
    from ..keras.loading import prepare_keras

    set_language(arguments.language(lang))
    html, plot = pictures.check_paths(html, plot, ())
    prepare_keras(None)
    import keras

    from ..gpus import gpu_with_memory
    from ..keras.job import estimate
    from .estimate import show

    with keras.StatelessScope(initialize_variables=False):
        model = build_seed_model()
    result = estimate(model, DEMO_BATCH, optimizer="adam", precision="float32", backend="tensorflow",
                      gpu=gpu_with_memory(DEMO_GPU_MEMORY))
    show(result, as_json, html, plot)
