from __future__ import absolute_import

from utils.progress_bar import *
from utils.logger import Logger
from utils.metrics import *
