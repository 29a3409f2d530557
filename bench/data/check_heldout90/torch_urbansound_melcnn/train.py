import torch
import torchaudio
from torch import nn
from torch.utils.data import DataLoader
from rehapeSampleDatasets import UrbanSoundDataset
from cnnModel import CNNNetwork

BS = 32
N_EPOCHS = 100
LR = 0.0001

META_CSV = "D:/Python/Project/ECE616/Project8K/data/UrbanSound8K/metadata/UrbanSound8K.csv"
CLIP_DIR = "D:/Python/Project/ECE616/Project8K/data/UrbanSound8K/audio"
SR = 22050
N_SAMPLES = 22050


def make_loader(ds, bs):
    dl = DataLoader(ds, batch_size=bs)
    return dl


def one_epoch(net, dl, crit, opt, dev):
    for xb, yb in dl:
        xb, yb = xb.to(dev), yb.to(dev)

        # forward and loss
        out = net(xb)
        loss = crit(out, yb)

        # backward and step
        opt.zero_grad()
        loss.backward()
        opt.step()

    print(f"last loss: {loss.item()}")


def fit(net, dl, crit, opt, dev, epochs):
    for e in range(epochs):
        print(f"epoch {e + 1}")
        one_epoch(net, dl, crit, opt, dev)
        print("===========")
    print("training done")


if __name__ == "__main__":
    if torch.cuda.is_available():
        dev = "cuda"
    else:
        dev = "cpu"
    print(f"device: {dev}")

    # mel transform applied inside the dataset
    mel = torchaudio.transforms.MelSpectrogram(
        sample_rate=SR,
        n_fft=1024,
        hop_length=512,
        n_mels=64)

    ds = UrbanSoundDataset(META_CSV,
                            CLIP_DIR,
                            mel,
                            SR,
                            N_SAMPLES,
                            dev)

    dl = make_loader(ds, BS)

    # network on the device
    net = CNNNetwork().to(dev)
    print(net)

    # loss and optimiser
    crit = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters(),
                                 lr=LR)

    # run
    fit(net, dl, crit, opt, dev, N_EPOCHS)

    # save weights
    torch.save(net.state_dict(), "melcnn.pth")
    print("weights written to melcnn.pth")
