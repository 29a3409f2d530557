import numpy as np
import hyperparameters as hp
from collections import deque

def load_music(fname, use_custom=False):
    """
    reads the tune corpus and turns every character into a class id
    ids follow the sorted character order

    input: fname <string>
    return:
        <list> of class ids, one per character of the corpus
        <dict> mapping character to id
    """
    # read the whole corpus
    with open('../data/{}'.format(fname), 'r') as fh:
        text = fh.read()

    if use_custom:
        print('Swapping in single-character tune delimiters...')
        hp.use_custom_startend = True
        text = replace_startend(text, hp.start_sub, hp.end_sub)
    else:
        # remember for sampling which delimiters are in use
        hp.use_custom_startend = False

    alphabet = sorted(set(text))
    print('The corpus uses {} distinct characters\n'.format(len(alphabet)))

    to_id = {}
    to_char = {}
    for k,c in enumerate(alphabet):
        to_id[c] = k
        to_char[k] = c

    encoded = [to_id[c] for c in text]

    return encoded, to_id, to_char


def permute_list(n_chars, window, overlap=True):
    """
    Shuffled start positions for one epoch

    inputs:
        <int> n_chars: length of the encoded corpus
        <int> window: length of each chunk
        <boolean> overlap: whether chunks may overlap
    return:
        <list> start positions in random order
    """
    if overlap:
        starts = n_chars - window
    else:
        final = n_chars - window
        starts = np.arange(0,final,window-1)

    return list(np.random.permutation(starts))


def create_batch(ids, order, n_batch, window):
    """
    Pops start positions from order and cuts the matching chunks

    input:
        <list> ids: encoded corpus
        <list> order: shuffled start positions still unused
        <int> n_batch: chunks per batch
        <int> window: chunk length
    return:
        <np.array> window x n_batch input chunk ids
        <np.array> the chunks shifted by one (targets)
        None once the positions run out
    """
    chunks = []
    shifted = []
    used = []
    for _ in range(n_batch):
        if order:
            pos = order.pop()
            chunk = ids[pos:pos+window]
            nxt = ids[pos+1:pos+window+1]
            chunks.append(chunk)
            shifted.append(nxt)
            used.append(pos) # only kept for debugging
        else:
            return None, None, None
    return np.array(chunks).T, np.array(shifted).T, used


def replace_startend(text, start, end):
    """
    Swaps the <start> and <end> markers for one-character stand-ins

    input:
        <str> text: the text to edit
        <char> start: stand-in for <start>
        <char> end: stand-in for <end>
    return:
        <str> the edited text
    """
    return text.replace('<start>', start).replace('<end>', end)


def monotonic_increase(vals):
    """
    true when each value is larger than the one before

    input:
        <list> vals: values to test
    return:
        <bool> True or False
    """
    return all(a<b for a, b in zip(vals, vals[1:]))


def shift_list(seq, extra):
    """
    Appends extra at the end and drops as many items from the front
    so the list keeps its length

    input:
        <list> seq: the list to extend
        <iterable> or <int> extra: what to append
    return:
        <list> the shifted copy, or None if extra is longer than seq
    """
    try:
        n = len(extra)
    except TypeError:
        extra = [extra]
        n = len(extra)

    if n > len(seq):
        return None
    # rotating by a negative amount moves left

    q = deque(seq)
    q.rotate(-n)

    out = list(q)
    out[-n:] = extra
    return out


# prints only the first few times inside a loop
class print_utils():
    def __init__(self):
        self.counter = 0;

    def print_n_times(self, *args, times=1, **kwargs):
        """
        print at most `times` times without an if at the call site

        input:
            <list> args: passed on to print
            <int> times: how many calls actually print
            <dict> kwargs: passed on to print
        """
        if self.counter >= times:
            return
        else:
            self.counter += 1
            print(*args, **kwargs)

    def reset_counter(self, num=0):
        self.counter = num
