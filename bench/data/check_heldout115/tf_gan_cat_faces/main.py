import matplotlib.pyplot as plt
import tensorflow as tf
import numpy as np
import time
import os

from prep_data import BUFFER_SIZE, BATCH_SIZE, train_dataset
from gan_nets import noise_dim, build_gen, build_disc, bce, gen_objective, disc_objective



run_id = 4
EPOCHS = 300
# latent size comes from gan_nets.py
n_preview = 16

fixed_z = tf.random.normal([n_preview, noise_dim])

gen = build_gen()
disc = build_disc()

gen_opt = tf.keras.optimizers.Adam(1e-4)
disc_opt = tf.keras.optimizers.Adam(1e-4)

ckpt_dir = f'Run{run_id}/ckpts'
ckpt_prefix = os.path.join(ckpt_dir, "ckpt")
ckpt = tf.train.Checkpoint(generator_optimizer=gen_opt,
                           discriminator_optimizer=disc_opt,
                           generator=gen,
                           discriminator=disc)

def six_places(v):  # round for printing
    return float('%.6f' % v)


def one_step(real_batch):
    z = tf.random.normal([BATCH_SIZE, noise_dim])  # latent draw

    with tf.GradientTape() as g_tape, tf.GradientTape() as d_tape:  # one tape per network
        fakes = gen(z, training=True)  # generator forward

        real_logits = disc(real_batch, training=True)  # critic on real
        fake_logits = disc(fakes, training=True)  # critic on fake

        g_loss = gen_objective(fake_logits)  # generator objective
        d_loss = disc_objective(real_logits, fake_logits)  # critic objective

    g_grads = g_tape.gradient(g_loss, gen.trainable_variables)
    d_grads = d_tape.gradient(d_loss, disc.trainable_variables)

    gen_opt.apply_gradients(zip(g_grads, gen.trainable_variables))
    disc_opt.apply_gradients(zip(d_grads, disc.trainable_variables))

    return np.array([[g_loss,
                      d_loss,
                      real_logits.numpy()[0, 0],
                      fake_logits.numpy()[0, 0]
                      ]], dtype=float)


def fit(ds, epochs):
    history = {"Gen_Loss": [],  # generator loss
               "Disc_Loss": [],  # critic loss
               "Score_Real": [],  # mean critic output on reals
               "Score_Fake": [],
               "Seconds": []}  # mean critic output on fakes
    rows = BATCH_SIZE

    for ep in range(epochs):
        print(f"Epoch {ep + 1}/{epochs}")
        t0 = time.time()
        per_step = np.zeros((rows, 4), dtype=float)

        k = 0
        for real_batch in ds:
            # np.concatenate((per_step, one_step(real_batch)), axis=0)
            per_step[k, :] = one_step(real_batch)
            k += 1
        save_preview(gen,
                     ep + 1,
                     fixed_z)

        # checkpoint ten times per run
        if (ep + 1) % (epochs // 10) == 0:
            ckpt.save(file_prefix=ckpt_prefix)

        took = time.time() - t0
        means = np.mean(per_step, axis=0)

        print(
            f'\t {six_places(took)} s - G = {six_places(means[0])} - D = {six_places(means[1])}')
        print(
            f"\t D(real) = {six_places(means[2])} - D(fake) = {six_places(means[3])}")

        keys = list(history.keys())
        for j in range(len(keys) - 1):
            history[keys[j]].append(means[j])
        history["Seconds"].append(took)

    # final checkpoint
    ckpt.save(file_prefix=ckpt_prefix)
    save_preview(gen,
                 epochs,
                 fixed_z)

    return history


def save_preview(net, ep, z):
    # inference mode for batchnorm
    # while drawing samples
    outs = net(z, training=False)

    side = z.shape[0] ** 0.5
    assert side % 1 == 0, "preview count must be a square"
    side = int(side)
    fig = plt.figure(figsize=(side, side))

    for i in range(outs.shape[0]):
        plt.subplot(side, side, i + 1)
        plt.imshow(tf.cast(outs[i] * 127.5 + 127.5, tf.int32))
        plt.axis('off')

    plt.savefig('Run{}/previews/ep_{:04d}.png'.format(run_id, ep))
    plt.close('all')


def draw_curve(hist, key):
    plt.plot(hist[key])
    plt.xlabel("Epochs")
    plt.ylabel(key)
    plt.legend([key])
    plt.ylim(None, np.max(hist[key]) * 1.001)


hist = fit(train_dataset, EPOCHS)
plt.close('all')

# one curve per statistic
for key in hist:
    draw_curve(hist, key)
    plt.savefig(f"Run{run_id}/{key}_curve.png")
    plt.close('all')

save_preview(gen, 9999, tf.random.normal([n_preview, noise_dim]))
