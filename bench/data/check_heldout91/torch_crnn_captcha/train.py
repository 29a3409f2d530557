import os
import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from dataset import CodeImages, ALPHABET, batch_join
from model import CRNN
from tqdm import tqdm

# settings
BATCH = 16
N_EPOCHS = 30
DEV = torch.device("cuda" if torch.cuda.is_available() else "cpu")
BEST_FILE = "crnn_best.pth"

# CTC objective
ctc_loss = nn.CTCLoss(blank=0, zero_infinity=True)

def run():
    # the two splits
    fit_data = CodeImages("../dataset/captcha_images_split/train")
    check_data = CodeImages("../dataset/captcha_images_split/val")

    fit_loader = DataLoader(fit_data, batch_size=BATCH, shuffle=True, collate_fn=batch_join)
    check_loader = DataLoader(check_data, batch_size=BATCH, shuffle=False, collate_fn=batch_join)

    # network and optimiser
    net = CRNN(32, 1, len(ALPHABET) + 1, 256).to(DEV)
    opt = torch.optim.Adam(net.parameters(), lr=0.001)

    lowest = float("inf")

    for ep in range(N_EPOCHS):
        net.train()
        fit_sum = 0.0
        bar = tqdm(fit_loader, desc=f"round {ep+1}/{N_EPOCHS} [fit]")

        for pics, targets, target_lens in bar:
            pics = pics.to(DEV)
            targets = targets.to(DEV)
            target_lens = target_lens.to(DEV)

            out = net(pics)
            out_logp = out.log_softmax(2)

            out_lens = torch.IntTensor([out.size(0)] * out.size(1)).to(DEV)

            loss = ctc_loss(out_logp, targets, out_lens, target_lens)

            opt.zero_grad()
            loss.backward()
            opt.step()

            fit_sum += loss.item()
            bar.set_postfix(loss=loss.item())

        fit_mean = fit_sum / len(fit_loader)

        # held-out pass
        net.eval()
        check_sum = 0.0
        with torch.no_grad():
            bar = tqdm(check_loader, desc=f"round {ep+1}/{N_EPOCHS} [check]")
            for pics, targets, target_lens in bar:
                pics = pics.to(DEV)
                targets = targets.to(DEV)
                target_lens = target_lens.to(DEV)

                out = net(pics)
                out_logp = out.log_softmax(2)
                out_lens = torch.IntTensor([out.size(0)] * out.size(1)).to(DEV)

                loss = ctc_loss(out_logp, targets, out_lens, target_lens)
                check_sum += loss.item()
                bar.set_postfix(check_loss=loss.item())

        check_mean = check_sum / len(check_loader)
        print(f"[round {ep+1}] fit: {fit_mean:.4f} | check: {check_mean:.4f}")

        # keep the best weights
        if check_mean < lowest:
            lowest = check_mean
            torch.save(net.state_dict(), BEST_FILE)
            print(f"saved, check loss {lowest:.4f}")

if __name__ == "__main__":
    run()
