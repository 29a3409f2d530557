import collections
import cv2
import gym
import numpy as np
from PIL import Image
import torch



class BreakoutScreens(gym.Wrapper):

    def __init__(self, render_mode='rgb_array', repeat=4, no_ops=0,
                 fire_first=False, device='cpu'):
        env = gym.make("BreakoutNoFrameskip-v4", render_mode=render_mode)

        super(BreakoutScreens, self).__init__(env)

        self.repeat = repeat
        self.image_shape = (84,84)

        self.raw_frames = []
        self.no_ops = no_ops
        self.fire_first = fire_first
        self.device = device
        self.lives = env.ale.lives()

    def step(self, action):
        rew_sum = 0
        done = False

        # repeat the action for several emulator frames and
        # take the max of the last two to remove flicker.
        for i in range(self.repeat):
            frame, reward, done, truncated, info = self.env.step(action)

            rew_sum += reward

            lives_now = info['lives']

            if lives_now < self.lives:
                rew_sum = rew_sum - 1
                self.lives = lives_now

                # print(f"reward so far: {rew_sum} lives: {self.lives}")

            self.raw_frames.append(frame)

            if done:
                break

        merged = np.max(self.raw_frames[-2:], axis=0)
        merged = self.to_input(merged)
        merged = merged.to(self.device)

        rew_sum = torch.tensor(rew_sum).view(1, -1).float()
        rew_sum = rew_sum.to(self.device)

        done = torch.tensor(done).view(1, -1)
        done = done.to(self.device)

        return merged, rew_sum, done, info

    def reset(self):
        self.raw_frames = []
        frame, _ = self.env.reset()

        self.lives = self.env.ale.lives()

        frame = self.to_input(frame)

        return frame

    def to_input(self, frame):

        pic = Image.fromarray(frame)
        pic = pic.resize(self.image_shape)
        pic = pic.convert("L")
        pic = np.array(pic)
        pic = torch.from_numpy(pic)
        pic = pic.unsqueeze(0)
        pic = pic.unsqueeze(0)
        pic = pic / 255.0

        pic = pic.to(self.device)

        return pic






# class PrepFrame(gym.ObservationWrapper):
    #
    #
    #
    #
    # def reset(self):
    #     frame = self.env.reset()
    #     noops = np.random.randint(self.no_ops)+1 if self.no_ops > 0 else 0
    #
    #     for _ in range(noops):
    #         _, _, done, _ = self.env.step(0)
    #         if done:
    #             self.env.reset()
    #
    #     if self.fire_first:
    #         assert self.env.unwrapped.get_action_meanings()[1] == 'FIRE'
    #         frame, _, _, _ = self.env.step(1)
    #
    #
    #     self.raw_frames = []
    #     self.raw_frames[0] = frame
    #
    #     return frame

# class StackScreens(gym.ObservationWrapper):
#     def __init__(self, env, repeat):
#         super(StackScreens, self).__init__(env)
#         self.observation_space = gym.spaces.Box(
#             env.observation_space.low.repeat(repeat, axis=0),
#             env.observation_space.high.repeat(repeat, axis=0),
#             dtype=np.float32
#         )
#         self.stack - collections.deque(maxlen=repeat)
#
#     def reset(self):
#         self.stack.clear()
#         frame = self.env.reset()
#         for _ in range(self.stack.maxlen):
#             self.stack.append(frame)
#
#         return np.array(self.stack).reshape(self.observation_space.low.shape)
#
#     def observation(self, frame):
#         self.stack.append(frame)
#
#         return np.array(self.stack).reshape(self.observation_space.low.shape)



