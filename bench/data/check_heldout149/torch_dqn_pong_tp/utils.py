import gymnasium as gym
import numpy as np
import matplotlib.pyplot as plt
import ale_py

gym.register_envs(ale_py)


class RepeatAction(gym.Wrapper):
    def __init__(self, env=None, skip=4):
        super(RepeatAction, self).__init__(env)
        self._skip = skip

    def step(self, action):
        acc = 0.0
        done = None
        truncated = None

        for k in range(self._skip):
            # same move several frames, rewards summed
            obs, reward, done, truncated, info = self.env.step(action)
            acc += reward
            if done:
                break
        return obs, acc, done, truncated, info


class GrayCrop(gym.ObservationWrapper):
    def __init__(self, env=None):
        super(GrayCrop, self).__init__(env)
        self.shape = (80, 80, 1)
        self.observation_space = gym.spaces.Box(low=0.0, high=255, shape=self.shape, dtype=np.uint8)

    def observation(self, obs):
        return GrayCrop.process(obs)

    @staticmethod
    def process(frame):
        f32 = np.reshape(frame, frame.shape).astype(np.float32)
        gray = 0.299 * f32[:, :, 0] + 0.587 * f32[:, :, 1] + 0.114 * f32[:, :, 2]
        gray = gray[35:195:2, ::2].reshape(80, 80, 1)
        return gray.astype(np.uint8)


class ChannelsFirst(gym.ObservationWrapper):
    def __init__(self, env=None):
        super(ChannelsFirst, self).__init__(env)
        self.shape = (env.observation_space.shape[-1], env.observation_space.shape[0], env.observation_space.shape[1])
        self.observation_space = gym.spaces.Box(low=0.0, high=1.0, shape=self.shape, dtype=np.float32)

    def observation(self, observation):
        return np.moveaxis(observation, 2, 0)


class ToUnit(gym.ObservationWrapper):
    def observation(self, obs):
        return np.array(obs).astype(np.float32) / 255.0


class StackFrames(gym.ObservationWrapper):
    def __init__(self, env, n_steps):
        super(StackFrames, self).__init__(env)
        self.observation_space = gym.spaces.Box(env.observation_space.low.repeat(n_steps, axis=0),
                                                env.observation_space.high.repeat(n_steps, axis=0),
                                                dtype=np.float32)

    def reset(self, seed=None, options=None):
        self.buffer = np.zeros_like(self.observation_space.low, dtype=np.float32)
        obs, info = self.env.reset(seed=seed, options=options)
        return self.observation(obs), info

    def observation(self, observation):
        self.buffer[:-1] = self.buffer[1:]
        self.buffer[-1] = observation
        return self.buffer


def make_env(env_name):
    env = gym.make(env_name, render_mode="rgb_array")
    env = RepeatAction(env)
    env = GrayCrop(env)
    env = ChannelsFirst(env)
    env = StackFrames(env, 4)
    return ToUnit(env)


def plot_learning_curve(x, scores, eps_history, fname):
    if len(eps_history) == 0:
        raise ValueError("no epsilon values to plot.")

    fig = plt.figure()
    ax = fig.add_subplot(111, label='1')
    ax2 = fig.add_subplot(111, label='2', frame_on=False)

    ax.plot(x, eps_history, color='C0')
    ax.set_xlabel('Game', color='C0')
    ax.set_ylabel('Epsilon', color='C0')
    ax.tick_params(axis='x', colors='C0')
    ax.tick_params(axis='y', colors='C0')

    n = len(scores)
    smooth = np.empty(n)
    for t in range(n):
        smooth[t] = np.mean(scores[max(0, t - 10):(t + 1)])

    ax2.scatter(x, smooth, color='C1')
    ax2.axes.get_xaxis().set_visible(False)
    ax2.yaxis.tick_right()
    ax2.set_ylabel('Score', color='C1')
    ax2.yaxis.set_label_position('right')
    ax2.tick_params(axis='y', colors='C1')

    plt.savefig(fname)
