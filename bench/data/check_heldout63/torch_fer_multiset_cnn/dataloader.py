import torch
from torch.utils.data import Dataset, DataLoader
import numpy as np
from load_images import read_faces
from load_eval_data import read_held

# decode every split up front
fit_pics, fit_tags = read_faces('train')
test_pics, test_tags = read_faces('test')

held_pics, held_tags = read_held('test')

# to float tensors in channel-first order
fit_x = torch.tensor(fit_pics, dtype=torch.float32).permute(0, 3, 1, 2)
fit_y = torch.tensor(np.argmax(fit_tags, axis=1), dtype=torch.long)

# thin wrapper over two tensors
class PairSet(Dataset):
    def __init__(self, xs, ys):
        self.xs = xs
        self.ys = ys

    def __len__(self):
        return len(self.xs)
    
    def __getitem__(self, idx):
        return self.xs[idx], self.ys[idx]
    
# fitting set and loader
fit_set = PairSet(fit_x, fit_y)
train_loader = DataLoader(fit_set, batch_size=16, shuffle=True)

# same for the test split
test_x = torch.tensor(test_pics, dtype=torch.float32).permute(0, 3, 1, 2)
test_y = torch.tensor(np.argmax(test_tags, axis=1), dtype=torch.long)
test_set = PairSet(test_x, test_y)
test_loader = DataLoader(test_set, batch_size=16, shuffle=False)

# same for the held-out collections
held_x = torch.tensor(held_pics, dtype=torch.float32).permute(0,3,1,2)
held_y = torch.tensor(np.argmax(held_tags, axis=1), dtype=torch.long)
held_set = PairSet(held_x, held_y)
eval_loader = DataLoader(held_set, batch_size=16, shuffle=False)
