import time
from architecture import LSTM, GRU
from stock_dataset import PriceWindowDataset
import torch
import numpy as np
from torch.utils.data import DataLoader
import matplotlib.pyplot as plt


def train_model():
    n_epochs = 100

    gru_model = GRU(input_dim=1, hidden_dim=500, output_dim=1, num_layers=3).to("cuda")
    mse_loss_fn = torch.nn.MSELoss(reduction="mean")
    adam_optimiser = torch.optim.Adam(gru_model.parameters(), lr=0.001)
    price_dataset = PriceWindowDataset(symbol="msft", train_part=True)
    window_loader = DataLoader(price_dataset, batch_size=1000, shuffle=True)

    for epoch_i in range(n_epochs):
        for batch_dict in window_loader:
            x_batch = batch_dict["input"]
            y_batch = batch_dict["target"]
            y_batch_pred = gru_model(x_batch)
            batch_loss = mse_loss_fn(y_batch_pred, y_batch)
            print("epoch", epoch_i, "batch mse", batch_loss.item())
            adam_optimiser.zero_grad()
            batch_loss.backward()
            adam_optimiser.step()

    torch.save(gru_model.state_dict(), "resources/models/model.pt")


def plot_test_predictions(use_train_part=True):
    gru_model = GRU(input_dim=1, hidden_dim=500, output_dim=1, num_layers=3).to("cuda")
    gru_model.load_state_dict(torch.load("resources/models/model.pt"))
    price_dataset = PriceWindowDataset(symbol="msft", train_part=use_train_part)
    window_loader = DataLoader(price_dataset, batch_size=1000, shuffle=False)

    pred_values = np.array([])
    true_values = np.array([])

    gru_model.eval()
    for batch_dict in window_loader:
        x_batch = batch_dict["input"]
        y_batch = batch_dict["target"]
        y_batch_pred = gru_model(x_batch)

        pred_values = np.hstack((pred_values, y_batch_pred.cpu().detach().numpy().flatten()))
        true_values = np.hstack((true_values, y_batch.cpu().detach().numpy().flatten()))

    pred_values = price_dataset.fitted_scaler.inverse_transform(pred_values.reshape(-1, 1))
    true_values = price_dataset.fitted_scaler.inverse_transform(true_values.reshape(-1, 1))

    plt.figure(figsize=(15, 6))
    plt.plot(true_values, label="actual close")
    plt.plot(pred_values, label="predicted close")
    plt.title("Next-day close, test part")
    plt.savefig("resources/prediction.png")
    plt.legend()
    plt.show()


if __name__ == "__main__":
    train_model()
    plot_test_predictions(use_train_part=False)
