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
def print_arguments(args):
    print("-----------  Configuration Arguments -----------")
    for key, val in sorted(vars(args).items()):
        print("%s: %s" % (key, val))
    print("------------------------------------------------")


def add_arguments(argname, type, default, help, argparser, **kwargs):
    type = distutils.util.strtobool if type == bool else type
    argparser.add_argument("--" + argname, default=default, type=type,
                           help=help + ' default: %(default)s.', **kwargs)


# ------------------------------ audio reader ------------------------------
def load_audio(audio_path, mode='train', sr=16000, spec_len=257, use_audio_len=2.6):
    """Decode one file, crop (or wrap-pad) to use_audio_len s, return a
    normalised (257, spec_len, 1) magnitude spectrogram."""
    wav, sr_ret = librosa.load(audio_path, sr=sr)
    duration = librosa.get_duration(y=wav, sr=sr)
    assert duration >= use_audio_len / 2., f"audio shorter than {use_audio_len / 2.}s"
    crop_len = int(use_audio_len * sr_ret)
    audio_len = int(duration * sr_ret)
    if audio_len > crop_len:
        if mode == 'train':
            begin = random.randint(0, int(audio_len - crop_len))
            wav = wav[begin:begin + crop_len]
        else:
            wav = wav[:crop_len]
    else:
        wav = np.pad(wav, (0, crop_len - audio_len), 'wrap')
    linear = librosa.stft(wav, n_fft=512, win_length=400, hop_length=160)
    mag, _ = librosa.magphase(linear)
    freq, frames = mag.shape
    assert frames >= spec_len, f"need at least {spec_len} frames, got {frames}"
    spec = mag[:, :spec_len]
    mu = np.mean(spec, 0, keepdims=True)
    sigma = np.std(spec, 0, keepdims=True)
    spec = (spec - mu) / (sigma + 1e-5)
    return spec[:, :, np.newaxis]


def data_generator(data_list_path, spec_len=257):
    with open(data_list_path, 'r') as fh:
        entries = fh.readlines()
        random.shuffle(entries)
    for entry in entries:
        path, label = entry.replace('\n', '').split('\t')
        yield load_audio(path, mode='train', spec_len=spec_len), np.array(int(label))


def train_reader(data_list_path, batch_size, num_epoch, spec_len=257):
    ds = tf.data.Dataset.from_generator(generator=data_generator, args=(data_list_path, spec_len),
                                        output_types=(tf.float32, tf.int64))
    return ds.shuffle(buffer_size=1000) \
        .batch(batch_size=batch_size) \
        .repeat(num_epoch) \
        .prefetch(buffer_size=tf.data.experimental.AUTOTUNE)


def test_reader(data_list_path, batch_size, spec_len=257):
    ds = tf.data.Dataset.from_generator(generator=lambda: data_generator(data_list_path, spec_len=spec_len),
                                        output_types=(tf.float32, tf.int64))
    return ds.batch(batch_size=batch_size)


# ------------------------------ ArcFace head ------------------------------
class ArcNet(tf.keras.layers.Layer):
    def __init__(self, num_classes, regularizer=l2(5e-4), **kwargs):
        super(ArcNet, self).__init__(**kwargs)
        self.regularizer = regularizer
        self.num_classes = num_classes

    def build(self, input_shape):
        self.weight = self.add_weight(shape=[input_shape[-1], self.num_classes],
                                      initializer=tf.keras.initializers.GlorotUniform(),
                                      trainable=True, regularizer=self.regularizer)

    def call(self, feature):
        f_n = tf.nn.l2_normalize(feature, axis=1)
        w_n = tf.nn.l2_normalize(self.weight, axis=0)
        return tf.matmul(f_n, w_n)

    def get_config(self):
        cfg = super().get_config()
        cfg.update({"units": self.num_classes, "kernel_regularizer": self.regularizer})
        return cfg


class ArcLoss(tf.keras.losses.Loss):
    def __init__(self, num_classes, margin=0.5, scale=64, reduction=tf.keras.losses.Reduction.AUTO):
        super().__init__(reduction=reduction)
        self.margin = margin
        self.scale = scale
        self.num_classes = num_classes
        self.threshold = tf.math.cos(math.pi - self.margin)
        self.cos_m = tf.math.cos(self.margin)
        self.sin_m = tf.math.sin(self.margin)
        self.mm = tf.multiply(self.sin_m, self.margin)

    def call(self, cos_theta, labels):
        sin_theta = tf.math.sqrt(1 - tf.math.square(cos_theta))
        with_margin = tf.subtract(cos_theta * self.cos_m, sin_theta * self.sin_m)
        with_margin = tf.where(cos_theta > self.threshold, with_margin, cos_theta - self.mm)
        onehot = tf.one_hot(tf.cast(labels, tf.int32), depth=self.num_classes)
        logits = tf.multiply(tf.where(onehot == 1., with_margin, cos_theta), self.scale)
        return tf.nn.softmax_cross_entropy_with_logits(onehot, logits)

    def get_config(self):
        cfg = super(ArcLoss, self).get_config()
        cfg.update({"margin": self.margin, "scale": self.scale})
        return cfg


# ------------------------------ configuration ------------------------------
parser = argparse.ArgumentParser(description=__doc__)
add_arg = functools.partial(add_arguments, argparser=parser)
add_arg('gpus',             str,    '0',                      'GPU ids, comma separated')
add_arg('batch_size',       int,    16,                       'batch size per replica')
add_arg('num_epoch',        int,    50,                       'number of epochs')
add_arg('num_classes',      int,    2798,                     'number of speakers')
add_arg('learning_rate',    float,  5e-4,                     'initial learning rate')
add_arg('input_shape',      str,    '(257, 257, 1)',          'input spectrogram shape')
add_arg('train_list_path',  str,    'dataset/train_list.txt', 'training list: path<TAB>label')
add_arg('save_model_path',  str,    'models/',                'output folder')
add_arg('pretrained_model', str,    'models/model_weights.h5', 'weights to start from (None: none)')
args = parser.parse_args()


def save_model(model, save_name: str, step: int, accuracy: float):
    out_dir = os.path.join(args.save_model_path, save_name)
    os.makedirs(out_dir, exist_ok=True)
    embedder = Model(inputs=model.input, outputs=model.get_layer('feature_output').output)
    embedder.save(filepath=os.path.join(out_dir, 'infer_model.h5'), include_optimizer=False)
    model.save_weights(filepath=os.path.join(out_dir, 'model_weights.h5'))
    with open(os.path.join(out_dir, 'model.state'), 'w', encoding='utf-8') as fh:
        fh.write(json.dumps({"step": step, "accuracy": accuracy}, ensure_ascii=False))
    print('model saved')


def create_model(input_shape):
    model = tf.keras.Sequential()
    model.add(ResNet50V2(input_shape=input_shape, include_top=False, weights=None, pooling='max'))
    model.add(BatchNormalization())
    model.add(Dense(units=512, kernel_regularizer=tf.keras.regularizers.l2(5e-4), name='feature_output'))
    model.add(ArcNet(num_classes=args.num_classes))
    return model


def main():
    shutil.rmtree('log', ignore_errors=True)
    input_shape = eval(args.input_shape)
    strategy = tf.distribute.MirroredStrategy()
    BATCH_SIZE = args.batch_size * strategy.num_replicas_in_sync
    print('Number of devices: {}'.format(strategy.num_replicas_in_sync))

    with open(args.train_list_path, 'r') as fh:
        n_lines = len(fh.readlines())
    steps_per_epoch = int(n_lines / BATCH_SIZE)

    train_ds = train_reader(data_list_path=args.train_list_path, batch_size=BATCH_SIZE,
                            num_epoch=args.num_epoch, spec_len=input_shape[1])
    test_ds = test_reader(data_list_path=args.train_list_path, batch_size=BATCH_SIZE, spec_len=input_shape[1])
    train_ds = strategy.experimental_distribute_dataset(train_ds)
    test_ds = strategy.experimental_distribute_dataset(test_ds)

    with strategy.scope():
        model = create_model(input_shape)
        model.build(input_shape=input_shape)
        model.summary()
        # step decay: x0.1 every 5 epochs
        boundaries = [5 * i * steps_per_epoch for i in range(1, args.num_epoch // 5, 1)]
        lr_values = [0.1 ** k * args.learning_rate for k in range(len(boundaries) + 1)]
        schedule = tf.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=boundaries, values=lr_values)
        optimizer = tf.keras.optimizers.SGD(learning_rate=schedule, momentum=0.9)
        if args.pretrained_model is not None and os.path.exists(args.pretrained_model):
            model.load_weights(args.pretrained_model, by_name=True, skip_mismatch=True)
            print('pretrained weights loaded')

        tr_loss = tf.keras.metrics.Mean(name='train_loss')
        tr_acc = tf.keras.metrics.SparseCategoricalAccuracy(name='train_accuracy')
        te_loss = tf.keras.metrics.Mean(name='test_loss')
        te_acc = tf.keras.metrics.SparseCategoricalAccuracy(name='test_accuracy')
        tr_loss.reset_states()
        tr_acc.reset_states()
        train_writer = tf.summary.create_file_writer('log/train')
        test_writer = tf.summary.create_file_writer('log/test')

        loss_object = ArcLoss(num_classes=args.num_classes, reduction=tf.keras.losses.Reduction.NONE)

        def compute_loss(label, prediction):
            per_example = loss_object(prediction, label)
            return tf.nn.compute_average_loss(per_example, global_batch_size=BATCH_SIZE)

        def train_step(inputs):
            specs, labels = inputs
            with tf.GradientTape() as tape:
                preds = model(specs)
                loss = compute_loss(labels, preds)
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            tr_loss(loss)
            tr_acc(labels, preds)
            return loss

        def test_step(inputs):
            specs, labels = inputs
            preds = model(specs)
            te_loss(compute_loss(labels, preds))
            te_acc(labels, preds)

        @tf.function
        def distributed_train_step(batch):
            per_replica = strategy.run(train_step, args=(batch,))
            return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

        @tf.function
        def distributed_test_step(batch):
            return strategy.run(test_step, args=(batch,))

        log_step = 0
        eval_step = 0
        best_acc = 0
        total_steps = steps_per_epoch * args.num_epoch
        t0 = time.time()
        for step, batch in enumerate(train_ds):
            distributed_train_step(batch)
            if step % 100 == 0:
                eta = str(timedelta(seconds=int((time.time() - t0) * (total_steps - step))))
                print("[%s] Step [%d/%d], Loss %f, Accuracy %f, Learning rate %f, eta: %s" % (
                    datetime.now(), step, total_steps, tr_loss.result(), tr_acc.result(),
                    optimizer.learning_rate.numpy(), eta))
                with train_writer.as_default():
                    tf.summary.scalar('Loss', tr_loss.result(), step=log_step)
                    tf.summary.scalar('Accuracy', tr_acc.result(), step=log_step)
                log_step += 1
            if step % steps_per_epoch == 0 and step != 0:
                for tbatch in test_ds:
                    distributed_test_step(tbatch)
                acc_now = float(te_acc.result())
                loss_now = float(te_loss.result())
                print(f"[{datetime.now()}] Test Loss {loss_now}, Accuracy {acc_now}")
                with test_writer.as_default():
                    tf.summary.scalar('Loss', loss_now, step=eval_step)
                    tf.summary.scalar('Accuracy', acc_now, step=eval_step)
                    tf.summary.scalar('Learning Rate', optimizer.learning_rate.numpy(), step=eval_step)
                eval_step += 1
                te_loss.reset_states()
                te_acc.reset_states()
                if acc_now >= best_acc:
                    best_acc = acc_now
                    save_model(model, 'best_model', step=step, accuracy=acc_now)
                save_model(model, 'save_model', step=step, accuracy=acc_now)
            t0 = time.time()


if __name__ == '__main__':
    os.environ["CUDA_VISIBLE_DEVICES"] = args.gpus
    print_arguments(args)
    main()
