import tensorflow as tf

tf.keras.mixed_precision.set_global_policy("mixed_float16")
USE_XLA = True  

class SmallCnn:
    def __init__(self, 
                 input_shape, 
                 num_classes,
                 *,
                 optimizer='rmsprop', 
                 loss="sparse_categorical_crossentropy", 
                 metrics=["accuracy"], 
                 epochs=100, 
                 batch_size=32, 
                 verbose=1):
        self.input_shape = input_shape
        self.num_classes = num_classes
        self.optimizer = optimizer
        self.loss = loss
        self.metrics = metrics
        self.epochs = epochs
        self.batch_size = batch_size
        self.verbose = verbose
        self.net = self._make()

    def _augmenter(self):
        return tf.keras.Sequential([
            tf.keras.layers.RandomFlip("horizontal"),
            tf.keras.layers.RandomRotation(0.4),
            tf.keras.layers.RandomTranslation(0.2, 0.2),
            tf.keras.layers.RandomZoom(0.2),
            tf.keras.layers.RandomBrightness(factor=0.4),
            tf.keras.layers.RandomContrast(factor=0.4)
        ])

    def _make(self):
        net = tf.keras.Sequential([
            self._augmenter(),
            tf.keras.layers.Rescaling(1./255),
            tf.keras.layers.Conv2D(32, (3, 3), activation='relu', input_shape=self.input_shape),
            tf.keras.layers.MaxPooling2D((2, 2)),
            tf.keras.layers.Conv2D(64, (3, 3), activation='relu'),
            tf.keras.layers.MaxPooling2D((2, 2)),
            tf.keras.layers.Conv2D(128, (3, 3), activation='relu'),
            tf.keras.layers.MaxPooling2D((2, 2)),
            tf.keras.layers.Flatten(),
            tf.keras.layers.Dense(512, activation='relu'),
            tf.keras.layers.Dense(self.num_classes, activation='softmax', dtype="float32")
        ])
        return net
    
    def _saver(self):
        return tf.keras.callbacks.ModelCheckpoint(
            filepath='best_pcam.keras',  
            monitor='val_accuracy',  
            mode='max',     
            save_best_only=True,    
            verbose=1
            )
    
    def compile_model(self):
        self.net.compile(optimizer=self.optimizer, loss=self.loss, metrics=self.metrics, jit_compile=USE_XLA)

    def train_model(self, ds_tr, ds_va, epochs=10, batch_size=32, verbose=1):
        self.net.fit(ds_tr, 
                       validation_data=ds_va, 
                       epochs=epochs,
                       batch_size=batch_size, 
                       callbacks=[self._saver()],
                       verbose=verbose
        )
        self.load_model("best_pcam.keras")

    def evaluate_model(self, ds_te):
        return self.net.evaluate(ds_te)
    
    def save_model(self, path): 
        self.net.save(path)

    def load_model(self, path):
        self.net = tf.keras.models.load_model(path)

    def predict(self, x):
        return self.net.predict(x)
    
    def summary(self):
        self.net.summary()