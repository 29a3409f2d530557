# Runs FedAvg on LEAF Shakespeare twice: uniform and Dirichlet-skewed client sampling.
import os
import json
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader
from tqdm import tqdm
import matplotlib.pyplot as plt

from lstm import CharLSTM, ShakespeareDataset, train_federated

data_path = './data/shakespeare/train_data.json'
if not os.path.exists(data_path):
    from generate_data_shakespeare import generate_mock_shakespeare_dataset
    generate_mock_shakespeare_dataset()

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
vocab_size = len(ShakespeareDataset(data_path).vocab)
rounds = 50
fraction = 0.1
seq_length = 80
local_steps = 5
batch_size = 32

criterion = nn.CrossEntropyLoss()
global_model = CharLSTM(vocab_size).to(device)

with open(data_path, 'r') as f:
    raw_data = json.load(f)
    clients = raw_data['users']

print("Starting federated training with uniform participation...")
uniform_losses, _ = train_federated(
    data_path=data_path,
    global_model=global_model,
    criterion=criterion,
    rounds=rounds,
    clients=clients,
    fraction=fraction,
    device=device,
    seq_length=seq_length,
    local_steps=local_steps,
    participation="uniform"
)

print("Starting federated training with skewed participation...")
global_model = CharLSTM(vocab_size).to(device)
skewed_losses, sampling_distributions = train_federated(
    data_path=data_path,
    global_model=global_model,
    criterion=criterion,
    rounds=rounds,
    clients=clients,
    fraction=fraction,
    device=device,
    seq_length=seq_length,
    local_steps=local_steps,
    participation="skewed",
    gamma=0.5
)

plt.figure()
plt.plot(range(1, len(uniform_losses) + 1), uniform_losses, label="Uniform Participation")
plt.plot(range(1, len(skewed_losses) + 1), skewed_losses, label="Skewed Participation")
plt.xlabel("Round")
plt.ylabel("Loss")
plt.legend()
plt.title("Federated Training Performance")
plt.show()

if len(sampling_distributions) > 0:
    plt.figure()
    plt.bar(range(len(sampling_distributions[-1])), sampling_distributions[-1])
    plt.title("Sampling Distribution (Skewed, Last Round)")
    plt.xlabel("Client")
    plt.ylabel("Probability")
    plt.show()
