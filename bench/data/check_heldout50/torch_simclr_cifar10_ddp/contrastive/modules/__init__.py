from .cifar_pairs import PairedCIFAR10
from .augment import TwoViewAugment
from .ntxent import NTXentCriterion
from .feature_dump import dump_features
from .backbones import pick_backbone
