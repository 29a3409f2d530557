# Adapted from the google/automl repository (Google Research, 2020),
#
# which is distributed under the Apache License 2.0;
# see that repository for the licence text.
# ------------------------------------------------------------------------------
"""Segmentation training demo for EfficientDet on Oxford-IIIT Pets."""
from absl import app
from absl import logging
import tensorflow as tf
import tensorflow_datasets as tfds
from keras import efficientdet_keras


def argmax_to_mask(logits_mask):
  logits_mask = tf.argmax(logits_mask, axis=-1)
  logits_mask = logits_mask[..., tf.newaxis]
  return logits_mask[0]


pets_data, pets_info = tfds.load('oxford_iiit_pet:3.*.*', with_info=True)


def scale_pair(img, seg_mask):
  img = tf.cast(img, tf.float32) / 255.0
  seg_mask -= 1
  return img, seg_mask


def prep_train_image(sample_rec):
  """Resize, randomly mirror and scale one train example."""
  img = tf.image.resize(sample_rec['image'], (512, 512))
  seg_mask = tf.image.resize(sample_rec['segmentation_mask'], (128, 128))

  if tf.random.uniform(()) > 0.5:
    img = tf.image.flip_left_right(img)
    seg_mask = tf.image.flip_left_right(seg_mask)

  img, seg_mask = scale_pair(img, seg_mask)

  return img, seg_mask


def prep_test_image(sample_rec):
  img = tf.image.resize(sample_rec['image'], (512, 512))
  seg_mask = tf.image.resize(sample_rec['segmentation_mask'], (128, 128))

  img, seg_mask = scale_pair(img, seg_mask)

  return img, seg_mask


def run_demo(_):
  n_train_examples = pets_info.splits['train'].num_examples
  batch_n = 8
  epoch_steps = n_train_examples // batch_n

  train_mapped = pets_data['train'].map(
      prep_train_image, num_parallel_calls=tf.data.experimental.AUTOTUNE)
  test_mapped = pets_data['test'].map(prep_test_image)

  train_dataset_batched = train_mapped.cache().shuffle(1000).batch(batch_n).repeat()
  train_dataset_batched = train_dataset_batched.prefetch(
      buffer_size=tf.data.experimental.AUTOTUNE)
  test_dataset_batched = test_mapped.batch(batch_n)

  seg_model = efficientdet_keras.EfficientDetNet('efficientdet-d0')
  seg_model.build((1, 512, 512, 3))
  seg_model.compile(
      optimizer='adam',
      loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
      metrics=['accuracy'])

  val_parts = 5
  val_step_count = pets_info.splits['test'].num_examples // batch_n // val_parts
  seg_model.fit(
      train_dataset_batched,
      epochs=20,
      steps_per_epoch=epoch_steps,
      validation_steps=val_step_count,
      validation_data=test_dataset_batched,
      callbacks=[])

  seg_model.save_weights('./test/segmentation')

  print(argmax_to_mask(seg_model(tf.ones((1, 512, 512, 3)), False)))


if __name__ == '__main__':
  logging.set_verbosity(logging.WARNING)
  app.run(run_demo)
