import os
from glob import glob

import matplotlib.pyplot as plt
import numpy as np
import torch
import torch.nn as nn
from torch.optim.adadelta import Adadelta
from torchvision.utils import save_image

from config.config import get_config
from data.dataloader import get_loader
import data.test_loader
from loss.loss import ImageGradientLoss
from loss.loss import iou_loss
from found_ckpts.model import MobileHairNet


class StepwiseDecay:
    def __init__(self, epochs_total, start_epoch, batches_per_epoch, decay_every):
        self.epochs_total = epochs_total
        self.start_epoch = start_epoch
        self.batches_per_epoch = batches_per_epoch
        self.decay_every = decay_every

    def factor_at(self, epoch):
        mult = pow(0.1, int(((self.start_epoch + epoch) * self.batches_per_epoch) / self.decay_every))
        return mult


class RunningMean(object):
    """Keeps the latest value and a weighted running mean."""
    def __init__(self):
        self.clear()

    def clear(self):
        self.last = 0
        self.mean_val = 0
        self.total = 0
        self.seen = 0

    def add(self, value, weight=1):
        self.last = value
        self.total += value * weight
        self.seen += weight
        self.mean_val = self.total / self.seen


class HairTrainer:
    def __init__(self, cfg, loader_in):
        self.batch_len = cfg.batch_size
        self.cfg = cfg
        self.rate = cfg.lr
        self.first_epoch = cfg.epoch
        self.last_epoch = cfg.num_epoch
        self.ckpt_dir = cfg.checkpoint_dir
        self.model_dir = cfg.checkpoint_dir
        self.device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
        self.loader = loader_in
        self.steps_per_epoch = len(loader_in)
        self.n_cls = cfg.num_classes
        self.ada_eps = cfg.eps
        self.ada_rho = cfg.rho
        self.wd = cfg.decay
        self.sample_every = cfg.sample_step
        self.sample_dir_path = cfg.sample_dir
        self.grad_w = cfg.gradient_loss_weight
        self.decay_every = cfg.decay_batch_size

        self.make_model()
        self.optimizer = Adadelta(self.net.parameters(), lr=self.rate, eps=self.ada_eps, rho=self.ada_rho, weight_decay=self.wd)
        self.lr_sched = torch.optim.lr_scheduler.LambdaLR(self.optimizer, StepwiseDecay(self.last_epoch,
                                                                                                     self.first_epoch,
                                                                                                     len(self.loader),
                                                                                                     self.decay_every).factor_at)

    def make_model(self):
        self.net = MobileHairNet().to(self.device)
        self.restore_model()

    def restore_model(self):
        print("[*] looking for weights under ", str(self.model_dir))
        if not os.path.exists(self.model_dir):
            os.makedirs(self.model_dir)

        if not os.listdir(self.model_dir):
            print("[!] nothing saved under ", str(self.model_dir))
            return

        ckpt_pattern = os.path.join(self.model_dir, f"MobileHairNet_epoch-{self.first_epoch-1}.pth")
        found_ckpts = glob(ckpt_pattern)
        found_ckpts.sort()
        if not found_ckpts:
            print(f"[!] no weights match {ckpt_pattern}")
            return

        self.net.load_state_dict(torch.load(found_ckpts[-1], map_location=self.device))
        print(f"[*] weights restored from {found_ckpts[-1]}")

    def train_model(self):
        bce_meter = RunningMean()
        grad_meter = RunningMean()
        grad_loss_fn = ImageGradientLoss().to(self.device)
        ce_loss_fn = nn.CrossEntropyLoss().to(self.device)

        for epoch in range(self.first_epoch, self.last_epoch):
            bce_meter.clear()
            grad_meter.clear()
            for step, (image, gray_image, mask) in enumerate(self.loader):
                image = image.to(self.device)
                mask = mask.to(self.device)
                gray_image = gray_image.to(self.device)

                pred = self.net(image)

                pred_flat = pred.permute(0, 2, 3, 1).contiguous().view(-1, self.n_cls)
                mask_flat = mask.squeeze(1).view(-1).long()

                # pred_flat: (N*224*224, 2)
                # mask_flat: (N*224*224, 1)
                grad_loss = grad_loss_fn(pred, gray_image)
                bce_loss = ce_loss_fn(pred_flat, mask_flat)

                loss = bce_loss + self.grad_w * grad_loss

                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()

                bce_meter.add(bce_loss.item(), self.batch_len)
                grad_meter.add(self.grad_w * grad_loss, self.batch_len)
                iou_val = iou_loss(pred, mask)

                # progress line and sample figures
                if step % 10 == 0:
                    print(f"ep {epoch}/{self.last_epoch} step {step}/{self.steps_per_epoch} | "
                          f"ce {bce_meter.mean_val:.4f} | grad {grad_meter.mean_val:.4f} | "
                          f"iou {iou_val:.4f}")
                if step % self.sample_every == 0:
                    self.dump_sample_figure(image[0], mask[0], torch.argmax(pred[0], 0), self.sample_dir_path, epoch, step)
                    print('[*] sample figure written')

            torch.save(self.net.state_dict(), f'{self.ckpt_dir}/MobileHairNet_epoch-{epoch}.pth')

    def dump_sample_figure(self, input_img, true_mask, pred_mask, out_dir, epoch, step):
        parts = [input_img, true_mask, pred_mask]
        titles = ["input", "truth", "output"]

        canvas = plt.figure()
        for i, part in enumerate(parts):
            part = part.squeeze()
            arr = part.data.cpu().numpy()

            if i > 0:
                arr = np.expand_dims(arr, axis=0)
                arr = np.concatenate((arr, arr, arr), axis=0)

            arr = (arr.transpose(1, 2, 0) + 1) / 2

            axis = canvas.add_subplot(1, 3, i + 1)
            axis.imshow(arr)
            axis.set_title(titles[i])
            axis.set_xticks([])
            axis.set_yticks([])

        png_path = os.path.join(out_dir, "epoch-%s_step-%s.png" % (epoch, step))
        plt.savefig(png_path)


class HairTester:
    def __init__(self, cfg, loader_in):
        self.batch_len = cfg.batch_size
        self.cfg = cfg
        self.model_dir = cfg.checkpoint_dir
        self.device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
        self.loader = loader_in
        self.n_cls = cfg.num_classes
        self.n_test = cfg.num_test
        self.sample_dir_path = cfg.sample_dir
        self.first_epoch = cfg.epoch
        self.make_model()

    def make_model(self):
        self.net = MobileHairNet()
        self.net.to(self.device)
        self.restore_model()

    def restore_model(self):
        print("[*] looking for weights under ", str(self.model_dir))
        if not os.path.exists(self.model_dir):
            os.makedirs(self.model_dir)

        if not os.listdir(self.model_dir):
            print("[!] nothing saved under ", str(self.model_dir))
            return

        ckpt_pattern = os.path.join(self.model_dir, f"MobileHairNet_epoch-{self.first_epoch}.pth")
        found_ckpts = glob(ckpt_pattern)
        found_ckpts.sort()
        if not found_ckpts:
            raise Exception(f"[!] no weights match {ckpt_pattern}")

        self.net.load_state_dict(torch.load(found_ckpts[-1], map_location=self.device))
        print(f"[*] weights restored from {found_ckpts[-1]}")

    def test_model(self):
        for step, (image, mask) in enumerate(self.loader):
            image = image.to(self.device)
            mask = mask.to(self.device).repeat_interleave(3, 1)
            hair_prob = self.net(image)[:, 1, :, :].repeat_interleave(3, 0).unsqueeze(0)
            torch.cat([image, hair_prob, mask])

            save_image(torch.cat([image, hair_prob, mask]), os.path.join(self.sample_dir_path, f"{step}.png"))
            print('[*] test strip written')


def run(cfg):
    if cfg.checkpoint_dir is None:
        cfg.checkpoint_dir = 'checkpoints'
    os.makedirs(cfg.checkpoint_dir, exist_ok=True)
    os.makedirs(cfg.sample_dir, exist_ok=True)

    # seeding, switched off:
    #   pick a random seed and print it,
    #   seed python's random,
    #   seed torch,

    #   and every GPU
    #   when CUDA is there

    # (cudnn autotuning also left off)

    train_loader = get_loader(cfg.data_path, cfg.batch_size, cfg.image_size,
                             shuffle=True, num_workers=int(cfg.workers))

    fitter = HairTrainer(cfg, train_loader)
    fitter.train_model()

    test_loader = data.test_loader.get_loader(cfg.test_data_path, cfg.test_batch_size, cfg.image_size,
                                              shuffle=None, num_workers=int(cfg.workers))
    checker = HairTester(cfg, test_loader)
    checker.test_model()


if __name__ == "__main__":
    cfg = get_config()
    run(cfg)
