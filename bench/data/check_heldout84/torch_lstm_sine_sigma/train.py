import torch
import torch.nn as nn

def fit_net(net, batches, n_epochs=50, lr=0.001):
    mse = nn.MSELoss()
    opt = torch.optim.Adam(net.parameters(), lr=lr)

    for ep in range(n_epochs):
        net.train()
        running = 0

        for xb, yb in batches:
            opt.zero_grad()

            outs = net(xb)
            loss = mse(outs, yb)

            loss.backward()
            opt.step()

            running += loss.item()

        print(f"pass {ep+1} of {n_epochs}: mse {running / len(batches):.4f}")
