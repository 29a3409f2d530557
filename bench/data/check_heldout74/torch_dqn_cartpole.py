import gym
import collections
import random

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

#Settings
lr            = 0.0005
discount      = 0.98
memory_cap    = 50000
mb_size       = 32

class Memory():
    def __init__(self):
        self.store = collections.deque(maxlen=memory_cap)
    
    def add(self, item):
        self.store.append(item)
    
    def draw(self, k):
        picked = random.sample(self.store, k)
        obs_l, act_l, rew_l, nxt_l, mask_l = [], [], [], [], []
        
        for item in picked:
            o, u, rw, o2, m = item
            obs_l.append(o)
            act_l.append([u])
            rew_l.append([rw])
            nxt_l.append(o2)
            mask_l.append([m])

        return torch.tensor(obs_l, dtype=torch.float), torch.tensor(act_l), \
               torch.tensor(rew_l), torch.tensor(nxt_l, dtype=torch.float), \
               torch.tensor(mask_l)
    
    def size(self):
        return len(self.store)

class QNetwork(nn.Module):
    def __init__(self):
        super(QNetwork, self).__init__()
        self.l1 = nn.Linear(4, 128)
        self.l2 = nn.Linear(128, 128)
        self.l3 = nn.Linear(128, 2)

    def forward(self, h):
        h = F.relu(self.l1(h))
        h = F.relu(self.l2(h))
        h = self.l3(h)
        return h
      
    def act(self, o, eps):
        qv = self.forward(o)
        r = random.random()
        if r < eps:
            return random.randint(0,1)
        else : 
            return qv.argmax().item()
            
def update(qnet, qnet_tgt, mem, opt):
    for _ in range(10):
        o,u,rw,o2,m = mem.draw(mb_size)

        q_all = qnet(o)
        q_sel = q_all.gather(1,u)
        q_next = qnet_tgt(o2).max(1)[0].unsqueeze(1)
        y = rw + discount * q_next * m
        loss = F.smooth_l1_loss(q_sel, y)
        
        opt.zero_grad()
        loss.backward()
        opt.step()

def main():
    env = gym.make('CartPole-v1')
    qnet = QNetwork()
    qnet_tgt = QNetwork()
    qnet_tgt.load_state_dict(qnet.state_dict())
    mem = Memory()

    report_every = 20
    ret = 0.0  
    opt = optim.Adam(qnet.parameters(), lr=lr)

    for ep in range(10000):
        eps = max(0.01, 0.08 - 0.01*(ep/200)) #anneal exploration 8% -> 1%
        o, _ = env.reset()
        finished = False

        while not finished:
            u = qnet.act(torch.from_numpy(o).float(), eps)      
            o2, rw, finished, cut, _info = env.step(u)
            m = 0.0 if finished else 1.0
            mem.add((o,u,rw/100.0,o2, m))
            o = o2

            ret += rw
            if finished:
                break
            
        if mem.size()>2000:
            update(qnet, qnet_tgt, mem, opt)

        if ep%report_every==0 and ep!=0:
            qnet_tgt.load_state_dict(qnet.state_dict())
            print("episode {}, mean return {:.1f}, memory {}, eps {:.1f}%".format(
                                                            ep, ret/report_every, mem.size(), eps*100))
            ret = 0.0
    env.close()

if __name__ == '__main__':
    main()
