import torch
from torchvision.datasets import MNIST
from torch.utils.data import random_split, DataLoader
import torchvision.transforms as transforms

import matplotlib.pyplot as plt

from tqdm import tqdm

# (notebook magic for inline plots was here)
plt.rcParams['figure.figsize'] = [6, 6]

full_train = MNIST('/kaggle/working', train=True, download=True, transform=transforms.ToTensor())
holdout_set = MNIST('/kaggle/working', train=False, download=True, transform=transforms.ToTensor())

full_train, val_set = random_split(full_train, [int(len(full_train) * 0.83), int(len(full_train) * 0.17)])

n_train = len(full_train)
n_holdout = len(holdout_set)
n_val = len(val_set)

n_classes = 10
in_features = 784

n_parties = 8
n_rounds = 20
bs = 128
local_epochs = 3
lr_rate = 2e-2

n_train, n_val, n_holdout

def pick_device():
    return torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')

def move_to(obj, dev):
    if isinstance(obj, (list, tuple)):
        return [move_to(o, dev) for o in obj]
    return obj.to(dev, non_blocking=True)

class OnDeviceLoader(DataLoader):
        def __init__(self, loader, dev):
            self.loader = loader
            self.dev = dev

        def __iter__(self):
            for b in self.loader:
                yield move_to(b, self.dev)

        def __len__(self):
            return len(self.loader)

dev = pick_device()

class PartyNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(1, 20, 7)
        self.conv2 = torch.nn.Conv2d(20, 40, 7)
        self.maxpool = torch.nn.MaxPool2d(2, 2)
        self.flatten = torch.nn.Flatten()
        self.linear = torch.nn.Linear(2560, 10)
        self.act = torch.nn.functional.relu
        self.shared = {'conv1': self.conv1, 'conv2': self.conv2, 'linear': self.linear}

    def forward(self, xb):
        h = self.conv1(xb)
        h = self.act(h)
        h = self.conv2(h)
        h = self.act(h)
        h = self.maxpool(h)
        h = self.flatten(h)
        h = self.linear(h)
        return h

    def shared_layers(self):
        return self.shared

    # overwrite the shared layers with the aggregated values
    def load_shared(self, params):
        with torch.no_grad():
            for name in params:
                self.shared[name].weight.data *= 0
                self.shared[name].bias.data *= 0
                self.shared[name].weight.data += params[name]['weight']
                self.shared[name].bias.data += params[name]['bias']

    def export_shared(self):
        params = dict()
        for name in self.shared:
            params[name] = {
                'weight': self.shared[name].weight.data,
                'bias': self.shared[name].bias.data
            }
        return params

    def hit_rate(self, logits, targets):
        with torch.no_grad():
            _, guess = torch.max(logits, dim=1)
            return torch.tensor(torch.sum(guess == targets).item() / len(guess))

    def _step(self, b):
        imgs, targets = b
        logits = self(imgs)
        loss = torch.nn.functional.cross_entropy(logits, targets)
        acc = self.hit_rate(logits, targets)
        return (loss, acc)

    def fit(self, data, n_epochs, lr, batch_size=128, opt=torch.optim.SGD, verbose=0):
        loader = OnDeviceLoader(DataLoader(data, batch_size, shuffle=True), dev)
        optim = opt(self.parameters(), lr)
        log = []
        for ep in tqdm(range(n_epochs), ascii=True, desc="Epoch {}".format(ep)):
            step_losses = []
            step_accs = []
            for b in loader:
                loss, acc = self._step(b)
                loss.backward()
                optim.step()
                optim.zero_grad()
                loss.detach()
                step_losses.append(loss)
                step_accs.append(acc)
            mean_loss = torch.stack(step_losses).mean().item()
            mean_acc = torch.stack(step_accs).mean().item()
            log.append((mean_loss, mean_acc))
            if verbose > 0:
                print('ep {} mean loss {} mean acc {}'.format(ep + 1, mean_loss, mean_acc))
        return log

    def score(self, data, batch_size=128):
        loader = OnDeviceLoader(DataLoader(data, batch_size), dev)
        step_losses = []
        step_accs = []
        with torch.no_grad():
            for b in loader:
                loss, acc = self._step(b)
                step_losses.append(loss)
                step_accs.append(acc)
        mean_loss = torch.stack(step_losses).mean().item()
        mean_acc = torch.stack(step_accs).mean().item()
        return (mean_loss, mean_acc)

def centralised_baseline():
    base = move_to(PartyNet(), dev)

    log = base.fit(full_train, 3*10, lr_rate, bs, verbose=1)
    #print('final', log[-1])

    v_loss, v_acc = base.score(val_set)
    print('val loss {} val acc {}\n'.format(round(v_loss, 4), round(v_acc, 4)))

    return log

centralised_baseline()

class Party:
    def __init__(self, name, data):
        self.name = name
        self.data = data

    def size(self):
        return len(self.data)

    def ident(self):
        return self.name

    def local_round(self, params):
        net = move_to(PartyNet(), dev)
        net.load_shared(params)
        log = net.fit(self.data, local_epochs, lr_rate, bs)
        print('{}: loss {} acc {}'.format(self.name, round(log[-1][0], 4), round(log[-1][1], 4)))
        return net.export_shared() # updated weights

per_party = n_train // n_parties

party_splits = random_split(full_train, [min(i + per_party,
           n_train) - i for i in range(0, n_train, per_party)])

parties = [Party('party_' + str(i), party_splits[i]) for i in range(n_parties)]
parties

def run_fedavg():
    # server-side model with the same layers as the parties
    server_net = move_to(PartyNet(), dev)

    log = []
    for r in range(n_rounds):
        print('round {} begins'.format(r + 1))
        current = server_net.export_shared()
        merged = dict([(name, {'weight': 0, 'bias': 0}) for name in current])

        for p in parties:
            # local update on this party
            updated = p.local_round(current)

            # weight by share of samples
            share = p.size() / n_train
            for name in updated:
                merged[name]['weight'] += share * updated[name]['weight']
                merged[name]['bias'] += share * updated[name]['bias']

        server_net.load_shared(merged)

        tr_loss, tr_acc = server_net.score(full_train)
        v_loss, v_acc = server_net.score(val_set)

        print('round {} done: train loss {} val loss {} val acc {}\n'.format(r + 1, round(tr_loss, 4),
                round(v_loss, 4), round(v_acc, 4)))

        log.append((tr_loss, v_loss))
    return log

hist = run_fedavg()

plt.plot([i + 1 for i in range(len(history))], [history[i][0] for i in range(len(history))], color='r', label='train')
plt.plot([i + 1 for i in range(len(history))], [history[i][1] for i in range(len(history))], color='b', label='val')
plt.legend()
plt.title('FedAvg curves')
plt.show()
