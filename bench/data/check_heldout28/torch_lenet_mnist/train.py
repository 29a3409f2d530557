from model import LeNet5
from data_loader import train_loader

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim

lr_value = 0.001
epochs = 20

# use the GPU when there is one
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


# build the network, loss and optimizer
model = LeNet5().to(device)
loss_fn = nn.CrossEntropyLoss()
optimizer = optim.Adam(model.parameters(), lr=lr_value)
epoch_loss_history = []


# one pass over the training set per epoch
for epoch in range(epochs):
  model.train()
  loss_sum = 0.0
  for images, labels in train_loader:
    labels = torch.tensor(labels, dtype=torch.long) # make the labels a long tensor
    images, labels = images.to(device), labels.to(device)

    # forward pass
    preds = model(images)
    loss = loss_fn(preds, labels)

    # backward pass and update
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

    loss_sum += loss.item()

  mean_loss = loss_sum/len(train_loader)
  epoch_loss_history.append(mean_loss)
  print(f"epoch {epoch+1} of {epochs} | mean loss {loss_sum/len(train_loader):.4f}")
