"""
An LSTM language model over MIDI performance events (key down, key up,
time advance, loudness) trained on the MAESTRO piano recordings.  Everything the
training run needs from the project - the track dataset, the fit loop, the
network, the token/MIDI conversions, the per-pass logger and the GPU memory
report - is copied into this one file; the .midi -> tensor preprocessing is not.
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


# ----------------------------------------------------------- GPU memory report
last_used = [0]


def report_gpu_mem():
    card = GPUtil.getGPUs()[0]
    print("free {0:.0f}MB, used {1:.0f}MB (change {2:.0f}MB), load {3:3.0f}%, size {4:.0f}MB".format(
        card.memoryFree, card.memoryUsed, card.memoryUsed - last_used[0], card.memoryUtil * 100, card.memoryTotal))
    last_used[0] = card.memoryUsed
    return card.memoryUtil * 100


# ------------------------------------------------------- event vocabulary
def save_midi_file(midi_obj, file_name='tempmidi.mid'):
    midi_obj.open(file_name, attrib='wb')
    midi_obj.write()
    midi_obj.close()
    return file_name


token_of_event = {}
for k in range(128):
    token_of_event['note-on-' + str(k)] = k
for k in range(128):
    token_of_event['note-off-' + str(k)] = k + 128
for k in range(100):
    token_of_event['time-shift-' + str(k + 1)] = k + 128 + 128
for k in range(32):
    token_of_event['velocity-' + str(k)] = k + 128 + 128 + 100

event_names = list(token_of_event.keys())
N_TOKENS = len(event_names)


def note_event(trk, key_no, vel):
    evt = midi.MidiEvent(trk, type=midi.ChannelVoiceMessages.NOTE_ON, channel=1)
    evt.pitch = int(key_no)
    evt.velocity = int(vel)
    return evt


def tokens_to_midi(token_seq, chatty=False):
    """Build a MIDI file (tempo track + note track) from a list of event codes."""
    midi_obj = midi.MidiFile()
    midi_obj.ticksPerQuarterNote = 1024
    meta_trk = midi.MidiTrack(0)
    trk = midi.MidiTrack(1)
    midi_obj.tracks = [meta_trk, trk]

    tempo_evt = midi.MidiEvent(meta_trk, type=midi.MetaEvents.SET_TEMPO)
    # tempo chosen so that one tick lasts one millisecond
    tempo_evt.data = int(1e3 * 1024).to_bytes(3, 'big')
    end_evt = midi.MidiEvent(meta_trk, type=midi.MetaEvents.END_OF_TRACK)
    end_evt.data = ''
    meta_trk.events = [midi.DeltaTime(meta_trk, time=0), tempo_evt,
                          midi.DeltaTime(meta_trk, time=0), end_evt]
    trk.events = [midi.DeltaTime(trk, time=0)]

    vel = 0
    held_keys = set()
    faults = {'is_on': 0, 'is_not_on': 0}
    for code in token_seq:
        if 0 <= code < 128:
            if code in held_keys:
                if chatty:
                    print(code, 'pressed twice')
                faults['is_on'] += 1
                continue
            if trk.events[-1].type != 'DeltaTime':
                trk.events.append(midi.DeltaTime(trk, time=0))
            trk.events.append(note_event(trk, code, vel))
            held_keys.add(code)
        elif 128 <= code < (128 + 128):
            key_no = code - 128
            if key_no not in held_keys:
                if chatty:
                    print(key_no, 'released but never pressed')
                faults['is_not_on'] += 1
                continue
            if trk.events[-1].type != 'DeltaTime':
                trk.events.append(midi.DeltaTime(trk, time=0))
            trk.events.append(note_event(trk, key_no, 0))
            held_keys.remove(key_no)
        elif (128 + 128) <= code < (128 + 128 + 100):
            ticks = (1 + code - (128 + 128)) * 10
            if trk.events[-1].type == 'DeltaTime':
                trk.events[-1].time += ticks
            else:
                trk.events.append(midi.DeltaTime(trk, time=ticks))
        else:
            vel = (code - (128 + 128 + 100)) * 4

    if chatty:
        print('keys still held at the end:', held_keys)
    if trk.events[-1].type != 'DeltaTime':
        trk.events.append(midi.DeltaTime(trk, time=0))
    trk.events.append(end_evt)
    return midi_obj, faults


# ---------------------------------------------------------------- tracks
MAESTRO_ROOT = 'maestro-v2.0.0' if platform.system() == 'Linux' else 'Music/maestro-v2.0.0'


def jitter_tokens(sequence):
    semitones = random.randint(-3, 3)
    tempo_scale = 0.95 + random.randint(0, 4) * 0.025
    on_mask = (sequence >= 0) * (sequence < 128)
    sequence[on_mask] = torch.clamp(sequence[on_mask] + semitones, 0, 127).long()
    off_mask = (sequence >= 128) * (sequence < 256)
    sequence[off_mask] = torch.clamp(sequence[off_mask] + semitones, 128, 255).long()
    shift_mask = (sequence >= 256) * (sequence < 356)
    sequence[shift_mask] = torch.clamp((sequence[shift_mask] - 256) * tempo_scale, 0, 99).long() + 256
    return semitones, tempo_scale


def trim_batch(samples):
    min_len = min([s['output'].shape[0] for s in samples])
    return {
        'output': torch.stack([s['output'][:min_len] for s in samples]),
        'input': torch.stack([s['input'][:min_len, :] for s in samples]),
    }


class MaestroTokenDataset(torch.utils.data.Dataset):
    # stage selects the 'train' rows or all the others ('eval')
    def __init__(self, stage, root_dir=MAESTRO_ROOT, n_tokens=N_TOKENS, fixed_size=None, max_window=10000):
        meta = pd.read_csv(root_dir + '/maestro-v2.0.0.csv')
        self.rows = meta[(meta['split'] == 'train') if stage == 'train' else (meta['split'] != 'train')]
        self.rows.reset_index(drop=True, inplace=True)
        self.eye = torch.eye(n_tokens).to('cuda')
        self.stage = stage
        self.fixed_len = fixed_size
        self.max_window = max_window
        self.gpu_store = dict()

    def preload_tracks(self, root_dir=MAESTRO_ROOT):
        print('moving tracks onto the GPU:', self.stage)
        report_gpu_mem()
        for i in range(len(self)):
            midi_name = self.rows['midi_filename'][i]
            self.gpu_store[midi_name] = torch.load(root_dir + '-tensors/' + midi_name + '.pt').to('cuda')
        report_gpu_mem()

    def __len__(self):
        return self.fixed_len if self.fixed_len is not None else len(self.rows)

    def whole_track(self, i, n_steps):
        # the track from its first event, unchanged
        midi_name = self.rows['midi_filename'][i]
        sequence = self.gpu_store[midi_name][:n_steps].long()
        return {'idxs': sequence, 'input': self.eye[sequence]}

    def __getitem__(self, i):
        midi_name = self.rows['midi_filename'][i]
        # a random window, shifted in pitch and stretched in time
        sequence = self.gpu_store[midi_name]
        offset = random.randint(0, max(0, len(sequence) - self.max_window - 1))
        sequence = sequence[offset:offset + self.max_window].long()
        semitones, tempo_scale = jitter_tokens(sequence)
        return {
            'input': self.eye[sequence[:-1]],
            'output': sequence[1:],
            'start': offset,
            'pitch_transposition': semitones,
            'time_stretch': tempo_scale,
        }

    @classmethod
    def make_loader(klass, stage, fixed_size=None, max_window=10000, **extra):
        track_set = klass(stage, fixed_size=fixed_size, max_window=max_window, **extra)
        track_set.preload_tracks()
        return torch.utils.data.DataLoader(track_set, batch_size=4, shuffle=True,
                                           num_workers=0, collate_fn=trim_batch)


# --------------------------------------------------------------- network
class EventLSTM(torch.nn.Module):
    def __init__(self, in_dim, out_dim, width, depth, drop_p=0):
        super(EventLSTM, self).__init__()
        self.rnn = torch.nn.LSTM(input_size=in_dim, hidden_size=width,
                                  num_layers=3, batch_first=True, dropout=drop_p)
        for wname, w in self.rnn.named_parameters():
            if 'bias' in wname:
                torch.nn.init.constant_(w, 0.0)
            elif 'weight' in wname:
                torch.nn.init.xavier_normal_(w)
        self.head = torch.nn.Linear(in_features=width, out_features=out_dim)
        self.width = width

    def forward(self, x):
        # input is batch x time x tokens; the loss expects batch x tokens x time
        y, _ = self.rnn(x)
        y = self.head(F.relu(y))
        return y.transpose(1, 2)

    def run_with_state(self, x, state=None):
        y, state = self.rnn(x, state)
        return self.head(F.relu(y)), state

    def sample_tokens(self, n_out, seed_in=torch.zeros(1, 1, 388), argmax_mode=True, temp=1.0, transform=None):
        where = next(self.parameters()).device
        eye = torch.eye(N_TOKENS).to(where)
        produced = torch.zeros(n_out).to(where)
        scores, state = self.run_with_state(seed_in)
        code = torch.argmax(scores[0, -1], 0) if argmax_mode else \
            torch.distributions.Categorical(torch.softmax(temp * scores[0, -1], 0)).sample()
        produced[0] = code
        for i in range(n_out - 1):
            step_x = eye[code]
            if transform is not None:
                step_x = transform(step_x)
            scores, state = self.run_with_state(step_x[None, None, :], state)
            code = torch.argmax(scores[0, -1], 0) if argmax_mode else \
                torch.distributions.Categorical(torch.softmax(temp * scores[0, -1], 0)).sample()
            produced[i + 1] = code
        return produced.to('cpu')


# -------------------------------------------------------- per-pass logging
CKPT_DIR = 'models' if platform.system() == 'Linux' else 'Documents/PerformanceMidi/models'
TB_DIR = '../runs' if platform.system() == 'Linux' else 'runs'


class PassLogger:
    def __init__(self, model, run_tag, sample_fn, round_no=0, ckpt_dir=CKPT_DIR):
        self.model = model
        self.run_tag = run_tag
        self.sample_fn = sample_fn
        self.ckpt_dir = ckpt_dir
        self.epoch_idx = 0
        self.run_name = F'{self.run_tag}-iter{round_no}'
        self.tb = SummaryWriter(TB_DIR + '/' + self.run_name)

    def parse_ckpt_name(self, file_name):
        found = re.search(F'{self.run_tag}-iter([0-9]+)-([0-9]+).pt', file_name)
        return found.group(1), found.group(2)

    def load_latest(self, round_override=None):
        candidates = filter(lambda f: self.run_tag in f, os.listdir(self.ckpt_dir))
        (round_no, epoch_i) = sorted([self.parse_ckpt_name(cand) for cand in candidates],
                                    key=lambda t: int(t[0]) * 10000 + int(t[1]), reverse=True)[0]
        ckpt_path = F"{self.ckpt_dir}/{self.run_tag}-iter{round_no}-{epoch_i}.pt"
        print(F"restoring weights from {ckpt_path}")
        self.model.load_state_dict(torch.load(ckpt_path))
        self.epoch_idx = 1 + int(epoch_i)
        round_no = round_no if round_override is None else round_override
        self.run_name = F'{self.run_tag}-iter{round_no}'
        self.tb = SummaryWriter(TB_DIR + '/' + self.run_name)

    def log_epoch(self, stage, mean_loss, step_losses):
        self.tb.add_scalar(stage + '_epoch_loss', mean_loss, self.epoch_idx)
        print(self.epoch_idx, stage, mean_loss)
        offset0 = self.epoch_idx * len(step_losses)
        for i, lv in enumerate(step_losses):
            self.tb.add_scalar(stage + '_loss', lv, i + offset0)
        if math.isnan(mean_loss):
            print('mean loss is NaN - stopping')
            exit()
        if stage == 'train':
            self.model.eval()
            print('sampling a sequence to count token errors ...')
            sequence = self.sample_fn(self.model)
            sequence = sequence.to('cpu').long().detach().numpy()
            midi_obj, faults = tokens_to_midi(sequence)
            self.tb.add_scalar('train_epoch_errors', sum(faults.values()), self.epoch_idx)
            self.tb.add_scalar('train_epoch_gpu_usage', report_gpu_mem(), self.epoch_idx)
            torch.save(self.model.state_dict(), F"{self.ckpt_dir}/{self.run_name}-{self.epoch_idx}.pt")
        else:
            self.epoch_idx += 1


# ------------------------------------------------------------------ fitting
class BackpropFailure(Exception):
    pass


def run_train(model, loaders, epochs_total, learn_rate=1e-3, on_step_loss=None, on_epoch_loss=None):
    print('fit loop begins')
    optimizer = torch.optim.Adam(params=model.parameters(), lr=learn_rate)
    criterion = torch.nn.CrossEntropyLoss()
    train_curve, test_curve = [], []
    epoch_i = 0
    while epoch_i < epochs_total:
        tic = time.time()
        try:
            for stage in ['train', 'eval']:
                if stage == 'train':
                    model.train()
                else:
                    model.eval()
                print(F'{stage} >> ', end='')
                split_loader = loaders[stage]
                batch_count = int(math.ceil(len(split_loader.dataset) / split_loader.batch_size))
                batch_loss_vec = torch.zeros(batch_count).to('cuda')
                for i, batch_d in enumerate(split_loader):
                    x = batch_d['input']
                    y = batch_d['output']
                    scores = model(x)
                    step_loss = criterion(scores, y[:, -scores.shape[2]:])
                    if stage == 'train':
                        optimizer.zero_grad()
                        try:
                            step_loss.backward()
                        except RuntimeError as exc:
                            # the backward pass sometimes fails with an unexplained CUDA error
                            print('\nbackward pass raised:')
                            print(exc)
                            raise BackpropFailure()
                        optimizer.step()
                    batch_loss_vec[i] = step_loss.detach()
                    if on_step_loss is not None:
                        on_step_loss(stage, step_loss)
                    print(F'{i}', end='')
                    sys.stdout.flush()
                print()
                mean_loss = torch.sum(batch_loss_vec).item() / len(batch_loss_vec)
                (train_curve if stage == 'train' else test_curve).append(mean_loss)
                if on_epoch_loss is not None:
                    on_epoch_loss(stage, mean_loss, batch_loss_vec.to('cpu'))
        except BackpropFailure:
            print("pass aborted, trying it again")
            time.sleep(30)
            continue
        print("seconds for this pass:", time.time() - tic)
        epoch_i += 1
    return train_curve, test_curve


# ------------------------------------------------------------------- run it
perf_model = EventLSTM(in_dim=N_TOKENS, out_dim=N_TOKENS,
                      width=1024, depth=3, drop_p=.5).to('cuda')

seed_in = torch.zeros(1, 1, 388).to('cuda')
pass_logger = PassLogger(
    model=perf_model,
    run_tag='performance_rnn',
    sample_fn=lambda m: m.sample_tokens(1000, seed_in=seed_in),
    round_no=4,
)

run_train(
    model=perf_model,
    loaders={
        stage: MaestroTokenDataset.make_loader(stage, max_window=2048)
        for stage in ['train', 'eval']
    },
    epochs_total=1000,
    learn_rate=1e-3,
    on_epoch_loss=lambda stage, step_loss, step_losses: pass_logger.log_epoch(stage, step_loss, step_losses)
)
