#!/usr/bin/python3

import os;
import random;
import numpy as np;
import cv2;
import tensorflow as tf;
from atari_py import ALEInterface;
from atari_py import get_game_path;

def ValueHead(n_actions, widths = [32, 20]):

  frames_in = tf.keras.Input((84, 84, 4)); # (batch, 84, 84, 4) stacked frames
  h = tf.keras.layers.Flatten()(frames_in);
  for size in widths:
    h = tf.keras.layers.Dense(units = size)(h);
  h = tf.keras.layers.Dense(units = n_actions)(h);
  return tf.keras.Model(frames_in = frames_in, outputs = h);

def TDObjective(n_actions, disc):

  q_now = tf.keras.Input((n_actions, ), dtype = tf.float32);
  q_next = tf.keras.Input((n_actions, ), dtype = tf.float32);
  r_t = tf.keras.Input((), dtype = tf.float32);
  a_t = tf.keras.Input((), dtype = tf.int32);
  done_t = tf.keras.Input((), dtype = tf.float32);
  a_mask = tf.keras.layers.Lambda(lambda x, n: tf.one_hot(x, n), arguments = {'n': n_actions})(a_t);
  q_taken = tf.keras.layers.Lambda(lambda x: tf.math.reduce_sum(x[0] * x[1], axis = 1))([a_mask, q_now]);
  q_best = tf.keras.layers.Lambda(lambda x: tf.math.reduce_max(x, axis = 1))(q_next);
  td_target = tf.keras.layers.Lambda(lambda x, g: x[0] + g * (tf.ones_like(x[1]) - x[1]) * x[2], arguments = {'g': disc})([r_t, done_t, q_best]);
  objective = tf.keras.losses.MSE(td_target, q_taken);
  return tf.keras.Model(frames_in = (q_now, q_next, r_t, a_t, done_t), outputs = objective);

class BoxingDQN(object):

    RENDER = False;
    UNIT = 10000;
    REPLAY_CAP = 4 * UNIT;
    MINIBATCH  = 32;
    WARMUP = 5 * UNIT;
    LEARN_EVERY = 4;
    SYNC_EVERY = UNIT;
    STACK = 4;
    DISCOUNT = 0.99;
    EVAL_EVERY = 1000;
    eps_lo = 0.1;
    eps_hi = 1.;
    eps_span = REPLAY_CAP;
    learn_from = 5 * UNIT;

    def __init__(self):

        # emulator
        self.emu = ALEInterface();
        self.emu.loadROM(get_game_path('boxing'));
        self.moves = self.emu.getMinimalActionSet();
        self.stack = list();
        # network that is trained
        self.online = ValueHead(len(self.moves));
        # network that gives targets and acts
        self.frozen = ValueHead(len(self.moves));
        if True == os.path.exists('model'):
            self.online.load_weights('./model/dqn_boxing');

        self.frozen.set_weights(self.online.get_weights());

        self.objective = TDObjective(len(self.moves), self.DISCOUNT);
        # transitions (s, a, r, s2, done)
        self.replay = list();

        self.optimizer = tf.keras.optimizers.Adam(tf.keras.optimizers.schedules.ExponentialDecay(0.00025, 5 * self.UNIT, 0.96));

        self.episodes_done = 0;

    def stack_to_tensor(self,stack):

        stack = tf.constant(stack, dtype = tf.float32);
        stack = tf.transpose(stack, (1, 2, 0));
        stack = tf.expand_dims(stack, axis = 0);
        return stack;

    def batch_to_tensors(self,sample):

        s_t, a_t, r_t, s_next, done_t = zip(*sample);
        # every entry is 1 x 84 x 84 x 4
        s_t = tf.squeeze(tf.concat(s_t, axis = 0));
        a_t = tf.squeeze(tf.concat(a_t, axis = 0));
        r_t = tf.squeeze(tf.concat(r_t, axis = 0));
        s_next = tf.squeeze(tf.concat(s_next, axis = 0));
        done_t = tf.squeeze(tf.concat(done_t, axis = 0));
        return (s_t,a_t,r_t,s_next,done_t);

    def grab_frame(self):

        gray = self.emu.getScreenGrayscale();
        crop = gray[25:185,:,:];
        crop = cv2.resize(crop,(84,84)) / 255.0;
        return crop;

    def store(self, item):

        if len(self.replay) > self.REPLAY_CAP: self.replay.pop(0);
        self.replay.append(item);

    def new_game(self):

        self.emu.reset_game();
        self.stack = list();
        for k in range(self.STACK):
            f = self.grab_frame();
            self.stack.append(f);
            assert False == self.emu.game_over();

    def act_once(self):

        if self.emu.game_over() or len(self.stack) != self.STACK:
            self.new_game();
        if self.RENDER:

            cv2.imshow('boxing',self.emu.getScreenRGB());
            cv2.waitKey(1);
        # epsilon-greedy pick
        s_t = self.stack_to_tensor(self.stack);
        q_now = self.frozen(s_t);
        eps = self.eps_lo + max(0., (self.eps_hi - self.eps_lo) * (self.eps_span - max(0., int(self.optimizer.iterations) - self.learn_from)) / self.eps_span);
        if np.random.uniform(low = 0., high = 1., size = ()) < eps:

            a_idx = tf.constant(np.random.randint(low = 0, high = len(self.moves), size = (1,1)), dtype = tf.int64);
        else:

            a_idx = tf.random.categorical(tf.keras.layers.Softmax(axis = -1)(q_now),1);
        rew = 0;
        for k in range(self.STACK):
            rew += self.emu.act(self.moves[a_idx]);
        self.stack.append(self.grab_frame());
        self.stack.pop(0);
        s_next = self.stack_to_tensor(self.stack);
        finished = 1. if self.emu.game_over() else 0.;
        self.store((s_t, a_idx, float(rew), s_next, finished));
        return finished;

    def learn(self, n_steps = 10000000):


        ckpt = tf.train.Checkpoint(model = self.frozen, optimizer = self.optimizer);
        ckpt.restore(tf.train.latest_checkpoint('ckpt_dqn'));
        writer = tf.summary.create_file_writer('ckpt_dqn');
        mean_ret = tf.keras.metrics.Mean(name = 'return', dtype = tf.float32);
        self.new_game();
        for k in range(n_steps):
            finished = self.act_once();
            if finished: self.episodes_done += 1;
            if finished and self.episodes_done % self.EVAL_EVERY == 0:

                for k in range(10): mean_ret.update_state(self.play_eval(max_steps = 1000));
                with writer.as_default():
                    tf.summary.scalar('return', mean_ret.result(), step = self.optimizer.iterations);
                print('iter %d mean return %.6f lr %.6f' % (self.optimizer.iterations, mean_ret.result(), self.optimizer._hyper['learning_rate'](self.optimizer.iterations)));
                mean_ret.reset_states();

            if k < self.WARMUP or len(self.replay) < self.MINIBATCH:
                continue;

            if k % self.LEARN_EVERY == 0:
                mean_obj = tf.keras.metrics.Mean(name = 'td_loss', dtype = tf.float32);
                # draw a minibatch
                sample = random.sample(self.replay, self.MINIBATCH);
                s_t, a_t, r_t, s_next, done_t = self.batch_to_tensors(sample);

                with tf.GradientTape() as tape:
                    q_now = self.online(s_t);
                    q_next = self.online(s_next);
                    objective = self.objective([q_now, q_next, r_t, a_t, done_t]);
                    mean_obj.update_state(objective);

                if tf.equal(self.optimizer.iterations % 100, 0):
                    with writer.as_default():
                        tf.summary.scalar('td_loss',mean_obj.result(), step = self.optimizer.iterations);
                    mean_obj.reset_states();

                g_list = tape.gradient(objective,self.online.trainable_variables);
                self.optimizer.apply_gradients(zip(g_list,self.online.trainable_variables));

            if k % self.SYNC_EVERY == 0:
                self.frozen.set_weights(self.online.get_weights());
                ckpt.save(os.path.join('ckpt_dqn','ckpt'));
        # final weights
        if False == os.path.exists('model'): os.mkdir('model');

        self.frozen.save_weights('./model/dqn_boxing');

    def play_eval(self, max_steps = None):
        self.emu.reset_game();

        ret = 0;
        step = 0;
        while False == self.emu.game_over() and (max_steps is None or step < max_steps):
            if self.RENDER:

                cv2.imshow('boxing',self.emu.getScreenRGB());
                cv2.waitKey(1);
            s_t = self.stack_to_tensor(stack);
            q_now = self.online(s_t);
            a_idx = tf.random.categorical(tf.keras.layers.Softmax(axis = -1)(q_now),1);
            for k in range(self.STACK):
                ret += self.emu.act(self.moves[a_idx]);
            stack.append(self.grab_frame());
            stack.pop(0);
            step += 1;
        return ret;

def main():

    agent = BoxingDQN();
    agent.learn();

if __name__ == "__main__":

    assert tf.executing_eagerly();
    main();
