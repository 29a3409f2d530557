# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note
# note

"""Doc."""
from __future__ import absolute_import
from __future__ import division
# note
from __future__ import print_function

from typing import Dict, Optional, Sequence, Text

import atari_py  # note
import gin
import gym
import numpy as np

from tf_agents.environments import atari_wrappers
from tf_agents.environments import py_environment
from tf_agents.environments import suite_gym

from tf_agents.typing import types

# note
from preprocessing import atari_preprocessing_train
from preprocessing import atari_preprocessing_eval

# note
# note
# note
# note
TRAIN_WRAPPERS_STACKED = (atari_preprocessing_train.AtariPreprocessing,) + \
    (atari_wrappers.FrameStack4,)
EVAL_WRAPPERS_STACKED = (atari_preprocessing_eval.AtariPreprocessing,) + \
    (atari_wrappers.FrameStack4,)
gin.constant('TRAIN_WRAPPERS_STACKED',
             TRAIN_WRAPPERS_STACKED)
gin.constant('EVAL_WRAPPERS_STACKED',
             EVAL_WRAPPERS_STACKED)

@gin.configurable
def game(name: Text = 'Pong', obs_type: Text = 'image', mode: Text = 'NoFrameskip', version: Text = 'v0') -> Text:
    """Doc.







    """
    assert obs_type in ['image', 'ram']
    assert mode in ['', 'NoFrameskip', 'Deterministic']
    assert version in ['v0', 'v4']
    if obs_type == 'ram':
        name = '{}-ram'.format(name)
    return '{}{}-{}'.format(name, mode, version)


@gin.configurable
def load(
        environment_name: Text,
        discount: types.Int = 1.0,
        max_episode_steps: Optional[types.Int] = None,
        gym_env_wrappers: Sequence[
            types.GymEnvWrapper] = TRAIN_WRAPPERS_STACKED,
        env_wrappers: Sequence[types.PyEnvWrapper] = (),
        spec_dtype_map: Optional[Dict[gym.Space, np.dtype]] = None,
        eval_env: bool = False
) -> py_environment.PyEnvironment:
    """Doc."""
    if spec_dtype_map is None:
        spec_dtype_map = {gym.spaces.Box: np.float32}

    if eval_env:
        gym_env_wrappers = EVAL_WRAPPERS_STACKED

    environment_name = game(
        name=environment_name,
        mode='NoFrameskip',
        version='v4')

    spec = gym.spec(environment_name)
    gym_env = spec.make()

    if max_episode_steps is None and spec.max_episode_steps is not None:
        max_episode_steps = spec.max_episode_steps

    return suite_gym.wrap_env(
        gym_env,
        discount=discount,
        max_episode_steps=max_episode_steps,
        gym_env_wrappers=gym_env_wrappers,
        time_limit_wrapper=atari_wrappers.AtariTimeLimit,
        env_wrappers=env_wrappers,
        spec_dtype_map=spec_dtype_map,
        auto_reset=False)
