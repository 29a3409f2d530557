import tensorflow as tf
from fusion_model import fusion_colorizer
from color_utils import lab_batches
import hparams as hp
import sys
from tensorflow import keras


ckpt_pattern = './checkpoint/weights.{epoch:02d}-{accuracy:.2f}.h5'
if len(sys.argv) > 1:
    resume_from= './checkpoint/' + sys.argv[1];
    model = keras.models.load_model(resume_from)
    first_epoch = int(sys.argv[2])
else:
    model = fusion_colorizer()
    first_epoch = 0


save_every = tf.keras.callbacks.ModelCheckpoint(
    filepath=ckpt_pattern,
    save_weights_only=False,
    monitor='accuracy',
    verbose=1,
    mode='max',
    save_best_only=False,
    period=50)


model=fusion_colorizer()

#train      
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=hp.learning_rate), loss='mse', metrics=['accuracy'])
model.fit(lab_batches(hp.batch_size), epochs=hp.num_epochs, steps_per_epoch=hp.steps_per_epoch,callbacks=[save_every],initial_epoch=first_epoch)
model.summary()
model.save("fusion_colorizer.h5")
