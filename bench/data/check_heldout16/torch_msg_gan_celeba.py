"""Multi-scale-gradient GAN trained on CelebA faces (MSG-GAN v1 training script plus its model class)."""

import argparse

import numpy as np
import torch as th
from torch.backends import cudnn

# GPU when there is one
run_device = th.device("cuda" if th.cuda.is_available() else "cpu")

# let cudnn pick fast kernels
cudnn.benchmark = True

# fixed seed
th.manual_seed(seed=3)


import datetime
import os
import time
import timeit
import numpy as np
import torch as th


class MultiScaleGen(th.nn.Module):
    """Upsampling generator that emits an RGB image at every scale."""

    def __init__(self, n_scales=7, z_dim=512, with_sn=True):
        """
        Build the block stack and one 1x1 RGB head per block.
        n_scales: number of blocks (image side is 4 * 2 ** (n_scales - 1))
        z_dim: length of the latent vector (a power of two)
        with_sn: wrap the convolutions in spectral norm
        """
        from torch.nn import ModuleList, Conv2d
        from Teacher.CustomLayers import GenGeneralConvBlock, GenInitialBlock

        super().__init__()

        assert z_dim != 0 and ((z_dim & (z_dim - 1)) == 0), \
            "z_dim must be a power of two"
        if n_scales >= 4:
            assert z_dim >= np.power(2, n_scales - 4), "z_dim too small for this many blocks"

        # settings kept on self
        self.n_scales = n_scales
        self.z_dim = z_dim
        self.sn_applied = None

        # blocks and output heads
        # a 1x1 conv to RGB for each scale
        def rgb_head(ch_in):
            return Conv2d(ch_in, 3, (1, 1), bias=True)

        # first block maps the latent to 4x4
        self.blocks = ModuleList([GenInitialBlock(self.z_dim)])
        self.rgb_heads = ModuleList([rgb_head(self.z_dim)])

        # the other blocks double the resolution
        for i in range(self.n_scales - 1):
            if i <= 2:
                blk = GenGeneralConvBlock(self.z_dim, self.z_dim)
                rgb_conv = rgb_head(self.z_dim)
            else:
                blk = GenGeneralConvBlock(
                    int(self.z_dim // np.power(2, i - 3)),
                    int(self.z_dim // np.power(2, i - 2)),
                )
                rgb_conv = rgb_head(int(self.z_dim // np.power(2, i - 2)))
            self.blocks.append(blk)
            self.rgb_heads.append(rgb_conv)

        # optional spectral norm
        if with_sn:
            self.apply_sn()

    def apply_sn(self):
        """
        Wrap conv_1 and conv_2 of every block in spectral normalization.
        Changes the blocks in place.
        """
        from torch.nn.utils import spectral_norm

        if self.sn_applied is not None:
            assert self.sn_applied is False, \
                "spectral norm is on already"

        # both convs of each block
        for blk_mod in self.blocks:
            blk_mod.conv_1 = spectral_norm(blk_mod.conv_1)
            blk_mod.conv_2 = spectral_norm(blk_mod.conv_2)

        # remember it
        self.sn_applied = True

    def strip_sn(self):
        """
        Undo apply_sn on every block.
        Changes the blocks in place.
        """
        from torch.nn.utils import remove_spectral_norm

        if self.sn_applied is not None:
            assert self.sn_applied is True, \
                "spectral norm is not on"

        # unwrap both convs
        for blk_mod in self.blocks:
            remove_spectral_norm(blk_mod.conv_1)
            remove_spectral_norm(blk_mod.conv_2)

        # remember it
        self.sn_applied = False

    def forward(self, x):
        """
        Run the blocks on a latent batch.
        x: latent vectors
        gives back one RGB tensor per scale, smallest first
        """
        from torch import tanh
        scale_outs = []  # one tensor per scale

        act = x  # running activation
        for stage, to_img in zip(self.blocks, self.rgb_heads):
            act = stage(act)
            scale_outs.append(tanh(to_img(act)))

        return scale_outs


class MultiScaleCritic(th.nn.Module):
    """Critic that reads all scales, largest block last."""

    def __init__(self, n_scales=7, feature_width=512, with_sn=True):
        """
        Build the rgb stems and the block stack.
        n_scales: number of blocks,
                       the same as the generator's
        feature_width: channel width of the deepest block
                             (the generator's z_dim)
        with_sn: wrap the convolutions in spectral norm
        """
        from torch.nn import ModuleList
        from Teacher.CustomLayers import DisGeneralConvBlock, DisFinalBlock
        from torch.nn import Conv2d

        super().__init__()

        assert feature_width != 0 and ((feature_width & (feature_width - 1)) == 0), \
            "feature_width must be a power of two"
        if n_scales >= 4:
            assert feature_width >= np.power(2, n_scales - 4), \
                "feature_width too small for this many blocks"

        # settings kept on self
        self.n_scales = n_scales
        self.feature_width = feature_width
        self.sn_applied = None

        # 1x1 conv from RGB for each scale
        def rgb_stem(ch_out):
            return Conv2d(3, ch_out, (1, 1), bias=True)

        self.rgb_stems = ModuleList([rgb_stem(self.feature_width // 2)])

        # last block first in the list
        self.blocks = ModuleList([DisFinalBlock(self.feature_width)])

        # the downsampling blocks
        for i in range(self.n_scales - 1):
            if i > 2:
                blk = DisGeneralConvBlock(
                    int(self.feature_width // np.power(2, i - 2)),
                    int(self.feature_width // np.power(2, i - 2))
                )
                rgb_conv = rgb_stem(int(self.feature_width // np.power(2, i - 1)))
            else:
                blk = DisGeneralConvBlock(self.feature_width, self.feature_width // 2)
                rgb_conv = rgb_stem(self.feature_width // 2)

            self.blocks.append(blk)
            self.rgb_stems.append(rgb_conv)

        # the deepest stem gets its own width
        self.rgb_stems[self.n_scales - 1] = \
            rgb_stem(self.feature_width // np.power(2, i - 2))

        # optional spectral norm
        if with_sn:
            self.apply_sn()

    def apply_sn(self):
        """
        Wrap conv_1 and conv_2 of every block in spectral normalization.
        Changes the blocks in place.
        """
        from torch.nn.utils import spectral_norm

        if self.sn_applied is not None:
            assert self.sn_applied is False, \
                "spectral norm is on already"

        # both convs of each block
        for blk_mod in self.blocks:
            blk_mod.conv_1 = spectral_norm(blk_mod.conv_1)
            blk_mod.conv_2 = spectral_norm(blk_mod.conv_2)

        # remember it
        self.sn_applied = True

    def strip_sn(self):
        """
        Undo apply_sn on every block.
        Changes the blocks in place.
        """
        from torch.nn.utils import remove_spectral_norm

        if self.sn_applied is not None:
            assert self.sn_applied is True, \
                "spectral norm is not on"

        # unwrap both convs
        for blk_mod in self.blocks:
            remove_spectral_norm(blk_mod.conv_1)
            remove_spectral_norm(blk_mod.conv_2)

        # remember it
        self.sn_applied = False

    def forward(self, scale_inputs):
        """
        Score a list of images, one per scale.
        scale_inputs: images from smallest to largest
        gives back the raw critic scores
        """

        assert len(scale_inputs) == self.n_scales, \
            "need one input per scale"

        act = self.rgb_stems[self.n_scales - 1](scale_inputs[self.n_scales - 1])
        act = self.blocks[self.n_scales - 1](act)
        for x, stage, to_img in \
                zip(reversed(scale_inputs[:-1]),
                    reversed(self.blocks[:-1]),
                    reversed(self.rgb_stems[:-1])):
            stem_out = to_img(x)  # stem for this scale
            act = th.cat((stem_out, act), dim=1)  # stack with the running features
            act = stage(act)  # next block

        return act


class MsgGanPair:
    """Generator/critic pair with their update steps and a training loop.

        Parameters:
            n_scales: number of blocks in both nets
            z_dim: latent length, also the critic width
            run_device: where the nets live
    """

    def __init__(self, n_scales=7, z_dim=512, run_device=th.device("cpu")):
        """Build both nets, wrapped in DataParallel on CUDA."""
        from torch.nn import DataParallel

        # the two nets
        if run_device == th.device("cuda"):
            self.g_net = DataParallel(MultiScaleGen(n_scales, z_dim).to(run_device))
            self.d_net = DataParallel(MultiScaleCritic(n_scales, z_dim).to(run_device))

        else:
            self.g_net = MultiScaleGen(n_scales, z_dim).to(run_device)
            self.d_net = MultiScaleCritic(n_scales, z_dim).to(run_device)

        # settings kept on self
        self.z_dim = z_dim
        self.n_scales = n_scales
        self.run_device = run_device

        # both nets start in inference mode
        self.g_net.eval()
        self.d_net.eval()

    def sample_images(self, n_samples):
        """
        Draw random latents and run the generator.
        n_samples: how many latents
        gives back a list of (B x H x W x C) tensors in [0, 1], one per scale
        """
        z_noise = th.randn(n_samples, self.z_dim).to(self.run_device)
        fake_images = self.g_net(z_noise)

        # to NHWC in [0, 1]
        fake_images = list(map(lambda x: (x.detach().permute(0, 2, 3, 1) / 2) + 0.5,
                                    fake_images))

        return fake_images

    def step_critic(self, d_optimizer, z_noise, real_scales_batch, gan_loss):
        """
        One critic update on a real batch and a detached fake batch.
        d_optimizer: the critic's optimizer
        z_noise: latents for the fakes
        real_scales_batch: real images,
                           one tensor per scale
        gan_loss: object with dis_loss and gen_loss
        gives back the loss as a float
        """

        # fakes without gradients to the generator
        fake_scales = self.g_net(z_noise)
        fake_scales = list(map(lambda x: x.detach(), fake_scales))

        step_loss = gan_loss.dis_loss(real_scales_batch, fake_scales)

        # critic step
        d_optimizer.zero_grad()
        step_loss.backward()
        d_optimizer.step()

        return step_loss.item()

    def step_generator(self, g_optimizer, z_noise, real_scales_batch, gan_loss):
        """
        One generator update against the critic.
        g_optimizer: the generator's optimizer
        z_noise: latents for the fakes
        real_scales_batch: real images,
                           one tensor per scale
        gan_loss: object with dis_loss and gen_loss
        gives back the loss as a float
        """

        # fakes with gradients
        fake_scales = self.g_net(z_noise)

        step_loss = gan_loss.gen_loss(real_scales_batch, fake_scales)

        # generator step
        g_optimizer.zero_grad()
        step_loss.backward()
        g_optimizer.step()

        return step_loss.item()

    @staticmethod
    def save_grid(grid_imgs, img_paths):
        """
        Write one image grid per scale.
        grid_imgs: tensors in [-1, 1], one per scale
        img_paths: output file per scale
        writes files, gives back nothing
        """
        from torchvision.utils import save_image
        from numpy import sqrt

        grid_imgs = list(map(lambda x: th.clamp((x.detach() / 2) + 0.5, min=0, max=1),
                           grid_imgs))

        # one file per scale
        for one_scale, img_path in zip(grid_imgs, img_paths):
            save_image(one_scale, img_path, nrow=int(sqrt(one_scale.shape[0])))

    def train(self, train_data_loader, g_optimizer, d_optimizer, gan_loss,
              begin=1, epoch_total=12, logs_per_epoch=10, save_every=1,
              data_pct=100, n_samples=64,
              loss_log_dir=None, grid_dir="./samples",
              weights_dir="./models"):

        # training loop (no docs upstream)

        from torch.nn.functional import avg_pool2d

        # training mode for both nets
        self.g_net.train()
        self.d_net.train()

        assert isinstance(g_optimizer, th.optim.Optimizer), \
            "g_optimizer must be a torch optimizer"
        assert isinstance(d_optimizer, th.optim.Optimizer), \
            "d_optimizer must be a torch optimizer"

        print("training begins")

        # fixed latents for the sample grids
        fixed_z = th.randn(n_samples, self.z_dim).to(self.run_device)

        # wall clock at the start
        t_begin = time.time()

        for cur_epoch in range(begin, epoch_total + 1):
            begin = timeit.default_timer()  # epoch timer

            print("\n-- epoch %d" % cur_epoch)
            n_batches = len(iter(train_data_loader))

            batch_cap = int((data_pct / 100) * n_batches)

            for (i, img_batch) in enumerate(train_data_loader, 1):

                # move the batch to the device
                real_images = img_batch.to(self.run_device)
                cur_batch_size = real_images.shape[0]

                # image pyramid by average pooling
                real_images = [real_images] + [avg_pool2d(real_images, int(np.power(2, i)))
                                     for i in range(1, self.n_scales)]
                real_images = list(reversed(real_images))

                z_batch = th.randn(
                    cur_batch_size, self.z_dim).to(self.run_device)

                # critic update
                d_loss_val = self.step_critic(d_optimizer, z_batch,
                                                       real_images, gan_loss)

                # generator update
                # with fresh latents
                z_batch = th.randn(
                    cur_batch_size, self.z_dim).to(self.run_device)
                g_loss_val = self.step_generator(g_optimizer, z_batch,
                                                   real_images, gan_loss)

                # periodic report
                if i % int(batch_cap / logs_per_epoch) == 0 or i == 1:
                    since_start = time.time() - t_begin
                    since_start = str(datetime.timedelta(seconds=since_start))
                    print("[%s] step %d  critic %f  generator %f"
                          % (since_start, i, d_loss_val, g_loss_val))

                    # append the losses to a text file
                    if loss_log_dir is not None:
                        loss_log_path = os.path.join(loss_log_dir, "loss.log")
                        os.makedirs(os.path.dirname(loss_log_path), exist_ok=True)
                        with open(loss_log_path, "a") as fh:
                            fh.write(str(d_loss_val) + "\t" + str(g_loss_val) + "\n")

                    # sample grid file names, one per resolution
                    res_names = [str(int(np.power(2, k))) + "_x_"
                             + str(int(np.power(2, k)))
                             for k in range(2, self.n_scales + 2)]
                    grid_files = [os.path.join(grid_dir, res_name, "gen_" +
                                                  str(cur_epoch) + "_" +
                                                  str(i) + ".png")
                                     for res_name in res_names]

                    # make sure the output folders
                    # are there
                    os.makedirs(grid_dir, exist_ok=True)
                    for grid_file in grid_files:
                        os.makedirs(os.path.dirname(grid_file), exist_ok=True)

                    self.save_grid(self.g_net(fixed_z), grid_files)

                if i > batch_cap:
                    break

            # epoch time
            t_end = timeit.default_timer()
            print("epoch took %.3f s" % (t_end - begin))

            if cur_epoch % save_every == 0 or cur_epoch == 1 or cur_epoch == epoch_total:
                os.makedirs(weights_dir, exist_ok=True)
                g_ckpt_file = os.path.join(weights_dir, "GAN_GEN_" + str(cur_epoch) + ".pth")
                d_ckpt_file = os.path.join(weights_dir, "GAN_DIS_" + str(cur_epoch) + ".pth")

                th.save(self.g_net.state_dict(), g_ckpt_file)
                th.save(self.d_net.state_dict(), d_ckpt_file)

        print("training done")

        # both nets back to inference mode
        self.g_net.eval()
        self.d_net.eval()


def read_cli():
    """
    Read the command line.
    gives back the argparse namespace
    """
    cli = argparse.ArgumentParser()

    cli.add_argument("--generator_file", action="store", type=str,
                        default=None,
                        help="generator weights to start from")

    cli.add_argument("--discriminator_file", action="store", type=str,
                        default=None,
                        help="critic weights to start from")

    cli.add_argument("--images_dir", action="store", type=str,
                        default="../data/celeba",
                        help="folder of training images")

    cli.add_argument("--sample_dir", action="store", type=str,
                        default="samples/1/",
                        help="where sample grids go")

    cli.add_argument("--model_dir", action="store", type=str,
                        default="models/1/",
                        help="where weights go")

    cli.add_argument("--loss_function", action="store", type=str,
                        default="relativistic-hinge",
                        help="GAN loss: 'hinge' or 'relativistic-hinge'")

    cli.add_argument("--depth", action="store", type=int,
                        default=5,
                        help="number of blocks")

    cli.add_argument("--latent_size", action="store", type=int,
                        default=256,
                        help="latent length")

    cli.add_argument("--batch_size", action="store", type=int,
                        default=32,
                        help="images per batch")

    cli.add_argument("--start", action="store", type=int,
                        default=1,
                        help="first epoch index")

    cli.add_argument("--num_epochs", action="store", type=int,
                        default=12,
                        help="last epoch index")

    cli.add_argument("--feedback_factor", action="store", type=int,
                        default=1041,
                        help="reports per epoch")

    cli.add_argument("--num_samples", action="store", type=int,
                        default=64,
                        help="latents in each sample grid" +
                             " (a square number works best)")

    cli.add_argument("--checkpoint_factor", action="store", type=int,
                        default=1,
                        help="save weights every n epochs")

    cli.add_argument("--g_lr", action="store", type=float,
                        default=0.0001,
                        help="generator step size")

    cli.add_argument("--d_lr", action="store", type=float,
                        default=0.0004,
                        help="critic step size")

    cli.add_argument("--use_spectral_norm", action="store", type=bool,
                        default=True,
                        help="spectral norm on or off")

    cli.add_argument("--data_percentage", action="store", type=float,
                        default=100,
                        help="share of each epoch to run, in percent")

    cli.add_argument("--num_workers", action="store", type=int,
                        default=3,
                        help="loader worker processes")

    opts = cli.parse_args()

    return opts


def entry(opts):
    """
    Build data, nets, optimizers and loss, then train.
    opts: the parsed options

    """
    from Teacher.TeacherGAN import MsgGanPair
    from data_processing.DataLoader import FlatDirectoryImageDataset, \
        get_transform, get_data_loader
    from Teacher.Losses import HingeGAN, RelativisticAverageHingeGAN

    # image folder dataset
    faces_dataset = FlatDirectoryImageDataset(
        opts.images_dir,
        transform=get_transform((int(np.power(2, opts.depth + 1)),
                                 int(np.power(2, opts.depth + 1)))))

    train_data_loader = get_data_loader(faces_dataset, opts.batch_size, opts.num_workers)

    # the GAN pair
    msg_gan = MsgGanPair(n_scales=opts.depth, z_dim=opts.latent_size, run_device=run_device)

    if opts.generator_file is not None:
        # optional generator weights
        msg_gan.g_net.load_state_dict(th.load(opts.generator_file))

    print("generator:")
    print(msg_gan.g_net)

    if opts.discriminator_file is not None:
        # optional critic weights
        msg_gan.d_net.load_state_dict(th.load(opts.discriminator_file))

    print("critic:")
    print(msg_gan.d_net)

    # Adam for each net
    g_optimizer = th.optim.Adam(msg_gan.g_net.parameters(), opts.g_lr, [0, 0.99])

    d_optimizer = th.optim.Adam(msg_gan.d_net.parameters(), opts.d_lr, [0, 0.99])

    loss_key = opts.loss_function.lower()

    if loss_key == "hinge":
        loss_cls = HingeGAN
    elif loss_key == "relativistic-hinge":
        loss_cls = RelativisticAverageHingeGAN
    else:
        raise Exception("no such loss")

    # run training
    msg_gan.train(
        train_data_loader,
        g_optimizer,
        d_optimizer,
        gan_loss=loss_cls(run_device, msg_gan.d_net),
        epoch_total=opts.num_epochs,
        save_every=opts.checkpoint_factor,
        data_pct=opts.data_percentage,
        logs_per_epoch=opts.feedback_factor,
        n_samples=opts.num_samples,
        grid_dir=opts.sample_dir,
        weights_dir=opts.model_dir,
        loss_log_dir=opts.model_dir,
        begin=opts.start
    )


if __name__ == '__main__':
    # script entry
    entry(read_cli())
