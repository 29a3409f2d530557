import torch 
from torch import nn
from torch.utils.data import DataLoader 
from custom_dataset import StreamedClips
from audio_cnn import AudioCNN
import torchaudio

# settings and paths
BATCH = 128
N_EPOCHS = 10 
csv_meta = "../UrbanSound8K/metadata/UrbanSound8K.csv"
wav_root = "../UrbanSound8K/audio/"
SR = 22050
CLIP_SAMPLES = 22050


def one_pass(net, loader, crit, opt, dev):
    """One pass over the loader.

    """
    for xb, yb in loader: 
        xb, yb = xb.to(dev), yb.to(dev)
        # forward and loss
        logits = net(xb) 
        l = crit(logits, yb) 

        # update
        opt.zero_grad()
        l.backward()
        opt.step()

    # report the final batch
    print(f"last batch loss {l.item()}")


def fit_all(net, loader, crit, opt, dev, n_ep = 10):
    """Repeat one_pass for n_ep passes.

    """
    for ep in range(n_ep):
        print(f"pass {ep + 1}")
        one_pass(net, loader, crit, opt, dev)
        print("..................")
    print("training done")


if __name__ == "__main__":
    # clip dataset
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    melspec = torchaudio.transforms.MelSpectrogram(
        sample_rate = SR,
        n_fft = 1024,
        hop_length = 512,
        n_mels = 64
    )
    clips = StreamedClips(csv_meta, wav_root, melspec, SR, CLIP_SAMPLES, dev)    

    # loader
    loader_tr = DataLoader(clips, batch_size = BATCH, shuffle = True)

    net = AudioCNN().to(dev)

    # objective and optimiser
    crit = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters(), lr = 1e-3)

    # fit
    fit_all(net, loader_tr, crit, opt, dev, N_EPOCHS)

    # write weights
    torch.save(net.state_dict(), "us8k_cnn_weights.pth")
    print("weights written")


