import torch
import torch.nn as nn
from torch.distributions import MultivariateNormal
import gym
import numpy as np

run_dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

class RolloutBuffer:
    def __init__(self):
        self.action_log = []
        self.state_log = []
        self.logprob_log = []
        self.reward_log = []
        self.done_flags = []

    def reset_buffer(self):
        del self.action_log[:]
        del self.state_log[:]
        del self.logprob_log[:]
        del self.reward_log[:]
        del self.done_flags[:]

class GaussianActorCritic(nn.Module):
    def __init__(self, obs_dim, act_dim, act_std):
        super(GaussianActorCritic, self).__init__()
        # policy head: tanh keeps the mean action in [-1, 1]
        self.mean_net =  nn.Sequential(
                nn.Linear(obs_dim, 64),
                nn.Tanh(),
                nn.Linear(64, 32),
                nn.Tanh(),
                nn.Linear(32, act_dim),
                nn.Tanh()
                )
        # value head
        self.value_net = nn.Sequential(
                nn.Linear(obs_dim, 64),
                nn.Tanh(),
                nn.Linear(64, 32),
                nn.Tanh(),
                nn.Linear(32, 1)
                )
        self.act_var = torch.full((act_dim,), act_std*act_std).to(run_dev)

    def forward(self):
        raise NotImplementedError

    def pick_action(self, obs, buffer):
        mean_act = self.mean_net(obs)
        cov = torch.diag(self.act_var).to(run_dev)

        gauss = MultivariateNormal(mean_act, cov)
        act_t = gauss.sample()
        act_logprob = gauss.log_prob(act_t)

        buffer.state_log.append(obs)
        buffer.action_log.append(act_t)
        buffer.logprob_log.append(act_logprob)

        return act_t.detach()

    def score_actions(self, obs, act_t):
        mean_act = torch.squeeze(self.mean_net(obs))

        var_vec = self.act_var.expand_as(mean_act)
        cov = torch.diag_embed(var_vec).to(run_dev)

        gauss = MultivariateNormal(mean_act, cov)

        act_logprobs = gauss.log_prob(torch.squeeze(act_t))
        entropy = gauss.entropy()
        value_est = self.value_net(obs)

        return act_logprobs, torch.squeeze(value_est), entropy

class PPOAgent:
    def __init__(self, obs_dim, act_dim, act_std, learn_rate, adam_betas, discount, n_update_epochs, clip_eps):
        self.learn_rate = learn_rate
        self.adam_betas = adam_betas
        self.discount = discount
        self.clip_eps = clip_eps
        self.n_update_epochs = n_update_epochs

        self.policy_net = GaussianActorCritic(obs_dim, act_dim, act_std).to(run_dev)
        self.adam_optimizer = torch.optim.Adam(self.policy_net.parameters(), lr=learn_rate, betas=adam_betas)

        self.policy_prev = GaussianActorCritic(obs_dim, act_dim, act_std).to(run_dev)
        self.policy_prev.load_state_dict(self.policy_net.state_dict())

        self.mse_loss = nn.MSELoss()

    def choose_action(self, obs, buffer):
        obs = torch.FloatTensor(obs.reshape(1, -1)).to(run_dev)
        return self.policy_prev.pick_action(obs, buffer).cpu().data.numpy().flatten()

    def learn(self, buffer):
        # discounted returns, computed backwards
        returns = []
        running_ret = 0
        for r_t, ended in zip(reversed(buffer.reward_log), reversed(buffer.done_flags)):
            if ended:
                running_ret = 0
            running_ret = r_t + (self.discount * running_ret)
            returns.insert(0, running_ret)

        # standardise the returns
        returns = torch.tensor(returns).to(run_dev)
        returns = (returns - returns.mean()) / (returns.std() + 1e-5)

        # stack the stored rollout into tensors
        prev_states = torch.squeeze(torch.stack(buffer.state_log).to(run_dev)).detach()
        prev_actions = torch.squeeze(torch.stack(buffer.action_log).to(run_dev)).detach()
        prev_logprobs = torch.squeeze(torch.stack(buffer.logprob_log)).to(run_dev).detach()

        # several optimisation passes over the same rollout
        for _ in range(self.n_update_epochs):
            # log-probs and values under the current policy
            new_logprobs, values, entropy = self.policy_net.score_actions(prev_states, prev_actions)

            # probability ratio new/old
            ratio = torch.exp(new_logprobs - prev_logprobs.detach())

            # clipped surrogate objective
            adv = returns - values.detach()
            unclipped_obj = ratio * adv
            clipped_obj = torch.clamp(ratio, 1-self.clip_eps, 1+self.clip_eps) * adv
            ppo_loss = -torch.min(unclipped_obj, clipped_obj) + 0.5*self.mse_loss(values, returns) - 0.01*entropy

            # one optimiser step
            self.adam_optimizer.zero_grad()
            ppo_loss.mean().backward()
            self.adam_optimizer.step()

        # sync the behaviour policy with the trained one
        self.policy_prev.load_state_dict(self.policy_net.state_dict())

def run():
    # ---- settings ----
    env_id = "BipedalWalker-v2"
    show = False
    target_reward = 300         # finish once the mean return passes this
    report_every = 20           # episodes between progress lines
    episode_cap = 10000        # episode budget
    step_cap = 1500        # step budget per episode

    steps_per_update = 4000      # environment steps between PPO updates
    act_std = 0.5            # fixed std of the Gaussian policy
    n_update_epochs = 80               # passes per update
    clip_eps = 0.2              # PPO clip range
    discount = 0.99                # reward discount

    learn_rate = 0.0003                 # Adam step size
    adam_betas = (0.9, 0.999)

    seed_value = None
    # -------------------

    # build the environment
    sim = gym.make(env_id)
    obs_dim = sim.observation_space.shape[0]
    act_dim = sim.action_space.shape[0]

    if seed_value:
        print("seeding with {}".format(seed_value))
        torch.manual_seed(seed_value)
        sim.seed(seed_value)
        np.random.seed(seed_value)

    buffer = RolloutBuffer()
    agent = PPOAgent(obs_dim, act_dim, act_std, learn_rate, adam_betas, discount, n_update_epochs, clip_eps)
    print(learn_rate,adam_betas)

    # counters for the progress report
    reward_sum = 0
    len_sum = 0
    steps_since_update = 0

    # episodes
    for episode in range(1, episode_cap+1):
        obs = sim.reset()
        for step_i in range(step_cap):
            steps_since_update +=1
            # act with the behaviour policy
            act_t = agent.choose_action(obs, buffer)
            obs, r_t, finished, _ = sim.step(act_t)

            # remember reward and episode end
            buffer.reward_log.append(r_t)
            buffer.done_flags.append(finished)

            # learn once enough steps are collected
            if steps_since_update % steps_per_update == 0:
                agent.learn(buffer)
                buffer.reset_buffer()
                steps_since_update = 0
            reward_sum += r_t
            if show:
                sim.render()
            if finished:
                break

        len_sum += step_i

        # finish early when the task counts as solved
        if reward_sum > (report_every*target_reward):
            print("=== environment solved ===")
            torch.save(agent.policy_net.state_dict(), './PPO_continuous_solved_{}.pth'.format(env_id))
            break

        # periodic snapshot
        if episode % 500 == 0:
            torch.save(agent.policy_net.state_dict(), './PPO_continuous_{}.pth'.format(env_id))

        # progress line
        if episode % report_every == 0:
            len_sum = int(len_sum/report_every)
            reward_sum = int((reward_sum/report_every))

            print('episode {} | mean length {} | mean return {}'.format(episode, len_sum, reward_sum))
            reward_sum = 0
            len_sum = 0

if __name__ == '__main__':
    run()

