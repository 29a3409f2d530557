from .read_data import load_training_split, load_test_split, load_validation_split, load_target_table
from .train import run_training
from .model import make_network

__all__ = [
    'load_test_split',
    'load_target_table',
    'load_training_split',
    'load_validation_split',
    'run_training',
    'make_network'
]
