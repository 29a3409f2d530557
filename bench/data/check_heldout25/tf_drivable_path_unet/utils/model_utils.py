import tensorflow as tf
from tensorflow.python.keras.callbacks import CSVLogger

from model import UNet
from utils.values_utils import CHECKPOINT_DIR, ONLY_WEIGHTS, CSV_LOG_PATH, TB_LOG_DIR, NUM_CLASSES, BASE_FILTERS, \
    TRAIN_INPUT_SHAPE, RESUME_CKPT_DIR


def make_callbacks(checkpoint_dir=CHECKPOINT_DIR, save_weights_only=ONLY_WEIGHTS, csv_log_path=CSV_LOG_PATH,
                  tb_dir=TB_LOG_DIR):
    ckpt_cb = tf.keras.callbacks.ModelCheckpoint(filepath=checkpoint_dir,
                                                    save_weights_only=save_weights_only,
                                                    monitor='val_accuracy',
                                                    mode='max',
                                                    save_best_only=True)

    plateau_cb = tf.keras.callbacks.ReduceLROnPlateau(monitor='val_accuracy',
                                                     patience=3)
    stop_cb = tf.keras.callbacks.EarlyStopping(monitor='val_accuracy',
                                                      patience=3)
    tb_cb = tf.keras.callbacks.TensorBoard(log_dir=tb_dir)

    csv_cb = CSVLogger(csv_log_path)

    callback_list = [ckpt_cb, plateau_cb, stop_cb, tb_cb, csv_cb]

    return callback_list


def restore_model():
    seg_model = UNet(BASE_FILTERS, NUM_CLASSES, TRAIN_INPUT_SHAPE)
    latest_ckpt = tf.train.latest_checkpoint(RESUME_CKPT_DIR)
    seg_model.load_weights(latest_ckpt)
    return seg_model


def predict_masks(seg_model, input_image):
    predicted = seg_model.predict(input_image)
    return predicted
