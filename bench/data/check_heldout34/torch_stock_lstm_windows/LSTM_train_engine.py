import torch
import torch.nn as nn
import torch.optim as optim
from pytorch_data_loader import TickerWindowDataset, DataLoader

# ---------------------------------------------------------
# model
# ---------------------------------------------------------
class UpDownLSTM(nn.Module):
    def __init__(self, n_features, n_hidden, n_lstm_layers, drop_p=0.2):
        super(UpDownLSTM, self).__init__()
        
        # stacked LSTM over the window
        # inputs come as (batch, time, features)
        self.rnn = nn.LSTM(
            input_size=n_features, 
            hidden_size=n_hidden, 
            num_layers=n_lstm_layers, 
            batch_first=True, 
            dropout=drop_p if n_lstm_layers > 1 else 0
        )
        
        # dropout before the head
        self.drop = nn.Dropout(drop_p)
        
        # one logit from the last hidden state
        self.head = nn.Linear(n_hidden, 1)
        
        # probability of an up move
        self.squash = nn.Sigmoid()
        
    def forward(self, x):
        # run the window through the LSTM
        # rnn_out is (batch, time, hidden)
        rnn_out, (h_last, c_last) = self.rnn(x)
        
        # keep only the last time step
        final_step = rnn_out[:, -1, :]
        
        # head then sigmoid
        logit = self.head(self.drop(final_step))
        return self.squash(logit).squeeze(-1)

# ---------------------------------------------------------
# training loop
# ---------------------------------------------------------
def fit_model(model, train_loader, val_loader, n_epochs=10, step_size=0.001):
    # binary cross-entropy for the up/down label
    bce = nn.BCELoss()
    
    # AdamW with a little weight decay
    opt = optim.AdamW(model.parameters(), lr=step_size, weight_decay=1e-4)
    
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model.to(device)
    print(f"running on {device}\n")
    
    for epoch in range(1, n_epochs + 1):
        # train pass
        model.train()
        train_loss_total = 0.0
        
        for x_batch, y_batch in train_loader:
            x_batch, y_batch = x_batch.to(device), y_batch.to(device)
            
            # clear old gradients
            opt.zero_grad()
            
            # forward
            probs = model(x_batch)
            
            # loss
            loss = bce(probs, y_batch)
            
            # backward
            loss.backward()
            
            # step
            opt.step()
            
            train_loss_total += loss.item() * x_batch.size(0)
            
        mean_train_loss = train_loss_total / len(train_loader.dataset)
        
        # validation pass
        model.eval()
        val_loss_total = 0.0
        n_hits = 0
        n_seen = 0
        
        with torch.no_grad(): # no autograd while scoring
            for x_batch, y_batch in val_loader:
                x_batch, y_batch = x_batch.to(device), y_batch.to(device)
                
                probs = model(x_batch)
                loss = bce(probs, y_batch)
                val_loss_total += loss.item() * x_batch.size(0)
                
                # threshold at 0.5
                # 1 = up, 0 = down
                hard_preds = (probs >= 0.5).float()
                n_hits += (hard_preds == y_batch).sum().item()
                n_seen += y_batch.size(0)
                
        mean_val_loss = val_loss_total / len(val_loader.dataset)
        val_acc_pct = (n_hits / n_seen) * 100
        
        print(f"epoch {epoch}/{n_epochs}: train loss {mean_train_loss:.4f}, val loss {mean_val_loss:.4f}, val acc {val_acc_pct:.2f}%")
        
    # write the weights
    torch.save(model.state_dict(), "lstm_stock_model.pt")
    print("\nweights written to lstm_stock_model.pt")

if __name__ == "__main__":
    # settings
    FEATURES_DIR = "data/processed"
    WINDOW = 60
    BATCH = 64
    N_FEATURES = 14     # indicator columns per day
    N_HIDDEN = 64    # LSTM width
    N_LAYERS = 2     # two stacked LSTMs
    
    # datasets and loaders
    print("building the window datasets...")
    train_set = TickerWindowDataset(FEATURES_DIR, window_len=WINDOW, split_name='train')
    val_set   = TickerWindowDataset(FEATURES_DIR, window_len=WINDOW, split_name='val')
    
    train_loader = DataLoader(train_set, batch_size=BATCH, shuffle=True)
    val_loader   = DataLoader(val_set, batch_size=BATCH, shuffle=False)
    
    # the network
    model = UpDownLSTM(n_features=N_FEATURES, n_hidden=N_HIDDEN, n_lstm_layers=N_LAYERS)
    
    # train it
    fit_model(model, train_loader, val_loader, n_epochs=50, step_size=0.001)