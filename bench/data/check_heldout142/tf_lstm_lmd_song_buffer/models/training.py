import os
from models.get_model import get_model
from config import SEQUENCE_LENGTH, MODELS_FOLDER, NUM_NOTES, BATCH_SIZE, MIDI_ARR_SIZE, STEPS_PR_EPOCHS
from dataprocessing.generator import generator
from tensorflow.keras.callbacks import ModelCheckpoint
from tensorflow.keras.models import load_model
def train(song_dir, epochs=1, model_filename="model", continue_training=False):
    batches = generator(song_dir, batch_size=BATCH_SIZE)

    if continue_training:
        net = load_model(os.path.join(MODELS_FOLDER, "most_accurate"))
    else:
        net = get_model(input_shape=(SEQUENCE_LENGTH-1, NUM_NOTES * MIDI_ARR_SIZE), output_shape=(NUM_NOTES*MIDI_ARR_SIZE))
    print(net.summary())
    best_acc_ckpt = ModelCheckpoint(
        filepath=os.path.join(MODELS_FOLDER, "most_accurate"),
        monitor='accuracy',
        mode='max',
        save_best_only=True,
        verbose=True)
    best_loss_ckpt = ModelCheckpoint(
        filepath=os.path.join(MODELS_FOLDER, "least_loss"),
        monitor='loss',
        mode='min',
        save_best_only=True,
        verbose=True)

    net.fit(batches, epochs=epochs, steps_per_epoch=STEPS_PR_EPOCHS//BATCH_SIZE, batch_size=BATCH_SIZE, callbacks=[best_acc_ckpt, best_loss_ckpt])

    os.makedirs(MODELS_FOLDER, exist_ok=True)
    net.save(os.path.join(MODELS_FOLDER, model_filename))