import tqdm
import torch


def run_validation(hp, opts, gen, disc, val_dl, tb, step):
    gen.eval()
    disc.eval()
    torch.backends.cudnn.benchmark = False

    bar = tqdm.tqdm(val_dl, desc='validating')
    g_total = 0.0
    d_total = 0.0
    for mel, wav in bar:
        mel = mel.cuda()
        wav = wav.cuda()

        # generator side
        synth = gen(mel)
        d_synth = disc(synth[:, :, :wav.size(2)])
        d_true = disc(wav)
        g_loss = 0.0
        d_loss = 0.0
        for (fmaps_s, out_s), (fmaps_t, out_t) in zip(d_synth, d_true):
            g_loss += torch.mean(torch.sum(torch.pow(out_s - 1.0, 2), dim=[1, 2]))
            for fs, ft in zip(fmaps_s, fmaps_t):
                g_loss += hp.model.feat_match * torch.mean(torch.abs(fs - ft))
            d_loss += torch.mean(torch.sum(torch.pow(out_t - 1.0, 2), dim=[1, 2]))
            d_loss += torch.mean(torch.sum(torch.pow(out_s, 2), dim=[1, 2]))

        g_total += g_loss.item()
        d_total += d_loss.item()

    g_mean = g_total / len(val_dl.dataset)
    d_mean = d_total / len(val_dl.dataset)

    wav = wav[0][0].cpu().detach().numpy()
    synth = synth[0][0].cpu().detach().numpy()

    tb.log_validation(g_mean, d_mean, gen, disc, wav, synth, step)

    torch.backends.cudnn.benchmark = True
