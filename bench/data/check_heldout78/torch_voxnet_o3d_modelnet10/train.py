import torch
from torch import nn, optim
from torch.utils.data import DataLoader
from tqdm import tqdm
from cube_net import CubeNet
from grid_data import OccupancySet, RandomCubeFlips
from sklearn.metrics import confusion_matrix
import numpy as np
import matplotlib.pyplot as plt

class SmoothedCE(nn.Module):
    def __init__(self, eps=0.1):
        super().__init__()
        self.eps = eps
    
    def forward(self, logits, y):
        k = logits.size(-1)
        logp = torch.nn.functional.log_softmax(logits, dim=-1)
        uniform_term = -logp.sum(dim=-1).mean()
        nll = torch.nn.functional.nll_loss(logp, y)
        return (1 - self.eps) * nll + self.eps * uniform_term / k
    
def fit(tr_loader, te_loader, epochs=10):
    best_acc = 0.0
    stale = 0
    
    for ep in range(epochs):
        net.train()
        running = 0.0
        hits = 0
        seen = 0

        for cubes, targets in tqdm(tr_loader, desc=f"epoch {ep+1}/{epochs}"):            
            cubes, targets = cubes.to(dev), targets.to(dev)

            opt.zero_grad()
            
            logits = net(cubes)
            loss = loss_fn(logits, targets)
            
            loss.backward()
            opt.step()

            running += loss.item() * cubes.size(0)
            guess = torch.argmax(logits, dim=1)
            hits += (guess == targets).sum().item()
            seen += targets.size(0)

        mean_loss = running / seen
        acc = hits / seen
        print(f"train loss {mean_loss:.4f} | acc {acc:.4f}")
        hist_train.append(mean_loss)

        # held-out pass
        te_acc, te_loss = check(te_loader)
        hist_test.append(te_loss)

        if te_acc > best_acc:
            best_acc = te_acc
            torch.save({
                'epoch': ep,
                'model_state_dict': net.state_dict(),
                'optimizer_state_dict': opt.state_dict(),
                'best_val_accuracy': best_acc,
            }, 'cube_net.pth')
            stale = 0
        else:
            stale += 1
            if stale > 4:
                print('no progress, stopping early')
                break

        sched.step(te_loss)

    return hist_train, hist_test

def check(te_loader):
    net.eval()
    te_hits = 0
    te_seen = 0
    te_running = 0.0
    
    with torch.no_grad():
        for cubes, targets in te_loader:
            cubes, targets = cubes.to(dev), targets.to(dev)
            logits = net(cubes)
            loss = loss_fn(logits, targets)
            
            te_running += loss.item() * cubes.size(0)
            guess = torch.argmax(logits, dim=1)
            te_hits += (guess == targets).sum().item()
            te_seen += targets.size(0)

    te_loss = te_running / te_seen
    te_acc = te_hits / te_seen
    print(f"test loss {te_loss:.4f} | test acc {te_acc:.4f}")
    
    return te_acc, te_loss

if __name__ == '__main__':
    hist_train = []
    hist_test = []

    tr_set = OccupancySet(
    base_dir='../Voxels',
    augment=RandomCubeFlips()
    )
    te_set = OccupancySet(base_dir='../Voxels', split='test')
    print(len(tr_set))

    # network
    net = CubeNet(n_classes=tr_set.num_classes())  # one output per category folder
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    net = net.to(dev)

    # objective and optimiser
    loss_fn = SmoothedCE(eps=0.1)

    opt = optim.AdamW(net.parameters(), lr=1e-3, weight_decay=1e-4)

    # cosine schedule with restarts
    sched = optim.lr_scheduler.CosineAnnealingWarmRestarts(
        opt, T_0=5, T_mult=2, eta_min=1e-6
    )

    # CPU thread settings
    torch.set_num_threads(4)
    torch.set_num_interop_threads(4)

    tr_loader = DataLoader(
        tr_set, 
        batch_size=32,
        shuffle=True,
        num_workers=4,
        pin_memory=False,
        persistent_workers=True
    )

    te_loader = DataLoader(
        te_set, 
        batch_size=32,
        shuffle=False,
        num_workers=4,
        pin_memory=False,
        persistent_workers=True
    )


    # run training
    epochs = 15

    hist_train, hist_test = fit(tr_loader, te_loader, epochs)

    plt.plot(hist_train, label="train loss", color='r')
    plt.plot(hist_test, label="test loss", color='b')
    plt.legend()

    plt.show()

    # reload the best checkpoint and score it
    net = CubeNet(n_classes=tr_set.num_classes())
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    net = net.to(dev)

    ckpt = torch.load('cube_net.pth', map_location=dev)

    net.load_state_dict(ckpt['model_state_dict'])

    print(f"restored epoch {ckpt['epoch']} (best test acc {ckpt['best_val_accuracy']:.4f})")

    net.eval()

    te_set = OccupancySet(base_dir='../Voxels', split='test')
    te_loader = DataLoader(te_set, batch_size=64, shuffle=False)

    pred_all = []
    true_all = []

    with torch.no_grad():
        for cubes, targets in te_loader:
            cubes, targets = cubes.to(dev), targets.to(dev)
            logits = net(cubes)
            _, guess = torch.max(logits, 1)
            
            pred_all.extend(guess.cpu().numpy())
            true_all.extend(targets.cpu().numpy())

    # to arrays
    pred_all = np.array(pred_all)
    true_all = np.array(true_all)

    # confusion matrix
    cm = confusion_matrix(true_all, pred_all)

    # draw it
    plt.figure(figsize=(8, 6))
    plt.imshow(cm, interpolation='nearest', cmap=plt.cm.Blues)
    plt.title('confusion')
    plt.colorbar()

    ticks = np.arange(cm.shape[0])
    plt.xticks(ticks, list(te_set.category_ids.keys()), rotation=45)
    plt.yticks(ticks, list(te_set.category_ids.keys()))

    plt.xlabel('predicted')
    plt.ylabel('true')

    for r in range(cm.shape[0]):
        for c in range(cm.shape[1]):
            plt.text(c, r, cm[r, c], 
                    horizontalalignment="center", 
                    verticalalignment="center", 
                    color="white" if cm[r, c] > cm.max() / 2 else "black")

    plt.tight_layout()
    plt.show()
