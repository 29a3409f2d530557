import os
import math
import tqdm
import torch
import torch.nn as nn
import torch.nn.functional as F
import itertools
import traceback

from generator import Generator
from multiscale import MultiScaleDiscriminator
from misc import repo_revision
from validation import run_validation


def fit_gan(opts, ckpt_dir, resume_path, train_dl, val_dl, tb, log, hp, hp_text):
    gen = Generator(hp.audio.n_mel_channels).cuda()
    disc = MultiScaleDiscriminator().cuda()

    opt_g = torch.optim.Adam(gen.parameters(),
        lr=hp.train.adam.lr, betas=(hp.train.adam.beta1, hp.train.adam.beta2))
    opt_d = torch.optim.Adam(disc.parameters(),
        lr=hp.train.adam.lr, betas=(hp.train.adam.beta1, hp.train.adam.beta2))

    rev = repo_revision()

    first_epoch = -1
    step = 0

    if resume_path is not None:
        log.info("resuming from %s" % resume_path)
        state = torch.load(resume_path)
        gen.load_state_dict(state['model_g'])
        disc.load_state_dict(state['model_d'])
        opt_g.load_state_dict(state['optim_g'])
        opt_d.load_state_dict(state['optim_d'])
        step = state['step']
        first_epoch = state['epoch']

        if hp_text != state['hp_str']:
            log.warning("settings differ from the checkpoint; using the new ones.")

        if rev != state['githash']:
            log.warning("code revision differs from the checkpoint.")
            log.warning("%s -> %s" % (state['githash'], rev))

    else:
        log.info("fresh run.")

    # fixed batch shapes, so let cudnn pick kernels
    # (would be slow with varying shapes)
    torch.backends.cudnn.benchmark = True

    try:
        gen.train()
        disc.train()
        for epoch in itertools.count(first_epoch+1):
            if epoch % hp.log.validation_interval == 0:
                with torch.no_grad():
                    run_validation(hp, opts, gen, disc, val_dl, tb, step)

            train_dl.dataset.reshuffle_partner()
            bar = tqdm.tqdm(train_dl, desc='training')
            for (mel_g, wav_g), (mel_d, wav_d) in bar:
                mel_g = mel_g.cuda()
                wav_g = wav_g.cuda()
                mel_d = mel_d.cuda()
                wav_d = wav_d.cuda()

                # generator update
                opt_g.zero_grad()
                synth = gen(mel_g)[:, :, :hp.audio.segment_length]
                d_synth = disc(synth)
                d_true = disc(wav_g)
                g_loss = 0.0
                for (fmaps_s, out_s), (fmaps_t, _) in zip(d_synth, d_true):
                    g_loss += torch.mean(torch.sum(torch.pow(out_s - 1.0, 2), dim=[1, 2]))
                    for fs, ft in zip(fmaps_s, fmaps_t):
                        g_loss += hp.model.feat_match * torch.mean(torch.abs(fs - ft))

                g_loss.backward()
                opt_g.step()

                # discriminator update
                synth = gen(mel_d)[:, :, :hp.audio.segment_length]
                synth = synth.detach()
                d_accum = 0.0
                for _ in range(hp.train.rep_discriminator):
                    opt_d.zero_grad()
                    d_synth = disc(synth)
                    d_true = disc(wav_d)
                    d_loss = 0.0
                    for (_, out_s), (_, out_t) in zip(d_synth, d_true):
                        d_loss += torch.mean(torch.sum(torch.pow(out_t - 1.0, 2), dim=[1, 2]))
                        d_loss += torch.mean(torch.sum(torch.pow(out_s, 2), dim=[1, 2]))

                    d_loss.backward()
                    opt_d.step()
                    d_accum += d_loss

                step += 1
                # logging
                g_loss = g_loss.item()
                d_mean = d_accum / hp.train.rep_discriminator
                d_mean = d_mean.item()
                if any([g_loss > 1e8, math.isnan(g_loss), d_mean > 1e8, math.isnan(d_mean)]):
                    log.error("g %.01f d %.01f at step %d!" % (g_loss, d_mean, step))
                    raise Exception("loss diverged")

                if step % hp.log.summary_interval == 0:
                    tb.log_training(g_loss, d_mean, step)
                    bar.set_description("g %.04f d %.04f | step %d" % (g_loss, d_mean, step))

            if epoch % hp.log.save_interval == 0:
                out_file = os.path.join(ckpt_dir, '%s_%s_%04d.pt'
                    % (opts.name, rev, epoch))
                torch.save({
                    'model_g': gen.state_dict(),
                    'model_d': disc.state_dict(),
                    'optim_g': opt_g.state_dict(),
                    'optim_d': opt_d.state_dict(),
                    'step': step,
                    'epoch': epoch,
                    'hp_str': hp_text,
                    'githash': rev,
                }, out_file)
                log.info("checkpoint written: %s" % out_file)

    except Exception as e:
        log.info("stopping on exception: %s" % e)
        traceback.print_exc()
