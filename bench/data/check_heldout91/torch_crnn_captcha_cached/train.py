import torch
import os
import random
import numpy as np
from torch.utils.data import DataLoader
from tqdm import tqdm
from dataset import CodeDataset
from model import CRNN_Model
from engine import train_epoch, eval_epoch
from config import (
    Batch_Size, Epochs, Learning_Rate, Num_Workers,
    TRAIN_DIR, VAL_DIR,
    Patience, Weight_Decay, Seed
)


def seed_all(seed):
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)
    np.random.seed(seed)
    random.seed(seed)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False


def join_batch(items):
    pics, codes = zip(*items)
    return torch.stack(pics), codes


def reload_weights(path, dev):
    net = CRNN_Model().to(dev)
    state = torch.load(path, map_location=dev)
    net.load_state_dict(state)
    net.eval()
    return net


def main():
    seed_all(Seed)
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    print("device:", dev)

    # only the fit and check splits
    fit_ds = CodeDataset(TRAIN_DIR)
    check_ds = CodeDataset(VAL_DIR)

    fit_loader = DataLoader(fit_ds, batch_size=Batch_Size, shuffle=True,
                            num_workers=Num_Workers, pin_memory=False,
                            collate_fn=join_batch)
    check_loader = DataLoader(check_ds, batch_size=Batch_Size, shuffle=False,
                              num_workers=Num_Workers, pin_memory=True,
                              collate_fn=join_batch)

    net = CRNN_Model().to(dev)
    opt = torch.optim.AdamW(net.parameters(), lr=Learning_Rate, weight_decay=Weight_Decay)
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode='max', factor=0.5, patience=5)

    best_acc = 0.0
    stale = 0

    last_file = "crnn_last.pth"
    best_file = "crnn_best.pth"

    for ep in range(Epochs):
        print(f"\n--- round {ep + 1}/{Epochs} ---")
        bar = tqdm(fit_loader, desc=f"fit round {ep + 1}", leave=False)
        fit_loss = train_epoch(net, bar, opt, dev)

        # write this round's weights to disk
        torch.save(net.state_dict(), last_file)

        # read them back for checking
        check_net = reload_weights(last_file, dev)

        # held-out accuracy
        check_acc = eval_epoch(check_net, check_loader, dev)

        print(f"round [{ep + 1}] | fit loss: {fit_loss:.4f} | check acc: {check_acc:.4f}")

        # lr follows the held-out accuracy
        sched.step(check_acc)

        # show the temperature if the model has one
        if hasattr(net, "logit_temperature"):
            temp = net.logit_temperature.detach().cpu().item()
            print(f"temperature: {temp:.3f}")

        # keep the best and count stale rounds
        if check_acc > best_acc:
            best_acc = check_acc
            stale = 0
            torch.save(net.state_dict(), best_file)
            print(f"new best saved (acc={best_acc:.4f})")
        else:
            stale += 1
            print(f"stale rounds: {stale}/{Patience}")
            if stale >= Patience:
                print("would stop early, training on anyway.")

    # done
    print("\ntraining done.")
    if os.path.exists(best_file):
        print(f"best held-out accuracy: {best_acc:.4f} ('{best_file}')")
    else:
        print("no best model was written.")


if __name__ == "__main__":
    from multiprocessing import freeze_support
    os.environ["ALBUMENTATIONS_DISABLE_VERSION_CHECK"] = "1"
    import warnings
    warnings.filterwarnings("ignore", message="Error fetching version info*")
    torch.set_num_threads(4)
    freeze_support()
    main()
