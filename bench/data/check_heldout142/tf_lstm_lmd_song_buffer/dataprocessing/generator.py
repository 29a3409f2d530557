import numpy as np
import os
from random import choice, shuffle, randint
from config import SEQUENCE_LENGTH, MIDI_ARR_SIZE, NUM_NOTES

def read_roll(path):
    with open(path, "rb") as fh:
        roll = np.load(fh)
        roll = roll.reshape((-1, NUM_NOTES * MIDI_ARR_SIZE))
    return roll

def swap_in(rolls, orders, slot, path):
    rolls[slot] = read_roll(path)
    orders[slot] = list(range(len(rolls[slot])))
    shuffle(orders[slot])

def generator(song_dir="", batch_size=64, songs_in_memory=1000):

    names = os.listdir(song_dir)

    xs = []
    ys = []

    rolls = []
    orders = []
    for _ in range(songs_in_memory):
        rolls.append(read_roll(os.path.join(song_dir, choice(names))))
        orders.append(list(range(len(rolls[-1]))))
        shuffle(orders[-1])

    while True:


        slot = randint(0, songs_in_memory-1)
        roll = rolls[slot]

        step = orders[slot].pop()
        if not len(orders[slot]):
            swap_in(rolls, orders, slot, os.path.join(song_dir, choice(names)))

        first = step-(SEQUENCE_LENGTH-1)
        if (first < 0):
            context = roll[:step]
            have = len(context)
            missing = (SEQUENCE_LENGTH-1) - have
            context = np.pad(context, ((missing, 0), (0, 0)), constant_values=0)
        else:
            context = roll[first:step]
        xs.append(context)
        ys.append(roll[step])

        if (len(xs) == batch_size):
            yield (np.array(xs), np.array(ys))
            xs = []
            ys = []

