"""Small helpers shared by the stage scripts."""

import torch

from config import (
    DEBUG_MODE,
    ERROR_SAMPLE_DIR,
    FIGURE_DIR,
    MODEL_DIR,
    OUTPUT_DIR,
    SAMPLE_PER_CLASS,
    SPLIT_CSV,
)
from src.data_utils import load_or_create_patient_split


def get_device() -> torch.device:
    """GPU if present, else CPU."""
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def ensure_output_dirs():
    """Create the output folders."""
    for folder in [OUTPUT_DIR, FIGURE_DIR, MODEL_DIR, ERROR_SAMPLE_DIR]:
        folder.mkdir(parents=True, exist_ok=True)


def load_experiment_split():
    """Fixed patient-level split for the current mode."""
    return load_or_create_patient_split()


def print_experiment_config(stage_name: str, device: torch.device):
    """Print the run header."""
    mode = "DEBUG" if DEBUG_MODE else "FULL"
    print("\n" + "-" * 72)
    print(stage_name)
    print("-" * 72)
    print(f"mode:       {mode}")
    if DEBUG_MODE:
        print(f"per class:  {SAMPLE_PER_CLASS} images")
    print(f"split file: {SPLIT_CSV}")
    print(f"device:     {device}")
    print(f"outputs:    {OUTPUT_DIR}")
    print("-" * 72)
