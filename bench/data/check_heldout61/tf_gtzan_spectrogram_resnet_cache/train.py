import tensorflow as tf

from small_resnet import build_resnet

styles = ['blues', 'classical', 'country', 'disco', 'hiphop', 'jazz', 'metal', 'pop', 'reggae', 'rock']
png_root = "./derived/mel_png_3s"

bs = 32
h_px = 369
w_px = 375

tr_ds = tf.keras.utils.image_dataset_from_directory(
  png_root,
  validation_split=0.2,
  subset="training",
  seed=123,
  image_size=(h_px, w_px),
  batch_size=bs)

va_ds = tf.keras.utils.image_dataset_from_directory(
  png_root,
  validation_split=0.2,
  subset="validation",
  seed=123,
  image_size=(h_px, w_px),
  batch_size=bs)


folder_names = tr_ds.class_names
print(folder_names)


TUNE = tf.data.AUTOTUNE

tr_ds = tr_ds.cache().prefetch(buffer_size=TUNE)
va_ds = va_ds.cache().prefetch(buffer_size=TUNE)

n_out = 9

net = build_resnet((369, 375, 3), n_out, [3, 6], [16, 32, 64])

net.compile(
  optimizer='adam',
  loss=tf.losses.SparseCategoricalCrossentropy(from_logits=False),
  metrics=['accuracy'])

net.summary()

net.fit(tr_ds, validation_data=va_ds, epochs=20)

net.evaluate(va_ds)
