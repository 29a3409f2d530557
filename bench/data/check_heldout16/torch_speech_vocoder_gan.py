#!/usr/bin/env python3
# -*- coding: utf-8 -*-

# adapted from kan-bayashi/ParallelWaveGAN, bin/train.py
# the upstream code is MIT licensed

"""Training entry point for a WaveNet-style GAN vocoder."""

import argparse
import logging
import os

from collections import defaultdict

import matplotlib
import numpy as np
import soundfile as sf
import torch
import yaml

from tensorboardX import SummaryWriter
from torch.utils.data import DataLoader
from tqdm import tqdm

from parallel_wavegan.datasets import AudioMelDataset
from parallel_wavegan.losses import MultiResolutionSTFTLoss
from parallel_wavegan.models import ParallelWaveGANDiscriminator
from parallel_wavegan.models import ParallelWaveGANGenerator
from parallel_wavegan.optimizers import RAdam
from parallel_wavegan.utils import read_hdf5

# non-interactive backend for headless runs
matplotlib.use("Agg")


class GanStepRunner(object):
    """Runs generator/discriminator updates, periodic dev passes, logging and checkpoints."""

    def __init__(self,
                 step_no,
                 epoch_no,
                 loaders,
                 models,
                 loss_fns,
                 optimizers,
                 lr_scheds,
                 cfg,
                 run_device=torch.device("cpu"),
                 ):
        """Store the counters, nets, loss functions, optimizers and schedulers.

        Arguments, all kept on self:
            step_no: global step to start from.
            epoch_no: global epoch to start from.
            loaders: loaders keyed "train" and "dev".
            models: nets keyed "generator" and "discriminator".
            loss_fns: losses keyed "stft" and "mse".
            optimizers: one optimizer per net, same keys as models.
            lr_scheds: one scheduler per net, same keys as models.
            cfg: settings read from the yaml file.
            run_device: where the tensors go.

        """
        self.step_no = step_no
        self.epoch_no = epoch_no
        self.loaders = loaders
        self.models = models
        self.loss_fns = loss_fns
        self.optimizers = optimizers
        self.lr_scheds = lr_scheds
        self.cfg = cfg
        self.run_device = run_device
        self.tb_log = SummaryWriter(cfg["outdir"])
        self.train_done = False
        self.train_loss_sums = defaultdict(float)
        self.eval_loss_sums = defaultdict(float)

    def loop_until_done(self):
        """Loop over epochs until the step budget is used."""
        self.bar = tqdm(initial=self.step_no,
                         total=self.cfg["train_max_steps"],
                         desc="[fit steps]")
        while True:
            # one pass over the data
            self._train_one_pass()

            # stop once the step budget is reached
            if self.train_done:
                break

        self.bar.close()
        logging.info("step budget used up.")

    def write_ckpt(self, ckpt_path):
        """Write nets, optimizers, schedulers and counters to one file.

        Arguments:
            ckpt_path: destination file.

        """
        ckpt_state = {
            "model": {
                "generator": self.models["generator"].state_dict(),
                "discriminator": self.models["discriminator"].state_dict(),
            },
            "optimizer": {
                "generator": self.optimizers["generator"].state_dict(),
                "discriminator": self.optimizers["discriminator"].state_dict(),
            },
            "scheduler": {
                "generator": self.lr_scheds["generator"].state_dict(),
                "discriminator": self.lr_scheds["discriminator"].state_dict(),
            },
            "steps": self.step_no,
            "epochs": self.epoch_no,
        }
        if not os.path.exists(os.path.dirname(ckpt_path)):
            os.makedirs(os.path.dirname(ckpt_path))
        torch.save(ckpt_state, ckpt_path)

    def read_ckpt(self, ckpt_path):
        """Restore everything write_ckpt stored.

        Arguments:
            ckpt_path: file to read.

        """
        ckpt_state = torch.load(ckpt_path)
        self.step_no = ckpt_state["steps"]
        self.epoch_no = ckpt_state["epochs"]
        self.models["generator"].load_state_dict(ckpt_state["model"]["generator"])
        self.models["discriminator"].load_state_dict(ckpt_state["model"]["discriminator"])
        self.optimizers["generator"].load_state_dict(ckpt_state["optimizer"]["generator"])
        self.optimizers["discriminator"].load_state_dict(ckpt_state["optimizer"]["discriminator"])
        self.lr_scheds["generator"].load_state_dict(ckpt_state["scheduler"]["generator"])
        self.lr_scheds["discriminator"].load_state_dict(ckpt_state["scheduler"]["discriminator"])

    def _train_on_batch(self, cur_batch):
        """One generator update, then (after warm-up) one discriminator update."""
        # move tensors to the device
        cur_batch = [item.to(self.run_device) for item in cur_batch]
        noise_z, cond_c, y_ref, _ = cur_batch

        # generator objective
        y_gen = self.models["generator"](noise_z, cond_c)
        y_ref, y_gen = y_ref.squeeze(1), y_gen.squeeze(1)
        spec_conv_loss, log_mag_loss = self.loss_fns["stft"](y_gen, y_ref)
        g_loss = spec_conv_loss + log_mag_loss
        if self.step_no > self.cfg["discriminator_train_start_steps"]:
            d_fake = self.models["discriminator"](y_gen.unsqueeze(1)).squeeze(1)
            adversarial_loss = self.loss_fns["mse"](d_fake, d_fake.new_ones(d_fake.size()))
            g_loss += self.cfg["lambda_adv"] * adversarial_loss
            self.train_loss_sums["train/adversarial_loss"] += adversarial_loss.item()
        self.train_loss_sums["train/spectral_convergence_loss"] += spec_conv_loss.item()
        self.train_loss_sums["train/log_stft_magnitude_loss"] += log_mag_loss.item()
        self.train_loss_sums["train/generator_loss"] += g_loss.item()

        # generator update
        self.optimizers["generator"].zero_grad()
        g_loss.backward()
        if self.cfg["generator_grad_norm"] > 0:
            torch.nn.utils.clip_grad_norm_(
                self.models["generator"].parameters(),
                self.cfg["generator_grad_norm"])
        self.optimizers["generator"].step()
        self.lr_scheds["generator"].step()

        if self.step_no > self.cfg["discriminator_train_start_steps"]:
            # discriminator objective
            d_real = self.models["discriminator"](y_ref.unsqueeze(1)).squeeze(1)
            d_fake = self.models["discriminator"](y_gen.unsqueeze(1).detach()).squeeze(1)
            d_real_loss = self.loss_fns["mse"](d_real, d_real.new_ones(d_real.size()))
            d_fake_loss = self.loss_fns["mse"](d_fake, d_fake.new_zeros(d_fake.size()))
            d_loss = d_real_loss + d_fake_loss
            self.train_loss_sums["train/real_loss"] += d_real_loss.item()
            self.train_loss_sums["train/fake_loss"] += d_fake_loss.item()
            self.train_loss_sums["train/discriminator_loss"] += d_loss.item()

            # discriminator update
            self.optimizers["discriminator"].zero_grad()
            d_loss.backward()
            if self.cfg["discriminator_grad_norm"] > 0:
                torch.nn.utils.clip_grad_norm_(
                    self.models["discriminator"].parameters(),
                    self.cfg["discriminator_grad_norm"])
            self.optimizers["discriminator"].step()
            self.lr_scheds["discriminator"].step()

        # advance the counter
        self.step_no += 1
        self.bar.update(1)

    def _train_one_pass(self):
        """One pass over the train loader."""
        for train_batches_per_epoch, cur_batch in enumerate(self.loaders["train"], 1):
            # one update
            self._train_on_batch(cur_batch)

            # periodic hooks
            self._maybe_log()
            self._maybe_eval()
            self._maybe_save()
            self._maybe_stop_train()

            # leave early when done
            if self.train_done:
                return

        # count the finished pass
        self.epoch_no += 1
        self.train_batches_per_epoch = train_batches_per_epoch
        logging.info(f"step {self.step_no}: pass {self.epoch_no} over the data done "
                     f"({self.train_batches_per_epoch} batches).")

    def _eval_on_batch(self, cur_batch):
        """Losses of both nets on one dev batch."""
        # move tensors to the device
        cur_batch = [item.to(self.run_device) for item in cur_batch]
        noise_z, cond_c, y_ref, _ = cur_batch

        # generator objective
        y_gen = self.models["generator"](noise_z, cond_c)
        d_fake = self.models["discriminator"](y_gen)
        y_ref, y_gen, d_fake = y_ref.squeeze(1), y_gen.squeeze(1), d_fake.squeeze(1)
        adversarial_loss = self.loss_fns["mse"](d_fake, d_fake.new_ones(d_fake.size()))
        spec_conv_loss, log_mag_loss = self.loss_fns["stft"](y_gen, y_ref)
        stft_loss = spec_conv_loss + log_mag_loss
        g_loss = stft_loss + self.cfg["lambda_adv"] * adversarial_loss

        # discriminator objective
        d_real = self.models["discriminator"](y_ref.unsqueeze(1)).squeeze(1)
        d_fake = self.models["discriminator"](y_gen.unsqueeze(1)).squeeze(1)
        d_real_loss = self.loss_fns["mse"](d_real, d_real.new_ones(d_real.size()))
        d_fake_loss = self.loss_fns["mse"](d_fake, d_fake.new_zeros(d_fake.size()))
        d_loss = d_real_loss + d_fake_loss

        # accumulate
        self.eval_loss_sums["eval/adversarial_loss"] += adversarial_loss.item()
        self.eval_loss_sums["eval/spectral_convergence_loss"] += spec_conv_loss.item()
        self.eval_loss_sums["eval/log_stft_magnitude_loss"] += log_mag_loss.item()
        self.eval_loss_sums["eval/generator_loss"] += g_loss.item()
        self.eval_loss_sums["eval/real_loss"] += d_real_loss.item()
        self.eval_loss_sums["eval/fake_loss"] += d_fake_loss.item()
        self.eval_loss_sums["eval/discriminator_loss"] += d_loss.item()

    def _eval_full_pass(self):
        """Average the losses over the whole dev loader."""
        logging.info(f"step {self.step_no}: dev pass begins.")
        # switch nets to inference mode
        for name_key in self.models.keys():
            self.models[name_key].eval()

        # loop over the dev batches
        for eval_batches_seen, cur_batch in enumerate(tqdm(self.loaders["dev"], desc="[eval pass]"), 1):
            # losses for this batch
            self._eval_on_batch(cur_batch)

            # dump examples for the first batch only
            if eval_batches_seen == 1:
                self._dump_sample_outputs(cur_batch)

        logging.info(f"step {self.step_no}: dev pass over "
                     f"({eval_batches_seen} batches).")

        # mean over batches
        for name_key in self.eval_loss_sums.keys():
            self.eval_loss_sums[name_key] /= eval_batches_seen
            logging.info(f"step {self.step_no}: {name_key} {self.eval_loss_sums[name_key]:.4f}")

        # log it
        self._log_scalars(self.eval_loss_sums)

        # start fresh sums
        self.eval_loss_sums = defaultdict(float)

        # back to training mode
        for name_key in self.models.keys():
            self.models[name_key].train()

    def _dump_sample_outputs(self, cur_batch):
        """Plot and write wav files for a few generated samples."""
        # imported late so the backend choice above applies
        import matplotlib.pyplot as pyplot_mod

        # run the generator
        with torch.no_grad():
            cur_batch = [item.to(self.run_device) for item in cur_batch]
            noise_batch, cond_batch, y_batch_ref, _ = cur_batch
            y_batch_gen = self.models["generator"](noise_batch, cond_batch)

        # make the output folder
        out_dir = os.path.join(self.cfg["outdir"], f"predictions/{self.step_no}steps")
        if not os.path.exists(out_dir):
            os.makedirs(out_dir)

        for pos, (y_ref, y_gen) in enumerate(zip(y_batch_ref, y_batch_gen), 1):
            # to numpy
            y_ref, y_gen = y_ref.view(-1).cpu().numpy(), y_gen.view(-1).cpu().numpy()

            # waveform plots
            png_path = os.path.join(out_dir, f"{pos}.png")
            pyplot_mod.subplot(2, 1, 1)
            pyplot_mod.plot(y_ref)
            pyplot_mod.title("reference audio")
            pyplot_mod.subplot(2, 1, 2)
            pyplot_mod.plot(y_gen)
            pyplot_mod.title(f"generator output, step {self.step_no}")
            pyplot_mod.tight_layout()
            pyplot_mod.savefig(png_path)
            pyplot_mod.close()

            # audio files
            y_ref = np.clip(y_ref, -1, 1)
            y_gen = np.clip(y_gen, -1, 1)
            sf.write(png_path.replace(".png", "_ref.wav"), y_ref,
                     self.cfg["sampling_rate"], "PCM_16")
            sf.write(png_path.replace(".png", "_gen.wav"), y_gen,
                     self.cfg["sampling_rate"], "PCM_16")

            if pos >= self.cfg["num_save_intermediate_results"]:
                break

    def _log_scalars(self, loss_sums):
        """Send each scalar to tensorboard."""
        for name_key, scalar in loss_sums.items():
            self.tb_log.add_scalar(name_key, scalar, self.step_no)

    def _maybe_save(self):
        if self.step_no % self.cfg["save_interval_steps"] == 0:
            self.write_ckpt(
                os.path.join(self.cfg["outdir"], f"checkpoint-{self.step_no}steps.pkl"))
            logging.info(f"checkpoint written at step {self.step_no}.")

    def _maybe_eval(self):
        if self.step_no % self.cfg["eval_interval_steps"] == 0:
            self._eval_full_pass()

    def _maybe_log(self):
        if self.step_no % self.cfg["log_interval_steps"] == 0:
            for name_key in self.train_loss_sums.keys():
                self.train_loss_sums[name_key] /= self.cfg["log_interval_steps"]
                logging.info(f"step {self.step_no}: {name_key} {self.train_loss_sums[name_key]:.4f}")
            self._log_scalars(self.train_loss_sums)

            # start fresh sums
            self.train_loss_sums = defaultdict(float)

    def _maybe_stop_train(self):
        if self.step_no >= self.cfg["train_max_steps"]:
            self.train_done = True


class WaveMelBatcher(object):
    """Collate function: random crops of audio and the matching mel frames."""

    def __init__(self,
                 max_batch_samples=20480,
                 hop_len=256,
                 ctx_pad=2
                 ):
        """Remember crop length, hop and context padding.

        Arguments:
            max_batch_samples: crop length in samples (rounded down to a hop multiple).
            hop_len: samples per feature frame.
            ctx_pad: extra frames kept on each side of the crop.

        """
        if max_batch_samples % hop_len != 0:
            max_batch_samples += -(max_batch_samples % hop_len)
        assert max_batch_samples % hop_len == 0
        self.max_batch_samples = max_batch_samples
        self.max_batch_frames = max_batch_samples // hop_len
        self.hop_len = hop_len
        self.ctx_pad = ctx_pad

    def __call__(self, cur_batch):
        """Crop, pad and stack a list of (audio, mel) pairs.

        Arguments:
            cur_batch: list of (audio, mel) tuples.

        Gives back:
            noise (B, 1, T),
            mel features (B, C, T'), with T = (T' - 2 * ctx_pad) * hop_len,
            target audio (B, 1, T),
            audio lengths (B,).

        """
        # crop each pair to the batch length
        kept_batch = []
        for pos in range(len(cur_batch)):
            x_wav, cond_c = cur_batch[pos]
            self._check_len_match(x_wav, cond_c, self.hop_len, 0)
            if len(cond_c) - 2 * self.ctx_pad > self.max_batch_frames:
                lo_frame = self.ctx_pad
                hi_frame = len(cond_c) - self.max_batch_frames - self.ctx_pad
                first_frame = np.random.randint(lo_frame, hi_frame)
                first_sample = first_frame * self.hop_len
                x_wav = x_wav[first_sample: first_sample + self.max_batch_samples]
                cond_c = cond_c[first_frame - self.ctx_pad:
                      first_frame + self.ctx_pad + self.max_batch_frames]
                self._check_len_match(x_wav, cond_c, self.hop_len, self.ctx_pad)
            else:
                logging.warn(f"dropping a clip too short to crop ({len(x_wav)} samples).")
                continue
            kept_batch.append((x_wav, cond_c))
        cur_batch = kept_batch

        # target audio, padded
        wav_lens = [len(item[0]) for item in cur_batch]
        longest_wav = max(wav_lens)
        y_batch_ref = np.array([self._pad_rows(item[0].reshape(-1, 1), longest_wav) for item in cur_batch], dtype=np.float32)
        y_batch_ref = torch.FloatTensor(y_batch_ref).transpose(2, 1)

        # mel features, padded
        feat_lens = [len(item[1]) for item in cur_batch]
        longest_feat = max(feat_lens)
        cond_batch = np.array([self._pad_rows(item[1], longest_feat) for item in cur_batch], dtype=np.float32)
        cond_batch = torch.FloatTensor(cond_batch).transpose(2, 1)

        # noise input
        noise_batch = torch.randn(y_batch_ref.size())

        # lengths
        wav_len_tensor = torch.LongTensor(wav_lens)

        return noise_batch, cond_batch, y_batch_ref, wav_len_tensor

    @staticmethod
    def _check_len_match(x_wav, cond_c, hop_len, ctx_frames):
        assert len(x_wav) == (len(cond_c) - 2 * ctx_frames) * hop_len

    @staticmethod
    def _pad_rows(x_wav, target_len, front_pad=0, fill_value=0):
        return np.pad(x_wav, [(front_pad, target_len - len(x_wav) - front_pad), (0, 0)],
                      mode="constant", constant_values=fill_value)


def entry():
    """Parse options, build data, nets and optimizers, then train."""
    cli = argparse.ArgumentParser(
        description="GAN vocoder training.")
    cli.add_argument("--train-dumpdir", type=str, required=True,
                        help="folder of dumped training features.")
    cli.add_argument("--dev-dumpdir", type=str, required=True,
                        help="folder of dumped dev features.")
    cli.add_argument("--outdir", type=str, required=True,
                        help="where checkpoints go.")
    cli.add_argument("--config", type=str, required=True,
                        help="settings file (yaml).")
    cli.add_argument("--resume", default="", type=str, nargs="?",
                        help="checkpoint to continue from (empty: start fresh).")
    cli.add_argument("--verbose", type=int, default=1,
                        help="verbosity: 0 warnings, 1 info, 2 debug.")
    opts = cli.parse_args()

    # logging level
    if opts.verbose > 1:
        logging.basicConfig(
            level=logging.DEBUG, format="%(asctime)s (%(module)s:%(lineno)d) %(levelname)s: %(message)s")
    elif opts.verbose > 0:
        logging.basicConfig(
            level=logging.INFO, format="%(asctime)s (%(module)s:%(lineno)d) %(levelname)s: %(message)s")
    else:
        logging.basicConfig(
            level=logging.WARN, format="%(asctime)s (%(module)s:%(lineno)d) %(levelname)s: %(message)s")
        logging.warning('only warnings and errors are shown')

    # output folder
    if not os.path.exists(opts.outdir):
        os.makedirs(opts.outdir)

    # read the yaml and save a copy
    with open(opts.cfg) as fh:
        cfg = yaml.load(fh, Loader=yaml.Loader)
    cfg.update(vars(opts))
    with open(os.path.join(opts.outdir, "config.yml"), "w") as fh:
        yaml.dump(cfg, fh, Dumper=yaml.Dumper)
    for name_key, scalar in cfg.items():
        logging.info(f"{name_key}: {scalar}")

    # datasets
    if cfg["remove_short_samples"]:
        min_mel_frames = cfg["batch_max_steps"] // cfg["hop_size"] + \
            2 * cfg["generator_params"]["aux_context_window"]
    else:
        min_mel_frames = None
    if cfg["format"] == "hdf5":
        wav_glob, feat_glob = "*.h5", "*.h5"
        wav_reader = lambda x_wav: read_hdf5(x_wav, "wave")  # NOQA
        feat_reader = lambda x_wav: read_hdf5(x_wav, "feats")  # NOQA
    elif cfg["format"] == "npy":
        wav_glob, feat_glob = "*-wave.npy", "*-feats.npy"
        wav_reader = np.load
        feat_reader = np.load
    else:
        raise ValueError("format must be hdf5 or npy.")
    datasets = {
        "train": AudioMelDataset(
            root_dir=opts.train_dumpdir,
            audio_query=wav_glob,
            mel_query=feat_glob,
            audio_load_fn=wav_reader,
            mel_load_fn=feat_reader,
            mel_length_threshold=min_mel_frames,
        ),
        "dev": AudioMelDataset(
            root_dir=opts.dev_dumpdir,
            audio_query=wav_glob,
            mel_query=feat_glob,
            audio_load_fn=wav_reader,
            mel_load_fn=feat_reader,
            mel_length_threshold=min_mel_frames),
    }

    # loaders
    if torch.cuda.is_available():
        run_device = torch.device("cuda")
    else:
        run_device = torch.device("cpu")
    batcher = WaveMelBatcher(
        max_batch_samples=cfg["batch_max_steps"],
        hop_len=cfg["hop_size"],
        ctx_pad=cfg["generator_params"]["aux_context_window"],
    )
    loaders = {
        "train": DataLoader(
            dataset=datasets["train"],
            shuffle=True,
            collate_fn=batcher,
            batch_size=cfg["batch_size"],
            num_workers=cfg["num_workers"],
            pin_memory=cfg["pin_memory"]),
        "dev": DataLoader(
            dataset=datasets["dev"],
            shuffle=True,
            collate_fn=batcher,
            batch_size=cfg["batch_size"],
            num_workers=cfg["num_workers"],
            pin_memory=cfg["pin_memory"]),
    }

    # nets, losses, optimizers, schedulers
    models = {
        "generator": ParallelWaveGANGenerator(
            **cfg["generator_params"]).to(run_device),
        "discriminator": ParallelWaveGANDiscriminator(
            **cfg["discriminator_params"]).to(run_device),
    }
    loss_fns = {
        "stft": MultiResolutionSTFTLoss(
            **cfg["stft_loss_params"]).to(run_device),
        "mse": torch.nn.MSELoss().to(run_device),
    }
    optimizers = {
        "generator": RAdam(
            models["generator"].parameters(),
            **cfg["generator_optimizer_params"]),
        "discriminator": RAdam(
            models["discriminator"].parameters(),
            **cfg["discriminator_optimizer_params"]),
    }
    lr_scheds = {
        "generator": torch.optim.lr_scheduler.StepLR(
            optimizer=optimizers["generator"],
            **cfg["generator_scheduler_params"]),
        "discriminator": torch.optim.lr_scheduler.StepLR(
            optimizer=optimizers["discriminator"],
            **cfg["discriminator_scheduler_params"]),
    }
    logging.info(models["generator"])
    logging.info(models["discriminator"])

    # the step runner
    runner = GanStepRunner(
        step_no=0,
        epoch_no=0,
        loaders=loaders,
        models=models,
        loss_fns=loss_fns,
        optimizers=optimizers,
        lr_scheds=lr_scheds,
        cfg=cfg,
        run_device=run_device,
    )

    # optional resume
    if len(opts.resume) != 0:
        runner.read_ckpt(opts.resume)
        logging.info(f"continuing from {opts.resume}.")

    # train, always saving on exit
    try:
        runner.loop_until_done()
    finally:
        runner.write_ckpt(
            os.path.join(cfg["outdir"], f"checkpoint-{runner.step_no}steps.pkl"))
        logging.info(f"final checkpoint at step {runner.step_no}.")


if __name__ == "__main__":
    entry()
