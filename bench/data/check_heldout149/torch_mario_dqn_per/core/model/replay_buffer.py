import numpy as np


class PriorityReplay:
    def __init__(self, capacity, alpha=0.6):
        self._alpha = alpha
        self._capacity = capacity
        self._store = []
        self._pos = 0
        self._prio = np.zeros((capacity,), dtype=np.float32)

    def push(self, state, action, reward, next_state, done):
        state = np.expand_dims(state, 0)
        next_state = np.expand_dims(next_state, 0)

        top = self._prio.max() if self._store else 1.0

        item = (state, action, reward, next_state, done)
        if len(self._store) < self._capacity:
            self._store.append(item)
        else:
            self._store[self._pos] = item

        self._prio[self._pos] = top
        self._pos = (self._pos + 1) % self._capacity

    def sample(self, batch_size, beta=0.4):
        if len(self._store) == self._capacity:
            p = self._prio
        else:
            p = self._prio[:self._pos]

        probs = p ** self._alpha
        probs /= probs.sum()

        picks = np.random.choice(len(self._store), batch_size, p=probs)
        drawn = [self._store[k] for k in picks]

        n = len(self._store)
        w = (n * probs[picks]) ** (-beta)
        w /= w.max()
        w = np.array(w, dtype=np.float32)

        cols = list(zip(*drawn))
        s = np.concatenate(cols[0])
        a = cols[1]
        r = cols[2]
        s2 = np.concatenate(cols[3])
        d = cols[4]

        return s, a, r, s2, d, picks, w

    def update_priorities(self, batch_indices, batch_priorities):
        for k, pr in zip(batch_indices, batch_priorities):
            self._prio[k] = pr

    def __len__(self):
        return len(self._store)
