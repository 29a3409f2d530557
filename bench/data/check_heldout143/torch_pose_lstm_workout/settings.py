# import torch
# import torch.nn as nn
# import torch.optim as optim
# import torch.nn.functional as F
# from torch.utils.data import Dataset
# from torch.utils.data import DataLoader
# import numpy as np
# import time
# import cv2
# import os
# import matplotlib.pyplot as plt
# import timeit
# import torchinfo
# import csv
# import random
# import tqdm

import mediapipe as mp

mp_draw = mp.solutions.drawing_utils
mp_draw_styles = mp.solutions.drawing_styles
mp_body = mp.solutions.pose

moves = [
    "squat-down",
    "squat-up",
    "pushup-down",
    "pushup-up",
    "lunge-down",
    "lunge-up",
    "stand",
    "stand2push",
    "push2stand",
]

cfg = {}

cfg["seq_length"] = 30
cfg["data_dim"] = 88
cfg["hidden_dim"] = 20
cfg["output_dim"] = 1  # one label column
cfg["lstm_layers"] = 1
cfg["dropout"] = 0
cfg["threshold"] = 0.8
cfg["action_count_threshold"] = 10
cfg["model_version"] = "r11"
