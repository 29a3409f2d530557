"""Speaker recognition (voiceprint) training: ResNet50V2 over linear STFT
magnitudes with an ArcFace margin head, TensorFlow 2 custom loop under a
MirroredStrategy. Utterances are decoded one at a time by a Python generator
feeding tf.data; the reader, the ArcFace layer/loss and the CLI helpers are
included in this file."""
import argparse
import distutils.util
import functools
import json
import math
import os
import random
import shutil
import time
from datetime import datetime, timedelta

import librosa
import numpy as np
import tensorflow as tf
from tensorflow.keras.applications import ResNet50V2
from tensorflow.keras.layers import BatchNormalization, Dense
from tensorflow.keras.models import Model
from tensorflow.keras.regularizers import l2


# ------------------------------ CLI helpers ------------------------------
def show_config(opts):
    print("=========== run settings ===========")
    for opt_key, opt_val in sorted(vars(opts).items()):
        print("%s: %s" % (opt_key, opt_val))
    print("====================================")


def register_option(opt_name, conv, dflt, doc, ap_obj, **kwargs):
    conv = distutils.util.strtobool if conv == bool else conv
    ap_obj.add_argument("--" + opt_name, default=dflt, type=conv,
                           help=doc + ' (default %(default)s)', **kwargs)


# ------------------------------ audio reader ------------------------------
def audio_to_spec(wav_path, split_mode='train', sample_rate=16000, n_spec_frames=257, clip_seconds=2.6):
    """Decode one file, crop (or wrap-pad) to clip_seconds s, return a
    normalised (257, n_spec_frames, 1) magnitude spectrogram."""
    samples, sr_used = librosa.load(wav_path, sr=sample_rate)
    dur_s = librosa.get_duration(y=samples, sr=sample_rate)
    assert dur_s >= clip_seconds / 2., f"clip must last at least {clip_seconds / 2.} s"
    n_keep = int(clip_seconds * sr_used)
    n_samples = int(dur_s * sr_used)
    if n_samples > n_keep:
        if split_mode == 'train':
            start_at = random.randint(0, int(n_samples - n_keep))
            samples = samples[start_at:start_at + n_keep]
        else:
            samples = samples[:n_keep]
    else:
        samples = np.pad(samples, (0, n_keep - n_samples), 'wrap')
    stft_c = librosa.stft(samples, n_fft=512, win_length=400, hop_length=160)
    magnitude, _ = librosa.magphase(stft_c)
    n_bins, n_cols = magnitude.shape
    assert n_cols >= n_spec_frames, f"only {n_cols} STFT frames, {n_spec_frames} required"
    spec_win = magnitude[:, :n_spec_frames]
    col_mean = np.mean(spec_win, 0, keepdims=True)
    col_std = np.std(spec_win, 0, keepdims=True)
    spec_win = (spec_win - col_mean) / (col_std + 1e-5)
    return spec_win[:, :, np.newaxis]


def data_stream(list_path, n_spec_frames=257):
    with open(list_path, 'r') as f_list:
        rows = f_list.readlines()
        random.shuffle(rows)
    for row in rows:
        wav_file, spk_label = row.replace('\n', '').split('\t')
        yield audio_to_spec(wav_file, split_mode='train', n_spec_frames=n_spec_frames), np.array(int(spk_label))


def make_train_dataset(list_path, per_batch, n_repeats, n_spec_frames=257):
    audio_ds = tf.data.Dataset.from_generator(generator=data_stream, args=(list_path, n_spec_frames),
                                        output_types=(tf.float32, tf.int64))
    return audio_ds.shuffle(buffer_size=1000) \
        .batch(batch_size=per_batch) \
        .repeat(n_repeats) \
        .prefetch(buffer_size=tf.data.experimental.AUTOTUNE)


def make_test_dataset(list_path, per_batch, n_spec_frames=257):
    audio_ds = tf.data.Dataset.from_generator(generator=lambda: data_stream(list_path, n_spec_frames=n_spec_frames),
                                        output_types=(tf.float32, tf.int64))
    return audio_ds.batch(batch_size=per_batch)


# ------------------------------ ArcFace head ------------------------------
class CosineHead(tf.keras.layers.Layer):
    def __init__(self, n_speakers, w_reg=l2(5e-4), **kwargs):
        super(CosineHead, self).__init__(**kwargs)
        self.w_reg = w_reg
        self.n_speakers = n_speakers

    def build(self, input_shape):
        self.arc_w = self.add_weight(shape=[input_shape[-1], self.n_speakers],
                                      initializer=tf.keras.initializers.GlorotUniform(),
                                      trainable=True, regularizer=self.w_reg)

    def call(self, emb_vec):
        emb_unit = tf.nn.l2_normalize(emb_vec, axis=1)
        w_unit = tf.nn.l2_normalize(self.arc_w, axis=0)
        return tf.matmul(emb_unit, w_unit)

    def get_config(self):
        conf = super().get_config()
        conf.update({"units": self.n_speakers, "kernel_regularizer": self.w_reg})
        return conf


class AdditiveMarginLoss(tf.keras.losses.Loss):
    def __init__(self, n_speakers, ang_margin=0.5, logit_scale=64, reduction=tf.keras.losses.Reduction.AUTO):
        super().__init__(reduction=reduction)
        self.ang_margin = ang_margin
        self.logit_scale = logit_scale
        self.n_speakers = n_speakers
        self.cos_limit = tf.math.cos(math.pi - self.ang_margin)
        self.cos_margin = tf.math.cos(self.ang_margin)
        self.sin_margin = tf.math.sin(self.ang_margin)
        self.fallback_shift = tf.multiply(self.sin_margin, self.ang_margin)

    def call(self, cos_sim, spk_labels):
        sin_sim = tf.math.sqrt(1 - tf.math.square(cos_sim))
        margined = tf.subtract(cos_sim * self.cos_margin, sin_sim * self.sin_margin)
        margined = tf.where(cos_sim > self.cos_limit, margined, cos_sim - self.fallback_shift)
        label_1h = tf.one_hot(tf.cast(spk_labels, tf.int32), depth=self.n_speakers)
        scaled_logits = tf.multiply(tf.where(label_1h == 1., margined, cos_sim), self.logit_scale)
        return tf.nn.softmax_cross_entropy_with_logits(label_1h, scaled_logits)

    def get_config(self):
        conf = super(AdditiveMarginLoss, self).get_config()
        conf.update({"ang_margin": self.ang_margin, "logit_scale": self.logit_scale})
        return conf


# ------------------------------ configuration ------------------------------
cli_parser = argparse.ArgumentParser(description=__doc__)
reg_opt = functools.partial(register_option, ap_obj=cli_parser)
reg_opt('gpus',             str,    '0',                      'visible GPU indices, e.g. 0,1')
reg_opt('batch_size',       int,    16,                       'utterances per device per step')
reg_opt('num_epoch',        int,    50,                       'passes over the training list')
reg_opt('num_classes',      int,    2798,                     'speaker classes in the list')
reg_opt('learning_rate',    float,  5e-4,                     'starting SGD step size')
reg_opt('input_shape',      str,    '(257, 257, 1)',          'spectrogram shape fed to the net')
reg_opt('train_list_path',  str,    'dataset/train_list.txt', 'list file, one wav path<TAB>speaker id per line')
reg_opt('save_model_path',  str,    'models/',                'where exported models go')
reg_opt('pretrained_model', str,    'models/model_weights.h5', 'initial weights file, None to start fresh')
opts = cli_parser.parse_args()


def export_model(model, subdir_name: str, step_i: int, acc_val: float):
    export_dir = os.path.join(opts.save_model_path, subdir_name)
    os.makedirs(export_dir, exist_ok=True)
    embed_net = Model(inputs=model.input, outputs=model.get_layer('feature_output').output)
    embed_net.save(filepath=os.path.join(export_dir, 'infer_model.h5'), include_optimizer=False)
    model.save_weights(filepath=os.path.join(export_dir, 'model_weights.h5'))
    with open(os.path.join(export_dir, 'model.state'), 'w', encoding='utf-8') as f_list:
        f_list.write(json.dumps({"step": step_i, "accuracy": acc_val}, ensure_ascii=False))
    print('export written')


def build_speaker_model(spec_shape):
    model = tf.keras.Sequential()
    model.add(ResNet50V2(input_shape=spec_shape, include_top=False, weights=None, pooling='max'))
    model.add(BatchNormalization())
    model.add(Dense(units=512, kernel_regularizer=tf.keras.regularizers.l2(5e-4), name='feature_output'))
    model.add(CosineHead(n_speakers=opts.num_classes))
    return model


def main():
    shutil.rmtree('log', ignore_errors=True)
    spec_shape = eval(opts.input_shape)
    mirror = tf.distribute.MirroredStrategy()
    GLOBAL_BATCH = opts.batch_size * mirror.num_replicas_in_sync
    print('replicas in sync: {}'.format(mirror.num_replicas_in_sync))

    with open(opts.train_list_path, 'r') as f_list:
        n_utts = len(f_list.readlines())
    epoch_steps = int(n_utts / GLOBAL_BATCH)

    train_dataset = make_train_dataset(list_path=opts.train_list_path, per_batch=GLOBAL_BATCH,
                            n_repeats=opts.num_epoch, n_spec_frames=spec_shape[1])
    test_dataset = make_test_dataset(list_path=opts.train_list_path, per_batch=GLOBAL_BATCH, n_spec_frames=spec_shape[1])
    train_dataset = mirror.experimental_distribute_dataset(train_dataset)
    test_dataset = mirror.experimental_distribute_dataset(test_dataset)

    with mirror.scope():
        model = build_speaker_model(spec_shape)
        model.build(input_shape=spec_shape)
        model.summary()
        # step decay: x0.1 every 5 epochs
        decay_at = [5 * i * epoch_steps for i in range(1, opts.num_epoch // 5, 1)]
        lr_levels = [0.1 ** k * opts.learning_rate for k in range(len(decay_at) + 1)]
        lr_sched = tf.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=decay_at, values=lr_levels)
        optimizer = tf.keras.optimizers.SGD(learning_rate=lr_sched, momentum=0.9)
        if opts.pretrained_model is not None and os.path.exists(opts.pretrained_model):
            model.load_weights(opts.pretrained_model, by_name=True, skip_mismatch=True)
            print('initial weights restored')

        train_loss_m = tf.keras.metrics.Mean(name='train_loss')
        train_acc_m = tf.keras.metrics.SparseCategoricalAccuracy(name='train_accuracy')
        test_loss_m = tf.keras.metrics.Mean(name='test_loss')
        test_acc_m = tf.keras.metrics.SparseCategoricalAccuracy(name='test_accuracy')
        train_loss_m.reset_states()
        train_acc_m.reset_states()
        train_log = tf.summary.create_file_writer('log/train')
        test_log = tf.summary.create_file_writer('log/test')

        arc_loss_fn = AdditiveMarginLoss(n_speakers=opts.num_classes, reduction=tf.keras.losses.Reduction.NONE)

        def batch_mean_loss(y_true_b, y_pred_b):
            per_sample = arc_loss_fn(y_pred_b, y_true_b)
            return tf.nn.compute_average_loss(per_sample, global_batch_size=GLOBAL_BATCH)

        def train_one_step(batch_in):
            spec_batch, spk_labels = batch_in
            with tf.GradientTape() as tape:
                logits_b = model(spec_batch)
                loss = batch_mean_loss(spk_labels, logits_b)
            grad_list = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grad_list, model.trainable_variables))
            train_loss_m(loss)
            train_acc_m(spk_labels, logits_b)
            return loss

        def test_one_step(batch_in):
            spec_batch, spk_labels = batch_in
            logits_b = model(spec_batch)
            test_loss_m(batch_mean_loss(spk_labels, logits_b))
            test_acc_m(spk_labels, logits_b)

        @tf.function
        def dist_train_step(batch_el):
            replica_out = mirror.run(train_one_step, args=(batch_el,))
            return mirror.reduce(tf.distribute.ReduceOp.SUM, replica_out, axis=None)

        @tf.function
        def dist_test_step(batch_el):
            return mirror.run(test_one_step, args=(batch_el,))

        log_idx = 0
        eval_idx = 0
        top_acc = 0
        n_steps_total = epoch_steps * opts.num_epoch
        tick = time.time()
        for step_i, batch_el in enumerate(train_dataset):
            dist_train_step(batch_el)
            if step_i % 100 == 0:
                remaining = str(timedelta(seconds=int((time.time() - tick) * (n_steps_total - step_i))))
                print("[%s] step %d of %d | loss %f | acc %f | lr %f | remaining %s" % (
                    datetime.now(), step_i, n_steps_total, train_loss_m.result(), train_acc_m.result(),
                    optimizer.learning_rate.numpy(), remaining))
                with train_log.as_default():
                    tf.summary.scalar('Loss', train_loss_m.result(), step=log_idx)
                    tf.summary.scalar('Accuracy', train_acc_m.result(), step=log_idx)
                log_idx += 1
            if step_i % epoch_steps == 0 and step_i != 0:
                for test_batch in test_dataset:
                    dist_test_step(test_batch)
                acc_cur = float(test_acc_m.result())
                loss_cur = float(test_loss_m.result())
                print(f"[{datetime.now()}] held-out loss {loss_cur}, acc {acc_cur}")
                with test_log.as_default():
                    tf.summary.scalar('Loss', loss_cur, step=eval_idx)
                    tf.summary.scalar('Accuracy', acc_cur, step=eval_idx)
                    tf.summary.scalar('Learning Rate', optimizer.learning_rate.numpy(), step=eval_idx)
                eval_idx += 1
                test_loss_m.reset_states()
                test_acc_m.reset_states()
                if acc_cur >= top_acc:
                    top_acc = acc_cur
                    export_model(model, 'best_model', step_i=step_i, acc_val=acc_cur)
                export_model(model, 'save_model', step_i=step_i, acc_val=acc_cur)
            tick = time.time()


if __name__ == '__main__':
    os.environ["CUDA_VISIBLE_DEVICES"] = opts.gpus
    show_config(opts)
    main()
