import os
import pathlib

import matplotlib.pyplot as plt
import numpy as np
import seaborn as sns
import tensorflow as tf

def wav_bytes_to_signal(raw_bytes):
  signal, _ = tf.audio.decode_wav(contents=raw_bytes)
  return tf.squeeze(signal, axis=-1)

def word_from_path(clip_path):
  pieces = tf.strings.split(input=clip_path, sep=os.path.sep)
  return pieces[-2]

def read_clip_and_word(clip_path):
  word = word_from_path(clip_path)
  raw_bytes = tf.io.read_file(clip_path)
  signal = wav_bytes_to_signal(raw_bytes)
  return signal, word

def signal_to_stft(signal):
  clip_len = 16000
  signal = signal[:clip_len]
  pad = tf.zeros([16000] - tf.shape(signal), dtype=tf.float32)
  signal = tf.cast(signal, dtype=tf.float32)
  fixed = tf.concat([signal, pad], 0)
  stft = tf.signal.stft( fixed, frame_length=255, frame_step=128)
  stft = tf.abs(stft)
  stft = stft[..., tf.newaxis]
  return stft


