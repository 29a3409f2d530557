from dataclasses import dataclass


@dataclass
class HParams:
    ReplayBufferCapacity: int = 1000000 
    NumActions: int = 4 
    lr: float = 0.0000625 
    gamma: float = 0.99
    target_update: int = 10000
    batch_size: int = 32
    epsilon_start: float = 1.0  # float on purpose
    epsilon_min: float = 0.1    # float on purpose
    epsilon_decay: int = 250000 # 1M frames with 4-frame skip = 250k agent steps
    total_steps: int = 0
    update_target: int = 10000
    eval_freq: int = 500 # agent steps between evaluations
    eval_episodes: int = 10  # evaluation games
    video_save_freq: int = 400 # episodes between gifs


