import gym

from replay_buffer import TransitionMemory
from params_pool import QLearner

memory = TransitionMemory(capacity=10000)
learner = QLearner(obs_dim=4, n_actions=2)
sync_every = 10
step_cap = 200
batch_len = 32

env = gym.make('CartPole-v0')

n_episodes = 200  # CartPole is usually solved well before this

for episode in range(n_episodes):

    env.reset()

    episode_return = 0
    episode_steps = 0

    while True:

        # ----- one transition: obs, action, reward, next obs, next action -----

        obs = env.state
        act = learner.act_epsilon_greedy(obs)

        next_obs, rew, finished, _info = env.step(act)

        # bookkeeping and the step cap
        episode_return += rew
        episode_steps += 1
        if episode_steps >= step_cap: finished = True

        next_act = learner.act_greedy(next_obs)

        alive = 0 if finished else 1

        # ----- remember it -----

        memory.store(obs, act, rew, next_obs, next_act, alive)

        # ----- one gradient step on a random minibatch -----

        learner.fit_online_net(memory.draw_batch(batch_len=batch_len))

        # ----- episode over? -----

        if finished: break

    # ----- end of episode: maybe sync, always decay epsilon -----

    if episode % sync_every == 0:
        learner.sync_target_net()

    learner.shrink_epsilon()

    print(f'ep {episode:3.0f}  return {episode_return:3.0f}  eps {learner.eps:3.2f}')

env.close()