from .adam import Adam
from .datasets import NSLoader, DarcyFlow
from .losses import get_forcing, LpLoss