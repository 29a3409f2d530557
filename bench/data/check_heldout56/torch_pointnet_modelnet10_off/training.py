import torch
import torch.nn as nn
import torch.optim as optim
from sklearn.metrics import accuracy_score
from tqdm import tqdm
import os
import logging
from data_loading import make_loaders  # local loader module
from model import PointNet  # local model module

# logging
logging.basicConfig(level=logging.INFO)
log = logging.getLogger(__name__)

# pick the device
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
log.info(f"device: {device}")

if not os.path.exists("models"):
    os.makedirs("models")

def fit(root, n_classes=10, n_points=2048, n_epochs=50, lr=0.001, patience=10):
    tr_loader, te_loader = make_loaders(root, n_classes=n_classes, n_points=n_points)
    net = PointNet(n_classes).to(device)
    loss_fn = nn.CrossEntropyLoss()
    opt = optim.Adam(net.parameters(), lr=lr)

    best = 0.0
    waited = 0

    for ep in range(n_epochs):
        net.train()
        for pts, y in tqdm(tr_loader, desc=f"epoch {ep + 1}/{n_epochs}"):
            if pts is None or y is None:
                continue
            pts = pts.to(device)
            y = y.to(device)
            opt.zero_grad()
            logits = net(pts)
            loss = loss_fn(logits, y)
            loss.backward()
            opt.step()

        # held-out pass
        net.eval()
        preds = []
        golds = []
        with torch.no_grad():
            for pts, y in te_loader:
                if pts is None or y is None:
                    continue
                pts = pts.to(device)
                y = y.to(device)
                logits = net(pts)
                _, p = torch.max(logits, 1)
                preds.extend(p.cpu().numpy())
                golds.extend(y.cpu().numpy())
        acc = accuracy_score(golds, preds)
        log.info(f"epoch {ep + 1} held-out accuracy: {acc}")

        # keep the best weights
        if acc > best:
            best = acc
            waited = 0
            torch.save(net.state_dict(), "models/pointnet_model.pth")
            log.info("saved")
        else:
            waited += 1

        # early stop
        if waited >= patience:
            log.info("early stop")
            break

if __name__ == '__main__':
    fit("data/ModelNet10", n_classes=10, n_points=2048, n_epochs=50)
