import torch
import torchinfo
import numpy as np
from torch.utils.data import DataLoader
from netdef import LimbNet
from clipdata import WindowTable
from settings import cfg

# network shape
n_layers = cfg["lstm_layers"]
feat_dim = cfg["data_dim"]
p_drop = cfg["dropout"]
win_len = cfg["seq_length"]

# training knobs
lr = 0.0001
n_epochs = 200
bs = 1024
run_tag = "LimbNet_{}".format(cfg["model_version"])

# window tables
print("\n[data]")
fit_path = "./windows/workout_fit_30f.npy"
check_path = "./windows/workout_check_30f.npy"
final_path = "./windows/workout_final_30f.npy"

fit_set = WindowTable(fit_path, "fit")
check_set = WindowTable(check_path, "check")
final_set = WindowTable(final_path, "final")

fit_loader = DataLoader(dataset=fit_set, batch_size=bs, shuffle=True)
check_loader = DataLoader(
    dataset=check_set, batch_size=bs, shuffle=True
)
final_loader = DataLoader(dataset=final_set, batch_size=bs, shuffle=True)

# device and network
device = "cuda" if torch.cuda.is_available() else "cpu"
net = LimbNet(device, lr)
net.to(device)


def main():
    # layer summary
    print("\n[summary]")
    torchinfo.summary(net, (1, 1, win_len, feat_dim))

    # fit
    net.fit_(n_epochs, fit_loader, check_loader, 25)

    # reload best-on-check weights for the final split
    net.restore()

    true_y, guess_y = net.predict(final_loader)
    right = len(np.where(guess_y == true_y)[0])
    seen = len(guess_y)
    final_acc = right / seen
    print("final-split top-1 at best epoch : %.4f" % (final_acc))

    # curves
    net.plot()

    # scoring a stored checkpoint instead
    # ckpt = (
    #     "/home/user/workout/best_ckpt/LimbNet_r11.pt"
    # )
    # other = LimbNet(device)
    # other.load_state_dict(torch.load(ckpt, device))
    # true_y, guess_y = other.predict(final_loader)
    # right = len(np.where(guess_y == true_y)[0])
    # seen = len(guess_y)
    # final_acc = right / seen
    # print("final-split accuracy : %.4f" % (final_acc))


if __name__ == "__main__":
    main()
