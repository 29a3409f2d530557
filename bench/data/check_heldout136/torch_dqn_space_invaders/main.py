import gym
from invaders_model import InvadersQNet, InvadersAgent
from utils import plotLearning
import numpy as np
from gym import wrappers

if __name__ == '__main__':
    env = gym.make('SpaceInvaders-v0')
    player = InvadersAgent(discount=0.95, eps=1.0,
                  lr_=0.003, capacity=5000,
                  sync_every=None)
    while player.n_stored < player.cap:
        obs = env.reset()
        over = False
        while not over:

            a = env.action_space.sample()
            obs2, r, over, meta = env.step(a)
            if over and meta['ale.lives'] == 0:
                r = -100
            player.remember(np.mean(obs[15:200,30:125], axis=2), a, r,
                                np.mean(obs2[15:200,30:125], axis=2))
            obs = obs2
    print('replay warm-up finished')

    returns = []
    eps_log = []
    n_games = 50
    bs=32

    env = wrappers.Monitor(env, "rec/invaders", video_callable=lambda episode_id: True, force=True)
    for g in range(n_games):
        print('game', g+1, 'eps %.4f' % player.EPS)
        eps_log.append(player.EPS)
        over = False
        obs = env.reset()
        recent = [np.sum(obs[15:200,30:125], axis=2)]
        ret = 0
        prev_a = 0
        while not over:
            if len(recent) == 3:
                a = player.decide(recent)
                recent = []
            else:
                a = prev_a
            obs2, r, over, meta = env.step(a)
            ret += r
            recent.append(np.sum(obs2[15:200,30:125], axis=2))
            if over and meta['ale.lives'] == 0:
                r = -100
            player.remember(np.mean(obs[15:200,30:125], axis=2), a, r,
                                  np.mean(obs2[15:200,30:125], axis=2))
            obs = obs2
            player.update(bs)
            prev_a = a

        returns.append(ret)
        print('score:',ret)
    xs = [g+1 for g in range(n_games)]
    png_name = str(n_games) + 'g' + '_disc' + str(player.DISC) + \
               '_lr' + str(player.LR) + '_cap' + str(player.cap)+ '.png'
    plotLearning(xs, returns, eps_log, png_name)
