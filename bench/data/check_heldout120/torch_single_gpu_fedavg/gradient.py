import torch
def get_gradient(net, client_sets, crit):
    g_mean = 0.0
    loss_sum = 0
    k = 0
    for client_set in client_sets:
        net.train()
        xb, yb = client_set[0]

        net.zero_grad()
        out = net(xb)
        loss = crit(out, yb)
        loss.backward()
        loss_sum += float(loss.item())
        g = torch.nn.utils.parameters_to_vector([p.grad for p in net.parameters()]).detach().clone()
        g_mean = g_mean * k / (k + 1) + g / (k + 1)
        k += 1
    return g_mean, loss / k
