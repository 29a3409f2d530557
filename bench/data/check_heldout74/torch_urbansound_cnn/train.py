import torch
import torchaudio
from torch import nn
from torch.utils.data import DataLoader

from urbansounddataset import UrbanSoundDataset
from cnn import CNNNetwork


BATCH = 128
NUM_EPOCHS = 10
LR = 0.001

META_CSV = "/data/sounds/UrbanSound8K/metadata/UrbanSound8K.csv"
WAV_ROOT = "/data/sounds/UrbanSound8K/audio"
TARGET_SR = 22050
CLIP_LEN = 22050


def make_loader(dataset, batch):
    loader = DataLoader(dataset, batch_size=batch)
    return loader


def run_one_epoch(net, loader, criterion, opt, dev):
    for features, labels in loader:
        features, labels = features.to(dev), labels.to(dev)

        # forward pass and loss
        logits = net(features)
        err = criterion(logits, labels)

        # gradient step
        opt.zero_grad()
        err.backward()
        opt.step()

    print(f"last batch loss: {err.item()}")


def fit(net, loader, criterion, opt, dev, n_epochs):
    for ep in range(n_epochs):
        print(f"epoch {ep+1}")
        run_one_epoch(net, loader, criterion, opt, dev)
        print("===========================")
    print("training done")


if __name__ == "__main__":
    if torch.cuda.is_available():
        dev = "cuda"
    else:
        dev = "cpu"
    print(f"device: {dev}")

    # mel front end, dataset and loader
    melspec = torchaudio.transforms.MelSpectrogram(
        sample_rate=TARGET_SR,
        n_fft=1024,
        hop_length=512,
        n_mels=64
    )

    sounds = UrbanSoundDataset(META_CSV,
                               WAV_ROOT,
                               melspec,
                               TARGET_SR,
                               CLIP_LEN,
                               dev)
    
    loader = make_loader(sounds, BATCH)

    # model on the device
    net = CNNNetwork().to(dev)
    print(net)

    # criterion and optimiser
    criterion = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters(),
                           lr=LR)

    # training
    fit(net, loader, criterion, opt, dev, NUM_EPOCHS)

    # persist weights
    torch.save(net.state_dict(), "sound_cnn.pth")
    print("weights written to sound_cnn.pth")
