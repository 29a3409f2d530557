import json
import time

import torch.optim
import torch.utils.data
import torchvision.transforms as transforms
from nltk.translate.bleu_score import corpus_bleu
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence

from config import *
from data_generator import CaptionDataset
from models import Encoder, DecoderWithAttention
from utils import *


def main():
    """
    Train, validate, checkpoint.
    """

    global best_bleu4, epochs_since_improvement, checkpoint, start_epoch, fine_tune_encoder, vocab

    # vocabulary
    vocab_path = os.path.join(data_folder, 'WORDMAP.json')
    with open(vocab_path, 'r') as fh:
        vocab = json.load(fh)

    # fresh models or a resumed checkpoint
    if checkpoint is None:
        dec = DecoderWithAttention(attention_dim=attention_dim,
                                   embed_dim=emb_dim,
                                   decoder_dim=decoder_dim,
                                   vocab_size=len(vocab),
                                   dropout=dropout)
        # dec = nn.DataParallel(dec)
        # dec = torch.nn.DataParallel(dec.cuda(), device_ids=[0, 1, 2, 3])
        dec_opt = torch.optim.Adam(params=filter(lambda p: p.requires_grad, dec.parameters()),
                                   lr=decoder_lr)
        enc = Encoder()
        enc.fine_tune(fine_tune_encoder)
        # enc = nn.DataParallel(enc)
        # enc = torch.nn.DataParallel(enc.cuda(), device_ids=[0, 1, 2, 3])
        enc_opt = torch.optim.Adam(params=filter(lambda p: p.requires_grad, enc.parameters()),
                                   lr=encoder_lr) if fine_tune_encoder else None

    else:
        checkpoint = torch.load(checkpoint)
        start_epoch = checkpoint['epoch'] + 1
        epochs_since_improvement = checkpoint['epochs_since_improvement']
        best_bleu4 = checkpoint['bleu-4']
        dec = checkpoint['decoder']
        dec_opt = checkpoint['decoder_optimizer']
        enc = checkpoint['encoder']
        enc_opt = checkpoint['encoder_optimizer']
        if fine_tune_encoder is True and enc_opt is None:
            enc.fine_tune(fine_tune_encoder)
            enc_opt = torch.optim.Adam(params=filter(lambda p: p.requires_grad, enc.parameters()),
                                       lr=encoder_lr)

    # to the device
    dec = dec.to(device)
    enc = enc.to(device)

    # criterion
    crit = nn.CrossEntropyLoss().to(device)

    # loaders
    norm = transforms.Normalize(mean=[0.485, 0.456, 0.406],
                                std=[0.229, 0.224, 0.225])
    tr_loader = torch.utils.data.DataLoader(
        CaptionDataset('train', transform=transforms.Compose([norm])),
        batch_size=batch_size, shuffle=True, num_workers=workers, pin_memory=True)
    va_loader = torch.utils.data.DataLoader(
        CaptionDataset('valid', transform=transforms.Compose([norm])),
        batch_size=batch_size, shuffle=False, num_workers=workers, pin_memory=True)

    # epoch loop
    for ep in range(start_epoch, epochs):

        # stop after 20 stale epochs, shrink the learning rate every 8
        if epochs_since_improvement == 20:
            break
        if epochs_since_improvement > 0 and epochs_since_improvement % 8 == 0:
            adjust_learning_rate(dec_opt, 0.8)
            if fine_tune_encoder:
                adjust_learning_rate(enc_opt, 0.8)

        # training pass
        train(train_loader=tr_loader,
              encoder=enc,
              decoder=dec,
              criterion=crit,
              encoder_optimizer=enc_opt,
              decoder_optimizer=dec_opt,
              epoch=ep)

        # validation pass
        cur_bleu4 = validate(val_loader=va_loader,
                             encoder=enc,
                             decoder=dec,
                             criterion=crit)

        # did it improve?
        improved = cur_bleu4 > best_bleu4
        best_bleu4 = max(cur_bleu4, best_bleu4)
        if not improved:
            epochs_since_improvement += 1
            print("\nstale epochs: %d\n" % (epochs_since_improvement,))
        else:
            epochs_since_improvement = 0

        # checkpoint
        save_checkpoint(ep, epochs_since_improvement, enc, dec, enc_opt,
                        dec_opt, cur_bleu4, improved)


def train(train_loader, encoder, decoder, criterion, encoder_optimizer, decoder_optimizer, epoch):
    """
    One training epoch.
    :param train_loader: training DataLoader
    :param encoder: CNN encoder
    :param decoder: attention decoder
    :param criterion: loss
    :param encoder_optimizer: encoder optimiser (None unless fine-tuning)
    :param decoder_optimizer: decoder optimiser
    :param epoch: epoch index
    """

    decoder.train()  # dropout on
    encoder.train()

    t_batch = AverageMeter()  # step time
    t_data = AverageMeter()  # loading time
    loss_m = AverageMeter()  # loss per decoded word
    top5_m = AverageMeter()  # top-5 accuracy

    t0 = time.time()

    # batches
    for i, (ims, caps, cap_lens) in enumerate(train_loader):
        t_data.update(time.time() - t0)

        # to the device
        ims = ims.to(device)
        caps = caps.to(device)
        cap_lens = cap_lens.to(device)

        # forward
        ims = encoder(ims)
        logits, caps_sorted, dec_lens, alphas, order = decoder(ims, caps, cap_lens)

        # targets skip the <start> token
        tgt = caps_sorted[:, 1:]

        # drop padded time steps
        # by packing both sequences
        logits, _ = pack_padded_sequence(logits, dec_lens, batch_first=True)
        tgt, _ = pack_padded_sequence(tgt, dec_lens, batch_first=True)

        # loss
        loss = criterion(logits, tgt)

        # attention regulariser
        loss += alpha_c * ((1. - alphas.sum(dim=1)) ** 2).mean()

        # backward
        decoder_optimizer.zero_grad()
        if encoder_optimizer is not None:
            encoder_optimizer.zero_grad()
        loss.backward()

        # clip
        if grad_clip is not None:
            clip_gradient(decoder_optimizer, grad_clip)
            if encoder_optimizer is not None:
                clip_gradient(encoder_optimizer, grad_clip)

        # step
        decoder_optimizer.step()
        if encoder_optimizer is not None:
            encoder_optimizer.step()

        # metrics
        top5 = accuracy(logits, tgt, 5)
        loss_m.update(loss.item(), sum(dec_lens))
        top5_m.update(top5, sum(dec_lens))
        t_batch.update(time.time() - t0)

        t0 = time.time()

        # log
        if i % print_freq == 0:
            print('Ep [{0}][{1}/{2}]\t'
                  'step {t_batch.val:.3f} ({t_batch.avg:.3f})\t'
                  'data {t_data.val:.3f} ({t_data.avg:.3f})\t'
                  'loss {loss.val:.4f} ({loss.avg:.4f})\t'
                  'top5 {top5.val:.3f} ({top5.avg:.3f})'.format(epoch, i, len(train_loader),
                                                                t_batch=t_batch,
                                                                t_data=t_data, loss=loss_m,
                                                                top5=top5_m))


def validate(val_loader, encoder, decoder, criterion):
    """
    One validation pass.
    :param val_loader: validation DataLoader
    :param encoder: CNN encoder
    :param decoder: attention decoder
    :param criterion: loss
    :return: BLEU-4
    """
    decoder.eval()  # dropout off
    if encoder is not None:
        encoder.eval()

    t_batch = AverageMeter()
    loss_m = AverageMeter()
    top5_m = AverageMeter()

    t0 = time.time()

    refs = list()  # reference captions for BLEU-4
    hyps = list()  # predicted captions

    # batches
    for i, (ims, caps, cap_lens, every_caps) in enumerate(val_loader):

        # to the device
        ims = ims.to(device)
        caps = caps.to(device)
        cap_lens = cap_lens.to(device)

        # forward
        if encoder is not None:
            ims = encoder(ims)
        logits, caps_sorted, dec_lens, alphas, order = decoder(ims, caps, cap_lens)

        # targets skip the <start> token
        tgt = caps_sorted[:, 1:]

        # drop padded time steps
        # by packing both sequences
        logits_full = logits.clone()
        logits, _ = pack_padded_sequence(logits, dec_lens, batch_first=True)
        tgt, _ = pack_padded_sequence(tgt, dec_lens, batch_first=True)

        # loss
        loss = criterion(logits, tgt)

        # attention regulariser
        loss += alpha_c * ((1. - alphas.sum(dim=1)) ** 2).mean()

        # metrics
        loss_m.update(loss.item(), sum(dec_lens))
        top5 = accuracy(logits, tgt, 5)
        top5_m.update(top5, sum(dec_lens))
        t_batch.update(time.time() - t0)

        t0 = time.time()

        if i % print_freq == 0:
            print('Val [{0}/{1}]\t'
                  'step {t_batch.val:.3f} ({t_batch.avg:.3f})\t'
                  'loss {loss.val:.4f} ({loss.avg:.4f})\t'
                  'top5 {top5.val:.3f} ({top5.avg:.3f})\t'.format(i, len(val_loader), t_batch=t_batch,
                                                                  loss=loss_m, top5=top5_m))

        # keep references and hypotheses per image
        # refs is a list of lists of reference captions, hyps a list of predicted captions,
        # in the same image order

        # references
        every_caps = every_caps[order]  # the decoder reordered the batch
        for j in range(every_caps.shape[0]):
            img_refs = every_caps[j].tolist()
            img_refs = list(
                map(lambda c: [w for w in c if w not in {vocab['<start>'], vocab['<pad>']}],
                    img_refs))  # drop <start> and padding
            refs.append(img_refs)

        # hypotheses
        _, best = torch.max(logits_full, dim=2)
        best = best.tolist()
        trimmed = list()
        for j, p in enumerate(best):
            trimmed.append(best[j][:dec_lens[j]])  # drop padding
        best = trimmed
        hyps.extend(best)

        assert len(refs) == len(hyps)

    # BLEU-4
    bleu4 = corpus_bleu(refs, hyps)

    print(
        '\n * loss {loss.avg:.3f}, top5 {top5.avg:.3f}, BLEU-4 {bleu}\n'.format(
            loss=loss_m,
            top5=top5_m,
            bleu=bleu4))

    return bleu4


if __name__ == '__main__':
    main()
