from settings.options import *
