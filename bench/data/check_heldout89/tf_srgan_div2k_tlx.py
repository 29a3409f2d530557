import os
os.environ['TL_BACKEND'] = 'tensorflow' # backend switch for tensorlayerx



import time
import numpy as np
import tensorlayerx as tlx
from tensorlayerx.dataflow import Dataset, DataLoader
from srgan import SRGAN_g, SRGAN_d
from config import config
from tensorlayerx.vision.transforms import Compose, RandomCrop, Normalize, RandomFlipHorizontal, Resize, HWC2CHW
import vgg
from tensorlayerx.model import TrainOneStep
from tensorlayerx.nn import Module
import cv2
tlx.set_device('GPU')

###---------------- settings ----------------###
bs = 8
warmup_epochs = config.TRAIN.n_epoch_init
gan_epochs = config.TRAIN.n_epoch
# output folders
sample_dir = "sr_samples"
tlx.files.exists_or_mkdir(sample_dir)
ckpt_dir = "sr_ckpt"
tlx.files.exists_or_mkdir(ckpt_dir)

hr_aug = Compose([
    RandomCrop(size=(384, 384)),
    RandomFlipHorizontal(),
])
to_unit = Compose([Normalize(mean=(127.5), std=(127.5), data_format='HWC'),
              HWC2CHW()])
shrink = Resize(size=(96, 96))

hr_images = tlx.vision.load_images(path=config.TRAIN.hr_img_path, n_threads = 32)

class PatchSet(Dataset):

    def __init__(self, hr_tf=hr_aug, lr_tf=shrink):
        self.train_hr_imgs = hr_images
        self.hr_trans = hr_tf
        self.lr_trans = lr_tf

    def __getitem__(self, index):
        im = self.train_hr_imgs[index]
        hr_p = self.hr_trans(im)
        lr_p = self.lr_trans(hr_p)
        return to_unit(lr_p), to_unit(hr_p)

    def __len__(self):
        return len(self.train_hr_imgs)


class PixelLossNet(Module):
    def __init__(self, gen_net, crit_fn):
        super(PixelLossNet, self).__init__()
        self.net = gen_net
        self.loss_fn = crit_fn

    def forward(self, lr, hr):
        pred = self.net(lr)
        l = self.loss_fn(pred, hr)
        return l


class CriticLossNet(Module):
    def __init__(self, disc_net, gen_net, crit_fn):
        super(CriticLossNet, self).__init__()
        self.D_net = disc_net
        self.G_net = gen_net
        self.loss_fn = crit_fn

    def forward(self, lr, hr):
        sr_p = self.G_net(lr)
        score_fake = self.D_net(sr_p)
        score_real = self.D_net(hr)
        ld_r = self.loss_fn(score_real, tlx.ones_like(score_real))
        ld_r = tlx.ops.reduce_mean(ld_r)
        ld_f = self.loss_fn(score_fake, tlx.zeros_like(score_fake))
        ld_f = tlx.ops.reduce_mean(ld_f)
        ld = ld_r + ld_f
        return ld


class GenLossNet(Module):
    def __init__(self, disc_net, gen_net, vgg, adv_fn, pix_fn):
        super(GenLossNet, self).__init__()
        self.D_net = disc_net
        self.G_net = gen_net
        self.vgg = vgg
        self.loss_fn1 = adv_fn
        self.loss_fn2 = pix_fn

    def forward(self, lr, hr):
        sr_p = self.G_net(lr)
        score_fake = self.D_net(sr_p)
        feat_sr = self.vgg((sr_p + 1) / 2.)
        feat_hr = self.vgg((hr + 1) / 2.)
        lg_adv = 1e-3 * self.loss_fn1(score_fake, tlx.ones_like(score_fake))
        lg_adv = tlx.ops.reduce_mean(lg_adv)
        lg_pix = self.loss_fn2(sr_p, hr)
        lg_feat = 2e-6 * self.loss_fn2(feat_sr, feat_hr)
        lg = lg_pix + lg_feat + lg_adv
        return lg


Gen = SRGAN_g()
Disc = SRGAN_d()
FeatNet = vgg.VGG19(pretrained=True, end_with='pool4', mode='dynamic')
# build the nets once with dummy input shapes
#
#
Gen.init_build(tlx.nn.Input(shape=(8, 3, 96, 96)))
Disc.init_build(tlx.nn.Input(shape=(8, 3, 384, 384)))


def run_training():
    Gen.set_train()
    Disc.set_train()
    FeatNet.set_eval()
    ds = PatchSet()
    n_imgs = len(ds)
    ds = DataLoader(ds, batch_size=bs, shuffle=True, drop_last=True)

    sched = tlx.optimizers.lr.StepDecay(learning_rate=0.05, step_size=1000, gamma=0.1, last_epoch=-1, verbose=True)
    opt_warm = tlx.optimizers.Momentum(sched, 0.9)
    opt_g = tlx.optimizers.Momentum(sched, 0.9)
    opt_d = tlx.optimizers.Momentum(sched, 0.9)
    w_g = Gen.trainable_weights
    w_d = Disc.trainable_weights
    warm_net = PixelLossNet(Gen, crit_fn=tlx.losses.mean_squared_error)
    d_net = CriticLossNet(disc_net=Disc, gen_net=Gen, crit_fn=tlx.losses.sigmoid_cross_entropy)
    g_net = GenLossNet(disc_net=Disc, gen_net=Gen, vgg=FeatNet, adv_fn=tlx.losses.sigmoid_cross_entropy,
                                 pix_fn=tlx.losses.mean_squared_error)

    step_warm = TrainOneStep(warm_net, optimizer=opt_warm, train_weights=w_g)
    step_g = TrainOneStep(g_net, optimizer=opt_g, train_weights=w_g)
    step_d = TrainOneStep(d_net, optimizer=opt_d, train_weights=w_d)

    # stage 1: pixel-loss warm-up of the generator
    steps_per_ep = round(n_imgs // bs)
    for ep in range(warmup_epochs):
        for it, (lr_p, hr_p) in enumerate(ds):
            t0 = time.time()
            l = step_warm(lr_p, hr_p)
            print("warmup ep {}/{} it {}/{} {:.3f}s pixel-mse {:.3f}".format(
                ep, warmup_epochs, it, steps_per_ep, time.time() - t0, float(l)))

    # stage 2: adversarial training
    steps_per_ep = round(n_imgs // bs)
    for ep in range(gan_epochs):
        for it, (lr_p, hr_p) in enumerate(ds):
            t0 = time.time()
            lg_val = step_g(lr_p, hr_p)
            ld_val = step_d(lr_p, hr_p)
            print(
                "gan ep {}/{} it {}/{} {:.3f}s G {:.3f} D {:.3f}".format(
                    ep, gan_epochs, it, steps_per_ep, time.time() - t0, float(lg_val), float(ld_val)))
        # step decay
        sched.step()

        if (ep != 0) and (ep % 10 == 0):
            Gen.save_weights(os.path.join(ckpt_dir, 'g.npz'), format='npz_dict')
            Disc.save_weights(os.path.join(ckpt_dir, 'd.npz'), format='npz_dict')

def run_eval():
    ###---------------- read validation images ----------------###
    val_hr_images = tlx.vision.load_images(path=config.VALID.hr_img_path )
    ###---------------- restore generator ----------------###
    Gen.load_weights(os.path.join(ckpt_dir, 'g.npz'), format='npz_dict')
    Gen.set_eval()
    pick = 0  # index of the validation picture to upscale
    hr_one = val_hr_images[pick]
    lr_one = np.asarray(hr_one)
    hw = [lr_one.shape[0], lr_one.shape[1]]
    lr_one = cv2.resize(lr_one, dsize=(hw[1] // 4, hw[0] // 4))
    lr_in = (lr_one / 127.5) - 1  # map to [-1, 1]


    lr_in = np.asarray(lr_in, dtype=np.float32)
    lr_in = np.transpose(lr_in,axes=[2, 0, 1])
    lr_in = lr_in[np.newaxis, :, :, :]
    lr_in= tlx.ops.convert_to_tensor(lr_in)
    lr_hw = [lr_one.shape[0], lr_one.shape[1]]

    pred = tlx.ops.convert_to_numpy(Gen(lr_in))
    pred = np.asarray((pred + 1) * 127.5, dtype=np.uint8)
    pred = np.transpose(pred[0], axes=[1, 2, 0])
    print("input %s -> output %s" % (lr_hw, pred.shape))  # e.g. (339, 510, 3) in, (1356, 2040, 3) out
    print("writing pngs")
    tlx.vision.save_image(pred, file_name='val_sr.png', path=sample_dir)
    tlx.vision.save_image(lr_one, file_name='val_lr.png', path=sample_dir)
    tlx.vision.save_image(hr_one, file_name='val_hr.png', path=sample_dir)
    bicubic_up = cv2.resize(lr_one, dsize = [lr_hw[1] * 4, lr_hw[0] * 4], interpolation = cv2.INTER_CUBIC)
    tlx.vision.save_image(bicubic_up, file_name='val_bicubic.png', path=sample_dir)


if __name__ == '__main__':
    import argparse

    cli = argparse.ArgumentParser()

    cli.add_argument('--mode', type=str, default='train', help='train or eval')

    opts = cli.parse_args()

    tlx.global_flag['mode'] = opts.mode

    if tlx.global_flag['mode'] == 'train':
        run_training()
    elif tlx.global_flag['mode'] == 'eval':
        run_eval()
    else:
        raise Exception("--mode must be train or eval")
