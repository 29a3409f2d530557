
from .fetch_data import load_data
from .processing import chronological_split, moving_avg_normalization, create_sequences, data_loader
from .train_model import train_model
from .test_model import evaluate, inverse_transform
from .visualization import plot_predictions
from .model_GRU import BitcoinGRU

