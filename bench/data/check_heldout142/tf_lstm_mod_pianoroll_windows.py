# Re-expressed tracker-module piano-roll LSTM trainer
"""Piano-roll LSTM for tracker modules

Usage:
    tf_lstm_mod_pianoroll_windows.py [-v] [--kb-limit=<i> --win-size=<i>] <corpus>

Options:
    -h --help                   show this help
    -v --verbose                chatty output
    --kb-limit=<i>              largest module size in kb [default: 150]
    --win-size=<i>              context length in rows [default: 32]
"""
from docopt import docopt
from keras import Input
from keras.callbacks import LambdaCallback, ModelCheckpoint
from keras.layers import (Activation, BatchNormalization, Dense, Dropout,
                          Flatten, Multiply, Permute, RepeatVector,
                          LeakyReLU, LSTM)
from keras.models import Model, Sequential
from keras.optimizers import RMSprop, SGD
from keras.utils import Sequence, to_categorical
from mido import Message, MidiFile, MidiTrack
from musicgen.analyze import sample_props
from musicgen.corpus import load_index
from musicgen.parser import PowerPackerModule, load_file
from musicgen.rows import linearize_rows, rows_to_mod_notes
from musicgen.utils import (SP, file_name_for_params,
                            flatten, load_pickle, save_pickle)
from pathlib import Path
from random import randrange, shuffle
import numpy as np

np.set_printoptions(edgeitems = 20, linewidth = 180)

class RollWindows(Sequence):
    def __init__(self, rows, per_batch, ctx):
        self.rows = rows
        self.per_batch = per_batch
        self.ctx = ctx

    def __len__(self):
        n_win = len(self.rows) - self.ctx
        return int(np.ceil(n_win / self.per_batch))

    def __getitem__(self, k):
        start = k * self.per_batch

        n_win = len(self.rows) - self.ctx
        per_batch = min(n_win - start, self.per_batch)

        xs = []
        ys = []
        for k in range(per_batch):
            xw = self.rows[start + k:start + k + self.ctx]
            yw = self.rows[start + k + self.ctx]
            xs.append(xw)
            ys.append(yw)
        return np.array(xs), np.array(ys)

N_COLS = 39

def build_small(ctx, width):
    net = Sequential()
    net.add(LSTM(128, return_sequences = True,
                   input_shape = (ctx, width)))
    net.add(Dropout(0.2))
    net.add(LSTM(128, return_sequences = False))
    net.add(Dropout(0.2))
    net.add(Dense(width))
    net.add(Activation('softmax'))
    net.compile(loss = 'categorical_crossentropy',
                  optimizer = 'rmsprop',
                  metrics = ['accuracy'])
    return net

def build_attn(ctx, width):
    roll_shape = (ctx, width)

    roll_in = Input(roll_shape)

    h = LSTM(1024, return_sequences=True,
             unit_forget_bias=True)(roll_in)
    h = LeakyReLU()(h)
    h = BatchNormalization() (h)
    h = Dropout(0.3)(h)

    # per-step weights
    w1 = Dense(1, activation='tanh')(h)
    w1 = Flatten()(w1)
    w1 = Activation('softmax')(w1)
    w1 = RepeatVector(1024)(w1)
    w1 = Permute([2, 1])(w1)

    weighted1 = Multiply()([h, w1])
    summary1 = Dense(512)(weighted1)

    h = Dense(512)(summary1)
    h = LeakyReLU()(h)
    h = BatchNormalization() (h)
    h = Dropout(0.22)(h)

    h = LSTM(512, return_sequences=True, unit_forget_bias=True)(h)
    h = LeakyReLU()(h)
    h = BatchNormalization() (h)
    h = Dropout(0.22)(h)

    # per-step weights
    w2 = Dense(1, activation='tanh')(h)
    w2 = Flatten()(w2)
    w2 = Activation('softmax')(w2)
    w2 = RepeatVector(512)(w2)
    w2 = Permute([2, 1])(w2)

    weighted2 = Multiply()([h, w2])
    summary2 = Dense(256)(weighted2)

    h = Dense(256)(summary2)
    h = LeakyReLU()(h)
    h = BatchNormalization() (h)
    h = Dropout(0.22)(h)

    h = LSTM(128, unit_forget_bias=True)(h)
    h = LeakyReLU()(h)
    h = BatchNormalization() (h)
    h = Dropout(0.22)(h)

    h = Dense(N_COLS, activation='softmax')(h)

    net = Model(roll_in, h)
    opt = SGD(lr=0.007)
    net.compile(loss = 'categorical_crossentropy',
                  optimizer = opt,
                  metrics = ['accuracy'])
    return net

def notes_to_roll(notes, props, n_rows):
    # first three columns hold the percussion samples
    drums = {s : k % 3 for k, s in enumerate(props)
                  if props[s].is_percussive}

    tones = {n.pitch_idx for n in notes
               if n.sample_idx not in drums}

    if not tones:
        SP.print('Melody missing.')
        return None

    lo = min(t for t in tones)
    hi = max(t for t in tones)

    span = hi - lo
    if span >= 36:
        SP.print('Pitch span %d is too wide' % span)
        return None

    def to_cell(n):
        si = n.sample_idx
        if si in drums:
            col = drums[si]
            length = 4
        else:
            col = 3 + n.pitch_idx - lo
            assert col >= 3
            sample_len = props[si].note_duration
            # rows_to_mod_notes already set this
            length = min(n.duration, sample_len)
        return n.row_idx, col, length
    notes = sorted([to_cell(n) for n in notes])

    roll = np.zeros((n_rows + 4, 3 + 36))

    # write the notes
    for (r, c, length) in notes:
        roll[r][c] = 1.0
        assert length > 0
        for f in range(length - 1):
            roll[r + f + 1][c] = 0.5

    # drop the trailing silence
    last_row = np.nonzero(roll)[0][-1]
    return roll[:last_row + 1]

def module_to_roll(path):
    SP.header('READING %s' % str(path))
    try:
        mod = load_file(path)
    except PowerPackerModule:
        SP.print('PowerPacker-compressed module.')
        return None
    rows = linearize_rows(mod)
    vols = [hd.volume for hd in mod.sample_headers]
    notes = rows_to_mod_notes(rows, vols)
    props = sample_props(mod, notes)
    roll = notes_to_roll(notes, props, len(rows))
    SP.leave()
    return roll

def note_off(pitch, t):
    return Message('note_off', note = pitch, velocity = 0, time = t)

def note_on(pitch, t):
    return Message('note_on', note = pitch, velocity = 127, time = t)

def roll_to_track(roll):
    # ticks waiting to be emitted
    wait = 0
    # which columns are sounding
    held = [False] * len(roll[0])
    for row in roll:
        for k, cell in enumerate(row):
            if cell == 1.0:
                if held[k]:
                    # end the sounding note first
                    yield note_off(k, wait)
                    wait = 0
                yield note_on(k, wait)
                wait = 0
                held[k] = True
            elif cell == 0:
                if held[k]:
                    # end the sounding note
                    yield note_off(k, wait)
                    wait = 0
                held[k] = False
        # one tick per row
        wait += 1

def roll_to_midi(roll, out_path):
    tick_ms = guess_row_ms(roll)

    # drum part
    drum_roll = roll[:,0:3]
    drum_keys = [36, 31, 40]
    drum_msgs = list(roll_to_track(drum_roll))
    for msg in drum_msgs:
        msg.note = drum_keys[msg.note]
        msg.channel = 9
        msg.time *= tick_ms

    # melodic part
    mel_roll = roll[:,3:]
    mel_msgs = list(roll_to_track(mel_roll))
    for msg in mel_msgs:
        msg.note = msg.note + 48
        msg.channel = 1
        msg.time *= tick_ms

    midi = MidiFile(type = 1)
    midi.tracks.append(MidiTrack(drum_msgs))
    midi.tracks.append(MidiTrack(mel_msgs))
    midi.save(out_path)

def guess_row_ms(roll):
    onset_rows = roll[np.count_nonzero(roll == 1.0, axis = 1) > 0]
    share = len(onset_rows) / len(roll)
    tick_ms = int(160 * share)
    SP.print('Row length guessed as %d ms.' % tick_ms)
    return tick_ms

def rolls_from_modules(corpus_dir, mods, ctx):
    paths = [corpus_dir / mod.genre / mod.fname for mod in mods]
    rolls = [module_to_roll(p)
             for p in paths]
    rolls = [r for r in rolls if r is not None]
    shuffle(rolls)

    gap = np.zeros((ctx, N_COLS))
    rolls = [np.vstack((r, gap)) for r in rolls]
    rows = np.vstack(rolls)
    print(rows.shape)
    return rows

def get_rows(corpus_dir, kb_limit, ctx):
    index = load_index(corpus_dir)
    mods = [mod for mod in index.values()
            if (mod.n_channels == 4
                and mod.format == 'MOD'
                and mod.kb_size <= kb_limit)]

    total_kb = sum(mod.kb_size for mod in mods)
    key = (total_kb, kb_limit, ctx)
    cache_name = file_name_for_params('cache_rolls', 'npy', key)
    cache_path = corpus_dir / cache_name
    if not cache_path.exists():
        rows = rolls_from_modules(corpus_dir, mods, ctx)
        with open(cache_path, 'wb') as fh:
            np.save(fh, rows)
    with open(cache_path, 'rb') as fh:
        return np.load(fh)

def main():
    opts = docopt(__doc__, version = 'piano-roll LSTM 1.0')
    SP.enabled = opts['--verbose']
    kb_limit = int(opts['--kb-limit'])
    corpus_dir = Path(opts['<corpus>'])
    ctx = int(opts['--win-size'])

    rows = get_rows(corpus_dir, kb_limit, ctx)
    n_rows = len(rows)

    n_fit = int(n_rows * 0.8)
    n_val = int(n_rows * 0.1)
    n_hold = n_rows - n_fit - n_val
    fit_rows = rows[:n_fit]
    val_rows = rows[n_fit:n_fit + n_val]

    per_batch = 256
    fit_windows = RollWindows(fit_rows, per_batch, ctx)
    val_windows = RollWindows(val_rows, per_batch, ctx)

    net = build_small(ctx, N_COLS)
    net.fit(x = fit_windows,
             steps_per_epoch = n_fit // per_batch,
             validation_data = val_windows,
             validation_steps = n_val // per_batch,
             verbose = 1,
             shuffle = True,
             epochs = 10)


if __name__ == '__main__':
    main()
