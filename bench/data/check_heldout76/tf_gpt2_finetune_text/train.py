#!/usr/bin/env python3
# Run as:
#  PYTHONPATH=src ./train --dataset <file|folder|glob>

import argparse
import json
import os
import numpy as np
import tensorflow as tf
import time
import tqdm
from tensorflow.core.protobuf import rewriter_config_pb2

import model, sample, encoder
from load_dataset import load_dataset, Sampler
from accumulate import AccumulatingOptimizer
import memory_saving_gradients

CKPT_ROOT = 'checkpoint'
SAMPLES_ROOT = 'samples'


cli = argparse.ArgumentParser(
    description='Continue training a GPT-2 checkpoint on your own text.',
    formatter_class=argparse.ArgumentDefaultsHelpFormatter)

cli.add_argument('--dataset', metavar='PATH', type=str, required=True, help='Text file, folder or glob (utf-8 text or pre-tokenized .npz).')
cli.add_argument('--model_name', metavar='MODEL', type=str, default='117M', help='Which released checkpoint')
cli.add_argument('--combine', metavar='CHARS', type=int, default=50000, help='Join small files with <|endoftext|> until a chunk has this many characters')
cli.add_argument('--encoding', type=str, default='utf-8', help='Text encoding for reading and writing.')

cli.add_argument('--batch_size', metavar='SIZE', type=int, default=1, help='Sequences per step')
cli.add_argument('--learning_rate', metavar='LR', type=float, default=0.00002, help='Adam step size')
cli.add_argument('--accumulate_gradients', metavar='N', type=int, default=1, help='Sum gradients over N minibatches.')
cli.add_argument('--memory_saving_gradients', default=False, action='store_true', help='Recompute activations to save GPU memory.')
cli.add_argument('--only_train_transformer_layers', default=False, action='store_true', help='Update only the transformer blocks.')
cli.add_argument('--optimizer', type=str, default='adam', help='adam or sgd.')
cli.add_argument('--noise', type=float, default=0.0, help='Randomly replace input tokens with this probability.')

cli.add_argument('--top_k', type=int, default=40, help='Top-k for sampling.')
cli.add_argument('--top_p', type=float, default=0.0, help='Nucleus threshold; used instead of top_k when > 0.')

cli.add_argument('--restore_from', type=str, default='latest', help='"latest", "fresh", or a checkpoint folder')
cli.add_argument('--run_name', type=str, default='run1', help='Subfolder name under checkpoint/ and samples/')
cli.add_argument('--sample_every', metavar='N', type=int, default=100, help='Write samples every N steps')
cli.add_argument('--sample_length', metavar='TOKENS', type=int, default=1023, help='Tokens per sample')
cli.add_argument('--sample_num', metavar='N', type=int, default=1, help='Samples per round')
cli.add_argument('--save_every', metavar='N', type=int, default=1000, help='Checkpoint every N steps')

cli.add_argument('--val_dataset', metavar='PATH', type=str, default=None, help='Held-out text; the training text when left out.')
cli.add_argument('--val_batch_size', metavar='SIZE', type=int, default=2, help='Held-out batch size.')
cli.add_argument('--val_batch_count', metavar='N', type=int, default=40, help='Held-out batches per evaluation.')
cli.add_argument('--val_every', metavar='STEPS', type=int, default=0, help='Evaluate every STEPS steps.')


def ensure_dir(path):
    try:
        os.makedirs(path)
    except:
        pass


def corrupt_tokens(ids, hp, prob):
    if prob > 0:
        flip = tf.random.uniform(shape=tf.shape(ids)) < prob
        repl = tf.random.uniform(shape=tf.shape(ids), minval=0, maxval=hp.n_vocab, dtype=tf.int32)
        return tf.where(flip, repl, ids)
    else:
        return ids


def run():
    opts = cli.parse_args()
    bpe = encoder.get_encoder(opts.model_name)
    hp = model.default_hparams()
    with open(os.path.join('models', opts.model_name, 'hparams.json')) as fh:
        hp.override_from_dict(json.load(fh))

    if opts.sample_length > hp.n_ctx:
        raise ValueError(
            "Sample length exceeds the context window: %s" % hp.n_ctx)

    if opts.model_name == '345M':
        opts.memory_saving_gradients = True
        if opts.optimizer == 'adam':
            opts.only_train_transformer_layers = True

    sess_cfg = tf.ConfigProto()
    sess_cfg.gpu_options.allow_growth = True
    sess_cfg.graph_options.rewrite_options.layout_optimizer = rewriter_config_pb2.RewriterConfig.OFF
    with tf.Session(config=sess_cfg) as sess:
        ids_ph = tf.placeholder(tf.int32, [opts.batch_size, None])
        ids_in = corrupt_tokens(ids_ph, hp, opts.noise)
        net_out = model.model(hparams=hp, X=ids_in)
        loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(
                labels=ids_ph[:, 1:], logits=net_out['logits'][:, :-1]))

        if opts.val_every > 0:
            val_ph = tf.placeholder(tf.int32, [opts.val_batch_size, None])
            val_out = model.model(hparams=hp, X=val_ph)
            val_loss = tf.reduce_mean(
                tf.nn.sparse_softmax_cross_entropy_with_logits(
                    labels=val_ph[:, 1:], logits=val_out['logits'][:, :-1]))
            val_loss_summary = tf.summary.scalar('val_loss', val_loss)


        sampler_op = sample.sample_sequence(
            hparams=hp,
            length=opts.sample_length,
            context=ids_ph,
            batch_size=opts.batch_size,
            temperature=1.0,
            top_k=opts.top_k,
            top_p=opts.top_p)

        every_var = [v for v in tf.trainable_variables() if 'model' in v.name]
        tuned_vars = [v for v in every_var if '/h' in v.name] if opts.only_train_transformer_layers else every_var

        if opts.optimizer == 'adam':
            optim = tf.train.AdamOptimizer(learning_rate=opts.learning_rate)
        elif opts.optimizer == 'sgd':
            optim = tf.train.GradientDescentOptimizer(learning_rate=opts.learning_rate)
        else:
            exit('Unknown optimizer:', opts.optimizer)

        if opts.accumulate_gradients > 1:
            if opts.memory_saving_gradients:
                exit("Recomputed gradients cannot be combined with accumulation yet.")
            optim = AccumulatingOptimizer(
                opt=optim,
                var_list=tuned_vars)
            acc_reset = optim.reset()
            acc_compute = optim.compute_gradients(loss)
            apply_op = optim.apply_gradients()
            loss_summary = tf.summary.scalar('loss', apply_op)
        else:
            if opts.memory_saving_gradients:
                grads = memory_saving_gradients.gradients(loss, tuned_vars)
            else:
                grads = tf.gradients(loss, tuned_vars)
            grads = list(zip(grads, tuned_vars))
            apply_op = optim.apply_gradients(grads)
            loss_summary = tf.summary.scalar('loss', loss)

        lr_summary = tf.summary.scalar('learning_rate', opts.learning_rate)
        merged = tf.summary.merge([lr_summary, loss_summary])

        writer = tf.summary.FileWriter(
            os.path.join(CKPT_ROOT, opts.run_name))

        saver = tf.train.Saver(
            var_list=every_var,
            max_to_keep=5,
            keep_checkpoint_every_n_hours=2)
        sess.run(tf.global_variables_initializer())

        if opts.restore_from == 'latest':
            ckpt = tf.train.latest_checkpoint(
                os.path.join(CKPT_ROOT, opts.run_name))
            if ckpt is None:
                # first run: start from the released weights
                ckpt = tf.train.latest_checkpoint(
                    os.path.join('models', opts.model_name))
        elif opts.restore_from == 'fresh':
            ckpt = tf.train.latest_checkpoint(
                os.path.join('models', opts.model_name))
        else:
            ckpt = tf.train.latest_checkpoint(opts.restore_from)
        print('Restoring', ckpt)
        saver.restore(sess, ckpt)

        print('Reading text...')
        pieces = load_dataset(bpe, opts.dataset, opts.combine, encoding=opts.encoding)
        train_sampler = Sampler(pieces)
        if opts.val_every > 0:
            if opts.val_dataset:
                val_pieces = load_dataset(bpe, opts.val_dataset, opts.combine, encoding=opts.encoding)
            else:
                val_pieces = pieces
        print('corpus size:', train_sampler.total_size, 'tokens')
        print('Starting...')

        if opts.val_every > 0:
            # draw the held-out windows once, with a fixed seed,
            # so every evaluation sees the same batches.
            val_sampler = Sampler(val_pieces, seed=1)
            val_batches = [[val_sampler.sample(1024) for _ in range(opts.val_batch_size)]
                           for _ in range(opts.val_batch_count)]

        step = 1
        step_file = os.path.join(CKPT_ROOT, opts.run_name, 'counter')
        if os.path.exists(step_file):
            # resume the step count
            # plus one so the first step does not save again
            with open(step_file, 'r') as fh:
                step = int(fh.read()) + 1

        def checkpoint():
            ensure_dir(os.path.join(CKPT_ROOT, opts.run_name))
            print(
                'Writing',
                os.path.join(CKPT_ROOT, opts.run_name,
                             'model-{}').format(step))
            saver.save(
                sess,
                os.path.join(CKPT_ROOT, opts.run_name, 'model'),
                global_step=step)
            with open(step_file, 'w') as fh:
                fh.write(str(step) + '\n')

        def write_samples():
            print('Sampling...')
            prompt = train_sampler.sample(1)
            texts = []
            made = 0
            while made < opts.sample_num:
                gen = sess.run(
                    sampler_op,
                    feed_dict={ids_ph: opts.batch_size * [prompt]})
                for b in range(min(opts.sample_num - made, opts.batch_size)):
                    txt = bpe.decode(gen[b])
                    txt = '======== SAMPLE {} ========\n{}\n'.format(
                        made + 1, txt)
                    texts.append(txt)
                    made += 1
            print(txt)
            ensure_dir(os.path.join(SAMPLES_ROOT, opts.run_name))
            with open(
                    os.path.join(SAMPLES_ROOT, opts.run_name,
                                 'samples-{}').format(step), 'w', encoding=opts.encoding) as fh:
                fh.write('\n'.join(texts))

        def evaluate():
            print('Held-out loss...')
            vals = []
            for vb in tqdm.tqdm(val_batches):
                vals.append(sess.run(val_loss, feed_dict={val_ph: vb}))
            mean_val = np.mean(vals)
            vsum = sess.run(val_loss_summary, feed_dict={val_loss: mean_val})
            writer.add_summary(vsum, step)
            writer.flush()
            print(
                '[{step} | {time:2.2f}] held-out loss = {loss:2.2f}'
                .format(
                    step=step,
                    time=time.time() - t0,
                    loss=mean_val))

        def next_batch():
            return [train_sampler.sample(1024) for _ in range(opts.batch_size)]


        running = (0.0, 0.0)
        t0 = time.time()

        try:
            while True:
                if step % opts.save_every == 0:
                    checkpoint()
                if step % opts.sample_every == 0:
                    write_samples()
                if opts.val_every > 0 and (step % opts.val_every == 0 or step == 1):
                    evaluate()

                if opts.accumulate_gradients > 1:
                    sess.run(acc_reset)
                    for _ in range(opts.accumulate_gradients):
                        sess.run(
                            acc_compute, feed_dict={ids_ph: next_batch()})
                    (cur_loss, cur_sum) = sess.run((apply_op, merged))
                else:
                    (_, cur_loss, cur_sum) = sess.run(
                        (apply_op, loss, merged),
                        feed_dict={ids_ph: next_batch()})

                writer.add_summary(cur_sum, step)

                running = (running[0] * 0.99 + cur_loss,
                            running[1] * 0.99 + 1.0)

                print(
                    '[{step} | {time:2.2f}] loss={loss:2.2f} avg={avg:2.2f}'
                    .format(
                        step=step,
                        time=time.time() - t0,
                        loss=cur_loss,
                        avg=running[0] / running[1]))

                step += 1
        except KeyboardInterrupt:
            print('stopped')
            checkpoint()


if __name__ == '__main__':
    run()
