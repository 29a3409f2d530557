# training entry point
import torch
from torch.optim import Adam
from midi_data import collect_pitch_lists
from model import TinyTransformer
from tqdm import trange
import os

HERE = os.path.dirname(os.path.abspath(__file__))
MIDI_DIR = os.path.join(HERE, "1")

tunes = collect_pitch_lists(MIDI_DIR)

# 128 classes, one per MIDI pitch
net = TinyTransformer(128)
optim = Adam(net.parameters(), 1e-3)
print(tunes)
for ep in range(10):
    for tune in tunes[:10]:
        inp = torch.tensor(tune[:-1]).unsqueeze(0)
        print(inp.shape, inp.dtype, inp.min().item(), inp.max().item())
        tgt = torch.tensor(tune[1:]).unsqueeze(0)

        scores = net(inp)
        loss = torch.nn.functional.cross_entropy(scores.reshape(-1, 128), tgt.reshape(-1))

        optim.zero_grad()
        loss.backward()
        optim.step()
        print("epoch", ep, "loss", loss.item())
# save once training is over
CKPT = os.path.join(HERE, "tiny_transformer.pth")  # weights file
torch.save(net.state_dict(), CKPT)
print(f"weights written to {CKPT}")
