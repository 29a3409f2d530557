"""Doc.


"""
import os
import sys
import itertools
from datetime import datetime
import tensorflow as tf
import numpy as np
from library.estimators.q_network import QNetwork
from replay_memory import FrameBuffer
from library.utils import make_epsilon_greedy_policy, generate_gif
from library.atari import AtariWrapper
from library.plotting import EpisodeStats


class AtariQLearner:
    def __init__(self,
                 env_name,
                 n_episodes=10000,
                 seed=42,
                 run_dir=None,
                 input_shape=(84, 84, 4),
                 capacity=100000,
                 warmup=10000,
                 batch_size=32,
                 stack=4,
                 train_every=4,
                 sync_every=10000,
                 eval_every=10000,
                 eval_len=10000,
                 learning_rate=0.00001,
                 gamma=0.99,
                 eps_start=1.0,
                 eps_end=0.1,
                 eps_steps=1000000,
                 max_ep_len=18000,
                 log_every=1,
                 train=False):
        """Doc.




























        """
        # note
        self.n_episodes = n_episodes
        self.rng = np.random.RandomState(seed)
        self.env = AtariWrapper(env_name, rng=self.rng)
        self.n_actions = self.env.env.action_space.n
        self.input_shape = input_shape
        self.capacity = capacity
        self.warmup = warmup
        self.batch_size = batch_size
        self.stack = stack
        self.train_every = train_every
        self.sync_every = sync_every
        self.eval_every = eval_every
        self.eval_len = eval_len
        self.learning_rate = learning_rate
        self.gamma = gamma
        self.eps_start = eps_start
        self.eps_end = eps_end
        self.eps_steps = eps_steps
        self.max_ep_len = max_ep_len
        self.log_every = log_every

        # note
        if run_dir is None:
            run_dir = os.path.abspath('./runs/{}'.format(self.env.env.spec.id))
        self.ckpt_dir = os.path.join(run_dir, 'ckpts')
        self.gif_dir = os.path.join(run_dir, 'gifs')
        self.wts_dir = os.path.join(run_dir, 'wts')
        print(str(self.gif_dir))
        if not os.path.exists(self.ckpt_dir):
            os.makedirs(self.ckpt_dir)
        if not os.path.exists(self.gif_dir):
            os.makedirs(self.gif_dir)
        if not os.path.exists(self.wts_dir):
            os.makedirs(self.wts_dir)

        # note
        self.ep_stats = EpisodeStats(
            episode_lengths=np.zeros(self.n_episodes),
            episode_rewards=np.zeros(self.n_episodes)
        )

        # note
        self.online_net = QNetwork(input_shape=input_shape,
                                  n_actions=self.n_actions,
                                  rng=self.rng)
        self.frozen_net = QNetwork(input_shape=input_shape,
                                         n_actions=self.n_actions,
                                         rng=self.rng)
        # note
        self.optimizer = tf.keras.optimizers.Adam(lr=self.learning_rate)
        self.huber = tf.keras.losses.Huber()

        # note
        self.ckpt = tf.train.Checkpoint(step=tf.Variable(0),
                                        optimizer=self.optimizer,
                                        net=self.online_net)
        self.ckpt_mgr = tf.train.CheckpointManager(self.ckpt, self.ckpt_dir, max_to_keep=3)
        if not train:
            self.ckpt.restore(self.ckpt_mgr.latest_checkpoint)
        if self.ckpt_mgr.latest_checkpoint and not train:
            print('resumed from {}'.format(self.ckpt_mgr.latest_checkpoint))
        else:
            print('fresh Q network')

        # note
        self.buffer = FrameBuffer(self.input_shape[0],
                                   self.input_shape[1],
                                   rng=self.rng,
                                   capacity=capacity,
                                   stack=stack,
                                   batch_size=batch_size)

        # note
        self.eps_schedule = np.linspace(eps_start, eps_end, eps_steps)
        # note
        # note
        # note
        self.policy = make_epsilon_greedy_policy(self.n_actions,
                                                 epsilon=0.0,
                                                 estimator=self.online_net,
                                                 distribute_prob=False)

    def run_training(self, n_episodes=None):
        """Doc.


        """
        if n_episodes is None:
            n_episodes = self.n_episodes

        # note
        # note
        loss_history = []
        print('start of training')
        # note
        for ep in range(n_episodes):

            # note
            _ = self.env.reset()
            # note
            loss = None

            # note
            for t in itertools.count():

                # note
                probs = self.policy(tf.expand_dims(self.env.state, axis=0),
                                           self.current_eps())
                # note
                action = np.random.choice(tf.range(len(probs)), p=probs)

                # note
                obs_frame, reward, done, lost_life, _ = self.env.step(action)

                # note
                self.buffer.push(obs_frame[:, :, 0], action, reward, lost_life)

                # note
                self.ep_stats.episode_rewards[ep] += reward
                self.ep_stats.episode_lengths[ep] = t

                # note
                if int(self.ckpt.step) % self.train_every == 0\
                        and int(self.ckpt.step) > self.warmup:
                    loss = self.learn_step()
                    loss_history.append(loss.numpy())

                # note
                if int(self.ckpt.step) % self.sync_every == 0:
                    self.sync_target()

                # note
                if int(self.ckpt.step) % self.eval_every == 0:
                    self.evaluate_and_record()

                # note
                self.ckpt.step.assign_add(1)

                # note
                if done:
                    break
                # note
                if t == self.max_ep_len:
                    break

            # note
            if ep % self.log_every == 0:
                if loss is not None:
                    self.ckpt_mgr.save()
                    print("{} ep {}/{} loss={:.10f} R={} len={}".format(
                        datetime.now().strftime("%Y-%m-%d %H:%M"),
                        ep,
                        n_episodes,
                        loss,
                        self.ep_stats.episode_rewards[ep],
                        self.ep_stats.episode_lengths[ep]))
                else:
                    print('{} warmup ep {}/{} R={} len={}'.format(
                        datetime.now().strftime("%Y-%m-%d %H:%M"),
                        ep,
                        n_episodes,
                        self.ep_stats.episode_rewards[ep],
                        self.ep_stats.episode_lengths[ep]
                    ))

        print('training over')
        print('writing weights')
        self.online_net.save_weights(self.wts_dir)
        print('ok')

    def learn_step(self):
        """Doc.



        """
        # note
        batch_s, actions, rewards, batch_s2, done = self.buffer.sample_batch()

        # note
        q_next_online = self.online_net.predict(batch_s2)
        # note
        argmax_a = tf.argmax(q_next_online, axis=1)

        # note
        q_next_frozen = self.frozen_net.predict(batch_s2)
        # note
        ddqn_q = q_next_frozen[np.arange(self.batch_size), argmax_a]
        # note
        td_target = rewards + (self.gamma * ddqn_q * (1 - done))
        # note
        act_mask = tf.act_mask(actions, self.n_actions, dtype=tf.float32)

        with tf.GradientTape() as tape:
            # note
            q_all = self.online_net(batch_s)
            # note
            q = tf.reduce_sum(tf.multiply(q_all, act_mask), axis=1)

            # note
            loss = self.huber(y_true=td_target, y_pred=q)

        # note
        grads = tape.gradient(loss, self.online_net.trainable_variables)

        # note
        self.optimizer.apply_gradients(zip(grads, self.online_net.trainable_variables))

        return loss

    def evaluate_and_record(self, n_games=1):
        """Doc.


        """
        done = True
        lost_life = True
        total_r = 0
        frames_seen = []
        print('evaluating')

        for _ in range(self.eval_len):

            if done:
                lost_life = self.env.reset(evaluate=True)

            # note
            if lost_life:
                # note
                # note
                action = 1
            else:
                # note
                probs = self.policy(tf.expand_dims(self.env.state, axis=0))
                # note
                action = np.random.choice(tf.range(len(probs)), p=probs)

            # note
            obs_frame, reward, done, lost_life, frame = self.env.step(action)

            # note
            total_r += reward
            # note
            frames_seen.append(frame)

            # note
            if self.env.lives == 0:
                print('writing gif')
                generate_gif(frames_seen, total_r, self.gif_dir,
                             number=int(self.ckpt.step), evaluation=True)
                break

    def current_eps(self):
        """Doc.

        """
        return self.eps_schedule[min(int(self.ckpt.step), self.eps_steps - 1)]

    def sync_target(self):
        """Doc.


        """
        print('target sync')
        self.frozen_net.set_weights(self.online_net.get_weights())
