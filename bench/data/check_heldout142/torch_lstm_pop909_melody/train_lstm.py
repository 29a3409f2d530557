import numpy as np
import torch
from models import LSTM
import utils
from time import time

n_epochs = 10
seq_len = 32
bs = 32

#####################
# melody LSTM fit
#####################

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

net = LSTM().to(device)

pairs = utils.get_training_set(seq_len)

# random 80/20 split of the pair indices
idx = list(range(len(pairs)))
cut = int(np.floor(0.2 * len(pairs)))
np.random.shuffle(idx)
fit_idx, hold_idx = idx[cut:], idx[:cut]

fit_sampler = torch.utils.data.sampler.SubsetRandomSampler(fit_idx)
hold_sampler = torch.utils.data.sampler.SubsetRandomSampler(hold_idx)

fit_loader = torch.utils.data.DataLoader(
    pairs, batch_size=bs, sampler=fit_sampler)
hold_loader = torch.utils.data.DataLoader(
    pairs, batch_size=bs, sampler=hold_sampler)

loss_fn = torch.nn.CrossEntropyLoss()
opt = torch.optim.Adam(net.parameters())

durations = []

for ep in range(n_epochs):
    t0 = time()

    print(f"epoch {ep}")
    print("------------------------")

    fit_sum = 0
    hold_sum = 0

    # fit
    net.train()
    for k, (xb, yb) in enumerate(fit_loader):
        state = net.init_hidden(xb.size()[0])

        xb = xb.to(device)
        yb = yb.to(device)

        logits, state = net(xb, state)

        # CrossEntropyLoss wants (batch, classes, time)
        logits = logits.permute(0, 2, 1)

        loss = loss_fn(logits, yb)
        fit_sum += loss.item()

        net.zero_grad()
        loss.backward()
        opt.step()

    # held-out
    net.eval()
    with torch.no_grad():
        for k, (xb, yb) in enumerate(hold_loader):
            state = net.init_hidden(xb.size()[0])

            xb = xb.to(device)
            yb = yb.to(device)

            logits, state = net(xb, state)

            # CrossEntropyLoss wants (batch, classes, time)
            logits = logits.permute(0, 2, 1)

            loss = loss_fn(logits, yb)
            hold_sum += loss.item()

    print(f"fit loss: {fit_sum}")
    print(f"held-out loss: {hold_sum}\n")

    durations.append(time() - t0)

# keep the weights
torch.save(net.state_dict(), "../models/lstm.model")

print(durations)
