from core.model.replay_buffer import PriorityReplay
from core.model.train_information import TrainInformation
from core.model.wrappers import wrap_environment
from os.path import join
from shutil import copyfile, move
from core.model.test import test
from core.model.helpers import (compute_td_loss,
                                initialize_models,
                                set_device,
                                update_beta,
                                update_epsilon)
from torch import save
from torch.optim import Adam
from gym_super_mario_bros.actions import (COMPLEX_MOVEMENT,
                                          RIGHT_ONLY,
                                          SIMPLE_MOVEMENT)


# one optimisation step when the buffer is warm
def learn_step(net, target_net, opt, memory, dev, stats, beta):
    if len(memory) > warmup_steps:
        if not stats.index % sync_every:
            target_net.load_state_dict(net.state_dict())
        opt.zero_grad()
        # TD loss and backward pass
        compute_td_loss(net, target_net, memory, gamma, dev, batch_size, beta)
        opt.step()

def try_checkpoint(net, stats):
    # write the weights
    save(net.state_dict(), join('pretrained_models', '%s.dat' % level))
    print('Evaluating weights...')
    # run an evaluation
    ok = test(level, moves, stats.new_best_counter)
    # keep a copy of weights that pass
    if ok:
        copyfile(join('pretrained_models', '%s.dat' % level), 'recording/run%s/%s.dat' % (stats.new_best_counter, level))

# wrap up one episode
def finish_episode(net, stats, ep_return, ep, eps, extra):
    # record the return and check for a new best
    improved = stats.update_rewards(ep_return)
    # evaluate on a new best
    if improved:
        print('Best running mean so far: %s, saving'
              % round(stats.best_average, 3))
        # hand over the net
        try_checkpoint(net, stats)
    elif extra['flag_get']:
        # reached the flag: count it and evaluate
        stats.update_best_counter()
        try_checkpoint(net, stats)
    print('Ep %s | return %s | best %s | mean %s | eps %s' % (ep,
                                                                           round(ep_return, 3),
                                                                           round(stats.best_reward, 3),
                                                                           round(stats.average, 3),
                                                                           round(eps, 4)))


# play one episode while learning
def play_episode(env, net, target_net, opt, memory,
                dev, stats, ep):
    # fresh return, fresh level
    ep_return = 0.0
    obs = env.reset()

    while True:
        # schedules
        eps = update_epsilon(stats.index)
        if len(memory) > batch_size:
            beta = update_beta(stats.index)
        else:
            beta = 0.4
        # pick a move
        move_id = net.act(obs, eps, dev)
        # optional window
        if show:
            env.render()
        # advance the emulator
        obs_next, rew, finished, extra = env.step(move_id)
        # remember the transition
        memory.push(obs, move_id, rew, obs_next, finished)
        # advance state and return
        obs = obs_next
        ep_return += rew
        # global step counter
        stats.update_index()
        # learn
        learn_step(net, target_net, opt, memory,
                     dev, stats, beta)
        # episode over
        if finished:
            finish_episode(net, stats, ep_return,
                             ep, eps, extra)
            break


# the whole run
def run(env, net, target_net, opt, memory, dev):
    # bookkeeping of returns
    stats = TrainInformation()

    for ep in range(n_episodes):
        # one episode
        play_episode(env, net, target_net, opt, memory,
                    dev, stats, ep)


# entry point
def main():
    # wrapped emulator
    env = wrap_environment(level, moves)
    # GPU or CPU
    dev = set_device(cpu_only)
    # online and target nets
    net, target_net = initialize_models(level, env, dev, warm_start)
    # optimiser
    opt = Adam(net.parameters(), lr=lr)
    # prioritised replay
    memory = PriorityReplay(memory_size)
    # go
    run(env, net, target_net, opt, memory, dev)
    # tidy up
    env.close()

# settings
# which level
level = "SuperMarioBros-1-1-v0"
# move set
moves = SIMPLE_MOVEMENT
# force CPU
cpu_only = False
# start from saved weights
warm_start = True
# step size
lr = 1e-4
# replay capacity
memory_size = 20000
# episodes to play
n_episodes = 50000
# transitions per update
batch_size = 32
# show the game window
show = True
# steps before learning starts
warmup_steps = 10000
# target sync period
sync_every = 1000
# discount
gamma = 0.99

if __name__ == '__main__':
    main()
