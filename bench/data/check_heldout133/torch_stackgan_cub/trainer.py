from __future__ import print_function
from six.moves import range
from PIL import Image

import torch.backends.cudnn as cudnn
import torch
import torch.nn as nn
from torch.autograd import Variable
import torch.optim as optim
import os
import time

import numpy as np
import torchfile

from miscc.config import cfg
from miscc.utils import mkdir_p
from miscc.utils import weights_init
from miscc.utils import save_img_results, save_model
from miscc.utils import KL_loss
from miscc.utils import compute_discriminator_loss, compute_generator_loss

from tensorboard import summary
from tensorboard import FileWriter


class TwoStageTrainer(object):
    def __init__(self, out_dir):
        if cfg.TRAIN.FLAG:
            self.model_dir = os.path.join(out_dir, 'Model')
            self.image_dir = os.path.join(out_dir, 'Image')
            self.log_dir = os.path.join(out_dir, 'Log')
            mkdir_p(self.model_dir)
            mkdir_p(self.image_dir)
            mkdir_p(self.log_dir)
            self.writer = FileWriter(self.log_dir)

        self.max_epoch = cfg.TRAIN.MAX_EPOCH
        self.snapshot_interval = cfg.TRAIN.SNAPSHOT_INTERVAL

        gpu_strs = cfg.GPU_ID.split(',')
        self.gpus = [int(g) for g in gpu_strs]
        self.num_gpus = len(self.gpus)
        self.batch_size = cfg.TRAIN.BATCH_SIZE * self.num_gpus
        torch.cuda.set_device(self.gpus[0])
        cudnn.benchmark = True

    # ---- stage one networks ----
    def build_stage1(self):
        from model import STAGE1_G, STAGE1_D
        gen = STAGE1_G()
        gen.apply(weights_init)
        print(gen)
        disc = STAGE1_D()
        disc.apply(weights_init)
        print(disc)

        if cfg.NET_G != '':
            weights = \
                torch.load(cfg.NET_G,
                           map_location=lambda storage, loc: storage)
            gen.load_state_dict(weights)
            print('restored: ', cfg.NET_G)
        if cfg.NET_D != '':
            weights = \
                torch.load(cfg.NET_D,
                           map_location=lambda storage, loc: storage)
            disc.load_state_dict(weights)
            print('restored: ', cfg.NET_D)
        if cfg.CUDA:
            gen.cuda()
            disc.cuda()
        return gen, disc

    # ---- stage two networks ----
    def build_stage2(self):
        from model import STAGE1_G, STAGE2_G, STAGE2_D

        base_gen = STAGE1_G()
        gen = STAGE2_G(base_gen)
        gen.apply(weights_init)
        print(gen)
        if cfg.NET_G != '':
            weights = \
                torch.load(cfg.NET_G,
                           map_location=lambda storage, loc: storage)
            gen.load_state_dict(weights)
            print('restored: ', cfg.NET_G)
        elif cfg.STAGE1_G != '':
            weights = \
                torch.load(cfg.STAGE1_G,
                           map_location=lambda storage, loc: storage)
            gen.STAGE1_G.load_state_dict(weights)
            print('restored: ', cfg.STAGE1_G)
        else:
            print("stage two needs a stage-one generator path")
            return

        disc = STAGE2_D()
        disc.apply(weights_init)
        if cfg.NET_D != '':
            weights = \
                torch.load(cfg.NET_D,
                           map_location=lambda storage, loc: storage)
            disc.load_state_dict(weights)
            print('restored: ', cfg.NET_D)
        print(disc)

        if cfg.CUDA:
            gen.cuda()
            disc.cuda()
        return gen, disc

    def train(self, loader, stage=1):
        if stage == 1:
            gen, disc = self.build_stage1()
        else:
            gen, disc = self.build_stage2()

        zdim = cfg.Z_DIM
        bs = self.batch_size
        z = Variable(torch.FloatTensor(bs, zdim))
        z_fixed = \
            Variable(torch.FloatTensor(bs, zdim).normal_(0, 1),
                     volatile=True)
        ones = Variable(torch.FloatTensor(bs).fill_(1))
        zeros = Variable(torch.FloatTensor(bs).fill_(0))
        if cfg.CUDA:
            z, z_fixed = z.cuda(), z_fixed.cuda()
            ones, zeros = ones.cuda(), zeros.cuda()

        g_lr = cfg.TRAIN.GENERATOR_LR
        d_lr = cfg.TRAIN.DISCRIMINATOR_LR
        decay_every = cfg.TRAIN.LR_DECAY_EPOCH
        opt_d = \
            optim.Adam(disc.parameters(),
                       lr=cfg.TRAIN.DISCRIMINATOR_LR, betas=(0.5, 0.999))
        g_params = []
        for p in gen.parameters():
            if p.requires_grad:
                g_params.append(p)
        opt_g = optim.Adam(g_params,
                                lr=cfg.TRAIN.GENERATOR_LR,
                                betas=(0.5, 0.999))
        step = 0
        for ep in range(self.max_epoch):
            t_start = time.time()
            if ep % decay_every == 0 and ep > 0:
                g_lr *= 0.5
                for grp in opt_g.param_groups:
                    grp['lr'] = g_lr
                d_lr *= 0.5
                for grp in opt_d.param_groups:
                    grp['lr'] = d_lr

            for k, batch in enumerate(loader, 0):
                # ------------------------------------------
                # inputs
                # ------------------------------------------
                imgs_cpu, txt = batch
                imgs = Variable(imgs_cpu)
                txt = Variable(txt)
                if cfg.CUDA:
                    imgs = imgs.cuda()
                    txt = txt.cuda()

                # ------------------------------------------
                # generated images
                # ------------------------------------------
                z.data.normal_(0, 1)
                g_in = (txt, z)
                _, made, mu, logvar = \
                    nn.parallel.data_parallel(gen, g_in, self.gpus)

                # -----------------
                # critic update
                # -----------------
                disc.zero_grad()
                d_err, d_err_real, d_err_wrong, d_err_fake = \
                    compute_discriminator_loss(disc, imgs, made,
                                               ones, zeros,
                                               mu, self.gpus)
                d_err.backward()
                opt_d.step()
                # -----------------
                # generator update
                # -----------------
                gen.zero_grad()
                g_err = compute_generator_loss(disc, made,
                                              ones, mu, self.gpus)
                kl = KL_loss(mu, logvar)
                g_total = g_err + kl * cfg.TRAIN.COEFF.KL
                g_total.backward()
                opt_g.step()

                step = step + 1
                if k % 100 == 0:
                    s_d = summary.scalar('D_loss', d_err.data[0])
                    s_dr = summary.scalar('D_loss_real', d_err_real)
                    s_dw = summary.scalar('D_loss_wrong', d_err_wrong)
                    s_df = summary.scalar('D_loss_fake', d_err_fake)
                    s_g = summary.scalar('G_loss', g_err.data[0])
                    s_kl = summary.scalar('KL_loss', kl.data[0])

                    self.writer.add_summary(s_d, step)
                    self.writer.add_summary(s_dr, step)
                    self.writer.add_summary(s_dw, step)
                    self.writer.add_summary(s_df, step)
                    self.writer.add_summary(s_g, step)
                    self.writer.add_summary(s_kl, step)

                    # sample pictures with the fixed noise
                    g_in = (txt, z_fixed)
                    small_made, big_made, _, _ = \
                        nn.parallel.data_parallel(gen, g_in, self.gpus)
                    save_img_results(imgs_cpu, big_made, ep, self.image_dir)
                    if small_made is not None:
                        save_img_results(None, small_made, ep, self.image_dir)
            t_end = time.time()
            print('''[%d/%d][%d/%d] D: %.4f G: %.4f KL: %.4f
                     real: %.4f wrong: %.4f fake: %.4f
                     epoch time: %.2fsec
                  '''
                  % (ep, self.max_epoch, k, len(loader),
                     d_err.data[0], g_err.data[0], kl.data[0],
                     d_err_real, d_err_wrong, d_err_fake, (t_end - t_start)))
            if ep % self.snapshot_interval == 0:
                save_model(gen, disc, ep, self.model_dir)
        #
        save_model(gen, disc, self.max_epoch, self.model_dir)
        #
        self.writer.close()

    def sample(self, t7_path, stage=1):
        if stage == 1:
            gen, _ = self.build_stage1()
        else:
            gen, _ = self.build_stage2()
        gen.eval()

        # caption vectors from the text encoder
        t7 = torchfile.load(t7_path)
        texts = t7.raw_txt
        vecs = np.concatenate(t7.fea_txt, axis=0)
        n_vecs = len(texts)
        print('captions read from: ', t7_path)
        print('caption count:', n_vecs)
        print('vectors:', n_vecs, vecs.shape)
        # output folder named after the weights
        out_dir = cfg.NET_G[:cfg.NET_G.find('.pth')]
        mkdir_p(out_dir)

        bs = np.minimum(n_vecs, self.batch_size)
        zdim = cfg.Z_DIM
        z = Variable(torch.FloatTensor(bs, zdim))
        if cfg.CUDA:
            z = z.cuda()
        pos = 0
        while pos < n_vecs:
            if pos > 3000:
                break
            end = pos + bs
            if end > n_vecs:
                end = n_vecs
                pos = n_vecs - bs
            vec_batch = vecs[pos:end]
            # text_batch = texts[pos:end]
            txt = Variable(torch.FloatTensor(vec_batch))
            if cfg.CUDA:
                txt = txt.cuda()

            # ------------------------------------------
            # generated images
            # ------------------------------------------
            z.data.normal_(0, 1)
            g_in = (txt, z)
            _, made, mu, logvar = \
                nn.parallel.data_parallel(gen, g_in, self.gpus)
            for j in range(bs):
                out_name = '%s/%d.png' % (out_dir, pos + j)
                arr = made[j].data.cpu().numpy()
                arr = (arr + 1.0) * 127.5
                arr = arr.astype(np.uint8)
                # print('arr', arr.shape)
                arr = np.transpose(arr, (1, 2, 0))
                # print('arr', arr.shape)
                pic = Image.fromarray(arr)
                pic.save(out_name)
            pos += bs
