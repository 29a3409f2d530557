from tensorflow import keras
from tensorflow.keras import layers


batch_n = 32
train_texts_ds = keras.utils.text_dataset_from_directory(
 "aclImdb/train", batch_size=batch_n
)
val_texts_ds = keras.utils.text_dataset_from_directory(
 "aclImdb/val", batch_size=batch_n
)
test_texts_ds = keras.utils.text_dataset_from_directory(
 "aclImdb/test", batch_size=batch_n
)

bow_vectorizer = layers.TextVectorization(
 max_tokens=20000,
 output_mode="multi_hot",
)
train_text_only = train_texts_ds.map(lambda x, y: x)
bow_vectorizer.adapt(train_text_only)
train_multihot_ds = train_texts_ds.map(
    lambda x, y: (bow_vectorizer(x), y),
    num_parallel_calls=4)
val_multihot_ds = val_texts_ds.map(
    lambda x, y: (bow_vectorizer(x), y),
    num_parallel_calls=4)
test_multihot_ds = test_texts_ds.map(
    lambda x, y: (bow_vectorizer(x), y),
    num_parallel_calls=4)


def build_bow_model(vocab_size=20000, units=16):
    bow_in = keras.Input(shape=(vocab_size,))
    x = layers.Dense(units, activation="relu")(bow_in)
    x = layers.Dropout(0.5)(x)
    prob_out = layers.Dense(1, activation="sigmoid")(x)
    model = keras.Model(bow_in, prob_out)
    model.compile(optimizer="rmsprop",
    loss="binary_crossentropy",
    metrics=["accuracy"])
    return model


model = build_bow_model()
model.summary()
cb_list = [
    keras.callbacks.ModelCheckpoint("binary_1gram.keras",
    save_best_only=True)
]
model.fit(train_multihot_ds.cache(),
          validation_data=val_multihot_ds.cache(),
          epochs=10,
          callbacks=cb_list)
model = keras.models.load_model("binary_1gram.keras")
print(f"held-out accuracy: {model.evaluate(test_multihot_ds)[1]:.3f}")    