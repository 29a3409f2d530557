"""
PerformanceRNN on the MAESTRO piano corpus: an LSTM over MIDI event tokens
(note-on / note-off / time-shift / velocity).  The training entry point and
the project modules it imports (dataset, training loop, model, MIDI token
helpers, epoch logger, GPU probe) are gathered here.  The one-off routines that
convert the .midi files into token tensors on disk are not included.
"""
import math
import os
import platform
import random
import re
import sys
import time

import GPUtil
import pandas as pd
import torch
import torch.nn.functional as F
from music21 import midi
from torch.utils.tensorboard import SummaryWriter


# ------------------------------------------------------------------ GPU probe
prev = [0]


def printm():
    gpu = GPUtil.getGPUs()[0]
    print("GPU RAM Free: {0:.0f}MB | Used: {1:.0f}MB | Delta: {2:.0f}MB | Util {3:3.0f}% | Total {4:.0f}MB".format(
        gpu.memoryFree, gpu.memoryUsed, gpu.memoryUsed - prev[0], gpu.memoryUtil * 100, gpu.memoryTotal))
    prev[0] = gpu.memoryUsed
    return gpu.memoryUtil * 100


# ------------------------------------------------------------ MIDI tokens
def writeMidi(mf, filename='tempmidi.mid'):
    mf.open(filename, attrib='wb')
    mf.write()
    mf.close()
    return filename


event_to_idx = {}
for k in range(128):
    event_to_idx['note-on-' + str(k)] = k
for k in range(128):
    event_to_idx['note-off-' + str(k)] = k + 128
for k in range(100):
    event_to_idx['time-shift-' + str(k + 1)] = k + 128 + 128
for k in range(32):
    event_to_idx['velocity-' + str(k)] = k + 128 + 128 + 100

idx_to_event = list(event_to_idx.keys())
NUM_CHANNELS = len(idx_to_event)


def makeNote(track, pitch, velocity):
    ev = midi.MidiEvent(track, type=midi.ChannelVoiceMessages.NOTE_ON, channel=1)
    ev.pitch = int(pitch)
    ev.velocity = int(velocity)
    return ev


def idxsToMidi(tokens, verbose=False):
    """Turn a token sequence back into a two-track MIDI file object."""
    mf = midi.MidiFile()
    mf.ticksPerQuarterNote = 1024
    tempo_track = midi.MidiTrack(0)
    track = midi.MidiTrack(1)
    mf.tracks = [tempo_track, track]

    tempo = midi.MidiEvent(tempo_track, type=midi.MetaEvents.SET_TEMPO)
    # 1 tick == 1 ms so that time-shift values map directly onto ticks
    tempo.data = int(1e3 * 1024).to_bytes(3, 'big')
    eot = midi.MidiEvent(tempo_track, type=midi.MetaEvents.END_OF_TRACK)
    eot.data = ''
    tempo_track.events = [midi.DeltaTime(tempo_track, time=0), tempo,
                          midi.DeltaTime(tempo_track, time=0), eot]
    track.events = [midi.DeltaTime(track, time=0)]

    velocity = 0
    sounding = set()
    errors = {'is_on': 0, 'is_not_on': 0}
    for tok in tokens:
        if 0 <= tok < 128:
            if tok in sounding:
                if verbose:
                    print(tok, 'is already on')
                errors['is_on'] += 1
                continue
            if track.events[-1].type != 'DeltaTime':
                track.events.append(midi.DeltaTime(track, time=0))
            track.events.append(makeNote(track, tok, velocity))
            sounding.add(tok)
        elif 128 <= tok < (128 + 128):
            pitch = tok - 128
            if pitch not in sounding:
                if verbose:
                    print(pitch, 'is not on')
                errors['is_not_on'] += 1
                continue
            if track.events[-1].type != 'DeltaTime':
                track.events.append(midi.DeltaTime(track, time=0))
            track.events.append(makeNote(track, pitch, 0))
            sounding.remove(pitch)
        elif (128 + 128) <= tok < (128 + 128 + 100):
            dt = (1 + tok - (128 + 128)) * 10
            if track.events[-1].type == 'DeltaTime':
                track.events[-1].time += dt
            else:
                track.events.append(midi.DeltaTime(track, time=dt))
        else:
            velocity = (tok - (128 + 128 + 100)) * 4

    if verbose:
        print('remaining notes left on:', sounding)
    if track.events[-1].type != 'DeltaTime':
        track.events.append(midi.DeltaTime(track, time=0))
    track.events.append(eot)
    return mf, errors


# --------------------------------------------------------------- dataset
MAESTRO_DIRECTORY = 'maestro-v2.0.0' if platform.system() == 'Linux' else 'Music/maestro-v2.0.0'


def augmentIdxs(seq):
    shift = random.randint(-3, 3)
    stretch = 0.95 + random.randint(0, 4) * 0.025
    on = (seq >= 0) * (seq < 128)
    seq[on] = torch.clamp(seq[on] + shift, 0, 127).long()
    off = (seq >= 128) * (seq < 256)
    seq[off] = torch.clamp(seq[off] + shift, 128, 255).long()
    ts = (seq >= 256) * (seq < 356)
    seq[ts] = torch.clamp((seq[ts] - 256) * stretch, 0, 99).long() + 256
    return shift, stretch


def batch_collate(items):
    shortest = min([it['output'].shape[0] for it in items])
    return {
        'output': torch.stack([it['output'][:shortest] for it in items]),
        'input': torch.stack([it['input'][:shortest, :] for it in items]),
    }


class MaestroMidiDataset(torch.utils.data.Dataset):
    # phase is 'train' or 'eval'
    def __init__(self, phase, directory=MAESTRO_DIRECTORY, channels=NUM_CHANNELS, len=None, max_data_len=10000):
        table = pd.read_csv(directory + '/maestro-v2.0.0.csv')
        self.df = table[(table['split'] == 'train') if phase == 'train' else (table['split'] != 'train')]
        self.df.reset_index(drop=True, inplace=True)
        self.onehot = torch.eye(channels).to('cuda')
        self.phase = phase
        self.manual_len = len
        self.max_data_len = max_data_len
        self.cache = dict()

    def fillCache(self, directory=MAESTRO_DIRECTORY):
        print('filling cache for', self.phase)
        printm()
        for i in range(len(self)):
            fname = self.df['midi_filename'][i]
            self.cache[fname] = torch.load(directory + '-tensors/' + fname + '.pt').to('cuda')
        printm()

    def __len__(self):
        return self.manual_len if self.manual_len is not None else len(self.df)

    def getFullItem(self, i, seq_len):
        # no augmentation, always from the start of the track
        fname = self.df['midi_filename'][i]
        seq = self.cache[fname][:seq_len].long()
        return {'idxs': seq, 'input': self.onehot[seq]}

    def __getitem__(self, i):
        fname = self.df['midi_filename'][i]
        # random crop + transposition + tempo stretch
        seq = self.cache[fname]
        start = random.randint(0, max(0, len(seq) - self.max_data_len - 1))
        seq = seq[start:start + self.max_data_len].long()
        shift, stretch = augmentIdxs(seq)
        return {
            'input': self.onehot[seq[:-1]],
            'output': seq[1:],
            'start': start,
            'pitch_transposition': shift,
            'time_stretch': stretch,
        }

    @classmethod
    def get_dataloader(Dataset, phase, len=None, max_data_len=10000, **kwargs):
        ds = Dataset(phase, len=len, max_data_len=max_data_len, **kwargs)
        ds.fillCache()
        return torch.utils.data.DataLoader(ds, batch_size=4, shuffle=True,
                                           num_workers=0, collate_fn=batch_collate)


# ------------------------------------------------------------------- model
class PerformanceRNN(torch.nn.Module):
    def __init__(self, input_channels, output_channels, hidden_size, num_layers, dropout=0):
        super(PerformanceRNN, self).__init__()
        self.lstm = torch.nn.LSTM(input_size=input_channels, hidden_size=hidden_size,
                                  num_layers=3, batch_first=True, dropout=dropout)
        for pname, p in self.lstm.named_parameters():
            if 'bias' in pname:
                torch.nn.init.constant_(p, 0.0)
            elif 'weight' in pname:
                torch.nn.init.xavier_normal_(p)
        self.linear = torch.nn.Linear(in_features=hidden_size, out_features=output_channels)
        self.hidden_size = hidden_size

    def forward(self, x):
        # x: [batch, seq, channels]; CrossEntropyLoss wants [batch, channels, seq]
        y, _ = self.lstm(x)
        y = self.linear(F.relu(y))
        return y.transpose(1, 2)

    def forward_hidden(self, x, hidden=None):
        y, hidden = self.lstm(x, hidden)
        return self.linear(F.relu(y)), hidden

    def forward_step(self, steps, prime=torch.zeros(1, 1, 388), greedy=True, alpha=1.0, condition=None):
        dev = next(self.parameters()).device
        onehot = torch.eye(NUM_CHANNELS).to(dev)
        generated = torch.zeros(steps).to(dev)
        logits, hidden = self.forward_hidden(prime)
        tok = torch.argmax(logits[0, -1], 0) if greedy else \
            torch.distributions.Categorical(torch.softmax(alpha * logits[0, -1], 0)).sample()
        generated[0] = tok
        for i in range(steps - 1):
            step_in = onehot[tok]
            if condition is not None:
                step_in = condition(step_in)
            logits, hidden = self.forward_hidden(step_in[None, None, :], hidden)
            tok = torch.argmax(logits[0, -1], 0) if greedy else \
                torch.distributions.Categorical(torch.softmax(alpha * logits[0, -1], 0)).sample()
            generated[i + 1] = tok
        return generated.to('cpu')


# ------------------------------------------------------------ epoch logger
DEFAULT_MODEL_DIR = 'models' if platform.system() == 'Linux' else 'Documents/PerformanceMidi/models'
DEFAULT_RUNS_DIR = '../runs' if platform.system() == 'Linux' else 'runs'


class EpochWriter:
    def __init__(self, model, name_prefix, get_seq_for_errors, iteration=0, model_dir=DEFAULT_MODEL_DIR):
        self.model = model
        self.name_prefix = name_prefix
        self.get_seq_for_errors = get_seq_for_errors
        self.model_dir = model_dir
        self.epoch = 0
        self.name = F'{self.name_prefix}-iter{iteration}'
        self.writer = SummaryWriter(DEFAULT_RUNS_DIR + '/' + self.name)

    def to_tup(self, filename):
        hit = re.search(F'{self.name_prefix}-iter([0-9]+)-([0-9]+).pt', filename)
        return hit.group(1), hit.group(2)

    def get_latest_model(self, iteration_override=None):
        ckpts = filter(lambda f: self.name_prefix in f, os.listdir(self.model_dir))
        (iteration, epoch) = sorted([self.to_tup(c) for c in ckpts],
                                    key=lambda t: int(t[0]) * 10000 + int(t[1]), reverse=True)[0]
        path = F"{self.model_dir}/{self.name_prefix}-iter{iteration}-{epoch}.pt"
        print(F"loading model {path}")
        self.model.load_state_dict(torch.load(path))
        self.epoch = 1 + int(epoch)
        iteration = iteration if iteration_override is None else iteration_override
        self.name = F'{self.name_prefix}-iter{iteration}'
        self.writer = SummaryWriter(DEFAULT_RUNS_DIR + '/' + self.name)

    def write_data_epoch(self, phase, loss_avg, all_losses):
        self.writer.add_scalar(phase + '_epoch_loss', loss_avg, self.epoch)
        print(self.epoch, phase, loss_avg)
        base = self.epoch * len(all_losses)
        for i, l in enumerate(all_losses):
            self.writer.add_scalar(phase + '_loss', l, i + base)
        if math.isnan(loss_avg):
            print('loss is nan, quitting!')
            exit()
        if phase == 'train':
            self.model.eval()
            print('getting prediction for errors...')
            seq = self.get_seq_for_errors(self.model)
            seq = seq.to('cpu').long().detach().numpy()
            mf, errors = idxsToMidi(seq)
            self.writer.add_scalar('train_epoch_errors', sum(errors.values()), self.epoch)
            self.writer.add_scalar('train_epoch_gpu_usage', printm(), self.epoch)
            torch.save(self.model.state_dict(), F"{self.model_dir}/{self.name}-{self.epoch}.pt")
        else:
            self.epoch += 1


# ------------------------------------------------------------ training loop
class BackwardError(Exception):
    pass


def train(model, dataloaders, num_epochs, lr=1e-3, loss_cb=None, epoch_loss_cb=None):
    print('starting training!')
    optimizer = torch.optim.Adam(params=model.parameters(), lr=lr)
    lossfn = torch.nn.CrossEntropyLoss()
    train_losses, test_losses = [], []
    epoch = 0
    while epoch < num_epochs:
        t0 = time.time()
        try:
            for phase in ['train', 'eval']:
                if phase == 'train':
                    model.train()
                else:
                    model.eval()
                print(F'{phase}: ', end='')
                loader = dataloaders[phase]
                n_batches = int(math.ceil(len(loader.dataset) / loader.batch_size))
                batch_losses = torch.zeros(n_batches).to('cuda')
                for i, batch in enumerate(loader):
                    x = batch['input']
                    y = batch['output']
                    logits = model(x)
                    loss = lossfn(logits, y[:, -logits.shape[2]:])
                    if phase == 'train':
                        optimizer.zero_grad()
                        try:
                            loss.backward()
                        except RuntimeError as err:
                            # opaque CUDA failures show up here now and then
                            print('\nCaught runtime error:')
                            print(err)
                            raise BackwardError()
                        optimizer.step()
                    batch_losses[i] = loss.detach()
                    if loss_cb is not None:
                        loss_cb(phase, loss)
                    print(F'{i}', end='')
                    sys.stdout.flush()
                print()
                loss_avg = torch.sum(batch_losses).item() / len(batch_losses)
                (train_losses if phase == 'train' else test_losses).append(loss_avg)
                if epoch_loss_cb is not None:
                    epoch_loss_cb(phase, loss_avg, batch_losses.to('cpu'))
        except BackwardError:
            print("restarting epoch")
            time.sleep(30)
            continue
        print("epoch time elapsed:", time.time() - t0)
        epoch += 1
    return train_losses, test_losses


# ------------------------------------------------------------- entry point
lstm = PerformanceRNN(input_channels=NUM_CHANNELS, output_channels=NUM_CHANNELS,
                      hidden_size=1024, num_layers=3, dropout=.5).to('cuda')

prime = torch.zeros(1, 1, 388).to('cuda')
epochWriter = EpochWriter(
    model=lstm,
    name_prefix='performance_rnn',
    get_seq_for_errors=lambda net: net.forward_step(1000, prime=prime),
    iteration=4,
)

train(
    model=lstm,
    dataloaders={
        phase: MaestroMidiDataset.get_dataloader(phase, max_data_len=2048)
        for phase in ['train', 'eval']
    },
    num_epochs=1000,
    lr=1e-3,
    epoch_loss_cb=lambda phase, loss, all_losses: epochWriter.write_data_epoch(phase, loss, all_losses)
)
