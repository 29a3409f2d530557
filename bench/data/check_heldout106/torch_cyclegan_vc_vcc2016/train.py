import os
import numpy as np
import argparse
import torch
import time
import librosa
import pickle

import preprocess
from paired_segments import PairedSegments
from model_GLU import Generator, Discriminator


class CycleVCTrainer:
    def __init__(self,
                 f0_stats_file,
                 mcep_stats_file,
                 src_feats_file,
                 tgt_feats_file,
                 ckpt_prefix,
                 val_src_dir,
                 out_src_dir,
                 val_tgt_dir,
                 out_tgt_dir,
                 resume_from=None):
        self.first_epoch = 0
        self.n_epochs = 5000
        self.bs = 1
        self.feats_src = self.read_pickle(src_feats_file)
        self.feats_tgt = self.read_pickle(tgt_feats_file)
        self.dev = torch.device(
            'cuda' if torch.cuda.is_available() else 'cpu')

        # f0 / mcep statistics
        f0_stats_file = np.load(f0_stats_file)
        self.lf0_mu_src = f0_stats_file['mean_A']
        self.lf0_sd_src = f0_stats_file['std_A']
        self.lf0_mu_tgt = f0_stats_file['mean_B']
        self.lf0_sd_tgt = f0_stats_file['std_B']

        mcep_stats_file = np.load(mcep_stats_file)
        self.mc_mu_src = mcep_stats_file['mean_A']
        self.mc_sd_src = mcep_stats_file['std_A']
        self.mc_mu_tgt = mcep_stats_file['mean_B']
        self.mc_sd_tgt = mcep_stats_file['std_B']

        # two generators, two critics
        self.g_s2t = Generator().to(self.dev)
        self.g_t2s = Generator().to(self.dev)
        self.d_src = Discriminator().to(self.dev)
        self.d_tgt = Discriminator().to(self.dev)

        # criterion
        mse = torch.nn.MSELoss()

        # optimisers over both directions
        gen_params = list(self.g_s2t.parameters()) + \
            list(self.g_t2s.parameters())
        disc_params = list(self.d_src.parameters()) + \
            list(self.d_tgt.parameters())

        # base learning rates
        self.lr_g = 0.0002
        self.lr_d = 0.0001

        # linear decay per iteration
        self.lr_g_step = self.lr_g / 200000
        self.lr_d_step = self.lr_d / 200000

        # decay only starts after this iteration
        self.decay_after = 200000

        self.opt_g = torch.optim.Adam(
            gen_params, lr=self.lr_g, betas=(0.5, 0.999))
        self.opt_d = torch.optim.Adam(
            disc_params, lr=self.lr_d, betas=(0.5, 0.999))

        # where checkpoints go
        self.ckpt_path = ckpt_prefix

        # folders for the conversion check
        self.val_src_dir = val_src_dir
        self.out_src_dir = out_src_dir
        self.val_tgt_dir = val_tgt_dir
        self.out_tgt_dir = out_tgt_dir

        # per-iteration loss history
        self.g_hist = []
        self.d_hist = []

        self.log_file = 'train_log.txt'

        if resume_from is not None:
            # continue an earlier run
            self.first_epoch = self.load_ckpt(resume_from)
            print("resumed from checkpoint")

    def decay_lr(self, optimizer, name='generator'):
        if name == 'generator':
            self.lr_g = max(
                0., self.lr_g - self.lr_g_step)
            for grp in optimizer.param_groups:
                grp['lr'] = self.lr_g
        else:
            self.lr_d = max(
                0., self.lr_d - self.lr_d_step)
            for grp in optimizer.param_groups:
                grp['lr'] = self.lr_d

    def zero_all(self):
        self.opt_g.zero_grad()
        self.opt_d.zero_grad()

    def train(self):
        # epochs
        for epoch in range(self.first_epoch, self.n_epochs):
            t_epoch = time.time()

            # loss weights
            w_cyc = 10
            w_id = 5

            # a fresh set of random segments
            n_utts = len(self.feats_src)

            dataset = PairedSegments(src_set=self.feats_src,
                                      tgt_set=self.feats_tgt,
                                      seg_len=128)
            loader = torch.utils.data.DataLoader(dataset=dataset,
                                                       batch_size=self.bs,
                                                       shuffle=True,
                                                       drop_last=False)

            for i, (x_src, x_tgt) in enumerate(loader):

                it = (
                    n_utts // self.bs) * epoch + i
                # print("iter", it, epoch)

                if it > 10000:
                    w_id = 0
                if it > self.decay_after:
                    self.decay_lr(
                        self.opt_g, name='generator')
                    self.decay_lr(
                        self.opt_g, name='discriminator')

                x_src = x_src.to(self.dev).float()
                x_tgt = x_tgt.to(self.dev).float()

                # generator objective

                y_tgt = self.g_s2t(x_src)
                rec_src = self.g_t2s(y_tgt)

                y_src = self.g_t2s(x_tgt)
                rec_tgt = self.g_s2t(y_src)

                id_src = self.g_t2s(x_src)
                id_tgt = self.g_s2t(x_tgt)

                df_src = self.d_src(y_src)
                df_tgt = self.d_tgt(y_tgt)

                # cycle consistency
                l_cyc = torch.mean(
                    torch.abs(x_src - rec_src)) + torch.mean(torch.abs(x_tgt - rec_tgt))

                # identity mapping
                l_id = torch.mean(
                    torch.abs(x_src - id_src)) + torch.mean(torch.abs(x_tgt - id_tgt))

                # adversarial part
                l_adv_s2t = torch.mean((1 - df_tgt) ** 2)
                l_adv_t2s = torch.mean((1 - df_src) ** 2)

                # weighted sum
                l_gen = l_adv_s2t + l_adv_t2s + \
                    w_cyc * l_cyc + w_id * l_id
                self.g_hist.append(l_gen.item())

                # generator update
                self.zero_all()
                l_gen.backward()

                # if it > self.decay_after:  # linear decay (disabled)
                #     self.decay_lr(
                #         self.opt_g, name='generator')

                self.opt_g.step()

                # critic objective

                # critic forward passes
                dr_src = self.d_src(x_src)
                dr_tgt = self.d_tgt(x_tgt)

                gen_src = self.g_t2s(x_tgt)
                df_src = self.d_src(gen_src)

                gen_tgt = self.g_s2t(x_src)
                df_tgt = self.d_tgt(gen_tgt)

                # criterion
                ld_src_real = torch.mean((1 - dr_src) ** 2)
                ld_src_fake = torch.mean((0 - df_src) ** 2)
                ld_src = (ld_src_real + ld_src_fake) / 2.0

                ld_tgt_real = torch.mean((1 - dr_tgt) ** 2)
                ld_tgt_fake = torch.mean((0 - df_tgt) ** 2)
                ld_tgt = (ld_tgt_real + ld_tgt_fake) / 2.0

                # averaged critic loss
                l_disc = (ld_src + ld_tgt) / 2.0
                self.d_hist.append(l_disc.item())

                # critic update
                self.zero_all()
                l_disc.backward()

                # if it > self.decay_after:  # linear decay (disabled)
                #     self.decay_lr(
                #         self.opt_d, name='discriminator')

                self.opt_d.step()
                if it % 50 == 0:
                    append_log = "it {} | gen {:.4f} disc {:.4f} | s2t {:.4f} t2s {:.4f} id {:.4f} cyc {:.4f} dS {:.4f} dT {:.4f}".format(
                        it, l_gen.item(), l_disc.item(), l_adv_s2t, l_adv_t2s, l_id, l_cyc, ld_src, ld_tgt)
                    print("it {} | gen {:.4f} disc {:.4f} | s2t {:.4f} t2s {:.4f} id {:.4f} cyc {:.4f} dS {:.4f} dT {:.4f}".format(
                        it, l_gen.item(), l_disc.item(), l_adv_s2t, l_adv_t2s, l_id, l_cyc, ld_src, ld_tgt))
                    self.append_log(append_log)
            t_end = time.time()
            append_log = "epoch {} gen {:.4f} disc {} took {:.2f}s\n\n".format(
                epoch, l_gen.item(), l_disc.item(), t_end - t_epoch)
            self.append_log(append_log)
            print("epoch {} gen {:.4f} disc {} took {:.2f}s\n\n".format(
                epoch, l_gen.item(), l_disc.item(), t_end - t_epoch))

            if epoch % 100 == 0 and epoch != 0:
                # write a checkpoint
                print("writing checkpoint")
                append_log = "writing checkpoint"
                self.append_log(append_log)
                self.save_ckpt(epoch, '{}'.format(
                    self.ckpt_path + '_CycleGAN_CheckPoint'))
                print("checkpoint written")

            if epoch % 100 == 0 and epoch != 0:
                # convert the held-out folders
                tv0 = time.time()
                self.convert_src_dir()
                self.convert_tgt_dir()
                tv1 = time.time()
                append_log = "conversion check took {}s".format(
                    tv1 - tv0)
                self.append_log(append_log)
                print("conversion check took {}s".format(
                    tv1 - tv0))

    def convert_src_dir(self):
        n_mcep = 24
        rate = 16000
        frame_period = 5.0
        seg_len = 128
        val_src_dir = self.val_src_dir
        out_src_dir = self.out_src_dir

        print("converting source -> target")
        for file in os.listdir(val_src_dir):
            wav_path = os.path.join(val_src_dir, file)
            wav, _ = librosa.load(wav_path, sr=rate, mono=True)
            wav = preprocess.wav_padding(wav=wav,
                                         sr=rate,
                                         frame_period=frame_period,
                                         multiple=4)
            f0, t_axis, sp, ap = preprocess.world_decompose(
                wav=wav, fs=rate, frame_period=frame_period)
            f0_conv = preprocess.pitch_conversion(f0=f0,
                                                       mean_log_src=self.lf0_mu_src,
                                                       std_log_src=self.lf0_sd_src,
                                                       mean_log_target=self.lf0_mu_tgt,
                                                       std_log_target=self.lf0_sd_tgt)
            coded_sp = preprocess.world_encode_spectral_envelop(
                sp=sp, fs=rate, dim=n_mcep)
            mc_t = coded_sp.T
            mc_in = (mc_t -
                             self.mc_mu_src) / self.mc_sd_src
            mc_in = np.array([mc_in])

            if torch.cuda.is_available():
                mc_in = torch.from_numpy(mc_in).cuda().float()
            else:
                mc_in = torch.from_numpy(mc_in).float()

            mc_out_norm = self.g_s2t(mc_in)
            mc_out_norm = mc_out_norm.cpu().detach().numpy()
            mc_out_norm = np.squeeze(mc_out_norm)
            mc_out = mc_out_norm * \
                self.mc_sd_tgt + self.mc_mu_tgt
            mc_out = mc_out.T
            mc_out = np.ascontiguousarray(mc_out)
            sp_out = preprocess.world_decode_spectral_envelop(
                coded_sp=mc_out, fs=rate)
            wav_out = preprocess.world_speech_synthesis(f0=f0_conv,
                                                                decoded_sp=sp_out,
                                                                ap=ap,
                                                                fs=rate,
                                                                frame_period=frame_period)
            librosa.output.write_wav(path=os.path.join(out_src_dir, os.path.basename(file)),
                                     y=wav_out,
                                     sr=rate)

    def convert_tgt_dir(self):
        n_mcep = 24
        rate = 16000
        frame_period = 5.0
        seg_len = 128
        val_tgt_dir = self.val_tgt_dir
        out_tgt_dir = self.out_tgt_dir

        print("converting target -> source")
        for file in os.listdir(val_tgt_dir):
            wav_path = os.path.join(val_tgt_dir, file)
            wav, _ = librosa.load(wav_path, sr=rate, mono=True)
            wav = preprocess.wav_padding(wav=wav,
                                         sr=rate,
                                         frame_period=frame_period,
                                         multiple=4)
            f0, t_axis, sp, ap = preprocess.world_decompose(
                wav=wav, fs=rate, frame_period=frame_period)
            f0_conv = preprocess.pitch_conversion(f0=f0,
                                                       mean_log_src=self.lf0_mu_tgt,
                                                       std_log_src=self.lf0_sd_tgt,
                                                       mean_log_target=self.lf0_mu_src,
                                                       std_log_target=self.lf0_sd_src)
            coded_sp = preprocess.world_encode_spectral_envelop(
                sp=sp, fs=rate, dim=n_mcep)
            mc_t = coded_sp.T
            mc_in = (mc_t -
                             self.mc_mu_tgt) / self.mc_sd_tgt
            mc_in = np.array([mc_in])

            if torch.cuda.is_available():
                mc_in = torch.from_numpy(mc_in).cuda().float()
            else:
                mc_in = torch.from_numpy(mc_in).float()

            mc_out_norm = self.g_t2s(mc_in)
            mc_out_norm = mc_out_norm.cpu().detach().numpy()
            mc_out_norm = np.squeeze(mc_out_norm)
            mc_out = mc_out_norm * \
                self.mc_sd_src + self.mc_mu_src
            mc_out = mc_out.T
            mc_out = np.ascontiguousarray(mc_out)
            sp_out = preprocess.world_decode_spectral_envelop(
                coded_sp=mc_out, fs=rate)
            wav_out = preprocess.world_speech_synthesis(f0=f0_conv,
                                                                decoded_sp=sp_out,
                                                                ap=ap,
                                                                fs=rate,
                                                                frame_period=frame_period)
            librosa.output.write_wav(path=os.path.join(out_tgt_dir, os.path.basename(file)),
                                     y=wav_out,
                                     sr=rate)

    def dump_pickle(self, obj, fname):
        with open(fname, 'wb') as f:
            pickle.dump(obj, f)

    def read_pickle(self, fname):
        with open(fname, 'rb') as f:
            return pickle.load(f)

    def append_log(self, line_txt):
        line_txt = line_txt + "\n"
        with open(self.log_file, "a") as fh:
            fh.write(line_txt)

    def save_ckpt(self, epoch, ckpt_file):
        torch.save({
            'epoch': epoch,
            'generator_loss_store': self.g_hist,
            'discriminator_loss_store': self.d_hist,
            'model_genA2B_state_dict': self.g_s2t.state_dict(),
            'model_genB2A_state_dict': self.g_t2s.state_dict(),
            'model_discriminatorA': self.d_src.state_dict(),
            'model_discriminatorB': self.d_tgt.state_dict(),
            'generator_optimizer': self.opt_g.state_dict(),
            'discriminator_optimizer': self.opt_d.state_dict()
        }, ckpt_file)

    def load_ckpt(self, ckpt_file):
        ck = torch.load(ckpt_file)
        self.g_s2t.load_state_dict(
            state_dict=ck['model_genA2B_state_dict'])
        self.g_t2s.load_state_dict(
            state_dict=ck['model_genB2A_state_dict'])
        self.d_src.load_state_dict(
            state_dict=ck['model_discriminatorA'])
        self.d_tgt.load_state_dict(
            state_dict=ck['model_discriminatorB'])
        self.opt_g.load_state_dict(
            state_dict=ck['generator_optimizer'])
        self.opt_d.load_state_dict(
            state_dict=ck['discriminator_optimizer'])
        epoch = int(ck['epoch']) + 1
        self.g_hist = ck['generator_loss_store']
        self.d_hist = ck['discriminator_loss_store']
        return epoch


if __name__ == '__main__':
    cli = argparse.ArgumentParser(
        description="CycleGAN voice conversion training")

    f0_stats_default = '../cache/f0_stats_file.npz'
    mcep_stats_default = '../cache/mcep_stats_file.npz'
    src_feats_file = '../cache/src_feats_file.pickle'
    tgt_feats_file = '../cache/tgt_feats_file.pickle'
    ckpt_prefix = '../cache/ckpt_prefix/'
    resume_ckpt = '../cache/ckpt_prefix/_CycleGAN_CheckPoint'
    resume_ckpt = None

    val_src_default = '../data/vcc2016_training/evaluation_all/SF1/'
    out_src_default = '../data/vcc2016_training/converted_sound/SF1'

    val_tgt_default = '../data/vcc2016_training/evaluation_all/TF2/'
    out_tgt_default = '../data/vcc2016_training/converted_sound/TF2/'

    cli.add_argument('--f0_stats_file', type=str,
                        help="npz with log-f0 statistics", default=f0_stats_default)
    cli.add_argument('--mcep_stats_file', type=str,
                        help="npz with mcep statistics", default=mcep_stats_default)
    cli.add_argument('--src_feats_file', type=str,
                        help="pickled normalised mceps, source", default=src_feats_file)
    cli.add_argument('--tgt_feats_file', type=str,
                        help="pickled normalised mceps, target", default=tgt_feats_file)
    cli.add_argument('--ckpt_prefix', type=str,
                        help="checkpoint prefix", default=ckpt_prefix)
    cli.add_argument('--resume_ckpt', type=str,
                        help="checkpoint to resume from",
                        default=resume_ckpt)
    cli.add_argument('--val_src_dir', type=str,
                        help="held-out source wavs", default=val_src_default)
    cli.add_argument('--out_src_dir', type=str,
                        help="where converted source wavs go", default=out_src_default)
    cli.add_argument('--val_tgt_dir', type=str,
                        help="held-out target wavs", default=val_tgt_default)
    cli.add_argument('--out_tgt_dir', type=str,
                        help="where converted target wavs go", default=out_tgt_default)

    cli_args = cli.parse_args()

    f0_stats_file = cli_args.f0_stats_file
    mcep_stats_file = cli_args.mcep_stats_file
    src_feats_file = cli_args.src_feats_file
    tgt_feats_file = cli_args.tgt_feats_file
    ckpt_prefix = cli_args.ckpt_prefix
    resume_ckpt = cli_args.resume_ckpt

    val_src_dir = cli_args.val_src_dir
    out_src_dir = cli_args.out_src_dir
    val_tgt_dir = cli_args.val_tgt_dir
    out_tgt_dir = cli_args.out_tgt_dir

    # the preprocessing outputs must exist
    if not os.path.exists(f0_stats_file) or not os.path.exists(mcep_stats_file):
        print(
            "statistics missing: run preprocess_training.py first")

    gan = CycleVCTrainer(f0_stats_file=f0_stats_file,
                                mcep_stats_file=mcep_stats_file,
                                src_feats_file=src_feats_file,
                                tgt_feats_file=tgt_feats_file,
                                ckpt_prefix=ckpt_prefix,
                                val_src_dir=val_src_dir,
                                out_src_dir=out_src_dir,
                                val_tgt_dir=val_tgt_dir,
                                out_tgt_dir=out_tgt_dir,
                                resume_from=resume_ckpt)
    gan.train()
