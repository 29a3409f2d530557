import argparse
import gym
import numpy as np
import os
from typing import Tuple


def play_random(n_episode: int = 50,
            n_step: int = 1000,
            scale: bool = True
            ) -> Tuple[np.ndarray, np.ndarray]:
    """
    Random-action rollouts of CarRacing.

    Args
    ----
    n_episode
        Episodes to play.
    n_step
        Step cap per episode.
    scale
        Divide frames by 255 when set.

    Returns
    -------
    Frames and actions of all rollouts
    """
    frame_list, act_list = [], []
    env = gym.make('CarRacing-v0')
    for _ in range(n_episode):
        s = np.random.randint(int(1e4))
        env.seed(s)
        frame = env.reset()
        for _ in range(n_step):
            act = env.action_space.sample()
            frame, rew, finished, _ = env.step(act)
            frame_scaled = frame / 255 if scale else frame
            frame_list.append(np.expand_dims(frame_scaled, axis=0))
            act_list.append(np.expand_dims(act, axis=0))
            if finished:
                break
    env.close()

    frames_np = np.empty((len(frame_list),) + frame_list[0].shape[1:], dtype=np.float16)
    for k in range(len(frame_list)):
        frames_np[k] = frame_list[k]
    acts_np = np.concatenate(act_list, axis=0).astype(np.float16)

    return frames_np, acts_np


def write_chunk(a: np.ndarray,
             b: np.ndarray,
             path: str
             ) -> None:
    """
    Store two arrays in one compressed file.

    Args
    ----
    a
        First array.
    b
        Second array.
    path
        Output file.
    """
    np.savez_compressed(path, a=a, b=b)


def main(n_fold_train: int = 10,
        n_fold_test: int = 1,
        n_episode: int = 50,
        n_step: int = 1000,
        scale: bool = True,
        out_dir: str = './data/'
        ) -> None:
    """
    Play n_fold chunks of n_episode random episodes each and store them.

    Args
    ----
    n_fold_train
        Chunks written for training.
    n_fold_test
        Chunks written for testing.
    n_episode
        Episodes per chunk.
    n_step
        Step cap per episode.
    scale
        Divide frames by 255.
    out_dir
        Output folder.
    """
    fit_dir = os.path.join(out_dir, 'train')
    if not os.path.isdir(fit_dir):
        os.mkdir(fit_dir)

    for k in range(n_fold_train):
        frames, acts = play_random(n_episode, n_step, scale)
        write_chunk(frames, acts, os.path.join(fit_dir, 'carracing_' + str(k)))

    eval_dir = os.path.join(out_dir, 'test')
    if not os.path.isdir(eval_dir):
        os.mkdir(eval_dir)

    for k in range(n_fold_test):
        frames, acts = play_random(n_episode, n_step, scale)
        write_chunk(frames, acts, os.path.join(eval_dir, 'carracing_' + str(k)))


if __name__ == '__main__':
    cli = argparse.ArgumentParser(description="Record CarRacing rollouts.")
    cli.add_argument('--n_fold_train', type=int, default=10)
    cli.add_argument('--n_fold_test', type=int, default=1)
    cli.add_argument('--n_episode', type=int, default=50)
    cli.add_argument('--n_step', type=int, default=1000)
    cli.add_argument('--data_dir', type=str, default='./env/data/')
    opts = cli.parse_args()
    main(opts.n_fold_train, opts.n_fold_test, opts.n_episode, opts.n_step, True, opts.data_dir)
