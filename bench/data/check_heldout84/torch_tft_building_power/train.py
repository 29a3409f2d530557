def run_epoch(net, batches, opt, loss_fn, dev, bs):

    net.train()

    step_losses = []

    for stat_x, fut_x, past_cat_x, past_num_x, y in batches:

        stat_x = stat_x.to(dev)
        fut_x = fut_x.to(dev)
        past_cat_x = past_cat_x.to(dev)
        past_num_x = past_num_x.to(dev)
        y = y.to(dev)

        opt.zero_grad()

        out, _ = net(stat_x, fut_x, past_cat_x, past_num_x)

        loss = loss_fn(y, out)

        loss.backward()
        opt.step()

        if y.shape[0] == bs:
            scaled = loss
        else:
            scaled = loss * bs / y.shape[0]

        step_losses.append(scaled)
    
    return sum(step_losses) / len(step_losses)
