import torch
from typing import Optional
from torch import nn

KNOWN_SCHEDULERS = {"cosine"}


def trainCNN(net, train_loader, test_loader,
          num_epochs, learning_rate, modelsavepath,
          compute_accs=True, lr_scheduler: Optional[str] = "cosine"):

    # cross entropy with Adam
    loss_fn = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters(), lr=learning_rate)
    #opt = torch.optim.SGD(net.parameters(), lr=learning_rate) #, weight_decay = 1e-2)

    if lr_scheduler is not None:
        assert lr_scheduler in KNOWN_SCHEDULERS, f"{lr_scheduler} is not one of {KNOWN_SCHEDULERS}"
        if lr_scheduler == "cosine":
            lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(opt, num_epochs)
        else:
            raise NotImplementedError(f"scheduler {lr_scheduler} is not one of {KNOWN_SCHEDULERS}")

    fit_accs = []
    held_accs = []

    best = 0
    for ep in range(num_epochs):
        for i, (tiles, tags) in enumerate(train_loader): # one batch at a time    
            # move the batch (and the net) to the GPU when there is one
            if torch.cuda.is_available():
                net = net.cuda()
                tiles = tiles.cuda()
                tags = tags.cuda()

            opt.zero_grad()                   # clear old gradients
            logits = net(tiles)               # forward
            loss = loss_fn(logits, tags)      # loss of this batch
            loss.backward()                   # gradients
            opt.step()                        # update

            if (i + 1) % 100 == 0:  # every 100 steps
                print(f'Epoch [{ep + 1}/{num_epochs}], Step [{i + 1}/{len(train_loader)}], '
                      f'Loss: {loss.item():.4f}')
        if compute_accs: 
          fit_acc = accuracy(net, data_loader= train_loader)
          held_acc = accuracy(net, data_loader= test_loader)
          fit_accs.append(fit_acc)
          held_accs.append(held_acc)
          print(f'Epoch [{ep + 1}/{num_epochs}], fit acc {100 * fit_acc:.2f}%, held acc {100 * held_acc:.2f}%')
          if held_acc > best:
              best = held_acc
              torch.save(net.state_dict(), modelsavepath)

        if lr_scheduler is not None:
            lr_scheduler.step()
    if compute_accs:
        return net, fit_accs, held_accs
    else:
        return net


def accuracy(net, data_loader):
    net.eval()
    right = 0
    seen = 0
    for tiles, tags in data_loader:
        if  torch.cuda.is_available():
            tiles = tiles.cuda()
            tags = tags.cuda()

        logits = net(tiles)                             # scores per class
        _, guess = torch.max(logits.data, 1)            # best class
        seen += tags.size(0)                            # count tiles
        right += (guess == tags).sum().item()           # count hits
    net.train()
    return right / seen
