import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision
import torchvision.transforms as transforms
import copy
import logging
from sklearn.metrics import precision_score, recall_score, f1_score
from Research.Plotting.data_storage import save_data

# logging setup
logging.basicConfig(level=logging.INFO)
log = logging.getLogger(__name__)

# run settings
n_edges = 10
M = n_edges  # edge servers
K_PER_EDGE = 10  # clients behind one edge server
BS = 64  # client batch size
LOCAL_EP = 5  # client epochs
LR = 0.01
ROUNDS = 10  # communication rounds
N_CLASSES = 10

# pick the device
dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

# CIFAR-10 with augmentation for training
aug_train = transforms.Compose([
    transforms.RandomCrop(32, padding=4),
    transforms.RandomHorizontalFlip(),
    transforms.ToTensor(),
    transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))
])

aug_test = transforms.Compose([
    transforms.ToTensor(),
    transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))
])

train_ds = torchvision.datasets.CIFAR10(root='./data', train=True, download=True, transform=aug_train)
test_ds = torchvision.datasets.CIFAR10(root='./data', train=False, download=True, transform=aug_test)


# small three-block CNN
class SmallCifarNet(nn.Module):
    def __init__(self):
        super(SmallCifarNet, self).__init__()
        self.conv1 = nn.Conv2d(3, 32, 3, padding=1)
        self.conv2 = nn.Conv2d(32, 64, 3, padding=1)
        self.conv3 = nn.Conv2d(64, 64, 3, padding=1)
        self.pool = nn.MaxPool2d(2, 2)
        self.fc1 = nn.Linear(64 * 4 * 4, 512)
        self.fc2 = nn.Linear(512, N_CLASSES)
        self.dropout = nn.Dropout(0.2)

    def forward(self, t):
        t = self.pool(nn.functional.relu(self.conv1(t)))
        t = self.pool(nn.functional.relu(self.conv2(t)))
        t = self.pool(nn.functional.relu(self.conv3(t)))
        t = t.view(-1, 64 * 4 * 4)
        t = self.dropout(nn.functional.relu(self.fc1(t)))
        t = self.fc2(t)
        return t


# module-level server model
server_net = SmallCifarNet().to(dev)


# pass over a loader that also back-propagates, collecting predictions
def pass_with_grads(net, loader):
    crit = nn.CrossEntropyLoss()
    net.train()
    loss_sum = 0.0
    n_right = 0
    n_seen = 0
    y_true = []
    y_hat = []

    for xb, yb in loader:
        xb, yb = xb.to(dev), yb.to(dev)
        net.zero_grad()
        logits = net(xb)
        loss = crit(logits, yb)
        loss.backward()

        loss_sum += loss.item()
        _, pred = torch.max(logits, 1)
        n_right += (pred == yb).sum().item()
        n_seen += yb.size(0)

        y_true.extend(yb.cpu().numpy())
        y_hat.extend(pred.cpu().numpy())

    acc = (n_right / n_seen) * 100.0
    mean_loss = loss_sum / len(loader)

    return mean_loss, acc, y_true, y_hat


# weighted precision / recall / f1
def prf(y_true, y_hat):
    p = precision_score(y_true, y_hat, average='weighted')
    r = recall_score(y_true, y_hat, average='weighted')
    f = f1_score(y_true, y_hat, average='weighted')
    return p, r, f


# local update of one client
def client_update(cid, server_net, loader):
    local_net = copy.deepcopy(server_net)
    opt = optim.SGD(local_net.parameters(), lr=LR, momentum=0.9, weight_decay=5e-4)
    crit = nn.CrossEntropyLoss()

    for ep in range(1, LOCAL_EP + 1):
        local_net.train()
        loss_sum = 0.0
        n_right = 0
        n_seen = 0

        for xb, yb in loader:
            xb, yb = xb.to(dev), yb.to(dev)
            opt.zero_grad()
            logits = local_net(xb)
            loss = crit(logits, yb)
            loss.backward()
            opt.step()

            loss_sum += loss.item()
            _, pred = torch.max(logits, 1)
            n_right += (pred == yb).sum().item()
            n_seen += yb.size(0)

        mean_loss = loss_sum / len(loader)
        acc = (n_right / n_seen) * 100.0

        log.info(f"client {cid} ep {ep}  acc {acc:.2f}%  loss {mean_loss:.4f}")

    return local_net.state_dict()


# multiplicative lr decay
def decay_lr(opt, factor=0.95):
    for g in opt.param_groups:
        g['lr'] *= factor


# weighted mean of state dicts
def weighted_mean(states, w):
    out = copy.deepcopy(states[0])
    w_sum = sum(w)
    for key in out.keys():
        out[key] = sum(wi * s[key] for wi, s in zip(w, states)) / w_sum
    return out


# loader over the test split
test_loader = torch.utils.data.DataLoader(test_ds, batch_size=BS, shuffle=False)


def eval_server(net, loader):
    net.eval()
    loss_sum = 0.0
    n_right = 0
    n_seen = 0
    y_true = []
    y_hat = []
    crit = nn.CrossEntropyLoss()

    with torch.no_grad():
        for xb, yb in loader:
            xb, yb = xb.to(dev), yb.to(dev)
            logits = net(xb)
            loss = crit(logits, yb)

            loss_sum += loss.item()
            _, pred = torch.max(logits, 1)
            n_right += (pred == yb).sum().item()
            n_seen += yb.size(0)

            y_true.extend(yb.cpu().numpy())
            y_hat.extend(pred.cpu().numpy())

    mean_loss = loss_sum / len(loader)
    acc = (n_right / n_seen) * 100.0
    p, r, f = prf(y_true, y_hat)
    return mean_loss, acc, p, r, f


# the FedAvg driver
def run_fedavg():
    server_net = SmallCifarNet().to(dev)

    hist_loss = []
    hist_acc = []
    hist_p = []
    hist_r = []
    hist_f = []

    # one strided shard per client
    loaders = []
    for i in range(n_edges):
        idx = list(range(i, len(train_ds), n_edges))
        shard = torch.utils.data.Subset(train_ds, idx)
        loaders.append(torch.utils.data.DataLoader(shard, batch_size=BS, shuffle=True))

    # loader over all training images
    full_loader = torch.utils.data.DataLoader(train_ds, batch_size=BS, shuffle=True)

    opt = optim.SGD(server_net.parameters(), lr=LR, momentum=0.9, weight_decay=5e-4)

    for rnd in range(1, ROUNDS + 1):
        states = []

        # every client trains once
        for cid in range(n_edges):
            st = client_update(cid, server_net, loaders[cid])
            states.append(st)

        # equal-weight average
        w = [1.0] * n_edges
        merged = weighted_mean(states, w)
        server_net.load_state_dict(merged)

        # metrics on the training split
        tr_loss, tr_acc, y_true, y_hat = pass_with_grads(server_net, full_loader)
        p, r, f = prf(y_true, y_hat)

        # keep curves
        hist_loss.append(tr_loss)
        hist_acc.append(tr_acc)
        hist_p.append(p)
        hist_r.append(r)
        hist_f.append(f)

        save_data(hist_acc, '../Results/FedAvg_CIFAR10_Accuracy.pkl')
        save_data(hist_loss, '../Results/FedAvg_CIFAR10_Losses.pkl')
        save_data(hist_p, '../Results/FedAvg_CIFAR10_Precisions.pkl')
        save_data(hist_r, '../Results/FedAvg_CIFAR10_Recalls.pkl')
        save_data(hist_f, '../Results/FedAvg_CIFAR10_f1Scores.pkl')

        log.info(f"round {rnd}: train loss {tr_loss:.4f}, train acc {tr_acc:.2f}%, "
                 f"P {p:.4f}, R {r:.4f}, F1 {f:.4f}")

        # metrics on the test split
        te_loss, te_acc, te_p, te_r, te_f = eval_server(server_net, test_loader)

        log.info(f"round {rnd}: test loss {te_loss:.4f}, test acc {te_acc:.2f}%, "
                 f"P {te_p:.4f}, R {te_r:.4f}, F1 {te_f:.4f}")

        # decay the lr
        decay_lr(opt)


run_fedavg()
