import torch
import torch.nn as nn
from torch.distributions import Categorical


class AdvantageAC(nn.Module):

    def __init__(self, env, hidden_size=128, gamma=.99, random_seed=None):
        """Doc.






        """
        super().__init__()

        if random_seed:
            env.seed(random_seed)
            torch.manual_seed(random_seed)

        self.env = env
        self.gamma = gamma
        self.hidden_size = hidden_size
        self.n_in = len(env.observation_space.sample().flatten())
        self.n_out = self.env.action_space.n

        self.actor = nn.Sequential(
            nn.Linear(self.n_in, hidden_size),
            nn.ReLU(),
            nn.Linear(hidden_size, self.n_out)
        ).double()

        self.critic = nn.Sequential(
            nn.Linear(self.n_in, hidden_size),
            nn.ReLU(),
            nn.Linear(hidden_size, 1)
        ).double()

    def run_train_episode(self, render=False):
        """Doc.


        """
        rewards = []
        values = []
        logps = []

        # note

        observation = self.env.reset()
        done = False
        while not done:
            if render:
                self.env.render()

            observation = torch.from_numpy(observation).double()

            # note
            logits = self.actor(observation)

            action = Categorical(logits=logits).sample()

            # note
            lp_a = logits[action]

            # note
            v_pred = torch.squeeze(self.critic(observation).view(-1))

            # note
            logps.append(lp_a)
            values.append(v_pred)

            # note

            observation, reward, done, info = self.env.step(action.item())
            rewards.append(torch.tensor(reward).double())

        ep_sum = sum(rewards)

        # note
        for k in range(len(rewards)):
            G = 0
            for t in range(k, len(rewards)):
                G += rewards[t] * (self.gamma ** (t - k))
            rewards[k] = G

        # note
        def f(inp):
            return torch.stack(tuple(inp), 0)

        # note
        rewards = f(rewards)
        rewards = (rewards - torch.mean(rewards)) / (torch.std(rewards) + .000000000001)

        return rewards, f(values), f(logps), ep_sum

    def run_eval_episode(self, render=True):
        """Doc.



        """
        observation = self.env.reset()
        rewards = []
        done = False
        while not done:

            if render:
                self.env.render()

            observation = torch.from_numpy(observation).double()

            # note
            logits = self.actor(observation)
            action = Categorical(logits=logits).sample()

            observation, reward, done, info = self.env.step(action.item())
            rewards.append(reward)

        return sum(rewards)

    @staticmethod
    def losses_for(lp, G, V, critic_loss=nn.SmoothL1Loss()):
        """Doc.







        """
        assert len(lp) == len(G) == len(V)
        adv = G - V.detach()
        return -(torch.sum(lp * adv)), critic_loss(G, V)
