"""Doc.


"""
import numpy as np


class FrameBuffer:
    """Doc.


    """
    def __init__(self, h, w, rng, capacity=100000, stack=4, batch_size=32):
        """Doc.







        """
        self.h = h
        self.w = w
        self.rng = rng
        self.capacity = capacity
        self.stack = stack
        self.batch_size = batch_size
        self.filled = 0
        self.cursor = 0

        # note
        self.frames_seen = np.zeros(shape=(capacity, h, w), dtype=np.float32)
        self.actions = np.zeros(shape=capacity, dtype=np.int)
        self.rewards = np.zeros(shape=capacity, dtype=np.float)
        self.done = np.zeros(shape=capacity, dtype=np.bool)

        # note
        self.batch_s = np.zeros(shape=(batch_size, stack, h, w), dtype=np.float32)
        self.batch_s2 = np.zeros(shape=(batch_size, stack, h, w), dtype=np.float32)
        self.idx_buf = np.zeros(shape=batch_size, dtype=np.int)

    def push(self, frame, action, reward, done):
        """Doc.





        """
        if frame.shape != (self.h, self.w):
            raise ValueError('frame has an unexpected shape')
        self.frames_seen[self.cursor] = frame
        self.actions[self.cursor] = action
        self.rewards[self.cursor] = reward
        self.done[self.cursor] = done
        self.filled = max(self.filled, self.cursor + 1)
        self.cursor = (self.cursor + 1) % self.capacity

    def _pick_indices(self):
        """Doc.


        """
        for i in range(self.batch_size):
            while True:
                index = self.rng.randint(self.stack, self.filled)
                if index < self.stack:
                    continue
                if index - self.stack <= self.cursor <= index:
                    continue
                if self.done[index - self.stack:index].any():
                    continue
                break
            self.idx_buf[i] = index

    def _stack_at(self, index):
        """Doc.



        """
        if self.filled == 0:
            raise ValueError('buffer is empty')
        if index < self.stack - 1:
            raise ValueError('index below {} is not allowed'.format(self.stack - 1))
        return self.frames_seen[index - self.stack + 1:index + 1, ...]

    def sample_batch(self):
        """Doc.


        """
        if self.filled < self.stack:
            raise ValueError('too few frames stored for a batch')
        self._pick_indices()
        for i, index in enumerate(self.idx_buf):
            self.batch_s[i] = self._stack_at(index - 1)
            self.batch_s2[i] = self._stack_at(index)

        return np.transpose(self.batch_s, axes=(0, 2, 3, 1)),\
            self.actions[self.idx_buf],\
            self.rewards[self.idx_buf],\
            np.transpose(self.batch_s2, axes=(0, 2, 3, 1)),\
            self.done[self.idx_buf]
