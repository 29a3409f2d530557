import torch

class SlidingSeries(torch.utils.data.Dataset):
    def __init__(self, values: list[float], span: int):
        self.values = values 
        self.span = span

    def __len__(self)-> int:
        return len(self.values) - self.span

    def __getitem__(self, i: int)-> tuple[torch.Tensor, torch.Tensor]:
        xs = self.values[i : i + self.span]
        ys = self.values[i + self.span]
        return torch.tensor(xs, dtype=torch.float32), torch.tensor(ys, dtype=torch.float32)