"""
Turning parsed HDFS sessions into model inputs

What this module does:

1. Builds the per-block event sessions
2. Maps event ids to integers
3. Pads every session to one length
4. Returns the 0/1 targets


Notes (plain words):
- a session is the ordered list of events of one block
- integers replace event names because the network needs numbers
- padding gives every row the same width
"""

from .ParsingData import HdfsSessions
from tensorflow.keras.preprocessing.sequence import pad_sequences
from sklearn.preprocessing import LabelEncoder
import numpy as np

def build_inputs(seq_len=50):
    """
    Build padded integer sessions for the detector
    
    Args:
    - seq_len: width every session is padded or cut to
    
    Returns:
    - padded: integer sessions, one row per block
    - targets: 0 normal / 1 anomaly
    - n_events: how many distinct events exist
    - event_enc: the fitted encoder
    - sessions: the grouped frame itself
    """
    
    print("Building inputs...")
    print("-"*40)
    
    # Stage 1: sessions per block
    print("1. Building block sessions...")
    builder = HdfsSessions()
    sessions = builder.get_sessions()
    
    print(f"   - blocks: {len(sessions)}")
    print(f"   - normal: {len(sessions[sessions['Label'] == 0])}")
    print(f"   - anomalous: {len(sessions[sessions['Label'] == 1])}")
    
    # Stage 2: every event id seen
    print("\n2. Gathering event ids...")
    every_event = []
    for sess in sessions["EventId"]:
        every_event.extend(sess)  # flatten all sessions
    
    distinct = set(every_event)
    print(f"   - events overall: {len(every_event)}")
    print(f"   - distinct events: {len(distinct)}")
    
    # Stage 3: fit the encoder
    print("\n3. Fitting the event encoder...")
    event_enc = LabelEncoder()
    event_enc.fit(list(distinct))
    
    # print a few of the codes
    print("   - a few codes:")
    for k, ev in enumerate(list(distinct)[:5]):
        code = event_enc.transform([ev])[0]
        print(f"     '{ev}' => {code}")
    
    # Stage 4: encode each session
    print("\n4. Encoding sessions...")
    encoded = []
    for sess in sessions["EventId"]:
        codes = event_enc.transform(sess)
        encoded.append(codes)
    
    # Stage 5: pad to a fixed width
    print(f"\n5. Padding sessions to {seq_len}...")
    padded = pad_sequences(
        encoded, 
        maxlen=seq_len,      # target width
        padding="post",         # zeros go at the end
        truncating="post",      # long sessions lose their tail
        value=0                 # fill value
    )
    
    # session length summary
    lengths = [len(sess) for sess in encoded]
    print(f"   - raw session lengths:")
    print(f"     shortest: {min(lengths)}, longest: {max(lengths)}")
    print(f"     mean: {np.mean(lengths):.1f}, median: {np.median(lengths):.1f}")
    print(f"   - sessions cut at {seq_len}: {sum(1 for n in lengths if n > seq_len)}")
    
    # Stage 6: targets
    print("\n6. Reading targets...")
    targets = sessions["Label"].values
    
    # wrap up
    print("\n" + "-"*40)
    print("INPUTS READY")
    print("-"*40)
    print(f"padded shape: {padded.shape}")
    print(f"targets shape: {targets.shape}")
    print(f"distinct events: {len(event_enc.classes_)}")
    print(f"first session: {padded[0][:10]}... (10 codes)")
    print(f"first target: {targets[0]} ({'Anomaly' if targets[0] == 1 else 'Normal'})")
    
    return padded, targets, len(event_enc.classes_), event_enc, sessions

# module-level cache, filled on first use
padded = None
targets = None
n_events = None
event_enc = None
sessions = None

def load_inputs():
    """Build the inputs once and reuse them"""
    global padded, targets, n_events, event_enc, sessions
    
    if padded is None:
        print("Building inputs for the first time...")
        padded, targets, n_events, event_enc, sessions = build_inputs()
    
    return padded, targets, n_events, event_enc, sessions

# names offered to importers
__all__ = ['padded', 'targets', 'n_events', 'event_enc', 'sessions', 'build_inputs', 'load_inputs']
