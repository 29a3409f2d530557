import numpy as np
import matplotlib.pyplot as plt
import os
import glob

import tensorflow as tf
import model as m
import data

import signal, os

gpus = tf.config.list_physical_devices('GPU')

if gpus:
  try:
    tf.config.set_visible_devices(gpus[0], 'GPU')
  except RuntimeError as e:
    print(e)

frames_x = []
steer_y = []

bins = []
bin_width = 10

for i in range (0, 105, bin_width):
  r = range(i, i + 4)
  bins.append(
    [r, 0]
  )

print("reading frames")

pngs = glob.glob("processed_temp/*png")
n_seen = 0
for png_path in pngs:
  i = png_path[len("processed_temp/frame_"):-4]
  n_seen += 1

  if n_seen % 100 == 0:
    print("frame", i, n_seen, "of", len(pngs))

  label_path = "processed_temp/data_" + i + ".txt"

  if os.path.isfile(label_path) == False:
    continue

  target = data.read_label(label_path)

  if target == None:
    continue

  steering = target[0] * 100
  bin_id = int(steering / bin_width)

  if bins[bin_id][1] > 300:
    continue

  bins[bin_id][1] += 1

  steer_y.append(target)

  frames_x.append(
    data.read_frame(png_path)
  )

frames_x = np.array(frames_x, dtype=np.float32)
steer_y = np.array(steer_y, dtype=np.float32)
model = m.create_model()
plt.ion()

stop_flag = False

def on_sigint(signum, frame):
  global stop_flag
  print('caught signal', signum)
  stop_flag = True

signal.signal(signal.SIGINT, on_sigint)

class StopWhenFlagged(tf.keras.callbacks.Callback):
  def on_batch_end(self, batch, logs=None):
    global stop_flag
    if stop_flag == True:
      self.model.stop_training = True

  def on_epoch_end(self, epoch, logs=None):
    if os.name != "posix":
      return

    probe_x = frames_x[:200]
    result = model.predict(probe_x)
    result = np.ndarray.flatten(result)

    x = np.array(list(range(0, 200)))
    y = np.array(steer_y[:200])

    plt.clf()
    plt.scatter(x, y, s=[10] * 200)
    plt.scatter(x, result, s=[10] * 200)
    plt.show()
    plt.pause(0.1)

model.compile(
  optimizer=tf.keras.optimizers.legacy.Adadelta(learning_rate=0.1),
  loss = 'mean_squared_error',
)

print("fitting")
hist = model.fit(
  frames_x,
  steer_y,
  epochs=50,
  verbose=1,
  validation_split=0.1,
  callbacks=[StopWhenFlagged()]
)

save = input("keep weights? (y/n): ")

if save == "y":
  model.save_weights("brain")
