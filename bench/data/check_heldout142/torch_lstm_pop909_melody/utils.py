import pretty_midi
import numpy as np
import pickle
import os
import torch


# wraps a list of (input, target) pairs
class MelodyDataset(torch.utils.data.Dataset):
    def __init__(self, pairs):
        self.pairs = pairs

    def __getitem__(self, k):
        return self.pairs[k]

    def __len__(self):
        return len(self.pairs)


# piano roll of the track named MELODY
def midi_to_roll(path):
    pm = pretty_midi.PrettyMIDI(path)

    for trk in pm.instruments:
        if trk.name == "MELODY":
            grid = trk.get_piano_roll(fs=16)
            cropped = trim_roll(grid)

    return cropped


# cut silent frames at both ends of a roll
def trim_roll(grid):
    _, n_frames = grid.shape
    drop = []

    for k in range(n_frames):
        if np.sum(grid[:, k]) == 0.0:
            drop.append(k)
        else:
            break

    for k in range(n_frames):
        if np.sum(grid[:, (n_frames-1)-k]) == 0.0:
            drop.append(k)
        else:
            break

    return np.delete(grid, drop, axis=1)


# roll -> pitch per frame and velocity per frame
def split_roll(grid):
    pitch_seq = []
    vel_seq = []

    _, n_frames = grid.shape
    pitch_seq = np.argmax(grid, axis=0)
    vel_seq = [int(grid[pitch_seq[k], k]) for k in range(n_frames)]

    return pitch_seq, vel_seq


# augmentation by octave shifts
# returns a list of melodies
def transpose_melody(line, octaves):
    top = 108
    bottom = 21
    variants = [line]
    lowest = np.min(line[np.nonzero(line)])

    for k in range(octaves):
        step = (k+1)*12

        if (lowest - step) >= bottom:
            moved = []

            for p in line:
                if p == 0:
                    moved.append(0)
                else:
                    moved.append(p-step)

            variants.append(np.array(moved))

        if (max(line) + step) <= top:
            moved = []

            for p in line:
                if p == 0:
                    moved.append(0)
                else:
                    moved.append(p+step)

            variants.append(np.array(moved))

    return variants


# cut a sequence into (input, target) pairs
def sequence_to_batch(line, width):
    pairs = []

    # overlapping variant, one step at a time
    # (about 3M pairs for 64-step windows)
    # for k in range(len(line) - width):
    #     xs = line[k:k+width]
    #     ys = line[k+1:k+1+width]

    #     pairs.append((xs, ys))

    # non-overlapping variant, one window at a time
    # (about 45k pairs for 64-step windows)
    pos = 0

    while True:
        xs = line[pos: pos+width]
        ys = line[pos+1: pos+1+width]

        pairs.append((xs, ys))

        pos += width

        if pos+width+1 > len(line):
            break

    return pairs


# read the pickled pairs or build them from the MIDI files
def get_training_set(seq_len=32):
    if os.path.exists("../data/processed/melody_dataset.pkl"):
        return pickle.load(open("../data/processed/melody_dataset.pkl", "rb"))
    else:
        grids = []

        for k in range(909):
            grid = midi_to_roll(
                f"../data/external/pop909/{(k+1):03}/{(k+1):03}.mid")
            grids.append(grid)

        groups = []

        print(len(grids))

        for grid in grids:
            pitch_seq, _ = split_roll(grid)

            variants = transpose_melody(pitch_seq, 3)

            for line in variants:
                group = sequence_to_batch(line, seq_len)
                groups.append(group)

        # flatten the nested lists of pairs
        # (the overlapping variant gave torch.Size([2855383, 2, 64]))
        pairs = [p for grp in groups for p in grp]
        dataset = MelodyDataset(pairs)

        with open('../data/processed/melody_dataset.pkl', 'wb') as fh:
            pickle.dump(dataset, fh)

        return dataset
