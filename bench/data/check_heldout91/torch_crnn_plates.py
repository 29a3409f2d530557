import os
import math
import argparse
from typing import List, Tuple
import numpy as np
import pandas as pd
from PIL import Image
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from torchvision import transforms
from tqdm import tqdm

SYMBOLS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-"
BLANK_ID = 0
sym_to_id = {s: k + 1 for k, s in enumerate(SYMBOLS)}
id_to_sym = {k + 1: s for k, s in enumerate(SYMBOLS)}
id_to_sym[BLANK_ID] = ""

def text_to_ids(plate_text: str) -> List[int]:

    plate_text = plate_text.strip().upper()
    return [sym_to_id[s] for s in plate_text if s in sym_to_id]

def greedy_ctc(scores: torch.Tensor, seq_lens: torch.Tensor) -> List[str]:

    with torch.no_grad():
        best = scores.log_softmax(2).argmax(2)  # (T, B)
        best = best.cpu().numpy().T  # (B, T)

    decoded = []
    for n, length in enumerate(seq_lens.cpu().numpy()):
        last = BLANK_ID
        chars = []
        for step in range(length):
            cur = int(best[n, step])
            if cur != last and cur != BLANK_ID:
                chars.append(id_to_sym.get(cur, ""))
            last = cur
        decoded.append("".join(chars))
    return decoded

class PlateCrops(Dataset):
    def __init__(self, table_file: str, height: int, width: int):
        self.table = pd.read_csv(table_file)
        if not {"image_path", "label"}.issubset(self.table.columns):
            raise ValueError("the table needs the columns image_path,label")
        self.height = height
        self.width = width

        self.prep = transforms.Compose([
            transforms.Grayscale(num_output_channels=1),
            transforms.Resize((height, width)),
            transforms.ToTensor(),
            transforms.Normalize(mean=[0.5], std=[0.5]),
        ])

    def __len__(self):
        return len(self.table)

    def __getitem__(self, k):
        rec = self.table.iloc[k]
        file_path = rec["image_path"]
        plate = str(rec["label"]).strip()

        pic = Image.open(file_path).convert("RGB")
        pic = self.prep(pic)  # (1, H, W)

        ids = torch.tensor(text_to_ids(plate), dtype=torch.long)
        return pic, ids, plate, file_path


def pack_batch(samples, shrink: int = 4):

    pics, ids, plates, files = zip(*samples)
    pics = torch.stack(pics, dim=0)  # (B, 1, H, W)


    id_lens = torch.tensor([t.size(0) for t in ids], dtype=torch.long)
    if id_lens.max().item() == 0:
        raise ValueError("an empty plate text was found; drop or repair those rows.")
    ids_flat = torch.cat(ids, dim=0)

    B, C, Hh, Ww = pics.size()
    steps = Ww // shrink
    seq_lens = torch.full(size=(B,), fill_value=steps, dtype=torch.long)

    return pics, ids_flat, seq_lens, id_lens, plates, files

class PlateReader(nn.Module):

    def __init__(self, n_out: int):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 64, 3, padding=1), nn.ReLU(True),
            nn.MaxPool2d(2, 2),  # half size

            nn.Conv2d(64, 128, 3, padding=1), nn.ReLU(True),
            nn.MaxPool2d(2, 2),  # quarter size

            nn.Conv2d(128, 256, 3, padding=1), nn.ReLU(True),
            nn.Conv2d(256, 256, 3, padding=1), nn.ReLU(True),
            nn.BatchNorm2d(256),
            nn.Conv2d(256, 256, 2), nn.ReLU(True),  # squeeze the height
        )
        self.seq = nn.LSTM(
            input_size=256, hidden_size=256, num_layers=2,
            bidirectional=True, batch_first=False, dropout=0.1
        )
        self.head = nn.Linear(512, n_out)  # two directions

    def forward(self, x):  # x: (B, 1, H, W)
        fmap = self.features(x)  # (B, 256, H', W')
        B, C, Hq, Wq = fmap.size()
        assert Hq == 1 or Hq == 2
        fmap = fmap.squeeze(2)
        fmap = fmap.permute(2, 0, 1).contiguous()
        out, _ = self.seq(fmap)
        scores = self.head(out)
        return scores

def run_train_epoch(net, batches, ctc, opt, dev):
    net.train()
    running = 0.0
    bar = tqdm(batches, desc="fit", ncols=100)
    for pics, ids, seq_lens, id_lens, _, _ in bar:
        pics = pics.to(dev)
        ids = ids.to(dev)
        seq_lens = seq_lens.to(dev)
        id_lens = id_lens.to(dev)

        opt.zero_grad()
        scores = net(pics)  # (T, B, C)
        logp = scores.log_softmax(2)

        loss = ctc(logp, ids, seq_lens, id_lens)
        loss.backward()
        nn.utils.clip_grad_norm_(net.parameters(), 5.0)
        opt.step()

        running += loss.item()
        bar.set_postfix(loss=f"{loss.item():.4f}")

    return running / max(1, len(batches))


@torch.no_grad()
def run_eval(net, batches, ctc, dev):
    net.eval()
    running = 0.0
    guesses, truths = [], []
    for pics, ids, seq_lens, id_lens, plates, _ in batches:
        pics = pics.to(dev)
        ids = ids.to(dev)
        seq_lens = seq_lens.to(dev)
        id_lens = id_lens.to(dev)

        scores = net(pics)
        logp = scores.log_softmax(2)
        loss = ctc(logp, ids, seq_lens, id_lens)
        running += loss.item()

        # whole-string match after greedy decoding
        got = greedy_ctc(scores, seq_lens)
        guesses.extend(got)
        truths.extend(plates)

    hit = np.mean([a == b for a, b in zip(guesses, truths)]) if truths else 0.0
    return running / max(1, len(batches)), hit, list(zip(truths[:10], guesses[:10]))

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--train_csv", type=str, required=True)
    ap.add_argument("--val_csv", type=str, required=True)
    ap.add_argument("--img_h", type=int, default=32)
    ap.add_argument("--img_w", type=int, default=160)
    ap.add_argument("--batch_size", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--out_dir", type=str, default="checkpoints")
    ap.add_argument("--seed", type=int, default=42)
    opts = ap.parse_args()

    torch.manual_seed(opts.seed)
    np.random.seed(opts.seed)

    os.makedirs(opts.out_dir, exist_ok=True)
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    fit_set = PlateCrops(opts.train_csv, opts.img_h, opts.img_w)
    hold_set = PlateCrops(opts.val_csv, opts.img_h, opts.img_w)

    packer = lambda s: pack_batch(s, shrink=4)
    fit_batches = DataLoader(fit_set, batch_size=opts.batch_size,
                             shuffle=True, num_workers=4, collate_fn=packer, pin_memory=True)
    hold_batches = DataLoader(hold_set, batch_size=opts.batch_size,
                              shuffle=False, num_workers=4, collate_fn=packer, pin_memory=True)

    n_out = 1 + len(SYMBOLS)  # one extra for the blank
    net = PlateReader(n_out=n_out).to(dev)
    ctc = nn.CTCLoss(blank=BLANK_ID, zero_infinity=True)
    opt = optim.Adam(net.parameters(), lr=opts.lr)

    top_hit = 0.0
    for ep in range(1, opts.epochs + 1):
        fit_loss = run_train_epoch(net, fit_batches, ctc, opt, dev)
        hold_loss, hold_hit, pairs = run_eval(net, hold_batches, ctc, dev)

        print(f"\nround {ep}/{opts.epochs} | fit_loss={fit_loss:.4f} "
              f"| hold_loss={hold_loss:.4f} | exact={hold_hit*100:.2f}%")
        print("a few (truth -> guess):")
        for t, g in pairs:
            print(f"  {t} -> {g}")

        # keep the best one
        if hold_hit > top_hit:
            top_hit = hold_hit
            ckpt_file = os.path.join(opts.out_dir, f"reader_top_{top_hit:.4f}.pth")
            torch.save({
                "model": net.state_dict(),
                "alphabet": SYMBOLS,
                "img_h": opts.img_h,
                "img_w": opts.img_w,
            }, ckpt_file)
            print(f"written: {ckpt_file}")

    # last weights
    last_file = os.path.join(opts.out_dir, "reader_last.pth")
    torch.save(net.state_dict(), last_file)
    print(f"last weights in {last_file}")


if __name__ == "__main__":
    main()
