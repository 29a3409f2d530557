# source: https://github.com/sgrvinod/a-PyTorch-Tutorial-to-Image-Captioning/blob/01f749f503c01e2698fdf77287480892b6d07610/train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import time
import torch.backends.cudnn as cudnn
import torch.optim
import torch.utils.data
import torchvision.transforms as transforms
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence
from models import Encoder, DecoderWithAttention
from datasets import *
from utils import *
from nltk.translate.bleu_score import corpus_bleu

data_dir = '/media/ssd/caption data'
base_name = 'coco_5_cap_per_img_5_min_word_freq'

embedding_size = 512
attn_size = 512
lstm_size = 512
lstm_layers = 1
drop_p = 0.5
resume_from = 'BEST_checkpoint_coco_5_cap_per_img_5_min_word_freq.pth.tar'
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
cudnn.benchmark = True

first_epoch = 0
n_epochs = 120
stale_epochs = 0
batch_size = 32
loader_workers = 1
enc_lr = 1e-4
dec_lr = 4e-4
clip_value = 5.
attn_reg = 1.
best_score = 0.
tune_encoder = True


def main():
    global best_score, stale_epochs, resume_from, first_epoch, tune_encoder, base_name, vocab

    with open(os.path.join(data_dir, 'WORDMAP_' + base_name + '.json'), 'r') as fh:
        vocab = json.load(fh)

    if resume_from is None:
        decoder = DecoderWithAttention(attention_dim=attn_size, embed_dim=embedding_size, decoder_dim=lstm_size,
                                       vocab_size=len(vocab), decoder_layers=lstm_layers, dropout=drop_p)
        dec_opt = torch.optim.Adam(params=filter(lambda p: p.requires_grad, decoder.parameters()), lr=dec_lr)
        encoder = Encoder()
        encoder.fine_tune(tune_encoder)
        enc_opt = torch.optim.Adam(params=filter(lambda p: p.requires_grad, encoder.parameters()),
                                   lr=enc_lr) if tune_encoder else None
    else:
        state = torch.load(resume_from)
        first_epoch = state['epoch'] + 1
        stale_epochs = state['epochs_since_improvement']
        best_score = state['bleu-4']
        decoder = state['decoder']
        dec_opt = state['decoder_optimizer']
        encoder = state['encoder']
        enc_opt = state['encoder_optimizer']
        if tune_encoder is True and enc_opt is None:
            encoder.fine_tune(tune_encoder)
            enc_opt = torch.optim.Adam(params=filter(lambda p: p.requires_grad, encoder.parameters()), lr=enc_lr)

    decoder = decoder.to(device)
    encoder = encoder.to(device)
    loss_fn = nn.CrossEntropyLoss().to(device)

    norm = transforms.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    train_loader = torch.utils.data.DataLoader(
        CaptionDataset(data_dir, base_name, 'TRAIN', transform=transforms.Compose([norm])),
        batch_size=batch_size, shuffle=True, num_workers=loader_workers, pin_memory=True)
    val_loader = torch.utils.data.DataLoader(
        CaptionDataset(data_dir, base_name, 'VAL', transform=transforms.Compose([norm])),
        batch_size=batch_size, shuffle=True, num_workers=loader_workers, pin_memory=True)

    for epoch in range(first_epoch, n_epochs):
        if stale_epochs == 20:
            break
        if stale_epochs > 0 and stale_epochs % 8 == 0:
            adjust_learning_rate(dec_opt, 0.8)
            if tune_encoder:
                adjust_learning_rate(enc_opt, 0.8)

        train_epoch(train_loader, encoder, decoder, loss_fn, enc_opt, dec_opt, epoch)
        score = validate(val_loader, encoder, decoder, loss_fn)

        improved = score > best_score
        best_score = max(score, best_score)
        stale_epochs = 0 if improved else stale_epochs + 1
        save_checkpoint(base_name, epoch, stale_epochs, encoder, decoder, enc_opt, dec_opt, score, improved)


def train_epoch(train_loader, encoder, decoder, loss_fn, enc_opt, dec_opt, epoch):
    decoder.train()
    encoder.train()
    loss_meter = AverageMeter()
    top5_meter = AverageMeter()

    for i, (imgs, caps, caplens) in enumerate(train_loader):
        imgs = imgs.to(device)
        caps = caps.to(device)
        caplens = caplens.to(device)

        imgs = encoder(imgs)
        scores, caps_sorted, decode_lengths, alphas, sort_ind = decoder(imgs, caps, caplens)
        targets = caps_sorted[:, 1:]
        scores, _ = pack_padded_sequence(scores, decode_lengths, batch_first=True)
        targets, _ = pack_padded_sequence(targets, decode_lengths, batch_first=True)

        loss = loss_fn(scores, targets)
        loss += attn_reg * ((1. - alphas.sum(dim=1)) ** 2).mean()

        dec_opt.zero_grad()
        if enc_opt is not None:
            enc_opt.zero_grad()
        loss.backward()
        if clip_value is not None:
            clip_gradient(dec_opt, clip_value)
            if enc_opt is not None:
                clip_gradient(enc_opt, clip_value)
        dec_opt.step()
        if enc_opt is not None:
            enc_opt.step()

        top5 = accuracy(scores, targets, 5)
        loss_meter.update(loss.item(), sum(decode_lengths))
        top5_meter.update(top5, sum(decode_lengths))


def validate(val_loader, encoder, decoder, loss_fn):
    decoder.eval()
    if encoder is not None:
        encoder.eval()
    loss_meter = AverageMeter()
    top5_meter = AverageMeter()
    references = list()
    hypotheses = list()

    for i, (imgs, caps, caplens, allcaps) in enumerate(val_loader):
        imgs = imgs.to(device)
        caps = caps.to(device)
        caplens = caplens.to(device)

        if encoder is not None:
            imgs = encoder(imgs)
        scores, caps_sorted, decode_lengths, alphas, sort_ind = decoder(imgs, caps, caplens)
        targets = caps_sorted[:, 1:]
        scores_copy = scores.clone()
        scores, _ = pack_padded_sequence(scores, decode_lengths, batch_first=True)
        targets, _ = pack_padded_sequence(targets, decode_lengths, batch_first=True)

        loss = loss_fn(scores, targets)
        loss += attn_reg * ((1. - alphas.sum(dim=1)) ** 2).mean()
        loss_meter.update(loss.item(), sum(decode_lengths))
        top5 = accuracy(scores, targets, 5)
        top5_meter.update(top5, sum(decode_lengths))

        allcaps = allcaps[sort_ind]
        for j in range(allcaps.shape[0]):
            caps_j = allcaps[j].tolist()
            cleaned = list(map(lambda c: [w for w in c if w not in {vocab['<start>'], vocab['<pad>']}], caps_j))
            references.append(cleaned)

        _, preds = torch.max(scores_copy, dim=2)
        preds = preds.tolist()
        trimmed = list()
        for j, p in enumerate(preds):
            trimmed.append(preds[j][:decode_lengths[j]])
        preds = trimmed
        hypotheses.extend(preds)

    return corpus_bleu(references, hypotheses, emulate_multibleu=True)


if __name__ == '__main__':
    main()
