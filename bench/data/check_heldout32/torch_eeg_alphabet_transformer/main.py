#encoding:utf-8
import torch.utils.data as dataloader
from params import args
from data import *
from model import *
from utils import *
import numpy as np
import torch as t

t.manual_seed(19260817)
np.random.seed(19260817)

class Trainer:
    def __init__(self):
        if args.eval:
            test_data, test_label = get_eval_datasets()
            test_data *= 1000
            self.test_data = EEGDataset(test_data, test_label)
            self.test_loader = dataloader.DataLoader(self.test_data, batch_size=args.test_batch, shuffle=False)
        else:
            train_data, train_label, test_data, test_label = get_datasets()
            train_data *= 1000
            test_data *= 1000
            self.train_data, self.test_data = EEGDataset(train_data, train_label), EEGDataset(test_data, test_label)
            self.train_loader = dataloader.DataLoader(self.train_data, batch_size=args.train_batch, shuffle=True)
            self.test_loader = dataloader.DataLoader(self.test_data, batch_size=args.test_batch, shuffle=False)
            log('trials loaded')

    def save_model(self):
        state = {
            'encoder1': self.channel_encoder.state_dict(),
            'encoder2': self.time_encoder.state_dict(),
            'classifier': self.letter_head.state_dict()
        }
        t.save(state, './ckpt/method1_best.ckpt')
        log('checkpoint written', bold=True)

    def load_model(self):
        state = t.load('./ckpt/method1_best.ckpt')
        self.channel_encoder.load_state_dict(state['encoder1'])
        self.time_encoder.load_state_dict(state['encoder2'])
        self.letter_head.load_state_dict(state['classifier'])
        log('checkpoint restored')
        
    def run(self):
        best_acc = 0
        self.prepare_model()
        if args.eval:
            self.load_model()
            scores = self.test_epoch()
            log(f"accuracy on the evaluation file: {scores['precision']}", bold=True)
            exit()
        for epoch in range(args.train_epochs):
            scores = self.train_epoch()
            log(f'train epoch {epoch}/{args.train_epochs} {scores}')
            if epoch % args.test_every == 0:
                scores = self.test_epoch()
                log(f'test after epoch {epoch}/{args.train_epochs} {scores}')
                if scores['precision'] > best_acc:
                    best_acc = scores['precision']
                    log(f'new best accuracy {best_acc:.4f}', bold=True)
                    self.save_model()
        scores = self.test_epoch()
        log(f'final test {scores}')
        if scores['precision'] > best_acc:
            best_acc = scores['precision']
            self.save_model()
        log(f'best accuracy {best_acc:.4f}', bold=True)

    def prepare_model(self):
        """
        two encoders embed every trial: one attends over electrodes, one over time;
        a small MLP classifies the joined embeddings;
        a separate contrastive module was planned but not written
        """
        self.channel_encoder = ChannelTransformerEncoder().cuda()
        self.time_encoder = TimeTransformerEncoder().cuda()
        self.letter_head = LetterClassifier().cuda()
        # placeholder for the planned contrastive module
        self.criterion = nn.CrossEntropyLoss()
        self.optimizer = t.optim.Adam(
            [{"params": self.channel_encoder.parameters()},
            {"params": self.time_encoder.parameters()},
            {"params": self.letter_head.parameters()}],
            lr=args.lr, weight_decay=0
        )

    def train_epoch(self):
        self.channel_encoder.train()
        self.time_encoder.train()
        self.letter_head.train()
        epoch_loss, epoch_loss_main, epoch_hits = 0, 0, 0
        train_loader = self.train_loader
        n_steps = train_loader.dataset.__len__() // args.train_batch
        for step, batch in enumerate(train_loader):
            batch = [x.cuda() for x in batch]

            trials, labels = batch
            trials = t.squeeze(trials) # (batch, time points, electrodes)

            channel_emb = self.channel_encoder(t.swapaxes(trials, -1, -2))
            time_emb = self.time_encoder(trials)
            logits = self.letter_head(channel_emb, time_emb)

            loss_main = self.criterion(logits, labels) # letter classification
            loss_penalty = (squared_norm_penalty(self.channel_encoder) + \
                    squared_norm_penalty(self.time_encoder) + \
                    squared_norm_penalty(self.letter_head)) * args.reg # weight norm term
            loss_contrast = view_contrastive_loss(channel_emb, time_emb) * args.reg_cont
            loss = loss_main + loss_penalty + loss_contrast

            epoch_loss += loss.item()
            epoch_loss_main += loss_main.item()
            log(f'step {step}/{n_steps}: loss {loss:.3f}, main {loss_main:.3f}, penalty {loss_penalty:.3f}', online=True)

            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()

            logits = (logits == t.max(logits, dim=-1, keepdim=True)[0])
            hits = t.sum(labels * logits).item()
            epoch_hits += hits

        scores = dict()
        scores['loss'] = epoch_loss / n_steps
        scores['loss_main'] = epoch_loss_main / n_steps
        scores['precision'] = epoch_hits / train_loader.dataset.__len__()

        return scores

    def test_epoch(self):
        self.channel_encoder.eval()
        self.time_encoder.eval()
        self.letter_head.eval()
        test_loader = self.test_loader
        epoch_hits = 0
        n_trials = test_loader.dataset.__len__()
        n_steps = n_trials // args.test_batch
        for step, batch in enumerate(test_loader):
            batch = [x.cuda() for x in batch]
            trials, labels = batch
            trials = t.squeeze(trials)

            channel_emb = self.channel_encoder(t.swapaxes(trials, -1, -2))
            time_emb = self.time_encoder(trials)
            logits = self.letter_head(channel_emb, time_emb)
            logits = (logits == t.max(logits, dim=-1, keepdim=True)[0])

            hits = t.sum(labels * logits).item()
            epoch_hits += hits
            log(f'test step {step}/{n_steps}: hits {hits:.3f}', online=True)
        scores = dict()
        scores['precision'] = epoch_hits / n_trials
        return scores

if __name__ == '__main__':

    log('starting')

    trainer = Trainer()
    trainer.run()
