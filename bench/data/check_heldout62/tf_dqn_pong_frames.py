import gym
import numpy as np
import tensorflow as tf
import cv2
import random
import logging

logging.getLogger().setLevel(logging.INFO)

GAME_ID = 'PongNoFrameskip-v4'
RECORD_EVERY_N_GAMES = 100
RECORD_DIR = './recordings'
STATS_FILE = 'run_stats.npy'
CKPT_PATH = './ckpt/qnet.ckpt'

class FrameMemory():
    """Ring buffer of single frames plus per-step
    transition info, so stacks can be rebuilt on sampling
    """

    def __init__(self, capacity=1000000, history_len=4):
        self.capacity = capacity
        self.history_len = history_len
        self.screens = None  # allocated lazily once the first screen is seen
        self.acts = np.empty(self.capacity, dtype=np.int32)
        self.rews = np.empty(self.capacity, dtype=np.float32)
        self.terms = np.empty(self.capacity, dtype=np.bool)
        self.cursor = 0
        self.filled = 0

    def _history_at(self, last_pos):
        first_pos = last_pos - self.history_len + 1
        pile = []
        for pos in range(first_pos, last_pos + 1):
            pile.append(self.screens[pos % self.capacity])
        return np.stack(pile, axis=-1)

    def add_screen(self, screen):
        if self.screens is None:
            self.screens = np.empty((self.capacity,) + screen.shape, dtype=np.uint8)
        self.screens[self.cursor] = screen

    def latest_history(self):
        return np.expand_dims(self._history_at(self.cursor), axis=0)

    def add_step(self, act, rew, term):
        self.acts[self.cursor] = act
        self.rews[self.cursor] = rew
        self.terms[self.cursor] = term
        self.cursor = (self.cursor + 1) % self.capacity
        if self.filled < self.capacity:
            self.filled += 1

    def draw(self, n):
        if self.filled < self.capacity:
            picks = random.sample(xrange(self.history_len - 1, self.filled - 1), n)
        else:
            picks = random.sample(xrange(self.capacity - 1), n)
        s_batch = np.stack([self._history_at(p) for p in picks])
        a_batch = self.acts[picks]
        r_batch = self.rews[picks]
        s2_batch = np.stack([self._history_at(p + 1) for p in picks])
        t_batch = self.terms[picks]

        return s_batch, a_batch, r_batch, s2_batch, t_batch

class ScreenPrep(gym.Wrapper):
    """Screen preprocessing: max over the last two raw screens
    against flicker, luminance only, shrink and crop to 84x84,
    repeat each action for several raw frames, random no-op
    start of up to N steps, and reward sign clipping.
    """

    def __init__(self, env=None, repeat=4, noop_cap=30):
        super(ScreenPrep, self).__init__(env)
        self.last_raw = None
        self.repeat = repeat
        self.noop_cap = noop_cap
        self.noop_id = env.unwrapped.get_action_meanings().index('NOOP')

    def _shrink(self, raw):
        luma = 0.299 * raw[..., 0] + 0.587 * raw[..., 1] + 0.114 * raw[..., 2]
        small = cv2.resize(luma, (84, 110), interpolation=cv2.INTER_LINEAR)
        cut = small[18:102, :]
        return cut

    def _step(self, act):
        rew_sum = 0.0
        term = False
        raw = None
        for _ in range(self.repeat):
            if raw is not None:
                self.last_raw = raw
            raw, rew, term, extra = self.env.step(act)
            rew_sum += rew
            if term:
                break

        merged = np.maximum(self.last_raw, raw)
        self.last_raw = raw

        return self._shrink(merged), np.sign(rew_sum), term, extra

    def _reset(self):
        raw = self.env.reset()
        for _ in range(np.random.randint(1, self.noop_cap + 1)):
            raw, _, _, _ = self.env.step(self.noop_id)
        self.last_raw = raw
        return self._shrink(raw)

def value_net(inp, n_acts, scope=None, trainable=True):
    with tf.variable_scope(scope):
        h = inp
        h = tf.contrib.layers.conv2d(h, num_outputs=32, kernel_size=8, stride=4, activation_fn=tf.nn.relu, trainable=trainable)
        h = tf.contrib.layers.conv2d(h, num_outputs=64, kernel_size=4, stride=2, activation_fn=tf.nn.relu, trainable=trainable)
        h = tf.contrib.layers.conv2d(h, num_outputs=64, kernel_size=3, stride=1, activation_fn=tf.nn.relu, trainable=trainable)
        h = tf.contrib.layers.flatten(h)
        h = tf.contrib.layers.fully_connected(h, num_outputs=512, activation_fn=tf.nn.relu, trainable=trainable)
        h = tf.contrib.layers.fully_connected(h, num_outputs=n_acts, activation_fn=None, trainable=trainable)
        return h

def build_graph(n_acts, gamma=0.99):
    # online network
    # the placeholder takes a stack of 4 processed screens
    s_ph = tf.placeholder(tf.uint8, [None, 84, 84, 4])
    q_online = value_net(tf.cast(s_ph, tf.float32) / 255.0, n_acts, scope='online', trainable=True)  # (?, n_acts)

    # frozen network
    a_ph = tf.placeholder(tf.int32, [None])
    r_ph = tf.placeholder(tf.float32, [None])
    s2_ph = tf.placeholder(tf.uint8, [None, 84, 84, 4])
    t_ph = tf.placeholder(tf.bool, [None])
    q_frozen = value_net(tf.cast(s2_ph, tf.float32) / 255.0, n_acts, scope='frozen', trainable=False)  # (?, n_acts)

    # double q: the online net picks the action, the frozen net scores it
    y_target = (r_ph + (1 - tf.cast(t_ph, tf.float32)) * gamma *
        tf.reduce_sum(tf.one_hot(tf.argmax(q_online, axis=1), n_acts) * q_frozen, axis=1))  # (?,)
    q_taken = tf.reduce_sum(q_online * tf.one_hot(a_ph, n_acts), axis=1)  # (?,)
    # huber-style loss on the td gap
    gap = y_target - q_taken
    objective = tf.reduce_mean(tf.where(tf.abs(gap) < 0.5, tf.square(gap), tf.abs(gap) - 0.25))

    # optimisation
    online_vars = tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, scope='online')
    step_op = tf.train.AdamOptimizer(learning_rate=0.0001, epsilon=1e-4).minimize(objective, var_list=online_vars)

    # copy online weights into the frozen net
    frozen_vars = tf.get_collection(tf.GraphKeys.MODEL_VARIABLES, scope='frozen')
    sync_op = tf.group(*[dst.assign(src)
                               for src, dst in zip(sorted(online_vars, key=lambda v: v.name),
                                                          sorted(frozen_vars, key=lambda v: v.name))])

    ckpt = tf.train.Saver(var_list=online_vars)

    return {
        'q': q_online,
        's': s_ph,
        'a': a_ph,
        'r': r_ph,
        's2': s2_ph,
        't': t_ph,
        'objective': objective,
        'step_op': step_op,
        'sync_op': sync_op,
        'ckpt': ckpt
    }

def reference_states(n_states=32):
    # a plain env, not wrapped in the recorder
    env = gym.make(GAME_ID)
    env = ScreenPrep(env)
    mem = FrameMemory()
    screen = env.reset()
    
    games_done = 0
    steps = 0
    while True:
        steps += 1
        mem.add_screen(screen)
        act = env.action_space.sample()
        screen, rew, term, extra = env.step(act)
        mem.add_step(act, rew, term)
        if term:
            games_done += 1
            screen = env.reset()
        if games_done >= 10 and steps >= 10000:
            # enough games and steps to draw from
            break
    picked, _, _, _, _ = mem.draw(n_states)
    return picked    

def run_training(env, recorder, resume=True):
    # settings from the Nature DQN paper
    sync_every = 10000
    gamma = 0.99
    learn_every = 4
    warmup_steps = 50000
    
    # fixed states for tracking Q
    logging.info('collecting reference states')
    ref_states = reference_states()
    history = []

    mem = FrameMemory()

    screen = env.reset()

    def eps_at(step):
        return max(1 - step / 1000000.0, 0) * 0.9 + 0.1

    with tf.Session() as sess:
        g = build_graph(env.action_space.n, gamma)
        sess.run(tf.global_variables_initializer())
        sess.run(g.get('sync_op'))

        step = 0
        n_updates = 0
        logging.info('warming up the memory')
        while True:
            step += 1

            if step == warmup_steps:
                logging.info('learning begins')
            
            # act in the environment
            mem.add_screen(screen)
            # epsilon-greedy choice
            if step <= warmup_steps or eps_at(step) > np.random.rand():
                act = env.action_space.sample()
            else:
                hist = mem.latest_history()
                q_now = sess.run(g.get('q'), feed_dict={g.get('s'): hist})
                act = np.argmax(q_now)
            screen, rew, term, extra = env.step(act)
            mem.add_step(act, rew, term)
            if term:
                screen = env.reset()

            # one gradient step
            if (step > warmup_steps and step % learn_every == 0):
                s_b, a_b, r_b, s2_b, t_b = mem.draw(32)
                obj_val, _ = sess.run([g.get('objective'), g.get('step_op')], feed_dict={
                    g.get('s'): s_b,
                    g.get('a'): a_b,
                    g.get('r'): r_b,
                    g.get('s2'): s2_b,
                    g.get('t'): t_b
                })
                n_updates += 1
                if n_updates % sync_every == 0:
                    sess.run(g.get('sync_op'))
                    logging.info("sync after update %f" % n_updates)

            # progress report
            if step > warmup_steps and step % 10000 == 0:
                game_scores = recorder.get_episode_rewards()
                mean_score = np.mean(game_scores[-100:])
                ref_q = sess.run(g.get('q'), feed_dict={g.get('s'): ref_states})
                mean_max_q = np.mean(np.max(ref_q, axis=1))
                logging.info("step %d" % (step,))
                logging.info("games %d" % len(game_scores))
                logging.info("mean score %f" % mean_score)
                logging.info("mean max q %f" % mean_max_q)
                history.append([step, mean_score, mean_max_q])
                np.save(STATS_FILE, history)
                g.get('ckpt').save(sess, CKPT_PATH)

def dump_stacks(s_batch, s2_batch):
    # debugging helper
    for i, (cur, nxt) in enumerate(zip(s_batch, s2_batch)):
        for j, plane in enumerate(cur.transpose(2, 0, 1)):
            cv2.imwrite('{0}cur{1}.jpg'.format(i, j), plane)
        for j, plane in enumerate(nxt.transpose(2, 0, 1)):
            cv2.imwrite('{0}nxt{1}.jpg'.format(i, j), plane)

def main():
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument('--resume', action='store_true')
    opts = ap.parse_args()

    should_record = lambda game_id: game_id % RECORD_EVERY_N_GAMES == 0
    
    env = gym.make(GAME_ID)
    env = recorder = gym.wrappers.Monitor(env, RECORD_DIR, video_callable=should_record, force=True)
    env = ScreenPrep(env)
    
    run_training(env, recorder, opts.resume)

if __name__ == "__main__":
    main()
