from tensorflow.python.keras.applications import ResNet50
from tensorflow.python.keras.models import Sequential
from tensorflow.python.keras.layers import Dense, Flatten, GlobalAveragePooling2D


n_out = 2
trunk_weights = '../input/resnet50-notop/resnet50_weights_tf_dim_ordering_tf_kernels_notop.h5'

clf = Sequential()
clf.add(ResNet50(include_top=False, pooling='avg', weights=trunk_weights))
clf.add(Dense(n_out, activation='softmax'))

# keep the pretrained trunk frozen
clf.layers[0].trainable = False

clf.compile(optimizer='sgd', loss='categorical_crossentropy', metrics=['accuracy'])


from tensorflow.python.keras.applications.resnet50 import preprocess_input
from tensorflow.python.keras.preprocessing.image import ImageDataGenerator

side = 224

aug_gen = ImageDataGenerator(preprocessing_function=preprocess_input,
                                   horizontal_flip=True,
                                   width_shift_range = 0.2,
                                   height_shift_range = 0.2)

train_flow = aug_gen.flow_from_directory(
        '../input/rural-urban/train',
        target_size=(side, side),
        batch_size=24,
        class_mode='categorical')

plain_gen = ImageDataGenerator(preprocessing_function=preprocess_input)
val_flow = plain_gen.flow_from_directory(
        '../input/rural-urban/val',
        target_size=(side, side),
        class_mode='categorical')

clf.fit_generator(
        train_flow,
        steps_per_epoch=3,
        epochs=2,
        validation_data=val_flow,
        validation_steps=1)
