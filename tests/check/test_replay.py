"""`oomdoctor check` on replay memories: frames made float before a DQN keeps them, in every way people keep them."""
import textwrap

import pytest

from oomdoctor.check import check_source


def findings(tmp_path, source: str, **files: str) -> list[tuple[str, int, str]]:
    for name, text in files.items():
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(text))
    script = tmp_path / "train.py"
    script.write_text(textwrap.dedent(source))
    return [(f.file.rsplit("/", 1)[-1], f.line, f.rule) for f in check_source(script) if f.rule == "dtype-blowup"]


# a deque with a maxlen, the frames made float by a helper that the loop calls for every observation
DEQUE_HELPER = """\
    import random
    from collections import deque
    import cv2
    import gym
    import numpy as np

    class Replay:
        def __init__(self, capacity):
            self.memory = deque(maxlen=capacity)

        def push(self, state, action, reward, next_state, done):
            self.memory.append((state, action, reward, next_state, done))

    def preprocess(frame):
        small = cv2.resize(cv2.cvtColor(frame, cv2.COLOR_RGB2GRAY), (84, 84))
        return small.astype(np.float32) / 255.0

    env = gym.make("BreakoutNoFrameskip-v4")
    buffer = Replay(1_000_000)
    state = preprocess(env.reset())
    for step in range(10_000_000):
        obs, reward, done, info = env.step(env.action_space.sample())
        next_state = preprocess(obs)
        buffer.push(state, 0, reward, next_state, done)
        state = next_state
"""


def test_a_deque_of_float_frames_made_by_a_helper(tmp_path):
    assert findings(tmp_path, DEQUE_HELPER) == [("train.py", 16, "dtype-blowup")]
    message = next(f.message for f in check_source(tmp_path / "train.py") if f.rule == "dtype-blowup")
    assert "1,000,000 transitions" in message and "float32" in message


def test_the_same_memory_of_uint8_frames_is_fine(tmp_path):
    assert findings(tmp_path, DEQUE_HELPER.replace("return small.astype(np.float32) / 255.0",
                                                   "return small")) == []


def test_a_vector_state_made_float32_is_not_a_frame(tmp_path):
    # CartPole's four numbers: no picture library, no pixel environment, no scale by 255
    assert findings(tmp_path, """\
        from collections import deque
        import gym
        import numpy as np
        import torch

        memory = deque(maxlen=100_000)
        env = gym.make("CartPole-v1")
        state = env.reset()
        for t in range(100_000):
            next_state, reward, done, _ = env.step(env.action_space.sample())
            memory.append((torch.tensor(state, dtype=torch.float32), reward,
                           torch.tensor(next_state, dtype=torch.float32), done))
            state = next_state
        """) == []


def test_the_tutorials_list_memory_with_a_namedtuple_of_rendered_screens(tmp_path):
    # the PyTorch tutorial's ReplayMemory (a list kept below its capacity, Transition(*args)) and get_screen()
    assert findings(tmp_path, """\
        import random
        from collections import namedtuple
        import gym
        import numpy as np
        import torch

        Transition = namedtuple("Transition", ("state", "action", "next_state", "reward"))

        class ReplayMemory(object):
            def __init__(self, capacity):
                self.capacity = capacity
                self.memory = []
                self.position = 0

            def push(self, *args):
                if len(self.memory) < self.capacity:
                    self.memory.append(None)
                self.memory[self.position] = Transition(*args)
                self.position = (self.position + 1) % self.capacity

        def get_screen(env):
            screen = env.render(mode="rgb_array").transpose((2, 0, 1))
            screen = np.ascontiguousarray(screen, dtype=np.float32) / 255
            return torch.from_numpy(screen).unsqueeze(0)

        env = gym.make("CartPole-v0").unwrapped
        memory = ReplayMemory(50000)
        for episode in range(500):
            env.reset()
            state = get_screen(env)
            for t in range(1000):
                next_state = get_screen(env)
                memory.push(state, 0, next_state, 1.0)
                state = next_state
        """) == [("train.py", 23, "dtype-blowup")]


def test_a_ring_of_slots_fed_by_an_atari_wrapper(tmp_path):
    # the frames come from gym's AtariPreprocessing (uint8), made float by torch.tensor(..., dtype) / 255
    assert findings(tmp_path, """\
        import gym
        import numpy as np
        import torch
        from gym.wrappers import AtariPreprocessing, FrameStack

        class Ring:
            def __init__(self, slots):
                self.items = [None] * slots
                self.at = 0

            def add(self, item):
                self.items[self.at] = item
                self.at = (self.at + 1) % len(self.items)

        env = FrameStack(AtariPreprocessing(gym.make("PongNoFrameskip-v4")), 4)
        ring = Ring(1_000_000)
        obs = env.reset()
        while True:
            nxt, reward, done, _ = env.step(env.action_space.sample())
            ring.add((torch.tensor(np.array(obs), dtype=torch.float) / 255.0, reward,
                      torch.tensor(np.array(nxt), dtype=torch.float) / 255.0, done))
            obs = nxt
        """) == [("train.py", 20, "dtype-blowup")]


@pytest.mark.parametrize("dtype, expected", [("np.float32", [("train.py", 8, "dtype-blowup")]),
                                             ("np.uint8", [])])
@pytest.mark.parametrize("shape", ["(size, 4, 84, 84)", "shape=(size, 4, 84, 84)"])
def test_a_preallocated_array_of_frames(tmp_path, dtype, expected, shape):
    # one array per field, made the memory's size: its dtype is what every stored frame becomes (the shape given
    # positionally or by its keyword)
    assert findings(tmp_path, f"""\
        import cv2
        import gym
        import numpy as np

        class Buffer:
            def __init__(self, size):
                self.size, self.i = size, 0
                self.frames = np.zeros({shape}, dtype={dtype})
                self.rewards = np.zeros((size,), dtype=np.float32)

            def store(self, frame, reward):
                self.frames[self.i % self.size] = frame
                self.rewards[self.i % self.size] = reward
                self.i += 1

        env = gym.make("Breakout-v4")
        buffer = Buffer(200_000)
        stack = np.zeros((4, 84, 84), dtype=np.uint8)
        for t in range(1_000_000):
            obs, reward, done, _ = env.step(env.action_space.sample())
            stack = np.roll(stack, 1, axis=0)
            stack[0] = cv2.resize(cv2.cvtColor(obs, cv2.COLOR_RGB2GRAY), (84, 84))
            buffer.store(stack, reward)
        """) == expected
    if expected:  # 200,000 x 4 x 84 x 84 float32
        message = next(f.message for f in check_source(tmp_path / "train.py") if f.rule == "dtype-blowup")
        assert "(21.0 GiB)" in message


def test_a_stack_of_the_last_four_frames_is_not_a_memory(tmp_path):
    # deque(maxlen=4) keeps one stack, whatever dtype its frames are
    assert findings(tmp_path, """\
        from collections import deque
        import cv2
        import gym
        import numpy as np

        env = gym.make("BreakoutNoFrameskip-v4")
        frames = deque(maxlen=4)
        obs = env.reset()
        for t in range(1000):
            obs, reward, done, _ = env.step(0)
            frames.append(cv2.resize(obs, (84, 84)).astype(np.float32) / 255.0)
        """) == []


def test_an_array_of_decoded_pictures_without_an_environment_is_no_replay_memory(tmp_path):
    # a classifier's float array filled with every picture it reads: eager loading (its own rule), not a memory of
    # an agent's observations, whichever name the decoded picture passes through
    source = """\
        import numpy as np
        from PIL import Image

        def read_all(paths, side=128):
            bank = np.zeros((len(paths), side, side, 3), dtype=np.float32)
            for i, path in enumerate(paths):
                picture = Image.open(path)
                picture = np.asarray(picture.resize((side, side)))
                bank[i] = picture
            return bank
        """
    assert not [f for f in check_source(_written(tmp_path, source)) if "replay memory" in f.message]
    played = "import gymnasium\n" + textwrap.dedent(source)
    assert [f for f in check_source(_written(tmp_path, played)) if "replay memory" in f.message]


def _written(tmp_path, source: str):
    script = tmp_path / "train.py"
    script.write_text(textwrap.dedent(source))
    return script


# the frame cut and thinned in place by the helper (its parameter rebound from itself), then made float and raveled;
# the memory a list() the class keeps below its capacity
REBOUND_FRAME = """\
    import random
    import gym
    import numpy as np

    class Memory:
        def __init__(self, size):
            self.size = size
            self.items = {start}

        def add(self, transition):
            if len(self.items) >= self.size:
                self.items.pop(0)
            self.items.append(transition)

    def shrink(obs):
        obs = obs[34:194]
        obs = obs[::2, ::2, 0]
        obs[obs != 0] = 1
        return {made}

    env = gym.make("{env}")
    memory = Memory(200_000)
    before = shrink(env.reset())
    while True:
        obs, reward, done, _ = env.step(env.action_space.sample())
        after = shrink(obs)
        memory.add((before, reward, after, done))
        before = after
"""


@pytest.mark.parametrize("start, made, env, expected", [
    ("list()", "obs.astype(np.float).ravel()", "PongDeterministic-v4", [19]),
    ("[]", "obs.astype(np.float32).ravel()", "SpaceInvadersNoFrameskip-v4", [19]),
    ("list()", "np.float32(obs).reshape(-1)", "BreakoutNoFrameskip-v4", [19]),
    ("list()", "obs.astype(np.uint8).ravel()", "PongDeterministic-v4", []),   # kept as bytes: fine
    ("list()", "obs.astype(np.float32).ravel()", "CartPole-v1", []),          # four numbers, no frame
])
def test_a_frame_rebound_by_its_helper_then_made_float(start, made, env, expected, tmp_path):
    source = REBOUND_FRAME.format(start=start, made=made, env=env)
    assert [line for _file, line, _rule in findings(tmp_path, source)] == expected
