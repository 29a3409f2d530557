import glob
import os
import csv
import numpy as np
import torch
import torch.nn as nn
import torch.optim
from sklearn.model_selection import KFold, train_test_split
from torch.utils.data import Subset, DataLoader
from process import  SnapshotDataset, WindowDataset
from cae import CVAutoencoder, BatchSize, new_latent_dimension

N_EPOCHS = 1500
WINDOW = 21

enc_ckpt = "weights/encoder_weights.pth"
dec_ckpt = "weights/decoder_weights.pth"
lstm_ckpt = "weights/lstm_weights.pth"

paths = sorted(glob.glob("data/training_data/*-data-*"))

re_list = [int(p.split('/')[1].split('-')[0]) for p in paths]
re_mu = np.mean(re_list)
re_sd = np.std(re_list)

re_scaled = [(r - re_mu) / re_sd for r in re_list]

device = torch.device( 'cuda' if torch.cuda.is_available() else 'cpu' )
ae = CVAutoencoder().to(device)

print("reading snapshots")

###### build only the data set that the next stage needs ######
snap_ds = SnapshotDataset(paths, re_scaled)
window_ds = WindowDataset(paths, re_scaled, WINDOW)

print("snapshots ready")

def kfold_train(net_cls, ds, n_epochs=100, bs=32, lr=1e-4, device="cuda"):

    folds = KFold(n_splits=2, shuffle=True, random_state=42)
    fold_scores = []

    history = []

    for f, (tr_idx, va_idx) in enumerate(folds.split(ds)):

        # subsets of this fold
        tr_set = Subset(ds, tr_idx)
        va_set = Subset(ds, va_idx)

        tr_loader = DataLoader(tr_set, batch_size=bs, shuffle=True)
        va_loader = DataLoader(va_set, batch_size=bs, shuffle=False)

        # fresh network per fold
        net = net_cls().to(device)
        opt = torch.optim.Adam(net.parameters(), lr=lr)
        mse = torch.nn.MSELoss()

        # epochs
        for ep in range(n_epochs):
            net.train()
            running = 0.0
            nb = 0
            for batch in tr_loader:
                nb += 1
                fields, re_vals = batch  # snapshots and their Re
                fields = fields.to(device)
                re_vals = re_vals.to(device)
                opt.zero_grad()

                # encode then decode
                z = net.encode(fields)  # latent
                recon = net.decode(z)  # reconstruction
                loss = mse(recon, fields)

                # update
                loss.backward()
                opt.step()
                running += loss.item()

            mean_loss = running / len(tr_loader)
            history.append(mean_loss)  # per-epoch mean

            print(f"{f + 1} {ep + 1} {running / len(tr_loader):.4f}")

        # held-out fold
        net.eval()
        va_loss = 0.0
        with torch.no_grad():
            for batch in va_loader:
                fields, re_vals = batch  # snapshots and their Re
                fields = fields.to(device)
                re_vals = re_vals.to(device)

                z = net.encode(fields)  # latent
                recon = net.decode(z)  # reconstruction
                va_loss += mse(recon, fields).item()

        va_loss /= len(va_loader)
        print(f"fold {f + 1} held-out loss: {va_loss:.4f}")
        fold_scores.append(va_loss)

    with open("cae_history.csv", "w", newline="") as fh:
      w = csv.writer(fh)
      w.writerow(["epoch", "loss"])
      for ep, loss in enumerate(history, 1):
        w.writerow([ep, loss])

    # mean held-out loss over folds
    mean_loss = np.mean(fold_scores)
    print(f"mean held-out loss: {mean_loss:.4f}")
    torch.save(net.encoder.state_dict(), enc_ckpt)
    torch.save(net.decoder.state_dict(), dec_ckpt)
    print(f"encoder and decoder of fold {f + 1} written.")
    return mean_loss

def fit_lstm(lstm, device, bs, n_epochs, lr=1e-3):

    out_dir = "latent_vectors"
    os.makedirs(out_dir, exist_ok=True)

    tr_idx, va_idx = train_test_split(
        list(range(len(lat_ds))), test_size=0.2, random_state=42
    )
    tr_set = Subset(lat_ds, tr_idx)
    va_set = Subset(lat_ds, va_idx)

    # loaders
    tr_loader = DataLoader(tr_set, batch_size=bs, shuffle=True)
    va_loader = DataLoader(va_set, batch_size=bs, shuffle=False)

    print(f"train: {tr_loader.sequences.shape} | val: {va_loader.sequences.shape}")

    # pretrained autoencoder halves
    ae.encoder.load_state_dict(torch.load(enc_ckpt))
    ae.decoder.load_state_dict(torch.load(dec_ckpt))

    # latents

    lats, lat_re = read_latents("precomputed_latents.pt")
    lat_ds = list(zip(lats, lat_re))

    # optimiser and loss
    opt = torch.optim.Adam(lstm.parameters(), lr=lr)
    mse = nn.MSELoss()

    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(
                opt, mode='min', factor=0.9, patience=30)

    history = []
    va_history = []

    # epochs
    for ep in range(n_epochs):
        lstm.train()
        running = 0

        ns = 0
        for seqs, re_vals in tr_loader:
            ns += 1

            seqs = seqs.to(device)  # (batch, window, latent)
            re_vals = re_vals.to(device)


            # Re repeated along time: (batch, window - 1, 1)
            b, T, _= seqs.size()
            re_vals = re_vals.unsqueeze(1).expand(b, T - 1, 1)  # (batch, window - 1, 1)

            opt.zero_grad()

            # first 20 steps in, the 21st is the target
            seq_in = seqs[:, :-1, :]  # all but last
            seq_tgt = seqs[:, -1, :].unsqueeze(1)  # last only

            # forward
            seq_out = lstm(seq_in, re_vals)


            # last predicted step
            last_out = seq_out[:, -1, :]  # (batch, latent)

            # loss on the last step

            loss = mse(last_out, seq_tgt.squeeze(1))  # same shapes
            loss.backward()
            opt.step()

            running += loss.item()

            if ep==N_EPOCHS-1 & ns < BatchSize:
                in_file = os.path.join(out_dir, f"lat_in_ep{ep}.npy")
                out_file = os.path.join(out_dir, f"lat_out_ep{ep}.npy")
                np.save(in_file, seq_in.detach().cpu().numpy())
                np.save(out_file, seq_out.detach().cpu().numpy())

        mean_loss = running / len(tr_loader)
        history.append(mean_loss)  # per-epoch mean

        # held-out part
        lstm.eval()
        va_running = 0
        with torch.no_grad():
            for seqs, re_vals in va_loader:
                seqs = seqs.to(device)
                re_vals = re_vals.to(device)

                b, T, _= seqs.size()
                re_vals = re_vals.unsqueeze(1).expand(b, T - 1, 1)  # (batch, window - 1, 1)

                seq_in = seqs[:, :-1, :]
                seq_tgt = seqs[:, -1, :].unsqueeze(1)

                seq_out = lstm(seq_in, re_vals)
                last_out = seq_out[:, -1, :]

                va_loss = mse(last_out, seq_tgt.squeeze(1))
                va_running += va_loss.item()

        mean_va = running / len(va_loader)
        va_history.append(mean_va)

        sched.step(mean_va)

        print(f"epoch {ep + 1}/{n_epochs}, train {mean_loss:.8f}, val {mean_va:.8f}")

    # histories to CSV
    with open("lstm_history.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["epoch", "train", "val"])
        for ep, (tr_l, va_l) in enumerate(zip(history, va_history), 1):
            w.writerow([ep, tr_l, va_l])

    torch.save(lstm.state_dict(), lstm_ckpt)
    print(f"lstm written to {lstm_ckpt}")

    return lstm

def encode_all(ds, encoder, device, latent_dim, out_path="precomputed_latents.pt"):

    encoder.eval()
    lat_list = []
    re_list_out = []

    with torch.no_grad():
        for seqs, re_vals in DataLoader(ds, batch_size=1):
            seqs = seqs.to(device)  # (1, window, 3, H, W)
            re_vals = re_vals.to(device)

            # encode every frame of the window
            lat = torch.stack([
                encoder(fr.unsqueeze(0)).squeeze(0) for fr in seqs[0]
            ])  # (window, latent)

            lat_list.append(lat.cpu())
            re_list_out.append(re_vals.cpu())

    # write latents and Re
    torch.save({"latents": lat_list, "re_values": re_list_out}, out_path)
    print(f"latents written to {out_path}.")

def read_latents(path):

    blob = torch.load(path)
    return blob["latents"], blob["re_values"]

def encode_window(seq, encoder, device):

    lat = []
    for fr in seq:  # one time step at a time
        fr = fr.unsqueeze(0).to(device)  # batch of one
        z = encoder(fr)
        lat.append(z.squeeze(0))  # drop the batch axis

    return torch.stack(lat)  # (window, latent)

###### enable to train the autoencoder ######
"""
mean_loss = kfold_train(
    net_cls=CVAutoencoder,
    ds=snap_ds,
    n_epochs=N_EPOCHS,  # epochs
    bs=BatchSize,  # batch size
    lr=1e-3,
    device=device
)
"""

###### enable to train the LSTM ######
"""
### run once, then comment out ###
encode_all(window_ds, ae.encoder, device, new_latent_dimension, out_path="precomputed_latents.pt")

lstm_trained = fit_lstm(
    lstm=ae.lstm,
    device=device,
    bs=BatchSize,
    latent_dim=new_latent_dimension,  # encoder latent size
    n_epochs=N_EPOCHS,
    lr=1e-4
)
"""
