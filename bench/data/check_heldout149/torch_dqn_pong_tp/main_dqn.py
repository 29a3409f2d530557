import numpy as np
from agent import Learner
from utils import make_env, plot_learning_curve

import gymnasium as gym
import ale_py

gym.register_envs(ale_py)

if __name__ == '__main__':
    env = make_env("PongNoFrameskip-v4")
    n_games = 1000
    resume = False # set True to reload saved weights
    top_avg = -21
    learner = Learner(gamma=0.99, epsilon=1.0, alpha=0.0001,
                  input_dims=(4, 80, 80),
                  n_actions=6, mem_size=25000, epsilon_min=0.02,
                  batch_size=32, replace=1000, epsilon_dec=1e-5)

    if resume:
        learner.load_models()

    plot_name = 'PongNoFrameskip-v4.png'

    results, eps_trace = [], []
    total_steps = 0

    for g in range(n_games):
        finished = False
        obs, _ = env.reset()
        game_score = 0

        while not finished:
            act = learner.choose_action(obs)
            obs_next, rew, finished, _, info = env.step(act)
            total_steps += 1
            game_score += rew
            if not resume:
                learner.store_transition(obs, act, rew, obs_next, int(finished))
                learner.learn()
            # else:
            #    env.render('human')
            obs = obs_next

        results.append(game_score)
        recent_avg = np.mean(results[-100:])

        print(f"game {g},"
              f"score: {game_score},"
              f"recent mean: {recent_avg},"
              f"best mean: {top_avg},"
              f"eps: {learner.epsilon},"
              f"steps: {total_steps}"
              "\n\n")

        if recent_avg > top_avg:
            learner.save_models()
            print(f"Improved mean: {recent_avg},"
                  f"previous best: {top_avg}"
                  f"\n")
            top_avg = recent_avg

    # xs = [k+1 for k in range(n_games)]
    # plot_learning_curve(xs, results, eps_trace, plot_name)
