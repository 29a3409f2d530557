# Helpers for the LSTM price forecaster: data windows, the model
# wrapper and a timer.
# Use at your own risk.

__author__ = "re-expressed"
__copyright__ = "n/a"
__version__ = "2.0.0"
__license__ = "MIT"

import warnings
warnings.filterwarnings("ignore") # silence numpy chatter
