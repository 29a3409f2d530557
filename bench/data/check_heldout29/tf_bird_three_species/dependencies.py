import os
import numpy as np
from zipfile import ZipFile
import cv2
import tensorflow as tf
from tensorflow.keras import datasets, layers, models, regularizers, applications, optimizers
from keras.utils import np_utils
from sklearn.model_selection import train_test_split
from keras.utils import np_utils
import matplotlib.pyplot as plt
from dataloader import list_bird_files, read_bird_images, extract_zip
from model_1 import small_cnn
from model_2 import wide_cnn
from trainer import split_and_scale
from plotter import plot_loss_curve, plot_acc_curve
from resnet import resnet_clf
