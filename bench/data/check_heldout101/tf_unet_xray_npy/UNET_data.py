# -*- coding: utf-8 -*-
import numpy as np
import cv2
import os

H = 512
W = 512

fit_dir  = '../training/'
eval_dir   = '../test/test_images/'
pred_dir = '../test/predicted_masks/'
cleaned_pred_dir = '../test/enhanced_predicted_masks/'


def save_training_data():
  """
    Turn the training pictures and masks into .npy arrays for the network
  """
  names = os.listdir(fit_dir+"images")
  n_fit = len(names)

  fit_pics = np.zeros((n_fit,H,W,1))
  fit_masks = np.zeros((n_fit,H,W,1))

  for k in range(n_fit):
    fname = names[k]
    arr = cv2.imread(fit_dir+"images/"+fname)
    arr = cv2.resize(arr, (H,W))
    fit_pics[k] = arr[:,:,1].reshape(512,512,1)
    arr = cv2.imread(fit_dir+'masks/'+fname)
    arr = cv2.resize(arr, (H,W))
    fit_masks[k] = arr[:,:,1].reshape(512,512,1)

  fit_pics /= 255.0
  fit_masks /= 255.0

  np.save('../model_files/train_images_array.npy',fit_pics)
  np.save('../model_files/train_masks_array.npy',fit_masks)

def save_test_data():
  """
    Same for the test pictures, to make evaluation easy
  """
  names = os.listdir(eval_dir+"images")
  n_eval = len(names)
  
  eval_pics = np.zeros((n_eval,H,W,1))
  eval_masks = np.zeros((n_eval,H,W,1))

  for k in range(n_eval):
    fname = names[k]
    arr = cv2.imread(eval_dir+"images/"+fname)
    arr = cv2.resize(arr, (H,W))
    eval_pics[k] = arr[:,:,1].reshape(512,512,1)
    arr = cv2.imread(eval_dir+'masks/'+fname)
    arr = cv2.resize(arr, (H,W))
    eval_masks[k] = arr[:,:,1].reshape(512,512,1)

  eval_pics /= 255.0

  np.save('../model_files/test_images_array.npy',eval_pics)
  np.save('../model_files/test_masks_array.npy',eval_masks)

def save_predictions_data():
  """
    Store the predicted masks as .npy arrays for the metrics script
  """
  pred_names = os.listdir(pred_dir)
  n_pred = len(pred_names)
  pred_files = os.listdir(pred_dir)
  preds = np.zeros((n_pred,H,W,1))
  cleaned_preds = np.zeros((n_pred,H,W,1))

  for k in range(n_pred):
    fname = pred_files[k]
    arr = cv2.imread(pred_dir+fname)
    arr = cv2.resize(arr, (H,W))
    preds[k] = arr[:,:,1].reshape(512,512,1)

  for k in range(n_pred):
    fname = pred_files[k]
    arr = cv2.imread(cleaned_pred_dir+fname)
    arr = cv2.resize(arr, (H,W))
    cleaned_preds[k] = arr[:,:,1].reshape(512,512,1)

  np.save('../model_files/predictions_array.npy',preds)
  np.save('../model_files/enhanced_predictions_array.npy',cleaned_preds)

def save_all_data():
  save_training_data()
  save_test_data()
  save_predictions_data()
