import matplotlib.pyplot as plt
import torch
from sklearn.metrics import classification_report
import pandas as pd


def draw_losses(fit_hist, check_hist):
    xs = range(1, len(fit_hist) + 1)
    plt.figure(figsize=(10, 5))
    plt.plot(xs, fit_hist, 'b', label='fit loss')
    plt.plot(xs, check_hist, 'r', label='check loss')
    plt.title('Loss per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('Loss')
    plt.legend()
    plt.show()


def draw_accuracies(fit_acc, check_acc):
    xs = range(1, len(fit_acc) + 1)
    plt.figure(figsize=(10, 5))
    plt.plot(xs, fit_acc, 'b', label='fit accuracy')
    plt.plot(xs, check_acc, 'r', label='check accuracy')
    plt.title('Accuracy per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('Accuracy')
    plt.legend()
    plt.show()


from sklearn.metrics import confusion_matrix
import seaborn as sns


def draw_confusion(net, loader, names, device='cpu'):
    net.eval()
    guesses = []
    truths = []
    with torch.no_grad():
        for item in loader:
            pics = item['image'].to(device)
            targets = item['label'].to(device)
            logits = net(pics)
            _, guess = torch.max(logits, 1)
            guesses.extend(guess.cpu().numpy())
            truths.extend(targets.cpu().numpy())

    cm = confusion_matrix(truths, guesses)
    plt.figure(figsize=(10, 8))
    sns.heatmap(cm, annot=True, fmt='d', xticklabels=names, yticklabels=names, cmap='Blues')
    plt.xlabel('Guessed')
    plt.ylabel('Actual')
    plt.title('Confusion')
    plt.show()


def print_report(net, loader, names, device='cpu'):
    net.eval()
    guesses = []
    truths = []
    with torch.no_grad():
        for item in loader:
            pics = item['image'].to(device)
            targets = item['label'].to(device)
            logits = net(pics)
            _, guess = torch.max(logits, 1)
            guesses.extend(guess.cpu().numpy())
            truths.extend(targets.cpu().numpy())

    summary = classification_report(truths, guesses, target_names=names, output_dict=True)
    table = pd.DataFrame(summary).transpose()
    print(table)
