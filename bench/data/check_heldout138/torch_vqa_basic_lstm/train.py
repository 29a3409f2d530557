import os
import argparse
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.optim import lr_scheduler
from data_loader import build_loaders
from models import QAModel


dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')


def main(opts):

    os.makedirs(opts.log_dir, exist_ok=True)
    os.makedirs(opts.model_dir, exist_ok=True)

    loaders = build_loaders(
        root=opts.input_dir,
        train_file='train.npy',
        valid_file='valid.npy',
        max_q_len=opts.max_qst_length,
        max_answers=opts.max_num_ans,
        batch_size=opts.batch_size,
        num_workers=opts.num_workers)

    q_vocab_n = loaders['train'].dataset.q_vocab.vocab_size
    a_vocab_n = loaders['train'].dataset.a_vocab.vocab_size
    a_unk = loaders['train'].dataset.a_vocab.unk2idx

    net = QAModel(
        embed_size=opts.embed_size,
        qst_vocab_size=q_vocab_n,
        ans_vocab_size=a_vocab_n,
        word_embed_size=opts.word_embed_size,
        num_layers=opts.num_layers,
        hidden_size=opts.hidden_size).to(dev)

    loss_fn = nn.CrossEntropyLoss()

    trainable = list(net.img_encoder.fc.parameters()) \
        + list(net.qst_encoder.parameters()) \
        + list(net.fc1.parameters()) \
        + list(net.fc2.parameters())

    opt = optim.Adam(trainable, lr=opts.learning_rate)
    sched = lr_scheduler.StepLR(opt, step_size=opts.step_size, gamma=opts.gamma)

    for ep in range(opts.num_epochs):

        for split in ['train', 'valid']:

            loss_sum = 0.0
            hits_a = 0
            hits_b = 0
            n_batches = len(loaders[split].dataset) / opts.batch_size

            if split == 'train':
                sched.step()
                net.train()
            else:
                net.eval()

            for b_idx, batch in enumerate(loaders[split]):

                img = batch['image'].to(dev)
                qst = batch['question'].to(dev)
                lbl = batch['answer_label'].to(dev)
                choices = batch['answer_multi_choice']  # a list, not a tensor

                opt.zero_grad()

                with torch.set_grad_enabled(split == 'train'):

                    logits = net(img, qst)      # [batch, answer vocab = 1000]
                    _, pred_a = torch.max(logits, 1)  # [batch]
                    _, pred_b = torch.max(logits, 1)  # [batch]
                    loss = loss_fn(logits, lbl)

                    if split == 'train':
                        loss.backward()
                        opt.step()

                # multiple-choice accuracy, two variants:
                # A counts a predicted '<unk>' as a valid answer,
                # B never does.
                pred_b[pred_b == a_unk] = -9999
                loss_sum += loss.item()
                hits_a += torch.stack([(c == pred_a.cpu()) for c in choices]).any(dim=0).sum()
                hits_b += torch.stack([(c == pred_b.cpu()) for c in choices]).any(dim=0).sum()

                # progress line every 100 batches
                if b_idx % 100 == 0:
                    print('[{}] epoch {:02d}/{:02d} step {:04d}/{:04d} loss {:.4f}'
                          .format(split.upper(), ep+1, opts.num_epochs, b_idx, int(n_batches), loss.item()))

            # epoch summary
            ep_loss = loss_sum / n_batches
            ep_acc_a = hits_a.double() / len(loaders[split].dataset)      # multiple choice
            ep_acc_b = hits_b.double() / len(loaders[split].dataset)      # multiple choice

            print('[{}] epoch {:02d}/{:02d} loss {:.4f} accA {:.4f} accB {:.4f} \n'
                  .format(split.upper(), ep+1, opts.num_epochs, ep_loss, ep_acc_a, ep_acc_b))

            # write the epoch numbers to a log file
            with open(os.path.join(opts.log_dir, '{}-epoch-{:02}.log')
                      .format(split, ep+1), 'w') as fh:
                fh.write(str(ep+1) + '\t'
                        + str(ep_loss) + '\t'
                        + str(ep_acc_a.item()) + '\t'
                        + str(ep_acc_b.item()))

        # checkpoint
        if (ep+1) % opts.save_step == 0:
            torch.save({'epoch': ep+1, 'state_dict': net.state_dict()},
                       os.path.join(opts.model_dir, 'vqa-epoch-{:02d}.ckpt'.format(ep+1)))


if __name__ == '__main__':

    p = argparse.ArgumentParser()

    p.add_argument('--input_dir', type=str, default='./datasets',
                        help='folder with the preprocessed VQA files.')

    p.add_argument('--log_dir', type=str, default='./logs',
                        help='folder for log files.')

    p.add_argument('--model_dir', type=str, default='./models',
                        help='folder for checkpoints.')

    p.add_argument('--max_qst_length', type=int, default=30,
                        help='longest question kept, in tokens \
                              (VQA questions reach 26).')

    p.add_argument('--max_num_ans', type=int, default=10,
                        help='answers kept per question.')

    p.add_argument('--embed_size', type=int, default=1024,
                        help='size of the joint image / question \
                              feature.')

    p.add_argument('--word_embed_size', type=int, default=300,
                        help='size of the word embedding \
                              fed to the LSTM.')

    p.add_argument('--num_layers', type=int, default=2,
                        help='LSTM depth.')

    p.add_argument('--hidden_size', type=int, default=512,
                        help='LSTM hidden size.')

    p.add_argument('--learning_rate', type=float, default=0.001,
                        help='Adam learning rate.')

    p.add_argument('--step_size', type=int, default=10,
                        help='epochs between lr decays.')

    p.add_argument('--gamma', type=float, default=0.1,
                        help='lr decay factor.')

    p.add_argument('--num_epochs', type=int, default=30,
                        help='epochs to train.')

    p.add_argument('--batch_size', type=int, default=256,
                        help='samples per batch.')

    p.add_argument('--num_workers', type=int, default=8,
                        help='DataLoader worker processes.')

    p.add_argument('--save_step', type=int, default=1,
                        help='epochs between checkpoints.')

    opts = p.parse_args()

    main(opts)
