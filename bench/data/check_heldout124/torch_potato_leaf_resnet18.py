import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torchvision import datasets, transforms, models

fit_folder = "data/potato/train"
check_folder   = "data/potato/val"
n_classes = 3   # early blight, late blight, healthy leaves
bs = 32
n_epochs = 10
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# preprocessing applied to every picture
prep = transforms.Compose([
    transforms.Resize((224, 224)),
    transforms.ToTensor(),
    transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
])

fit_images = datasets.ImageFolder(fit_folder, transform=prep)
check_images   = datasets.ImageFolder(check_folder, transform=prep)
fit_batches = DataLoader(fit_images, batch_size=bs, shuffle=True)
check_batches   = DataLoader(check_images, batch_size=bs, shuffle=False)

# ImageNet ResNet-18 with a new head
net = models.resnet18(weights=models.ResNet18_Weights.DEFAULT)
net.fc = nn.Linear(net.fc.in_features, n_classes)
net = net.to(dev)

ce = nn.CrossEntropyLoss()
adam = torch.optim.Adam(net.parameters(), lr=1e-4)

# optimisation epochs
for ep in range(n_epochs):
    net.train()
    running = 0
    for xb, yb in fit_batches:
        xb, yb = xb.to(dev), yb.to(dev)
        adam.zero_grad()
        logits = net(xb)
        batch_loss = ce(logits, yb)
        batch_loss.backward()
        adam.step()
        running += batch_loss.item()
    print(f"epoch {ep+1} of {n_epochs}: mean loss {running/len(fit_batches):.4f}")

torch.save(net.state_dict(), "models/model.pth")
print("weights written to models/model.pth")
