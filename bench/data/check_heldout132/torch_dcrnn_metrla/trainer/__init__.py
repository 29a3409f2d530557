from .dcrnn_trainer import *
