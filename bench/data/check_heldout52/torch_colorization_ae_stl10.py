from tqdm import tqdm
import argparse

from model import *
from utils import *


def recon_cost(out, target):
    sq_cost = sq_err(out, target).sum(-1).sum(-1).sum(-1).mean()
    return sq_cost


class ColourAE(object):
    def __init__(self, device, warm=False):
        self.device = device
        self.net = AE()
        self.net.to(device)
        self.restore() if warm else 0
        self.best_val = np.inf
        self.lab_tf = torchvision.transforms.Compose([ToType(torch.float, device), Normalize(device)])
        self.grey_tf = GreyTransform(torch.float, device)
        self.denorm = UnNormalize(device)
        self.w1 = 1e-2
        self.w2 = 0.5
        self.act = torch.nn.ReLU()
        print(count_parameters(self.net))

    def restore(self):
        self.net.load_state_dict(torch.load("weights/colour_ae.pth", map_location=self.device))
        return

    def run_train_epoch(self, loader):
        self.net.train()
        running = 0
        for step, pair in tqdm(enumerate(loader)):
            lab_imgs, _ = pair
            lum, chroma = self.lab_tf(lab_imgs)
            out = self.net(lum)
            cost = recon_cost(out, chroma)
            cost.backward()
            self.opt.step()
            running += cost.item()
        running /= (step + 1)
        return running

    def run_val_epoch(self, loader):
        self.net.eval()
        running = 0
        with torch.no_grad():
            for step, pair in tqdm(enumerate(loader)):
                lab_imgs, _ = pair
                lum, chroma = self.lab_tf(lab_imgs)
                out = self.net(lum)
                cost = recon_cost(out, chroma)
                running += cost.item()
        running /= (step + 1)
        return running

    def paint_single(self, src_path, dst_path):
        """
        Paint one grey picture read from disk.
        :param src_path: str, where the grey picture is
        :return: nothing
        """
        self.restore()
        self.net.eval()
        hh, ww = 64, 64
        pic = cv2.imread(src_path, 0)
        # shrink to the training size
        h0, w0 = pic.shape
        pic = cv2.resize(pic, (ww, hh), interpolation=cv2.INTER_AREA)
        pic = pic.astype(np.float) / 255
        pic = torch.tensor(pic, dtype=torch.float, device=self.device).unsqueeze(0).unsqueeze(0)  # 1, 1, h, w
        with torch.no_grad():
            ab_pred, _ = self.net(pic)
            ab_pred = torch.clamp(ab_pred, - 1., 1.)
        lab_pred = torch.cat((pic, ab_pred), dim=1)
        lab_pred = self.denorm(lab_pred).squeeze().cpu().numpy()
        lab_pred = np.transpose(lab_pred, (1, 2, 0)).astype(np.uint8)
        bgr = cv2.cvtColor(lab_pred, cv2.COLOR_LAB2BGR)
        bgr = cv2.resize(bgr, (w0, h0), interpolation=cv2.INTER_AREA)
        cv2.imwrite(dst_path, bgr)
        return

    def paint_many(self, pics):
        """
        Paint a numpy stack of grey pictures.
        :param pics: uint8 numpy array (n, h, w)
        :return:
        """
        self.restore()
        self.net.eval()
        count, _, _ = pics.shape
        pics = pics.astype(np.float32) / 255
        pics = torch.tensor(pics, dtype=torch.float, device=self.device).unsqueeze(1)
        with torch.no_grad():
            ab_pred, _ = self.net(pics)
            ab_pred = torch.clamp(ab_pred, - 1., 1.)
        lab_pred = torch.cat((pics, ab_pred), dim=1)
        lab_pred = self.denorm(lab_pred).cpu().numpy()
        lab_pred = np.transpose(lab_pred, (0, 2, 3, 1)).astype(np.uint8)
        for j in range(count):
            bgr = cv2.cvtColor(lab_pred[j], cv2.COLOR_LAB2BGR)
            bgr = cv2.resize(bgr, (96, 96), interpolation=cv2.INTER_AREA)
            cv2.imwrite("../data/stl10/painted/colour_ae_{}.png".format(str(j)), bgr)
        return

    def fit(self, train_loader, val_loader, epochs=2, lr=2e-4, wd=0.):
        self.opt = torch.optim.Adam(self.net.parameters(), lr=lr, weight_decay=wd)
        self.train_hist = []
        self.val_hist = []
        for ep in range(epochs):
            tr = self.run_train_epoch(train_loader)
            va = self.run_val_epoch(val_loader)
            print("epoch {} train {:.4f} val {:.4f}".format(ep, tr, va))
            if va < self.best_val:
                print("new best, writing weights")
                torch.save(self.net.state_dict(), "weights/colour_ae.pth")
                self.best_val = va
            self.train_hist.append(tr)
            self.val_hist.append(va)
            np.save("logs/colour_ae_train", self.train_hist)
            np.save("logs/colour_ae_val", self.val_hist)
        return


class LabArrays(object):
    def __init__(self):
        return

    def read(self):
        self.tr_lab = torch.tensor(np.load("../data/stl10/train_lab_64.npy"), dtype=torch.int8, device="cpu")
        # self.te_lab = torch.tensor(np.load("../data/stl10/test_lab_64.npy"), dtype=torch.int8, device="cpu")
        self.va_lab = torch.tensor(np.load("../data/stl10/val_lab_64.npy"), dtype=torch.int8, device="cpu")

        self.tr_hist = torch.tensor(np.load("../data/stl10/train_hist_values_64.npy"), dtype=torch.float, device="cpu")
        # self.te_hist = torch.tensor(np.load("../data/stl10/test_hist_values_64.npy"), dtype=torch.float, device="cpu")
        self.va_hist = torch.tensor(np.load("../data/stl10/val_hist_values_64.npy"), dtype=torch.float, device="cpu")

    def wrap(self):
        self.tr_set = torch.utils.data.TensorDataset(self.tr_lab, self.tr_hist)
        # self.te_set = torch.utils.data.TensorDataset(self.te_lab, self.te_hist)
        self.va_set = torch.utils.data.TensorDataset(self.va_lab, self.va_hist)
        return

    def loaders(self, bs):
        self.tr_loader = torch.utils.data.DataLoader(self.tr_set, batch_size=bs, shuffle=True)
        # self.te_loader = torch.utils.data.DataLoader(self.te_set, batch_size=bs, shuffle=True)
        self.va_loader = torch.utils.data.DataLoader(self.va_set, batch_size=bs, shuffle=True)
        return


if __name__ == "__main__":

    seed_everything()

    ap = argparse.ArgumentParser(description="lab colourisation autoencoder")
    ap.add_argument("--d", type=str, default="cpu", help="device to run on (cpu by default)")
    ap.add_argument("--e", type=int, default=2, help="number of epochs (2 by default)")
    ap.add_argument("--bs", type=int, default=100, help="batch size (100 by default)")
    ap.add_argument("--lr", type=float, default=2e-4, help="step size (2e-4 by default)")
    ap.add_argument("--pre", action="store_true", help="start from saved weights")
    opts = ap.parse_args()
    device = opts.d
    print(opts)
    print(device)

    arrays = LabArrays()
    arrays.read()
    arrays.wrap()
    arrays.loaders(opts.bs)

    sq_err = torch.nn.MSELoss(reduction="none").to(device)

    colour_ae = ColourAE(opts.d, opts.pre)

    colour_ae.fit(arrays.tr_loader, arrays.va_loader, epochs=opts.e, lr=opts.lr, wd=0.)
