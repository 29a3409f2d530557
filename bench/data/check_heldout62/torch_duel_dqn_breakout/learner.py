import torch
import random
import copy
import torch.optim as optim
import torch.nn.functional as F
import time
import numpy as np
from torch.utils.tensorboard import SummaryWriter
from datetime import datetime
import os


class ExperienceStore:

    def __init__(self, capacity=10000, device='cpu'):
        self.capacity = capacity
        self.items = []
        self.position = 0
        self.device = device
        self.peak_report = 0 # unused for now


    def insert(self, transition):
        transition = [part.to('cpu') for part in transition]

        if len(self.items) < self.capacity:
            self.items.append(transition)
        else:
            self.items.remove(self.items[0])
            self.items.append(transition)

    def sample(self, n):
        assert self.can_sample(n)

        chosen = random.sample(self.items, n)
        chosen = zip(*chosen)
        return [torch.cat(parts).to(self.device) for parts in chosen]

    def can_sample(self, n):
        return len(self.items) >= n * 10

    def __len__(self):
        return len(self.items)

class Learner:

    def __init__(self, model, device='cpu', epsilon=1.0, min_epsilon=0.1, nb_warmup=10000, nb_actions=None, memory_capacity=10000, batch_size=32, learning_rate=0.00025):
        self.store = ExperienceStore(device=device, capacity=memory_capacity)
        self.net = model
        self.frozen_net = copy.deepcopy(model).eval()
        self.eps = epsilon
        self.eps_floor = min_epsilon
        self.eps_mult = 1 - (((epsilon - min_epsilon) / nb_warmup) * 2) # multiplicative decay reaching the floor over the warmup
        self.batch_size = batch_size
        self.net.to(device)
        self.frozen_net.to(device)
        self.discount = 0.99
        self.n_act = nb_actions

        self.opt = optim.AdamW(model.parameters(), lr=learning_rate)

        print(f"initial epsilon {self.eps}")
        print(f"epsilon decay factor {self.eps_mult}")

        if not os.path.exists("./tb_logs"):
            os.makedirs("./tb_logs")

    def choose(self, obs):
        if torch.rand(1) < self.eps:
            return torch.randint(self.n_act, (1, 1))
        else:
            q = self.net(obs).detach()
            return torch.argmax(q, dim=-1, keepdim=True)

    def train(self, env, epochs, run_tag=0):
        hist = {'Returns': [], 'AvgReturns': [], 'EpsilonCheckpoint': []}


        tb = SummaryWriter(log_dir=f"./tb_logs/{datetime.now().strftime('%Y-%m-%d')}")

        for ep in range(1, epochs + 1):
            obs = env.reset()
            done = False
            ret = 0

            while not done:
                act = self.choose(obs)
                next_obs, reward, done, info = env.step(act)

                self.store.insert([obs, act, reward, done, next_obs])


                # Q(s, a) update

                if self.store.can_sample(self.batch_size):
                    obs_b, act_b, rew_b, done_b, next_obs_b = self.store.sample(self.batch_size)
                    q_b = self.net(obs_b).gather(1, act_b)
                    next_q_b = self.frozen_net(next_obs_b)
                    next_q_b = torch.max(next_q_b, dim=-1, keepdim=True)[0]
                    target_b = rew_b + ~done_b * self.discount * next_q_b
                    loss = F.mse_loss(q_b, target_b)
                    self.net.zero_grad()
                    loss.backward()
                    self.opt.step()


                obs = next_obs
                ret += reward.item()

            tb.add_scalar(f'Returns: {run_tag}', ret, ep)

            hist['Returns'].append(ret)

            if self.eps > self.eps_floor:
                self.eps = self.eps * self.eps_mult

            if ep % 10 == 0:
                self.net.save_the_model()
                print("")

                avg_ret = np.mean(hist['Returns'][-100:])

                hist['AvgReturns'].append(avg_ret)
                hist['EpsilonCheckpoint'].append(self.eps)

                if (len(hist['Returns'])) > 100:
                    print(f"ep {ep} | mean return {np.mean(hist['Returns'][-100:])} | eps {self.eps}")
                else:
                    print(f"ep {ep} | return {np.mean(hist['Returns'][-1:])} | eps {self.eps}")

            if ep % 100 == 0:
                self.frozen_net.load_state_dict(self.net.state_dict())

            if ep % 1000 == 0:
                self.net.save_the_model(f"models/model_iter_{ep}.pt")


        return hist

    def test(self, env):

        # self.eps = 0


        for ep in range(1, 3):
            obs = env.reset()

            # game starts
            done = False

            for _ in range(1000):
                time.sleep(0.01)
                act = self.choose(obs)
                obs, reward, done, info = env.step(act)
                if done:
                    break


