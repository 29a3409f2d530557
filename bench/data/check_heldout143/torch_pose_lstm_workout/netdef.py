import torch
import torch.nn as nn
import torch.optim as optim
import numpy as np
import matplotlib.pyplot as plt
import tqdm
import time
import os
from settings import cfg, moves

# separate LSTMs per limb, merged into upper/lower body, then whole body

n_layers = cfg["lstm_layers"]
feat_dim = cfg["data_dim"]
win_len = cfg["seq_length"]
p_drop = cfg["dropout"]
run_tag = "LimbNet_{}".format(cfg["model_version"])


class LimbNet(nn.Module):
    def __init__(self, device="cpu", learning_rate=0.0001):
        super(LimbNet, self).__init__()

        self.arm_l = nn.LSTM(
            22, 10, num_layers=n_layers, batch_first=True, bias=True, dropout=p_drop
        )
        self.arm_r = nn.LSTM(
            22, 10, num_layers=n_layers, batch_first=True, bias=True, dropout=p_drop
        )
        self.leg_l = nn.LSTM(
            22, 10, num_layers=n_layers, batch_first=True, bias=True, dropout=p_drop
        )
        self.leg_r = nn.LSTM(
            22, 10, num_layers=n_layers, batch_first=True, bias=True, dropout=p_drop
        )
        self.top_half = nn.LSTM(
            20, 10, num_layers=n_layers, batch_first=True, bias=True, dropout=p_drop
        )
        self.bottom_half = nn.LSTM(
            20, 10, num_layers=n_layers, batch_first=True, bias=True, dropout=p_drop
        )
        self.whole = nn.LSTM(
            20, 10, num_layers=n_layers, batch_first=True, bias=True, dropout=p_drop
        )
        self.fc_a = nn.Linear(10, 10, bias=True)
        self.fc_b = nn.Linear(10, len(moves), bias=True)
        self.act = nn.SiLU()

        self.loss_fn = nn.CrossEntropyLoss()
        self.opt = optim.Adam(self.parameters(), lr=learning_rate)
        self.device = device

    def forward(self, x):
        x = x.view([-1, win_len, feat_dim])
        x = x.float()

        la = x[:, :, 0:22]
        ra = x[:, :, 22:44]
        ll = x[:, :, 44:66]
        rl = x[:, :, 66:88]

        la_h, _ = self.arm_l(la)
        ra_h, _ = self.arm_r(ra)
        ll_h, _ = self.leg_l(ll)
        rl_h, _ = self.leg_r(rl)

        top = torch.cat([la_h, ra_h], dim=2)
        bottom = torch.cat([ll_h, rl_h], dim=2)

        top, _ = self.top_half(top)
        bottom, _ = self.bottom_half(bottom)

        full = torch.cat([top, bottom], dim=2)
        full, _ = self.whole(full)
        x = self.act(self.fc_a(full[:, -1, :]))
        x = self.fc_b(x)
        return x

    def fit_(self, n_epochs, fit_loader, check_loader, every):
        self.loss_curve = []
        # self.check_loss_curve = []
        self.fit_acc_curve = []
        self.check_acc_curve = []

        top_acc = -1
        top_epoch = -1

        t0 = time.time()

        print("\nRun :", run_tag)
        print("Device: {}\n".format(self.device))

        for ep in range(1, n_epochs + 1):
            print("[epoch {:3d} / {}]".format(ep, n_epochs))
            ep_t0 = time.time()
            self.train()
            ep_loss = 0.0
            seen = 0
            right = 0
            for step, (xb, yb) in enumerate(
                tqdm.tqdm(fit_loader, desc="fit")
            ):
                xb, yb = xb.to(self.device), yb.to(self.device)
                self.opt.zero_grad()
                out = self.forward(xb)
                yb = yb.long()  # class ids must be int64
                yb = yb.squeeze()  # drop the trailing label axis

                loss = self.loss_fn(out, yb)
                loss.backward()
                self.opt.step()
                ep_loss += loss.item()

                _, guess = torch.max(out.data, 1)
                seen += yb.size(0)
                right += (guess == yb).sum().item()

            ep_t1 = time.time()
            mins, secs = divmod(ep_t1 - ep_t0, 60)
            ep_loss /= len(fit_loader)
            fit_acc = right / seen
            self.fit_acc_curve.append(fit_acc)

            with torch.no_grad():
                self.eval()
                true_y, guess_y = self.predict(check_loader)
                right = (guess_y == true_y).sum().item()
                seen = len(guess_y)
                check_acc = right / seen
                self.check_acc_curve.append(check_acc)

                # for step, (xb, yb) in enumerate(check_loader):
                #     xb = xb.to(self.device)
                #     yb = yb.to(self.device)
                #     yb = yb.long()
                #     yb = yb.squeeze()
                #     out_c = self.forward(xb)
                #     loss_c = self.loss_fn(out_c, yb)

            print(
                "fit loss = {:.4f} | fit acc = {:.4f} | check acc = {:.4f}".format(
                    ep_loss, fit_acc, check_acc
                )
            )
            print(f"epoch time: {mins:.0f}m {secs:.0f}s\n")

            if top_acc < check_acc:
                print(
                    "=> new best: epoch {}, check acc {:.4f}\n".format(
                        ep, check_acc
                    )
                )
                top_acc = check_acc
                top_epoch = ep
                torch.save(self.state_dict(), "./best_ckpt/{}.pt".format(run_tag))
            else:
                print()

            self.loss_curve.append(loss.item())
            # self.check_loss_curve.append(loss_c.item())

            if (ep % every) == 0:
                torch.save(
                    self.state_dict(),
                    "./ckpt/limbnet/{}_{}_{:.4f}.pt".format(
                        run_tag, ep, loss.item()
                    ),
                )

        torch.save(self.state_dict(), "./ckpt/{}_last.pt".format(run_tag))

        mins, secs = divmod(time.time() - t0, 60)
        print("\ndone")
        print("\nbest check acc : %.2f at epoch %d" % (top_acc, top_epoch))
        print(f"total: {mins:.0f}m {secs:.0f}s on {self.device}")

    def restore(self):
        with open(os.path.join("./best_ckpt/LimbNet_r11.pt"), "rb") as fh:
            weights = torch.load(fh)
        self.load_state_dict(weights)

    def predict(self, loader):
        self.eval()
        ys = []
        preds = []
        with torch.no_grad():
            for pair in loader:
                bx, by = pair
                logits = self.forward(bx.to(self.device))
                _, guess = torch.max(logits.data, 1)
                ys.append(by.numpy())
                preds.append(guess.cpu().numpy())
        ys = np.concatenate(ys, axis=0).squeeze()
        preds = np.concatenate(preds, axis=0)
        return ys, preds

    def plot(self):
        plt.plot(np.array(self.loss_curve), "b")
        plt.plot(np.array(self.fit_acc_curve), "r")
        plt.plot(np.array(self.check_acc_curve), "g")
        plt.savefig("curves.png")
        plt.show()
