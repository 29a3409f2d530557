# A training loop that keeps every step's graph, and an evaluation that keeps every output on the GPU.
import torch
from torch import nn

device = torch.device("cuda")
model = nn.Sequential(nn.Flatten(), nn.Linear(784, 10)).to(device)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
train_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.zeros(64, 784), torch.zeros(64)))
val_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.zeros(64, 784), torch.zeros(64)))

for epoch in range(10):
    total_loss = 0
    losses = []
    for images, labels in train_loader:
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        outputs = model(images)
        loss = criterion(outputs, labels)
        loss.backward()
        optimizer.step()
        total_loss += loss
        losses.append(loss)
    predictions = []
    with torch.no_grad():
        for images, labels in val_loader:
            outputs = model(images.to(device))
            predictions.append(outputs)
