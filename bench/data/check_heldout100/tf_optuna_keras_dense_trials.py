import optuna
import tensorflow as tf
from sklearn.datasets import make_classification
from sklearn.preprocessing import MinMaxScaler
from sklearn.model_selection import train_test_split


def trial_score(trial):
    clf = tf.keras.models.Sequential()
    clf.add(tf.keras.layers.InputLayer(input_shape=(100, )))
    clf.add(tf.keras.layers.Dense(trial.suggest_int('units_a', 16, 512), activation='relu'))
    clf.add(tf.keras.layers.Dense(trial.suggest_int('units_b', 16, 512), activation='relu'))
    clf.add(tf.keras.layers.Dense(1, activation='sigmoid'))
    clf.compile(optimizer=trial.suggest_categorical('opt_name', ['adam', 'sgd']), loss='binary_crossentropy')
    stopper = tf.keras.callbacks.EarlyStopping(patience=1)
    board = tf.keras.callbacks.TensorBoard(log_dir='logs')
    plateau = tf.keras.callbacks.ReduceLROnPlateau()
    clf.fit(feats_tr, target_tr, validation_split=0.2, epochs=10, batch_size=64, callbacks=[stopper, board, plateau])
    held_out_loss = clf.evaluate(feats_te, target_te)
    return held_out_loss
