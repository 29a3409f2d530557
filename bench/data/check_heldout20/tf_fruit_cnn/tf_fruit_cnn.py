from load_data import dataset_train, dataset_val
from tensorflow.keras import layers, models
import tensorflow as tf
from tensorflow.keras.callbacks import EarlyStopping

fruit_model = models.Sequential([
    layers.Input(shape=(180, 180, 3)),
    layers.Rescaling(1./255),
    layers.Conv2D(32, (3, 3), activation='relu'),
    layers.MaxPooling2D(2, 2),
    layers.Conv2D(64, (3, 3), activation='relu'),
    layers.MaxPooling2D(2, 2),
    layers.Conv2D(128, (3, 3), activation='relu'),
    layers.MaxPooling2D(2, 2),
    layers.Flatten(),
    layers.Dense(128, activation='relu'),
    layers.Dense(16, activation='softmax')
])

fruit_model.compile(optimizer='adam',
                    loss='sparse_categorical_crossentropy',
                    metrics=['accuracy'])

stop_early = EarlyStopping(
    monitor='val_loss',  # watch the held-out loss
    patience=3,          # epochs to wait without improvement before stopping
    restore_best_weights=True  # go back to the best weights seen
)

n_epochs = 20
fit_log = fruit_model.fit(
    dataset_train,
    validation_data=dataset_val,
    epochs=n_epochs,
    callbacks=[stop_early]
)

fruit_model.save('fruit_classifer.keras')