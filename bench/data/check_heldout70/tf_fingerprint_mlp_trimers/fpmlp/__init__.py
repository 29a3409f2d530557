from .mlp import *
