from .parameters import Parameters
from .preprocessing import Preprocessing
from .model import TextClassifier
from .model import Run
