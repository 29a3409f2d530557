import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from dataset import TokenFileSet
from model import MusicTransformer
import json, os

cfg = json.load(open("config.json"))

token_set = TokenFileSet(cfg["token_dir"])
batches = DataLoader(token_set, batch_size=cfg["batch_size"], shuffle=True)

net = MusicTransformer(
    vocab_size=cfg["vocab_size"],
    embed_dim=cfg["embed_dim"],
    n_heads=cfg["n_heads"],
    n_layers=cfg["n_layers"]
)

opt = torch.optim.Adam(net.parameters(), lr=cfg["lr"])
criterion = nn.CrossEntropyLoss()

for ep in range(cfg["epochs"]):
    for src, tgt in batches:
        logits = net(src)
        loss = criterion(logits.view(-1, logits.size(-1)), tgt.view(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"epoch {ep+1} done, last loss {loss.item():.4f}")

os.makedirs(cfg["model_dir"], exist_ok=True)
torch.save(net.state_dict(), f"{cfg['model_dir']}/music_transformer.pt")
