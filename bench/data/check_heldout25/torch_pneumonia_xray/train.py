"""
Entry point: fits the
chest X-ray pneumonia classifier
"""

import torch
import torch.nn as nn
import torch.optim as optim
from dataset import make_xray_loaders
from model import build_xray_model
from tqdm import tqdm

NUM_EPOCHS = 5
LEARN_RATE = 1e-4
RUN_DEVICE = "cuda" if torch.cuda.is_available() else "cpu"

def run_training():
    train_data_loader, val_data_loader, _ = make_xray_loaders()
    net_model = build_xray_model().to(RUN_DEVICE)

    loss_fn = nn.CrossEntropyLoss()
    adam_optimizer = optim.Adam(net_model.parameters(), lr=LEARN_RATE)

    for epoch_idx in range(NUM_EPOCHS):
        net_model.train()
        epoch_loss_sum = 0

        for batch_images, batch_labels in tqdm(train_data_loader, desc=f"pass {epoch_idx+1} of {NUM_EPOCHS}"):
            batch_images, batch_labels = batch_images.to(RUN_DEVICE), batch_labels.to(RUN_DEVICE)

            adam_optimizer.zero_grad()
            logits = net_model(batch_images)
            batch_loss = loss_fn(logits, batch_labels)
            batch_loss.backward()
            adam_optimizer.step()

            epoch_loss_sum += batch_loss.item()

        print(f"pass {epoch_idx+1}: summed loss {epoch_loss_sum:.4f}")

    torch.save(net_model.state_dict(), "aeriscan_pneumonia.pth")
    print("weights written to aeriscan_pneumonia.pth")

if __name__ == "__main__":
    run_training()
