import numpy as np
import os
import torch
from typing import Tuple


def save_checkpoint(state: dict, improved: bool, path: str, best_path: str):
    """ Write the state to path, and to best_path as well when improved. """
    torch.save(state, path)
    if improved:
        torch.save(state, best_path)


def collate_fn(items):
    return tuple(zip(*items))


def generate_obs(source):
    for item in source:
        yield item


class RolloutChunks(object):
    def __init__(self,
                 root: str,
                 seq_len: int = 0,
                 transform: callable = None,
                 obs_per_batch: int = int(5e4)) -> None:
        """
        Stored rollout chunks of a Gym environment.

        Args
        ----
        root
            Folder with the .npz chunks.
        seq_len
            Length of a returned sequence.
        transform
            Preprocessing / augmentation applied per frame.
        obs_per_batch
            Frames inside one stored chunk.
        """
        self.root = root
        self.batch_list = [f for f in os.listdir(root) if f.endswith('.npz')]
        self.seq_len = seq_len
        self.transform = transform
        if obs_per_batch is not None:
            self.obs_per_batch = obs_per_batch
        else:  # read the first chunk to count its frames
            self.obs_per_batch = np.load(os.path.join(self.root, self.batch_list[0]))['b'].shape[0]

    def load_batch(self, idx: int) -> None:
        chunk = np.load(os.path.join(self.root, self.batch_list[idx]))
        self.observation, self.action = chunk['a'], chunk['b']

    def __getitem__(self, idx: int) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        # slice frames and actions
        frames = self.observation[idx:idx + self.seq_len + 1].astype(np.float32)
        acts = self.action[idx:idx + self.seq_len + 1].astype(np.float32)

        # bring [0, 1] frames back to the 0..255 range
        if frames.max() <= 1.:
            frames *= 255

        # per-frame preprocessing and augmentation
        if self.transform is not None:
            per_frame = []
            for t in range(frames.shape[0]):
                per_frame.append(self.transform(frames[t].astype(np.uint8)))
            frames = torch.stack(per_frame)
        else:
            frames = torch.as_tensor(frames, dtype=torch.float32)

        # actions as tensors
        acts = torch.as_tensor(acts, dtype=torch.float32)

        # sequence mode or single frames
        if self.seq_len > 0:
            following = frames[1:]
            frames = frames[:-1]
            acts = acts[:-1]
        else:
            frames = torch.squeeze(frames, dim=0)
            acts = torch.squeeze(acts, dim=0)
            following = None

        return frames, acts, following

    def __len__(self) -> int:
        return self.obs_per_batch
