import numpy as np
import gymnasium as gym

class RandomNoopStart(gym.Wrapper):
    def __init__(self, env, max_noops=30):
        """On reset, play a random number of no-op moves first
        (action 0 is taken to be the no-op).
        """
        gym.Wrapper.__init__(self, env)
        self.max_noops = max_noops
        self.fixed_noops = None
        self.noop_id = 0
        assert env.unwrapped.get_action_meanings()[0] == 'NOOP'

    def reset(self, **kwargs):
        """ Reset, then step the no-op between 1 and max_noops times."""

        ob, extra = self.env.reset(**kwargs)

        if self.fixed_noops is not None:
            n_noops = self.fixed_noops
        else:
            n_noops = np.random.randint(1, self.max_noops + 1)
        assert n_noops > 0
        ob = None
        for _ in range(n_noops):
            ob, _, finished, _, _ = self.env.step(self.noop_id)
            if finished:
                ob, _ = self.env.reset(**kwargs)
        return ob, extra

    def step(self, act):
        return self.env.step(act)

class LifeLossEnds(gym.Wrapper):
    def __init__(self, env):
        """Report a lost life as the end of an episode; the real reset
        waits for game over (the DeepMind trick, it helps value learning).
        """
        gym.Wrapper.__init__(self, env)
        self.lives_left = 0
        self.game_over = True

    def reset(self, **kwargs):
        """Truly reset only once the game is over; otherwise
        take one no-op to leave the lost-life state, so every state
        stays reachable and the agent never sees the difference.
        """
        if self.game_over:
            # real reset
            ob, extra = self.env.reset(**kwargs)
        else:
            # a single no-op moves on from the lost life
            ob, _, _, _, extra = self.env.step(0)
        self.lives_left = self.env.unwrapped.ale.lives()
        # lives remaining are now stored
        return ob, extra

    def step(self, action):
        ob, rew, finished, truncated, extra = self.env.step(action)
        self.game_over = finished
        # a drop in lives counts as terminal here;
        # the count is refreshed afterwards so bonus lives work
        now_lives = self.env.unwrapped.ale.lives()
        if now_lives < self.lives_left and now_lives > 0:
            # some games sit at zero lives for a few frames, hence the
            # > 0 test: the reset then happens only once, when the env
            # itself says it is done.
            finished = True
        self.lives_left = now_lives
        # (debug print removed)
        return ob, rew, finished, truncated, extra


class PressFireOnReset(gym.Wrapper):
    def __init__(self, env):
        """Press FIRE after a reset or a lost life, for games that wait for it."""
        gym.Wrapper.__init__(self, env)
        self.lives_left = self.env.unwrapped.ale.lives()
        # (a check that action 1 is FIRE was here)
        # (and one that there are at least 3 actions)

    def reset(self, **kwargs):
        self.env.reset(**kwargs)
        ob, _, finished, _, extra = self.env.step(1)
        if finished:
            print("episode ended at once, resetting")
            self.env.reset(**kwargs)
            ob, _, finished, _, extra = self.env.step(1)
        if finished:
            print("ended at once a second time, plain reset")
            ob, extra = self.env.reset(**kwargs)
        self.lives_left = self.env.unwrapped.ale.lives()
        return ob, extra

    def step(self, act):
        now_lives = self.env.unwrapped.ale.lives()

        # a life was lost: press FIRE once
        if now_lives < self.lives_left and now_lives > 0:
            ob, _, finished, _, extra = self.env.step(1)
            self.lives_left = now_lives
            if finished:
                self.reset()

        elif now_lives == 0:
            self.reset()

        return self.env.step(act)