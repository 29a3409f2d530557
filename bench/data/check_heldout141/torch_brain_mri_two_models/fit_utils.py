import torch
import torch.nn as nn
import matplotlib.pyplot as plt

def fit_loop(net, fit_loader, val_loader, crit, opt, num_epochs=10, name='model', patience=7):
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    net.to(dev)
    
    best = float("inf")
    waited = 0
    hist = {'train_loss': [], 'train_acc': [], 'val_loss': [], 'val_acc': []}

    for ep in range(num_epochs):
        net.train()
        loss_sum = 0.0
        hits = 0
        seen = 0
        for xb, yb in fit_loader:
            xb, yb = xb.to(dev), yb.to(dev)
            opt.zero_grad()
            out = net(xb)
            loss = crit(out, yb)
            loss.backward()
            opt.step()
            loss_sum += loss.item()
            _, guess = torch.max(out, 1)
            seen += yb.size(0)
            hits += (guess == yb).sum().item()

        fit_loss = loss_sum / len(fit_loader)
        fit_acc = 100 * hits / seen

        net.eval()
        v_loss = 0.0
        v_hits = 0
        v_seen = 0
        with torch.no_grad():
            for xb, yb in val_loader:
                xb, yb = xb.to(dev), yb.to(dev)
                out = net(xb)
                loss = crit(out, yb)
                v_loss += loss.item()
                _, guess = torch.max(out, 1)
                v_seen += yb.size(0)
                v_hits += (guess == yb).sum().item()

        v_loss = v_loss / len(val_loader)
        v_acc = 100 * v_hits / v_seen

        hist['train_loss'].append(fit_loss)
        hist['train_acc'].append(fit_acc)
        hist['val_loss'].append(v_loss)
        hist['val_acc'].append(v_acc)

        print(f"epoch [{ep+1}/{num_epochs}]")
        print(f"fit loss {fit_loss:.4f}, fit acc {fit_acc:.2f}%")
        print(f"val loss {v_loss:.4f}, val acc {v_acc:.2f}%")
        print("-" * 80)

        if v_loss < best:
            best = v_loss
            torch.save(net.state_dict(), f'../../models/best_brain_tumor_{name}.pth')
            waited = 0  
        else:
            waited += 1
            if waited >= patience:
                print(f"stopping early after {ep+1} epochs.")
                break

    return hist

def show_history(hist, model_name="model"):
    plt.figure(figsize=(12, 4))
    plt.subplot(1, 2, 1)
    plt.plot(hist['train_loss'], label='fit loss')
    plt.plot(hist['val_loss'], label='val loss')
    plt.title(f'{model_name} loss')
    plt.xlabel('Epoch')
    plt.ylabel('Loss')
    plt.legend()
    plt.subplot(1, 2, 2)
    plt.plot(hist['train_acc'], label='fit acc')
    plt.plot(hist['val_acc'], label='val acc')
    plt.title(f'{model_name} accuracy')
    plt.xlabel('Epoch')
    plt.ylabel('Accuracy (%)')
    plt.legend()
    plt.show()
