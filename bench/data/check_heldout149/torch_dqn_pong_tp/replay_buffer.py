import numpy as np


# Ring buffer of (state, action, reward, next state, done) arrays.
class FrameMemory(object):
    def __init__(self, max_size, input_shape):
        self.mem_size = max_size  # capacity
        self.mem_cntr = 0  # transitions written so far

        self.state_memory = np.zeros((self.mem_size, *input_shape), dtype=np.float32)  # observed stacks
        self.new_state_memory = np.zeros((self.mem_size, *input_shape), dtype=np.float32)  # following stacks
        self.action_memory = np.zeros(self.mem_size, dtype=np.int32)  # moves
        self.reward_memory = np.zeros(self.mem_size, dtype=np.float32)  # rewards
        self.terminal_memory = np.zeros(self.mem_size, dtype=np.uint8)  # end flags

    # write one transition at the ring position
    def store_transition(self, state, action, reward, new_state, done):
        slot = self.mem_cntr % self.mem_size
        self.state_memory[slot] = state
        self.new_state_memory[slot] = new_state
        self.action_memory[slot] = action
        self.reward_memory[slot] = reward
        self.terminal_memory[slot] = done

        self.mem_cntr += 1

    # draw a random batch
    def sample_buffer(self, batch_size):
        filled = min(self.mem_cntr, self.mem_size)

        pick = np.random.choice(filled, batch_size, replace=False)  # no repeats within a batch

        s = self.state_memory[pick]
        s2 = self.new_state_memory[pick]
        a = self.action_memory[pick]
        r = self.reward_memory[pick]
        d = self.terminal_memory[pick]

        return s, a, r, s2, d
