# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note

from argparse import ArgumentParser
from collections import deque
from time import sleep
import random
import numpy as np
import keras
import gym
from gym.wrappers import AtariPreprocessing
from keras.layers import Conv2D, Flatten, Dense
from keras.constraints import max_norm
import matplotlib
matplotlib.use("tkagg")
from matplotlib import pyplot
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note

# note
FRAME_HW = (42, 42)
# note
REWARD_WINDOW = 100
# note
MEM_CAP = 10000
MB = 32
# note
DISCOUNT = 0.99
# note
# note
WARMUP = 1000
# note
# note
LEARN_EVERY = 4
# note
# note
SYNC_EVERY = 2000
# note
# note
CKPT_EVERY = 10000
# note
# note
N_STACK = 4
# note
# note
# note
LR = 0.001

class TransitionStore:
    """Doc.



    """
    def __init__(self, capacity, obs_shape):
        self.capacity = capacity
        # note
        self.s1 = np.zeros((capacity, ) + obs_shape, dtype=np.uint8)
        # note
        self.s2 = np.zeros((capacity, ) + obs_shape, dtype=np.uint8)
        # note
        self.a = np.zeros(capacity, dtype=np.int)
        # note
        self.r = np.zeros(capacity, dtype=np.float)
        # note
        self.t = np.zeros(capacity, dtype=np.uint8)

        # note
        # note
        self.index = 0
        self.count = 0

    def store(self, s1, a, r, s2, t):
        # note
        self.s1[self.index] = (s1 * 255).astype(np.uint8)
        self.a[self.index] = a
        self.r[self.index] = r
        self.s2[self.index] = (s2 * 255).astype(np.uint8)
        self.t[self.index] = t

        self.index += 1
        self.count = max(self.index, self.count)
        # note
        if self.index == self.capacity:
            self.index = 0

    def draw(self, batch_size):
        """Doc.



        """
        # note
        pick = np.random.randint(0, self.count, size=(batch_size,))
        # note
        # note
        return [
            self.s1[pick] / 255.0,
            self.a[pick],
            self.r[pick],
            self.s2[pick] / 255.0,
            self.t[pick],
        ]

def copy_weights(model, target_model):
    """Doc."""
    # note
    # note
    # note
    # note
    # note
    target_model.set_weights(model.get_weights())


def make_q_nets(input_shape, num_actions):
    """Doc.


    """
    # note
    model = keras.models.Sequential()
    model.add(Conv2D(16, strides=3, kernel_size=6,  activation= 'relu', input_shape=input_shape))
    model.add(Conv2D(16, strides=1, kernel_size=3,  activation= 'relu'))
    model.add(Flatten())
    model.add(Dense(64, activation= 'sigmoid'))
    # note
    # note
    # note
    # note
    # note
    # note

    # note
    # note
    model.add(Dense(num_actions, bias_initializer='ones',kernel_constraint=max_norm(0), activation="relu"))


    # note
    # note
    target_model = keras.models.clone_model(model)
    copy_weights(model, target_model)

    # note
    model.compile(optimizer=keras.optimizers.Adam(lr=LR), loss="mse")
    target_model.compile(optimizer=keras.optimizers.Adam(lr=LR), loss="mse")

    return model, target_model

def train_once(model, target_model, store_, batch_size=MB):
    """Doc."""

    # note
    s1, a, r, s2, t = store_.draw(batch_size)
    # note
    # note
    # note
    next_best = np.max(target_model.predict(s2), axis=1)

    # note
    # note
    y_target = r + DISCOUNT * next_best * (1 - t)

    # note
    # note
    # note
    # note

    # note
    # note
    q_pred = model.predict(s1)
    # note
    # note
    # note
    # note
    q_pred[np.arange(batch_size), a] = y_target

    # note
    loss = model.train_on_batch(s1, q_pred)
    return loss


def choose(s1, model, num_actions):
    """Doc."""

    # note
    q_values = model.predict(s1[None])[0]

    # note
    # note
    # note
    # note

    # note
    # note
    n = np.random.randint(0,100)
    if n < 10:
        action =np.random.randint(0,num_actions-1)
    else:
        action = np.argmax(q_values)
    return action, q_values

def stack_frame(state, stacker):
    """Doc."""
    # note
    state = state.astype(np.float) / 255.0
    # note
    state = state[..., None]
    # note
    stacker.append(state)
    # note
    stacked = np.concatenate(stacker, axis=2)
    return stacked

def main(args):
    env = gym.make(args.env)
    # note
    env = AtariPreprocessing(env, screen_size=42, grayscale_obs=True, noop_max=1,
                             terminal_on_life_loss=True)

    # note
    # note
    # note
    frame_q = deque(maxlen=N_STACK)
    recent_r = deque(maxlen=REWARD_WINDOW)
    # note
    # note
    # note
    obs_shape = FRAME_HW + (N_STACK,)
    model = None
    target_model = None
    if not args.evaluate:
        # note
        model, target_model = make_q_nets(
            obs_shape,
            env.action_space.n
        )
    else:
        # note
        model = keras.models.load_model(args.model_path)

    # note
    store_ = None
    if not args.evaluate:
        store_ = TransitionStore(MEM_CAP, obs_shape)

    # note
    log_fh = None
    if args.log is not None:
        log_fh = open(args.log, "w")

    # note
    n_steps = 0
    xs = []
    loss_curve = []
    q_curve = []
    while n_steps < args.steps:
        terminal = False
        ep_return = 0
        # note
        losses = []

        # note
        frame_q.clear()
        for i in range(N_STACK):
            frame_q.append(np.zeros(FRAME_HW + (1,)))
        s1 = env.reset()
        # note
        s1 = stack_frame(s1, frame_q)
        ep_q = []
        while not terminal:
            action, q_values = choose(s1, model, env.action_space.n)
            # note
            # note
            # note
            # note
            ep_q.append(q_values)
            s2, reward, terminal, info = env.step(action)
            s2 = stack_frame(s2, frame_q)
            n_steps += 1
            # note
            ep_return += reward
            recent_r.append(reward)
            if args.show:
                env.render()

            # note
            if not args.evaluate:
                # note
                store_.store(s1, action, reward, s2, terminal)

                # note
                if (n_steps % LEARN_EVERY) == 0:
                    if store_.count > WARMUP:
                        losses.append(train_once(model, target_model, store_))
                if (n_steps % SYNC_EVERY) == 0:
                    copy_weights(model, target_model)
                if (n_steps % CKPT_EVERY) == 0:
                    model.save(args.model_path)

            # note
            s1 = s2

            # note
            if args.limit_fps:
                sleep(1 / 35.0)
        xs.append(n_steps)
        loss_curve.append(np.mean(losses))
        q_curve.append(np.mean(ep_q))
        # note
        if len(losses) == 0:
            losses.append(0.0)

        # note
        print("mean loss " + str(np.mean(losses)))
        print("mean recent reward " + str(np.mean(recent_r)))
        print("mean Q this episode " + str(np.mean(ep_q)))
        # note
        # note
        # note

        # note
        # note
        # note

        # note
        # note
        # note
        s = "return {:.1f}\tstep {}\t".format(
            ep_return, n_steps,
       	)
        # note
        print(s)
        # note
        if log_fh is not None:
            log_fh.write(s + "\n")

    pyplot.plot(xs,loss_curve)
    pyplot.show()
    pyplot.plot(xs,q_curve)
    pyplot.show()
    env.close()


if __name__ == "__main__":
    parser = ArgumentParser("DQN on an Atari game")
    parser.add_argument("--env",
                        default="BreakoutNoFrameskip-v4",
                        type=str,
                        help="gym id of the game")
    parser.add_argument("--steps",
                        default=int(1e6),
                        type=int,
                        help="agent steps in total")
    parser.add_argument("--show",
                        action="store_true",
                        help="render the screen")
    parser.add_argument("--limit-fps",
                        action="store_true",
                        help="throttle to 35 fps")
    parser.add_argument("--evaluate",
                        action="store_true",
                        help="only play, no learning")
    parser.add_argument("--log",
                        type=str,
                        default=None,
                        help="file for the episode log")
    parser.add_argument("model_path",
                        type=str,
                        help="model file to write or read")
    args = parser.parse_args()

    main(args)
