# Entry point for training the duelling DQN on Breakout.

# Trains, then watches two games.
# 

from breakout_env import *
from helpers import *
from learner import *
from net import *
import torch
import os


os.environ['KMP_DUPLICATE_LIB_OK'] = 'TRUE'

device = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')

env = BreakoutScreens(device=device)

net = AtariNet(nb_actions=4)

net.load_the_model()

learner = Learner(model=net,
              device=device,
              epsilon=1.0,
              min_epsilon=0.1,
              nb_warmup=5000, # earlier 5,000
              nb_actions=4,
              learning_rate=0.00001,
              memory_capacity=100000,
              batch_size=64)


learner.train(env=env, epochs=1000000, run_tag=0)

watch_env = BreakoutScreens(device=device, render_mode='human')

learner.test(env=watch_env)







# look at one screen
# show_screen(obs)
