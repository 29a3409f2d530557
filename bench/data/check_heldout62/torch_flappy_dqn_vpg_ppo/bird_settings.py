import torch
from typing import Optional


class BirdSettings:
    def __init__(self, **kwargs):
        
        self.input_shape: tuple = (4, 80, 80)   # stacked screens fed to the nets
        self.actions: int = 2   # flap or not
        self.initial_epsilon: float = 1 # starting exploration rate, annealed linearly to the final value
        self.final_epsilon: float = 0.00001 # exploration floor
        self.explore: int = 100000  # frames over which epsilon is annealed (DQN)
        self.observe: int = 20000   # frames of pure collection before learning (DQN)
        self.replay_memory: int = 50000 # DQN memory length
        self.synchronize_steps: int = 1000  # frames between target refreshes
        self.jump_prob: float = 0.1 # chance of a flap when acting randomly (DQN)
        self.batch_size: int = 1024 # minibatch size; also the rollout chunk for VPG and PPO
        self.gamma: float = 0.99    # discount for all three learners
        self.save_interval: int = 20000 # checkpoint period: frames for DQN, iterations for VPG/PPO
        self.load_checkpoint: Optional[str] = None  # checkpoint to resume from (weights and optimiser)
        self.max_save: int = 5  # keep at most this many checkpoints
        self.device: str = "cuda" if torch.cuda.is_available() else "cpu"   # where the nets live
        self.dqn_dueling: bool = True  # dueling head for DQN
        self.lr_value: float = 1e-5  # step size of the value / Q net
        self.lr_policy: float = 1e-6   # step size of the policy net
        self.max_t: int = 1000000    # DQN frame budget
        self.lam: float = 0.95 # GAE lambda
        self.num_epochs: int = 1000 # iterations for VPG and PPO
        self.clip_ratio: float = 0.2   # PPO clip
        self.num_policy_updates: int = 3 # policy passes per rollout
        self.num_value_updates: int = 3  # value passes per rollout
        self.horizon: int = 8192    # rollout length for VPG and PPO
        self.num_updates: int = 3   # passes over each rollout

        for key, value in kwargs.items():
            if hasattr(self, key):
                setattr(self, key, value)
            else:
                raise AttributeError(f"'BirdSettings' has no setting '{key}'")

    def to_dict(self):
        return {k: v for k, v in self.__dict__.items()}

    def __repr__(self):
        return str(self.to_dict())
