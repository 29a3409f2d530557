import torch

from scores import print_scores


# one pass over the training tensors
def train_epoch(tensors, net, opt, crit, bs):
    net.train()
    for s in range(0, tensors["x_train"].shape[0], bs):
        opt.zero_grad()
        logits = net(tensors["x_train"][s : s + bs]).squeeze()
        loss = crit(logits, tensors["y_train"][s : s + bs].float())
        loss.backward()
        opt.step()


# losses on both splits plus test metrics
def eval_model(ep, tensors, net, opt, crit):
    net.eval()
    with torch.no_grad():
        # loss on the training split
        logits = net(tensors["x_train"]).squeeze()
        tr_loss = crit(logits, tensors["y_train"].float())

        # loss on the held-out split
        te_logits = net(tensors["x_test"]).squeeze()
        te_loss = crit(te_logits, tensors["y_test"].float())

        print("------------------------------------------")
        print(
            f"epoch {ep}: fit loss {tr_loss:.3f};",
            f"held-out loss {te_loss:.3f}",
        )
        print_scores(te_logits, tensors["y_test"])
