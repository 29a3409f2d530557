import tensorflow as tf
import numpy as np
import librosa
from librosa import display
import matplotlib.pyplot as plt
import pickle
import os
import io
import glob
import datetime
from hyperparameter import Hyperparameter as hp
from preprocess import world_decompose, pitch_conversion, world_encode_spectral_envelop, world_decode_spectral_envelop, \
    world_speech_synthesis
from utils import l1_loss, l2_loss
from model import CycleGAN2


@tf.function
def step_fn(pair):
    with tf.GradientTape() as tape_g, tf.GradientTape() as tape_d:
        outs = gan(pair)
        gen_a = outs[0]
        gen_b = outs[1]
        cyc_a = outs[2]
        cyc_b = outs[3]
        idt_a = outs[4]
        idt_b = outs[5]
        da_real = outs[6]
        da_fake = outs[7]
        db_real = outs[8]
        db_fake = outs[9]
        da2_real = outs[10]
        da2_fake = outs[11]
        db2_real = outs[12]
        db2_fake = outs[13]

        # cycle term
        l_cyc = l1_loss(pair[0], cyc_a) + l1_loss(pair[1], cyc_b)

        # identity term
        l_idt = l1_loss(pair[0], idt_a) + l1_loss(pair[1], idt_b)

        # adversarial terms for the generators
        l_g_ab = l2_loss(tf.ones_like(db_fake), db_fake)
        l_g_ba = l2_loss(tf.ones_like(da_fake), da_fake)

        l_g2_a = l2_loss(tf.ones_like(da2_fake), da2_fake)
        l_g2_b = l2_loss(tf.ones_like(db2_fake), db2_fake)

        l_gen = l_g_ab + l_g_ba + l_g2_a + \
                         l_g2_b + hp.lambda_cycle * l_cyc + hp.lambda_identity * l_idt

        l_da_r = l2_loss(tf.ones_like(da_real), da_real)
        l_da_f = l2_loss(tf.zeros_like(da_fake), da_fake)
        l_da = (l_da_r + l_da_f) / 2

        l_db_r = l2_loss(tf.ones_like(db_real), db_real)
        l_db_f = l2_loss(tf.zeros_like(db_fake), db_fake)
        l_db = (l_db_r + l_db_f) / 2

        l_da2_r = l2_loss(tf.ones_like(da2_real), da2_real)
        l_da2_f = l2_loss(tf.zeros_like(da2_fake), da2_fake)
        l_da2 = (l_da2_r + l_da2_f) / 2

        l_db2_r = l2_loss(tf.ones_like(db2_real), db2_real)
        l_db2_f = l2_loss(tf.zeros_like(db2_fake), db2_fake)
        l_db2 = (l_db2_r + l_db2_f) / 2

        l_disc = l_da + l_db + l_da2 + \
                             l_db2

    g_vars = gan.generatorA2B.trainable_variables + gan.generatorB2A.trainable_variables
    d_vars = gan.discriminator_A.trainable_variables + gan.discriminator_B.trainable_variables + \
                         gan.discriminator_A_dot.trainable_variables + gan.discriminator_B_dot.trainable_variables

    g_grads = tape_g.gradient(l_gen, sources=g_vars)
    d_grads = tape_d.gradient(l_disc, sources=d_vars)
    opt_g.apply_gradients(zip(g_grads, g_vars))
    opt_d.apply_gradients(zip(d_grads, d_vars))

    g_meter(l_gen)
    d_meter(l_disc)


def draw_segments(feats_a, feats_b):
    n_pairs = min(len(feats_a), len(feats_b))
    order_a = np.arange(len(feats_a))
    order_b = np.arange(len(feats_b))
    np.random.shuffle(order_a)
    np.random.shuffle(order_b)
    pick_a = order_a[:n_pairs]
    pick_b = order_b[:n_pairs]

    segs_a = list()
    segs_b = list()

    for ia, ib in zip(pick_a, pick_b):
        utt_a = feats_a[ia]
        n_a = utt_a.shape[1]
        assert n_a >= hp.n_frames
        a0 = np.random.randint(n_a - hp.n_frames + 1)
        a1 = a0 + hp.n_frames
        segs_a.append(utt_a[:, a0:a1])

        utt_b = feats_b[ib]
        n_b = utt_b.shape[1]
        assert n_b >= hp.n_frames
        b0 = np.random.randint(n_b - hp.n_frames + 1)
        b1 = b0 + hp.n_frames
        segs_b.append(utt_b[:, b0:b1])

    segs_a = np.array(segs_a)
    segs_b = np.array(segs_b)

    return segs_a, segs_b


def chunk_pad(src, width):
    n_in = src.shape[1]
    n_out = (n_in // width + 1) * width
    pad_l = (n_out - n_in) // 2
    pad_r = n_out - n_in - pad_l
    src = np.pad(src, [(0, 0), (pad_l, pad_r)], 'constant', constant_values=0)
    src = np.reshape(src, [-1, hp.num_mceps, width])

    return src


@tf.function
def convert_chunk(chunk):
    mc_conv = gan([chunk, chunk], training=False)[1][0]

    return mc_conv


def convert_file(wav_file):
    wav, _ = librosa.load(wav_file, sr=hp.rate)
    f0, t_axis, sp, ap = world_decompose(wav, hp.rate)
    f0_conv = pitch_conversion(f0, lf0_a_mu, lf0_a_sd, lf0_b_mu, lf0_b_sd)
    mc = world_encode_spectral_envelop(sp, hp.rate, hp.num_mceps)
    mc_t = mc.T
    mc_norm = (mc_t - mcs_a_mu) / mcs_a_sd
    mc_norm = chunk_pad(mc_norm, hp.n_frames)

    pieces = []
    for i, piece_norm in enumerate(mc_norm):
        piece_norm = np.expand_dims(piece_norm, axis=-1)
        mc_conv_norm = convert_chunk(piece_norm)
        mc_conv = mc_conv_norm * mcs_b_sd + mcs_b_mu
        mc_conv = np.array(mc_conv, dtype=np.float64).T
        mc_conv = np.ascontiguousarray(mc_conv)
        sp_conv = world_decode_spectral_envelop(mc_conv, hp.rate)
        if len(f0) < (i + 1) * hp.output_size:
            sp_conv = sp_conv[:len(f0) % hp.output_size]
            f0_seg = f0_conv[i * hp.output_size:i * hp.output_size + len(f0) % hp.output_size]
            ap_seg = ap[i * hp.output_size:i * hp.output_size + len(f0) % hp.output_size]
            wav_seg = world_speech_synthesis(f0_seg, sp_conv, ap_seg, hp.rate, hp.duration)
            pieces.append(wav_seg)
            break
        else:
            f0_seg = f0_conv[i * hp.output_size:(i + 1) * hp.output_size]
            ap_seg = ap[i * hp.output_size:(i + 1) * hp.output_size]

        wav_seg = world_speech_synthesis(f0_seg, sp_conv, ap_seg, hp.rate, hp.duration)
        pieces.append(wav_seg)

    pieces = np.concatenate(pieces)
    pieces = np.expand_dims(pieces, axis=-1)
    pieces = np.expand_dims(pieces, axis=0)

    return pieces


def fig_to_tensor(fig_obj):
    """Render a matplotlib figure into a 4-channel image tensor with a batch axis;
    the figure is closed afterwards."""
    # draw into an in-memory PNG
    png_buf = io.BytesIO()
    plt.savefig(png_buf, format='png')
    plt.close(fig_obj)
    png_buf.seek(0)
    # decode it back as a tensor
    img_t = tf.image.decode_png(png_buf.getvalue(), channels=4)
    # leading batch axis
    img_t = tf.expand_dims(img_t, 0)

    return img_t


def spec_figure(y):
    fig_obj = plt.figure(figsize=(12, 8))
    D = librosa.amplitude_to_db(np.abs(librosa.stft(y)), ref=np.max)
    display.specshow(D, y_axis='log')
    plt.colorbar(format='%+2.0f dB')
    plt.title('converted speech, log-frequency spectrogram')
    plt.tight_layout()

    return fig_obj


if __name__ == '__main__':
    # set up the run
    gan = CycleGAN2()
    opt_d = tf.optimizers.Adam(learning_rate=hp.discriminator_lr, beta_1=0.5)
    opt_g = tf.optimizers.Adam(learning_rate=hp.generator_lr, beta_1=0.5)
    g_meter = tf.keras.metrics.Mean()
    d_meter = tf.keras.metrics.Mean()

    stamp = datetime.datetime.now().strftime('%Y%m%d-%H%M%S')
    run_dir = os.path.join(hp.logdir, stamp)
    tb = tf.summary.create_file_writer(run_dir)

    print('reading the pickled features')
    with open('./datasets/JSUT/jsut.p', 'rb') as f:
        mcs_a_norm, mcs_a_mu, mcs_a_sd, lf0_a_mu, lf0_a_sd = pickle.load(f)

    with open('./datasets/target_voice/target_voice.p', 'rb') as f:
        mcs_b_norm, mcs_b_mu, mcs_b_sd, lf0_b_mu, lf0_b_sd = pickle.load(f)

    it = 1
    epoch = 0
    while it <= hp.num_iterations:
        feats_a, feats_b = draw_segments(feats_a=mcs_a_norm, feats_b=mcs_b_norm)
        n_segs = feats_a.shape[0]

        for i in range(n_segs // hp.batch_size):
            start = i * hp.batch_size
            end = (i + 1) * hp.batch_size
            step_fn([feats_a[start:end], feats_b[start:end]])

            if it > 10000:
                hp.lambda_identity = 0

            if it % 2500 == 0:
                gan.save_weights(os.path.join(hp.weights_dir, 'ckpt_{:}'.format(it)))

            it += 1

        with tb.as_default():
            tf.summary.scalar('loss/generator', g_meter.result(), step=epoch)
            tf.summary.scalar('loss/critic', d_meter.result(), step=epoch)

            if epoch % 10 == 0:
                file = np.random.choice(glob.glob('./datasets/JSUT/*.wav'), 1)
                demo_wav = convert_file(file[0])
                fig2 = spec_figure(demo_wav.reshape(-1))
                img2 = fig_to_tensor(fig2)
                tf.summary.image(f'spec_e{epoch}', img2, step=epoch)
                tf.summary.audio(f'converted_{file[0].rsplit(".")[-2]}_e{epoch}', demo_wav,
                                 sample_rate=hp.rate, step=epoch)

        print('epoch {}  gen {}  critic {}'.format(epoch, g_meter.result().numpy(),
                                                                               d_meter.result().numpy()))
        g_meter.reset_states()
        d_meter.reset_states()
        epoch += 1
