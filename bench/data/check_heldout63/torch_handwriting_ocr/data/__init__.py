from .fileloader import scan_image_folder
from .dataset import OCRDataset
from . import transforms
from .dataloader import OCRDataLoader
