# source: https://github.com/nizamphoenix/kaggle/blob/e37159c874f7aee277c11f7fe418f51ca066dc74/ion/kfold_train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (the original is a fragment: X_train, y_train, X_test, drop, f1_macro and the Keras imports come from elsewhere)


def train(X_train):
    fold_predictions = []
    from sklearn.model_selection import KFold
    import math

    splitter = KFold(n_splits=5, random_state=42, shuffle=True)

    schedule = LearningRateScheduler(lambda epoch: 1e-8 * math.pow(drop, math.floor((1 + epoch) / 0.001)))

    for fold, (train_idx, valid_idx) in enumerate(splitter.split(X_train)):
        X_fold_train = X_train[train_idx]
        y_fold_train = y_train[train_idx]
        X_fold_valid = X_train[valid_idx]
        y_fold_valid = y_train[valid_idx]
        model = build_model()
        print(X_fold_train.shape, y_fold_train.shape, X_fold_valid.shape, y_fold_valid.shape)
        model.fit(
            X_fold_train, y_fold_train, epochs=1, batch_size=64,
            validation_data=(X_fold_valid, y_fold_valid), verbose=True,
            callbacks=[schedule]
        )

        fold_predictions.append(model.predict(X_test))
    return fold_predictions


def build_model():
    model = Sequential([
        TimeDistributed(Conv1D(filters=256, kernel_size=1, activation='relu'), input_shape=(None, 1, 2)),
        TimeDistributed(MaxPooling1D(pool_size=1)),
        TimeDistributed(Flatten()),
        Bidirectional(GRU(256, return_sequences=True)),
        BatchNormalization(),
        Dropout(0.50),
        Bidirectional(GRU(256, return_sequences=True)),
        BatchNormalization(),
        Dropout(0.20),
        Dense(32, activation="relu"),
        Dropout(0.20),
        Dense(11, activation='softmax')
    ])
    opt = Adam()
    model.compile(optimizer=opt, loss=SparseCategoricalCrossentropy(), metrics=['accuracy', f1_macro])
    return model
