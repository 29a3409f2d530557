import torch
from torchdiffeq import odeint_adjoint as odeint

class DecayOde(torch.nn.Module):
    def __init__(self, rate):
        super().__init__()
        self.rate = torch.nn.Parameter(rate)
        start = torch.ones_like(rate)
        times = torch.linspace(0, 1, 1000, dtype=rate.dtype, device=rate.device)
        path = odeint(self, start, times)
        self.path = path  # leak disappears when this assignment is dropped

    def forward(self, t, state):
        return -self.rate * state

def build_once():
    rate = torch.ones((300000,), dtype=torch.double, device=torch.device("cuda"))
    ode = DecayOde(rate)

for k in range(5):
    build_once()
    torch.cuda.empty_cache()
    print("allocated now:", float(torch.cuda.memory_allocated() / (1024 ** 2)), "MiB")
