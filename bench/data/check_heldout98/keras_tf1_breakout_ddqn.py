import gym
import random
import numpy as np
import tensorflow as tf
from collections import deque
from skimage.color import rgb2gray
from skimage.transform import resize
from keras.models import Sequential
from keras.optimizers import RMSprop
from keras.layers import Dense, Flatten
from keras.layers.convolutional import Conv2D
from keras import backend as K

N_GAMES = 50000

# typed in while following the rlcode double-DQN Breakout example


class DoubleQPlayer:
    def __init__(self, n_moves):
        self.show = False
        self.resume = False

        self.obs_shape = (84, 84, 4)
        self.n_moves = n_moves

        self.eps = 1.
        self.eps_hi, self.eps_lo = 1.0, 0.1
        self.anneal_steps = 1000000.
        self.eps_step = (
            self.eps_hi - self.eps_lo) / self.anneal_steps

        self.mb = 32
        self.warmup = 50000
        self.sync_every = 10000
        self.gamma = 0.99
        self.buffer = deque(maxlen=400000)
        self.max_noops = 30

        self.online = self.make_net()
        self.frozen = self.make_net()
        self.sync_nets()

        self.fit_fn = self.fit_fn()

        self.sess = tf.InteractionSession()
        K.set_session(self.sess)

        self.q_sum, self.loss_sum = 0, 0
        self.log_inputs, self.log_assigns,
        self.log_op = self.make_logging()
        self.log_writer = tf.summary.FileWriter(
            'summary/breakout_ddqn', self.sess_graph)
        self.sess.run(tf.global_variables_initializer())

        if self.resume:
            self.online.load_weights("./save_model/breakout_ddqn.h5")

    def fit_fn(self):
        act_in = K.placeholder(shape=(None, ), dtype='int32')
        tgt_in = K.placeholder(shape=(None, ), dtype='float32')

        q_all = self.online.output

        act_mask = K.one_hot(act_in, self.n_moves)
        q_taken = K.sum(q_all * act_mask, axis=1)
        gap = K.abs(tgt_in-q_taken)

        inner = K.clip(gap, 0.0, 1.0)
        outer = gap - inner
        huber = K.mean(0.5 * K.square(inner) + outer)

        opt = RMSprop(lr=0.00025, epsilon=0.01)
        upd = opt.get_updates(self.online.trainable_weights, [], huber)
        fn = K.function([self.online.input, act_in, tgt_in], [huber], updates=upd)
        return fn

    def make_net(self):
        net = Sequential()
        net.add(Conv2D(32, (8, 8), strides=(4, 4), activation='relu',
                         input_shape=self.obs_shape))
        net.add(Conv2D(64, (4, 4), strides=(2, 2), activation='relu'))
        net.add(Conv2D(64, (3, 3), strides=(1, 1), activation='relu'))
        net.add(Flatten())
        net.add(Dense(512, activation='relu'))
        net.add(Dense(self.n_moves))
        net.summary()

        return net

    def sync_nets(self):
        self.frozen.set_weights(self.online.get_weights())

    def choose(self, stack):
        stack = np.float32(stack / 255.0)
        if np.random.rand() <= self.eps:
            return random.randrange(self.n_moves)
        else:
            qs = self.online.predict(stack)
            return np.argmax(qs[0])

    def remember(self, stack, move, gain, next_stack, lost):
        self.buffer.append((stack, move, gain, next_stack, lost))

    def learn(self):
        if len(self.buffer) < self.warmup:
            return
        if self.eps > self.eps_lo:
            self.eps -= self.eps_step

        picked = random.sample(self.buffer, self.mb)

        cur = np.zeros(
            (self.mb, self.obs_shape[0], self.obs_shape[1],
             self.obs_shape[2]))
        nxt = np.zeros(
            (self.mb, self.obs_shape[0], self.obs_shape[1],
             self.obs_shape[2]))
        tgt = np.zeros((self.mb))
        moves, gains, losts = [], [], []

        for j in range(self.mb):
            cur[j] = np.float32(picked[j][0]/255.)
            nxt[j] = np.float32(picked[j][3] / 255.)
            moves.append(picked[j][1])
            gains.append(picked[j][2])
            losts.append(picked[j][4])

        q_next_online = self.online.predict(nxt)
        q_next_frozen = self.frozen.predict(nxt)

        for j in range(self.mb):
            if losts[j]:
                tgt[j] = gains[j]
            else:
                tgt[j] = gains[j] + self.gamma * \
                    q_next_frozen[j][np.argmax(q_next_online[j])]

        out = self.fit_fn([cur, moves, tgt])
        self.loss_sum += out[0]

    def make_logging(self):
        v_reward = tf.Variable(0.)
        v_maxq = tf.Variable(0.)
        v_len = tf.Variable(0.)
        v_loss = tf.Variable(0.)

        tf.summary.scalar('Total Reward/Episode', v_reward)
        tf.summary.scalar('Average Max Q/Episode', v_maxq)
        tf.summary.scalar('Duration/Episode', v_len)
        tf.summary.scalar('Average Loss/Episode', v_loss)

        tracked = [v_reward,
                        v_maxq, v_len, v_loss]
        inputs = [tf.placeholder(
            tf.float32) for _ in range(len(tracked))]
        assigns = [tracked[k].assign(
            inputs[k]) for k in range(len(tracked))]
        merged = tf.summary.merge_all()
        return inputs, assigns, merged


def shrink(frame):
    small = np.uint8(
        resize(rgb2gray(frame), (84, 84), mode='constant')*255)
    return small


if __name__ == "__main__":
    env = gym.make('BreakoutDeterministic-v4')
    player = DoubleQPlayer(n_moves=3)

    all_scores, all_games, t_global = [], [], 0

    for g in range(N_GAMES):
        over = False
        lost = False
        t, total, lives = 0, 0, 5
        frame = env.reset()

        for _ in range(random.randint(1, player.max_noops)):
            frame, _, _, _ = env.step(1)

        one = shrink(frame)
        stack = np.stack((one, one, one, one), axis=2)
        stack = np.reshape([stack], (1, 84, 84, 4))

        while not over:
            if player.show:
                env.render()
            t_global += 1
            t += 1

            move = player.choose(stack)
            if move == 0:
                env_move = 1
            elif move == 1:
                env_move = 2
            else:
                env_move = 3

            frame, gain, over, info = env.step(env_move)
            one_next = shrink(frame)
            one_next = np.reshape([one_next], (1, 84, 84, 1))
            next_stack = np.append(one_next, stack[:, :, :, :3], axis=3)

            player.q_sum += np.amax(
                player.online.predict(np.float32(stack / 255.))[0])

            if lives > info['ale.lives']:
                lost = True
                start_lige = info['ale_lives']

            gain = np.clip(gain, -1., 1.)

            player.remember(stack, move, gain, next_stack, deda)
            player.learn()

            if t_global % player.sync_every == 0:
                player.sync_nets()

            total += gain

            if lost:
                lost = False
            else:
                stack = next_stack

            if over:
                if t_global > player.warmup:
                    stats = [total, player.q_sum /
                             float(t), t, player.loss_sum / float(t)]

                    for k in range(len(stats)):
                        player.sess.run(player.log_assigns[k], feed_dict={
                                       player.log_inputs[k]:
                                       float(stats[k])})

                    summ = player.sess.run(player.log_op)
                    player.log_writer.add_summary(summ, g+1)

                print("game:", g, "  score:", total, "  buffer size:",
                      len(player.buffer), "  eps:", player.eps,
                      "  step:", t_global, "  mean max q:",
                      player.q_sum/float(t), "  mean loss:",
                      player.loss_sum/float(t))

                player.q_sum, player.loss_sum = 0, 0

        if g % 1000 == 0:
            player.online.save_weights("./save_model/breakout_ddqn.h5")
