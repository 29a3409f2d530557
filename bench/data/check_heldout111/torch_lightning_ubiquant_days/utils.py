import math

import torch


def uniform_scalar(a, b):
    return torch.FloatTensor(1).uniform_(a, b).item()


# Modify from https://github.com/wzlxjtu/PositionalEncoding2D
def sincos_table(n_pos, width, device='cpu', dtype=torch.float):
    """
    width: embedding size
    n_pos: number of positions
    returns an n_pos x width table
    """
    if width % 2 != 0:
        raise ValueError("sin/cos table needs an even width, "
                         f"got width={width:d})")
    tbl = torch.zeros(n_pos, width, device=device)
    pos = torch.arange(n_pos, dtype=dtype, device=device).unsqueeze(1)
    freq = torch.exp((torch.arange(0, width, 2, device=device, dtype=dtype) *
                         -(math.log(10000.0) / width)))
    tbl[:, 0::2] = torch.sin(pos * freq)
    tbl[:, 1::2] = torch.cos(pos * freq)
    return tbl
