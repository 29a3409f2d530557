"""Plain PyTorch models built from torch.nn alone, for GPU checks where torchvision and transformers are absent."""

import torch


def encoder():
    """A 6-layer transformer encoder classifier over 512 tokens, batch of token ids and labels."""
    class Classifier(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = torch.nn.Embedding(32000, 512)
            layer = torch.nn.TransformerEncoderLayer(512, 8, 2048, batch_first=True)
            self.encoder = torch.nn.TransformerEncoder(layer, 6, enable_nested_tensor=False)
            self.head = torch.nn.Linear(512, 10)

        def forward(self, ids):
            return self.head(self.encoder(self.embed(ids)).mean(1))

    batch = (torch.zeros(1, 512, dtype=torch.long), torch.zeros(1, dtype=torch.long))
    return Classifier(), batch, lambda m, b: torch.nn.functional.cross_entropy(m(b[0]), b[1])


def convnet():
    """Five 3x3 convolution blocks with batch norm on 128x128 images."""
    blocks, channels = [], 3
    for width in (32, 64, 128, 256, 256):
        blocks += [torch.nn.Conv2d(channels, width, 3, padding=1), torch.nn.BatchNorm2d(width), torch.nn.ReLU(),
                   torch.nn.MaxPool2d(2)]
        channels = width
    model = torch.nn.Sequential(*blocks, torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(256, 100))
    batch = (torch.zeros(1, 3, 128, 128), torch.zeros(1, dtype=torch.long))
    return model, batch, lambda m, b: torch.nn.functional.cross_entropy(m(b[0]), b[1])
