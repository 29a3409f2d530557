import numpy as np
import torch


class RunningMean(object):
    def __init__(self, max_len: int = 100) -> None:
        super().__init__()
        self.max_len = max_len
        self.window_vals = []

    def push(self, value_in):
        """Append one number (a one-element tensor, a Python scalar or
        a list of them) to the running window.
        """
        if isinstance(value_in, torch.Tensor):
            value_in = value_in.item()
        self.window_vals.append(value_in)
        if self.max_len > 0 and len(self.window_vals) > self.max_len:
            self.window_vals = self.window_vals[-self.max_len:]
        return self.value()

    def value(self) -> float:
        """Mean of the stored values."""
        if len(self.window_vals) == 0:
            return 0
        return np.mean(self.window_vals)

    def mean_value(self) -> float:
        """Alias of value()."""
        return self.value()

    def spread(self) -> float:
        """Spread (std) of the stored values."""
        if len(self.window_vals) == 0:
            return 0
        return np.std(self.window_vals)
