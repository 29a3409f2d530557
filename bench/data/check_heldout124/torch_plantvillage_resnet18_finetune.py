import os
from torchvision import datasets, models, transforms
from torch.utils.data import DataLoader
import torch
import torch.nn as nn
import torch.optim as optim

# pick the accelerator when there is one
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# settings
leaf_root = "PlantVillage"
bs = 32
n_epochs = 10
lr = 0.001

# per-image preprocessing
prep = transforms.Compose([
    transforms.Resize((224, 224)),
    transforms.ToTensor(),
])

# folder-per-class leaves, decoded lazily
leaves = datasets.ImageFolder(root=leaf_root, transform=prep)
batches = DataLoader(leaves, batch_size=bs, shuffle=True)

# ImageNet backbone with a head sized for the leaf classes
net = models.resnet18(pretrained=True)
net.fc = nn.Linear(net.fc.in_features, len(leaves.classes))  # one logit per disease class
net = net.to(dev)

# objective and optimiser
ce = nn.CrossEntropyLoss()
adam = optim.Adam(net.parameters(), lr=lr)

# epochs
for ep in range(n_epochs):
    net.train()
    running = 0
    for xb, yb in batches:
        xb, yb = xb.to(dev), yb.to(dev)

        logits = net(xb)
        batch_loss = ce(logits, yb)

        adam.zero_grad()
        batch_loss.backward()
        adam.step()

        running += batch_loss.item()

    print(f"epoch {ep+1} of {n_epochs}: summed loss {running:.4f}")

# write the weights
torch.save(net.state_dict(), "plant_disease_model.pth")
print("finished; weights in plant_disease_model.pth")
