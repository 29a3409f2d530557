import torch
import numpy as np
import matplotlib.pyplot as plt
import seaborn as sns
from sklearn.metrics import confusion_matrix, classification_report

kinds = ['notumor', 'glioma', 'meningioma', 'pituitary']

def run_test(net, test_loader, num_images_to_show=10):
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    net.to(dev)
    net.eval()
    
    hits = 0
    seen = 0
    
    preds_all = []
    tgts_all = []
    pics_all = []

    with torch.no_grad():
        for xb, yb in test_loader:
            xb, yb = xb.to(dev), yb.to(dev)
            out = net(xb)
            _, guess = torch.max(out, 1)
            seen += yb.size(0)
            hits += (guess == yb).sum().item()
            
            preds_all.extend(guess.cpu().numpy())
            tgts_all.extend(yb.cpu().numpy())
            pics_all.extend(xb.cpu())

    acc = 100 * hits / seen

    cm = confusion_matrix(tgts_all, preds_all)

    print(f"test accuracy: {acc:.2f}%\n")
    
    print("per-class report:\n")
    print(classification_report(tgts_all, preds_all, target_names=kinds))

    plt.figure(figsize=(8, 6))
    sns.heatmap(cm, annot=True, fmt='d', cmap='Blues', 
                xticklabels=kinds, yticklabels=kinds)
    plt.title('Confusion matrix')
    plt.xlabel('Predicted')
    plt.ylabel('True')
    plt.show()

def show_predictions(net, test_loader, num_images=10):
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    net.to(dev)
    net.eval()

    ok_pics, bad_pics = [], []
    ok_tgts, bad_tgts = [], []
    ok_preds, bad_preds = [], []

    with torch.no_grad():
        for xb, yb in test_loader:
            xb, yb = xb.to(dev), yb.to(dev)
            out = net(xb)
            _, guess = torch.max(out, 1)

            for i in range(len(guess)):
                if guess[i] == yb[i]:
                    ok_pics.append(xb[i])
                    ok_tgts.append(yb[i].cpu().item())
                    ok_preds.append(guess[i].cpu().item())
                else:
                    bad_pics.append(xb[i])
                    bad_tgts.append(yb[i].cpu().item())
                    bad_preds.append(guess[i].cpu().item())

    mu = torch.tensor([0.485, 0.456, 0.406]).view(3, 1, 1).to(dev)
    sd = torch.tensor([0.229, 0.224, 0.225]).view(3, 1, 1).to(dev)

    ncols = num_images // 2
    plt.figure(figsize=(15, 7))

    for i, t in enumerate(ok_pics[:num_images // 2]):
        t = t * sd + mu
        im = np.clip(t.permute(1, 2, 0).cpu().numpy(), 0, 1)
        plt.subplot(2, ncols, i + 1)
        plt.imshow(im)
        plt.title(f"true: {kinds[ok_tgts[i]]}\npred: {kinds[ok_preds[i]]}", color='green', fontsize=15)
        plt.axis('off')

    for i, t in enumerate(bad_pics[:num_images // 2]):
        if i >= len(bad_pics):
            plt.axis('off')
            continue
        t = t * sd + mu
        im = np.clip(t.permute(1, 2, 0).cpu().numpy(), 0, 1)
        plt.subplot(2, ncols, ncols + i + 1)
        plt.imshow(im)
        plt.title(f"true: {kinds[bad_tgts[i]]}\npred: {kinds[bad_preds[i]]}", color='red', fontsize=15)
        plt.axis('off')

    plt.tight_layout()
    plt.show()
