import tensorflow as tf
import numpy as np
import os
import matplotlib.pyplot as plt
from tqdm import tqdm
from csv import writer
import datetime

#timestamp of this run
stamp = datetime.datetime.now()
#where sample pictures go
out_dir='generated'

def gpu():
    # pick the first GPU if there is one (written for an AMD card)
    gpus = tf.config.list_physical_devices('GPU')
    if len(gpus) > 0 and tf.test.is_gpu_available(cuda_only=False):
        # restrict to that card
        tf.config.set_visible_devices(gpus[0], 'GPU')
        tf.config.experimental.set_memory_growth(gpus[0], True)
    else:
        raise Exception("no GPU visible")
    # show which device is used
    print("device:", tf.test.gpu_device_name())

# generator network
def build_gen():
    print("building generator")
    net = tf.keras.Sequential()
    net.add(tf.keras.layers.Dense(128 * 16 * 16, activation="relu", input_shape=(100, )))
    net.add(tf.keras.layers.Reshape((16, 16, 128)))
    net.add(tf.keras.layers.UpSampling2D())
    net.add(tf.keras.layers.Conv2D(128, kernel_size=3, padding="same"))
    net.add(tf.keras.layers.BatchNormalization(momentum=0.8))
    net.add(tf.keras.layers.Activation("relu"))
    net.add(tf.keras.layers.UpSampling2D())
    net.add(tf.keras.layers.Conv2D(64, kernel_size=3, padding="same"))
    net.add(tf.keras.layers.BatchNormalization(momentum=0.8))
    net.add(tf.keras.layers.Activation("relu"))
    net.add(tf.keras.layers.Conv2D(3, kernel_size=3, padding="same"))
    net.add(tf.keras.layers.Activation("tanh"))
    return net

# discriminator network
def build_disc():
    print("building discriminator")
    net = tf.keras.Sequential()
    net.add(tf.keras.layers.Reshape((64 * 64 * 3,), input_shape=(64, 64, 3)))
    net.add(tf.keras.layers.Dense(256, activation="relu"))
    net.add(tf.keras.layers.Dropout(0.3))
    net.add(tf.keras.layers.Dense(128, activation="relu"))
    net.add(tf.keras.layers.Dropout(0.3))
    net.add(tf.keras.layers.Dense(1, activation="sigmoid"))
    net.compile(optimizer=tf.keras.optimizers.Adam(lr=0.0002, beta_1=0.5), loss='binary_crossentropy', metrics=['accuracy'])
    return net

def stack_gan(disc, gen):
    disc.trainable = False
    net = tf.keras.Sequential([gen, disc])
    opt = tf.keras.optimizers.Adam(lr=0.0002, beta_1=0.5)
    net.compile(loss='binary_crossentropy', optimizer=opt)
    return net

#continue from saved weights
def continue_run(gen, disc, gan, ckpt_dir, faces):
    print("continuing from:", ckpt_dir)
    gen.load_weights(os.path.join(ckpt_dir, 'generator_weights.h5'))
    disc.load_weights(os.path.join(ckpt_dir, 'discriminator_weights.h5'))
    gan.load_weights(os.path.join(ckpt_dir, 'gan_weights.h5'))
    run_loop(gen, disc, gan, ckpt_dir, faces)

def run_loop(gen, disc, gan, ckpt_dir, faces):
    # GAN updates
    print("training")
    steps = 10000
    bs = 512
    for step in tqdm(range(steps)):
        pick = np.random.randint(0, faces.shape[0], bs)
        reals = faces[pick]
        z = np.random.normal(0, 1, (bs, 100))
        fakes = gen.predict(z)
        x = np.concatenate([reals, fakes])
        y = np.concatenate([np.ones((bs, 1)), np.zeros((bs, 1))])
        d_l, d_a = disc.train_on_batch(x, y)
        # generator update
        z = np.random.normal(0, 1, (bs, 100))
        y = np.ones((bs, 1))
        g_l = gan.train_on_batch(z, y)
        if (step + 1) % 10 == 0:
            print("step:", step + 1, "D loss:", d_l, "D acc:", d_a, "G loss:", g_l)
            plt.imshow(fakes[0, :, :, :])
            plt.savefig(os.path.join(out_dir, str(step)+stamp.strftime("%m%d%Y%H%M%S")+".png"))
            log_row(step,d_l,d_a,g_l)
            #plt.show()
        if (step + 1) % 50 == 0:
            # checkpoint
            gen.save_weights(os.path.join(ckpt_dir, 'generator_weights.h5'))
            disc.save_weights(os.path.join(ckpt_dir, 'discriminator_weights.h5'))
            gan.save_weights(os.path.join(ckpt_dir, 'gan_weights.h5'))
def main():
    np.random.seed(42)
    tf.set_random_seed(42)
    ckpt_dir = 'models'
    # read the anime face pictures
    faces = []
    face_dir = 'data/64x64'
    for fname in os.listdir(face_dir):
        if fname.endswith(".jpg"):
            pic = plt.imread(os.path.join(face_dir, fname))
            #gray = np.dot(pic[..., :3], [0.2989, 0.5870, 0.1140])
            faces.append(pic)
            print("read "+ fname)
    faces = np.array(faces)
    # scale to [-1, 1]
    faces = (faces - 127.5) / 127.5
    print("generator ready")
    gen = build_gen()
    print("discriminator ready")
    disc = build_disc()
    print("discriminator compiled")
    print("stacking G and D")
    gan = stack_gan(disc,gen)
    print("compiling")
    # run_loop(gen, disc, gan, ckpt_dir , faces)
    if not os.path.exists(ckpt_dir):
        os.makedirs(ckpt_dir)
        run_loop(gen, disc, gan, ckpt_dir , faces)
    else:
        continue_run(gen, disc, gan, ckpt_dir, faces)
        
#csv log
def log_row(step, d_l, d_a, g_l):
    row = [stamp.strftime("%m/%d/%Y, %H:%M:%S") , step, d_l, d_a, g_l]
    with open('epoch_info.csv', 'a') as fh:
        w = writer(fh)
        w.writerow(row)
        fh.close()
        
if __name__ == '__main__':
    main()
