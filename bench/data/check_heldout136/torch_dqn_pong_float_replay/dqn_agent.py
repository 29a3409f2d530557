import numpy as np
import torch as T
from deep_q_network import DeepQNetwork
from replay_memory import FrameReplay

class PongLearner(object):
    def __init__(self, gamma, epsilon, lr, n_actions, input_dims,
                 replay_size, batch_size, eps_floor=0.01, eps_step=5e-7,
                 sync=1000, algo=None, env_name=None, ckpt_dir='ckpt/dqn'):
        self.gamma = gamma
        self.epsilon = epsilon
        self.lr = lr
        self.n_actions = n_actions
        self.input_dims = input_dims
        self.batch_size = batch_size
        self.eps_floor = eps_floor
        self.eps_step = eps_step
        self.sync_every = sync
        self.algo = algo
        self.env_name = env_name
        self.ckpt_dir = ckpt_dir
        self.choices = [i for i in range(n_actions)]
        self.n_updates = 0

        self.replay = FrameReplay(replay_size, input_dims, n_actions)

        self.online = DeepQNetwork(self.lr, self.n_actions,
                                    input_dims=self.input_dims,
                                    name=self.env_name+'_'+self.algo+'_online',
                                    ckpt_dir=self.ckpt_dir)

        self.q_max_next = DeepQNetwork(self.lr, self.n_actions,
                                    input_dims=self.input_dims,
                                    name=self.env_name+'_'+self.algo+'_target',
                                    ckpt_dir=self.ckpt_dir)

    def act(self, obs):
        if np.random.random() > self.epsilon:
            s = T.tensor([obs],dtype=T.float).to(self.online.device)
            a_t = self.online.forward(s)
            a = T.argmax(a_t).item()
        else:
            a = np.random.choice(self.choices)

        return a

    def put(self, s, a, r, s2, d):
        self.replay.put(s, a, r, s2, d)

    def draw_batch(self):
        s, a, r, s2_np, d = \
                                self.replay.take(self.batch_size)

        s_t = T.tensor(s).to(self.online.device)
        r_t = T.tensor(r).to(self.online.device)
        d_t = T.tensor(d).to(self.online.device)
        a_t = T.tensor(a).to(self.online.device)
        s2_t = T.tensor(s2_np).to(self.online.device)

        return s_t, a_t, r_t, s2_t, d_t

    def maybe_sync(self):
        if self.n_updates % self.sync_every == 0:
            self.q_max_next.load_state_dict(self.online.state_dict())

    def anneal(self):
        self.epsilon = self.epsilon - self.eps_step \
                           if self.epsilon > self.eps_floor else self.eps_floor

    def save_all(self):
        self.online.save_checkpoint()
        self.q_max_next.save_checkpoint()

    def load_all(self):
        self.online.load_checkpoint()
        self.q_max_next.load_checkpoint()

    def train_step(self):
        if self.replay.mem_cntr < self.batch_size:
            return

        self.online.optimizer.zero_grad()

        self.maybe_sync()

        s_t, a_t, r_t, s2_t, d_t = self.draw_batch()
        rows = np.arange(self.batch_size)

        q_sa = self.online.forward(s_t)[rows, a_t]
        q_max_next = self.q_max_next.forward(s2_t).max(dim=1)[0]

        q_max_next[d_t] = 0.0
        q_goal = r_t + self.gamma*q_max_next

        td_loss = self.online.loss(q_goal, q_sa).to(self.online.device)
        td_loss.backward()
        self.online.optimizer.step()
        self.n_updates += 1

        self.anneal()
