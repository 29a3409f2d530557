# TF2 version of the three-branch melody model
import glob
import pickle
import numpy
from music21 import converter, instrument, note, chord
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Dropout, Activation, Bidirectional, LSTM, concatenate, Input
from tensorflow.keras.layers import BatchNormalization as BatchNorm
import tensorflow.keras.utils as np_utils
from tensorflow.keras.callbacks import ModelCheckpoint
from tensorflow.keras.optimizers import Adam
from tensorflow.keras import Model

def run_training():
    """ Fit the three-headed LSTM on the piano corpus """
    pitches, gaps, lengths = collect_events()

    pitch_vocab = len(set(pitches))
    pitch_x, pitch_y = build_windows(pitches, pitch_vocab)

    gap_vocab = len(set(gaps))
    gap_x, gap_y = build_windows(gaps, gap_vocab)

    len_vocab = len(set(lengths))
    len_x, len_y = build_windows(lengths, len_vocab)
    net = make_model(pitch_x, pitch_vocab, gap_x, gap_vocab, len_x, len_vocab)
    fit_model(net, pitch_x, gap_x, len_x, pitch_y, gap_y, len_y)

def collect_events():
    """ Walk every MIDI file of the corpus folder and gather its events """
    pitches = []
    gaps = []
    lengths = []

    for path in glob.glob("classical-piano-type0/*.mid"):
        score = converter.parse(path)

        print("Reading %s" % path)

        stream_items = None

        try: # multi-part file
            parts = instrument.partitionByInstrument(score)
            stream_items = parts.parts[0].recurse() 
        except: # single flat stream
            stream_items = score.flat.notes


        prev_offset = 0
        for item in stream_items:
            keep = False

            if isinstance(item, note.Note):
                pitches.append(str(item.pitch))
                keep = True
            elif isinstance(item, chord.Chord):
                pitches.append('.'.join(str(p) for p in item.normalOrder))
                keep = True

            if keep:
                gaps.append(str(item.offset - prev_offset))
                lengths.append(str(item.duration.quarterLength))
                keep = False
                prev_offset = item.offset


    with open('data/notes', 'wb') as fh:
        pickle.dump(pitches, fh)

    with open('data/durations', 'wb') as fh:
        pickle.dump(lengths, fh)

    with open('data/offsets', 'wb') as fh:
        pickle.dump(gaps, fh)

    print(lengths)
    return pitches, gaps, lengths

def build_windows(symbols, vocab):
    """ Slide a window over the symbol stream to make training pairs """
    win = 100

    # every distinct symbol
    names = sorted(set(s for s in symbols))

     # symbol -> class index
    lookup = dict((s, k) for k, s in enumerate(names))

    xs = []
    ys = []

    # one pair per position
    for k in range(0, len(symbols) - win, 1):
        chunk = symbols[k:k + win]
        target = symbols[k + win]
        xs.append([lookup[c] for c in chunk])
        ys.append(lookup[target])

    count = len(xs)

    # (samples, steps, 1) for the LSTM
    xs = numpy.reshape(xs, (count, win, 1))
    # scale to [0, 1)
    xs = xs / float(vocab)

    ys = np_utils.to_categorical(ys)

    return (xs, ys)

def make_model(pitch_x, pitch_vocab, gap_x, gap_vocab, len_x, len_vocab):

    # pitch branch
    pitch_in = Input(shape=(pitch_x.shape[1], pitch_x.shape[2]))
    pitch_h = LSTM(
        256,
        input_shape=(pitch_x.shape[1], pitch_x.shape[2]),
        return_sequences=True
    )(pitch_in)
    pitch_h = Dropout(0.2)(pitch_h)

    # offset branch
    gap_in = Input(shape=(gap_x.shape[1], gap_x.shape[2]))
    gap_h = LSTM(
        256,
        input_shape=(gap_x.shape[1], gap_x.shape[2]),
        return_sequences=True
    )(gap_in)
    gap_h = Dropout(0.2)(gap_h)

    # duration branch
    len_in = Input(shape=(len_x.shape[1], len_x.shape[2]))
    len_h = LSTM(
        256,
        input_shape=(len_x.shape[1], len_x.shape[2]),
        return_sequences=True
    )(len_in)
    #len_h = Dropout(0.3)(len_h)
    len_h = Dropout(0.2)(len_h)

    # merge the three branches
    merged = concatenate([pitch_h, gap_h, len_h])

    # shared recurrent trunk
    h = LSTM(512, return_sequences=True)(merged)
    h = Dropout(0.3)(h)
    h = LSTM(512)(h)
    h = BatchNorm()(h)
    h = Dropout(0.3)(h)
    h = Dense(256, activation='relu')(h)

    # split again into three heads

    # pitch head
    pitch_out = Dense(128, activation='relu')(h)
    pitch_out = BatchNorm()(pitch_out)
    pitch_out = Dropout(0.3)(pitch_out)
    pitch_out = Dense(pitch_vocab, activation='softmax', name="Note")(pitch_out)

    # offset head
    gap_out = Dense(128, activation='relu')(h)
    gap_out = BatchNorm()(gap_out)
    gap_out = Dropout(0.3)(gap_out)
    gap_out = Dense(gap_vocab, activation='softmax', name="Offset")(gap_out)

    # duration head
    len_out = Dense(128, activation='relu')(h)
    len_out = BatchNorm()(len_out)
    len_out = Dropout(0.3)(len_out)
    len_out = Dense(len_vocab, activation='softmax', name="Duration")(len_out)

    # wire inputs to outputs
    net = Model(inputs=[pitch_in, gap_in, len_in], outputs=[pitch_out, gap_out, len_out])

    # adam optimiser
    net.compile(loss='categorical_crossentropy', optimizer='adam')
    # rmsprop is an alternative

    # resume from saved weights here if wanted
    #net.load_weights(ckpt_name)

    return net

def fit_model(net, pitch_x, gap_x, len_x, pitch_y, gap_y, len_y):
    """ run the fit loop """
    ckpt_pattern = "ckpt-{epoch:02d}-{loss:.4f}-three-heads.hdf5"
    saver = ModelCheckpoint(
        ckpt_pattern,
        monitor='loss',
        verbose=0,
        save_best_only=True,
        mode='min'
    )
    cbs = [saver]

    net.fit([pitch_x, gap_x, len_x], [pitch_y, gap_y, len_y], epochs=1000, batch_size=64, callbacks=cbs, verbose=1)

if __name__ == '__main__':
    #ckpt_name = 'ckpt-41-0.9199-three-heads.hdf5'
    run_training()
