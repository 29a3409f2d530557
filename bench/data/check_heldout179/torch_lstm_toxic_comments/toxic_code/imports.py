import pandas as pd
import numpy as np
from string import punctuation
from sklearn.model_selection import train_test_split
import torch
from torch.utils import data
from torch import nn
from torch.nn import functional as F
from torch import autograd
import sys
sys.path.append("../../")
import matplotlib as plt
import os
from helper_functions import train_test_sampler
from torch.utils.data import DataLoader
from torch.utils.data.sampler import SubsetRandomSampler
from sklearn.metrics import roc_auc_score, accuracy_score
