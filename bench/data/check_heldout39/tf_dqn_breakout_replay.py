# -*- coding: utf-8 -*-

import os
import gym
import random
import numpy as np
import tensorflow as tf
from collections import deque
from skimage.color import rgb2gray
from skimage.transform import resize
from keras.models import Sequential
from keras.layers import Convolution2D, Flatten, Dense

GAME_ID = 'Breakout-v0'  # gym id
FRAME_W = 84  # width after resize
FRAME_H = 84  # height after resize
TRAIN_EPISODES = 12000  # training episodes
STACK_LEN = 4  # frames stacked per state
DISCOUNT = 0.99  # reward discount
EPS_DECAY_STEPS = 1000000  # steps to anneal epsilon
EPS_START = 1.0  # epsilon at start
EPS_END = 0.1  # epsilon floor
WARMUP_STEPS = 20000  # random steps before learning
REPLAY_CAPACITY = 400000  # transitions kept for replay
MINIBATCH_SIZE = 32  # transitions per update
TARGET_SYNC_EVERY = 10000  # steps between target syncs
TRAIN_EVERY = 4  # one update every 4 actions
RMS_LR = 0.00025  # RMSProp step size
RMS_MOMENTUM = 0.95  # RMSProp momentum
RMS_EPS = 0.01  # RMSProp denominator epsilon
SAVE_EVERY = 300000  # steps between checkpoints
MAX_NOOPS = 30  # up to this many no-op moves at episode start
RESTORE_NET = False
TRAIN_MODE = True
CKPT_DIR = 'saved_networks/' + GAME_ID
SUMMARY_DIR = 'summary/' + GAME_ID
TEST_EPISODES = 30  # evaluation episodes


class DQNAgent():
    def __init__(self, n_actions):
        self.n_actions = n_actions
        self.eps = EPS_START
        self.eps_decrement = (EPS_START - EPS_END) / EPS_DECAY_STEPS
        self.step_count = 0

        # per-episode statistics
        self.ep_reward = 0
        self.ep_q_max_sum = 0
        self.ep_loss_sum = 0
        self.ep_len = 0
        self.ep_count = 0

        # experience buffer
        self.replay_buffer = deque()

        # online Q network
        self.state_ph, self.q_out, online_net = self.make_q_net()
        online_weights = online_net.trainable_weights

        # frozen target network
        self.target_state_ph, self.target_q_out, target_net = self.make_q_net()
        target_weights = target_net.trainable_weights

        # ops copying online weights to the target
        self.sync_target_ops = [target_weights[k].assign(online_weights[k]) for k in range(len(target_weights))]

        # TD loss and its optimiser step
        self.action_ph, self.y_ph, self.td_loss, self.train_op = self.make_train_op(online_weights)

        self.session = tf.InteractiveSession()
        self.ckpt_saver = tf.train.Saver(online_weights)
        self.summary_inputs, self.summary_assigns, self.merged_summary = self.make_summaries()
        self.summary_out = tf.train.SummaryWriter(SUMMARY_DIR, self.session.graph)

        if not os.path.exists(CKPT_DIR):
            os.makedirs(CKPT_DIR)

        self.session.run(tf.initialize_all_variables())

        # optionally restore a checkpoint
        if RESTORE_NET:
            self.restore_network()

        # start the target equal to the online net
        self.session.run(self.sync_target_ops)

    def make_q_net(self):
        q_model = Sequential()
        q_model.add(Convolution2D(32, 8, 8, subsample=(4, 4), activation='relu', input_shape=(STACK_LEN, FRAME_W, FRAME_H)))
        q_model.add(Convolution2D(64, 4, 4, subsample=(2, 2), activation='relu'))
        q_model.add(Convolution2D(64, 3, 3, subsample=(1, 1), activation='relu'))
        q_model.add(Flatten())
        q_model.add(Dense(512, activation='relu'))
        q_model.add(Dense(self.n_actions))

        state_ph = tf.placeholder(tf.float32, [None, STACK_LEN, FRAME_W, FRAME_H])
        q_out = q_model(state_ph)

        return state_ph, q_out, q_model

    def make_train_op(self, online_weights):
        action_ph = tf.placeholder(tf.int64, [None])
        y_ph = tf.placeholder(tf.float32, [None])

        # one-hot of the chosen action
        action_onehot = tf.one_hot(action_ph, self.n_actions, 1.0, 0.0)
        q_taken = tf.reduce_sum(tf.mul(self.q_out, action_onehot), reduction_indices=1)

        # Huber-style loss: squared inside [-1, 1], linear beyond
        td_err = tf.abs(y_ph - q_taken)
        quad_part = tf.clip_by_value(td_err, 0.0, 1.0)
        lin_part = td_err - quad_part
        td_loss = tf.reduce_mean(0.5 * tf.square(quad_part) + lin_part)

        rms_opt = tf.train.RMSPropOptimizer(RMS_LR, momentum=RMS_MOMENTUM, epsilon=RMS_EPS)
        train_op = rms_opt.minimize(td_loss, var_list=online_weights)

        return action_ph, y_ph, td_loss, train_op

    def initial_stack(self, obs_frame, prev_frame):
        small_frame = np.maximum(obs_frame, prev_frame)
        small_frame = np.uint8(resize(rgb2gray(small_frame), (FRAME_W, FRAME_H)) * 255)
        state_stack = [small_frame for _ in range(STACK_LEN)]
        return np.stack(state_stack, axis=0)

    def choose_action(self, state_stack):
        if self.eps >= random.random() or self.step_count < WARMUP_STEPS:
            act_id = random.randrange(self.n_actions)
        else:
            act_id = np.argmax(self.q_out.eval(feed_dict={self.state_ph: [np.float32(state_stack / 255.0)]}))

        # linear epsilon decay
        if self.eps > EPS_END and self.step_count >= WARMUP_STEPS:
            self.eps -= self.eps_decrement

        return act_id

    def step_env(self, state_stack, act_id, rew, done_flag, obs_frame):
        next_stack = np.append(state_stack[1:, :, :], obs_frame, axis=0)

        # rewards clipped to [-1, 1]
        rew = np.clip(rew, -1, 1)

        # push the transition into the buffer
        self.replay_buffer.append((state_stack, act_id, rew, next_stack, done_flag))
        if len(self.replay_buffer) > REPLAY_CAPACITY:
            self.replay_buffer.popleft()

        if self.step_count >= WARMUP_STEPS:
            # learn every few steps
            if self.step_count % TRAIN_EVERY == 0:
                self.fit_minibatch()

            # periodic target sync
            if self.step_count % TARGET_SYNC_EVERY == 0:
                self.session.run(self.sync_target_ops)

            # periodic checkpoint
            if self.step_count % SAVE_EVERY == 0:
                saved_to = self.ckpt_saver.save(self.session, CKPT_DIR + '/' + GAME_ID, global_step=self.step_count)
                print('checkpoint written: ' + saved_to)

        self.ep_reward += rew
        self.ep_q_max_sum += np.max(self.q_out.eval(feed_dict={self.state_ph: [np.float32(state_stack / 255.0)]}))
        self.ep_len += 1

        if done_flag:
            # log episode statistics
            if self.step_count >= WARMUP_STEPS:
                ep_stats = [self.ep_reward, self.ep_q_max_sum / float(self.ep_len),
                        self.ep_len, self.ep_loss_sum / (float(self.ep_len) / float(TRAIN_EVERY))]
                for k in range(len(ep_stats)):
                    self.session.run(self.summary_assigns[k], feed_dict={
                        self.summary_inputs[k]: float(ep_stats[k])
                    })
                summary_blob = self.session.run(self.merged_summary)
                self.summary_out.add_summary(summary_blob, self.ep_count + 1)

            # which phase the agent is in
            if self.step_count < WARMUP_STEPS:
                phase = 'random'
            elif WARMUP_STEPS <= self.step_count < WARMUP_STEPS + EPS_DECAY_STEPS:
                phase = 'explore'
            else:
                phase = 'exploit'
            print('ep {0:6d} | step {1:8d} | len {2:5d} | eps {3:.5f} | reward {4:3.0f} | mean maxQ {5:2.4f} | mean loss {6:.5f} | {7}'.format(
                self.ep_count + 1, self.step_count, self.ep_len, self.eps,
                self.ep_reward, self.ep_q_max_sum / float(self.ep_len),
                self.ep_loss_sum / (float(self.ep_len) / float(TRAIN_EVERY)), phase))

            self.ep_reward = 0
            self.ep_q_max_sum = 0
            self.ep_loss_sum = 0
            self.ep_len = 0
            self.ep_count += 1

        self.step_count += 1

        return next_stack

    def fit_minibatch(self):
        state_stack_batch = []
        act_batch = []
        rew_batch = []
        next_stack_batch = []
        done_batch = []
        target_y_batch = []

        # draw a random minibatch from the buffer
        sampled = random.sample(self.replay_buffer, MINIBATCH_SIZE)
        for transition in sampled:
            state_stack_batch.append(transition[0])
            act_batch.append(transition[1])
            rew_batch.append(transition[2])
            next_stack_batch.append(transition[3])
            done_batch.append(transition[4])

        # booleans to 0/1
        done_batch = np.array(done_batch) + 0

        target_q_batch = self.target_q_out.eval(feed_dict={self.target_state_ph: np.float32(np.array(next_stack_batch) / 255.0)})
        target_y_batch = rew_batch + (1 - done_batch) * DISCOUNT * np.max(target_q_batch, axis=1)

        td_loss, _ = self.session.run([self.td_loss, self.train_op], feed_dict={
            self.state_ph: np.float32(np.array(state_stack_batch) / 255.0),
            self.action_ph: act_batch,
            self.y_ph: target_y_batch
        })

        self.ep_loss_sum += td_loss

    def make_summaries(self):
        sum_reward_var = tf.Variable(0.)
        tf.scalar_summary(GAME_ID + '/episode/reward_sum', sum_reward_var)
        mean_q_var = tf.Variable(0.)
        tf.scalar_summary(GAME_ID + '/episode/mean_max_q', mean_q_var)
        ep_len_var = tf.Variable(0.)
        tf.scalar_summary(GAME_ID + '/episode/length', ep_len_var)
        mean_loss_var = tf.Variable(0.)
        tf.scalar_summary(GAME_ID + '/episode/mean_loss', mean_loss_var)
        summary_vars_list = [sum_reward_var, mean_q_var, ep_len_var, mean_loss_var]
        summary_inputs = [tf.placeholder(tf.float32) for _ in range(len(summary_vars_list))]
        summary_assigns = [summary_vars_list[k].assign(summary_inputs[k]) for k in range(len(summary_vars_list))]
        merged_summary = tf.merge_all_summaries()
        return summary_inputs, summary_assigns, merged_summary

    def restore_network(self):
        ckpt_state = tf.train.get_checkpoint_state(CKPT_DIR)
        if ckpt_state and ckpt_state.model_checkpoint_path:
            self.ckpt_saver.restore(self.session, ckpt_state.model_checkpoint_path)
            print('checkpoint restored: ' + ckpt_state.model_checkpoint_path)
        else:
            print('no checkpoint, starting fresh')

    def choose_action_test(self, state_stack):
        if random.random() <= 0.05:
            act_id = random.randrange(self.n_actions)
        else:
            act_id = np.argmax(self.q_out.eval(feed_dict={self.state_ph: [np.float32(state_stack / 255.0)]}))

        self.step_count += 1

        return act_id


def shrink_frame(obs_frame, prev_frame):
    small_frame = np.maximum(obs_frame, prev_frame)
    small_frame = np.uint8(resize(rgb2gray(small_frame), (FRAME_W, FRAME_H)) * 255)
    return np.reshape(small_frame, (1, FRAME_W, FRAME_H))


def run_main():
    game_env = gym.make(GAME_ID)
    dqn_agent = DQNAgent(n_actions=game_env.action_space.n)

    if TRAIN_MODE:  # learning
        for _ in range(TRAIN_EPISODES):
            done_flag = False
            obs_frame = game_env.reset()
            for _ in range(random.randint(1, MAX_NOOPS)):
                prev_frame = obs_frame
                obs_frame, _, _, _ = game_env.step(0)  # no-op
            state_stack = dqn_agent.initial_stack(obs_frame, prev_frame)
            while not done_flag:
                prev_frame = obs_frame
                act_id = dqn_agent.choose_action(state_stack)
                obs_frame, rew, done_flag, _ = game_env.step(act_id)
                # (rendering off while learning)
                small_frame = shrink_frame(obs_frame, prev_frame)
                state_stack = dqn_agent.step_env(state_stack, act_id, rew, done_flag, small_frame)
    else:  # evaluation
        # (monitor recording was here)
        for _ in range(TEST_EPISODES):
            done_flag = False
            obs_frame = game_env.reset()
            for _ in range(random.randint(1, MAX_NOOPS)):
                prev_frame = obs_frame
                obs_frame, _, _, _ = game_env.step(0)  # no-op
            state_stack = dqn_agent.initial_stack(obs_frame, prev_frame)
            while not done_flag:
                prev_frame = obs_frame
                act_id = dqn_agent.choose_action_test(state_stack)
                obs_frame, _, done_flag, _ = game_env.step(act_id)
                game_env.render()
                small_frame = shrink_frame(obs_frame, prev_frame)
                state_stack = np.append(state_stack[1:, :, :], small_frame, axis=0)
        # (and closed here)


if __name__ == '__main__':
    run_main()
