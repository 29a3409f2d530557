# libraries
import numpy as np
import cv2
from sklearn.model_selection import train_test_split
from tensorflow.keras.models import Model
from tensorflow.keras.layers import Input, Conv2D, BatchNormalization, Dense, Dropout, Flatten, GlobalAveragePooling2D, MaxPooling2D, Lambda
import tensorflow.keras.backend as K

# image pairs and pair labels written by the preprocessing step
X = np.load("x.npy")
Y = np.load("y.npy")

# hold out a fifth of the pairs for validation
X_train, X_val, y_train, y_val = train_test_split(X, Y, test_size=0.2, random_state=3)

# one face crop
IMG_SHAPE = (128, 128, 3)

def build_siamese_model(inputShape, embeddingDim=100):
	# input of the shared embedding tower
    inputs = Input(inputShape)
	# block 1: two 5x5 convolutions with batch norm, pooling, dropout
    x = Conv2D(64, (5, 5), activation="relu")(inputs)
    x = BatchNormalization()(x)
    x = Conv2D(64, (5, 5), activation="relu")(x)
    x = BatchNormalization()(x)
    x = MaxPooling2D(pool_size=(2, 2))(x)
    x = Dropout(0.5)(x)
	# block 2: two 3x3 convolutions with batch norm, pooling, dropout
    x = Conv2D(32, (3, 3), activation="relu")(x)
    x = BatchNormalization()(x)
    x = Conv2D(32, (3, 3), activation="relu")(x)
    x = BatchNormalization()(x)
    x = MaxPooling2D(pool_size=(2, 2))(x)
    x = Dropout(0.5)(x)
    # embedding head
    x = Flatten()(x)
    outputs = Dense(embeddingDim)(x)
	# wrap as a model
    model = Model(inputs, outputs)
	# hand it back
    return model

# siamese wiring
# one input per image of the pair
imgA = Input(shape=IMG_SHAPE)
imgB = Input(shape=IMG_SHAPE)
# shared tower applied to both inputs
featureExtractor = build_siamese_model(IMG_SHAPE)
featsA = featureExtractor(imgA)
featsB = featureExtractor(imgB)
# element-wise absolute difference of the two embeddings, then a
# sigmoid unit that says same person (1) or not (0)
distance = Lambda( lambda tensors : K.abs( tensors[0] - tensors[1] ))( [featsA , featsB] )
outputs = Dense(1, activation="sigmoid")(distance)
model = Model(inputs=[imgA, imgB], outputs=outputs)
print(model.summary())

# compile
model.compile(loss="binary_crossentropy", optimizer="adam", metrics=["accuracy"])

# train
model.fit([X_train[:, 0], X_train[:, 1]], y_train[:], validation_data=([X_val[:, 0], X_val[:, 1]], y_val[:]), batch_size=32, epochs=30)

# save architecture and weights
model_json = model.to_json()
with open("model-siam.json", "w") as json_file:
    json_file.write(model_json)
model.save_weights('model-siam.h5')
