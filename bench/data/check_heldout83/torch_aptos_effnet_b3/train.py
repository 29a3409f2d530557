import torch
import torch.optim as optim
import torch.nn as nn
from data_loader import build_fundus_loader
from model import build_net
from utils import write_ckpt, read_ckpt
import yaml

def run_training(cfg_file):
    # read the yaml settings
    with open(cfg_file, 'r') as fh:
        cfg = yaml.safe_load(fh)

    # fundus images, streamed
    fundus_loader = build_fundus_loader(cfg)

    # network
    net = build_net(cfg)
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    net.to(dev)

    # objective and optimiser
    ce = nn.CrossEntropyLoss()
    opt = optim.Adam(net.parameters(), lr=cfg['hyperparameters']['learning_rate'])
    
    # epochs
    n_epochs = cfg['hyperparameters']['epochs']
    for ep in range(n_epochs):
        net.train()
        loss_sum = 0.0
        n_right = 0
        n_seen = 0

        for imgs, grades in fundus_loader:
            imgs, grades = imgs.to(dev), grades.to(dev)

            opt.zero_grad()

            logits = net(imgs)
            loss = ce(logits, grades)
            loss.backward()
            opt.step()

            loss_sum += loss.item()
            _, guess = torch.max(logits.data, 1)
            n_seen += grades.size(0)
            n_right += (guess == grades).sum().item()

        mean_loss = loss_sum / len(fundus_loader)
        acc = 100 * n_right / n_seen

        print(f'epoch {ep+1}/{n_epochs}: loss {mean_loss:.4f}, acc {acc:.2f}%')

        # keep the latest weights
        write_ckpt(net, opt, ep)

if __name__ == "__main__":
    run_training('config.yaml')
