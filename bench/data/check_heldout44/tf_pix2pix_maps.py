from tensorflow.keras.layers import Input, Conv2D, Conv2DTranspose, Dropout
from tensorflow.keras.layers import Activation, LeakyReLU, Concatenate, BatchNormalization
from tensorflow.keras.initializers import RandomNormal
from tensorflow.keras.models import Model
from tensorflow.keras.optimizers import Adam
from numpy import load, zeros, ones
from numpy.random import randint
from matplotlib import pyplot
import time

t_start = time.time()

def down_block(x_in, n_filters, use_bn=True):
    w_init = RandomNormal(stddev=0.02)
    h = Conv2D(n_filters, (4, 4), strides=(2, 2),
               padding='same', kernel_initializer=w_init)(x_in)

    if use_bn:
        h = BatchNormalization()(h, training=True)
    h = LeakyReLU(alpha=0.2)(h)
    return h


def up_block(x_in, skip, n_filters, use_drop=True):
    w_init = RandomNormal(stddev=0.02)
    h = Conv2DTranspose(n_filters, (4, 4), strides=(2, 2),
                        padding='same', kernel_initializer=w_init)(x_in)
    h = BatchNormalization()(h, training=True)

    if use_drop:
        h = Dropout(0.5)(h, training=True)

    h = Concatenate()([h, skip])
    h = Activation('relu')(h)
    return h


def build_critic(img_shape):
    w_init = RandomNormal(stddev=0.02)

    src_in = Input(shape=img_shape)

    tgt_in = Input(shape=img_shape)

    joined = Concatenate()([src_in, tgt_in])

    # stage 1
    crit = Conv2D(64, (4, 4), strides=(2, 2), padding='same', kernel_initializer=w_init)(joined)
    crit = LeakyReLU(alpha=0.2)(crit)

    # stage 2
    crit = Conv2D(128, (4, 4), strides=(2, 2), padding='same', kernel_initializer=w_init)(crit)
    crit = BatchNormalization()(crit)
    crit = LeakyReLU(alpha=0.2)(crit)

    # stage 3
    crit = Conv2D(256, (4, 4), strides=(2, 2), padding='same', kernel_initializer=w_init)(crit)
    crit = BatchNormalization()(crit)
    crit = LeakyReLU(alpha=0.2)(crit)

    # stage 4
    crit = Conv2D(512, (4, 4), strides=(2, 2), padding='same', kernel_initializer=w_init)(crit)
    crit = BatchNormalization()(crit)
    crit = LeakyReLU(alpha=0.2)(crit)

    # stage 5
    crit = Conv2D(512, (4, 4), padding='same', kernel_initializer=w_init)(crit)
    crit = BatchNormalization()(crit)
    crit = LeakyReLU(alpha=0.2)(crit)

    # stage 6
    crit = Conv2D(1, (4, 4), strides=(2, 2), padding='same', kernel_initializer=w_init)(crit)
    patch = Activation('sigmoid')(crit)

    net = Model(([src_in, tgt_in]), patch)

    optim = Adam(lr=0.0002, beta_1=0.5)

    net.compile(loss='binary_crossentropy', optimizer=optim, loss_weights=[0.5])
    net.summary()

    return net


def build_generator(img_shape=(256, 256, 3)):
    w_init = RandomNormal(stddev=0.02)
    src_in = Input(shape=img_shape)

    # contracting path
    c1 = down_block(src_in, 64, use_bn=False)
    c2 = down_block(c1, 128)
    c3 = down_block(c2, 256)
    c4 = down_block(c3, 512)
    c5 = down_block(c4, 512)
    c6 = down_block(c5, 512)
    c7 = down_block(c6, 512)
    # middle: no batch norm, relu
    mid = Conv2D(512, (4, 4), strides=(2, 2),
                        padding='same', kernel_initializer=w_init)(c7)
    mid = Activation('relu')(mid)

    # expanding path
    u1 = up_block(mid, c7, 512)
    u2 = up_block(u1, c6, 512)
    u3 = up_block(u2, c5, 512)
    u4 = up_block(u3, c4, 512, use_drop=False)
    u5 = up_block(u4, c3, 256, use_drop=False)
    u6 = up_block(u5, c2, 128, use_drop=False)
    u7 = up_block(u6, c1, 64, use_drop=False)

    # head
    h = Conv2DTranspose(3, (4, 4), strides=(2, 2),
                        padding='same', kernel_initializer=w_init)(u7)

    out_img = Activation('tanh')(h)
    net = Model(src_in, out_img)
    net.summary()

    return net


def build_combined(gen_net, crit_net, img_shape):
    crit_net.trainable = False

    src_in = Input(shape=img_shape)

    gen_out = gen_net(src_in)
    # the critic sees the source and the
    # generator's translation
    crit_out = crit_net([src_in, gen_out])

    net = Model(src_in, [crit_out, gen_out])

    optim = Adam(lr=0.0002, beta_1=0.5)

    net.compile(loss=['binary_crossentropy', 'mae'], optimizer=optim, loss_weights=[1, 100])
    return net


def read_pairs(npz_path):
    bundle = load(npz_path)
    sat, street = bundle['arr_0'], bundle['arr_1']

    sat = sat[:500]
    street = street[:500]
    sat = (sat - 127.5) / 127.5
    street = (street - 127.5) / 127.5
    return sat, street


def draw_real(pairs, n, patch):
    left, right = pairs
    pick = randint(0, left.shape[0], n)
    x_a, x_b = left[pick], right[pick]
    y = ones((n, patch, patch, 1))
    return [x_a, x_b], y


def draw_fake(gen_net, src, patch):
    x = gen_net.predict(src)
    y = zeros((len(x), patch, patch, 1))
    return x, y


def report(step, gen_net, pairs, n=3):
    [real_a, real_b], _ = draw_real(pairs, n, 1)
    fake_b, _ = draw_fake(gen_net, real_a, 1)

    real_a = (real_a + 1) / 2.0
    real_b = (real_b + 1) / 2.0
    fake_b = (fake_b + 1) / 2.0

    for k in range(n):
        pyplot.subplot(3, n, 1 + k)
        pyplot.axis('off')
        pyplot.imshow(real_a[k])
    # translated row
    for k in range(n):
        pyplot.subplot(3, n, 1 + n + k)
        pyplot.axis('off')
        pyplot.imshow(fake_b[k])
    # ground-truth row
    for k in range(n):
        pyplot.subplot(3, n, 1 + n * 2 + k)
        pyplot.axis('off')
        pyplot.imshow(real_b[k])
    # write the figure
    fig_name = 'plot_%06d.png' % (step + 1)
    pyplot.savefig(fig_name)
    pyplot.close()
    # write the generator
    model_name = 'data/'+'model_%06d.h5' % (step + 1)
    gen_net.save(model_name)
    print(' > wrote: % s and % s' % (fig_name, model_name))


# the pix2pix loop
def fit(crit_net, gen_net, combo_net, pairs, n_epochs=30, n_batch=1):
    n_patch = crit_net.output_shape[1]
    left, right = pairs
    per_epoch = int(len(left) / n_batch)
    total = per_epoch * n_epochs

    for i in range(total):
        [real_a, real_b], y_real = draw_real(pairs, n_batch, n_patch)
        fake_b, y_fake = draw_fake(gen_net, real_a, n_patch)
        # critic on real pairs
        d1 = crit_net.train_on_batch([real_a, real_b], y_real)
        # critic on translated pairs
        d2 = crit_net.train_on_batch([real_a, fake_b], y_fake)
        # generator through the stacked model
        g, _, _ = combo_net.train_on_batch(real_a, [y_real, real_b])
        print('>%d/%d ,d1[%.3f] d2[%.3f] g[%.3f]' % (i + 1 , total, d1, d2, g))

        if (i + 1) % (per_epoch * 10) == 0:
            report(i, gen_net, pairs)


# the paired satellite/map images
pairs = read_pairs('data/maps_256.npz')

print('Read', pairs[0].shape, pairs[1].shape)
# the input shape comes from the arrays
img_shape = pairs[0].shape[1:]
# the three models
crit = build_critic(img_shape)
gen = build_generator(img_shape)
# critic + generator
combo = build_combined(gen, crit, img_shape)
# go
fit(crit, gen, combo, pairs)

print('-----%s seconds-----'%(time.time() - t_start))
