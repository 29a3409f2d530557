from tqdm import tqdm
import torch

def fit(net, train_dl, test_dl, n_epochs,
    opt, loss_fn, writer):
    for ep in tqdm(range(n_epochs)):

        for step, (batch, targets) in enumerate(train_dl):
            # inputs
            batch = batch.requires_grad_()

            # reset grads
            opt.zero_grad()

            # forward
            logits = net(batch)

            # cross entropy on the logits
            loss = loss_fn(logits, targets)

            # backward
            loss.backward()

            # update
            opt.step()

            writer.add_scalar('Step Loss/train', loss, ep*len(train_dl) + step)

        # accuracy on the test split
        hits = 0
        seen = 0
        # loop over the test split
        for batch, targets in test_dl:
            # inputs
            batch = batch.requires_grad_()

            # forward for the scores
            logits = net(batch)

            # best class
            _, guess = torch.max(logits.data, 1)

            # count samples
            seen += targets.size(0)

            # count hits
            hits += (guess == targets).sum()

        acc = 100 * hits / seen

        # log it
        writer.add_scalar('Accuracy/train', acc, ep)
