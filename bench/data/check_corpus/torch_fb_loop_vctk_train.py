# source: https://github.com/facebookarchive/loop/blob/366f3b2270d3a0a987b3f26de1ee8153fc6a28c6/train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# Multi-speaker text-to-speech (VoiceLoop) training on VCTK features, truncated back-propagation through time.

import os
import argparse
import visdom
import numpy as np
from tqdm import tqdm

import torch
import torch.optim as optim

from data import NpzFolder, NpzLoader, TBPTTIter
from model import Loop, MaskedMSE
from utils import create_output_dir, wrap, check_grad


ap = argparse.ArgumentParser(description='VoiceLoop training')
# run
ap.add_argument('--epochs', type=int, default=92, metavar='N', help='passes over the training set')
ap.add_argument('--seed', type=int, default=1, metavar='S', help='seed for torch and CUDA')
ap.add_argument('--expName', type=str, default='vctk', metavar='E', help='run name (folder under checkpoints/)')
ap.add_argument('--data', type=str, default='corpora/vctk', metavar='D', help='folder with the feature files')
ap.add_argument('--checkpoint', type=str, default='', metavar='C', help='weights to resume from')
ap.add_argument('--gpu', type=int, default=0, metavar='G', help='CUDA device index')
ap.add_argument('--visualize', action='store_true', help='plot the loss curves in visdom')
# data
ap.add_argument('--seq-len', type=int, default=100, help='frames per truncated-BPTT chunk')
ap.add_argument('--max-seq-len', type=int, default=1000, help='longest utterance kept, in frames')
ap.add_argument('--batch-size', type=int, default=64, help='utterances per batch')
ap.add_argument('--lr', type=float, default=1e-4, help='Adam step size')
ap.add_argument('--clip-grad', type=float, default=0.5, help='gradient norm is clipped to this')
ap.add_argument('--ignore-grad', type=float, default=10000.0, help='steps whose gradient norm exceeds this are skipped')
# network
ap.add_argument('--vocabulary-size', type=int, default=44, help='number of phoneme symbols')
ap.add_argument('--output-size', type=int, default=63, help='vocoder features per frame')
ap.add_argument('--hidden-size', type=int, default=256, help='width of the hidden layers')
ap.add_argument('--K', type=int, default=10, help='Gaussians in the attention mixture')
ap.add_argument('--noise', type=int, default=4, help='amount of input noise')
ap.add_argument('--attention-alignment', type=float, default=0.05, help='attention step per input symbol')
ap.add_argument('--nspk', type=int, default=22, help='speakers in the data')
ap.add_argument('--mem-size', type=int, default=20, help='slots of the memory buffer')


hp = ap.parse_args()
hp.expName = os.path.join('checkpoints', hp.expName)
torch.cuda.set_device(hp.gpu)
torch.manual_seed(hp.seed)
torch.cuda.manual_seed(hp.seed)
log = create_output_dir(hp)
board = visdom.Visdom(env=hp.expName)


log.info("reading the feature folders")
train_set = NpzFolder(hp.data + '/features_train', hp.nspk == 1)
train_loader = NpzLoader(train_set, batch_size=hp.batch_size, max_seq_len=hp.max_seq_len, shuffle=True,
                         pin_memory=True, num_workers=4)

valid_set = NpzFolder(hp.data + '/features_valid', hp.nspk == 1)
valid_loader = NpzLoader(valid_set, batch_size=hp.batch_size, max_seq_len=hp.max_seq_len,
                         pin_memory=True, num_workers=4)
log.info("Dataset folders and loaders ready")


def train_epoch(tts_model, masked_loss, optimizer, epoch, train_history):
    epoch_sum = 0
    tts_model.train()
    bar = tqdm(train_loader, desc=f'training, epoch {epoch}')

    for whole_txt, whole_feat, whole_spk in bar:
        chunks = TBPTTIter(whole_txt, whole_feat, whole_spk, hp.seq_len)
        utter_sum = 0

        for txt, feat, speaker, first in chunks:
            text_input = wrap(txt)
            feat_target = wrap(feat)
            speaker = wrap(speaker)

            # gradients accumulate across the chunks of one utterance batch
            if first:
                optimizer.zero_grad()

            predicted, _ = tts_model([text_input, speaker], feat_target[0], first)
            loss = masked_loss(predicted, feat_target[0], feat_target[1])

            loss.backward()
            if check_grad(tts_model.parameters(), hp.clip_grad, hp.ignore_grad):
                log.info('gradient not finite or too large: step skipped')
                optimizer.zero_grad()
                continue
            optimizer.step()

            utter_sum += loss.data[0]

        utter_sum = utter_sum / len(chunks)
        epoch_sum += utter_sum
        bar.set_description(f'training, epoch {epoch}, loss {utter_sum:.2f}')

    mean = epoch_sum / len(train_loader)
    train_history.append(mean)
    if hp.visualize:
        board.line(X=torch.arange(1, 1 + len(train_history)),
                   Y=np.asarray(train_history),
                   win='train curve ' + hp.expName,
                   opts=dict(title="training loss"))

    log.info(f'epoch mean training loss {mean:.4f}')


def validate_epoch(tts_model, masked_loss, epoch, valid_history):
    epoch_sum = 0
    bar = tqdm(valid_loader, desc=f'validation, epoch {epoch}')

    for txt, feat, speaker in bar:
        text_input = wrap(txt, volatile=True)
        feat_target = wrap(feat, volatile=True)
        speaker = wrap(speaker, volatile=True)

        predicted, _ = tts_model([text_input, speaker], feat_target[0])
        loss = masked_loss(predicted, feat_target[0], feat_target[1])

        epoch_sum += loss.data[0]

        bar.set_description(f'validation, epoch {epoch}, loss {loss.data[0]:.2f}')

    mean = epoch_sum / len(valid_loader)
    valid_history.append(mean)
    if hp.visualize:
        board.line(X=torch.arange(1, 1 + len(valid_history)),
                   Y=np.asarray(valid_history),
                   win='validation curve ' + hp.expName,
                   opts=dict(title="validation loss"))

    log.info(f'epoch mean validation loss {mean:.4f}')
    return mean


def main():
    first_epoch = 1
    tts_model = Loop(hp)
    tts_model.cuda()

    if hp.checkpoint != '':
        saved_args = torch.load(os.path.dirname(hp.checkpoint) + '/hp.pth')
        first_epoch = saved_args[3]
        tts_model.load_state_dict(torch.load(hp.checkpoint))

    masked_loss = MaskedMSE().cuda()
    optimizer = optim.Adam(tts_model.parameters(), lr=hp.lr)

    train_history = []
    valid_history = []
    lowest = float('inf')

    for epoch in range(first_epoch, first_epoch + hp.epochs):
        train_epoch(tts_model, masked_loss, optimizer, epoch, train_history)
        valid_loss = validate_epoch(tts_model, masked_loss, epoch, valid_history)
        if valid_loss < lowest:
            torch.save(tts_model.state_dict(), f'{hp.expName}/best.pth')
            lowest = valid_loss

        torch.save(tts_model.state_dict(), f'{hp.expName}/last.pth')
        torch.save([hp, train_history, valid_history, epoch], f'{hp.expName}/hp.pth')


if __name__ == '__main__':
    main()
