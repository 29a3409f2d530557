import torch
import train
from train import n_final
from train import count_hits

from sklearn.metrics import confusion_matrix
import seaborn as sns
import matplotlib.pyplot as plt

from torch.utils.data import DataLoader


def score_model(net, split, dev=train.pick_device()):

    guesses = []
    final_hits = 0

    net.eval()

    split_loader = DataLoader(split, batch_size=64, shuffle=False)

    for mb in split_loader:
        imgs, targets = mb

        imgs = imgs.to(dev)
        targets = targets.to(dev)
        targets = targets.to(torch.int64)

        with torch.no_grad():
            scores = net(imgs)
            guesses.extend((scores.argmax(dim=1)).tolist())
            final_hits += count_hits(scores, targets)
    
    final_acc = 100 * final_hits / n_final

    print()
    print(f"Final split accuracy:\t{100 * final_hits / len(split)}%")
    print(final_hits)
    print(len(split))

    # confusion matrix over the split
    cmat = confusion_matrix(split.labels, guesses)

    plt.figure(figsize=(12, 10))
    ax = sns.heatmap(cmat, annot=True, fmt='d', cmap='Blues')
    ax.set_xticklabels(['Cat', 'Dog'], rotation=40, size=16)
    ax.set_yticklabels(['Cat', 'Dog'], rotation=40, size=16)
    ax.set_xlabel('Guessed', size=24)
    ax.set_ylabel('Actual', size=24)

    ax.set_title("Confusion matrix", size=32)

    return final_acc