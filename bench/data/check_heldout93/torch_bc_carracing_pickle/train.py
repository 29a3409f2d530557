# note
# note
# note


from stable_baselines3.common.evaluation import evaluate_policy
import torch
import numpy as np
from stable_baselines3 import PPO
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.utils import set_random_seed
from stable_baselines3.common.venv import VecFrameStack

import gymnasium as gym
import pytorch_lightning as pl

from env import TorchVisionWrapper
from utils import read_pickle
from baseline_model import CustomCNN, CustomCNN2
from bc_model import BehavioralCloningModule
from custom_stack import VecFrameStepStack

import torch
from torch.utils.data import Dataset, DataLoader


class PeriodicRollout(pl.Callback):
    def __init__(self, sb3_agent, env, every=50):
        self.sb3_agent = sb3_agent
        self.env = env
        self.every = every

    def on_train_epoch_end(self, trainer, pl_module):
        if (trainer.current_epoch + 1) % self.every == 0:
            policy_sd = {
                k.replace("policy_network.", ""): v
                for k, v in pl_module.state_dict().items()
                if k.startswith("policy_network")
            }
            self.sb3_agent.policy.load_state_dict(policy_sd, strict=True)
            rewards, lengths = evaluate_policy(
                self.sb3_agent, self.env, n_eval_episodes=10, return_episode_rewards=True
            )
            self.log("rollout_return", np.mean(rewards), on_step=False, on_epoch=True)
            self.log("rollout_len", np.mean(lengths), on_step=False, on_epoch=True)
            self.log(
                "rollout_return_median", np.median(rewards), on_step=False, on_epoch=True
            )


class DemoPairs(Dataset):
    def __init__(self, observations, actions):
        self.observations = observations
        self.actions = actions

    def __len__(self):
        return len(self.observations)

    def __getitem__(self, idx):
        return self.observations[idx], self.actions[idx]


class DemoList(Dataset):
    def __init__(self, data):
        self.data = data

    def __len__(self):
        return len(self.data)

    def __getitem__(self, idx):
        item = self.data[idx]
        # note
        observation = item[0]
        # note
        action = item[1]
        return observation, action


# note

if torch.cuda.is_available():
    device = torch.device("cuda")
    print(f"cuda device {torch.cuda.get_device_name(0)}")
else:
    device = torch.device("cpu")
    print("cpu only")
# note
seed = 0
torch.manual_seed(seed)
np.random.seed(seed)
torch.backends.cudnn.deterministic = True
set_random_seed(seed)

env_name = "CarRacing-v3"
n_stack = 4
stride = 4

# note
# note
demo_files = [
    # note
    f"processed_data/CarRacing-v3_processed.pkl"
]
data = []
for demo_file in demo_files:
    data.extend(read_pickle(demo_file))
print(f"{len(data)} demo steps read")
dataset = DemoList(data)
print(f"dataset size {len(dataset)}")
demo_loader = DataLoader(dataset, batch_size=64, shuffle=True)
print(f"{len(demo_loader)} batches per epoch")

venv = make_vec_env(
    lambda: TorchVisionWrapper(
        gym.make(env_name, continuous=False, max_episode_steps=2000)
    ),
    n_envs=1,
)
venv = VecFrameStepStack(
    venv, n_stack=n_stack, n_step=stride, channels_order="first"
)
print(f"obs shape {venv.observation_space.shape}")
# note
# note
pol_kwargs = dict(
    features_extractor_class=CustomCNN,
    features_extractor_kwargs=dict(features_dim=256),
)
model = PPO("CnnPolicy", venv, verbose=1, policy_kwargs=pol_kwargs)
policy_net = model.policy

# note
# note
# note
# note
# note

bc_lit = BehavioralCloningModule(policy_net, lr=2e-4)

# note
tb_logger = pl.loggers.TensorBoardLogger("runs/bc", name=env_name)
trainer = pl.Trainer(
    max_epochs=200,
    accelerator="gpu",
    logger=tb_logger,
    # note
)
trainer.fit(bc_lit, demo_loader)
trainer.save_checkpoint("bc_policy.ckpt")

# note
bc_sd = {
    k.replace("policy_network.", ""): v for k, v in bc_lit.state_dict().items()
}
model.policy.load_state_dict(bc_sd, strict=True)
out_name = f"ppo_bc_init_step{stride}"
model.save(out_name)
print(f"wrote {out_name}")
# note
