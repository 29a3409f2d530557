import keras.backend as K
import matplotlib
matplotlib.use('Agg')

from keras import metrics
from keras.callbacks import Callback
from keras.layers import *
from keras.losses import *
from keras.models import *
from keras.utils import plot_model
from matplotlib import pyplot as plt

class KLTracker(Callback):
    def __init__(self, net, held_out, log):
        self.held_out = held_out
        self.model = net
        self.log = log

        mu_t, lv_t = net.get_layer("z_mean").output, net.get_layer("z_log_var").output
        self.kl_fn = K.function([net.input], [mu_t, lv_t])

    def kl_value(self):
        mu, lv = self.kl_fn([self.held_out])
        kl_each = - .5 * np.sum(1 + lv -
                                np.square(mu) -
                                np.exp(lv), axis=-1)

        kl_value = np.mean(kl_each)
        self.log.append(kl_value)

    def on_epoch_end(self, epoch, logs={}):
        self.kl_value()


class SaveGrids(Callback):
    def __init__(self, held_out, make_encoder, make_decoder, z_fixed, out_dir):
        self.held_out = held_out
        self.make_encoder = make_encoder
        self.make_decoder = make_decoder
        self.z_fixed = z_fixed
        self.out_dir = out_dir

    def save_recon_grid(self, n_pics=10):
        pics = np.array(self.held_out[10:10+n_pics])

        codes = self.make_encoder.predict(pics)
        recon = self.make_decoder.predict(codes)
        recon = recon * 127.5 + 127.5
        recon = recon.astype(np.uint8)

        pics = pics * 127.5 + 127.5
        pics = pics.astype(np.uint8)
        for k, (rec_pic, pic) in enumerate(zip(recon, pics)):
            plt.subplot(2, n_pics, k+1)
            plt.imshow(pic)
            plt.axis('off')

            plt.subplot(2, n_pics, n_pics+k+1)
            plt.imshow(rec_pic)
            plt.axis('off')

        out_png = os.path.join(self.out_dir, "ep%d_recon.png" % self.epoch)
        plt.savefig(out_png)

    def save_sample_grid(self):
        pics = self.make_decoder.predict(self.z_fixed)
        pics = pics * 127.5 + 127.5
        pics = pics.astype(np.uint8)

        for k, pic in enumerate(pics):
            plt.subplot(10, 10, k+1)
            plt.imshow(pic)
            plt.axis('off')

        out_png = os.path.join(self.out_dir, "ep%d_samples.png" % self.epoch)
        plt.savefig(out_png)

    def on_epoch_end(self, epoch, logs={}):
        os.makedirs(self.out_dir, exist_ok=True)
        self.epoch = epoch
        self.save_recon_grid()
        self.save_sample_grid()


def make_encoder(in_shape):
    inp = Input(shape=in_shape)
    
    h = Conv2D(8, (3, 3), activation='relu', padding='same')(inp)
    h = MaxPooling2D((2, 2), padding='same')(h)
    h = Conv2D(16, (3, 3), activation='relu', padding='same')(h)
    h = MaxPooling2D((2, 2), padding='same')(h)
    h = Conv2D(32, (3, 3), activation='relu', padding='same')(h)
    h = MaxPooling2D((2, 2), padding='same')(h)
    h = Conv2D(64, (3, 3), activation='relu', padding='same')(h)
    code = MaxPooling2D((2, 2), padding='same')(h)
    return inp, code

    # the code here is 4 x 4 x 64 = 1024 values


def make_decoder(code):
    h = Conv2D(64, (3, 3), activation='relu', padding='same')(code)
    h = UpSampling2D((2, 2))(h)
    h = Conv2D(32, (3, 3), activation='relu', padding='same')(h)
    h = UpSampling2D((2, 2))(h)
    h = Conv2D(16, (3, 3), activation='relu', padding='same')(h)
    h = UpSampling2D((2, 2))(h)
    h = Conv2D(8, (3, 3), activation='relu', padding='same')(h)
    h = UpSampling2D((2, 2))(h)
    out = Conv2D(3, (3, 3), activation='tanh', padding='same')(h)
    return out


class PlainAE():
    def __init__(self, pics):
        self.imgs = pics
        in_shape = pics[0].shape

        inp, code = make_encoder(in_shape)
        out = make_decoder(code)

        ae = Model(inp, out)
        ae.compile(optimizer='adam', loss='mean_squared_error')
        ae.summary()
        self.model = ae


class VAE():
    def __init__(self, tr_faces, te_faces, z_dim=512, kl_w=1e-4):
        assert tr_faces[0].shape == te_faces[0].shape
        self.z_dim = z_dim
        self.tr_faces = tr_faces
        self.te_faces= te_faces
        in_shape = tr_faces[0].shape

        # conv encoder
        inp, code = make_encoder(in_shape)
        code_flat = Flatten()(code)

        # reparameterised latent
        z_mu = Dense(z_dim, name='z_mean')(code_flat)
        z_lv = Dense(z_dim, name='z_log_var')(code_flat)
        z_mu, z_lv = VAE.KLPenalty(kl_w)([z_mu, z_lv])
        z = Lambda(self.draw_z, output_shape=(z_dim,))([z_mu, z_lv])

        # encoder model
        enc = Model(inp, z_mu, name='encoder')
        self.make_encoder = enc
        enc.summary()
        plot_model(enc, to_file='vae_encoder.png', show_shapes=True)

        # decoder model
        z_in = Input(shape=(z_dim,), name='z_sampling')
        dec_flat = Dense(1024)(z_in)
        dec_in = Reshape((4, 4, 64))(dec_flat)
        dec_out = make_decoder(dec_in)

        dec = Model(z_in, dec_out, name='decoder')
        dec.summary()
        self.make_decoder = dec
        plot_model(dec, to_file='vae_decoder.png', show_shapes=True)

        # full VAE
        print(enc(inp))
        full_out = dec(z)
        full = Model(inp, full_out)
        full.compile(optimizer='adam', loss='mean_squared_error')
        full.summary()
        self.model = full
        plot_model(full, to_file='vae.png', show_shapes=True)

    def draw_z(self, args, eps_sd=1.0):
        z_mu, z_lv = args
        eps = K.random_normal(shape=(K.shape(z_mu)[0], self.z_dim), mean=0., stddev=eps_sd)
        return z_mu + K.exp(z_lv / 2) * eps

    def train(self, n_epoch=50):
        np.random.seed(820)
        keep_rows = [3, 13, 14, 16, 26, 29, 38, 43, 57, 63, 73, 74,
                    111, 113, 123, 141, 143, 160, 161, 170, 188, 190, 191, 196,
                    200, 211, 238, 248, 256, 276, 279, 281]

        z_fixed = np.random.normal(0, 4, (300, self.z_dim))
        z_fixed = z_fixed[keep_rows, :]

        kl_log = []
        hist = self.model.fit(self.tr_faces,
                              self.tr_faces,
                              epochs=n_epoch,
                              callbacks=[SaveGrids(self.te_faces, self.make_encoder, self.make_decoder, z_fixed, "../vae"),
                                         KLTracker(self.model, self.te_faces, kl_log)],
                              validation_data=(self.te_faces, self.te_faces))

        self.model.save("../models/vae.h5")
        self.make_decoder.save("../models/vae_decoder.h5")
        self.make_encoder.save("../models/vae_encoder.h5")
        return {'MSE': hist.history['val_loss'], 'KLD': kl_log}


    class KLPenalty(Layer):
        def __init__(self, **kwargs):
            self.is_placeholder = True
            self.kl_w = 1e-4
            super(VAE.KLPenalty, self).__init__(**kwargs)

        def call(self, inputs):
            mu, lv = inputs
            kl_each = - .5 * K.sum(1 + lv -
                                    K.square(mu) -
                                    K.exp(lv), axis=-1)

            self.add_loss(self.kl_w * K.mean(kl_each), inputs=inputs)
            return inputs

        def get_config(self):
            cfg = {'lamb_kl': self.kl_w}
            base_cfg = super(VAE.KLPenalty, self).get_config()
            return dict(list(base_cfg.items()) + list(cfg.items()))
