# The same loop done right: numbers, not tensors, are kept; a kept graph that a later backward() uses is wanted.
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
    accumulated = []
    for step, (images, labels) in enumerate(train_loader):
        outputs = model(images.to(device))
        loss = criterion(outputs, labels.to(device))
        total_loss += loss.item()
        accumulated.append(loss)
        if step % 4 == 3:
            torch.stack(accumulated).mean().backward()
            optimizer.step()
            optimizer.zero_grad()
            accumulated = []
    predictions = []
    with torch.no_grad():
        for images, labels in val_loader:
            outputs = model(images.to(device))
            predictions.append(outputs.argmax(1).cpu())
