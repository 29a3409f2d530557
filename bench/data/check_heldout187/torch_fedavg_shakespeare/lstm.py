# Character LSTM, Shakespeare dataset wrapper and the FedAvg loop.
import os
import json
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
import matplotlib.pyplot as plt
from tqdm import tqdm


class ShakespeareDataset(Dataset):
    def __init__(self, data_path, clients=None, seq_length=80):
        self.seq_length = seq_length
        self.data = []
        self.targets = []
        self.build_vocab()
        self.load_data(data_path, clients)

    def build_vocab(self):
        self.vocab = [c for c in " $&'(),-.0123456789:;>?ABCDEFGHIJKLMNOPQRSTUVWXYZ[]abcdefghijklmnopqrstuvwxyz}"]
        self.char2idx = {char: idx for idx, char in enumerate(self.vocab)}
        self.idx2char = {idx: char for idx, char in enumerate(self.vocab)}

    def load_data(self, data_path, clients):
        with open(data_path, 'r') as f:
            raw_data = json.load(f)
            selected_clients = clients if clients else raw_data['users']
            for client in selected_clients:
                user_text = ' '.join(raw_data['user_data'][client]['x'])
                self.process_text(user_text)

    def process_text(self, text):
        for i in range(len(text) - self.seq_length):
            seq = text[i:i + self.seq_length]
            target = text[i + 1:i + self.seq_length + 1]
            seq_indices = [self.char2idx.get(c, 0) for c in seq]
            target_indices = [self.char2idx.get(c, 0) for c in target]
            self.data.append(torch.tensor(seq_indices, dtype=torch.long))
            self.targets.append(torch.tensor(target_indices, dtype=torch.long))

    def __len__(self):
        return len(self.data)

    def __getitem__(self, idx):
        return self.data[idx], self.targets[idx]


class CharLSTM(nn.Module):
    def __init__(self, vocab_size, embedding_dim=8, hidden_dim=256, num_layers=2, dropout=0.2):
        super(CharLSTM, self).__init__()
        self.embedding = nn.Embedding(vocab_size, embedding_dim)
        self.lstm = nn.LSTM(embedding_dim, hidden_dim, num_layers, batch_first=True, dropout=dropout)
        self.fc = nn.Linear(hidden_dim, vocab_size)

    def forward(self, x, hidden=None):
        x = self.embedding(x)
        output, hidden = self.lstm(x, hidden)
        output = self.fc(output)
        return output, hidden


def train_centralized(model, train_loader, test_loader, criterion, optimizer, scheduler, epochs, device):
    model.to(device)
    model.train()
    epoch_losses = []
    epoch_accuracies = []

    for epoch in range(epochs):
        total_loss = 0
        correct_predictions = 0
        total_samples = 0
        progress = tqdm(train_loader, desc=f"Epoch {epoch + 1}/{epochs}")

        for inputs, targets in progress:
            inputs, targets = inputs.to(device), targets.to(device)
            optimizer.zero_grad()
            outputs, _ = model(inputs)
            outputs = outputs.view(-1, outputs.size(-1))
            targets = targets.view(-1)
            loss = criterion(outputs, targets)
            loss.backward()
            optimizer.step()

            total_loss += loss.item()
            _, predictions = outputs.max(1)
            correct_predictions += (predictions == targets).sum().item()
            total_samples += targets.size(0)
            progress.set_postfix(loss=loss.item())

        scheduler.step()
        train_accuracy = correct_predictions / total_samples
        avg_loss = total_loss / len(train_loader)
        epoch_losses.append(avg_loss)
        epoch_accuracies.append(train_accuracy)
        print(f"Epoch {epoch + 1}, Loss: {avg_loss:.4f}, Accuracy: {train_accuracy:.4f}")

    model.eval()
    test_loss, test_accuracy = evaluate_model(model, test_loader, criterion, device)
    print(f"Test Loss: {test_loss:.4f}, Test Accuracy: {test_accuracy:.4f}")
    return epoch_losses, epoch_accuracies, test_loss, test_accuracy


def evaluate_model(model, data_loader, criterion, device):
    model.eval()
    total_loss = 0
    correct_predictions = 0
    total_samples = 0

    with torch.no_grad():
        for inputs, targets in data_loader:
            inputs, targets = inputs.to(device), targets.to(device)
            outputs, _ = model(inputs)
            outputs = outputs.view(-1, outputs.size(-1))
            targets = targets.view(-1)
            loss = criterion(outputs, targets)
            total_loss += loss.item()
            _, predictions = outputs.max(1)
            correct_predictions += (predictions == targets).sum().item()
            total_samples += targets.size(0)

    avg_loss = total_loss / len(data_loader)
    accuracy = correct_predictions / total_samples
    return avg_loss, accuracy


def train_local_model(model, data_loader, criterion, optimizer, local_steps, device):
    model.train()
    for _ in range(local_steps):
        for inputs, targets in data_loader:
            inputs, targets = inputs.to(device), targets.to(device)
            optimizer.zero_grad()
            outputs, _ = model(inputs)
            outputs = outputs.view(-1, outputs.size(-1))
            targets = targets.view(-1)
            loss = criterion(outputs, targets)
            loss.backward()
            optimizer.step()


def sample_clients_uniform(clients, fraction):
    num_clients = len(clients)
    num_selected = max(1, int(fraction * num_clients))
    return np.random.choice(clients, num_selected, replace=False)


def sample_clients_skewed(clients, fraction, gamma):
    num_clients = len(clients)
    num_selected = max(1, int(fraction * num_clients))
    probabilities = np.random.dirichlet([gamma] * num_clients)
    selected_indices = np.random.choice(range(num_clients), num_selected, replace=False, p=probabilities)
    return [clients[i] for i in selected_indices], probabilities


def train_federated(data_path, global_model, criterion, rounds, clients, fraction, device, seq_length, local_steps, participation="uniform", gamma=0.5):
    global_model.to(device)
    global_losses = []
    sampling_distributions = []

    for round_num in range(rounds):
        print(f"Round {round_num + 1}/{rounds}")
        local_weights = []
        if participation == "uniform":
            selected_clients = sample_clients_uniform(clients, fraction)
            sampling_distributions.append([1 / len(clients)] * len(clients))
        elif participation == "skewed":
            selected_clients, probabilities = sample_clients_skewed(clients, fraction, gamma)
            sampling_distributions.append(probabilities)

        for client in tqdm(selected_clients, desc=f"Round {round_num + 1}"):
            local_model = CharLSTM(global_model.embedding.num_embeddings).to(device)
            local_model.load_state_dict(global_model.state_dict())
            optimizer = optim.SGD(local_model.parameters(), lr=0.8)

            client_dataset = ShakespeareDataset(data_path, clients=[client], seq_length=seq_length)
            client_loader = DataLoader(client_dataset, batch_size=32, shuffle=True)

            train_local_model(local_model, client_loader, criterion, optimizer, local_steps, device)

            local_weights.append({k: v.clone() for k, v in local_model.state_dict().items()})

        global_dict = global_model.state_dict()
        for k in global_dict.keys():
            global_dict[k] = torch.stack([w[k] for w in local_weights], dim=0).mean(dim=0)
        global_model.load_state_dict(global_dict)

        test_dataset = ShakespeareDataset(data_path)
        test_loader = DataLoader(test_dataset, batch_size=32, shuffle=False)
        test_loss, _ = evaluate_model(global_model, test_loader, criterion, device)
        global_losses.append(test_loss)
        print(f"Round {round_num + 1}, Global Loss: {test_loss:.4f}")

    return global_losses, sampling_distributions
