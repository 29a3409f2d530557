import torch
import torch.optim as optim
import torch.nn as nn
from torch.utils.data import DataLoader
import numpy as np
import tqdm

import lane_cnn
import rollout_set

xent = nn.CrossEntropyLoss()


def fit_on_loader(loader, n_epochs=20):
    net = lane_cnn.LaneNet()
    opt = optim.Adam(net.parameters(), lr=0.001)

    for ep in range(n_epochs):
        loss_sum = 0.0
        for frames, acts in tqdm.tqdm(loader, leave=False):
            opt.zero_grad()
            onehot = np.zeros((acts.shape[0], 5))
            onehot[np.arange(acts.shape[0]), acts.to(torch.int32)] = 1
            onehot = onehot.astype(np.float32)
            acts = torch.from_numpy(onehot)

            logits = net(frames)

            l = xent(logits, acts)
            loss_sum += l.item()

            l.backward()
            opt.step()
        mean_l = loss_sum / len(loader)
        print(f'ep {ep + 1}/{n_epochs} mean loss {mean_l:.4f}')

    return net


def build_policy():
    dl = DataLoader(rollout_set.RolloutFrames(), batch_size=32, shuffle=True)
    return fit_on_loader(dl)

if __name__ == '__main__':
    net = build_policy()
    torch.save(net, 'bc-policy.pth')