# CycleGAN photo-to-Monet (Kaggle 'I'm Something of a Painter Myself'), images read from TFRecord files with tf.data.

import numpy as np
import pandas as pd

import os
for dirname, _, filenames in os.walk('/kaggle/input'):
    counter = 0
    for filename in filenames:
        counter += 1
        if counter >= 10:
            break
        print(os.path.join(dirname, filename))

import tensorflow as tf

from tensorflow import keras
from tensorflow.keras import layers

import matplotlib.pyplot as plt
import numpy as np

monet_path = '/kaggle/input/gan-getting-started/monet_tfrec/*.tfrec'
photo_path = '/kaggle/input/gan-getting-started/photo_tfrec/*.tfrec'

monet_filenames = tf.io.gfile.glob(monet_path)
print('Number Monet files: ', len(monet_filenames))

photo_filenames = tf.io.gfile.glob(photo_path )
print('Number photo files: ', len(photo_filenames))

IMAGE_SIZE = [256, 256]
IMAGE_SHAPE = [256, 256, 3]

def decode_image(image_record):
    image = tf.image.decode_jpeg(image_record, channels= 3)
    image = (tf.cast(image, tf.float32) / 127.5) - 1
    image = tf.reshape(image, [*IMAGE_SIZE, 3])
    return image

def get_image(record):
    tfrecord_format = {
        "image_name": tf.io.FixedLenFeature([], tf.string),
        "image": tf.io.FixedLenFeature([], tf.string),
        "target": tf.io.FixedLenFeature([], tf.string)
    }
    tf_record = tf.io.parse_single_example(record, tfrecord_format)
    image = decode_image(tf_record['image'])
    return image

AUTOTUNE = tf.data.experimental.AUTOTUNE
def load_dataset(filenames, labeled=True, ordered=False):
    dataset = tf.data.TFRecordDataset(filenames)
    mapped_dataset = dataset.map(get_image, num_parallel_calls=AUTOTUNE)
    return mapped_dataset

monet_ds = load_dataset(monet_filenames, labeled=True).batch(1)
photo_ds = load_dataset(photo_filenames, labeled=True).batch(1)

def number_of_records(dataset):
    return sum(1 for _ in dataset)

print('Number of records in Monet dataset: ', number_of_records(monet_ds))
print('Number of records in Photo dataset: ', number_of_records(photo_ds))

monet_jpg_path = '/kaggle/input/gan-getting-started/monet_jpg/*.jpg'
photo_jpg_path = '/kaggle/input/gan-getting-started/photo_jpg/*.jpg'

monet_filenames_jpg = tf.io.gfile.glob(monet_jpg_path)
print('Number Monet files: ', len(monet_filenames_jpg))

photo_filenames_jpg = tf.io.gfile.glob(photo_jpg_path )
print('Number photo files: ', len(photo_filenames_jpg))

image_monet = next(iter(monet_ds))
image_photo = next(iter(photo_ds))

fig, axes = plt.subplots(1, 2, figsize=(10, 10))
axes[0].imshow(image_monet[0] * 0.5 + 0.5)
axes[0].set_title('Monet image')

axes[1].imshow(image_photo[0] * 0.5 + 0.5)
axes[1].set_title('Photo')

plt.style.use('dark_background')
plt.tight_layout()
plt.show()

OUTPUT_CHANNELS = 3

def encoder_block(filters, size, apply_norm= True):
    initializer = tf.random_normal_initializer(0., 0.02)
    gamma_init = keras.initializers.RandomNormal(mean=0.0, stddev=0.02)
    encoder = tf.keras.Sequential()
    encoder.add(tf.keras.layers.Conv2D(
        filters, 
        size,
        strides=2,
        padding='same',
        kernel_initializer = initializer, 
        use_bias=False
        )
    )
    if apply_norm:
        encoder.add(tf.keras.layers.GroupNormalization(
            gamma_initializer=gamma_init,
            groups=-1
            )
        )
        
    encoder.add(tf.keras.layers.LeakyReLU())
    return encoder

encoder_tester = encoder_block(3, 4)
encoding_result = encoder_tester(tf.expand_dims(image_monet[0], 0))
print(encoding_result.shape)

def decoder_block(filters, size, apply_dropout=False):
    initializer = tf.random_normal_initializer(0., 0.02)
    gamma_init = keras.initializers.RandomNormal(mean=0.0, stddev=0.02)
    decoder = tf.keras.Sequential()
    decoder.add(tf.keras.layers.Conv2DTranspose(
        filters, 
        size,
        strides=2,
        padding='same',
        kernel_initializer = initializer, 
        use_bias=False
        )
    )
    decoder.add(tf.keras.layers.GroupNormalization(
            gamma_initializer=gamma_init,
            groups=-1
            )
        )
    if apply_dropout:
        decoder.add(tf.keras.layers.Dropout(0.5))
        
    decoder.add(tf.keras.layers.ReLU())
    return decoder

decoder_tester = decoder_block(3, 4)
decoding_result = decoder_tester(encoding_result)
print(decoding_result.shape)

def build_generator():
    inputs = tf.keras.layers.Input(shape=IMAGE_SHAPE)
    encoding = [
        encoder_block(64, 4, apply_norm=False),
        encoder_block(128, 4),
        encoder_block(256, 4),
        encoder_block(512, 4),
        encoder_block(512, 4),
        encoder_block(512, 4),
        encoder_block(512, 4),
        encoder_block(512, 4)
    ]
    
    decoding = [
        decoder_block(512, 4, apply_dropout=True),
        decoder_block(512, 4, apply_dropout=True),
        decoder_block(512, 4, apply_dropout=True),
        decoder_block(512, 4),
        decoder_block(256, 4),
        decoder_block(128, 4),
        decoder_block(64, 4),
    ]
    
    initializer = tf.random_normal_initializer(0., 0.2)
    last = tf.keras.layers.Conv2DTranspose(
        OUTPUT_CHANNELS, 4,
        strides=2,
        padding='same',
        kernel_initializer = initializer,
        activation='tanh'
    )
    
    x = inputs
    
    skips = []
    for encode in encoding:
        x = encode(x)
        skips.append(x)
    skips = reversed(skips[:-1])
    
    for decode, skip in zip(decoding, skips):
        x = decode(x)
        x = tf.keras.layers.Concatenate()([x, skip])
    
    outputs = last(x)
   
    return tf.keras.Model(inputs = inputs, outputs = outputs)

generator = build_generator()

output = generator(image_photo[0][tf.newaxis, ...], training=False)
plt.imshow(output[0, ...]* 0.5 + 0.5)

def build_discriminator():
    initializer = tf.random_normal_initializer(0., 0.2)
    gamma_init = keras.initializers.RandomNormal(mean=0.0, stddev=0.02)
    photos = tf.keras.layers.Input(shape=IMAGE_SHAPE, name='photo_image')
 
    x = photos
    encode1 = encoder_block(64, 4, False)(x)
    encode2 = encoder_block(128, 4)(encode1)
    encode3 = encoder_block(256, 4)(encode2)
    
    zero_1 = tf.keras.layers.ZeroPadding2D()(encode3)
    conv = tf.keras.layers.Conv2D(
        512, 4,
        strides=1,
        kernel_initializer = initializer,
        use_bias = False
        )(zero_1)
    norm = tf.keras.layers.GroupNormalization(
            gamma_initializer=gamma_init,
            groups=-1
            )(conv)
    leaky_relu = tf.keras.layers.LeakyReLU()(norm)
    zero_2 = tf.keras.layers.ZeroPadding2D()(leaky_relu)
    last = tf.keras.layers.Conv2D(
        1, 4,
        strides=1,
        kernel_initializer = initializer
        )(zero_2)
    return tf.keras.Model(inputs=photos, outputs=last)

discriminator = build_discriminator()
generator = build_generator()

strategy = tf.distribute.get_strategy()
with strategy.scope():
    monet_generator = build_generator()
    photo_generator = build_generator()
    
    monet_discriminator = build_discriminator()
    photo_discriminator = build_discriminator()

class CycleGan(keras.Model):
    def __init__(
        self,
        monet_generator, 
        photo_generator,
        monet_discriminator,
        photo_discriminator,
        lambda_cycle = 10
    ): 
        super(CycleGan, self).__init__()
        self.m_gen = monet_generator
        self.p_gen = photo_generator
        self.m_disc = monet_discriminator
        self.p_disc = photo_discriminator
        self.lambda_cycle = lambda_cycle
        
    def compile(
        self,
        m_gen_optimizer,
        p_gen_optimizer,
        m_disc_optimizer,
        p_disc_optimizer,
        gen_loss_fn,
        disc_loss_fn,
        cycle_loss_fn,
        identity_loss_fn
    ):
        super(CycleGan, self).compile()
        self.m_gen_optimizer = m_gen_optimizer
        self.p_gen_optimizer = p_gen_optimizer
        self.m_disc_optimizer = m_disc_optimizer
        self.p_disc_optimizer = p_disc_optimizer
        self.gen_loss_fn = gen_loss_fn
        self.disc_loss_fn = disc_loss_fn
        self.cycle_loss_fn = cycle_loss_fn
        self.identity_loss_fn = identity_loss_fn
        
    def train_step(self, batch_data):
        real_monet, real_photo = batch_data
        
        with tf.GradientTape(persistent=True) as tape:
            fake_monet = self.m_gen(real_photo, training=True)
            cycled_photo = self.p_gen(fake_monet, training=True)
            
            fake_photo = self.p_gen(real_monet, training=True)
            cycled_monet = self.m_gen(fake_photo, training=True)
            
            auto_monet = self.m_gen(real_monet, training=True)
            auto_photo = self.p_gen(real_photo, training=True)
            
            disc_real_monet = self.m_disc(real_monet, training=True)
            disc_real_photo = self.p_disc(real_photo, training=True)
            
            disc_fake_monet = self.m_disc(fake_monet, training=True)
            disc_fake_photo = self.p_disc(fake_photo, training=True)
            
            monet_gen_loss = self.gen_loss_fn(disc_fake_monet)
            photo_gen_loss = self.gen_loss_fn(disc_fake_photo)
            
            total_cycle_loss = self.cycle_loss_fn(real_monet, cycled_monet, self.lambda_cycle) + self.cycle_loss_fn(real_photo, cycled_photo, self.lambda_cycle)
            total_monet_gen_loss = monet_gen_loss + total_cycle_loss + self.identity_loss_fn(real_monet, auto_monet, self.lambda_cycle)
            total_photo_gen_loss = photo_gen_loss + total_cycle_loss + self.identity_loss_fn(real_photo, auto_photo, self.lambda_cycle)
            
            monet_disc_loss = self.disc_loss_fn(disc_real_monet, disc_fake_monet)
            photo_disc_loss = self.disc_loss_fn(disc_real_photo, disc_fake_photo)
            
            monet_gen_gradients = tape.gradient(total_monet_gen_loss, self.m_gen.trainable_variables)
            photo_gen_gradients = tape.gradient(total_photo_gen_loss, self.p_gen.trainable_variables)
            
            monet_disc_gradients = tape.gradient(monet_disc_loss, self.m_disc.trainable_variables)
            photo_disc_gradients = tape.gradient(photo_disc_loss, self.p_disc.trainable_variables)
            
            self.m_gen_optimizer.apply_gradients(zip(monet_gen_gradients, self.m_gen.trainable_variables))
            self.p_gen_optimizer.apply_gradients(zip(photo_gen_gradients, self.p_gen.trainable_variables))
            
            self.m_disc_optimizer.apply_gradients(zip(monet_disc_gradients, self.m_disc.trainable_variables))
            self.p_disc_optimizer.apply_gradients(zip(photo_disc_gradients, self.p_disc.trainable_variables))
        
            return {
                "monet_gen_loss": total_monet_gen_loss,
                "photo_gen_loss": total_photo_gen_loss,
                "monet_disc_loss": monet_disc_loss,
                "photo_disc_loss": photo_disc_loss  
            }

loss_object = tf.keras.losses.BinaryCrossentropy(from_logits=True, reduction = tf.keras.losses.Reduction.NONE)

with strategy.scope():
    def generator_loss(generated_output):
        gan_loss = loss_object(tf.ones_like(generated_output), generated_output)  
        return gan_loss

with strategy.scope():
    def calc_cycle_loss(real_image, cycled_image, LAMBDA):
        l1_loss = tf.reduce_mean(tf.abs(real_image - cycled_image))
        return LAMBDA * l1_loss

with strategy.scope():
    def identity_loss(real_image, auto_image, LAMBDA):
        loss = tf.reduce_mean(tf.abs(real_image - auto_image))
        return LAMBDA * 0.5 * loss

with strategy.scope():
    def descriminator_loss(disc_real_output, dis_generated_output):
        real_loss = loss_object(tf.ones_like(disc_real_output), disc_real_output)
    
        generated_loss = loss_object(tf.zeros_like(dis_generated_output), dis_generated_output)
    
        total_disc_loss = real_loss + generated_loss
    
        return total_disc_loss * 0.5

with strategy.scope(): 
    monet_gen_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
    photo_gen_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
    monet_disc_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)
    photo_disc_optimizer = tf.keras.optimizers.Adam(2e-4, beta_1=0.5)

with strategy.scope():
    cycle_gan_model = CycleGan(
        monet_generator,
        photo_generator,
        monet_discriminator,
        photo_discriminator
    )
    
    cycle_gan_model.compile(
        m_gen_optimizer = monet_gen_optimizer,
        p_gen_optimizer = photo_gen_optimizer,
        m_disc_optimizer = monet_disc_optimizer,
        p_disc_optimizer = photo_disc_optimizer,
        gen_loss_fn = generator_loss,
        disc_loss_fn = descriminator_loss,
        cycle_loss_fn = calc_cycle_loss,
        identity_loss_fn = identity_loss
    )

cycle_gan_model.fit(
    tf.data.Dataset.zip((monet_ds, photo_ds)),
    epochs=50
)

def plot_images_real_vs_generated(number=3):
    fig, axes = plt.subplots(number, 2, figsize=(10, 10))
    photo_iter = iter(photo_ds)
    skip_first = next(photo_iter)
    for i in range(number):
        image = next(photo_iter)
        monet_gen_image = monet_generator(image, training=False)[0].numpy()
        monet_gen_image = (monet_gen_image * 127.5 + 127.5).astype(np.uint8)
        real_photo = (image[0] * 0.5 + 0.5)
        
        axes[i, 0].imshow(real_photo)
        axes[i, 0].set_title('Photo')
        axes[i, 1].imshow(monet_gen_image)
        axes[i, 1].set_title('Monet generated')
    plt.style.use('dark_background')
    plt.tight_layout()
    plt.show()
