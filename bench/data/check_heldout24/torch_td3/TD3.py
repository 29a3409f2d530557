import copy
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# Twin Delayed DDPG: two critics, smoothed target actions, delayed actor steps
# (Fujimoto et al., 2018)


class PolicyNet(nn.Module):
	def __init__(self, obs_size, act_size, act_bound):
		super(PolicyNet, self).__init__()

		self.fc1 = nn.Linear(obs_size, 256)
		self.fc2 = nn.Linear(256, 256)
		self.fc3 = nn.Linear(256, act_size)
		
		self.action_scale = act_bound
		

	def forward(self, state):
		h = F.relu(self.fc1(state))
		h = F.relu(self.fc2(h))
		return self.action_scale * torch.tanh(self.fc3(h))


class TwinQNet(nn.Module):
	def __init__(self, obs_size, act_size):
		super(TwinQNet, self).__init__()

		# first Q head
		self.qa1 = nn.Linear(obs_size + act_size, 256)
		self.qa2 = nn.Linear(256, 256)
		self.qa3 = nn.Linear(256, 1)

		# second Q head
		self.qb1 = nn.Linear(obs_size + act_size, 256)
		self.qb2 = nn.Linear(256, 256)
		self.qb3 = nn.Linear(256, 1)


	def forward(self, state, action):
		sa = torch.cat([state, action], 1)

		qa = F.relu(self.qa1(sa))
		qa = F.relu(self.qa2(qa))
		qa = self.qa3(qa)

		qb = F.relu(self.qb1(sa))
		qb = F.relu(self.qb2(qb))
		qb = self.qb3(qb)
		return qa, qb


	def first_q(self, state, action):
		sa = torch.cat([state, action], 1)

		qa = F.relu(self.qa1(sa))
		qa = F.relu(self.qa2(qa))
		qa = self.qa3(qa)
		return qa


class TD3(object):
	def __init__(
		self,
		obs_size,
		act_size,
		act_bound,
		gamma_value=0.99,
		soft_rate=0.005,
		smooth_std=0.2,
		smooth_clip=0.5,
		actor_period=2
	):

		self.policy_net = PolicyNet(obs_size, act_size, act_bound).to(device)
		self.policy_target = copy.deepcopy(self.policy_net)
		self.policy_optimizer = torch.optim.Adam(self.policy_net.parameters(), lr=3e-4)

		self.q_net = TwinQNet(obs_size, act_size).to(device)
		self.q_target = copy.deepcopy(self.q_net)
		self.q_optimizer = torch.optim.Adam(self.q_net.parameters(), lr=3e-4)

		self.action_limit = act_bound
		self.gamma = gamma_value
		self.polyak = soft_rate
		self.target_noise = smooth_std
		self.target_noise_clip = smooth_clip
		self.actor_every = actor_period

		self.step_count = 0


	def act(self, state):
		state = torch.FloatTensor(state.reshape(1, -1)).to(device)
		return self.policy_net(state).cpu().data.numpy().flatten()


	def train(self, buffer, batch_size=256):
		self.step_count += 1

		# draw a batch of transitions
		state, action, next_state, reward, alive = buffer.draw_batch(batch_size)

		with torch.no_grad():
			# target action from the target policy plus clipped noise
			smoothing = (
				torch.randn_like(action) * self.target_noise
			).clamp(-self.target_noise_clip, self.target_noise_clip)
			
			next_action = (
				self.policy_target(next_state) + smoothing
			).clamp(-self.action_limit, self.action_limit)

			# bootstrapped target from the smaller of the two target Qs
			target_qa, target_qb = self.q_target(next_state, next_action)
			target_q = torch.min(target_qa, target_qb)
			target_q = reward + alive * self.gamma * target_q

		# both current Q estimates
		current_qa, current_qb = self.q_net(state, action)

		# regression loss of both heads
		q_loss = F.mse_loss(current_qa, target_q) + F.mse_loss(current_qb, target_q)

		# critic step
		self.q_optimizer.zero_grad()
		q_loss.backward()
		self.q_optimizer.step()

		# the actor only moves every few critic steps
		if self.step_count % self.actor_every == 0:

			# maximise the first Q head
			policy_loss = -self.q_net.first_q(state, self.policy_net(state)).mean()
			
			# actor step
			self.policy_optimizer.zero_grad()
			policy_loss.backward()
			self.policy_optimizer.step()

			# soft update of both target networks
			for p, tp in zip(self.q_net.parameters(), self.q_target.parameters()):
				tp.data.copy_(self.polyak * p.data + (1 - self.polyak) * tp.data)

			for p, tp in zip(self.policy_net.parameters(), self.policy_target.parameters()):
				tp.data.copy_(self.polyak * p.data + (1 - self.polyak) * tp.data)


	def save(self, prefix):
		torch.save(self.q_net.state_dict(), prefix + "_critic")
		torch.save(self.q_optimizer.state_dict(), prefix + "_critic_optimizer")
		
		torch.save(self.policy_net.state_dict(), prefix + "_actor")
		torch.save(self.policy_optimizer.state_dict(), prefix + "_actor_optimizer")


	def load(self, prefix):
		self.q_net.load_state_dict(torch.load(prefix + "_critic"))
		self.q_optimizer.load_state_dict(torch.load(prefix + "_critic_optimizer"))
		self.q_target = copy.deepcopy(self.q_net)

		self.policy_net.load_state_dict(torch.load(prefix + "_actor"))
		self.policy_optimizer.load_state_dict(torch.load(prefix + "_actor_optimizer"))
		self.policy_target = copy.deepcopy(self.policy_net)
		