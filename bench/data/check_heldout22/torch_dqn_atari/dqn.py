import torch
import numpy as np

'''
Plain ring-buffer store of past transitions.
'''

class TransitionStore:
    def __init__(self,
            dev,
            stack_depth=4,
            sample_batch_size=100,
            n_envs=25,
            max_items=50000):

        assert sample_batch_size % n_envs == 0, \
            "the batch size must be a multiple of the env count"

        self.dev = dev
        self.max_items = max_items
        self.stack_depth = stack_depth
        self.sample_batch_size = sample_batch_size
        self.n_envs = n_envs
        self.write_pos = 0

        # one preallocated ring per field of a transition
        self.frame_states = np.zeros((max_items, stack_depth, 84, 84), dtype=np.float32)
        self.taken_actions = np.zeros((max_items,), dtype=np.int64)
        self.got_rewards = np.zeros((max_items,), dtype=np.int32)
        self.next_frame_states = np.zeros((max_items, stack_depth, 84, 84), dtype=np.float32)
        self.ended = np.zeros((max_items,), dtype=np.bool_)

    def push(self, transition):
        # write one row per env at the current position
        s0, act, rew, s1, finished = transition
        lo = self.write_pos % self.max_items
        hi = (self.write_pos + self.n_envs) % (self.max_items + 1)

        self.frame_states[lo:hi] = s0
        self.taken_actions[lo:hi] = act
        self.got_rewards[lo:hi] = rew
        self.next_frame_states[lo:hi] = s1
        self.ended[lo:hi] = finished

        if hi == self.max_items:
            self.write_pos = 0
        else:
            self.write_pos = hi

    def draw_batch(self):
        # indices drawn uniformly, no repeats
        picks = np.random.choice(
            len(self.frame_states), self.sample_batch_size, replace=False)

        b_states = torch.from_numpy(self.frame_states[picks]).to(self.dev)
        b_actions = torch.from_numpy(self.taken_actions[picks]).to(self.dev)
        b_rewards = torch.from_numpy(self.got_rewards[picks]).to(self.dev)
        b_next = torch.from_numpy(self.next_frame_states[picks]).to(self.dev)
        b_dones = torch.from_numpy(self.ended[picks]).to(self.dev)

        return (b_states, b_actions, b_rewards, b_next, b_dones)

    def __len__(self):
        return len(self.frame_states)
'''
Q-network of Mnih et al., Nature 518 (2015).
'''

class QNetwork(torch.nn.Module):
    def __init__(
            self,
            n_channels,
            n_actions
        ):
        super(QNetwork, self).__init__()
        self.n_channels = n_channels
        self.n_actions = n_actions
        self.c1 = torch.nn.Conv2d(n_channels, 32, kernel_size=8, stride=4)
        self.c2 = torch.nn.Conv2d(32, 64, kernel_size=4, stride=2)
        self.c3 = torch.nn.Conv2d(64, 64, kernel_size=3, stride=1)
        self.hidden = torch.nn.Linear(64 * 7 * 7, 512)
        self.out_layer = torch.nn.Linear(512, n_actions)

    def forward(self, x):
        x = torch.relu(self.c1(x))
        x = torch.relu(self.c2(x))
        x = torch.relu(self.c3(x))
        x = x.view(x.size(0), -1)
        x = torch.relu(self.hidden(x))
        x = self.out_layer(x)
        return x