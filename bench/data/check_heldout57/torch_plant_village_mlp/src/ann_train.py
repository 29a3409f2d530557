# ann_train.py
import torch
import torch.nn as nn
import torch.optim as optim
from src.config import DEVICE, IMG_SIZE, BATCH_SIZE, EPOCHS
from src.data_loader import create_dataloaders
from src.ann_model import LeafMLP

def main():
    # 1. Loaders from the shared data module
    loader_train, loader_val, names = create_dataloaders()
    n_classes = len(names)
    
    # 2. The MLP
    # one input per pixel and channel
    n_inputs = IMG_SIZE * IMG_SIZE * 3 
    net = LeafMLP(n_inputs, n_classes).to(DEVICE)
    
    print(f"\nMLP with {n_inputs} inputs ready")
    
    # 3. Objective and optimiser
    loss_fn = nn.CrossEntropyLoss()
    opt = optim.Adam(net.parameters(), lr=0.0001) # small step for a wide first layer

    # 4. Epochs
    for ep in range(EPOCHS):
        # --- fit ---
        net.train()
        loss_sum = 0.0
        for xs, ys in loader_train:
            xs, ys = xs.to(DEVICE), ys.to(DEVICE)
            
            opt.zero_grad()
            scores = net(xs)
            loss = loss_fn(scores, ys)
            loss.backward()
            opt.step()
            
            loss_sum += loss.item()

        # --- score ---
        net.eval()
        n_right = 0
        n_seen = 0
        with torch.no_grad():
            for xs, ys in loader_val:
                xs, ys = xs.to(DEVICE), ys.to(DEVICE)
                scores = net(xs)
                _, guess = torch.max(scores, 1)
                n_seen += ys.size(0)
                n_right += (guess == ys).sum().item()

        acc = 100 * n_right / n_seen
        print(f"epoch {ep+1}/{EPOCHS}  loss {loss_sum/len(loader_train):.4f}  val acc {acc:.2f}%")

if __name__ == "__main__":
    main()
