from torch_unet.pre_processing.patch import *
