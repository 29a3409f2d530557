import tensorflow as tf
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Conv2D, MaxPooling2D, Flatten, Dense, Dropout
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.preprocessing.image import ImageDataGenerator

XRAY_ROOT = "xray_images/"

rescaler = ImageDataGenerator(rescale=1./255, validation_split=0.2)

flow_train = rescaler.flow_from_directory(
    XRAY_ROOT + "train/",
    target_size=(150, 150),
    batch_size=32,
    class_mode='binary',
    subset='training'
)

flow_val = rescaler.flow_from_directory(
    XRAY_ROOT + "train/",
    target_size=(150, 150),
    batch_size=32,
    class_mode='binary',
    subset='validation'
)

cnn = Sequential([
    Conv2D(32, (3, 3), activation='relu', input_shape=(150, 150, 3)),
    MaxPooling2D(2, 2),
    
    Conv2D(64, (3, 3), activation='relu'),
    MaxPooling2D(2, 2),
    
    Conv2D(128, (3, 3), activation='relu'),
    MaxPooling2D(2, 2),

    Flatten(),
    Dense(128, activation='relu'),
    Dropout(0.5),
    Dense(1, activation='sigmoid')
])

cnn.compile(optimizer=Adam(learning_rate=0.0001), loss='binary_crossentropy', metrics=['accuracy'])

curves = cnn.fit(flow_train, validation_data=flow_val, epochs=10)

cnn.save("xray_cnn.h5")
