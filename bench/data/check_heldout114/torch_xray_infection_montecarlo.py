import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms
from PIL import Image
import pandas as pd
import numpy as np
from sklearn.model_selection import train_test_split as sk_split
from sklearn.metrics import confusion_matrix, classification_report, roc_auc_score, roc_curve
import matplotlib.pyplot as plt
from models import (
    standardCNN, oneCNN, twoCNN, threeCNN, fourCNN, fiveCNN, sixCNN, sevenCNN, transfer,
    denseA1, denseA2, denseA3, denseA4, denseA5,
    denseB1, denseB2, denseB3, denseB4, denseB5,
    eff1, eff2, eff3, eff4, eff5,
    mobileV21, mobileV22, mobileV23, mobileV24, mobileV25,
    mobileV31, mobileV32, mobileV33, mobileV34, mobileV35
)
from expModels import (
    tDenseA3, tDenseA5, tDenseB4, teff4, teff5, tMobileV21, tDenseA31, teff41, teff42, teff43, teff44
)

to_tensor = transforms.ToTensor()  # PIL -> tensor
# GPU when there is one
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def balanced_split(csv_path,test_frac):
    # read the label table
    table = pd.read_csv(csv_path)

    # size of the rarest class
    per_class = table['Labels'].value_counts()
    smallest = per_class.min()
   
    # undersample every class to the rarest one
    balanced = pd.concat([
        table[table['Labels'] == lab].sample(smallest, random_state=42)
        for lab in table['Labels'].unique()
    ])

    # stratified train / test split
    tr_df, te_df = sk_split(balanced, test_size=test_frac, stratify=balanced['Labels'], random_state=42)

    # report the class shares
    print("train class shares:\n", tr_df['Labels'].value_counts(normalize=True))
    print("test class shares:\n", te_df['Labels'].value_counts(normalize=True))

    return tr_df, te_df

# reads one radiograph per item from its path
class XrayFiles(Dataset):
    def __init__(self, table, transform=None):
        self.table = table
        self.transform = transform

    def __len__(self):
        return len(self.table)

    def __getitem__(self, i):
        path = self.table.iloc[i]['Paths']
        y = self.table.iloc[i]['Labels']
        img = Image.open(path)  # single-channel already
       
        if self.transform:
            img = self.transform(img)

        return img, y

def repeated_holdout(net_cls, tr_df, te_df, loss_fn, opt_cls, n_splits, keep_frac, n_epochs, bs, dev, tfm, patience, show=False):
    tr_loss_runs = []
    va_loss_runs = []
    tr_acc_runs = []
    va_acc_runs = []
    
    ensemble = []  # one kept network per split

    for s in range(n_splits):
        print(f"Split {s+1}/{n_splits}")
        
        # best validation loss of this split
        best_va = float('inf')
        
        # random train / validation split
        tr_df, va_df = sk_split(tr_df, train_size=keep_frac, stratify=tr_df['Labels'])

        # fresh network for the split
        net = net_cls().to(dev)
        opt = opt_cls(net.parameters(), lr=0.001)

        # per-epoch curves
        tr_losses = []
        va_losses = []
        tr_accs = []
        va_accs = []

        # loaders
        tr_set = XrayFiles(tr_df, transform=tfm)
        tr_dl = DataLoader(tr_set, batch_size=bs, shuffle=True)

        va_set = XrayFiles(va_df, transform=tfm)
        va_dl = DataLoader(va_set, batch_size=bs, shuffle=False)

        waited = 0

        for ep in range(n_epochs):
            # train
            net.train()
            ep_tr_loss = 0
            tr_hits = 0
            tr_seen = 0
            for x, y in tr_dl:
                x, y = x.to(dev), y.to(dev)

                opt.zero_grad()
                out = net(x)
                loss = loss_fn(out, y)
                loss.backward()
                opt.step()

                ep_tr_loss += loss.item()
                
                # accuracy
                _, guess = torch.max(out, 1)
                tr_seen += y.size(0)
                tr_hits += (guess == y).sum().item()

            mean_tr = ep_tr_loss / len(tr_dl)
            tr_losses.append(mean_tr)
            tr_acc = 100 * tr_hits / tr_seen
            tr_accs.append(tr_acc)

            # validate
            net.eval()
            ep_va_loss = 0
            va_hits = 0
            va_seen = 0  
            with torch.no_grad():
                for x, y in va_dl:
                    x, y = x.to(dev), y.to(dev)
                    out = net(x)
                    loss = loss_fn(out, y)
                    ep_va_loss += loss.item()
                    
                    # accuracy
                    _, guess = torch.max(out, 1)
                    va_seen += y.size(0)
                    va_hits += (guess == y).sum().item()

            mean_va = ep_va_loss / len(va_dl)
            va_losses.append(mean_va)
            va_acc = 100 * va_hits / va_seen
            va_accs.append(va_acc)
            
            print(f"epoch {ep+1}/{n_epochs} | train loss {mean_tr:.4f} acc {tr_acc:.2f}% | val loss {mean_va:.4f} acc {va_acc:.2f}%")
            
            # keep a copy of the best network of this split
            if mean_va < best_va:
                best_va = mean_va
                best_net = net_cls().to(dev)
                best_net.load_state_dict(net.state_dict())
                waited = 0
            if waited > patience:
                break
            waited += 1

        # store curves of the split
        tr_loss_runs.append(tr_losses)
        va_loss_runs.append(va_losses)
        tr_acc_runs.append(tr_accs)
        va_acc_runs.append(va_accs)

        # add the split's best network to the ensemble
        ensemble.append(best_net)
    
    # mean loss curves over splits
    mean_tr_curve = [sum(vals) / n_splits for vals in zip(*tr_loss_runs)]
    mean_va_curve = [sum(vals) / n_splits for vals in zip(*va_loss_runs)]
    
    # mean accuracy curves over splits
    mean_tr_acc = [sum(vals) / n_splits for vals in zip(*tr_acc_runs)]
    mean_va_acc = [sum(vals) / n_splits for vals in zip(*va_acc_runs)]
    
    if show:
        # curves
        plt.figure(figsize=(10, 6))
        plt.plot(range(1, n_epochs+1), mean_tr_curve, label='mean train loss')
        plt.plot(range(1, n_epochs+1), mean_va_curve, label='mean val loss')
        plt.ylim(0.0, 1.0)
        plt.xlabel('epoch')
        plt.ylabel('loss')
        plt.title('loss over repeated hold-out splits')
        plt.legend()
        plt.grid(True)
        plt.show()
        
        plt.figure(figsize=(10, 6))
        plt.plot(range(1, n_epochs+1), mean_tr_acc, label='mean train accuracy')
        plt.plot(range(1, n_epochs+1), mean_va_acc, label='mean val accuracy')
        plt.ylim(0, 100)
        plt.xlabel('epoch')
        plt.ylabel('accuracy')
        plt.title('accuracy over repeated hold-out splits')
        plt.legend()
        plt.grid(True)
        plt.show()

    # test with the ensemble
    te_set = XrayFiles(te_df, transform=tfm)
    te_dl = DataLoader(te_set, batch_size=bs, shuffle=False)

    ys_all = []
    preds_all = []
    probs_all = []

    for x, y in te_dl:
        x, y = x.to(dev), y.to(dev)
        
        member_probs = []
        for net in ensemble:
            net.eval()
            with torch.no_grad():
                out = net(x)
                member_probs.append(F.softmax(out, dim=1).cpu().numpy())
        
        # average the members
        member_probs = np.mean(member_probs, axis=0)
        probs_all.extend(member_probs)

        # class decision
        guess = np.argmax(member_probs, axis=1)
        preds_all.extend(guess)
        ys_all.extend(y.cpu().numpy())

    # confusion matrix and report
    names = ['BACTERIAL', 'VIRAL']
    cm = confusion_matrix(ys_all, preds_all)
    rep = classification_report(ys_all, preds_all, target_names=names)

    # one-vs-rest ROC AUC
    ys_onehot = np.eye(len(names))[ys_all]
    auc = roc_auc_score(ys_onehot, np.array(probs_all), multi_class='ovr')

    print(f"confusion matrix:\n{cm}")
    print(f"report:\n{rep}")
    print(f"ROC AUC: {auc:.4f}")
    
    return rep, auc



if __name__ == "__main__":
    # table of [Paths, Labels] for the normalised radiographs
    label_csv = 'infection_type_labels.csv'
   
    # balanced train / test split
    tr_df, te_df = balanced_split(label_csv, 0.1)
   
    # settings
    n_splits = 40
    keep_frac = 0.9
    n_epochs = 25
    bs = 32
    
    # loss, optimiser, patience
    loss_fn = nn.CrossEntropyLoss()
    opt_cls = torch.optim.Adam
    patience = 3

    out_txt = "xModels.txt"

    # networks whose dropout is fixed in the class

    # candidate classes
    candidates = [
        tDenseA3, tDenseA5, tDenseB4, teff4, teff5, tMobileV21, tDenseA31, teff41, teff42, teff43, teff44
    ]

    # their names
    cand_names = [
        'tDenseA3', 'tDenseA5', 'tDenseB4', 'teff4', 'teff5', 'tMobileV21', 'tDenseA31', 'teff41', 'teff42', 'teff43', 'teff44'
    ]
    # candidates = [denseA5]
    # cand_names = ["denseA5"]

    pairs = zip(candidates,cand_names)
    
    for net_cls, name in pairs:
        rep, auc = repeated_holdout(net_cls, tr_df, te_df, loss_fn, opt_cls, n_splits, keep_frac, n_epochs, bs, dev, to_tensor, patience)
        with open(out_txt, "a") as fh:
            fh.write(name + ":\n")
            fh.write(rep)
            fh.write(f"ROC Score: {auc}")
            fh.write("\n")
