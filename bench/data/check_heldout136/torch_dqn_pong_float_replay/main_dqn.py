import gym
import numpy as np
from dqn_agent import PongLearner
from utils import plot_learning_curve, make_env
from gym import wrappers

if __name__ == '__main__':
    env = make_env('PongNoFrameskip-v4')

    top_avg = -np.inf
    eval_only = False
    episodes = 250

    learner = PongLearner(gamma=0.99, epsilon=1, lr=0.0001,
                     input_dims=(env.observation_space.shape),
                     n_actions=env.action_space.n, replay_size=50000, eps_floor=0.1,
                     batch_size=32, sync=1000, eps_step=1e-5,
                     ckpt_dir='ckpt/', algo='DQNAgent',
                     env_name='PongNoFrameskip-v4')

    if eval_only:
        learner.load_all()

    tag = learner.algo + '_' + learner.env_name + '_lr' + str(learner.lr) +'_' \
            + str(episodes) + 'eps_run'
    plot_path = 'figs/' + tag + '.png'




    total_steps = 0
    returns, eps_log, step_log = [], [], []

    for ep in range(episodes):
        finished = False
        obs = env.reset()

        ep_ret = 0
        while not finished:
            a = learner.act(obs)
            obs2, r, finished, extra = env.step(a)
            ep_ret += r

            if not eval_only:
                learner.put(obs, a,
                                     r, obs2, finished)
                learner.train_step()
            obs = obs2
            total_steps += 1
        returns.append(ep_ret)
        step_log.append(total_steps)

        mean100 = np.mean(returns[-100:])
        print('ep', ep,'ret', ep_ret,
             ' mean100 %.1f' % mean100, 'best %.2f' % top_avg,
            'eps %.2f' % learner.epsilon, 'n', total_steps)

        if mean100 > top_avg:
            if not eval_only:
                learner.save_all()
            top_avg = mean100

        eps_log.append(learner.epsilon)

    xs = [ep+1 for ep in range(len(returns))]
    plot_learning_curve(step_log, returns, eps_log, plot_path)
