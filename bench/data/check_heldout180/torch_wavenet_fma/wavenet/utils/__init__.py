from .logger import new_logger
from .train import train
from .utils import Mp3Converter, get_data, get_device, load_model, save_model
