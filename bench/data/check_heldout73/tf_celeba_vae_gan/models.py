from vae import *
from dcgan import *
from acgan import *
