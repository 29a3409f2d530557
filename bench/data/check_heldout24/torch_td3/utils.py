import numpy as np
import torch


class TransitionBuffer(object):
	def __init__(self, obs_size, act_size, capacity=int(1e6)):
		self.capacity = capacity
		self.write_pos = 0
		self.filled = 0

		self.states = np.zeros((capacity, obs_size))
		self.actions = np.zeros((capacity, act_size))
		self.next_states = np.zeros((capacity, obs_size))
		self.rewards = np.zeros((capacity, 1))
		self.alive = np.zeros((capacity, 1))

		self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


	def store(self, state, action, next_state, reward, done):
		self.states[self.write_pos] = state
		self.actions[self.write_pos] = action
		self.next_states[self.write_pos] = next_state
		self.rewards[self.write_pos] = reward
		self.alive[self.write_pos] = 1. - done

		self.write_pos = (self.write_pos + 1) % self.capacity
		self.filled = min(self.filled + 1, self.capacity)


	def draw_batch(self, batch_size):
		idx = np.random.randint(0, self.filled, size=batch_size)

		return (
			torch.FloatTensor(self.states[idx]).to(self.device),
			torch.FloatTensor(self.actions[idx]).to(self.device),
			torch.FloatTensor(self.next_states[idx]).to(self.device),
			torch.FloatTensor(self.rewards[idx]).to(self.device),
			torch.FloatTensor(self.alive[idx]).to(self.device)
		)