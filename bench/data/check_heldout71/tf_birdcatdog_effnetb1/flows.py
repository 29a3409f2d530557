import tensorflow as tf
from keras.preprocessing.image import ImageDataGenerator

# expected layout:
#     fit/
#         bird/
#         cat/
#         dog/
#     check/
#         bird/
#         cat/
#         dog/

def shrink_then_crop(pic, resize_to, crop_to):
       pic = tf.image.resize(pic, resize_to)
       return tf.image.central_crop(pic, crop_to[0] / pic.shape[0])

def per_picture(pic):
     resize_to = (256, 256)
     crop_to = (240, 240)
     pic = shrink_then_crop(pic, resize_to, crop_to)
     return pic

fit_gen = ImageDataGenerator(
    rescale=1./255,
    rotation_range=35,
    width_shift_range=0.1,
    height_shift_range=0.1,
    shear_range=0.1,
    zoom_range=0.1,
    horizontal_flip=True,
    vertical_flip=True,
    fill_mode='nearest',
    preprocessing_function=per_picture
)

fit_flow = fit_gen.flow_from_directory(
        'pictures/bird_cat_dog/fit',
        target_size=(240, 240),
        batch_size=32,
        class_mode='categorical',
        shuffle=True)

check_gen = ImageDataGenerator(
      rescale=1./255,
      preprocessing_function=per_picture
      )

check_flow = check_gen.flow_from_directory(
        'pictures/bird_cat_dog/check',
        target_size=(240, 240),
        batch_size=32,
        class_mode='categorical')
