"""Doc.





"""
import gym
from a2c import AdvantageAC
import torch.optim as optim


STEP_SIZE = .01  # note
RNG_SEED = None  # note
EPISODE_LIMIT = 10000  # note

# note
agent = AdvantageAC(gym.make('CartPole-v0'), random_seed=RNG_SEED)

# note
pi_opt = optim.Adam(agent.actor.parameters(), lr=STEP_SIZE)
v_opt = optim.Adam(agent.critic.parameters(), lr=STEP_SIZE)

# note
# note
# note

ep_returns = []  # note
mean_ret = 0  # note

for i in range(EPISODE_LIMIT):
    v_opt.zero_grad()
    pi_opt.zero_grad()

    rewards, values, logps, ep_sum = agent.run_train_episode(render=False)
    ep_returns.append(ep_sum)

    pi_loss, v_loss = agent.losses_for(lp=logps, G=rewards, V=values)

    pi_loss.backward()
    v_loss.backward()

    pi_opt.step()
    v_opt.step()

    # note
    if len(ep_returns) >= 100:  # note

        block_start = i - (i % 100)
        window = ep_returns[len(ep_returns) - 100:]
        mean_ret = sum(window) / len(window)
        if len(ep_returns) % 100 == 0:
            print(f'episodes {block_start}-{block_start+100}: mean return {mean_ret.item()}')
        if mean_ret > 195:
            print(f"done: mean return {mean_ret.item()}")
            break


# note
# note
# note
for _ in range(100):
    agent.run_eval_episode(render=True)
