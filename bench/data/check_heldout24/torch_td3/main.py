import numpy as np
import torch
import gym
import argparse
import os

import utils
import TD3
import OurDDPG
import DDPG


# Mean return of the current policy over a few episodes
# on a separately seeded copy of the environment
def eval_policy(policy, env_name, seed, eval_episodes=10):
	eval_env = gym.make(env_name)
	eval_env.seed(seed + 100)

	mean_return = 0.
	for _ in range(eval_episodes):
		state, done = eval_env.reset(), False
		while not done:
			action = policy.act(np.array(state))
			state, reward, done, _ = eval_env.step(action)
			mean_return += reward

	mean_return /= eval_episodes

	print("=======================================")
	print(f"mean return over {eval_episodes} evaluation episodes: {mean_return:.3f}")
	print("=======================================")
	return mean_return


if __name__ == "__main__":
	
	cli = argparse.ArgumentParser()
	cli.add_argument("--policy", default="TD3")                  # which agent: TD3, DDPG or OurDDPG
	cli.add_argument("--env", default="HalfCheetah-v2")          # gym environment id
	cli.add_argument("--seed", default=0, type=int)              # seed for gym, torch and numpy
	cli.add_argument("--start_timesteps", default=25e3, type=int)# steps of uniform random actions first
	cli.add_argument("--eval_freq", default=5e3, type=int)       # steps between evaluations
	cli.add_argument("--max_timesteps", default=1e6, type=int)   # total environment steps
	cli.add_argument("--expl_noise", default=0.1, type=float)    # std of the exploration noise
	cli.add_argument("--batch_size", default=256, type=int)      # minibatch size for both networks
	cli.add_argument("--discount", default=0.99, type=float)     # reward discount
	cli.add_argument("--tau", default=0.005, type=float)         # soft target update rate
	cli.add_argument("--policy_noise", default=0.2)              # target smoothing noise
	cli.add_argument("--noise_clip", default=0.5)                # clip of the smoothing noise
	cli.add_argument("--policy_freq", default=2, type=int)       # critic steps per actor step
	cli.add_argument("--save_model", action="store_true")        # write weights and optimiser state
	cli.add_argument("--load_model", default="")                 # checkpoint to start from ("default" = run name)
	opts = cli.parse_args()

	run_name = f"{opts.policy}_{opts.env}_{opts.seed}"
	print("=======================================")
	print(f"agent {opts.policy} | env {opts.env} | seed {opts.seed}")
	print("=======================================")

	if not os.path.exists("./results"):
		os.makedirs("./results")

	if opts.save_model and not os.path.exists("./models"):
		os.makedirs("./models")

	env = gym.make(opts.env)

	# seeding
	env.seed(opts.seed)
	env.action_space.seed(opts.seed)
	torch.manual_seed(opts.seed)
	np.random.seed(opts.seed)
	
	obs_dim = env.observation_space.shape[0]
	act_dim = env.action_space.shape[0] 
	act_limit = float(env.action_space.high[0])

	agent_kwargs = {
		"obs_size": obs_dim,
		"act_size": act_dim,
		"act_bound": act_limit,
		"gamma_value": opts.discount,
		"soft_rate": opts.tau,
	}

	# build the agent
	if opts.policy == "TD3":
		# smoothing noise is given relative to the action range
		agent_kwargs["smooth_std"] = opts.policy_noise * act_limit
		agent_kwargs["smooth_clip"] = opts.noise_clip * act_limit
		agent_kwargs["actor_period"] = opts.policy_freq
		policy = TD3.TD3(**agent_kwargs)
	elif opts.policy == "OurDDPG":
		policy = OurDDPG.DDPG(**agent_kwargs)
	elif opts.policy == "DDPG":
		policy = DDPG.DDPG(**agent_kwargs)

	if opts.load_model != "":
		ckpt_name = run_name if opts.load_model == "default" else opts.load_model
		policy.load(f"./models/{ckpt_name}")

	buffer = utils.TransitionBuffer(obs_dim, act_dim)
	
	# score of the untrained agent
	eval_returns = [eval_policy(policy, opts.env, opts.seed)]

	state, done = env.reset(), False
	ep_return = 0
	ep_steps = 0
	ep_index = 0

	for t in range(int(opts.max_timesteps)):
		
		ep_steps += 1

		# random actions during warm-up, noisy policy actions afterwards
		if t < opts.start_timesteps:
			action = env.action_space.sample()
		else:
			action = (
				policy.act(np.array(state))
				+ np.random.normal(0, act_limit * opts.expl_noise, size=act_dim)
			).clip(-act_limit, act_limit)

		# step the environment
		next_state, reward, done, _ = env.step(action) 
		done_flag = float(done) if ep_steps < env._max_episode_steps else 0

		# remember the transition
		buffer.store(state, action, next_state, reward, done_flag)

		state = next_state
		ep_return += reward

		# one gradient step per environment step once warmed up
		if t >= opts.start_timesteps:
			policy.train(buffer, opts.batch_size)

		if done: 
			# counters are 0-based internally, so print t+1 and ep_index+1
			print(f"step {t+1} | episode {ep_index+1} | length {ep_steps} | return {ep_return:.3f}")
			# start a new episode
			state, done = env.reset(), False
			ep_return = 0
			ep_steps = 0
			ep_index += 1 

		# periodic evaluation
		if (t + 1) % opts.eval_freq == 0:
			eval_returns.append(eval_policy(policy, opts.env, opts.seed))
			np.save(f"./results/{run_name}", eval_returns)
			if opts.save_model: policy.save(f"./models/{run_name}")
