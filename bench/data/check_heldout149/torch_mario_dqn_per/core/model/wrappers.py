import cv2
import numpy as np
from collections import deque
from gym import make, ObservationWrapper, wrappers, Wrapper
from gym.spaces import Box
from nes_py.wrappers import JoypadSpace


class Shrink84(ObservationWrapper):
    def __init__(self, env):
        super(Shrink84, self).__init__(env)
        self.observation_space = Box(low=0,
                                     high=255,
                                     shape=(84, 84, 1),
                                     dtype=np.uint8)
        self._w = 84
        self._h = 84

    def observation(self, observation):
        gray = cv2.cvtColor(observation, cv2.COLOR_RGB2GRAY)
        gray = cv2.resize(gray,
                           (self._w, self._h),
                           interpolation=cv2.INTER_AREA)
        return gray[:, :, None]


class SkipMax(Wrapper):
    def __init__(self, env=None, skip=4):
        super(SkipMax, self).__init__(env)
        self._last_two = deque(maxlen=2)
        self._skip = skip
        #self._start_lives = None  # lives tracking (off)

    def step(self, action):
        #if self._start_lives is None:
        #   self._start_lives = 10 # assumed start lives

        acc = 0.0
        done = None
        for _ in range(self._skip):
            obs, reward, done, info = self.env.step(action)
            self._last_two.append(obs)
            acc += reward
            if done:
                break
        pooled = np.max(np.stack(self._last_two), axis=0)

        # lives check (off)
        #if done:
        #    self._start_lives = None

        return pooled, acc, done, info

    def reset(self):
        self._last_two.clear()
        obs = self.env.reset()
        self._last_two.append(obs)
        return obs


class PressFireOnReset(Wrapper):
    def __init__(self, env):
        Wrapper.__init__(self, env)
        if len(env.unwrapped.get_action_meanings()) < 3:
            raise ValueError('need at least three actions')

    def reset(self, **kwargs):
        self.env.reset(**kwargs)
        obs, _, done, _ = self.env.step(1)
        if done:
            self.env.reset(**kwargs)
        obs, _, done, _ = self.env.step(2)
        if done:
            self.env.reset(**kwargs)
        return obs

    def step(self, action):
        return self.env.step(action)


class Stack(ObservationWrapper):
    def __init__(self, env, num_steps, dtype=np.float32):
        super(Stack, self).__init__(env)
        space = env.observation_space
        self._dtype = dtype
        self.observation_space = Box(space.low.repeat(num_steps, axis=0),
                                     space.high.repeat(num_steps, axis=0),
                                     dtype=self._dtype)

    def reset(self):
        self.buffer = np.zeros_like(self.observation_space.low,
                                    dtype=self._dtype)
        return self.observation(self.env.reset())

    def observation(self, observation):
        self.buffer[:-1] = self.buffer[1:]
        self.buffer[-1] = observation
        return self.buffer


class HWCtoCHW(ObservationWrapper):
    def __init__(self, env):
        super(HWCtoCHW, self).__init__(env)
        shp = self.observation_space.shape
        self.observation_space = Box(low=0.0,
                                     high=1.0,
                                     shape=(shp[::-1]),
                                     dtype=np.float32)

    def observation(self, observation):
        return np.moveaxis(observation, 2, 0)


class UnitScale(ObservationWrapper):
    def observation(self, obs):
        return np.array(obs).astype(np.float32) / 255.0


class ShapedReward(Wrapper):
    def __init__(self, env):
        super(ShapedReward, self).__init__(env)
        self._score = 0

    def step(self, action):
        state, reward, done, info = self.env.step(action)
        reward += (info['score'] - self._score) / 40.0
        self._score = info['score']
        # bonus for defeated enemies
        if 'score' in info:
            reward += (info['score'] - self._score) * 40.0
        
        # bonus for coins
        if 'coins' in info:
            reward += info['coins'] * 55.0
        
        if done:
            if info['flag_get']:
                reward += 350.0
            else:
                reward -= 50.0
            
            #if info['life'] < self._start_lives:  
                #reward -= 400.0 
        return state, reward / 10.0, done, info

        

def wrap_environment(environment, action_space, monitor=False, iteration=0):
    env = make(environment)
    if monitor:
        env = wrappers.Monitor(env, 'recording/run%s' % iteration, force=True)
    env = JoypadSpace(env, action_space)
    env = SkipMax(env)
    if 'FIRE' in env.unwrapped.get_action_meanings():
        env = PressFireOnReset(env)
    env = Shrink84(env)
    env = HWCtoCHW(env)
    env = Stack(env, 4)
    env = UnitScale(env)
    env = ShapedReward(env)
    return env
