from .loader import load_data
from .seqset import SeqSet
from .evaluator import evaluation
from .sampler import TripletSampler
