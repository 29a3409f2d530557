import numpy as np

class FrameReplay(object):
    def __init__(self, capacity, obs_shape, num_actions):
        self.cap = capacity
        self.count = 0
        self.obs_buf = np.zeros((self.cap, *obs_shape),
                                     dtype=np.float32)
        self.next_obs_buf = np.zeros((self.cap, *obs_shape),
                                         dtype=np.float32)

        self.act_buf = np.zeros(self.cap, dtype=np.int64)
        self.rew_buf = np.zeros(self.cap, dtype=np.float32)
        self.done_buf = np.zeros(self.cap, dtype=np.bool)

    def put(self, s, a, r, s2, d):
        slot = self.count % self.cap
        self.obs_buf[slot] = s
        self.next_obs_buf[slot] = s2
        self.act_buf[slot] = a
        self.rew_buf[slot] = r
        self.done_buf[slot] = d
        self.count += 1

    def take(self, k):
        filled = min(self.count, self.cap)
        idx = np.random.choice(filled, k, replace=False)

        s_b = self.obs_buf[idx]
        a_b = self.act_buf[idx]
        r_b = self.rew_buf[idx]
        s2_b = self.next_obs_buf[idx]
        d_b = self.done_buf[idx]

        return s_b, a_b, r_b, s2_b, d_b
