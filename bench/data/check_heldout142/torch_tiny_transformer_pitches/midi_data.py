# helpers that turn MIDI files into pitch lists
import os
import pretty_midi


def pitches_of(path):
    """Read one MIDI file and return its pitches in onset order."""
    pm = pretty_midi.PrettyMIDI(path)
    events = []
    for track in pm.instruments:
        for nt in track.notes:
            events.append((nt.start, nt.pitch))
    events.sort()
    # print(events)
    # maybe filter very high notes?

    pitches = [p for (t, p) in events]
    if len(pitches) > 50:
        return pitches

    else:
        return None


def pitch_lists_flat(folder, limit=200):
    """Pitch lists of the MIDI files directly inside one folder."""
    out = []
    for name in os.listdir(folder)[:limit]:
        if not name.lower().endswith(".mid"):
            continue
        p = pitches_of(os.path.join(folder, name))
        if p is not None:
            out.append(p)
    return out


def collect_pitch_lists(top, limit=None):
    """Walk every subfolder and read each MIDI file found."""
    found = []

    # recurse into all folders
    for root, dirs, files in os.walk(top):
        for f in files:
            if f.lower().endswith((".mid", ".midi")):
                found.append(os.path.join(root, f))

    if limit is not None:
        found = found[:limit]

    out = []
    for path in found:
        p = pitches_of(path)
        if p is not None:
            out.append(p)

    return out
