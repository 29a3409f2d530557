from model_arch import EmotionCNN
import torch
import torch.nn as nn
import torch.optim as optim
from dataloader import train_loader, test_loader, eval_loader
from plt_train_results import plot_fun
from save_train_results import create_csv

# pick the GPU when there is one
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(f"Running on: {device}")

# network
net = EmotionCNN().to(device)

# optimiser and loss
loss_fn = nn.CrossEntropyLoss()
opt = optim.Adam(net.parameters(), lr=0.001)

# per-epoch history
fit_loss_hist = []
test_loss_hist = []
fit_acc_hist = []
test_acc_hist = []
held_loss_hist = []
held_acc_hist = []

held_truth_by_epoch = []
held_guess_by_epoch = []

patience = 10
best = 0
stale = 0

# epochs
n_epochs = 50
for ep in range(n_epochs):
    net.train()
    summed = 0.0
    hits = 0
    seen = 0

    for pics, tags in train_loader:
        # batch to the device
        pics = pics.to(device)
        tags = tags.to(device)

        opt.zero_grad()
        logits = net(pics)
        loss = loss_fn(logits, tags)
        loss.backward()
        opt.step()
        summed += loss.item()
        _, guess = torch.max(logits.data, 1)
        seen += tags.size(0)
        hits += (guess == tags).sum().item()

    fit_loss = summed / len(train_loader)
    fit_acc = hits / seen
    fit_loss_hist.append(fit_loss)
    fit_acc_hist.append(fit_acc)

    # mean loss
    #mean_loss = summed / len(train_loader)
    #print(f"Epoch {ep+1}, loss: {mean_loss}")



    # test split
    net.eval()

    summed_test = 0.0
    test_hits = 0
    test_seen = 0
    
    with torch.no_grad():
        for pics, tags in test_loader:
            # batch to the device
            pics = pics.to(device)
            tags = tags.to(device)
            logits = net(pics)
            loss = loss_fn(logits, tags)
            summed_test += loss.item()
            _, guess = torch.max(logits.data, 1)
            test_seen += tags.size(0)
            test_hits += (guess == tags).sum().item()

    test_loss = summed_test / len(test_loader)
    test_acc = test_hits / test_seen
    test_loss_hist.append(test_loss)
    test_acc_hist.append(test_acc)
    

    # held-out collections
    net.eval()
    summed_held = 0.0
    held_hits = 0
    held_seen = 0
    held_truth = []
    held_guess = []

    with torch.no_grad():
        for pics, tags,  in eval_loader:
            # batch to the device
            pics = pics.to(device)
            tags = tags.to(device)
            logits = net(pics)
            loss = loss_fn(logits, tags)
            summed_held += loss.item()
            _, guess = torch.max(logits.data, 1)
            held_seen += tags.size(0)
            held_hits += (guess == tags).sum().item()
            held_truth.extend(tags.cpu().numpy())
            held_guess.extend(guess.cpu().numpy())

    # keep this epoch's lists
    held_truth_by_epoch.append(held_truth)
    held_guess_by_epoch.append(held_guess)

    held_loss = summed_held / len(eval_loader)
    held_acc = held_hits / held_seen
    held_loss_hist.append(held_loss)
    held_acc_hist.append(held_acc)



    print(f"Epoch {ep+1}, fit loss: {fit_loss}, fit acc: {fit_acc}, test loss: {test_loss}, test acc: {test_acc}, held loss: {held_loss}, held acc: {held_acc}%")

    
    
# early stop on held-out accuracy

    if held_acc > best:
        best = held_acc
        stale = 0
        torch.save(net.state_dict(), 'new_mod.pth')
    else:
        stale += 1
        print(f"{stale} epochs without gain.%")

    if stale > patience:
        print("No more gain: stopping")
        break


# plots and csv
plot_fun(fit_loss_hist, test_loss_hist, held_loss_hist, fit_acc_hist, test_acc_hist, held_acc_hist)
create_csv(held_truth_by_epoch, held_guess_by_epoch)#, fit_loss_hist, test_loss_hist, held_loss_hist, fit_acc_hist, test_acc_hist, held_acc_hist)
