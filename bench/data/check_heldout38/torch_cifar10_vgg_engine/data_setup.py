
from torch.utils.data import DataLoader
import torchvision

def make_loaders(
    train_dataset: torchvision.datasets,
    test_dataset: torchvision.datasets,
    batch_size: int):

  train_loader = DataLoader(
    train_dataset,
    batch_size=batch_size,
    shuffle=True)

  test_loader = DataLoader(
    test_dataset,
    batch_size=batch_size,
    shuffle=False)

  return train_loader, test_loader
