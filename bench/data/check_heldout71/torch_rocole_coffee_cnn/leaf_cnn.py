import torch
from torch.utils.data import DataLoader
import torch.optim as optim
import torch.nn as nn
import torch.nn.functional as F
import torchvision.datasets as datasets
from torchvision import transforms, utils, datasets
from conv_parts import LeafConvNet, OnDeviceLoader, StopWhenFlat
import pandas as pd

def run_cnn():
    torch.manual_seed(1)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    fit_set, check_set, score_set = build_loaders()
    fit_loader = OnDeviceLoader(fit_set, device)
    check_loader = OnDeviceLoader(check_set, device)
    
    net = LeafConvNet()
    net.to(device)
    fit_history = fit(net, 50, fit_loader, check_loader, early = False)

    score_loader = OnDeviceLoader(score_set, device)
    score_outputs, score_summary = evaluate(net, score_loader, True)

    return fit_history, score_outputs, score_summary

@torch.no_grad()
def evaluate(net, loader, final = False):
    net.eval()

    if final:
        logits, targets, per_batch = None, None, []
        for batch in loader:
            logits, targets, one = net.check_step(batch, final)
            per_batch.append(one)

        _, guess = torch.max(logits, dim=1)
        score_outputs = {'truth': targets, 'guess': guess}
        return score_outputs, net.check_epoch_end(per_batch)

    outs = [net.check_step(batch, final) for batch in loader]
    return net.check_epoch_end(outs)

def fit(net, n_epochs, fit_loader, check_loader, lr = 0.001, optim = optim.Adam, early = True):
    stopper = StopWhenFlat()
    history = []
    opt = optim(net.parameters(), lr)
    for ep in range(n_epochs):
        net.train()
        batch_losses = []
        batch_accs = []
        for batch in fit_loader:
            loss, acc = net.fit_step(batch)
            batch_losses.append(loss)
            batch_accs.append(acc)
            loss.backward()
            opt.step()
            opt.zero_grad()

        summary = evaluate(net, check_loader)
        summary['fit_loss'] = torch.stack(batch_losses).mean().item()
        summary['fit_acc'] = torch.stack(batch_accs).mean().item()
        
        # stop early when the held-out loss stalls
        if early:
            stopper(summary['check_loss'])
            if stopper.should_stop:
                return history

        net.epoch_end(ep, summary)
        history.append(summary)
    
    return history

# folder-backed loaders for the leaf photos
def build_loaders(batch_size = 128):
    # 78 / 12 / 10 split of the 1560 photos
    n_fit = int(0.78 * 1560)
    n_check = int(0.12 * 1560)
    n_score = 1560 - n_fit - n_check
    to_tensor = transforms.ToTensor()

    all_photos = datasets.ImageFolder(root = "./leaves/resized/", transform = to_tensor)
    fit_set, check_set, score_set = torch.utils.data.random_split(all_photos, (n_fit, n_check, n_score))
    
    fit_dl = torch.utils.data.DataLoader(fit_set, batch_size = batch_size, shuffle = True, pin_memory = True)
    check_dl = torch.utils.data.DataLoader(check_set, batch_size = batch_size, shuffle = True, pin_memory = True)
    score_dl = torch.utils.data.DataLoader(score_set, batch_size = batch_size * 2, shuffle = False)
    
    return fit_dl, check_dl, score_dl

