import tensorflow as tf
import cv2
import numpy as np

FRAME_W = 160
FRAME_H = 120

def read_label(path):
  file = open(path, 'r')
  data = file.read()
  file.close()

  steering, throttle = data.split(":")
  steering = int(steering) # note
  steering = np.interp(steering, [40, 130], [0.0, 1.0])

  # note
  # note

  return [steering]

def read_frame(path):
  image = cv2.imread(path)
  t = tf.convert_to_tensor(image, dtype=tf.float32)
  t_pad = tf.image.resize_with_pad(t, FRAME_H, FRAME_W)
  t_gray = tf.image.rgb_to_grayscale(t_pad)
  return t_gray

def frame_from_array(image):
  rgb = highlight_lane(image, "RGB")
  t = tf.convert_to_tensor(rgb, dtype=tf.float32)
  t_pad = tf.image.resize_with_pad(t, FRAME_H, FRAME_W)
  t_gray = tf.image.rgb_to_grayscale(t_pad)
  return t_gray

def highlight_lane(image, image_format="BGR"):
  image = cv2.resize(image, (FRAME_W, FRAME_H))

  if image_format == "BGR":
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
  else:
    hsv = cv2.cvtColor(image, cv2.COLOR_RGB2HSV)

  lo_hsv = np.array([17, 100, 44])
  hi_hsv = np.array([35, 310, 150])

  mask = cv2.inRange(hsv, lo_hsv, hi_hsv)
  result = cv2.bitwise_or(hsv, hsv, mask = mask)
  result[mask == 255] = [255, 255, 255]

  rgb = cv2.cvtColor(result, cv2.COLOR_HSV2RGB)
  # note

  return rgb