from discriminater import build_critic
from generator import build_painter


import tensorflow as tf
import glob
import imageio
import matplotlib.pyplot as plt
import numpy as np
import os
import PIL
from tensorflow.keras import layers
import time
from tensorflow.keras.preprocessing.image import ImageDataGenerator
from IPython import display
from PIL import Image
import glob
import cv2 as cv

image_glob = './images/*.PNG' # folder of 64x64 training pictures
out_dir="./sav/" # where previews go
out_ext=".png" # preview file type
ckpt_dir = './training_checkpoints' # checkpoints, written every 200 epochs
images_read = []
for k, img_file in enumerate(glob.glob(image_glob)):
    img = cv.imread(img_file)
    images_read.append(img)

raw_images = np.array(images_read)
train_images_f32 = raw_images.reshape(raw_images.shape[0], 64 , 64 , 3).astype('float32')
train_images_f32 = (train_images_f32 - 127.5) / 127.5 # scale to [-1, 1]


SHUFFLE_BUF =500
BATCH = 128
z_dim=10
# shuffle and batch
train_ds = tf.data.Dataset.from_tensor_slices(train_images_f32).shuffle(SHUFFLE_BUF).batch(BATCH)



painter = build_painter(z_dim)
critic = build_critic()  


print(painter.summary())
print(critic.summary())


# binary cross-entropy on raw logits
bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)

def critic_loss(real_logits, fake_logits):
    loss_real = bce(tf.ones_like(real_logits), real_logits)
    loss_fake = bce(tf.zeros_like(fake_logits), fake_logits)
    loss_sum = loss_real + loss_fake
    return loss_sum

def painter_loss(fake_logits):
    return bce(tf.ones_like(fake_logits), fake_logits)

painter_opt = tf.keras.optimizers.Adam(1e-4)
critic_opt = tf.keras.optimizers.Adam(1e-4)



ckpt_prefix = os.path.join(ckpt_dir, "ckpt")
ckpt = tf.train.Checkpoint(generator_optimizer=painter_opt,discriminator_optimizer=critic_opt,generator=painter,discriminator=critic)



N_EPOCHS = 10000
z_len = z_dim
n_preview = 1

# one fixed noise vector
# so previews are comparable across epochs
preview_z = tf.random.normal([n_preview, z_len])


# compiled into a graph
# by tf.function
@tf.function
def gan_step(img_batch):
    # z = tf.random.normal([BATCH, z_len])
    z = np.random.uniform(-1., 1., size=[BATCH, z_len])

    with tf.GradientTape() as p_tape, tf.GradientTape() as c_tape:
        fakes = painter(z, training=True)

        real_logits = critic(img_batch, training=True)
        fake_logits = critic(fakes, training=True)

        p_loss = painter_loss(fake_logits)
        c_loss = critic_loss(real_logits, fake_logits)
    
    p_grads = p_tape.gradient(p_loss, painter.trainable_variables)
    c_grads = c_tape.gradient(c_loss, critic.trainable_variables)

    painter_opt.apply_gradients(zip(p_grads, painter.trainable_variables))
    critic_opt.apply_gradients(zip(c_grads, critic.trainable_variables))


def train_gan(ds, n_epochs):
    for epoch in range(n_epochs):
        t0 = time.time()
        
        for img_batch in ds:
            gan_step(img_batch)

        # preview for this epoch
        display.clear_output(wait=True)
        save_preview(painter,epoch + 1,preview_z)

        # checkpoint every 200 epochs
        if (epoch + 1) % 200 == 0:
            ckpt.save(file_prefix = ckpt_prefix)
        print ('epoch {} took {} s'.format(epoch + 1, time.time()-t0))

    # last preview after training
    display.clear_output(wait=True)
    save_preview(painter,
                           n_epochs,
                           preview_z)


def save_preview(net, epoch, z_in):
    # inference mode:
    # batch-norm uses its moving statistics
    preview_out = net(z_in, training=False)

    figure = plt.figure(figsize=(8,8))
    plt.imshow(preview_out[0])
    # plt.imshow(preview_out[0])
    # for i in range(preview_out.shape[0]):
    #     plt.subplot(4, 4, i+1)
    #     plt.imshow(preview_out[i, :, :, 0] * 127.5 + 127.5)
    #     plt.axis('off')

    epoch_copy=epoch

    plt.savefig(out_dir+str(epoch)+out_ext)
    # plt.show()

train_gan(train_ds, N_EPOCHS)