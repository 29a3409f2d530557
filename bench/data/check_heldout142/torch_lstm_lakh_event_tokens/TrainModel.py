import torch
import torch.nn as nn
from torch.utils.data import DataLoader
import json
from SequenceData import EventWindowSet  # local dataset

# --- settings ---
WINDOW = 100        
BS = 64       
N_EPOCHS = 10           
EMB = 128      
HID = 256     
N_LAYERS = 2        
STEP = 0.001           

# --- token vocabulary ---
with open("vocab.json", "r") as fh:
    vocab = json.load(fh)

n_tokens = len(vocab)  # distinct event tokens

# --- windows and loader ---
windows = EventWindowSet("tokens.jsonl", vocab, window=WINDOW)
batches = DataLoader(windows, batch_size=BS, shuffle=True)

# --- next-event LSTM ---
class NextEventLSTM(nn.Module):
    def __init__(self, n_tokens, emb, hid, n_layers):
        super().__init__()
        self.embed = nn.Embedding(n_tokens, emb)  # ids to vectors
        self.lstm = nn.LSTM(emb, hid, n_layers, batch_first=True)
        self.fc = nn.Linear(hid, n_tokens)  # scores over the vocabulary

    def forward(self, x):
        x = self.embed(x)          # (batch, window) -> (batch, window, emb)
        out, _ = self.lstm(x)      # (batch, window, hid)
        out = self.fc(out[:, -1, :])  # last step only -> (batch, n_tokens)
        return out

# --- device ---
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# --- network on the device ---
net = NextEventLSTM(n_tokens, EMB, HID, N_LAYERS).to(device)

# --- objective and optimiser ---
loss_fn = nn.CrossEntropyLoss()                  # logits vs. next-token id
opt = torch.optim.Adam(net.parameters(), lr=STEP)

# --- training ---
for ep in range(N_EPOCHS):
    net.train()
    loss_sum = 0

    for xb, yb in batches:
        # to the device
        xb, yb = xb.to(device), yb.to(device)

        # forward
        opt.zero_grad()
        scores = net(xb)       # (batch, n_tokens)
        loss = loss_fn(scores, yb)

        # backward and step
        loss.backward()
        opt.step()

        loss_sum += loss.item()

    mean_loss = loss_sum / len(batches)
    print(f"epoch {ep+1}/{N_EPOCHS}, loss {mean_loss:.4f}")

# --- save ---
torch.save(net.state_dict(), "lstm_model.pth")
print("weights saved to lstm_model.pth")
