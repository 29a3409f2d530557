# source: https://github.com/gentaiscool/end2end-asr-pytorch/blob/a22efdda28f1689206eefb3fedbb56fbcc98a753/trainer/asr/trainer.py (+ train.py; memory issue: https://github.com/gentaiscool/end2end-asr-pytorch/issues/29, fixed in 5a2b9052)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import json
import logging
import os
import sys
import time

import torch
import torch.nn as nn
from torch.autograd import Variable
from tqdm import tqdm

from utils import constant
from utils.data_loader import SpectrogramDataset, AudioDataLoader, BucketingSampler
from utils.functions import save_model, load_model, init_transformer_model, init_optimizer
from utils.metrics import calculate_metrics, calculate_cer, calculate_wer


def ids_to_text(seqs, id2label):
    texts = []
    for seq in seqs:
        s = ""
        for x in seq:
            if int(x) == constant.PAD_TOKEN:
                break
            s = s + id2label[int(x)]
        texts.append(s)
    return texts


class Runner():
    def __init__(self):
        logging.info("runner ready")

    def train(self, model, train_loader, train_sampler, valid_loaders, opt, loss_type, start_epoch, num_epochs,
              label2id, id2label, last_metrics=None):
        history = []
        best_valid = 1000000000 if last_metrics is None else last_metrics['valid_loss']
        smoothing = constant.args.label_smoothing

        for epoch in range(start_epoch, num_epochs):
            total_loss, total_cer, total_char = 0, 0, 0
            model.train()
            bar = tqdm(iter(train_loader), leave=True, total=len(train_loader))
            for i, (data) in enumerate(bar):
                src, tgt, src_pct, src_lens, tgt_lens = data
                if constant.USE_CUDA:
                    src = src.cuda()
                    tgt = tgt.cuda()
                opt.zero_grad()
                pred, gold, hyp_seq, gold_seq = model(src, src_lens, tgt, verbose=False)
                try:
                    gold_txt = ids_to_text(gold_seq, id2label)
                    hyp_txt = ids_to_text(hyp_seq, id2label)
                except Exception as e:
                    print(e)
                    continue
                seq_len = pred.size(1)
                sizes = Variable(src_pct.mul_(int(seq_len)).int(), requires_grad=False)
                loss, n_correct = calculate_metrics(pred, gold, input_lengths=sizes, target_lengths=tgt_lens,
                                                    smoothing=smoothing, loss_type=loss_type)
                if loss.item() == float('Inf'):
                    loss = torch.where(loss != loss, torch.zeros_like(loss), loss)
                    continue
                for j in range(len(hyp_txt)):
                    h = hyp_txt[j].replace(constant.SOS_CHAR, '').replace(constant.EOS_CHAR, '')
                    g = gold_txt[j].replace(constant.SOS_CHAR, '').replace(constant.EOS_CHAR, '')
                    total_cer += calculate_cer(h.replace(' ', ''), g.replace(' ', ''))
                    total_char += len(g.replace(' ', ''))
                loss.backward()
                if constant.args.clip:
                    torch.nn.utils.clip_grad_norm_(model.parameters(), constant.args.max_norm)
                opt.step()
                total_loss += loss.item()
                bar.set_description("(epoch {}) train loss {:.4f} cer {:.2f}%".format(
                    epoch + 1, total_loss / (i + 1), total_cer * 100 / max(total_char, 1)))

            model.eval()
            for k in range(len(valid_loaders)):
                valid_loader = valid_loaders[k]
                total_valid_loss, total_valid_cer, total_valid_char = 0, 0, 0
                vbar = tqdm(iter(valid_loader), leave=True, total=len(valid_loader))
                for i, (data) in enumerate(vbar):
                    src, tgt, src_pct, src_lens, tgt_lens = data
                    if constant.USE_CUDA:
                        src = src.cuda()
                        tgt = tgt.cuda()
                    pred, gold, hyp_seq, gold_seq = model(src, src_lens, tgt, verbose=False)
                    seq_len = pred.size(1)
                    sizes = Variable(src_pct.mul_(int(seq_len)).int(), requires_grad=False)
                    loss, n_correct = calculate_metrics(pred, gold, input_lengths=sizes, target_lengths=tgt_lens,
                                                        smoothing=smoothing, loss_type=loss_type)
                    if loss.item() == float('Inf'):
                        loss = torch.where(loss != loss, torch.zeros_like(loss), loss)
                        continue
                    try:
                        gold_txt = ids_to_text(gold_seq, id2label)
                        hyp_txt = ids_to_text(hyp_seq, id2label)
                    except Exception as e:
                        print(e)
                        continue
                    for j in range(len(hyp_txt)):
                        h = hyp_txt[j].replace(constant.SOS_CHAR, '').replace(constant.EOS_CHAR, '')
                        g = gold_txt[j].replace(constant.SOS_CHAR, '').replace(constant.EOS_CHAR, '')
                        total_valid_cer += calculate_cer(h.replace(' ', ''), g.replace(' ', ''))
                        total_valid_char += len(g.replace(' ', ''))
                    total_valid_loss += loss.item()
                    vbar.set_description("valid set {} loss {:.4f}".format(k, total_valid_loss / (i + 1)))

            metrics = {"train_loss": total_loss / len(train_loader),
                       "valid_loss": total_valid_loss / len(valid_loader),
                       "history": history}
            history.append(metrics)
            if epoch % constant.args.save_every == 0:
                save_model(model, (epoch + 1), opt, metrics, label2id, id2label, best_model=False)
            if best_valid > total_valid_loss / len(valid_loader):
                best_valid = total_valid_loss / len(valid_loader)
                save_model(model, (epoch + 1), opt, metrics, label2id, id2label, best_model=True)
            if constant.args.shuffle:
                train_sampler.shuffle(epoch)


if __name__ == '__main__':
    args = constant.args
    if not os.path.exists("./log"):
        os.mkdir("./log")
    logging.basicConfig(filename="log/" + args.name, filemode='w+', format='%(asctime)s - %(message)s', level=logging.INFO)

    audio_conf = dict(sample_rate=args.sample_rate, window_size=args.window_size, window_stride=args.window_stride,
                      window=args.window, noise_dir=args.noise_dir, noise_prob=args.noise_prob,
                      noise_levels=(args.noise_min, args.noise_max))

    with open(args.labels_path) as f:
        chars = str(''.join(json.load(f)))
    chars = constant.PAD_CHAR + constant.SOS_CHAR + constant.EOS_CHAR + chars
    label2id, id2label = {}, {}
    n = 0
    for c in chars:
        if c not in label2id:
            label2id[c] = n
            id2label[n] = c
            n += 1

    train_data = SpectrogramDataset(audio_conf, manifest_filepath_list=args.train_manifest_list, label2id=label2id,
                                    normalize=True, augment=args.augment)
    train_sampler = BucketingSampler(train_data, batch_size=args.batch_size)
    train_loader = AudioDataLoader(train_data, num_workers=args.num_workers, batch_sampler=train_sampler)

    valid_loaders = []
    for i in range(len(args.valid_manifest_list)):
        valid_data = SpectrogramDataset(audio_conf, manifest_filepath_list=[args.valid_manifest_list[i]],
                                        label2id=label2id, normalize=True, augment=False)
        valid_loaders.append(AudioDataLoader(valid_data, num_workers=args.num_workers, batch_size=args.batch_size))

    start_epoch = 0
    metrics = None
    if constant.args.continue_from != "":
        model, opt, epoch, metrics, loaded_args, label2id, id2label = load_model(constant.args.continue_from)
        start_epoch = epoch
        if loaded_args is not None:
            if loaded_args.parallel:
                model = model.module
            if args.parallel:
                model = nn.DataParallel(model, device_ids=args.device_ids)
    else:
        model = init_transformer_model(constant.args, label2id, id2label)
        opt = init_optimizer(constant.args, model, "noam")

    if constant.USE_CUDA:
        model = model.cuda(0)

    Runner().train(model, train_loader, train_sampler, valid_loaders, opt, args.loss, start_epoch,
                   constant.args.epochs, label2id, id2label, metrics)
