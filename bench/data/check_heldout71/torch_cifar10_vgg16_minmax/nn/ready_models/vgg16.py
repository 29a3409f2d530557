import os, time
import json
import torch
import torch.nn as nn
from sklearn.metrics import accuracy_score, precision_recall_fscore_support, confusion_matrix


# 16-layer VGG for 32x32 inputs
class Vgg16Net(nn.Module):
    def __init__(self, num_classes):
        super(Vgg16Net, self).__init__()
        self.features = nn.Sequential(
            # stage 1
            nn.Conv2d(3, 64, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(64, 64, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            # stage 2
            nn.Conv2d(64, 128, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(128, 128, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            # stage 3
            nn.Conv2d(128, 256, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(256, 256, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(256, 256, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            # stage 4
            nn.Conv2d(256, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(512, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(512, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2),
            # stage 5
            nn.Conv2d(512, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(512, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(512, 512, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=2, stride=2),
        )
        self.classifier = nn.Sequential(
            nn.Linear(512 * 1 * 1, 4096), nn.ReLU(inplace=True), nn.Dropout(),
            nn.Linear(4096, 4096), nn.ReLU(inplace=True), nn.Dropout(),
            nn.Linear(4096, num_classes),
        )

    def forward(self, x):
        x = self.features(x)
        x = torch.flatten(x, 1)
        x = self.classifier(x)
        return x


class FitLoop:
    def __init__(self, net, fit_loader, check_loader, score_loader, loss_fn, opt, device):
        self.net = net
        self.fit_loader = fit_loader
        self.check_loader = check_loader
        self.score_loader = score_loader
        self.loss_fn = loss_fn
        self.opt = opt
        self.device = device
        self.history = {"fit_loss": [], "check_loss": [], "metrics": {}, 'seconds': []}

    def train(self, epochs):
        self.net.to(self.device)
        for ep in range(epochs):
            t0 = time.time()
            self.net.train()
            fit_loss = 0
            for xb, yb in self.fit_loader:
                xb, yb = xb.to(self.device), yb.to(self.device)
                self.opt.zero_grad()
                logits = self.net(xb)
                loss = self.loss_fn(logits, yb)
                loss.backward()
                self.opt.step()
                fit_loss += loss.item()

            fit_loss /= len(self.fit_loader)
            check_loss = self.validate()
            t1 = time.time()
            self.history["fit_loss"].append(fit_loss)
            self.history["check_loss"].append(check_loss)
            self.history["seconds"].append(t1 - t0)
            print(f"epoch {ep + 1}/{epochs}, fit loss {fit_loss:.4f}, check loss {check_loss:.4f}, took {t1 - t0: .4f}s")

    def validate(self):
        self.net.eval()
        check_loss = 0
        with torch.no_grad():
            for xb, yb in self.check_loader:
                xb, yb = xb.to(self.device), yb.to(self.device)
                logits = self.net(xb)
                loss = self.loss_fn(logits, yb)
                check_loss += loss.item()

        return check_loss / len(self.check_loader)

    def evaluate(self, loader, split_name="score"):
        self.net.eval()
        guesses, truths = [], []
        with torch.no_grad():
            for xb, yb in loader:
                xb, yb = xb.to(self.device), yb.to(self.device)
                logits = self.net(xb)
                picked = torch.argmax(logits, dim=1)
                guesses.extend(picked.cpu().numpy())
                truths.extend(yb.cpu().numpy())

        acc = accuracy_score(truths, guesses)
        prec, rec, f1, _ = precision_recall_fscore_support(truths, guesses, average="weighted")
        cm = confusion_matrix(truths, guesses) if split_name == "score" else None

        out = {
            f"{split_name}_accuracy": acc,
            f"{split_name}_precision": prec,
            f"{split_name}_recall": rec,
            f"{split_name}_f1": f1,
        }
        if split_name == "score":
            out["confusion"] = cm.tolist()

        return out

    def save_metrics(self, out_path="run_metrics.json"):
        with open(out_path, "w") as fh:
            json.dump(self.history, fh, indent=4)
