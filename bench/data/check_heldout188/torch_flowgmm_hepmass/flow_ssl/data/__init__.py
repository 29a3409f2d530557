from .ssl_data_utils import make_ssl_data_loaders
from .ssl_data_utils import NO_LABEL
from .ssl_data_utils import TransformTwice

from .sup_data_utils import make_sup_data_loaders

from .toy_datasets import make_circles_ssl
from .toy_datasets import make_moons_ssl
from .toy_datasets import make_dataset_from_img
from .toy_datasets import make_dataset_from_npz
from .nlp_datasets import AG_News,YAHOO
from .gas import GAS
from .miniboone import MINIBOONE
from .hepmass import HEPMASS
__all__ = ['MINIBOONE','HEPMASS','AG_News','YAHOO']