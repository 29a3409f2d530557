import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from torchvision import transforms
from PIL import Image
import os
import pandas as pd
import matplotlib.pyplot as plt

import warnings
warnings.filterwarnings("ignore")  # keep the console quiet

from pytorch_model import AutonomousDrivingModel  # the network lives in its own file

# Frames on disk plus their wheel angles
class WheelAngleFrames(Dataset):
    def __init__(self, index_file, frame_dir, transform=None):
        # Read the index of frame names and angles
        self.table = pd.read_csv(index_file, sep=' ', names=['filename', 'angle'], index_col=False)
        # Angles are stored in degrees; turn them into radians
        self.table['angle'] = self.table['angle'].apply(lambda v: float(v.split(',')[0]) * 3.14159265 / 180)
        self.frame_dir = frame_dir
        self.transform = transform
    
    def __len__(self):
        return len(self.table)
    
    def __getitem__(self, i):
        # Open one frame
        frame_path = os.path.join(self.frame_dir, self.table.iloc[i, 0])
        frame = Image.open(frame_path).convert('RGB')
        angle = self.table.iloc[i, 1]
        if self.transform:
            frame = self.transform(frame)
        return frame, torch.tensor(angle).float()

# Preprocessing for every frame
frame_size = (66, 200)
prep = transforms.Compose([
    transforms.Resize(frame_size),
    transforms.ToTensor(),
])

# Build the dataset
index_file = "/home/user/wheel_angle/data.txt"
frame_dir = "/home/user/wheel_angle/data"
frames = WheelAngleFrames(index_file=index_file, frame_dir=frame_dir, transform=prep)

# Cut into a fitting part and a checking part
fit_share = 0.8
fit_count = int(fit_share * len(frames))
check_count = len(frames) - fit_count
fit_part, check_part = torch.utils.data.random_split(frames, [fit_count, check_count])

# Loaders for both parts
batch = 32
fit_loader = DataLoader(fit_part, batch_size=batch, shuffle=True)
check_loader = DataLoader(check_part, batch_size=batch, shuffle=False)

# Network, loss and optimiser
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
net = AutonomousDrivingModel().to(dev)
mse = nn.MSELoss()
opt = optim.Adam(net.parameters(), lr=0.0001)  # step size

# Main loop
n_epochs = 30
fit_history = []
check_history = []

print("\nTraining begins...")

print(f"\n   {n_epochs} epochs,  batch {batch},  fit share = {100*fit_share} %,  check share = {100-(100*fit_share)} %")

for ep in range(n_epochs):
    print(f"\nEPOCH ({ep + 1}/{n_epochs}) =============================================================\n")
    net.train()  # training mode on
    fit_sum = 0.0

    for step, (imgs, angs) in enumerate(fit_loader):
        imgs, angs = imgs.to(dev), angs.to(dev)
        
        # Clear old gradients
        opt.zero_grad()
        
        # Run the network
        preds = net(imgs)
        
        # Loss for this batch
        loss = mse(preds.squeeze(), angs)
        
        # Backward and update
        loss.backward()
        opt.step()
        
        # Running total as a plain float
        fit_sum += loss.item()

        # Show progress now and then
        if (step+1)%100 == 0:
            print(f"   Step ({step + 1}/{len(fit_loader)}), Loss: {loss.item():.4f}")
    
    # Mean fit loss for the epoch
    fit_loss = fit_sum / len(fit_loader)
    fit_history.append(fit_loss)
    
    # Checking pass
    net.eval()  # evaluation mode on
    check_loss = 0.0
    with torch.no_grad():
        for step, (imgs, angs) in enumerate(check_loader):
            imgs, angs = imgs.to(dev), angs.to(dev)
            preds = net(imgs)
            loss = mse(preds.squeeze(), angs)
            check_loss += loss.item()

            # Show checking progress now and then
            if (step+1)%100 == 0:
                print(f"   Check step ({step + 1}/{len(check_loader)}), Loss: {loss.item():.4f}")
    
    # Mean checking loss for the epoch
    check_loss /= len(check_loader)
    check_history.append(check_loss)

    # Epoch summary
    print(f"\nEpoch ({ep + 1}) done --> Fit Loss: {fit_loss:.4f}, Check Loss: {check_loss:.4f}")

# Write the weights
out_dir = "/home/user/wheel_angle/"
if not os.path.exists(out_dir):
    os.makedirs(out_dir)
weights_path = os.path.join(out_dir, 'final_model.pth')
torch.save(net.state_dict(), weights_path)
print(f"\nWeights written to {weights_path}")

# Loss curves
plt.plot(fit_history, label='Fit Loss')
plt.plot(check_history, label='Check Loss')
plt.xlabel('Epoch')
plt.ylabel('Loss')
plt.legend()
plt.show()

print("\n ========================================= All done. =========================================")
