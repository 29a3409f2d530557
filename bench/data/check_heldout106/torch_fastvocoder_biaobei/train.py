import torch
import torch.nn as nn
import torch.nn.functional as F

import argparse
import random
import os
import time
import logging
import tensorboardX
import yaml
import hparams as hp
import numpy as np

from torch.optim import Adam, AdamW
from torch.optim.lr_scheduler import CosineAnnealingLR
from datetime import datetime
from model.loss.loss import Loss
from model.generator import MelGANGenerator
from model.generator import HiFiGANGenerator
from model.generator import MultiBandHiFiGANGenerator
from model.generator.basis_melgan import BasisMelGANGenerator
from model.discriminator import Discriminator
from model.generator.pqmf import PQMF

from vocoder_data import InMemoryPairs, BasisWeightPairs, DataLoader
from vocoder_data import preload_pairs, collate_groups, collate_single
from data.utils import count_params
from data.audio import save_wav

from tensorboardX import SummaryWriter

random.seed(0)

logging.basicConfig(format='%(asctime)s - %(levelname)s - %(name)s - %(message)s',
                    datefmt='%m/%d/%Y %H:%M:%S',
                    level=logging.INFO)
log = logging.getLogger(__name__)


try:
    import apex
    from apex import amp
except:
    log.warning("apex not available; amp disabled")


def train_step(model, critic,
            opt_g, opt_d,
            sched_g, sched_d,
            crit,
            mel, wav,
            epoch, gstep, n_steps,
            durations, t_begin,
            ckpt_dir, log_dir, tbw,
            weight=None, opt_basis=None,
            band_filter=None, use_amp=0):
    # begin
    t_in = time.perf_counter()

    # reset grads
    opt_g.zero_grad()
    opt_d.zero_grad()
    if opt_basis is not None:
        opt_basis.zero_grad()

    # generator pass
    pred_basis = None
    if weight is None:
        fake_wav = model(mel)
    else:
        fake_wav, pred_basis = model(mel)
        basis_mean = pred_basis.sum() / (pred_basis.size(0) * pred_basis.size(1) * pred_basis.size(2))
        basis_mean = round(basis_mean.item(), 6)
        tbw.add_scalar('basis_mean', basis_mean, global_step=gstep)

    # losses
    loss_sum = 0.
    spec_loss, basis_loss = crit(fake_wav, wav,
                                          est_weight=pred_basis,
                                          weight=weight,
                                          pqmf=band_filter)
    s_l = spec_loss.item()
    spec_loss = hp.lambda_stft * spec_loss
    loss_sum = loss_sum + spec_loss
    w_l = 0.
    if basis_loss is not None and gstep <= hp.discriminator_train_start_steps:
        w_l = basis_loss.item()
        loss_sum += basis_loss

    # adversarial term
    a_l = 0.
    f_l = 0.
    if gstep > hp.discriminator_train_start_steps:
        if band_filter is not None:
            fake_wav = band_filter.synthesis(fake_wav)[:, 0, :]
        d_out = critic(fake_wav.unsqueeze(1))

        # average over the scales
        adv_loss = 0.0
        for ii in range(len(d_out)):
            adv_loss += nn.MSELoss()(d_out[ii][-1], d_out[ii][-1].new_ones(d_out[ii][-1].size()))
        adv_loss /= float(len(d_out))
        a_l = adv_loss.item()
        adv_loss = hp.lambda_adv * adv_loss
        loss_sum = loss_sum + adv_loss

        if hp.use_feature_map_loss:
            # feature-matching term
            # real branch needs no graph
            with torch.no_grad():
                p = critic(wav.unsqueeze(1))
            fm_loss = 0.0
            for ii in range(len(d_out)):
                for jj in range(len(d_out[ii]) - 1):
                    fm_loss += nn.L1Loss()(d_out[ii][jj], p[ii][jj].detach())
            fm_loss /= (float(len(d_out)) * float(len(d_out[0]) - 1))
            f_l = fm_loss.item()
            fm_loss = hp.lambda_fm * fm_loss
            loss_sum = loss_sum + fm_loss

    # backprop
    if use_amp:
        with amp.scale_loss(loss_sum, opt_g) as scaled_g:
            scaled_g.backward()
    else:
        loss_sum.backward()

    # clip grads
    if use_amp:
        nn.utils.clip_grad_norm_(amp.master_params(opt_g), hp.grad_clip_thresh)
    else:
        nn.utils.clip_grad_norm_(model.parameters(), hp.grad_clip_thresh)

    # apply update
    opt_g.step()
    if sched_g is not None:
        sched_g.step()

    #######################
    #    critic update    #
    #######################
    d_l = 0.
    if gstep > hp.discriminator_train_start_steps:
        # reset critic grads
        opt_d.zero_grad()

        # regenerate the fake batch without a graph
        with torch.no_grad():
            if weight is not None:
                fake_for_d, _ = model(mel)
            else:
                fake_for_d = model(mel)
            if band_filter is not None:
                fake_for_d = band_filter.synthesis(fake_for_d)[:, 0, :]

        # critic objective
        p = critic(wav.unsqueeze(1))
        d_fake = critic(fake_for_d.unsqueeze(1).detach())

        # average over the scales
        loss_real = 0.0
        loss_fake = 0.0
        for ii in range(len(p)):
            loss_real += nn.MSELoss()(p[ii][-1], p[ii][-1].new_ones(p[ii][-1].size()))
            loss_fake += nn.MSELoss()(d_fake[ii][-1], d_fake[ii][-1].new_zeros(d_fake[ii][-1].size()))
        loss_real /= float(len(p))
        loss_fake /= float(len(p))
        loss_d = loss_real + loss_fake
        d_l = loss_d.item()

        # backprop
        if use_amp:
            with amp.scale_loss(loss_d, opt_d) as scaled_d:
                scaled_d.backward()
        else:
            loss_d.backward()

        # clip grads
        if use_amp:
            nn.utils.clip_grad_norm_(amp.master_params(opt_d), hp.grad_clip_thresh)
        else:
            nn.utils.clip_grad_norm_(critic.parameters(), hp.grad_clip_thresh)

        # apply update
        opt_d.step()
        if sched_d is not None:
            sched_d.step()

    # loss files
    t_l = loss_sum.item()
    with open(os.path.join(log_dir, "loss_total.txt"), "a") as fh_total:
        fh_total.write(str(t_l)+"\n")
    with open(os.path.join(log_dir, "loss_spec.txt"), "a") as fh_spec:
        fh_spec.write(str(s_l)+"\n")

    # console + tensorboard
    if gstep % hp.log_step == 0:
        t_now = time.perf_counter()

        msg1 = f"epoch {epoch + 1}/{hp.epochs} step {gstep}/{n_steps}:"
        msg2 = "spec {:.6f} basis {:.6f} total {:.6f};".format(s_l, w_l, t_l)
        msg3 = "adv {:.6f} critic {:.6f} fm {:.6f};".format(a_l, d_l, f_l)
        if sched_g is None:
            msg4 = "lr_g {:.6f} lr_d {:.6f};".format(hp.learning_rate, hp.learning_rate_discriminator)
        else:
            msg4 = "lr_g {:.6f} lr_d {:.6f};".format(sched_g.get_last_lr()[-1], sched_d.get_last_lr()[-1])
        msg5 = "elapsed {:.3f}s, eta {:.3f}s.".format((t_now - t_begin), (n_steps - gstep) * np.mean(durations))

        log.info("\n")
        log.info(msg1)
        log.info(msg2)
        log.info(msg3)
        log.info(msg4)
        log.info(msg5)

        with open(os.path.join(log_dir, "run_log.txt"), "a") as fh_log:
            fh_log.write(msg1 + "\n")
            fh_log.write(msg2 + "\n")
            fh_log.write(msg3 + "\n")
            fh_log.write(msg4 + "\n")
            fh_log.write(msg5 + "\n")
            fh_log.write("\n")

        tbw.add_scalar('loss/total', t_l, global_step=gstep)
        tbw.add_scalar('loss/spec', s_l, global_step=gstep)
        tbw.add_scalar('loss/adv', a_l, global_step=gstep)
        tbw.add_scalar('loss/critic', d_l, global_step=gstep)
        tbw.add_scalar('loss/fm', f_l, global_step=gstep)
        if basis_loss is not None:
            tbw.add_scalar('loss/basis', w_l, global_step=gstep)
        if sched_g is not None:
            tbw.add_scalar('lr', sched_g.get_last_lr()[-1], global_step=gstep)

    if gstep % hp.save_step == 0:
        ckpt = {
            'model': model.state_dict(),
            'optimizer': opt_g.state_dict(),
            'discriminator': critic.state_dict(),
            'discriminator_optimizer': opt_d.state_dict()
        }
        if use_amp:
            ckpt.update({'amp': amp.state_dict()})
        torch.save(
            ckpt,
            os.path.join(ckpt_dir, 'step_%d.pth.tar' % gstep))
        log.info("checkpoint written at step %d" % gstep)

    t_out = time.perf_counter()
    durations = np.append(durations, t_out - t_in)
    if len(durations) == hp.clear_time:
        mean_dur = np.mean(durations)
        durations = np.delete(durations, [i for i in range(len(durations))], axis=None)
        durations = np.append(durations, mean_dur)
    return durations


def run(args):
    # pick the device
    device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

    # build the generator
    log.info(f"building {args.model_name}")
    with open(args.config) as f:
        config = yaml.load(f, Loader=yaml.Loader)
    hp.lambda_stft = config["lamda_stft"]
    hp.use_feature_map_loss = config["use_feature_map_loss"]

    if args.model_name == "melgan":
        model = MelGANGenerator(in_channels=config["in_channels"],
                                out_channels=config["out_channels"],
                                kernel_size=config["kernel_size"],
                                channels=config["channels"],
                                upsample_scales=config["upsample_scales"],
                                stack_kernel_size=config["stack_kernel_size"],
                                stacks=config["stacks"],
                                use_weight_norm=config["use_weight_norm"],
                                use_causal_conv=config["use_causal_conv"]).to(device)
    elif args.model_name == "hifigan":
        model = HiFiGANGenerator(resblock_kernel_sizes=config["resblock_kernel_sizes"],
                                 upsample_rates=config["upsample_rates"],
                                 upsample_initial_channel=config["upsample_initial_channel"],
                                 resblock_type=config["resblock_type"],
                                 upsample_kernel_sizes=config["upsample_kernel_sizes"],
                                 resblock_dilation_sizes=config["resblock_dilation_sizes"],
                                 transposedconv=config["transposedconv"],
                                 bias=config["bias"]).to(device)
    elif args.model_name == "multiband-hifigan":
        model = MultiBandHiFiGANGenerator(resblock_kernel_sizes=config["resblock_kernel_sizes"],
                                          upsample_rates=config["upsample_rates"],
                                          upsample_initial_channel=config["upsample_initial_channel"],
                                          resblock_type=config["resblock_type"],
                                          upsample_kernel_sizes=config["upsample_kernel_sizes"],
                                          resblock_dilation_sizes=config["resblock_dilation_sizes"],
                                          transposedconv=config["transposedconv"],
                                          bias=config["bias"]).to(device)
    elif args.model_name == "basis-melgan":
        basis_kernel = np.load(os.path.join("Basis-MelGAN-dataset", "basis_signal_weight.npy"))
        basis_kernel = torch.from_numpy(basis_kernel)
        model = BasisMelGANGenerator(basis_signal_weight=basis_kernel,
                                     L=config["L"],
                                     in_channels=config["in_channels"],
                                     out_channels=config["out_channels"],
                                     kernel_size=config["kernel_size"],
                                     channels=config["channels"],
                                     upsample_scales=config["upsample_scales"],
                                     stack_kernel_size=config["stack_kernel_size"],
                                     stacks=config["stacks"],
                                     use_weight_norm=config["use_weight_norm"],
                                     use_causal_conv=config["use_causal_conv"],
                                     transposedconv=config["transposedconv"]).to(device)
    else:
        raise Exception("unknown generator name")
    band_filter = None
    if config["multiband"] == True:
        log.info("using PQMF bands")
        band_filter = PQMF().to(device)
    log.info(f"generator: {str(model)}")
    critic = Discriminator().to(device)

    log.info("generator ready")
    n_params = count_params(model)
    log.info(f'generator parameters: {n_params}')

    # optimisers and criterion
    opt_basis = None
    if not args.use_amp:
        if args.model_name == "basis-melgan":
            opt_g = Adam(model.melgan.parameters(), lr=args.learning_rate, eps=1.0e-6, weight_decay=0.0)
            # basis layer kept fixed
            opt_basis = Adam(model.basis_signal.parameters())
        else:
            opt_g = Adam(model.parameters(), lr=args.learning_rate, eps=1.0e-6, weight_decay=0.0)
        opt_d = Adam(critic.parameters(), lr=args.learning_rate_discriminator, eps=1.0e-6, weight_decay=0.0)
    else:
        if args.model_name == "basis-melgan":
            raise Exception("amp is not supported for basis-melgan")
        opt_g = apex.optimizers.FusedAdam(model.parameters(), lr=args.learning_rate)
        opt_d = apex.optimizers.FusedAdam(critic.parameters(), lr=args.learning_rate_discriminator)
        model, opt_g = amp.initialize(model, opt_g, opt_level="O1", keep_batchnorm_fp32=None)
        critic, opt_d = amp.initialize(critic, opt_d, opt_level="O1")
        log.info("amp enabled")

    if args.use_scheduler:
        sched_g = CosineAnnealingLR(opt_g, T_max=2500, eta_min=args.learning_rate / 10.)
        sched_d = CosineAnnealingLR(opt_d,
                                                    T_max=2500,
                                                    eta_min=args.learning_rate_discriminator / 10.)
    else:
        sched_g = None
        sched_d = None
    crit = Loss().to(device)
    log.info("optimisers ready")

    # resume when a checkpoint is given
    os.makedirs(hp.checkpoint_path, exist_ok=True)
    ckpt_dir = str(datetime.now()).replace(" ", "-").replace(":", "-").replace(".", "-")
    ckpt_dir = os.path.join(hp.checkpoint_path, ckpt_dir)
    try:
        state = torch.load(os.path.join(args.checkpoint_path), map_location=torch.device(device))
        model.load_state_dict(state['model'])
        opt_g.load_state_dict(state['optimizer'])
        if 'discriminator' in state:
            log.info("restoring critic")
            critic.load_state_dict(state['discriminator'])
            opt_d.load_state_dict(state['discriminator_optimizer'])
        os.makedirs(ckpt_dir, exist_ok=True)
        if args.use_amp:
            amp.load_state_dict(state['amp'])
        log.info("\n--- resumed at step %d ---\n" % args.restore_step)
    except:
        log.info("\n--- fresh run ---\n")
        os.makedirs(ckpt_dir, exist_ok=True)

    # log folders
    os.makedirs(hp.logger_path, exist_ok=True)
    log_dir = str(datetime.now()).replace(" ", "-").replace(":", "-").replace(".", "-")
    tbw = SummaryWriter(os.path.join(hp.tensorboard_path, log_dir))
    log_dir = os.path.join(hp.logger_path, log_dir)
    os.makedirs(log_dir, exist_ok=True)

    # preload features
    if args.model_name != "basis-melgan":
        log.info("preloading train features")
        store = preload_pairs(args.audio_index_path, args.mel_index_path, log, cache_file="feats_train.bin")
        log.info("preloading valid features")
        val_store = preload_pairs(args.audio_index_valid_path, args.mel_index_valid_path, log, cache_file="feats_valid.bin")

    # datasets
    if args.model_name == "basis-melgan":
        train_set = BasisWeightPairs(args.audio_index_path, args.mel_index_path, config["L"])
        val_set = BasisWeightPairs(args.audio_index_valid_path, args.mel_index_valid_path, config["L"])
    else:
        train_set = InMemoryPairs(store)
        val_set = InMemoryPairs(val_store)

    # train loader
    train_dl = DataLoader(train_set,
                                 batch_size=hp.batch_expand_size * hp.batch_size,
                                 shuffle=True,
                                 collate_fn=collate_groups,
                                 drop_last=True,
                                 num_workers=4,
                                 prefetch_factor=2,
                                 pin_memory=True)
    log.info(f"train loader has {len(train_dl)} batches")
    n_steps = hp.epochs * len(train_dl) * hp.batch_expand_size

    # timing
    durations = np.array([])
    t_begin = time.perf_counter()

    # loop
    model = model.train()
    for epoch in range(hp.epochs):
        for i, groups_in in enumerate(train_dl):

            # each group is one real batch
            for j, grp in enumerate(groups_in):
                gstep = i * hp.batch_expand_size + j + args.restore_step + epoch * len(train_dl) * hp.batch_expand_size + 1

                # move to device
                ta0 = time.perf_counter()
                mel = grp["mel"].float().to(device)
                wav = grp["wav"].float().to(device)
                mel = mel.contiguous().transpose(1, 2)
                weight = None
                if "weight" in grp:
                    weight = grp["weight"].float().to(device)
                ta1 = time.perf_counter()
                dt_load = round(ta1 - ta0, 5)

                # loop
                tb0 = time.perf_counter()
                durations = train_step(
                    model, critic,
                    opt_g, opt_d,
                    sched_g, sched_d,
                    crit,
                    mel, wav,
                    epoch, gstep, n_steps,
                    durations, t_begin,
                    ckpt_dir, log_dir, tbw,
                    weight=weight,
                    opt_basis=opt_basis,
                    band_filter=band_filter,
                    use_amp=args.use_amp)
                tb1 = time.perf_counter()
                dt_step = round(tb1 - tb0, 5)

                if gstep % hp.valid_step == 0:
                    log.info("validating")
                    val_dl = DataLoader(val_set, batch_size=1,
                                              shuffle=True,
                                              collate_fn=collate_single,
                                              num_workers=0)
                    val_sum = 0.
                    for ii, vb in enumerate(val_dl):
                        v_mel = vb["mel"].float().to(device)
                        v_mel = v_mel.contiguous().transpose(1, 2)
                        v_wav = vb["wav"].float().to(device)
                        with torch.no_grad():
                            if args.model_name == "basis-melgan":
                                v_fake, _ = model(v_mel)
                            else:
                                v_fake = model(v_mel)
                            v_spec, _ = crit(v_fake, v_wav, pqmf=band_filter)
                            val_sum += v_spec.item()
                        if ii == hp.valid_num:
                            break
                    tbw.add_scalar('val/spec', val_sum / float(hp.valid_num), global_step=gstep)

    tbw.export_scalars_to_json(os.path.join("all_scalars.json"))
    tbw.close()
    return


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio_index_path", type=str, default=os.path.join("dataset", "audio", "train"))
    parser.add_argument("--mel_index_path", type=str, default=os.path.join("dataset", "mel", "train"))

    parser.add_argument("--audio_index_valid_path", type=str, default=os.path.join("dataset", "audio", "valid"))
    parser.add_argument("--mel_index_valid_path", type=str, default=os.path.join("dataset", "mel", "valid"))

    parser.add_argument("--checkpoint_path", type=str, default="")
    parser.add_argument("--restore_step", type=int, default=0)

    parser.add_argument("--learning_rate", type=float, default=hp.learning_rate)
    parser.add_argument("--learning_rate_discriminator", type=float, default=hp.learning_rate_discriminator)

    parser.add_argument("--model_name", type=str, help="one of melgan, hifigan, multiband-hifigan, basis-melgan")
    parser.add_argument("--config", type=str, help="yaml with the generator settings")

    parser.add_argument("--use_scheduler", type=int, default=0)
    parser.add_argument("--use_amp", type=int, default=0)

    args = parser.parse_args()
    run(args)
