import torch

def run_valid(net, batches, loss_fn, dev):

    net.eval()

    step_losses = []

    with torch.no_grad():
        for stat_x, fut_x, past_cat_x, past_num_x, y in batches:

            stat_x = stat_x.to(dev)
            fut_x = fut_x.to(dev)
            past_cat_x = past_cat_x.to(dev)
            past_num_x = past_num_x.to(dev)
            y = y.to(dev)

            out, _ = net(stat_x, fut_x, past_cat_x, past_num_x)

            loss = loss_fn(y, out)

            step_losses.append(loss)

    return sum(step_losses) / len(step_losses)
