from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Flatten, Conv2D, MaxPooling2D
from tensorflow.keras.datasets import cifar10

(imgs_tr, lab_tr), (imgs_te, lab_te) = cifar10.load_data()
imgs_tr, imgs_te = imgs_tr/255.0, imgs_te/255.0

small_cnn = Sequential([
    Conv2D(32, (3,3), activation='relu', input_shape=(32,32,3)),
    MaxPooling2D(2,2),

    Conv2D(64, (3,3), activation='relu'),
    MaxPooling2D(2,2),

    Flatten(),
    Dense(64, activation='relu'),
    Dense(10, activation='softmax')
])

small_cnn.compile(
    optimizer='adam',
    loss='sparse_categorical_crossentropy',
    metrics=['accuracy']
)

small_cnn.fit(imgs_tr, lab_tr, epochs=5, validation_data=(imgs_te, lab_te))

from tensorflow.keras.applications import MobileNetV2
from tensorflow.keras.layers import Dense,Flatten
from tensorflow.keras.models import Model

frozen_base = MobileNetV2(weights='imagenet', include_top=False, input_shape=(32,32,3))
frozen_base.trainable = False

h = Flatten()(frozen_base.output)
h = Dense(64, activation='relu')(h)
probs = Dense(10, activation='softmax')(h)

transfer_net = Model(frozen_base.input, probs)
transfer_net.compile(optimizer='adam',
              loss='sparse_categorical_crossentropy',
              metrics=['accuracy'])

transfer_net.fit(
    imgs_tr, lab_tr,
    epochs=5,
    batch_size=64,
    validation_data=(imgs_te, lab_te)
)
