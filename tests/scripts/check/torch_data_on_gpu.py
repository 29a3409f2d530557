# The whole training set moved to the GPU at once; moving each batch is fine.
import numpy as np
import torch

device = "cuda"
images = np.zeros((20000, 3, 128, 128), dtype=np.uint8)
x_all = torch.tensor(images).float().to(device)
for start in range(0, len(images), 64):
    batch = torch.from_numpy(images[start:start + 64]).to(device)
